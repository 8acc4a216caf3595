"""The kernels of :func:`pokersim.batch_equity` in the two-plus-three games (Omaha 4, 5 and 6,
hi and hi/lo, Courchevel): many independent spots, a row each, every player's hand exactly
two of its h hole cards and three of the five board cards.

A row is P players' h hole cards (``hands`` (N, P h): a player's cards side by side), a
board of b cards and d dead cards (the same P, h, b, d in every row of a call; h and P, and
whether the game has a low half, are run-time values: one compiled kernel serves every
two-plus-three game and player count). Each row first reads each player's hole cards once
(:func:`_hole_cards`): the slots of its pairs' ranks, its suit counters and its mask of low
ranks, as :func:`~pokersim.engine._games.monte_carlo.omaha_trial` keeps those of a fixed
hand. A showdown (:func:`_winners`) then describes the board from its summed keys and ORed
bits (:func:`~pokersim.rankings.omaha.board_of_sums`, the sums grown card by card along the
runout), looks up each player's best non-flush hand from its slots, or where its suit
counters and the board's say a flush can be made ranks its hole cards with
:func:`~pokersim.rankings.omaha.any_hole_high`, and its low from the low table; the best
hands and their holders are kept as the players go
(:func:`~pokersim.engine._games.shared.with_hand`), which gives the showdown's winner mask.

Each showdown's winner mask is counted in the worker's ``masks`` (zeroed for each row), or
where P is too large for those (:func:`~pokersim.engine._games.shared.mask_width`) each
player's outcome code in ``codes``, by :func:`~pokersim.engine._games.shared.tally_winners`,
as the engine's kernels count them; at the row's end the counts times ``weights`` (the
columns win, tie, lose, equity and squared pot share of each winner mask or outcome code and
player, from :func:`pokersim.engine.outcomes.split_pot_weights`: :func:`pokersim.engine.
batch_games.outcome_weights`) are the row's columns in ``out``, so they mean what
:func:`pokersim.equity` gives. A row of one showdown (the river) reads no slots (each hand
ranked by :func:`~pokersim.rankings.omaha.any_hole_high`: reading them first took the river
2.6x as long, 200,000 rows on one worker) and takes its columns straight from its winner
mask; over a runout's 40 showdowns and more, the slots save 10-25%.

* :func:`exact_rows`: every runout of the ``n_runout`` missing board cards from the cards the
  row leaves (the deck less its hands, board and dead cards), walked as
  :func:`~pokersim.engine._games.batch.exact_rows` walks them: every choice of all but the
  last card, then the last card in a loop.
* :func:`monte_carlo_rows`: ``trials`` random runouts a row, the row of spot g drawing from
  stream ``block_state(key, g)`` (whatever the chunking or thread count), two trials side
  by side, dealt by :func:`~pokersim.engine._games.boards.deal_unknown` (Omaha's board keys
  and card bits in place of a ranking's), as
  :func:`~pokersim.engine._games.batch.monte_carlo_rows` deals Hold'em's.

Each is one worker's share of the rows (``worker=True``, run by
:func:`pokersim._core.jit.on_workers`), contiguous rows from
:func:`~pokersim._core.jit.share`, in arrays of its own (:func:`omaha_spaces`); the rows
are checked before (:mod:`pokersim.engine.spots`).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..._core.combinatorics import next_combination
from ..._core.gaps import no_taken
from ..._core.jit import jit, share, worker_copies
from ..._core.streams import block_state
from ...rankings.omaha import (
    BOARD_BIAS,
    HOLE_BIAS,
    any_hole_high,
    board_of_sums,
    low_mask,
    low_of_bits,
)
from .batch import NO_SEATS
from .boards import deal_unknown
from .shared import ONE, list_cards, tally_winners, with_hand, write_row

_U = np.uint64
#: The most pairs of hole cards (six cards: 15).
MAX_PAIRS = 15


class OmahaSpace(NamedTuple):
    """One worker's own arrays (:func:`omaha_spaces`)."""

    masks: np.ndarray  # (mask_width,) int64: a row's winner-mask counts ...
    codes: np.ndarray  # (P (P + 1) (P + 2) or 0,) int64: ... or outcome-code counts
    sums: np.ndarray  # (5, P) float64: a row's columns, summed over its showdowns
    slots: np.ndarray  # (P, MAX_PAIRS) uint64: each player's pairs' slots (pair_slot)
    counters: np.ndarray  # (P,) uint64: each player's suit counters (from HOLE_BIAS)
    hole_low: np.ndarray  # (P,) uint64: each player's mask of low ranks
    live: np.ndarray  # (64,) uint8: the cards left for the board, ascending
    idx: np.ndarray  # (8,) int64: positions in ``live`` of a runout's first cards
    seats: np.ndarray  # (2, 0) uint64: no random player's cards (see deal_unknown)


