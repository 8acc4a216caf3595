"""Rankings: the orders hands are compared by. Pass a ranking's name as ``ranking=`` to
:func:`pokersim.evaluate`, :func:`~pokersim.category`, :func:`~pokersim.describe`,
:func:`~pokersim.best_five` and :func:`~pokersim.category_frequencies`.

Every strength is an ``int16`` where higher wins and equal ties, also for lows; eight-or-better
gives :data:`NO_LOW` (0) to a hand without a low. The high order, both short decks, the
three lows and Zhajinhua's three-card order share one evaluator: the same card keys and table
lookups, tables built from each ranking's five-card rules (:mod:`~pokersim.rankings.keys`,
:mod:`~pokersim.rankings.hashed`; Zhajinhua's from its three-card rules,
:mod:`~pokersim.rankings.zhajinhua_order`); badugi has its own
(:mod:`~pokersim.rankings.badugi`).

>>> [r for r in NAMES]  # doctest: +NORMALIZE_WHITESPACE
['high', 'short-deck', 'short-deck-trips', 'ace-to-five', 'eight-or-better', 'deuce-to-seven',
 'badugi', 'zhajinhua', 'zhajinhua-a23-lowest']
>>> get("eight-or-better").labels
('No low', '8-low', '7-low', '6-low', '5-low')
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, fields
from pathlib import Path

import numpy as np

from .._core.validation import check_flag, named, short_repr
from ..errors import PokersimInputError
from ..evaluator.tables import tables as high_tables
from . import badugi, hashed, keys, names, zhajinhua_order

__all__ = ["NAMES", "NO_LOW", "RANKINGS", "Ranking", "get", "short_deck", "zhajinhua"]

#: The strength of a hand with no low (eight-or-better): below every low.
NO_LOW = 0

#: How a ranking's strength is looked up from a hand's summed key and card bits.
PLAIN = 0  # the flush table or the rank hash (high, short decks, lows)
FLUSH_NEEDS_ALL_CARDS = 1  # deuce-to-seven: six or seven cards with five of a suit
BADUGI = 2  # the card bits alone (pokersim.rankings.badugi)

SHIPPED = Path(__file__).with_name("tables.npz")


@dataclass(frozen=True, eq=False)
class Ranking:
    """A ranking: its name, the deck it deals from, the hand sizes it ranks, its categories
    (``labels`` by code, ``order`` the codes strongest first) and how to name a hand. The
    rankings are :data:`RANKINGS`; :func:`get` gives one by its name.

    Parameters
    ----------
    name : str
        The ranking's name (``ranking=`` takes it).
    deck : {"full", "short"}
        The deck it deals from: 52 cards, or the short deck's 36 (six to ace).
    hand_sizes : tuple of int
        The numbers of cards in the hands it ranks.
    labels : tuple of str
        The category names, by category code.
    order : tuple of int
        The category codes, strongest first.
    flavor : int
        How a strength is looked up from a hand's summed key and card bits: ``PLAIN`` (0),
        ``FLUSH_NEEDS_ALL_CARDS`` (1, deuce-to-seven's flushes) or ``BADUGI`` (2, the card
        bits alone).
    five_key : callable or None
        ``five_key(ranks, suited)``, the key of a five-card hand, from which :meth:`build`
        builds the tables (:func:`pokersim.rankings.hashed.build`); None where the tables are
        built otherwise (high, badugi, Zhajinhua).
    category_of_key : callable
        The category code of a key of ``tables.keys``.
    describe_key : callable
        The name of the hand of a key of ``tables.keys`` (``descriptions``).
    suits : bool, optional
        Whether suits count (True by default; False for ace-to-five and eight-or-better).
    no_hand : str or None, optional
        The name of strength 0 where it is a hand's (eight-or-better's ``"No low"``); None by
        default.
    own_tables : callable or None, optional
        Builds the tables at first use from the ranking's own rules, not shipped (Zhajinhua's);
        None by default.
    read_cards : callable or None, optional
        For rankings whose hand is every card (Zhajinhua's three): the cards, (N, k), as a
        player reads them, which :func:`pokersim.best_five` gives; None by default.

    Examples
    --------
    >>> r = get("short-deck")
    >>> r.deck, r.hand_sizes, r.labels[r.order[3]]
    ('short', (5, 6, 7), 'Flush')
    """

    name: str
    deck: str
    hand_sizes: tuple[int, ...]
    labels: tuple[str, ...]
    order: tuple[int, ...]
    flavor: int
    five_key: Callable | None
    category_of_key: Callable[[int], int]
    describe_key: Callable[[int], str]
    suits: bool = True
    no_hand: str | None = None
    own_tables: Callable[[], hashed.HashTables] | None = None
    read_cards: Callable[[np.ndarray], np.ndarray] | None = None

    @property
    def first_card(self) -> int:
        """The lowest card id of the ranking's deck (16, the six of clubs, for short decks)."""
        return 16 if self.deck == "short" else 0

    @functools.cached_property
    def tables(self) -> hashed.HashTables:
        """The evaluator's tables for this ranking (loaded from the shipped file; badugi's
        are built at first use, in 0.05 s). Badugi's three tables take the places of the
        flush table, the offsets and the hash (see :mod:`pokersim.rankings.badugi`), its
        card bits are ace low and its keys are its strengths."""
        if self.own_tables is not None:
            return self.own_tables()
        if self.name == "high" or self.name == "badugi":
            t = high_tables()
            if self.name == "badugi":
                return hashed.HashTables(t.card_keys, badugi.ACE_LOW_CARD_BITS,
                                         *badugi.badugi_tables(),
                                         np.arange(badugi.N_STRENGTHS + 1))
            return hashed.HashTables(t.card_keys, t.card_bits, t.flush, t.offsets, t.hash,
                                     t.packed)
        return _shipped()[self.name]

    @property
    def n_strengths(self) -> int:
        """The strength of the best hand: hands' strengths run 1..n_strengths (and 0, "no
        low", in eight-or-better). Zhajinhua's two rankings share one scale of 743
        strengths, each leaving the other's two A-2-3 straights unused
        (:mod:`~pokersim.rankings.zhajinhua_order`)."""
        return self.tables.keys.size - 1

    @functools.cached_property
    def category_of_strength(self) -> np.ndarray:
        """(n_strengths + 1,) int8: the category code of every strength (index 0: no hand)."""
        codes = [self.category_of_key(int(k)) for k in self.tables.keys[1:]]
        zero = self.category_of_key(0) if self.has_no_hand else 0  # index 0: unused
        out = np.array([zero] + codes, np.int8)
        out.setflags(write=False)
        return out

    @functools.cached_property
    def descriptions(self) -> tuple[str, ...]:
        """The name of every strength (index 0: "No low", or "?" where 0 is no strength)."""
        zero = self.no_hand or "?"
        return (zero,) + tuple(self.describe_key(int(k)) for k in self.tables.keys[1:])

    @property
    def eight_at_a_time(self) -> bool:
        """Whether :func:`pokersim.evaluate` may take the vector path
        (:mod:`pokersim.evaluator._simd`): it computes the high order's card keys itself and hands
        back only the rows where a suit holds five cards, so it serves hands of five to seven
        cards; badugi has a vector step of its own, for four to seven cards
        (:func:`pokersim.rankings.badugi.eight_hands_bits`)."""
        return self.flavor == BADUGI or min(self.hand_sizes) >= 5

    @property
    def has_no_hand(self) -> bool:
        """Whether strength 0 is a hand's strength (eight-or-better's no low)."""
        return self.no_hand is not None

    def build(self) -> hashed.HashTables:
        """Build the tables from the five-card rules (a few seconds).

        Returns
        -------
        HashTables
            The evaluator's tables (:class:`pokersim.rankings.hashed.HashTables`), as
            ``tables`` holds them.
        """
        if self.own_tables is not None:
            return self.own_tables()
        assert self.five_key is not None, "the high and badugi tables are built elsewhere"
        return hashed.build(self.five_key, suits=self.suits, lowest_rank=self.first_card // 4,
                            flush_with_others=self.flavor == FLUSH_NEEDS_ALL_CARDS)


def _short(trips: bool) -> Ranking:
    order = keys.SHORT_DECK_ORDER[int(trips)][::-1]
    return Ranking(
        "short-deck-trips" if trips else "short-deck", "short", (5, 6, 7), names.HIGH_LABELS,
        tuple(int(c) for c in order), PLAIN,
        keys.short_deck_trips_key if trips else keys.short_deck_key,
        lambda key: int(keys.SHORT_DECK_ORDER[int(trips), key >> 20]),
        lambda key: names.describe_high(names.short_deck_high_key(key, trips)))


def _weakest_first(labels: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(range(len(labels) - 1, -1, -1))


def _zhajinhua(name: str) -> Ranking:
    z = zhajinhua_order
    return Ranking(name, "full", (3,), z.LABELS, _weakest_first(z.LABELS), PLAIN, None,
                   z.category_of_key, z.describe_key,
                   own_tables=functools.partial(z.tables, name != "zhajinhua"),
                   read_cards=z.read_cards)


RANKINGS: dict[str, Ranking] = {r.name: r for r in (
    Ranking("high", "full", (5, 6, 7), names.HIGH_LABELS, _weakest_first(names.HIGH_LABELS),
            PLAIN, None, lambda key: key >> 20, names.describe_high),
    _short(False),
    _short(True),
    Ranking("ace-to-five", "full", (5, 6, 7), names.ACE_TO_FIVE_LABELS,
            _weakest_first(names.ACE_TO_FIVE_LABELS), PLAIN, keys.ace_to_five_key,
            names.ace_to_five_category, names.describe_ace_to_five, suits=False),
    Ranking("eight-or-better", "full", (5, 6, 7), names.EIGHT_OR_BETTER_LABELS,
            _weakest_first(names.EIGHT_OR_BETTER_LABELS), PLAIN, keys.eight_or_better_key,
            names.eight_or_better_category, names.describe_eight_or_better, suits=False,
            no_hand="No low"),
    Ranking("deuce-to-seven", "full", (5, 6, 7), names.DEUCE_TO_SEVEN_LABELS,
            _weakest_first(names.DEUCE_TO_SEVEN_LABELS), FLUSH_NEEDS_ALL_CARDS,
            keys.deuce_to_seven_key, names.deuce_to_seven_category,
            names.describe_deuce_to_seven),
    Ranking("badugi", "full", (4, 5, 6, 7), badugi.LABELS, _weakest_first(badugi.LABELS),
            BADUGI, None, lambda strength: int(badugi.category_of_strength()[strength]),
            badugi.describe_strength),
    *(_zhajinhua(name) for name in zhajinhua_order.A23_PLACEMENTS.values()),
)}
NAMES = tuple(RANKINGS)


def get(ranking) -> Ranking:
    """The :class:`Ranking` of a name (or a Ranking, returned as it is).

    Parameters
    ----------
    ranking : str or Ranking
        A ranking's name (one of :data:`NAMES`) or a Ranking.

    Returns
    -------
    Ranking
        The ranking.

    Examples
    --------
    >>> get("deuce-to-seven").labels[-1]
    '7-low'
    """
    return named(ranking, RANKINGS, "ranking", Ranking)


def short_deck(trips_beat_straight: bool = False) -> Ranking:
    """The short-deck ranking, where three of a kind beats a straight on request.

    Parameters
    ----------
    trips_beat_straight : bool, optional
        Whether three of a kind beats a straight (False by default).

    Returns
    -------
    Ranking
        The short-deck ranking.

    Examples
    --------
    >>> short_deck(trips_beat_straight=True).name
    'short-deck-trips'
    """
    trips = check_flag(trips_beat_straight, "trips_beat_straight")
    return RANKINGS["short-deck-trips" if trips else "short-deck"]


def zhajinhua(a23: str = "between-jqk-qka") -> Ranking:
    """Zhajinhua's three-card order, with A-2-3 between J-Q-K and Q-K-A (the default) or the
    lowest straight (see :mod:`pokersim.rankings.zhajinhua_order`).

    Parameters
    ----------
    a23 : {"between-jqk-qka", "lowest"}, optional
        Where the straight A-2-3 ranks.

    Returns
    -------
    Ranking
        The Zhajinhua ranking.

    Examples
    --------
    >>> zhajinhua(a23="lowest").name
    'zhajinhua-a23-lowest'
    """
    placements = zhajinhua_order.A23_PLACEMENTS
    if not isinstance(a23, str) or a23 not in placements:
        raise PokersimInputError(f"a23 must be one of {', '.join(map(repr, placements))}; got "
                                 f"{short_repr(a23)}")
    return RANKINGS[placements[a23]]


_FIELDS = [f.name for f in fields(hashed.HashTables) if f.name not in ("card_keys", "card_bits")]


@functools.cache
def _shipped() -> dict[str, hashed.HashTables]:
    """Every ranking's tables but the high one: from the shipped file (the card keys and
    bits, cheap, computed), or built from the rules when the file is missing."""
    others = {name: r for name, r in RANKINGS.items() if r.five_key is not None}
    if not SHIPPED.exists():
        return {name: r.build() for name, r in others.items()}
    with np.load(SHIPPED) as stored:
        return {name: hashed.HashTables(
                    *hashed.card_tables(r.suits, r.first_card // 4).kernel_args()[:2],
                    *(stored[f"{name}/{f}"] for f in _FIELDS))
                for name, r in others.items()}


def save_tables(path: Path = SHIPPED) -> None:
    """Build every ranking's tables and write them to ``path`` (the package ships them):
    ``python -m pokersim.rankings``.

    Parameters
    ----------
    path : pathlib.Path, optional
        Where to write the tables (the shipped file by default).
    """
    arrays = {}
    for name, ranking in RANKINGS.items():
        if ranking.five_key is not None:
            t = ranking.build()
            arrays.update({f"{name}/{f}": getattr(t, f) for f in _FIELDS})
    from ..io import write_atomic  # (pandas: not for every import of the rankings)

    write_atomic(path, lambda file: np.savez_compressed(file, **arrays), "wb")
