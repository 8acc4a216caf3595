"""The kernels of :mod:`pokersim.games.equity`: every deal of a game, its showdown and its pot.

A deal is laid out in ``hands``, a (players, hole + board) uint8 array: row p holds player
p's hole cards, then the board (copied into every row, so that each row is the seven, or
fewer, cards a player's hand is made of). The known cards are written once; the unknown ones
(the board's runout, the hole cards a partial hand lacks) are *slots* ``(row, column)``, row
-1 for a board column (written into every row). Players given as a list of hands (a range)
have their cards written per deal.

Each deal ends in a showdown: each player's high strength (Omaha games: exactly two hole and
three board cards, by :mod:`pokersim.rankings.omaha`'s inline helpers; other games: the best
five of the row in the game's ranking, :func:`pokersim.evaluate.hand_strength`), and in hi/lo
games the eight-or-better low (0: none). The outcome of a player is counted in
``counts[p, h, l]``: ``h`` the number of players sharing the high half when p is one of them
(0 when p is not), ``l`` the same for the low half, or ``players + 1`` when no hand has a low
(the high half then takes the whole pot). These codes hold every pot share (see
:func:`pokersim.games.equity.shares`), so one count array serves wins, ties, scoops, each
half's equity and the standard error.

Monte Carlo counts are int64 (block ``b`` of trials from stream ``block_state(key, b)`` and
the live deck in its starting order, whatever the chunking or thread count); exact counts are
weighted (float64), over deals numbered 0.. (the range players' choices in mixed radix, then
each segment of unknown cards, board first then each player's, by the rank of its
combination among the cards left).
"""

from __future__ import annotations

import functools

import numpy as np
from numba import prange

from .._jit import jit
from .._random import block_state, sample_alias
from ..deal import deal_row
from ..evaluate import hand_strength
from ..rankings.omaha import board_high, hole_high, low_mask

#: The most cards one player's row holds (seven: stud, or Hold'em's two and five).
MAX_ROW = 11


@jit(inline=True)
def showdown(hands, n_players, omaha, h, k, flavor, has_low, ht, lt, ot, hi, lo):
    """Each player's high strength into ``hi`` and low (0 none) into ``lo``; returns (best
    high, best low)."""
    card_keys, card_bits, flush, offsets, table = ht
    board_keys, o_bits, o_offsets, board_hash, pair_slot, nonflush, flush_row, o_flush, \
        low_bits, low_table = ot
    best_hi = np.int16(-1)
    best_lo = np.int16(0)
    if omaha:
        row, flag, suited = board_high(hands, 0, h, board_keys, o_bits, o_offsets, board_hash)
        board_low = low_mask(hands, 0, h, 5, low_bits)
        for p in range(n_players):
            hi[p] = hole_high(hands, p, 0, h, row, flag, suited, board_keys, o_bits, pair_slot,
                              nonflush, flush_row, o_flush)
            best_hi = max(best_hi, hi[p])
            if has_low:
                lo[p] = low_table[board_low << 8 | low_mask(hands, p, 0, h, low_bits)]
                best_lo = max(best_lo, lo[p])
    else:
        l_keys, l_bits, l_flush, l_offsets, l_table = lt
        for p in range(n_players):
            hi[p] = hand_strength(hands, p, k, card_keys, card_bits, flush, offsets, table,
                                  flavor)
            best_hi = max(best_hi, hi[p])
            if has_low:
                lo[p] = hand_strength(hands, p, k, l_keys, l_bits, l_flush, l_offsets, l_table)
                best_lo = max(best_lo, lo[p])
    return best_hi, best_lo


@jit(inline=True)
def tally(hi, lo, best_hi, best_lo, n_players, has_low, local, weight):
    """Add ``weight`` to each player's outcome code (see the module docstring)."""
    n_hi = 0
    n_lo = 0
    for p in range(n_players):
        n_hi += hi[p] == best_hi
        n_lo += has_low and best_lo > 0 and lo[p] == best_lo
    no_low = n_players + 1
    for p in range(n_players):
        h = n_hi if hi[p] == best_hi else 0
        if n_lo == 0:
            low = no_low
        else:
            low = n_lo if lo[p] == best_lo else 0
        local[p, h, low] += weight


@jit(inline=True)
def place(hands, n_players, slot_row, slot_col, u, c):
    """Card ``c`` into slot ``u`` (a board slot into every row)."""
    r = slot_row[u]
    if r < 0:
        for p in range(n_players):
            hands[p, slot_col[u]] = c
    else:
        hands[r, slot_col[u]] = c


@jit(inline=True)
def choose_ranged(state, ranged, alt_cards, alt_masks, alt_known, alt_sizes, threshold, alias,
                  max_rejections, hands):
    """Draw one hand per range player (by its weights) until no two share a card, and write
    them into ``hands``; returns (state, mask of their cards, or 0 after
    ``max_rejections`` conflicts in a row)."""
    for _ in range(max_rejections):
        used = np.uint64(0)
        ok = True
        for r in range(ranged.shape[0]):
            state, j = sample_alias(state, threshold, alias, r, alt_sizes[r])
            m = alt_masks[r, j]
            if used & m:
                ok = False
                break
            used |= m
            for c in range(alt_known[r]):
                hands[ranged[r], c] = alt_cards[r, j, c]
        if ok:
            return state, used
    return state, np.uint64(0)


