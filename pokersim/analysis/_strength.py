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
  Billings et al.'s HP[now][river] table, for every hand and runout at once. The inserted
  pairs are bits in their s0 order, a word's running count beside the bits (a count below
  any s0 place is one word read and one ``popcnt``), and per card a 64-bit mask over the at
  most 48 pairs holding it, in the same order (the card-removal terms, one ``popcnt`` each).

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
    # every hole pair: its cards, its key and bits with the board, its strength now
    card_a, card_b, hole_mask, key0, bits0, s0 = (sw.card_a, sw.card_b, sw.hole_mask, sw.key0,
                                                  sw.bits0, sw.s0)
    h = 0
    for i in range(n_rem):
        for j in range(i + 1, n_rem):
            x, y = rem[i], rem[j]
            card_a[h], card_b[h] = x, y
            holes[h, 0], holes[h, 1] = x, y
            hole_mask[h] = (np.uint64(1) << np.uint64(x)) | (np.uint64(1) << np.uint64(y))
            key0[h] = board_key + card_keys[x] + card_keys[y]
            bits0[h] = board_bits | card_bits[x] | card_bits[y]
            s0[h] = lookup(key0[h], bits0[h], flush, offsets, table)
            h += 1
    # places in s0 order: the global place of each pair, the run of its equal strengths
    # [lo, hi), and per card the place among the pairs holding that card ([clo, chi) as
    # low-bit masks, cplace as the bit of the pair itself); a stable sort, as the mergesort
    # that this radix sort replaced
    order = sw.order
    _radix_sort(s0, n_holes, sw.buckets, sw.tmp, order)
    place, lo, hi, clo, chi, cbit = sw.place, sw.lo, sw.hi, sw.clo, sw.chi, sw.cbit
    seen = sw.seen
    seen[:] = 0
    i = 0
    while i < n_holes:
        j = i
        while j < n_holes and s0[order[j]] == s0[order[i]]:
            j += 1
        for g in range(i, j):
            h = order[g]
            place[h], lo[h], hi[h] = g, i, j
            clo[h, 0] = _low_bits(seen[card_a[h]])
            clo[h, 1] = _low_bits(seen[card_b[h]])
        for g in range(i, j):
            h = order[g]
            cbit[h, 0] = np.uint64(1) << np.uint64(seen[card_a[h]])
            cbit[h, 1] = np.uint64(1) << np.uint64(seen[card_b[h]])
            seen[card_a[h]] += 1
            seen[card_b[h]] += 1
        for g in range(i, j):
            h = order[g]
            chi[h, 0] = _low_bits(seen[card_a[h]])
            chi[h, 1] = _low_bits(seen[card_b[h]])
        i = j
    for h in range(n_holes):
        for k in range(N_STATS):
            stats[h, k] = 0
        for k in range(hist.shape[1]):
            hist[h, k] = 0
        # opponents below and tied now, less those holding one of the hand's cards; the
        # hand itself holds both and is in its own run: added back once
        stats[h, AHEAD_NOW] = (lo[h] - popcount(clo[h, 0]) - popcount(clo[h, 1]))
        stats[h, TIED_NOW] = (hi[h] - lo[h] - popcount(chi[h, 0] ^ clo[h, 0])
                              - popcount(chi[h, 1] ^ clo[h, 1]) + 1)
    if n_runout == 0:
        _runout(sw, np.uint64(0), np.uint64(0), np.uint64(0), card_keys, card_bits, flush,
                offsets, table, stats, hist)
    for i in range(n_rem if n_runout > 0 else 0):
        t = rem[i]
        if n_runout == 1:
            _runout(sw, card_keys[t], card_bits[t], np.uint64(1) << np.uint64(t),
                    card_keys, card_bits, flush, offsets, table, stats, hist)
            continue
        for j in range(i + 1, n_rem):
            v = rem[j]
            _runout(sw, card_keys[t] + card_keys[v], card_bits[t] | card_bits[v],
                    (np.uint64(1) << np.uint64(t)) | (np.uint64(1) << np.uint64(v)),
                    card_keys, card_bits, flush, offsets, table, stats, hist)


