"""Range against range on a board, every combo at once: one evaluation per (combo, runout)
and a sweep of the sorted strengths, instead of pairs of hands times runouts.

For each runout (the cards still to come), every combo of either range that the runout leaves
live is evaluated once, and the combos are sorted by strength (a two-pass radix sort on the
13-bit strengths). Sweeping them from weakest to strongest keeps, for each range, the weight of
the combos already passed (weaker) in all and per card. A combo holding cards c1 and c2 beats
the opponent's weaker combos that hold neither card, by inclusion-exclusion: weaker total -
weaker holding c1 - weaker holding c2 (no weaker combo holds both: that one is the combo
itself, of equal strength); it ties those of equal strength the same way, plus the weight of
the combo itself, which the two card terms subtracted twice. Each runout costs one lookup per
combo and a sort, not one per pair of combos.

The kernel returns weighted sums that merge by addition; the totals they divide by do not
depend on the runout and are counted once, in numpy (:func:`board_sweep`). Workers share the
runouts where every weight is whole (each sum exact in any order: the same bits whoever took
which runouts); otherwise one worker sums them in the runouts' order. It serves
:func:`pokersim.equity_distribution`, :func:`pokersim.outs`, and :func:`pokersim.equity` of
wide ranges against each other after the flop (:mod:`pokersim.engine.lists`).
"""

from __future__ import annotations

import itertools
from math import comb
from typing import NamedTuple

import numpy as np

from ..._core.jit import jit, on_workers, take_next, worker_copies, workers_for
from ...evaluator.tables import (
    FLUSH_CHECK,
    KEY_BIAS,
    key_and_bits,
    nonflush_strength,
    suit_of_flush,
    tables,
)

#: Radix sort of strengths (1 .. 7462 < 2**13): the low 7 bits, then the high 6.
_LOW_BITS = 7


@jit
def _sort_by_strength(strength, members, n, buffer, counts):
    """Sort ``members[:n]`` (combo indices) by ``strength[member]``, stably, in place: two
    counting passes, on the low 7 bits and then the high 6 (a call, not inlined: it is
    long)."""
    for shift, size in ((0, 1 << _LOW_BITS), (_LOW_BITS, 1 << (13 - _LOW_BITS))):
        counts[:size + 1] = 0
        for i in range(n):
            counts[((strength[members[i]] >> shift) & (size - 1)) + 1] += 1
        for v in range(size):
            counts[v + 1] += counts[v]
        for i in range(n):
            u = members[i]
            v = (strength[u] >> shift) & (size - 1)
            buffer[counts[v]] = u
            counts[v] += 1
        for i in range(n):  # not members[:n] = buffer[:n]: see private._reorder
            members[i] = buffer[i]


#: Runouts a worker takes at a time (:func:`sweep_kernel`).
RUNOUTS_A_TAKE = 2


class SweepSpace(NamedTuple):
    """One worker's own arrays (:func:`sweep_spaces`)."""

    strength: np.ndarray  # (U,) int64: each live combo's strength on the runout
    members: np.ndarray  # (U,) int64: the live combos, sorted by strength
    buffer: np.ndarray  # (U,) int64: the sort's
    counts: np.ndarray  # (2**7 + 1,) int64: the sort's
    weaker: np.ndarray  # (2, 52): per side and card, the weight of the weaker combos holding it
    equal: np.ndarray  # (2, 52): ... of those in the group of equal strength being swept
    wins: np.ndarray  # (G, 2, U): see sweep_kernel
    ties: np.ndarray  # (G, 2, U)


def sweep_spaces(n_workers: int, n_groups: int, n_combos: int) -> list[SweepSpace]:
    """A :class:`SweepSpace` per worker for ``n_combos`` combos in ``n_groups`` slots of
    runouts, its sums zero."""
    return worker_copies(
        n_workers, SweepSpace, **{name: np.zeros(n_combos, np.int64)
                                  for name in ("strength", "members", "buffer")},
        counts=np.zeros((1 << _LOW_BITS) + 1, np.int64), weaker=np.zeros((2, 52)),
        equal=np.zeros((2, 52)), wins=np.zeros((n_groups, 2, n_combos)),
        ties=np.zeros((n_groups, 2, n_combos)))


