"""Exact hand strength (issue 18) against independent truth: a naive reference written here
from the definitions (every opponent hand, every runout, one comparison of two 7-card hands
each, pokersim.evaluate as the ranking oracle), the counts Billings et al. published for
A♦ Q♣ on 3♥ 4♣ J♥, and two peers: eval7's exact equity against every hand on the board as it
stands (HS) and poker-equity's exact equity against a random hand (EHS)."""

import concurrent.futures
import itertools
import multiprocessing
import sys
import warnings
from math import comb
from pathlib import Path

import numba
import numpy as np
import pandas as pd
import pytest

import pokersim.analysis.strength as strength_module
from pokersim import (
    deal,
    evaluate,
    format_cards,
    hand_strength,
    hand_strength_table,
    parse_cards,
    write_hand_strength_table,
)
from pokersim.analysis.strength import _fill_table, _table_chunk, _write_parquet, board_classes
from pokersim.errors import CardError, DuplicateCardError, HandShapeError, PokersimInputError
from pokersim.io import read_table
from pokersim.isomorphism import class_count, index, unindex

# make tests/naive.py importable whatever pytest's import mode
sys.path.insert(0, str(Path(__file__).resolve().parent))

from api_page import run_section_example  # noqa: E402
from metadata_block import parquet_metadata  # noqa: E402
from naive import naive_rank  # noqa: E402

AHEAD, TIED, BEHIND = 0, 1, 2
MEASURES = ["hs", "ehs", "ehs2", "ppot", "npot"]
ROUND_OF = {3: "flop", 4: "turn", 5: "river"}


def naive(hole, board, bins: int = 0) -> dict:
    """HS, EHS, EHS², PPot, NPot, the HP table and the histogram of one hand, from the
    definitions: for every opponent hand (two of the cards left) the state now, and for every
    runout it leaves (the cards to come, from the cards still left) the state at the river."""
    hole, board = [int(c) for c in hole], [int(c) for c in board]
    left = [c for c in range(52) if c not in hole + board]
    opponents = np.array(list(itertools.combinations(left, 2)), np.uint8)
    n_runout = 5 - len(board)
    runouts = np.array(list(itertools.combinations(left, n_runout)), np.uint8).reshape(
        comb(len(left), n_runout), n_runout)
    mine_now = int(evaluate(np.array(hole + board, np.uint8)))
    theirs_now = evaluate(np.hstack([opponents, np.tile(board, (len(opponents), 1))]))
    now = state(mine_now, theirs_now.astype(np.int64))
    # every (opponent, runout) with no card in common
    clash = (opponents[:, None, :, None] == runouts[None, :, None, :]).any(axis=(2, 3))
    o, r = np.nonzero(~clash)
    mine = evaluate(np.hstack([np.tile(hole + board, (len(runouts), 1)), runouts]))
    theirs = evaluate(np.hstack([opponents[o], np.tile(board, (len(o), 1)), runouts[r]]))
    river = state(mine.astype(np.int64)[r], theirs.astype(np.int64))
    hp = np.zeros((3, 3), np.int64)
    np.add.at(hp, (now[o], river), 1)
    ahead = np.bincount(r, river == AHEAD, len(runouts))
    tied = np.bincount(r, river == TIED, len(runouts))
    faced = np.bincount(r, minlength=len(runouts))
    river_hs = (ahead + tied / 2) / faced
    total = hp.sum(axis=1)
    out = dict(
        hs=(np.sum(now == AHEAD) + np.sum(now == TIED) / 2) / len(opponents),
        ehs=river_hs.mean(), ehs2=(river_hs**2).mean(), hp=hp, faced=set(faced.tolist()),
        ppot=ratio(hp[BEHIND, AHEAD] + hp[BEHIND, TIED] / 2 + hp[TIED, AHEAD] / 2,
                   total[BEHIND] + total[TIED] / 2),
        npot=ratio(hp[AHEAD, BEHIND] + hp[TIED, BEHIND] / 2 + hp[AHEAD, TIED] / 2,
                   total[AHEAD] + total[TIED] / 2))
    if bins:  # bin i holds [i / bins, (i + 1) / bins), the last one 1 too: in integers,
        # river_hs = (2 * ahead + tied) / (2 * faced)
        where = (2 * ahead.astype(np.int64) + tied.astype(np.int64)) * bins // (2 * faced)
        out["hist"] = np.bincount(np.minimum(where, bins - 1), minlength=bins)
    return out


