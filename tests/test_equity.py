"""Equity checked against a brute force over every runout with the naive evaluator."""

import collections
import importlib
import itertools

import numba
import numpy as np
import pandas as pd
import pytest

from pokersim import (
    PokersimInputError,
    SimulationInterrupted,
    TargetStderrWarning,
    equity,
    equity_vs_random,
)
from pokersim.engine._games import boards as board_kernels
from pokersim.errors import CardError, DuplicateCardError
from pokersim.results import WIN_RATE_COLUMNS, ResultFrame
from tests.naive import card_from_text, naive_category, naive_rank


def cards_from_text(text):
    """'AhKh' or 'Ah Kh' -> card ids (the tests' own parser, two characters a card)."""
    compact = text.replace(" ", "")
    return [card_from_text(compact[i:i + 2]) for i in range(0, len(compact), 2)]


def brute_force(hands, board, dead=""):
    """Exact (win, tie, equity) per player by looping over every runout, naive evaluator.

    ``hands`` are lists of (combo text, weight) per player: every combination of one combo per
    player with no card in common is enumerated with the product of weights."""
    board_cards = cards_from_text(board) if board else []
    dead_cards = cards_from_text(dead) if dead else []
    n = len(hands)
    win, tie, eq, total = [0.0] * n, [0.0] * n, [0.0] * n, 0.0
    cats = [[0.0] * 10 for _ in range(n)]
    for choice in itertools.product(*hands):
        holes = [cards_from_text(text) for text, _ in choice]
        weight = np.prod([w for _, w in choice])
        used = set(board_cards) | set(dead_cards)
        flat = [c for h in holes for c in h]
        if len(set(flat)) < len(flat) or used & set(flat):
            continue
        live = [c for c in range(52) if c not in used and c not in flat]
        for runout in itertools.combinations(live, 5 - len(board_cards)):
            full = board_cards + list(runout)
            ranks = [naive_rank(h + full) for h in holes]
            best = max(ranks)
            winners = [i for i, r in enumerate(ranks) if r == best]
            for i in range(n):
                cats[i][naive_category(holes[i] + full)] += weight
            for i in winners:
                if len(winners) == 1:
                    win[i] += weight
                else:
                    tie[i] += weight
                eq[i] += weight / len(winners)
            total += weight
    return (np.array(win) / total, np.array(tie) / total, np.array(eq) / total,
            np.array(cats) / total)


def one(hand):
    return [(hand, 1.0)]


CASES = [
    (["AhKh", "QsQd"], "2c 7d Qh", ""),                 # flop, heads-up
    (["AhKh", "QsQd"], "2c 7d Qh 3h", ""),              # turn
    (["8c 9c", "As Ad", "Kh Qd"], "Tc Jc 2s", ""),      # three-way flop, straight/flush draws
    (["5d 5h", "Ac 4c"], "2c 3c Kd 9s", "Qc"),          # dead card
    (["As Ks", "Ad Kd"], "Qh Jh 2c", ""),               # frequent ties
    (["Th 9h", "2c 2d", "Ac Kc", "7s 7d"], "8h 7c 3d", ""),  # four-way
    (["Th 9h", "Ac Kc", "7s 7d"], "8h 7c", "2c"),       # two known board cards, three to come
]


@pytest.mark.parametrize("hands, board, dead", CASES)
def test_exact_matches_brute_force(hands, board, dead):
    got = equity(hands, board=board, dead=dead, categories=True)
    win, tie, eq, cats = brute_force([one(h) for h in hands], board, dead)
    assert (got.method == "exact").all() and (got.std_error == 0).all()
    np.testing.assert_allclose(got.win, win, atol=1e-12)
    np.testing.assert_allclose(got.tie, tie, atol=1e-12)
    np.testing.assert_allclose(got.equity, eq, atol=1e-12)
    np.testing.assert_allclose(got.lose, 1 - win - tie, atol=1e-12)
    labels = ["High Card", "Pair", "Two Pair", "Three of a Kind", "Straight", "Flush",
              "Full House", "Four of a Kind", "Straight Flush", "Royal Flush"]
    np.testing.assert_allclose(got[labels].to_numpy(), cats, atol=1e-12)
    plain = equity(hands, board=board, dead=dead)  # without categories: the lean heads-up path
    np.testing.assert_allclose(plain[["win", "tie", "equity"]], got[["win", "tie", "equity"]],
                               atol=1e-12)


def test_exact_ranges_and_weights_match_brute_force():
    # Two small ranges on a turn: every non-conflicting pair of combos, weighted.
    got = equity(["AA", "KK@50, QhQd"], board="Ah Kc 7d 2s")
    aa = [(a + b, 1.0) for a, b in itertools.combinations(["Ac", "Ad", "As"], 2)]
    kk = [(a + b, 0.5) for a, b in itertools.combinations(["Kd", "Kh", "Ks"], 2)]
    win, tie, eq, _ = brute_force([aa, kk + [("QhQd", 1.0)]], "Ah Kc 7d 2s")
    np.testing.assert_allclose(got.equity, eq, atol=1e-12)
    np.testing.assert_allclose(got.win, win, atol=1e-12)


