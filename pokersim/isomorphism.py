"""Suit-isomorphic indexing: one dense number for each class of hands that a relabelling of
the suits (and the order of the hole cards and of the board cards) does not change.

``AsKs``, ``KdAd`` and ``AhKh`` are one preflop class; on a board of ``Ah 7d 2c``, ``AsKs``
and ``AdKd`` are not (one shares the ace's suit, one the seven's). The classes of each round
are numbered 0 .. ``class_count(round) - 1`` (169; 1,286,792; 13,960,050; 123,156,254: the
counts of Waugh, "A Fast and Optimal Hand Isomorphism Algorithm", 2013), and
:func:`unindex` gives a class's canonical hand back. How the index is computed:
:mod:`pokersim._isomorphism`.

>>> int(index("As Ks")) == int(index("Kd Ad"))
True
>>> i = index("Ah Kh", "Qh 7d 2c 5s")
>>> format_cards(unindex("turn", i))
'As Ks Qs 7h 5d 2c'
>>> class_count("flop")
1286792
"""

from __future__ import annotations

import numbers

import numpy as np

from ._core.validation import named, short_repr
from ._isomorphism import BOARD_CARDS, index_kernel, round_tables, unindex_kernel
from .cards import as_array, as_hands, check_hands
from .errors import HandShapeError, PokersimInputError
from .evaluator.tables import tables as evaluator_tables

__all__ = ["ROUNDS", "class_count", "index", "unindex"]

#: The rounds, by the number of board cards: 0, 3, 4 and 5.
ROUNDS = ("preflop", "flop", "turn", "river")
_ROUND_NUMBER = {name: number for number, name in enumerate(ROUNDS)}
_ROUND_OF_BOARD = {b: number for number, b in enumerate(BOARD_CARDS)}


def _round_number(round) -> int:
    return named(round, _ROUND_NUMBER, "round")


def class_count(round) -> int:
    """The number of classes of a round: its indices are 0 .. ``class_count(round) - 1``.

    Parameters
    ----------
    round : str or int
        A round, by name (:data:`ROUNDS`) or number (0 to 3).

    Returns
    -------
    int
        The number of suit-isomorphic classes of the round.

    Examples
    --------
    >>> [class_count(r) for r in ROUNDS]
    [169, 1286792, 13960050, 123156254]
    """
    return int(round_tables(_round_number(round)).offset[-1])


def _as_board(board):
    """``board`` as (rows, single): None and "" are no board (0 columns)."""
    if isinstance(board, str) and not board.strip():
        return np.zeros((1, 0), np.uint8), True
    arr = as_array(board, "board")
    if arr.size == 0 and arr.ndim <= 2 and arr.dtype.kind in "iuf":  # [] or (N, 0)
        return np.zeros((max(len(arr), 1) if arr.ndim == 2 else 1, 0), np.uint8), arr.ndim < 2
    return as_hands(board, (3, 4, 5), "board", check=False)


def index(hole, board=None):
    """The index of each hand's class under the relabelling of suits.

    Parameters
    ----------
    hole : array_like of int, shape (N, 2), or (N, 2 + b) with the board; or text
        The hole cards (card ids, or text such as ``"As Kd"`` or a list of such strings).
        Without ``board``, a row of 5, 6 or 7 cards is the hole cards then the board.
    board : array_like of int, shape (N, b) or (b,); or text, optional
        The board: b = 3 (flop), 4 (turn) or 5 (river) cards, or none (None or ``""``,
        preflop). One board (1-D, or one string) goes with every row of ``hole``; one hole
        (1-D) goes with every row of ``board``.

    Returns
    -------
    numpy.ndarray of int64, shape (N,)
        The class of each hand, 0 .. ``class_count(round) - 1``; hands equal but for the
        suits' names, the order of the hole cards and the order of the board cards share
        it. One hand (1-D or text, for both) gives a numpy int64.

    Raises
    ------
    HandShapeError, CardError, DuplicateCardError
        A wrong shape or dtype, rows of hole and board that do not pair up, a value outside
        0..51, a card twice in a hand (hole and board together).

    >>> index(["As Ks", "Ah Kh", "As Kh", "7c 2d"]).tolist()
    [168, 168, 89, 15]
    >>> index(np.array([[51, 47], [5, 4]]), "Ah 7d 2c").shape  # one board for every hand
    (2,)
    """
    if board is None:
        arr, single = as_hands(hole, (2, 5, 6, 7), "hole", check=False)
        holes, hole_single, boards, board_col, board_single = arr, single, arr, 2, single
    else:
        holes, hole_single = as_hands(hole, (2,), "hole", check=False)
        boards, board_single = _as_board(board)
        board_col = 0
    n_board = holes.shape[1] - 2 if board is None else boards.shape[1]
    holes, boards = _paired_rows(holes, boards, hole_single, board_single)
    out = np.empty(len(holes), np.int64)
    tables = round_tables(_ROUND_OF_BOARD[n_board])
    if index_kernel(holes, boards, board_col, n_board, evaluator_tables().card_bits,
                    tables.suits, tables.rows, out):
        _raise_bad_row(holes, boards, board is None)
    return out[0] if hole_single and board_single else out