def state(mine, theirs):
    return np.where(mine > theirs, AHEAD, np.where(mine == theirs, TIED, BEHIND))


def ratio(a, b):
    return a / b if b else np.nan


def random_hands(n: int, n_board: int, seed: int):
    cards = deal(n, 2 + n_board, seed=seed)
    return cards[:, :2], cards[:, 2:]


def check_against_naive(frame, holes, boards, bins=0):
    for i, (hole, board) in enumerate(zip(holes, boards, strict=True)):
        truth = naive(hole, board, bins)
        assert truth["faced"] == {990}  # every runout leaves C(45, 2) opponent hands
        got = frame.iloc[i]
        for name in MEASURES:
            np.testing.assert_allclose(got[name], truth[name], rtol=1e-12, atol=0, err_msg=(
                f"{name} of {format_cards(hole)} on {format_cards(board)}"))
        if bins:
            assert [got[f"hist_{j}"] for j in range(bins)] == truth["hist"].tolist()


# ------------------------------------------------------------------------------- published


def test_billings_example_as_published():
    # Billings, Davidson, Schaeffer, Szafron, "The challenge of poker" (2002), Table 2, and
    # Papp's thesis (1998), Table 5.1: A♦ Q♣ on 3♥ 4♣ J♥, uniform weights. Rows: ahead, tied,
    # behind after 5 cards; columns: after 7 cards.
    published = np.array([[449_005, 3_211, 169_504],
                          [0, 8_370, 540],
                          [91_981, 1_036, 346_543]])
    hole, board = parse_cards("Ad Qc"), parse_cards("3h 4c Jh")
    assert (naive(hole, board)["hp"] == published).all()  # the reference reads them alike
    frame = hand_strength(hole, board)
    expected = dict(hs=(628 + 9 / 2) / 1081,  # 628 ahead, 9 tied, 444 behind
                    ehs=(540_986 + 12_617 / 2) / 1_070_190,  # the column sums
                    ppot=(91_981 + 1_036 / 2 + 0 / 2) / (439_560 + 8_910 / 2),  # 0.208
                    npot=(169_504 + 540 / 2 + 3_211 / 2) / (621_720 + 8_910 / 2))  # 0.274
    for name, value in expected.items():
        assert frame[name].iloc[0] == pytest.approx(value, rel=1e-12), name
    assert round(frame.ppot.iloc[0], 3) == 0.208 and round(frame.npot.iloc[0], 3) == 0.274


# ------------------------------------------------------------------------------- the naive loop


# both ways to the counts: each hand against its opponents one by one (a few hands a board),
# and every pair of a board swept together (more)
WAYS = {"one by one": 10**9, "swept": -1}


@pytest.mark.parametrize("way", list(WAYS))
@pytest.mark.parametrize("n_board, n", [(5, 12), (4, 4), (3, 1)])
def test_random_hands_against_the_naive_loop(n_board, n, way, monkeypatch):
    monkeypatch.setattr(strength_module, "DIRECT_HANDS", WAYS[way])
    holes, boards = random_hands(n, n_board, seed=100 + n_board)
    check_against_naive(hand_strength(holes, boards, bins=7), holes, boards, bins=7)


@pytest.mark.parametrize("n_board", [3, 4, 5])
def test_one_by_one_counts_as_the_sweep_on_any_workers(n_board):
    # the kernel of a few hands (its runouts split in parts where the hands are fewer than
    # the workers) against the board's sweep, every count and bin equal
    rng = np.random.default_rng(n_board)
    board = rng.choice(52, n_board, replace=False).astype(np.uint8)
    holes, _, _ = strength_module.board_stats(board[None, :], 0)
    rows = rng.choice(holes.shape[1], 9, replace=False)
    _, stats, hist = strength_module.board_stats(board[None, :], 5)
    boards = np.repeat(board[None, :], len(rows), axis=0)
    before = numba.get_num_threads()
    for n, threads in [(9, 2), (1, 2), (1, 3), (2, 3)]:
        numba.set_num_threads(min(threads, numba.config.NUMBA_NUM_THREADS))
        try:
            got, got_hist = strength_module.hand_stats(holes[0, rows[:n]], boards[:n], 5)
        finally:
            numba.set_num_threads(before)
        assert (got == stats[0, rows[:n]]).all(), (n, threads)
        assert (got_hist == hist[0, rows[:n]]).all(), (n, threads)


