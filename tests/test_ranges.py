"""Ranges: expected combos are counted by hand or listed here, never read back from the code."""

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim import CardError, PokersimInputError, RangeError, parse_range
from pokersim.ranges import Range

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def card(name):
    """Card id by docs/design.md's rule 4 * rank + suit, written out apart from the package."""
    return 4 * RANKS.index(name[0]) + SUITS.index(name[1])


def combo_set(r):
    """The combos of a range as a set of frozensets of card names."""
    names = [r_ + s for r_ in RANKS for s in SUITS]
    return {frozenset((names[a], names[b])) for a, b in r.combos.tolist()}


def names(*combos):
    return {frozenset((c[:2], c[2:])) for c in combos}


def class_combos(r1, r2, kind):
    """All combos of a hand class by brute force over the 52 x 52 card pairs."""
    out = set()
    for a, b in itertools.combinations([r + s for r in RANKS for s in SUITS], 2):
        if {a[0], b[0]} != {r1, r2} or (r1 == r2 and a[0] != b[0]):
            continue
        suited = a[1] == b[1]
        if kind == "s" and not suited or kind == "o" and suited:
            continue
        out.add(frozenset((a, b)))
    return out


# ---------------------------------------------------------------------------------------------
# Counts: pair C(4,2) = 6, suited 4, offsuit 4 * 3 = 12, both 16, all C(52,2) = 1326.

@pytest.mark.parametrize("text, count", [
    ("77", 6), ("AA", 6), ("22", 6),
    ("AKs", 4), ("AKo", 12), ("AK", 16), ("72o", 12), ("32", 16),
    ("77+", 8 * 6),            # 77 88 99 TT JJ QQ KK AA: eight pairs
    ("22+", 13 * 6), ("AA+", 6), ("KK+", 12),
    ("22-55", 4 * 6), ("55-22", 4 * 6), ("TT-TT", 6),
    ("A2s+", 12 * 4),          # A2s .. AKs
    ("A2o+", 12 * 12), ("A2+", 12 * 16),
    ("KTo+", 3 * 12),          # KTo KJo KQo
    ("K9s+", 4 * 4),           # K9s KTs KJs KQs
    ("T9s+", 4),               # kicker already one below the top card
    ("32s+", 4), ("AKs+", 4),
    ("A5s-A2s", 4 * 4), ("A2s-A5s", 4 * 4), ("KQo-K2o", 11 * 12), ("Q9-Q7", 3 * 16),
    ("QQ+, AKs", 18 + 4), ("QQ+,AKs,AKo", 18 + 4 + 12),
    ("random", 1326), ("any", 1326), ("*", 1326), ("RANDOM", 1326), (" Any ", 1326),
    ("AhKh", 1), ("As Kd", 1), ("A♠K♦", 1), ("10h9h", 1), ("KdAs", 1),
    ("aks", 4), ("ako", 12), ("a2s+", 48), ("tt+", 30), ("A10s", 4), ("1010", 6), ("KA", 16),
    # the example: 18 + 4 + 16 + 12 + 4
    ("QQ+, AKs, A5s-A2s, KQo, 76s", 18 + 4 + 16 + 12 + 4),
    # a full preflop chart: 22+ 78, A2s+ 48, KTo+ 36
    ("22+, A2s+, KTo+", 78 + 48 + 36),
])
def test_counts(text, count):
    r = parse_range(text)
    assert len(r) == r.n_combos == count
    assert r.total_weight == count
    assert r.text == text


def test_every_class_matches_brute_force():
    for i, r1 in enumerate(RANKS):
        for r2 in RANKS[:i + 1]:
            if r1 == r2:
                assert combo_set(parse_range(r1 + r2)) == class_combos(r1, r2, "")
                continue
            for kind in ("s", "o", ""):
                assert combo_set(parse_range(r1 + r2 + kind)) == class_combos(r1, r2, kind)


