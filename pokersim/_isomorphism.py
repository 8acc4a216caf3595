"""Kernels and tables of suit-isomorphic indexing (the public side: :mod:`pokersim.isomorphism`).

Two hands are isomorphic when a relabelling of the suits turns one into the other, the order
of the hole cards and of the board cards aside. The index follows the plan of Waugh ("A Fast
and Optimal Hand Isomorphism Algorithm", 2013), with two groups of cards, hole and board:

* **A suit's part.** In one suit a hand holds a set U of ranks, of which the hole cards hold
  H. The part's *shape* is (|H|, |U| - |H|); its *code* is ``colex(U) * C(|U|, |H|) +
  colex(P)``, where P is the set of places (0 = lowest) that the hole cards take among the
  ranks of U and ``colex`` the combinatorial number system's rank (:data:`COLEX`; the same in
  any universe). A shape's codes run densely over its ``C(13, |H|) * C(13 - |H|, |U| - |H|)``
  parts (:func:`shape_size`).
* **A hand.** A relabelling of the suits permutes the four parts, so a class is the multiset
  of its parts. Sorted by (shape, code), largest first, the parts' shapes make the hand's
  *configuration* (2, 15, 25 and 36 of them by round). A configuration's classes are numbered
  from its ``offset``: each run of equal shapes is a mixed-radix digit, and a run of m codes
  ``x_0 >= ... >= x_(m-1)`` of a shape with S codes is the multiset numbered
  ``sum_j C(x_j + m - 1 - j, m - j)`` among ``C(S + m - 1, m)``.

The kernel packs a hand into 64-bit words of four 16-bit suit fields, as the evaluator does
(the ranks of each suit, U; the places of the hole cards, P), finds the four shapes and the
configuration in one lookup on the hand's suits, then computes four codes, sorts them with a
network of five exchanges and adds four products. Every choice is made without a branch: the
configuration's table row says, with a mask, which terms are codes and which are read from
:data:`MULTISETS` (LLVM turns a plain select over a table lookup back into a branch, and a
random hand's branch mispredicts).

>>> int(round_tables(3).offset[-1])  # river classes
123156254
"""

from __future__ import annotations

import functools
from math import comb
from typing import NamedTuple

import numpy as np

from ._core.combinatorics import binomials
from ._core.jit import jit, on_rows, popcount, share, trailing_zeros

#: Board cards of each round: preflop, flop, turn, river.
BOARD_CARDS = (0, 3, 4, 5)
#: Suits (so also the longest run of equal shapes), and the bits of a sort key below its
#: shape (codes are below 2**21).
SUITS = 4
CODE_BITS = 24
#: Bits of a suit's shape in :attr:`RoundTables.suits` (the configuration is above the four).
SHAPE_BITS = 5
_CONFIG_SHIFT = SUITS * SHAPE_BITS


def shape_of(hole, board):
    """The shape of a suit holding ``hole`` hole cards and ``board`` board cards."""
    return hole << 3 | board


def shape_size(shape: int) -> int:
    """The number of parts (sets of hole and board ranks in one suit) of a shape.

    >>> shape_size(shape_of(2, 0)), shape_size(shape_of(1, 2))
    (78, 858)
    """
    hole, board = shape >> 3, shape & 7
    return comb(13, hole) * comb(13 - hole, board)


_BINOM13 = binomials(13, 13)
_MASKS = np.arange(1 << 13)
_BITS = (_MASKS[:, None] >> np.arange(13)) & 1
#: ``COLEX[m]``: the colex rank of the set of ranks m (13 bits) among the sets of its size.
COLEX = (_BITS * _BINOM13[np.arange(13), np.cumsum(_BITS, axis=1)]).sum(1).astype(np.uint16)
#: ``SETS[n, r]``: the set of n ranks (13 bits) whose colex rank is r.
SETS = np.zeros((14, comb(13, 6)), np.int64)
SETS[_BITS.sum(1), COLEX] = _MASKS
#: ``PLACES[shape]``: C(|U|, |H|), the ways the hole cards sit among a part's ranks.
PLACES = np.array([comb((s >> 3) + (s & 7), s >> 3) for s in range(1 << SHAPE_BITS)], np.uint64)
#: ``BELOW[c]``: the bits of card c's suit below its rank in the packed words (0 past 51,
#: where every table the kernel reads by card has a harmless entry).
BELOW = np.array([((1 << (c >> 2)) - 1) << 16 * (c & 3) if c < 52 else 0 for c in range(256)],
                 np.uint64)


