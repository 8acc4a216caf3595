"""Property-based checks (hypothesis) of the card layer and the evaluator's input boundary."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from pokersim import PokersimInputError, evaluate, format_cards, parse_cards, parse_hands
from pokersim.cards import CARD_NAMES
from tests.naive import naive_rank

distinct_cards = st.lists(st.integers(0, 51), min_size=1, max_size=52, unique=True)


@given(distinct_cards)
def test_format_parse_round_trip(cards):
    arr = np.array(cards, np.uint8)
    assert (parse_cards(format_cards(arr)) == arr).all()


@given(distinct_cards, st.sampled_from([" ", ",", ", ", ""]), st.booleans())
def test_parse_accepts_separators_and_case(cards, sep, upper):
    text = sep.join(CARD_NAMES[c] for c in cards)
    text = text.upper() if upper else text.lower()
    assert parse_cards(text).tolist() == cards


@given(st.text(max_size=30))
def test_parse_arbitrary_text_never_crashes(text):
    try:
        arr = parse_cards(text)
    except PokersimInputError:
        return
    assert arr.dtype == np.uint8 and arr.max(initial=0) < 52 and len(set(arr.tolist())) == arr.size


@settings(max_examples=300)
@given(hnp.arrays(dtype=st.sampled_from([np.int8, np.uint8, np.int16, np.int64, np.uint64]),
                  shape=st.tuples(st.integers(0, 4), st.sampled_from([5, 6, 7])),
                  elements=st.integers(0, 55)))
def test_evaluate_any_integer_array_works_or_raises_cleanly(hands):
    try:
        out = evaluate(hands)
    except PokersimInputError as e:
        assert "hands" in str(e)
        bad_value = (hands > 51).any()
        repeats = any(len(set(r)) < len(r) for r in hands.tolist())
        assert bad_value or repeats
        return
    assert out.shape == (hands.shape[0],)
    for row, strength in zip(hands.tolist(), out.tolist(), strict=True):
        assert 1 <= strength <= 7462
        assert len(set(row)) == len(row)


@settings(max_examples=200)
@given(st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True),
       st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True))
def test_evaluate_orders_pairs_like_the_naive_reference(a, b):
    sa, sb = evaluate(np.array([a, b], np.uint8))
    ra, rb = naive_rank(a), naive_rank(b)
    assert (sa > sb) == (ra > rb) and (sa == sb) == (ra == rb)


def test_parse_hands_matches_parse_cards():
    assert (parse_hands(["As Ks", "2c 3c"])[1] == parse_cards("2c3c")).all()


tokens = st.sampled_from(["AhKh", "QsQd", "random", "QQ+", "AKs", "A5s-A2s", "22-55", "KTo+",
                          "Xx", "", "AA@50", "JTo:0.25", "AsAs", "77s", "7c6c", "any", "AK,,QQ"])
boards = st.sampled_from(["", "2c 7d Qh", "2c 7d Qh 9s", "2c 7d Qh 9s 3d", "Ah Kh Qh", "2c 7d",
                          "2c 2c 3d", "Zz 2c 3c"])


@settings(max_examples=150, deadline=None)
@given(st.lists(tokens, min_size=0, max_size=5), boards, st.sampled_from(["", "3c", "Ah"]))
def test_equity_any_input_works_or_raises_cleanly(players, board, dead):
    import pokersim

    try:
        frame = pokersim.equity(players, board=board, dead=dead, trials=300, seed=1)
    except PokersimInputError:
        return
    assert len(frame) == len(players)
    assert np.allclose(frame.win + frame.tie + frame.lose, 1.0)
    assert abs(frame.equity.sum() - 1.0) < 1e-9