@pytest.mark.slow
@pytest.mark.parametrize("n_board, n", [(5, 300), (4, 60), (3, 8)])
def test_more_random_hands_against_the_naive_loop(n_board, n):
    holes, boards = random_hands(n, n_board, seed=200 + n_board)
    check_against_naive(hand_strength(holes, boards, bins=50), holes, boards, bins=50)


def test_hands_that_share_a_board_and_edge_boards():
    # many hands on one board (the sweep's card removal between them), a board of quads
    # (ties everywhere), a board that is a royal flush (every hand ties: no potential either
    # way) and the nuts now (never behind or tied: no positive potential, NaN)
    cases = [("2c 3c", "Td Js Qh 4d"), ("Tc Jc", "Td Js Qh 4d"), ("Ah Kd", "Td Js Qh 4d"),
             ("As Ks", "7d 7c 7h 7s"), ("2d 3d", "7d 7c 7h 7s"),
             ("2d 3d", "Ts Js Qs Ks As"), ("Ac Ad", "Ah As 2c")]
    holes = np.array([parse_cards(h) for h, _ in cases])
    boards = [parse_cards(b) for _, b in cases]
    for n_board in (3, 4, 5):
        rows = [i for i, b in enumerate(boards) if len(b) == n_board]
        frame = hand_strength(holes[rows], np.array([boards[i] for i in rows]), bins=3)
        check_against_naive(frame, holes[rows], [boards[i] for i in rows], bins=3)
    royal = hand_strength("2d 3d", "Ts Js Qs Ks As")
    assert royal.hs.iloc[0] == 0.5 and royal.ppot.iloc[0] == 0 and royal.npot.iloc[0] == 0
    assert np.isnan(hand_strength("Ac Ad", "Ah As 2c").ppot.iloc[0])  # quads, nothing beats


def test_every_hand_on_a_turn_board():
    board = parse_cards("9s 8s 2d 2c")
    left = np.setdiff1d(np.arange(52), board).astype(np.uint8)
    holes = np.array(list(itertools.combinations(left, 2)), np.uint8)
    frame = hand_strength(holes, board)
    assert len(frame) == comb(48, 2)
    # one random hand against another: each hand's edge is the other's loss, so over all
    # pairs of hands the strengths average a half exactly
    assert frame.hs.mean() == pytest.approx(0.5, abs=1e-12)
    assert frame.ehs.mean() == pytest.approx(0.5, abs=1e-12)
    sample = np.random.default_rng(3).choice(len(holes), 5, replace=False)
    check_against_naive(frame.iloc[sample], holes[sample], [board] * 5)


