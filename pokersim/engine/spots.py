"""The spots of a batch (:func:`~pokersim.engine.batch.batch_equity`), read and checked at the
public boundary: :func:`read_spots` takes hands, boards and dead cards as card ids or text and
gives :class:`Spots`, C-contiguous uint8 arrays whose every row holds distinct cards of the
game's deck, or raises an error that names the row (by its spot number where the caller
numbers the rows), the card and where it stands.

>>> spots = read_spots([["AhKh", "QsQd"]], ["2c 7d Qh"], None, get_game("holdem"))
>>> spots.hands.shape, spots.boards.tolist(), spots.ids.tolist()
((1, 2, 2), [[0, 21, 42]], [0])
>>> read_spots([["AhKh", "QhQd"]], ["2c 7d Qh"], None, get_game("holdem"))
Traceback (most recent call last):
...
pokersim.errors.DuplicateCardError: row 0: Qh appears twice (player 1 and the board)
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import numpy as np

from .._core.jit import on_workers, workers
from .._core.validation import short_repr
from ..cards import CARD_NAMES, parse_cards, plain_card_texts
from ..errors import CardError, DuplicateCardError, HandShapeError, PokersimInputError
from ..games.game import Game
from ..games.game import get as get_game  # noqa: F401  (the doctest's)
from ._games import batch as _kernels
from .question import deck_of

__all__ = ["Spots", "read_spots"]

#: Rows worth a worker of their own when the spots are checked.
CHECK_ROWS_PER_WORKER = 65_536


@dataclass(frozen=True)
class Spots:
    """The spots, checked: ``hands`` (N, P, 2), ``boards`` (N, b) and ``dead`` (N, d), each
    C-contiguous uint8, every row's cards distinct cards of the game's deck."""

    hands: np.ndarray
    boards: np.ndarray
    dead: np.ndarray
    spot_ids: np.ndarray | None  # (N,) int64: each row's spot number; None: 0 .. N - 1

    @functools.cached_property
    def ids(self) -> np.ndarray:
        """(N,) int64: each row's spot number (made when first asked for: the equities
        alone of a million exact spots never need them, and making them cost 8% of the
        call)."""
        if self.spot_ids is not None:
            return self.spot_ids
        return np.arange(self.hands.shape[0], dtype=np.int64)

    def n_live(self, game: Game) -> int:
        """The cards of ``game``'s deck a spot leaves (every spot as many)."""
        h, b, d = self.hands, self.boards, self.dead
        return deck_of(game).size - h.shape[1] * h.shape[2] - b.shape[1] - d.shape[1]

    def runouts(self, game: Game) -> int:
        """The ways to deal a spot's missing board cards from the cards it leaves."""
        return math.comb(self.n_live(game), game.board - self.boards.shape[1])


def read_spots(hands, boards, dead, game: Game, spot_ids=None, min_players: int = 2) -> Spots:
    """The :class:`Spots` of :func:`batch_equity`'s arguments, or an error naming the row
    (by its spot number where ``spot_ids`` gives them); at least ``min_players`` a spot."""
    n_rows = _n_rows(hands)  # hands that are no sequence named as such first
    named = None if spot_ids is None else _spot_ids(spot_ids, n_rows)  # rows named by these
    h = _card_rows(hands, "hands", None, 3, named)
    n = h.shape[0]
    if h.ndim != 3 or h.shape[1] < min_players or h.shape[2] != game.hole:
        want = (f"(N, {game.hole}) (a hand a spot) or N texts" if min_players == 1 else
                f"(N, P, {game.hole}) (N spots of P >= 2 players) or (N, P) texts")
        raise HandShapeError(f"hands must have shape {want} such as 'AhKh'; got shape "
                             f"{h.shape if min_players > 1 else h.shape[::2]}")
    b = _card_rows(boards, "boards", n, 2, named)
    d = _card_rows(dead, "dead", n, 2, named)
    if b.shape[1] > game.board:
        raise HandShapeError(f"{game.name} has at most {game.board} board cards a spot; "
                             f"boards has {b.shape[1]}")
    deck = deck_of(game)
    need = h.shape[1] * game.hole + game.board + d.shape[1]
    if need > deck.size:
        raise PokersimInputError(f"{h.shape[1]} players of {game.name} need {need} cards with "
                                 f"the board and {d.shape[1]} dead cards a spot, but the deck "
                                 f"has {deck.size}")
    parts = [("hands", h.reshape(n, h.shape[1] * h.shape[2])), ("boards", b), ("dead", d)]
    for name, cards in parts:
        if cards.dtype != np.uint8:  # values past 255 checked before they wrap
            _check_values(cards, name, int(deck[0]), game, 0, named)
    parts = [(name, np.ascontiguousarray(cards, np.uint8)) for name, cards in parts]
    _check_rows(parts, int(deck[0]), game, named)
    return Spots(parts[0][1].reshape(h.shape), parts[1][1], parts[2][1], named)


