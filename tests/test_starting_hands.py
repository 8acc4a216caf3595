"""The shipped table of the 169 starting hands against 1..9 random opponents."""

import numpy as np
import pandas as pd
import pytest

from pokersim import PokersimInputError, equity
from pokersim.analysis.starting_hands import starting_hand_table
from pokersim.data import starting_hands
from pokersim.ranges import representative, starting_hand_names
from pokersim.results import WIN_RATE_COLUMNS, ResultFrame


@pytest.fixture(scope="module")
def table():
    return starting_hands()


def test_names():
    names = starting_hand_names()
    assert len(names) == len(set(names)) == 169
    assert sum(n[-1] == "s" for n in names) == 78 and sum(n[-1] == "o" for n in names) == 78
    assert representative("AKo") == "AsKh" and representative("T9s") == "Ts9s"


def test_shape_and_methods(table):
    assert len(table) == 169 * 9
    assert sorted(set(table.hand)) == sorted(starting_hand_names())
    assert all(sorted(g) == list(range(1, 10)) for _, g in table.groupby("hand").opponents)
    heads_up = table[table.opponents == 1]
    assert (heads_up.method == "exact").all() and (heads_up.std_error == 0).all()
    multi = table[table.opponents > 1]
    assert (multi.method == "monte-carlo").all() and (multi.std_error <= 0.0005).all()
    np.testing.assert_allclose(table.win + table.tie + table.lose, 1, atol=1e-6)


def test_published_heads_up_values(table):
    # PokerStove's preflop equities against one random hand: AA 85.20%, AKs 67.04%, 72o 34.58%
    eq = table[table.opponents == 1].set_index("hand").equity
    assert eq["AA"] == pytest.approx(0.8520, abs=5e-5)
    assert eq["AKs"] == pytest.approx(0.6704, abs=5e-5)
    assert eq["72o"] == pytest.approx(0.3458, abs=5e-5)


def test_a_random_hand_against_a_random_hand_is_an_even_bet(table):
    # Weighting each class by its combos (6 pairs, 4 suited, 12 offsuit), the mean heads-up
    # equity is exactly one half, and win and lose balance.
    h = table[table.opponents == 1]
    w = h.hand.map(lambda n: 6 if len(n) == 2 else 4 if n[2] == "s" else 12)
    assert w.sum() == 1326
    assert (w * h.equity).sum() / 1326 == pytest.approx(0.5, abs=1e-6)
    assert (w * h.win).sum() == pytest.approx((w * h.lose).sum(), abs=1e-4)


def test_equity_falls_with_every_opponent(table):
    for _, g in table.sort_values("opponents").groupby("hand"):
        assert g.equity.is_monotonic_decreasing


@pytest.mark.parametrize("hand, n", [("QJs", 3), ("22", 6)])
def test_rows_are_reproduced_by_a_fresh_simulation(table, hand, n):
    row = table[(table.hand == hand) & (table.opponents == n)].iloc[0]
    fresh = equity([representative(hand)] + ["random"] * n, trials=400_000, seed=2).iloc[0]
    se = np.hypot(row.std_error, fresh.std_error)
    assert abs(fresh.equity - row.equity) < 4 * se


@pytest.mark.parametrize("kwargs, words", [
    (dict(seed=-1), "seed must be None, an integer >= 0, a SeedSequence or a numpy Generator; "
                    "got -1$"),
    (dict(seed=7.0), "seed must be None, an integer >= 0"),
    (dict(seed=True), "seed must be None, an integer >= 0"),
    # an int raised a TypeError (1 in 2), 0 reached equity
    (dict(opponents="2"), "opponents must be a count"),  # 2 is a count (issue 19)
    (dict(opponents=[0]), "opponents must be an integer from 1 to 22"),
    (dict(opponents=[23]), "opponents must be an integer from 1 to 22"),
    (dict(names=["AKx"]), "not a starting hand: 'AKx'"),
    (dict(names="AA"), "names must be a list of hands"),
    (dict(names=[["As", "Ad"]]), "a starting hand is a text"),
    # a hand twice: two rows of one hand, which the command line's wide table could not hold
    (dict(names=["AA", "KK", "AA"]), "'AA' is the hand 'AA' again; name each hand once"),
    (dict(names=["As Ad", "Ad As"]), "'Ad As' is the hand 'As Ad' again"),
    (dict(game="shortdeck"), "unknown game .shortdeck."),
])
def test_starting_hand_table_bad_input_is_an_input_error(kwargs, words):
    with pytest.raises(PokersimInputError, match=words):
        starting_hand_table(**{"opponents": [2], "target_stderr": 0.05, "names": ["AA"],
                               **kwargs})


