"""The exact kernels of the games of two hole cards ranked with the board's five (Hold'em,
the short decks: :func:`pokersim.engine.games.board_game`), every player's hand known in each
joint choice (a partial hand or "random" listed as its completions): each choice times every
runout of the board (:func:`runout_kernel`, keys summed along the runout), or with the whole
board to come, most boards decided by their ranks alone, each rank multiset evaluated once
(:func:`preflop_kernel`)."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..._core.combinatorics import BINOM, next_combination
from ..._core.jit import jit, popcount, trailing_zeros, worker_copies
from ...evaluator.tables import RANK_MASK, lookup
from .shared import _U, tally_categories, tally_winners, with_hand

#: Tasks per joint choice: the boards that no flush can touch, grouped by ranks, then the
#: boards where a flush in suit 0, 1, 2 or 3 is possible.
PREFLOP_PARTS = 5
#: Every fourth bit: a card mask's cards of suit 0 (shifted right by s: of suit s).
_SUIT_BITS = _U(0x1111111111111)


class BoardSpace(NamedTuple):
    """One worker's own arrays (:func:`board_spaces`)."""

    masks: np.ndarray  # (mask_width,) float64: winner-mask counts (see tally)
    codes: np.ndarray  # (P (P + 1) (P + 2) or 0,) float64: outcome-code counts
    cats: np.ndarray  # (P or 0, categories) float64: the categories of the hands
    keys: np.ndarray  # (P,) uint64: each player's hole cards' key ...
    bits: np.ndarray  # (P,) uint64: ... and bits
    s_hi: np.ndarray  # (P,) int16: each player's strength on a board
    live: np.ndarray  # (64,) uint8: the cards left for the board, ascending
    ints: np.ndarray  # (128,) int64: scratch
    board: np.ndarray  # (6, 2) uint64: the key and bits of the board's first 0 .. 5 cards


def board_spaces(n_workers: int, n_players: int, masks: int, codes: int,
                 cats: tuple[int, int]):
    """A :class:`BoardSpace` per worker, with ``masks`` and ``codes`` zeroed counts (one of
    the two sizes 0; see :func:`~pokersim.engine._games.shared.mask_width`) and zeroed
    category counts of shape ``cats`` (no rows: not counted)."""
    return worker_copies(
        n_workers, BoardSpace, masks=np.zeros(masks), codes=np.zeros(codes),
        cats=np.zeros(cats), keys=np.zeros(n_players, np.uint64),
        bits=np.zeros(n_players, np.uint64), s_hi=np.zeros(n_players, np.int16),
        live=np.zeros(64, np.uint8),
        ints=np.zeros(128, np.int64), board=np.zeros((6, 2), np.uint64))


@jit(inline=True)
def _showdown(key, bits, keys, hole_bits, n_players, flush, offsets, table, category_of,
              s_hi, masks, codes, cats, weight):
    """Rank each player's hand with the board's ``key`` and ``bits``, keeping the best and
    its holders as the players go (:func:`~pokersim.engine._games.shared.with_hand`, in
    registers); tally the pot and, where ``cats`` has rows, the hands' categories."""
    if n_players == 2:  # heads-up, the common case: two lookups side by side
        a = np.int16(lookup(key + keys[0], bits | hole_bits[0], flush, offsets, table))
        b = np.int16(lookup(key + keys[1], bits | hole_bits[1], flush, offsets, table))
        s_hi[0] = a
        s_hi[1] = b
        holders = np.int64(a >= b) | (np.int64(b >= a) << 1)
    else:
        best = np.int16(-1)
        holders = np.int64(0)
        for p in range(n_players):
            s = np.int16(lookup(key + keys[p], bits | hole_bits[p], flush, offsets, table))
            best, holders = with_hand(best, holders, s, np.int64(1) << p)
            s_hi[p] = s
    tally_winners(holders, n_players, masks, codes, weight)
    tally_categories(s_hi, n_players, category_of, cats, weight)


@jit(inline=True)
def _list_choice(t, live_mask, r_masks, r_keys, choices, keys, hole_bits, live):
    """Joint choice t's players' keys and bits into ``keys`` and ``hole_bits``, and the cards
    of ``live_mask`` it leaves into ``live``, ascending; returns how many."""
    left = live_mask
    for p in range(choices.shape[1]):
        j = choices[t, p]
        left &= ~r_masks[p, j]
        keys[p] = r_keys[p, j, 0]
        hole_bits[p] = r_keys[p, j, 1]
    n_live = 0
    while left:
        live[n_live] = trailing_zeros(left)
        left &= left - _U(1)
        n_live += 1
    return n_live