def _n_rows(hands) -> int:
    """The rows of ``hands`` (N of (N, P, 2)), or the error that it has none."""
    try:
        return len(hands)
    except TypeError:
        raise HandShapeError(f"hands must be (N, P, 2) card ids or (N, P) texts; got "
                             f"{short_repr(hands)}") from None


def _spot_ids(spot_ids, n: int) -> np.ndarray:
    """``spot_ids`` as (N,) int64, checked: whole numbers 0 or more, one a row."""
    ids = np.asarray(spot_ids)
    if ids.shape != (n,) or ids.size and (ids.dtype.kind not in "iu" or ids.min() < 0
                                          or ids.max() > np.iinfo(np.int64).max):
        raise PokersimInputError(f"spot_ids must be {n} whole numbers 0 or more (one a row); "
                                 f"got {short_repr(spot_ids)}")
    return ids.astype(np.int64)


def _row(row: int, ids: np.ndarray | None) -> str:
    """Row ``row`` as an error names it: by its spot number where the caller gave them."""
    return f"row {row}" if ids is None else f"spot {ids[row]}"


def _card_rows(value, name: str, n: int | None, ndim: int,
               named: np.ndarray | None = None) -> np.ndarray:
    """``value`` as an integer array of card ids: text parsed (a hand a string, or a board),
    None as no cards, one board (1-D or a string) repeated for each of ``n`` rows."""
    if value is None:
        return np.zeros((n or 0, 0), np.uint8)
    if isinstance(value, str):
        value = [value] * n if n is not None else value
    try:
        arr = np.asarray(value)
    except (ValueError, TypeError) as e:
        raise HandShapeError(f"{name} cannot be read as cards ({short_repr(str(e))}); got "
                             f"{short_repr(value)}") from None
    if arr.dtype.kind in "USO" and arr.size:
        arr = _parse_texts(arr, name, named)
        if arr.ndim == ndim + 1 and arr.shape[-1] == 1:  # a text a card, not a hand a text
            arr = arr.reshape(arr.shape[:-1])
        if n is not None and arr.ndim == 2 and arr.shape[0] == 1 and n != 1:
            arr = np.broadcast_to(arr, (n, arr.shape[1]))
    elif arr.size == 0 and n is not None:
        arr = np.zeros((n, 0), np.uint8)
    if arr.dtype.kind not in "iu":
        raise HandShapeError(f"{name} must be card ids (integers 0..51) or text; got dtype "
                             f"{arr.dtype}: use .astype(np.uint8)")
    if n is not None and arr.ndim == 1:  # one board for every spot
        arr = np.broadcast_to(arr, (n, arr.size))
    if arr.ndim != ndim or n is not None and arr.shape[0] != n:
        want = "(N, P, 2)" if ndim == 3 else f"(N, {'b' if name == 'boards' else 'd'})"
        raise HandShapeError(f"{name} must have shape {want}{'' if n is None else f' with N = {n}'}"
                             f" (a row a spot); got shape {arr.shape}")
    return arr


