"""Kernels of exact hand strength (the public side: :mod:`pokersim.analysis.strength`).

Everything is computed per board, for every hole pair of the cards left at once, by sorting
strengths and sweeping them with card removal instead of comparing pairs of hands (the
technique of ``ALGORITHMS.md``, "Strength against every hand at once"):

* **Now.** Each hole pair is evaluated once with the board (5, 6 or 7 cards) and the pairs
  are sorted by that strength, s0. A hand's opponents below it are the pairs before its run
  of equal strengths, less those that hold one of its two cards (counted per card as the
  sweep goes); by inclusion-exclusion the hand itself, which holds both, is added back once
  to the ties.
* **Every runout** (none on the river, each card on the turn, each pair of cards on the
  flop): the pairs that do not hold a runout card are evaluated once more with the whole
  board (s1), radix-sorted by s1 and swept from the weakest up. A hand's opponents are
  counted before its run of equal s1 is inserted (the river-ahead ones) and after (ahead or
  tied), each count split by its opponents' place now (below, tied with or above it in s0):
  Billings et al.'s HP[now][river] table, for every hand and runout at once. The pairs are
  numbered by their place in s0 order, and what a sweep reads of one is packed in two words
  beside each other (:attr:`Sweep.pairs`) and its sums in three (:attr:`Sweep.counts`): a
  pair's reads and writes touch two cache lines, not a dozen arrays. The inserted pairs are
  bits at their places, each word's running count beside the bits, brought up to date once
  a run is in (a count below any place is one word read and one ``popcnt``), and per card a
  64-bit mask over the at most 48 pairs holding it, in the same order (the card-removal
  terms, one ``popcnt`` each).

A few hands of a board (:func:`hand_stats_rows`) are counted one by one instead: each hand
against each opponent pair on every runout, by its place against it now and at the river
(C(47, 2) opponents over C(47, 2) runouts on a flop: some 1.1 million lookups a hand, where
the sweep of a flop ranks and sweeps its 1,176 pairs on each of 1,176 runouts).

Per board and hole pair the kernels write counts that merge by addition (:data:`N_STATS`
columns, named by the constants below) and, when asked, a histogram of the river hand
strength over the runouts. :mod:`pokersim.analysis.strength` turns them into HS, EHS, EHS²,
PPot and NPot.
"""

from __future__ import annotations

from math import comb
from typing import NamedTuple

import numpy as np

from .._core.jit import jit, on_workers, popcount, share, worker_copies, workers
from ..evaluator.tables import KEY_BIAS, lookup

#: Columns of the kernel's counts for one hole pair on one board. ``AHEAD_NOW`` and
#: ``TIED_NOW``: opponents the hand beats / ties on the board as it stands. ``HP_XY``: over
#: every runout and opponent, those the hand is X now (A ahead, T tied, B behind) and Y at
#: the river (A ahead, T tied): Billings et al.'s HP[X][Y]; the hands behind at the river
#: are the rest. ``SUM_K`` and ``SUM_K2``: the sum over runouts of k and of k², where
#: k = 2 * ahead + tied is the river hand strength in units of 1 / (2 * 990).
(AHEAD_NOW, TIED_NOW, HP_AA, HP_TA, HP_BA, HP_AT, HP_TT, HP_BT, SUM_K, SUM_K2) = range(10)
N_STATS = 10

#: Opponent hands at the river: C(45, 2), whatever the round.
RIVER_OPPONENTS = 990
#: The river hand strength is k / RIVER_UNITS, k = 2 * ahead + tied.
RIVER_UNITS = 2 * RIVER_OPPONENTS


