"""The shipped table of the 169 starting hands against 1..9 random opponents."""

import numpy as np
import pytest

from pokersim import equity
from pokersim.starting_hands import load_starting_hands, representative, starting_hand_names


@pytest.fixture(scope="module")
def table():
    return load_starting_hands()


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
    # a SeedSequence or Generator raised a TypeError (seed * 1000 + i), a negative seed an
    # error naming seed 1000 times too small, a float ran with seed 7000.0
    (dict(seed=np.random.SeedSequence(7)), "seed must be an integer >= 0"),
    (dict(seed=np.random.default_rng(7)), "seed must be an integer >= 0"),
    (dict(seed=-1), "seed must be an integer >= 0; got -1$"),
    (dict(seed=7.0), "seed must be an integer >= 0; got 7.0"),
    (dict(seed=None), "seed must be an integer >= 0; got None"),
    # an int raised a TypeError (1 in 2), 0 or 10 reached equity
    (dict(opponents=2), "opponents must be a list"),
    (dict(opponents=[0]), "opponents must be an integer from 1 to 9; got 0"),
    (dict(opponents=[10]), "opponents must be an integer from 1 to 9; got 10"),
])
def test_starting_hand_table_bad_seed_or_opponents_is_an_input_error(kwargs, words):
    from pokersim import PokersimInputError
    from pokersim.starting_hands import starting_hand_table

    with pytest.raises(PokersimInputError, match=words):
        starting_hand_table(**{"opponents": [2], "target_stderr": 0.05, "hands": ["AA"],
                               **kwargs})