@jit(inline=True)
def _low_bits(n):
    """The mask of the n lowest bits (n <= 63)."""
    return (np.uint64(1) << np.uint64(n)) - np.uint64(1)


#: Strengths are below 2**13: a radix sort in two passes of 7 bits.
RADIX_BITS = 7
RADIX = 1 << RADIX_BITS


class Sweep(NamedTuple):
    """A worker's arrays for one board at a time (:func:`sweep_spaces`): the board's pairs as
    the runouts' sweeps read them (filled by :func:`_one_board`), the sweeps' scratch arrays,
    reused from runout to runout, and :func:`_one_board`'s own."""

    card_a: np.ndarray  # (pairs,) int64: the lower card of each pair
    card_b: np.ndarray  # its higher card
    hole_mask: np.ndarray  # (pairs,) uint64: bit c for each of its cards
    key0: np.ndarray  # (pairs,) uint64: its key with the board
    bits0: np.ndarray  # its suit-rank bits with the board
    place: np.ndarray  # (pairs,) int64: its place in s0 order
    lo: np.ndarray  # the first place of its run of equal s0
    hi: np.ndarray  # one past the last
    clo: np.ndarray  # (pairs, 2) uint64: per card, the places before its run, as low bits
    chi: np.ndarray  # the places up to the end of its run
    cbit: np.ndarray  # (pairs, 2) uint64: per card, the bit of the pair itself
    alive: np.ndarray  # scratch: the pairs holding no runout card
    s1: np.ndarray  # their strengths with the whole board
    tmp: np.ndarray  # the radix sort's first pass
    ranked: np.ndarray  # indices into alive and s1, strength increasing
    buckets: np.ndarray  # (RADIX,) the radix sort's counts
    first: np.ndarray  # (pairs, 3) the counts of each pair before its run was inserted
    words: np.ndarray  # the inserted pairs, one bit each at their s0 place
    below: np.ndarray  # per word, the pairs inserted in the words before it
    masks: np.ndarray  # (52,) per card, its inserted pairs, one bit each at their cplace
    used: np.ndarray  # (52,) bool: _one_board's cards of the board
    rem: np.ndarray  # (52 - board cards,) int64: the cards left
    s0: np.ndarray  # (pairs,) int64: each pair's strength with the board
    order: np.ndarray  # the pairs by increasing s0 (stable)
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
        n_workers, Sweep, card_a=np.zeros(pairs, i64), card_b=np.zeros(pairs, i64),
        hole_mask=np.zeros(pairs, u64), key0=np.zeros(pairs, u64), bits0=np.zeros(pairs, u64),
        place=np.zeros(pairs, i64), lo=np.zeros(pairs, i64), hi=np.zeros(pairs, i64),
        clo=np.zeros((pairs, 2), u64), chi=np.zeros((pairs, 2), u64),
        cbit=np.zeros((pairs, 2), u64), alive=np.zeros(pairs, i64), s1=np.zeros(pairs, i64),
        tmp=np.zeros(pairs, i64), ranked=np.zeros(pairs, i64), buckets=np.zeros(RADIX, i64),
        first=np.zeros((pairs, 3), i64), words=np.zeros(words, u64),
        below=np.zeros(words, i64), masks=np.zeros(52, u64), used=np.zeros(52, np.bool_),
        rem=np.zeros(n_rem, i64), s0=np.zeros(pairs, i64), order=np.zeros(pairs, i64),
        seen=np.zeros(52, i64))


