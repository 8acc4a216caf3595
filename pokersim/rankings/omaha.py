"""Omaha's hands: exactly two of the player's hole cards with exactly three of the five board
cards, in the high order (strengths 1..7462, as :func:`pokersim.evaluate` gives five cards) and
in eight-or-better (the ``"eight-or-better"`` ranking's strengths: 0 no low, 1..56).

Rows are ``(N, h + 5)`` uint8 arrays, ``h`` = 4, 5 or 6 hole cards, then the five board cards.
The kernels check each row as they go (its cards' bits, ORed, must be h + 5 cards of the deck)
and skip the bad ones; the functions then raise the error that names the first bad row, as
:func:`pokersim.evaluate` does (checking every row first took more time than the kernel).

How a row's high hand is found without the 6 x 10 (up to 15 x 10) five-card lookups:

* **Non-flush value: a function of rank multisets.** Read without flushes, the best hand of
  a hole pair and any three board cards depends only on the board's rank multiset (6,175 of
  them) and the pair's two ranks (91 pairs). :attr:`OmahaTables.nonflush` holds it, a row of
  91 entries per board multiset (1.1 MB). A row's board is one perfect-hash lookup on its rank
  key (the high evaluator's :data:`~pokersim.evaluator.tables.RANK_KEYS`), then each hole pair is
  two lookups: the pair's slot by its two cards (:attr:`OmahaTables.pair_slot`, 16 KB), then the
  value. (Rows of 13 x 13 entries, both orders, need no slot lookup but take 2.1 MB, and ran
  25% slower from the cache misses.)
* **Flushes: the suited ranks.** A flush needs a suit with three or more board cards (at most
  one suit has) and two or more hole cards. :attr:`OmahaTables.flush` holds, for every board
  suited-rank mask of 3 to 5 ranks (2,288 of them, a row of 91 each) and every pair of other
  ranks of that suit, the best flush or straight flush of the pair and three of the board's
  suited ranks. When the board's and the hole's suit counters say a flush can be made (one
  AND; 7% of random Omaha hands), the kernel looks up each pair of the hole's cards of that
  suit.
* The row's strength is the larger of the two. A five that is really a flush is worth at least
  its reading without suits (a high card or a straight), so the maximum is the best hand.

The low is one lookup: :attr:`OmahaTables.low`, indexed by the board's and the hole's masks of
ranks A..8 (8 bits each), holds the best low of two hole ranks and three other board ranks.
Among five distinct ranks the lower 8-bit mask is the better low (the highest card decides
first, and so does the highest bit), so the table holds the lowest such mask's strength.

The package ships the tables (``omaha_tables.npz``, :func:`save_tables`); built from the rules
they take 0.03 s once their builders are compiled, and some 10 s of compiling before that.
Measured on one core of a shared 2-core machine (10 million random rows): 110, 84 and 64
million rows/s for 4, 5 and 6 hole cards (high), 280-420 million (low).

>>> from pokersim import describe
>>> rows = parse_hands(["As Ks Qd 2c  Ts 9s 3s 4h 5d", "Ah Ad Ac As  Kd 7c 5h 4s 2c"])
>>> describe(high(rows))
['Flush, Ace high', 'Pair of Aces']
>>> describe(low(rows), ranking="eight-or-better")
['Wheel', 'No low']
>>> high_five, low_five = best_fives(rows)
>>> format_cards(high_five[0]), format_cards(low_five[0]), low_five[1].tolist()
('As Ks Ts 9s 3s', 'As 2c 3s 4h 5d', [255, 255, 255, 255, 255])
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, fields
from itertools import combinations
from pathlib import Path

import numpy as np

from .._core.jit import jit, on_rows, popcount, share, trailing_zeros
from .._core.specialise import Specialised
from .._core.validation import short_repr
from ..cards import check_hands
from ..errors import PokersimInputError
from ..evaluator.tables import (
    FLUSH_CHECK,
    HASH_SHIFT,
    RANK_KEYS,
    RANK_MASK,
    SUIT_SHIFT,
    _build_perfect_hash,
    key_and_bits,
    lookup,
    rank_multisets,
    ranks_in_mask,
    suit_of_flush,
)
from ..evaluator.tables import tables as high_tables
from . import get
from .names import ACE_LOW_CHARS, ace_to_five_code

#: Hole cards per row that the kernels take.
HOLE_SIZES = (4, 5, 6)
#: Entries per row of the nonflush and flush tables: one per pair of ranks (:func:`slot`).
PAIRS = 91
#: A value that is not a card: the five cards of a row without a low (:func:`best_fives`).
NO_CARD = 255
#: The board's suit counters start at 5, so bit 3 of a counter (:data:`FLUSH_CHECK`) is set
#: when the suit holds three or more of the five board cards.
BOARD_BIAS = np.uint64(0x5555 << SUIT_SHIFT)
#: The hole's suit counters start at 6: bit 3 is set when the suit holds two or more of the
#: (at most six) hole cards.
HOLE_BIAS = np.uint64(0x6666 << SUIT_SHIFT)
_U = np.uint64


@jit(inline=True)
def slot(high, low):
    """The slot of ranks ``high >= low`` in a row of 91: ``high * (high + 1) / 2 + low``."""
    return (high * (high + _U(1)) >> _U(1)) + low


@dataclass(frozen=True)
class OmahaTables:
    """The kernels' tables (see the module docstring). The tables indexed by a card have 256
    entries, so that any uint8 indexes them.

    Attributes
    ----------
    board_keys : (256,) uint64
        A card's rank key (:data:`~pokersim.evaluator.tables.RANK_KEYS`) plus 1 in its suit's 4-bit
        counter above bit 32 (0 past card 51). Summed over the board, plus :data:`BOARD_BIAS`.
    card_bits : (256,) uint64
        ``1 << (16 * suit + rank)`` (0 past card 51): ORed over cards, a mask of ranks per suit.
    offsets, board_hash : int32, int16
        Perfect hash of a board's rank key: ``board_hash[key + offsets[key >> HASH_SHIFT]]``
        is the board's rank multiset number, 0..6174.
    pair_slot : (16384,) uint8
        ``pair_slot[c1 << 6 | c2]``: the slot of cards c1, c2's ranks in a row of 91 (either
        order; :func:`slot`).
    nonflush : (6175 * 91,) int16
        ``nonflush[board * 91 + slot]``: the best strength, read without suits, of the pair of
        hole ranks in ``slot`` and three board cards (0 where the seven cards would hold five
        of a rank).
    flush_row : (8192,) int32
        The start of a board suited-rank mask's row in ``flush`` (-1 under three ranks).
    flush : (2288 * 91,) int16
        ``flush[flush_row[mask] + slot]``: the best flush or straight flush of two suited hole
        ranks (different, outside ``mask``) and three of the mask's ranks (0 otherwise).
    low_bits : (256,) uint8
        A card's bit in a mask of ranks A..8 (ace bit 0 .. eight bit 7); 0 for nine and up.
    low : (65536,) uint8
        ``low[board_mask << 8 | hole_mask]``: the eight-or-better strength of the best low of
        two hole ranks and three other board ranks (0 if none).
    low_five : (256,) uint8
        The eight-or-better strength of a mask of five ranks A..8 (0 for other masks).
    """

    board_keys: np.ndarray
    card_bits: np.ndarray
    offsets: np.ndarray
    board_hash: np.ndarray
    pair_slot: np.ndarray
    nonflush: np.ndarray
    flush_row: np.ndarray
    flush: np.ndarray
    low_bits: np.ndarray
    low: np.ndarray
    low_five: np.ndarray

    def board_args(self) -> tuple:
        """The tables :func:`board_high` takes, in its order."""
        return self.board_keys, self.card_bits, self.offsets, self.board_hash

    def hole_args(self) -> tuple:
        """The tables :func:`hole_high` takes after the board's description, in its order."""
        return (self.board_keys, self.card_bits, self.pair_slot, self.nonflush, self.flush_row,
                self.flush)


