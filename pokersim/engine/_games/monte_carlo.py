"""The Monte Carlo kernels of the games: cards as 64-bit masks, two trials a draw (see
:mod:`pokersim.engine._games`)."""

from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np

from ..._core.gaps import gap_mode, no_taken, nth_left
from ..._core.jit import (
    HAS_PDEP,
    jit,
    mul_wide,
    nth_bit,
    take_next,
    trailing_zeros,
    worker_copies,
)
from ..._core.streams import block_state, sample_alias, sample_alias_row
from ...dealing import BATCH, batch_number
from ...evaluator.tables import (
    FLUSH_CHECK,
    HASH_SHIFT,
    RANK_MASK,
    nonflush_strength,
    suit_of_flush,
)
from ...rankings import BADUGI
from ...rankings.omaha import BOARD_BIAS, PAIRS, any_hole_high, low_mask
from .shared import (
    _U,
    MAX_UNKNOWN,
    Layout,
    chosen_slots,
    game_lookup,
    list_cards,
    settle_codes,
    tally_trial,
    with_hand,
)

# ---------------------------------------------------------------------------------------------
# Monte Carlo: cards as masks


@jit(inline=True)
def draw_two(state, avail, other, n_live, n, plan, left, deck, taken0, taken1):
    """Deal two trials' unknown cards, ``n`` each, uniformly without replacement from the
    cards of the masks ``avail`` and ``other`` (``n_live`` cards each; ``plan`` from
    :func:`pokersim.dealing.deal_plan`): draw t takes the i-th card left, i uniform below
    ``n_live - t``. ``left[k, t]`` is trial k's mask of the cards left before draw t (so the
    cards of draws a .. b - 1 are ``left[k, a] ^ left[k, b]``). Where ``pdep`` is slow the
    i-th card left is found in ``deck`` (ascending) by the slots of the cards taken before
    the deal (``taken0``, ``taken1``, :func:`~pokersim._core.gaps.taken_slots`) and the draws
    (:func:`~pokersim._core.gaps.nth_left`), as in
    :func:`~pokersim.engine._games.boards.deal_unknown`. Each draw waits on the one before:
    the two trials side by side give the CPU two such chains to overlap (2x against one
    trial with each card's index and keys, measured on stud and razz). Returns the new
    state."""
    left[0, 0] = avail
    left[1, 0] = other
    slots0, n_taken = taken0
    slots1, _ = taken1
    by_gaps = gap_mode(n_taken, n)
    for batch in range(plan.shape[0]):
        state, r = batch_number(state, plan, batch)
        state, s = batch_number(state, plan, batch)
        for t in range(batch * BATCH, min(n, (batch + 1) * BATCH)):
            i, r = mul_wide(r, _U(n_live - t))
            j, s = mul_wide(s, _U(n_live - t))
            if by_gaps:
                p, slots0 = nth_left(slots0, i, _U(n_taken + t))
                avail ^= _U(1) << _U(deck[p])
                p, slots1 = nth_left(slots1, j, _U(n_taken + t))
                other ^= _U(1) << _U(deck[p])
            else:
                avail ^= nth_bit(avail, i)
                other ^= nth_bit(other, j)
            left[0, t + 1] = avail
            left[1, t + 1] = other
    return state


@jit(inline=True)
def byte_sum(table, mask):
    """The sum of ``table[j, byte j of mask]`` over the 7 bytes of a card mask: the sum of a
    per-card value over the cards of the mask (see :func:`byte_tables`)."""
    total = table[0, mask & _U(0xFF)]
    for j in range(1, 7):
        total += table[j, (mask >> _U(8 * j)) & _U(0xFF)]
    return total


@jit(inline=True)
def owner_cards(k, o, n_players, known, left, lo, hi):
    """Trial k's mask of owner o's cards: its known ones and those it was dealt."""
    return known[k * (n_players + 1) + o] | left[k, lo[o]] ^ left[k, hi[o]]


