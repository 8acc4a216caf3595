"""Fuzzing the public boundary: no input may crash pokersim or slip through to a kernel.

Numba kernels do no bounds checking, so every public function must either work (and give the
same answer as for the canonical input: the same cards as a C-contiguous uint8 array, the same
seed as an ``int``) or raise one of the package's own errors (:class:`PokersimInputError` and
its subclasses) with a message that names the problem. Anything else (an IndexError, a Numba
TypingError, a bare numpy ValueError, a silent wrong answer) fails these tests.

The first part holds plain regression tests, one per bug the fuzzing found; the property-based
tests follow, grouped by module; the CLI comes last. Sizes and trial counts stay small so that
the ``ci`` profile (500 examples) also runs in a few minutes.
"""

import numpy as np
import pytest

import pokersim as ps
from pokersim import CardError, HandShapeError, PokersimInputError, RangeError

# ---------------------------------------------------------------------------------------------
# Regressions: inputs the fuzzing found, each once, plainly

RAGGED = [[0, 1, 2, 3, 4], [5, 6, 7]]


@pytest.mark.parametrize("call", [
    lambda: ps.evaluate(RAGGED),
    lambda: ps.best_five(RAGGED),
    lambda: ps.format_cards(RAGGED),
    lambda: ps.deal(1, 2, dead=RAGGED),
    lambda: ps.parse_range("AA").remove(RAGGED),
], ids=["evaluate", "best_five", "format_cards", "deal-dead", "Range.remove"])
def test_ragged_nested_list_is_a_hand_shape_error(call):
    """np.asarray raised its own ValueError ("inhomogeneous shape") for ragged lists."""
    with pytest.raises(HandShapeError, match="cannot be read as an array of cards"):
        call()


def test_ragged_strengths_are_an_input_error():
    with pytest.raises(PokersimInputError, match="strengths cannot be read"):
        ps.category([[1, 2], [3]])


def test_strength_error_names_the_value():
    with pytest.raises(PokersimInputError, match=r"got object 10{30}"):
        ps.describe(10**30)


@pytest.mark.parametrize("texts", [None, 5, np.array("As Ks")])
def test_parse_hands_of_a_non_iterable_is_a_card_error(texts):
    """parse_hands(None) raised TypeError: 'NoneType' object is not iterable."""
    with pytest.raises(CardError, match="parse_hands takes a list of hands"):
        ps.parse_hands(texts)


def test_range_of_ragged_combos_is_a_range_error():
    with pytest.raises(RangeError, match="combos cannot be read"):
        ps.Range([[1, 2], [3]])


@pytest.mark.parametrize("weights, message", [
    (["a"], "weights must be real numbers"),
    ([1 + 1j], "weights must be real numbers"),
    ([None], "weights must be real numbers"),
    ([[1], [1, 2]], "weights cannot be read"),
])
def test_range_weights_that_are_not_numbers_are_a_range_error(weights, message):
    """np.array(weights, float64) raised ValueError/TypeError of its own for these."""
    with pytest.raises(RangeError, match=message):
        ps.Range([[1, 2]], weights)


@pytest.mark.parametrize("call, name", [
    (lambda: ps.deal(10**30, 5), "n"),
    (lambda: ps.deal(np.uint64(2**64 - 1), 5), "n"),
    (lambda: ps.deal(2**61, 7), "n \\* k"),
    (lambda: ps.category_frequencies(5, "monte-carlo", trials=10**30), "trials"),
    (lambda: ps.equity(["AhKh", "QsQd"], trials=10**30, target_stderr=0.5), "trials"),
    (lambda: ps.equity_vs_random("AsAd", opponents=[10**30], trials=10), "opponents"),
], ids=["deal-n", "deal-n-uint64", "deal-n*k", "frequencies-trials", "equity-trials",
        "vs-random-opponents"])
def test_counts_past_2_62_are_an_input_error(call, name):
    """A count too large for int64 reached numpy ("Maximum allowed dimension exceeded"), a
    Numba kernel (TypingError, non-precise type pyobject) or Python (OverflowError), or tried
    to allocate it (frequencies: MemoryError after eating the machine's memory)."""
    with pytest.raises(PokersimInputError, match=name):
        call()


def test_largest_count_is_still_accepted():
    from pokersim.deal import MAX_COUNT, check_count

    assert check_count(MAX_COUNT, "n") == MAX_COUNT
    assert check_count(np.uint64(MAX_COUNT), "n") == MAX_COUNT
