"""The kernels of :mod:`pokersim.games.equity`: every deal of a game, its showdown and its pot.

A deal has *owners* of cards: the players 0 .. P - 1 and the board (owner P). Each owner has
known cards and unknown ones; a deal's unknown cards form one sequence, the board's first,
then each player's in turn: owner o's are ``drawn[lo[o]:hi[o]]`` (:class:`Layout`). Players
given as a list of hands (:class:`Ranged`) have their known cards chosen per deal.

A player's strength, by the kind of game:

* the best hand of all the player's and the board's cards (Hold'em, short deck, stud, razz,
  the draw games): each owner's cards are summed once into a card key and ORed into card bits
  (:mod:`pokersim.tables`); a player's hand is its own sum plus the board's, one lookup in the
  game's ranking (:func:`pokersim.evaluate.ranked_lookup`), and one more in eight-or-better
  in hi/lo games. No row of cards is written or read back.
* exactly two hole cards and three board cards (Omaha, Courchevel): the cards in place, a row
  per owner, for :mod:`pokersim.rankings.omaha`'s helpers (the board's description once,
  then each player's hole cards).

Each showdown adds its weight to ``counts[p, h, l]`` for each player p: ``h`` the number of
players sharing the high half when p is one of them (0 when p is not), ``l`` the same for the
low half, or ``players + 1`` when no hand has a low (the high half then takes the whole pot).
These codes hold every pot share (see :func:`pokersim.games.equity.shares`), so one count
array serves wins, ties, scoops, each half's equity and the standard error.

Monte Carlo counts are int64: block ``b`` of trials draws from stream ``block_state(key, b)``
(whatever the chunking or thread count). A trial chooses the range players' hands (alias
tables; a draw with a card in common is drawn again), then deals the unknown cards without
replacement from the 64-bit mask of the cards left: each card the i-th set bit (one ``pdep``,
:func:`pokersim._jit.nth_bit`), i uniform, up to ten draws from one 64-bit number
(:func:`pokersim.deal.batch_number`, no bias).

Exact counts are weighted (float64), over deals numbered 0 .. (the range players' choices in
mixed radix, most significant; then each owner's unknown cards in deal order, by the
lexicographic rank of their combination among the cards the owners before them left, the last
owner least significant). A worker unranks the first deal of its span, then steps from deal to
deal: the last owner's combination moves first, and only the owners whose cards changed are
evaluated again (a river against a random hand: one hand per deal).
"""

from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np
from numba import prange

from .._jit import jit, mul_wide, nth_bit, trailing_zeros
from .._random import block_state, sample_alias
from ..deal import BATCH, batch_number
from ..evaluate import ranked_lookup
from ..rankings import PLAIN
from ..rankings.omaha import board_high, hole_high, low_mask

#: The most unknown cards of a deal (the live cards fit a 64-bit mask).
MAX_UNKNOWN = 64
_U = np.uint64

# ---------------------------------------------------------------------------------------------
# The kernels' arguments. The kernels copy what they write into per-worker locals before their
# prange loop (Numba drops writes inside a prange loop to an array reached through a tuple's
# attribute: numba/numba#5872).


class Layout(NamedTuple):
    """Where a deal's cards come from and go (see the module docstring)."""

    live: np.uint64  # the mask of the live cards: the deck less board, dead and single hands
    lo: np.ndarray  # (P + 1,) int64: owner o's unknown cards are drawn[lo[o]:hi[o]]
    hi: np.ndarray  # (P + 1,) int64
    order: np.ndarray  # (S,) int64: the owners with unknown cards, in deal order
    known: np.ndarray  # (P + 1,) int64: owner o's known cards (its first columns of ``cards``)
    keys: np.ndarray  # (4, P + 1) uint64: key, bits, low key, low bits of each owner's known
    #                   cards (players' keys from KEY_BIAS; a range player's set per deal)
    cards: np.ndarray  # (P + 1, max(hole, 5)) uint8: Omaha games' cards in place (row P: board)