@jit(inline=True)
def live_without(deck0, n0, used, deck):
    """The cards of ``deck0[:n0]`` outside the mask ``used`` into ``deck``, in order."""
    n = 0
    for j in range(n0):
        c = deck0[j]
        if not (used >> np.uint64(c)) & np.uint64(1):
            deck[n] = c
            n += 1
    return n


@functools.cache
def monte_carlo_kernel(omaha: bool, h: int, k: int, flavor: int, has_low: bool):
    """The Monte Carlo kernel of a game's shape (compile-time constants); ``stalled[w]`` counts
    the blocks worker w gave up (range players in conflict too often)."""

    @jit(parallel=True)
    def kernel(key, first, n_blocks, block, trials, deck0, n0, n_live, plan, base, slot_row,
               slot_col, ranged, alt_cards, alt_masks, alt_known, alt_sizes, threshold, alias,
               max_rejections, ht, lt, ot, counts, stalled):
        n_workers = counts.shape[0]
        n_players = base.shape[0]
        n_unknown = slot_row.shape[0]
        for w in prange(n_workers):
            local = np.zeros_like(counts[w])
            hands = base.copy()
            deck = np.empty(64, np.uint8)
            drawn = np.empty((1, 64), np.uint8)
            hi = np.zeros(n_players, np.int16)
            lo = np.zeros(n_players, np.int16)
            for b in range(first + w, first + n_blocks, n_workers):
                deck[:n0] = deck0[:n0]
                state = block_state(key, b)
                for _ in range(min(block, trials - b * block)):
                    if ranged.shape[0]:
                        state, used = choose_ranged(state, ranged, alt_cards, alt_masks,
                                                    alt_known, alt_sizes, threshold, alias,
                                                    max_rejections, hands)
                        if used == 0:
                            stalled[w] += 1
                            break
                        live_without(deck0, n0, used, deck)
                    state = deal_row(state, deck, drawn, 0, n_live, n_unknown, plan)
                    for u in range(n_unknown):
                        place(hands, n_players, slot_row, slot_col, u, drawn[0, u])
                    best_hi, best_lo = showdown(hands, n_players, omaha, h, k, flavor, has_low,
                                                ht, lt, ot, hi, lo)
                    tally(hi, lo, best_hi, best_lo, n_players, has_low, local, 1)
            counts[w] += local

    return kernel


@jit(inline=True)
def unrank(avail, n, k, rank, binom, out, first):
    """The combination of ``k`` of ``avail[:n]`` of lexicographic rank ``rank`` into
    ``out[first:first + k]``, removed from ``avail`` (which keeps its order); returns the
    number of cards left."""
    x = 0
    chosen = 0  # positions taken, as a bit mask (n <= 52)
    for j in range(k):
        while True:
            c = binom[n - x - 1, k - j - 1]
            if rank < c:
                break
            rank -= c
            x += 1
        out[first + j] = avail[x]
        chosen |= np.int64(1) << x
        x += 1
    m = 0
    for j in range(n):
        if not (chosen >> j) & 1:
            avail[m] = avail[j]
            m += 1
    return m


@functools.cache
def exact_kernel(omaha: bool, h: int, k: int, flavor: int, has_low: bool):
    """The exact kernel of a game's shape: deals ``first .. last - 1`` (see the module
    docstring), weighted; ``dealt[w]`` counts the deals worker w counted (the others give two
    range players a card in common)."""

    @jit(parallel=True)
    def kernel(first, last, runouts, deck0, n0, base, slot_row, slot_col, seg_sizes, ranged,
               alt_cards, alt_masks, alt_known, alt_sizes, alt_weights, binom, ht, lt, ot,
               counts, dealt):
        n_workers = counts.shape[0]
        n_players = base.shape[0]
        n_unknown = slot_row.shape[0]
        span = last - first
        for w in prange(n_workers):
            local = np.zeros_like(counts[w])
            hands = base.copy()
            avail = np.empty(64, np.uint8)
            drawn = np.empty(64, np.uint8)
            hi = np.zeros(n_players, np.int16)
            lo = np.zeros(n_players, np.int16)
            mine = 0
            for d in range(first + span * w // n_workers, first + span * (w + 1) // n_workers):
                choice = d // runouts
                runout = d % runouts
                used = np.uint64(0)
                weight = 1.0
                ok = True
                for r in range(ranged.shape[0] - 1, -1, -1):
                    j = choice % alt_sizes[r]
                    choice //= alt_sizes[r]
                    m = alt_masks[r, j]
                    if used & m:
                        ok = False
                        break
                    used |= m
                    weight *= alt_weights[r, j]
                    for c in range(alt_known[r]):
                        hands[ranged[r], c] = alt_cards[r, j, c]
                if not ok:
                    continue
                n = live_without(deck0, n0, used, avail)
                placed = 0
                for s in range(seg_sizes.shape[0]):
                    size = seg_sizes[s]
                    ways = binom[n, size]
                    n = unrank(avail, n, size, runout % ways, binom, drawn, placed)
                    runout //= ways
                    placed += size
                for u in range(n_unknown):
                    place(hands, n_players, slot_row, slot_col, u, drawn[u])
                best_hi, best_lo = showdown(hands, n_players, omaha, h, k, flavor, has_low,
                                            ht, lt, ot, hi, lo)
                tally(hi, lo, best_hi, best_lo, n_players, has_low, local, weight)
                mine += 1
            counts[w] += local
            dealt[w] += mine

    return kernel