def test_hands_equal_but_for_the_suits_measure_alike():
    holes, boards = random_hands(50, 4, seed=7)
    perm = np.array([2, 0, 3, 1])
    relabelled = 4 * (np.hstack([holes, boards]) // 4) + perm[np.hstack([holes, boards]) % 4]
    a, b = hand_strength(holes, boards, bins=9), hand_strength(relabelled.astype(np.uint8))
    pd.testing.assert_frame_equal(a[MEASURES], b[MEASURES])


# ------------------------------------------------------------------------------- peers


def every_hand_range(eval7):
    ranks = "AKQJT98765432"
    every = ",".join([r + r for r in ranks] + [a + b + s for i, a in enumerate(ranks)
                                               for b in ranks[i + 1:] for s in "so"])
    villain = eval7.HandRange(every)
    assert len(villain.hands) == comb(52, 2)
    return villain


def eval7_hs(eval7, villain, hole, board) -> float:
    """eval7's exact equity against every hand, on the board as it stands."""
    return eval7.py_hand_vs_range_exact([eval7.Card(c) for c in format_cards(hole).split()],
                                        villain,
                                        [eval7.Card(c) for c in format_cards(board).split()])


def test_hs_agrees_with_eval7_on_the_river():
    # eval7's exact hand-vs-range equity has no runout: on a river board, against every hand,
    # it is HS. It returns a float32.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        eval7 = pytest.importorskip("eval7")
    villain = every_hand_range(eval7)
    holes, boards = random_hands(20, 5, seed=5)
    frame = hand_strength(holes, boards)
    for i in range(20):
        peer = eval7_hs(eval7, villain, holes[i], boards[i])
        assert frame.hs.iloc[i] == pytest.approx(peer, abs=1e-6)


def test_eval7_is_wrong_before_the_river():
    # Before the river eval7 disagrees, and eval7 is wrong: its hand_vs_range_exact evaluates
    # hand and board as 7 cards whatever their number (cy_evaluate(board | hand, 7) in
    # eval7/equity.pyx; it is meant for complete boards). 4c 3d on Qs Kc 2s makes K-Q-4-3-2,
    # the lowest hand one can hold there: by the rules (tests/naive.py, every opponent's five
    # cards ranked from the definitions) no opponent is below it and the 9 holding a four and
    # a three tie it, HS = 4.5 / 1,081; eval7 says 0.237.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        eval7 = pytest.importorskip("eval7")
    hole, board = parse_cards("4c 3d"), parse_cards("Qs Kc 2s")
    mine = naive_rank([int(c) for c in np.concatenate([hole, board])])
    left = [c for c in range(52) if c not in hole and c not in board]
    ranks = [naive_rank([*pair, *map(int, board)]) for pair in itertools.combinations(left, 2)]
    assert (sum(r < mine for r in ranks), sum(r == mine for r in ranks)) == (0, 9)
    assert hand_strength(hole, board).hs.iloc[0] == 4.5 / 1081
    assert eval7_hs(eval7, every_hand_range(eval7), hole, board) == pytest.approx(0.2373,
                                                                                  abs=1e-4)


def test_ehs_agrees_with_poker_equity():
    poker_equity = pytest.importorskip("poker_equity")
    holes, boards = random_hands(3, 4, seed=11)
    rows = [*zip(holes, boards, strict=True), (parse_cards("Ad Qc"), parse_cards("3h 4c Jh"))]
    for hole, board in rows:
        peer = poker_equity.exact_from_text(
            "holdem", [format_cards(hole).replace(" ", ""), "**"],
            board=format_cards(board).replace(" ", ""))
        assert peer["exact"]
        ours = hand_strength(hole, board).ehs.iloc[0]
        assert ours == pytest.approx(peer["players"][0]["equity"], rel=1e-12)


# ------------------------------------------------------------------------------- inputs


def test_the_ways_to_give_hands_agree():
    holes, boards = random_hands(3, 5, seed=5)
    together = hand_strength(np.hstack([holes, boards]))
    apart = hand_strength(holes, boards)
    pd.testing.assert_frame_equal(together, apart)
    one_board = hand_strength(["Ah Kh", "2c 2d"], "Qh 7d 2s 9c 3h")
    assert one_board.hole.tolist() == ["Ah Kh", "2c 2d"]
    assert one_board.board.tolist() == ["Qh 7d 2s 9c 3h"] * 2
    one_hole = hand_strength("Ah Kh", ["Qh 7d 2s 9c 3h", "Qh 7d 2s 9c 4h"])
    assert one_hole.hs.iloc[0] == one_board.hs.iloc[0]
    assert one_hole.attrs["round"] == "river" and one_hole.attrs["runouts"] == 1
    flop = hand_strength("Ah Kh", "Qh 7d 2s", bins=50)
    assert (flop.attrs["runouts"], flop.attrs["opponents"]) == (1081, 1081)
    assert list(flop.columns) == ["hole", "board"] + MEASURES + [f"hist_{i}" for i in range(50)]
    assert flop[[f"hist_{i}" for i in range(50)]].sum(axis=1).iloc[0] == 1081
    assert flop.attrs["method"] == "exact" and flop.attrs["partial"] is False
    none = hand_strength(np.zeros((0, 2), np.int64), "Qh 7d 2s", bins=2)
    assert len(none) == 0 and list(none.columns) == list(flop.columns[:9])
    assert none.hole.dtype == object and none.hs.dtype == np.float64


@pytest.mark.parametrize("call, error, words", [
    (lambda: hand_strength("Ah Kh", "Qh 7d"), HandShapeError, "board must have shape"),
    (lambda: hand_strength("Ah", "Qh 7d 2c"), HandShapeError, "hole must have shape"),
    (lambda: hand_strength(np.array([[51, 52]]), "Qh 7d 2c"), CardError, "hole[0, 1] = 52"),
    (lambda: hand_strength("Ah Kh", "Qh 7d Ah"), DuplicateCardError, "hole + board[0] repeats"),
    (lambda: hand_strength("Ah Ah", "Qh 7d 2c"), DuplicateCardError, "repeats card"),
    (lambda: hand_strength(["Ah Kh"] * 2, ["Qh 7d 2c"] * 3), HandShapeError, "2 rows"),
    (lambda: hand_strength(np.zeros((1, 4), np.uint8)), HandShapeError, "(N, 5)"),
    (lambda: hand_strength("Ah Kh", "Qh 7d 2c", bins=0), PokersimInputError, "bins"),
    (lambda: hand_strength("Ah Kh", "Qh 7d 2c", bins=1981), PokersimInputError, "1980"),
    (lambda: hand_strength("Ah Kh", "Qh 7d 2c", bins=2.5), PokersimInputError, "2.5"),
    (lambda: hand_strength_table("preflop"), PokersimInputError, "'preflop'"),
    (lambda: hand_strength_table("river", bins=10), PokersimInputError, "one runout"),
    (lambda: write_hand_strength_table("flop", "t.csv"), PokersimInputError, "t.csv"),
    (lambda: write_hand_strength_table("flop", "/no/such/dir/t.parquet"), PokersimInputError,
     "no folder"),
    (lambda: write_hand_strength_table("flop", f"/no/{'d' * 300}/t.parquet"),
     PokersimInputError, "no folder '/no/ddd"),
    (lambda: write_hand_strength_table("flop", f"/no/{'d' * 10**5}/t.parquet"),
     PokersimInputError, "File name too long"),
    # raised at once, not after the whole table is computed (a FileNotFoundError naming a
    # hidden temporary file, then)
    (lambda: write_hand_strength_table("flop", "/proc/t.parquet"), PokersimInputError,
     "cannot write '/proc/t.parquet': no file can be made in '/proc'"),
    (lambda: hand_strength_table("flop", client=3), PokersimInputError, "client"),
    (lambda: hand_strength_table("flop", chunk_size=0), PokersimInputError, "chunk_size"),
])
def test_bad_input_is_named(call, error, words):
    with pytest.raises(error) as info:
        call()
    assert words in str(info.value) and len(str(info.value)) < 400


# ------------------------------------------------------------------------------- tables


def canonical_count(n_board: int) -> int:
    """Boards of n cards up to the relabelling of suits, counted from the rules: the
    smallest sorted relabelling of each board, over the 24 relabellings."""
    boards = np.array(list(itertools.combinations(range(52), n_board)), np.int64)
    best = None
    for perm in itertools.permutations(range(4)):
        code = np.sort(4 * (boards // 4) + np.array(perm)[boards % 4], axis=1)
        code = (code * 52 ** np.arange(n_board)[::-1]).sum(1)
        best = code if best is None else np.minimum(best, code)
    return len(np.unique(best))


def test_the_board_classes_are_every_board_up_to_suits():
    for n_board, published in [(3, 1_755), (4, 16_432)]:
        boards = board_classes(n_board)
        assert len(boards) == published == canonical_count(n_board)
    assert len(board_classes(5)) == 134_459  # five-card hands up to suits


def hands_of(boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every hole pair of each board, and its board: (holes, boards), a row each."""
    holes = [np.array(list(itertools.combinations(np.setdiff1d(np.arange(52), b), 2)))
             for b in boards]
    return (np.vstack(holes).astype(np.uint8),
            np.repeat(boards, [len(h) for h in holes], axis=0))


def check_rows(classes, values: dict, hist, round: str, n: int):
    """n sampled rows of a table equal hand_strength of their classes' canonical hands (and
    the first two, the naive loop)."""
    sample = np.random.default_rng(2).choice(classes, n, replace=False)
    hands = unindex(round, sample)
    bins = hist.shape[1]
    direct = hand_strength(hands, bins=bins or None)
    for name, column in values.items():
        np.testing.assert_array_equal(column[sample], direct[name].to_numpy(), err_msg=name)
    for i in range(bins):
        np.testing.assert_array_equal(hist[sample, i], direct[f"hist_{i}"].to_numpy())
    check_against_naive(direct.iloc[:2], hands[:2, :2], hands[:2, 2:], bins)


@pytest.mark.parametrize("round, bins", [("turn", 6), ("river", 0)])
def test_a_table_chunk_gives_the_classes_of_its_boards(round, bins):
    every = board_classes({"turn": 4, "river": 5}[round])
    boards = every[np.random.default_rng(1).choice(len(every), 3, replace=False)]
    classes, values, hist = _table_chunk((boards, bins), 0, 3)
    holes, their_boards = hands_of(boards)
    assert (classes == index(holes, their_boards)).all()
    names = MEASURES[:1] if round == "river" else MEASURES
    assert values.shape == (len(classes), len(names)) and hist.dtype == np.uint16
    # as the table holds them: one row per class
    table = {name: np.full(class_count(round), np.nan) for name in names}
    table_hist = np.zeros((class_count(round), bins), np.uint16)
    for j, name in enumerate(names):
        table[name][classes] = values[:, j]
    table_hist[classes] = hist
    check_rows(np.unique(classes), table, table_hist, round, 30)


def test_table_rows_equal_direct_calls(tmp_path):
    # the table's filling on two flop boards, one chunk each, on an executor with a progress
    # bar; the classes filled are those of the boards' hands; then written to Parquet as
    # hand_strength_table does with a path
    boards = board_classes(3)[[100, 1_700]]
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        columns, hist = _fill_table("flop", boards, 4, 1, pool, True)
    filled = np.flatnonzero(~np.isnan(columns["hs"]))
    assert set(filled.tolist()) == set(index(*hands_of(boards)).tolist())
    assert list(columns) == MEASURES
    check_rows(filled, columns, hist, "flop", 6)
    path = _write_parquet(tmp_path / "t.parquet", columns, hist, {"round": "flop"})
    back = pd.read_parquet(path)
    assert list(back.columns) == ["class", *MEASURES] + [f"hist_{i}" for i in range(4)]
    assert len(back) == class_count("flop") and (back["class"] == np.arange(len(back))).all()
    np.testing.assert_array_equal(back.ppot.to_numpy(), columns["ppot"])
    assert back.hist_3.dtype == np.uint16 and (back.hist_3.to_numpy() == hist[:, 3]).all()
    # the metadata block of pokersim.io, which read_table (and pandas 2.1 on) read as attrs
    assert read_table(path).attrs["round"] == parquet_metadata(path)["round"] == "flop"
    assert "pokersim" in parquet_metadata(path)


@pytest.mark.slow
def test_the_whole_turn_table(tmp_path):
    # on worker processes (spawned, so that the chunks and the problem travel by pickle)
    spawn = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(2, mp_context=spawn) as pool:
        path = write_hand_strength_table("turn", tmp_path / "turn.parquet", client=pool,
                                   progress=True)
    table = pd.read_parquet(path)
    assert len(table) == class_count("turn") and not table.isna().hs.any()
    # written without a frame from worker processes = the frame returned from this one's
    # threads (the suite's only whole table of each kind: the turn's is the cheapest, 30 s)
    returned = hand_strength_table("turn")
    pd.testing.assert_frame_equal(table, pd.DataFrame(returned))
    assert parquet_metadata(path)["round"] == returned.attrs["round"] == "turn"
    del returned
    sample = np.random.default_rng(4).choice(len(table), 200, replace=False)
    hands = unindex("turn", sample)
    direct = hand_strength(hands)
    for name in MEASURES:
        np.testing.assert_array_equal(table[name].to_numpy()[sample], direct[name].to_numpy())
    check_against_naive(table.iloc[sample[:20]].reset_index(), hands[:20, :2], hands[:20, 2:])


# ------------------------------------------------------------------------------- the docs


def test_the_api_page_example_runs():
    assert run_section_example("Hand strength").failed == 0
