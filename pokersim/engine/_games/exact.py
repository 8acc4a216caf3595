"""The exact kernels of the games: every deal, numbered, each worker a span of them (see
:mod:`pokersim.engine._games`)."""

from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np

from ..._core.jit import jit, trailing_zeros, worker_copies
from .shared import (
    _U,
    MAX_UNKNOWN,
    Layout,
    describe_board,
    list_cards,
    player_strength,
    take_hand,
    tally,
    tally_categories,
)

# ---------------------------------------------------------------------------------------------
# Exact enumeration


@jit(inline=True)
def unrank(rank, n, k, binom, pos, first):
    """The positions (among n, increasing) of the k-combination of lexicographic rank
    ``rank`` into ``pos[first:first + k]``."""
    x = 0
    for j in range(k):
        while True:
            c = binom[n - x - 1, k - j - 1]
            if rank < c:
                break
            rank -= c
            x += 1
        pos[first + j] = x
        x += 1


@jit(inline=True)
def set_cards(o, s, start, lo, hi, known, avail, pos, drawn, omaha, has_low, base, tot,
              prefix, cards, card_keys, card_bits, l_keys):
    """Owner o's cards ``start .. hi[o] - 1`` of the deal from their positions among
    ``avail[s]``: into ``drawn``, and into its row after its known ones (Omaha) or into its
    running key, bits and low key (``prefix``, the last into ``tot``)."""
    for t in range(start, hi[o]):
        c = avail[s, pos[t]]
        drawn[t] = c
        if omaha:
            cards[o, known[o] + t - lo[o]] = c
        else:
            first = t == lo[o]
            prefix[0, t] = (base[0, o] if first else prefix[0, t - 1]) + card_keys[c]
            prefix[1, t] = (base[1, o] if first else prefix[1, t - 1]) + card_bits[c]
            if has_low:
                prefix[2, t] = (base[2, o] if first else prefix[2, t - 1]) + l_keys[c]
    if not omaha:
        for x in range(3 if has_low else 2):
            tot[x, o] = prefix[x, hi[o] - 1]


@jit(inline=True)
def cards_mask(o, drawn, lo, hi):
    """The mask of owner o's unknown cards in ``drawn``."""
    mask = _U(0)
    for t in range(lo[o], hi[o]):
        mask |= _U(1) << _U(drawn[t])
    return mask


@jit(inline=True)
def last_card(c, last, t, omaha, known, lo, has_low, prefix, base, tot, cards, card_keys,
              card_bits, l_keys):
    """The last player's card ``t`` of the deal is ``c``: into its row (Omaha) or its key,
    bits and low key (``tot``, from its running sums before it)."""
    if omaha:
        cards[last, known[last] + t - lo[last]] = c
    else:
        for x in range(3 if has_low else 2):
            before = prefix[x, t - 1] if t > lo[last] else base[x, last]
            tot[x, last] = before + (card_keys[c] if x == 0 else card_bits[c] if x == 1 else
                                     l_keys[c])


@jit(inline="llvm")  # (Numba's own inlining of a call this long into the kernel, a closure,
# fails under Python 3.13: "Calling a closure with *args is unsupported")
def showdown(c, last, t, stale, n_players, omaha, h, flavor, has_low, known, lo, prefix, base,
             tot, cards, board, card_keys, card_bits, l_keys, flush, offsets, table, b_flush,
             b_offsets, b_table, l_offsets, l_table, board_keys, o_bits, pair_slot, nonflush,
             flush_row, o_flush, low_bits, low_table, s_hi, s_lo, masks, codes, weight):
    """One deal of the innermost loop: the last player's card ``t`` is ``c`` (no card moves
    when ``last`` is -1), the strengths of the players of ``stale`` and of the last one are
    found again (:func:`find_strengths`), and the pot tallied
    (:func:`~pokersim.engine._games.shared.tally`)."""
    if last >= 0:
        last_card(c, last, t, omaha, known, lo, has_low, prefix, base, tot, cards, card_keys,
                  card_bits, l_keys)
        stale |= 1 << last
    find_strengths(stale, n_players, omaha, h, flavor, has_low, tot, cards, board, flush,
                   offsets, table, b_flush, b_offsets, b_table, l_offsets, l_table, board_keys,
                   o_bits, pair_slot, nonflush, flush_row, o_flush, low_bits, low_table, s_hi,
                   s_lo)
    tally(s_hi, s_lo, n_players, has_low, masks, codes, weight)


