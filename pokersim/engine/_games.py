"""The kernels of :mod:`pokersim.engine.games`: every deal of a game, its showdown and its pot.

A deal has *owners* of cards: the players 0 .. P - 1 and the board (owner P). Each owner has
known cards and unknown ones; a deal's unknown cards form one sequence, the board's first,
then each player's in turn: owner o's are ``drawn[lo[o]:hi[o]]`` (:class:`Layout`). Players
given as a list of hands (:class:`Ranged`) have their known cards chosen per deal.

A player's strength, by the kind of game:

* the best hand of all the player's and the board's cards (Hold'em, short deck, stud, razz,
  the draw games): the sum of the card keys and of the card bits of the player's and the
  board's cards (:mod:`pokersim.evaluator.tables`; a ranking's card bits are one distinct bit per
  card, so their OR over distinct cards is their sum), one lookup in the game's ranking
  (:func:`pokersim.evaluator.strengths.ranked_lookup`), and in hi/lo games one more in
  eight-or-better (whose keys ignore suits: one hash lookup,
  :func:`pokersim.evaluator.tables.nonflush_strength`). Monte Carlo adds each dealt card's key to
  its owner's known cards' (the board's once a trial), and sums bits from the 64-bit mask of the
  hand's cards, a table lookup per byte (:func:`byte_sum`), only where a flush is possible;
  exact enumeration keeps running sums along each owner's cards. No row of cards is written
  or read back.
* exactly two hole cards and three board cards (Omaha, Courchevel): each player's hole cards
  in a row for :mod:`pokersim.rankings.omaha`'s helpers, after the board's description
  (its key and bits summed as above, or its row of cards).

The pot: each showdown is summed up by its *winners*, a bit mask of the players holding the
best high hand, and in hi/lo games, shifted up by P bits, of those holding the best low (none
when no hand has a low). Kernels add each showdown's weight to ``masks[winners]`` (a short
array, no branch on who won) when P is small enough for it (:func:`mask_width`); else to
``counts[p, h, l]``, the *outcome code* of each player p: ``h`` the number of players sharing
the high half when p is one of them (0 when p is not), ``l`` the same for the low half, or
``P + 1`` when no hand has a low (the high half then takes the whole pot).
:func:`codes_of_masks` turns winner masks into outcome codes, which hold every pot share (see
:func:`pokersim.engine.games.shares`): wins, ties, scoops, each half's equity and the
standard error.

Monte Carlo counts are int64: block ``b`` of trials draws from stream ``block_state(key, b)``
(whatever the chunking or thread count), two trials at a time (:func:`draw_two`). A trial
chooses the range players' hands (alias tables; a draw with a card in common is drawn again),
then deals the unknown cards without replacement from the 64-bit mask of the cards left: each
card the i-th set bit (one ``pdep``, :func:`pokersim._core.jit.nth_bit`), i uniform, up to ten
draws from one 64-bit number (:func:`pokersim.dealing.batch_number`, no bias).

Exact counts are weighted (float64), over deals numbered 0 .. (the range players' choices in
mixed radix, most significant; then each owner's unknown cards in deal order, by the
lexicographic rank of their combination among the cards the owners before them left, the last
owner least significant). A worker unranks the first deal of its span, then steps from deal to
deal: the last owner's combination moves first, and only the owners whose cards changed are
evaluated again (a river against a random hand: one hand per deal).

With no board card to come (stud, razz, the draw games, a known board), a player's hand
depends on its own cards only: exact enumeration then ranks every hand each player may end
with once, in one call of the evaluator, and :func:`private_kernel` walks the deals as one hand
a player, no card in two, comparing strengths kept along the way (:class:`Hands`): a
deal costs a comparison, not an evaluation. Stud three-way on seventh street with one unknown
card each is 102 evaluations for 35,904 deals. Without a low half, the last player's hands,
sorted by strength, are counted rather than walked (:func:`count_last_level`): a choice of the
other players' hands costs two binary searches.

Each kernel is one worker's share of the work (``worker=True`` in :func:`pokersim._core.jit.jit`,
run by :func:`pokersim._core.jit.on_workers`), in arrays of its own (:func:`monte_carlo_spaces`,
:func:`exact_spaces`, :func:`private_spaces`). Kernels take their tables as tuples and unpack
them before their loops, and helpers take arrays one by one: an array taken from a tuple
inside the loop cost 30% more time per trial (measured on stud).

One compiled kernel serves every game of a family: the game's *shape* (hole cards, the
ranking's lookup flavor, a low half) and the number of players are values the kernels read at
run time, and every ranking's tables come in arrays of the same types (badugi's in a tuple of
their own, :func:`game_lookup`). The hand rule is the one constant: the games that rank all of
a player's and the board's cards, and Omaha's two-plus-three games, have a kernel each
(:func:`monte_carlo_kernel`, :func:`exact_kernel`), as testing it inside the innermost loop
cost exact Omaha 25%. A loop bound compiled in as a constant is kept where it pays more than
the compile it costs: Omaha's 4 hole cards (:func:`~pokersim.rankings.omaha.any_hole_high`).
Heads-up Monte Carlo with its loops over players unrolled ran 4-12% faster but took 4 s more
to compile, and is gone.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np

from .._core.combinatorics import first_combination, next_combination
from .._core.jit import jit, mul_wide, nth_bit, popcount, trailing_zeros, worker_copies
from .._core.streams import block_state, sample_alias
from ..dealing import BATCH, batch_number
from ..evaluator.tables import (
    FLUSH_CHECK,
    HASH_SHIFT,
    RANK_MASK,
    lookup,
    nonflush_strength,
    suit_of_flush,
)
from ..rankings import BADUGI, FLUSH_NEEDS_ALL_CARDS
from ..rankings.badugi import badugi_strength_ace_low
from ..rankings.hashed import deuce_to_seven_flush
from ..rankings.omaha import BOARD_BIAS, PAIRS, any_hole_high, board_high, low_mask
from .question import NO_CARD

#: The most unknown cards of a deal (the live cards fit a 64-bit mask).
MAX_UNKNOWN = 64
#: Winner masks are counted up to this many entries (:func:`mask_width`).
MAX_MASKS = 1024
_U = np.uint64
#: 1 as a run-time int64: a literal 1 would compile tally_winners once more (see
#: pokersim.engine._holdem.ONE).
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
    out = np.zeros(n_players * (n_players + 1) * (n_players + 2), masks.dtype)
    np.add.at(out, _code_of_mask(masks.size, n_players, has_low),
              np.broadcast_to(masks, (n_players, masks.size)))
    return out.reshape(n_players, n_players + 1, n_players + 2)


@functools.cache
def _code_of_mask(width: int, n_players: int, has_low: bool) -> np.ndarray:
    """(players, width) int64: the flat outcome code of each player under each winner mask
    (read-only)."""
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
    """The players given as lists of hands: player ``players[r]`` holds hand j of its list
    with chance ``weights[r, j]`` (alias tables ``threshold``, ``alias``) among the choices
    that share no card with the others."""

    players: np.ndarray  # (R,) int64
    cards: np.ndarray  # (R, M, hole) uint8: each hand's known cards (``Layout.known`` of them)
    masks: np.ndarray  # (R, M) uint64: each hand's card mask
    keys: np.ndarray  # (R, M, 3) uint64: each hand's key, bits and low key
    sizes: np.ndarray  # (R,) int64: hands in each list
    weights: np.ndarray  # (R, M) float64
    threshold: np.ndarray  # (R, M) uint64
    alias: np.ndarray  # (R, M) int64


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
def take_hand(r, j, ranged_players, ranged_cards, ranged_keys, known, base, cards):
    """Range player ``ranged_players[r]`` holds hand j of its list: its key, bits and low
    key into ``base``, its cards into ``cards``."""
    p = ranged_players[r]
    for x in range(3):
        base[x, p] = ranged_keys[r, j, x]
    for c in range(known[p]):
        cards[p, c] = ranged_cards[r, j, c]


# ---------------------------------------------------------------------------------------------
# Monte Carlo: cards as masks


@jit(inline=True)
def draw_two(state, avail, other, n_live, n, plan, left):
    """Deal two trials' unknown cards, ``n`` each, uniformly without replacement from the
    cards of the masks ``avail`` and ``other`` (``n_live`` cards each; ``plan`` from
    :func:`pokersim.dealing.deal_plan`): draw t takes the i-th card left, i uniform below
    ``n_live - t``. ``left[k, t]`` is trial k's mask of the cards left before draw t (so the
    cards of draws a .. b - 1 are ``left[k, a] ^ left[k, b]``). Each draw waits on the one
    before (the mask of cards left): the two trials side by side give the CPU two such
    chains to overlap (2x against one trial with each card's index and keys, measured on
    stud and razz). Returns the new state."""
    left[0, 0] = avail
    left[1, 0] = other
    for batch in range(plan.shape[0]):
        state, r = batch_number(state, plan, batch)
        state, s = batch_number(state, plan, batch)
        for t in range(batch * BATCH, min(n, (batch + 1) * BATCH)):
            i, r = mul_wide(r, _U(n_live - t))
            j, s = mul_wide(s, _U(n_live - t))
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
                board_keys, pair_slot, nonflush, flush_row, o_flush, low_bits, low_table):
    """The winner mask of Omaha trial k (see :func:`draw_two`): the board's description from
    its card mask (keys and bits summed by bytes, :func:`byte_sum`, as
    :func:`~pokersim.rankings.omaha.board_high` sums them by cards), then each player's row
    k * (P + 1) + p of hole cards, its dealt ones written in
    (:func:`~pokersim.rankings.omaha.hole_high`); a fixed hand's pairs are looked up from
    their known slots unless it may make a flush. The best hands and their holders are kept
    as the players go (:func:`with_hand`), in registers."""
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
                 l_offsets, l_table):
    """The winner mask of trial k (see :func:`draw_two`) of a game ranking all of a player's
    and the board's cards. Keys add up card by card, so each owner's key is its known
    cards' (``keys[k]``, found before the trial) with each card it was dealt added, and a
    player's hand's is its own and the board's: the board's dealt cards are added once a
    trial, not once a player. Bits, which the lookup reads only for a possible flush (and
    badugi), are summed then from the hand's mask by bytes (:func:`byte_sum`). The best
    hands and their holders are kept as the players go (:func:`with_hand`). Strengths of
    ``constant`` players (a fixed hand, a known board) are found once and kept in
    ``constant`` (-1 until then)."""
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
                  alias, known_cards, max_rejections, known, cards, keys):
    """Trial k's hands of the range players: one per player by its weights, drawn again
    until no two share a card, into ``known`` (masks), ``cards`` (rows k * (P + 1) + p) and
    ``keys[k]`` (key, bits, low key); returns (state, mask of their cards, or 0 after
    ``max_rejections`` conflicts in a row)."""
    for _ in range(max_rejections):
        used = _U(0)
        ok = True
        for r in range(players.shape[0]):
            state, j = sample_alias(state, threshold, alias, r, sizes[r])
            m = r_masks[r, j]
            if used & m:
                ok = False
                break
            used |= m
            at = k * (n_players + 1) + players[r]
            known[at] = m
            for c in range(known_cards[players[r]]):
                cards[at, c] = r_cards[r, j, c]
            for x in range(3):
                keys[k, x, players[r]] = r_keys[r, j, x]
        if ok:
            return state, used
    return state, _U(0)


class MonteCarloSpace(NamedTuple):
    """One Monte Carlo worker's own arrays (:func:`monte_carlo_spaces`)."""

    masks: np.ndarray  # (mask_width,): winner-mask counts (see tally)
    codes: np.ndarray  # (P (P + 1) (P + 2) or 0,): outcome-code counts
    known: np.ndarray  # (2 (P + 1),) uint64: trial k's owners' known cards, rows k (P + 1) ..
    cards: np.ndarray  # (2 (P + 1), cards) uint8: their rows of cards (Omaha)
    left: np.ndarray  # (2, MAX_UNKNOWN + 1) uint64: see draw_two
    used: np.ndarray  # (2,) uint64: each trial's range players' cards
    constant: np.ndarray  # (2, P) int16: see ranked_trial (-2: to be found, then kept)
    keys: np.ndarray  # (2, 3, P + 1) uint64: trial k's owners' known keys (Layout.keys)


