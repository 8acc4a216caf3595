"""The evaluator's tables (pokersim/evaluator/tables.py) checked against their documented
properties.

* The shipped ``evaluator_tables.npz`` is exactly what ``build_tables()`` makes, so the shipped
  data can always be regenerated from the readable code.
* RANK_KEYS: every multiset of at most 7 ranks (each at most 4 times) has its own key sum; the
  multisets are enumerated here with itertools, not with pokersim's rank_multisets.
* The key layout of the module docstring: rank sums below the suit counters, 4-bit suit
  counters starting at 3 that never carry into each other, the flush bit set exactly when a
  suit holds >= 5 cards, non-cards pushing the key past NOT_A_CARD.
* The flush table, and packed values of hands worked out by hand
  (``category << 20 | r0 << 16 | r1 << 12 | r2 << 8 | r3 << 4 | r4``, ranks 0..12 for 2..A).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from itertools import combinations, combinations_with_replacement, product
from math import comb

import numpy as np
import pytest

from pokersim.evaluator import tables as T

FIELDS = [f.name for f in dataclasses.fields(T.Tables)]


@pytest.fixture(scope="module")
def built():
    return T.build_tables()


@pytest.fixture(scope="module")
def shipped():
    path = T.SHIPPED
    assert path.name == "evaluator_tables.npz" and path.parent.name == "evaluator"
    with np.load(path) as z:
        return {name: z[name] for name in z.files}


# ----------------------------------------------------------------------------- shipped == built


def test_shipped_tables_equal_a_fresh_build(built, shipped):
    assert sorted(shipped) == sorted(FIELDS)
    for name in FIELDS:
        fresh = getattr(built, name)
        ship = shipped[name]
        assert ship.dtype == fresh.dtype, name
        assert ship.shape == fresh.shape, name
        assert np.array_equal(ship, fresh), name


def test_loaded_tables_are_the_shipped_ones(shipped):
    loaded = T.tables()
    for name in FIELDS:
        assert np.array_equal(getattr(loaded, name), shipped[name]), name


# ----------------------------------------------------------------------------- RANK_KEYS

def count_vectors(max_cards=7, max_count=4) -> np.ndarray:
    """Every vector of 13 rank counts, each <= max_count, summing to <= max_cards."""
    rows = []
    for k in range(max_cards + 1):
        for ranks in combinations_with_replacement(range(13), k):
            c = np.bincount(ranks, minlength=13) if ranks else np.zeros(13, np.int64)
            if c.max() <= max_count:
                rows.append(c)
    return np.array(rows, np.int64)


@pytest.fixture(scope="module")
def vectors():
    return count_vectors()


def test_rank_keys_give_every_multiset_its_own_sum(vectors):
    # C(20, 7) = 77,520 multisets of <= 7 of 13 ranks, less those with a rank 5+ times:
    # 13 (5 of a rank), 13 + 13*12 (6; 5+1), 13 + 13*12 + 13*12 + 13*C(12,2) (7; 6+1; 5+2; 5+1+1)
    assert len(vectors) == comb(20, 7) - 13 - (13 + 156) - (13 + 156 + 156 + 13 * 66) == 76_155
    keys = T.RANK_KEYS.astype(np.int64)
    assert keys.shape == (13,)
    sums = vectors @ keys
    assert np.unique(sums).size == len(vectors)


def test_rank_sums_stay_below_the_suit_counters(vectors):
    keys = T.RANK_KEYS.astype(np.int64)
    biggest = int((vectors @ keys).max())
    # four aces and three kings is the largest sum
    assert biggest == 4 * int(keys[12]) + 3 * int(keys[11])
    assert biggest < 2**32
    assert biggest < 2**T.SUIT_SHIFT
    assert int(T.RANK_MASK) == 2**T.SUIT_SHIFT - 1


def test_card_keys_layout(shipped):
    card_keys = [int(k) for k in shipped["card_keys"]]
    card_bits = [int(b) for b in shipped["card_bits"]]
    assert len(card_keys) == len(card_bits) == 256
    for c in range(52):
        rank, suit = divmod(c, 4)
        assert card_keys[c] == int(T.RANK_KEYS[rank]) + (1 << (T.SUIT_SHIFT + 4 * suit)), c
        assert card_bits[c] == 1 << (16 * suit + rank), c
    assert all(k == int(T.NOT_A_CARD) for k in card_keys[52:])
    assert all(b == 0 for b in card_bits[52:])


def test_suit_counters_never_carry(shipped):
    """Every split of up to 7 cards among the suits: each 4-bit counter reads 3 + its cards,
    the flush bit is set exactly when a suit holds >= 5, and nothing spills past the top
    counter."""
    assert 3 + 7 < 16
    card_keys = [int(k) for k in shipped["card_keys"]]
    bias, flush_check = int(T.KEY_BIAS), int(T.FLUSH_CHECK)
    for n in product(range(8), repeat=4):
        if sum(n) > 7:
            continue
        # the lowest n[s] ranks of each suit s (high ranks give the same counters)
        for ranks_from in (0, 13 - 7):
            cards = [4 * (ranks_from + r) + s for s in range(4) for r in range(n[s])]
            key = bias + sum(card_keys[c] for c in cards)
            for s in range(4):
                assert (key >> (T.SUIT_SHIFT + 4 * s)) & 0xF == 3 + n[s], (n, s)
            assert key >> (T.SUIT_SHIFT + 16) == 0, n
            assert bool(key & flush_check) == (max(n) >= 5), n
            assert key & int(T.RANK_MASK) == sum(int(T.RANK_KEYS[c // 4]) for c in cards)


def test_not_a_card_flags_any_hand_without_wrapping(shipped):
    card_keys = [int(k) for k in shipped["card_keys"]]
    largest_valid = int(T.KEY_BIAS) + sum(sorted(card_keys[:52])[-7:])
    assert largest_valid < int(T.NOT_A_CARD)
    # up to seven non-cards still stay below 2**64 (the key is a uint64)
    assert largest_valid + 7 * int(T.NOT_A_CARD) < 2**64


# ----------------------------------------------------------------------------- flush table


def test_flush_table_nonzero_exactly_for_five_or_more_bits(shipped):
    flush = shipped["flush"]
    assert flush.shape == (8192,)
    bits = np.array([bin(m).count("1") for m in range(8192)])
    assert np.array_equal(flush != 0, bits >= 5)
    assert (flush >= 0).all() and flush.max() == 7462


def test_flush_table_values(shipped):
    flush = shipped["flush"]
    five = [sum(1 << r for r in rs) for rs in combinations(range(13), 5)]
    straights = {0x1F << (top - 4): top for top in range(4, 13)}
    straights[0x100F] = 3  # the wheel, five high
    # the 10 straight flushes are the 10 best five-card hands: royal 7462 .. wheel 7453
    for mask, top in straights.items():
        assert flush[mask] == 7453 + (top - 3), hex(mask)
    # the 1,277 other flushes are the next block: above them lie 156 full houses, 156 quads
    # and the 10 straight flushes, so they run 7462 - 322 - 1276 .. 7462 - 322
    plain = sorted(int(flush[m]) for m in five if m not in straights)
    assert plain == list(range(5864, 7141))
    # ... ordered as their ranks read highest first
    by_ranks = sorted((m for m in five if m not in straights),
                      key=lambda m: sorted((r for r in range(13) if m >> r & 1), reverse=True))
    assert [int(flush[m]) for m in by_ranks] == plain
    # six or more suited cards: the best five of them
    for m in range(8192):
        if bin(m).count("1") >= 6:
            best = max(flush[m & ~(1 << r)] for r in range(13) if m >> r & 1)
            assert flush[m] == best, hex(m)


# ----------------------------------------------------------------------------- packed values


def pack(cat, *ranks):
    ranks = list(ranks) + [0] * (5 - len(ranks))
    return cat << 20 | ranks[0] << 16 | ranks[1] << 12 | ranks[2] << 8 | ranks[3] << 4 | ranks[4]


RANK = {ch: i for i, ch in enumerate("23456789TJQKA")}


def counts_of(ranks: str) -> np.ndarray:
    c = Counter(RANK[ch] for ch in ranks)
    return np.array([c[r] for r in range(13)], np.int64)


# (ranks of the hand, packed value of its best five, ignoring suits), worked out by hand
COUNT_CASES = [
    ("KKKKA22", 0x7BC000),  # quad kings, ace kicker (the pair of twos does not play)
    ("KKKK222", 0x7B0000),  # quad kings, a deuce kicker (rank 0)
    ("9994442", 0x672000),  # two trips: nines full of fours
    ("333QQ55", 0x61A000),  # trips and two pairs: threes full of queens
    ("AA88K33", 0x2C6B00),  # three pairs: aces and eights, the king outkicks the threes
    ("AA88553", 0x2C6300),  # three pairs: aces and eights, the fives give the kicker
    ("AA88552", 0x2C6300),
    ("A2345KQ", 0x430000),  # the wheel: a straight, five high
    ("QKA2379", 0x0CBA75),  # Q-K-A-2-3 wraps to no straight: ace-king-queen-nine-seven high
    ("56789T2", 0x480000),  # six to a straight: ten high
    ("5678992", 0x470000),  # a straight beats the pair beside it
    ("5556789", 0x470000),  # and the trips beside it
    ("77AJ432", 0x15C920),  # a pair of sevens, ace-jack-four kickers
    ("888K532", 0x36B300),  # trip eights, king-five kickers
    ("75432", 0x053210),  # the worst hand: seven high
    ("AKQJT", 0x4C0000),  # Broadway, not a royal (no suits here)
    ("AAKKQ", pack(2, 12, 11, 10)),
    ("AAAKK", pack(6, 12, 11)),
    ("22", pack(1, 0)),  # fewer than five cards: what is there
]


@pytest.mark.parametrize("ranks, expected", COUNT_CASES)
def test_strength_from_counts(ranks, expected):
    assert int(T.strength_from_counts(counts_of(ranks))) == expected


FLUSH_CASES = [
    (0x1F00, 0x9C0000),  # T-J-Q-K-A suited: royal flush
    (0x1F00 | 0b11, 0x9C0000),  # with two small suited cards
    (0x100F, 0x830000),  # A-2-3-4-5: straight flush, five high
    (0x101F, 0x840000),  # A-2-3-4-5-6: six high, the ace does not play
    (0x0F80, 0x8B0000),  # 9-T-J-Q-K: king high
    (1 << 12 | 1 << 11 | 1 << 10 | 1 << 9 | 1 << 7 | 1 << 0, 0x5CBA97),  # A K Q J 9 (2)
    (0b101111, 0x553210),  # 7-5-4-3-2: the lowest flush
    (1 << 12 | 0b11110, pack(5, 12, 4, 3, 2, 1)),  # A-6-5-4-3: no straight (needs the 2)
]


@pytest.mark.parametrize("mask, expected", FLUSH_CASES)
def test_flush_strength_packed(mask, expected):
    assert int(T.flush_strength_packed(mask)) == expected


def test_packed_ends(built):
    """Strength 1 is 7-5-4-3-2 high (docs/design.md: 7462 = cactus 1 .. 1 = cactus 7462);
    strength 7462 is the royal flush."""
    packed = built.packed
    assert packed.shape == (7463,)
    assert int(packed[1]) == 0x053210
    assert int(packed[7462]) == 0x9C0000
    assert (np.diff(packed[1:]) > 0).all()  # packed values sort as strengths do
    cats = packed[1:] >> 20
    # classes per category, by hand: high card and flush C(13,5) - 10 = 1277 each, pair
    # 13 * C(12,3) = 2860, two pair C(13,2) * 11 = 858, trips 13 * C(12,2) = 858, straights 10,
    # full house and quads 13 * 12 = 156 each, straight flush 9, royal 1 (total 7,462)
    assert np.bincount(cats, minlength=10).tolist() == [1277, 2860, 858, 858, 10, 1277, 156,
                                                        156, 9, 1]