# ---------------------------------------------------------------------------------------------
# Building the tables

#: The ten ways to take three of the five board cards.
_TRIPLES = np.array(list(combinations(range(5), 3)), np.int64)


@jit
def _nonflush_table(counts, ranks, offsets, table):
    """The best non-flush strength of each board multiset (its 13 rank counts and its five
    ranks) with each pair of hole ranks and three of the board's cards, looked up in the high
    evaluator's hash (``offsets``, ``table``)."""
    out = np.zeros(counts.shape[0] * PAIRS, np.int16)
    for b in range(counts.shape[0]):
        for high in range(13):
            for low in range(high + 1):
                same = high == low
                if counts[b, high] + 1 + same > 4 or counts[b, low] + 1 + same > 4:
                    continue  # five of a rank among the seven cards: no such hand
                best = 0
                for t in range(_TRIPLES.shape[0]):
                    key = RANK_KEYS[high] + RANK_KEYS[low]
                    for j in range(3):
                        key += RANK_KEYS[ranks[b, _TRIPLES[t, j]]]
                    best = max(best, table[key + offsets[key >> _U(HASH_SHIFT)]])
                out[b * PAIRS + slot(_U(high), _U(low))] = best
    return out


@jit
def _flush_table(masks, flush):
    """The best flush of each board suited mask (3 to 5 ranks) with each pair of other
    suited ranks and three of the mask's ranks, from the high evaluator's flush table."""
    out = np.zeros(masks.shape[0] * PAIRS, np.int16)
    for m in range(masks.shape[0]):
        mask = masks[m]
        for high in range(13):
            for low in range(high):
                pair = (1 << high) | (1 << low)
                if mask & pair:
                    continue
                best = 0
                sub = mask
                while sub:  # every submask of mask; those of three ranks count
                    if popcount(_U(sub)) == 3:
                        best = max(best, flush[pair | sub])
                    sub = (sub - 1) & mask
                out[m * PAIRS + slot(_U(high), _U(low))] = best
    return out