def monte_carlo_spaces(n_workers: int, layout: Layout, masks: int, codes: int):
    """A :class:`MonteCarloSpace` per worker for a deal of ``layout``, with ``masks`` and
    ``codes`` zeroed counts (one of the two sizes 0; see :func:`mask_width`)."""
    n_players = layout.cards.shape[0] - 1
    constant = np.full((2, n_players), -1, np.int16)
    if layout.lo[n_players] == layout.hi[n_players]:  # a known board
        constant[0, layout.fixed] = -2
    return worker_copies(
        n_workers, MonteCarloSpace, masks=np.zeros(masks, np.int64),
        codes=np.zeros(codes, np.int64), known=np.concatenate((layout.masks, layout.masks)),
        cards=np.concatenate((layout.cards, layout.cards)),
        left=np.zeros((2, MAX_UNKNOWN + 1), np.uint64), used=np.zeros(2, np.uint64),
        constant=constant, keys=np.stack((layout.keys, layout.keys)))


@functools.cache
def monte_carlo_kernel(omaha: bool):
    """The Monte Carlo kernel of the games that rank a hand of all of a player's and the
    board's cards, or with ``omaha`` of the two-plus-three games (Omaha, Courchevel): one
    compiled kernel serves every game of its family. (One kernel for both families lost 25%
    in exact Omaha, where the hand rule is tested inside the innermost loop.)"""

    @jit(worker=True)
    def kernel(w, n_workers, key, first, n_blocks, block, trials, n_live, n_unknown, plan,
               shape, layout, ranged, max_rejections, byte_tables, ht, lt, ot, bt, space):
        """Worker w's share of the trials (blocks w, w + W, ...) of a game of ``shape`` (its
        hole cards, the ranking's lookup flavor, a low half: run-time values), in twos
        (:func:`draw_two`; a block of an odd number of trials deals one more and does not
        count it), added to its ``space.masks`` or ``space.codes`` (see :func:`tally`).
        Returns the number of blocks it gave up (range players in conflict too often)."""
        live, lo, hi, known_cards, cards0 = (layout.live, layout.lo, layout.hi, layout.known,
                                             layout.cards)
        fixed, slots, counters, hole_low = (layout.fixed, layout.slots, layout.counters,
                                            layout.hole_low)
        r_players, r_cards, r_masks, r_keys, r_sizes, threshold, alias = (
            ranged.players, ranged.cards, ranged.masks, ranged.keys, ranged.sizes,
            ranged.threshold, ranged.alias)
        key_bytes, bit_bytes, low_bytes = byte_tables[0], byte_tables[1], byte_tables[2]
        card_keys, _, flush, offsets, table = ht
        l_keys, _, _, l_offsets, l_table = lt
        b_flush, b_offsets, b_table = bt
        board_keys, o_bits, o_offsets, board_hash, pair_slot, nonflush, flush_row, o_flush, \
            low_bits, low_table = ot
        h, flavor, has_low = shape
        n_players = cards0.shape[0] - 1
        n_ranged = r_players.shape[0]
        my_masks, my_codes, known, cards, left, used, constant, keys = space
        stalled = 0
        for b in range(first + w, first + n_blocks, n_workers):
            state = block_state(key, b)
            n_trials = min(block, trials - b * block)
            for pair in range(0, n_trials, 2):
                if n_ranged:
                    for k in range(2):
                        state, used[k] = choose_ranged(
                            state, k, n_players, r_players, r_cards, r_masks, r_keys,
                            r_sizes, threshold, alias, known_cards, max_rejections, known,
                            cards, keys)
                    if used[0] == 0 or used[1] == 0:
                        stalled += 1
                        break
                state = draw_two(state, live & ~used[0], live & ~used[1], n_live,
                                 n_unknown, plan, left)
                for k in range(min(2, n_trials - pair)):
                    if omaha:
                        winners = omaha_trial(
                            k, n_players, h, has_low, known, left, lo, hi, cards, key_bytes,
                            bit_bytes, low_bytes, fixed, slots, counters, hole_low,
                            o_offsets, board_hash, o_bits, board_keys, pair_slot, nonflush,
                            flush_row, o_flush, low_bits, low_table)
                    else:
                        winners = ranked_trial(
                            k, n_players, flavor, has_low, known, left, lo, hi, keys,
                            card_keys, l_keys, bit_bytes, constant, flush, offsets, table,
                            b_flush, b_offsets, b_table, l_offsets, l_table)
                    tally_winners(winners, n_players, my_masks, my_codes, ONE)
        return stalled

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