def small_table(**options):
    return starting_hand_table(**{"opponents": [2], "target_stderr": 0.02,
                                  "names": ["AA", "72o"], **options})


def test_starting_hand_table_takes_any_seed_as_equity_does():
    # a SeedSequence or a Generator raised an error, None too: the seed was an int only
    by_int = small_table(seed=7)
    pd.testing.assert_frame_equal(by_int, small_table(seed=np.random.SeedSequence(7)))
    pd.testing.assert_frame_equal(by_int, small_table(seed=np.int64(7)))
    assert not by_int.equity.equals(small_table(seed=8).equity)
    spawned = np.random.SeedSequence(7).spawn(1)[0]
    pd.testing.assert_frame_equal(small_table(seed=spawned), small_table(seed=spawned))
    pd.testing.assert_frame_equal(small_table(seed=np.random.default_rng(3)),
                                  small_table(seed=np.random.default_rng(3)))
    assert (small_table(seed=None).method == "monte-carlo").all()


def test_a_hand_numbers_do_not_depend_on_the_other_hands_asked_for():
    for seed in (7, np.random.SeedSequence([1, 2])):
        both = small_table(seed=seed)
        alone = starting_hand_table([2], target_stderr=0.02, names=["72o"], seed=seed)
        pd.testing.assert_frame_equal(pd.DataFrame(both.iloc[1:]).reset_index(drop=True),
                                      pd.DataFrame(alone))


def test_starting_hand_table_up_to_22_opponents_as_equity_vs_random():
    got = starting_hand_table([1, 12, 22], target_stderr=0.02, names=["AA"], seed=1)
    assert isinstance(got, ResultFrame)
    assert got.columns.tolist() == ["hand", "opponents", *WIN_RATE_COLUMNS]
    assert got.opponents.tolist() == [1, 12, 22]
    assert got.method.tolist() == ["exact", "monte-carlo", "monte-carlo"]
    assert got.attrs["method"] == "exact, monte-carlo"
    assert got.equity.is_monotonic_decreasing and (got.std_error < 0.02).all()


def test_shipped_table_is_a_win_rate_table(table):
    assert isinstance(table, ResultFrame)
    assert table.columns.tolist() == ["hand", "opponents", *WIN_RATE_COLUMNS]
    assert table.opponents.dtype == np.int64 and table.outcomes.dtype == np.int64
    assert table.outcomes[table.opponents == 1].unique().tolist() == [1225 * 1_712_304]


def test_the_module_keeps_its_helpers():
    from pokersim.analysis import starting_hands as module

    assert module.starting_hand_names is starting_hand_names
    assert module.representative is representative


def test_ctrl_c_keeps_the_rows_finished_in_the_table_shape(monkeypatch):
    from pokersim import SimulationInterrupted
    from pokersim.analysis import starting_hands as module

    real, calls = module.equity, []

    def equity_then_ctrl_c(players, **options):  # the third Monte Carlo run is cut short
        calls.append(players)
        frame = real(players, **options)
        if len(calls) == 3:
            frame["method"] = "monte-carlo (partial)"
            raise SimulationInterrupted(frame)
        return frame

    monkeypatch.setattr(module, "equity", equity_then_ctrl_c)
    with pytest.raises(SimulationInterrupted) as info:
        starting_hand_table([1, 2, 3], target_stderr=0.02, names=["AA", "72o"])
    table = info.value.partial
    assert isinstance(table, ResultFrame) and table.attrs["partial"] is True
    assert table.columns.tolist() == ["hand", "opponents", *WIN_RATE_COLUMNS]
    assert table.hand.tolist() == ["AA", "AA", "AA", "72o", "72o"]
    assert table.opponents.tolist() == [1, 2, 3, 1, 2]
    assert table.method.tolist() == ["exact", "monte-carlo", "monte-carlo", "exact",
                                     "monte-carlo (partial)"]


