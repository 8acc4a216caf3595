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


# --- the games


def test_zhajinhua_showdown_of_zero_tables():
    """reshape(0, -1) raised numpy's "cannot reshape array of size 0"."""
    from pokersim.games import zhajinhua as zjh

    out = zjh.showdown(np.zeros((0, 2, 3), np.uint8))
    assert out.shape == (0, 2) and out.dtype == np.int8


def test_zhajinhua_ragged_tables_are_a_hand_shape_error():
    from pokersim.games import zhajinhua as zjh

    with pytest.raises(HandShapeError, match="hands cannot be read"):
        zjh.showdown([[[0, 1, 2], [3, 4, 5]], [[6, 7, 8]]])
    with pytest.raises(HandShapeError, match="cannot be read"):
        zjh.category([[0, 1, 2], [3, 4]])


def test_zhajinhua_category_of_a_3d_array_is_not_read_as_strengths():
    """A (R, P, 3) array of tables came back as a (R, P, 3) array of categories: each card id
    read as a strength."""
    from pokersim.games import zhajinhua as zjh

    with pytest.raises(HandShapeError, match="1-D"):
        zjh.category(np.zeros((2, 2, 3), np.int64))


@pytest.mark.parametrize("call", [
    lambda m: m.zhajinhua.category_frequencies(method=np.array(["exact", "x"])),
    lambda m: m.zhajinhua.win_rates(3, trials=10, method=np.array(["exact", "x"])),
    lambda m: m.draw5.win_rates(3, trials=10, method=np.array(["exact", "x"])),
    lambda m: m.videopoker.simulate(10, strategy=np.array(["simple"]), seed=1),
    lambda m: m.videopoker.classify("As Ks Qs Js Ts", names=np.array([1, 0])),
], ids=["zjh-frequencies", "zjh-win_rates", "draw5-win_rates", "vp-simulate", "vp-classify"])
def test_option_arrays_are_an_input_error(call):
    """An array where a string or flag belongs raised numpy's "truth value of an array is
    ambiguous", or (simulate) reached the Numba kernel as a bool array instead of a flag and
    came back labelled "['simple'] play"."""
    from pokersim import games

    with pytest.raises(PokersimInputError, match="method|strategy|names"):
        call(games)


@pytest.mark.parametrize("pays, message", [
    (None, "pays must be a sequence"),
    ("9/6", "pays must be a sequence"),
    (("a",) * 11, "payout 0 must be a number"),
    ((1j,) * 11, "payout 0 must be a number"),
    ((10**400,) * 11, "payout 0 = 1000.* is too large"),
])
def test_paytable_of_bad_payouts_is_an_input_error(pays, message):
    """float() raised ValueError, TypeError or OverflowError for these."""
    from pokersim.games.videopoker import PayTable

    with pytest.raises(PokersimInputError, match=message):
        PayTable(pays)


def test_paytable_mapping_of_a_huge_payout_is_an_input_error():
    from pokersim.games.videopoker import PayTable

    with pytest.raises(PokersimInputError, match="payout of 'Flush' = 1000.* is too large"):
        PayTable.from_mapping({"Flush": 10**400})


@pytest.mark.parametrize("frame", [None, 5, "x"])
def test_draw5_text_helpers_take_only_a_deal_table_frame(frame):
    """winner_lines(None) raised AttributeError, format_table(None) TypeError."""
    from pokersim.games import draw5

    for fn in (draw5.winner_lines, draw5.format_table):
        with pytest.raises(PokersimInputError, match="DataFrame of deal_table"):
            fn(frame)


def test_draw5_text_helpers_name_the_missing_columns():
    """An empty DataFrame raised KeyError: 'round'."""
    import pandas as pd

    from pokersim.games import draw5

    with pytest.raises(PokersimInputError, match="lacks the columns"):
        draw5.winner_lines(pd.DataFrame())
    with pytest.raises(PokersimInputError, match="max_rounds"):
        draw5.winner_lines(draw5.deal_table(2, seed=1), max_rounds="a")


@pytest.mark.parametrize("name", ["category_frequencies", "equity_vs_players",
                                  "starting_hand_grid", "win_rates"])
@pytest.mark.parametrize("table", [None, 5])
def test_plots_take_only_a_dataframe(name, table):
    """`"x" in None` raised TypeError: argument of type 'NoneType' is not iterable."""
    from pokersim import plots

    with pytest.raises(PokersimInputError, match="takes a DataFrame"):
        getattr(plots, name)(table)