class Ranged(NamedTuple):
    """The players given as lists of hands: player ``players[r]`` holds hand j of its list
    with chance ``weights[r, j]`` (alias tables ``threshold``, ``alias``) among the choices
    that share no card with the others."""

    players: np.ndarray  # (R,) int64
    cards: np.ndarray  # (R, M, hole) uint8: each hand's known cards (``Layout.known`` of them)
    masks: np.ndarray  # (R, M) uint64: each hand's card mask
    keys: np.ndarray  # (R, M, 4) uint64: each hand's key, bits, low key and low bits
    sizes: np.ndarray  # (R,) int64: hands in each list
    weights: np.ndarray  # (R, M) float64
    threshold: np.ndarray  # (R, M) uint64
    alias: np.ndarray  # (R, M) int64


# ---------------------------------------------------------------------------------------------
# One deal: its cards, each player's strength, the pot


@jit(inline=True)
def draw(state, avail, n_live, n, plan, drawn):
    """Deal ``drawn[:n]`` uniformly without replacement from the cards of the mask ``avail``
    (``n_live`` of them; ``plan`` from :func:`pokersim.deal.deal_plan`): draw t takes the i-th
    card left, i uniform below ``n_live - t``. Returns the new state."""
    for batch in range(plan.shape[0]):
        state, r = batch_number(state, plan, batch)
        for t in range(batch * BATCH, min(n, (batch + 1) * BATCH)):
            i, r = mul_wide(r, _U(n_live - t))
            bit = nth_bit(avail, i)
            avail ^= bit
            drawn[t] = trailing_zeros(bit)
    return state


@jit(inline=True)
def sum_cards(o, drawn, lo, hi, base, tot, has_low, ht, lt):
    """Owner o's key and bits (and low key and bits): its known cards' (``base``) with its
    unknown cards ``drawn[lo[o]:hi[o]]``, into ``tot``."""
    card_keys, card_bits = ht[0], ht[1]
    key = base[0, o]
    bits = base[1, o]
    for t in range(lo[o], hi[o]):
        key += card_keys[drawn[t]]
        bits |= card_bits[drawn[t]]
    tot[0, o] = key
    tot[1, o] = bits
    if has_low:
        l_keys, l_bits = lt[0], lt[1]
        key = base[2, o]
        bits = base[3, o]
        for t in range(lo[o], hi[o]):
            key += l_keys[drawn[t]]
            bits |= l_bits[drawn[t]]
        tot[2, o] = key
        tot[3, o] = bits


@jit(inline=True)
def ranked_deal(n_players, drawn, lo, hi, known, base, tot, cards, board, has_low, ht, lt, ot):
    """A drawn deal of a game ranking all of a player's and the board's cards: each owner's
    key and bits (:func:`sum_cards`)."""
    for o in range(n_players + 1):
        sum_cards(o, drawn, lo, hi, base, tot, has_low, ht, lt)


@jit(inline=True)
def omaha_deal(n_players, drawn, lo, hi, known, base, tot, cards, board, has_low, ht, lt, ot):
    """A drawn deal of an Omaha game: each owner's cards into its row after its known ones,
    and the board's description (:func:`describe_board`)."""
    for o in range(n_players + 1):
        for t in range(lo[o], hi[o]):
            cards[o, known[o] + t - lo[o]] = drawn[t]
    describe_board(cards, n_players, board, has_low, ot)


@jit(inline=True)
def describe_board(cards, b, board, has_low, ot):
    """Omaha: what :func:`omaha_strength` needs of the board (row ``b`` of ``cards``) into
    ``board``: its row, flush flag and suited ranks (:func:`~pokersim.rankings.omaha.
    board_high`), and its mask of low ranks."""
    board_keys, o_bits, o_offsets, board_hash, low_bits = ot[0], ot[1], ot[2], ot[3], ot[8]
    row, flag, suited = board_high(cards, b, 0, board_keys, o_bits, o_offsets, board_hash)
    board[0] = row
    board[1] = flag
    board[2] = suited
    if has_low:
        board[3] = low_mask(cards, b, 0, 5, low_bits)


@jit(inline=True)
def no_description(cards, b, board, has_low, ot):
    """Games ranking all the cards need no description of the board."""


@jit(inline=True)
def ranked_strength(p, n_players, h, flavor, has_low, tot, cards, board, ht, lt, ot):
    """(high, low) strengths of player p from its key and bits and the board's (low 0: none,
    or no low half in the game)."""
    b = n_players
    high = ranked_lookup(flavor, tot[0, p] + tot[0, b], tot[1, p] | tot[1, b], ht[2], ht[3],
                         ht[4])
    low = np.int16(0)
    if has_low:
        low = ranked_lookup(PLAIN, tot[2, p] + tot[2, b], tot[3, p] | tot[3, b], lt[2], lt[3],
                            lt[4])
    return high, low