@jit(inline=True)
def omaha_trial(k, n_players, h, has_low, known, left, lo, hi, cards, key_bytes, bit_bytes,
                low_bytes, fixed, slots, counters, hole_low, o_offsets, board_hash, o_bits,
                board_keys, pair_slot, nonflush, flush_row, o_flush, low_bits, low_table,
                category_of, cats):
    """The winner mask of Omaha trial k (see :func:`draw_two`): the board's description from
    its card mask (keys and bits summed by bytes, :func:`byte_sum`, as
    :func:`~pokersim.rankings.omaha.board_high` sums them by cards), then each player's row
    k * (P + 1) + p of hole cards, its dealt ones written in
    (:func:`~pokersim.rankings.omaha.hole_high`); a fixed hand's pairs are looked up from
    their known slots unless it may make a flush. The best hands and their holders are kept
    as the players go (:func:`with_hand`), in registers; each high hand's category
    (``category_of`` its strength) is counted in ``cats`` where it has rows."""
    board = owner_cards(k, n_players, n_players, known, left, lo, hi)
    key = BOARD_BIAS + byte_sum(key_bytes, board)
    rank_key = key & RANK_MASK
    row = _U(board_hash[rank_key + _U(o_offsets[rank_key >> _U(HASH_SHIFT)])]) * _U(PAIRS)
    flag = key & FLUSH_CHECK
    suited = _U(0)
    if flag:
        suited = (byte_sum(bit_bytes, board) >> _U(16 * suit_of_flush(key))) & _U(0x1FFF)
    board_low = byte_sum(low_bytes, board) if has_low else _U(0)
    best_hi = best_lo = np.int16(-1)
    win_hi = win_lo = np.int64(0)
    for p in range(n_players):
        at = k * (n_players + 1) + p
        if fixed[p] and not counters[p] & flag:  # no flush: the pairs' slots are known
            high = np.int16(0)
            for j in range(h * (h - 1) // 2):
                high = max(high, nonflush[row + slots[p, j]])
        else:
            dealt = left[k, lo[p]] ^ left[k, hi[p]]
            for c in range(h - (hi[p] - lo[p]), h):
                cards[at, c] = trailing_zeros(dealt)
                dealt &= dealt - _U(1)
            high = any_hole_high(cards, at, 0, h, row, flag, suited, board_keys, o_bits,
                                 pair_slot, nonflush, flush_row, o_flush)
        if cats.shape[0]:
            cats[p, category_of[high]] += 1
        bit = np.int64(1) << p
        best_hi, win_hi = with_hand(best_hi, win_hi, np.int16(high), bit)
        if has_low:
            hole = hole_low[p] if fixed[p] else _U(low_mask(cards, at, 0, h, low_bits))
            best_lo, win_lo = with_hand(best_lo, win_lo,
                                        np.int16(low_table[(board_low << _U(8)) | hole]), bit)
    return win_hi | ((win_lo * (best_lo > 0)) << n_players)


@jit(inline=True)
def ranked_trial(k, n_players, flavor, has_low, known, left, lo, hi, keys, card_keys, l_keys,
                 bit_bytes, constant, flush, offsets, table, b_flush, b_offsets, b_table,
                 l_offsets, l_table, category_of, cats):
    """The winner mask of trial k (see :func:`draw_two`) of a game ranking all of a player's
    and the board's cards. Keys add up card by card, so each owner's key is its known
    cards' (``keys[k]``, found before the trial) with each card it was dealt added, and a
    player's hand's is its own and the board's: the board's dealt cards are added once a
    trial, not once a player. Bits, which the lookup reads only for a possible flush (and
    badugi), are summed then from the hand's mask by bytes (:func:`byte_sum`). The best
    hands and their holders are kept as the players go (:func:`with_hand`), and the high
    hands' categories counted as in :func:`omaha_trial`. Strengths of ``constant`` players
    (a fixed hand, a known board) are found once and kept in ``constant`` (-1 until
    then)."""
    b = n_players
    board = owner_cards(k, b, n_players, known, left, lo, hi)
    b_key, b_low = add_keys(left[k, lo[b]] ^ left[k, hi[b]], keys[k, 0, b], keys[k, 2, b],
                            has_low, card_keys, l_keys)
    best_hi = best_lo = np.int16(-1)
    win_hi = win_lo = np.int64(0)
    for p in range(n_players):
        if constant[0, p] >= 0:
            high = constant[0, p]
            low = constant[1, p]
        else:
            key = low_key = _U(0)
            if flavor != BADUGI:  # (badugi reads bits alone)
                key, low_key = add_keys(left[k, lo[p]] ^ left[k, hi[p]], keys[k, 0, p],
                                        keys[k, 2, p], has_low, card_keys, l_keys)
                key += b_key
            bits = _U(0)
            if flavor == BADUGI or key & FLUSH_CHECK:
                bits = byte_sum(bit_bytes, owner_cards(k, p, n_players, known, left, lo, hi)
                                | board)
            high = np.int16(game_lookup(flavor, key, bits, flush, offsets, table, b_flush,
                                        b_offsets, b_table))
            low = np.int16(0)
            if has_low:
                low = np.int16(nonflush_strength(low_key + b_low, l_offsets, l_table))
            if constant[0, p] == -2:
                constant[0, p] = high
                constant[1, p] = low
        if cats.shape[0]:
            cats[p, category_of[high]] += 1
        bit = np.int64(1) << p
        best_hi, win_hi = with_hand(best_hi, win_hi, high, bit)
        if has_low:
            best_lo, win_lo = with_hand(best_lo, win_lo, low, bit)
    return win_hi | ((win_lo * (best_lo > 0)) << n_players)


@jit(inline=True)
def add_keys(mask, key, low_key, has_low, card_keys, l_keys):
    """(key, low key) with the cards of ``mask`` added (the low keys where the game has a
    low half)."""
    while mask:
        c = trailing_zeros(mask)
        mask &= mask - _U(1)
        key += card_keys[c]
        if has_low:
            low_key += l_keys[c]
    return key, low_key


@jit(inline=True)
def choose_ranged(state, k, n_players, players, r_cards, r_masks, r_keys, sizes, threshold,
                  alias, choices, joint, known_cards, max_rejections, known, cards, keys):
    """Trial k's hands of the range players, into ``known`` (masks), ``cards`` (rows
    k * (P + 1) + p) and ``keys[k]`` (key, bits, low key): a row of the joint ``choices``
    drawn by its weight (the alias table ``joint``) when they are listed, else one hand per
    player by its weights, drawn again until no two share a card. Returns (state, mask of
    their cards, or 0 after ``max_rejections`` conflicts in a row, the row of ``joint``
    drawn)."""
    if joint.shape[0]:
        state, t = sample_alias_row(state, joint)
        used = _U(0)
        for r in range(players.shape[0]):
            used |= _take(k, n_players, r, choices[t, r], players, r_cards, r_masks, r_keys,
                          known_cards, known, cards, keys)
        return state, used, t
    for _ in range(max_rejections):
        used = _U(0)
        ok = True
        for r in range(players.shape[0]):
            state, j = sample_alias(state, threshold, alias, r, sizes[r])
            if used & r_masks[r, j]:
                ok = False
                break
            used |= _take(k, n_players, r, j, players, r_cards, r_masks, r_keys, known_cards,
                          known, cards, keys)
        if ok:
            return state, used, _U(0)
    return state, _U(0), _U(0)


@jit(inline=True)
def _take(k, n_players, r, j, players, r_cards, r_masks, r_keys, known_cards, known, cards,
          keys):
    """Trial k's range player ``players[r]`` holds hand j of its list; returns its mask."""
    m = r_masks[r, j]
    at = k * (n_players + 1) + players[r]
    known[at] = m
    for c in range(known_cards[players[r]]):
        cards[at, c] = r_cards[r, j, c]
    for x in range(3):
        keys[k, x, players[r]] = r_keys[r, j, x]
    return m


class MonteCarloSpace(NamedTuple):
    """One Monte Carlo worker's own arrays (:func:`monte_carlo_spaces`)."""

    masks: np.ndarray  # (mask_width,): winner-mask counts (see tally_trial)
    codes: np.ndarray  # (P (P + 1) (P + 2) or 0,): outcome-code counts (see tally_trial)
    cats: np.ndarray  # (P or 0, categories): the categories of the high hands
    known: np.ndarray  # (2 (P + 1),) uint64: trial k's owners' known cards, rows k (P + 1) ..
    cards: np.ndarray  # (2 (P + 1), cards) uint8: their rows of cards (Omaha)
    left: np.ndarray  # (2, MAX_UNKNOWN + 1) uint64: see draw_two
    used: np.ndarray  # (2,) uint64: each trial's range players' cards
    constant: np.ndarray  # (2, P) int16: see ranked_trial (-2: to be found, then kept)
    keys: np.ndarray  # (2, 3, P + 1) uint64: trial k's owners' known keys (Layout.keys)
    deck: np.ndarray  # (64,) uint8: the live cards, ascending (see draw_two)


def monte_carlo_spaces(n_workers: int, layout: Layout, masks: int, codes: int,
                       cats: tuple[int, int]):
    """A :class:`MonteCarloSpace` per worker for a deal of ``layout``, with ``masks`` and
    ``codes`` zeroed counts (one of the two sizes 0; see :func:`mask_width`) and zeroed
    category counts of shape ``cats`` (no rows: not counted)."""
    n_players = layout.cards.shape[0] - 1
    constant = np.full((2, n_players), -1, np.int16)
    if layout.lo[n_players] == layout.hi[n_players]:  # a known board
        constant[0, layout.fixed] = -2
    return worker_copies(
        n_workers, MonteCarloSpace, masks=np.zeros(masks, np.int64),
        codes=np.zeros(codes, np.int64), cats=np.zeros(cats, np.int64),
        known=np.concatenate((layout.masks, layout.masks)),
        cards=np.concatenate((layout.cards, layout.cards)),
        left=np.zeros((2, MAX_UNKNOWN + 1), np.uint64), used=np.zeros(2, np.uint64),
        constant=constant, keys=np.stack((layout.keys, layout.keys)),
        deck=np.zeros(64, np.uint8))


@functools.cache
def monte_carlo_kernel(omaha: bool):
    """The Monte Carlo kernel of the games that rank a hand of all of a player's and the
    board's cards, or with ``omaha`` of the two-plus-three games (Omaha, Courchevel): one
    compiled kernel serves every game of its family. (One kernel for both families lost 25%
    in exact Omaha, where the hand rule is tested inside the innermost loop.)"""

    @jit(worker=True)
    def kernel(w, n_workers, key, first, n_blocks, claimed, block, trials, n_live, n_unknown,
               plan, shape, layout, ranged, max_rejections, byte_tables, category_of, ht, lt, ot,
               bt, space):
        """Worker w's share of the trials (the next block left as it finishes one: ``claimed``, a
        shared counter from 0, :func:`~pokersim._core.jit.take_next`) of a game of ``shape`` (its
        hole cards, the ranking's lookup flavor, a low half: run-time values), in twos
        (:func:`draw_two`; a block of an odd number of trials deals one more and does not
        count it), added to its ``space.masks`` or ``space.codes`` (see
        :func:`tally_trial`), and the category of each player's high hand (``category_of``
        its strength) to ``space.cats`` where it has rows. Returns the number of blocks it
        gave up (range players in conflict too often)."""
        live, lo, hi, known_cards, cards0 = (layout.live, layout.lo, layout.hi, layout.known,
                                             layout.cards)
        fixed, slots, counters, hole_low = (layout.fixed, layout.slots, layout.counters,
                                            layout.hole_low)
        r_players, r_cards, r_masks, r_keys, r_sizes, threshold, alias = (
            ranged.players, ranged.cards, ranged.masks, ranged.keys, ranged.sizes,
            ranged.threshold, ranged.alias)
        choices, joint = ranged.choices, ranged.joint
        key_bytes, bit_bytes, low_bytes = byte_tables[0], byte_tables[1], byte_tables[2]
        card_keys, _, flush, offsets, table = ht
        l_keys, _, _, l_offsets, l_table = lt
        b_flush, b_offsets, b_table = bt
        board_keys, o_bits, o_offsets, board_hash, pair_slot, nonflush, flush_row, o_flush, \
            low_bits, low_table = ot
        h, flavor, has_low = shape
        n_players = cards0.shape[0] - 1
        n_ranged = r_players.shape[0]
        n_held = 0  # the range players' known cards
        for r in range(n_ranged):
            n_held += known_cards[r_players[r]]
        my_masks, my_codes, my_cats, known, cards, left, used, constant, keys, deck = space
        list_cards(live, deck)
        taken0 = taken1 = no_taken()
        stalled = 0
        while True:
            b = first + take_next(claimed)
            if b >= first + n_blocks:
                break
            state = block_state(key, b)
            n_trials = min(block, trials - b * block)
            for pair in range(0, n_trials, 2):
                if n_ranged:
                    state, used[0], t0 = choose_ranged(
                        state, 0, n_players, r_players, r_cards, r_masks, r_keys, r_sizes,
                        threshold, alias, choices, joint, known_cards, max_rejections, known,
                        cards, keys)
                    state, used[1], t1 = choose_ranged(
                        state, 1, n_players, r_players, r_cards, r_masks, r_keys, r_sizes,
                        threshold, alias, choices, joint, known_cards, max_rejections, known,
                        cards, keys)
                    if used[0] == 0 or used[1] == 0:
                        stalled += 1
                        break
                    if not HAS_PDEP:
                        taken0 = chosen_slots(joint, t0, n_ranged, n_held, used[0], live)
                        taken1 = chosen_slots(joint, t1, n_ranged, n_held, used[1], live)
                state = draw_two(state, live & ~used[0], live & ~used[1], n_live,
                                 n_unknown, plan, left, deck, taken0, taken1)
                for k in range(min(2, n_trials - pair)):
                    if omaha:
                        winners = omaha_trial(
                            k, n_players, h, has_low, known, left, lo, hi, cards, key_bytes,
                            bit_bytes, low_bytes, fixed, slots, counters, hole_low,
                            o_offsets, board_hash, o_bits, board_keys, pair_slot, nonflush,
                            flush_row, o_flush, low_bits, low_table, category_of, my_cats)
                    else:
                        winners = ranked_trial(
                            k, n_players, flavor, has_low, known, left, lo, hi, keys,
                            card_keys, l_keys, bit_bytes, constant, flush, offsets, table,
                            b_flush, b_offsets, b_table, l_offsets, l_table, category_of,
                            my_cats)
                    tally_trial(winners, n_players, my_masks, my_codes)
        if my_codes.shape[0]:
            settle_codes(my_codes, n_players)
        return stalled

    return kernel