# ------------------------------------------------------------------ any game (issue 31)


def test_a_short_deck_table_has_the_classes_of_its_ranks_and_plays_them_there():
    got = starting_hand_table([1, 3], target_stderr=0.01, names=["AA", "76s", "Ks Qd"],
                              game="short-deck", seed=5)
    assert got.hand.tolist() == ["AA", "AA", "76s", "76s", "Ks Qd", "Ks Qd"]
    assert got.attrs["game"] == "short-deck"
    # each row is the game's equity of a hand of the class against random players, with the
    # documented seed: 1000 * seed + the class's grid index; a hand of cards keyed by them
    names = starting_hand_names()
    for _, row in got.iterrows():
        if row.hand in names:
            hand, key = representative(row.hand), 1000 * 5 + names.index(row.hand)
        else:
            hand, key = "Ks Qd", np.random.SeedSequence(5, spawn_key=(41, 47, 2))  # Qd, Ks
        alone = equity([hand] + ["random"] * row.opponents, target_stderr=0.01, seed=key,
                       game="short-deck").iloc[0]
        assert (row.win, row.tie, row.equity, row.outcomes) == (
            alone.win, alone.tie, alone.equity, alone.outcomes)
    # the short deck's own numbers, not Hold'em's: AA wins less often heads-up (73% against
    # Hold'em's 85%: more straights, fewer dead cards), and 76s is a short-deck hand
    heads_up = got[got.opponents == 1].set_index("hand").equity
    assert 0.70 < heads_up["AA"] < 0.76


def test_the_short_deck_default_is_its_81_classes():
    from pokersim.analysis.starting_hands import _starting_hands
    from pokersim.games.game import get

    chosen = _starting_hands(get("short-deck"), None)
    assert len(chosen) == 81  # 9 ranks: 9 pairs, 36 suited, 36 offsuit
    assert [c[0] for c in chosen[:3]] == ["AA", "AKs", "AQs"] and chosen[-1][0] == "66"
    assert len(_starting_hands(get("holdem"), None)) == 169


def test_an_omaha_table_takes_hands_of_cards_their_order_aside():
    got = starting_hand_table([1, 2], target_stderr=0.01, names=["As Ad Ks Kd"], game="omaha",
                              seed=3)
    assert got.hand.tolist() == ["As Ad Ks Kd"] * 2
    assert got.method.tolist() == ["monte-carlo"] * 2
    assert (got.std_error <= 0.01).all() and got.equity.is_monotonic_decreasing
    reordered = starting_hand_table([1, 2], target_stderr=0.01, names=["Kd Ks Ad As"],
                                    game="omaha", seed=3)
    assert reordered.equity.tolist() == got.equity.tolist()
    assert reordered.hand.tolist() == ["Kd Ks Ad As"] * 2
    # the stud games: the first three cards, the rest dealt
    stud = starting_hand_table([1], target_stderr=0.02, names=["As Ad Ks"], game="stud", seed=3)
    assert stud.hand.tolist() == ["As Ad Ks"] and 0.6 < stud.equity.iloc[0] < 0.9


@pytest.mark.parametrize("game, names, words", [
    ("omaha", None, "omaha hands have no class names such as 'AKs': name the hands by their "
                    "cards"),
    ("omaha", ["AKs"], "not a starting hand: 'AKs' .a omaha starting hand is named by its "
                       "cards"),
    ("omaha", ["As Ad Ks Kd Qs"], "1 to 4 cards"),
    ("omaha", ["As As Ks Kd"], "card 2: 'As' repeats card 1"),
    ("short-deck", ["22"], "not a starting hand: '22' .a short-deck starting hand is a class "
                           "such as 'AKs' or 'AA' .ranks 6 to A."),
    ("short-deck", ["As 5d"], "starting hand 'As 5d': 5d is not in the short-deck deck"),
])
def test_a_bad_hand_of_a_game_is_named_before_any_work(game, names, words, monkeypatch):
    from pokersim.analysis import starting_hands as module

    monkeypatch.setattr(module, "equity", None)  # no run may start
    with pytest.raises(PokersimInputError, match=words):
        starting_hand_table([2], names=names, game=game)
