"""The evaluator's lookup tables, built from a plain evaluator over rank counts.

How the fast evaluator works (the technique of OMPEval and SKPokerEval, in Numba):

* **Card keys.** Each rank has a multiplier (:data:`RANK_KEYS`) chosen so that the sum over any
  multiset of at most 7 ranks, each at most 4 times, is unique. Above those 25 bits each card
  adds 1 to a 4-bit counter of its suit; the counters start at 3, so "some suit holds 5 or
  more cards" is one AND with :data:`FLUSH_CHECK`. A hand's key is the sum of its cards' keys.
* **Flushes.** At most one suit can hold 5 of 7 cards. The 13-bit mask of that suit's ranks
  indexes :data:`Tables.flush` (8,192 entries) holding the best flush or straight flush.
* **Everything else** is a function of the rank multiset alone: one perfect-hash lookup,
  ``hash[key + offsets[key >> HASH_SHIFT]]``, in a table of 224,533 ``int16`` strengths
  (449,066 bytes, about 449 KB; the offsets are 4,491 ``int32``, 17,964 bytes more).
* **Reading them.** Every kernel sums a hand's keys and suit-rank bits with
  :func:`key_and_bits` and reads its strength with :func:`lookup` (:func:`nonflush_strength`
  where no flush is possible), inlined.
* **Eight hands at once.** On CPUs with AVX2, :mod:`pokersim.evaluator._simd` computes the
  same key for eight hands with byte-table lookups and byte sums instead of a loop over the
  cards, and leaves flushes and bad rows to the one-hand code.

The tables are filled by :func:`strength_from_counts`, a readable evaluator that works on rank
counts, a suit mask and straight bitmasks (no lookup), enumerating every rank multiset once.

A *strength* is the dense rank of the best five cards among the 7,462 distinct five-card
hands: 1 (7-5-4-3-2 offsuit) .. 7462 (royal flush). The *packed* form of a strength,
``category << 20 | r0 << 16 | r1 << 12 | ...`` (the ranks that decide, most significant first),
says what the hand is; :data:`Tables.packed` maps one to the other.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, fields
from pathlib import Path

import numpy as np

from .._core.jit import jit

#: Rank multipliers: every multiset of <= 7 ranks (each <= 4 times) has a distinct sum.
#: Found by :func:`search_rank_keys` (greedy, smallest first; about 4 minutes).
RANK_KEYS = np.array([1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453,
                      1526359, 3453520], dtype=np.uint64)
SUIT_SHIFT = 32
#: Bit 3 of every suit counter: set when a suit holds >= 5 cards (the counters start at 3).
FLUSH_CHECK = np.uint64(0x8888 << SUIT_SHIFT)
KEY_BIAS = np.uint64(0x3333 << SUIT_SHIFT)
RANK_MASK = np.uint64((1 << SUIT_SHIFT) - 1)
#: Perfect hash: rows of 2**HASH_SHIFT consecutive keys share one offset.
HASH_SHIFT = 12

STRAIGHT_MASKS = np.array([0x1F << (top - 4) for top in range(12, 3, -1)] + [0x100F],
                          dtype=np.int64)  # highest first; the wheel A-2-3-4-5 last
STRAIGHT_TOPS = np.array(list(range(12, 3, -1)) + [3], dtype=np.int64)


@functools.cache
def ranks_in_mask() -> np.ndarray:
    """How many ranks each 13-bit mask of ranks holds, for the table builders
    (``np.bitwise_count`` needs numpy 2; computed on first use, not at import).

    >>> ranks_in_mask()[[0, 0b1, 0b1011, 0x1FFF]].tolist()
    [0, 1, 3, 13]
    """
    return np.array([m.bit_count() for m in range(1 << 13)], np.int64)


(HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH,
 ROYAL) = range(10)


@jit(inline="llvm")  # copied by Numba, it made the exact 7-card count 1.4x slower
def suit_of_flush(key):
    """The suit holding 5+ cards, for a key that passed the FLUSH_CHECK test."""
    flags = (key & FLUSH_CHECK) >> np.uint64(35)  # one of 0x1, 0x10, 0x100, 0x1000
    return (flags > np.uint64(0xF)) + (flags > np.uint64(0xFF)) + (flags > np.uint64(0xFFF))


@jit(inline=True)
def nonflush_strength(key, offsets, table):
    """Strength of a hand with no flush: one perfect-hash lookup on the rank part of the key."""
    rank_key = key & RANK_MASK  # unsigned indices: no negative-index wraparound code
    return table[rank_key + np.uint64(offsets[rank_key >> np.uint64(HASH_SHIFT)])]


@jit(inline=True)
def lookup(key, bits, flush, offsets, table):
    """Strength of a valid hand from its summed card key and its suit-rank bits (the OR of
    ``card_bits``), as the enumeration kernels carry them."""
    if key & FLUSH_CHECK:
        shift = np.uint64(16 * suit_of_flush(key))
        return flush[(bits >> shift) & np.uint64(0x1FFF)]
    return nonflush_strength(key, offsets, table)


@jit(inline=True, constants=True)
def key_and_bits(hands, i, k, card_keys, card_bits):
    """(summed key, OR of suit-rank bits) of the first ``k`` cards of row ``i`` of ``hands``.
    Values past 51 have no bit and a repeated card sets no new one, so the row is valid
    exactly when k bits are set. Kernels pass ``k`` as a compile-time constant where they
    can: the card loop then unrolls (1.4x on ``evaluate``)."""
    key = KEY_BIAS
    bits = np.uint64(0)
    for j in range(k):
        c = hands[i, j]
        key += card_keys[c]
        bits |= card_bits[c]
    return key, bits


@jit
def _pack(category, r0, r1, r2, r3, r4):
    return (category << 20) | (r0 << 16) | (r1 << 12) | (r2 << 8) | (r3 << 4) | r4


@jit
def _straight_top(mask):
    """Top rank of the best straight in a 13-bit rank mask, or -1."""
    for i in range(STRAIGHT_MASKS.shape[0]):
        if mask & STRAIGHT_MASKS[i] == STRAIGHT_MASKS[i]:
            return STRAIGHT_TOPS[i]
    return -1


@jit
def _top_ranks(mask, n, out):
    """Write the n highest ranks set in ``mask`` into ``out[0:n]``, highest first."""
    k = 0
    for r in range(12, -1, -1):
        if k == n:
            break
        if mask >> r & 1:
            out[k] = r
            k += 1


@jit
def flush_strength_packed(mask):
    """Packed value of the best flush in a rank mask of >= 5 suited cards."""
    top = _straight_top(mask)
    if top == 12:
        return _pack(ROYAL, 12, 0, 0, 0, 0)
    if top >= 0:
        return _pack(STRAIGHT_FLUSH, top, 0, 0, 0, 0)
    r = np.zeros(5, np.int64)
    _top_ranks(mask, 5, r)
    return _pack(FLUSH, r[0], r[1], r[2], r[3], r[4])


@jit
def strength_from_counts(counts):
    """Packed value of the best five cards with these rank counts, ignoring flushes."""
    mask = 0
    quad = -1
    trips = np.full(2, -1, np.int64)
    pairs = np.full(3, -1, np.int64)
    nt = 0
    np_ = 0
    for r in range(12, -1, -1):
        c = counts[r]
        if c > 0:
            mask |= 1 << r
        if c == 4:
            quad = r
        elif c == 3:
            trips[nt] = r
            nt += 1
        elif c == 2:
            pairs[np_] = r
            np_ += 1
    k = np.zeros(5, np.int64)
    if quad >= 0:
        _top_ranks(mask & ~(1 << quad), 1, k)
        return _pack(QUADS, quad, k[0], 0, 0, 0)
    if nt >= 1 and (nt == 2 or np_ >= 1):
        below = trips[1] if nt == 2 and trips[1] > pairs[0] else pairs[0]
        return _pack(FULL_HOUSE, trips[0], below, 0, 0, 0)
    top = _straight_top(mask)
    if top >= 0:
        return _pack(STRAIGHT, top, 0, 0, 0, 0)
    if nt == 1:
        _top_ranks(mask & ~(1 << trips[0]), 2, k)
        return _pack(TRIPS, trips[0], k[0], k[1], 0, 0)
    if np_ >= 2:
        _top_ranks(mask & ~(1 << pairs[0]) & ~(1 << pairs[1]), 1, k)
        return _pack(TWO_PAIR, pairs[0], pairs[1], k[0], 0, 0)
    if np_ == 1:
        _top_ranks(mask & ~(1 << pairs[0]), 3, k)
        return _pack(PAIR, pairs[0], k[0], k[1], k[2], 0)
    _top_ranks(mask, 5, k)
    return _pack(HIGH_CARD, k[0], k[1], k[2], k[3], k[4])


def rank_multisets(max_cards: int = 7, max_count: int = 4) -> np.ndarray:
    """Every vector of 13 rank counts (each <= max_count) with total <= max_cards, (M, 13)."""
    counts = np.zeros((1, 0), np.int64)
    for _ in range(13):
        parts = [np.hstack([counts, np.full((len(counts), 1), c)]) for c in range(max_count + 1)]
        counts = np.vstack(parts)
        counts = counts[counts.sum(axis=1) <= max_cards]
    return counts


def _build_perfect_hash(keys, values, shift, *, compiled=True):
    """Displacement perfect hash: returns (offsets, table) with table[k + offsets[k >> shift]].

    The rows (keys sharing ``k >> shift``) are placed fullest first (:func:`_place_rows`); the
    sorts are NumPy's, stable, outside the kernel (a kernel's ``argsort`` compiles Numba's
    mergesort, 1.5 s). ``compiled=False`` places them in plain Python, for a few hundred keys.
    """
    keys = np.asarray(keys, np.int64)
    rows = keys >> shift
    fill = np.bincount(rows)
    start = np.concatenate(([0], np.cumsum(fill)))
    place = _place_rows if compiled else _place_rows.py_func
    offsets, size = place(keys, fill, np.argsort(-fill, kind="stable"), start,
                          np.argsort(rows, kind="stable"), shift)
    table = np.zeros(size, np.int16)
    table[keys + offsets[rows]] = values
    return offsets, table


@jit
def _place_rows(keys, fill, order, start, by_row, shift):
    """The offset of each row of :func:`_build_perfect_hash` (rows taken in ``order``, the
    members of row r ``by_row[start[r]:start[r + 1]]``): each row at the first place from the
    first free slot where its members' low bits land on free slots. Returns (offsets, size)."""
    nrows = fill.shape[0]
    row_size = 1 << shift
    used = np.zeros((nrows + 1) * row_size, np.bool_)  # room for every row side by side
    offsets = np.zeros(nrows, np.int64)
    size = 0
    first_free = 0
    for r in order:
        if fill[r] == 0:
            break
        members = by_row[start[r]:start[r + 1]]
        low = keys[members] & (row_size - 1)
        base = first_free - low.min()
        if base < 0:
            base = 0
        while True:
            ok = True
            for x in low:
                if used[base + x]:
                    ok = False
                    break
            if ok:
                break
            base += 1
        for x in low:
            used[base + x] = True
        while used[first_free]:
            first_free += 1
        offsets[r] = base - (r << shift)
        size = max(size, base + low.max() + 1)
    return offsets, size


