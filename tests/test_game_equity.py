"""Equity in every game (issue 17): pokersim.engine.games against the naive reference of
tests/naive_games.py (every completion, naive ranking keys), poker_equity, and itself."""

from itertools import product

import numba
import numpy as np
import pandas as pd
import pytest

from pokersim.cards import parse_cards
from pokersim.engine import equity
from pokersim.errors import CardError, DuplicateCardError, PokersimInputError
from pokersim.games.game import get
from tests.naive_games import naive_equity

SPLIT = ("high_win", "high_tie", "low_win", "low_tie", "high_equity", "low_equity")


def cards(text):
    return [int(c) for c in parse_cards(text)]


def check_against_naive(game, hands, board="", dead=""):
    g = get(game)
    got = equity(hands, board=board, dead=dead, game=game, method="exact")
    want = naive_equity(g, [cards(h) for h in hands], cards(board), cards(dead))
    columns = ("equity", "win", "tie") + (SPLIT if g.low else ())
    for i, w in enumerate(want):
        for c in columns:
            assert got[c].iloc[i] == pytest.approx(w[c], abs=1e-12), (game, i, c)
        assert got.outcomes.iloc[i] == w["deals"]
    assert np.allclose(got.win + got.tie + got.lose, 1)
    return got


def on_game_kernels(players, board=None, dead=None, *, game, method="auto", trials=None,
                    seed=None, target_stderr=None, categories=False, client=None,
                    chunk_size=None, progress=False):
    """``equity`` played on the kernels of every game, Hold'em and the short decks included
    (where ``equity`` takes the board kernels: :mod:`pokersim.engine._games.boards`): the
    dealing kernel (exact) and the general Monte Carlo kernel."""
    from pokersim.engine import equity_on, games

    with pytest.MonkeyPatch.context() as m:
        m.setattr(games, "board_game", lambda g: False)
        return equity_on(games.game_counts, players, board, dead, game=get(game),
                         method=method, trials=trials, seed=seed, target_stderr=target_stderr,
                         categories=categories, client=client, chunk_size=chunk_size,
                         progress=progress)


def slow(*values):
    """A case of every game shape runs in CI (--runslow); the default run keeps one or two
    per kind of game."""
    return pytest.param(*values, marks=pytest.mark.slow)


# ---------------------------------------------------------------------------------------------
# Brute force over every runout

@pytest.mark.parametrize("game, hands, board", [
    ("omaha", ["As Ad Ks Kd", "Qh Qc Jh Jc"], "2s 3d 4h 5c"),          # turn
    ("omaha", ["Ah Kh 7c 6c", "Qs Js Ts 2d", "9d 9c 8h 8d"], "Th 5h 2c 3s Kd"),  # river
    slow("omaha", ["Ah Kh 7c 6c", "Qs Js Ts 9s"], "Th 5h 2s 3s"),     # flushes on the river
    slow("omaha-5", ["Ah Kh 7c 6c 5d", "Qs Js Ts 9s 9h"], "Th 5h 2s 3s"),
    slow("omaha-6", ["Ah Kh 7c 6c 5d 4d", "Qs Js Ts 9s 9h 8c"], "Th 5h 2s 3s"),
    slow("courchevel", ["Ah Kh 7c 6c 5d", "Qs Js Ts 9s 9h"], "Th 5h 2s 3s"),
    ("holdem", ["Ah Kh", "Qs Qd"], "2c 7d Qh"),
    slow("short-deck", ["Ah Kh", "Qs Qd"], "6c 7d Qh 9h"),
    slow("short-deck-trips", ["Ah Kh", "Qs Qd"], "6c 7d Qh 9h"),
])
def test_high_games_every_runout(game, hands, board):
    check_against_naive(game, hands, board)


@pytest.mark.parametrize("game, hands", [
    ("razz", ["As 2d 3c 4h 5s Kd", "Ah 2h 3h 4d 6c 7d"]),               # sixth street
    slow("stud", ["As Ad 3c 4h 5s Kd", "Kh Kc 3h 4d 6c 7d"]),
    ("stud", ["As Ad 3c 4h 5s Kd Ks", "Kh Kc 3h 4d 6c 7d"]),             # seventh street
    ("stud-hi-lo", ["As 2d 3c 4h Ks Kd", "Ah 2h Qh 4d 6c 7d"]),
])
def test_stud_games_every_card_to_come(game, hands):
    check_against_naive(game, hands)