def omaha_spaces(n_workers: int, n_players: int, masks: int, codes: int) -> list[OmahaSpace]:
    """An :class:`OmahaSpace` per worker, with ``masks`` and ``codes`` entries of counts (one
    of the two 0; see :func:`~pokersim.engine._games.shared.mask_width`)."""
    return worker_copies(
        n_workers, OmahaSpace, masks=np.zeros(masks, np.int64), codes=np.zeros(codes, np.int64),
        sums=np.zeros((5, n_players)), slots=np.zeros((n_players, MAX_PAIRS), np.uint64),
        counters=np.zeros(n_players, np.uint64), hole_low=np.zeros(n_players, np.uint64),
        live=np.zeros(64, np.uint8), idx=np.zeros(8, np.int64),
        seats=np.zeros((2, 0), np.uint64))


@jit(inline=True)
def _hole_cards(hands, r, h, n_players, board_keys, card_bits, pair_slot, slots, counters,
                hole_low):
    """Row r's players, h hole cards each: their pairs' slots, suit counters and masks of
    low ranks into ``slots``, ``counters`` and ``hole_low``; returns the mask of their
    cards."""
    used = _U(0)
    for p in range(n_players):
        first = p * h
        counter = HOLE_BIAS
        bits = _U(0)
        j = 0
        for a in range(first, first + h):
            c = hands[r, a]
            counter += board_keys[c]
            bits |= card_bits[c]
            used |= _U(1) << _U(c)
            for b in range(a + 1, first + h):
                slots[p, j] = pair_slot[(_U(c) << _U(6)) | _U(hands[r, b])]
                j += 1
        counters[p] = counter
        hole_low[p] = low_of_bits(bits)
    return used


@jit(inline=True)
def _board_cards(cards, r, board_keys, card_bits, key, bits, used):
    """``key``, ``bits`` and ``used`` with the cards of row r of ``cards`` added."""
    for j in range(cards.shape[1]):
        c = cards[r, j]
        key += board_keys[c]
        bits |= card_bits[c]
        used |= _U(1) << _U(c)
    return key, bits, used


@jit(inline=True)
def _winners(key, bits, hands, r, h, n_players, has_low, fresh, slots, counters, hole_low,
             board_keys, card_bits, offsets, board_hash, pair_slot, nonflush, flush_row,
             flush, low_table):
    """The winner mask (see :mod:`pokersim.engine._games`) of row r's showdown on the board
    of summed ``key`` and ORed ``bits`` (see the module docstring); ``fresh``: the players'
    slots and counters are not read (a row of one showdown), each hand is ranked by
    :func:`~pokersim.rankings.omaha.any_hole_high`."""
    row, flag, suited = board_of_sums(key, bits, offsets, board_hash)
    board_low = low_of_bits(bits) << _U(8)
    n_pairs = h * (h - 1) // 2
    best_hi = best_lo = np.int16(-1)
    win_hi = win_lo = np.int64(0)
    for p in range(n_players):
        if fresh or counters[p] & flag:  # a flush can be made: every pair of the hole's
            high = any_hole_high(hands, r, p * h, h, row, flag, suited, board_keys, card_bits,
                                 pair_slot, nonflush, flush_row, flush)
        else:
            high = np.int16(0)
            for j in range(n_pairs):
                high = max(high, nonflush[row + slots[p, j]])
        bit = np.int64(1) << p
        best_hi, win_hi = with_hand(best_hi, win_hi, np.int16(high), bit)
        if has_low:
            best_lo, win_lo = with_hand(best_lo, win_lo,
                                        np.int16(low_table[board_low | hole_low[p]]), bit)
    return win_hi | ((win_lo * (best_lo > 0)) << n_players)


