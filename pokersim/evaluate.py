"""Hand strength: the best five cards of 5, 6 or 7, for millions of rows at once.

A strength is an integer from 1 (7-5-4-3-2 offsuit) to 7462 (royal flush); higher wins and
equal strengths tie, whatever the number of cards dealt. The kernel sums per-card keys and
does one table lookup per hand (see :mod:`pokersim.tables` for the technique); on CPUs with
AVX2 it sums the keys of eight hands at once (:mod:`pokersim._simd`).

>>> s = evaluate(parse_hands(["As Ks Qs Js Ts 2c 3d", "Kh Kd 4c 4s Kc 9h 2d"]))
>>> s.dtype, bool(s[0] > s[1])
(dtype('int16'), True)
>>> describe(s)
['Royal Flush', 'Full House, Kings over Fours']
>>> [Category(c).label for c in category(s)]
['Royal Flush', 'Full House']
>>> cactus_rank(s)  # as phevaluator ranks them
array([  1, 188])
"""

from __future__ import annotations

import enum
import functools
from itertools import combinations

import numpy as np
from numba import prange

from ._jit import HAS_AVX2, jit, popcount, trailing_zeros
from ._simd import eight_hands
from .cards import RANK_NAMES, RANK_PLURALS, as_array, as_hands, check_hands
from .errors import PokersimInputError
from .tables import FLUSH_CHECK, HASH_SHIFT, KEY_BIAS, RANK_MASK, tables
from .validation import short_repr

N_STRENGTHS = 7462