def test_exact_sets_of_small_ranges():
    assert combo_set(parse_range("AKs")) == names("AcKc", "AdKd", "AhKh", "AsKs")
    assert combo_set(parse_range("77")) == names("7c7d", "7c7h", "7c7s", "7d7h", "7d7s",
                                                 "7h7s")
    assert combo_set(parse_range("32o")) == names(
        "3c2d", "3c2h", "3c2s", "3d2c", "3d2h", "3d2s",
        "3h2c", "3h2d", "3h2s", "3s2c", "3s2d", "3s2h")
    assert combo_set(parse_range("AhKh")) == names("AhKh")
    assert combo_set(parse_range("As Kd, 2c2d")) == names("AsKd", "2c2d")


def test_plus_and_dash_list_the_right_classes():
    def union(*classes):
        return set().union(*(class_combos(*c) for c in classes))

    assert combo_set(parse_range("77+")) == union(*[(r, r, "") for r in "789TJQKA"])
    assert combo_set(parse_range("22-55")) == union(*[(r, r, "") for r in "2345"])
    assert combo_set(parse_range("A2s+")) == union(*[("A", k, "s") for k in "23456789TJQK"])
    assert combo_set(parse_range("KTo+")) == union(("K", "T", "o"), ("K", "J", "o"),
                                                   ("K", "Q", "o"))
    assert combo_set(parse_range("K9s+")) == union(*[("K", k, "s") for k in "9TJQ"])
    assert combo_set(parse_range("T9s+")) == union(("T", "9", "s"))  # not JTs
    assert combo_set(parse_range("A5s-A2s")) == union(*[("A", k, "s") for k in "2345"])
    assert combo_set(parse_range("Q9-Q7")) == union(*[("Q", k, "") for k in "789"])


def test_dash_either_order_is_equal():
    assert parse_range("A5s-A2s") == parse_range("A2s-A5s")
    assert parse_range("22-55") == parse_range("55-22")
    assert parse_range("A5s-A2s") == parse_range("A2s, A3s, A4s, A5s")
    assert parse_range("AK") == parse_range("AKs, AKo") == parse_range("KA")
    assert parse_range("A5s-A2s") != parse_range("A5s-A3s")


def test_combo_array_layout():
    r = parse_range("random")
    assert r.combos.dtype == np.uint8 and r.combos.shape == (1326, 2)
    assert r.weights.dtype == np.float64 and r.weights.shape == (1326,)
    assert (r.combos[:, 0] > r.combos[:, 1]).all()          # larger card id first
    assert r.combos.max() == 51
    assert len({tuple(c) for c in r.combos.tolist()}) == 1326
    expected = {(a, b) for a in range(52) for b in range(a)}
    assert {tuple(c) for c in r.combos.tolist()} == expected
    assert (r.weights == 1).all()
    assert parse_range("AhKh").combos.tolist() == [[card("Ah"), card("Kh")]]
    assert parse_range("2c As").combos.tolist() == [[51, 0]]


def test_arrays_are_read_only_and_range_is_frozen():
    r = parse_range("AKs")
    with pytest.raises(ValueError):
        r.combos[0, 0] = 3
    with pytest.raises(ValueError):
        r.weights[0] = 0.5
    with pytest.raises(AttributeError):
        r.text = "x"


# ---------------------------------------------------------------------------------------------
# Weights

def test_weights_percent_and_fraction():
    r = parse_range("QQ@50")
    assert len(r) == 6 and (r.weights == 0.5).all() and r.total_weight == 3.0
    r = parse_range("JTo:0.25")
    assert len(r) == 12 and (r.weights == 0.25).all() and r.total_weight == 3.0
    assert (parse_range("AA@100").weights == 1).all()
    assert (parse_range("AA:1").weights == 1).all()
    assert (parse_range("AA:1.0").weights == 1).all()
    assert (parse_range("AA @ 12.5").weights == 0.125).all()
    assert (parse_range("AA:.5").weights == 0.5).all()
    assert (parse_range("AhKh@25").weights == 0.25).all()
    assert (parse_range("random:0.5").weights == 0.5).all()


