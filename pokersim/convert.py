"""Cards to and from the encodings of other poker libraries: treys (and deuces), eval7 and
phevaluator.

* pokersim and phevaluator: the same id, ``4 * rank + suit`` (rank 0..12 = 2..A, suit
  0..3 = c d h s; ``phevaluator.Card("As").id_ == 51``).
* treys (and deuces): a 32-bit int holding a rank bit, a suit bit (s 1, h 2, d 4, c 8), the
  rank and the rank's prime (``Card.new("As") == 268442665``); see :func:`to_treys`.
* eval7: a ``Card`` object (``rank`` 0..12, ``suit`` 0..3 = c d h s), or its ``mask``,
  ``1 << (13 * suit + rank)``; see :func:`to_eval7`.

Every function takes cards as :func:`pokersim.parse_cards` and :func:`pokersim.evaluate` do
(text, a list of card texts, or an integer array of any shape) and keeps the shape; the
``from_`` functions return ``uint8`` card ids and check what they read. eval7 is imported
only by :func:`to_eval7` for its ``Card`` objects; nothing else needs another library.

>>> to_treys("As 2c").tolist()
[268442665, 98306]
>>> from_treys([268442665, 98306])
array([51,  0], dtype=uint8)
>>> to_eval7("As Kd", masks=True).tolist(), to_phevaluator("As Kd").tolist()
([2251799813685248, 16777216], [51, 45])
"""

from __future__ import annotations

import numbers

import numpy as np

from ._core.validation import check_flag, short_repr
from .cards import CARD_NAMES, _check_range, card_array
from .errors import CardError, HandShapeError

__all__ = ["from_eval7", "from_phevaluator", "from_treys", "to_eval7", "to_phevaluator",
           "to_treys"]

#: treys' prime of each rank, 2..A.
TREYS_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
#: treys' suit bit of each suit, c d h s.
TREYS_SUIT_BITS = (8, 4, 2, 1)


def _treys_ints() -> np.ndarray:
    ids = np.arange(52)
    rank, suit = ids // 4, ids % 4
    out = ((1 << (16 + rank)) | (np.array(TREYS_SUIT_BITS)[suit] << 12) | (rank << 8)
           | np.array(TREYS_PRIMES)[rank]).astype(np.int64)
    out.setflags(write=False)
    return out