def test_dead_cards_are_out_of_play():
    hands = ["As 2d 3c 4h 5s Kd", "Ah 2h 3h 4d 6c 7d"]
    got = check_against_naive("razz", hands, dead="5c 5d 5h 6d 6h 6s")
    assert got.outcomes.iloc[0] == 34 * 33


@pytest.mark.parametrize("game, hands", [
    ("badugi", ["As 2d 3c", "Kh 2h 3s 4d"]),   # draw games: after the draw, kept cards
    slow("2-7-single-draw", ["7c 5d 4h 3s", "8c 6d 4c 3h 2s"]),
    slow("five-card-draw", ["Ac Ad Ah", "Kc Kd Ks 2h"]),
])
def test_draw_games_after_the_draw(game, hands):
    check_against_naive(game, hands)


def test_partial_omaha_hand():
    check_against_naive("omaha", ["As Ad", "Kh Kd Qh Jd"], "2c 7d Qs 3h 9s")


# ---------------------------------------------------------------------------------------------
# Split pots

def test_hi_lo_river_quartered():
    # high: As 2s Kd Qd makes kings; low: A-2-3-4-8 for both of the first two players
    got = check_against_naive("omaha-hi-lo", ["As 2s Kd Qd", "Ah 2h 7c 7h", "Qh Qs Jc Tc"],
                              "3c 4d 8h Ks Jd")
    assert got.equity.tolist() == [0.75, 0.25, 0.0]  # half, plus a quarter each of the low
    assert got.low_tie.tolist() == [1.0, 1.0, 0.0]
    assert got.scoop.tolist() == [0.0, 0.0, 0.0]
    assert got.tie.tolist() == [1.0, 1.0, 0.0] and got.lose.tolist() == [0.0, 0.0, 1.0]


def test_hi_lo_river_without_a_low():
    got = check_against_naive("omaha-hi-lo", ["As 2s Kd Qd", "Ah 3h 7c 7h"], "9c Td 8h Ks Jd")
    # one low card on the board: no low; Kd Qd with Jd Td 9c, a straight, takes it all
    assert got.equity.tolist() == [1.0, 0.0]
    assert got.scoop.tolist() == [1.0, 0.0] and got.low_equity.tolist() == [0.0, 0.0]


def test_hi_lo_river_split():
    got = check_against_naive("omaha-hi-lo", ["As 2s Kd Qd", "Ah 3h Kc Qc"], "4c 5d 8h Ks Jd")
    assert got.equity.tolist() == [0.75, 0.25]  # the high tied, the low to A-2


def test_hi_lo_turn_and_stud_hi_lo():
    check_against_naive("omaha-hi-lo", ["As 2s Kd Qd", "Ah 3h 7c 7h"], "4c 5d 8h Ks")
    check_against_naive("omaha-5-hi-lo", ["As 2s Kd Qd 9c", "Ah 3h 7c 7h 6s"], "4c 5d 8h Ks")
    check_against_naive("courchevel-hi-lo", ["As 2s Kd Qd 9c", "Ah 3h 7c 7h 6s"],
                        "4c 5d 8h Ks")


# ---------------------------------------------------------------------------------------------
# Symmetry, ranges, Monte Carlo

def _relabel(text, perm):
    return " ".join(t[0] + perm[t[1]] for t in text.split())


def test_symmetry_and_suit_relabelling():
    hands, board = ["As 2s Kd Qd", "Ah 3h 7c 7h"], "4c 5d 8h Ks"
    base = equity(hands, board, game="omaha-hi-lo")
    swapped = equity(hands[::-1], board, game="omaha-hi-lo")
    assert np.allclose(base.equity, swapped.equity[::-1])
    perm = dict(zip("cdhs", "hscd", strict=True))
    moved = equity([_relabel(h, perm) for h in hands], _relabel(board, perm),
                        game="omaha-hi-lo")
    assert np.allclose(base.drop(columns="player").select_dtypes(float),
                       moved.drop(columns="player").select_dtypes(float))


