"""Hand strength: the best five cards of 5, 6 or 7, for millions of rows at once.

A strength is an integer from 1 (7-5-4-3-2 offsuit) to 7462 (royal flush); higher wins and
equal strengths tie, whatever the number of cards dealt. The kernel sums per-card keys and
does one table lookup per hand (see :mod:`pokersim.evaluator.tables` for the technique); on CPUs
with AVX2 it sums the keys of eight hands at once (:mod:`pokersim.evaluator._simd`).

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
import re
from itertools import combinations

import numpy as np

from .. import rankings
from .._core.jit import HAS_AVX2, jit, on_rows, popcount, share, trailing_zeros
from .._core.specialise import Specialised
from .._core.validation import short_repr
from ..cards import as_array, as_hands, check_hands, join_board, parse_cards
from ..errors import PokersimInputError
from ..games.game import get as get_game
from ..rankings import BADUGI, FLUSH_NEEDS_ALL_CARDS, PLAIN, omaha
from ..rankings.badugi import EVALUATE as BADUGI_EVALUATE
from ..rankings.badugi import badugi_strength_ace_low, best_four_kernel
from ..rankings.hashed import deuce_to_seven_flush
from ..rankings.names import HIGH_LABELS
from ._simd import eight_hands
from .tables import FLUSH_CHECK, KEY_BIAS, key_and_bits, lookup, tables

__all__ = ["CATEGORY_LABELS", "Category", "best_five", "cactus_rank", "category",
           "describe", "evaluate"]

N_STRENGTHS = 7462


class Category(enum.IntEnum):  # numpydoc ignore=PR01
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


CATEGORY_LABELS = HIGH_LABELS  # the labels of Category, by code


@jit(inline=True)
def ranked_lookup(flavor, key, bits, flush, offsets, table):
    """:func:`lookup` in the ranking whose lookup ``flavor`` (a compile-time constant, see
    :mod:`pokersim.rankings`) and tables are given: deuce-to-seven's flushes are looked up
    with the other cards (:func:`pokersim.rankings.hashed.deuce_to_seven_flush`)."""
    if flavor == BADUGI:  # bits from ace-low card bits; the three tables are badugi's
        return badugi_strength_ace_low(bits, flush, offsets, table)
    return hashed_lookup(flavor, key, bits, flush, offsets, table)


@jit(inline=True)
def row_strength(hands, i, k, card_keys, card_bits, flush, offsets, table, flavor=PLAIN):
    """Strength of the first ``k`` cards of row ``i`` of ``hands``, or -1 if they hold a
    non-card or a repeated card."""
    key, bits = key_and_bits(hands, i, k, card_keys, card_bits)
    if popcount(bits) != k:
        return np.int16(-1)
    return ranked_lookup(flavor, key, bits, flush, offsets, table)


@jit(inline=True)
def hashed_lookup(flavor, key, bits, flush, offsets, table):
    """:func:`ranked_lookup` in a ranking looked up by hash (``flavor`` PLAIN or
    FLUSH_NEEDS_ALL_CARDS, not badugi's), the flavor a run-time value."""
    if flavor == FLUSH_NEEDS_ALL_CARDS and key & FLUSH_CHECK:
        return deuce_to_seven_flush(key, bits, flush, offsets, table)
    return lookup(key, bits, flush, offsets, table)


@jit(inline=True)
def hashed_row_strength(hands, i, k, card_keys, card_bits, flush, offsets, table, flavor):
    """:func:`row_strength` in a ranking looked up by hash (``flavor`` PLAIN or
    FLUSH_NEEDS_ALL_CARDS, not badugi's), the flavor a run-time value."""
    key, bits = key_and_bits(hands, i, k, card_keys, card_bits)
    if popcount(bits) != k:
        return np.int16(-1)
    return hashed_lookup(flavor, key, bits, flush, offsets, table)


@jit(inline=True, constants=True)
def _one_at_a_time(w, n_workers, hands, k, card_keys, card_bits, flush, offsets, table, out,
                   flavor):
    """Worker w's share of ``out``: the strengths of the k-card rows, one by one (k a
    constant where the caller has one: the card loop unrolls). Returns the bad rows (-1)."""
    bad = 0
    start, stop = share(w, n_workers, hands.shape[0])
    for i in range(start, stop):
        key, bits = key_and_bits(hands, i, k, card_keys, card_bits)
        if popcount(bits) == k:
            out[i] = hashed_lookup(flavor, key, bits, flush, offsets, table)
        else:  # hashed_row_strength, with the rare bad row counted on its own branch (1.1x)
            out[i] = -1
            bad += 1
    return bad


@functools.cache
def _one_at_a_time_kernel(k: int):
    """The scalar kernel of k-card rows (k compiled in: the card loop unrolls), for every
    ranking looked up by hash: the ``flavor`` and ``first_card`` are run-time arguments after
    ``scratch`` (the first card unused: a card below it has no key of the ranking)."""

    @jit(worker=True)
    def kernel(w, n_workers, hands, card_keys, card_bits, flush, offsets, table, out, scratch,
               flavor, first_card):
        return _one_at_a_time(w, n_workers, hands, k, card_keys, card_bits, flush, offsets,
                              table, out, flavor)

    return kernel


@jit(worker=True)
def _any_size_kernel(w, n_workers, hands, card_keys, card_bits, flush, offsets, table, out,
                     scratch, flavor, first_card, k):
    """:func:`_one_at_a_time_kernel` with ``k`` a run-time value: the kernel of every hand
    size and ranking looked up by hash (the same strengths), until a size has one of its own
    (see :data:`EVALUATE`)."""
    return _one_at_a_time(w, n_workers, hands, k, card_keys, card_bits, flush, offsets, table,
                          out, flavor)


#: Blocks of eight rows per task of the vector kernel: 1,024 rows, so that even 10,000 rows
#: split evenly over the workers (with 1,024 blocks per task, 10,000 rows ran at 650 M/s and
#: 10 million at 1,000 M/s; with 128, both at about 1,000 M/s on 2 threads here).
BLOCKS_PER_TASK = 128
#: A worker's scratch entries (uint64) in the strength kernels.
SCRATCH = np.zeros(BLOCKS_PER_TASK, np.uint64)


@functools.cache
def _eight_at_a_time_kernel(k: int):
    """The vector kernel of k-card rows (k compiled in: :func:`eight_hands` needs it), for
    every ranking it serves: the lookup ``flavor`` and the deck's ``first_card`` are run-time
    arguments after ``left`` (they matter only to the rows left to the scalar path and to one
    vector compare), one compiled kernel where there was one per ranking."""

    @jit(worker=True)
    def kernel(w, n_workers, hands, card_keys, card_bits, flush, offsets, table, out, left,
               flavor, first_card):
        blocks = hands.shape[0] // 8
        bad = 0
        for task in range(w, (blocks + BLOCKS_PER_TASK - 1) // BLOCKS_PER_TASK, n_workers):
            # the blocks with rows left over are listed (in ``left``) without a branch, then
            # finished: a branch per block, taken at random by about 22% of 7-card blocks,
            # mispredicts (listing first is 10% faster on 7-card rows)
            n_left = 0
            for b in range(task * BLOCKS_PER_TASK, min(blocks, (task + 1) * BLOCKS_PER_TASK)):
                rows = eight_hands(hands, b, offsets, table, out, k, first_card)
                left[n_left] = np.uint64(b) << np.uint64(8) | rows
                n_left += rows != 0
            for j in range(n_left):
                rows = left[j] & np.uint64(0xFF)
                while rows:
                    i = np.int64(left[j] >> np.uint64(8)) * 8 + np.int64(trailing_zeros(rows))
                    out[i] = hashed_row_strength(hands, i, k, card_keys, card_bits, flush,
                                                  offsets, table, flavor)
                    bad += out[i] < 0
                    rows &= rows - np.uint64(1)
        if w == 0:  # the rows after the last whole block
            for row in range(8 * blocks, hands.shape[0]):
                out[row] = hashed_row_strength(hands, row, k, card_keys, card_bits, flush,
                                                offsets, table, flavor)
                bad += out[row] < 0
        return bad

    return kernel


#: The strength kernels of the rankings looked up by hash: :func:`_any_size_kernel` for every
#: hand size, and a size's own (:func:`_eight_at_a_time_kernel` where the ranking and the CPU
#: allow, else :func:`_one_at_a_time_kernel`; the shape is ``(k, simd)``) once it pays (see
#: :mod:`pokersim._core.specialise`).
EVALUATE = Specialised(
    lambda k, simd: _eight_at_a_time_kernel(k) if simd else _one_at_a_time_kernel(k),
    _any_size_kernel, lambda k, simd: (k,))


def kernel_args(ranking="high"):
    """The tables every strength kernel takes: card_keys, card_bits, flush, offsets, hash."""
    if ranking == "high":
        t = tables()
        return t.card_keys, t.card_bits, t.flush, t.offsets, t.hash
    return rankings.get(ranking).tables.kernel_args()


def evaluate(hands, board=None, *, ranking=None, game=None):
    """Strength of the best five cards of each hand.

    Parameters
    ----------
    hands : array_like of int, shape (N, k) or (k,); or text
        Card ids 0..51 (any integer dtype; ``uint8`` avoids a copy), or text: a string is
        one hand (``"As Ks Qs Js Ts"``), a list of one-card strings is one hand (``["As",
        "Ks", "Qs", "Js", "Ts"]``), a list of longer strings is one hand each. With the
        board, k cards per hand: 5, 6 or 7 (badugi: 4 to 7, Zhajinhua: 3; the short decks'
        hands hold no card below a six).
    board : cards, optional
        Board cards joined to each hand: text, a list of card texts or a 1-D array for one
        board shared by every hand; or one board per hand, (N, b). A hand given as one
        (1-D, or one string) meets each of N boards. ``evaluate(hole, board)`` is
        ``evaluate(hole + board)``.
    ranking : str or Ranking, optional
        How hands are ranked: ``"high"`` (the default), ``"short-deck"``,
        ``"short-deck-trips"``, ``"ace-to-five"``, ``"eight-or-better"``,
        ``"deuce-to-seven"``, ``"badugi"``, ``"zhajinhua"`` or ``"zhajinhua-a23-lowest"`` (see
        :mod:`pokersim.rankings`). With ``game``, one of the game's rankings: its own by
        default, or in a split-pot game its low one (``"eight-or-better"``), the low half.
    game : str or pokersim.games.game.Game, optional
        A game (see :mod:`pokersim.games.game`): each row is one player's hole cards then the
        board (``game.hole + game.board`` cards), ranked as the game makes a hand (Omaha and
        Courchevel: exactly two hole cards and three board cards).

    Returns
    -------
    numpy.ndarray of int16, shape (N,)
        Higher wins, equal is a tie: 1..7462 in the high order; 1..``n_strengths`` of the
        ranking, and 0 for "no low" in eight-or-better. One hand (1-D or a string) gives a
        0-d array. An empty batch, shape (0, k), gives an empty array.

    Raises
    ------
    HandShapeError, CardError, DuplicateCardError
        Wrong shape or dtype, a value outside the ranking's deck, a repeated card in a row
        (or in a hand and the board).

    >>> int(evaluate("Ah Kh Qh Jh Th"))
    7462
    >>> s = evaluate(["Ah Kh", "2c 2d"], board="Qh Jh Th 2s 7c")  # one board for both hands
    >>> s.shape, describe(s)
    ((2,), ['Royal Flush', 'Three of a Kind, Twos'])
    >>> int(evaluate(["As", "Ks", "Qs", "Js", "Ts"]))  # one hand, one card per text
    7462
    >>> s = evaluate(["7c 5d 4h 3s 2c", "Ac 2d 3h 4s 5c"], ranking="deuce-to-seven")
    >>> describe(s, ranking="deuce-to-seven")
    ['Number one', 'A-5-4-3-2 low']
    >>> hand = "Ah 2d Qc Jc  3h Kh 8c 7d 9d"  # Omaha hi-lo: four hole cards, then the board
    >>> describe(evaluate(hand, game="omaha-hi-lo"))
    'High Card, Ace'
    >>> describe(evaluate(hand, game="omaha-hi-lo", ranking="eight-or-better"),
    ...          ranking="eight-or-better")  # the low half
    '8-7-3-2-A low'
    """
    _no_ranking_in_board(board)
    if game is not None:
        return _evaluate_game(_joined(hands, board), ranking, game)
    r = rankings.get("high" if ranking is None else ranking)
    arr, single = as_hands(hands, r.hand_sizes, check=False, board=board)
    # a bad row: the error names the first bad card, and whether it is the hand's or the board's
    out = _ranked_rows(arr, r, lambda: as_hands(hands, r.hand_sizes, board=board,
                                                first_card=r.first_card))
    return out[0] if single else out


def _no_ranking_in_board(board) -> None:
    """Raise if a ranking is given in the board's place (``evaluate(hands, "razz")``, or a word
    that is no cards): ``ranking=`` is its one spelling."""
    if isinstance(board, rankings.Ranking) or isinstance(board, str) and (
            board in rankings.NAMES or _a_word_not_cards(board)):
        raise PokersimInputError(
            f"the board is cards, not a ranking: got {short_repr(board)}; give a ranking as "
            f"ranking=, one of {', '.join(rankings.NAMES)}")


def _a_word_not_cards(text: str) -> bool:
    """Whether ``text`` is a lower-case word (``"razz"``, ``"ace-to-six"``) and no card text."""
    if not re.fullmatch(r"[a-z][a-z0-9-]+", text):
        return False
    try:
        parse_cards(text)
    except PokersimInputError:
        return True
    return False


def _joined(hands, board):
    """The hands joined with the board, as a game's rows (one hand stays 1-D)."""
    if board is None:
        return hands
    arr, single = join_board(hands, board)
    return arr[0] if single else arr


def _game_rows(hands, game, *, check: bool = True):
    """(the Game, its rows: (N, hole + board) uint8, single); with ``check``, the rows are
    checked to be cards of the game's deck, none repeated in a row."""
    g = get_game(game)
    arr, single = as_hands(hands, (g.cards,), check=False)
    if check:
        check_hands(arr, first_card=rankings.get(g.ranking).first_card)
    return g, arr, single


def _low_half(g, ranking) -> bool:
    """Whether ``ranking`` asks for the low half of game ``g``'s hands: None or the game's
    ranking is the high half (its only one in most games), its low ranking the low half."""
    name = ranking.name if isinstance(ranking, rankings.Ranking) else ranking
    if name is None or name == g.ranking:
        return False
    if g.low is not None and name == g.low:
        return True
    plays = f"{g.ranking!r}" + (f" and {g.low!r} (its low half)" if g.low else "")
    raise PokersimInputError(f"{g.name} ranks hands by {plays}; got ranking="
                             f"{short_repr(ranking)}")


def _evaluate_game(hands, ranking, game):
    g = get_game(game)
    low_half = _low_half(g, ranking)
    g, arr, single = _game_rows(hands, g, check=False)
    out, low = game_strengths(arr, g, high=not low_half)
    if low_half:
        assert low is not None  # (_low_half: only a game with a low half has one)
        out = low
    return out[0] if single else out


def game_strengths(rows: np.ndarray, game, *, high: bool = True
                   ) -> tuple[np.ndarray, np.ndarray | None]:
    """(high, low) strengths of a :class:`~pokersim.games.game.Game`'s rows, (N, hole +
    board) uint8, as :func:`evaluate` gives them with ``game=``: the high half empty when not
    ``high`` (as :func:`pokersim.rankings.omaha.evaluate_rows` leaves a half not wanted), the
    low half None in a game without one. Omaha's kernels make both halves in one pass. The
    kernels check the rows as they go, and raise check_hands' error for the first bad one (a
    pass of check_hands before them took more time than the Omaha kernels)."""
    r = rankings.get(game.ranking)
    if game.two_plus_three:
        hi, lo = omaha.evaluate_rows(rows, want_high=high, want_low=bool(game.low),
                                     name="hands", first_card=r.first_card)
        return hi, (lo if game.low else None)
    return (_ranked_rows(rows, r) if high else np.empty(0, np.int16),
            _ranked_rows(rows, rankings.get(game.low)) if game.low else None)


def _ranked_rows(rows: np.ndarray, r: rankings.Ranking, check=None) -> np.ndarray:
    """The strengths of (N, k) uint8 ``rows`` in ranking ``r``. A bad row (a card outside the
    deck, or twice) makes ``check()`` raise the error that names it (by default,
    :func:`~pokersim.cards.as_hands` of the rows)."""
    out = np.empty(rows.shape[0], np.int16)
    k, simd = rows.shape[1], HAS_AVX2 and r.eight_at_a_time
    badugi = r.flavor == BADUGI
    ranking = () if badugi else (r.flavor, r.first_card)  # badugi's kernels are its own
    with (BADUGI_EVALUATE if badugi else EVALUATE).pick(k, simd) as (kernel, shape_args):
        bad = on_rows(kernel, rows.shape[0], rows, *r.tables.kernel_args(), out,
                      scratch=SCRATCH, after=(*ranking, *shape_args))
    if sum(bad):
        (check or (lambda: as_hands(rows, r.hand_sizes, first_card=r.first_card)))()
        raise AssertionError("evaluator flagged a row that check_hands accepts")  # pragma: no cover
    return out


# ---------------------------------------------------------------------------------------------
# Decoding a strength


def _as_strength(strength, r: rankings.Ranking) -> tuple[np.ndarray, bool]:
    """Check strengths of ranking ``r`` (two passes, no copy); returns them as an integer
    array and whether one was given."""
    arr = as_array(strength, "strengths", "integers", PokersimInputError)
    if arr.dtype.kind not in "iu":
        raise PokersimInputError(f"strengths must be integers from evaluate(); got "
                                 f"{arr.dtype} {short_repr(strength)}")
    lowest = 0 if r.has_no_hand else 1
    if arr.size and (arr.min() < lowest or arr.max() > r.n_strengths):
        bad = (arr < lowest) | (arr > r.n_strengths)
        value = arr[tuple(np.argwhere(bad)[0])] if arr.ndim else arr
        which = "" if r.name == "high" else f" of the {r.name} ranking"
        raise PokersimInputError(f"{value} is not a hand strength{which} (strengths run "
                                 f"{lowest}..{r.n_strengths})")
    return arr, arr.ndim == 0


@jit(worker=True)
def _gather(w, n_workers, table, index, out):
    start, stop = share(w, n_workers, index.size)
    for i in range(start, stop):
        out[i] = table[index[i]]


def _look_up(table: np.ndarray, strengths: np.ndarray) -> np.ndarray:
    """``table[strengths]`` for checked strengths, without numpy's int64 copy of the index
    (50 million strengths: one pass, no temporary). The index is read as writable int16,
    as :func:`evaluate` gives it (checked strengths fit: no ranking has 32,767), so that one
    compiled kernel serves every input; others are cast or copied first (a kernel per
    integer dtype compiled six times over in the tests)."""
    out = np.empty(strengths.shape, table.dtype)
    index = np.require(strengths, np.int16, ["C", "W"]).reshape(-1)
    on_rows(_gather, strengths.size, table, index, out.reshape(-1))
    return out


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


def category(strength, board=None, *, ranking="high"):
    """Category code of each strength (or hand): a :class:`Category` in the high order and
    the short decks (a ``Category`` for a scalar), elsewhere the index of the category in
    ``pokersim.rankings.get(ranking).labels``.

    ``strength`` takes strengths from :func:`evaluate`, or hands as :func:`evaluate` takes
    them (text, or a ``uint8`` card array: ``uint8`` arrays are cards, strengths are
    ``int16``), with the ``board`` (see :func:`evaluate`).

    Parameters
    ----------
    strength : array_like or str
        Strengths from :func:`evaluate`, or hands as :func:`evaluate` takes them.
    board : str or array_like, optional
        The board shared by the hands given as ``strength`` (see :func:`evaluate`).
    ranking : str or Ranking, optional
        The ranking the strengths are in (see :mod:`pokersim.rankings`); ``"high"`` by default.

    Returns
    -------
    Category or numpy.ndarray
        A :class:`Category` for one strength of the high order or a short deck, else an array of
        category codes shaped like ``strength``.

    Examples
    --------
    >>> category(evaluate("2c 2d 2h 9s 9c"))
    <Category.FULL_HOUSE: 6>
    >>> category("2c 2d", board="2h 9s 9c")
    <Category.FULL_HOUSE: 6>
    >>> from pokersim import rankings
    >>> low = evaluate("8c 6d 5h 4s 2c", ranking="ace-to-five")
    >>> rankings.get("ace-to-five").labels[category(low, ranking="ace-to-five")]
    '8-low'
    """
    strength, ranking = _strengths(strength, board, ranking)
    r = rankings.get(ranking)
    arr, single = _as_strength(strength, r)
    codes = _look_up(r.category_of_strength, arr)
    if not single:
        return codes
    return Category(int(codes)) if r.labels is HIGH_LABELS else int(codes)


def _strengths(value, board, ranking):
    """(strengths, ranking) of what ``category`` and ``describe`` take: strengths as given,
    or hands evaluated (text, ``uint8`` card arrays, or anything with a board)."""
    _no_ranking_in_board(board)
    if board is not None or _are_cards(value):
        return evaluate(value, board, ranking=ranking), ranking
    return value, ranking


def _are_cards(value) -> bool:
    """Whether ``describe``/``category`` were given hands: text, or ``uint8`` card arrays."""
    if isinstance(value, str):
        return True
    if isinstance(value, (list, tuple)):
        value = as_array(value, "strengths", "strengths or hands", PokersimInputError)
    return isinstance(value, np.ndarray) and (
        value.ndim >= 1 and value.dtype == np.uint8 or value.dtype.kind in "US"
        or value.dtype == object and any(isinstance(v, str) for v in value.flat))


def cactus_rank(strength):
    """The classic 1..7462 rank of treys, deuces and phevaluator (1 = royal flush).

    Parameters
    ----------
    strength : int or array_like
        Strengths of the high ranking, from :func:`evaluate`.

    Returns
    -------
    numpy.ndarray
        ``int64`` ranks, 1 (royal flush) to 7462, shaped like ``strength``.

    Examples
    --------
    >>> int(cactus_rank(7462)), int(cactus_rank(1))
    (1, 7462)
    """
    arr, _ = _as_strength(strength, rankings.get("high"))
    return N_STRENGTHS + 1 - arr.astype(np.int64)


def describe(strength, board=None, *, ranking="high"):
    """A name for each strength (or hand), such as ``"Full House, Kings over Fours"`` or
    ``"8-6-5-4-2 low"``: a string for one, a list for a 1-D array, nested lists shaped like
    the array otherwise.

    ``strength`` takes strengths from :func:`evaluate`, or hands as :func:`evaluate` takes
    them (text, or a ``uint8`` card array: ``uint8`` arrays are cards, strengths are
    ``int16``), with the ``board`` (see :func:`evaluate`).

    Parameters
    ----------
    strength : array_like or str
        Strengths from :func:`evaluate`, or hands as :func:`evaluate` takes them.
    board : str or array_like, optional
        The board shared by the hands given as ``strength`` (see :func:`evaluate`).
    ranking : str or Ranking, optional
        The ranking the strengths are in (see :mod:`pokersim.rankings`); ``"high"`` by default.

    Returns
    -------
    str or list
        A name for one strength, a list of names (nested like the array) for several.

    Examples
    --------
    >>> describe(evaluate("5d 4c 3h 2s Ac"))
    'Straight, Five high'
    >>> describe("Kh Kd", board="4c 4s Kc 9h 2d"), describe(["Ah Ad", "7c 2d"], "Ac 7h 7s")
    ('Full House, Kings over Fours', ['Full House, Aces over Sevens', 'Three of a Kind, Sevens'])
    >>> describe([[7462, 1], [7461, 7452]])
    [['Royal Flush', 'High Card, Seven'], ['Straight Flush, King high', 'Four of a Kind, Aces']]
    >>> describe(evaluate(["5d 4c 3h 2s Ac", "Kd Kc 3h 2s Ac"], ranking="eight-or-better"),
    ...          ranking="eight-or-better")
    ['Wheel', 'No low']
    """
    strength, ranking = _strengths(strength, board, ranking)
    r = rankings.get(ranking)
    arr, single = _as_strength(strength, r)
    names = r.descriptions
    if single:
        return names[int(arr)]
    out = [names[s] for s in arr.ravel().tolist()]
    return out if arr.ndim == 1 else np.array(out, object).reshape(arr.shape).tolist()


# ---------------------------------------------------------------------------------------------
# The five cards that play

_SUBSETS = {k: np.array(list(combinations(range(k), 5)), np.int64) for k in (5, 6, 7)}


#: A worker's scratch (int64) for :func:`_order_for_reading`.
_READING_SCRATCH = np.zeros(24, np.int64)


@jit(worker=True)
def _best_five_kernel(w, n_workers, hands, subsets, ace_last, card_keys, card_bits, flush,
                      offsets, table, out, scratch, flavor):
    """Worker w's share of ``out``: each row's first five cards (of ``subsets``) that make
    its strength in a ranking looked up by hash, in reading order; the ranking's ``flavor``
    a run-time value, one kernel for every such ranking."""
    k = hands.shape[1]
    start, stop = share(w, n_workers, hands.shape[0])
    for i in range(start, stop):
        best = hashed_row_strength(hands, i, k, card_keys, card_bits, flush, offsets, table,
                                   flavor)
        for s in range(subsets.shape[0]):
            key = KEY_BIAS
            bits = np.uint64(0)
            for j in range(5):
                c = hands[i, subsets[s, j]]
                out[i, j] = c
                key += card_keys[c]
                bits |= card_bits[c]
            if hashed_lookup(flavor, key, bits, flush, offsets, table) == best:
                break
        _order_for_reading(out[i], ace_last, scratch)


@jit(inline=True)
def _order_for_reading(five, ace_last, scratch):
    """Sort five cards in place as a player reads them: larger groups first, then higher
    ranks; an ace goes last when the five ranks' mask is ``ace_last`` (the wheel: 0x100F for
    A-2-3-4-5, 0x10F0 for the short deck's A-6-7-8-9), or always when it is -1 (aces low).
    Uses ``scratch[:18]`` (int64)."""
    counts = scratch[:13]
    keys = scratch[13:18]
    for r in range(13):
        counts[r] = 0
    mask = 0
    for c in five:
        counts[c >> 2] += 1
        mask |= 1 << (c >> 2)
    low_ace = ace_last == -1 or mask == ace_last
    for j in range(5):
        r = five[j] >> 2
        rank = -1 if low_ace and r == 12 else r
        keys[j] = -(counts[r] * 64 + (rank + 1) * 4 + (five[j] & 3))  # distinct cards: distinct
    for j in range(1, 5):  # insertion sort by key, the cards along
        key, card = keys[j], five[j]
        m = j - 1
        while m >= 0 and keys[m] > key:
            keys[m + 1] = keys[m]
            five[m + 1] = five[m]
            m -= 1
        keys[m + 1] = key
        five[m + 1] = card


#: Where the ace of each ranking reads last (see :func:`_order_for_reading`).
_ACE_LAST = {"high": 0x100F, "short-deck": 0x10F0, "short-deck-trips": 0x10F0,
             "ace-to-five": -1, "eight-or-better": -1, "deuce-to-seven": 0}


def best_five(hands, board=None, *, ranking=None, game=None):
    """The five cards that play in each hand, as a player reads them (groups first, then the
    highest card; the aces of lows last). Eight-or-better gives the best ace-to-five low,
    qualifying or not. Badugi gives four cards: the badugi's, highest first (aces low), then
    the lowest of the others; Zhajinhua its three (a pair first, then the highest). With
    ``game`` (rows as :func:`evaluate` takes them), the five the game plays: for its high
    half, or with its low ranking (``"eight-or-better"``) for its low half, rows of 255 (no
    card) where the hand has no low. Hands and ``board`` are as :func:`evaluate` takes them.

    Parameters
    ----------
    hands : str, sequence of str or array_like
        Hands as :func:`evaluate` takes them.
    board : str or array_like, optional
        The board shared by the hands (see :func:`evaluate`).
    ranking : str or Ranking, optional
        The ranking the hands are read in (see :mod:`pokersim.rankings`); ``"high"`` by
        default. With ``game``, one of the game's rankings, as in :func:`evaluate`.
    game : str or Game, optional
        A game whose hands these are (rows as :func:`evaluate` takes them): the five it plays.

    Returns
    -------
    numpy.ndarray
        ``uint8`` cards, a row per hand (one row for one hand): five, or four (badugi), or three
        (Zhajinhua).

    Examples
    --------
    >>> format_cards(best_five("Kh Kd", board="4c 4s Kc 9h 2d"))
    'Kh Kd Kc 4s 4c'

    >>> format_cards(best_five("Kh Kd 4c 4s Kc 9h 2d"))
    'Kh Kd Kc 4s 4c'
    >>> format_cards(best_five("Kh 8d 4c 4s 3c Ah 2d", ranking="ace-to-five"))
    '8d 4c 3c 2d Ah'
    >>> format_cards(best_five("Kh 8d 4c 4s 3c", ranking="badugi"))
    'Kh 8d 4s 3c'
    >>> format_cards(best_five("Ah Kh Qh Jh  2h 3h 4c 5c 9d", game="omaha"))  # not a flush
    'Ah Kh 9d 5c 4c'
    """
    _no_ranking_in_board(board)
    if game is not None:
        return _best_five_of_game(_joined(hands, board), ranking, game)
    ranking = "high" if ranking is None else ranking
    r = rankings.get("ace-to-five" if ranking == "eight-or-better" else ranking)
    arr, single = as_hands(hands, r.hand_sizes, board=board, first_card=r.first_card)
    if r.read_cards is not None:  # every card plays (Zhajinhua's three)
        out = r.read_cards(arr)
        return out[0] if single else out
    if r.flavor == BADUGI:
        four = np.empty((arr.shape[0], 4), np.uint8)
        t = r.tables
        best_four_kernel(arr, t.flush, t.hash, four)
        return four[0] if single else four
    out = np.empty((arr.shape[0], 5), np.uint8)
    on_rows(_best_five_kernel, arr.shape[0], arr, _SUBSETS[arr.shape[1]],
            _ACE_LAST[r.name], *r.tables.kernel_args(), out, scratch=_READING_SCRATCH,
            after=(r.flavor,))
    return out[0] if single else out


def _best_five_of_game(hands, ranking, game):
    g = get_game(game)
    low_half = _low_half(g, ranking)
    g, arr, single = _game_rows(hands, g)
    if g.two_plus_three:
        five = omaha.best_fives(arr)[1 if low_half else 0]
        played = five[:, 0] != omaha.NO_CARD
        five[played] = _read_in_order(five[played], "low" if low_half else "high")
    elif low_half:
        five = best_five(arr, ranking="ace-to-five")
        five[evaluate(arr, ranking=g.low) == rankings.NO_LOW] = 255
    else:
        five = best_five(arr, ranking=g.ranking)
    return five[0] if single else five


def _read_in_order(fives: np.ndarray, half: str) -> np.ndarray:
    out = np.array(fives, np.uint8)
    on_rows(_read_all, out.shape[0], out, _ACE_LAST["high" if half == "high" else "ace-to-five"],
            scratch=_READING_SCRATCH)
    return out


@jit(worker=True)
def _read_all(w, n_workers, fives, ace_last, scratch):
    """Worker w's share of the rows of ``fives``, each put in reading order in place."""
    start, stop = share(w, n_workers, fives.shape[0])
    for i in range(start, stop):
        _order_for_reading(fives[i], ace_last, scratch)