def test_full_board_against_random_matches_brute_force():
    got = equity_vs_random("Qs Js", opponents=[1], board="Ts 9d 2c 2h Kd")
    hands = [(a + b, 1.0) for a, b in itertools.combinations(
        [r + s for r in "23456789TJQKA" for s in "cdhs"], 2)]
    win, tie, eq, _ = brute_force([one("QsJs"), hands], "Ts 9d 2c 2h Kd")
    assert got.method.iloc[0] == "exact"
    assert got.equity.iloc[0] == pytest.approx(eq[0], abs=1e-12)
    assert got.win.iloc[0] == pytest.approx(win[0], abs=1e-12)


def test_preflop_heads_up_is_exact_and_symmetric():
    a = equity(["AhKh", "QsQd"])
    b = equity(["QsQd", "AhKh"])
    assert (a.method == "exact").all() and a.outcomes.iloc[0] == 1_712_304
    assert a.equity.sum() == pytest.approx(1.0, abs=1e-12)
    assert a.equity.iloc[0] == pytest.approx(b.equity.iloc[1], abs=1e-12)
    assert a.tie.iloc[0] == pytest.approx(a.tie.iloc[1], abs=1e-12)
    # relabelling suits (h->s, s->c, d->h) changes nothing
    c = equity(["AsKs", "QcQh"])
    np.testing.assert_allclose(a.equity, c.equity, atol=1e-12)


def test_monte_carlo_within_four_standard_errors_of_exact():
    for hands, board in [(["AhKh", "QsQd"], ""), (["8c 9c", "As Ad", "Kh Qd"], "Tc Jc 2s")]:
        exact = equity(hands, board=board)
        mc = equity(hands, board=board, trials=400_000, seed=11)
        assert (mc.method == "monte-carlo").all() and (mc.std_error > 0).all()
        assert (abs(mc.equity - exact.equity) < 4 * mc.std_error).all()
        assert mc.outcomes.iloc[0] == 400_000


def test_monte_carlo_ranges_and_random_against_exact():
    board = "Ah Kc 7d 2s"
    exact = equity(["AA", "KK@50, QhQd", "random"], board=board)
    assert (exact.method == "exact").all()
    mc = equity(["AA", "KK@50, QhQd", "random"], board=board, trials=300_000, seed=5)
    assert (abs(mc.equity - exact.equity) < 4 * mc.std_error).all()


def test_rejection_path_for_wide_ranges(monkeypatch):
    # Force per-player sampling with rejection (no joint list) and compare with exact.
    from pokersim import config

    monkeypatch.setattr(config, "JOINT_TUPLES", 1)
    board = "Ah Kc 7d 2s"
    exact = equity(["AA", "KK@50, QhQd"], board=board)
    mc = equity(["AA", "KK@50, QhQd"], board=board, trials=300_000, seed=5)
    assert (abs(mc.equity - exact.equity) < 4 * mc.std_error).all()


def test_same_seed_same_numbers_whatever_the_threads():
    args = dict(players=["QQ+, AKs", "22+, A2s+, KTo+", "random"], trials=100_003, seed=42)
    saved = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one_thread = equity(**args)
    finally:
        numba.set_num_threads(saved)
    again = equity(**args)
    assert one_thread.equals(again)
    assert not equity(**{**args, "seed": 43}).equals(again)


def test_target_stderr_stops_early():
    df = equity(["AhKh", "random", "random"], target_stderr=0.002, seed=1)
    assert (df.std_error < 0.002).all() and df.outcomes.iloc[0] < 10**7


def test_equity_vs_random_table():
    df = equity_vs_random("AsAd", opponents=[1, 2, 3], trials=100_000, seed=3)
    assert df.opponents.tolist() == [1, 2, 3]
    assert df.equity.is_monotonic_decreasing
    # AA against one random hand: 0.8520371 exactly (the shipped heads-up table)
    assert abs(df.equity.iloc[0] - 0.8520371) < 4 * df.std_error.iloc[0]


@pytest.mark.parametrize("hand, game, board", [("As Ad Ks Kd", "omaha", "2c 7d 9h Ts"),
                                               ("As 2d 3c 4h", "omaha-hi-lo", "5c 7d Kh 9s"),
                                               ("Ah Kh", "short-deck", "6c 7d 9h Ts")])
def test_equity_vs_random_in_another_game_is_equity_against_that_many_random_hands(
        hand, game, board):
    """vs-random took no game: Omaha or short deck against 1, 2, 3 random hands needed
    repeated "random" players by hand. Each row is that equity table's first row (the same
    seed), the split-pot columns included."""
    table = equity_vs_random(hand, opponents=[1, 2], board=board, game=game, trials=20_000,
                             seed=1)
    assert table.opponents.tolist() == [1, 2] and table.attrs["hand"] == hand
    for row, n in zip(table.itertuples(index=False), [1, 2], strict=True):
        alone = equity([hand] + ["random"] * n, board=board, game=game, trials=20_000, seed=1)
        expected = alone.iloc[0].to_dict()
        assert {k: v for k, v in row._asdict().items() if k != "opponents"} == expected
    assert ("low_equity" in table.columns) == (game == "omaha-hi-lo")