#: The key of a value that is not a card (52..255), far past every valid key; such a value also
#: has no card bit, which is how the evaluator flags its row.
NOT_A_CARD = np.uint64(1 << 60)
SHIPPED = Path(__file__).with_name("evaluator_tables.npz")


@dataclass(frozen=True)
class Tables:
    """The evaluator's tables (see the module docstring)."""

    card_keys: np.ndarray  # (256,) uint64: rank key + suit counter bit; NOT_A_CARD past 51
    card_bits: np.ndarray  # (256,) uint64: 1 << (16 * suit + rank); 0 past 51
    flush: np.ndarray  # (8192,) int16: strength of the best flush in a rank mask
    offsets: np.ndarray  # (rows,) int32: perfect-hash row offsets
    hash: np.ndarray  # int16: strength of the best non-flush hand, by rank key
    packed: np.ndarray  # (7463,) int64: packed value of each strength (index 0 unused)


@jit
def _packed_all(counts):
    out = np.empty(counts.shape[0], np.int64)
    for i in range(counts.shape[0]):
        out[i] = strength_from_counts(counts[i])
    return out


@jit
def _flush_packed_all():
    out = np.zeros(8192, np.int64)
    for m in range(8192):
        n = 0
        for r in range(13):
            n += m >> r & 1
        if n >= 5:
            out[m] = flush_strength_packed(m)
    return out


