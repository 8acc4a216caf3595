"""What every game kernel shares: the kernels' arguments (:class:`Layout`, :class:`Ranged`),
the pot's winner masks and outcome codes, and one deal's strengths and pot
(see :mod:`pokersim.engine._games`)."""

from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np

from ..._core.gaps import stored_slots, taken_slots
from ..._core.jit import jit, popcount, trailing_zeros
from ...evaluator.tables import (
    FLUSH_CHECK,
    KEY_BIAS,
    lookup,
    nonflush_strength,
)
from ...rankings import BADUGI, FLUSH_NEEDS_ALL_CARDS
from ...rankings.badugi import badugi_strength_ace_low
from ...rankings.hashed import deuce_to_seven_flush
from ...rankings.omaha import any_hole_high, board_high, low_mask

#: The most unknown cards of a deal (the live cards fit a 64-bit mask).
MAX_UNKNOWN = 64
#: Winner masks are counted up to this many entries (:func:`mask_width`).
MAX_MASKS = 1024
_U = np.uint64
#: 1 as a run-time int64: a literal 1 would compile tally_winners once more (Numba compiles
#: a helper once per literal value it is called with; see pokersim.engine._games.boards.FIRST).
ONE = np.int64(1)


def mask_width(n_players: int, has_low: bool) -> int:
    """Entries of the winner-mask counts of ``n_players`` players (0: too many players, count
    outcome codes instead).

    >>> mask_width(3, False), mask_width(3, True), mask_width(12, False)
    (8, 64, 0)
    """
    width = 1 << (n_players * (2 if has_low else 1))
    return width if width <= MAX_MASKS else 0


def codes_of_masks(masks: np.ndarray, n_players: int, has_low: bool) -> np.ndarray:
    """The outcome-code counts (players, players + 1, players + 2) of winner-mask counts.

    >>> codes_of_masks(np.array([0, 5, 2, 1]), 2, False)[:, :, 3].tolist()  # p0, p1, a tie
    [[2, 5, 1], [5, 2, 1]]
    """
    size = n_players * (n_players + 1) * (n_players + 2)
    code = code_of_mask(masks.size, n_players, has_low).ravel()
    every = np.concatenate([masks] * n_players)  # each player's row of ``code`` (broadcast_to
    # took 4-30 us)
    if masks.dtype == np.float64:  # the same sums in the same order, in a tenth of the time
        out = np.bincount(code, weights=every, minlength=size)
    else:  # whole counts stay whole (bincount sums in floats)
        out = np.zeros(size, masks.dtype)
        np.add.at(out, code, every)
    return out.reshape(n_players, n_players + 1, n_players + 2)


@functools.cache
def code_of_mask(width: int, n_players: int, has_low: bool) -> np.ndarray:
    """(players, width) int64: the flat outcome code of each player under each winner mask
    (read-only): ``code_of_mask(...)[p, m]`` is player p's ``(p (P + 1) + h) (P + 2) + l``.

    >>> code_of_mask(4, 2, False).tolist()  # masks: nobody, p0, p1, both
    [[3, 7, 3, 11], [15, 15, 19, 23]]
    """
    m = np.arange(width)[None, :]
    p = np.arange(n_players)[:, None]
    high = (m >> p) & 1
    low = (m >> (p + n_players)) & 1 if has_low else np.zeros_like(high)
    n_high = high.sum(axis=0, keepdims=True)
    n_low = low.sum(axis=0, keepdims=True)
    low_code = np.where(n_low == 0, n_players + 1, low * n_low)
    code = (p * (n_players + 1) + high * n_high) * (n_players + 2) + low_code
    code.flags.writeable = False
    return code


# ---------------------------------------------------------------------------------------------
# The kernels' arguments


class Layout(NamedTuple):
    """Where a deal's cards come from and go (see the module docstring)."""

    live: np.uint64  # the mask of the live cards: the deck less board, dead and single hands
    lo: np.ndarray  # (P + 1,) int64: owner o's unknown cards are drawn[lo[o]:hi[o]]
    hi: np.ndarray  # (P + 1,) int64
    order: np.ndarray  # (S,) int64: the owners with unknown cards, in deal order
    known: np.ndarray  # (P + 1,) int64: owner o's known cards (its first columns of ``cards``)
    keys: np.ndarray  # (3, P + 1) uint64: key, bits and low key of each owner's known cards
    #                   (players' keys from KEY_BIAS; a range player's set per deal)
    masks: np.ndarray  # (P + 1,) uint64: each owner's known cards (a range player's per deal)
    fixed: np.ndarray  # (P,) bool: the player's cards are all known, one hand
    slots: np.ndarray  # (P, 15) uint64: Omaha: a fixed hand's pairs' slots (pair_slot)
    counters: np.ndarray  # (P,) uint64: Omaha: its suit counters (as hole_high sums them)
    hole_low: np.ndarray  # (P,) uint64: Omaha: its mask of low ranks (low_mask)
    cards: np.ndarray  # (P + 1, max(hole, 5)) uint8: Omaha games' cards in place (row P: board)