@jit
def _low_table(low_five):
    """For every (board mask, hole mask) of ranks A..8: the strength (``low_five``, by mask)
    of the lowest mask of two hole ranks and three other board ranks."""
    out = np.zeros(65536, np.uint8)
    for board in range(256):
        for hole in range(256):
            best = 256
            first = hole
            while first:
                a = first & -first
                first &= first - 1
                second = first
                while second:
                    b = second & -second
                    second &= second - 1
                    free = board & ~(a | b)
                    if popcount(_U(free)) < 3:
                        continue
                    # with this pair, the three lowest other board ranks make the lowest mask
                    five = a | b
                    for _ in range(3):
                        five |= free & -free
                        free &= free - 1
                    best = min(best, five)
            if best < 256:
                out[board << 8 | hole] = low_five[best]
    return out


def _low_five() -> np.ndarray:
    """(256,) uint8: the eight-or-better strength of each mask of five ranks A..8 (0 for
    other masks): the place of its key among that ranking's keys."""
    keys = get("eight-or-better").tables.keys
    out = np.zeros(256, np.uint8)
    for mask in range(256):
        if bin(mask).count("1") == 5:
            ranks = " ".join(ACE_LOW_CHARS[r] for r in range(7, -1, -1) if mask >> r & 1)
            out[mask] = np.searchsorted(keys, ace_to_five_code(ranks))
    return out


#: The tables as the package ships them (:func:`save_tables`).
SHIPPED = Path(__file__).with_name("omaha_tables.npz")


@functools.cache
def tables() -> OmahaTables:
    """The tables: loaded from the copy shipped with the package (:data:`SHIPPED`), or built
    if it is missing (:func:`build_tables`).

    >>> t = tables()
    >>> t.nonflush.size // PAIRS, t.flush.size // PAIRS, t.low.nbytes
    (6175, 2288, 65536)
    """
    if SHIPPED.exists():
        with np.load(SHIPPED) as stored:
            return OmahaTables(**{f.name: stored[f.name] for f in fields(OmahaTables)})
    return build_tables()