@jit(worker=True)
def sweep_kernel(w, n_workers, claimed, board_key, board_bits, runouts, groups, hole_keys,
                 hole_bits, first, second, weight_a, weight_b, card_keys, card_bits, flush,
                 offsets, table, space):
    """Worker w's share of the weighted wins and ties of every combo against the other
    range, over every runout (:data:`RUNOUTS_A_TAKE` runouts at a time, the next left as it
    finishes some: ``claimed``, a shared counter from 0, :func:`~pokersim._core.jit.take_next`).

    ``hole_keys``, ``hole_bits`` (U,) and ``first``, ``second`` (U,) describe the combos of
    both ranges (keys, suit-rank bits, cards); ``weight_a``, ``weight_b`` (U,) are each
    combo's weight in range 0 and in range 1 (0 where it is not in that range). ``runouts``
    (R, k) lists the cards each runout adds to the board (k = 0: the board as it is), and
    runout r counts in slot ``groups[r]``. Adds to ``space.wins[g, side, u]`` the weight of
    the other side's combos that combo u beats, summed over the runouts of slot g that leave
    both live, and to ``space.ties`` those it ties. Both sides' sums are computed for every
    combo (no branch on membership); a combo's row for a range it is not in is meaningless.
    Returns the runouts it took.

    The strength is looked up in the loop itself, not through
    :func:`pokersim.evaluator.tables.lookup`: inlined, that function's two returns kept the loop
    scalar and 30 times slower here (measured: 17 ms against 0.5 ms for 570,000 lookups).
    """
    n_combos = hole_keys.shape[0]
    n_runouts, k = runouts.shape
    strength, members, buffer, counts, weaker, equal, wins, ties = space
    weaker_a, weaker_b, equal_a, equal_b = weaker[0], weaker[1], equal[0], equal[1]
    done = 0
    while True:
        start_at = take_next(claimed) * RUNOUTS_A_TAKE
        if start_at >= n_runouts:
            break
        for r in range(start_at, min(start_at + RUNOUTS_A_TAKE, n_runouts)):
            done += 1
            wins_a, wins_b = wins[groups[r], 0], wins[groups[r], 1]
            ties_a, ties_b = ties[groups[r], 0], ties[groups[r], 1]
            key, dealt = key_and_bits(runouts, r, k, card_keys, card_bits)
            key += board_key - KEY_BIAS
            bits = board_bits | dealt
            n = 0
            for u in range(n_combos):  # the combos the runout leaves live, without a branch
                members[n] = u
                n += (hole_bits[u] & dealt) == 0  # a card's bit is its own
            for i in range(n):
                u = members[i]
                hand = key + hole_keys[u]
                if hand & FLUSH_CHECK:
                    shift = np.uint64(16 * suit_of_flush(hand))
                    strength[u] = flush[((bits | hole_bits[u]) >> shift) & np.uint64(0x1FFF)]
                else:
                    strength[u] = nonflush_strength(hand, offsets, table)
            _sort_by_strength(strength, members, n, buffer, counts)
            weaker_a[:] = 0.0
            weaker_b[:] = 0.0
            total_a = 0.0
            total_b = 0.0
            start = 0
            while start < n:
                stop = start + 1
                while stop < n and strength[members[stop]] == strength[members[start]]:
                    stop += 1
                if stop == start + 1:  # alone at its strength: it ties nothing
                    u = members[start]
                    c1 = first[u]
                    c2 = second[u]
                    wins_a[u] += total_b - weaker_b[c1] - weaker_b[c2]
                    wins_b[u] += total_a - weaker_a[c1] - weaker_a[c2]
                    total_a += weight_a[u]
                    total_b += weight_b[u]
                    weaker_a[c1] += weight_a[u]
                    weaker_a[c2] += weight_a[u]
                    weaker_b[c1] += weight_b[u]
                    weaker_b[c2] += weight_b[u]
                    start = stop
                    continue
                group_a = 0.0
                group_b = 0.0
                for i in range(start, stop):
                    u = members[i]
                    group_a += weight_a[u]
                    group_b += weight_b[u]
                    equal_a[first[u]] += weight_a[u]
                    equal_a[second[u]] += weight_a[u]
                    equal_b[first[u]] += weight_b[u]
                    equal_b[second[u]] += weight_b[u]
                for i in range(start, stop):
                    u = members[i]
                    c1 = first[u]
                    c2 = second[u]
                    wins_a[u] += total_b - weaker_b[c1] - weaker_b[c2]
                    ties_a[u] += group_b - equal_b[c1] - equal_b[c2] + weight_b[u]
                    wins_b[u] += total_a - weaker_a[c1] - weaker_a[c2]
                    ties_b[u] += group_a - equal_a[c1] - equal_a[c2] + weight_a[u]
                total_a += group_a
                total_b += group_b
                for i in range(start, stop):  # the group joins the weaker combos
                    u = members[i]
                    for c in (first[u], second[u]):
                        weaker_a[c] += equal_a[c]
                        weaker_b[c] += equal_b[c]
                        equal_a[c] = 0.0
                        equal_b[c] = 0.0
                start = stop
    return done