class Ranged(NamedTuple):
    """The players given as lists of hands: player ``players[r]`` holds hand j of its list,
    a choice of every list's hands at a time. Exact enumeration walks the joint choices of
    ``choices`` (no two of a row's hands share a card; suit-isomorphic ones merged, see
    :mod:`pokersim.engine.choices`), each of weight ``choice_weights``; Monte Carlo draws a
    row of them by ``joint`` when they are listed (an alias table,
    :func:`~pokersim._core.streams.alias_rows`, with each choice's cards and keys beside its
    entry: one cache line read a draw), else a hand per player by ``threshold``, ``alias``
    (row r: its hands' weights), drawn again until no two share a card."""

    players: np.ndarray  # (R,) int64
    cards: np.ndarray  # (R, M, hole) uint8: each hand's known cards (``Layout.known`` of them)
    masks: np.ndarray  # (R, M) uint64: each hand's card mask
    keys: np.ndarray  # (R, M, 3) uint64: each hand's key, bits and low key
    sizes: np.ndarray  # (R,) int64: hands in each list
    threshold: np.ndarray  # (R, M) uint64
    alias: np.ndarray  # (R, M) int64
    choices: np.ndarray  # (T, R) int64: each row a hand of each list; (0, R): not listed
    choice_weights: np.ndarray  # (T,) float64
    joint: np.ndarray  # (T, W) uint64: threshold, alias, the choice's card mask, each
    #                   list's hand's key and bits, then the slots of its cards (gap_words)
    #                   where the portable deal reads them (none where pdep is fast);
    #                   (0, 8) when not drawn


@jit(inline=True)
def chosen_slots(joint, t, n_lists, n_held, used, live):
    """The (slots, count) of the portable draw (:func:`~pokersim._core.gaps.taken_slots`) for
    the ``n_held`` cards of ``n_lists`` range players' hands, ``used`` (all among ``live``):
    read from row ``t`` of ``joint`` when their choices are listed (kept after the keys and
    bits, :class:`Ranged`), else found from the mask."""
    if joint.shape[0]:
        return stored_slots(joint, t, 3 + 2 * n_lists, n_held)
    return taken_slots(used & live, live)


# ---------------------------------------------------------------------------------------------
# One deal: its cards, each player's strength, the pot


@jit(inline=True)
def describe_board(cards, b, board, has_low, board_keys, o_bits, o_offsets, board_hash,
                   low_bits):
    """Omaha: what :func:`player_strength` needs of the board (row ``b`` of ``cards``) into
    ``board``: its row, flush flag and suited ranks (:func:`~pokersim.rankings.omaha.
    board_high`), and its mask of low ranks."""
    row, flag, suited = board_high(cards, b, 0, board_keys, o_bits, o_offsets, board_hash)
    board[0] = row
    board[1] = flag
    board[2] = suited
    if has_low:
        board[3] = low_mask(cards, b, 0, 5, low_bits)


@jit(inline=True)
def game_lookup(flavor, key, bits, flush, offsets, table, b_flush, b_offsets, b_table):
    """The strength of a hand of summed ``key`` and ``bits`` in the ranking of lookup
    ``flavor``, a run-time value here (:func:`pokersim.evaluator.strengths.ranked_lookup` has it
    compiled in): badugi's from its own tables (``b_``), deuce-to-seven's flushes with the
    other cards, the other rankings' by :func:`pokersim.evaluator.tables.lookup`."""
    if flavor == BADUGI:
        return badugi_strength_ace_low(bits, b_flush, b_offsets, b_table)
    if flavor == FLUSH_NEEDS_ALL_CARDS and key & FLUSH_CHECK:
        return deuce_to_seven_flush(key, bits, flush, offsets, table)
    return lookup(key, bits, flush, offsets, table)


