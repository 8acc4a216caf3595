"""batch_equity: many spots in one call. Every expected number comes from elsewhere:
pokersim.equity called spot by spot (the engine, tested on its own), or a brute force over the
naive evaluators of tests/naive.py and tests/naive_rankings.py; Monte Carlo against exact
equity in standard errors, and against itself across chunk sizes and thread counts."""

import os
from itertools import combinations
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import pokersim as ps
from pokersim.engine.batch import BatchGameError
from tests.ctrl_c import after_first_chunk
from tests.naive import naive_rank
from tests.naive_rankings import short_deck_key
from tests.threads import at_one_and_two_threads

REPO = Path(__file__).resolve().parents[1]


def random_spots(n, players, board, dead=0, seed=0, first_card=0):
    """(hands (n, P, 2), boards (n, b), dead (n, d)): distinct random cards a row."""
    rng = np.random.default_rng(seed)
    k = 2 * players + board + dead
    cards = np.array([rng.choice(np.arange(first_card, 52), k, replace=False)
                      for _ in range(n)], np.uint8).reshape(n, k)
    return (cards[:, :2 * players].reshape(n, players, 2), cards[:, 2 * players:k - dead],
            cards[:, k - dead:])


def per_spot(hands, boards, dead, game="holdem", **options):
    """pokersim.equity of each spot: (win, tie, equity, outcomes), each (N, P)."""
    rows = [ps.equity([ps.format_cards(h) for h in hands[i]], board=boards[i], dead=dead[i],
                      game=game, **options) for i in range(len(hands))]
    return tuple(np.array([r[c].to_numpy() for r in rows]) for c in ("win", "tie", "equity",
                                                                        "outcomes"))


CASES = [  # (players, board cards, dead cards, game, spots)
    (2, 5, 0, "holdem", 120),
    (2, 4, 0, "holdem", 80),
    (2, 3, 0, "holdem", 25),
    (3, 5, 2, "holdem", 80),
    (3, 4, 0, "holdem", 40),
    (3, 3, 1, "holdem", 12),
    (6, 5, 0, "holdem", 60),
    (6, 4, 3, "holdem", 25),
    (6, 3, 0, "holdem", 8),
    (2, 5, 0, "short-deck", 60),
    (2, 4, 1, "short-deck", 30),
    (3, 3, 0, "short-deck", 10),
    (2, 4, 0, "short-deck-trips", 30),
]


@pytest.mark.parametrize("players, board, dead, game, n", CASES)
def test_exact_rows_equal_equity_spot_by_spot(players, board, dead, game, n):
    first_card = 16 if game.startswith("short") else 0
    hands, boards, deads = random_spots(n, players, board, dead, seed=players * 10 + board,
                                        first_card=first_card)
    table = ps.batch_equity(hands, boards, deads if dead else None, game=game)
    win, tie, eq, outcomes = per_spot(hands, boards, deads, game)
    assert table.spot.tolist() == np.repeat(np.arange(n), players).tolist()
    assert table.player.tolist() == np.tile(np.arange(players), n).tolist()
    np.testing.assert_allclose(table.win.to_numpy().reshape(n, players), win, rtol=0,
                               atol=1e-12)
    np.testing.assert_allclose(table.tie.to_numpy().reshape(n, players), tie, rtol=0,
                               atol=1e-12)
    np.testing.assert_allclose(table.equity.to_numpy().reshape(n, players), eq, rtol=0,
                               atol=1e-12)
    np.testing.assert_allclose(table.lose.to_numpy().reshape(n, players), 1 - win - tie,
                               rtol=0, atol=1e-12)
    assert (table.outcomes.to_numpy().reshape(n, players) == outcomes).all()
    assert (table.std_error == 0).all() and set(table.method) == {"exact"}
    assert table.attrs["method"] == "exact" and table.attrs["seed"] is None


def test_as_array_is_the_tables_equity():
    hands, boards, _ = random_spots(50, 3, 4, seed=5)
    table = ps.batch_equity(hands, boards)
    eq = ps.batch_equity(hands, boards, as_array=True)
    assert eq.shape == (50, 3) and eq.dtype == np.float64
    assert (eq == table.equity.to_numpy().reshape(50, 3)).all()
    mc = ps.batch_equity(hands[:5], trials=2_001, seed=3)
    assert (ps.batch_equity(hands[:5], trials=2_001, seed=3, as_array=True)
            == mc.equity.to_numpy().reshape(5, 3)).all()


