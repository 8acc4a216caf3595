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
* **Rank by rank, four suit bits each.** A hand's bits (the OR of its cards'
  :data:`ACE_LOW_CARD_BITS`) hold rank r's suits in bits 4r..4r+3, the ace first: card c is
  bit (c + 4) mod 52.
* **Seven ranks in two lookups.** A hand of at most seven cards has at most seven ranks, and
  empty ranks change nothing. On CPUs with a fast BMI2 ``pext`` one ``pext`` gathers the suit
  bits of the ranks present, lowest first: those of the four lowest index ``first`` (65,536
  entries: the state after them, and which of them were chosen); those of the next three and
  that state index ``rest`` (68 x 4,096 entries); a ``pdep`` puts the chosen ranks back in
  place. Elsewhere the kernel walks the 13 ranks in fixed chunks of 4, 3, 3 and 3, each
  chunk's suit bits read off the hand's bits as they lie.
* The chosen rank mask (13 bits, ace low) indexes ``strength_of_mask`` (8,192 entries).
* **Eight hands at a time.** On CPUs with AVX2, :func:`evaluate_kernel` builds the bits of
  eight hands in a few vector instructions (:func:`eight_hands_bits`), then looks each up:
  the per-card table loads, not the lookups, were the scalar kernel's cost.

Exact counts of every strength among all k-card hands come from a dynamic programme over the
ranks (:func:`badugi_counts`), not from enumerating the hands.