class Category(enum.IntEnum):
    """Hand categories, weakest first. The value is the code :func:`category` returns."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9

    @property
    def label(self) -> str:
        """Display name: ``Category.FULL_HOUSE.label == "Full House"``."""
        return self.name.replace("_", " ").title().replace(" Of A ", " of a ")


CATEGORY_LABELS = tuple(c.label for c in Category)


@jit(inline=True)
def suit_of_flush(key):
    """The suit holding 5+ cards, for a key that passed the FLUSH_CHECK test."""
    flags = (key & FLUSH_CHECK) >> np.uint64(35)  # one of 0x1, 0x10, 0x100, 0x1000
    return (flags > np.uint64(0xF)) + (flags > np.uint64(0xFF)) + (flags > np.uint64(0xFFF))


@jit(inline=True)
def nonflush_strength(key, offsets, table):
    """Strength of a hand with no flush: one perfect-hash lookup on the rank part of the key."""
    rank_key = key & RANK_MASK  # unsigned indices: no negative-index wraparound code
    return table[rank_key + np.uint64(offsets[rank_key >> np.uint64(HASH_SHIFT)])]


@jit(inline=True)
def lookup(key, bits, flush, offsets, table):
    """Strength of a valid hand from its summed card key and its suit-rank bits (the OR of
    ``card_bits``), as the enumeration kernels carry them."""
    if key & FLUSH_CHECK:
        shift = np.uint64(16 * suit_of_flush(key))
        return flush[(bits >> shift) & np.uint64(0x1FFF)]
    return nonflush_strength(key, offsets, table)


@jit(inline=True)
def key_and_bits(hands, i, k, card_keys, card_bits):
    """(summed key, OR of suit-rank bits) of the first ``k`` cards of row ``i`` of ``hands``.
    Values past 51 have no bit and a repeated card sets no new one, so the row is valid
    exactly when k bits are set. Kernels pass ``k`` as a compile-time constant where they
    can: the card loop then unrolls (1.4x on ``evaluate``)."""
    key = KEY_BIAS
    bits = np.uint64(0)
    for j in range(k):
        c = hands[i, j]
        key += card_keys[c]
        bits |= card_bits[c]
    return key, bits


@jit(inline=True)
def hand_strength(hands, i, k, card_keys, card_bits, flush, offsets, table):
    """Strength of the first ``k`` cards of row ``i`` of ``hands``, or -1 if they hold a
    non-card or a repeated card."""
    key, bits = key_and_bits(hands, i, k, card_keys, card_bits)
    if popcount(bits) != k:
        return np.int16(-1)
    return lookup(key, bits, flush, offsets, table)


@functools.cache
def _evaluate_kernel(k: int, simd: bool = HAS_AVX2):
    """The kernel filling ``out`` with the strengths of k-card rows (k compiled in); it
    returns the number of invalid rows (marked -1). With ``simd``, eight rows at a time by
    :func:`pokersim._simd.eight_hands`, the rows it leaves (flushes, bad rows) one by one."""
    if simd:
        return _eight_at_a_time_kernel(k)

    @jit(parallel=True)
    def kernel(hands, card_keys, card_bits, flush, offsets, table, out):
        bad = 0
        for i in prange(hands.shape[0]):
            key, bits = key_and_bits(hands, i, k, card_keys, card_bits)
            if popcount(bits) == k:
                out[i] = lookup(key, bits, flush, offsets, table)
            else:  # hand_strength, with the rare bad row counted on its own branch (1.1x)
                out[i] = -1
                bad += 1
        return bad

    return kernel


#: Blocks of eight rows per parallel task of the vector kernel: 1,024 rows, so that even
#: 10,000 rows split evenly over the threads (with 1,024 blocks per task, 10,000 rows ran at
#: 650 M/s and 10 million at 1,000 M/s; with 128, both at about 1,000 M/s on 2 threads here).
BLOCKS_PER_TASK = 128


def _eight_at_a_time_kernel(k: int):
    @jit(parallel=True)
    def kernel(hands, card_keys, card_bits, flush, offsets, table, out):
        blocks = hands.shape[0] // 8
        bad = 0
        for task in prange((blocks + BLOCKS_PER_TASK - 1) // BLOCKS_PER_TASK):
            # the blocks with rows left over are listed without a branch, then finished: a
            # branch per block, taken at random by about 22% of 7-card blocks, mispredicts
            # (listing first is 10% faster on 7-card rows)
            left = np.empty(BLOCKS_PER_TASK, np.uint64)
            n_left = 0
            for b in range(task * BLOCKS_PER_TASK, min(blocks, (task + 1) * BLOCKS_PER_TASK)):
                rows = eight_hands(hands, b, offsets, table, out, k)
                left[n_left] = np.uint64(b) << np.uint64(8) | rows
                n_left += rows != 0
            for j in range(n_left):
                rows = left[j] & np.uint64(0xFF)
                while rows:
                    i = np.int64(left[j] >> np.uint64(8)) * 8 + np.int64(trailing_zeros(rows))
                    out[i] = hand_strength(hands, i, k, card_keys, card_bits, flush, offsets,
                                           table)
                    bad += out[i] < 0
                    rows &= rows - np.uint64(1)
        for i in range(8 * blocks, hands.shape[0]):
            out[i] = hand_strength(hands, i, k, card_keys, card_bits, flush, offsets, table)
            bad += out[i] < 0
        return bad

    return kernel


def kernel_args():
    """The tables every strength kernel takes: card_keys, card_bits, flush, offsets, hash."""
    t = tables()
    return t.card_keys, t.card_bits, t.flush, t.offsets, t.hash


def evaluate(hands) -> np.ndarray:
    """Strength of the best five cards of each hand.

    Parameters
    ----------
    hands : array_like of int, shape (N, 5), (N, 6) or (N, 7); or text
        Card ids 0..51 (any integer dtype; ``uint8`` avoids a copy), or text such as
        ``"As Ks Qs Js Ts"`` (one hand) or a list of such strings.

    Returns
    -------
    numpy.ndarray of int16, shape (N,)
        1..7462, higher wins, equal is a tie. One hand (1-D or a string) gives a 0-d array.

    Raises
    ------
    HandShapeError, CardError, DuplicateCardError
        Wrong shape or dtype, a value outside 0..51, a repeated card in a row.

    >>> int(evaluate("Ah Kh Qh Jh Th"))
    7462
    """
    arr, single = as_hands(hands, (5, 6, 7), check=False)
    out = np.empty(arr.shape[0], np.int16)
    if _evaluate_kernel(arr.shape[1])(arr, *kernel_args(), out):
        check_hands(arr)  # raises, naming the first bad row
        raise AssertionError("evaluator flagged a row that check_hands accepts")  # pragma: no cover
    return out[0] if single else out


# ---------------------------------------------------------------------------------------------
# Decoding a strength


def _as_strength(strength) -> tuple[np.ndarray, bool]:
    """Check strengths (integers 1..7462); returns them as int64 and whether one was given."""
    arr = as_array(strength, "strengths", "integers", PokersimInputError)
    if arr.dtype.kind not in "iu":
        raise PokersimInputError(f"strengths must be integers from evaluate(); got "
                                 f"{arr.dtype} {short_repr(strength)}")
    bad = (arr < 1) | (arr > N_STRENGTHS)
    if bad.any():
        value = arr[tuple(np.argwhere(bad)[0])] if arr.ndim else arr
        raise PokersimInputError(f"{value} is not a hand strength (strengths run 1..7462)")
    return arr.astype(np.int64), arr.ndim == 0


@functools.cache
def category_of_strength() -> np.ndarray:
    """(7463,) int64: the :class:`Category` code of every strength (index 0 unused), for
    kernels that count outcomes by category.

    >>> int(category_of_strength()[7462]) == Category.ROYAL_FLUSH
    True
    """
    codes = (tables().packed >> 20).astype(np.int64)
    codes.setflags(write=False)
    return codes


def _packed(strength) -> tuple[np.ndarray, bool]:
    arr, single = _as_strength(strength)
    return tables().packed[arr], single


def category(strength):
    """Category code (see :class:`Category`) of each strength; a ``Category`` for a scalar.

    >>> category(evaluate("2c 2d 2h 9s 9c"))
    <Category.FULL_HOUSE: 6>
    """
    packed, single = _packed(strength)
    codes = (packed >> 20).astype(np.int8)
    return Category(int(codes)) if single else codes


def cactus_rank(strength):
    """The classic 1..7462 rank of treys, deuces and phevaluator (1 = royal flush).

    >>> int(cactus_rank(7462)), int(cactus_rank(1))
    (1, 7462)
    """
    arr, _ = _as_strength(strength)
    return N_STRENGTHS + 1 - arr


def _describe_one(packed: int) -> str:
    cat = Category(packed >> 20)
    r = [(packed >> shift) & 0xF for shift in (16, 12, 8, 4, 0)]
    name, plural = RANK_NAMES, RANK_PLURALS
    if cat == Category.ROYAL_FLUSH:
        return "Royal Flush"
    if cat in (Category.STRAIGHT_FLUSH, Category.STRAIGHT, Category.FLUSH, Category.HIGH_CARD):
        return f"{cat.label}, {name[r[0]]} high" if cat != Category.HIGH_CARD \
            else f"High Card, {name[r[0]]}"
    if cat == Category.FOUR_OF_A_KIND or cat == Category.THREE_OF_A_KIND:
        return f"{cat.label}, {plural[r[0]]}"
    if cat == Category.FULL_HOUSE:
        return f"Full House, {plural[r[0]]} over {plural[r[1]]}"
    if cat == Category.TWO_PAIR:
        return f"Two Pair, {plural[r[0]]} and {plural[r[1]]}"
    return f"Pair of {plural[r[0]]}"


_DESCRIPTIONS: list[str] = []


def describe(strength):
    """A name for each strength, such as ``"Full House, Kings over Fours"``: a string for one
    strength, a list for a 1-D array, nested lists shaped like the array otherwise.

    >>> describe(evaluate("5d 4c 3h 2s Ac"))
    'Straight, Five high'
    >>> describe([[7462, 1], [7461, 7452]])
    [['Royal Flush', 'High Card, Seven'], ['Straight Flush, King high', 'Four of a Kind, Aces']]
    """
    if not _DESCRIPTIONS:
        _DESCRIPTIONS.extend(["?"] + [_describe_one(int(p)) for p in tables().packed[1:]])
    arr, single = _as_strength(strength)
    if single:
        return _DESCRIPTIONS[int(arr)]
    names = [_DESCRIPTIONS[s] for s in arr.ravel().tolist()]
    return names if arr.ndim == 1 else np.array(names, object).reshape(arr.shape).tolist()


# ---------------------------------------------------------------------------------------------
# The five cards that play

_SUBSETS = {k: np.array(list(combinations(range(k), 5)), np.int64) for k in (5, 6, 7)}


@jit(parallel=True)
def _best_five_kernel(hands, subsets, card_keys, card_bits, flush, offsets, table, out):
    k = hands.shape[1]
    for i in prange(hands.shape[0]):
        best = hand_strength(hands, i, k, card_keys, card_bits, flush, offsets, table)
        chosen = np.empty((1, 5), np.uint8)
        for s in range(subsets.shape[0]):
            for j in range(5):
                chosen[0, j] = hands[i, subsets[s, j]]
            if hand_strength(chosen, 0, 5, card_keys, card_bits, flush, offsets, table) == best:
                break
        _order_for_reading(chosen[0], out[i])


@jit
def _order_for_reading(five, out):
    """Sort five cards as a player reads them: larger groups first, then higher ranks; the ace
    of a wheel straight (A-2-3-4-5) goes last."""
    counts = np.zeros(13, np.int64)
    mask = 0
    for c in five:
        counts[c >> 2] += 1
        mask |= 1 << (c >> 2)
    wheel = mask == 0x100F
    keys = np.empty(5, np.int64)
    for j in range(5):
        r = five[j] >> 2
        rank = -1 if wheel and r == 12 else r
        keys[j] = -(counts[r] * 64 + (rank + 1) * 4 + (five[j] & 3))
    order = np.argsort(keys)
    for j in range(5):
        out[j] = five[order[j]]


def best_five(hands) -> np.ndarray:
    """The five cards that play in each hand, as a player reads them (groups first).

    >>> format_cards(best_five("Kh Kd 4c 4s Kc 9h 2d"))
    'Kh Kd Kc 4s 4c'
    """
    arr, single = as_hands(hands, (5, 6, 7))
    out = np.empty((arr.shape[0], 5), np.uint8)
    _best_five_kernel(arr, _SUBSETS[arr.shape[1]], *kernel_args(), out)
    return out[0] if single else out