@jit(inline=True)
def _rank_boards(n_players, live, n_live, threshold, weight, keys, hole_bits, card_keys,
                 flush, offsets, table, category_of, s_hi, masks, codes, cats, scratch):
    """Every 5-card board with no flush possible for any player, grouped by its ranks: one
    showdown per rank multiset, weighted by the number of boards that have those ranks and
    fewer than ``threshold[s]`` cards of every suit s (counted, not enumerated). Uses
    ``scratch[:102]``."""
    avail = scratch[0:13]
    present = scratch[16:68].reshape(13, 4)
    ranks = scratch[72:77]
    distinct = scratch[80:85]
    mult = scratch[88:93]
    poly = scratch[96:102]
    for i in range(68):  # avail and present
        scratch[i] = 0
    for i in range(n_live):
        c = live[i]
        avail[c >> 2] += 1
        present[c >> 2, c & 3] = 1
    for r0 in range(13):
        ranks[0] = r0
        for r1 in range(r0, 13):
            ranks[1] = r1
            for r2 in range(r1, 13):
                ranks[2] = r2
                for r3 in range(r2, 13):
                    ranks[3] = r3
                    for r4 in range(r3, 13):
                        ranks[4] = r4
                        n_distinct = 0
                        for i in range(5):
                            if i > 0 and ranks[i] == ranks[i - 1]:
                                mult[n_distinct - 1] += 1
                            else:
                                distinct[n_distinct] = ranks[i]
                                mult[n_distinct] = 1
                                n_distinct += 1
                        total = 1
                        for j in range(n_distinct):
                            total *= BINOM[avail[distinct[j]], mult[j]]
                        if total == 0:
                            continue
                        # boards with these ranks and >= threshold[s] cards of suit s: the
                        # coefficients of prod_r (ways without r's s-card + ways with it * x)
                        flushy = 0
                        for s in range(4):
                            for k in range(1, 6):
                                poly[k] = 0
                            poly[0] = 1
                            for j in range(n_distinct):
                                r = distinct[j]
                                m = mult[j]
                                e = present[r, s]
                                without = BINOM[avail[r] - e, m]
                                with_s = BINOM[avail[r] - 1, m - 1] if e else 0
                                for k in range(5, 0, -1):
                                    poly[k] = poly[k] * without + poly[k - 1] * with_s
                                poly[0] *= without
                            for k in range(threshold[s], 6):
                                flushy += poly[k]
                        if total > flushy:
                            key = _U(0)
                            for i in range(5):
                                key += card_keys[4 * ranks[i]] & RANK_MASK
                            _showdown(key, _U(0), keys, hole_bits, n_players, flush, offsets,
                                      table, category_of, s_hi, masks, codes, cats,
                                      weight * (total - flushy))


@jit(inline=True)
def _flush_boards(n_players, live, n_live, s, threshold, weight, keys, hole_bits, card_keys,
                  card_bits, flush, offsets, table, category_of, s_hi, masks, codes, cats,
                  scratch):
    """Every 5-card board with at least ``threshold`` cards of suit ``s`` (a flush in s is
    possible for some player), one by one. Uses ``scratch[:85]``."""
    suited = scratch[0:13]
    other = scratch[16:68]
    outer = scratch[72:77]
    inner = scratch[80:85]
    n_suited = np.int64(0)
    n_other = np.int64(0)
    for i in range(n_live):
        c = live[i]
        if (c & 3) == s:
            suited[n_suited] = c
            n_suited += 1
        else:
            other[n_other] = c
            n_other += 1
    for k in range(threshold, min(np.int64(5), n_suited) + 1):
        for i in range(k):
            outer[i] = i
        while True:
            key_k = _U(0)
            bits_k = _U(0)
            for i in range(k):
                key_k += card_keys[suited[outer[i]]]
                bits_k |= card_bits[suited[outer[i]]]
            rest = 5 - k
            for i in range(rest):
                inner[i] = i
            while rest <= n_other:
                key = key_k
                bits = bits_k
                for i in range(rest):
                    key += card_keys[other[inner[i]]]
                    bits |= card_bits[other[inner[i]]]
                _showdown(key, bits, keys, hole_bits, n_players, flush, offsets, table,
                          category_of, s_hi, masks, codes, cats, weight)
                if not next_combination(inner, rest, n_other):
                    break
            if not next_combination(outer, k, n_suited):
                break