def save_tables(path: Path = SHIPPED) -> None:
    """Build the tables and write them to ``path`` (the package ships them): ``python -m
    pokersim.rankings.omaha``."""
    from ..io import write_atomic  # (pandas: not for every import of the rankings)

    t = build_tables()
    arrays = {f.name: getattr(t, f.name) for f in fields(OmahaTables)}
    write_atomic(path, lambda file: np.savez_compressed(file, **arrays), "wb")


def build_tables() -> OmahaTables:
    """Build the tables from the high evaluator's (some 10 s of compiling the builders on a
    first run, then 0.03 s)."""
    high = high_tables()
    ranks, suits = np.divmod(np.arange(52), 4)
    board_keys = np.zeros(256, np.uint64)
    board_keys[:52] = RANK_KEYS[ranks] + (_U(1) << (SUIT_SHIFT + 4 * suits).astype(_U))
    slots = np.zeros((256, 64), np.uint8)
    slots[:52, :52] = [[r1 * (r1 + 1) // 2 + r2 if r1 >= r2 else r2 * (r2 + 1) // 2 + r1
                        for r2 in ranks] for r1 in ranks]
    low_bits = np.zeros(256, np.uint8)
    ace_low = (ranks + 1) % 13
    low_bits[:52] = np.where(ace_low < 8, 1 << ace_low, 0)

    multisets = rank_multisets(5)
    boards = multisets[multisets.sum(axis=1) == 5]  # rank counts
    board_ranks = np.repeat(np.tile(np.arange(13), len(boards)), boards.ravel()).reshape(-1, 5)
    keys = boards @ RANK_KEYS.astype(np.int64)
    offsets, board_hash = _build_perfect_hash(keys, np.arange(len(boards)), HASH_SHIFT)

    sizes = ranks_in_mask()
    masks = np.arange(8192)[(sizes >= 3) & (sizes <= 5)]
    flush_row = np.full(8192, -1, np.int32)
    flush_row[masks] = np.arange(len(masks)) * PAIRS
    low_five = _low_five()
    return OmahaTables(
        board_keys, high.card_bits, offsets.astype(np.int32), board_hash, slots.ravel(),
        _nonflush_table(boards, board_ranks, high.offsets, high.hash), flush_row,
        _flush_table(masks, high.flush), low_bits, _low_table(low_five), low_five)


# ---------------------------------------------------------------------------------------------
# One hand: inline helpers for kernels (the board's part once, then each player's hole cards)


@jit(inline=True)
def board_high(board, i, first, board_keys, card_bits, offsets, board_hash):
    """What :func:`hole_high` needs of the board ``board[i, first:first + 5]``: (the start
    of its row in ``nonflush``, the flag (bit 3 of its suit counter) of the suit holding three
    or more board cards, 0 if none, and the board's mask of that suit's ranks)."""
    key = BOARD_BIAS
    bits = _U(0)
    for j in range(first, first + 5):
        c = board[i, j]
        key += board_keys[c]
        bits |= card_bits[c]
    return board_of_sums(key, bits, offsets, board_hash)


@jit(inline=True)
def board_of_sums(key, bits, offsets, board_hash):
    """:func:`board_high` of a board given by its cards' ``board_keys`` summed from
    :data:`BOARD_BIAS` and its ``card_bits`` ORed (a kernel that deals or walks the board
    sums them card by card)."""
    rank_key = key & RANK_MASK
    row = _U(board_hash[rank_key + _U(offsets[rank_key >> _U(HASH_SHIFT)])]) * _U(PAIRS)
    flag = key & FLUSH_CHECK
    return row, flag, (bits >> _U(16 * suit_of_flush(key))) & _U(0x1FFF)


