"""Badugi: the largest set of cards with distinct suits and distinct ranks, then the lowest.

A badugi hand plays the largest set of its cards whose ranks are all different and whose suits
are all different; between two sets of the same size the lower wins, aces low, compared
highest card first. With more than four cards the best four play. A *strength* is the dense
rank of the 1,092 rank sets that can play (C(13,4) + C(13,3) + C(13,2) + 13): 1 is the worst
one-card hand (a king), 1092 is 4-3-2-A. Higher wins, equal strengths tie.

How the kernel finds the set that plays:

* **A matroid, so a greedy scan.** The sets of ranks that can be matched to distinct suits form
  a transversal matroid. Adding the ranks in increasing order (ace first), each one whenever the
  chosen set can still be matched, gives a largest set that is also the lowest, highest card
  first: a matroid's greedy basis is below every other basis position by position (Gale).
* **A state machine for "can still be matched".** The state is the family of suit sets that a
  matching of the chosen ranks can occupy: a 16-bit mask over the subsets of the four suits. A
  rank whose cards have suit mask ``m`` extends every set of the family by a suit of ``m`` that
  it lacks; if none can be extended the rank is skipped. Only 68 families are reachable.
* **Seven ranks in two lookups.** A hand of at most seven cards has at most seven ranks, and
  empty ranks change nothing. The suit bits of the four lowest ranks present index
  ``first`` (65,536 entries: the state after them, and which of them were chosen); those of the
  next three ranks and that state index ``rest`` (68 x 4,096 entries). On CPUs with a fast BMI2
  ``pext`` the rank positions are gathered with ``pdep``/``pext``; elsewhere the kernel walks
  the 13 ranks in fixed chunks of 4, 3, 3 and 3, each chunk's 12-16 suit bits gathered into an
  index by one multiplication (:func:`badugi_mask`).
* The chosen rank mask (13 bits, ace low) indexes ``strength_of_mask`` (8,192 entries).
* The kernel first moves each suit's ace below its deuce; kernels that OR
  :data:`ACE_LOW_CARD_BITS` instead of ``Tables.card_bits`` skip that step.

Exact counts of every strength among all k-card hands come from a dynamic programme over the
ranks (:func:`badugi_counts`), not from enumerating the hands.

>>> from pokersim.tables import tables
>>> first, strength_of_mask, rest = badugi_tables()
>>> def strength(text):
...     bits = np.bitwise_or.reduce(tables().card_bits[parse_cards(text)])
...     return int(badugi_strength(bits, first, strength_of_mask, rest))
>>> [describe_strength(strength(h)) for h in ("4s 3h 2d Ac", "Ks Kh Kd Kc", "Ac 2c 3h 4h 5d 6d 7c")]
['4-card badugi, 4-3-2-A', '1-card badugi, K', '3-card badugi, 5-3-A']
"""

from __future__ import annotations

import functools
import itertools
from math import comb

import numpy as np
from numba import prange

from .._jit import HAS_PDEP, jit, pdep, pext, popcount
from ..errors import PokersimInputError
from ..validation import short_repr

N_STRENGTHS = 1092
#: Category names, weakest first: the category code of a hand is the number of cards it plays
#: minus one.
LABELS = ("1-card badugi", "2-card badugi", "3-card badugi", "4-card badugi")
#: Rank names, ace low: index 0 is the ace, 12 the king (the bits of a rank mask).
RANK_CHARS = "A23456789TJQK"

#: Subsets of the four suits lacking suit s, as a 16-bit mask over the subsets (bit T = subset T).
_LACKS_SUIT = (0x5555, 0x3333, 0x0F0F, 0x00FF)
_REPEAT = np.uint64(0x0001000100010001)  # one bit per 16-bit suit field of ``bits``
_KINGS_DOWN = np.uint64(0x0FFF) * _REPEAT  # the deuce..king bits of each suit field
_ACES = np.uint64(0x1000) * _REPEAT
#: Rank positions 13-15, never present. Padded with them, the ranks present of any hand give
#: four bits for the four lowest positions, and for positions 4-6 three bits or only pads.
_PADS = np.uint64(0xE000)
_RANK_BITS = np.uint64(0x1FFF)
#: Multipliers gathering bit i of each suit field s (i < 4, resp. i < 3) to bit 48 + 4s + i
#: (resp. 52 + 3s + i); no two partial products meet below bit 64, so nothing carries.
_GATHER_4 = np.uint64((1 << 48) | (1 << 36) | (1 << 24) | (1 << 12))
_GATHER_3 = np.uint64((1 << 52) | (1 << 39) | (1 << 26) | (1 << 13))