def brute_force(hands, board, dead, key):
    """(wins alone, equity) of each player over every runout, by the naive evaluator ``key``
    of seven cards, from the rules."""
    deck = 52 if key is naive_rank else 36
    used = {int(c) for c in [*hands.reshape(-1), *board, *dead]}
    rest = [c for c in range(52 - deck, 52) if c not in used]
    wins = np.zeros(len(hands))
    shares = np.zeros(len(hands))
    total = 0
    for runout in combinations(rest, 5 - len(board)):
        full = [int(c) for c in board] + list(runout)
        strengths = [key([int(c) for c in h] + full) for h in hands]
        best = max(strengths)
        holders = [p for p, s in enumerate(strengths) if s == best]
        for p in holders:
            shares[p] += 1 / len(holders)
        if len(holders) == 1:
            wins[holders[0]] += 1
        total += 1
    return wins / total, shares / total


SPOTS = [  # (hands, board, dead, game)
    (["AhKh", "QsQd"], "2c 7d Qh 3h", "", "holdem"),
    (["5d5h", "Ac4c"], "2c 3c Kd 9s", "", "holdem"),  # a flush draw on the turn
    (["As2d", "Ad3c", "7h7s"], "4h 5c Kd", "Ac", "holdem"),  # wheels split
    (["KhQh", "JsTs"], "9c 8d 2h", "", "holdem"),
    (["Ah9h", "KsKd"], "6h 7h Ts Jd", "", "short-deck"),  # A-6-7-8-9 and flushes
    (["Ts9s", "7c7d", "AdKd"], "6s 8s Jc Qh", "Kc", "short-deck"),
]


@pytest.mark.parametrize("hands, board, dead, game", SPOTS)
def test_a_brute_force_from_the_rules(hands, board, dead, game):
    cards = np.array([ps.parse_cards(h) for h in hands])
    b, d = ps.parse_cards(board), ps.parse_cards(dead) if dead else np.zeros(0, np.uint8)
    key = naive_rank if game == "holdem" else short_deck_key
    win, eq = brute_force(cards, b, d, key)
    table = ps.batch_equity([hands], [board], [dead] if dead else None, game=game)
    np.testing.assert_allclose(table.win, win, rtol=0, atol=1e-12)
    np.testing.assert_allclose(table.equity, eq, rtol=0, atol=1e-12)


def test_text_and_card_ids_give_the_same_table():
    hands, boards, deads = random_spots(30, 2, 4, 2, seed=9)
    text_hands = [[ps.format_cards(h).replace(" ", "") for h in spot] for spot in hands]
    a = ps.batch_equity(hands, boards, deads)
    b = ps.batch_equity(text_hands, ps.format_cards(boards), ps.format_cards(deads))
    assert (a.equity == b.equity).all() and (a.win == b.win).all()


def test_a_text_a_card():
    eq = ps.batch_equity([[["Ah", "Kh"], ["Qs", "Qd"]]], [["2c", "7d", "Qh"]], as_array=True)
    np.testing.assert_allclose(eq[0], ps.equity(["AhKh", "QsQd"], "2c 7d Qh").equity,
                               atol=1e-12)


def test_exact_preflop():
    # the whole board to come, enumerated (1,712,304 runouts), against the engine's own
    # preflop kernel (boards grouped by ranks)
    table = ps.batch_equity([["AhKh", "QsQd"], ["2c2d", "AsKd"]], method="exact")
    for i, spot in enumerate([["AhKh", "QsQd"], ["2c2d", "AsKd"]]):
        exact = ps.equity(spot)
        rows = table[table.spot == i]
        np.testing.assert_allclose(rows.equity, exact.equity, rtol=0, atol=1e-12)
        np.testing.assert_allclose(rows.tie, exact.tie, rtol=0, atol=1e-12)
        assert (rows.outcomes == 1_712_304).all()


def test_a_progress_bar_changes_nothing():
    hands, boards, _ = random_spots(30, 2, 4, seed=12)
    assert (ps.batch_equity(hands, boards, progress=True, chunk_size=7, as_array=True)
            == ps.batch_equity(hands, boards, as_array=True)).all()


