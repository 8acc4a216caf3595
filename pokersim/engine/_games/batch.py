"""The kernels of :func:`pokersim.batch_equity`: many independent spots, a row each, in the
games of two hole cards ranked with the board's five (Hold'em, the short decks).

A row is P players' hole cards, a board of b cards and d dead cards (the same P, b, d in every
row of a call). Each player's hole cards are summed once into a key (from
:data:`~pokersim.evaluator.tables.KEY_BIAS`) and bits, the board's from 0, as the board kernels
of :mod:`pokersim.engine._games.boards` do; a showdown is one addition and one
:func:`~pokersim.evaluator.tables.lookup` a player. A row's counts go to ``counts[p, k]``, the
worker's: the showdowns where player p holds the best hand with k others (k = 0: alone),
int64; the row's columns of the table (or its equities alone) are written from them as soon as
the row is counted (:func:`_columns`), so no count outlives its row.

* :func:`exact_rows`: every runout of the ``n_runout`` missing board cards from the cards the
  row leaves (the deck less its hands, board and dead cards), the board's key summed along
  the runout; heads-up keeps its three counts in registers (two lookups and a compare a
  runout).
* :func:`monte_carlo_rows`: ``trials`` random runouts a row, the row of spot g drawing from
  stream ``block_state(key, g)`` (whatever the chunking or thread count), two trials side by
  side, dealt as :func:`~pokersim.engine._games.boards.board_monte_carlo_kernel` deals its
  boards (:func:`~pokersim.engine._games.boards.deal_unknown`): up to ``BATCH`` cards from
  one 64-bit number, each the i-th card left (:func:`~pokersim._core.jit.nth_bit`, or
  :func:`~pokersim._core.gaps.nth_left` where ``pdep`` is slow).
* :func:`first_bad_row`: the check that :mod:`pokersim.engine.batch` runs first, at the
  public boundary: the first row holding a value that is no card of the deck, or a card
  twice. The counting kernels check nothing (their rows are distinct cards of the deck).

Each is one worker's share of the rows (``worker=True``, run by
:func:`pokersim._core.jit.on_workers`), contiguous rows from
:func:`~pokersim._core.jit.share`, in arrays of its own (:func:`row_spaces`).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..._core.combinatorics import next_combination
from ..._core.gaps import no_taken
from ..._core.jit import jit, popcount, share, trailing_zeros, worker_copies
from ..._core.streams import block_state
from ...evaluator.tables import KEY_BIAS, lookup
from .boards import deal_unknown
from .shared import list_cards, spot_keys, write_row

#: No random player to deal to (:func:`~pokersim.engine._games.boards.deal_unknown` deals the
#: board only), as a run-time int64 (a literal 0 would compile the helper once more).
NO_SEATS = np.int64(0)

_U = np.uint64


class RowSpace(NamedTuple):
    """One worker's own arrays (:func:`row_spaces`)."""

    counts: np.ndarray  # (P, P) int64: a row's counts (see the module docstring)
    sums: np.ndarray  # (5, P) float64: a row's columns, summed (see shared.write_row)
    keys: np.ndarray  # (P,) uint64: each player's hole cards' key ...
    bits: np.ndarray  # (P,) uint64: ... and bits
    live: np.ndarray  # (64,) uint8: the cards left for the board, ascending
    idx: np.ndarray  # (8,) int64: positions in ``live`` of a runout's first cards
    seats: np.ndarray  # (2, 0) uint64: no random player's cards (see deal_unknown)


def row_spaces(n_workers: int, n_players: int) -> list[RowSpace]:
    """A :class:`RowSpace` per worker."""
    return worker_copies(n_workers, RowSpace,
                         counts=np.zeros((n_players, n_players), np.int64),
                         sums=np.zeros((5, n_players)),
                         keys=np.zeros(n_players, np.uint64),
                         bits=np.zeros(n_players, np.uint64), live=np.zeros(64, np.uint8),
                         idx=np.zeros(8, np.int64), seats=np.zeros((2, 0), np.uint64))