@jit(inline=True)
def omaha_strength(p, n_players, h, flavor, has_low, tot, cards, board, ht, lt, ot):
    """(high, low) strengths of Omaha player p, from its row of ``h`` hole cards and the
    board's description (:func:`describe_board`)."""
    board_keys, o_bits, pair_slot, nonflush, flush_row, o_flush, low_bits, low_table = \
        ot[0], ot[1], ot[4], ot[5], ot[6], ot[7], ot[8], ot[9]
    high = hole_high(cards, p, 0, h, board[0], board[1], board[2], board_keys, o_bits,
                     pair_slot, nonflush, flush_row, o_flush)
    low = np.int16(0)
    if has_low:
        low = np.int16(low_table[(board[3] << _U(8)) | _U(low_mask(cards, p, 0, h, low_bits))])
    return high, low


@jit(inline=True)
def tally(hi, lo, n_players, has_low, local, weight):
    """Add ``weight`` to each player's outcome code (see the module docstring)."""
    best_hi = hi[0]
    best_lo = lo[0]
    for p in range(1, n_players):
        best_hi = max(best_hi, hi[p])
        best_lo = max(best_lo, lo[p])
    n_hi = 0
    n_lo = 0
    for p in range(n_players):
        n_hi += hi[p] == best_hi
        n_lo += lo[p] == best_lo
    no_low = not has_low or best_lo == 0
    for p in range(n_players):
        h = n_hi if hi[p] == best_hi else 0
        low = n_players + 1 if no_low else (n_lo if lo[p] == best_lo else 0)
        local[p, h, low] += weight


@jit(inline=True)
def take_hand(r, j, ranged_players, ranged_cards, ranged_keys, known, base, cards):
    """Range player ``ranged_players[r]`` holds hand j of its list: its key and bits into
    ``base``, its cards into ``cards``."""
    p = ranged_players[r]
    for x in range(4):
        base[x, p] = ranged_keys[r, j, x]
    for c in range(known[p]):
        cards[p, c] = ranged_cards[r, j, c]


@jit(inline=True)
def choose_ranged(state, ranged, known, max_rejections, base, cards):
    """Draw one hand per range player (by its weights) until no two share a card, and take
    them (:func:`take_hand`); returns (state, mask of their cards, or 0 after
    ``max_rejections`` conflicts in a row)."""
    players, r_cards, masks, r_keys, sizes, threshold, alias = (
        ranged.players, ranged.cards, ranged.masks, ranged.keys, ranged.sizes,
        ranged.threshold, ranged.alias)
    for _ in range(max_rejections):
        used = _U(0)
        ok = True
        for r in range(players.shape[0]):
            state, j = sample_alias(state, threshold, alias, r, sizes[r])
            m = masks[r, j]
            if used & m:
                ok = False
                break
            used |= m
            take_hand(r, j, players, r_cards, r_keys, known, base, cards)
        if ok:
            return state, used
    return state, _U(0)


# ---------------------------------------------------------------------------------------------
# Monte Carlo