def test_weighted_list_is_the_weighted_mean():
    board = "Th 5h 2s 3s"
    one = equity(["Ah Kh 7c 6c", "Qs Js Ts 9s"], board, game="omaha").equity.iloc[0]
    two = equity(["Ah Kh 7c 6c", "Qd Jd Td 9d"], board, game="omaha").equity.iloc[0]
    mixed = equity(["Ah Kh 7c 6c", {"Qs Js Ts 9s": 1, "Qd Jd Td 9d": 3}], board,
                        game="omaha")
    assert mixed.equity.iloc[0] == pytest.approx((one + 3 * two) / 4)
    # Monte Carlo in razz (its kernel serves the other tests too), sixth street
    hero, hands = "As 2d 3c 4h 5s Kd", {"Ah 2h 3h 4d 6c 7d": 1, "Ac 2c 3s 4c 6d Qh": 3}
    exact = [equity([hero, h], game="razz").equity.iloc[0] for h in hands]
    mc = equity([hero, hands], game="razz", trials=100_000, seed=3)
    mean = (exact[0] + 3 * exact[1]) / 4
    assert abs(mc.equity.iloc[0] - mean) < 4 * mc.std_error.iloc[0]


@pytest.mark.parametrize("game, players, board, dead", [
    ("holdem", ["AhKh", "QQ+"], "2c 7d Qh", ""),
    ("holdem", ["As", "QsQd", "random"], "Jc Kh 2h", ""),  # a partial hand: its completions
    ("short-deck", ["AhKh", "QQ@70, JJ"], "Jc Ks 7h", ""),
    ("holdem", ["AhKh", "QsQd"], "", ""),  # the whole board: grouped by ranks
    ("holdem", ["AKs, QQ+", "JhTh"], "", "2h"),
    ("holdem", ["Ah", "KdKc"], "", ""),
    ("short-deck-trips", ["AhKh", "QsQd", "random"], "", "6c"),
    ("holdem", ["AhKh", "random", "random"], "2c 7d Qh 9s", ""),
    ("holdem", ["AhKh", "QQ+", "random"], "2c 7d Qh 9s 3c", ""),
])
def test_the_board_kernels_agree_with_the_dealing_kernel(game, players, board, dead):
    """Hold'em and the short decks are enumerated by the board kernels (each joint choice of
    two-card hands times every runout, the boards grouped by ranks before the flop); the
    dealing kernel, which plays every game (checked against the naive reference above),
    gives the same numbers and categories to the last bit (whole weights: exact sums)."""
    theirs = on_game_kernels(players, board or None, dead or None, game=game, method="exact",
                             categories=True)
    ours = equity(players, board or None, dead or None, game=game, method="exact",
                  categories=True)
    pd.testing.assert_frame_equal(ours, theirs, check_exact=True)


@pytest.mark.parametrize("game, hands, board", [
    slow("omaha", ["As Ad Ks Kd", "Qh Qc Jh Jc"], "2s 3d 4h"),
    ("omaha-hi-lo", ["As 2s Kd Qd", "Ah 3h 7c 7h", "random"], "4c 5d 8h"),
    slow("stud-hi-lo", ["As 2d 3c 4h Ks", "Ah 2h Qh 4d 6c"], ""),
    slow("stud", ["As Ad 3c 4h 5s Kd", "Kh Kc 3h 4d 6c 7d", "Qs 9s 8s 7s 2c 2d",
                  "Jh Th 9h 8h 5d 6d"], ""),  # four players: the kernel of any number
])
def test_monte_carlo_within_four_standard_errors(game, hands, board):
    exact = equity(hands, board, game=game, method="exact") if "random" not in hands \
        else None
    mc = equity(hands, board, game=game, trials=200_000, seed=7)
    assert (mc.method == "monte-carlo").all() and mc.outcomes.iloc[0] == 200_000
    if exact is None:  # a random player: exact over C(45, 4) x runouts by naive? too many:
        exact = equity(hands[:2] + ["Jc Js Tc 9h"], board, game=game)  # sanity only
        assert np.isclose(mc.equity.sum(), 1)
        return
    assert (np.abs(mc.equity - exact.equity) < 4 * mc.std_error).all()
    for column in ("high_equity", "low_equity") if "low" in exact else ():
        assert (np.abs(mc[column] - exact[column]) < 4 * mc.std_error + 1e-3).all()


def test_same_seed_same_result_whatever_the_chunks():
    args = (["As 2s Kd Qd", "Ah 3h 7c 7h", "random"], "4c 5d 8h")
    a = equity(*args, game="omaha-hi-lo", trials=70_001, seed=11)
    b = equity(*args, game="omaha-hi-lo", trials=70_001, seed=11, chunk_size=16_384)
    c = equity(*args, game="omaha-hi-lo", trials=70_001, seed=12)
    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        d = equity(*args, game="omaha-hi-lo", trials=70_001, seed=11, chunk_size=50_000)
    finally:
        numba.set_num_threads(threads)
    assert a.equals(b) and a.equals(d) and not a.equals(c)
    assert (a.outcomes == 70_001).all()  # trials go in twos: an odd one is not counted twice