def test_weights_per_part():
    r = parse_range("AA, KK@50, AKs:0.25")
    w = {frozenset(c): x for c, x in zip(r.combos.tolist(), r.weights.tolist(), strict=True)}
    aa = {frozenset((card("A" + s), card("A" + t))) for s, t in itertools.combinations(SUITS, 2)}
    kk = {frozenset((card("K" + s), card("K" + t))) for s, t in itertools.combinations(SUITS, 2)}
    aks = {frozenset((card("A" + s), card("K" + s))) for s in SUITS}
    assert set(w) == aa | kk | aks
    assert all(w[c] == 1.0 for c in aa)
    assert all(w[c] == 0.5 for c in kk)
    assert all(w[c] == 0.25 for c in aks)
    assert r.total_weight == 6 + 3 + 1


def test_overlap_keeps_the_largest_weight_in_any_order():
    # QQ+ (18) and TT-KK (24) share QQ and KK: union is TT..AA = 30 combos
    r = parse_range("QQ+, TT-KK")
    assert len(r) == 30 and r.total_weight == 30
    a = parse_range("QQ+, KK@50")
    b = parse_range("KK@50, QQ+")
    assert a == b and len(a) == 18 and a.total_weight == 18
    c = parse_range("KK@30, KK@60, KK:0.2")
    assert len(c) == 6 and (c.weights == 0.6).all()
    d = parse_range("AKs@40, AhKh")
    assert len(d) == 4 and d.total_weight == 1 + 3 * 0.4
    assert parse_range("AA, AA, AA") == parse_range("AA")
    assert len(parse_range("random, AA, AhKh")) == 1326


# ---------------------------------------------------------------------------------------------
# remove

def test_remove_board_cards():
    board = "Ah 7c 2d"
    # AA: one ace gone, C(3,2) = 3 left; AKs: AhKh gone, 3 left; 77: C(3,2) = 3;
    # 72o: 3 sevens x 3 deuces left = 9, less the suited 7h2h and 7s2s = 7
    assert len(parse_range("AA").remove(board)) == 3
    assert combo_set(parse_range("AKs").remove(board)) == names("AcKc", "AdKd", "AsKs")
    assert len(parse_range("77").remove(board)) == 3
    assert len(parse_range("72o").remove(board)) == 7
    # random: C(49, 2) = 1176
    assert len(parse_range("random").remove(board)) == 1176
    assert len(parse_range("random").remove("Ah 7c 2d 9s 9h")) == 47 * 46 // 2


def test_remove_takes_arrays_and_keeps_weights_and_text():
    r = parse_range("AKs@50, QQ")
    out = r.remove(np.array([card("As"), card("Qc")]))
    assert combo_set(out) == names("AcKc", "AdKd", "AhKh", "QdQh", "QdQs", "QhQs")
    assert out.total_weight == 1.5 + 3
    assert out.text == r.text
    assert len(r) == 10                                   # the original is unchanged
    assert r.remove("") == r and r.remove(None) == r
    assert len(parse_range("AhKh").remove([card("Kh")])) == 0
    assert parse_range("AhKh").remove("Kh").combos.shape == (0, 2)


def test_remove_bad_cards():
    with pytest.raises(CardError):
        parse_range("AA").remove("Xx")
    with pytest.raises(CardError):
        parse_range("AA").remove([52])


# ---------------------------------------------------------------------------------------------
# Range itself

def test_repr_is_short():
    assert repr(parse_range("QQ+, AKs")) == "Range('QQ+, AKs', 22 combos)"
    assert repr(parse_range("QQ@50")) == "Range('QQ@50', 6 combos, weight 3)"
    long = ", ".join(["AA"] * 40)
    assert len(repr(parse_range(long))) < 80