# ---------------------------------------------------------------------------------------------
# Tables


def _extend(family: np.ndarray, suits: np.ndarray) -> np.ndarray:
    """The families after one rank with suit masks ``suits``: every suit set of ``family``
    plus one suit of the rank that it lacks (0 where the rank fits no set)."""
    out = np.zeros_like(family)
    for s, lacks in enumerate(_LACKS_SUIT):
        out |= np.where(suits >> s & 1, (family & lacks) << (1 << s), 0)
    return out


def _families() -> np.ndarray:
    """The 68 families reachable from the empty matching's (bit 0 alone), that one first."""
    found = [1]
    frontier = np.array([1], np.int64)
    while frontier.size:
        after = _extend(np.repeat(frontier, 16), np.tile(np.arange(16), frontier.size))
        new = np.setdiff1d(after[after != 0], found)
        found.extend(new.tolist())
        frontier = new
    return np.array(found, np.int64)


def _chunk(families: np.ndarray, width: int, states: int) -> tuple[np.ndarray, np.ndarray]:
    """The greedy scan over ``width`` ranks from each of the first ``states`` states, for every
    x holding rank i's suit s at bit ``width * s + i``: (new state, chosen ranks as bits),
    indexed by ``state << 4*width | x``."""
    index = np.full(1 << 16, -1, np.int64)
    index[families] = np.arange(families.size)
    x = np.tile(np.arange(1 << (4 * width)), states)
    family = np.repeat(families[:states], 1 << (4 * width))
    chosen = np.zeros_like(x)
    for i in range(width):
        suits = np.zeros_like(x)
        for s in range(4):
            suits |= ((x >> (width * s + i)) & 1) << s
        after = _extend(family, suits)
        chosen |= (after != 0) << i
        family = np.where(after != 0, after, family)
    return index[family], chosen


def _sizes() -> np.ndarray:
    """(8192,) int64: the number of ranks in each rank mask."""
    return np.array([bin(m).count("1") for m in range(8192)])


def _strength_of_mask() -> np.ndarray:
    """(8192,) int16: the strength of each ace-low rank mask of 1 to 4 ranks (0 otherwise):
    more ranks first, then the lower mask (highest card first is the integer order)."""
    masks = np.arange(8192)
    sizes = _sizes()
    playable = masks[(sizes >= 1) & (sizes <= 4)]
    order = playable[np.lexsort((-playable, sizes[playable]))]  # weakest first
    out = np.zeros(8192, np.int16)
    out[order] = np.arange(1, order.size + 1)
    return out