@jit(inline=True)
def _tally(key, bits, keys, hole_bits, n_players, flush, offsets, table, counts):
    """One showdown of every player on a board of ``key`` and ``bits``, into ``counts``."""
    best = np.int64(-1)
    holders = _U(0)
    for p in range(n_players):
        s = np.int64(lookup(key + keys[p], bits | hole_bits[p], flush, offsets, table))
        if s > best:
            best = s
            holders = _U(1) << _U(p)
        elif s == best:
            holders |= _U(1) << _U(p)
    others = np.int64(popcount(holders)) - 1
    while holders:
        counts[trailing_zeros(holders), others] += 1
        holders &= holders - _U(1)


@jit(inline=True)
def _zero(counts):
    """Zero a worker's ``counts`` (a row's, reused)."""
    for p in range(counts.shape[0]):
        for k in range(counts.shape[1]):
            counts[p, k] = 0


@jit(inline=True)
def _heads_up(key, bits, k0, b0, k1, b1, flush, offsets, table):
    """(player 0 wins, player 1 wins) on a board of ``key`` and ``bits``: two lookups."""
    a = lookup(key + k0, bits | b0, flush, offsets, table)
    b = lookup(key + k1, bits | b1, flush, offsets, table)
    return np.int64(a > b), np.int64(b > a)


@jit(inline=True)
def _river_heads_up(hands, boards, first, last, card_keys, card_bits, flush, offsets, table,
                    total, shares, counts, sums, out, at):
    """Rows ``first .. last - 1`` of heads-up spots on the river (:func:`exact_rows`'s
    commonest rows; dead cards change nothing there): each card read at a constant place,
    two lookups a row (:func:`_heads_up`). A million such rows took 11.4 ms in the general
    loop, 7.4 ms here."""
    for r in range(first, last):
        key = _U(0)
        bits = _U(0)
        for j in range(5):
            key += card_keys[boards[r, j]]
            bits |= card_bits[boards[r, j]]
        a, b, x, y = hands[r, 0, 0], hands[r, 0, 1], hands[r, 1, 0], hands[r, 1, 1]
        wins0, wins1 = _heads_up(key, bits, KEY_BIAS + card_keys[a] + card_keys[b],
                                 card_bits[a] | card_bits[b],
                                 KEY_BIAS + card_keys[x] + card_keys[y],
                                 card_bits[x] | card_bits[y], flush, offsets, table)
        _heads_up_columns(wins0, wins1, total, 0, shares, counts, sums, out, at + r)