@jit(inline=True)
def hole_high(hole, i, first, h, row, flag, suited, board_keys, card_bits, pair_slot, nonflush,
              flush_row, flush):
    """The high strength of the hole cards ``hole[i, first:first + h]`` (``h`` best a
    compile-time constant, see :func:`any_hole_high`) on a board described by
    :func:`board_high`: the best non-flush value of the hole's pairs, and when two or more
    hole cards are of the board's suit of three, the best flush of each pair of them.

    The test for a flush is branch-light: the hole's suit counters (the suit part of
    ``board_keys``, summed over the hole from :data:`HOLE_BIAS`) flag the suits of two or
    more hole cards, and one AND with the board's flag says whether a flush can be made (on 7%
    of random Omaha-4 hands; testing the board's suit first, true on 37%, cost 20% more
    time per hand)."""
    best = np.int16(0)
    counters = HOLE_BIAS
    for a in range(first, first + h - 1):
        high = _U(hole[i, a]) << _U(6)
        counters += board_keys[hole[i, a]]
        for b in range(a + 1, first + h):
            best = max(best, nonflush[row + _U(pair_slot[high | _U(hole[i, b])])])
    counters += board_keys[hole[i, first + h - 1]]
    if counters & flag:
        bits = _U(0)
        for j in range(first, first + h):
            bits |= card_bits[hole[i, j]]
        ranks = (bits >> _U(16 * suit_of_flush(flag))) & _U(0x1FFF)
        start = _U(flush_row[suited])
        while ranks:  # each pair of suited ranks, low < high
            low = trailing_zeros(ranks)
            ranks &= ranks - _U(1)
            higher = ranks
            while higher:
                high = trailing_zeros(higher)
                higher &= higher - _U(1)
                best = max(best, flush[start + slot(high, low)])
    return best


@jit(inline=True)
def any_hole_high(hole, i, first, h, row, flag, suited, board_keys, card_bits, pair_slot,
                  nonflush, flush_row, flush):
    """:func:`hole_high` where ``h`` is a run-time value: Omaha's 4 hole cards compiled as a
    constant (its loops unrolled: exact Omaha ran 1.6x as long over a run-time h), 5 and 6
    as they come. (Each hole size compiled in adds some 2.5 s to a kernel's first compile:
    Omaha-5 and -6 equity run 1.2-1.4x as long as with their own constant.)"""
    if h == 4:
        return hole_high(hole, i, first, 4, row, flag, suited, board_keys, card_bits,
                         pair_slot, nonflush, flush_row, flush)
    return hole_high(hole, i, first, h, row, flag, suited, board_keys, card_bits, pair_slot,
                     nonflush, flush_row, flush)


@jit(inline=True)
def low_mask(cards, i, first, n, low_bits):
    """The mask of ranks A..8 (ace bit 0) among ``cards[i, first:first + n]``: the board's
    (n = 5) and the hole's, then ``low[board_mask << 8 | hole_mask]`` is the low."""
    mask = 0
    for j in range(first, first + n):
        mask |= low_bits[cards[i, j]]
    return mask


@jit(inline=True)
def low_of_bits(bits):
    """:func:`low_mask` of cards given by their ``card_bits`` ORed (``1 << (16 * suit +
    rank)``, the deuce rank 0): the ranks of every suit, deuce .. eight to bits 1 .. 7,
    the ace to bit 0."""
    ranks = (bits | bits >> _U(16) | bits >> _U(32) | bits >> _U(48)) & _U(0x1FFF)
    return ((ranks << _U(1)) & _U(0xFE)) | ((ranks >> _U(12)) & _U(1))


# ---------------------------------------------------------------------------------------------
# Kernels over rows


@jit(inline=True)
def valid_row(rows, i, n, card_bits, deck):
    """Whether the ``n`` cards of row ``i`` are n different cards of the deck whose bits
    (``card_bits``, ``1 << (16 * suit + rank)``, 0 past card 51) are set in ``deck``."""
    bits = _U(0)
    for j in range(n):
        bits |= card_bits[rows[i, j]]
    return popcount(bits & deck) == n