@pytest.mark.parametrize("options", [{}, dict(trials=1_000, seed=3)])
def test_ctrl_c_leaves_the_spots_finished(monkeypatch, options):
    from pokersim.engine import batch

    hands, boards, _ = random_spots(20, 2, 3, seed=13)
    whole = ps.batch_equity(hands, boards, **options)
    after_first_chunk(monkeypatch, batch._Run, "chunk")
    with pytest.raises(ps.SimulationInterrupted) as caught:
        ps.batch_equity(hands, boards, chunk_size=8, **options)
    partial = caught.value.partial
    assert partial.attrs["partial"] and len(partial) == 16  # the first chunk's 8 spots
    assert (partial.equity.to_numpy() == whole.equity.to_numpy()[:16]).all()
    assert partial.attrs["method"] == ("monte-carlo (partial)" if options else "exact")


def test_one_board_for_every_spot():
    hands = [["AhKh", "QsQd"], ["7c7d", "As2s"]]
    eq = ps.batch_equity(hands, "Ks Qh 2d", as_array=True)
    for spot, row in zip(hands, eq, strict=True):
        np.testing.assert_allclose(row, ps.equity(spot, board="Ks Qh 2d").equity, atol=1e-12)


# ------------------------------------------------------------------------------- Monte Carlo


def test_monte_carlo_is_within_four_standard_errors_of_exact():
    hands = [["AhKh", "QsQd"], ["As Ad", "7c 2d"], ["8s 9s", "Ac Kd"], ["Tc Td", "Jh Qh"]]
    table = ps.batch_equity(hands, trials=40_000, seed=11)
    assert table.attrs["method"] == "monte-carlo" and table.attrs["seed"] == 11
    assert table.attrs["trials"] == 40_000 and (table.outcomes == 40_000).all()
    for i, spot in enumerate(hands):
        exact = ps.equity(spot).equity.to_numpy()  # preflop, exact (the engine's kernel)
        rows = table[table.spot == i]
        assert (rows.std_error > 0.001).all()
        assert (np.abs(rows.equity.to_numpy() - exact) < 4 * rows.std_error.to_numpy()).all()


def test_monte_carlo_on_a_board_with_dead_cards_and_three_players():
    hands, boards, deads = random_spots(6, 3, 3, 2, seed=21)
    table = ps.batch_equity(hands, boards, deads, method="monte-carlo", trials=30_000, seed=2)
    _, _, exact, _ = per_spot(hands, boards, deads)
    se = table.std_error.to_numpy().reshape(6, 3)
    got = table.equity.to_numpy().reshape(6, 3)
    assert (np.abs(got - exact) <= 4 * se + 1e-12).all()
    np.testing.assert_allclose(got.sum(axis=1), 1, atol=1e-12)


def test_the_same_seed_gives_the_same_numbers_whatever_the_chunking():
    hands, boards, _ = random_spots(40, 2, 0, seed=4)
    first = ps.batch_equity(hands, trials=1_001, seed=5)
    for chunk_size in (1, 7, 40):
        again = ps.batch_equity(hands, trials=1_001, seed=5, chunk_size=chunk_size)
        assert first.equals(again)
    assert not first.equals(ps.batch_equity(hands, trials=1_001, seed=6))
    part = ps.batch_equity(hands[10:], trials=1_001, seed=5)  # rows are their streams' ...
    assert not first.iloc[20:].reset_index(drop=True).equals(part)  # ... by their index


SCRIPT = """
import numba, numpy as np, pokersim as ps
hands = ps.deal(3000, 4, seed=3).reshape(3000, 2, 2)
eq = ps.batch_equity(hands, trials=301, seed=7, as_array=True)
print(numba.get_num_threads(), eq.sum().hex(), eq[:3].tolist())
"""


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="needs 2 cores to run 2 threads")
def test_the_same_seed_gives_the_same_numbers_at_one_and_two_threads():
    one, two = at_one_and_two_threads(SCRIPT)
    assert one == two


