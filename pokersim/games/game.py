"""Games as descriptions: every variant is a few parts on the one engine.

A :class:`Game` says how many cards each player holds (``hole``; stud's seven, a draw game's
hand), how many are shared (``board``), how a hand is made (the best five of hole and board,
or, in Omaha and Courchevel, exactly two hole cards and three board cards), the ranking that
wins the pot (``ranking``; in split-pot games the high half) and the ranking of the low half
with its qualifier (``low``: eight-or-better; the high half takes the whole pot when no hand
qualifies). The deck is the ranking's (the short deck's 36 cards, or 52).

Zhajinhua is three hole cards and no board under the zhajinhua ranking
(:mod:`pokersim.rankings.zhajinhua_order`), equal hands splitting the pot. Its house rules
that are no order of hands, the 2-3-5 rule and the suit tie-break, are no part of the game:
:mod:`pokersim.games.zhajinhua` plays them (``compare``, ``showdown``, ``win_rates``).

>>> g = get("omaha-hi-lo")
>>> g.hole, g.board, g.two_plus_three, g.ranking, g.low
(4, 5, True, 'high', 'eight-or-better')
>>> [g for g in NAMES if get(g).low]
['omaha-hi-lo', 'omaha-5-hi-lo', 'courchevel-hi-lo', 'stud-hi-lo']
>>> Game("my-omaha-8", hole=6, board=5, two_plus_three=True, low="eight-or-better").deck
'full'
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass

import numpy as np

from .. import rankings
from .._core.validation import check_flag, named, short_repr
from ..errors import PokersimInputError

__all__ = ["GAMES", "NAMES", "Game", "get", "short_deck", "zhajinhua"]


@dataclass(frozen=True)
class Game:
    """A poker variant: the parts :func:`pokersim.deal`, :func:`pokersim.evaluate` and the
    equity engine read (see the module docstring). Build your own from the same parts; two
    hole and three board cards are played in the high ranking only (the Omaha tables).

    Parameters
    ----------
    name : str
        The game's name (not empty).
    hole : int
        The cards each player holds, 1 or more: hole cards; stud's seven; a draw game's hand.
    board : int, optional
        The shared board cards (0 by default).
    two_plus_three : bool, optional
        Whether a hand is exactly two hole cards and three board cards, as in Omaha: a board
        of five, 2..6 hole cards and the high ranking. False (the default): the best five of
        hole and board.
    ranking : str or Ranking, optional
        The ranking that wins the pot, the high half in a split-pot game (``"high"`` by
        default); a Ranking is kept as its name.
    low : str or Ranking, optional
        The low half's ranking, ``"eight-or-better"`` (kept as its name); None (the default):
        no low half.
    up_cards : int, optional
        The board cards dealt face up first (Courchevel's one), at most ``board``; 0 by
        default. Hands are made and ranked the same either way.
    draw : bool, optional
        Whether players draw: ``hole`` is the hand dealt before the draw (False by default).

    Examples
    --------
    >>> stud8 = Game("my-stud-8", hole=7, low="eight-or-better")
    >>> stud8.low, stud8.cards, stud8.deck
    ('eight-or-better', 7, 'full')
    >>> Game("big-o", hole=5, board=4, two_plus_three=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokersim.errors.PokersimInputError: 'big-o': two hole and three board cards need a board...
    """

    name: str
    hole: int
    board: int = 0
    two_plus_three: bool = False
    ranking: str = "high"
    low: str | None = None
    up_cards: int = 0
    draw: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise PokersimInputError(f"a game's name must be a non-empty string; got "
                                     f"{short_repr(self.name)}")
        name = short_repr(self.name, 40)
        high = rankings.get(self.ranking)
        low = None if self.low is None else rankings.get(self.low)
        if low is not None and low.name != "eight-or-better":
            raise PokersimInputError(f"the low half of {name} must be ranked "
                                     f"'eight-or-better'; got {short_repr(self.low)}")
        object.__setattr__(self, "ranking", high.name)  # a Ranking given: its name
        object.__setattr__(self, "low", None if low is None else low.name)
        for part in ("two_plus_three", "draw"):
            object.__setattr__(self, part, check_flag(getattr(self, part), f"{name}: {part}"))
        for part, value, lowest in (("hole", self.hole, 1), ("board", self.board, 0),
                                    ("up_cards", self.up_cards, 0)):
            if (isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral)
                    or value < lowest):
                raise PokersimInputError(f"{name}: {part} must be an integer >= {lowest}; "
                                         f"got {short_repr(value)}")
            object.__setattr__(self, part, int(value))  # numpy's integers too
        if self.up_cards > self.board:
            raise PokersimInputError(f"{name}: {self.up_cards} up cards but a board of "
                                     f"{self.board}")
        if self.two_plus_three and (self.board != 5 or not 2 <= self.hole <= 6):
            raise PokersimInputError(f"{name}: two hole and three board cards need a "
                                     f"board of five and 2..6 hole cards")
        if self.two_plus_three and high.name != "high":  # the Omaha tables rank high hands
            raise PokersimInputError(f"{name}: two hole and three board cards are played in "
                                     f"the high ranking only; got ranking={high.name!r}")
        cards = self.hole + self.board
        for r in (high, low):
            if r is not None and not self.two_plus_three and cards not in r.hand_sizes:
                raise PokersimInputError(f"{name}: {cards} cards, but the {r.name} ranking "
                                         f"takes {min(r.hand_sizes)}..{max(r.hand_sizes)}")

    @property
    def deck(self) -> str:
        """The deck the game deals from ("full" or "short"), its ranking's."""
        return rankings.get(self.ranking).deck

    @property
    def cards(self) -> int:
        """The cards one player's hand is made from: hole and board."""
        return self.hole + self.board


def _omaha(name: str, hole: int, low: str | None = None, up_cards: int = 0) -> Game:
    """Omaha's shape: five board cards, exactly two hole cards and three board cards."""
    return Game(name, hole=hole, board=5, two_plus_three=True, low=low, up_cards=up_cards)


_LOW = "eight-or-better"
GAMES: dict[str, Game] = {g.name: g for g in (
    Game("holdem", hole=2, board=5),
    Game("short-deck", hole=2, board=5, ranking="short-deck"),
    Game("short-deck-trips", hole=2, board=5, ranking="short-deck-trips"),
    _omaha("omaha", 4),
    _omaha("omaha-5", 5),
    _omaha("omaha-6", 6),
    _omaha("omaha-hi-lo", 4, _LOW),
    _omaha("omaha-5-hi-lo", 5, _LOW),
    _omaha("courchevel", 5, up_cards=1),
    _omaha("courchevel-hi-lo", 5, _LOW, up_cards=1),
    Game("stud", hole=7),
    Game("stud-hi-lo", hole=7, low=_LOW),
    Game("razz", hole=7, ranking="ace-to-five"),
    Game("2-7-single-draw", hole=5, ranking="deuce-to-seven", draw=True),
    Game("badugi", hole=4, ranking="badugi", draw=True),
    Game("five-card-draw", hole=5, draw=True),
    Game("zhajinhua", hole=3, ranking="zhajinhua"),
    Game("zhajinhua-a23-lowest", hole=3, ranking="zhajinhua-a23-lowest"),
)}
NAMES = tuple(GAMES)


def get(game) -> Game:
    """The :class:`Game` of a name (or a Game, returned as it is).

    Parameters
    ----------
    game : str or Game
        A game's name (one of :data:`NAMES`) or a Game.

    Returns
    -------
    Game
        The game.

    Examples
    --------
    >>> get("razz").ranking
    'ace-to-five'
    """
    return named(game, GAMES, "game", Game, ", or build a pokersim.games.game.Game")


def short_deck(trips_beat_straight: bool = False) -> Game:
    """Short-deck Hold'em, where three of a kind beats a straight on request.

    Parameters
    ----------
    trips_beat_straight : bool, optional
        Whether three of a kind beats a straight (False by default).

    Returns
    -------
    Game
        Short-deck Hold'em.

    Examples
    --------
    >>> short_deck(trips_beat_straight=True).ranking
    'short-deck-trips'
    """
    return GAMES["short-deck-trips" if rankings.short_deck(trips_beat_straight).name ==
                 "short-deck-trips" else "short-deck"]


def zhajinhua(a23: str = "between-jqk-qka") -> Game:
    """Zhajinhua, where A-2-3 ranks between J-Q-K and Q-K-A (the default) or lowest.

    Parameters
    ----------
    a23 : {"between-jqk-qka", "lowest"}, optional
        Where the straight A-2-3 ranks.

    Returns
    -------
    Game
        Zhajinhua.

    Examples
    --------
    >>> zhajinhua(a23="lowest").ranking
    'zhajinhua-a23-lowest'
    """
    return GAMES[rankings.zhajinhua(a23).name]