@jit(inline=True)
def _clear(masks, codes):
    """Zero a row's counts."""
    for i in range(masks.shape[0]):
        masks[i] = 0
    for i in range(codes.shape[0]):
        codes[i] = 0


@jit(inline=True)
def _row_start(hands, boards, dead, r, h, n_players, board_keys, card_bits, pair_slot, slots,
               counters, hole_low, masks, codes):
    """Row r begun: its players read (:func:`_hole_cards`), its counts cleared; returns (the
    board's key and bits, the mask of the row's cards: hands, board and dead)."""
    used = _hole_cards(hands, r, h, n_players, board_keys, card_bits, pair_slot, slots,
                       counters, hole_low)
    key, bits, used = _board_cards(boards, r, board_keys, card_bits, BOARD_BIAS, _U(0), used)
    _, _, used = _board_cards(dead, r, board_keys, card_bits, key, bits, used)
    _clear(masks, codes)
    return key, bits, used


@jit(inline=True)
def _row_end(masks, codes, weights, sums, n_players, total, trials, out, at):
    """Row ``at`` of ``out`` from the row's counts (see the module docstring)."""
    for j in range(5):
        for p in range(n_players):
            sums[j, p] = 0.0
    for m in range(masks.shape[0]):
        c = masks[m]
        if c:
            for p in range(n_players):
                for j in range(5):
                    sums[j, p] += c * weights[m, p, j]
    width = codes.shape[0] // max(n_players, 1)
    for p in range(n_players if codes.shape[0] else 0):
        for k in range(width):
            c = codes[p * width + k]
            if c:
                for j in range(5):
                    sums[j, p] += c * weights[k, p, j]
    write_row(out, at, sums, n_players, total, trials)


@jit(worker=True)
def exact_rows(w, n_workers, hands, h, boards, dead, deck, n_runout, has_low, ot, weights,
               out, at, space):
    """Worker w's share of the rows of ``hands`` (N, P h), ``boards`` (N, b) and ``dead``
    (N, d): every runout of ``n_runout`` cards from the cards of ``deck`` (a mask) the row
    leaves, counted and written into rows ``at ..`` of ``out`` (1 or 5, M, P; see
    :func:`~pokersim.engine._games.shared.write_row`). ``ot``: Omaha's tables (board keys,
    card bits, offsets, board hash, pair slots, nonflush, flush rows, flush, low bits, low);
    ``weights`` (winner masks or outcome codes, P, 5). Returns the rows done."""
    board_keys, card_bits, offsets, board_hash, pair_slot, nonflush, flush_row, flush, \
        low_bits, low_table = ot
    masks, codes, sums, slots, counters, hole_low, live, idx, _ = space
    n_players = hands.shape[1] // h
    first, last = share(w, n_workers, hands.shape[0])
    one_mask = masks.shape[0] > 0 and n_runout == 0
    for r in range(first, last):
        if one_mask:  # the river: the columns of its one winner mask
            key, bits, _ = _board_cards(boards, r, board_keys, card_bits, BOARD_BIAS, _U(0),
                                        _U(0))
            if has_low:
                for p in range(n_players):
                    hole_low[p] = low_mask(hands, r, p * h, h, low_bits)
            m = _winners(key, bits, hands, r, h, n_players, has_low, True, slots, counters,
                         hole_low, board_keys, card_bits, offsets, board_hash, pair_slot,
                         nonflush, flush_row, flush, low_table)
            for p in range(n_players):
                if out.shape[0] == 1:
                    out[0, at + r, p] = weights[m, p, 3]
                else:
                    for j in range(4):
                        out[j, at + r, p] = weights[m, p, j]
                    out[4, at + r, p] = 0.0
            continue
        key, bits, used = _row_start(hands, boards, dead, r, h, n_players, board_keys,
                                     card_bits, pair_slot, slots, counters, hole_low, masks,
                                     codes)
        total = 0
        if n_runout == 0:
            tally_winners(_winners(key, bits, hands, r, h, n_players, has_low, False, slots,
                                   counters, hole_low, board_keys, card_bits, offsets,
                                   board_hash, pair_slot, nonflush, flush_row, flush,
                                   low_table), n_players, masks, codes, ONE)
            total = 1
        else:
            # every choice of all but the last card (from the cards but the highest),
            # summed, then the last card in a loop
            n_live = list_cards(deck & ~used, live)
            k = n_runout - 1
            for j in range(k):
                idx[j] = j
            more = True
            while more:
                kp = key
                bp = bits
                for j in range(k):
                    kp += board_keys[live[idx[j]]]
                    bp |= card_bits[live[idx[j]]]
                for i in range(idx[k - 1] + 1 if k else 0, n_live):
                    m = _winners(kp + board_keys[live[i]], bp | card_bits[live[i]], hands, r,
                                 h, n_players, has_low, False, slots, counters, hole_low,
                                 board_keys, card_bits, offsets, board_hash, pair_slot,
                                 nonflush, flush_row, flush, low_table)
                    tally_winners(m, n_players, masks, codes, ONE)
                    total += 1
                more = next_combination(idx, k, n_live - 1)
        _row_end(masks, codes, weights, sums, n_players, float(total), 0, out, at + r)
    return last - first