def build_tables() -> Tables:
    """Build every table from :func:`strength_from_counts` (about a second)."""
    multisets = rank_multisets()
    sizes = multisets.sum(axis=1)
    packed_nonflush = _packed_all(multisets)
    packed_flush = _flush_packed_all()
    five = np.concatenate([packed_nonflush[sizes == 5], packed_flush[packed_flush > 0]])
    packed = np.unique(five)
    if packed.size != 7462:
        raise AssertionError(f"expected 7462 distinct five-card hands, built {packed.size}")

    def dense(p):
        return (np.searchsorted(packed, p) + 1).astype(np.int16)

    flush = np.where(packed_flush > 0, dense(packed_flush), 0).astype(np.int16)
    playable = sizes >= 5
    keys = multisets[playable] @ RANK_KEYS.astype(np.int64)
    offsets, table = _build_perfect_hash(keys, dense(packed_nonflush[playable]), HASH_SHIFT)

    ranks, suits = np.divmod(np.arange(52), 4)
    card_keys = np.full(256, NOT_A_CARD, np.uint64)
    card_keys[:52] = RANK_KEYS[ranks] + (np.uint64(1) << (SUIT_SHIFT + 4 * suits).astype(np.uint64))
    card_bits = np.zeros(256, np.uint64)
    card_bits[:52] = np.uint64(1) << (16 * suits + ranks).astype(np.uint64)
    return Tables(card_keys, card_bits, flush, offsets.astype(np.int32), table,
                  np.concatenate([[0], packed]).astype(np.int64))