@jit(inline=True)
def player_strength(p, n_players, omaha, h, flavor, has_low, tot, cards, board, flush,
                    offsets, table, b_flush, b_offsets, b_table, l_offsets, l_table,
                    board_keys, o_bits, pair_slot, nonflush, flush_row, o_flush, low_bits,
                    low_table):
    """(high, low) strengths of player p (low 0: none, or no low half in the game): Omaha's
    from its row of ``h`` hole cards and the board's description (:func:`describe_board`),
    other games' from its key and bits and the board's (``tot``)."""
    low = np.int16(0)
    if omaha:
        high = any_hole_high(cards, p, 0, h, board[0], board[1], board[2], board_keys,
                             o_bits, pair_slot, nonflush, flush_row, o_flush)
        if has_low:
            low = np.int16(low_table[(board[3] << _U(8)) | _U(low_mask(cards, p, 0, h,
                                                                       low_bits))])
        return high, low
    b = n_players
    high = game_lookup(flavor, tot[0, p] + tot[0, b], tot[1, p] | tot[1, b], flush, offsets,
                       table, b_flush, b_offsets, b_table)
    if has_low:
        low = nonflush_strength(tot[2, p] + tot[2, b], l_offsets, l_table)
    return high, low


@jit(inline=True)
def with_hand(best, holders, strength, bit):
    """(the best strength, the mask of its holders) once a hand of ``strength`` is added
    (without a branch: which is the better hand is a coin toss to the CPU)."""
    keep = -np.int64(strength <= best)
    join = -np.int64(strength >= best)
    return max(best, strength), (holders & keep) | (bit & join)


@jit(inline=True)
def winners(s_hi, s_lo, n_players, has_low):
    """The winner mask of a showdown (see the module docstring), in one pass over the
    players (:func:`with_hand`)."""
    best_hi = np.int16(-1)
    best_lo = np.int16(-1)
    mask_hi = np.int64(0)
    mask_lo = np.int64(0)
    for p in range(n_players):
        bit = np.int64(1) << p
        best_hi, mask_hi = with_hand(best_hi, mask_hi, s_hi[p], bit)
        if has_low:
            best_lo, mask_lo = with_hand(best_lo, mask_lo, s_lo[p], bit)
    return mask_hi | ((mask_lo * (best_lo > 0)) << n_players)


@jit(inline=True)
def tally(s_hi, s_lo, n_players, has_low, masks, codes, weight):
    """Add ``weight`` to the showdown's winner mask in ``masks``, or where there are too many
    players for those, to each player's outcome code in ``codes`` (flat: p, h, l in C
    order)."""
    tally_winners(winners(s_hi, s_lo, n_players, has_low), n_players, masks, codes, weight)


@jit(inline=True)
def tally_winners(mask, n_players, masks, codes, weight):
    """:func:`tally` of a showdown's winner mask."""
    if masks.shape[0]:
        masks[mask] += weight
        return
    high = mask & ((np.int64(1) << n_players) - 1)
    low = mask >> n_players
    n_hi = np.int64(popcount(_U(high)))
    n_lo = np.int64(popcount(_U(low)))
    for p in range(n_players):
        h = n_hi if high >> p & 1 else 0
        lo = n_players + 1 if low == 0 else (n_lo if low >> p & 1 else 0)
        codes[(p * (n_players + 1) + h) * (n_players + 2) + lo] += weight


@jit(inline=True)
def tally_trial(mask, n_players, masks, codes):
    """Monte Carlo's :func:`tally_winners` of a trial's winner mask (weight 1). Outcome codes
    are written for the players holding a half only (most trials: one code, not one a
    player); the others' codes, (0, 0) with a low and (0, P + 1) without, are left to
    :func:`settle_codes`, and meanwhile player 0's two such codes count every trial of
    their kind (no holder's code is one of them)."""
    if masks.shape[0]:
        masks[mask] += 1
        return
    high = mask & ((np.int64(1) << n_players) - 1)
    low = mask >> n_players
    n_hi = np.int64(popcount(_U(high)))
    n_lo = np.int64(popcount(_U(low)))
    rest = n_players + 1 if low == 0 else 0  # the low code of a player out of the low
    codes[rest] += 1
    held = _U(high | low)
    while held:
        p = np.int64(trailing_zeros(held))
        held &= held - _U(1)
        h = n_hi if high >> p & 1 else 0
        lo = n_lo if low >> p & 1 else rest
        codes[(p * (n_players + 1) + h) * (n_players + 2) + lo] += 1


