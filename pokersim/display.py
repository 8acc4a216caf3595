"""Hands for people to look at: suit symbols in the terminal, little cards in Jupyter.

:func:`show` wraps cards (text, a 1-D hand or an (N, k) array) in a :class:`CardView`. Its
text form uses the suit symbols (``A♠ K♥``); in a notebook it renders as a row of cards per
hand, hearts and diamonds red, spades and clubs black (inline HTML, nothing to load).
:func:`with_symbols` rewrites the card columns of a DataFrame the same way.

>>> show("As Kh 10d 2c")
A♠ K♥ T♦ 2♣
>>> print(show(parse_hands(["AsKs", "2c 2d"])))
A♠ K♠
2♣ 2♦
"""

from __future__ import annotations

import numbers

import numpy as np
import pandas as pd

from ._core.validation import short_repr
from .cards import (
    CARD_NAMES,
    RANKS,
    SUIT_SYMBOLS,
    as_card_set,
    as_hands,
    parse_cards,
    parse_hands,
)
from .errors import CardError, HandShapeError

__all__ = ["SUIT_COLOURS", "SYMBOL_NAMES", "CardView", "show", "with_symbols"]

#: Text colour of each suit (clubs, diamonds, hearts, spades): red for the red suits.
SUIT_COLOURS = ("#000000", "#c8102e", "#c8102e", "#000000")
SYMBOL_NAMES = tuple(r + s for r in RANKS for s in SUIT_SYMBOLS)  # SYMBOL_NAMES[51] == "A♠"
_HTML_RANKS = tuple("10" if r == "T" else r for r in RANKS)
_CARD_STYLE = ("display:inline-block;min-width:1.9em;margin:1px;padding:1px 3px;"
               "border:1px solid #999;border-radius:4px;background:#fff;text-align:center")
_BLOCK_STYLE = "font-family:sans-serif;font-weight:600;line-height:1.4"


class CardView:
    """Cards shown as text with suit symbols (``str``, ``repr``) or as HTML cards
    (``_repr_html_``, which Jupyter calls). Make one with :func:`show`.

    Parameters
    ----------
    cards : (N, k) uint8 ndarray
        The hands shown, one per row (kept as given: :func:`show` checks the cards).
    single : bool, optional
        Whether the input was one hand (False by default); kept as ``single``, it does not
        change what is drawn.
    max_rows : int, optional
        Hands drawn at most (20 by default), then a line says how many more.

    Examples
    --------
    >>> view = show(["Ah Kd", "7c 7s"])
    >>> len(view), view.cards.shape
    (2, (2, 2))
    >>> '<span title="Ah"' in view._repr_html_()
    True
    """

    def __init__(self, cards: np.ndarray, single: bool = False, max_rows: int = 20):
        self.cards = cards
        self.single = single
        self.max_rows = max_rows

    def __len__(self) -> int:
        return self.cards.shape[0]

    def _shown_rows(self) -> tuple[np.ndarray, int]:
        rows = self.cards[:self.max_rows]
        return rows, len(self) - len(rows)

    def __str__(self) -> str:
        rows, more = self._shown_rows()
        lines = [" ".join(SYMBOL_NAMES[c] for c in row) for row in rows.tolist()]
        if more:
            lines.append(f"... {more:,} more hands")
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        rows, more = self._shown_rows()
        lines = ["".join(_card_html(c) for c in row) for row in rows.tolist()]
        body = "".join(f'<div style="white-space:nowrap">{line}</div>' for line in lines)
        if more:
            body += f'<div style="color:#666">… {more:,} more hands</div>'
        return f'<div class="pokersim-cards" style="{_BLOCK_STYLE}">{body}</div>'


def _card_html(card: int) -> str:
    suit = card % 4
    return (f'<span title="{CARD_NAMES[card]}" style="{_CARD_STYLE};color:{SUIT_COLOURS[suit]}">'
            f"{_HTML_RANKS[card // 4]}{SUIT_SYMBOLS[suit]}</span>")


