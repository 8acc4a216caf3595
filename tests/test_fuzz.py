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

import itertools
import math
import numbers
import re
import warnings
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import pokersim as ps
from pokersim import CardError, HandShapeError, PokersimInputError, RangeError
from pokersim._core.validation import MAX_COUNT, check_count
from pokersim.cards import CARD_NAMES
from pokersim.cli import main as cli_main
from pokersim.evaluator.strengths import CATEGORY_LABELS
from pokersim.games import draw5
from pokersim.games import videopoker as vp
from pokersim.games import zhajinhua as zjh
from tests import naive_zhajinhua as zjh_naive
from tests.naive import naive_category, naive_rank

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
    (lambda: ps.category_frequencies(5, method="monte-carlo", trials=10**30), "trials"),
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
    lambda m: m.videopoker.simulate(trials=10, strategy=np.array(["simple"]), seed=1),
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


# ---------------------------------------------------------------------------------------------
# Strategies

EXAMPLES = settings().max_examples  # 100 in the dev profile, 500 under CI


def scaled(n: int) -> int:
    """``n`` examples in the dev profile, 5 n under CI: for the costlier properties."""
    return max(1, n * EXAMPLES // 100)


def attempt(fn, *args, **kwargs):
    """``(result, None)``, or ``(None, error)`` for a package input error with a message.
    Anything else (IndexError, a Numba TypingError, numpy's ValueError ...) propagates and
    fails the test."""
    name = getattr(fn, "__qualname__", "call")
    try:
        result = fn(*args, **kwargs)
    except PokersimInputError as e:
        assert str(e).strip(), f"{type(e).__name__} without a message"
        event(f"{name}: {type(e).__name__}")
        return None, e
    event(f"{name}: works")
    return result, None


INT_DTYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]
BAD_CARDS = [-1, -128, 52, 53, 63, 64, 127, 255, 256, 1000, 2**31 - 1, 2**63 - 1, 2**64 - 1,
             10**30, -10**30]
HUGE_TEXTS = ["As " * 20_000, "x" * 100_000, "♠" * 5_000, " " * 50_000, "," * 10_000,
              "AsKd" * 10_000]
CARD_TOKENS = list(CARD_NAMES) + [c.upper() for c in CARD_NAMES] + [
    "10h", "10S", "A♠", "k♦", "Q♥", "j♣", "T♤", "9♢", "8♡", "7♧"]
JUNK_TOKENS = ["", " ", "X", "1", "0", "10", "Ahh", "♠", "AK", "Asx", "\u00a0", "\u200b", "ß",
               "\u212a" + "s", "A\u017f", "１0h", "Ａs", "As,", ";", "\n", "\t", "-", "+", "@"]
SEPARATORS = ["", " ", ",", ", ", ";", "\t", "\n", "  ", "\u3000"]


def dtype_for(values, candidates=INT_DTYPES):
    """The integer dtypes that hold every value."""
    return [d for d in candidates
            if all(np.iinfo(d).min <= v <= np.iinfo(d).max for v in values)]


@dataclass
class Cards:
    """A generated card input: ``value`` goes to the function; ``kind`` says what is wrong
    with it ("ok", "dup", "value", "dtype", "ndim", "width", "ragged"); ``canon`` is the same
    cards as a C-contiguous uint8 array (None when there are none); ``single`` says the input
    was one hand (1-D or one string)."""

    value: object
    kind: str
    canon: np.ndarray | None
    single: bool = False

    def __repr__(self):  # what hypothesis prints for a failing example
        v = self.value
        desc = (f"array(dtype={v.dtype}, shape={v.shape}, strides={v.strides}, "
                f"writeable={v.flags.writeable}, values={v.tolist()!r})"
                if isinstance(v, np.ndarray) else repr(v)[:300])
        return f"Cards({self.kind}, {desc})"


def _rows(draw, n, k):
    return [draw(st.lists(st.integers(0, 51), min_size=k, max_size=k, unique=True))
            for _ in range(n)]


def _array_form(draw, rows, n, k):
    """The cards of ``rows`` as one of many equivalent array forms."""
    values = [v for r in rows for v in r]
    dt = np.dtype(draw(st.sampled_from(dtype_for(values))))
    base = np.array(rows, dt).reshape(n, k)
    form = draw(st.sampled_from(["plain", "big-endian", "strided", "fortran", "reversed",
                                 "readonly", "list", "tuple"]))
    if form == "big-endian":
        return base.astype(dt.newbyteorder(">"))
    if form == "strided":
        big = np.zeros((2 * n, 3 * k), dt)
        big[::2, ::3] = base
        return big[::2, ::3]
    if form == "fortran":
        return np.asfortranarray(base)
    if form == "reversed":
        return np.ascontiguousarray(base[::-1, ::-1])[::-1, ::-1]
    if form == "readonly":
        base.setflags(write=False)
        return base
    if form == "list":
        return base.tolist() if n else base  # [] would be a float array: a different input
    if form == "tuple":
        return tuple(map(tuple, base.tolist())) if n else base
    return base


@st.composite
def card_arrays(draw, widths, max_rows=4):
    """Hands of one of ``widths`` cards, well or badly formed (see :class:`Cards`)."""
    k = draw(st.sampled_from(widths))
    n = draw(st.integers(0, max_rows))
    rows = _rows(draw, n, k)
    kind = draw(st.sampled_from(["ok", "ok", "text", "single", "value", "dup", "dtype", "ndim",
                                 "width", "ragged"]))
    canon = np.array(rows, np.uint8).reshape(n, k)
    if kind in ("value", "dup", "text", "single", "ragged") and n == 0:
        kind = "ok"
    if kind == "ok":
        return Cards(_array_form(draw, rows, n, k), "ok", canon)
    if kind == "text":
        form = draw(st.sampled_from(["a text a hand", "nested lists", "text array",
                                     "object array"]))
        if form == "a text a hand":
            texts = [draw(st.sampled_from(SEPARATORS[1:])).join(CARD_NAMES[c] for c in r)
                     for r in rows]
            return Cards(texts, "ok", canon)
        names = [[CARD_NAMES[c] for c in r] for r in rows]  # a card a text, a hand a row
        if form == "text array":
            return Cards(np.array(names, str).reshape(n, k), "ok", canon)
        if form == "object array":
            return Cards(np.array(names, object), "ok", canon)
        return Cards(names, "ok", canon)
    if kind == "single":
        row = rows[0]
        form = draw(st.sampled_from(["text", "array", "list"]))
        if form == "text":
            value = draw(st.sampled_from(SEPARATORS)).join(CARD_NAMES[c] for c in row)
        elif form == "array":
            value = np.array(row, draw(st.sampled_from(INT_DTYPES)))
        else:
            value = list(row)
        return Cards(value, "ok", canon[:1], single=True)
    if kind == "value":
        i, j = draw(st.integers(0, n - 1)), draw(st.integers(0, k - 1))
        rows[i][j] = draw(st.sampled_from(BAD_CARDS))
        values = [v for r in rows for v in r]
        dts = dtype_for(values)
        if dts and draw(st.booleans()):
            return Cards(np.array(rows, draw(st.sampled_from(dts))), "value", None)
        return Cards(rows, "value", None)  # numpy picks int64, uint64 or object
    if kind == "dup":
        if k == 1:
            return Cards(_array_form(draw, rows, n, k), "ok", canon)
        i = draw(st.integers(0, n - 1))
        a, b = draw(st.lists(st.integers(0, k - 1), min_size=2, max_size=2, unique=True))
        rows[i][b] = rows[i][a]
        return Cards(_array_form(draw, rows, n, k), "dup", np.array(rows, np.uint8))
    if kind == "dtype":
        form = draw(st.sampled_from(["float", "special float", "bool", "complex", "object",
                                     "datetime"]))
        if form == "float":
            value = canon.astype(draw(st.sampled_from([np.float16, np.float32, np.float64])))
        elif form == "special float":
            value = canon.astype(np.float64)
            if n:
                value[draw(st.integers(0, n - 1)), draw(st.integers(0, k - 1))] = draw(
                    st.sampled_from([np.nan, np.inf, -np.inf, 0.5, 51.999, -0.0]))
        elif form == "bool":
            value = canon.astype(bool)
        elif form == "complex":
            value = canon.astype(complex)
        elif form == "object":
            value = canon.astype(object)
        else:
            value = canon.astype("datetime64[s]")
        return Cards(value, "dtype", None)
    if kind == "ndim":
        value = draw(st.sampled_from([
            None, 5, np.uint8(5), np.array(5), canon[None], canon[:, None, :],
            canon.reshape(1, 1, n, k), 2.5, "", object()]))
        if isinstance(value, np.ndarray) and value.ndim == 3 and draw(st.booleans()):
            value = value.tolist()
        return Cards(value, "ndim", None)
    if kind == "width":
        w = draw(st.integers(0, 12).filter(lambda w: w not in widths))
        rows = _rows(draw, n, w)
        canon = np.array(rows, np.uint8).reshape(n, w)
        if n == 1 and draw(st.booleans()):
            return Cards(np.array(rows[0], np.int64), "width", canon, single=True)
        return Cards(np.array(rows, draw(st.sampled_from(INT_DTYPES))).reshape(n, w), "width",
                     canon)
    # ragged
    extra = draw(st.integers(0, 51))
    short = rows[-1][:-1] if k > 1 else rows[-1] + [extra]
    return Cards(rows[:-1] + [short] + [rows[0]], "ragged", None)