def _multisets() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(table, start, length): ``table[start[k] + x]`` = C(x + k - 1, k) for k = 2..4 and
    every code x of a shape that k suits can share (k * hole <= 2, k * board <= 5), padded so
    that any start plus the longest length stays in the table."""
    length = np.zeros(SUITS + 1, np.int64)
    for k in range(2, SUITS + 1):
        length[k] = max(shape_size(shape_of(h, b)) for h in range(3) for b in range(6)
                        if k * h <= 2 and k * b <= 5)
    start = np.concatenate([[0, 0, 0], np.cumsum(length[2:])[:-1]]).astype(np.int64)
    table = np.zeros(start[-1] + length.max(), np.uint64)
    for k in range(2, SUITS + 1):
        table[start[k]:start[k] + length[k]] = [comb(x + k - 1, k) for x in range(length[k])]
    return table, start, length


#: See :func:`_multisets`; the kernel reads ``MULTISETS[start + min(x, LAST_CODE)]``.
MULTISETS, MULTISET_START, MULTISET_LENGTH = _multisets()
LAST_CODE = int(MULTISET_LENGTH.max()) - 1
for _table in (COLEX, SETS, PLACES, BELOW, MULTISETS, MULTISET_START, MULTISET_LENGTH):
    _table.setflags(write=False)

# The columns of RoundTables.rows.
_OFFSET, _MULTIPLIER, _IS_CODE, _START = 0, 1, 1 + SUITS, 1 + SUITS + SUITS - 1


class RoundTables(NamedTuple):
    """The tables of one round (``n_board`` board cards).

    ``suits[key]``, for the key ``sum_j suit_j << 2j`` of a hand's suits (hole cards first),
    packs the shape of each suit's part (:data:`SHAPE_BITS` each) and the configuration
    (above them). For configuration c, sorted part i (largest first): ``shapes[c, i]``,
    ``multiplier[c, i]`` (the weight of its run's digit), ``k[c, i]`` (m - j: C(x + k - 1,
    k) is its term, k = 1 for the last of a run), ``run_size[c, i]`` (the classes of the run
    that starts at i) and ``offset[c]`` (the first index; ``offset[-1]`` is the number of
    classes). ``rows[c]`` is the same for the index kernel, one row of uint64: the offset,
    the four multipliers, for parts 0..2 a mask (all ones where the term is the code itself)
    and the start of the term's column in :data:`MULTISETS` (the last part's term is its
    code)."""

    n_board: int
    suits: np.ndarray
    rows: np.ndarray
    shapes: np.ndarray
    multiplier: np.ndarray
    k: np.ndarray
    run_size: np.ndarray
    offset: np.ndarray


@functools.cache
def round_tables(round_number: int) -> RoundTables:
    """The tables of a round (0 preflop .. 3 river), built once from the suits of every way
    to deal its cards (4**7 for the river: a fraction of a second)."""
    n_board = BOARD_CARDS[round_number]
    keys = np.arange(4 ** (2 + n_board))
    suits = (keys[:, None] >> (2 * np.arange(2 + n_board))) & 3  # (key, card) -> suit
    part_shapes = np.stack([shape_of((suits[:, :2] == s).sum(1), (suits[:, 2:] == s).sum(1))
                            for s in range(SUITS)], axis=1)  # (key, suit)
    configurations, config_of_key = np.unique(np.sort(part_shapes, axis=1)[:, ::-1], axis=0,
                                              return_inverse=True)
    n = len(configurations)
    multiplier, k, run_size = (np.ones((n, SUITS), np.int64) for _ in range(3))
    offset = np.zeros(n + 1, np.int64)
    for c, config in enumerate(configurations.tolist()):
        classes, i = 1, 0
        while i < SUITS:  # a run of m equal shapes of `size` parts each
            m, size = config.count(config[i]), shape_size(config[i])
            multiplier[c, i:i + m] = classes
            k[c, i:i + m] = np.arange(m, 0, -1)
            run_size[c, i] = comb(size + m - 1, m)
            classes *= comb(size + m - 1, m)
            i += m
        offset[c + 1] = offset[c] + classes
    rows = np.zeros((n, _START + SUITS - 1), np.uint64)
    rows[:, _OFFSET] = offset[:-1]
    rows[:, _MULTIPLIER:_MULTIPLIER + SUITS] = multiplier
    rows[:, _IS_CODE:_IS_CODE + SUITS - 1] = np.where(k[:, :-1] == 1, ~np.uint64(0), np.uint64(0))
    rows[:, _START:_START + SUITS - 1] = MULTISET_START[k[:, :-1]]
    packed = sum(part_shapes[:, s].astype(np.int64) << (SHAPE_BITS * s) for s in range(SUITS))
    out = RoundTables(n_board=n_board,
                      suits=(packed | config_of_key.reshape(-1) << _CONFIG_SHIFT).astype(np.uint32),
                      rows=rows, shapes=configurations.astype(np.int64), multiplier=multiplier,
                      k=k, run_size=run_size, offset=offset)
    for table in out[1:]:
        table.setflags(write=False)
    return out


# ---------------------------------------------------------------------------------------------
# Indexing


@jit(inline=True)
def _exchange(a, b):
    """(the larger, the smaller): one comparator of a sorting network."""
    return max(a, b), min(a, b)


@jit(inline=True)
def _part_key(ranks, places, packed, s):
    """Sort key ``shape << CODE_BITS | code`` of suit s's part of a hand."""
    u = (ranks >> np.uint64(16 * s)) & np.uint64(0x1FFF)
    p = (places >> np.uint64(16 * s)) & np.uint64(0x1FFF)
    shape = (packed >> np.uint64(SHAPE_BITS * s)) & np.uint64((1 << SHAPE_BITS) - 1)
    code = np.uint64(COLEX[u]) * PLACES[shape] + np.uint64(COLEX[p])
    return shape << np.uint64(CODE_BITS) | code


