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

from ._jit import jit
from .errors import CardError, DuplicateCardError, HandShapeError
from .validation import short_repr

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


def card_id(rank: int, suit: int) -> int:
    """The id of the card of ``rank`` (0..12) and ``suit`` (0..3): ``card_id(12, 3) == 51``."""
    return 4 * rank + suit


def parse_cards(text: str, *, hand: int | None = None) -> np.ndarray:
    """Parse one hand of cards such as ``"As Kd Th"``, ``"AsKd"`` or ``"A♠ 10♦"``.

    Ranks ``2-9 T J Q K A`` (or ``10``), suits ``c d h s`` or ``♣ ♦ ♥ ♠``, any case,
    separated by whitespace, commas or nothing. Raises :class:`CardError` naming the bad token
    and its position, and :class:`DuplicateCardError` for a repeated card. ``hand`` is only
    used to number the hand in messages.

    >>> parse_cards("2c 2s Ac As")
    array([ 0,  3, 48, 51], dtype=uint8)
    """
    if not isinstance(text, str):
        raise CardError(f"cards must be text such as 'As Kd'; got {type(text).__name__} "
                        f"{short_repr(text)}")
    where = "" if hand is None else f" of hand {hand + 1}"
    ids: list[int] = []
    for token in _SEPARATORS.split(text.strip()):
        pos = 0
        while pos < len(token):
            m = _CARD_RE.match(token, pos)
            if m is None:
                bad = token[pos:pos + 2] if pos else token
                raise CardError(f"card {len(ids) + 1}{where}: {short_repr(bad)} is not a card "
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


def parse_hands(texts: Iterable[str]) -> np.ndarray:
    """Parse several hands of equal length into an (N, k) ``uint8`` array.

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
        raise error(f"{name} cannot be read as {what} ({e}); got {short_repr(value)}") from None


def _is_integer(arr: np.ndarray) -> bool:
    return arr.dtype.kind in "iu"


def _check_range(arr: np.ndarray, name: str) -> None:
    """Raise CardError if any value lies outside 0..51."""
    if arr.size == 0 or arr.dtype == np.uint8 and arr.max() < 52:
        return
    bad = (arr < 0) | (arr > 51)
    if bad.any():
        idx = tuple(int(i) for i in np.argwhere(bad)[0])
        where = f"{name}[{', '.join(map(str, idx))}]"
        raise CardError(f"{where} = {arr[idx]} is not a card (cards are integers 0..51)")


def as_hands(hands, ks: Sequence[int], name: str = "hands", *, check: bool = True):
    """Turn text or an integer array into a C-contiguous (N, k) uint8 array, k in ``ks``.

    Returns ``(array, single)`` where ``single`` says the input was one hand (1-D or one
    string), so that callers can return a scalar. With ``check=False`` the caller promises to
    check values and duplicates itself (the evaluator does it inside its kernel).
    """
    single = False
    if isinstance(hands, str):
        hands, single = parse_cards(hands)[None, :], True
    elif isinstance(hands, (list, tuple)) and hands and all(isinstance(h, str) for h in hands):
        hands = parse_hands(hands)
    arr = as_array(hands, name)
    if not _is_integer(arr):
        raise HandShapeError(f"{name} must be an integer array of card ids (0..51) or text; "
                             f"got dtype {arr.dtype} ({short_repr(hands, 60)}): use "
                             f"parse_hands(...) or .astype(np.uint8)")
    if arr.ndim == 1:
        arr, single = arr[None, :], True
    if arr.ndim != 2 or arr.shape[1] not in ks:
        want = " or ".join(f"(N, {k})" for k in ks)
        raise HandShapeError(f"{name} must have shape {want}; got shape {arr.shape}")
    if arr.dtype != np.uint8:
        _check_range(arr, name)
        arr = arr.astype(np.uint8)
    arr = np.ascontiguousarray(arr)
    if check:
        check_hands(arr, name)
    return arr, single


def check_hands(arr: np.ndarray, name: str = "hands", *, first_card: int = 0) -> None:
    """Raise CardError/DuplicateCardError for the first bad row of a uint8 (N, k) array;
    ``first_card`` 16 checks that every card belongs to the short deck (six to ace)."""
    row, col, kind = _first_bad_card(arr, first_card)
    if kind == 0:
        return
    c = int(arr[row, col])
    if kind == 1 and c < 52:
        raise CardError(f"{name}[{row}, {col}] = {CARD_NAMES[c]} ({c}) is not a card of the "
                        f"short deck (six to ace: card ids {first_card}..51)")
    if kind == 1:
        raise CardError(f"{name}[{row}, {col}] = {c} is not a card (cards are integers 0..51)")
    first = int(np.flatnonzero(arr[row, :col] == c)[0])
    raise DuplicateCardError(f"{name}[{row}] repeats card {CARD_NAMES[c]!r} ({c}) at "
                             f"positions {first} and {col}")


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
    """A set of distinct cards (text, list or array; None for none) as a 1-D uint8 array."""
    if cards is None:
        return np.zeros(0, np.uint8)
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