def test_equity_vs_random_refuses_a_game_the_deck_cannot_serve():
    with pytest.raises(PokersimInputError, match="razzle"):
        equity_vs_random("As Ad Ks", game="razzle")
    with pytest.raises(PokersimInputError, match="cards"):  # 8 stud hands of 7: 56 cards
        equity_vs_random("As Ad Ks", opponents=7, game="stud", trials=1000)


@pytest.mark.parametrize("kwargs, error, message", [
    (dict(players=["AhKh"]), PokersimInputError, "at least two players"),
    (dict(players="AhKh"), PokersimInputError, "at least two players"),
    (dict(players=["AhKh", "AhQd"]), DuplicateCardError, "the same card, Ah"),
    (dict(players=["AhKh", "QQ", "QsJh"], board="Qc Qh 2c"), DuplicateCardError,
     "the same card, Qs"),  # QQ's one combo left, QsQd
    # (a board of 1 or 2 known cards is dealt on to 5, as in every game)
    (dict(players=["AhKh", "QsQd"], board="2c 7d 9h Th 3s 4s"), PokersimInputError,
     "5 board cards; got 6"),
    (dict(players=["AhKh", "QsQd"], board="Ah 7d 2c"), DuplicateCardError, "player 1"),
    (dict(players=["AhKh", "QsQd"], board="2c 7d 9h", dead="2c"), DuplicateCardError, "dead"),
    (dict(players=["AhKh", "Xx"]), PokersimInputError, "Xx"),
    (dict(players=["AhKh"] + ["random"] * 23), PokersimInputError, "need 53 cards with the"),
    (dict(players=["AhKh", "QsQd"], trials=0), PokersimInputError, "trials"),
    (dict(players=["AhKh", "QsQd"], target_stderr=-1), PokersimInputError, "target_stderr"),
    (dict(players=["AhKh", "QsQd"], seed=-3, trials=10), PokersimInputError, "seed"),
    (dict(players=["AhKh", "QsQd"], method="exact", trials=100), PokersimInputError,
     "no trials"),
    (dict(players=["AhKh", "QsQd"], method="exact", seed=1), PokersimInputError, "no seed"),
    (dict(players=["AhKh", "QsQd"], method="exact", target_stderr=0.01), PokersimInputError,
     "no target_stderr"),
    (dict(players=["AhKh", "QsQd"], method="Exact"), PokersimInputError, "method must be"),
    (dict(players=["AhKh", "QsQd"], categories=1), PokersimInputError, "categories"),
    (dict(players=["22+, A2s+, K2s+", "22+, A2s+, K2s+", "22+, A2s+, K2s+", "random"],
          method="exact"), PokersimInputError, "out of reach"),
    (dict(players=["AA", "AA", "AA"], board="Ac 2d 3h"), PokersimInputError, "no combination"),
    (dict(players=["QQ"] * 3, trials=10), PokersimInputError, "no combination"),
])
def test_bad_input(kwargs, error, message):
    with pytest.raises(error, match=message):
        equity(**kwargs)


def test_rejection_stall_is_an_error_not_a_hang(monkeypatch):
    from pokersim import config

    monkeypatch.setattr(config, "JOINT_TUPLES", 1)  # no joint list: rejection sampling
    monkeypatch.setattr(config, "MAX_REJECTIONS", 50)
    with pytest.raises(PokersimInputError, match="conflict too often"):
        equity(["AA, KK", "AA, KK", "AA, KK", "AA, KK"], trials=1000, seed=1)


def test_card_error_is_a_value_error():
    with pytest.raises(ValueError):
        equity(["AhKh", "Qs Qs"])
    assert issubclass(CardError, ValueError)


@pytest.mark.parametrize("players, board, dead", [
    (["AhKh", "random"], "2c 7c Qh 9c", ""),               # diamonds and spades swap
    (["AA", "KK@50, QhQd", "random"], "Ac Kc 7c 2c", "3c"),  # any of d, h, s for another
    (["AsKd, AhKh@30", "JJ+", "7c6c"], "5c 8c 2h", ""),
    (["AsKd, AhKh@30", "JJ+", "7c6c"], "5c 8d 2h", ""),     # rainbow: nothing to merge
])
def test_suit_isomorphism_changes_nothing(players, board, dead, monkeypatch):
    from pokersim import config

    games_module = importlib.import_module("pokersim.engine.games")
    merges = []
    monkeypatch.setattr(games_module, "merge_isomorphic", lambda h, *args, f=games_module.
                        merge_isomorphic: merges.append((len(h[0]), f(h, *args))) or merges[-1][1])
    monkeypatch.setattr(config, "ISOMORPHISM_MIN_WORK", 0)  # small spots: merge them too
    merged = equity(players, board=board, dead=dead, method="exact", categories=True)
    (n, (keep, _)), = merges
    assert (len(keep) < n) == (board != "5c 8d 2h")  # tuples merged where suits can swap
    monkeypatch.setattr(config, "SUIT_ISOMORPHISM", False)
    plain = equity(players, board=board, dead=dead, method="exact", categories=True)
    cols = ["win", "tie", "equity", "Flush", "Straight", "Pair"]
    np.testing.assert_allclose(merged[cols], plain[cols], atol=1e-12)