class Sweep(NamedTuple):
    """Per slot of runouts (axis 0: one, or one per next card), side (axis 1: range 0, range
    1) and combo (axis 2: the combos of :func:`board_sweep`): the weighted opponent deals won
    and tied, the weighted deals in all, and the unweighted deals (opponent combos times
    runouts); and the runouts of each pair of combos in a slot. A combo not in a side's
    range, or that holds a slot's card, has zeros there."""

    wins: np.ndarray
    ties: np.ndarray
    total: np.ndarray
    deals: np.ndarray
    per_pair: int


def sweep_workers(n_runouts: int, n_combos: int, exact: bool = True) -> int:
    """The workers that share the ``n_runouts`` runouts of a sweep of ``n_combos`` combos:
    several only where every sum is ``exact`` in any order (whole weights, below 2**53), so
    that the sums do not depend on who took which runouts (a combo ranked, sorted and swept
    costs about two showdowns of the board kernels: :func:`~pokersim._core.jit.workers_for`).

    >>> sweep_workers(1, 1_326), sweep_workers(1_000, 1_000, exact=False)
    (1, 1)
    """
    return min(workers_for(2 * n_runouts * n_combos), n_runouts) if exact else 1


def runout_cards(live: np.ndarray, k: int) -> np.ndarray:
    """Every set of ``k`` cards of ``live``, as a (C(len(live), k), k) uint8 array.

    >>> runout_cards(np.arange(4, dtype=np.uint8), 2).shape
    (6, 2)
    """
    out = np.array(list(itertools.combinations(live.tolist(), k)), np.uint8)
    return out.reshape(comb(live.size, k), k)