class ExactSpace(NamedTuple):
    """One exact worker's own arrays (:func:`exact_spaces`); see :func:`exact_kernel`."""

    masks: np.ndarray  # (mask_width,) float64: winner-mask counts (see tally)
    codes: np.ndarray  # (P (P + 1) (P + 2) or 0,) float64: outcome-code counts
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


def exact_spaces(n_workers: int, layout: Layout, masks: int, codes: int):
    """An :class:`ExactSpace` per worker for a deal of ``layout``, with ``masks`` and ``codes``
    zeroed counts (one of the two sizes 0; see :func:`mask_width`)."""
    n_players = layout.cards.shape[0] - 1
    segments = max(layout.order.shape[0], 1)
    return worker_copies(
        n_workers, ExactSpace, masks=np.zeros(masks), codes=np.zeros(codes), base=layout.keys,
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
    def kernel(w, n_workers, first, last, runouts, ways, shape, layout, ranged, binom, ht, lt,
               ot, bt, space):
        """Worker w's share (the w-th of W equal spans) of deals ``first .. last - 1`` (see
        the module docstring) of a game of ``shape`` (as the Monte Carlo kernel takes it),
        weighted, into its ``space.masks`` or ``space.codes`` (see :func:`tally`). Returns
        the number of deals it counted (the others give two range players a card in
        common)."""
        live, lo, hi, order, known, cards0 = (layout.live, layout.lo, layout.hi, layout.order,
                                              layout.known, layout.cards)
        r_players, r_cards, r_masks, r_keys, r_sizes, r_weights = (
            ranged.players, ranged.cards, ranged.masks, ranged.keys, ranged.sizes,
            ranged.weights)
        card_keys, card_bits, flush, offsets, table = ht
        l_keys, _, _, l_offsets, l_table = lt
        b_flush, b_offsets, b_table = bt
        board_keys, o_bits, o_offsets, board_hash, pair_slot, nonflush, flush_row, o_flush, \
            low_bits, low_table = ot
        h, flavor, has_low = shape
        n_players = cards0.shape[0] - 1
        n_seg = order.shape[0]
        span = last - first
        my_masks, my_codes, base, tot, cards, board, drawn, pos, prefix, avail, n_avail, \
            taken, digits, s_hi, s_lo = space
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
                            n_avail[s] = list_cards(live & ~taken[s], avail, s)
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
                t = hi[last] - 1 if last >= 0 else 0
                run = min(n_avail[n_seg - 1] - pos[t], count - done) if last >= 0 else 1
                for j in range(pos[t], pos[t] + run):
                    if last >= 0:
                        c = avail[n_seg - 1, j]
                        if omaha:
                            cards[last, known[last] + t - lo[last]] = c
                        else:
                            for x in range(3 if has_low else 2):
                                before = prefix[x, t - 1] if t > lo[last] else base[x, last]
                                tot[x, last] = before + (card_keys[c] if x == 0 else
                                                         card_bits[c] if x == 1 else
                                                         l_keys[c])
                        stale |= 1 << last
                    while stale:
                        p = trailing_zeros(_U(stale))
                        stale &= stale - 1
                        s_hi[p], s_lo[p] = player_strength(
                            p, n_players, omaha, h, flavor, has_low, tot, cards, board,
                            flush, offsets, table, b_flush, b_offsets, b_table, l_offsets,
                            l_table, board_keys, o_bits, pair_slot, nonflush, flush_row,
                            o_flush, low_bits, low_table)
                    tally(s_hi, s_lo, n_players, has_low, my_masks, my_codes, weight)
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
    # the last level counted, not walked (a game without a low half: its hands sorted by
    # high strength, see :func:`count_last_level`); empty where it is walked:
    cumulative: np.ndarray  # (n + 1,) float64: its weights summed in order, from 0
    card_start: np.ndarray  # (65,) int64: its hands holding card c (one the other levels
    card_hands: np.ndarray  # may hold) are card_hands[card_start[c]:card_start[c + 1]]
    #                         (int64, ascending)


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
    masks[:] = masks[order]
    high[:] = high[order]
    weights[:] = weights[order]
    card_start, card_hands = hands_by_card(masks, first, others)
    return running_sums(weights), card_start, card_hands


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
def with_hand(best, holders, strength, bit):
    """(the best strength, the mask of its holders) once a hand of ``strength`` is added
    (without a branch: which is the better hand is a coin toss to the CPU)."""
    keep = -np.int64(strength <= best)
    join = -np.int64(strength >= best)
    return max(best, strength), (holders & keep) | (bit & join)


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
    taken: np.ndarray  # (P,) uint64
    best_hi: np.ndarray  # (P,) int16, from -1
    win_hi: np.ndarray  # (P,) int64
    best_lo: np.ndarray  # (P,) int16, from -1
    win_lo: np.ndarray  # (P,) int64
    weight: np.ndarray  # (P,) float64, from 1
    at: np.ndarray  # (P,) int64


def private_spaces(n_workers: int, n_players: int, masks: int, codes: int):
    """A :class:`PrivateSpace` per worker, with ``masks`` and ``codes`` zeroed counts."""
    return worker_copies(
        n_workers, PrivateSpace, masks=np.zeros(masks), codes=np.zeros(codes),
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
    costs a comparison a half, whatever the number of players."""
    player, start, h_masks, high, low, weights = (hands.player, hands.start, hands.masks,
                                                  hands.high, hands.low, hands.weights)
    cumulative, card_start, card_hands = hands.cumulative, hands.card_start, hands.card_hands
    counted = cumulative.shape[0] > 0
    n_players = player.shape[0]
    inner = n_players - 1
    span = last - first
    my_masks, my_codes, taken, best_hi, win_hi, best_lo, win_lo, weight, at = space
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
        bit = np.int64(1) << player[inner]
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
        level -= 1
        at[max(level, 0)] += 1
    return mine
