"""pokersim.rankings.badugi: the kernel, its tables, exact counts and the four cards that play.

Expected values come from the rules (hands reasoned out below, the order of rank sets written
again here, closed-form counts), from enumerating every hand, and from poker_equity's badugi
kernel (``score_batch("badugi", ...)``, lower is better); never from the module under test.
"""

from __future__ import annotations

import itertools
from math import comb

import numba
import numpy as np
import pytest

from pokersim import PokersimInputError, deal, parse_cards, rankings
from pokersim._core.combinatorics import next_combination
from pokersim._core.jit import HAS_AVX2, HAS_PDEP
from pokersim.rankings import badugi
from tests.bits import bit_count

CARD_BITS = badugi.ACE_LOW_CARD_BITS
#: The (unused) card keys evaluate passes the kernels: the same types, one compiled kernel.
CARD_KEYS = rankings.get("badugi").tables.card_keys
FIRST, STRENGTH_OF_MASK, REST = badugi.badugi_tables()
CARD_NAMES = [r + s for r in "23456789TJQKA" for s in "cdhs"]  # card = 4 * rank + suit


def _strength_kernel(strength_of_bits):
    """A loop over the rows of an (N, k) array: the OR of the cards' bits in ``card_bits``,
    then ``strength_of_bits(bits, first, strength_of_mask, rest)``."""

    @numba.njit
    def strengths(hands, card_bits, first, strength_of_mask, rest):
        out = np.empty(hands.shape[0], np.int16)
        for i in range(hands.shape[0]):
            bits = np.uint64(0)
            for j in range(hands.shape[1]):
                bits |= card_bits[hands[i, j]]
            out[i] = strength_of_bits(bits, first, strength_of_mask, rest)
        return out

    return strengths


@numba.njit(inline="always")
def _pext_strength(low, first, strength_of_mask, rest):
    return strength_of_mask[badugi._mask_pext(low, first, rest)]


@numba.njit(inline="always")
def _portable_strength(low, first, strength_of_mask, rest):
    return strength_of_mask[badugi._mask_portable(low, first, rest)]


# each path of the kernel from the cards' ACE_LOW_CARD_BITS, and the public inline function
_by_pext = _strength_kernel(_pext_strength)
_by_portable = _strength_kernel(_portable_strength)
_through_ace_low_bits = _strength_kernel(badugi.badugi_strength_ace_low)


def strengths(hands) -> np.ndarray:
    """Strengths of an (N, k) array of cards through the public inline kernel."""
    hands = np.ascontiguousarray(np.atleast_2d(hands), dtype=np.uint8)
    return _through_ace_low_bits(hands, CARD_BITS, FIRST, STRENGTH_OF_MASK, REST)


def strength_of(text: str) -> int:
    return int(strengths(parse_cards(text))[0])


@numba.njit
def _enumerate(k, card_bits, first, strength_of_mask, rest):
    """Counts of every strength over all C(52, k) hands, one hand at a time."""
    out = np.zeros(1093, np.int64)
    idx = np.arange(k)
    while True:
        bits = np.uint64(0)
        for j in range(k):
            bits |= card_bits[idx[j]]
        out[badugi.badugi_strength_ace_low(bits, first, strength_of_mask, rest)] += 1
        if not next_combination(idx, k, 52):
            return out


# ---------------------------------------------------------------------------------------------
# Hands reasoned out from the rules


@pytest.mark.parametrize("text, name", [
    ("Ac 2d 3h 4s", "4-card badugi, 4-3-2-A"),  # the best hand
    ("Kc Kd Kh Ks", "1-card badugi, K"),  # the worst: every card shares the rank
    ("As 2s 3s 4s", "1-card badugi, A"),  # every card shares the suit: the lowest plays
    ("As Ah 2s 3d", "3-card badugi, 3-2-A"),  # the ace plays as the heart, the deuce as a spade
    ("Ac Ad 2c 2d", "2-card badugi, 2-A"),
    ("8c 5d 3h As", "4-card badugi, 8-5-3-A"),
    ("7c 5d 2h 2s", "3-card badugi, 7-5-2"),
    ("Kc Qd Jh Ts As", "4-card badugi, K-Q-J-A"),  # the ace takes the spade from the ten
    ("2c 2d 3c 4d 5h 5s", "3-card badugi, 5-3-2"),  # 3 and 4 leave the deuce no suit: 5-3-2
    ("Ac 2c 3h 4h 5d 6d 7c", "3-card badugi, 5-3-A"),  # three suits: three cards at most
    ("Kc Qd Jh Ts 2c 2d 2h", "4-card badugi, Q-J-T-2"),  # the deuce plays as the club
    ("9c 9d 9h 9s Tc Td Th", "2-card badugi, T-9"),
])
def test_hands_reasoned_from_the_rules(text, name):
    s = strength_of(text)
    assert badugi.describe_strength(s) == name
    assert badugi.LABELS[badugi.category_of_strength()[s]] == name.split(",")[0]