def _paired_rows(holes, boards, hole_single: bool, board_single: bool):
    """The hole and board arrays with a row each for every hand: one hole or one board (1-D
    or one string) is repeated for every row of the other."""
    if len(holes) == len(boards):
        return holes, boards
    if board_single:
        return holes, np.ascontiguousarray(np.broadcast_to(boards, (len(holes), boards.shape[1])))
    if hole_single:
        return np.ascontiguousarray(np.broadcast_to(holes, (len(boards), 2))), boards
    raise HandShapeError(f"hole has {len(holes)} rows and board {len(boards)}: give as many of "
                         "each, or one hole (1-D) or one board (1-D) for every row of the other")


def _raise_bad_row(holes, boards, combined: bool):
    """Raise the error of the first bad row (a value past 51, a card twice), naming it."""
    check_hands(holes, "hole")
    if not combined:
        check_hands(boards, "board")
        check_hands(np.concatenate([holes, boards], axis=1), "hole + board")
    raise AssertionError("index flagged a row that check_hands accepts")  # pragma: no cover


def unindex(round, indices):
    """A canonical hand of each class: the inverse of :func:`index`.

    Parameters
    ----------
    round : str
        ``"preflop"``, ``"flop"``, ``"turn"`` or ``"river"``.
    indices : int or array_like of int
        Classes, each in 0 .. ``class_count(round) - 1``.

    Returns
    -------
    numpy.ndarray of uint8, shape ``indices.shape + (2 + b,)``
        The hole cards then the board (b = 0, 3, 4 or 5 cards), each in descending order of
        card id. The suits are named in order of the parts they hold, the largest first
        (spades, hearts, diamonds, clubs): ``index`` of the hand gives back the class.

    >>> format_cards(unindex("preflop", [168, 89, 15, 0]))
    ['As Ks', 'As Kh', '7s 2h', '2s 2h']
    """
    number = _round_number(round)
    tables = round_tables(number)
    arr = as_array(indices, "indices", "integers", PokersimInputError)
    count = int(tables.offset[-1])
    whole = arr.dtype.kind in "iu" or arr.dtype == object and all(  # past int64: object
        isinstance(v, numbers.Integral) and not isinstance(v, (bool, np.bool_)) for v in arr.flat)
    if not whole and arr.size:  # an empty list is float64 to numpy
        raise PokersimInputError(f"indices must be integers; got {arr.dtype} "
                                 f"{short_repr(indices)}")
    if arr.size and (arr.min() < 0 or arr.max() >= count):
        bad = np.argwhere((arr < 0) | (arr >= count))[0]
        where = f"indices[{', '.join(map(str, bad))}] = " if arr.ndim else "index "
        raise PokersimInputError(f"{where}{arr[tuple(bad)]} is not a {ROUNDS[number]} class "
                                 f"(they run 0..{count - 1:,})")
    flat = np.ascontiguousarray(arr.reshape(-1), dtype=np.int64)
    out = np.empty((flat.size, 2 + tables.n_board), np.uint8)
    unindex_kernel(flat, tables.shapes, tables.multiplier, tables.k, tables.run_size,
                   tables.offset, out)
    return out.reshape(arr.shape + (2 + tables.n_board,))