@st.composite
def card_sets(draw, max_size=6, sizes=None):
    """Dead or board cards, well or badly formed: (value, kind, set of cards or None).
    ``sizes`` (valid sets of these sizes only) asks for well-formed ones."""
    if sizes is not None:
        size = draw(st.sampled_from(sizes))
        cards = draw(st.lists(st.integers(0, 51), min_size=size, max_size=size, unique=True))
        kind = draw(st.sampled_from(["ok", "text"] if size else ["empty"]))
    else:
        cards = draw(st.lists(st.integers(0, 51), max_size=max_size, unique=True))
        kind = draw(st.sampled_from(["ok", "ok", "text", "empty", "dup", "value", "dtype",
                                     "ndim", "junk text", "ragged"]))
    if kind == "empty":
        return draw(st.sampled_from([None, "", "  ", [], (), np.zeros(0), np.zeros((0, 3)),
                                     np.zeros(0, np.uint8)])), "ok", frozenset()
    if kind == "text" or (kind == "ok" and not cards):
        text = draw(st.sampled_from(SEPARATORS)).join(
            draw(st.sampled_from([CARD_NAMES[c], CARD_NAMES[c].upper(), "10" + CARD_NAMES[c][1]
                                  if c // 4 == 8 else CARD_NAMES[c]])) for c in cards)
        return text, "ok", frozenset(cards)
    if kind == "junk text":
        text = draw(st.one_of(st.text(max_size=12), st.sampled_from(JUNK_TOKENS)))
        return text, "junk text", None  # may parse, see the tests
    if not cards:
        cards = [draw(st.integers(0, 51))]
    if kind == "ok":
        value = _array_form(draw, [cards], 1, len(cards))
        value = value[0] if isinstance(value, (np.ndarray, list, tuple)) else value
        return value, "ok", frozenset(cards)
    if kind == "dup":
        return np.array(cards + [cards[0]], np.int16), "dup", None
    if kind == "value":
        bad = draw(st.sampled_from(BAD_CARDS))
        dts = dtype_for(cards + [bad])
        return (np.array(cards + [bad], draw(st.sampled_from(dts))) if dts else cards + [bad],
                "value", None)
    if kind == "dtype":
        dtype = draw(st.sampled_from([float, bool, complex, object]))
        return np.array(cards, dtype), "dtype", None
    if kind == "ndim":
        return draw(st.sampled_from([np.array(cards)[None], np.array(cards[0]), cards[0],
                                     np.array(cards)[:, None]])), "ndim", None
    return [cards, [cards[0], 1]], "ragged", None


# (no None: for trials it means the default, a million; the tests that want it add it)
COUNT_JUNK = ["3", b"3", [3], (3,), 3 + 0j, Fraction(3), Decimal(3), np.float64(3),
              np.bool_(True), np.array(3), np.array([3]), float("nan"), float("inf"), 2.5, 3.0,
              True, False, object()]
HUGE_COUNTS = [10**30, -10**30, 2**62 + 1, 2**63, 2**64, 2**64 + 1, np.uint64(2**64 - 1),
               np.int64(-2**63)]


def counts(low: int, high: int):
    """Counts such as n, trials or rounds: valid ones in low..high (Python and numpy ints)
    and every kind of invalid one."""
    valid = st.integers(low, high)
    valid = st.one_of(valid, valid.map(np.int64), valid.map(np.uint16))
    invalid = st.one_of(st.integers(-5, low - 1), st.sampled_from(HUGE_COUNTS),
                        st.sampled_from(COUNT_JUNK), st.floats(allow_nan=True, allow_infinity=True))
    return st.one_of(valid, valid, invalid)  # two in three valid


def is_count(value, low: int, high: int = MAX_COUNT) -> bool:
    """What the package accepts as a count from low to high."""
    return bool(isinstance(value, numbers.Integral) and not isinstance(value, (bool, np.bool_))
                and low <= value <= high)


seeds = st.one_of(
    st.none(), st.integers(0, 2**32), st.integers(-2**70, 2**70),
    st.integers(2**64, 2**80), st.integers(0, 2**32).map(np.int64),
    st.integers(0, 2**32).map(np.random.default_rng),
    st.integers(0, 2**32).map(np.random.SeedSequence),
    st.one_of(st.floats(allow_nan=True), st.text(max_size=4), st.booleans(),
              st.sampled_from([np.int64(-1), np.uint64(2**64 - 1), np.int8(5), b"1", [1, 2],
                               np.array(5), Fraction(1), np.random.RandomState, object()])))


def is_seed(seed) -> bool:
    return (seed is None or isinstance(seed, (np.random.Generator, np.random.SeedSequence))
            or is_count(seed, 0, 2**1000))


def same_seed(seed):
    """Another seed that gives the same numbers: an int and SeedSequence(int) agree."""
    if isinstance(seed, numbers.Integral) and not isinstance(seed, (bool, np.bool_)):
        return np.random.SeedSequence(int(seed))
    return None


def check_seed_error(err, seed):
    if not is_seed(seed):
        assert err is not None, f"seed {seed!r} accepted"


any_object = st.one_of(
    st.none(), st.integers(), st.floats(allow_nan=True), st.binary(max_size=5),
    st.lists(st.integers(-3, 60), max_size=8), st.sampled_from([object(), {1: 2}, {3}, 1j]))


def card_set_expectation(value, kind, cards):
    """(valid, set of cards) of a generated card set; junk text is judged by parse_cards."""
    if kind == "junk text":
        try:
            return True, frozenset(ps.parse_cards(value).tolist())
        except PokersimInputError:
            return False, None
    return kind == "ok", cards


card_text = st.one_of(
    st.text(max_size=40),
    st.lists(st.sampled_from(CARD_TOKENS + JUNK_TOKENS), max_size=10).flatmap(
        lambda tokens: st.sampled_from(SEPARATORS).map(lambda sep: sep.join(tokens))),
    st.sampled_from(HUGE_TEXTS))


# ---------------------------------------------------------------------------------------------
# Cards: parse_cards, parse_hands, format_cards


@given(card_text)
def test_parse_cards_any_text(text):
    cards, err = attempt(ps.parse_cards, text)
    if err is not None:
        assert isinstance(err, CardError) and "card" in str(err)
        return
    assert cards.dtype == np.uint8 and cards.ndim == 1
    assert cards.max(initial=0) <= 51 and len(set(cards.tolist())) == cards.size
    # separators only separate: the same cards run together ("AsKd") parse the same
    assert (ps.parse_cards(re.sub(r"[\s,;]+", "", text)) == cards).all()
    assert (ps.parse_cards(ps.format_cards(cards)) == cards).all()


@given(st.lists(st.integers(0, 51), max_size=52, unique=True), st.sampled_from(SEPARATORS),
       st.sampled_from(["name", "upper", "symbol", "ten"]))
def test_parse_cards_of_known_cards(cards, sep, style):
    def text(c):
        rank, suit = CARD_NAMES[c]
        if style == "upper":
            return (rank + suit).upper()
        if style == "symbol":
            return rank + "♣♦♥♠"[c % 4]
        if style == "ten" and rank == "T":
            return "10" + suit
        return rank + suit

    assert ps.parse_cards(sep.join(text(c) for c in cards)).tolist() == cards


@given(any_object)
def test_parse_cards_of_anything_but_text(value):
    with pytest.raises(CardError, match="cards must be text"):
        ps.parse_cards(value)


@given(st.one_of(
    st.lists(card_text, max_size=4), st.lists(card_text, max_size=3).map(tuple),
    st.lists(card_text, max_size=3).map(iter), any_object, st.sampled_from(HUGE_TEXTS)))
def test_parse_hands_anything(texts):
    if isinstance(texts, list):
        snapshot = list(texts)
    out, err = attempt(ps.parse_hands, texts)
    if err is not None:
        return
    assert isinstance(texts, (list, tuple)) or hasattr(texts, "__next__")
    assert out.dtype == np.uint8 and out.ndim == 2 and out.shape[0] >= 1
    if isinstance(texts, list):
        assert all((ps.parse_cards(t) == row).all() for t, row in zip(snapshot, out, strict=True))


def is_text(value) -> bool:
    """A string, or strings in a list (nested or not) or an array."""
    if isinstance(value, np.ndarray):
        return value.size > 0 and isinstance(value.flat[0], str)
    while isinstance(value, list) and value:
        value = value[0]
    return isinstance(value, str)


@given(card_arrays((2, 3, 5, 7)))
def test_format_cards_any_array(case):
    """Any 1-D or 2-D integer array of cards, of any width, repeats allowed; not text."""
    text, err = attempt(ps.format_cards, case.value)
    if case.kind in ("ok", "dup", "width") and not is_text(case.value):
        assert err is None, err
        if np.ndim(case.value) == 1:
            assert text == " ".join(CARD_NAMES[c] for c in case.canon[0])
        else:
            assert text == [" ".join(CARD_NAMES[c] for c in row) for row in case.canon]
            assert text == ps.format_cards(case.canon)  # the canonical array
        return
    assert err is not None, f"{case!r} formatted as {text!r}"
    assert isinstance(err, (CardError, HandShapeError)) and "card" in str(err)


# ---------------------------------------------------------------------------------------------
# Hand strength: evaluate, best_five, category, describe, cactus_rank


def check_hand_error(case, err, result, name="hands"):
    """An invalid card input must raise, naming the argument; a repeat is a DuplicateCardError
    and a value outside 0..51 in an integer array a CardError."""
    assert err is not None, f"{case!r} was accepted: {result!r}"
    assert name in str(err), err
    if case.kind == "dup":
        assert isinstance(err, ps.DuplicateCardError), err
    if case.kind == "value" and isinstance(case.value, np.ndarray):
        assert isinstance(err, CardError), err
    if case.kind in ("dtype", "ndim", "width", "ragged"):
        assert isinstance(err, (HandShapeError, CardError)), err


@given(card_arrays((5, 6, 7)))
def test_evaluate_any_input(case):
    out, err = attempt(ps.evaluate, case.value)
    if case.kind != "ok":
        check_hand_error(case, err, out)
        return
    assert err is None, err
    expected = ps.evaluate(case.canon)  # the same cards, C-contiguous uint8
    assert expected.dtype == np.int16 and expected.shape == (case.canon.shape[0],)
    assert ((expected >= 1) & (expected <= 7462)).all()
    if case.single:
        assert out.shape == () and out == expected[0]
    else:
        assert out.dtype == np.int16 and (out == expected).all()
    for row, s in zip(case.canon.tolist(), expected.tolist(), strict=True):
        assert ps.category(s) == naive_category(row)


@given(card_arrays((5, 6, 7), max_rows=3))
def test_best_five_any_input(case):
    out, err = attempt(ps.best_five, case.value)
    if case.kind != "ok":
        check_hand_error(case, err, out)
        return
    assert err is None, err
    expected = ps.best_five(case.canon)
    assert expected.dtype == np.uint8 and expected.shape == (case.canon.shape[0], 5)
    assert (out == (expected[0] if case.single else expected)).all()
    for row, five in zip(case.canon.tolist(), expected.tolist(), strict=True):
        assert set(five) <= set(row) and len(set(five)) == 5
    if len(case.canon):
        assert (ps.evaluate(expected) == ps.evaluate(case.canon)).all()


strength_values = st.one_of(
    st.integers(-3, 7466), st.integers(), st.integers(1, 7462).map(np.int16),
    # uint8 arrays (of one dimension or more) are cards, not strengths (issue 19)
    hnp.arrays(st.sampled_from([d for d in INT_DTYPES if d != np.uint8]),
               hnp.array_shapes(min_dims=0, max_dims=3, max_side=4), elements=st.integers(0, 127)),
    st.lists(st.integers(1, 5), max_size=3).flatmap(
        lambda v: st.sampled_from([float, bool, complex, object]).map(lambda d: np.array(v, d))),
    st.lists(st.integers(1, 7462), max_size=4), st.just([[1, 2], [3]]), any_object,
    st.floats(allow_nan=True))


@given(strength_values)
def test_strength_decoders_any_input(value):
    arr = np.asarray(value) if not isinstance(value, list) or value != [[1, 2], [3]] else None
    valid = (arr is not None and arr.dtype.kind in "iu"
             and bool(((arr >= 1) & (arr <= 7462)).all()))
    canon = arr.astype(np.int64) if valid else None
    for fn in (ps.category, ps.describe, ps.cactus_rank):
        out, err = attempt(fn, value)
        if not valid:
            assert err is not None, f"{fn.__name__}({value!r}) = {out!r}"
            assert "strength" in str(err)
            continue
        assert err is None, err
        expected = fn(canon)
        if fn is ps.describe:
            assert out == expected
            if canon.ndim == 0:
                assert isinstance(out, str)
            else:  # nested lists shaped like the input
                assert len(out) == canon.shape[0]
                assert np.asarray(out, dtype=object).size == canon.size
        else:
            assert np.array_equal(np.asarray(out), np.asarray(expected))
    if valid:
        assert np.array_equal(np.asarray(ps.cactus_rank(value)), 7463 - canon)
        codes = np.asarray(ps.category(value))
        assert ((codes >= 0) & (codes <= 9)).all()


# ---------------------------------------------------------------------------------------------
# Dealing


@settings(max_examples=scaled(100))
@given(st.one_of(counts(0, 40), st.none()), st.one_of(counts(1, 52), st.none()), seeds,
       card_sets())
def test_deal_any_input(n, k, seed, dead):
    dead_value, kind, dead_cards = dead
    dead_ok, dead_cards = card_set_expectation(dead_value, kind, dead_cards)
    out, err = attempt(ps.deal, n, k, seed=seed, dead=dead_value)
    valid = (is_count(n, 0) and is_count(k, 1) and is_seed(seed) and dead_ok
             and k <= 52 - len(dead_cards))
    if not valid:
        assert err is not None, f"deal({n!r}, {k!r}, seed={seed!r}, dead={dead_value!r}) = {out}"
        return
    assert err is None, err
    assert out.dtype == np.uint8 and out.shape == (n, k) and out.flags.c_contiguous
    assert out.max(initial=0) <= 51
    assert all(len(set(row)) == k and not set(row) & dead_cards for row in out.tolist())
    twin = same_seed(seed)
    if twin is not None:  # the same seed as an int, numpy int or SeedSequence; dead canonical
        canon_dead = np.array(sorted(dead_cards), np.uint8)
        assert (ps.deal(int(n), int(k), seed=twin, dead=canon_dead) == out).all()


# ---------------------------------------------------------------------------------------------
# Ranges: parse_range, Range, Range.remove

RANK_TEXT = list("23456789TJQKA") + list("tjqka") + ["10", "1", "X", "Ｋ", "\u212a", "0"]


@st.composite
def range_parts(draw):
    """One part of range text, from the grammar with mistakes mixed in."""
    r = st.sampled_from(RANK_TEXT)
    shape = st.tuples(r, r, st.sampled_from(["", "", "s", "o", "S", "O", "x"])).map("".join)
    kind = draw(st.sampled_from(["class", "plus", "dash", "combo", "all", "junk"]))
    if kind == "class":
        body = draw(shape)
    elif kind == "plus":
        body = draw(shape) + "+"
    elif kind == "dash":
        body = draw(shape) + draw(st.sampled_from(["-", "--", " - "])) + draw(shape)
    elif kind == "combo":
        body = draw(st.sampled_from(CARD_TOKENS)) + draw(st.sampled_from(["", " "])) + \
            draw(st.sampled_from(CARD_TOKENS))
    elif kind == "all":
        body = draw(st.sampled_from(["random", "any", "*", "RANDOM", "Any", "randomly"]))
    else:
        body = draw(st.text(max_size=6))
    weight = draw(st.one_of(
        st.just(""), st.floats(0, 120).map(lambda w: f"@{w:g}"),
        st.floats(0, 1.2).map(lambda w: f":{w:g}"),
        st.sampled_from(["@", ":", "@50@50", "@1e2", ":.5", "@0", "@100", ":1.", "@-5", "@nan",
                         "@inf", ":0x1", "@٥٠"])))
    return draw(st.sampled_from(["", " "])) + body + weight


range_texts = st.one_of(
    st.lists(range_parts(), min_size=1, max_size=5).map(", ".join),
    st.text(max_size=30), st.sampled_from(["", " ", ",", "AA,", ",AA", "AA,,KK"] + HUGE_TEXTS))


def check_range(r: ps.Range):
    combos, weights = r.combos, r.weights
    assert combos.dtype == np.uint8 and combos.ndim == 2 and combos.shape[1] == 2
    assert (combos[:, 0] > combos[:, 1]).all() and combos.max(initial=0) <= 51
    index = combos[:, 0].astype(int) * (combos[:, 0].astype(int) - 1) // 2 + combos[:, 1]
    assert (np.diff(index) > 0).all()  # distinct, in the canonical order
    assert weights.shape == (len(combos),) and ((weights > 0) & (weights <= 1)).all()


@given(range_texts, st.randoms(use_true_random=False))
def test_parse_range_any_text(text, rnd):
    r, err = attempt(ps.parse_range, text)
    if err is not None:
        assert isinstance(err, RangeError) and "range" in str(err)
        return
    check_range(r)
    assert len(r) >= 1
    # a range is the union of its parts: their order does not matter
    parts = text.split(",")
    rnd.shuffle(parts)
    assert ps.parse_range(",".join(parts)) == r
    # and the Range class agrees with the parser about its own combos, however given
    again = ps.Range(r.combos[:, ::-1].astype(np.int64), list(r.weights))
    assert again == r


@given(any_object)
def test_parse_range_of_anything_but_text(value):
    with pytest.raises(RangeError, match="a range must be text"):
        ps.parse_range(value)


@given(card_arrays((2,), max_rows=6),
       st.one_of(st.none(), st.floats(allow_nan=True), st.lists(st.floats(0.01, 1), max_size=7),
                 st.lists(st.sampled_from([0.5, 1, True, "0.5", None, 1j, np.nan, 2]), max_size=7),
                 any_object))
def test_range_class_any_combos_and_weights(case, weights):
    r, err = attempt(ps.Range, case.value, weights)
    try:
        empty = np.asarray(case.value).size == 0  # no combos, whatever the dtype or shape
    except ValueError:
        empty = False
    canon = np.zeros((0, 2), np.uint8)
    combos_ok = empty or (case.kind == "ok" and not is_text(case.value) and not case.single)
    if combos_ok and not empty:
        canon = np.sort(case.canon, axis=1)[:, ::-1]
        index = canon[:, 0].astype(int) * (canon[:, 0].astype(int) - 1) // 2 + canon[:, 1]
        combos_ok = len(set(index.tolist())) == len(index)  # no combo twice
    weights_ok = weights is None or (
        isinstance(weights, list) and len(weights) == len(canon)
        and all(isinstance(x, numbers.Real) and 0 < x <= 1 for x in weights))
    if not (combos_ok and weights_ok):
        assert err is not None, f"Range({case!r}, {weights!r}) = {r!r}"
        assert isinstance(err, RangeError), err
        return
    assert err is None, f"Range({case!r}, {weights!r}): {err}"
    assert r.combos.dtype == np.uint8 and r.combos.shape == (len(canon), 2)
    assert (r.combos[:, 0] > r.combos[:, 1]).all()
    assert (r.combos == canon).all()
    assert np.allclose(r.weights, 1.0 if weights is None else np.array(weights, float))


@given(st.sampled_from(["AA", "QQ+, AKs", "random", "AhKh", "22-55, A5s-A2s@50"]), card_sets())
def test_range_remove_any_dead_cards(text, dead):
    r = ps.parse_range(text)
    value, kind, cards = dead
    ok, cards = card_set_expectation(value, kind, cards)
    out, err = attempt(r.remove, value)
    if not ok:
        assert err is not None, f"remove({value!r}) = {out!r}"
        return
    assert err is None, err
    keep = [i for i, (a, b) in enumerate(r.combos.tolist()) if a not in cards and b not in cards]
    assert out.combos.tolist() == r.combos[keep].tolist()
    assert out.weights.tolist() == r.weights[keep].tolist() and out.text == r.text


# ---------------------------------------------------------------------------------------------
# Equity: equity, equity_vs_random (pokersim/engine; its known bugs are the xfail tests at
# the end, and the strategies here leave those inputs out)

RANGE_SAMPLES = ["QQ+", "AKs", "A5s-A2s", "22-55", "KTo+", "AA@50", "JTo:0.25", "QQ+, AKs",
                 "77", "T9s", "AK", "random:0.5"]


@st.composite
def players(draw, valid_only=False):
    """One player: a hand, a range, random, junk text, a Range, an array of two cards, or
    something that is none of these."""
    kinds = ["hand", "hand", "range", "random", "Range", "array"]
    kind = draw(st.sampled_from(kinds if valid_only else kinds + ["junk", "other"]))
    if kind == "hand":
        a, b = draw(st.lists(st.integers(0, 51), min_size=2, max_size=2, unique=True))
        return draw(st.sampled_from(["", " "])).join([CARD_NAMES[a], CARD_NAMES[b]])
    if kind == "range":
        return draw(st.sampled_from(RANGE_SAMPLES))
    if kind == "random":
        return draw(st.sampled_from(["random", "any", "*", " Random ", "ANY"]))
    if kind == "junk":
        return draw(st.one_of(st.text(max_size=8), st.sampled_from(JUNK_TOKENS + ["AsAs",
                                                                                  "AhKhQh"])))
    if kind == "Range":
        return ps.parse_range(draw(st.sampled_from(RANGE_SAMPLES)))
    if kind == "array":
        cards = draw(st.lists(st.integers(0, 51), min_size=2, max_size=2, unique=True))
        return draw(st.sampled_from([np.array(cards, draw(st.sampled_from(INT_DTYPES))), cards,
                                     tuple(cards)]))
    return draw(st.sampled_from([None, 5, 2.5, np.array([1.0, 2.0]), np.array([1, 2, 3]),
                                 [1, 99], [-1, 3], [7, 7], np.zeros((2, 2), int), {1, 2}]))


stderr_targets = st.one_of(st.none(), st.floats(0.005, 0.5), st.sampled_from(
    [0.0, 1.0, -0.1, 2.0, float("nan"), float("inf"), "0.1", True, Fraction(1, 10), None]))


def check_equity_frame(frame, n_players):
    assert len(frame) == n_players
    for col in ("win", "tie", "lose", "equity", "std_error"):
        assert ((frame[col] >= -1e-12) & (frame[col] <= 1 + 1e-12)).all(), col
    assert np.allclose(frame.win + frame.tie + frame.lose, 1.0)
    assert abs(frame.equity.sum() - 1.0) < 1e-9
    assert set(frame.method) <= {"exact", "monte-carlo"}


def equity_unmet_target_allowed(*args, **kwargs):
    """(``ps.equity(...)``, whether it warned that target_stderr was not reached): with a few
    trials it often is not, a warning and not an error."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("error")
        warnings.simplefilter("always", ps.TargetStderrWarning)
        frame = ps.equity(*args, **kwargs)
    assert all(w.category is ps.TargetStderrWarning for w in caught)
    assert frame.attrs.get("target_stderr_met", True) is not bool(caught)
    return frame, bool(caught)


@settings(max_examples=scaled(100), deadline=None)
@given(st.lists(players(), min_size=0, max_size=5), card_sets(), card_sets(max_size=3),
       counts(1, 2000), seeds, st.sampled_from(["auto", "monte-carlo", "exact", "Exact", 2, ""]),
       stderr_targets, st.booleans())
def test_equity_any_input(players_, board, dead, trials, seed, method, target, categories):
    result, err = attempt(equity_unmet_target_allowed, players_, board=board[0], dead=dead[0],
                          trials=trials, seed=seed, method=method, target_stderr=target,
                          categories=categories)
    if err is not None:
        return
    frame, unmet = result
    board_ok, board_cards = card_set_expectation(*board)
    dead_ok, dead_cards = card_set_expectation(*dead)
    assert board_ok and len(board_cards) <= 5 and dead_ok
    assert not board_cards & dead_cards
    assert is_count(trials, 1) and method in ("auto", "monte-carlo")  # exact takes no trials
    assert target is None or 0 < target < 1
    check_seed_error(err, seed)
    check_equity_frame(frame, len(players_))
    assert (frame.method == "monte-carlo").all()  # trials ask for a simulation
    if target is None:
        assert (frame.outcomes == trials).all() and not unmet
    else:
        assert unmet == bool((frame.std_error >= target).any())
    if categories:
        assert np.allclose(frame[list(CATEGORY_LABELS)].sum(axis=1), 1.0)
    twin = same_seed(seed)
    if twin is not None:
        again, _ = equity_unmet_target_allowed(players_, board=board[0], dead=dead[0],
                                               trials=trials, seed=twin, method=method,
                                               target_stderr=target, categories=categories)
        assert again.drop(columns="player").equals(frame.drop(columns="player"))


@settings(max_examples=scaled(100), deadline=None)
@given(st.lists(players(valid_only=True), min_size=2, max_size=4),
       card_sets(sizes=[0, 3, 4, 5]), card_sets(sizes=[0, 1, 2]), counts(1, 2000).filter(
           lambda t: is_count(t, 1)), seeds.filter(is_seed),
       st.sampled_from(["auto", "monte-carlo"]))
def test_equity_well_formed_input(players_, board, dead, trials, seed, method):
    """Well-formed arguments: it works, or the players, board and dead cards conflict."""
    frame, err = attempt(ps.equity, players_, board=board[0], dead=dead[0], trials=trials,
                         seed=seed, method=method)
    if err is not None:
        assert re.search("board|dead|common|no combo|conflict|player", str(err)), err
        return
    check_equity_frame(frame, len(players_))
    assert (frame.outcomes == trials).all()


HANDS_ON_BOARD = st.lists(st.integers(0, 51), min_size=9, max_size=9, unique=True)


@settings(max_examples=scaled(50), deadline=None)
@given(HANDS_ON_BOARD, st.sampled_from([3, 4, 5]), st.sampled_from(["auto", "exact"]))
def test_equity_exact_of_two_hands_matches_the_naive_reference_on_the_river(cards, n_board,
                                                                            method):
    """Exact equity of two known hands; on the river it is one naive comparison."""
    a, b, board = cards[:2], cards[2:4], cards[4:4 + n_board]
    frame = ps.equity([np.array(a, np.int64), " ".join(CARD_NAMES[c] for c in b)],
                      board=np.array(board, np.uint16), method=method)
    check_equity_frame(frame, 2)
    assert (frame.method == "exact").all()
    assert (frame.outcomes == math.comb(48 - n_board, 5 - n_board)).all()
    if n_board == 5:
        ra, rb = naive_rank(a + board), naive_rank(b + board)
        assert frame.equity.tolist() == ([1.0, 0.0] if ra > rb else [0.0, 1.0] if rb > ra
                                         else [0.5, 0.5])


@settings(max_examples=scaled(60), deadline=None)
@given(players(), st.lists(counts(1, 3), min_size=1, max_size=3), card_sets(),
       counts(1, 1000), seeds)
def test_equity_vs_random_any_input(hand, opponents, board, trials, seed):
    frame, err = attempt(ps.equity_vs_random, hand, opponents=opponents, board=board[0],
                         trials=trials, seed=seed)
    if err is not None:
        return
    assert all(is_count(n, 1) for n in opponents) and is_count(trials, 1)
    check_seed_error(err, seed)
    assert frame.opponents.tolist() == [int(n) for n in opponents]
    assert ((frame.equity >= 0) & (frame.equity <= 1)).all()
    assert np.allclose(frame.win + frame.tie + frame.lose, 1.0)


# ---------------------------------------------------------------------------------------------
# category_frequencies (pokersim/analysis/frequencies.py: float and array card counts are xfail
# tests)

# docs/design.md, "Numbers every test may use"
FIVE_CARD_COUNTS = [4, 36, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540]


@settings(max_examples=scaled(60), deadline=None)
@given(st.data())
def test_category_frequencies_any_input(data):
    well_formed = data.draw(st.booleans())
    methods = ["exact", "monte-carlo", "auto"] + ([] if well_formed else ["Exact", "mc", 5, "",
                                                                          None])
    method = data.draw(st.sampled_from(methods))
    # exact enumeration of 6 or 7 cards takes 0.1-0.3 s: only five cards are enumerated here
    cards = [5, np.int64(5)] + ([6, 7, np.uint8(7)] if method != "exact" else [])
    if not well_formed:
        cards += ["5", 8, 4, 0, -7, True, 10**30]  # (None is the default: 7)
    cards = data.draw(st.sampled_from(cards))
    # (no trials means a million for Monte Carlo: too many for a fuzz example)
    # ("auto" with trials is Monte Carlo)
    trials = data.draw(st.none() if method == "exact" and well_formed else counts(1, 2000)
                       if method in ("monte-carlo", "auto")
                       else st.one_of(st.none(), counts(1, 2000)))
    seed = data.draw(seeds.filter(is_seed) if well_formed else seeds)
    frame, err = attempt(ps.category_frequencies, cards, method=method, trials=trials,
                         seed=seed)
    if err is not None:
        return
    assert is_count(cards, 5, 7) and method in ("exact", "monte-carlo", "auto")
    assert frame.category.tolist() == list(CATEGORY_LABELS[::-1])
    assert np.isclose(frame.probability.sum(), 1.0)
    if method == "exact":
        assert trials is None and frame["count"].tolist() == FIVE_CARD_COUNTS
        return
    check_seed_error(err, seed)
    assert is_count(trials, 1) and frame["count"].sum() == trials
    twin = same_seed(seed)
    if twin is not None:
        assert ps.category_frequencies(int(cards), method=method, trials=int(trials),
                                       seed=twin).equals(frame)


# ---------------------------------------------------------------------------------------------
# Five-card draw: deal_table, winner_lines, format_table, win_rates


@settings(max_examples=scaled(60), deadline=None)
@given(counts(1, 10), counts(1, 4), seeds)
def test_draw5_deal_table_any_input(players_, rounds, seed):
    table, err = attempt(draw5.deal_table, players_, rounds, seed=seed)
    if err is not None:
        assert not (is_count(players_, 1, 10) and is_count(rounds, 1) and is_seed(seed)), err
        return
    assert is_count(players_, 1, 10) and is_count(rounds, 1) and is_seed(seed)
    p, r = int(players_), int(rounds)
    assert len(table) == p * r
    hands = ps.parse_hands(table.cards.tolist())
    assert (ps.evaluate(hands) == table.strength.to_numpy()).all()
    for _, group in table.groupby("round"):
        cards = [c for text in group.cards for c in text.split()]
        assert len(set(cards)) == 5 * p  # one deck a round
        best = group.strength.max()
        assert ((group.outcome != "lose") == (group.strength == best)).all()
    assert len(draw5.winner_lines(table)) == min(r, 10) + (r > 10)
    assert draw5.format_table(table).count("Round ") == r


def no_default_trials(players_, trials, seed, method):
    """A method that keeps the run small when ``trials`` is None (the default is a million
    Monte Carlo trials): exact, which needs two players, or auto, which is exact for two
    when no seed asks for a simulation."""
    if trials is None and (method not in ("auto", "exact") or players_ != 2
                           or (method == "auto" and seed is not None)):
        return "exact"
    return method


@settings(max_examples=scaled(40), deadline=None)
@given(counts(1, 10), st.one_of(st.none(), counts(1, 2000)), seeds,
       st.sampled_from(["auto", "monte-carlo", "exact", "MC", 1]))
def test_draw5_win_rates_any_input(players_, trials, seed, method):
    method = no_default_trials(players_, trials, seed, method)
    frame, err = attempt(draw5.win_rates, players_, trials=trials, seed=seed, method=method)
    if err is not None:
        return
    assert is_count(players_, 2, 10)
    assert len(frame) == 10
    dealt = frame.outcomes > 0
    assert np.allclose((frame.win + frame.tie + frame.lose)[dealt], 1.0)
    if frame.attrs["method"] == "exact":
        assert int(players_) == 2 and trials is None and seed is None
        assert frame.outcomes.tolist() == FIVE_CARD_COUNTS
    else:
        check_seed_error(err, seed)
        assert is_count(trials, 1) and method in ("auto", "monte-carlo")
        assert frame.outcomes.sum() == int(trials) * int(players_)


@given(st.one_of(any_object, st.just(pd.DataFrame()), st.just(pd.DataFrame({"round": [1]}))),
       st.one_of(counts(0, 20), st.just(None)))
def test_draw5_text_helpers_any_frame(frame, max_rounds):
    for fn in (draw5.winner_lines, draw5.format_table):
        _, err = attempt(fn, frame)
        assert err is not None and "deal_table" in str(err)
    table = draw5.deal_table(2, rounds=3, seed=1)
    lines, err = attempt(draw5.winner_lines, table, max_rounds=max_rounds)
    if is_count(max_rounds, 0):
        assert err is None and len(lines) == min(3, max_rounds) + (max_rounds < 3)
    else:
        assert err is not None and "max_rounds" in str(err)


# ---------------------------------------------------------------------------------------------
# Jacks-or-Better video poker: classify, hold_counts, best_hold, PayTable, as_paytable,
# expected_return, simulate

paytables = st.one_of(
    st.none(), st.sampled_from(["9/6", "9/5", "8/5", " 9/6 ", "10/7", "", "9-6"]),
    st.sampled_from([vp.PayTable(), vp.PayTable.named("8/5")]),
    st.dictionaries(st.one_of(st.sampled_from(["Royal Flush", "flush", "two_pair",
                                               "Jacks-or-Better", "High Pair", "Nothing", "Xyz",
                                               ""]),
                              st.integers(-2, 12), st.booleans()),
                    st.one_of(st.integers(0, 900), st.floats(allow_nan=True, allow_infinity=True),
                              st.sampled_from([-1, True, "5", None, 10**400, Fraction(1, 2),
                                               Decimal(2)])),
                    max_size=4),
    any_object)


def paytable_expectation(pt):
    """The payouts a pay-table argument stands for, or None if it is not one."""
    if pt is None:
        return vp.PAY_TABLES["9/6"]
    if isinstance(pt, vp.PayTable):
        return pt.pays
    if isinstance(pt, str):
        return vp.PAY_TABLES.get(pt.strip())
    if not isinstance(pt, dict):
        return None
    names = {h.label.lower(): int(h) for h in vp.Hand} | {"high pair": 2}
    pays = [0.0] * 11
    seen = set()
    for key, value in pt.items():
        if isinstance(key, str):
            code = names.get(key.strip().lower().replace("_", " ").replace("-", " "))
        else:
            code = key if not isinstance(key, bool) and 0 <= key <= 10 else None
        if code is None or isinstance(value, bool) or not isinstance(value, numbers.Real):
            return None
        if code in seen:  # a class named twice ("High Pair" and "Jacks or Better")
            return None
        seen.add(code)
        try:
            pays[code] = float(value)
        except OverflowError:
            return None
        if not (np.isfinite(pays[code]) and pays[code] >= 0):
            return None
    return tuple(pays)


@given(card_arrays((5,)), st.sampled_from([False, True, np.True_, 1, "yes", None]))
def test_videopoker_classify_any_input(case, names):
    out, err = attempt(vp.classify, case.value, names=names)
    if not isinstance(names, (bool, np.bool_)):
        assert err is not None and "names" in str(err)
        return
    if case.kind != "ok":
        check_hand_error(case, err, out)
        return
    assert err is None, err
    codes = vp.classify(case.canon)
    assert codes.dtype == np.int8 and ((codes >= 0) & (codes <= 10)).all()
    expected = [vp.HAND_LABELS[c] for c in codes] if names else codes
    if case.single:
        expected = expected[0]
    assert np.array_equal(np.asarray(out), np.asarray(expected))
    # the class follows the category: two pair and up match one for one
    cats = np.asarray(ps.category(ps.evaluate(case.canon))).astype(int)
    assert ((codes >= 3) == (cats >= 2)).all() and (codes[cats >= 2] == cats[cats >= 2] + 1).all()


@settings(max_examples=scaled(40), deadline=None)
@given(card_arrays((5,), max_rows=2), paytables)
def test_videopoker_best_hold_any_input(case, paytable):
    frame, err = attempt(vp.best_hold, case.value, paytable=paytable)
    pays = paytable_expectation(paytable)
    one_hand = case.kind == "ok" and len(case.canon) == 1
    if pays is None or not one_hand:
        assert err is not None, f"best_hold({case!r}, {paytable!r}) accepted"
        return
    assert err is None, err
    assert len(frame) == 32 and set(frame.pattern) == {
        "".join("X" if m >> j & 1 else "." for j in range(5)) for m in range(32)}
    assert (np.diff(frame.expected) <= 1e-12).all() and frame.tied_best.iloc[0]
    counts_ = vp.hold_counts(case.canon)
    assert counts_.shape == (32, 11)
    assert (counts_.sum(axis=1) == vp.HOLD_DRAWS).all()
    keep_all = frame[frame.kept == 5].iloc[0]
    assert keep_all.expected == pays[int(vp.classify(case.canon)[0])]


@given(st.one_of(
    st.lists(st.one_of(st.integers(0, 900), st.floats(0, 1e6)), min_size=11, max_size=11),
    st.lists(st.one_of(st.integers(0, 900), st.floats(allow_nan=True, allow_infinity=True),
                       st.sampled_from(["5", None, 1j, 10**400, True, Decimal(1)])),
             min_size=0, max_size=12),
    any_object, st.text(max_size=5)))
def test_paytable_any_payouts(pays):
    table, err = attempt(vp.PayTable, pays)
    valid = (isinstance(pays, list) and len(pays) == 11
             and all(isinstance(p, numbers.Real) and not isinstance(p, bool) for p in pays)
             and all(abs(p) < 1e300 and np.isfinite(float(p)) and p >= 0 for p in pays))
    if not valid:
        assert err is not None, f"PayTable({pays!r}) = {table!r}"
        return
    assert err is None, err
    assert table.pays == tuple(float(p) for p in pays)


@given(paytables)
def test_expected_return_any_paytable(paytable):
    pays = paytable_expectation(paytable)
    if pays is not None and pays not in vp.PAY_TABLES.values():
        paytable = "not a table"  # each new table plays every deal (2.5 s): keep the named ones
        pays = None
    result, err = attempt(vp.expected_return, paytable=paytable)
    if pays is None:
        assert err is not None, f"expected_return({paytable!r}) = {result!r}"
        return
    assert err is None, err
    assert result.paytable.pays == pays
    expected = {"9/6": 0.995439, "9/5": 0.984498, "8/5": 0.972984}
    name = next(n for n, p in vp.PAY_TABLES.items() if p == pays)
    assert abs(result.value - expected[name]) < 1e-6


@settings(max_examples=scaled(60), deadline=None)
@given(counts(1, 300), st.sampled_from(["optimal", "simple", "Optimal", "", None, ["simple"]]),
       seeds, paytables)
def test_videopoker_simulate_any_input(hands, strategy, seed, paytable):
    result, err = attempt(vp.simulate, trials=hands, strategy=strategy, seed=seed,
                          paytable=paytable)
    pays = paytable_expectation(paytable)
    valid = (is_count(hands, 1) and strategy in ("optimal", "simple") and is_seed(seed)
             and pays is not None)
    if not valid:
        assert err is not None, f"simulate({hands!r}, {strategy!r}, {seed!r}, {paytable!r})"
        return
    assert err is None, err
    assert result.trials == int(hands) and result.strategy == strategy
    assert result.final_hands["count"].sum() == int(hands)
    assert 0 <= result.value <= max(pays)
    twin = same_seed(seed)
    if twin is not None:
        again = vp.simulate(trials=int(hands), strategy=strategy, seed=twin, paytable=paytable)
        assert again.value == result.value and again.final_hands.equals(result.final_hands)


# ---------------------------------------------------------------------------------------------
# Zhajinhua: Rules, evaluate, category, compare, showdown, deal_table, category_frequencies,
# heads_up_counts, win_rates

rules = st.one_of(
    st.builds(zjh.Rules, a23=st.sampled_from(zjh.A23_PLACEMENTS),
              rule_235=st.sampled_from([False, True, np.True_]),
              ties=st.sampled_from(zjh.TIE_RULES)),
    st.sampled_from([None, "split", {"a23": "lowest"}, zjh.Rules, 0]))


@given(st.one_of(st.sampled_from(zjh.A23_PLACEMENTS), st.sampled_from(zjh.A23_PLACEMENTS),
                 st.text(max_size=6), any_object),
       st.one_of(st.booleans(), st.sampled_from([np.True_, 1, 0, "yes", None, np.array(True)])),
       st.one_of(st.sampled_from(zjh.TIE_RULES), st.sampled_from(zjh.TIE_RULES),
                 st.text(max_size=6), any_object))
def test_zhajinhua_rules_any_fields(a23, rule_235, ties):
    r, err = attempt(zjh.Rules, a23, rule_235, ties)
    valid = (isinstance(a23, str) and a23 in zjh.A23_PLACEMENTS
             and isinstance(rule_235, (bool, np.bool_))
             and isinstance(ties, str) and ties in zjh.TIE_RULES)
    if not valid:
        assert err is not None and "Rules." in str(err), f"Rules({a23!r}, {rule_235!r}, {ties!r})"
        return
    assert err is None and r.rule_235 is bool(rule_235)


def zjh_naive_category(row):
    return zjh_naive.CATEGORY_CODE[zjh_naive.kind(zjh_naive.hand_of(row))]


@given(card_arrays((3,)), rules)
def test_zhajinhua_evaluate_and_category_any_input(case, rules_):
    rules_ok = isinstance(rules_, zjh.Rules)
    out, err = attempt(zjh.evaluate, case.value, rules=rules_)
    if not rules_ok:
        assert err is not None and "rules" in str(err)
        return
    if case.kind != "ok":
        check_hand_error(case, err, out)
    else:
        assert err is None, err
        expected = zjh.evaluate(case.canon, rules=rules_)
        assert expected.dtype == np.int16 and expected.shape == (len(case.canon),)
        assert ((expected >= 1) & (expected <= zjh.MAX_STRENGTH)).all()
        assert (np.asarray(out) == (expected[0] if case.single else expected)).all()
        for row, s in zip(case.canon.tolist(), expected.tolist(), strict=True):
            assert zjh.category(s) == zjh_naive_category(row)
    # category takes strengths, a scalar or 1-D, never hands (text or (N, 3): an error)
    cats, err = attempt(zjh.category, case.value, rules=rules_)
    if err is None:  # read as strengths: a scalar or a 1-D array, every value a strength
        arr = np.asarray(case.value)
        assert arr.ndim <= 1 and arr.dtype.kind in "iu"
        assert ((arr >= 1) & (arr <= zjh.MAX_STRENGTH)).all()
    else:
        assert isinstance(err, PokersimInputError), err


@given(card_arrays((3,)), card_arrays((3,)), rules)
def test_zhajinhua_compare_any_input(a, b, rules_):
    out, err = attempt(zjh.compare, a.value, b.value, rules=rules_)
    na, nb = (len(c.canon) if c.kind == "ok" else None for c in (a, b))
    valid = (isinstance(rules_, zjh.Rules) and na is not None and nb is not None
             and (na == nb or na == 1 or nb == 1))
    if not valid:
        assert err is not None, f"compare({a!r}, {b!r}) = {out!r}"
        return
    assert err is None, err
    n = 0 if min(na, nb) == 0 else max(na, nb)  # one hand against none: no rows
    ha, hb = (np.broadcast_to(c.canon, (n, 3)) if n else np.zeros((0, 3), np.uint8)
              for c in (a, b))
    expected = [zjh_naive.compare(zjh_naive.hand_of(x), zjh_naive.hand_of(y), rules=rules_)
                for x, y in zip(ha.tolist(), hb.tolist(), strict=True)]
    if a.single and b.single:
        assert out == expected[0]
    else:
        assert np.asarray(out).tolist() == expected


@st.composite
def tables(draw):
    """Zhajinhua tables: (R, P, 3) or one table (P, 3), cards distinct within a table, and
    every way to get them wrong."""
    r = draw(st.integers(0, 3))
    p = draw(st.integers(0, 19))
    deck = draw(st.permutations(range(52)))
    rows = [[deck[(t * 3 * p + 3 * s + j) % 52] for j in range(3)] for t in range(r)
            for s in range(p)]
    arr = np.array(rows, np.int64).reshape(r, p, 3) if p * r else np.zeros((r, p, 3), np.int64)
    valid = 2 <= p <= 17
    form = draw(st.sampled_from(["array", "one table", "text", "list", "dup", "bad value",
                                 "float", "4-D", "width"]))
    if form == "one table" and r:
        return arr[0].astype(draw(st.sampled_from(INT_DTYPES))), valid, arr[:1], True
    if form == "text" and r and p:
        return [" ".join(CARD_NAMES[c] for c in hand) for hand in arr[0]], valid, arr[:1], True
    if form == "list":
        return arr.tolist() if r and p else arr, valid, arr, False
    if form == "dup" and r and p >= 2:
        arr = arr.copy()
        arr[-1, -1, 0] = arr[-1, 0, 1]
        return arr, False, None, False
    if form == "bad value" and r and p:
        arr = arr.copy()
        arr[0, 0, 0] = draw(st.sampled_from([52, 255, -1, 2**40]))
        return arr, False, None, False
    if form == "float":
        return arr.astype(float), False, None, False
    if form == "4-D":
        return arr[None], False, None, False
    if form == "width":
        return arr[..., :2], False, None, False
    return arr.astype(draw(st.sampled_from(INT_DTYPES))), valid, arr, False


@settings(max_examples=scaled(100), deadline=None)
@given(tables(), rules)
def test_zhajinhua_showdown_any_input(table, rules_):
    value, valid, canon, single = table
    out, err = attempt(zjh.showdown, value, rules=rules_)
    if not (valid and isinstance(rules_, zjh.Rules)):
        assert err is not None, f"showdown({value!r}) = {out!r}"
        return
    assert err is None, err
    assert out.dtype == np.int8 and out.shape == (canon.shape[1],) if single else canon.shape[:2]
    names = ("lose", "tie", "win")
    for t, outcome in zip(canon.tolist(), np.atleast_2d(out).tolist() if canon.shape[0] else [],
                          strict=True):
        expected = zjh_naive.table([zjh_naive.hand_of(h) for h in t], rules_)
        assert [names[o] for o in outcome] == expected


@settings(max_examples=scaled(60), deadline=None)
@given(counts(2, 17), counts(1, 4), seeds, rules)
def test_zhajinhua_deal_table_any_input(players_, rounds, seed, rules_):
    frame, err = attempt(zjh.deal_table, players_, rounds, seed=seed, rules=rules_)
    valid = (is_count(players_, 2, 17) and is_count(rounds, 1) and is_seed(seed)
             and isinstance(rules_, zjh.Rules))
    if not valid:
        assert err is not None
        return
    assert err is None, err
    assert len(frame) == int(players_) * int(rounds)
    assert np.allclose(frame.groupby("round").share.sum(), 1.0)
    hands = ps.parse_hands(frame.cards.tolist())
    assert (zjh.evaluate(hands, rules=rules_) == frame.strength.to_numpy()).all()


@settings(max_examples=scaled(60), deadline=None)
@given(rules, st.sampled_from(["exact", "monte-carlo", "auto", "mc", ["exact"]]),
       st.one_of(st.none(), counts(1, 2000)), seeds, counts(2, 17))
def test_zhajinhua_frequencies_and_win_rates_any_input(rules_, method, trials, seed, players_):
    if trials is None and (method == "monte-carlo" or (method == "auto" and seed is not None)):
        trials = 100  # the default is a million
    frame, err = attempt(zjh.category_frequencies, rules=rules_, method=method,
                         trials=trials, seed=seed)
    if err is None:
        assert isinstance(rules_, zjh.Rules) and method in ("exact", "monte-carlo", "auto")
        if frame.attrs["method"] == "exact":
            assert trials is None and seed is None
            assert frame["count"].tolist() == [52, 48, 1096, 720, 3744, 16440]
        else:
            assert method != "exact" and is_count(trials, 1) and is_seed(seed)
            assert frame["count"].sum() == trials
    method = no_default_trials(players_, trials, seed, method)
    frame, err = attempt(zjh.win_rates, players_, rules=rules_, trials=trials, seed=seed,
                         method=method)
    if err is None:
        assert isinstance(rules_, zjh.Rules) and is_count(players_, 2, 17)
        dealt = frame.outcomes > 0
        assert np.allclose((frame.win + frame.tie + frame.lose)[dealt], 1.0)
        if frame.attrs["method"] == "exact":
            assert trials is None and seed is None and frame.outcomes.sum() == 22_100
        else:
            assert is_count(trials, 1) and is_seed(seed)
            assert frame.outcomes.sum() == int(trials) * int(players_)


@given(rules)
def test_zhajinhua_heads_up_counts_any_rules(rules_):
    counts_, err = attempt(zjh.heads_up_counts, rules=rules_)
    if not isinstance(rules_, zjh.Rules):
        assert err is not None and "rules" in str(err)
        return
    assert counts_.shape == (22_100, 3) and (counts_.sum(axis=1) == 18_424).all()


# ---------------------------------------------------------------------------------------------
# Plots: the frame checks (drawing is slow, so a few valid calls only)


@settings(max_examples=scaled(20), deadline=None)
@given(st.sampled_from(["category_frequencies", "equity_vs_players", "starting_hand_grid",
                        "win_rates"]),
       st.one_of(any_object, st.text(max_size=5), st.sampled_from([
           pd.DataFrame(), pd.DataFrame({"category": [1]}), pd.Series([1.0]),
           pd.DataFrame({"hand": ["AA"], "opponents": [1]})])))
def test_plots_any_table(name, table):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from pokersim import plots

    try:
        _, err = attempt(getattr(plots, name), table)
    finally:
        plt.close("all")
    assert err is not None and name in str(err)


def test_plots_accept_their_own_tables():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from pokersim import plots
    from pokersim.data import starting_hands

    try:
        assert plots.category_frequencies(ps.category_frequencies(5)) is not None
        assert plots.equity_vs_players(starting_hands(), ["AA"]) is not None
        assert plots.win_rates(zjh.win_rates(2)) is not None
        with pytest.raises(PokersimInputError, match="all 169 hands at 99 opponents"):
            plots.starting_hand_grid(starting_hands(), opponents=99)
    finally:
        plt.close("all")


# ---------------------------------------------------------------------------------------------
# The command line: exit status 0 or 2, never a traceback; a failure is one line


def as_int(text):
    """What argparse's ``type=int`` makes of ``text``, or None."""
    try:
        return int(text)
    except ValueError:
        return None


def count_arg(high: int):
    """Text for a count option: small numbers, junk, and numbers past 2**62 (rejected before
    any work); never a valid count above ``high`` (that would be slow, not wrong)."""
    return st.one_of(
        st.integers(1, high).map(str), st.integers(1, high).map(str),
        st.integers(-3, high).map(str), st.text(max_size=6),
        st.sampled_from(["1" + "0" * 30, str(2**63), "-0", " 7 ", "1_0", "٣", "0x10", "1e3",
                         "nan", ""])).filter(
        lambda t: as_int(t) is None or as_int(t) <= high or as_int(t) > MAX_COUNT)


seed_args = st.one_of(st.integers(-10, 10**30).map(str), st.text(max_size=5))
hand_args = st.one_of(card_text.filter(lambda t: len(t) < 1000),
                      st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True).map(
                          lambda cs: " ".join(CARD_NAMES[c] for c in cs)))
player_args = st.one_of(
    st.sampled_from(RANGE_SAMPLES + ["random", "AhKh", "QsQd", "2c2d", "Ts 9s"]), hand_args,
    st.text(max_size=8))


def options(draw, pairs):
    """Some of the ``(flag, strategy)`` options, in a drawn order."""
    argv = []
    for flag, strategy in pairs:
        if draw(st.booleans()):
            argv += [flag, draw(strategy)]
    return argv


@st.composite
def cli_args(draw):
    command = draw(st.sampled_from(["evaluate", "frequencies", "equity", "vs-random",
                                    "starting-hands", "bogus", ""]))
    if command == "evaluate":
        return [command] + draw(st.lists(hand_args, max_size=4))
    if command == "frequencies":
        argv = [command] + options(draw, [
            ("--method", st.sampled_from(["auto", "exact", "monte-carlo", "mc", ""])),
            ("--cards", st.sampled_from(["5", "6", "7", "8", "x", " 5", "٥"])),
            ("--trials", count_arg(2000)), ("--seed", seed_args)])
        # exact enumeration of 6 or 7 cards (auto's choice without Monte Carlo options) takes
        # 0.1-0.3 s: rarely; Monte Carlo without --trials deals a million hands: never
        method = argv[argv.index("--method") + 1] if "--method" in argv else "auto"
        cards = as_int(argv[argv.index("--cards") + 1]) if "--cards" in argv else 7
        if method in ("exact", "auto") and cards in (6, 7) and "--trials" not in argv:
            argv += ["--cards", "5"]
        if method in ("monte-carlo", "auto") and "--trials" not in argv:
            argv += ["--trials", "100"]
        return argv
    if command in ("equity", "vs-random"):
        if command == "equity":
            argv = [command] + draw(st.lists(player_args, min_size=draw(st.sampled_from(
                [0, 2, 2])), max_size=4))
        else:
            argv = [command, draw(player_args)]
            opponents = draw(count_arg(3).filter(lambda t: as_int(t) is None or as_int(t) > 0))
            argv += ["--opponents", opponents]
        argv += options(draw, [
            ("--board", st.one_of(st.sampled_from(["", "2c 7d Qh", "2c 7d Qh 9s 3d", "Xx"]),
                                  card_text)),
            ("--dead", st.one_of(st.sampled_from(["", "3c", "Ah Ah"]), st.text(max_size=4))),
            ("--seed", seed_args),
            ("--target-stderr", st.sampled_from(["0.05", "nan", "inf", "-1", "0", "x", "1e-3"])),
            ("--method", st.sampled_from(["auto", "exact", "monte-carlo", "mc", ""]))])
        # always a --trials: the default, a million Monte Carlo trials, is too slow here
        return argv + ["--trials", draw(count_arg(1000))]
    if command == "starting-hands":
        return [command] + options(draw, [("--sort", st.sampled_from(["0", "3", "9", "10", "-1",
                                                                       "x"]))])
    return [command] if command else []


def run_cli(argv, capsys):
    """(exit status, stdout, stderr) of ``pokersim argv``; any other exception propagates."""
    capsys.readouterr()
    try:
        status = cli_main(argv)
    except SystemExit as e:  # argparse
        status = e.code
    out, err = capsys.readouterr()
    return status, out, err


def check_cli_result(argv, status, out, err):
    """The contract of every command: exit 0 with output, or 2 with a one-line reason (an
    argparse usage error: 'usage:' lines then one error line); never a traceback."""
    games = ("draw5", "videopoker", "zhajinhua")
    name = " ".join(argv[:2] if argv and argv[0] in games else argv[:1]) or "(none)"
    event(f"{name}: exit {status}")
    assert status in (0, 2), (status, err)
    assert "Traceback" not in out + err
    if status == 0:
        assert out.strip()
        return
    lines = err.strip().split("\n")  # not splitlines: an argument may hold a \r, echoed back
    assert lines, "a failure must say why"
    assert re.match(r"pokersim( [\w-]+)*: error: \S", lines[-1]), lines
    if not lines[0].startswith("usage:"):  # the package's own errors: exactly one line
        assert len(lines) == 1 and lines[0].startswith("pokersim: error: "), lines


@settings(max_examples=scaled(150), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(argv=cli_args())
def test_cli_any_arguments(argv, capsys):
    status, out, err = run_cli(argv, capsys)
    check_cli_result(argv, status, out, err)
    if status == 0 and argv[0] == "evaluate":
        assert len(out.strip().splitlines()) == len(argv)  # a header, a line a hand


# The game commands (draw5, videopoker, zhajinhua), with output files. TMP stands for the
# test's tmp folder; TMP itself (a folder, not a file) and TMP/missing/ cannot be written.
# Half the examples draw only valid values (the command runs and writes its files), half
# mix in junk anywhere (the command must refuse it in one line).
TMP = "@TMP@"
GOOD_PATHS = [f"{TMP}/t.csv", f"{TMP}/t.json", f"{TMP}/t.parquet", f"{TMP}/t",
              f"{TMP}/\u00e9 t.json"]
BAD_PATHS = [f"{TMP}/missing/t.csv", TMP, f"{TMP}/"]
HOLD_JUNK = ["As Ks Qs Js", "As As Ks Qs Js", "As Ks Qs Js Ts 9s", "Xx Ks Qs Js Ts", "",
             "AsKsQsJsTs9s", "-As Ks Qs Js Ts"]
# options of one command given to another: argparse refuses them (never --workers or
# --scheduler: they start Dask clusters)
STRAY_OPTIONS = [["--top", "3"], ["--hands", "10"], ["--rounds", "2"], ["--chunk-size", "100"],
                 ["--rule-235"], ["--ties", "suit"], ["--cards", "5"], ["--board", "2c 7d Qh"],
                 ["--strategy", "simple"], ["--players", "3"], ["--trials", "10"], ["--top"]]


def value_of(argv, flag, default=None):
    return argv[argv.index(flag) + 1] if flag in argv and argv[-1] != flag else default


@st.composite
def game_cli_args(draw):
    valid = draw(st.booleans())

    def arg(good, *junk):
        return good if valid else st.one_of(good, *junk)

    def count(low, high):
        return arg(st.integers(low, high).map(str), count_arg(high))

    game = draw(st.sampled_from(["draw5", "videopoker", "zhajinhua"]))
    action = draw(arg(st.sampled_from({
        "draw5": ["deal", "win-rates"], "videopoker": ["hold", "simulate", "return"],
        "zhajinhua": ["deal", "frequencies", "win-rates"]}[game]),
        st.sampled_from(["bogus", "", "Deal", "win_rates"])))
    if action == "return" and draw(st.integers(0, 4)):  # ~1 s a pay table (then cached): rarely
        action = "hold"
    argv = [game] + ([action] if action else [])
    seed = ("--seed", arg(st.integers(0, 2**70).map(str), seed_args))
    chunk = ("--chunk-size", count(1, 5000))
    paytable = ("--paytable", arg(st.sampled_from(["9/6", "9/5", "8/5"]),
                                  st.sampled_from(["10/6", "9-6", "", "x", "9/6 "])))
    seats = (1, 10) if game == "draw5" else (2, 17)
    if action == "deal":
        argv += options(draw, [("--players", count(*seats)), ("--rounds", count(1, 40)), seed])
    elif action in ("win-rates", "frequencies"):
        method = arg(st.sampled_from(["monte-carlo", "auto"]),
                     st.sampled_from(["exact", "mc", "", "EXACT"]))
        pairs = [("--method", method), ("--trials", count(1, 2000)), seed, chunk,
                 ("--target-stderr", arg(st.sampled_from(["0.5", "0.05"]),
                                         st.sampled_from(["0", "1", "-0.1", "nan", "x"])))]
        if action == "win-rates":
            pairs.append(("--players", count(2, seats[1])))
        argv += options(draw, pairs)
        method, players = value_of(argv, "--method"), as_int(value_of(argv, "--players", "2"))
        simulates = ("--trials" in argv or "--seed" in argv or "--target-stderr" in argv)
        exact = method == "exact" or (method in (None, "auto") and not simulates
                                      and (action == "frequencies" or players == 2))
        if "--trials" not in argv and not exact:  # the default is a million
            argv += ["--trials", draw(count(1, 2000))]
        if valid and method == "exact" and simulates:  # an exact method takes none of them
            argv += ["--method", "monte-carlo", "--trials", "100"]
    elif action == "hold":
        argv.append(draw(arg(st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True
                                      ).map(lambda cs: " ".join(CARD_NAMES[c] for c in cs)),
                             st.text(max_size=16), st.sampled_from(HOLD_JUNK))))
        argv += options(draw, [paytable, ("--top", arg(st.integers(1, 40).map(str),
                                                       count_arg(40), st.just("0")))])
    elif action == "return":
        argv += options(draw, [paytable])
    elif action == "simulate":
        argv += options(draw, [("--trials", count(1, 2000)), seed, paytable,
                               ("--strategy", arg(st.sampled_from(["optimal", "simple"]),
                                                  st.sampled_from(["x", "", "Simple"])))])
        if "--trials" not in argv:  # the default is a million
            argv += ["--trials", draw(count(1, 2000))]
    if game == "zhajinhua" and action:
        argv += options(draw, [
            ("--a23", arg(st.sampled_from(["between-jqk-qka", "lowest"]),
                          st.sampled_from(["x", "", "LOWEST"]))),
            ("--ties", arg(st.sampled_from(["split", "suit"]), st.sampled_from(["x", "Suit"])))])
        argv += ["--rule-235"] if draw(st.booleans()) else []
    if action:
        argv += options(draw, [(f"--{fmt}", arg(st.sampled_from(GOOD_PATHS),
                                                st.sampled_from(BAD_PATHS)))
                               for fmt in ("csv", "json", "parquet")])
    if not valid and draw(st.integers(0, 4)) == 0:
        argv += draw(st.sampled_from(STRAY_OPTIONS))
    if draw(st.booleans()):  # first (the global option) or last (the command's)
        argv.insert(draw(st.sampled_from([0, len(argv)])), draw(st.sampled_from(["-q",
                                                                               "--quiet"])))
    return argv


@settings(max_examples=scaled(200), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(argv=game_cli_args())
def test_cli_game_commands_any_arguments(argv, capsys, tmp_path):
    argv = [a.replace(TMP, str(tmp_path)) for a in argv]
    status, out, err = run_cli(argv, capsys)
    check_cli_result([a for a in argv if a not in ("-q", "--quiet")], status, out, err)
    if status == 0:  # every file asked for was written, whole
        for fmt in ("csv", "json", "parquet"):
            path = value_of(argv, f"--{fmt}")
            if path is not None:
                assert Path(path).is_file() and Path(path).stat().st_size > 0, (fmt, path)


# ---------------------------------------------------------------------------------------------
# Bugs the fuzzing found in pokersim/engine, pokersim/analysis/frequencies.py, pokersim/cli.py and
# pokersim/io.py, fixed since: each must raise the package's own error


@pytest.mark.parametrize("call", [
    pytest.param(lambda: ps.equity(5), id="players-int"),
    pytest.param(lambda: ps.equity(None), id="players-None"),
    pytest.param(lambda: ps.equity(p for p in ["AhKh", "QsQd"]), id="players-generator"),
    # ([[1], [1, 2]] is a list of two hands since Hold'em reads players as every game does)
    pytest.param(lambda: ps.equity([[1, [2]], "QsQd"], trials=10), id="player-ragged"),
    pytest.param(lambda: ps.equity([[[1], [1, [2]]], "QsQd"], trials=10),
                 id="player-list-ragged"),
    pytest.param(lambda: ps.equity(["AhKh", "QsQd"], trials=10,
                                   method=np.array(["exact", "auto"])), id="method-array"),
    pytest.param(lambda: ps.equity(["AhKh", "QsQd"], trials=10, seed=1,
                                   target_stderr=np.array([0.1, 0.2])), id="target-array"),
    pytest.param(lambda: ps.equity(["AhKh", "QsQd"], trials=10, seed=1,
                                   categories=np.array([True, False])), id="categories-array"),
    pytest.param(lambda: ps.equity_vs_random("AsAd", opponents=[], trials=10), id="no-opponents"),
    # opponents=3 is three opponents now (issue 19); a number that is not a count is not
    pytest.param(lambda: ps.equity_vs_random("AsAd", opponents=3.0, trials=10),
                 id="opponents-float"),
    pytest.param(lambda: ps.equity_vs_random("AsAd", opponents=None, trials=10),
                 id="opponents-None"),
    pytest.param(lambda: ps.category_frequencies(np.array([5, 6])), id="cards-array"),
    pytest.param(lambda: ps.category_frequencies(5, method=np.array(["exact", "x"])),
                 id="method-array"),
])
def test_known_bugs_raise_the_package_error(call):
    with pytest.raises(PokersimInputError):
        call()


def test_category_frequencies_of_a_float_card_count():
    """5.0 passes _check_cards (5.0 in (5, 6, 7)); it should be accepted as 5 or refused."""
    try:
        frame = ps.category_frequencies(5.0)
    except PokersimInputError:
        return
    assert frame["count"].tolist() == FIVE_CARD_COUNTS


@pytest.mark.parametrize("opponents", ["0", "-3"])
def test_cli_vs_random_with_no_opponents(opponents, capsys):
    status, _, err = run_cli(["vs-random", "AsAd", "--opponents", opponents, "--trials", "10"],
                             capsys)
    assert status == 2 and err.startswith("pokersim: error:")


def test_cli_csv_path_with_a_nul_byte(capsys, tmp_path):
    status, _, err = run_cli(["evaluate", "As Ks Qs Js Ts", "--csv", f"{tmp_path}/a\0b.csv"],
                             capsys)
    assert status == 2 and "cannot write" in err


# ---------------------------------------------------------------------------------------------
# Bugs the CLI fuzzing of the game commands found in pokersim/cli.py, fixed since


def test_cli_request_too_big_for_memory_is_one_line(capsys, monkeypatch):
    """``draw5 deal --rounds 1099511627776`` (a valid count) printed numpy's MemoryError
    traceback and exited 1. The allocation is faked here: a real one that big may be granted
    by an overcommitting kernel and then fill the memory."""
    def too_big(players, rounds=1, seed=None):
        raise MemoryError(f"Unable to allocate 20.0 TiB for an array with shape ({rounds}, 20) "
                          f"and data type uint8")

    monkeypatch.setattr(draw5, "deal_table", too_big)
    status, out, err = run_cli(["draw5", "deal", "--rounds", str(2**40)], capsys)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("pokersim: error: not enough memory: ")
    assert "20.0 TiB" in err


@pytest.mark.parametrize("name", ["new/", "new" + "/" * 3, ""])
def test_cli_output_path_naming_a_folder(capsys, tmp_path, name):
    """``--csv out/`` wrote a file named ``out`` (pathlib drops the slash); ``--csv .`` ran the
    whole command and then failed to write. Both are refused first."""
    path = f"{tmp_path}/{name}"
    status, out, err = run_cli(["videopoker", "hold", "As Ks Qs Js Ts", "--csv", path], capsys)
    assert status == 2 and out == ""  # nothing computed, nothing printed
    assert err.startswith("pokersim: error: cannot write") and "a folder" in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("opponents", [range(1, 10**30), itertools.count(1), [1, 23]])
def test_equity_vs_random_refuses_too_many_opponents_before_listing_them(opponents):
    """``vs-random --opponents 10**30`` called equity_vs_random(range(1, 10**30 + 1)), which
    listed every count (checking each against 2**62) until the machine ran out of memory:
    the OOM killer ended the test run. A count past 22 opponents now stops it at once."""
    with pytest.raises(PokersimInputError, match="opponents must be an integer from 1 to 22"):
        ps.equity_vs_random("AsAd", opponents=opponents, trials=10)


@pytest.mark.parametrize("opponents", [str(10**30), str(2**62), "23"])
def test_cli_vs_random_with_too_many_opponents(opponents, capsys):
    status, out, err = run_cli(["vs-random", "AsAd", "--opponents", opponents, "--trials", "10"],
                               capsys)
    assert status == 2 and out == ""
    assert err == f"pokersim: error: --opponents must be an integer from 1 to 22; got {opponents}\n"
