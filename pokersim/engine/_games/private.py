"""The exact kernels of the games with no board card to come: each player's hands ranked once,
the deals walked as one hand a player (see :mod:`pokersim.engine._games`)."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..._core.combinatorics import first_combination, next_combination
from ..._core.jit import jit, trailing_zeros, worker_copies
from ..question import NO_CARD
from .shared import _U, tally_winners, with_hand

# ---------------------------------------------------------------------------------------------
# Exact enumeration of private hands: no board card to come


class Hands(NamedTuple):
    """Every hand each player may end with when no board card is to come (a known board, or
    none): its cards, strengths and weight, found once. The players are in *levels*, the
    longest list last; level l's hands are ``start[l] .. start[l + 1] - 1`` of the flat
    arrays. A deal is one hand a level, no card in two of them, weighted by the product of
    their weights."""

    player: np.ndarray  # (L,) int64: the player of each level
    start: np.ndarray  # (L + 1,) int64
    masks: np.ndarray  # (H,) uint64: each hand's cards
    high: np.ndarray  # (H,) int16: 1 and up
    low: np.ndarray  # (H,) int16: 0, no low (or no low half in the game)
    weights: np.ndarray  # (H,) float64
    category: np.ndarray  # (H,) int8: the category of the high hand
    # the last level counted, not walked (a game without a low half: its hands sorted by
    # high strength, see :func:`count_last_level`); empty where it is walked:
    cumulative: np.ndarray  # (n + 1,) float64: its weights summed in order, from 0
    card_start: np.ndarray  # (65,) int64: its hands holding card c (one the other levels
    card_hands: np.ndarray  # may hold) are card_hands[card_start[c]:card_start[c + 1]]
    #                         (int64, ascending)
    category_span: np.ndarray  # (2, categories) int64: its hands of category c are
    #                            category_span[0, c] .. category_span[1, c] - 1 (together:
    #                            a category is a range of strengths)


@jit
def private_rows(known, live, k, board, rows, masks, hand):
    """Each of a player's hands ``known`` (H, w) (:data:`NO_CARD` pads a shorter hand) with
    each k-combination of the ``live`` cards that shares no card with it, then the ``board``:
    into ``rows`` (a hand's cards as :func:`pokersim.evaluator.strengths.game_strengths`
    reads them), ``masks`` (its cards but the board's) and ``hand`` (which of ``known``);
    returns how many."""
    w = known.shape[1]
    idx = np.zeros(max(k, 1), np.int64)
    count = 0
    for j in range(known.shape[0]):
        held = _U(0)
        for x in range(w):
            if known[j, x] != NO_CARD:
                held |= _U(1) << _U(known[j, x])
        first_combination(idx, k, 0)
        while True:
            mask = held
            clash = False
            for x in range(k):
                bit = _U(1) << _U(live[idx[x]])
                clash |= (mask & bit) != _U(0)
                mask |= bit
            if not clash:
                for x in range(w):
                    rows[count, x] = known[j, x]
                for x in range(k):
                    rows[count, w + x] = live[idx[x]]
                for x in range(board.shape[0]):
                    rows[count, w + k + x] = board[x]
                masks[count] = mask
                hand[count] = j
                count += 1
            if not next_combination(idx, k, live.shape[0]):
                break
    return count


@jit
def counting_order(masks, high, weights, first, others):
    """The last level's hands (``masks``, ``high``, ``weights``: its slices, the first hand
    numbered ``first``) sorted by strength in place (stable), and what
    :func:`count_last_level` reads of them: (cumulative, card_start, card_hands) of
    :class:`Hands`, the hands indexed by the cards of ``others`` (a mask: the cards the
    other levels may hold) only."""
    order = sorting_order(high)
    _reorder(masks, order)
    _reorder(high, order)
    _reorder(weights, order)
    card_start, card_hands = hands_by_card(masks, first, others)
    return running_sums(weights), card_start, card_hands


@jit(inline=True)
def _reorder(values, order):
    """``values[:] = values[order]``, in loops: a slice assigned an array compiles Numba's
    formatting of its shape-mismatch message (some 40 helpers, a second on a first run)."""
    taken = np.empty_like(values)
    for i in range(order.size):
        taken[i] = values[order[i]]
    for i in range(order.size):
        values[i] = taken[i]


@jit
def sorting_order(strengths):
    """The stable ascending order of small integers ``strengths`` (a counting sort: a hand's
    strength is one of a few thousand values; Numba's mergesort takes 15 times as long)."""
    lowest = strengths.min() if strengths.shape[0] else 0
    place = np.zeros(strengths.max() - lowest + 2 if strengths.shape[0] else 1, np.int64)
    for v in strengths:
        place[v - lowest + 1] += 1
    for i in range(1, place.shape[0]):
        place[i] += place[i - 1]
    order = np.empty(strengths.shape[0], np.int64)
    for i in range(strengths.shape[0]):
        v = strengths[i] - lowest
        order[place[v]] = i
        place[v] += 1
    return order


@jit
def hands_by_card(masks, first, cards):
    """(start, hands): the hands ``first + i`` (for each ``masks[i]``) holding card c (of
    the mask ``cards``) are ``hands[start[c]:start[c + 1]]``, in ascending order (see
    :class:`Hands`)."""
    start = np.zeros(65, np.int64)
    for i in range(masks.shape[0]):
        m = masks[i] & cards
        while m:
            start[trailing_zeros(m) + 1] += 1
            m &= m - _U(1)
    for c in range(64):
        start[c + 1] += start[c]
    fill = start[:64].copy()
    hands = np.empty(start[64], np.int64)
    for i in range(masks.shape[0]):
        m = masks[i] & cards
        while m:
            c = trailing_zeros(m)
            hands[fill[c]] = first + i
            fill[c] += 1
            m &= m - _U(1)
    return start, hands


@jit
def running_sums(weights):
    """(n + 1,) the sums of ``weights``' first 0, 1, ... n values, each rounded once
    (compensated: a difference of two has the error of one rounding, not of n)."""
    out = np.zeros(weights.shape[0] + 1)
    total = 0.0
    error = 0.0  # what the rounded total lost (Neumaier's compensation)
    for i in range(weights.shape[0]):
        x = weights[i]
        t = total + x
        if abs(total) >= abs(x):
            error += (total - t) + x
        else:
            error += (x - t) + total
        total = t
        out[i + 1] = total + error
    return out


@jit(inline=True)
def lower_bound(values, lo, hi, x):
    """The first index of ``lo .. hi - 1`` whose value is ``x`` or more (``values`` ascending
    there), else ``hi``."""
    n = hi - lo
    while n > 0:
        half = n >> 1
        if values[lo + half] < x:
            lo += half + 1
            n -= half + 1
        else:
            n = half
    return lo


@jit(inline=True)
def count_last_level(first, last, high, weights, cumulative, base, h_masks, card_start,
                     card_hands, cards, span_cards, best):
    """The hands ``first .. last - 1`` of the last level (sorted by ``high``; ``base`` its
    first hand) that share no card with ``cards``, counted below, at and above the strength
    ``best``: (found, n_below, w_below, n_at, w_at, n_above, w_above), the weights summed
    from ``cumulative``. Each hand holding a card of ``cards`` is taken off once, at its
    lowest such card. ``found`` is False, and nothing counted, when those hands are more than
    half the span: walking it costs less."""
    clash = cards & span_cards
    many = 0
    m = clash
    while m:
        c = trailing_zeros(m)
        m &= m - _U(1)
        lo, hi = card_start[c], card_start[c + 1]
        many += (lower_bound(card_hands, lo, hi, last) - lower_bound(card_hands, lo, hi, first))
    if 2 * many > last - first:
        return False, 0, 0.0, 0, 0.0, 0, 0.0
    at = lower_bound(high, first, last, best)
    above = lower_bound(high, at, last, best + 1)
    n_below, n_at, n_above = at - first, above - at, last - above
    w_below = cumulative[at - base] - cumulative[first - base]
    w_at = cumulative[above - base] - cumulative[at - base]
    w_above = cumulative[last - base] - cumulative[above - base]
    while clash:
        c = trailing_zeros(clash)
        clash &= clash - _U(1)
        x = lower_bound(card_hands, card_start[c], card_start[c + 1], first)
        while x < card_start[c + 1] and card_hands[x] < last:
            j = card_hands[x]
            x += 1
            if trailing_zeros(h_masks[j] & cards) != c:
                continue  # taken off at a lower card
            w = weights[j]
            if high[j] < best:
                n_below -= 1
                w_below -= w
            elif high[j] == best:
                n_at -= 1
                w_at -= w
            else:
                n_above -= 1
                w_above -= w
    # a class left empty weighs exactly nothing (not what rounding left of the differences)
    return (True, n_below, w_below if n_below else 0.0, n_at, w_at if n_at else 0.0, n_above,
            w_above if n_above else 0.0)


@jit(inline=True)
def count_last_categories(first, last, base, weights, cumulative, h_masks, card_start,
                          card_hands, cards, span_cards, category, category_span, shares, kept):
    """:func:`count_last_level` by category: the hands ``first .. last - 1`` of the last level
    that share no card with ``cards``, counted (``kept``) and their weights summed
    (``shares``) by category, a category's hands together (``category_span``)."""
    for c in range(kept.shape[0]):
        lo = min(max(first, category_span[0, c]), last)
        hi = max(min(last, category_span[1, c]), lo)
        kept[c] = hi - lo
        shares[c] = cumulative[hi - base] - cumulative[lo - base]
    clash = cards & span_cards
    while clash:
        card = trailing_zeros(clash)
        clash &= clash - _U(1)
        x = lower_bound(card_hands, card_start[card], card_start[card + 1], first)
        while x < card_start[card + 1] and card_hands[x] < last:
            j = card_hands[x]
            x += 1
            if trailing_zeros(h_masks[j] & cards) == card:  # (taken off at its lowest card)
                kept[category[j]] -= 1
                shares[category[j]] -= weights[j]


@jit(inline=True)
def hold(level, j, player, h_masks, high, low, weights, taken, best_hi, win_hi, best_lo,
         win_lo, weight):
    """Level ``level`` holds hand j: the state of the next level (the cards taken, the best
    strengths and their holders, the weight) from its own."""
    bit = np.int64(1) << player[level]
    up = level + 1
    taken[up] = taken[level] | h_masks[j]
    best_hi[up], win_hi[up] = with_hand(best_hi[level], win_hi[level], high[j], bit)
    best_lo[up], win_lo[up] = with_hand(best_lo[level], win_lo[level], low[j], bit)
    weight[up] = weight[level] * weights[j]


class PrivateSpace(NamedTuple):
    """One worker's own arrays for :func:`private_kernel` (:func:`private_spaces`). Level l's
    entries: the cards of the levels before it, the best strengths among them and their
    holders, the product of their weights, the hand it holds."""

    masks: np.ndarray  # (mask_width,) float64: winner-mask counts (see tally)
    codes: np.ndarray  # (P (P + 1) (P + 2) or 0,) float64: outcome-code counts
    cats: np.ndarray  # (P or 0, categories) float64: the categories of the high hands
    shares: np.ndarray  # (categories,) float64: count_last_categories's
    kept: np.ndarray  # (categories,) int64
    taken: np.ndarray  # (P,) uint64
    best_hi: np.ndarray  # (P,) int16, from -1
    win_hi: np.ndarray  # (P,) int64
    best_lo: np.ndarray  # (P,) int16, from -1
    win_lo: np.ndarray  # (P,) int64
    weight: np.ndarray  # (P,) float64, from 1
    at: np.ndarray  # (P,) int64


def private_spaces(n_workers: int, n_players: int, masks: int, codes: int,
                   cats: tuple[int, int]):
    """A :class:`PrivateSpace` per worker, with ``masks`` and ``codes`` zeroed counts and
    zeroed category counts of shape ``cats`` (no rows: not counted)."""
    return worker_copies(
        n_workers, PrivateSpace, masks=np.zeros(masks), codes=np.zeros(codes),
        cats=np.zeros(cats), shares=np.zeros(cats[1]), kept=np.zeros(cats[1], np.int64),
        taken=np.zeros(n_players, np.uint64), best_hi=np.full(n_players, -1, np.int16),
        win_hi=np.zeros(n_players, np.int64), best_lo=np.full(n_players, -1, np.int16),
        win_lo=np.zeros(n_players, np.int64), weight=np.ones(n_players),
        at=np.zeros(n_players, np.int64))


@jit(worker=True)
def private_kernel(w, n_workers, first, last, hands, has_low, space):
    """Worker w's share (the w-th of W equal spans) of every deal whose last-level hand is
    one of that level's hands ``first .. last - 1`` (see :class:`Hands`), weighted, into its
    ``space.masks`` or ``space.codes`` (see :func:`tally`); returns the number of deals it
    counted. The levels before the last step like an
    odometer, each skipping the hands that hold a card of the levels before it; the last
    level, the longest, runs in a tight loop over the worker's share of its span, or where
    ``hands.cumulative`` is given, is counted by strength (:func:`count_last_level`). Each
    level keeps the best high and low strengths so far and the players holding them: a deal
    costs a comparison a half, whatever the number of players. Where ``space.cats`` has
    rows, the last level's hands are counted there by category (walked, or counted by
    :func:`count_last_categories`), and each other level's hand takes the weight of the
    deals under it at once."""
    player, start, h_masks, high, low, weights = (hands.player, hands.start, hands.masks,
                                                  hands.high, hands.low, hands.weights)
    cumulative, card_start, card_hands = hands.cumulative, hands.card_start, hands.card_hands
    category, category_span = hands.category, hands.category_span
    counted = cumulative.shape[0] > 0
    n_players = player.shape[0]
    inner = n_players - 1
    span = last - first
    my_masks, my_codes, my_cats, shares, kept, taken, best_hi, win_hi, best_lo, win_lo, \
        weight, at = space
    by_category = my_cats.shape[0] > 0
    mine = 0
    mine_first = start[inner] + first + span * w // n_workers
    mine_last = start[inner] + first + span * (w + 1) // n_workers
    level = 0 if mine_first < mine_last else -1
    at[0] = start[0]
    span_cards = _U(0)  # the cards of the worker's share of the last level
    for j in range(mine_first, mine_last if counted else mine_first):
        span_cards |= h_masks[j]
    while level >= 0:
        if level < inner:  # the level's next hand that fits, then the next level
            j = at[level]
            while j < start[level + 1] and h_masks[j] & taken[level]:
                j += 1
            if j == start[level + 1]:
                level -= 1
                at[max(level, 0)] += 1
                continue
            at[level] = j
            hold(level, j, player, h_masks, high, low, weights, taken, best_hi, win_hi,
                 best_lo, win_lo, weight)
            level += 1
            at[level] = start[level]
            continue
        # the last level in a tight loop, its state in locals (stores to the counts
        # could alias the arrays: Numba would load them again each deal)
        last_player = player[inner]
        bit = np.int64(1) << last_player
        cards, hi_best, hi_holders, lo_best, lo_holders, w0 = (
            taken[inner], best_hi[inner], win_hi[inner], best_lo[inner], win_lo[inner],
            weight[inner])
        found = False
        if counted:  # three counts: the hands below, at and above the best so far
            found, n_below, w_below, n_at, w_at, n_above, w_above = count_last_level(
                mine_first, mine_last, high, weights, cumulative, start[inner], h_masks,
                card_start, card_hands, cards, span_cards, hi_best)
            if found:
                tally_winners(hi_holders, n_players, my_masks, my_codes, w0 * w_below)
                tally_winners(hi_holders | bit, n_players, my_masks, my_codes, w0 * w_at)
                tally_winners(bit, n_players, my_masks, my_codes, w0 * w_above)
                mine += n_below + n_at + n_above
        for j in range(mine_first, mine_first if found else mine_last):
            if h_masks[j] & cards:
                continue
            winners = with_hand(hi_best, hi_holders, high[j], bit)[1]
            if has_low:
                best, lo_mask = with_hand(lo_best, lo_holders, low[j], bit)
                winners |= (lo_mask * (best > 0)) << n_players
            tally_winners(winners, n_players, my_masks, my_codes, w0 * weights[j])
            mine += 1
        if by_category:  # the last level's hands by category, as they were counted
            run_weight = 0.0  # of the deals below the other levels' hands
            if found:
                count_last_categories(mine_first, mine_last, start[inner], weights,
                                      cumulative, h_masks, card_start, card_hands, cards,
                                      span_cards, category, category_span, shares, kept)
                for c in range(kept.shape[0]):
                    if kept[c]:
                        my_cats[last_player, c] += w0 * shares[c]
                run_weight = w0 * (w_below + w_at + w_above)
            else:
                for j in range(mine_first, mine_last):
                    if not h_masks[j] & cards:
                        my_cats[last_player, category[j]] += w0 * weights[j]
                        run_weight += w0 * weights[j]
            for held in range(inner):
                my_cats[player[held], category[at[held]]] += run_weight
        level -= 1
        at[max(level, 0)] += 1
    return mine