def _parse_texts(arr: np.ndarray, name: str, named: np.ndarray | None = None) -> np.ndarray:
    """An array of texts, each a few cards (all as many), as card ids of shape ``arr.shape +
    (k,)``: at once where every text is spelled the plain way
    (:func:`~pokersim.cards.plain_card_texts`), else each distinct text parsed once. A bad
    text is named by its row."""
    if arr.dtype.kind == "O" and not all(isinstance(t, str) for t in arr.flat):
        raise HandShapeError(f"{name} mixes text and other values: give text such as 'AhKh' "
                             f"or card ids")
    plain = plain_card_texts(arr.astype(str))
    if plain is not None:
        return plain
    texts, inverse = np.unique(arr.astype(str).reshape(-1), return_inverse=True)
    inverse = inverse.reshape(-1)
    parsed = []
    for i, text in enumerate(texts.tolist()):
        try:
            parsed.append(parse_cards(text))
        except CardError as e:
            raise type(e)(f"{_where(arr, inverse, i, name, named)}: {e}") from None
    sizes = [len(p) for p in parsed]
    if len(set(sizes)) > 1:
        i = next(j for j, s in enumerate(sizes) if s != sizes[inverse[0]])
        first = _where(arr, inverse, inverse[0], name, named)
        raise HandShapeError(f"{_where(arr, inverse, i, name, named)} has {sizes[i]} cards and "
                             f"{first} {sizes[inverse[0]]}: "
                             f"every {'hand' if name == 'hands' else 'row'} of a call holds "
                             f"as many cards")
    ids = np.array(parsed, np.uint8).reshape(len(parsed), sizes[0])
    return ids[inverse].reshape(arr.shape + (sizes[0],))


def _where(arr: np.ndarray, inverse: np.ndarray, i: int, name: str,
           named: np.ndarray | None = None) -> str:
    """Where text ``i`` (of the distinct texts) first stands in ``arr``: its row, and player."""
    at = np.unravel_index(int(np.flatnonzero(inverse == i)[0]), arr.shape)
    return _row(int(at[0]), named) + (f", player {at[1]}" if name == "hands" and len(at) > 1 else
                             f" of {name}")


def _owner(name: str, column: int) -> str:
    return f"player {column // 2}" if name == "hands" else \
        "the board" if name == "boards" else "the dead cards"


def _check_values(cards: np.ndarray, name: str, first_card: int, game: Game,
                  offset: int, named: np.ndarray | None = None) -> None:
    """A :class:`CardError` naming the first row of ``cards`` (N, k; row ``offset`` the first)
    holding a value that is no card of the game's deck (ids ``first_card`` .. 51)."""
    if cards.size == 0 or cards.min() >= first_card and cards.max() <= 51:
        return
    bad = (cards < first_card) | (cards > 51)
    row, column = (int(i) for i in np.argwhere(bad)[0])
    c = int(cards[row, column])
    what = (f"{CARD_NAMES[c]} ({c}), not a card of {game.name}'s deck (card ids "
            f"{first_card}..51)" if 0 <= c <= 51 else f"{c}, not a card (cards are "
            f"integers 0..51)")
    raise CardError(f"{_row(offset + row, named)}: {_owner(name, column)} holds {what}")


def _check_rows(parts: list[tuple[str, np.ndarray]], first_card: int, game: Game,
                named: np.ndarray | None = None) -> None:
    """An error naming the first row whose cards (its hands', board's and dead cards,
    ``parts``, uint8) hold a value that is no card of the game's deck (:class:`CardError`) or
    a card twice (:class:`DuplicateCardError`), which card and where. The rows are checked
    by a kernel on every worker (:func:`~pokersim.engine._games.batch.first_bad_row`: a
    64-bit card mask a row), the row found here."""
    arrays = tuple(cards for _, cards in parts)
    n = arrays[0].shape[0]
    n_workers = max(1, min(workers(), n // CHECK_ROWS_PER_WORKER))
    bits = np.zeros(256, np.uint64)  # a card's bit in a card mask; none for a value not a card
    deck = np.arange(first_card, 52, dtype=np.uint64)
    bits[deck] = np.uint64(1) << deck
    found = [r for r in on_workers(lambda w: _kernels.first_bad_row(
        w, n_workers, *arrays, bits), n_workers) if r >= 0]
    if not found:
        return
    row = found[0]
    for name, cards in parts:
        _check_values(cards[row:row + 1], name, first_card, game, row, named)
    held: dict[int, str] = {}
    for name, cards in parts:
        for column, c in enumerate(cards[row].tolist()):
            owner = _owner(name, column)
            if c in held:
                where = f"twice in {owner}" if held[c] == owner else f"{held[c]} and {owner}"
                raise DuplicateCardError(f"{_row(row, named)}: {CARD_NAMES[c]} appears twice "
                                         f"({where})")
            held[c] = owner
    raise AssertionError(f"row {row} was found bad but holds distinct cards")  # pragma: no cover