def board_stats_kernel(boards, n_runout, *args) -> None:
    """For every board (row of ``boards``, 3 to 5 cards) and every hole pair of the cards
    left (in lexicographic order of their ranks among those cards): its two cards in
    ``holes[b, h]``, its counts in ``stats[b, h]`` (:data:`N_STATS` columns, zeroed here)
    and, when ``hist`` has bins, how many runouts give each bin of river hand strength.
    ``n_runout`` is 5 minus the board's cards; ``args``: the evaluator's tables (card_keys,
    card_bits, flush, offsets, table: :func:`pokersim.evaluator.strengths.kernel_args`), then holes,
    stats and hist. Runs the worker kernel :func:`_board_stats_rows` on up to one worker per
    board, each with its own :class:`Sweep` (:func:`sweep_spaces`)."""
    n_workers = max(1, min(workers(), boards.shape[0]))
    spaces = sweep_spaces(n_workers, boards.shape[1])
    on_workers(lambda w: _board_stats_rows(w, n_workers, boards, n_runout, *args, spaces[w]),
               n_workers)


@jit(worker=True)
def _board_stats_rows(w, n_workers, boards, n_runout, card_keys, card_bits, flush, offsets,
                      table, holes, stats, hist, sw):
    """The worker kernel of :func:`board_stats_kernel`: worker w's share of the boards, one
    after another in its arrays ``sw`` (a :class:`Sweep` for boards of this size)."""
    start, stop = share(w, n_workers, boards.shape[0])
    for b in range(start, stop):
        _one_board(boards[b], n_runout, card_keys, card_bits, flush, offsets, table, holes[b],
                   stats[b], hist[b], sw)


