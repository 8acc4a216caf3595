"""Who wins at showdown: the hands of a table and its board, the winners and their shares.

>>> result = showdown(["Ah Kh", "Qs Qd", "Ac Kc"], board="Qh Jh 2c 7d 3s")
>>> describe(result.strength)
['High Card, Ace', 'Three of a Kind, Queens', 'High Card, Ace']
>>> result.winners.tolist(), result.share.tolist()
([False, True, False], [0.0, 1.0, 0.0])
>>> showdown(["Ah Kh", "Ac Kc", "2c 2d"], board="Qh Jh Ts 7d 3s").share.tolist()  # split
[0.5, 0.5, 0.0]
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import NamedTuple

import numpy as np

from .._core.validation import short_repr
from ..cards import _CARD_RE, CARD_NAMES, _first_bad_card, card_array, parse_hands
from ..errors import CardError, DuplicateCardError, HandShapeError, PokersimInputError
from ..games.game import get as get_game
from ..rankings import NO_LOW
from .strengths import _no_ranking_in_board, evaluate, game_strengths

__all__ = ["Showdown", "showdown"]

#: How many cards hands given whole may have in common: a board, from a flop to a river.
BOARD_SIZES = range(3, 6)


class Showdown(NamedTuple):
    """What :func:`showdown` returns, each shaped (P,) for one table or (N, P) for N.

    Parameters
    ----------
    strength, winners, share, low : ndarray
        The fields, in this order (below).
    """

    #: Each hand's strength (see :func:`pokersim.evaluate`): in a game, in its ranking (the
    #: high half of a split-pot game).
    strength: np.ndarray
    #: Whether the hand takes a part of the pot.
    winners: np.ndarray
    #: The part of the pot it takes: 1 alone, 1/k when k hands tie; in a split-pot game half
    #: for the high hand and half for the low (all for the high hand when no hand has a low).
    share: np.ndarray
    #: Each hand's low strength in a split-pot game (eight-or-better, 0 for "no low"); 0
    #: (no low) everywhere else.
    low: np.ndarray


def showdown(hands, board=None, *, ranking=None, game=None) -> Showdown:
    """The winners of a table (or of N tables) and their shares of the pot; ties split.

    Parameters
    ----------
    hands : list of str, or array (P, h); or N tables: a list of lists of str, or (N, P, h)
        Each player's cards (hole cards, or the whole hand without a board), 2 or more
        players; no card may appear twice at a table, board included. Lists of one-card
        texts (``[["As", "Ks"], ["Qd", "Qh"]]``) are one table, a hand per list, as an
        array of card texts (P, h) is.
    board : cards, optional
        The board, shared by the table's players: text, a list of card texts or an array
        (b,); or one board per table, (N, b).
    ranking : str or Ranking, optional
        How hands rank (see :func:`pokersim.evaluate`); ``"high"`` by default.
    game : str or pokersim.games.game.Game, optional
        Instead of a ranking, a game: its hole cards per player and its whole board, hands
        made as the game makes them, split-pot games' low halves.

    Returns
    -------
    Showdown
        ``strength``, ``winners`` (bool), ``share`` (float64, summing to 1 per table) and
        ``low`` (the low halves' strengths).

    Examples
    --------
    >>> r = showdown([["Ah Kh", "Qs Qd"], ["7c 2d", "7h 2s"]], board=["Qh Jh Th 2c 3c",
    ...                                                                   "Ac Kd 9s 8s 4c"])
    >>> r.share.tolist()
    [[1.0, 0.0], [0.5, 0.5]]
    >>> r = showdown(["As 2d Kc Qh", "Ah Kd 7c 6c"], board="3h 4s 8d Jc Js", game="omaha-hi-lo")
    >>> r.share.tolist()  # the highs tie (jacks, A-K-8); 8-4-3-2-A is the better low
    [0.75, 0.25]
    """
    _no_ranking_in_board(board)
    if game is not None and ranking is not None:
        raise PokersimInputError(f"give a ranking or a game, not both (ranking="
                                 f"{short_repr(ranking)}: a game's showdown plays its own)")
    tables, single = read_tables(hands)
    n, players, hole = tables.shape
    boards = _boards(board, n)
    if game is not None:
        g = get_game(game)
        if hole != g.hole or boards.shape[1] != g.board:
            raise HandShapeError(f"{g.name}: a showdown needs {g.hole} cards a player and a "
                                 f"board of {g.board}; got {hole} and {boards.shape[1]}")
    elif boards.shape[1] not in (0, 3, 4, 5):
        raise HandShapeError(f"a board has 3, 4 or 5 cards; got {boards.shape[1]} "
                             f"({short_repr(board)})")
    _check_tables(tables, boards)
    rows = np.concatenate([tables, np.broadcast_to(boards[:, None, :], (n, players,
                                                                        boards.shape[1]))],
                          axis=2).reshape(n * players, -1)
    if game is None:
        high, low = evaluate(rows, ranking=ranking), None
    else:  # (cards checked above: as uint8, any integer dtype given)
        high, low = game_strengths(np.ascontiguousarray(rows, np.uint8), get_game(game))
    strength = high.reshape(n, players)
    share = _shares(strength)
    if low is None:
        low = np.full_like(strength, NO_LOW)
    else:
        low = low.reshape(n, players)
        has_low = (low > NO_LOW).any(axis=1)
        share[has_low] = (share[has_low] + _shares(low[has_low])) / 2
    if single:
        strength, share, low = strength[0], share[0], low[0]
    return Showdown(strength, share > 0, share, low)


def _shares(strength: np.ndarray) -> np.ndarray:
    """Each hand's share of one pot, (N, P): the best strengths split it."""
    best = winners(strength)
    return best / best.sum(axis=1, keepdims=True)


def winners(strength) -> np.ndarray:
    """Which hands win the pot, alone or in a tie: those of the highest strength. Strengths
    of one ranking (as :func:`pokersim.evaluate` gives them), (P,) for one pot or (N, P).

    >>> winners([1, 7462, 7462]).tolist()
    [False, True, True]
    """
    strength = np.asarray(strength)
    return strength == strength.max(axis=-1, keepdims=True)


def clash(hands: Sequence[Iterable[int]]) -> tuple[int, int, np.ndarray] | None:
    """Why hands given whole (hole cards and board together, as card ids) cannot meet at one
    showdown, or None if they can. Two hands or more may share only a board: three to five
    cards that every hand holds, each hand with cards of its own besides. Returns the first
    two hands (their indices) that break this and the cards that they share beyond a board
    (the whole common part where it is no board), highest first.

    >>> from pokersim import format_cards, parse_cards
    >>> clash([parse_cards(h) for h in ("As Ks 6c 7d 8h", "Qs Js 6c 7d 8h")]) is None
    True
    >>> first, second, cards = clash([parse_cards(h) for h in ("As Ks", "Ah Ks")])
    >>> first, second, format_cards(cards)
    (0, 1, 'Ks')
    """
    held = [set(np.asarray(h).ravel().tolist()) for h in hands]
    if len(held) < 2:
        raise HandShapeError(f"a showdown needs at least two hands; got {len(held)}")
    board = set.intersection(*held)
    if board and (len(board) not in BOARD_SIZES or board in held):
        i, j, shared = 0, 1, board
    else:
        found = next(((i, j, (a & b) - board)
                      for (i, a), (j, b) in itertools.combinations(enumerate(held), 2)
                      if (a & b) - board), None)
        if found is None:
            return None
        i, j, shared = found
    return i, j, np.array(sorted(shared, reverse=True), np.uint8)


def read_tables(hands) -> tuple[np.ndarray, bool]:
    """(N, P, h) integer cards and whether one table was given: the tables of a showdown (also
    :func:`pokersim.games.zhajinhua.showdown`'s), values not yet checked to be cards."""
    if isinstance(hands, str):
        raise HandShapeError("showdown takes the hands of a table: a list such as ['Ah Kh', "
                             "'Qs Qd'], or an array (P, h), or N tables (N, P, h)")
    single = True
    if isinstance(hands, (list, tuple)) and hands and all(isinstance(h, str) for h in hands):
        arr = parse_hands(hands)
    elif (isinstance(hands, (list, tuple)) and hands
          and all(isinstance(t, (list, tuple)) and t and all(isinstance(h, str) for h in t)
                  for t in hands)
          and not all(_one_card(h) for t in hands for h in t)):
        tables = [parse_hands(t) for t in hands]
        if len({t.shape for t in tables}) > 1:
            raise HandShapeError(f"every table needs as many players and cards; got "
                                 f"{short_repr([t.shape for t in tables])}")
        arr, single = np.stack(tables), False
    else:
        arr = card_array(hands, "hands")
        single = arr.ndim == 2
    if arr.ndim == 2:
        arr = arr[None]
    if arr.ndim != 3 or arr.dtype.kind not in "iu" and arr.size:
        raise HandShapeError(f"hands must be one table (P, h) or N tables (N, P, h) of card "
                             f"ids; got {arr.dtype} with shape {arr.shape}")
    if arr.shape[1] < 2:
        raise HandShapeError(f"a showdown needs at least two hands; got {arr.shape[1]}")
    return arr, single


def _one_card(text: str) -> bool:
    """Whether ``text`` names one card (nested lists of those are a hand per row, one table,
    as everywhere hands are read; of longer texts, a table per list)."""
    return _CARD_RE.fullmatch(text.strip()) is not None


def _boards(board, n: int) -> np.ndarray:
    """(n, b) integer boards: one board repeated, or one per table."""
    if board is None:
        return np.zeros((n, 0), np.uint8)
    arr = card_array(board, "board")
    if arr.size == 0 and arr.ndim == 1:
        arr = arr.astype(np.uint8)
    if arr.ndim == 1:
        arr = arr[None]
    if arr.ndim != 2 or arr.shape[0] not in (1, n) or arr.dtype.kind not in "iu" and arr.size:
        raise HandShapeError(f"board must be one board (b,) or one per table ({n}, b); got "
                             f"{arr.dtype} with shape {arr.shape}")
    return np.broadcast_to(arr, (n, arr.shape[1]))


def _check_tables(tables: np.ndarray, boards: np.ndarray) -> None:
    """Raise for a value that is not a card, or a card twice at a table."""
    n, players, hole = tables.shape
    everything = np.concatenate([tables.reshape(n, -1), boards], axis=1)
    bad = (everything < 0) | (everything > 51)
    if bad.any():
        t, col = (int(i) for i in np.argwhere(bad)[0])
        raise CardError(f"table {t}: {_owner(col, players, hole)} holds {everything[t, col]}, "
                        f"not a card (cards are integers 0..51)")
    t, col, kind = _first_bad_card(np.ascontiguousarray(everything, np.uint8))
    if kind:
        card = int(everything[t, col])
        first = int(np.flatnonzero(everything[t] == card)[0])
        raise DuplicateCardError(f"table {t}: card {CARD_NAMES[card]!r} is in both "
                                 f"{_owner(first, players, hole)} and "
                                 f"{_owner(col, players, hole)}")


def _owner(col: int, players: int, hole: int) -> str:
    return "the board" if col >= players * hole else f"hand {col // hole}"
