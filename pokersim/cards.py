"""Cards as small integers, and their text forms.

A card is ``4 * rank + suit``: rank 0..12 for 2..A, suit 0..3 for clubs, diamonds, hearts,
spades. So ``2c`` is 0, ``2s`` is 3, ``Ac`` is 48 and ``As`` is 51. Hands are ``uint8`` arrays
of shape (N, k).

>>> parse_cards("As Kd 10h")
array([51, 45, 34], dtype=uint8)
>>> format_cards(parse_hands(["AsKs", "2c 2d"]))
['As Ks', '2c 2d']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import numpy as np

from ._core.jit import jit
from ._core.validation import short_repr
from .errors import CardError, DuplicateCardError, HandShapeError

__all__ = ["CARD_NAMES", "RANK_NAMES", "RANKS", "SUIT_SYMBOLS", "SUITS", "format_cards",
           "parse_cards", "parse_hands"]

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
RANK_NAMES = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
              "Jack", "Queen", "King", "Ace")
RANK_PLURALS = ("Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines",
                "Tens", "Jacks", "Queens", "Kings", "Aces")

#: Text of each card id, ``CARD_NAMES[51] == "As"``.
CARD_NAMES = tuple(r + s for r in RANKS for s in SUITS)

_SUIT_OF = {**{s: i for i, s in enumerate(SUITS)}, **{s: i for i, s in enumerate(SUIT_SYMBOLS)},
            "♧": 0, "♢": 1, "♡": 2, "♤": 3}
_RANK_OF = {r: i for i, r in enumerate(RANKS)} | {"10": 8}
_CARD_RE = re.compile(r"(10|[2-9tjqka])([cdhs♣♦♥♠♧♢♡♤])", re.IGNORECASE | re.ASCII)
_SEPARATORS = re.compile(r"[\s,;]+")
_NAMES_ARRAY = np.array(CARD_NAMES)
_CARD_IDS = {name: c for c, name in enumerate(CARD_NAMES)}


def card_id(rank: int, suit: int) -> int:
    """The id of the card of ``rank`` (0..12) and ``suit`` (0..3): ``card_id(12, 3) == 51``."""
    return 4 * rank + suit


def parse_cards(text: str, *, hand: int | None = None) -> np.ndarray:
    """Parse one hand of cards such as ``"As Kd Th"``, ``"AsKd"`` or ``"A♠ 10♦"``.

    Ranks ``2-9 T J Q K A`` (or ``10``), suits ``c d h s`` or ``♣ ♦ ♥ ♠``, any case,
    separated by whitespace, commas or nothing. Raises :class:`CardError` naming the bad token
    and its position, and :class:`DuplicateCardError` for a repeated card. ``hand`` is only
    used to number the hand in messages.

    Parameters
    ----------
    text : str
        The hand's cards.
    hand : int, optional
        The hand's number, for the error messages only.

    Returns
    -------
    numpy.ndarray
        The card ids, ``uint8``, in the order given.

    Examples
    --------
    >>> parse_cards("2c 2s Ac As")
    array([ 0,  3, 48, 51], dtype=uint8)
    """
    if not isinstance(text, str):
        raise CardError(f"cards must be text such as 'As Kd'; got {type(text).__name__} "
                        f"{short_repr(text)}")
    tokens = _SEPARATORS.split(text.strip())
    try:  # the usual spellings ("As Kd", "AsKd"): one look-up a card
        ids = [_CARD_IDS[token[i:i + 2]] for token in tokens for i in range(0, len(token), 2)]
        if len(set(ids)) == len(ids):
            return np.array(ids, dtype=np.uint8)
    except KeyError:
        pass
    where = "" if hand is None else f" of hand {hand + 1}"
    ids = []
    for token in tokens:
        pos = 0
        while pos < len(token):
            m = _CARD_RE.match(token, pos)
            if m is None:
                bad = token[pos:pos + 2] if pos else token
                raise CardError(f"card {len(ids) + 1}{where}: {short_repr(bad, 40)} is not a card "
                                f"(expected a rank 2-9/T/J/Q/K/A and a suit c/d/h/s, e.g. 'As')")
            rank = _RANK_OF[m.group(1).upper()]
            ids.append(card_id(rank, _SUIT_OF[m.group(2).lower()]))
            pos = m.end()
    seen: dict[int, int] = {}
    for i, c in enumerate(ids):
        if c in seen:
            raise DuplicateCardError(f"card {i + 1}{where}: {CARD_NAMES[c]!r} repeats "
                                     f"card {seen[c] + 1}")
        seen[c] = i
    return np.array(ids, dtype=np.uint8)


#: Per ASCII code: the rank (0..12) of a rank letter or digit, else -1; and the suit (0..3).
_RANK_CODE = np.full(128, -1, np.int16)
_SUIT_CODE = np.full(128, -1, np.int16)
for _i, _r in enumerate(RANKS):
    _RANK_CODE[ord(_r)] = _RANK_CODE[ord(_r.lower())] = _i
for _i, _s in enumerate(SUITS):
    _SUIT_CODE[ord(_s)] = _SUIT_CODE[ord(_s.upper())] = _i


def plain_card_texts(texts: np.ndarray) -> np.ndarray | None:
    """The card ids of an array of texts of as many cards each, all spelled the plain way
    (a rank ``2-9 T J Q K A`` then a suit ``c d h s``, any case, spaces between cards or
    none): shape ``texts.shape + (k,)``, uint8, a card repeated within a text kept as it is;
    None if any text is spelled another way (``10h``, a suit symbol, a comma, a bad card) or
    the texts hold different numbers of cards, for :func:`parse_cards` to read one by one
    and name what is wrong. Vectorised: millions of texts a second.

    >>> plain_card_texts(np.array([["AhKh", "2c 2d"], ["qs js", "Tc9c"]])).tolist()
    [[[50, 46], [0, 1]], [[43, 39], [32, 28]]]
    >>> plain_card_texts(np.array(["Ah Kh", "10h 9h"])) is None
    True
    """
    flat = np.asarray(texts).reshape(-1)
    if flat.dtype.kind != "U" or flat.size == 0:
        return None
    if flat.dtype.itemsize and np.char.count(flat, " ").any():
        flat = np.char.replace(flat, " ", "")
    width = flat.dtype.itemsize // 4
    codes = np.ascontiguousarray(flat).view(np.uint32).reshape(flat.size, width)
    lengths = np.char.str_len(flat)
    k = int(lengths[0]) // 2
    if (lengths != 2 * k).any() or k == 0 or (codes[:, :2 * k] >= 128).any():
        return None
    ranks = _RANK_CODE[codes[:, 0:2 * k:2]]
    suits = _SUIT_CODE[codes[:, 1:2 * k:2]]
    if (ranks < 0).any() or (suits < 0).any():
        return None
    ids = (4 * ranks + suits).astype(np.uint8)
    return ids.reshape(np.shape(texts) + (k,))


def parse_hands(texts: Iterable[str]) -> np.ndarray:
    """Parse several hands of equal length into an (N, k) ``uint8`` array.

    Parameters
    ----------
    texts : iterable of str
        The hands, each as :func:`parse_cards` takes it, all of one length.

    Returns
    -------
    numpy.ndarray
        ``uint8`` card ids of shape (N, k): a row per hand.

    Examples
    --------
    >>> parse_hands(["As Ks Qs Js Ts", "2c 3d 4h 5s 7c"]).shape
    (2, 5)
    """
    if isinstance(texts, str):
        raise CardError("parse_hands takes a list of hands; use parse_cards for one hand")
    try:
        texts = list(texts)
    except TypeError:  # not iterable (None, a number, a 0-d array)
        raise CardError(f"parse_hands takes a list of hands such as ['As Ks', '2c 2d']; got "
                        f"{type(texts).__name__} {short_repr(texts)}") from None
    rows = [parse_cards(t, hand=i) for i, t in enumerate(texts)]
    if not rows:
        raise HandShapeError("parse_hands got no hands")
    lengths = {len(r) for r in rows}
    if len(lengths) > 1:
        k = len(rows[0])
        i = next(i for i, r in enumerate(rows) if len(r) != k)
        raise HandShapeError(f"hand {i + 1} has {len(rows[i])} cards but hand 1 has {k}; "
                             "all hands must have the same number of cards")
    return np.stack(rows)


def format_cards(cards) -> str | list[str]:
    """Text of a card array: a string for one hand (1-D), a list of strings for (N, k).

    Parameters
    ----------
    cards : array_like
        Card ids (``uint8``): one hand (1-D) or a hand a row (2-D).

    Returns
    -------
    str or list of str
        The text of the hand, or a list with the text of each row.

    Examples
    --------
    >>> format_cards(np.array([51, 45, 34], dtype=np.uint8))
    'As Kd Th'
    """
    arr = as_array(cards, "cards")
    if arr.ndim not in (1, 2) or not _is_integer(arr):
        raise HandShapeError(f"format_cards takes a 1-D or 2-D integer array; got "
                             f"{arr.dtype} with shape {arr.shape}")
    _check_range(arr, "cards")
    names = _NAMES_ARRAY[arr.astype(np.intp)]
    if arr.ndim == 1:
        return " ".join(names)
    return [" ".join(row) for row in names]


# ---------------------------------------------------------------------------------------------
# Validation at the public boundary: every kernel receives a C-contiguous uint8 (N, k) array
# whose values are cards and whose rows hold no card twice.


def as_array(value, name: str, what: str = "an array of cards", error=HandShapeError):
    """``np.asarray(value)``, or ``error`` naming ``name`` when numpy cannot make an array of
    it (ragged nested lists, say)."""
    try:
        return np.asarray(value)
    except (ValueError, TypeError, OverflowError) as e:
        raise error(f"{name} cannot be read as {what} ({short_repr(str(e))}); got "
                    f"{short_repr(value)}") from None


def _is_integer(arr: np.ndarray) -> bool:
    return arr.dtype.kind in "iu"


def _is_text_array(arr: np.ndarray) -> bool:
    return arr.dtype.kind in "US" or arr.dtype == object and arr.size > 0 and all(
        isinstance(t, str) for t in arr.flat)


def card_array(value, name: str = "cards") -> np.ndarray:
    """Cards as given, as an array of card ids with the shape of the input; values and
    repeats are not checked here. Text is parsed: a string is one hand (1-D); a list (or
    1-D array) of strings is one hand when each string is one card (``["As", "Ks", "Qs"]``),
    else one hand per string (2-D); nested lists (or an array of 2 or more dimensions) of
    strings hold one card each, a hand per row (``[["As", "Ks"], ["Qd", "Qh"]]``). Anything
    else is returned as an array, as it is.

    >>> card_array(["As", "Ks", "Qs"]), card_array(["As Ks", "Qd Qh"]).shape
    (array([51, 47, 43], dtype=uint8), (2, 2))
    >>> card_array([["As", "Ks"], ["Qd", "Qh"]])
    array([[51, 47],
           [41, 42]], dtype=uint8)
    """
    if isinstance(value, str):
        return parse_cards(value)
    if isinstance(value, np.ndarray) and (value.ndim == 0 or not _is_text_array(value)):
        return value
    arr = as_array(value, name)
    if arr.ndim >= 2 and (arr.dtype.kind in "US" or _is_text_array(arr)):
        return _parse_card_grid(arr, name)
    if arr.size == 0 or arr.ndim != 1 or not _is_text_array(arr):
        return arr
    texts = [str(t) for t in arr]
    rows = [parse_cards(t, hand=i) for i, t in enumerate(texts)]
    if all(r.size == 1 for r in rows):  # one card per text: one hand
        return parse_cards(" ".join(texts))  # names a repeated card by its position
    return parse_hands(texts)


def _parse_card_grid(arr: np.ndarray, name: str) -> np.ndarray:
    """An array of card texts of 2 or more dimensions, one card each, as card ids of its
    shape; an element that is not one card is named by its position."""
    texts, inverse = np.unique(arr.astype(str), return_inverse=True)
    ids = np.empty(len(texts), np.uint8)
    for i, text in enumerate(texts.tolist()):
        match = _CARD_RE.fullmatch(text.strip())
        if match is None:
            at = ", ".join(str(int(j)) for j in np.argwhere(arr.astype(str) == text)[0])
            raise CardError(f"{name}[{at}] = {short_repr(text, 40)} is not one card: in nested "
                            f"lists (or an array of 2 or more dimensions) of text each element "
                            f"is one card such as 'As', a hand per row; a list of strings "
                            f"such as ['As Ks', 'Qd Qh'] gives a hand per string")
        ids[i] = card_id(_RANK_OF[match.group(1).upper()], _SUIT_OF[match.group(2).lower()])
    return ids[inverse.reshape(-1)].reshape(arr.shape)


def _check_range(arr: np.ndarray, name: str) -> None:
    """Raise CardError if any value lies outside 0..51."""
    if arr.size == 0 or arr.dtype == np.uint8 and arr.max() < 52:
        return
    bad = (arr < 0) | (arr > 51)
    if bad.any():
        idx = tuple(int(i) for i in np.argwhere(bad)[0])
        where = f"{name}[{', '.join(map(str, idx))}]"
        raise CardError(f"{where} = {arr[idx]} is not a card (cards are integers 0..51)")


def _as_card_rows(value, name: str) -> tuple[np.ndarray, bool]:
    """(an integer array of at least 2 dimensions, whether one row was given as 1-D)."""
    arr = card_array(value, name)
    if arr.size == 0 and arr.ndim == 1:
        return np.zeros((1, 0), np.uint8), True
    if not _is_integer(arr):
        raise HandShapeError(f"{name} must be an integer array of card ids (0..51) or text; "
                             f"got dtype {arr.dtype}: use parse_hands(...) or .astype(np.uint8)")
    if arr.ndim == 0:
        raise HandShapeError(f"{name} must be cards (text, or a 1-D or 2-D array of card ids); "
                             f"got the single number {short_repr(arr.item())}")
    return (arr[None, :], True) if arr.ndim == 1 else (arr, False)


def _sizes(ks: Sequence[int]) -> str:
    return ", ".join(map(str, ks[:-1])) + (" or " if len(ks) > 1 else "") + str(ks[-1])


def as_hands(hands, ks: Sequence[int], name: str = "hands", *, check: bool = True,
             board=None, first_card: int = 0):
    """Turn text or an integer array into a C-contiguous (N, k) uint8 array, k in ``ks``.

    Returns ``(array, single)`` where ``single`` says the input was one hand (1-D or one
    string), so that callers can return a scalar. With ``board`` (cards, or one row of
    cards per hand), each row is the hand's cards then the board's: one board serves every
    hand, one hand every board, or they pair up row by row. With ``check=False`` the caller
    promises to check values and duplicates itself (the evaluator does it inside its kernel);
    ``first_card`` is the lowest card of the deck checked (16 for the short deck).

    >>> as_hands("As Ks", (5, 6, 7), board="Qs Js Ts")
    (array([[51, 47, 43, 39, 35]], dtype=uint8), True)
    """
    arr, single = _as_card_rows(hands, name)
    if arr.size == 0 and single:
        raise HandShapeError(f"{name} is empty: a hand is {_sizes(ks)} cards (text such as "
                             f"'As Ks Qs Js Ts', or card ids); an empty batch of hands is an "
                             f"array of shape {' or '.join(f'(0, {k})' for k in ks)}")
    split = None
    if board is not None:
        arr, single, split = _with_board(arr, single, board, name)
    if arr.ndim != 2 or arr.shape[1] not in ks:
        want = " or ".join(f"(N, {k})" for k in ks)
        with_board = "" if split is None else \
            f" ({split} cards and {arr.shape[1] - split} of the board)"
        raise HandShapeError(f"{name} must have shape {want}; got shape {arr.shape}"
                             f"{with_board}")
    if arr.dtype != np.uint8:
        _check_range(arr, name)
        arr = arr.astype(np.uint8)
    arr = np.ascontiguousarray(arr)
    if check:
        check_hands(arr, name, first_card=first_card, board_from=split)
    return arr, single


def join_board(hands, board, name: str = "hands") -> tuple[np.ndarray, bool]:
    """(rows of each hand's cards then the board's, single), checked: values are cards and
    no row holds a card twice. One board serves every hand; one hand (1-D, or a string)
    meets every board; else hands and boards pair up row by row.

    >>> join_board(["As Ks", "Qd Qh"], "2c 7d 9h")[0].tolist()
    [[51, 47, 0, 21, 30], [41, 42, 0, 21, 30]]
    """
    arr, single = _as_card_rows(hands, name)
    arr, single, split = _with_board(arr, single, board, name)
    if arr.dtype != np.uint8:
        _check_range(arr, name)
        arr = arr.astype(np.uint8)
    arr = np.ascontiguousarray(arr)
    check_hands(arr, name, board_from=split)
    return arr, single


def _with_board(arr: np.ndarray, single: bool, board, name: str):
    """(hands joined with the board, single, the column where the board starts)."""
    rows, one_board = _as_card_rows(board, "board")
    if rows.size == 0 and one_board:
        return arr, single, None
    if rows.ndim != 2:
        raise HandShapeError(f"board must be one board (text or a 1-D array of cards) or one "
                             f"per hand (N, b); got shape {rows.shape}")
    if arr.ndim != 2:
        raise HandShapeError(f"{name} must be a hand or rows of hands; got shape {arr.shape}")
    _check_range(rows, "board")
    _check_range(arr, name)
    n, m = arr.shape[0], rows.shape[0]
    if n != m and m != 1 and not single:
        raise HandShapeError(f"{name} has {n} rows and board {m}: give one board for every "
                             f"hand, or one board per hand")
    count = m if single else n
    hole, rows = np.ascontiguousarray(arr, np.uint8), np.ascontiguousarray(rows, np.uint8)
    h, b = hole.shape[1], rows.shape[1]
    joined = np.empty((count, h + b), np.uint8)
    if h and b:  # whole rows as h- and b-byte items: 3x faster than numpy's byte-wise copy
        pairs = joined.view(np.dtype([("hole", f"V{h}"), ("board", f"V{b}")])).reshape(count)
        pairs["hole"] = hole.view(f"V{h}").reshape(-1)
        pairs["board"] = rows.view(f"V{b}").reshape(-1)
    else:
        joined[:, :h], joined[:, h:] = hole, rows
    return joined, single and one_board, h


def check_hands(arr: np.ndarray, name: str = "hands", *, first_card: int = 0,
                board_from: int | None = None) -> None:
    """Raise CardError/DuplicateCardError for the first bad row of a uint8 (N, k) array;
    ``first_card`` 16 checks that every card belongs to the short deck (six to ace). Where
    the rows are hands joined with a board from column ``board_from``, messages say which."""
    row, col, kind = _first_bad_card(arr, first_card)
    if kind == 0:
        return
    c = int(arr[row, col])
    in_board = board_from is not None and col >= board_from
    where, at = ("board", col - board_from) if in_board else (name, col)  # type: ignore[operator]
    if kind == 1 and c < 52:
        raise CardError(f"{where}[{row}, {at}] = {CARD_NAMES[c]} ({c}) is not a card of the "
                        f"short deck (six to ace: card ids {first_card}..51)")
    if kind == 1:
        raise CardError(f"{where}[{row}, {at}] = {c} is not a card (cards are integers 0..51)")
    first = int(np.flatnonzero(arr[row] == c)[0])
    if in_board and first < board_from:  # type: ignore[operator]
        raise DuplicateCardError(f"card {CARD_NAMES[c]!r} ({c}) is in both {name}[{row}] and "
                                 f"the board")
    first -= col - at
    raise DuplicateCardError(f"{where}[{row}] repeats card {CARD_NAMES[c]!r} ({c}) at "
                             f"positions {first} and {at}")


@jit
def _first_bad_card(arr, first_card=0):
    """(row, column, kind) of the first out-of-range (kind 1) or repeated (kind 2) card."""
    for i in range(arr.shape[0]):
        used = np.uint64(0)
        for j in range(arr.shape[1]):
            c = arr[i, j]
            if c >= 52 or c < first_card:
                return i, j, 1
            bit = np.uint64(1) << np.uint64(c)
            if used & bit:
                return i, j, 2
            used |= bit
    return -1, -1, 0


def as_card_set(cards, name: str = "dead") -> np.ndarray:
    """A set of distinct cards (text, a list of card texts, a list or array of ids; None
    for none) as a 1-D uint8 array.

    >>> as_card_set(["Ah", "7c 2d"], "board")
    array([50, 20,  1], dtype=uint8)
    """
    if cards is None:
        return np.zeros(0, np.uint8)
    if isinstance(cards, (list, tuple)) and cards and all(isinstance(c, str) for c in cards):
        cards = " ".join(cards)
    if isinstance(cards, str):
        return parse_cards(cards)
    arr = as_array(cards, name)
    if arr.size == 0:
        return np.zeros(0, np.uint8)
    if arr.ndim != 1 or not _is_integer(arr):
        raise HandShapeError(f"{name} must be text or a 1-D integer array of cards; got "
                             f"{arr.dtype} with shape {arr.shape}: {short_repr(cards, 60)}")
    _check_range(arr, name)
    arr = np.ascontiguousarray(arr.astype(np.uint8))
    check_hands(arr[None, :], name)
    return arr


def check_distinct(cards, message: str) -> None:
    """A :class:`~pokersim.errors.DuplicateCardError` ``"{message}, {card}"`` naming the
    lowest card that the card ids ``cards`` hold twice; nothing if each is there once.

    >>> check_distinct([50, 20, 50], "two players hold the same card")
    Traceback (most recent call last):
    ...
    pokersim.errors.DuplicateCardError: two players hold the same card, Ah
    """
    held = np.asarray(cards, np.int64).reshape(-1)
    if len(set(held.tolist())) < held.size:
        values, counts = np.unique(held, return_counts=True)
        raise DuplicateCardError(f"{message}, {format_cards(values[counts > 1][:1])}")