@jit(worker=True)
def exact_rows(w, n_workers, hands, boards, dead, deck, n_runout, ht, total, shares, out, at,
               space):
    """Worker w's share of the rows of ``hands`` (N, P, 2), ``boards`` (N, b) and ``dead``
    (N, d): every runout of ``n_runout`` cards from the cards of ``deck`` (a mask) the row
    leaves (``total`` of them a row), counted, row r's columns written into row ``at + r`` of
    ``out`` (:func:`_columns`; the whole table's array, so that it is C-contiguous whatever
    the chunk: one compiled kernel). Returns the rows done."""
    card_keys, card_bits, flush, offsets, table = ht
    counts, sums, keys, hole_bits, live, idx, _ = space
    n_players = hands.shape[1]
    first, last = share(w, n_workers, hands.shape[0])
    heads_up = n_players == 2
    if heads_up and n_runout == 0 and boards.shape[1] == 5:
        _river_heads_up(hands, boards, first, last, card_keys, card_bits, flush, offsets,
                        table, total, shares, counts, sums, out, at)
        return last - first
    for r in range(first, last):
        key, bits, used = spot_keys(hands, boards, dead, r, card_keys, card_bits, keys,
                                    hole_bits)
        if not heads_up:
            _zero(counts)
        if n_runout == 0:
            if heads_up:
                x, y = _heads_up(key, bits, keys[0], hole_bits[0], keys[1], hole_bits[1],
                                 flush, offsets, table)
                _heads_up_columns(x, y, total, 0, shares, counts, sums, out, at + r)
            else:
                _tally(key, bits, keys, hole_bits, n_players, flush, offsets, table, counts)
                _columns(counts, total, 0, shares, sums, out, at + r)
            continue
        n_live = list_cards(deck & ~used, live)
        k0, b0, k1, b1 = keys[0], hole_bits[0], keys[1], hole_bits[1]
        wins0 = wins1 = 0
        if n_runout <= 2:
            # the first card to come in a loop, the second (on the flop) in a loop inside it
            for i in range(n_live):
                ki = key + card_keys[live[i]]
                bi = bits | card_bits[live[i]]
                if n_runout == 1:
                    if heads_up:
                        x, y = _heads_up(ki, bi, k0, b0, k1, b1, flush, offsets, table)
                        wins0 += x
                        wins1 += y
                    else:
                        _tally(ki, bi, keys, hole_bits, n_players, flush, offsets, table,
                               counts)
                    continue
                for j in range(i + 1, n_live):
                    kj = ki + card_keys[live[j]]
                    bj = bi | card_bits[live[j]]
                    if heads_up:
                        x, y = _heads_up(kj, bj, k0, b0, k1, b1, flush, offsets, table)
                        wins0 += x
                        wins1 += y
                    else:
                        _tally(kj, bj, keys, hole_bits, n_players, flush, offsets, table,
                               counts)
        else:
            # three to five cards to come: every choice of all but the last card (from the
            # cards but the highest), summed, then the last card in a loop
            k = n_runout - 1
            for j in range(k):
                idx[j] = j
            more = True
            while more:
                kp = key
                bp = bits
                for j in range(k):
                    kp += card_keys[live[idx[j]]]
                    bp |= card_bits[live[idx[j]]]
                for i in range(idx[k - 1] + 1, n_live):
                    kj = kp + card_keys[live[i]]
                    bj = bp | card_bits[live[i]]
                    if heads_up:
                        x, y = _heads_up(kj, bj, k0, b0, k1, b1, flush, offsets, table)
                        wins0 += x
                        wins1 += y
                    else:
                        _tally(kj, bj, keys, hole_bits, n_players, flush, offsets, table,
                               counts)
                more = next_combination(idx, k, n_live - 1)
        if heads_up:
            _heads_up_columns(wins0, wins1, total, 0, shares, counts, sums, out, at + r)
        else:
            _columns(counts, total, 0, shares, sums, out, at + r)
    return last - first


@jit(worker=True)
def monte_carlo_rows(w, n_workers, key, streams, hands, boards, dead, deck, n_runout, trials,
                     plan, ht, shares, out, at, space):
    """Worker w's share of the rows (as :func:`exact_rows` takes them): ``trials`` runouts
    each of ``n_runout`` cards dealt at random from the cards the row leaves, row r drawing
    from stream ``block_state(key, streams[r])`` (``plan`` from
    :func:`pokersim.dealing.deal_plan` for the cards left and ``n_runout``), the row's
    columns written into row ``at + r`` of ``out``. Returns the rows done."""
    card_keys, card_bits, flush, offsets, table = ht
    counts, sums, keys, hole_bits, cards, _, no_seats = space
    total = np.float64(trials)
    n_players = hands.shape[1]
    first, last = share(w, n_workers, hands.shape[0])
    heads_up = n_players == 2
    for r in range(first, last):
        key0, bits0, used = spot_keys(hands, boards, dead, r, card_keys, card_bits, keys,
                                      hole_bits)
        if not heads_up:
            _zero(counts)
        avail = deck & ~used
        list_cards(avail, cards)
        k0, b0, k1, b1 = keys[0], hole_bits[0], keys[1], hole_bits[1]
        state = block_state(key, streams[r])
        wins0 = wins1 = 0
        for trial in range(0, trials, 2):
            # two trials side by side: two chains of draws for the CPU to overlap
            state, ka, ba, kb, bb = deal_unknown(state, avail, avail, cards, no_taken(),
                                                 no_taken(), NO_SEATS, n_runout, plan, key0,
                                                 bits0, card_keys, card_bits, no_seats,
                                                 no_seats)
            second = trial + 1 < trials  # an odd count deals one more and drops it
            if heads_up:
                x, y = _heads_up(ka, ba, k0, b0, k1, b1, flush, offsets, table)
                wins0 += x
                wins1 += y
                if second:
                    x, y = _heads_up(kb, bb, k0, b0, k1, b1, flush, offsets, table)
                    wins0 += x
                    wins1 += y
            else:
                _tally(ka, ba, keys, hole_bits, n_players, flush, offsets, table, counts)
                if second:
                    _tally(kb, bb, keys, hole_bits, n_players, flush, offsets, table, counts)
        if heads_up:
            _heads_up_columns(wins0, wins1, total, trials, shares, counts, sums, out, at + r)
        else:
            _columns(counts, total, trials, shares, sums, out, at + r)
    return last - first