@jit(inline=True)
def find_strengths(stale, n_players, omaha, h, flavor, has_low, tot, cards, board, flush,
                   offsets, table, b_flush, b_offsets, b_table, l_offsets, l_table, board_keys,
                   o_bits, pair_slot, nonflush, flush_row, o_flush, low_bits, low_table, s_hi,
                   s_lo):
    """The (high, low) strengths of the players of ``stale`` (a bit each) into ``s_hi`` and
    ``s_lo`` (:func:`~pokersim.engine._games.shared.player_strength`)."""
    while stale:
        p = np.int64(trailing_zeros(_U(stale)))  # int64, as the other callers' players
        stale &= stale - 1
        s_hi[p], s_lo[p] = player_strength(
            p, n_players, omaha, h, flavor, has_low, tot, cards, board, flush, offsets, table,
            b_flush, b_offsets, b_table, l_offsets, l_table, board_keys, o_bits, pair_slot,
            nonflush, flush_row, o_flush, low_bits, low_table)


class ExactSpace(NamedTuple):
    """One exact worker's own arrays (:func:`exact_spaces`); see :func:`exact_kernel`."""

    masks: np.ndarray  # (mask_width,) float64: winner-mask counts (see tally)
    codes: np.ndarray  # (P (P + 1) (P + 2) or 0,) float64: outcome-code counts
    cats: np.ndarray  # (P or 0, categories) float64: the categories of the high hands
    base: np.ndarray  # (3, P + 1) uint64: each owner's known cards' keys (a copy of layout.keys)
    tot: np.ndarray  # (3, P + 1) uint64: the keys with the dealt cards
    cards: np.ndarray  # (P + 1, cards) uint8: Omaha's rows of cards (a copy of layout.cards)
    board: np.ndarray  # (4,) uint64: Omaha's board description
    drawn: np.ndarray  # (MAX_UNKNOWN,) uint8: the deal's unknown cards
    pos: np.ndarray  # (MAX_UNKNOWN,) int64: each card's place in its owner's avail
    prefix: np.ndarray  # (3, MAX_UNKNOWN) uint64: keys summed along an owner's cards
    avail: np.ndarray  # (segments, 64) uint8: the cards each owner's come from
    n_avail: np.ndarray  # (segments,) int64
    taken: np.ndarray  # (segments + 1,) uint64: the cards taken before each owner's
    digits: np.ndarray  # (segments,) int64
    s_hi: np.ndarray  # (P,) int16: each player's strengths
    s_lo: np.ndarray


def exact_spaces(n_workers: int, layout: Layout, masks: int, codes: int,
                 cats: tuple[int, int]):
    """An :class:`ExactSpace` per worker for a deal of ``layout``, with ``masks`` and ``codes``
    zeroed counts (one of the two sizes 0; see :func:`mask_width`) and zeroed category counts
    of shape ``cats`` (no rows: not counted)."""
    n_players = layout.cards.shape[0] - 1
    segments = max(layout.order.shape[0], 1)
    return worker_copies(
        n_workers, ExactSpace, masks=np.zeros(masks), codes=np.zeros(codes),
        cats=np.zeros(cats), base=layout.keys,
        tot=layout.keys, cards=layout.cards, board=np.zeros(4, np.uint64),
        drawn=np.zeros(MAX_UNKNOWN, np.uint8), pos=np.zeros(MAX_UNKNOWN, np.int64),
        prefix=np.zeros((3, MAX_UNKNOWN), np.uint64), avail=np.zeros((segments, 64), np.uint8),
        n_avail=np.zeros(segments, np.int64),
        taken=np.zeros(layout.order.shape[0] + 1, np.uint64),
        digits=np.zeros(segments, np.int64), s_hi=np.zeros(n_players, np.int16),
        s_lo=np.zeros(n_players, np.int16))