def save_tables(path: Path = SHIPPED) -> None:
    """Write freshly built tables to ``path`` (the package ships them; see ``__main__``)."""
    from ..io import write_atomic  # (pandas: not for every import of the evaluator)

    t = build_tables()
    arrays = {f.name: getattr(t, f.name) for f in fields(Tables)}
    write_atomic(path, lambda file: np.savez_compressed(file, **arrays), "wb")


@functools.cache
def tables() -> Tables:
    """The tables: loaded from the copy shipped with the package, or built if it is missing."""
    if SHIPPED.exists():
        with np.load(SHIPPED) as z:
            return Tables(**{f.name: z[f.name] for f in fields(Tables)})
    return build_tables()


@jit
def search_rank_keys(max_cards=7, max_count=4):
    """Greedy search for :data:`RANK_KEYS`: each rank takes the smallest multiplier that keeps
    every multiset sum distinct. Slow (minutes); run ``python -m pokersim.evaluator.tables``."""
    keys = np.zeros(13, np.int64)
    sums = np.zeros(1, np.int64)
    sizes = np.zeros(1, np.int64)
    seen = np.zeros(1, np.int64)
    for r in range(13):
        m = 1 if r == 0 else keys[r - 1] + 1
        stamp = 0
        while True:
            stamp += 1
            limit = sums.max() + max_count * m + 1
            if seen.shape[0] < limit:
                seen = np.zeros(2 * limit, np.int64)
                stamp = 1
            ok = True
            for i in range(sums.shape[0]):
                for c in range(min(max_count, max_cards - sizes[i]) + 1):
                    v = sums[i] + c * m
                    if seen[v] == stamp:
                        ok = False
                        break
                    seen[v] = stamp
                if not ok:
                    break
            if ok:
                break
            m += 1
        keys[r] = m
        n = 0
        for i in range(sums.shape[0]):
            n += min(max_count, max_cards - sizes[i]) + 1
        new_sums = np.empty(n, np.int64)
        new_sizes = np.empty(n, np.int64)
        k = 0
        for i in range(sums.shape[0]):
            for c in range(min(max_count, max_cards - sizes[i]) + 1):
                new_sums[k] = sums[i] + c * m
                new_sizes[k] = sizes[i] + c
                k += 1
        sums, sizes = new_sums, new_sizes
    return keys


if __name__ == "__main__":  # pragma: no cover
    # python -m pokersim.evaluator.tables            rebuild the shipped evaluator_tables.npz
    # python -m pokersim.evaluator.tables --keys     search RANK_KEYS again (minutes)
    import sys

    if "--keys" in sys.argv:
        print("RANK_KEYS =", search_rank_keys().tolist())
    else:
        save_tables()
        print(f"wrote {SHIPPED}")