def test_order_between_hands_from_the_rules():
    order = ["Kc Kd Kh Ks",  # 1 card
             "2c 2d 3c 3d",  # 2 cards, 3-2
             "Ac 2d 3h 3s",  # 3 cards, 3-2-A
             "Kc Qd Jh Ts",  # 4 cards beat 3 however low
             "8c 6d 2h As",  # 8-6-2-A
             "8c 5d 4h As",  # 8-5-4-A: the second card decides
             "8c 5d 3h As",  # 8-5-3-A
             "7c 6d 5h 4s",  # 7 high beats 8 high
             "4c 3d 2h As"]
    s = [strength_of(t) for t in order]
    assert s == sorted(s) and len(set(s)) == len(s)
    assert strength_of("4c 3d 2h As") == badugi.N_STRENGTHS
    assert strength_of("Kc Kd Kh Ks") == 1
    # suits do not matter, and more cards than a badugi uses change nothing
    assert strength_of("8d 5h 3s Ac") == strength_of("8c 5d 3h As")
    assert strength_of("8c 5d 3h As Kc Kd 9s") == strength_of("8c 5d 3h As")


def test_strength_order_is_the_rule_order():
    """Every rank set that can play, weakest first, written from the rules: more cards win,
    then the lower set, compared highest card first (aces low)."""
    sets = [s for n in range(1, 5) for s in itertools.combinations(range(13), n)]  # ace = 0
    # within a size, the higher card at the first place (highest first) that differs is weaker
    weakest_first = sorted(sets, key=lambda s: (len(s), [-r for r in sorted(s, reverse=True)]))
    masks = [sum(1 << r for r in s) for s in weakest_first]
    assert len(masks) == badugi.N_STRENGTHS
    assert badugi.rank_mask_of_strength()[1:].tolist() == masks
    assert badugi.category_of_strength()[1:].tolist() == [len(s) - 1 for s in weakest_first]
    assert badugi.describe_strength(1) == "1-card badugi, K"
    assert badugi.describe_strength(14) == "2-card badugi, K-Q"
    assert badugi.describe_strength(badugi.N_STRENGTHS - 1) == "4-card badugi, 5-3-2-A"


def test_tables_and_arrays():
    assert FIRST.dtype == np.int32 and FIRST.shape == (1 << 16,)
    assert STRENGTH_OF_MASK.dtype == np.int16 and STRENGTH_OF_MASK.shape == (8192,)
    assert REST.dtype == np.int16 and REST.ndim == 1 and REST.size % 4096 == 0
    for table in (FIRST, REST, STRENGTH_OF_MASK, badugi.category_of_strength(),
                  badugi.rank_mask_of_strength()):
        assert not table.flags.writeable
    assert badugi.category_of_strength().dtype == np.int8
    assert badugi.category_of_strength().shape == (badugi.N_STRENGTHS + 1,)
    assert badugi.rank_mask_of_strength().shape == (badugi.N_STRENGTHS + 1,)
    assert badugi.badugi_counts(4).dtype == np.int64
    assert badugi.badugi_counts(4).shape == (badugi.N_STRENGTHS + 1,)


# ---------------------------------------------------------------------------------------------
# Against poker_equity, on random hands


def assert_same_order(strength: np.ndarray, score: np.ndarray):
    """Higher strength exactly where the peer's score is lower; equal exactly where equal."""
    pairs = np.unique(np.stack([score.astype(np.int64), strength.astype(np.int64)], 1), axis=0)
    assert np.unique(pairs[:, 0]).size == len(pairs), "a peer score has two strengths"
    assert np.unique(pairs[:, 1]).size == len(pairs), "a strength has two peer scores"
    assert (np.diff(pairs[:, 1]) < 0).all(), "the orders differ"