@jit(inline=True, constants=True)
def _rows(w, n_workers, rows, h, want_high, want_low, deck, board_keys, card_bits, offsets,
          board_hash, pair_slot, nonflush, flush_row, flush, low_bits, low, high_out, low_out):
    """Worker w's share of the rows of h hole cards (h a constant where the caller has one):
    see :func:`_kernel`."""
    bad = 0
    start, stop = share(w, n_workers, rows.shape[0])
    # the worker's rows as views from 0: indexing from start took 7% more time (30.4 ms
    # against 28.3 for 10^6 Omaha-4 hi/lo rows on one thread; the parallel kernel's 28.5)
    rows, high_out, low_out = rows[start:stop], high_out[start:stop], low_out[start:stop]
    for i in range(stop - start):
        if valid_row(rows, i, h + 5, card_bits, deck):
            if want_high:
                row, flag, suited = board_high(rows, i, h, board_keys, card_bits, offsets,
                                               board_hash)
                high_out[i] = hole_high(rows, i, 0, h, row, flag, suited, board_keys,
                                        card_bits, pair_slot, nonflush, flush_row, flush)
            if want_low:
                board = low_mask(rows, i, h, 5, low_bits)
                low_out[i] = low[board << 8 | low_mask(rows, i, 0, h, low_bits)]
        else:  # the table lookups of a bad row could leave the tables: none is made
            if want_high:
                high_out[i] = -1
            if want_low:
                low_out[i] = -1
            bad += 1
    return bad


@functools.cache
def _kernel(h: int):
    """The worker kernel ``kernel(w, W, rows, want_high, want_low, deck, board_keys,
    card_bits, offsets, board_hash, pair_slot, nonflush, flush_row, flush, low_bits, low,
    high_out, low_out)`` filling worker w's share of ``high_out`` (if ``want_high``) and/or
    ``low_out`` (if ``want_low``) for rows of h hole cards (run it with
    :func:`pokersim._core.jit.on_rows`); it returns the number of bad rows it found
    (:func:`valid_row`), marked -1 in both. The hole size is compiled in (a run-time one ran
    Omaha-6 2x as long), the halves wanted are run-time values: one kernel per hole size,
    once it pays (:data:`KERNELS`)."""

    @jit(worker=True)
    def kernel(w, n_workers, rows, want_high, want_low, deck, board_keys, card_bits, offsets,
               board_hash, pair_slot, nonflush, flush_row, flush, low_bits, low, high_out,
               low_out):
        return _rows(w, n_workers, rows, h, want_high, want_low, deck, board_keys, card_bits,
                     offsets, board_hash, pair_slot, nonflush, flush_row, flush, low_bits, low,
                     high_out, low_out)

    return kernel


@jit(worker=True)
def _any_size_kernel(w, n_workers, rows, want_high, want_low, deck, board_keys, card_bits,
                     offsets, board_hash, pair_slot, nonflush, flush_row, flush, low_bits, low,
                     high_out, low_out, h):
    """:func:`_kernel`'s loop with the hole size ``h`` a run-time value: one kernel for every
    hole size (the same strengths)."""
    return _rows(w, n_workers, rows, h, want_high, want_low, deck, board_keys, card_bits,
                 offsets, board_hash, pair_slot, nonflush, flush_row, flush, low_bits, low,
                 high_out, low_out)


#: The kernels of Omaha's rows: one for every hole size, and a size's own once it pays (see
#: :mod:`pokersim._core.specialise`).
KERNELS = Specialised(_kernel, _any_size_kernel, lambda h: (h,))


