"""The rankings' tables (pokersim/rankings/) and how the evaluator reads them.

* The shipped ``rankings/tables.npz`` is exactly what the five-card rules build, so it can
  always be regenerated (``python -m pokersim.rankings``).
* Every strength of a ranking is the strength of some five-card hand (the strengths are
  dense), and more cards never make a hand the rules could not make from five: the strength
  of six or seven cards is the best of their five-card hands' strengths, evaluated one at a
  time (here, with many suited hands, the path deuce-to-seven's flush rows take).
* Cards outside a ranking's deck are refused, in the vector path (blocks of eight rows) and
  in the rows left over, and so are unknown rankings.
The rules themselves are checked against naive references in tests/test_rankings.py.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

import pokersim
from pokersim import rankings
from pokersim.errors import CardError, PokersimInputError

HASHED = [name for name in rankings.NAMES if rankings.get(name).five_key is not None]
FIELDS = ["flush", "offsets", "hash", "keys"]


@pytest.fixture(scope="module")
def shipped():
    with np.load(rankings.SHIPPED) as z:
        return {name: z[name] for name in z.files}


#: Rebuilt in the default run (the brute-force build of each takes seconds); every ranking in
#: CI (--runslow).
REBUILT_BY_DEFAULT = ("ace-to-five", "deuce-to-seven")


@pytest.mark.parametrize("name", [
    name if name in REBUILT_BY_DEFAULT else pytest.param(name, marks=pytest.mark.slow)
    for name in HASHED])
def test_shipped_tables_equal_a_fresh_build(name, shipped):
    fresh = rankings.get(name).build()
    loaded = rankings.get(name).tables
    for field in FIELDS:
        ship = shipped[f"{name}/{field}"]
        assert ship.dtype == getattr(fresh, field).dtype, field
        assert np.array_equal(ship, getattr(fresh, field)), field
        assert np.array_equal(getattr(loaded, field), ship), field
    assert np.array_equal(loaded.card_keys, fresh.card_keys)
    assert np.array_equal(loaded.card_bits, fresh.card_bits)


@pytest.mark.parametrize("name", HASHED)
def test_every_strength_is_a_five_card_hand(name):
    r = rankings.get(name)
    counts = pokersim.analysis.frequencies.strength_counts(5, ranking=name)
    assert counts.size == r.n_strengths + 1
    assert (counts[1:] > 0).all()
    assert counts[0] == (2_541_616 if name == "eight-or-better" else 0)  # published below


def _best_of_fives(hands: np.ndarray, name: str, size: int = 5) -> np.ndarray:
    k = hands.shape[1]
    fives = np.stack([pokersim.evaluate(np.ascontiguousarray(hands[:, list(c)]), ranking=name)
                      for c in combinations(range(k), size)])
    return fives.max(axis=0)


def _suited_hands(n: int, k: int, seed: int) -> np.ndarray:
    """Random k-card hands of which five or more share a suit (the flush rows)."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, k), np.uint8)
    for i in range(n):
        suit = rng.integers(4)
        n_suited = rng.integers(5, k + 1)
        suited = rng.choice(13, n_suited, replace=False) * 4 + suit
        rest = np.setdiff1d(np.arange(52), suited)
        out[i] = rng.permutation(np.concatenate([suited, rng.choice(rest, k - n_suited,
                                                                    replace=False)]))
    return out


@pytest.mark.parametrize("name", HASHED)
@pytest.mark.parametrize("k", [6, 7])
def test_more_cards_give_the_best_five(name, k):
    r = rankings.get(name)
    hands = pokersim.deal(3000, k, seed=k, deck=r.deck)
    if r.deck == "full":
        hands = np.concatenate([hands, _suited_hands(3000, k, seed=k)])
    assert np.array_equal(pokersim.evaluate(hands, ranking=name), _best_of_fives(hands, name))


@pytest.mark.parametrize("k", [5, 6, 7])
def test_badugi_of_more_cards_is_the_best_four(k):
    hands = np.concatenate([pokersim.deal(5000, k, seed=k), _suited_hands(500, k, seed=k)])
    assert np.array_equal(pokersim.evaluate(hands, ranking="badugi"), _best_of_fives(hands,
                                                                                     "badugi", 4))
    four = pokersim.best_five(hands, ranking="badugi")
    assert np.array_equal(pokersim.evaluate(four, ranking="badugi"), pokersim.evaluate(hands,
                                                                                       ranking="badugi"))
    assert all(set(f) <= set(h) for f, h in zip(four.tolist(), hands.tolist(), strict=True))


@pytest.mark.parametrize("rows", [1, 7, 8, 9, 64, 1001])
@pytest.mark.parametrize("k", [5, 7])
def test_short_deck_refuses_low_cards_in_every_path(rows, k):
    hands = pokersim.deal(rows, k, seed=rows, deck="short")
    bad = hands.copy()
    bad[rows // 2, k - 1] = 13  # 5d
    with pytest.raises(CardError, match=r"5d \(13\) is not a card of the short deck"):
        pokersim.evaluate(bad, ranking="short-deck")
    with pytest.raises(CardError, match="short deck"):
        pokersim.best_five(bad, ranking="short-deck")
    assert pokersim.evaluate(hands, ranking="short-deck").min() >= 1


def test_unknown_ranking_names_the_choices():
    with pytest.raises(PokersimInputError, match=r"unknown ranking 'razz'; choose one of high"):
        pokersim.evaluate("As Ks Qs Js Ts", ranking="razz")
    with pytest.raises(PokersimInputError, match="unknown ranking"):
        pokersim.category_frequencies(5, ranking=["high"])
    with pytest.raises(PokersimInputError, match="unknown deck 'long'"):
        pokersim.deal(1, 5, deck="long")


def test_short_deck_rule_flag_is_the_named_ranking():
    assert rankings.short_deck() is rankings.get("short-deck")
    assert rankings.short_deck(trips_beat_straight=True) is rankings.get("short-deck-trips")
    with pytest.raises(PokersimInputError, match="True or False"):
        rankings.short_deck("yes")
    trips, straight = pokersim.parse_hands(["6c 6d 6h 8s 9c", "6c 7d 8h 9s Tc"])
    assert pokersim.evaluate(straight, ranking="short-deck") > pokersim.evaluate(trips,
                                                                                 ranking="short-deck")
    ranked = pokersim.evaluate(np.stack([trips, straight]), ranking=rankings.short_deck(True))
    assert ranked[0] > ranked[1]


def test_strengths_are_checked_per_ranking():
    message = r"57 is not a hand strength of the eight-or-better ranking \(strengths run 0..56\)"
    with pytest.raises(PokersimInputError, match=message):
        pokersim.describe(57, ranking="eight-or-better")
    with pytest.raises(PokersimInputError, match=r"strengths run 1..7462"):
        pokersim.category(0)
    assert pokersim.describe(0, ranking="eight-or-better") == "No low"
    assert pokersim.category(0, ranking="eight-or-better") == 0