@functools.cache
def monte_carlo_kernel(omaha: bool, h: int, flavor: int, has_low: bool):
    """The Monte Carlo kernel of a game's shape (compile-time constants: Omaha's two-plus-three
    rule and hole cards, the ranking's lookup flavor, a low half); ``stalled[w]`` counts the
    blocks worker w gave up (range players in conflict too often)."""
    deal, strength = (omaha_deal, omaha_strength) if omaha else (ranked_deal, ranked_strength)

    @jit(parallel=True)
    def kernel(key, first, n_blocks, block, trials, n_live, n_unknown, plan, layout, ranged,
               max_rejections, ht, lt, ot, counts, stalled):
        live, lo, hi, known, keys, cards0 = (layout.live, layout.lo, layout.hi, layout.known,
                                             layout.keys, layout.cards)
        n_workers = counts.shape[0]
        n_players = cards0.shape[0] - 1
        n_ranged = ranged.players.shape[0]
        for w in prange(n_workers):
            local = np.zeros_like(counts[w])
            base = keys.copy()
            tot = keys.copy()
            cards = cards0.copy()
            board = np.zeros(4, np.uint64)
            drawn = np.empty(MAX_UNKNOWN, np.uint8)
            s_hi = np.zeros(n_players, np.int16)
            s_lo = np.zeros(n_players, np.int16)
            for b in range(first + w, first + n_blocks, n_workers):
                state = block_state(key, b)
                for _ in range(min(block, trials - b * block)):
                    used = _U(0)
                    if n_ranged:
                        state, used = choose_ranged(state, ranged, known, max_rejections, base,
                                                    cards)
                        if used == 0:
                            stalled[w] += 1
                            break
                    state = draw(state, live & ~used, n_live, n_unknown, plan, drawn)
                    deal(n_players, drawn, lo, hi, known, base, tot, cards, board, has_low, ht,
                         lt, ot)
                    for p in range(n_players):
                        s_hi[p], s_lo[p] = strength(p, n_players, h, flavor, has_low, tot,
                                                    cards, board, ht, lt, ot)
                    tally(s_hi, s_lo, n_players, has_low, local, 1)
            counts[w] += local

    return kernel


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
def list_cards(mask, avail, s):
    """The cards of ``mask``, ascending, into ``avail[s]``; returns how many."""
    n = 0
    while mask:
        avail[s, n] = trailing_zeros(mask)
        mask &= mask - _U(1)
        n += 1
    return n


@jit(inline=True)
def ranked_set(o, s, start, lo, hi, known, avail, pos, drawn, base, tot, prefix, cards,
               has_low, ht, lt):
    """Owner o's cards ``start .. hi[o] - 1`` of the deal from their positions among
    ``avail[s]`` into ``drawn``, and its key and bits: running sums in ``prefix``, the last
    into ``tot``."""
    card_keys, card_bits, l_keys, l_bits = ht[0], ht[1], lt[0], lt[1]
    for t in range(start, hi[o]):
        c = avail[s, pos[t]]
        drawn[t] = c
        first = t == lo[o]
        prefix[0, t] = (base[0, o] if first else prefix[0, t - 1]) + card_keys[c]
        prefix[1, t] = (base[1, o] if first else prefix[1, t - 1]) | card_bits[c]
        if has_low:
            prefix[2, t] = (base[2, o] if first else prefix[2, t - 1]) + l_keys[c]
            prefix[3, t] = (base[3, o] if first else prefix[3, t - 1]) | l_bits[c]
    for x in range(4 if has_low else 2):
        tot[x, o] = prefix[x, hi[o] - 1]


@jit(inline=True)
def omaha_set(o, s, start, lo, hi, known, avail, pos, drawn, base, tot, prefix, cards,
              has_low, ht, lt):
    """Owner o's cards ``start .. hi[o] - 1`` of the deal from their positions among
    ``avail[s]`` into ``drawn`` and into its row of ``cards``, after its known ones."""
    for t in range(start, hi[o]):
        c = avail[s, pos[t]]
        drawn[t] = c
        cards[o, known[o] + t - lo[o]] = c


@jit(inline=True)
def cards_mask(o, drawn, lo, hi):
    """The mask of owner o's unknown cards in ``drawn``."""
    mask = _U(0)
    for t in range(lo[o], hi[o]):
        mask |= _U(1) << _U(drawn[t])
    return mask


