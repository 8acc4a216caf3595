"""Equity kernels: exact enumeration and Monte Carlo over hole-card tuples and runouts.

Every kernel returns counts that merge by addition (per worker, per chunk, per machine):

* ``wins[p]``: outcomes where player p alone holds the best hand;
* ``ties[p, j]``: outcomes where p shares the best hand with j others (j = 1 .. P-1);
* ``cats[p, c]``: outcomes where p's final hand is of category c.

Exact kernels weight each outcome by its tuple's weight (float64); Monte Carlo counts trials
(int64). Equity, tie share and standard errors are computed once, from the merged counts
(:func:`pokersim.equity.summarise`).
"""

from __future__ import annotations

import numpy as np
from numba import prange

from ._jit import jit
from ._random import block_state, mul_small, next_u64
from .evaluate import lookup

#: Uniform draws in [0, deck size) taken from one 64-bit number (52**8 < 2**46).
DIGITS = 8


@jit(inline=True)
def score_outcome(board_key, board_bits, hole_keys, hole_bits, tuple_row, n_players,
                  flush, offsets, table, category_of, strengths, weight, wins, ties, cats):
    """Evaluate every player's 7 cards for one runout and add ``weight`` to the counts
    (to ``cats`` too unless it has no rows: categories were not asked for)."""
    want_categories = cats.shape[0] > 0
    if n_players == 2 and not want_categories:  # heads-up: the common case, kept lean
        a = lookup(board_key + hole_keys[tuple_row[0]], board_bits | hole_bits[tuple_row[0]],
                   flush, offsets, table)
        b = lookup(board_key + hole_keys[tuple_row[1]], board_bits | hole_bits[tuple_row[1]],
                   flush, offsets, table)
        if a > b:
            wins[0] += weight
        elif b > a:
            wins[1] += weight
        else:
            ties[0, 1] += weight
            ties[1, 1] += weight
        return
    best = 0
    for p in range(n_players):
        h = tuple_row[p]
        s = lookup(board_key + hole_keys[h], board_bits | hole_bits[h], flush, offsets, table)
        strengths[p] = s
        if s > best:
            best = s
    n_best = 0
    for p in range(n_players):
        n_best += strengths[p] == best
    for p in range(n_players):
        s = strengths[p]
        if want_categories:
            cats[p, category_of[s]] += weight
        if s == best:
            if n_best == 1:
                wins[p] += weight
            else:
                ties[p, n_best - 1] += weight


@jit(parallel=True)
def exact_kernel(tuples, tuple_weights, hole_keys, hole_bits, live_cards,
                 board_key, board_bits, n_runout, card_keys, card_bits, flush, offsets, table,
                 category_of, n_workers, wins_out, ties_out, cats_out):
    """Every hole-card tuple times every runout of ``n_runout`` cards (0 to 5).

    ``tuples[t, p]`` indexes ``hole_keys``/``hole_bits`` (one row per distinct combo);
    ``live_cards[t]`` lists, ascending, the cards a runout may use with tuple t (the same
    number for every tuple). Tasks are (tuple, position of the lowest runout card) pairs;
    worker w takes tasks w, w + W, ... into its own counts (``*_out[w]``). Runout keys are
    built incrementally, so each runout costs one addition and one lookup per player.
    """
    n_tuples, n_players = tuples.shape
    n_live = live_cards.shape[1]
    per_tuple = n_live if n_runout > 0 else 1
    for w in prange(n_workers):
        wins = wins_out[w]
        ties = ties_out[w]
        cats = cats_out[w]
        strengths = np.zeros(n_players, np.int64)
        pos = np.zeros(6, np.int64)
        keys = np.zeros(6, np.uint64)
        bits = np.zeros(6, np.uint64)
        for task in range(w, n_tuples * per_tuple, n_workers):
            t = task // per_tuple
            weight = tuple_weights[t]
            row = tuples[t]
            live = live_cards[t]
            if n_runout == 0:
                score_outcome(board_key, board_bits, hole_keys, hole_bits, row, n_players,
                              flush, offsets, table, category_of, strengths, weight,
                              wins, ties, cats)
                continue
            first = task % per_tuple
            if first > n_live - n_runout:
                continue
            keys[1] = board_key + card_keys[live[first]]
            bits[1] = board_bits | card_bits[live[first]]
            if n_runout == 1:
                score_outcome(keys[1], bits[1], hole_keys, hole_bits, row, n_players, flush,
                              offsets, table, category_of, strengths, weight, wins, ties, cats)
                continue
            # depth-first over positions 2 .. n_runout - 1 of the runout, increasing; the
            # last card runs in a plain loop. keys[d] is the key with d runout cards.
            d = 2
            pos[1] = first
            pos[2] = first
            while d >= 2:
                if d == n_runout:
                    kk = keys[d - 1]
                    bb = bits[d - 1]
                    for i in range(pos[d - 1] + 1, n_live):
                        c = live[i]
                        score_outcome(kk + card_keys[c], bb | card_bits[c], hole_keys,
                                      hole_bits, row, n_players, flush, offsets, table,
                                      category_of, strengths, weight, wins, ties, cats)
                    d -= 1
                    continue
                pos[d] += 1
                if pos[d] > n_live - 1 - (n_runout - d):
                    d -= 1
                    continue
                c = live[pos[d]]
                keys[d] = keys[d - 1] + card_keys[c]
                bits[d] = bits[d - 1] | card_bits[c]
                d += 1
                pos[d] = pos[d - 1]