@jit(worker=True)
def _runout(sw, run_key, run_bits, run_mask, card_keys, card_bits, flush, offsets, table,
            stats, hist):
    """Add one runout (the cards of ``run_mask``, with their summed key and bits) to the
    counts of every pair that holds none of its cards (compiled as :func:`_one_board`)."""
    n = 0
    for h in range(sw.key0.shape[0]):
        if sw.hole_mask[h] & run_mask == 0:
            sw.alive[n] = h
            sw.s1[n] = lookup(sw.key0[h] + run_key, sw.bits0[h] | run_bits, flush, offsets,
                              table)
            n += 1
    _radix_sort(sw.s1, n, sw.buckets, sw.tmp, sw.ranked)
    sw.words[:] = 0
    sw.below[:] = 0
    sw.masks[:] = 0
    bins = hist.shape[1]
    inserted = 0
    i = 0
    while i < n:
        j = i + 1
        while j < n and sw.s1[sw.ranked[j]] == sw.s1[sw.ranked[i]]:
            j += 1
        for g in range(i, j):  # the opponents it beats at the river, by their place now
            lt, eq, gt = _split(sw, sw.alive[sw.ranked[g]], inserted)
            sw.first[g, 0], sw.first[g, 1], sw.first[g, 2] = lt, eq, gt
        for g in range(i, j):
            _insert(sw, sw.alive[sw.ranked[g]])
        inserted += j - i
        for g in range(i, j):  # and those it beats or ties
            h = sw.alive[sw.ranked[g]]
            lt, eq, gt = _split(sw, h, inserted)
            eq += 1  # the hand itself: in the run, and in both of its cards' masks
            a_lt, a_eq, a_gt = sw.first[g, 0], sw.first[g, 1], sw.first[g, 2]
            t_lt, t_eq, t_gt = lt - a_lt, eq - a_eq, gt - a_gt
            stats[h, HP_AA] += a_lt
            stats[h, HP_TA] += a_eq
            stats[h, HP_BA] += a_gt
            stats[h, HP_AT] += t_lt
            stats[h, HP_TT] += t_eq
            stats[h, HP_BT] += t_gt
            k = 2 * (a_lt + a_eq + a_gt) + t_lt + t_eq + t_gt
            stats[h, SUM_K] += k
            stats[h, SUM_K2] += k * k
            if bins:
                hist[h, min(k * bins // RIVER_UNITS, bins - 1)] += 1
        i = j


@jit(inline=True)
def _count_below(words, below, p):
    """The inserted pairs at places below p."""
    w = p >> 6
    return below[w] + np.int64(popcount(words[w] & _low_bits(p & 63)))


@jit(inline=True)
def _split(sw, h, inserted):
    """The inserted pairs that share no card with pair h, split by their place now: below
    its run of equal s0, in it, above it."""
    g_lo = _count_below(sw.words, sw.below, sw.lo[h])
    g_hi = _count_below(sw.words, sw.below, sw.hi[h])
    ma = sw.masks[sw.card_a[h]]
    mb = sw.masks[sw.card_b[h]]
    a_lo = np.int64(popcount(ma & sw.clo[h, 0]))
    a_hi = np.int64(popcount(ma & sw.chi[h, 0]))
    b_lo = np.int64(popcount(mb & sw.clo[h, 1]))
    b_hi = np.int64(popcount(mb & sw.chi[h, 1]))
    lt = g_lo - a_lo - b_lo
    eq = g_hi - g_lo - (a_hi - a_lo) - (b_hi - b_lo)
    gt = (inserted - g_hi - (np.int64(popcount(ma)) - a_hi)
          - (np.int64(popcount(mb)) - b_hi))
    return lt, eq, gt


@jit(inline=True)
def _insert(sw, h):
    p = sw.place[h]
    w = p >> 6
    sw.words[w] |= np.uint64(1) << np.uint64(p & 63)
    for u in range(w + 1, sw.below.shape[0]):
        sw.below[u] += 1
    sw.masks[sw.card_a[h]] |= sw.cbit[h, 0]
    sw.masks[sw.card_b[h]] |= sw.cbit[h, 1]


@jit(inline=True)
def _radix_sort(values, n, buckets, tmp, out):
    """``out[:n]``: the indices of ``values[:n]`` (each below 2**14) by increasing value:
    two passes of a counting sort on :data:`RADIX_BITS` bits each, the low bits first."""
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
        out[buckets[d]] = i
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