#: The treys int of each card id: ``TREYS_INTS[51] == treys.Card.new("As")``.
TREYS_INTS = _treys_ints()
_TREYS_SORTED = np.argsort(TREYS_INTS)
#: The eval7 mask of each card id: ``EVAL7_MASKS[c] == 1 << (13 * (c % 4) + c // 4)``.
EVAL7_MASKS = np.array([1 << (13 * (c % 4) + c // 4) for c in range(52)], np.uint64)
EVAL7_MASKS.setflags(write=False)


def _ids(cards, name: str = "cards") -> np.ndarray:
    """Card ids (any shape) from text or integers, checked to lie in 0..51."""
    arr = card_array(cards, name)
    if arr.size and arr.dtype.kind not in "iu":
        raise HandShapeError(f"{name} must be card ids (integers 0..51) or text; got dtype "
                             f"{arr.dtype}")
    _check_range(arr, name)
    return arr.astype(np.intp)


def to_treys(cards) -> np.ndarray:
    """treys' (and deuces') card ints, int64, shaped like the cards; ``.tolist()`` gives the
    Python ints treys' ``Evaluator.evaluate(board, hand)`` takes.

    >>> from treys import Evaluator
    >>> Evaluator().evaluate(to_treys("Qs Js Ts").tolist(), to_treys("As Ks").tolist())
    1
    """
    return TREYS_INTS[_ids(cards)]


def from_treys(ints) -> np.ndarray:
    """Card ids (``uint8``, the same shape) of treys' card ints; anything else is an error.

    >>> from_treys([[268442665, 134236965]]).tolist()  # As, Kd
    [[51, 45]]
    """
    arr = _integers(ints, "treys cards")
    where = np.searchsorted(TREYS_INTS, arr, sorter=_TREYS_SORTED)
    ids = _TREYS_SORTED[np.minimum(where, 51)]
    bad = TREYS_INTS[ids] != arr
    if bad.any():
        raise CardError(f"{_where('treys cards', bad)} = {arr[bad][0]} is not a treys card "
                        f"(treys.Card.new('As') is 268442665)")
    return ids.astype(np.uint8)


def to_phevaluator(cards) -> np.ndarray:
    """phevaluator's card ids, int64: the same numbers as pokersim's (``4 * rank + suit``,
    suits c d h s), which ``phevaluator.evaluate_cards`` takes as they are.

    >>> from phevaluator import evaluate_cards
    >>> evaluate_cards(*to_phevaluator("As Ks Qs Js Ts").tolist())
    1
    """
    return _ids(cards).astype(np.int64)


def from_phevaluator(ids) -> np.ndarray:
    """Card ids (``uint8``) of phevaluator's ids (ints 0..51, or ``phevaluator.Card`` objects).

    >>> from phevaluator import Card
    >>> from_phevaluator([Card("As"), Card("2c")])
    array([51,  0], dtype=uint8)
    """
    return _ids(_integers(ids, "phevaluator cards"), "phevaluator cards").astype(np.uint8)


def to_eval7(cards, *, masks: bool = False):
    """eval7's cards: ``eval7.Card`` objects (a list, nested lists for 2-D cards), which
    ``eval7.evaluate`` takes; with ``masks``, their 64-bit masks as a uint64 array.

    >>> to_eval7([[51, 0]], masks=True)  # As, 2c
    array([[2251799813685248,                1]], dtype=uint64)
    """
    masks = check_flag(masks, "masks")
    ids = _ids(cards)
    if masks:
        return EVAL7_MASKS[ids]
    import eval7

    deck = [eval7.Card(name) for name in CARD_NAMES]
    return np.array(deck, dtype=object)[ids].tolist()


def from_eval7(cards) -> np.ndarray:
    """Card ids (``uint8``, the same shape) of eval7 cards: ``eval7.Card`` objects (or
    anything with their ``rank`` 0..12 and ``suit`` 0..3) or their masks.

    >>> from_eval7([1 << 51, 1 << 24])  # the masks of eval7.Card("As") and Card("Kd")
    array([51, 45], dtype=uint8)
    """
    if _has_objects(cards):
        arr = np.asarray(cards, dtype=object)
        flat = [_eval7_card(c, i, arr.shape) for i, c in enumerate(arr.flat)]
        return np.array(flat, np.uint8).reshape(arr.shape)
    arr = _integers(cards, "eval7 cards").astype(np.uint64)
    single_bit = (arr != 0) & ((arr & (arr - np.uint64(1))) == 0) & (arr < np.uint64(1 << 52))
    if not single_bit.all():
        raise CardError(f"{_where('eval7 cards', ~single_bit)} = {arr[~single_bit][0]} is not "
                        f"an eval7 card mask (one bit of 0..51)")
    bit = np.log2(arr.astype(np.float64)).astype(np.intp)  # exact for powers of two
    return (4 * (bit % 13) + bit // 13).astype(np.uint8)


def _eval7_card(card, i: int, shape) -> int:
    rank, suit = getattr(card, "rank", None), getattr(card, "suit", None)
    if isinstance(card, numbers.Integral) and not isinstance(card, bool):
        return int(from_eval7(np.array([card], np.uint64))[0])
    if not (isinstance(rank, numbers.Integral) and isinstance(suit, numbers.Integral)
            and 0 <= int(rank) < 13 and 0 <= int(suit) < 4):
        where = ", ".join(map(str, np.unravel_index(i, shape)))
        raise CardError(f"eval7 cards[{where}] = {short_repr(card)} is not an eval7 card (a "
                        f"Card with rank 0..12 and suit 0..3, or its mask)")
    return 4 * int(rank) + int(suit)


def _has_objects(values) -> bool:
    """Whether ``values`` holds objects (cards of a library) rather than numbers."""
    if isinstance(values, np.ndarray):
        return values.dtype == object
    if isinstance(values, (list, tuple)):
        return any(_has_objects(v) if isinstance(v, (list, tuple)) else
                   not isinstance(v, (numbers.Integral, np.integer)) for v in values)
    return not isinstance(values, (numbers.Integral, np.integer))


def _integers(values, name: str) -> np.ndarray:
    """An integer array (any shape) of ``values`` (objects that ``int()`` takes, such as
    phevaluator's cards, included), or an error naming ``name``."""
    try:
        arr = np.asarray(values)
        if arr.dtype == object:
            arr = arr.astype(np.int64)
    except (ValueError, TypeError, OverflowError):
        raise CardError(f"{name} must be integers; got {short_repr(values)}") from None
    if arr.size and arr.dtype.kind not in "iu":
        raise CardError(f"{name} must be integers; got {arr.dtype} {short_repr(values)}")
    return arr.astype(np.int64) if arr.size else arr.astype(np.int64).reshape(arr.shape)


def _where(name: str, bad: np.ndarray) -> str:
    index = tuple(int(i) for i in np.argwhere(bad)[0])
    return f"{name}[{', '.join(map(str, index))}]" if index else name