def test_range_constructor_checks_and_normalises():
    r = Range(np.array([[0, 51], [47, 51]]), [0.5, 1.0], "x")
    assert r.combos.tolist() == [[51, 0], [51, 47]] and r.combos.dtype == np.uint8
    assert r.weights.tolist() == [0.5, 1.0]
    assert parse_range(r) is r
    with pytest.raises(RangeError, match="repeats card 'As'"):
        Range(np.array([[51, 51]]))
    with pytest.raises(RangeError, match=r"combos\[1\] \(As Ks\) repeats combos\[0\]"):
        Range(np.array([[51, 47], [47, 51]]))
    with pytest.raises(RangeError, match="not a card"):
        Range(np.array([[52, 1]]))
    with pytest.raises(RangeError, match="shape"):
        Range(np.array([1, 2, 3]))
    with pytest.raises(RangeError, match=r"weights\[0\] = 0.0 is not in \(0, 1\]"):
        Range(np.array([[1, 2]]), [0.0])
    with pytest.raises(RangeError, match="one per combo"):
        Range(np.array([[1, 2]]), [1.0, 1.0])
    assert len(Range(np.zeros((0, 2), np.uint8))) == 0


def test_every_class_listed_is_every_combo():
    # Speed is the benchmark's business; here only the count of the full range by classes.
    text = ("22+, A2s+, K2s+, Q2s+, J2s+, T2s+, 92s+, 82s+, 72s+, 62s+, 52s+, 42s+, "
            "32s, A2o+, K2o+, Q2o+, J2o+, T2o+, 92o+, 82o+, 72o+, 62o+, 52o+, 42o+, 32o")
    assert len(parse_range(text)) == 1326 == len(parse_range("random"))


# ---------------------------------------------------------------------------------------------
# Errors: each names the part and its position in the comma list

@pytest.mark.parametrize("text, message", [
    ("QQ, JJ, AKx", r"range part 3 'AKx': not a hand class or combo"),
    ("XY", r"range part 1 'XY': not a hand class or combo"),
    ("A", r"range part 1 'A': not a hand class"),
    ("AKso", r"range part 1 'AKso': not a hand class"),
    ("AsK", r"range part 1 'AsK': not a hand class"),
    ("AsKsQs", r"range part 1 'AsKsQs': not a hand class"),
    ("AA, 77s", r"range part 2 '77s': a pair cannot be suited; write 77"),
    ("77o", r"range part 1 '77o': a pair cannot be offsuit"),
    ("AAs", r"range part 1 'AAs': a pair cannot be suited; write AA"),
    ("AAo+", r"range part 1 'AAo\+': a pair cannot be offsuit"),
    ("random+", r"range part 1 'random\+': '\+' must follow a pair or a hand class"),
    ("AhKh+", r"'\+' must follow a pair or a hand class"),
    ("+", r"range part 1 '\+': '\+' must follow"),
    ("AK++", r"'\+' must follow"),
    ("A5s-K2s", r"range part 1 'A5s-K2s': the ends have different top cards \(A and K\)"),
    ("22-A5s", r"range part 1 '22-A5s': a dash joins two pairs .* not a pair and a non-pair"),
    ("A5s-22", r"not a pair and a non-pair"),
    ("A5s-A2o", r"range part 1 'A5s-A2o': the ends differ in suits \(suited and offsuit\)"),
    ("A5-A2s", r"the ends differ in suits \(suited and offsuit and suited\)"),
    ("22-55-77", r"a dash joins two hand classes"),
    ("22-", r"a dash joins two hand classes"),
    ("-22", r"a dash joins two hand classes"),
    ("22+-55", r"'22\+' is not a hand class; a dash joins two"),
    ("QQ@0", r"range part 1 'QQ@0': weight 0% is not in \(0, 100\]"),
    ("QQ@150", r"weight 150% is not in \(0, 100\]"),
    ("AA, QQ:1.5", r"range part 2 'QQ:1.5': weight 1.5 is not in \(0, 1\]"),
    ("QQ:0", r"weight 0 is not in \(0, 1\]"),
    ("QQ@-5", r"weight -5 is negative: a weight is a percent after '@'"),  # issue 19
    ("QQ@", r"no number after '@'"),
    ("QQ:abc", r"weight 'abc' after ':' is not a number"),
    ("QQ@nan", r"weight 'nan' after '@' is not a number"),
    ("QQ@inf", r"is not a number"),
    ("QQ@1e1", r"is not a plain decimal number"),  # issue 19
    ("QQ@50@50", r"more than one weight"),
    ("QQ@50:0.5", r"more than one weight"),
    ("@50", r"range part 1 '@50': no hand before the weight"),
    ("AK,,QQ", r"range part 2 '': empty part"),
    ("AK, ", r"range part 2 '': empty part"),
    (",AK", r"range part 1 '': empty part"),
    ("AsAs", r"range part 1 'AsAs': not a combo: .*'As' repeats card 1"),
    ("AA, KhKh@50", r"range part 2 'KhKh@50': not a combo"),
    ("QQ+ AKs", r"range part 1 'QQ\+ AKs': whitespace inside a part; separate parts with commas"),
    ("top -5%", r"range part 1 'top -5%': 'top X%' takes a plain number X in \(0, 100\]"),
    ("AA, top nan%", r"range part 2 'top nan%': 'top X%' takes a plain number"),  # issue 31
    ("\u212aK", r"not a hand class"),      # Kelvin sign is not a K
    ("A\u212as", r"not a hand class"),
])
def test_errors_name_part_and_position(text, message):
    with pytest.raises(RangeError, match=message):
        parse_range(text)