def test_monte_carlo_hi_lo_with_a_random_hand_and_stud_with_a_known_one():
    # hi/lo: a fixed hand's known pairs, the low half, a random hand; stud: a player whose
    # strength never changes, one completed at random (exact: each by its own kernel)
    for game, hands, board, trials in [
            ("omaha-hi-lo", ["As 2s Kd Qd", "Ah 3h 7c 7h", "random"], "4c 5d 8h Ks", 100_000),
            ("stud", ["As Ad 3c 4h 5s Kd Ks", "Kh Kc 3h 4d 6c"], "", 20_000)]:
        exact = equity(hands, board, game=game, method="exact")
        mc = equity(hands, board, game=game, trials=trials, seed=5)
        assert (np.abs(mc.equity - exact.equity) < 4 * mc.std_error).all(), game
        assert exact.outcomes.iloc[0] == {"stud": 40 * 39 // 2, "omaha-hi-lo": 40 * 82_251}[game]


def test_showdowns_counted_by_winner_mask_or_by_outcome_code(monkeypatch):
    # few players: a count per winner mask; many: per outcome code (same numbers)
    from pokersim.engine import _games as _equity

    args = (["As 2s Kd Qd", "Ah 3h 7c 7h", "random"], "4c 5d 8h Ks")
    masks = equity(*args, game="omaha-hi-lo", method="exact"), \
        equity(*args, game="omaha-hi-lo", trials=10_001, seed=2)
    monkeypatch.setattr(_equity.shared, "MAX_MASKS", 0)  # (mask_width reads it there)
    codes = equity(*args, game="omaha-hi-lo", method="exact"), \
        equity(*args, game="omaha-hi-lo", trials=10_001, seed=2)
    for a, b in zip(masks, codes, strict=True):
        assert np.allclose(a.drop(columns="player").select_dtypes(float),
                           b.drop(columns="player").select_dtypes(float), rtol=0, atol=1e-15)


@pytest.mark.parametrize("game, players, board", [
    ("holdem", ["AhKh", "AdKd", "QQ+, AKs", "JJ-99@50, AQs"] + ["random"] * 8, "Qs Js 2c"),
    ("holdem", ["AhKh", "QQ+, AKs"] + ["random"] * 10, ""),
    ("omaha-hi-lo", ["As 2s Kd Qd", "Ah 3h 7c 7h"] + ["random"] * 4, "4c 5d 8h"),
    ("stud-hi-lo", ["As 2d 3c", "Ah 2h 4d"] + ["random"] * 4, ""),
])
def test_monte_carlo_outcome_codes_equal_winner_masks_with_many_players(monkeypatch, game,
                                                                       players, board):
    # 12 Hold'em players, 6 hi/lo ones: past MAX_MASKS, Monte Carlo writes the codes of a
    # trial's holders of a half alone and settles the others' at the end (shared.tally_trial,
    # settle_codes); a winner-mask table of 4,096 entries (codes_of_masks) counts the same
    # trials to the same numbers, ties, no-low trials and categories included
    from pokersim.engine import _games as _equity

    args = dict(game=game, board=board, trials=30_001, seed=3, categories=True)
    assert _equity.mask_width(len(players), get(game).low is not None) == 0
    codes = equity(players, **args)
    monkeypatch.setattr(_equity.shared, "MAX_MASKS", 1 << 12)
    assert _equity.mask_width(len(players), get(game).low is not None) == 1 << 12
    masks = equity(players, **args)
    assert codes.equals(masks) and (codes.outcomes == 30_001).all()
    assert (codes.tie > 0).any() and (codes.win > 0).any()
    if get(game).low is not None:
        assert (codes.low_win > 0).any() and (codes.low_tie > 0).any()


@pytest.mark.parametrize("game, hands, board, dead", [
    ("stud", ["As Ad Ks Jc 9h 2d", "3h 4d 6c 7d", "Qs Qd 2c 2h 9s 9d"], "", ""),
    ("stud-hi-lo", ["As 2d 3c 4h Ks Kd", "Ah 2h Qh 4d 6c 7d", "7s 7h 8c 9h 9d"], "",
     "5c 5d"),
    ("razz", [{"As 2d 3c 4h 5s Kd": 1, "Ac 2c 3s 4d 6c": 2.5},
              {"Ah 2h 3h 4c 6d 7d": 1, "As 2s 3d 5h 6h 7c": 3}], "", ""),
    ("badugi", ["As 2d 3c", "random"], "", ""),
    ("five-card-draw", [["Ac Ad Ah", ("Kc Kd", 2)], "Qc Qd Qs 2h"], "", ""),
    ("omaha-hi-lo", ["As 2s Kd Qd", "Ah 3h 7c 7h", "Qh Qs Jc Tc", "2c 3c 9s 9c",
                     "Td Ts 6d", "Th 6h 6c"], "4c 5d 8h Ks Jd", ""),  # 12 bits: codes
    ("holdem", ["Ah Kh", "Qs Qd", "Jc Tc", "9d 9h", "8c 7c", "6s 6h", "5d 4d", "3s 3h",
                "2d 2h", "random", "random"], "Kd 7d 2c 3d Js", ""),  # 11 players: codes
    # the last level's hands all hold As: against an outer hand with As each one clashes
    # (the level is walked), against the others none does (counted)
    ("holdem", [["As Kc", "As Qc", "As Jc", "As 8c", "Ac Kc", "Ad Qc", "Kd Qd", "Jd Td"],
                ["As Kd", "As Qh", "As Jh", "As 8d", "As 6h", "As 5h", "As 4h", "As Ks",
                 "As Qs", "As Js"]], "2c 7d 9h Th 3s", ""),
])
def test_private_hands_agree_with_dealing_every_card(monkeypatch, game, hands, board, dead):
    # with no board card to come, each hand a player may end with is ranked once and deals
    # only compare (games._equity.private_kernel); the kernel that deals every card agrees.
    # Without a low half the last level is counted by strength (count_last_level).
    from pokersim.engine import games as module

    found = []
    monkeypatch.setattr(module, "_private_hands", lambda *args, f=module._private_hands:
                        found.append(f(*args)) or found[-1])
    private = on_game_kernels(hands, board, dead, game=game, method="exact", categories=True)
    assert len(found) == 1  # the private kernel ran
    assert (found[0].cumulative.size > 0) == (get(game).low is None)
    monkeypatch.setattr(module, "PRIVATE_HANDS", 0)  # too many: deal every card
    dealt = on_game_kernels(hands, board, dead, game=game, method="exact", categories=True)
    assert len(found) == 1
    assert private.outcomes.equals(dealt.outcomes)
    assert private.player.tolist() == dealt.player.tolist()
    # 1e-11: the dealing kernel adds 2 M weighted deals of five-card draw one at a time, and
    # is 1.5e-12 from an exactly rounded sum of every deal (math.fsum); counted, 2e-14
    assert np.allclose(private.drop(columns="player").select_dtypes(float),
                       dealt.drop(columns="player").select_dtypes(float), rtol=0, atol=1e-11)


def test_private_hands_on_an_executor_give_the_same_table(monkeypatch):
    # the private problem (its hands and strengths) travels to the chunks like the others;
    # small chunks: some 230 of the last level's 7,140 hands
    import concurrent.futures

    from pokersim import config

    hands = ["As Ad Ks Jc 9h 2d", "3h 4d 6c 7d", "Qs Qd 2c 2h 9s 9d"]
    local = equity(hands, game="stud", method="exact")
    monkeypatch.setattr(config, "EXACT_CHUNK_WORK", 100_000)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        remote = equity(hands, game="stud", method="exact", client=pool)
    assert local.equals(remote) and local.outcomes.iloc[0] == 7_539_840


@pytest.mark.parametrize("game, hands, board", [
    ("badugi", ["As 2d 3h 4c", "random"], ""),
    ("omaha", ["As Ad Ks Qd", "random"], "2h 7c 9d Jc 5s"),
])
def test_a_hand_a_deal_is_dealt_as_before(monkeypatch, game, hands, board):
    # one player dealt at random against known hands: each hand found would serve one deal
    from pokersim.engine import games as module

    found = []
    monkeypatch.setattr(module, "_private_plan", lambda *args, f=module._private_plan:
                        found.append(f(*args)) or found[-1])
    equity(hands, board, game=game, method="exact")
    assert found == [None]


def test_auto_counts_a_comparison_a_deal_where_hands_are_found_first(monkeypatch):
    # stud, 7th street, a player's three unknown cards: 7,539,840 deals of 3 players is over
    # a limit of 20 M dealt, but 7,212 hands ranked and a comparison a deal is under it
    from pokersim import config

    monkeypatch.setattr(config, "EXACT_WORK", 20_000_000)
    hands = ["As Ad Ks Jc 9h 2d", "3h 4d 6c 7d", "Qs Qd 2c 2h 9s 9d"]
    got = equity(hands, game="stud")
    assert 7_539_840 * 3 > config.EXACT_WORK >= 7_212 + 7_539_840
    assert (got.method == "exact").all() and got.outcomes.iloc[0] == 7_539_840
    # a board card to come: dealt, deals x players (Omaha's flop against a random hand)
    flop = equity(["As Ad Ks Qd", "random"], "2h 7c 9d", game="omaha")
    assert (flop.method == "monte-carlo").all()


def test_lists_of_hands_with_a_card_in_common():
    # the choices of two lists that share a card are left out, the rest weighted (razz,
    # sixth street: 40 x 39 deals each)
    first = {"As 2d 3c 4h 5s Kd": 1, "Ac 2c 3s 4d 6c Kc": 2}
    second = {"Ah 2h 3h 4c 6d 7d": 1, "As 2s 3d 5h 6h 7c": 3}  # As: only with first's second
    got = equity([first, second], game="razz", method="exact")
    pairs = [(a, b, wa * wb) for a, wa in first.items() for b, wb in second.items()
             if not set(a.split()) & set(b.split())]
    assert len(pairs) == 3
    mean = sum(w * equity([a, b], game="razz").equity.iloc[0]
               for a, b, w in pairs) / sum(w for _, _, w in pairs)
    assert got.equity.iloc[0] == pytest.approx(mean, abs=1e-12)
    assert got.outcomes.iloc[0] == len(pairs) * 40 * 39
    mc = equity([first, second], game="razz", trials=40_000, seed=4)
    assert abs(mc.equity.iloc[0] - mean) < 4 * mc.std_error.iloc[0]


def test_target_stderr_stops_early():
    df = equity(["As 2d 3c", "random"], game="razz", target_stderr=0.005, seed=1)
    assert df.attrs["target_stderr_met"] and (df.std_error < 0.005).all()
    assert df.outcomes.iloc[0] < 1_000_000


# ---------------------------------------------------------------------------------------------
# poker_equity

PEER_KEYS = {"omaha": "omaha", "omaha-5": "omaha_five", "omaha-hi-lo": "omaha_hi_lo",
             "stud": "stud", "stud-hi-lo": "stud_hi_lo", "razz": "razz", "badugi": "badugi",
             "2-7-single-draw": "deuce_seven", "short-deck": "short_deck"}


@pytest.mark.parametrize("game, hands, board", [
    ("omaha", ["AsAdKsKd", "QhQcJhJc"], "2s3d4h"),
    slow("omaha-5", ["AsAdKsKd9c", "QhQcJhJc2d"], "2s3d4h5c"),
    ("omaha-hi-lo", ["As2sKdQd", "Ah3h7c7h"], "4c5d8hKs"),
    ("omaha-hi-lo", ["As2sKdQd", "Ah2h7c7h", "QhQsJcTc"], "3c4d8hKsJd"),
    slow("stud", ["AsAd3c4h5sKd", "KhKc3h4d6c7d"], ""),
    ("stud-hi-lo", ["As2d3c4hKsKd", "Ah2hQh4d6c7d"], ""),
    ("razz", ["As2d3c4h5sKd", "Ah2h3h4d6c7d"], ""),
    ("badugi", ["As2d3c7h", "Kh2h3s4d"], ""),
    slow("2-7-single-draw", ["7c5d4h3s9d", "8c6d4c3h2s"], ""),
    slow("short-deck", ["AhKh", "QsQd"], "6c7dQh"),
])
def test_poker_equity_agrees(game, hands, board):
    pe = pytest.importorskip("poker_equity")
    theirs = pe.exact_from_text(PEER_KEYS[game], hands, board)
    assert theirs is not None
    ours = equity(hands, board, game=game, method="exact")
    for i, p in enumerate(theirs["players"]):
        assert ours.equity.iloc[i] == pytest.approx(p["equity"], abs=1e-12)
        for column in ("scoop", "high_win", "high_tie", "low_win", "low_tie", "low_equity"):
            if column in ours:
                assert ours[column].iloc[i] == pytest.approx(p[column], abs=1e-12)


# ---------------------------------------------------------------------------------------------
# Input errors

@pytest.mark.parametrize("players, kwargs, error, words", [
    (["As Ad Ks Kd", "As Qc Jh Jc"], {}, DuplicateCardError, "same card"),
    (["As Ad Ks Kd", "Qh Qc Jh Jc"], {"board": "As 2c"}, DuplicateCardError, "board"),
    (["As Ad Ks Kd Qs", "Qh Qc Jh Jc"], {}, PokersimInputError, "5 cards"),
    (["As Ad Ks Kd", "Qh Qc Jh Jc"], {"board": "2c 3c 4c 5c 6c 7c"}, PokersimInputError,
     "5 board cards"),
    (["As Ad Ks Kd", "Qh Qc Jh Jc"], {"dead": "2c 2c"}, CardError, "repeats"),
    (["As Ad Ks Kd"], {}, PokersimInputError, "at least two"),
    (["As Ad Ks Kd", "Qh Qc Jh Jx"], {}, CardError, "not a card"),
    (["As Ad Ks Kd", "random"], {"trials": 0}, PokersimInputError, "trials"),
    (["As Ad Ks Kd", "random"], {"method": "exact", "seed": 1}, PokersimInputError, "seed"),
    (["As Ad Ks Kd", {"Qh Qc": 1, "Jh Jc Tc 9c 8c": 1}], {}, PokersimInputError,
     "5 cards in 'Jh Jc Tc 9c 8c'"),  # (lists mixing sizes: tests/test_games_fuzz.py)
    (["As Ad Ks Kd", {"Qh Qc Jh Jc": -1}], {}, PokersimInputError, "positive"),
    (["As Ad Ks Kd", "Qh Qc Jh Jc"], {"game": "nope"}, PokersimInputError, "unknown game"),
])
def test_input_errors(players, kwargs, error, words):
    kwargs = {"game": "omaha", **kwargs}
    with pytest.raises(error, match=words):
        equity(players, **kwargs)


def test_short_deck_and_crowded_table_errors():
    with pytest.raises(CardError, match="not in the short-deck deck"):
        equity(["Ah Kh", "2s 2d"], game="short-deck")
    with pytest.raises(PokersimInputError, match="need"):
        equity(["random"] * 8, game="stud")  # 56 cards
    with pytest.raises(PokersimInputError, match="need"):
        equity(["random"] * 5, game="short-deck", dead="Ac Ad Ah As Kc Kd Kh Ks 6c 6d 6h "
                    "6s 7c 7d 7h 7s 8c 8d 8h 8s 9c 9d")


def test_the_counted_level_is_sorted_stably_as_numpy_sorts():
    # the last level's hands are put in order by a counting sort (games._equity.sorting_order)
    from pokersim.engine._games import sorting_order

    rng = np.random.default_rng(3)
    for n, lowest, highest in [(0, 1, 2), (1, 5, 6), (7, 3, 4), (1_000, 1, 40),
                               (50_000, -7, 7_462)]:
        strengths = rng.integers(lowest, highest, n).astype(np.int16)
        assert np.array_equal(sorting_order(strengths), np.argsort(strengths, kind="stable"))


def test_one_compiled_kernel_serves_every_game_of_a_family():
    """The game, its ranking, the number of players, the board and whether categories are
    counted are data to the kernels: after spots of every family of rankings (plain, short
    deck, ace-to-five, deuce-to-seven, badugi, a low half) with 2, 3 and 7 players, each
    Monte Carlo and exact kernel has one compiled specialisation (a second game compiles
    nothing)."""
    from pokersim.engine import _games as _equity

    spots = [("holdem", ["AhKh", "random"], "Qh 7s 2h 3c"),
             ("short-deck", ["AhKh", "QsQd", "random"], "Qh 7s 6h 9c"),
             ("razz", ["As 2d 3c 4h 5s", "Ah 2h 3h 4d 6c"], ""),
             ("2-7-single-draw", ["2s 3d 4h 7c", "random"], ""),
             ("badugi", ["As 2d 3h", "random", "random"], ""),
             ("stud-hi-lo", ["As 2d 3s", "Kh Qc Jh"] + ["random"] * 5, ""),
             ("omaha", ["As Ad Ks Kd", "random"], "2s 3d 4h 9c"),
             ("omaha-5-hi-lo", ["As 2d 3s Kd Qh", "random", "random"], "2h 7c 9d Jc"),
             ("courchevel", ["As 2d 3s Kd Qh", "random"], "2h 7c 9d Jc")]
    for (game, players, board), categories in product(spots, (False, True)):
        on_game_kernels(players, board=board or None, game=game, trials=2_001, seed=1,
                        categories=categories)
        if board:
            on_game_kernels(players[:2], board=board, game=game, method="exact",
                            categories=categories)
    for game, players in (("stud", ["As Ad Ks Jc 9h 2d", "3h 4d 6c 7d 8d 8h"]),
                          ("razz", ["As 2d 3c 4h 5s Kd", "Ah 2h 3h 4d 6c 7d"])):
        for categories in (False, True):
            on_game_kernels(players, game=game, method="exact", categories=categories)
    for omaha in (False, True):
        assert len(_equity.monte_carlo_kernel(omaha).signatures) == 1, omaha
        assert len(_equity.exact_kernel(omaha).signatures) == 1, omaha
    assert len(_equity.private_kernel.signatures) == 1
    # Hold'em and the short decks: the board kernels, one specialisation for both rankings

    for game, board in (("holdem", "Qh 7s 2h"), ("short-deck", "Qh 7s 6h"), ("holdem", ""),
                        ("short-deck", "")):
        equity(["AhKh", "QsQd"], board=board, game=game, method="exact")
        equity(["AhKh", "random"], board=board, game=game, trials=2_001, seed=1)
    for game, board in (("holdem", "Qh 7s 2h"), ("holdem", "")):
        equity(["AhKh", "QsQd"], board=board, game=game, method="exact", categories=True)
    for kernel in (_equity.runout_kernel, _equity.preflop_kernel,
                   _equity.board_monte_carlo_kernel):
        assert len(kernel.signatures) == 1, kernel


def test_one_front_door_reads_every_game_the_same_way():
    """equity reads the players, board and dead cards of every game alike: an array of
    players is a list of them (Hold'em took one, the other games refused it), a 0-d array or
    a single player is refused with the same message, and a dead card on the board is
    named."""
    players = np.array(["As Ad Ks Kd", "Qh Qc Jh Jc"])
    as_list = equity(list(players), board="2s 3d 4h 5c", game="omaha")
    assert equity(players, board="2s 3d 4h 5c", game="omaha").equals(as_list)
    for call in (equity, lambda p, **kw: equity(p, game="omaha", **kw)):
        for bad in (np.array("AhKh"), np.array(["AhKh"]), "AhKh"):
            with pytest.raises(PokersimInputError, match="at least two players"):
                call(bad)
    for game in ("holdem", "short-deck", "omaha"):
        with pytest.raises(DuplicateCardError, match="dead card is also on the board, Js"):
            equity(["As Ad", "Kh Kd"], board="Js 7d 8h", dead="Js", game=game)


def test_huge_and_tiny_weights_on_the_board_kernels():
    """Weights of 1e300 (or 1e-300), each list within WEIGHT_SPAN: the product of one weight
    a player overflowed (or vanished) on the Hold'em kernels, which took the weights as
    given (fuzzing found it); they are scaled exactly, by a power of two, and give the numbers
    of weights 1 and 2."""
    import warnings

    plain = equity([{"6c 6d": 1, "6h 6s": 1}, "7c 7d", {"7h 7s": 1, "8c 8d": 2}],
                        game="short-deck", method="exact")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for scale in (1e300, 1e-300):
            players = [{"6c 6d": scale, "6h 6s": scale}, "7c 7d",
                       {"7h 7s": scale, "8c 8d": 2 * scale}]
            exact = equity(players, game="short-deck", method="exact")
            assert np.allclose(exact.equity, plain.equity, rtol=0, atol=1e-13)
            equity(players, game="short-deck", trials=1_000, seed=0)



def test_a_rows_keys_and_bits_stay_whole_numbers():
    """The key and bits of one row of cards (a board) are uint64 sums: numpy 1's promotion
    made ``0 + np.uint64(x)`` a float and dropped the low bits of a board holding a spade
    (2c and 3c lost their flush bits: Ac4c's flush on the river went uncounted)."""
    from pokersim.engine import games

    ht, lt, _, _ = games._tables("high", False, False)
    board = np.array(cards("2c 3c Kd 9s"), np.uint8)
    key, bits, _ = games._keys(board, ht, lt, np.uint64(0))
    assert int(bits) == sum(int(ht[1][c]) for c in board)
    assert int(key) == sum(int(ht[0][c]) for c in board)
    assert games._keys(board, ht, lt, np.uint64(0)).dtype == np.uint64