@jit(worker=True)
def preflop_kernel(w, n_workers, first, last, live_mask, ranged, category_of, ht, space):
    """Worker w's share of joint choices ``first .. last - 1`` of ``ranged`` (every player's
    two cards, :class:`~pokersim.engine._games.shared.Ranged`) times every 5-card board of
    the cards of ``live_mask`` they leave, weighted, into ``space.masks`` or ``space.codes``
    (see :func:`~pokersim.engine._games.shared.tally`), and each hand's category
    (``category_of`` its strength) into ``space.cats`` where it has rows, in far fewer
    showdowns than boards.

    A player can make a flush in suit s only if the board holds at least 5 - h of its
    cards, h the most cards of s a player holds: ``threshold[s]`` (3 or more, so at most one
    suit a board reaches it). Boards that reach it in suit s are enumerated one by one (part
    s + 1 of the choice's tasks); every other board is decided by its ranks alone, so each
    rank multiset is ranked once, weighted by how many such boards share it (part 0).
    Heads-up that is ~200,000 showdowns instead of 1,712,304. Worker w takes tasks
    w, w + W, ... of the span's :data:`PREFLOP_PARTS` a choice. Returns the tasks it did."""
    card_keys, card_bits, flush, offsets, table = ht
    r_masks, r_keys, choices, choice_weights = (ranged.masks, ranged.keys, ranged.choices,
                                                ranged.choice_weights)
    masks, codes, cats, keys, hole_bits, s_hi, live, scratch, _ = space
    n_players = choices.shape[1]
    threshold = scratch[112:116]
    listed = -1  # the choice whose live cards ``live`` holds
    n_live = 0
    done = 0
    for task in range(first * PREFLOP_PARTS + w, last * PREFLOP_PARTS, n_workers):
        t = task // PREFLOP_PARTS
        part = task % PREFLOP_PARTS
        if t != listed:
            n_live = _list_choice(t, live_mask, r_masks, r_keys, choices, keys, hole_bits,
                                  live)
            for s in range(4):
                most = np.int64(0)
                for p in range(n_players):
                    held = popcount((r_masks[p, choices[t, p]] >> _U(s)) & _SUIT_BITS)
                    most = max(most, np.int64(held))
                threshold[s] = 5 - most
            listed = t
        if part == 0:
            _rank_boards(n_players, live, n_live, threshold, choice_weights[t], keys,
                         hole_bits, card_keys, flush, offsets, table, category_of, s_hi,
                         masks, codes, cats, scratch)
        else:
            _flush_boards(n_players, live, n_live, part - 1, threshold[part - 1],
                          choice_weights[t], keys, hole_bits, card_keys, card_bits, flush,
                          offsets, table, category_of, s_hi, masks, codes, cats,
                          scratch)
        done += 1
    return done


@jit(worker=True)
def runout_kernel(w, n_workers, first, last, live_mask, board_key, board_bits, n_runout,
                  ranged, category_of, ht, space):
    """Worker w's share of joint choices ``first .. last - 1`` of ``ranged`` (as
    :func:`preflop_kernel` takes them) times every runout of ``n_runout`` cards (0 to 5) to
    the known board (its key ``board_key``, from 0, and ``board_bits``), weighted, into
    ``space``'s counts. Tasks are (choice, position of the runout's lowest card) pairs;
    worker w takes tasks w, w + W, .... The board's key grows card by card along the
    runout, so a runout costs one addition and one lookup a player. Returns the tasks it
    did."""
    card_keys, card_bits, flush, offsets, table = ht
    r_masks, r_keys, choices, choice_weights = (ranged.masks, ranged.keys, ranged.choices,
                                                ranged.choice_weights)
    masks, codes, cats, keys, hole_bits, s_hi, live, scratch, board = space
    n_players = choices.shape[1]
    n_live = np.int64(popcount(live_mask)) - 2 * n_players  # every choice leaves as many
    per_choice = n_live if n_runout > 0 else 1
    pos = scratch[:6]
    listed = -1
    done = 0
    board[0, 0] = board_key
    board[0, 1] = board_bits
    for task in range(first * per_choice + w, last * per_choice, n_workers):
        t = task // per_choice
        weight = choice_weights[t]
        if t != listed:
            _list_choice(t, live_mask, r_masks, r_keys, choices, keys, hole_bits, live)
            listed = t
        done += 1
        if n_runout == 0:
            _showdown(board_key, board_bits, keys, hole_bits, n_players, flush, offsets, table,
                      category_of, s_hi, masks, codes, cats, weight)
            continue
        lowest = task % per_choice
        if lowest > n_live - n_runout:
            continue
        board[1, 0] = board_key + card_keys[live[lowest]]
        board[1, 1] = board_bits | card_bits[live[lowest]]
        if n_runout == 1:
            _showdown(board[1, 0], board[1, 1], keys, hole_bits, n_players, flush, offsets,
                      table, category_of, s_hi, masks, codes, cats, weight)
            continue
        # depth-first over positions 2 .. n_runout - 1 of the runout, increasing; the last
        # card runs in a plain loop. board[d] is the board with d runout cards.
        d = 2
        pos[1] = lowest
        pos[2] = lowest
        while d >= 2:
            if d == n_runout:
                key = board[d - 1, 0]
                bits = board[d - 1, 1]
                for i in range(pos[d - 1] + 1, n_live):
                    c = live[i]
                    _showdown(key + card_keys[c], bits | card_bits[c], keys, hole_bits,
                              n_players, flush, offsets, table, category_of, s_hi,
                              masks, codes, cats, weight)
                d -= 1
                continue
            pos[d] += 1
            if pos[d] > n_live - 1 - (n_runout - d):
                d -= 1
                continue
            c = live[pos[d]]
            board[d, 0] = board[d - 1, 0] + card_keys[c]
            board[d, 1] = board[d - 1, 1] | card_bits[c]
            d += 1
            pos[d] = pos[d - 1]
    return done