@functools.cache
def exact_kernel(omaha: bool, h: int, flavor: int, has_low: bool):
    """The exact kernel of a game's shape: deals ``first .. last - 1`` (see the module
    docstring), weighted; ``dealt[w]`` counts the deals worker w counted (the others give two
    range players a card in common)."""
    set_cards, strength, board_changed = (
        (omaha_set, omaha_strength, describe_board) if omaha
        else (ranked_set, ranked_strength, no_description))

    @jit(inline=True)
    def owner_changed(o, lo, hi, s_hi, s_lo, n_players, tot, cards, board, ht, lt, ot):
        """The strengths again after owner o's cards changed: player o's, or for the board,
        its description and the strengths of the players without unknown cards (the others'
        are set with their cards, which come after the board's)."""
        if o == n_players:
            board_changed(cards, n_players, board, has_low, ot)
        for p in range(n_players):
            if p == o or (o == n_players and lo[p] == hi[p]):
                s_hi[p], s_lo[p] = strength(p, n_players, h, flavor, has_low, tot, cards,
                                            board, ht, lt, ot)

    @jit(parallel=True)
    def kernel(first, last, runouts, ways, layout, ranged, binom, ht, lt, ot, counts, dealt):
        live, lo, hi, order, known, keys, cards0 = (layout.live, layout.lo, layout.hi,
                                                    layout.order, layout.known, layout.keys,
                                                    layout.cards)
        r_players, r_cards, r_masks, r_keys, r_sizes, r_weights = (
            ranged.players, ranged.cards, ranged.masks, ranged.keys, ranged.sizes,
            ranged.weights)
        n_workers = counts.shape[0]
        n_players = cards0.shape[0] - 1
        n_seg = order.shape[0]
        span = last - first
        for w in prange(n_workers):
            local = np.zeros_like(counts[w])
            base = keys.copy()
            tot = keys.copy()
            cards = cards0.copy()
            board = np.zeros(4, np.uint64)
            drawn = np.zeros(MAX_UNKNOWN, np.uint8)
            pos = np.zeros(MAX_UNKNOWN, np.int64)  # each card's place in its owner's avail
            prefix = np.zeros((4, MAX_UNKNOWN), np.uint64)
            avail = np.zeros((max(n_seg, 1), 64), np.uint8)  # the cards each owner's come from
            n_avail = np.zeros(max(n_seg, 1), np.int64)
            taken = np.zeros(n_seg + 1, np.uint64)  # the cards taken before each owner's
            digits = np.zeros(max(n_seg, 1), np.int64)
            s_hi = np.zeros(n_players, np.int16)
            s_lo = np.zeros(n_players, np.int16)
            mine = 0
            d = first + span * w // n_workers
            stop = first + span * (w + 1) // n_workers
            while d < stop:
                choice = d // runouts
                end = min(stop, (choice + 1) * runouts)
                used = _U(0)
                weight = 1.0
                ok = True
                for r in range(r_players.shape[0] - 1, -1, -1):
                    j = choice % r_sizes[r]
                    choice //= r_sizes[r]
                    if used & r_masks[r, j]:
                        ok = False
                        break
                    used |= r_masks[r, j]
                    weight *= r_weights[r, j]
                    take_hand(r, j, r_players, r_cards, r_keys, known, base, cards)
                if not ok:
                    d = end
                    continue
                for x in range(4):  # the owners without unknown cards; set_cards sets the others
                    for o in range(n_players + 1):
                        tot[x, o] = base[x, o]
                rest = d % runouts
                for s in range(n_seg - 1, -1, -1):
                    digits[s] = rest % ways[s]
                    rest //= ways[s]
                taken[0] = used
                count = end - d
                # the owners from order[changed] on have new cards, from card ``since`` on for
                # the first of them (-1: all); changed = -1: a known board first
                changed = 0 if n_seg and order[0] == n_players else -1
                since = -1
                for step in range(count):
                    for s in range(changed, n_seg):
                        o = order[s] if s >= 0 else n_players
                        if s >= 0:
                            start = lo[o]
                            if s == changed and since >= 0:
                                start = since
                            else:  # the cards left, and the owner's combination among them
                                n_avail[s] = list_cards(live & ~taken[s], avail, s)
                                unrank(digits[s], n_avail[s], hi[o] - lo[o], binom, pos, lo[o])
                                digits[s] = 0  # the next time, the first combination
                            set_cards(o, s, start, lo, hi, known, avail, pos, drawn, base,
                                      tot, prefix, cards, has_low, ht, lt)
                            if s + 1 < n_seg:
                                taken[s + 1] = taken[s] | cards_mask(o, drawn, lo, hi)
                        owner_changed(o, lo, hi, s_hi, s_lo, n_players, tot, cards, board, ht,
                                      lt, ot)
                    tally(s_hi, s_lo, n_players, has_low, local, weight)
                    if step + 1 == count:
                        break
                    # the next deal: the rightmost card that can move on does (the last
                    # owner's last card, mostly), the cards after it start again
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
            counts[w] += local
            dealt[w] += mine

    return kernel
