"""Hand ranges: text such as ``"QQ+, AKs, A5s-A2s, KQo@50"`` as weighted hole-card combos.

A range is a union of parts separated by commas. Each part is one of

========================  ==================================================  =========
part                      means                                               combos
========================  ==================================================  =========
``77``                    one pair                                            6
``77+``                   the pair and every higher pair: 77, 88, …, AA       6 each
``22-55``                 the pairs between the ends (either order)           6 each
``AKs`` ``AKo`` ``AK``    suited, offsuit, or both                            4, 12, 16
``K9s+``                  the kicker up to one below the top card: K9s … KQs  4 each
``A5s-A2s``               same top card and shape, kickers between the ends   4 each
``AhKh`` ``As Kd``        one explicit combo                                  1
``AsK*`` ``A*K*``         ``*`` is any suit                                   4, 16
``AxKx`` ``AxKy``         suit variables: the same letter is the same suit,   4, 12
                          different letters differ (``w x y z``)
``top 10%``               the best hand classes by :func:`equity_order`       ≥ 133
``random`` ``any`` ``*``  every two-card hand                                 1,326
``!33``                   *not* these combos: removed from the whole range    –
========================  ==================================================  =========

``+`` on a non-pair raises the *kicker* (the second rank) and keeps the top card, as PokerStove
and Equilab read it: ``K9s+`` is K9s KTs KJs KQs, ``T9s+`` is T9s alone, never JTs. Ranks are
``2-9 T J Q K A`` (``10`` is read as T), in any case, and a non-pair may name its ranks in
either order (``KA`` is ``AK``). Explicit combos take the card text of
:func:`pokersim.parse_cards`, suit symbols included.

Suit wildcards follow ProPokerTools' convention: ``*`` stands for any suit; ``w``, ``x``,
``y``, ``z`` are suit *variables*, equal letters for one suit and different letters for
different suits, never a suit the part names outright: ``AxKx`` is AK suited, ``AxKy`` AK
offsuit, ``AsKx`` the ace of spades with a king of another suit (3 combos), ``AsK*`` with any
king (4).

``top X%`` takes hand classes, best first in the order of :func:`equity_order` (exact equity
against one random hand, from the shipped heads-up table), until they hold at least X % of
the 1,326 combos: ``top 10%`` is 66+, A8s+, KJs+, ATo+ (134 combos, 10.1 %).

A part starting with ``!`` excludes its combos from the range, wherever it stands:
``22+, !33`` is every pair but threes, ``top 20%, !AA`` the top 20 % less aces.

A part may end in a weight: ``QQ@50`` or ``QQ@50%`` (a **percent**, in (0, 100]: so
``QQ@0.5`` is half a percent, not half) or ``QQ:0.5`` (a **fraction**, in (0, 1]); without one
the weight is 1. A combo named by several parts keeps the **largest** of their weights, so
that a range is the union of its parts whatever their order (``QQ+, KK@50`` keeps KK at
weight 1; write ``AA, KK@50, QQ`` to lower KK alone).

Ranges combine as sets: ``a | b`` (union, the largest weight), ``a & b`` (combos in both, the
smallest weight), ``a - b`` (``a`` without ``b``'s combos); either side may be range text.

>>> r = parse_range("QQ+, AKs")
>>> r
Range('QQ+, AKs', 22 combos)
>>> format_cards(r.combos[:3])
['Qd Qc', 'Qh Qc', 'Qh Qd']
>>> parse_range("KK@50, AhKh").total_weight
4.0
>>> len(parse_range("22+, !33")), len(parse_range("AxKy")), len(parse_range("top 10%"))
(72, 12, 134)
>>> parse_range("QQ+") - parse_range("AA") == parse_range("QQ-KK")
True
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass

import numpy as np

from ._core.shipped import versus_random
from ._core.validation import short_repr
from .cards import CARD_NAMES, RANKS, SUIT_SYMBOLS, SUITS, as_array, as_card_set, parse_cards
from .errors import CardError, RangeError

__all__ = ["RANDOM_WORDS", "Range", "all_combos", "combo_indices", "equity_order",
           "parse_range", "representative", "starting_hand_names"]

# ---------------------------------------------------------------------------------------------
# Combo tables. Every two-card hand has an index 0..1325: the combo (hi, lo), hi > lo, is
# number hi * (hi - 1) / 2 + lo, so the indices run in the order of (high card, low card).

N_COMBOS = 1326


def _combo_index(hi, lo):
    return hi * (hi - 1) // 2 + lo


def combo_indices(combos) -> np.ndarray:
    """The index 0..1325 of each two-card combo of ``combos`` (M, 2), its cards in any order.

    >>> combo_indices(np.array([[1, 0], [0, 1], [51, 50]])).tolist()
    [0, 0, 1325]
    """
    c = np.asarray(combos)
    return _COMBO_INDEX[c[:, 0], c[:, 1]]


_CARD = np.arange(52)
#: :func:`combo_indices` as a table of every (card, card) (a lookup: the max and min of
#: pairs along their short axis cost 10 times as much)
_COMBO_INDEX = _combo_index(np.maximum.outer(_CARD, _CARD), np.minimum.outer(_CARD, _CARD))


def _build_tables():
    hi, lo = np.tril_indices(52, -1)  # row-major over hi > lo: exactly the index order above
    combos = np.stack([hi, lo], axis=1).astype(np.uint8)
    rank_hi, rank_lo = hi // 4, lo // 4
    suited = hi % 4 == lo % 4
    # classes[r1, r2, kind]: combo indices of the class with top rank r1 >= r2;
    # kind 0 = pair (r1 == r2), 1 = suited, 2 = offsuit, 3 = both.
    classes: dict[tuple[int, int, int], np.ndarray] = {}
    for r1 in range(13):
        for r2 in range(r1 + 1):
            here = (rank_hi == r1) & (rank_lo == r2)
            if r1 == r2:
                classes[r1, r2, 0] = np.flatnonzero(here)
            else:
                classes[r1, r2, 1] = np.flatnonzero(here & suited)
                classes[r1, r2, 2] = np.flatnonzero(here & ~suited)
                classes[r1, r2, 3] = np.flatnonzero(here)
    combos.setflags(write=False)
    return combos, classes


_COMBOS, _CLASSES = _build_tables()


def all_combos() -> np.ndarray:
    """The 1,326 two-card combos, (1326, 2) uint8 (read-only), in the order of
    :func:`combo_indices`: the higher card first.

    >>> all_combos()[[0, 1325]].tolist()
    [[1, 0], [51, 50]]
    """
    return _COMBOS
_KIND_OF = {"": 3, "s": 1, "o": 2}
_KIND_NAME = {1: "suited", 2: "offsuit", 3: "suited and offsuit"}

# ---------------------------------------------------------------------------------------------
# Text. ASCII-only patterns: a case-insensitive Unicode match would let the Kelvin sign pass
# for K or a long s for s.

_FLAGS = re.IGNORECASE | re.ASCII
_R = "[2-9TJQKA]"
_SHAPE_RE = re.compile(f"({_R})({_R})([so]?)", _FLAGS)
_SUIT_CHARS = f"{SUITS}{SUIT_SYMBOLS}♧♢♡♤"
_COMBO_RE = re.compile(f"(?:{_R}[{_SUIT_CHARS}]){{2}}", _FLAGS)
_VARIABLES = "wxyz"
_ANY_SUIT = f"[{_SUIT_CHARS}{_VARIABLES}*]"
_PATTERN_RE = re.compile(f"({_R})({_ANY_SUIT})({_R})({_ANY_SUIT})", _FLAGS)
_NUMBER = r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)"
_NUMBER_RE = re.compile(_NUMBER)
_TOP_RE = re.compile(rf"top\s*({_NUMBER})\s*%", _FLAGS)
#: How a weight reads, for messages.
_SCALE = ("a weight is a percent after '@' (QQ@50 or QQ@50%: weight one half; in (0, 100]) or "
          "a fraction after ':' (QQ:0.5; in (0, 1])")
#: The words for "every two-card hand": a range part, or a random player in ``equity``.
RANDOM_WORDS = ("random", "any", "*")
_EXAMPLES = ("e.g. 77, 77+, 22-55, AKs, AKo, AK, A2s+, A5s-A2s, AhKh, AsK*, AxKy, top 10% or "
             "random")


@dataclass(frozen=True, eq=False, repr=False)
class Range:
    """A weighted set of distinct hole-card combos, as :func:`parse_range` returns it.

    Parameters
    ----------
    combos : (M, 2) array of card ids
        The two cards of each combo; stored as ``uint8`` with the larger card id first.
    weights : (M,) array of float, optional
        The weight of each combo, in (0, 1]; all 1 when omitted.
    text : str, optional
        The text the range was parsed from.

    Attributes
    ----------
    combos : (M, 2) uint8 ndarray, read-only
    weights : (M,) float64 ndarray, read-only
    text : str

    Notes
    -----
    Two ranges are equal when they hold the same combos, in the same order, with the same
    weights; their text does not count. :func:`parse_range` lists combos in one canonical
    order (by high card, then low card), so equal ranges parsed from different text compare
    equal. ``|``, ``&`` and ``-`` combine ranges (or a range and range text) as sets, in the
    canonical order; the result's text says how it was made (``"QQ+ | AKs"``) and is a
    label, not range text to parse.

    Examples
    --------
    >>> r = Range(parse_hands(["As Ks", "Qd Qh"]))
    >>> r.combos
    array([[51, 47],
           [42, 41]], dtype=uint8)
    >>> len(r), r.n_combos, r.total_weight
    (2, 2, 2.0)
    """

    combos: np.ndarray
    weights: np.ndarray | None = None
    text: str = ""

    def __post_init__(self):
        combos = as_array(self.combos, "combos", "an (M, 2) array of cards", RangeError)
        if combos.size == 0:
            combos = np.zeros((0, 2), np.uint8)
        if combos.ndim != 2 or combos.shape[1] != 2 or combos.dtype.kind not in "iu":
            raise RangeError(f"combos must be an integer array of shape (M, 2); got "
                             f"{combos.dtype} with shape {combos.shape}")
        if combos.size and (combos.min() < 0 or combos.max() > 51):
            row = int(np.flatnonzero(((combos < 0) | (combos > 51)).any(axis=1))[0])
            raise RangeError(f"combos[{row}] = {combos[row].tolist()} holds a value that is "
                             f"not a card (cards are integers 0..51)")
        hi = combos.max(axis=1).astype(np.intp)
        lo = combos.min(axis=1).astype(np.intp)
        if (hi == lo).any():
            row = int(np.flatnonzero(hi == lo)[0])
            raise RangeError(f"combos[{row}] repeats card {CARD_NAMES[hi[row]]!r}")
        index = _combo_index(hi, lo)
        if np.unique(index).size != index.size:
            seen: dict[int, int] = {}
            for row, i in enumerate(index.tolist()):
                if i in seen:
                    raise RangeError(f"combos[{row}] ({CARD_NAMES[hi[row]]} "
                                     f"{CARD_NAMES[lo[row]]}) repeats combos[{seen[i]}]")
                seen[i] = row
        combos = np.ascontiguousarray(np.stack([hi, lo], axis=1).astype(np.uint8))
        if self.weights is None:
            weights = np.ones(len(combos))
        else:
            raw = as_array(self.weights, "weights", "numbers", RangeError)
            if raw.dtype.kind not in "biuf":
                raise RangeError(f"weights must be real numbers in (0, 1]; got {raw.dtype} "
                                 f"{short_repr(self.weights)}")
            weights = raw.astype(np.float64).reshape(-1)
            if raw.ndim != 1 or weights.shape[0] != combos.shape[0]:
                raise RangeError(f"weights must have shape ({combos.shape[0]},), one per "
                                 f"combo; got shape {np.shape(self.weights)}")
            bad = ~((weights > 0) & (weights <= 1))
            if bad.any():
                row = int(np.flatnonzero(bad)[0])
                raise RangeError(f"weights[{row}] = {weights[row]} is not in (0, 1]")
        combos.setflags(write=False)
        weights.setflags(write=False)
        object.__setattr__(self, "combos", combos)
        object.__setattr__(self, "weights", weights)
        object.__setattr__(self, "text", str(self.text))

    @classmethod
    def _trusted(cls, combos: np.ndarray, weights: np.ndarray, text: str) -> Range:
        """Build without checks from arrays known to be valid (uint8, hi first, distinct)."""
        r = object.__new__(cls)
        combos = np.ascontiguousarray(combos, dtype=np.uint8)
        weights = np.ascontiguousarray(weights, dtype=np.float64)
        combos.setflags(write=False)
        weights.setflags(write=False)
        object.__setattr__(r, "combos", combos)
        object.__setattr__(r, "weights", weights)
        object.__setattr__(r, "text", text)
        return r

    def __len__(self) -> int:
        return self.combos.shape[0]

    @property
    def n_combos(self) -> int:
        """Number of combos (the same as ``len``)."""
        return self.combos.shape[0]

    @property
    def total_weight(self) -> float:
        """Sum of the weights: the number of combos, each counted by its weight.

        >>> parse_range("AA@50, KK").total_weight
        9.0
        """
        return float(self.weights.sum())  # type: ignore[union-attr]  # set by __post_init__

    def remove(self, dead_cards) -> Range:
        """A new range without the combos that hold any of ``dead_cards``.

        Parameters
        ----------
        dead_cards : str or array of card ids or None
            Board or dead cards, as text (``"Ah 7c 2d"``) or integers; repeats are an error.

        Returns
        -------
        Range
            The surviving combos with their weights, in the same order, and the same text.

        Examples
        --------
        >>> r = parse_range("AA, AKs")
        >>> len(r), len(r.remove("Ah 7c 2d"))
        (10, 6)
        """
        dead = as_card_set(dead_cards, "dead_cards")
        if dead.size == 0:
            return self
        is_dead = np.zeros(52, dtype=bool)
        is_dead[dead] = True
        keep = ~(is_dead[self.combos[:, 0]] | is_dead[self.combos[:, 1]])
        return Range._trusted(self.combos[keep], self.weights[keep],  # type: ignore[index]
                              self.text)

    def combo_weights(self) -> np.ndarray:
        """The weight of each of the 1,326 two-card combos.

        Returns
        -------
        numpy.ndarray of float64, shape (1326,)
            0 where the range lacks the combo. Combo (hi, lo), hi > lo, is number
            hi (hi - 1) / 2 + lo: the weights :func:`pokersim.batch_equity` takes as
            ``against``.

        Examples
        --------
        >>> w = parse_range("AhKh, QQ@50").combo_weights()
        >>> int((w > 0).sum()), float(w.sum())
        (7, 4.0)
        """
        out = np.zeros(N_COMBOS)
        c = self.combos.astype(np.intp)
        out[_combo_index(c[:, 0], c[:, 1])] = self.weights
        return out

    def _combine(self, other, how, sign: str):
        if not isinstance(other, (Range, str)):
            return NotImplemented
        other = parse_range(other)
        weights = how(self.combo_weights(), other.combo_weights())
        keep = np.flatnonzero(weights)
        return Range._trusted(_COMBOS[keep], weights[keep], f"{self.text} {sign} {other.text}")

    def __or__(self, other):
        """The union: every combo of either range, with the larger weight."""
        return self._combine(other, np.maximum, "|")

    def __and__(self, other):
        """The intersection: the combos of both ranges, with the smaller weight."""
        return self._combine(other, np.minimum, "&")

    def __sub__(self, other):
        """The difference: the combos of this range that are not in ``other`` (whatever
        their weight there), with their weights here.

        >>> r = parse_range("TT+, AK") - "AA, AKo"
        >>> r.text, len(r)
        ('TT+, AK - AA, AKo', 28)
        """
        return self._combine(other, lambda a, b: np.where(b > 0, 0.0, a), "-")

    def __eq__(self, other):
        if not isinstance(other, Range):
            return NotImplemented
        return (self.combos.shape == other.combos.shape
                and bool((self.combos == other.combos).all())
                and bool((self.weights == other.weights).all()))  # type: ignore[union-attr]

    # mutable-looking arrays inside: like numpy arrays, not hashable
    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        text = self.text if len(self.text) <= 40 else self.text[:37] + "..."
        out = f"Range({text!r}, {len(self)} combos"
        total = self.total_weight
        if total != len(self):
            out += f", weight {total:g}"
        return out + ")"


#: Ranges :func:`parse_range` keeps, by their text (~13 KB each at most).
RANGES_KEPT = 256


def parse_range(text) -> Range:
    """Parse range text such as ``"QQ+, AKs, A5s-A2s, KQo@50, AhKh"`` into a :class:`Range`.

    The notation, the meaning of ``+`` and the rule for weights are in the module
    description (:mod:`pokersim.ranges`). In short: pairs ``77``, ``77+``, ``22-55``;
    ``AKs``, ``AKo``, ``AK``; ``A2s+`` (kicker up to one below the top card), ``A5s-A2s``;
    explicit combos ``AhKh``; suit wildcards ``AsK*`` (any suit) and ``AxKy`` (suit
    variables); ``top 10%``; ``random``, ``any`` or ``*``; parts joined by commas, and
    ``!part`` excluded from the whole range; optional weights ``@percent`` (``QQ@50`` or
    ``QQ@50%``: half; ``QQ@0.5`` is half a percent) or ``:fraction`` (``QQ:0.5``), and a combo
    in several parts keeps the largest weight.

    Parameters
    ----------
    text : str or Range
        The range. A :class:`Range` is returned as it is.

    Returns
    -------
    Range
        Distinct combos (larger card id first), ordered by high card then low card, with
        their weights.

    Raises
    ------
    RangeError
        For empty text, an empty part, or a part that is not valid, naming the part and its
        position in the comma list, e.g. ``range part 2 'AKx': ...``.

    Examples
    --------
    >>> len(parse_range("77+")), len(parse_range("AKs")), len(parse_range("AKo"))
    (48, 4, 12)
    >>> format_cards(parse_range("AKs").combos)
    ['Ac Kc', 'Ad Kd', 'Ah Kh', 'As Ks']
    >>> parse_range("QQ@50%").weights
    array([0.5, 0.5, 0.5, 0.5, 0.5, 0.5])
    >>> len(parse_range("AsK*")), len(parse_range("AsKx")), len(parse_range("top 10%, !AA"))
    (4, 3, 128)
    >>> parse_range("AK, AKx")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    pokersim.errors.RangeError: range part 2 'AKx': not a hand class or combo (e.g. 77, ...)
    """
    if isinstance(text, Range):
        return text
    if not isinstance(text, str):
        raise RangeError(f"a range must be text such as 'QQ+, AKs'; got "
                         f"{type(text).__name__} {short_repr(text)}")
    return _parsed(text)


@functools.lru_cache(maxsize=RANGES_KEPT)
def _parsed(text: str) -> Range:
    """:func:`parse_range` of range text (a Range is read-only: the text of the last
    :data:`RANGES_KEPT` ranges is parsed once, as a loop over spots asks for it again)."""
    if not text.strip():
        raise RangeError(f"range {short_repr(text)} is empty: name some hands, e.g. "
                         f"'QQ+, AKs', or 'random'")
    weights = np.zeros(N_COMBOS)
    excluded = np.zeros(N_COMBOS, bool)
    for number, part in enumerate(text.split(","), start=1):
        part = part.strip()
        try:
            if part.startswith("!"):
                excluded[_parse_exclusion(part[1:].strip())] = True
            else:
                indices, weight = _parse_part(part)
                _raise_to(weights, indices, weight)
        except _PartError as e:
            raise RangeError(f"range part {number} {short_repr(part, 40)}: {e}") from None
    weights[excluded] = 0
    keep = np.flatnonzero(weights)
    if keep.size == 0:
        raise RangeError(f"range {short_repr(text)} holds no combo: its exclusions ('!') "
                         f"remove every combo it names")
    return Range._trusted(_COMBOS[keep], weights[keep], text)


def _raise_to(weights: np.ndarray, indices, weight: float) -> None:
    """weights[indices] = max(weights[indices], weight), for distinct indices."""
    weights[indices] = np.maximum(weights[indices], weight)


class _PartError(Exception):
    """What is wrong with one part; parse_range adds the part and its position."""


def _parse_part(part: str):
    """(combo indices, weight) of one stripped part of range text."""
    if not part:
        raise _PartError("empty part: remove the extra comma or name a hand")
    body, weight = _split_weight(part)
    if not body:
        raise _PartError("no hand before the weight")
    return _parse_body(body), weight


def _parse_exclusion(body: str):
    """Combo indices of an exclusion, the part after its '!'."""
    if not body:
        raise _PartError("nothing after '!': name the hands to exclude, e.g. !33")
    if "@" in body or ":" in body:
        raise _PartError("an exclusion takes no weight: it removes its combos from the range")
    return _parse_body(body)


def _split_weight(part: str):
    at, colon = part.count("@"), part.count(":")
    if at + colon == 0:
        return part, 1.0
    if at + colon > 1:
        raise _PartError(f"more than one weight: {_SCALE}")
    marker = "@" if at else ":"
    body, _, number = part.partition(marker)
    body, number = body.strip(), number.strip()
    if number.endswith("%"):
        if not at:
            raise _PartError(f"a fraction after ':' takes no '%': {_SCALE}")
        number = number[:-1].rstrip()
    value = _weight(number, marker)
    if at:
        if not 0 < value <= 100:
            raise _PartError(f"weight {number}% is not in (0, 100]: {_SCALE}")
        return body, value / 100
    if not 0 < value <= 1:
        raise _PartError(f"weight {number} is not in (0, 1]: {_SCALE}")
    return body, value


def _weight(number: str, marker: str) -> float:
    """The number of a weight, or what is wrong with it."""
    if _NUMBER_RE.fullmatch(number):
        return float(number)
    if not number:
        raise _PartError(f"no number after {marker!r}: {_SCALE}")
    if number[0] == "-" and _NUMBER_RE.fullmatch(number[1:].strip()):
        raise _PartError(f"weight {number} is negative: {_SCALE}")
    try:
        finite = math.isfinite(float(number))
    except ValueError:
        finite = False
    if finite:
        raise _PartError(f"weight {short_repr(number, 20)} is not a plain decimal number such "
                         f"as 100 or 12.5: {_SCALE}")
    raise _PartError(f"weight {short_repr(number, 20)} after {marker!r} is not a number: "
                     f"{_SCALE}")


def _parse_body(body: str):
    """Combo indices of a part without its weight."""
    if body.lower() in RANDOM_WORDS:
        return slice(None)
    top = _TOP_RE.fullmatch(body)
    if top:
        return _top(float(top.group(1)))
    if body[:3].lower() == "top":
        raise _PartError("'top X%' takes a plain number X in (0, 100], such as 'top 10%' or "
                         "'top 12.5%'")
    body = body.replace("10", "T")
    squeezed = "".join(body.split())
    if _COMBO_RE.fullmatch(squeezed):
        try:
            cards = parse_cards(squeezed)
        except CardError as e:  # only a repeated card can get here
            raise _PartError(f"not a combo: {e}") from None
        hi, lo = int(cards.max()), int(cards.min())
        return [_combo_index(hi, lo)]
    pattern = _PATTERN_RE.fullmatch(squeezed)
    if pattern:
        return _wildcard(*pattern.groups())
    if squeezed != body:
        raise _PartError("whitespace inside a part; separate parts with commas")
    if "-" in body:
        return _dash_range(body)
    if body.endswith("+"):
        shape = _shape(body[:-1], plus=True)
        r1, r2, kind = shape
        if kind == 0:
            return np.concatenate([_CLASSES[r, r, 0] for r in range(r1, 13)])
        return np.concatenate([_CLASSES[r1, k, kind] for k in range(r2, r1)])
    r1, r2, kind = _shape(body)
    return _CLASSES[r1, r2, kind]


def _wildcard(rank1: str, suit1: str, rank2: str, suit2: str):
    """Combo indices of a two-card pattern with suit wildcards: ``*`` any suit, ``w x y z``
    suit variables (equal letters: one suit; different letters: different suits; never a
    suit the pattern names)."""
    ranks = [RANKS.index(r.upper()) for r in (rank1, rank2)]
    given = [s.lower() for s in (suit1, suit2)]
    named = {int(parse_cards("2" + s)[0]) for s in given if s not in _VARIABLES + "*"}
    indices = set()
    for suits in np.ndindex(4, 4):
        ok = all(s == "*" or (suit not in named if s in _VARIABLES
                              else suit == int(parse_cards("2" + s)[0]))
                 for s, suit in zip(given, suits, strict=True))
        if given[0] in _VARIABLES and given[1] in _VARIABLES:
            ok = ok and (suits[0] == suits[1]) == (given[0] == given[1])
        a, b = (4 * r + suit for r, suit in zip(ranks, suits, strict=True))
        if ok and a != b:
            indices.add(_combo_index(max(a, b), min(a, b)))
    if not indices:
        raise _PartError("no two distinct cards match: equal suit letters mean one suit "
                         "(AxKx is AK suited), so a pair needs two (AxAy)")
    return sorted(indices)


@functools.cache
def equity_order() -> tuple[str, ...]:
    """The 169 hand classes, best first by exact equity against one random hand (ties split),
    from the shipped heads-up table (:func:`pokersim._core.shipped.versus_random`): the order of
    ``top X%`` ranges.

    >>> equity_order()[:9]
    ('AA', 'KK', 'QQ', 'JJ', 'TT', '99', '88', 'AKs', '77')
    >>> equity_order()[-1]
    '32o'
    """
    table = versus_random().sort_values("equity", ascending=False, kind="stable")
    return tuple(table.hand)


def _top(percent: float):
    """Combo indices of the fewest best classes of :func:`equity_order` that hold at least
    ``percent`` % of the 1,326 combos."""
    if not 0 < percent <= 100:
        raise _PartError(f"top {percent:g}% is not in (0, 100]")
    want = percent * N_COMBOS / 100 - 1e-9  # a count of combos, with room for rounding
    taken: list[np.ndarray] = []
    count = 0
    for name in equity_order():
        if count >= want:
            break
        taken.append(_CLASSES[_shape(name)])
        count += taken[-1].size
    return np.concatenate(taken)


def _dash_range(body: str):
    ends = body.split("-")
    if len(ends) != 2 or not all(ends):
        raise _PartError("a dash joins two hand classes, e.g. 22-55 or A5s-A2s")
    (a1, a2, ak), (b1, b2, bk) = (_shape(e, dash=True) for e in ends)
    if (ak == 0) != (bk == 0):
        raise _PartError("a dash joins two pairs (22-55) or two non-pairs with the same top "
                         "card (A5s-A2s), not a pair and a non-pair")
    if ak == 0:
        lo, hi = sorted((a1, b1))
        return np.concatenate([_CLASSES[r, r, 0] for r in range(lo, hi + 1)])
    if a1 != b1:
        raise _PartError(f"the ends have different top cards ({RANKS[a1]} and {RANKS[b1]}); "
                         f"a dash range keeps the top card and varies the kicker, e.g. A5s-A2s")
    if ak != bk:
        raise _PartError(f"the ends differ in suits ({_KIND_NAME[ak]} and {_KIND_NAME[bk]}); "
                         f"use the same s, o or neither on both")
    lo, hi = sorted((a2, b2))
    return np.concatenate([_CLASSES[a1, k, ak] for k in range(lo, hi + 1)])


def _shape(token: str, *, plus: bool = False, dash: bool = False):
    """(top rank, second rank, kind) of a hand class such as 77, AKs, KQo, T9."""
    m = _SHAPE_RE.fullmatch(token)
    if m is None:
        if plus:
            raise _PartError("'+' must follow a pair or a hand class, e.g. 77+ or A2s+")
        if dash:
            raise _PartError(f"{short_repr(token, 20)} is not a hand class; a dash joins two, "
                             f"e.g. 22-55 or A5s-A2s")
        raise _PartError(f"not a hand class or combo ({_EXAMPLES})")
    r1, r2 = RANKS.index(m.group(1).upper()), RANKS.index(m.group(2).upper())
    suffix = m.group(3).lower()
    if r1 == r2:
        if suffix:
            raise _PartError(f"a pair cannot be {'suited' if suffix == 's' else 'offsuit'}; "
                             f"write {RANKS[r1] * 2}")
        return r1, r1, 0
    r1, r2 = max(r1, r2), min(r1, r2)
    return r1, r2, _KIND_OF[suffix]



# ---------------------------------------------------------------------------------------------
# The 169 hand classes (starting hands) by name.


def starting_hand_names() -> list[str]:
    """The 169 hand classes, as on the usual 13 x 13 grid read row by row: pairs on the
    diagonal, suited above it, offsuit below (``AA, AKs, ..., A2s, AKo, KK, ...``).

    >>> names = starting_hand_names()
    >>> len(names), names[:3], names[13], names[-1]
    (169, ['AA', 'AKs', 'AQs'], 'AKo', '22')
    """
    order = RANKS[::-1]
    names = []
    for i, hi in enumerate(order):
        for j, lo in enumerate(order):
            if i == j:
                names.append(hi + hi)
            elif j > i:
                names.append(hi + lo + "s")
            else:
                names.append(lo + hi + "o")
    return names


def representative(name: str) -> str:
    """One combo of a hand class: every combo of a class has the same equity against random
    hands.

    >>> representative("AKs"), representative("AKo"), representative("AA")
    ('AsKs', 'AsKh', 'AsAh')
    """
    hi, lo = name[0], name[1]
    if len(name) == 2 or name[2] == "o":
        return f"{hi}s{lo}h"
    return f"{hi}s{lo}s"