def test_hand_against_random_on_the_turn_matches_brute_force():
    got = equity(["Ah Kh", "random"], board="2c 7d Qh 9s")
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    hands = [(a + b, 1.0) for a, b in itertools.combinations(deck, 2)]
    win, tie, eq, _ = brute_force([one("AhKh"), hands], "2c 7d Qh 9s")
    assert got.method.iloc[0] == "exact"
    np.testing.assert_allclose(got.equity, eq, atol=1e-12)
    np.testing.assert_allclose(got.tie, tie, atol=1e-12)


@pytest.mark.parametrize("players, dead", [
    (["AhKh", "QsQd"], ""),
    (["7s2h", "KdKc", "Ts9s"], ""),                  # two spades each side: threshold 3
    (["AhQh", "JsTs", "9d8d", "7c6c"], ""),          # every suit reachable from 3 cards
    pytest.param(["AcKc", "AhKh", "random"], "2c 3c",  # dead cards of the flush suit
                 marks=pytest.mark.slow),             # (the longest two: CI only)
    pytest.param(["QQ+, AKs", "22+, A2s+@40, KTo+"], "5d",  # weighted ranges, many tuples
                 marks=pytest.mark.slow),
    (["AsAh", "KsKh", "QsQh", "JsJh", "Td9d", "8c7c"], ""),
])
def test_preflop_boards_merged_by_ranks_equal_every_board(players, dead, monkeypatch):
    from pokersim import config

    merged = equity(players, dead=dead, method="exact", categories=True)
    monkeypatch.setattr(config, "MERGE_RANK_BOARDS", False)
    # every board one by one: past the limit that keeps a user from a run of minutes
    monkeypatch.setattr(importlib.import_module("pokersim.engine.games"), "EXACT_LIMIT", 10**10)
    every = equity(players, dead=dead, method="exact", categories=True)
    # equal counts (whole weights: exact sums)
    pd.testing.assert_frame_equal(merged, every, check_exact=True)


def test_rank_multisets_are_every_multiset_of_five_ranks():
    # the preflop kernel's table against the rule: every multiset of 5 of the 13 ranks with
    # no rank more than 4 times, lexicographic, its distinct ranks ascending and their counts
    rows = []
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        counts = sorted(collections.Counter(ranks).items())
        if max(m for _, m in counts) <= 4:
            pad = [0] * (5 - len(counts))
            d, m = [r for r, _ in counts] + pad, [k for _, k in counts] + pad
            offsets = [2 * (5 * r + k) for r, k in zip(d, m, strict=True)]
            rows.append([len(counts), *d, *m, *offsets])
    assert len(rows) == 6175 and board_kernels.MULTISETS.tolist() == rows
    split = next(i for i, r in enumerate(rows) if r[1] >= board_kernels.RANK_SPLIT)
    assert board_kernels.SPLIT_ROW == split


#: Preflop spots where a rank runs out (two kings held: one king left, no pair of kings on
#: the board), with the categories or without.
RANK_RUNS_OUT = [(["7s2h", "KdKc", "Ts9s"], False), (["AhKh", "QsQd"], True),
                 (["AsAh", "KsKh", "QsQh", "JsJh", "Td9d", "8c7c"], False)]
BOUNDS_CHECKED = """
import json, sys, pokersim as ps
print(json.dumps([ps.equity(p, method="exact", categories=c).to_numpy().tolist()
                  for p, c in json.loads(sys.argv[1])]))
"""