def board_sweep(combos: np.ndarray, weights: np.ndarray, board: np.ndarray, live: np.ndarray,
                k: int | None = None, by_card: bool = False, ht: tuple | None = None) -> Sweep:
    """Exact win and tie weights of each combo of two ranges against the other on ``board``.

    ``combos`` (U, 2) are the distinct combos of both ranges, none holding a board or dead
    card; ``weights`` (2, U) their weight in each range (0: not in it); ``live`` the cards
    neither on the board nor dead. The runouts are every set of ``k`` live cards (default
    5 - len(board): to the river; 0: the board as it is), counted in one slot; ``by_card``
    counts them in one slot per live card instead, that card coming first (k >= 1): slot i
    holds the runouts whose next card is ``live[i]``. ``ht``: the ranking's tables (card
    keys, card bits, flush, offsets, hash: :func:`~pokersim.evaluator.strengths.kernel_args`
    of a ranking of two hole cards and the board's five), by default Hold'em's.
    """
    t = tables()
    card_keys, card_bits, flush, offsets, table = ht or (t.card_keys, t.card_bits, t.flush,
                                                         t.offsets, t.hash)
    k = 5 - board.size if k is None else k
    a = combos[:, 0].astype(np.int64)
    b = combos[:, 1].astype(np.int64)
    on_board = board.astype(np.int64)
    board_key = np.uint64(KEY_BIAS + card_keys[on_board].sum())
    board_bits = np.bitwise_or.reduce(card_bits[on_board], initial=np.uint64(0))
    if by_card:  # the next card, then the rest of the runout from the other live cards
        rest = runout_cards(np.arange(live.size - 1), k - 1)
        index = np.arange(live.size)[:, None, None]
        runouts = np.concatenate([np.broadcast_to(index, (live.size, len(rest), 1)),
                                  rest[None] + (rest[None] >= index)], axis=2)
        runouts = live[runouts.reshape(-1, k)]
        groups = np.repeat(np.arange(live.size), len(rest))
    else:
        runouts = runout_cards(live, k)
        groups = np.zeros(len(runouts), np.int64)
    n_groups = live.size if by_card else 1
    weights = np.ascontiguousarray(weights, np.float64)
    exact = bool(np.all(weights == np.rint(weights))) and weights.sum() * len(runouts) < 2**53
    n_workers = sweep_workers(len(runouts), len(combos), exact)
    spaces = sweep_spaces(n_workers, n_groups, len(combos))
    claimed = np.zeros(1, np.int64)
    args = (claimed, board_key, np.uint64(board_bits), np.ascontiguousarray(runouts, np.uint8),
            groups, card_keys[a] + card_keys[b], card_bits[a] | card_bits[b], a, b,
            weights[0].copy(), weights[1].copy(), card_keys, card_bits, flush, offsets, table)
    on_workers(lambda w: sweep_kernel(w, n_workers, *args, spaces[w]), n_workers)
    wins, ties = spaces[0].wins, spaces[0].ties
    for space in spaces[1:]:
        wins = wins + space.wins
        ties = ties + space.ties
    # runouts per pair of combos that share no card (nor the slot's card)
    per_pair = comb(live.size - 4 - by_card, k - by_card)
    # the combos each slot leaves live (S, U): all, or those without the slot's card
    alive = (np.ones((1, len(combos)), bool) if not by_card
             else (combos[None, :, :] != live[:, None, None]).all(axis=2))
    total = np.stack([_compatible(combos, weights[1] * alive) * alive,
                      _compatible(combos, weights[0] * alive) * alive], axis=1)
    deals = np.stack([_compatible(combos, (weights[1] > 0) & alive) * alive,
                      _compatible(combos, (weights[0] > 0) & alive) * alive], axis=1)
    return Sweep(wins, ties, total * per_pair,
                 np.rint(deals * per_pair).astype(np.int64), per_pair)


def _compatible(combos: np.ndarray, weight: np.ndarray) -> np.ndarray:
    """For each slot (a row of ``weight``, (S, U)) and combo, the weight of the combos (of the
    slot's weights) that share no card with it: all - those holding its first card - those
    holding its second + itself. Each slot's per-card sums are one ``np.bincount`` of all
    the slots' (a bin per slot and card), added in the order of one slot's own."""
    weight = weight.astype(np.float64)
    n_slots = weight.shape[0]
    bins = np.arange(n_slots)[:, None, None] * 52 + combos.T[None, :, :]  # (S, 2, U)
    per_card = np.bincount(bins.ravel(), np.repeat(weight, 2, axis=0).ravel(),
                           52 * n_slots).reshape(n_slots, 52)
    rows = np.arange(n_slots)[:, None]
    return (weight.sum(axis=1)[:, None] - per_card[rows, combos[:, 0]]
            - per_card[rows, combos[:, 1]] + weight)