@jit(inline=True)
def _sample_weighted(state, cumulative):
    """(new state, index i) with probability proportional to the i-th weight, given the
    cumulative weights (last entry = total)."""
    state, r = next_u64(state)
    u = (r >> np.uint64(11)) * (1.0 / 9007199254740992.0) * cumulative[-1]
    i = np.searchsorted(cumulative, u, side="right")
    return state, min(i, cumulative.shape[0] - 1)


@jit(parallel=True)
def monte_carlo_kernel(key, first_block, n_blocks, block, trials,
                       tuples, tuple_cumulative, player_combos, player_cumulative, n_random,
                       combo_masks, hole_keys, hole_bits, base_deck, used_mask,
                       board_key, board_bits, n_runout, card_keys, card_bits,
                       flush, offsets, table, category_of, n_workers, max_rejections,
                       wins_out, ties_out, cats_out):
    """Monte Carlo trials in blocks; block b draws from stream b, so the counts do not depend
    on the number of threads.

    Hole cards of the players with a hand or a range come either from ``tuples`` (every
    non-conflicting combination, sampled by its weight: no rejection) or, when ``tuples`` is
    empty, from each player's own combos (``player_combos[p]``, padded with -1) with the whole
    draw rejected on a conflict. The ``n_random`` players that are "random" come last: their
    two cards, and the ``n_runout`` board cards, are drawn from ``base_deck`` avoiding the cards
    already used. Counts go to ``*_out[w]`` for worker w. Returns the number of workers that
    gave up after ``max_rejections`` conflicting draws in a row (0 normally).
    """
    stalled = 0
    n_fixed = tuples.shape[1] if tuples.shape[0] > 0 else player_combos.shape[0]
    n_players = n_fixed + n_random
    n_deck64 = np.uint64(base_deck.shape[0])
    digits_product = n_deck64 ** np.uint64(DIGITS)
    digits_threshold = (np.uint64(0) - digits_product) % digits_product
    for w in prange(n_workers):
        wins = wins_out[w]
        ties = ties_out[w]
        cats = cats_out[w]
        strengths = np.zeros(n_players, np.int64)
        row = np.zeros(n_players, np.int64)
        extra = np.zeros(2 * n_random + 5, np.int64)
        for b in range(first_block + w, first_block + n_blocks, n_workers):
            state = block_state(key, b)
            for _ in range(min(block, trials - b * block)):
                used = used_mask
                if tuples.shape[0] > 0:
                    state, t = _sample_weighted(state, tuple_cumulative)
                    for p in range(n_fixed):
                        row[p] = tuples[t, p]
                        used |= combo_masks[row[p]]
                else:
                    attempts = 0
                    while True:
                        attempts += 1
                        if attempts > max_rejections:
                            break
                        used = used_mask
                        ok = True
                        for p in range(n_fixed):
                            state, i = _sample_weighted(state, player_cumulative[p])
                            h = player_combos[p, i]
                            m = combo_masks[h]
                            if used & m:
                                ok = False
                                break
                            used |= m
                            row[p] = h
                        if ok:
                            break
                    if attempts > max_rejections:
                        stalled += 1
                        break
                # random players' cards and the runout, from the deck less the used cards:
                # DIGITS uniform indices per 64-bit number (batched Lemire, as in deal_row),
                # an index whose card is already used is skipped
                n_extra = 2 * n_random + n_runout
                j = 0
                while j < n_extra:
                    while True:
                        state, r0 = next_u64(state)
                        low = r0
                        for _d in range(DIGITS):
                            _, low = mul_small(low, n_deck64)
                        if low >= digits_product or low >= digits_threshold:
                            break
                    r = r0
                    for _d in range(DIGITS):
                        hi, r = mul_small(r, n_deck64)
                        c = base_deck[np.int64(hi)]
                        bit = np.uint64(1) << np.uint64(c)
                        if not used & bit:
                            used |= bit
                            extra[j] = c
                            j += 1
                            if j == n_extra:
                                break
                bk = board_key
                bb = board_bits
                for j in range(2 * n_random, n_extra):
                    bk += card_keys[extra[j]]
                    bb |= card_bits[extra[j]]
                # random players use hole slots past the combos: index = n_combos + 52*a + b
                base = hole_keys.shape[0] - 52 * 52
                for q in range(n_random):
                    row[n_fixed + q] = base + 52 * extra[2 * q] + extra[2 * q + 1]
                score_outcome(bk, bb, hole_keys, hole_bits, row, n_players, flush, offsets,
                              table, category_of, strengths, 1, wins, ties, cats)
            if stalled:
                break
    return stalled