>>> first, strength_of_mask, rest = badugi_tables()
>>> def strength(text):
...     bits = np.bitwise_or.reduce(ACE_LOW_CARD_BITS[parse_cards(text)])
...     return int(badugi_strength_ace_low(bits, first, strength_of_mask, rest))
>>> [describe_strength(strength(h)) for h in ("4s 3h 2d Ac", "Ks Kh Kd Kc", "Ac 2c 3h 4h 5d 6d 7c")]
['4-card badugi, 4-3-2-A', '1-card badugi, K', '3-card badugi, 5-3-A']
"""

from __future__ import annotations

import functools
import itertools
from math import comb

import numpy as np
from llvmlite import ir
from numba import types
from numba.core.errors import RequireLiteralValue
from numba.extending import intrinsic

from .._core.jit import (
    HAS_AVX2,
    HAS_PDEP,
    jit,
    on_rows,
    pdep,
    pext,
    popcount,
    share,
    trailing_zeros,
)
from .._core.specialise import Specialised
from .._core.validation import short_repr
from ..errors import PokersimInputError
from ..evaluator._simd import BYTES, I1, I8, I32, I64, QWORDS, _declare, _lanes, _splat, _vec

N_STRENGTHS = 1092
#: Category names, weakest first: the category code of a hand is the number of cards it plays
#: minus one.
LABELS = ("1-card badugi", "2-card badugi", "3-card badugi", "4-card badugi")
#: Rank names, ace low: index 0 is the ace, 12 the king (the bits of a rank mask).
RANK_CHARS = "A23456789TJQK"

#: Subsets of the four suits lacking suit s, as a 16-bit mask over the subsets (bit T = subset T).
_LACKS_SUIT = (0x5555, 0x3333, 0x0F0F, 0x00FF)
#: Bit 4r for each rank r: the lowest bit of each rank's four suit bits.
_RANK_BITS = np.uint64(0x1111111111111)
_ALL_CARDS = (1 << 52) - 1
_U = np.uint64


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
    x holding rank i's suit s at bit ``4 * i + s``: (new state, chosen ranks as bits),
    indexed by ``state << 4*width | x``."""
    index = np.full(1 << 16, -1, np.int64)
    index[families] = np.arange(families.size)
    x = np.tile(np.arange(1 << (4 * width)), states)
    family = np.repeat(families[:states], 1 << (4 * width))
    chosen = np.zeros_like(x)
    for i in range(width):
        after = _extend(family, (x >> (4 * i)) & 0xF)
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
      start, indexed by their suit bits (rank i's suit s at bit 4i + s); chosen: bit i set if
      rank i was chosen.
    * ``strength_of_mask``: (8192,) int16, the strength of each ace-low rank mask that plays
      (1 to 4 ranks; 0 elsewhere).
    * ``rest``: (68 * 4096,) int16, ``state << 3 | chosen`` after three more ranks, indexed by
      ``state << 12`` and their suit bits (rank i's suit s at bit 4i + s).

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
    out = np.zeros(256, np.uint64)
    out[:52] = np.uint64(1) << ((np.arange(52) + 4) % 52).astype(np.uint64)
    out.setflags(write=False)
    return out


#: (256,) uint64: ``1 << (4 * ace-low rank + suit)`` for cards 0..51, which is
#: ``1 << ((card + 4) % 52)`` (the aces at places 0..3, the deuces at 4..7 .. the kings at
#: 48..51), 0 past 51. Kernels OR a hand's and call :func:`badugi_strength_ace_low`; the bit
#: count flags bad rows (a repeated card or a non-card sets no new bit).
ACE_LOW_CARD_BITS = _ace_low_card_bits()


@jit(inline=True)
def _ranks_present(low):
    """Bit 4r of ``low``'s bits for each rank r holding one of its cards."""
    either = low | (low >> _U(1))
    return (either | (either >> _U(2))) & _RANK_BITS


@jit(inline=True)
def _scan_gathered(suits, ranks, first, rest):
    """The ace-low rank mask that plays, from ``suits``, the suit bits of the ranks present
    gathered lowest first (four bits each, at most seven ranks), and ``ranks``, their mask."""
    e = _U(first[suits & _U(0xFFFF)])
    chosen = e & _U(0xF)
    then = _U(rest[(e ^ chosen) | (suits >> _U(16))]) & _U(0x7)
    return pdep(chosen | (then << _U(4)), ranks)


@jit(inline=True)
def _mask_pext(low, first, rest):
    """:func:`badugi_mask_ace_low` with ``pext``: the ranks present gathered by one ``pext``,
    the four lowest, then the next three. Valid for hands of at most seven distinct ranks."""
    present = _ranks_present(low)
    return _scan_gathered(pext(low, (present << _U(4)) - present), pext(present, _RANK_BITS),
                          first, rest)


@jit(inline=True)
def _mask_portable(low, first, rest):
    """:func:`badugi_mask_ace_low` without BMI2: ranks A-4, 5-7, 8-T and J-K in turn, each
    chunk's suit bits read off ``low`` as they lie."""
    e = _U(first[low & _U(0xFFFF)])
    chosen = e & _U(0xF)
    row = e ^ chosen  # state << 12
    for r in (4, 7, 10):
        e = _U(rest[row | ((low >> _U(4 * r)) & _U(0xFFF))])
        chosen |= (e & _U(0x7)) << _U(r)
        row = (e >> _U(3)) << _U(12)
    return chosen


#: ``badugi_mask_ace_low(low, first, rest)``: the ace-low rank mask (bit 0 ace .. bit 12 king)
#: of the cards that play, from ``low``, the OR of the cards' :data:`ACE_LOW_CARD_BITS` (at
#: most 7 cards; no check); ``first`` and ``rest`` come from :func:`badugi_tables`.
badugi_mask_ace_low = _mask_pext if HAS_PDEP else _mask_portable


@jit(inline=True)
def badugi_strength_ace_low(low, first, strength_of_mask, rest):
    """Strength (int16, 1..1092) of a hand of 1 to 7 valid cards from ``low``, the OR of its
    cards' :data:`ACE_LOW_CARD_BITS`; the tables are :func:`badugi_tables`, in its order. No
    check: the caller rejects bad rows (``popcount(low) != k``)."""
    return strength_of_mask[badugi_mask_ace_low(low, first, rest)]


# ---------------------------------------------------------------------------------------------
# Kernels over rows


@intrinsic
def eight_hands_bits(typingctx, hands, b, lanes, k):
    """``eight_hands_bits(hands, b, lanes, k) -> uint64``: for rows 8b..8b+7 of ``hands``
    (C-contiguous (N, k) uint8, 8b+8 <= N, k a compile-time constant), write to the (3, 8)
    uint64 array ``lanes`` each row's bits (the OR of its :data:`ACE_LOW_CARD_BITS`), the
    mask of the four bits of each rank present and the mask of bit 4r of each; return the
    mask of rows whose bits are not those of k cards (a repeated card, or any value past 51
    in the block). Their lanes hold at most k bits of ranks 0..12, so that the lookups of any
    lane stay in the tables.

    The rows are loaded and transposed as :func:`pokersim.evaluator._simd.eight_hands` does; a
    card's place (c + 4) mod 52 is computed for all 64 bytes at once, then one shift and OR per card
    builds eight rows' bits (one ``vpsllvq`` per card with AVX-512)."""
    if not isinstance(k, types.IntegerLiteral):
        raise RequireLiteralValue("eight_hands_bits needs the card count as a constant")
    if not (isinstance(hands, types.Array) and hands.dtype == types.uint8 and hands.ndim == 2
            and hands.layout == "C" and isinstance(lanes, types.Array)
            and lanes.dtype == types.uint64 and lanes.layout == "C"
            and 4 <= k.literal_value <= 7):
        return None
    sig = types.uint64(hands, types.int64, lanes, k)
    n_cards = k.literal_value

    def codegen(context, builder, signature, args):
        h, out = (context.make_array(signature.args[i])(context, builder, args[i]) for i in (0, 2))
        start = builder.gep(builder.bitcast(h.data, I8.as_pointer()),
                            [builder.mul(args[1], ir.Constant(I64, 8 * n_cards))])
        raw, cards = _lanes(builder, start, n_cards)
        not_card = builder.icmp_unsigned("!=", builder.bitcast(builder.icmp_unsigned(
            ">", raw, _splat(I8, 51, 64)), I64), ir.Constant(I64, 0))
        wraps = builder.icmp_unsigned(">=", cards, _splat(I8, 48, 64))
        place = builder.and_(builder.select(wraps, builder.sub(cards, _splat(I8, 48, 64)),
                                            builder.add(cards, _splat(I8, 4, 64))),
                             _splat(I8, 63, 64))  # under 64 for any byte: the shift is defined
        bits = None
        for j in range(n_cards):  # card j of each row, zero-extended to its row's 64 bits
            pick = [8 * row + j if byte == 0 else 64 for row in range(8) for byte in range(8)]
            at = builder.bitcast(builder.shuffle_vector(place, ir.Constant(BYTES, None),
                                                        _vec(I32, pick)), QWORDS)
            bit = builder.shl(_splat(I64, 1), at)
            bits = bit if bits is None else builder.or_(bits, bit)
        ctpop = _declare(builder.module, "llvm.ctpop.v8i64", QWORDS, [QWORDS])
        left = builder.or_(builder.icmp_unsigned("!=", builder.call(ctpop, [bits]),
                                                 _splat(I64, n_cards)),
                           builder.select(not_card, _splat(I1, 1), _splat(I1, 0)))
        bits = builder.and_(bits, _splat(I64, _ALL_CARDS))
        either = builder.or_(bits, builder.lshr(bits, _splat(I64, 1)))
        present = builder.and_(builder.or_(either, builder.lshr(either, _splat(I64, 2))),
                               _splat(I64, int(_RANK_BITS)))
        nibbles = builder.sub(builder.shl(present, _splat(I64, 4)), present)
        at = builder.bitcast(out.data, QWORDS.as_pointer())
        for i, value in enumerate((bits, nibbles, present)):
            builder.store(value, builder.gep(at, [ir.Constant(I32, i)]), align=8)
        return builder.zext(builder.bitcast(left, I8), I64)

    return sig, codegen


@jit(inline=True)
def _lane_mask_pext(lanes, j, first, rest):
    return _scan_gathered(pext(lanes[0, j], lanes[1, j]), pext(lanes[2, j], _RANK_BITS),
                          first, rest)


@jit(inline=True)
def _lane_mask_portable(lanes, j, first, rest):
    return _mask_portable(lanes[0, j], first, rest)


#: The ace-low rank mask that plays in lane j of :func:`eight_hands_bits`'s ``lanes``.
_lane_mask = _lane_mask_pext if HAS_PDEP else _lane_mask_portable


@jit(inline=True)
def row_strength(hands, i, k, card_bits, first, strength_of_mask, rest):
    """Strength of the first ``k`` cards of row ``i`` of ``hands`` (``card_bits`` is
    :data:`ACE_LOW_CARD_BITS`), or -1 if they hold a non-card or a repeated card."""
    low = _U(0)
    for j in range(k):
        low |= card_bits[hands[i, j]]
    if popcount(low) != k:
        return np.int16(-1)
    return badugi_strength_ace_low(low, first, strength_of_mask, rest)


@jit(inline=True, constants=True)
def _one_by_one(w, n_workers, hands, k, card_bits, first, strength_of_mask, rest, out):
    """Worker w's share of ``out``, row by row (k a constant where the caller has one);
    returns the number of bad rows (-1)."""
    bad = 0
    start, stop = share(w, n_workers, hands.shape[0])
    for i in range(start, stop):
        out[i] = row_strength(hands, i, k, card_bits, first, strength_of_mask, rest)
        bad += out[i] < 0
    return bad


@jit(worker=True)
def any_size_kernel(w, n_workers, hands, card_keys, card_bits, first, strength_of_mask, rest,
                    out, scratch, k):
    """:func:`evaluate_kernel`'s scalar kernel with ``k`` a run-time value: one kernel for
    every hand size (the same strengths), until a size has one of its own (:data:`EVALUATE`).
    """
    return _one_by_one(w, n_workers, hands, k, card_bits, first, strength_of_mask, rest, out)


@functools.cache
def evaluate_kernel(k: int, *, simd: bool = HAS_AVX2):
    """The worker kernel ``kernel(w, W, hands, card_keys, card_bits, first, strength_of_mask,
    rest, out, scratch)`` (the arguments of :func:`pokersim.evaluate`'s kernels, badugi's
    tables in the places of the flush table, the offsets and the hash) filling worker w's
    share of ``out`` with the strengths of k-card rows; it returns the number of invalid rows
    it marked (-1). ``scratch``: 24 uint64 of the worker's own. With ``simd``, eight rows at
    a time by :func:`eight_hands_bits`.

    >>> hands = parse_hands(["Ac 2d 3h 4s Kc", "Kc Kd Kh Ks Qc"])
    >>> hands[1, 1] = hands[1, 0]  # a repeated card
    >>> out = np.empty(2, np.int16)
    >>> from pokersim import rankings
    >>> tables = rankings.get("badugi").tables.kernel_args()  # as evaluate passes them
    >>> evaluate_kernel(5, simd=False)(0, 1, hands, *tables, out, np.zeros(24, np.uint64))
    1
    >>> out.tolist()
    [1092, -1]
    """
    if not simd:
        @jit(worker=True)
        def kernel(w, n_workers, hands, card_keys, card_bits, first, strength_of_mask, rest,
                   out, scratch):
            return _one_by_one(w, n_workers, hands, k, card_bits, first, strength_of_mask,
                               rest, out)

        return kernel

    @jit(worker=True)
    def eight_at_a_time(w, n_workers, hands, card_keys, card_bits, first, strength_of_mask,
                        rest, out, scratch):
        blocks = hands.shape[0] // 8
        tasks = (blocks + _BLOCKS_PER_TASK - 1) // _BLOCKS_PER_TASK
        bad = 0
        lanes = scratch[:24].reshape(3, 8)
        for task in range(w, tasks, n_workers):
            for b in range(task * _BLOCKS_PER_TASK, min(blocks, (task + 1) * _BLOCKS_PER_TASK)):
                left = eight_hands_bits(hands, b, lanes, k)
                for j in range(8):
                    out[8 * b + j] = strength_of_mask[_lane_mask(lanes, j, first, rest)]
                while left:  # bad input only: the row is checked on its own
                    i = 8 * b + np.int64(trailing_zeros(left))
                    out[i] = row_strength(hands, i, k, card_bits, first, strength_of_mask, rest)
                    bad += out[i] < 0
                    left &= left - _U(1)
        if w == 0:  # the rows after the last whole block
            for row in range(8 * blocks, hands.shape[0]):
                out[row] = row_strength(hands, row, k, card_bits, first, strength_of_mask, rest)
                bad += out[row] < 0
        return bad

    return eight_at_a_time


#: Blocks of eight rows per task of the vector kernel (as the high evaluator's).
_BLOCKS_PER_TASK = 128

#: The strength kernels of ``evaluate(ranking="badugi")``: :func:`any_size_kernel` for every
#: hand size, a size's own (:func:`evaluate_kernel`; the shape is ``(k, simd)``) once it pays
#: (see :mod:`pokersim._core.specialise`).
EVALUATE = Specialised(lambda k, simd: evaluate_kernel(k, simd=simd), any_size_kernel,
                       lambda k, simd: (k,))


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


def count_strengths(k: int) -> np.ndarray:
    """:func:`badugi_counts` worked out afresh, without its cache and its check of ``k``
    (the dynamic programme, as ``pokersim bench`` times it).

    >>> bool((count_strengths(5) == badugi_counts(5)).all())
    True
    """
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


_counts = functools.cache(count_strengths)


# ---------------------------------------------------------------------------------------------
# The four cards that play

#: The 24 orders of the four suits: best_four tries them for a matching of the chosen ranks.
_SUIT_ORDERS = np.array(list(itertools.permutations(range(4))), np.int64)


@jit(inline=True)
def best_four(hands, i, k, first, rest, out, ranks):
    """Write the four of the first ``k`` cards of row ``i`` of ``hands`` that play into row
    ``i`` of ``out``, as a player reads them: the badugi's cards highest first (ace low), then
    the lowest other cards to make four, lowest first. Those four alone have the hand's
    strength. ``ranks``: four int64 of scratch."""
    bits = np.uint64(0)
    for j in range(k):
        bits |= ACE_LOW_CARD_BITS[hands[i, j]]
    chosen = badugi_mask_ace_low(bits, first, rest)
    # ranks[:n]: the chosen ace-low ranks, lowest first
    n = 0
    for r in range(13):
        if chosen >> np.uint64(r) & np.uint64(1):
            ranks[n] = r
            n += 1
    for p in range(_SUIT_ORDERS.shape[0]):  # a suit for each chosen rank, all different
        ok = True
        for j in range(n):
            ok = ok and bits >> np.uint64(4 * ranks[j] + _SUIT_ORDERS[p, j]) & np.uint64(1) == 1
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
            if filled < 4 and not played and bits >> np.uint64(4 * r + s) & np.uint64(1):
                out[i, filled] = c
                filled += 1


@jit(worker=True)
def _best_four_rows(w, n_workers, hands, first, rest, out, ranks):
    """The worker kernel of :func:`best_four_kernel`: :func:`best_four` of worker w's share
    of the rows; ``ranks``: four int64 of the worker's own."""
    start, stop = share(w, n_workers, hands.shape[0])
    hands, out = hands[start:stop], out[start:stop]  # from 0: 2% faster, 10^6 rows of 5
    for i in range(stop - start):
        best_four(hands, i, hands.shape[1], first, rest, out, ranks)


def best_four_kernel(hands: np.ndarray, first: np.ndarray, rest: np.ndarray,
                     out: np.ndarray) -> None:
    """``out[i]`` = :func:`best_four` of every row of an (N, k) uint8 array of valid cards
    (k = 4..7; no check), into an (N, 4) uint8 array, by the worker kernel
    :func:`_best_four_rows` on every worker (:func:`pokersim._core.jit.on_rows`)."""
    on_rows(_best_four_rows, hands.shape[0], hands, first, rest, out,
            scratch=np.zeros(4, np.int64))