@pytest.mark.parametrize("text", ["", "   ", "\n"])
def test_empty_range_is_an_error(text):
    with pytest.raises(RangeError, match="is empty"):
        parse_range(text)


@pytest.mark.parametrize("value", [None, 5, ["AA"], b"AA"])
def test_non_text_is_an_error(value):
    with pytest.raises(RangeError, match="a range must be text"):
        parse_range(value)


def test_range_error_is_a_value_error():
    assert issubclass(RangeError, PokersimInputError) and issubclass(RangeError, ValueError)


# ---------------------------------------------------------------------------------------------
# Property: any text parses to valid distinct combos or raises RangeError, nothing else

_ALPHABET = st.sampled_from(list("23456789TJQKAtjqkaxsodhcSOHDC+-,@:.0123456789 ♠♥♦♣*")
                            + ["random", "any", "10", "\u212a", "\u017f", "ß", "\n"])


def _check_any_text(text):
    try:
        r = parse_range(text)
    except RangeError:
        return
    c = r.combos
    assert c.dtype == np.uint8 and c.ndim == 2 and c.shape[1] == 2
    assert (c < 52).all() and (c[:, 0] > c[:, 1]).all()
    assert len({tuple(x) for x in c.tolist()}) == len(c) > 0
    assert r.weights.shape == (len(c),) and ((r.weights > 0) & (r.weights <= 1)).all()


@settings(max_examples=400, deadline=None)
@given(st.lists(_ALPHABET, max_size=20).map("".join))
def test_property_rangelike_text(text):
    _check_any_text(text)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=30))
def test_property_arbitrary_text(text):
    _check_any_text(text)


def test_range_text_is_parsed_once_into_a_read_only_range():
    first = parse_range("QQ+, AKs@50")
    assert parse_range("QQ+, AKs@50") is first  # kept by its text
    for array in (first.combos, first.weights):
        with pytest.raises(ValueError, match="read-only"):
            array[0] = 0
    for _ in range(2):  # an error is raised every time, never kept
        with pytest.raises(RangeError, match="AKx"):
            parse_range("QQ+, AKx")