@functools.cache
def exact_kernel(omaha: bool):
    """The exact kernel of a family of games (see :func:`monte_carlo_kernel`)."""

    @jit(worker=True)
    def kernel(w, n_workers, first, last, runouts, ways, shape, layout, ranged, binom,
               category_of, ht, lt, ot, bt, space):
        """Worker w's share (the w-th of W equal spans) of deals ``first .. last - 1`` (see
        the module docstring) of a game of ``shape`` (as the Monte Carlo kernel takes it),
        weighted, into its ``space.masks`` or ``space.codes`` (see :func:`tally`), and the
        category of each player's high hand (``category_of`` its strength) into
        ``space.cats`` where it has rows. Returns the number of deals it counted."""
        live, lo, hi, order, known, cards0 = (layout.live, layout.lo, layout.hi, layout.order,
                                              layout.known, layout.cards)
        r_players, r_cards, r_masks, r_keys, choices, choice_weights = (
            ranged.players, ranged.cards, ranged.masks, ranged.keys, ranged.choices,
            ranged.choice_weights)
        card_keys, card_bits, flush, offsets, table = ht
        l_keys, _, _, l_offsets, l_table = lt
        b_flush, b_offsets, b_table = bt
        board_keys, o_bits, o_offsets, board_hash, pair_slot, nonflush, flush_row, o_flush, \
            low_bits, low_table = ot
        h, flavor, has_low = shape
        n_players = cards0.shape[0] - 1
        n_seg = order.shape[0]
        span = last - first
        my_masks, my_codes, my_cats, base, tot, cards, board, drawn, pos, prefix, avail, \
            n_avail, taken, digits, s_hi, s_lo = space
        by_category = my_cats.shape[0] > 0
        mine = 0
        d = first + span * w // n_workers
        stop = first + span * (w + 1) // n_workers
        while d < stop:
            choice = d // runouts
            end = min(stop, (choice + 1) * runouts)
            used = _U(0)
            for r in range(r_players.shape[0]):
                j = choices[choice, r]
                used |= r_masks[r, j]
                take_hand(r, j, r_players, r_cards, r_keys, known, base, cards)
            weight = choice_weights[choice]
            for x in range(3):  # the owners without unknown cards; set_cards sets the others
                for o in range(n_players + 1):
                    tot[x, o] = base[x, o]
            rest = d % runouts
            for s in range(n_seg - 1, -1, -1):
                digits[s] = rest % ways[s]
                rest //= ways[s]
            taken[0] = used
            count = end - d
            # the owner whose last card runs along the innermost loop (a player), or -1
            last = order[n_seg - 1] if n_seg and order[n_seg - 1] < n_players else -1
            # the owners from order[changed] on have new cards, from card ``since`` on for
            # the first of them (-1: all); changed = -1: a known board first
            changed = 0 if n_seg and order[0] == n_players else -1
            since = -1
            done = 0
            stale = 0  # the players whose strengths are to be found again, a bit each
            while True:
                for s in range(changed, n_seg):
                    o = order[s] if s >= 0 else n_players
                    if s >= 0:
                        start = lo[o]
                        if s == changed and since >= 0:
                            start = since
                        else:  # the cards left, and the owner's combination among them
                            n_avail[s] = list_cards(live & ~taken[s], avail[s])
                            unrank(digits[s], n_avail[s], hi[o] - lo[o], binom, pos, lo[o])
                            digits[s] = 0  # the next time, the first combination
                        set_cards(o, s, start, lo, hi, known, avail, pos, drawn, omaha,
                                  has_low, base, tot, prefix, cards, card_keys, card_bits,
                                  l_keys)
                        if s + 1 < n_seg:
                            taken[s + 1] = taken[s] | cards_mask(o, drawn, lo, hi)
                    # the strengths to find again: player o's, or for the board, its
                    # description and the players' without unknown cards
                    if omaha and o == n_players:
                        describe_board(cards, n_players, board, has_low, board_keys,
                                       o_bits, o_offsets, board_hash, low_bits)
                    for p in range(n_players):
                        if p == o or (o == n_players and lo[p] == hi[p]):
                            stale |= 1 << p
                # the deals where only the last player's last card moves on, in a tight
                # loop: its key (or row) with each card left, one evaluation and the pot
                # (and the categories: in a copy of the loop, as a test a deal cost exact
                # Omaha 5%)
                t = hi[last] - 1 if last >= 0 else 0
                run = min(n_avail[n_seg - 1] - pos[t], count - done) if last >= 0 else 1
                if not by_category:
                    for j in range(pos[t], pos[t] + run):
                        showdown(avail[n_seg - 1, j], last, t, stale, n_players, omaha, h,
                                 flavor, has_low, known, lo, prefix, base, tot, cards, board,
                                 card_keys, card_bits, l_keys, flush, offsets, table, b_flush,
                                 b_offsets, b_table, l_offsets, l_table, board_keys, o_bits,
                                 pair_slot, nonflush, flush_row, o_flush, low_bits, low_table,
                                 s_hi, s_lo, my_masks, my_codes, weight)
                        stale = 0
                else:
                    for j in range(pos[t], pos[t] + run):
                        showdown(avail[n_seg - 1, j], last, t, stale, n_players, omaha, h,
                                 flavor, has_low, known, lo, prefix, base, tot, cards, board,
                                 card_keys, card_bits, l_keys, flush, offsets, table, b_flush,
                                 b_offsets, b_table, l_offsets, l_table, board_keys, o_bits,
                                 pair_slot, nonflush, flush_row, o_flush, low_bits, low_table,
                                 s_hi, s_lo, my_masks, my_codes, weight)
                        stale = 0
                        tally_categories(s_hi, n_players, category_of, my_cats, weight)
                done += run
                if done == count:
                    break
                # the next deal: the rightmost card that can move on does, the cards
                # after it start again
                if last >= 0:
                    pos[t] += run - 1
                    drawn[t] = avail[n_seg - 1, pos[t]]
                    for x in range(3 if has_low else 2):
                        prefix[x, t] = tot[x, last]
                changed = n_seg - 1
                o = order[changed]
                since = hi[o] - 1
                while pos[since] == n_avail[changed] - hi[o] + since:
                    since -= 1
                    if since < lo[o]:
                        changed -= 1
                        o = order[changed]
                        since = hi[o] - 1
                pos[since] += 1
                for u in range(since + 1, hi[o]):
                    pos[u] = pos[u - 1] + 1
            mine += count
            d = end
        return mine

    return kernel