@jit(worker=True)
def _one_board(board, n_runout, card_keys, card_bits, flush, offsets, table, holes, stats,
               hist, sw):
    """One board's counts (see :func:`board_stats_kernel`), in the arrays of ``sw`` (a
    :class:`Sweep` for boards of this size). Compiled as worker kernels are (no reference
    counting), so that it allocates nothing."""
    n_rem = 52 - board.shape[0]
    n_holes = n_rem * (n_rem - 1) // 2
    board_key = KEY_BIAS
    board_bits = np.uint64(0)
    used = sw.used
    used[:] = False
    for c in board:
        board_key += card_keys[c]
        board_bits |= card_bits[c]
        used[c] = True
    rem = sw.rem
    n = 0
    for c in range(52):
        if not used[c]:
            rem[n] = c
            n += 1
    # every hole pair h: its cards and its strength now (in s1's room: s0 is read sorted)
    card_a, card_b, s0 = sw.card_a, sw.card_b, sw.s1
    h = 0
    for i in range(n_rem):
        for j in range(i + 1, n_rem):
            x, y = rem[i], rem[j]
            card_a[h], card_b[h] = x, y
            holes[h, 0], holes[h, 1] = x, y
            s0[h] = lookup(board_key + card_keys[x] + card_keys[y],
                           board_bits | card_bits[x] | card_bits[y], flush, offsets, table)
            sw.alive[h] = h
            h += 1
    # the pairs renumbered by their place p in s0 order (order[p] = h, a stable sort), and
    # each one's fields at p (see Sweep.pairs); per card, its pairs are numbered as they come
    order, s0_sorted = sw.order, sw.sorted
    _radix_sort(s0, sw.alive, n_holes, sw.buckets, sw.tmp, order, s0_sorted)
    pairs, seen = sw.pairs, sw.seen
    seen[:] = 0
    i = 0
    while i < n_holes:
        j = i + 1
        while j < n_holes and s0_sorted[j] == s0_sorted[i]:
            j += 1
        for p in range(i, j):  # its run [i, j) and cards, the pairs of its cards before
            x, y = card_a[order[p]], card_b[order[p]]
            sw.key0[p] = board_key + card_keys[x] + card_keys[y]
            sw.bits0[p] = board_bits | card_bits[x] | card_bits[y]
            sw.hole_mask[p] = (np.uint64(1) << np.uint64(x)) | (np.uint64(1) << np.uint64(y))
            pairs[p, 0] = _word(i, 0) | _word(j, 16) | _word(x, 32) | _word(y, 40)
            pairs[p, 1] = _word(seen[x], A_BEFORE) | _word(seen[y], B_BEFORE)
        for p in range(i, j):  # its own number among its cards' pairs
            x, y = card_a[order[p]], card_b[order[p]]
            pairs[p, 1] |= _word(seen[x], A_SELF) | _word(seen[y], B_SELF)
            seen[x] += 1
            seen[y] += 1
        for p in range(i, j):  # and those of its cards' pairs up to the end of its run
            x, y = card_a[order[p]], card_b[order[p]]
            pairs[p, 1] |= _word(seen[x], A_UNTIL) | _word(seen[y], B_UNTIL)
        i = j
    sw.counts[:] = 0
    for h in range(n_holes):  # (the counts are written once the runouts are in)
        for k in range(hist.shape[1]):
            hist[h, k] = 0
    if n_runout == 0:
        _runout(sw, n_holes, np.uint64(0), np.uint64(0), np.uint64(0), flush, offsets, table,
                hist)
    for i in range(n_rem if n_runout > 0 else 0):
        t = rem[i]
        if n_runout == 1:
            _runout(sw, n_holes, card_keys[t], card_bits[t], np.uint64(1) << np.uint64(t),
                    flush, offsets, table, hist)
            continue
        for j in range(i + 1, n_rem):
            v = rem[j]
            _runout(sw, n_holes, card_keys[t] + card_keys[v], card_bits[t] | card_bits[v],
                    (np.uint64(1) << np.uint64(t)) | (np.uint64(1) << np.uint64(v)),
                    flush, offsets, table, hist)
    for p in range(n_holes):
        h = order[p]
        lo, hi = _field(pairs[p, 0], 0, 16), _field(pairs[p, 0], 16, 16)
        word = pairs[p, 1]
        a_lo, a_hi = _field(word, A_BEFORE, 8), _field(word, A_UNTIL, 8)
        b_lo, b_hi = _field(word, B_BEFORE, 8), _field(word, B_UNTIL, 8)
        # opponents below and tied now, less those holding one of the hand's cards; the
        # hand itself holds both and is in its own run: added back once
        stats[h, AHEAD_NOW] = lo - a_lo - b_lo
        stats[h, TIED_NOW] = hi - lo - (a_hi - a_lo) - (b_hi - b_lo) + 1
        for k in range(6):
            stats[h, HP_AA + k] = _field(sw.counts[p, k // 3], COUNT_BITS * (k % 3),
                                         COUNT_BITS)
        # k = 2 * ahead + tied on each runout, summed: from the counts
        stats[h, SUM_K] = (2 * (stats[h, HP_AA] + stats[h, HP_TA] + stats[h, HP_BA])
                           + stats[h, HP_AT] + stats[h, HP_TT] + stats[h, HP_BT])
        stats[h, SUM_K2] = np.int64(sw.counts[p, 2])


@jit(inline=True)
def _word(value, shift):
    """``value`` at bit ``shift`` of a uint64 word."""
    return np.uint64(value) << np.uint64(shift)


@jit(inline=True)
def _field(word, shift, bits):
    """The ``bits``-wide field of ``word`` at bit ``shift``, as int64."""
    return np.int64((word >> np.uint64(shift)) & ((np.uint64(1) << np.uint64(bits))
                                                  - np.uint64(1)))


@jit(inline=True)
def _low_bits(n):
    """The mask of the n lowest bits (n <= 63)."""
    return (np.uint64(1) << np.uint64(n)) - np.uint64(1)


#: Strengths are below 2**13: a radix sort in two passes of 7 bits.
RADIX_BITS = 7
RADIX = 1 << RADIX_BITS

#: Word 1 of a pair in :attr:`Sweep.pairs`: for each of its cards (a, the lower, and b), 8-bit
#: counts of the pairs holding that card placed before its run of equal s0 (``BEFORE``),
#: before itself (``SELF``: its own bit in the card's mask) and up to the end of its run
#: (``UNTIL``); a card is in at most 48 pairs.
A_BEFORE, A_UNTIL, A_SELF, B_BEFORE, B_UNTIL, B_SELF = 0, 8, 16, 24, 32, 40

#: The HP counts of a pair are summed three to a word (:attr:`Sweep.counts`), in fields of
#: this many bits: each is at most C(47, 2) runouts x C(45, 2) opponents = 1,070,190 < 2**21.
COUNT_BITS = 21


class Sweep(NamedTuple):
    """A worker's arrays for one board at a time (:func:`sweep_spaces`): the board's pairs as
    the runouts' sweeps read them, each at its place p in s0 order (filled by
    :func:`_one_board`), the sums of their counts over the runouts, the sweeps' scratch
    arrays, reused from runout to runout, and :func:`_one_board`'s own."""

    pairs: np.ndarray  # (pairs, 2) uint64: word 0 lo | hi << 16 | card a << 32 | card b << 40
    #                    (its run of equal s0 is [lo, hi)); word 1 its cards' counts (A_BEFORE ..)
    key0: np.ndarray  # (pairs,) uint64: its key with the board
    bits0: np.ndarray  # its suit-rank bits with the board
    hole_mask: np.ndarray  # bit c for each of its cards
    counts: np.ndarray  # (pairs, 3) uint64: HP_AA | HP_TA | HP_BA, HP_AT | HP_TT | HP_BT
    #                     (COUNT_BITS each), the sum of k²
    order: np.ndarray  # (pairs,) int64: the hole pair h at each place
    alive: np.ndarray  # scratch: the places of the pairs holding no runout card
    s1: np.ndarray  # their strengths with the whole board
    ranked: np.ndarray  # the places alive, strength increasing
    sorted: np.ndarray  # their strengths
    tmp: np.ndarray  # the radix sort's first pass
    buckets: np.ndarray  # (RADIX,) the radix sort's counts
    first: np.ndarray  # (pairs, 3) the counts of each pair before its run was inserted
    words: np.ndarray  # the inserted pairs, one bit each at their place
    below: np.ndarray  # per word, the pairs inserted in the words before it
    masks: np.ndarray  # (52,) per card, its inserted pairs, one bit each (its SELF count)
    used: np.ndarray  # (52,) bool: _one_board's cards of the board
    rem: np.ndarray  # (52 - board cards,) int64: the cards left
    card_a: np.ndarray  # (pairs,) int64: the lower card of hole pair h
    card_b: np.ndarray  # its higher card
    seen: np.ndarray  # (52,) int64: per card, its pairs placed so far


def sweep_spaces(n_workers: int, n_board: int) -> list[Sweep]:
    """A :class:`Sweep` per worker for boards of ``n_board`` cards (each board's
    ``C(52 - n_board, 2)`` pairs), each worker's arrays apart
    (:func:`pokersim._core.jit.worker_copies`)."""
    n_rem = 52 - n_board
    pairs = comb(n_rem, 2)
    words = pairs // 64 + 1
    i64, u64 = np.int64, np.uint64
    return worker_copies(
        n_workers, Sweep, pairs=np.zeros((pairs, 2), u64), key0=np.zeros(pairs, u64),
        bits0=np.zeros(pairs, u64), hole_mask=np.zeros(pairs, u64),
        counts=np.zeros((pairs, 3), u64), order=np.zeros(pairs, i64),
        alive=np.zeros(pairs, i64), s1=np.zeros(pairs, i64), ranked=np.zeros(pairs, i64),
        sorted=np.zeros(pairs, i64), tmp=np.zeros(pairs, i64), buckets=np.zeros(RADIX, i64),
        first=np.zeros((pairs, 3), i64), words=np.zeros(words, u64),
        below=np.zeros(words, i64), masks=np.zeros(52, u64), used=np.zeros(52, np.bool_),
        rem=np.zeros(n_rem, i64), card_a=np.zeros(pairs, i64), card_b=np.zeros(pairs, i64),
        seen=np.zeros(52, i64))


@jit(worker=True)
def _runout(sw, n_holes, run_key, run_bits, run_mask, flush, offsets, table, hist):
    """Add one runout (the cards of ``run_mask``, with their summed key and bits) to the
    counts of every pair that holds none of its cards (compiled as :func:`_one_board`)."""
    n = 0
    for p in range(n_holes):
        if sw.hole_mask[p] & run_mask == 0:
            sw.alive[n] = p
            sw.s1[n] = lookup(sw.key0[p] + run_key, sw.bits0[p] | run_bits, flush, offsets,
                              table)
            n += 1
    ranked, s1_sorted, first, counts = sw.ranked, sw.sorted, sw.first, sw.counts
    _radix_sort(sw.s1, sw.alive, n, sw.buckets, sw.tmp, ranked, s1_sorted)
    sw.words[:] = 0
    sw.below[:] = 0
    sw.masks[:] = 0
    bins = hist.shape[1]
    inserted = 0
    i = 0
    while i < n:
        j = i + 1
        while j < n and s1_sorted[j] == s1_sorted[i]:
            j += 1
        for g in range(i, j):  # the opponents it beats at the river, by their place now
            lt, eq, gt = _split(sw, ranked[g], inserted)
            first[g, 0], first[g, 1], first[g, 2] = lt, eq, gt
        for g in range(i, j):
            _insert(sw, ranked[g])
        _recount(sw.words, sw.below, ranked[i] >> 6)  # a run's places increase
        inserted += j - i
        for g in range(i, j):  # and those it beats or ties
            p = ranked[g]
            lt, eq, gt = _split(sw, p, inserted)
            eq += 1  # the hand itself: in the run, and in both of its cards' masks
            a_lt, a_eq, a_gt = first[g, 0], first[g, 1], first[g, 2]
            t_lt, t_eq, t_gt = lt - a_lt, eq - a_eq, gt - a_gt
            counts[p, 0] += (_word(a_lt, 0) | _word(a_eq, COUNT_BITS)
                             | _word(a_gt, 2 * COUNT_BITS))
            counts[p, 1] += (_word(t_lt, 0) | _word(t_eq, COUNT_BITS)
                             | _word(t_gt, 2 * COUNT_BITS))
            k = 2 * (a_lt + a_eq + a_gt) + t_lt + t_eq + t_gt
            counts[p, 2] += np.uint64(k * k)
            if bins:
                hist[sw.order[p], min(k * bins // RIVER_UNITS, bins - 1)] += 1
        i = j


@jit(inline=True)
def _count_below(words, below, p):
    """The inserted pairs at places below p."""
    w = p >> 6
    return below[w] + np.int64(popcount(words[w] & _low_bits(p & 63)))


@jit(inline=True)
def _split(sw, p, inserted):
    """The inserted pairs that share no card with the pair at place p, split by their place
    now: below its run of equal s0, in it, above it."""
    word = sw.pairs[p, 0]
    g_lo = _count_below(sw.words, sw.below, _field(word, 0, 16))
    g_hi = _count_below(sw.words, sw.below, _field(word, 16, 16))
    ma = sw.masks[_field(word, 32, 8)]
    mb = sw.masks[_field(word, 40, 8)]
    word = sw.pairs[p, 1]
    a_lo = np.int64(popcount(ma & _low_bits(_field(word, A_BEFORE, 8))))
    a_hi = np.int64(popcount(ma & _low_bits(_field(word, A_UNTIL, 8))))
    b_lo = np.int64(popcount(mb & _low_bits(_field(word, B_BEFORE, 8))))
    b_hi = np.int64(popcount(mb & _low_bits(_field(word, B_UNTIL, 8))))
    lt = g_lo - a_lo - b_lo
    eq = g_hi - g_lo - (a_hi - a_lo) - (b_hi - b_lo)
    gt = (inserted - g_hi - (np.int64(popcount(ma)) - a_hi)
          - (np.int64(popcount(mb)) - b_hi))
    return lt, eq, gt


@jit(inline=True)
def _insert(sw, p):
    """The pair at place p among the inserted: its bit, and its bit in its cards' masks
    (``below`` is brought up to date once a run is in: :func:`_recount`)."""
    sw.words[p >> 6] |= np.uint64(1) << np.uint64(p & 63)
    word, counts = sw.pairs[p, 0], sw.pairs[p, 1]
    sw.masks[_field(word, 32, 8)] |= np.uint64(1) << np.uint64(_field(counts, A_SELF, 8))
    sw.masks[_field(word, 40, 8)] |= np.uint64(1) << np.uint64(_field(counts, B_SELF, 8))


@jit(inline=True)
def _recount(words, below, w0):
    """``below`` past word w0 again, after pairs were inserted in words w0 and up."""
    total = below[w0]
    for w in range(w0, words.shape[0] - 1):
        total += np.int64(popcount(words[w]))
        below[w + 1] = total


@jit(inline=True)
def _radix_sort(values, keys, n, buckets, tmp, out, out_values):
    """``out[:n]``: ``keys[:n]`` by increasing ``values[:n]`` (each below 2**14), stable,
    and ``out_values[:n]`` the values in that order: two passes of a counting sort on
    :data:`RADIX_BITS` bits each, the low bits first."""
    low = RADIX - 1
    buckets[:] = 0
    for i in range(n):
        buckets[values[i] & low] += 1
    _starts(buckets)
    for i in range(n):
        d = values[i] & low
        tmp[buckets[d]] = i
        buckets[d] += 1
    buckets[:] = 0
    for i in range(n):
        buckets[values[i] >> RADIX_BITS] += 1
    _starts(buckets)
    for k in range(n):
        i = tmp[k]
        d = values[i] >> RADIX_BITS
        out[buckets[d]] = keys[i]
        out_values[buckets[d]] = values[i]
        buckets[d] += 1


@jit(inline=True)
def _starts(buckets):
    """Counts per bucket into the place where each bucket starts."""
    total = 0
    for r in range(buckets.shape[0]):
        buckets[r], total = total, total + buckets[r]


# ---------------------------------------------------------------------------------------------
# A few hands: each against its opponents one by one


class Opponents(NamedTuple):
    """A worker's arrays for :func:`hand_stats_rows`: one hand's opponent pairs at a time."""

    mask: np.ndarray  # (pairs,) uint64: bit c for each of its cards
    key0: np.ndarray  # (pairs,) uint64: its key with the board
    bits0: np.ndarray  # its suit-rank bits with the board
    now: np.ndarray  # (pairs,) int64: the hand against it now: 0 ahead, 1 tied, 2 behind
    rem: np.ndarray  # (50,) int64: the cards left (neither the board's nor the hand's)


def opponent_spaces(n_workers: int) -> list[Opponents]:
    """An :class:`Opponents` per worker, room for a board of 3 cards or more (at most
    C(47, 2) opponent pairs), each worker's arrays apart."""
    pairs = comb(47, 2)
    u64 = np.uint64
    return worker_copies(n_workers, Opponents, mask=np.zeros(pairs, u64),
                         key0=np.zeros(pairs, u64), bits0=np.zeros(pairs, u64),
                         now=np.zeros(pairs, np.int64), rem=np.zeros(50, np.int64))


@jit(worker=True)
def hand_stats_rows(w, n_workers, holes, boards, parts, card_keys, card_bits, flush, offsets,
                    table, stats, hist, sp):
    """Worker w's share of the counts of :func:`board_stats_kernel`, for the hands ``holes[r]``
    (two cards) on ``boards[r]`` (3 to 5 cards) alone, each against its opponent pairs one
    by one on every runout: cheaper than every pair of the board swept together for a few
    hands a board. Each row's runouts are split in ``parts`` (part p: those whose first card
    is the i-th card left, i = p mod ``parts``; the counts now in part 0), item ``r * parts
    + p`` of ``stats`` and ``hist`` the part's counts: integers, which the caller sums."""
    start, stop = share(w, n_workers, holes.shape[0] * parts)
    n_runout = 5 - boards.shape[1]
    for item in range(start, stop):
        r, part = divmod(item, parts)
        for k in range(N_STATS):
            stats[item, k] = 0
        for k in range(hist.shape[1]):
            hist[item, k] = 0
        _hand_part(holes[r], boards[r], n_runout, part, parts, card_keys, card_bits, flush,
                   offsets, table, stats[item], hist[item], sp)
    return stop - start


@jit(worker=True)
def _hand_part(hole, board, n_runout, part, parts, card_keys, card_bits, flush, offsets,
               table, stats, hist, sp):
    """One item of :func:`hand_stats_rows` (compiled as worker kernels are: it allocates
    nothing)."""
    board_key = KEY_BIAS
    board_bits = np.uint64(0)
    taken = np.uint64(0)
    for c in board:
        board_key += card_keys[c]
        board_bits |= card_bits[c]
        taken |= np.uint64(1) << np.uint64(c)
    hand_key = board_key + card_keys[hole[0]] + card_keys[hole[1]]
    hand_bits = board_bits | card_bits[hole[0]] | card_bits[hole[1]]
    taken |= (np.uint64(1) << np.uint64(hole[0])) | (np.uint64(1) << np.uint64(hole[1]))
    mine_now = lookup(hand_key, hand_bits, flush, offsets, table)
    rem = sp.rem
    n_rem = 0
    for c in range(52):
        if not taken >> np.uint64(c) & np.uint64(1):
            rem[n_rem] = c
            n_rem += 1
    n_opp = 0
    ahead_now = tied_now = 0
    for i in range(n_rem):
        for j in range(i + 1, n_rem):
            x, y = rem[i], rem[j]
            sp.mask[n_opp] = (np.uint64(1) << np.uint64(x)) | (np.uint64(1) << np.uint64(y))
            sp.key0[n_opp] = board_key + card_keys[x] + card_keys[y]
            sp.bits0[n_opp] = board_bits | card_bits[x] | card_bits[y]
            theirs = lookup(sp.key0[n_opp], sp.bits0[n_opp], flush, offsets, table)
            sp.now[n_opp] = 0 if mine_now > theirs else 1 if mine_now == theirs else 2
            ahead_now += mine_now > theirs
            tied_now += mine_now == theirs
            n_opp += 1
    if part == 0:
        stats[AHEAD_NOW] = ahead_now
        stats[TIED_NOW] = tied_now
    if n_runout == 0:
        if part == 0:
            _hand_runout(hand_key, hand_bits, np.uint64(0), np.uint64(0), np.uint64(0), n_opp,
                         flush, offsets, table, stats, hist, sp)
        return
    for i in range(part, n_rem, parts):
        t = rem[i]
        if n_runout == 1:
            _hand_runout(hand_key, hand_bits, card_keys[t], card_bits[t],
                         np.uint64(1) << np.uint64(t), n_opp, flush, offsets, table, stats,
                         hist, sp)
            continue
        for j in range(i + 1, n_rem):
            v = rem[j]
            _hand_runout(hand_key, hand_bits, card_keys[t] + card_keys[v],
                         card_bits[t] | card_bits[v],
                         (np.uint64(1) << np.uint64(t)) | (np.uint64(1) << np.uint64(v)),
                         n_opp, flush, offsets, table, stats, hist, sp)


@jit(inline=True)
def _hand_runout(hand_key, hand_bits, run_key, run_bits, run_mask, n_opp, flush, offsets,
                 table, stats, hist, sp):
    """Add one runout (the cards of ``run_mask``) to a hand's counts: each opponent pair
    that holds none of its cards, by the hand's place against it now and at the river."""
    mine = lookup(hand_key + run_key, hand_bits | run_bits, flush, offsets, table)
    a0 = a1 = a2 = t0 = t1 = t2 = 0
    for o in range(n_opp):
        if sp.mask[o] & run_mask:
            continue
        theirs = lookup(sp.key0[o] + run_key, sp.bits0[o] | run_bits, flush, offsets, table)
        now = sp.now[o]
        if mine > theirs:
            a0 += now == 0
            a1 += now == 1
            a2 += now == 2
        elif mine == theirs:
            t0 += now == 0
            t1 += now == 1
            t2 += now == 2
    stats[HP_AA] += a0
    stats[HP_TA] += a1
    stats[HP_BA] += a2
    stats[HP_AT] += t0
    stats[HP_TT] += t1
    stats[HP_BT] += t2
    k = 2 * (a0 + a1 + a2) + t0 + t1 + t2
    stats[SUM_K] += k
    stats[SUM_K2] += k * k
    bins = hist.shape[0]
    if bins:
        hist[min(k * bins // RIVER_UNITS, bins - 1)] += 1