@pytest.mark.slow
def test_preflop_kernel_reads_within_its_arrays(tmp_path):
    """The preflop kernel compiled with Numba's bounds checks: no index out of its arrays
    (a board of no hand's ranks is skipped, not ranked) and the same numbers as the kernel
    without the checks."""
    import json
    import os
    import subprocess
    import sys

    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path), NUMBA_BOUNDSCHECK="1",
               POKERSIM_QUIET_COMPILE="1")
    done = subprocess.run([sys.executable, "-c", BOUNDS_CHECKED, json.dumps(RANK_RUNS_OUT)],
                          env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    here = [equity(p, method="exact", categories=c).to_numpy().tolist()
            for p, c in RANK_RUNS_OUT]
    assert json.loads(done.stdout) == here


@pytest.mark.parametrize("threshold, order", [
    ([5, 4, 3, 4], "dhsc"),  # AhKh vs QsQd: hearts from 3 board cards, d and s from 4
    ([3, 3, 3, 3], "dchs"),  # all alike: by suit, the first two swapped
    ([5, 5, 5, 3], "csdh"),
])
def test_preflop_flush_tasks_are_ordered_for_two_workers(threshold, order):
    # the suits by boards walked (the lowest threshold first), then the first two swapped:
    # worker 0 takes the larger rank part with the second and third, worker 1 the other
    # with the most and the least
    @numba.njit
    def order_of(threshold):
        out = np.zeros(4, np.int64)
        board_kernels._flush_order(threshold, out)
        return out

    by_work = sorted(range(4), key=lambda s: (threshold[s], s))
    expected = [by_work[1], by_work[0], by_work[2], by_work[3]]
    assert expected == ["cdhs".index(s) for s in order]
    assert order_of(np.array(threshold, np.int64)).tolist() == expected


def test_preflop_three_way_against_evaluate_on_every_board():
    # An independent path: the 1,221,759 boards of 47 cards as arrays, each player's 7 cards
    # through pokersim.evaluate, wins and ties counted with numpy.
    from pokersim import evaluate, parse_cards

    holes = [parse_cards(h) for h in ("Ah Qh", "Js Ts", "9h 8h")]
    live = np.setdiff1d(np.arange(52), np.concatenate(holes))
    boards = np.array(list(itertools.combinations(live.tolist(), 5)), np.uint8)
    strengths = np.stack([evaluate(np.hstack([np.broadcast_to(h, (len(boards), 2)), boards]))
                          for h in holes], axis=1)
    best = strengths.max(axis=1, keepdims=True)
    sharing = (strengths == best).sum(axis=1)
    sole = (strengths == best) & (sharing[:, None] == 1)
    split = ((strengths == best) / sharing[:, None]).sum(axis=0)
    got = equity(["AhQh", "JsTs", "9h8h"], method="exact")
    assert got.outcomes.iloc[0] == len(boards)
    np.testing.assert_allclose(got.win, sole.mean(axis=0), atol=1e-12)
    np.testing.assert_allclose(got.equity, split / len(boards), atol=1e-12)


# ---------------------------------------------------------------------------------------------
# The public words (docs/api.md): method, the result schema, attrs, deprecations

front_module = importlib.import_module("pokersim.engine.front")


def test_the_table_is_a_win_rate_table():
    got = equity(["AhKh", "QsQd"], board="2c 7d Qh", categories=True)
    assert isinstance(got, ResultFrame)
    assert got.columns.tolist()[:8] == ["player", *WIN_RATE_COLUMNS]
    # categories strongest first, as in every table (issue 19)
    assert got.columns.tolist()[8:] == ["Royal Flush", "Straight Flush", "Four of a Kind",
                                        "Full House", "Flush", "Straight", "Three of a Kind",
                                        "Two Pair", "Pair", "High Card"]
    assert got.outcomes.dtype == np.int64 and got.win.dtype == np.float64
    assert got.method.tolist() == ["exact", "exact"]


@pytest.mark.parametrize("players, board, dead, outcomes", [
    # river: 45 cards left, C(45, 2) = 990 opponent hands, one runout each (before suit
    # isomorphism merges any of them)
    (["Ah Kh", "random"], "2c 7d Qh 9s 3d", "", 45 * 44 // 2),
    # turn: AA less Ah (3 combos) times KK less Kc (3) plus QhQd, none conflicting, times the
    # 44 river cards; KK's weights of 0.5 do not count
    (["AA", "KK@50, QhQd"], "Ah Kc 7d 2s", "", 3 * 4 * 44),
    # flop with a dead card: 52 - 3 - 1 - 4 = 44 cards, C(44, 2) = 946 turn-river pairs
    (["AhKh", "QsQd"], "2c 7d 9h", "3s", 946),
])
def test_exact_outcomes_count_every_deal_once(players, board, dead, outcomes):
    got = equity(players, board=board, dead=dead, method="exact")
    assert got.outcomes.dtype == np.int64
    assert got.outcomes.tolist() == [outcomes] * len(players)


def test_attrs_record_the_run():
    exact = equity(["AhKh", "QsQd"], board="2c7dQh", dead="3s")
    assert exact.attrs == dict(method="exact", partial=False, game="holdem", board="2c 7d Qh",
                               dead="3s", seed=None, trials=None, target_stderr=None)
    mc = equity(["AhKh", "QsQd"], trials=40_000, seed=9)
    assert mc.attrs["method"] == "monte-carlo" and mc.attrs["trials"] == 40_000
    assert mc.attrs["seed"] == 9 and mc.attrs["board"] == "" and mc.attrs["dead"] == ""


def test_board_and_dead_none_or_empty_text():
    none = equity(["AhKh", "QsQd"], board=None, dead=None, trials=20_000, seed=3)
    empty = equity(["AhKh", "QsQd"], board="", dead="", trials=20_000, seed=3)
    pd.testing.assert_frame_equal(none, empty)


def test_method_auto_is_exact_only_when_cheap_and_nothing_asks_for_a_simulation():
    assert equity(["AhKh", "QsQd"], board="2c 7d Qh").attrs["method"] == "exact"
    for options in (dict(seed=1), dict(trials=1000), dict(target_stderr=0.05)):
        got = equity(["AhKh", "QsQd"], board="2c 7d Qh", **options)
        assert got.attrs["method"] == "monte-carlo", options
    # a seed asks for a simulation: it is no longer ignored by an exact answer
    assert equity(["AhKh", "QsQd"], board="2c 7d Qh", seed=1).std_error.iloc[0] > 0
    # too much work to enumerate (the cap is config.EXACT_WORK): Monte Carlo
    wide = equity(["QQ+, AKs", "22+, A2s+, KTo+"], method="auto", trials=None)
    assert wide.attrs["method"] == "monte-carlo"



def test_auto_lists_no_choices_it_could_not_count(monkeypatch):
    """method='auto' lists the joint choices of the players' hands only where exact
    enumeration of them could be in reach once the suit relabellings merge them (each
    choice standing for at most as many as there are relabellings): AhKh against two random
    hands, 1.1 million choices out of reach whatever the merge, goes to Monte Carlo without
    listing or merging them (5-7 s a call before); AA,KK against QQ before the flop, 72
    choices x 1,712,304 boards x 2 players, past config.EXACT_WORK but not once merged, is
    listed, merged and enumerated (and without the merge, Monte Carlo). method='exact' out
    of reach however merged says so without listing them (13 s before the error, before)."""
    from pokersim import config
    from pokersim.engine import games

    listed, merged = [], []
    real_list, real_merge = games.joint_choices, games.merge_isomorphic

    def spy_list(*args):
        out = real_list(*args)
        listed.append(None if out is None else len(out[0]))
        return out

    monkeypatch.setattr(games, "joint_choices", spy_list)
    monkeypatch.setattr(games, "merge_isomorphic",
                        lambda *args: merged.append(1) or real_merge(*args))
    assert equity(["AhKh", "random", "random"]).attrs["method"] == "monte-carlo"
    assert not merged and max(n or 0 for n in listed) <= 1  # the Monte Carlo lists: AhKh
    with pytest.raises(PokersimInputError, match="would evaluate more than"):  # forced: past
        equity(["AhKh", "random", "random"], method="exact")  # EXACT_LIMIT, however merged
    assert not merged and max(n or 0 for n in listed) <= 1
    assert 72 * 1_712_304 * 2 > config.EXACT_WORK
    exact = equity(["AA, KK", "QQ"])
    assert exact.attrs["method"] == "exact" and merged and 72 in listed
    monkeypatch.setattr(config, "SUIT_ISOMORPHISM", False)
    assert equity(["AA, KK", "QQ"]).attrs["method"] == "monte-carlo"


@pytest.mark.parametrize("game, players, board, work", [
    # one joint choice of hole cards x 990 runouts x 2 players (the board kernels)
    ("holdem", ["AhKh", "QsQd"], "2c 7d Qh", 990 * 2),
    # 820 deals x 2 players (the dealing kernel)
    ("omaha", ["As Ad Ks Kd", "Qh Jh Th 9h"], "2c 7d Qs", 820 * 2),
    # stud, no card to come on the board: 7,212 hands ranked once, then a comparison a deal
    ("stud", ["As Ad Ks Jc 9h 2d", "3h 4d 6c 7d", "Qs Qd 2c 2h 9s 9d"], None,
     7_212 + 7_539_840),
])
def test_one_rule_for_auto_in_every_game(monkeypatch, game, players, board, work):
    # every kernel asks the same limit, config.EXACT_WORK hand evaluations, each
    # counting what it evaluates: exact at the spot's work, Monte Carlo one evaluation below
    # (the game kernels had a limit of their own, 20 M, before)
    from pokersim import config

    monkeypatch.setattr(config, "EXACT_WORK", work)
    assert equity(players, board, game=game).attrs["method"] == "exact"
    monkeypatch.setattr(config, "EXACT_WORK", work - 1)
    assert equity(players, board, game=game).attrs["method"] == "monte-carlo"


@pytest.mark.parametrize("game, players", [
    ("holdem", ["AhKh"] + ["random"] * 23),
    ("omaha", ["As Ad Ks Kd"] + ["random"] * 11),
    ("stud", ["As Ad Ks"] + ["random"] * 7),
])
def test_every_game_counts_the_cards_a_deal_needs_the_same_way(game, players):
    from pokersim.games.game import get

    g = get(game)
    need = len(players) * g.hole + g.board
    with pytest.raises(PokersimInputError, match=f"{len(players)} players of {g.name} need "
                                                 f"{need} cards with the board but the deck "
                                                 f"has 52 live"):
        equity(players, game=game)


def test_target_stderr_takes_numpy_floats():
    for target in (np.float64(0.01), np.float32(0.01), 0.01):
        got = equity(["AhKh", "random"], target_stderr=target, seed=2)
        assert (got.std_error < 0.01).all() and got.attrs["target_stderr_met"] is True


def test_unmet_target_stderr_warns_and_is_recorded():
    with pytest.warns(TargetStderrWarning, match="target_stderr=0.0001 was not reached"):
        got = equity(["AhKh", "random"], trials=20_000, target_stderr=1e-4, seed=2)
    assert got.attrs["target_stderr_met"] is False and got.outcomes.iloc[0] == 20_000
    assert (got.std_error > 1e-4).all()


def test_equity_vs_random_is_a_win_rate_table():
    got = equity_vs_random("AsAd", opponents=[1, 2], trials=20_000, seed=3)
    assert isinstance(got, ResultFrame)
    assert got.columns.tolist() == ["opponents", "player", *WIN_RATE_COLUMNS]
    assert got.opponents.dtype == np.int64 and got.outcomes.tolist() == [20_000, 20_000]
    assert got.attrs["trials"] == 40_000 and got.attrs["partial"] is False
    exact = equity_vs_random("AsAd", opponents=[1], board="Ac Ah 2d 7s 9c", method="exact")
    assert exact.method.tolist() == ["exact"] and exact.outcomes.tolist() == [990]
    with pytest.raises(PokersimInputError, match="no seed"):
        equity_vs_random("AsAd", opponents=[1], method="exact", seed=1)


def _interrupted_on_call(monkeypatch, call: int, partial: bool):
    """Make the ``call``-th equity run of equity_vs_random end with Ctrl-C: with the estimate
    so far (a SimulationInterrupted of 5,000 trials), or before any (a KeyboardInterrupt)."""
    real, calls = front_module.equity, []

    def equity_then_ctrl_c(players, **options):
        calls.append(players)
        if len(calls) < call:
            return real(players, **options)
        if not partial:
            raise KeyboardInterrupt
        frame = real(players, **options | dict(trials=5_000))
        frame["method"] = "monte-carlo (partial)"
        raise SimulationInterrupted(frame)

    monkeypatch.setattr(front_module, "equity", equity_then_ctrl_c)


def test_ctrl_c_in_equity_vs_random_keeps_the_finished_rows(monkeypatch):
    _interrupted_on_call(monkeypatch, 3, partial=True)
    with pytest.raises(SimulationInterrupted) as info:
        equity_vs_random("AsAd", opponents=[1, 2, 3, 4], trials=20_000, seed=3)
    table = info.value.partial
    assert isinstance(table, ResultFrame)  # equity_vs_random's shape, not equity's
    assert table.columns.tolist() == ["opponents", "player", *WIN_RATE_COLUMNS]
    assert table.opponents.tolist() == [1, 2, 3]
    assert table.method.tolist() == ["monte-carlo", "monte-carlo", "monte-carlo (partial)"]
    assert table.outcomes.tolist() == [20_000, 20_000, 5_000]
    assert table.attrs["partial"] is True and table.attrs["trials"] == 45_000
    monkeypatch.undo()  # the real equity: the finished rows are the rows of a whole run
    whole = equity_vs_random("AsAd", opponents=[1, 2], trials=20_000, seed=3)
    pd.testing.assert_frame_equal(pd.DataFrame(table.iloc[:2]), pd.DataFrame(whole))


def test_ctrl_c_before_an_estimate_keeps_the_finished_rows(monkeypatch):
    _interrupted_on_call(monkeypatch, 2, partial=False)
    with pytest.raises(SimulationInterrupted) as info:
        equity_vs_random("AsAd", opponents=[1, 2, 3], trials=20_000, seed=3)
    assert info.value.partial.opponents.tolist() == [1]
    assert info.value.partial.attrs["partial"] is True


def test_ctrl_c_before_any_row_is_a_plain_keyboard_interrupt(monkeypatch):
    _interrupted_on_call(monkeypatch, 1, partial=False)
    with pytest.raises(KeyboardInterrupt) as info:
        equity_vs_random("AsAd", opponents=[1, 2], trials=20_000, seed=3)
    assert type(info.value) is KeyboardInterrupt


def test_random_words_have_one_definition():
    from pokersim import ranges

    assert front_module.RANDOM_WORDS is ranges.RANDOM_WORDS
    for word in ranges.RANDOM_WORDS:
        assert len(ranges.parse_range(word)) == 1326
        got = equity(["AhKh", word], board="2c 7d Qh 9s 3d")
        assert got.player.tolist() == ["AhKh", word]


def test_kernel_argument_groups_in_the_wrong_place_do_not_compile():
    """The kernels take named groups (pokersim.engine._games: the players' lists, ``Ranged``,
    and the ranking's tables, a tuple): two swapped groups are a typing error, never a run
    with swapped arrays."""
    from numba.core.errors import TypingError

    from pokersim.dealing import deal_plan
    from pokersim.engine import _games

    problem = {}

    def capture(compute, p, *args, **kwargs):
        problem["p"] = p
        raise KeyboardInterrupt

    with pytest.MonkeyPatch.context() as m:
        m.setattr(importlib.import_module("pokersim.engine.runs"), "run_chunks", capture)
        with pytest.raises(KeyboardInterrupt):
            equity(["AhKh", "QsQd"], trials=1000, seed=1)
    p = problem["p"]
    b = p.boards
    (space,) = _games.board_trial_spaces(1, 2, 4, 0, (0, 10))
    def head():
        return (0, 1, p.key, 0, 1, np.zeros(1, np.int64), p.block, p.trials, b.live,
                b.n_random, b.n_runout, deal_plan(b.n_live - 4, b.n_runout), b.key, b.bits)

    with pytest.raises(TypingError):
        _games.board_monte_carlo_kernel(*head(), p.tables()[0], 100, p.category_of(),
                                        p.ranged, space)
    assert space.masks.sum() == 0
    _games.board_monte_carlo_kernel(*head(), p.ranged, 100, p.category_of(), p.tables()[0],
                                    space)
    assert space.masks.sum() == 1000  # in the right places, it counts


def weighted_brute_force(players, board):
    """Exact (win, tie, lose) per player as fractions: every choice of one weighted combo a
    player (no card in two) times every runout, naive evaluator. ``players``: lists of
    (hand text, weight as a Fraction)."""
    from fractions import Fraction

    board_cards = cards_from_text(board)
    counts = [[Fraction(0)] * 3 for _ in players]
    total = Fraction(0)
    for choice in itertools.product(*players):
        holes = [cards_from_text(hand) for hand, _ in choice]
        used = board_cards + [c for h in holes for c in h]
        if len(set(used)) < len(used):
            continue
        weight = Fraction(1)
        for _, w in choice:
            weight *= w
        live = [c for c in range(52) if c not in used]
        for runout in itertools.combinations(live, 5 - len(board_cards)):
            ranks = [naive_rank(h + board_cards + list(runout)) for h in holes]
            best = max(ranks)
            n_best = ranks.count(best)
            total += weight
            for p, r in enumerate(ranks):
                counts[p][0 if r == best and n_best == 1 else 1 if r == best else 2] += weight
    return [[c / total for c in row] for row in counts]


def pairs(rank, weight, board):
    """The combos of a pair of ``rank`` that miss the board, each with ``weight``."""
    suits = [s for s in "cdhs" if rank + s not in board]
    return [(f"{rank}{a}{rank}{b}", weight) for a, b in itertools.combinations(suits, 2)]


def test_exact_results_with_weights_land_in_0_1_and_add_up_to_1():
    """KsKd against QQ@70 won with probability 1.0000000000000018 and lost -1.78e-15 (the
    weights' float sums, in two orders); weights that are fractions (percentages) are now
    counted as whole numbers, and each probability is the exact one, rounded once."""
    from fractions import Fraction

    frame = equity(["KsKd", "QQ@70"], board="Jc Kh 2h Kc", method="exact")
    assert frame.win.tolist() == [1.0, 0.0] and frame.lose.tolist() == [0.0, 1.0]
    board = "Jc Kh 2h"
    expected = weighted_brute_force([[("KsKd", Fraction(1))],
                                     pairs("Q", Fraction(7, 10), board)
                                     + pairs("J", Fraction(1, 4), board)], board)
    frame = equity(["KsKd", "QQ@70, JJ@25"], board=board, method="exact")
    got = frame[["win", "tie", "lose"]].to_numpy()
    assert got.tolist() == [[float(x) for x in row] for row in expected]


SIGNATURES_OF_HELPERS = """
import pokersim as ps
from pokersim._core import combinatorics
from pokersim.engine._games import boards, shared
ps.equity(["AhKh", "QsQd"], method="exact")  # rank-grouped and flush boards
ps.equity(["AhKh", "QsQd", "random"], trials=10_001, seed=1)  # both trials of a pair
ps.equity(["AhKh", "QsQd", "random"], trials=10_001, seed=1, categories=True)
for helper in (boards._choose_hands, boards._trial, shared.tally_winners, shared.tally_trial,
               combinatorics.next_combination):
    print(helper.py_func.__name__, len(helper.signatures),
          sum("Literal" in str(s) for s in helper.signatures))
"""


@pytest.mark.slow
def test_kernel_helpers_are_not_compiled_once_per_literal(tmp_path):
    """Numba compiles a helper once per literal value it is called with (0 and 1 for the two
    trials side by side, 1 for a trial's weight, a counter first typed as its literal 0); the
    kernels pass run-time int64 values instead, so each helper compiles once per type (it
    cost a first answer 0.3-0.5 s a compile). Checked in a process that compiles everything
    (an empty cache: kernels loaded from a cache compile no helper)."""
    import os
    import subprocess
    import sys

    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path), POKERSIM_QUIET_COMPILE="1")
    out = subprocess.run([sys.executable, "-c", SIGNATURES_OF_HELPERS], env=env, check=True,
                         capture_output=True, text=True, timeout=600).stdout.split()
    counts = {name: (int(n), int(literal)) for name, n, literal in zip(*[iter(out)] * 3,
                                                                       strict=True)}
    assert counts == {"_choose_hands": (1, 0), "_trial": (1, 0),
                      "tally_winners": (1, 0),  # float64 weights (exact)
                      "tally_trial": (1, 0),  # Monte Carlo's (its weight is 1)
                      "next_combination": (1, 0)}