@jit(worker=True)
def monte_carlo_rows(w, n_workers, key, streams, hands, h, boards, dead, deck, n_runout,
                     trials, plan, has_low, ot, weights, out, at, space):
    """Worker w's share of the rows (as :func:`exact_rows` takes them): ``trials`` runouts
    each of ``n_runout`` cards dealt at random from the cards the row leaves, row r drawing
    from stream ``block_state(key, streams[r])`` (``plan`` from
    :func:`pokersim.dealing.deal_plan` for the cards left and ``n_runout``). Returns the rows
    done."""
    board_keys, card_bits, offsets, board_hash, pair_slot, nonflush, flush_row, flush, _, \
        low_table = ot
    masks, codes, sums, slots, counters, hole_low, cards, _, no_seats = space
    n_players = hands.shape[1] // h
    first, last = share(w, n_workers, hands.shape[0])
    for r in range(first, last):
        key0, bits0, used = _row_start(hands, boards, dead, r, h, n_players, board_keys,
                                       card_bits, pair_slot, slots, counters, hole_low, masks,
                                       codes)
        avail = deck & ~used
        list_cards(avail, cards)
        state = block_state(key, streams[r])
        for trial in range(0, trials, 2):
            # two trials side by side: two chains of draws for the CPU to overlap
            state, ka, ba, kb, bb = deal_unknown(state, avail, avail, cards, no_taken(),
                                                 no_taken(), NO_SEATS, n_runout, plan, key0,
                                                 bits0, board_keys, card_bits, no_seats,
                                                 no_seats)
            m = _winners(ka, ba, hands, r, h, n_players, has_low, False, slots, counters,
                         hole_low, board_keys, card_bits, offsets, board_hash, pair_slot,
                         nonflush, flush_row, flush, low_table)
            tally_winners(m, n_players, masks, codes, ONE)
            if trial + 1 < trials:  # an odd count deals one more and drops it
                m = _winners(kb, bb, hands, r, h, n_players, has_low, False, slots,
                             counters, hole_low, board_keys, card_bits, offsets, board_hash,
                             pair_slot, nonflush, flush_row, flush, low_table)
                tally_winners(m, n_players, masks, codes, ONE)
        _row_end(masks, codes, weights, sums, n_players, float(trials), trials, out, at + r)
    return last - first