@jit(inline=True)
def _term(key, row, i):
    """Sorted part i's term: its code x where the row's mask says so, else C(x + k - 1, k)
    from :data:`MULTISETS` (read whatever x is, so that no branch is taken)."""
    x = key & np.uint64((1 << CODE_BITS) - 1)
    mask = row[_IS_CODE + i]
    return (x & mask) | (MULTISETS[row[_START + i] + min(x, np.uint64(LAST_CODE))] & ~mask)


def index_kernel(hole, board, board_col, n_board, card_bits, suits, rows, out) -> int:
    """Write the index of each hand into ``out``; return the number of rows with a value
    past 51 or a repeated card, which are marked -1. Row i's hole cards are ``hole[i, :2]``
    and its board ``board[i, board_col:board_col + n_board]`` (one array for both:
    ``board_col`` 2). Runs the worker kernel :func:`_index_rows` on every worker
    (:func:`pokersim._core.jit.on_rows`)."""
    return sum(on_rows(_index_rows, out.shape[0], hole, board, board_col, n_board, card_bits,
                       suits, rows, out))


@jit(worker=True)
def _index_rows(w, n_workers, hole, board, board_col, n_board, card_bits, suits, rows, out):
    """The worker kernel of :func:`index_kernel`: worker w's share of the rows; it returns
    the number of bad rows it marked. The card loop is unrolled to five cards, each skipped
    past ``n_board``: as fast on the river as a kernel compiled for one round (a plain loop
    was 1.6x slower), and one kernel to compile for all four."""
    bad = 0
    start, stop = share(w, n_workers, out.shape[0])
    # the worker's rows as views from 0: indexing from start took 8% more time (28.3 ms
    # against 26.4 for 10^6 river hands on one thread; the parallel kernel's 26.0)
    hole, board, out = hole[start:stop], board[start:stop], out[start:stop]
    for i in range(stop - start):
        h0 = np.uint64(hole[i, 0])
        h1 = np.uint64(hole[i, 1])
        ranks = card_bits[h0] | card_bits[h1]
        key = (h0 & np.uint64(3)) | (h1 & np.uint64(3)) << np.uint64(2)
        for j in range(5):
            if j < n_board:
                c = np.uint64(board[i, board_col + j])
                ranks |= card_bits[c]
                key |= (c & np.uint64(3)) << np.uint64(2 * j + 4)
        if popcount(ranks) != n_board + 2:  # a value past 51 (no bit) or a repeated card
            out[i] = -1
            bad += 1
            continue
        places = (np.uint64(1) << ((h0 & np.uint64(3)) * np.uint64(16)
                                   + popcount(ranks & BELOW[h0]))
                  | np.uint64(1) << ((h1 & np.uint64(3)) * np.uint64(16)
                                     + popcount(ranks & BELOW[h1])))
        packed = np.uint64(suits[key])
        a = _part_key(ranks, places, packed, 0)
        b = _part_key(ranks, places, packed, 1)
        c = _part_key(ranks, places, packed, 2)
        d = _part_key(ranks, places, packed, 3)
        a, b = _exchange(a, b)
        c, d = _exchange(c, d)
        a, c = _exchange(a, c)
        b, d = _exchange(b, d)
        b, c = _exchange(b, c)
        row = rows[packed >> np.uint64(_CONFIG_SHIFT)]
        out[i] = np.int64(row[_OFFSET] + row[_MULTIPLIER] * _term(a, row, 0)
                          + row[_MULTIPLIER + 1] * _term(b, row, 1)
                          + row[_MULTIPLIER + 2] * _term(c, row, 2)
                          + row[_MULTIPLIER + 3] * (d & np.uint64((1 << CODE_BITS) - 1)))
    return bad