@functools.cache
def badugi_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The kernel's tables ``(first, strength_of_mask, rest)``, read-only, built in about
    0.05 s at first use:

    * ``first``: (65536,) int32, ``state << 12 | chosen`` after the four lowest ranks from the
      start, indexed by their suit bits (rank i's suit s at bit 4s + i); chosen: bit i set if
      rank i was chosen.
    * ``strength_of_mask``: (8192,) int16, the strength of each ace-low rank mask that plays
      (1 to 4 ranks; 0 elsewhere).
    * ``rest``: (68 * 4096,) int16, ``state << 3 | chosen`` after three more ranks, indexed by
      ``state << 12`` and their suit bits (rank i's suit s at bit 3s + i).

    A state numbers a family of suit sets (see the module's notes); state 0 is the start.

    >>> first, strength_of_mask, rest = badugi_tables()
    >>> first.dtype, rest.shape, int(strength_of_mask[0b1111]), int(strength_of_mask[1 << 12])
    (dtype('int32'), (278528,), 1092, 1)
    """
    families = _families()
    state, chosen = _chunk(families, 4, 1)
    first = (state << 12 | chosen).astype(np.int32)
    state, chosen = _chunk(families, 3, families.size)
    rest = (state << 3 | chosen).astype(np.int16)
    out = (first, _strength_of_mask(), rest)
    for table in out:
        table.setflags(write=False)
    return out


# ---------------------------------------------------------------------------------------------
# Kernel


def _ace_low_card_bits() -> np.ndarray:
    ranks, suits = np.divmod(np.arange(52), 4)
    out = np.zeros(256, np.uint64)
    out[:52] = np.uint64(1) << (16 * suits + (ranks + 1) % 13).astype(np.uint64)
    out.setflags(write=False)
    return out


#: (256,) uint64: ``1 << (16 * suit + ace-low rank)`` for cards 0..51 (the ace at place 0,
#: the deuce at 1 .. the king at 12), 0 past 51. A kernel that ORs these instead of
#: ``Tables.card_bits`` calls :func:`badugi_strength_ace_low`, which skips the shuffle of the
#: aces (about 15% faster); the bit count still flags bad rows.
ACE_LOW_CARD_BITS = _ace_low_card_bits()


@jit(inline=True)
def _ace_low(bits):
    """``bits`` with each suit's ranks moved up one place and its ace put at place 0."""
    return ((bits & _KINGS_DOWN) << np.uint64(1)) | ((bits & _ACES) >> np.uint64(12))


@jit(inline=True)
def _mask_pext(low, first, rest):
    """:func:`badugi_mask_ace_low` with ``pext``: the four lowest ranks present, then the next
    three. Valid for hands of at most seven distinct ranks."""
    folded = low | (low >> np.uint64(32))
    ranks = ((folded | (folded >> np.uint64(16))) & _RANK_BITS) | _PADS
    e = np.uint64(first[pext(low, pdep(np.uint64(0xF), ranks) * _REPEAT)])
    chosen = e & np.uint64(0xF)
    then = rest[(e ^ chosen) | pext(low, pdep(np.uint64(0x70), ranks) * _REPEAT)]
    return pdep(chosen | (np.uint64(then & 0x7) << np.uint64(4)), ranks)


@jit(inline=True)
def _mask_portable(low, first, rest):
    """:func:`badugi_mask_ace_low` without BMI2: ranks A-4, 5-7, 8-T and J-K in turn, each
    chunk's suit bits gathered by one multiplication."""
    e = np.uint64(first[((low & (np.uint64(0xF) * _REPEAT)) * _GATHER_4) >> np.uint64(48)])
    chosen = e & np.uint64(0xF)
    row = e ^ chosen  # state << 12
    for r in (4, 7, 10):
        x = (((low >> np.uint64(r)) & (np.uint64(0x7) * _REPEAT)) * _GATHER_3) >> np.uint64(52)
        e = np.uint64(rest[row | x])
        chosen |= (e & np.uint64(0x7)) << np.uint64(r)
        row = (e >> np.uint64(3)) << np.uint64(12)
    return chosen


#: ``badugi_mask_ace_low(low, first, rest)``: the ace-low rank mask (bit 0 ace .. bit 12 king)
#: of the cards that play, from ``low``, the OR of the cards' :data:`ACE_LOW_CARD_BITS` (at
#: most 7 cards; no check); ``first`` and ``rest`` come from :func:`badugi_tables`.
badugi_mask_ace_low = _mask_pext if HAS_PDEP else _mask_portable


@jit(inline=True)
def badugi_mask(bits, first, rest):
    """:func:`badugi_mask_ace_low` from ``bits``, the OR of the cards' ``Tables.card_bits``."""
    return badugi_mask_ace_low(_ace_low(bits), first, rest)


@jit(inline=True)
def badugi_strength(bits, first, strength_of_mask, rest):
    """Strength (int16, 1..1092) of a hand of 1 to 7 valid cards from ``bits``, the OR of its
    cards' ``Tables.card_bits``; the tables are :func:`badugi_tables`, in its order. No check:
    the caller rejects bad rows (``popcount(bits) != k``)."""
    return strength_of_mask[badugi_mask(bits, first, rest)]


@jit(inline=True)
def badugi_strength_ace_low(low, first, strength_of_mask, rest):
    """:func:`badugi_strength` from ``low``, the OR of the cards' :data:`ACE_LOW_CARD_BITS`."""
    return strength_of_mask[badugi_mask_ace_low(low, first, rest)]


# ---------------------------------------------------------------------------------------------
# What a strength means


@functools.cache
def rank_mask_of_strength() -> np.ndarray:
    """(1093,) int16: the ace-low rank mask (bit 0 ace, bit 1 deuce .. bit 12 king) of the
    cards that play at each strength (index 0 unused, 0).

    >>> bin(int(rank_mask_of_strength()[1092]))
    '0b1111'
    """
    som = badugi_tables()[1]
    out = np.zeros(N_STRENGTHS + 1, np.int16)
    out[som[som > 0]] = np.flatnonzero(som > 0)
    out.setflags(write=False)
    return out


@functools.cache
def category_of_strength() -> np.ndarray:
    """(1093,) int8: the category code (cards played - 1, an index into :data:`LABELS`) of each
    strength (index 0 unused, 0).

    >>> [LABELS[c] for c in category_of_strength()[[1, 13, 14, 1092]]]
    ['1-card badugi', '1-card badugi', '2-card badugi', '4-card badugi']
    """
    out = np.maximum(_sizes()[rank_mask_of_strength()] - 1, 0).astype(np.int8)
    out.setflags(write=False)
    return out


@functools.cache
def _descriptions() -> tuple[str, ...]:
    names = ["?"]
    for mask in rank_mask_of_strength()[1:].tolist():
        code = bin(mask).count("1") - 1
        ranks = "-".join(RANK_CHARS[r] for r in range(12, -1, -1) if mask >> r & 1)
        names.append(f"{LABELS[code]}, {ranks}")
    return tuple(names)


def describe_strength(s) -> str:
    """The name of a badugi strength, ranks highest first: ``"3-card badugi, 7-5-2"``.

    >>> describe_strength(1092), describe_strength(1)
    ('4-card badugi, 4-3-2-A', '1-card badugi, K')
    """
    if isinstance(s, (bool, np.bool_)) or not isinstance(s, (int, np.integer)) \
            or not 1 <= s <= N_STRENGTHS:
        raise PokersimInputError(f"badugi strengths are integers 1..{N_STRENGTHS}; got "
                                 f"{short_repr(s)}")
    return _descriptions()[int(s)]


# ---------------------------------------------------------------------------------------------
# Exact counts


@jit
def _count_kernel(k, one_rank, full, strength_of_mask, mask_index, masks, binomial):
    """Counts of every strength over all k-card hands: the greedy scan over the ranks, ace
    first, for all hands at once. ``count[c, state, m]``: the ways to deal c cards of the ranks
    scanned so far that leave ``state`` with chosen ranks ``masks[m]``. Each rank takes any of
    the 16 subsets of its four cards. A scan that reaches four chosen ranks is done: any
    k - c of the cards of the ranks left complete it (``binomial``)."""
    n_states = one_rank.shape[0] // 16
    out = np.zeros(N_STRENGTHS + 1, np.int64)
    count = np.zeros((k + 1, n_states, masks.shape[0]), np.int64)
    count[0, 0, mask_index[0]] = 1
    for r in range(13):
        after = np.zeros_like(count)
        cards_left = 4 * (12 - r)
        for c in range(k + 1):
            for state in range(n_states):
                for m in range(masks.shape[0]):
                    ways = count[c, state, m]
                    if ways == 0:
                        continue
                    for suits in range(16):
                        c2 = c + popcount(np.uint64(suits))
                        if c2 > k:
                            continue
                        e = one_rank[state * 16 + suits]
                        chosen = masks[m] | ((e & 1) << r)
                        if e >> 1 == full:
                            out[strength_of_mask[chosen]] += ways * binomial[cards_left, k - c2]
                        else:
                            after[c2, e >> 1, mask_index[chosen]] += ways
        count = after
    for state in range(n_states):
        for m in range(masks.shape[0]):
            out[strength_of_mask[masks[m]]] += count[k, state, m]
    return out


def badugi_counts(k: int) -> np.ndarray:
    """(1093,) int64: how many of all C(52, k) k-card hands (k = 4..7) have each strength
    (index 0: none), by a dynamic programme over the ranks (milliseconds, not an enumeration).

    >>> counts = badugi_counts(4)
    >>> int(counts.sum()), int(counts[1092])  # 4-3-2-A: 4! suit assignments
    (270725, 24)
    """
    if isinstance(k, (bool, np.bool_)) or not isinstance(k, (int, np.integer)) \
            or not 4 <= k <= 7:
        raise PokersimInputError(f"badugi hands have 4 to 7 cards; got k={short_repr(k)}")
    return _counts(int(k)).copy()


@functools.cache
def _counts(k: int) -> np.ndarray:
    families = _families()
    state, chosen = _chunk(families, 1, families.size)
    one_rank = state << 1 | chosen  # 16 per state
    full = int(np.flatnonzero(families == 1 << 15)[0])
    strength_of_mask = badugi_tables()[1].astype(np.int64)
    masks = np.flatnonzero(_sizes() <= 3)  # the scan stops at four chosen ranks
    mask_index = np.zeros(8192, np.int64)
    mask_index[masks] = np.arange(masks.size)
    binomial = np.array([[comb(n, j) for j in range(8)] for n in range(49)], np.int64)
    return _count_kernel(k, one_rank, full, strength_of_mask, mask_index, masks, binomial)


# ---------------------------------------------------------------------------------------------
# The four cards that play

#: The 24 orders of the four suits: best_four tries them for a matching of the chosen ranks.
_SUIT_ORDERS = np.array(list(itertools.permutations(range(4))), np.int64)


@jit(inline=True)
def best_four(hands, i, k, first, rest, out):
    """Write the four of the first ``k`` cards of row ``i`` of ``hands`` that play into row
    ``i`` of ``out``, as a player reads them: the badugi's cards highest first (ace low), then
    the lowest other cards to make four, lowest first. Those four alone have the hand's
    strength."""
    bits = np.uint64(0)
    for j in range(k):
        bits |= ACE_LOW_CARD_BITS[hands[i, j]]
    chosen = badugi_mask_ace_low(bits, first, rest)
    ranks = np.empty(4, np.int64)  # the chosen ace-low ranks, lowest first
    n = 0
    for r in range(13):
        if chosen >> np.uint64(r) & np.uint64(1):
            ranks[n] = r
            n += 1
    for p in range(_SUIT_ORDERS.shape[0]):  # a suit for each chosen rank, all different
        ok = True
        for j in range(n):
            ok = ok and bits >> np.uint64(16 * _SUIT_ORDERS[p, j] + ranks[j]) & np.uint64(1) == 1
        if ok:
            break
    for j in range(n):
        out[i, j] = 4 * ((ranks[n - 1 - j] + 12) % 13) + _SUIT_ORDERS[p, n - 1 - j]
    filled = n
    for r in range(13):  # then the other cards, lowest first
        for s in range(4):
            c = 4 * ((r + 12) % 13) + s
            played = False
            for j in range(n):
                played = played or out[i, j] == c
            if filled < 4 and not played and bits >> np.uint64(16 * s + r) & np.uint64(1):
                out[i, filled] = c
                filled += 1


@jit(parallel=True)
def best_four_kernel(hands, first, rest, out):
    """``out[i]`` = :func:`best_four` of every row of an (N, k) uint8 array of valid cards
    (k = 4..7; no check), into an (N, 4) uint8 array."""
    for i in prange(hands.shape[0]):
        best_four(hands, i, hands.shape[1], first, rest, out)