def test_exact_refuses_monte_carlo_options_and_auto_follows_the_board():
    hands = [["AhKh", "QsQd"]]
    with pytest.raises(ps.PokersimInputError, match="takes no seed"):
        ps.batch_equity(hands, ["2c 7d Qh"], method="exact", seed=1)
    with pytest.raises(ps.PokersimInputError, match="takes no trials"):
        ps.batch_equity(hands, method="exact", trials=10)
    assert ps.batch_equity(hands, ["2c 7d Qh"]).attrs["method"] == "exact"
    assert ps.batch_equity(hands, ["2c 7d Qh"], seed=1).attrs["method"] == "monte-carlo"
    preflop = ps.batch_equity(hands, trials=100)
    assert preflop.attrs["method"] == "monte-carlo" and preflop.attrs["seed"] is not None
    assert (ps.batch_equity(hands, trials=100, seed=preflop.attrs["seed"]).equity
            == preflop.equity).all()


def test_exact_with_two_cards_on_the_board():
    # the generic runout walk (three or more cards to come), against the engine
    hands, boards, _ = random_spots(2, 2, 2, seed=8)
    eq = ps.batch_equity(hands, boards, method="exact", as_array=True)
    _, _, exact, _ = per_spot(hands, boards, np.zeros((2, 0), np.uint8))
    np.testing.assert_allclose(eq, exact, rtol=0, atol=1e-12)


def test_no_spots():
    table = ps.batch_equity(np.zeros((0, 2, 2), np.uint8), np.zeros((0, 5), np.uint8))
    assert len(table) == 0 and list(table.columns[:2]) == ["spot", "player"]
    assert ps.batch_equity(np.zeros((0, 3, 2), np.uint8), as_array=True).shape == (0, 3)


# ------------------------------------------------------------------------------- bad input


def ids(text):
    return ps.parse_cards(text)


GOOD = np.array([[ids("AhKh"), ids("QsQd")]] * 3, np.uint8)
BOARDS = np.array([ids("2c 7d 9h")] * 3, np.uint8)


def with_card(array, index, card):
    out = np.array(array, np.int64)
    out[index] = card
    return out