# ---------------------------------------------------------------------------------------------
# Unindexing


@jit(inline=True)
def _largest_term_below(k, r):
    """The largest x with C(x + k - 1, k) <= r (a binary search of MULTISETS' column k)."""
    lo, hi = 0, MULTISET_LENGTH[k]
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if MULTISETS[MULTISET_START[k] + mid] <= r:
            lo = mid
        else:
            hi = mid
    return lo


@jit(inline=True)
def _sort_descending(cards):
    for j in range(1, cards.shape[0]):
        c = cards[j]
        at = j
        while at > 0 and cards[at - 1] < c:
            cards[at] = cards[at - 1]
            at -= 1
        cards[at] = c


def unindex_kernel(indices, shapes, multiplier, k, run_size, offset, out) -> None:
    """Write into ``out[i]`` the canonical hand of class ``indices[i]`` (checked in range):
    sorted part i takes suit 3 - i (spades first); the hole cards and the board are each in
    descending order of card id. Runs the worker kernel :func:`_unindex_rows` on every
    worker (:func:`pokersim._core.jit.on_rows`)."""
    on_rows(_unindex_rows, indices.shape[0], indices, shapes, multiplier, k, run_size, offset,
            out)


@jit(inline=True)
def _last_at_most(sorted_values, x):
    """The last place i of ``sorted_values`` (increasing, its first at most x) with
    ``sorted_values[i] <= x``: a binary search (Numba 0.59's ``np.searchsorted`` takes no
    scalar with ``side="right"``)."""
    lo, hi = 0, sorted_values.shape[0]
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if sorted_values[mid] <= x:
            lo = mid
        else:
            hi = mid
    return lo


@jit(worker=True)
def _unindex_rows(w, n_workers, indices, shapes, multiplier, k, run_size, offset, out):
    """The worker kernel of :func:`unindex_kernel`: worker w's share of the rows."""
    start, stop = share(w, n_workers, indices.shape[0])
    indices, out = indices[start:stop], out[start:stop]  # from 0, as _index_rows
    for i in range(stop - start):
        config = _last_at_most(offset, indices[i])
        rest = indices[i] - offset[config]
        n_hole, n_out, run = 0, 2, np.int64(0)
        for part in range(SUITS):
            kk = k[config, part]
            if part == 0 or k[config, part - 1] == 1:  # a run starts here
                run = (rest // multiplier[config, part]) % run_size[config, part]
            code = run
            if kk > 1:
                code = _largest_term_below(kk, run)
                run -= np.int64(MULTISETS[MULTISET_START[kk] + code])
            shape = shapes[config, part]
            ways = np.int64(PLACES[shape])
            ranks = SETS[(shape >> 3) + (shape & 7), code // ways]
            places = SETS[shape >> 3, code % ways]
            place = 0
            while ranks:
                card = 4 * np.int64(trailing_zeros(np.uint64(ranks))) + SUITS - 1 - part
                if places >> place & 1:
                    out[i, n_hole] = card
                    n_hole += 1
                else:
                    out[i, n_out] = card
                    n_out += 1
                ranks &= ranks - 1
                place += 1
        _sort_descending(out[i, :2])
        _sort_descending(out[i, 2:])
