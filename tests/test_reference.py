"""pokersim.evaluate and its decoders checked against independent oracles.

Oracles: the plain-Python reference in tests/naive.py, phevaluator and treys.  The naive
reference is itself checked first (exhaustively on five cards, by sampling on six and seven)
so that a disagreement with pokersim points at pokersim.  phevaluator and treys are optional:
without one, only the comparisons with it skip; every test of pokersim against the naive
reference and the published counts still runs.

Random hands come from np.random.default_rng with fixed seeds (not pokersim.deal), so every
failure is reproducible; failures print the offending hands in text form.
"""

import functools
import importlib
from itertools import chain, combinations

import numpy as np
import pytest

import pokersim
from tests.naive import (
    cards_to_text,
    naive_category,
    naive_describe,
    naive_rank,
    naive_rank5,
)
from tests.orders import assert_same_order, dense_from_keys, dense_from_values, random_hands


def optional(name):
    """The module, or None when it is not installed (its comparisons then skip)."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError:
        return None


phevaluator = optional("phevaluator")
treys = optional("treys")
needs_phevaluator = pytest.mark.skipif(phevaluator is None, reason="phevaluator not installed")
needs_treys = pytest.mark.skipif(treys is None, reason="treys not installed")

N_FIVE_CARD_HANDS = 2_598_960

# docs/design.md, "Numbers every test may use": five-card counts by category code 0..9
FIVE_CARD_COUNTS = [
    1_302_540,  # high card
    1_098_240,  # pair
    123_552,  # two pair
    54_912,  # three of a kind
    10_200,  # straight
    5_108,  # flush
    3_744,  # full house
    624,  # four of a kind
    36,  # straight flush
    4,  # royal flush
]


# ----------------------------------------------------------------------------- helpers


def assert_int_strengths(s, n):
    s = np.asarray(s)
    assert s.shape == (n,), s.shape
    assert np.issubdtype(s.dtype, np.integer), s.dtype
    return s


def category_from_cactus(rank):
    """Category code (docs/design.md) of a classic 1..7462 rank, by the classic class boundaries."""
    for top, code in [(1, 9), (10, 8), (166, 7), (322, 6), (1599, 5), (1609, 4),
                      (2467, 3), (3325, 2), (6185, 1), (7462, 0)]:
        if rank <= top:
            return code
    raise ValueError(rank)


RANKS_TEXT = "23456789TJQKA"
SUITS_TEXT = "cdhs"


@functools.cache
def _treys():
    """treys' card ids (by pokersim card) and its evaluator, made on first use."""
    cards = [treys.Card.new(RANKS_TEXT[c // 4] + SUITS_TEXT[c % 4]) for c in range(52)]
    return cards, treys.Evaluator()


def treys_rank(row):
    cards, evaluator = _treys()
    return evaluator.evaluate([cards[c] for c in row], [])


def phe_rank(row):
    return phevaluator.evaluate_cards(*row)


def as_array(x):
    return np.asarray(x).astype(np.int64)


# ----------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def all_five():
    """All C(52,5) five-card hands, (2598960, 5) uint8, in combinations() order."""
    flat = np.fromiter(chain.from_iterable(combinations(range(52), 5)), dtype=np.uint8,
                       count=5 * N_FIVE_CARD_HANDS)
    return flat.reshape(-1, 5)


@pytest.fixture(scope="module")
def all_five_naive_keys():
    return [naive_rank5(five) for five in combinations(range(52), 5)]


@pytest.fixture(scope="module")
def all_five_phe():
    return np.fromiter((phe_rank(five) for five in combinations(range(52), 5)), dtype=np.int64,
                       count=N_FIVE_CARD_HANDS)


@pytest.fixture(scope="module")
def all_five_strengths(all_five):
    return assert_int_strengths(pokersim.evaluate(all_five), N_FIVE_CARD_HANDS)


@pytest.fixture(scope="module")
def mixed_random():
    """200,000 seven-card, 20,000 six-card and 20,000 five-card random hands."""
    return [random_hands(7, 200_000, 7), random_hands(6, 20_000, 6), random_hands(5, 20_000, 5)]


# ----------------------------------------------------------------------------- the oracle itself


@needs_phevaluator
def test_phevaluator_uses_design_card_ids():
    # docs/design.md, "Cards": card = 4*rank + suit, suits c d h s; phevaluator's ids match
    for card in range(52):
        text = RANKS_TEXT[card // 4] + SUITS_TEXT[card % 4]
        assert phevaluator.Card(text).id_ == card, text
    assert phe_rank([48, 44, 40, 36, 32]) == 1  # Ac Kc Qc Jc Tc
    assert phe_rank([20, 13, 10, 7, 0]) == 7462  # 7c 5d 4h 3s 2c


def test_naive_five_card_counts_exhaustive(all_five_naive_keys):
    """The naive reference on all 2,598,960 hands gives docs/design.md's counts, 7,462 classes."""
    counts = [0] * 10
    for key in all_five_naive_keys:
        counts[key[0]] += 1
    assert counts == FIVE_CARD_COUNTS
    assert len(set(all_five_naive_keys)) == 7462


@needs_phevaluator
def test_naive_five_card_order_matches_phevaluator(all_five_naive_keys, all_five_phe):
    """Naive order on all five-card hands is phevaluator's order (rank 1 is best, so negate)."""
    rows = list(combinations(range(52), 5))
    assert_same_order(rows, dense_from_values(-all_five_phe), dense_from_keys(all_five_naive_keys),
                      "phevaluator", "naive")


@needs_treys
def test_naive_categories_match_treys():
    """20,000 random 5/6/7-card hands: naive category == treys' class of the same hand."""
    for k, seed in [(5, 101), (6, 102), (7, 103)]:
        hands = random_hands(seed, 20_000 // 3 + 1, k).tolist()
        for row in hands:
            expected = category_from_cactus(treys_rank(row))
            assert naive_category(row) == expected, (cards_to_text(row), expected)


@needs_phevaluator
def test_naive_seven_card_order_matches_phevaluator():
    """20,000 random 7-card hands (plus 5- and 6-card): naive best-of-21 orders like phevaluator."""
    rows = []
    for k, seed in [(7, 111), (6, 112), (5, 113)]:
        rows += random_hands(seed, 20_000 if k == 7 else 5_000, k).tolist()
    phe = np.array([phe_rank(r) for r in rows])
    keys = [naive_rank(r) for r in rows]
    assert_same_order(rows, dense_from_values(-phe), dense_from_keys(keys), "phevaluator", "naive",
                      phe, keys)


# ----------------------------------------------------------------------------- evaluate vs naive


def test_evaluate_matches_naive_on_random_hands(mixed_random):
    """240,000 random hands of 5, 6 and 7 cards ranked together: evaluate's order, ties included,
    is the naive reference's order, so strengths are comparable across hand sizes."""
    strengths = np.concatenate(
        [assert_int_strengths(pokersim.evaluate(h), len(h)) for h in mixed_random])
    rows = list(chain.from_iterable(h.tolist() for h in mixed_random))
    keys = [naive_rank(r) for r in rows]
    assert_same_order(rows, dense_from_keys(keys), dense_from_values(strengths),
                      "naive", "evaluate", keys, strengths)


def test_evaluate_ignores_card_order():
    hands = random_hands(21, 50_000, 7)
    rng = np.random.default_rng(22)
    shuffled = np.take_along_axis(hands, np.argsort(rng.random(hands.shape), axis=1), axis=1)
    a, b = pokersim.evaluate(hands), pokersim.evaluate(shuffled)
    bad = np.flatnonzero(np.asarray(a) != np.asarray(b))
    assert bad.size == 0, (cards_to_text(hands[bad[0]]), cards_to_text(shuffled[bad[0]]))


def test_seven_card_strength_is_best_five_card_strength():
    """evaluate of 7 cards == max of evaluate over its 21 five-card subsets (and 6 over 6)."""
    for k, seed in [(7, 31), (6, 32)]:
        hands = random_hands(seed, 50_000, k)
        whole = as_array(pokersim.evaluate(hands))
        best = np.max([as_array(pokersim.evaluate(np.ascontiguousarray(hands[:, list(cols)])))
                       for cols in combinations(range(k), 5)], axis=0)
        bad = np.flatnonzero(whole != best)
        assert bad.size == 0, (cards_to_text(hands[bad[0]]), whole[bad[0]], best[bad[0]])


# ----------------------------------------------------------------------------- all five-card hands


def test_all_five_card_category_counts(all_five_strengths):
    cats = as_array(pokersim.category(all_five_strengths))
    assert cats.shape == (N_FIVE_CARD_HANDS,)
    assert np.bincount(cats, minlength=10).tolist() == FIVE_CARD_COUNTS


def test_all_five_card_distinct_strengths(all_five_strengths):
    assert np.unique(all_five_strengths).size == 7462


@needs_phevaluator
def test_all_five_card_order_matches_phevaluator(all_five, all_five_strengths, all_five_phe):
    assert_same_order(all_five, dense_from_values(-all_five_phe),
                      dense_from_values(all_five_strengths),
                      "phevaluator", "evaluate", all_five_phe, all_five_strengths)


def test_all_five_card_order_matches_naive(all_five, all_five_strengths, all_five_naive_keys):
    """Full naive comparison over all 2,598,960 hands (about 10 s, so it runs by default)."""
    assert_same_order(all_five, dense_from_keys(all_five_naive_keys),
                      dense_from_values(all_five_strengths),
                      "naive", "evaluate", all_five_naive_keys, all_five_strengths)


@needs_phevaluator
def test_all_five_card_cactus_rank(all_five, all_five_strengths, all_five_phe):
    got = as_array(pokersim.cactus_rank(all_five_strengths))
    bad = np.flatnonzero(got != all_five_phe)
    assert bad.size == 0, (cards_to_text(all_five[bad[0]]), int(got[bad[0]]),
                           int(all_five_phe[bad[0]]))


# ----------------------------------------------------------------------------- cactus_rank


PEERS = [pytest.param(phe_rank, marks=needs_phevaluator, id="phevaluator"),
         pytest.param(treys_rank, marks=needs_treys, id="treys")]


@pytest.mark.parametrize("oracle", PEERS)
@pytest.mark.parametrize("k, n, seed", [(7, 100_000, 41), (6, 20_000, 42), (5, 20_000, 43)])
def test_cactus_rank_matches_the_peers(k, n, seed, oracle):
    hands = random_hands(seed, n, k)
    got = as_array(pokersim.cactus_rank(pokersim.evaluate(hands)))
    rows = hands.tolist()
    expected = np.array([oracle(r) for r in rows])
    bad = np.flatnonzero(got != expected)
    assert bad.size == 0, (cards_to_text(rows[bad[0]]), int(got[bad[0]]), int(expected[bad[0]]))


# ----------------------------------------------------------------------------- category / describe


def test_category_and_describe_match_naive():
    rows = []
    for k, seed in [(7, 51), (6, 52), (5, 53)]:
        rows += random_hands(seed, 10_000, k).tolist()
    strengths = np.concatenate(
        [np.asarray(pokersim.evaluate(np.array(rows[i:i + 10_000], dtype=np.uint8)))
         for i in range(0, len(rows), 10_000)])
    cats = as_array(pokersim.category(strengths))
    described = list(pokersim.describe(strengths))
    assert len(described) == len(rows)
    for i, row in enumerate(rows):
        key = naive_rank(row)
        assert cats[i] == key[0], (cards_to_text(row), int(cats[i]), key)
        assert described[i] == naive_describe(key), (cards_to_text(row), described[i],
                                                     naive_describe(key))


def test_category_enum():
    C = pokersim.Category
    expected = ["HIGH_CARD", "PAIR", "TWO_PAIR", "THREE_OF_A_KIND", "STRAIGHT", "FLUSH",
                "FULL_HOUSE", "FOUR_OF_A_KIND", "STRAIGHT_FLUSH", "ROYAL_FLUSH"]
    assert [C[name].value for name in expected] == list(range(10))
    assert int(C.ROYAL_FLUSH) == 9 and C.FLUSH > C.STRAIGHT


# ----------------------------------------------------------------------------- best_five


@pytest.mark.parametrize("k, seed", [(7, 61), (6, 62), (5, 63)])
def test_best_five(k, seed):
    hands = random_hands(seed, 20_000, k)
    best = np.asarray(pokersim.best_five(hands))
    assert best.shape == (len(hands), 5)
    assert best.dtype == np.uint8
    # every played card comes from the row
    member = (best[:, :, None] == hands[:, None, :]).any(axis=2)
    bad = np.flatnonzero(~member.all(axis=1))
    assert bad.size == 0, (cards_to_text(hands[bad[0]]), cards_to_text(best[bad[0]]))
    # five distinct cards
    srt = np.sort(best, axis=1)
    bad = np.flatnonzero((np.diff(srt.astype(np.int16), axis=1) == 0).any(axis=1))
    assert bad.size == 0, (cards_to_text(hands[bad[0]]), cards_to_text(best[bad[0]]))
    # they make the hand's strength
    a, b = as_array(pokersim.evaluate(best)), as_array(pokersim.evaluate(hands))
    bad = np.flatnonzero(a != b)
    assert bad.size == 0, (cards_to_text(hands[bad[0]]), cards_to_text(best[bad[0]]))
    # and the naive reference agrees on a sample
    for i in range(0, len(hands), 10):
        row = hands[i].tolist()
        assert naive_rank5(best[i].tolist()) == naive_rank(row), (cards_to_text(row),
                                                                  cards_to_text(best[i]))