@pytest.mark.parametrize("call, error, match", [
    (lambda: ps.batch_equity(with_card(GOOD, (1, 0, 1), ids("Qs")[0]), BOARDS),
     ps.DuplicateCardError, r"row 1: Qs appears twice \(player 0 and player 1\)"),
    (lambda: ps.batch_equity(GOOD, with_card(BOARDS, (2, 1), ids("Kh")[0])),
     ps.DuplicateCardError, r"row 2: Kh appears twice \(player 0 and the board\)"),
    (lambda: ps.batch_equity(GOOD, BOARDS, with_card(np.full((3, 1), ids("3s")[0]), (2, 0),
                                                     ids("9h")[0])),
     ps.DuplicateCardError, r"row 2: 9h appears twice \(the board and the dead cards\)"),
    (lambda: ps.batch_equity(with_card(GOOD, (1, 1, 0), ids("Qd")[0]), BOARDS),
     ps.DuplicateCardError, r"row 1: Qd appears twice \(twice in player 1\)"),
    (lambda: ps.batch_equity(with_card(GOOD, (2, 1, 0), 52), BOARDS),
     ps.CardError, r"row 2: player 1 holds 52, not a card"),
    (lambda: ps.batch_equity(with_card(GOOD, (1, 0, 0), -3), BOARDS),
     ps.CardError, r"row 1: player 0 holds -3, not a card"),
    (lambda: ps.batch_equity(GOOD, with_card(BOARDS, (1, 2), 300)),
     ps.CardError, r"row 1: the board holds 300, not a card"),
    (lambda: ps.batch_equity(GOOD, BOARDS, game="short-deck"),
     ps.CardError, r"row 0: the board holds 2c \(0\), not a card of short-deck's deck"),
    (lambda: ps.batch_equity([["AhKh", "QsQd"], ["AhKh", "QsXd"]]),
     ps.CardError, r"row 1, player 1: card 2: 'Xd' is not a card"),
    (lambda: ps.batch_equity([["AhKh", "QsQd"], ["AhKh", "Qs"]]),
     ps.HandShapeError, r"row 1, player 1 has 1 cards"),
    (lambda: ps.batch_equity([["AhKh", "QsQd"]] * 2, ["2c 3d 4h", "2c 3d"]),
     ps.HandShapeError, r"row 1 of boards has 2 cards"),
    (lambda: ps.batch_equity(GOOD, np.zeros((3, 6), np.uint8)),
     ps.HandShapeError, r"holdem has at most 5 board cards a spot; boards has 6"),
    (lambda: ps.batch_equity(GOOD, BOARDS[:2]), ps.HandShapeError, r"N = 3"),
    (lambda: ps.batch_equity(GOOD[:, :1]), ps.HandShapeError, r"P >= 2"),
    (lambda: ps.batch_equity(GOOD.reshape(3, 4)), ps.HandShapeError, r"shape \(N, P, 2\)"),
    (lambda: ps.batch_equity(GOOD.astype(float), BOARDS), ps.HandShapeError, "float64"),
    (lambda: ps.batch_equity(np.zeros((1, 24, 2), np.uint8)), ps.PokersimInputError,
     "24 players of holdem need 53 cards"),
    (lambda: ps.batch_equity(np.zeros((1, 16, 2), np.uint8), game="short-deck"),
     ps.PokersimInputError, "16 players of short-deck need 37 cards"),
    (lambda: ps.batch_equity(GOOD, game="omaha"), ps.HandShapeError, r"\(N, P, 4\)"),
    (lambda: ps.batch_equity(GOOD[:, :, :1].repeat(4, axis=2), game="omaha", seed=1),
     ps.DuplicateCardError, r"row 0: Ah appears twice \(twice in player 0\)"),
    (lambda: ps.batch_equity(GOOD[:, :, :1].repeat(7, axis=2), game="stud", seed=1),
     BatchGameError, r"stud exactly \(one showdown a spot\)"),
    (lambda: ps.batch_equity(GOOD, target_stderr=0.01), ps.PokersimInputError,
     "does not take target_stderr"),
    (lambda: ps.batch_equity(GOOD, client=object()), ps.PokersimInputError,
     "client must be a dask.distributed.Client"),
    (lambda: ps.batch_equity(GOOD, trials=0), ps.PokersimInputError, "trials"),
    (lambda: ps.batch_equity(GOOD, seed=-1), ps.PokersimInputError, "seed"),
    (lambda: ps.batch_equity(GOOD, chunk_size=0), ps.PokersimInputError, "chunk_size"),
    (lambda: ps.batch_equity(GOOD, method="fast"), ps.PokersimInputError, "method"),
])
def test_bad_spots_are_named(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_a_bad_row_far_down_is_found():
    hands = np.tile(GOOD[:1], (200_001, 1, 1))
    hands[199_998, 1, 1] = ids("Ah")[0]
    with pytest.raises(ps.DuplicateCardError, match="row 199998: Ah appears twice"):
        ps.batch_equity(hands, np.tile(BOARDS[:1], (200_001, 1)))


def test_batch_game_error_is_an_input_error():
    assert issubclass(BatchGameError, ps.PokersimInputError)
    assert issubclass(BatchGameError, ValueError)


@pytest.mark.parametrize("kind", ["holdem", "monte-carlo", "against", "omaha"])
def test_chunks_on_an_executor_give_the_numbers_of_one_call(kind):
    """client=: chunks of the spots as tasks, joined in order; spot i on stream i of one
    seed whatever the chunks (a Dask cluster: tests/test_distributed.py)."""
    import concurrent.futures

    rng = np.random.default_rng(4)
    n = 23
    if kind == "omaha":
        cards = np.stack([rng.permutation(52)[:12] for _ in range(n)]).astype(np.uint8)
        args = (cards[:, :8].reshape(n, 2, 4), cards[:, 8:])
        options = dict(game="omaha")
    else:
        cards = np.stack([rng.permutation(52)[:7] for _ in range(n)]).astype(np.uint8)
        hands = cards[:, :2] if kind == "against" else cards[:, :4].reshape(n, 2, 2)
        args = (hands, None if kind == "monte-carlo" else cards[:, 4:])
        options = dict(against="QQ+, AK") if kind == "against" else (
            dict(seed=3, trials=1_000) if kind == "monte-carlo" else {})
    here = ps.batch_equity(*args, **options)
    with concurrent.futures.ThreadPoolExecutor(2) as executor:
        there = ps.batch_equity(*args, client=executor, chunk_size=5, **options)
        array = ps.batch_equity(*args, client=executor, chunk_size=7, as_array=True,
                                **options)
    pd.testing.assert_frame_equal(pd.DataFrame(here), pd.DataFrame(there))
    assert here.attrs == there.attrs
    np.testing.assert_array_equal(array, here.equity.to_numpy().reshape(n, -1))


@pytest.mark.parametrize("options", [{}, {"against": "QQ+"}, {"game": "omaha"}, {"seed": 1}])
def test_a_bad_chunk_size_is_named_on_every_way_through(options):
    hands = (np.array(["AhKh"]) if "against" in options else
             np.array([["AhKhQhJh", "2c3c4c5c"]]) if "game" in options else
             np.array([["AhKh", "2c3c"]]))
    for bad in (0, -3, 2.5):
        with pytest.raises(ps.PokersimInputError, match="chunk_size"):
            ps.batch_equity(hands, "7d 8d 9s", chunk_size=bad, **options)


def _river_rows(n, deck="full"):
    cards = ps.deal(n, 9, seed=7, deck=deck)
    return np.ascontiguousarray(cards[:, :4].reshape(n, 2, 2)), np.ascontiguousarray(cards[:, 4:])


@pytest.mark.parametrize("row", [3, 150_001])  # in the first worker's share, the second's
@pytest.mark.parametrize("spoil, game, error, match", [
    (lambda h, b, r: h.__setitem__((r, 1, 0), h[r, 0, 0]), "holdem", ps.DuplicateCardError,
     r"appears twice \(player 0 and player 1\)"),
    (lambda h, b, r: b.__setitem__((r, 4), h[r, 0, 1]), "holdem", ps.DuplicateCardError,
     r"appears twice \(player 0 and the board\)"),
    (lambda h, b, r: b.__setitem__((r, 0), b[r, 3]), "holdem", ps.DuplicateCardError,
     r"appears twice \(twice in the board\)"),
    (lambda h, b, r: b.__setitem__((r, 2), 60), "holdem", ps.CardError,
     r"the board holds 60, not a card"),
    (lambda h, b, r: h.__setitem__((r, 1, 1), 255), "holdem", ps.CardError,
     r"player 1 holds 255, not a card"),
    (lambda h, b, r: h.__setitem__((r, 0, 0), 0), "short-deck", ps.CardError,
     r"player 0 holds 2c \(0\), not a card of short-deck's deck"),
])
def test_heads_up_river_rows_are_checked_as_every_row(row, spoil, game, error, match):
    # heads-up river rows (4 hole cards, 5 board cards, no dead) are checked by their own
    # loop: the same errors, the first bad row named, whichever worker's share it is in
    hands, boards = _river_rows(200_000, "short" if game == "short-deck" else "full")
    spoil(hands, boards, row)
    spoil(hands, boards, row + 7)  # a later bad row is not the one named
    with pytest.raises(error, match=rf"^row {row}: .*{match}"):
        ps.batch_equity(hands, boards, game=game, as_array=True)


def test_heads_up_river_rows_equal_equity_spot_by_spot():
    # heads-up river rows are counted by a loop of their own: against pokersim.equity, on
    # spots with ties; a dead card (none left to deal) changes nothing
    hands, boards = _river_rows(20_000)
    fast = ps.batch_equity(hands, boards, as_array=True)
    n = hands.shape[0]
    used = np.zeros((n, 52), bool)
    np.put_along_axis(used, hands.reshape(n, 4).astype(np.int64), True, axis=1)
    np.put_along_axis(used, boards.astype(np.int64), True, axis=1)
    dead = np.argmax(~used, axis=1).astype(np.uint8)[:, None]  # a card the row does not hold
    np.testing.assert_array_equal(ps.batch_equity(hands, boards, dead, as_array=True), fast)
    assert (fast == 0.5).all(axis=1).any() and (fast == 1.0).any()
    for i in range(0, n, 199):
        want = ps.equity([ps.format_cards(hands[i, 0]), ps.format_cards(hands[i, 1])],
                         board=ps.format_cards(boards[i]))
        np.testing.assert_allclose(fast[i], want["equity"].to_numpy(), atol=1e-12)


@pytest.mark.parametrize("hands", [5, None, object()])
def test_hands_that_are_no_sequence_are_named_so(hands):
    with pytest.raises(ps.HandShapeError, match=r"^hands must be \(N, P, 2\) card ids or "
                                                r"\(N, P\) texts; got "):
        ps.batch_equity(hands)