def peer_scores(hands) -> np.ndarray:
    pe = pytest.importorskip("poker_equity")
    names = np.array(CARD_NAMES)[hands]
    return np.array(pe.score_batch("badugi", ["".join(row) for row in names.tolist()]))


def test_every_four_card_hand_agrees_with_poker_equity():
    hands = np.array(list(itertools.combinations(range(52), 4)), np.uint8)
    s = strengths(hands)
    assert_same_order(s, peer_scores(hands))
    assert np.unique(s).size == badugi.N_STRENGTHS


@pytest.mark.parametrize("k, n", [(5, 80_000), (6, 60_000), (7, 100_000)])
def test_random_hands_agree_with_poker_equity(k, n):
    hands = deal(n, k, seed=16 + k)
    assert_same_order(strengths(hands), peer_scores(hands))


@pytest.mark.skipif(not HAS_PDEP, reason="no fast BMI2 pdep/pext")
@pytest.mark.parametrize("k", [1, 2, 3, 4, 5, 6, 7])
def test_pext_and_portable_paths_agree(k):
    hands = deal(50_000, k, seed=k)
    tables_ = (badugi.ACE_LOW_CARD_BITS, FIRST, STRENGTH_OF_MASK, REST)
    portable = _by_portable(hands, *tables_)
    np.testing.assert_array_equal(_by_pext(hands, *tables_), portable)
    assert (portable >= 1).all()


def test_ace_low_card_bits():
    """Rank by rank, aces first, four suit bits each."""
    for card, (rank, suit) in enumerate(itertools.product("23456789TJQKA", "cdhs")):
        place = 4 * badugi.RANK_CHARS.index(rank) + "cdhs".index(suit)
        assert badugi.ACE_LOW_CARD_BITS[card] == 1 << place
    assert (badugi.ACE_LOW_CARD_BITS[52:] == 0).all()


def test_portable_path_against_poker_equity():
    """The path of CPUs without BMI2, checked here whatever this CPU has."""
    for k in (4, 7):
        hands = deal(30_000, k, seed=100 + k)
        assert_same_order(_by_portable(hands, badugi.ACE_LOW_CARD_BITS, FIRST, STRENGTH_OF_MASK,
                                       REST),
                          peer_scores(hands))


# ---------------------------------------------------------------------------------------------
# The kernels of evaluate(ranking="badugi"): eight rows at a time (AVX2), and one at a time


def evaluate_every_way(hands):
    """(vector kernel's out, scalar kernel's out, general kernel's out, their counts of bad
    rows), each kernel run as three workers (every row written by one of them)."""
    k = hands.shape[1]
    outs, bads = [], []
    for kernel, after in ((badugi.evaluate_kernel(k, simd=True), ()),
                          (badugi.evaluate_kernel(k, simd=False), ()),
                          (badugi.any_size_kernel, (k,))):
        out = np.full(len(hands), 999, np.int16)
        bads.append(sum(kernel(w, 3, hands, CARD_KEYS, CARD_BITS, FIRST, STRENGTH_OF_MASK, REST,
                               out, np.zeros(24, np.uint64), *after) for w in range(3)))
        outs.append(out)
    return *outs, bads


def check_kernels(k, n, seed):
    # n % 8 != 0: the rows past the last block of eight take the scalar path
    hands = deal(n, k, seed=seed)
    bad_rows = {5: (2, int(hands[5, 0])),  # a repeated card
                17: (1, 52),  # a non-card: its whole block of eight goes the scalar way
                40: (k - 1, 255),
                n - 1: (0, int(hands[n - 1, k - 1]))}  # past the last block
    expected = np.array(strengths(hands), np.int16)
    assert_same_order(expected, peer_scores(hands))
    for i, (j, value) in bad_rows.items():
        hands[i, j] = value
        expected[i] = -1
    vector, scalar, general, bads = evaluate_every_way(hands)
    np.testing.assert_array_equal(vector, expected)
    np.testing.assert_array_equal(scalar, expected)
    np.testing.assert_array_equal(general, expected)
    assert bads == [len(bad_rows)] * 3