@jit
def settle_codes(codes, n_players):
    """The codes (0, 0) and (0, P + 1) of each player (flat ``codes``, as
    :func:`tally_winners` writes them) once :func:`tally_trial` has counted from zeroed codes:
    the trials with a low, and without, that player 0's codes hold, less those where the
    player holds a half (its other codes of the same kind)."""
    n1 = n_players + 1
    n2 = n_players + 2
    with_low = codes[0]
    no_low = codes[n1]
    for p in range(n_players):
        at = p * n1 * n2
        codes[at] = with_low
        codes[at + n1] = no_low
        for i in range(1, n1 * n2):
            if i != n1:
                codes[at + (n1 if i % n2 == n1 else 0)] -= codes[at + i]


@jit(inline=True)
def spot_keys(hands, boards, dead, r, card_keys, card_bits, keys, bits):
    """Row r of a batch of spots (``hands`` (N, P, 2), ``boards`` (N, b), ``dead`` (N, d)):
    each player's hole cards' key (from ``KEY_BIAS``) and bits into ``keys`` and ``bits``;
    returns (the board's key, from 0, its bits, the mask of every card of the row)."""
    used = _U(0)
    for p in range(hands.shape[1]):
        a = hands[r, p, 0]
        b = hands[r, p, 1]
        keys[p] = KEY_BIAS + card_keys[a] + card_keys[b]
        bits[p] = card_bits[a] | card_bits[b]
        used |= (_U(1) << _U(a)) | (_U(1) << _U(b))
    key = _U(0)
    board_bits = _U(0)
    for j in range(boards.shape[1]):
        c = boards[r, j]
        key += card_keys[c]
        board_bits |= card_bits[c]
        used |= _U(1) << _U(c)
    for j in range(dead.shape[1]):
        used |= _U(1) << _U(dead[r, j])
    return key, board_bits, used


@jit(inline=True)
def write_row(out, r, sums, n_players, total, trials):
    """Row r of a batch's columns ``out`` from the row's sums ``sums`` (5, P) over ``total``
    showdowns: win, tie, lose, equity (the pot shares) and squared pot shares. With ``out``
    (1, N, P), each player's equity; with (5, N, P): win, tie, lose, equity and the Monte
    Carlo standard error of equity over ``trials`` (0: exact, no error)."""
    scale = 1.0 / total
    for p in range(n_players):
        equity = sums[3, p] * scale
        if out.shape[0] == 1:
            out[0, r, p] = equity
            continue
        for j in range(4):
            out[j, r, p] = sums[j, p] * scale
        out[4, r, p] = (np.sqrt(max(sums[4, p] * scale - equity * equity, 0.0) / trials)
                        if trials else 0.0)


@jit(inline=True)
def list_cards(mask, out):
    """The cards of ``mask`` into ``out``, ascending; returns how many."""
    n = 0
    while mask:
        out[n] = trailing_zeros(mask)
        mask &= mask - _U(1)
        n += 1
    return n


@jit(inline=True)
def add_runout(i, j, n_runout, live, key, bits, card_keys, card_bits):
    """(key, suit-rank bits, card mask of the runout): the board of ``key`` and ``bits`` with
    the ``n_runout`` (0, 1 or 2) cards ``live[i]`` and, with two, ``live[j]`` added. The
    runouts of a board are ``i`` in ``range(n_live if n_runout > 0 else 1)``, then ``j`` in
    ``range(i + 1 if n_runout == 2 else 0, n_live if n_runout == 2 else 1)``."""
    runout = _U(0)
    if n_runout > 0:
        x = live[i]
        key += card_keys[x]
        bits |= card_bits[x]
        runout = _U(1) << _U(x)
    if n_runout == 2:
        y = live[j]
        key += card_keys[y]
        bits |= card_bits[y]
        runout |= _U(1) << _U(y)
    return key, bits, runout


@jit(inline=True)
def tally_categories(s_hi, n_players, category_of, cats, weight):
    """Add ``weight`` to the category of each player's high strength in ``cats``."""
    for p in range(n_players):
        cats[p, category_of[s_hi[p]]] += weight


@jit(inline=True)
def take_hand(r, j, ranged_players, ranged_cards, ranged_keys, known, base, cards):
    """Range player ``ranged_players[r]`` holds hand j of its list: its key, bits and low
    key into ``base``, its cards into ``cards``."""
    p = ranged_players[r]
    for x in range(3):
        base[x, p] = ranged_keys[r, j, x]
    for c in range(known[p]):
        cards[p, c] = ranged_cards[r, j, c]
