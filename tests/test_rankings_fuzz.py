"""Fuzzing ``ranking=``: any valid hand of any ranking works, in any form, and any invalid one is
a package input error (as in tests/test_fuzz.py).

Properties, for every ranking of docs/api.md: evaluate never crashes on valid hands given as
lists, arrays of any integer dtype or text; its strength does not change when the cards of a
hand are reordered or the suits relabelled (the short deck relabels within its deck); two hands
compare as the naive reference (tests/naive_rankings.py) says; category, describe and best_five
take what evaluate gives. Invalid hands (wrong size, a repeated card, a card off the ranking's
deck) raise PokersimInputError and nothing else.
"""

import importlib

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import pokersim
from pokersim import PokersimInputError
from tests import naive_rankings as nr
from tests.naive import cards_to_text

INT_DTYPES = [np.uint8, np.int8, np.uint16, np.int16, np.int32, np.uint32, np.int64, np.uint64]


@st.composite
def ranked_hands(draw, max_rows=4, sizes=None):
    """(ranking, rows): 1..max_rows valid hands of one size for a ranking."""
    ranking = draw(st.sampled_from(nr.RANKINGS))
    k = draw(st.sampled_from(sizes or nr.HAND_SIZES[ranking]))
    n = draw(st.integers(1, max_rows))
    deck = list(nr.DECKS[ranking])
    rows = [draw(st.lists(st.sampled_from(deck), min_size=k, max_size=k, unique=True))
            for _ in range(n)]
    return ranking, rows


def canonical(ranking, rows):
    return pokersim.evaluate(np.array(rows, np.uint8), ranking=ranking)


def sign(x):
    return (x > 0) - (x < 0)


@given(ranked_hands(), st.sampled_from(["list", "array", "text", "single"]),
       st.sampled_from(INT_DTYPES))
def test_evaluate_any_form_of_valid_hands(case, form, dtype):
    ranking, rows = case
    want = canonical(ranking, rows)
    assert want.dtype == np.int16 and want.shape == (len(rows),)
    if form == "list":
        got = pokersim.evaluate(rows, ranking=ranking)
    elif form == "array":
        got = pokersim.evaluate(np.array(rows, dtype), ranking=ranking)
    elif form == "text":
        got = pokersim.evaluate([cards_to_text(r) for r in rows], ranking=ranking)
    else:
        got = pokersim.evaluate(np.array(rows[0], dtype), ranking=ranking)
        assert np.ndim(got) == 0
        rows, want = rows[:1], want[0]
    assert np.array_equal(got, want)
    # what evaluate gives, the decoders take
    labels = importlib.import_module("pokersim.rankings").get(ranking).labels
    codes = np.atleast_1d(np.asarray(pokersim.category(want, ranking=ranking))).astype(int)
    names = pokersim.describe(np.atleast_1d(want), ranking=ranking)
    keys = [nr.key(ranking, r) for r in rows]
    assert [labels[c] for c in codes] == [nr.category_name(ranking, k) for k in keys]
    assert len(names) == len(rows) and all(isinstance(x, str) and x for x in names)
    best = pokersim.best_five(np.array(rows, np.uint8), ranking=ranking)
    assert np.array_equal(canonical(ranking, best.tolist()), canonical(ranking, rows))


@given(ranked_hands(max_rows=1), st.data())
def test_card_order_and_suit_names_do_not_matter(case, data):
    ranking, (row,) = case
    order = data.draw(st.permutations(range(len(row))))
    suits = data.draw(st.permutations(range(4)))
    moved = [4 * (row[i] // 4) + suits[row[i] % 4] for i in order]
    assert canonical(ranking, [moved]) == canonical(ranking, [row]), (
        cards_to_text(row), cards_to_text(moved))


@given(st.data())
def test_two_hands_compare_as_the_naive_reference_says(data):
    """Two hands of the same ranking, each of any size it takes (strengths of 4-7 cards are
    comparable)."""
    ranking = data.draw(st.sampled_from(nr.RANKINGS))
    deck = list(nr.DECKS[ranking])
    hands = [data.draw(st.lists(st.sampled_from(deck), min_size=k, max_size=k, unique=True))
             for k in (data.draw(st.sampled_from(nr.HAND_SIZES[ranking])) for _ in range(2))]
    a, b = (int(canonical(ranking, [h])[0]) for h in hands)
    ka, kb = (nr.key(ranking, h) for h in hands)
    assert sign(a - b) == sign((ka > kb) - (ka < kb)), (
        cards_to_text(hands[0]), cards_to_text(hands[1]), a, b, ka, kb)


@given(st.sampled_from(nr.RANKINGS), st.integers(1, 9),
       st.lists(st.integers(0, 60), min_size=9, max_size=9), st.integers(1, 3))
def test_invalid_hands_are_input_errors(ranking, k, cards, n):
    """Any row of 1-9 numbers 0..60: valid hands evaluate, everything else raises a
    PokersimInputError that says something."""
    row = cards[:k]
    valid = (k in nr.HAND_SIZES[ranking] and len(set(row)) == k
             and all(c in nr.DECKS[ranking] for c in row))
    hands = np.array([row] * n, np.int64)
    try:
        got = pokersim.evaluate(hands, ranking=ranking)
    except PokersimInputError as e:
        assert not valid, (ranking, row, e)
        assert str(e).strip()
    else:
        assert valid, (ranking, row, got)


@given(st.text(max_size=20))
def test_any_other_ranking_name_is_an_input_error(name):
    """Names other than docs/api.md's (a spelling of one, or "zhajinhua", may be accepted)."""
    if name.strip().lower().replace("_", "-") in (*nr.RANKINGS, "zhajinhua"):
        return
    with pytest.raises(PokersimInputError):
        pokersim.evaluate(np.array([[0, 4, 8, 12, 16]], np.uint8), ranking=name)