def deck_bits(first_card: int = 0) -> np.uint64:
    """The bits (as :attr:`OmahaTables.card_bits` sets them) of the cards from ``first_card``
    (0, or 16 for a short deck's six of clubs) to 51.

    >>> hex(deck_bits(16))
    '0x1ff01ff01ff01ff0'
    """
    ranks = (0x1FFF >> (first_card // 4)) << (first_card // 4)
    return _U(ranks * 0x0001000100010001)


def evaluate_rows(rows: np.ndarray, *, want_high: bool = True, want_low: bool = True,
                  first_card: int = 0, name: str = "rows") -> tuple[np.ndarray, np.ndarray]:
    """(high, low) strengths of the rows (an empty array for the half not wanted), as
    :func:`high` and :func:`low` give them; the cards are checked in the same pass: a value
    past 51, below ``first_card`` or repeated in a row raises the error of
    :func:`pokersim.cards.check_hands` naming the first bad row (``name`` the array's name).

    >>> from pokersim import describe
    >>> rows = parse_hands(["Ah 2d Qc Jc  3h Kh 8c 7d 9d", "As 2d Qc Jc  3h Kh 8c 7d 9d"])
    >>> high_strength, low_strength = evaluate_rows(rows)
    >>> describe(high_strength), describe(low_strength, ranking="eight-or-better")
    (['High Card, Ace', 'High Card, Ace'], ['8-7-3-2-A low', '8-7-3-2-A low'])
    >>> rows[1, 1] = rows[1, 0]
    >>> evaluate_rows(rows, name="hands")
    Traceback (most recent call last):
    ...
    pokersim.errors.DuplicateCardError: hands[1] repeats card 'As' (51) at positions 0 and 1
    """
    h = rows.shape[-1] - 5 if isinstance(rows, np.ndarray) and rows.ndim else 0
    if not isinstance(rows, np.ndarray) or rows.ndim != 2 or h not in HOLE_SIZES \
            or rows.dtype != np.uint8:
        raise PokersimInputError(f"Omaha rows must be an (N, 9), (N, 10) or (N, 11) uint8 "
                                 f"array (hole cards, then the board); got "
                                 f"{short_repr(rows)}")
    t = tables()
    n = rows.shape[0]
    rows = np.ascontiguousarray(rows)
    high_out = np.empty(n if want_high else 0, np.int16)
    low_out = np.empty(n if want_low else 0, np.int16)
    with KERNELS.pick(h) as (kernel, shape_args):
        bad = on_rows(kernel, n, rows, want_high, want_low, deck_bits(first_card),
                      *t.board_args(), *t.hole_args()[2:], t.low_bits, t.low, high_out,
                      low_out, *shape_args)
    if sum(bad):
        check_hands(rows, name, first_card=first_card)  # raises, naming the first bad row
        raise AssertionError("a row flagged by the kernel passed check_hands")  # pragma: no cover
    return high_out, low_out


def high(rows: np.ndarray) -> np.ndarray:
    """The high strength (1..7462) of each row's best hand of exactly two hole cards and
    three board cards.

    Parameters
    ----------
    rows : numpy.ndarray of uint8, shape (N, h + 5)
        ``h`` = 4, 5 or 6 hole cards, then the five board cards.

    Returns
    -------
    numpy.ndarray of int16, shape (N,)

    Raises
    ------
    CardError, DuplicateCardError
        A value past 51 or a repeated card in a row (the first such row is named).

    >>> from pokersim import evaluate
    >>> s = high(parse_hands(["Ah Kh Qh Jh  2h 3h 4c 5c 9d"]))  # two hearts on the board
    >>> bool(s[0] == evaluate("Ah Kh 9d 5c 4c"))
    True
    """
    return evaluate_rows(rows, want_low=False)[0]


def low(rows: np.ndarray) -> np.ndarray:
    """The eight-or-better strength (0 no low, 1..56) of each row's best low of exactly two
    hole cards and three board cards, five different ranks A..8; rows as :func:`high`.

    >>> low(parse_hands(["Kh Kd Qc Jc  5h 4h 3c 2c Ad", "Ah 2d Qc Jc  3h Kh 8c 8d 9d"]))
    array([0, 0], dtype=int16)
    """
    return evaluate_rows(rows, want_high=False)[1]


def high_low(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`high` and :func:`low` of the same rows in one pass.

    >>> hi, lo = high_low(parse_hands(["Ah 2d Qc Jc  3h Kh 8c 7d 9d"]))
    >>> from pokersim import describe
    >>> describe(hi[0]), describe(lo[0], ranking="eight-or-better")
    ('High Card, Ace', '8-7-3-2-A low')
    """
    return evaluate_rows(rows)


# ---------------------------------------------------------------------------------------------
# The five cards that play

#: Every choice of two hole cards and three board cards, by position in a row of h + 5.
_CHOICES = {h: np.array([pair + tuple(h + j for j in triple)
                         for pair in combinations(range(h), 2)
                         for triple in combinations(range(5), 3)], np.int64)
            for h in HOLE_SIZES}


@functools.cache
def _best_fives_kernel():
    """The worker kernel ``kernel(w, W, rows, choices, card_keys, card_bits, flush, offsets,
    table, low_bits, low_five, best_high, best_low, high_out, low_out, five)`` writing the
    five cards that play (:func:`best_fives`) of worker w's share of the rows; ``five``: a
    (1, 5) uint8 array of the worker's own (run it with :func:`pokersim._core.jit.on_rows`)."""
    @jit(worker=True)
    def kernel(w, n_workers, rows, choices, card_keys, card_bits, flush, offsets, table,
               low_bits, low_five, best_high, best_low, high_out, low_out, five):
        start, stop = share(w, n_workers, rows.shape[0])
        rows, best_high, best_low = rows[start:stop], best_high[start:stop], best_low[start:stop]
        high_out, low_out = high_out[start:stop], low_out[start:stop]  # from 0: see _kernel
        for i in range(stop - start):
            high_found = False
            low_found = best_low[i] == 0
            low_out[i, :] = NO_CARD
            for c in range(choices.shape[0]):
                for j in range(5):
                    five[0, j] = rows[i, choices[c, j]]
                if not high_found:
                    key, bits = key_and_bits(five, 0, 5, card_keys, card_bits)
                    if lookup(key, bits, flush, offsets, table) == best_high[i]:
                        for j in range(5):  # a copy of an array would allocate
                            high_out[i, j] = five[0, j]
                        high_found = True
                if not low_found:
                    mask = low_mask(five, 0, 0, 5, low_bits)
                    if low_five[mask] == best_low[i]:
                        for j in range(5):
                            low_out[i, j] = five[0, j]
                        low_found = True
                if high_found and low_found:
                    break

    return kernel


def best_fives(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The five cards that play in each row, two hole cards then three board cards in the
    row's order: for the high hand, and for the low (:data:`NO_CARD` five times where there
    is none). Where several choices tie, the first (hole pairs, then board triples, in the
    row's order). Rows as :func:`high`.

    Returns
    -------
    (high, low) : numpy.ndarray of uint8, shape (N, 5) each

    >>> hi, lo = best_fives(parse_hands(["Ah Ad Ac As  Kd 7c 5h 4s 2c"]))
    >>> format_cards(hi[0]), lo[0].tolist()
    ('Ah Ad Kd 7c 5h', [255, 255, 255, 255, 255])
    """
    best_high, best_low = high_low(rows)
    h = rows.shape[1] - 5
    t = tables()
    e = high_tables()
    high_out = np.empty((rows.shape[0], 5), np.uint8)
    low_out = np.empty((rows.shape[0], 5), np.uint8)
    on_rows(_best_fives_kernel(), rows.shape[0], np.ascontiguousarray(rows), _CHOICES[h],
            e.card_keys, e.card_bits, e.flush, e.offsets, e.hash, t.low_bits, t.low_five,
            best_high, best_low, high_out, low_out, scratch=np.empty((1, 5), np.uint8))
    return high_out, low_out


__all__ = ["HOLE_SIZES", "NO_CARD", "SHIPPED", "OmahaTables", "any_hole_high", "best_fives",
           "board_high", "board_of_sums", "build_tables", "deck_bits", "evaluate_rows", "high",
           "high_low", "hole_high", "low", "low_mask", "low_of_bits", "save_tables", "tables",
           "valid_row"]

if __name__ == "__main__":  # pragma: no cover
    # python -m pokersim.rankings.omaha     rebuild the shipped omaha_tables.npz
    save_tables()
    print(f"wrote {SHIPPED}")