def _eight_at_a_time(k):
    """Every block of eight rows through ``eight_hands_bits``: its lanes, its mask of rows
    left, and the strength of each lane by each lane lookup (``pext`` where the CPU has a
    fast one, the portable one)."""
    by_pext = badugi._lane_mask_pext if HAS_PDEP else badugi._lane_mask_portable

    @numba.njit
    def run(hands, first, strength_of_mask, rest, lanes_out, left_out, strength_out):
        lanes = np.empty((3, 8), np.uint64)
        for b in range(hands.shape[0] // 8):
            left_out[b] = badugi.eight_hands_bits(hands, b, lanes, k)
            for lane in range(3):  # not lanes_out[b] = lanes: see private._reorder
                for j in range(8):
                    lanes_out[b, lane, j] = lanes[lane, j]
            for j in range(8):
                i = 8 * b + j
                strength_out[0, i] = strength_of_mask[by_pext(lanes, j, first, rest)]
                strength_out[1, i] = strength_of_mask[
                    badugi._lane_mask_portable(lanes, j, first, rest)]

    return run


def check_eight_hands_bits(k):
    hands = deal(4000, k, seed=500 + k)
    hands[3, 1] = hands[3, 0]  # a repeated card: that row is left
    hands[17, 0] = 52  # a non-card: its whole block of eight is left
    hands[30, k - 1] = 200
    # the bits from the rules: card c at (c + 4) mod 52 (rank by rank, aces first)
    cards = hands.astype(np.uint64)
    bits = np.bitwise_or.reduce(np.where(cards < 52, np.uint64(1) << ((cards + 4) % 52), 0),
                                axis=1)
    nibbles = np.array([sum(0xF << 4 * r for r in range(13) if b >> 4 * r & 0xF)
                        for b in bits.tolist()], np.uint64)
    left = bit_count(bits) != k
    left[16:32] = True
    expected_left = np.packbits(left.reshape(-1, 8), axis=1, bitorder="little").ravel()
    good = ~left
    lanes = np.zeros((len(hands) // 8, 3, 8), np.uint64)
    got_left = np.zeros(len(hands) // 8, np.uint64)
    strength = np.zeros((2, len(hands)), np.int16)
    _eight_at_a_time(k)(hands, FIRST, STRENGTH_OF_MASK, REST, lanes, got_left, strength)
    np.testing.assert_array_equal(got_left, expected_left)
    lane = lanes.transpose(1, 0, 2).reshape(3, -1)
    np.testing.assert_array_equal(lane[0][good], bits[good])
    np.testing.assert_array_equal(lane[1][good], nibbles[good])
    np.testing.assert_array_equal(lane[2][good], nibbles[good] & np.uint64(0x1111111111111))
    for by in strength:
        np.testing.assert_array_equal(by[good], strengths(hands[good]))
    # the lanes of rows left still look up inside the tables: at most k bits of 52
    assert (bit_count(lane[0]) <= k).all() and (lane[0] < 1 << 52).all()


def test_eight_hands_bits():
    check_eight_hands_bits(7)


@pytest.mark.slow
@pytest.mark.parametrize("k", [4, 5, 6])
def test_eight_hands_bits_every_size(k):
    check_eight_hands_bits(k)


@pytest.mark.skipif(not HAS_AVX2, reason="no AVX2: the vector kernel is not used")
def test_evaluate_kernels_against_poker_equity_and_bad_rows():
    check_kernels(7, 20_003, seed=307)


@pytest.mark.slow
@pytest.mark.skipif(not HAS_AVX2, reason="no AVX2: the vector kernel is not used")
@pytest.mark.parametrize("k", [4, 5, 6, 7])
def test_evaluate_kernels_against_poker_equity_and_bad_rows_every_size(k):
    check_kernels(k, 200_005, seed=310 + k)


# ---------------------------------------------------------------------------------------------
# Exact counts


def test_count_totals_and_closed_forms():
    for k in range(4, 8):
        counts = badugi.badugi_counts(k)
        assert counts.sum() == comb(52, k)
        assert counts[0] == 0
        # one card plays when every two cards share a rank or a suit: then all share the
        # rank, or all share the suit (a shares b's rank and c's suit: b and c share neither)
        one_card = badugi.category_of_strength() == 0
        assert counts[one_card].sum() == 4 * comb(13, k) + (13 if k == 4 else 0)
        assert (counts[1] > 0) == (k == 4)  # a lone king: Kc Kd Kh Ks
    four = badugi.badugi_counts(4)
    category = badugi.category_of_strength()
    assert (four[1:] > 0).all()
    assert four[badugi.N_STRENGTHS] == 24  # 4-3-2-A: the 4! ways to give the ranks suits
    assert four[1] == 1  # a lone king plays only in Kc Kd Kh Ks
    assert four[category == 3].sum() == comb(13, 4) * 24  # four ranks, four suits


@pytest.mark.parametrize("k", [4, 5])
def test_counts_equal_enumeration(k):
    enumerated = _enumerate(k, CARD_BITS, FIRST, STRENGTH_OF_MASK, REST)
    np.testing.assert_array_equal(badugi.badugi_counts(k), enumerated)


@pytest.mark.slow
@pytest.mark.parametrize("k", [6, 7])
def test_counts_equal_enumeration_slow(k):
    enumerated = _enumerate(k, CARD_BITS, FIRST, STRENGTH_OF_MASK, REST)
    np.testing.assert_array_equal(badugi.badugi_counts(k), enumerated)


def test_counts_are_copies():
    counts = badugi.badugi_counts(5)
    counts[:] = 0
    assert badugi.badugi_counts(5).sum() == comb(52, 5)


# ---------------------------------------------------------------------------------------------
# The four cards that play


def best_four(hands) -> np.ndarray:
    hands = np.ascontiguousarray(np.atleast_2d(hands), dtype=np.uint8)
    out = np.zeros((hands.shape[0], 4), np.uint8)
    badugi.best_four_kernel(hands, FIRST, REST, out)
    return out


def ace_low(card: int) -> int:
    return (card // 4 + 1) % 13


@pytest.mark.parametrize("text, four", [
    ("Kc Qd Jh Ts 2c 2d 2h", "Qd Jh Ts 2c"),
    ("As Ah 2s 3d 3s", "3d 2s Ah As"),  # the 3-2-A badugi, then the lowest other card
    ("9c 8c 7c 6c 5c 4c 3c", "3c 4c 5c 6c"),  # the three, then the lowest others
    ("Ac 2d 3h 4s", "4s 3h 2d Ac"),
])
def test_best_four_reasoned(text, four):
    got = [CARD_NAMES[c] for c in best_four(parse_cards(text))[0]]
    want = four.split()
    n = badugi.category_of_strength()[strength_of(text)] + 1
    assert got[:n] == want[:n]
    assert sorted(got[n:], key=lambda c: CARD_NAMES.index(c)) == \
        sorted(want[n:], key=lambda c: CARD_NAMES.index(c))


@pytest.mark.parametrize("k", [4, 5, 6, 7])
def test_best_four_plays_the_hand(k):
    hands = deal(20_000, k, seed=40 + k)
    four = best_four(hands)
    np.testing.assert_array_equal(strengths(four), strengths(hands))
    sizes = badugi.category_of_strength()[strengths(hands)] + 1
    for hand, cards, n in zip(hands.tolist(), four.tolist(), sizes.tolist(), strict=True):
        assert len(set(cards)) == 4 and set(cards) <= set(hand)
        played, others = cards[:n], cards[n:]
        assert len({c // 4 for c in played}) == n and len({c % 4 for c in played}) == n
        assert [ace_low(c) for c in played] == sorted((ace_low(c) for c in played),
                                                      reverse=True)
        rest = sorted(ace_low(c) for c in hand if c not in played)
        assert [ace_low(c) for c in others] == rest[:4 - n]


# ---------------------------------------------------------------------------------------------
# Bad input


@pytest.mark.parametrize("value", [0, 1093, -1, 1.0, "5", True, None, np.int64(2000)])
def test_describe_rejects_non_strengths(value):
    with pytest.raises(PokersimInputError, match="badugi strengths"):
        badugi.describe_strength(value)


def test_describe_takes_numpy_integers():
    assert badugi.describe_strength(np.int16(1092)) == "4-card badugi, 4-3-2-A"


@pytest.mark.parametrize("k", [3, 8, 0, 4.0, "5", True, None])
def test_counts_reject_bad_sizes(k):
    with pytest.raises(PokersimInputError, match="4 to 7 cards"):
        badugi.badugi_counts(k)