@jit(inline=True)
def _columns(counts, total, trials, shares, sums, out, r):
    """Row r of the table's columns (:func:`~pokersim.engine._games.shared.write_row`) from
    its ``counts`` (P, P), of ``total`` showdowns (``shares[k]`` = 1 / (k + 1), the pot share
    of a player holding the best hand with k others), summed into ``sums`` (5, P)."""
    n_players = counts.shape[0]
    for p in range(n_players):
        equity = 0.0
        square = 0.0
        tied = 0
        for k in range(n_players):
            c = counts[p, k]
            equity += c * shares[k]
            square += c * shares[k] * shares[k]
            if k:
                tied += c
        alone = counts[p, 0]
        sums[0, p] = alone
        sums[1, p] = tied
        sums[2, p] = total - alone - tied
        sums[3, p] = equity
        sums[4, p] = square
    write_row(out, r, sums, n_players, total, trials)


@jit(inline=True)
def _heads_up_columns(wins0, wins1, total, trials, shares, counts, sums, out, r):
    """Row r's columns (:func:`_columns`) of a heads-up row: player 0 won ``wins0`` of
    ``total`` showdowns, player 1 ``wins1``, the rest tied; its equities written at once when
    they are all ``out`` holds."""
    if out.shape[0] == 1:
        scale = 1.0 / total
        tied = 0.5 * (total - wins0 - wins1)
        out[0, r, 0] = (wins0 + tied) * scale
        out[0, r, 1] = (wins1 + tied) * scale
        return
    counts[0, 0] = wins0
    counts[1, 0] = wins1
    counts[0, 1] = counts[1, 1] = np.int64(total) - wins0 - wins1
    _columns(counts, total, trials, shares, sums, out, r)


@jit(inline=True, constants=True)
def _first_bad(first, last, hands, h, boards, b, dead, d, bits):
    """The first of rows ``first .. last - 1`` whose ``h`` hole, ``b`` board and ``d`` dead
    cards hold fewer distinct cards of the deck than that (see :func:`first_bad_row`); -1 if
    none. Given as constants, the widths unroll the loops (heads-up river rows: 1.35 ms a
    million on two threads, against 2.8 ms with the widths read at run time)."""
    for r in range(first, last):
        seen = _U(0)
        for j in range(h):
            seen |= bits[hands[r, j]]
        for j in range(b):
            seen |= bits[boards[r, j]]
        for j in range(d):
            seen |= bits[dead[r, j]]
        if popcount(seen) != h + b + d:
            return r
    return -1


@jit(worker=True)
def first_bad_row(w, n_workers, hands, boards, dead, bits):
    """The first row of worker w's share of the rows of ``hands`` (N, 2P), ``boards`` (N, b)
    and ``dead`` (N, d), uint8, that holds a value that is no card of the deck or a card
    twice: fewer distinct cards in its card mask than it holds, ``bits`` (256,) giving each
    card of the deck its bit and every other value none; -1 if none."""
    first, last = share(w, n_workers, hands.shape[0])
    if hands.shape[1] == 4 and boards.shape[1] == 5 and dead.shape[1] == 0:
        return _first_bad(first, last, hands, 4, boards, 5, dead, 0, bits)  # heads-up river
    return _first_bad(first, last, hands, hands.shape[1], boards, boards.shape[1], dead,
                      dead.shape[1], bits)