def show(cards, *, max_rows: int = 20) -> CardView:
    """Cards to look at: ``print(show(...))`` in a terminal, ``show(...)`` as the last line of
    a notebook cell.

    Parameters
    ----------
    cards : text, list of texts, or an integer array of card ids
        One hand (``"As Kh"``, a 1-D array) or several of equal length (a list of texts, an
        (N, k) array such as ``deal`` returns). Bad cards raise :class:`CardError` or
        :class:`DuplicateCardError`, a bad shape or dtype :class:`HandShapeError`.
    max_rows : int
        Hands drawn at most; the rest are counted.

    Returns
    -------
    CardView

    >>> show(np.array([51, 34], np.uint8))
    A♠ T♥
    >>> show(deal(1000, 2, seed=1), max_rows=2)
    7♦ T♣
    9♠ A♣
    ... 998 more hands
    >>> show("As Xx")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokersim.errors.CardError: card 2: 'Xx' is not a card ...
    """
    if (isinstance(max_rows, (bool, np.bool_)) or not isinstance(max_rows, numbers.Integral)
            or max_rows < 1):
        raise HandShapeError(f"max_rows must be an integer >= 1; got {short_repr(max_rows)}")
    max_rows = int(max_rows)
    if isinstance(cards, str):
        return CardView(parse_cards(cards)[None, :], True, max_rows)
    if isinstance(cards, (list, tuple, pd.Series)) and len(cards) and all(
            isinstance(c, str) for c in cards):
        return CardView(parse_hands(list(cards)), False, max_rows)
    arr = np.asarray(cards)
    if arr.ndim == 1:
        return CardView(as_card_set(arr, "cards")[None, :], True, max_rows)
    if arr.ndim != 2:
        raise HandShapeError(f"cards must be one hand (1-D) or hands of shape (N, k); got "
                             f"shape {arr.shape}")
    rows, _ = as_hands(arr, (arr.shape[1],), name="cards")
    return CardView(rows, False, max_rows)


def _symbol_text(text: str) -> str:
    return " ".join(SYMBOL_NAMES[c] for c in parse_cards(text).tolist())


def with_symbols(frame: pd.DataFrame, *, columns=None) -> pd.DataFrame:
    """A copy of ``frame`` whose card columns read with suit symbols (``"As Kd"`` becomes
    ``"A♠ K♦"``), for printing or a notebook table. The frame itself is not changed.

    ``columns`` names the columns to rewrite; by default every text column whose values all
    parse as cards (such as ``cards``, ``hold`` or ``best_five``), at least one of them not
    empty. A named column that does not hold cards raises :class:`CardError`.

    Parameters
    ----------
    frame : pandas.DataFrame
        A table with card columns.
    columns : list of str, optional
        The columns to rewrite; by default every text column that holds cards.

    Returns
    -------
    pandas.DataFrame
        A copy of ``frame`` with the suit symbols.

    Examples
    --------
    >>> from pokersim.games import draw5
    >>> with_symbols(draw5.deal_table(2, seed=11))[["seat", "cards", "description"]]
      seat           cards    description
    0    1  6♣ 9♠ 6♥ K♥ J♠  Pair of Sixes
    1    2  T♣ J♥ 6♠ 6♦ 5♣  Pair of Sixes
    """
    if not isinstance(frame, pd.DataFrame):
        raise HandShapeError(f"with_symbols takes a DataFrame; got {type(frame).__name__}")
    if columns is None:
        columns = [c for c in frame.columns if _holds_cards(frame[c])]
    elif isinstance(columns, str):
        columns = [columns]
    out = frame.copy()
    for name in columns:
        if name not in frame.columns:
            raise CardError(f"with_symbols: no column {short_repr(name)}; columns are "
                            f"{list(frame.columns)}")
        try:
            out[name] = [_symbol_text(v) for v in frame[name]]
        except CardError as e:
            raise CardError(f"column {short_repr(name)}: {e}") from None
    return out


def _holds_cards(column: pd.Series) -> bool:
    values = column.tolist()
    if not values or not all(isinstance(v, str) for v in values) or not any(values):
        return False
    try:
        for v in values:
            parse_cards(v)
    except CardError:
        return False
    return True
