"""The players of an equity question, in every game: each player's choices of hands.

A player is a full hand of the game's hole cards, a *partial* hand (fewer cards: ``"As Ad"``
in Omaha, a stud player's known cards, a draw player's kept cards) completed at random from
the cards left, ``"random"``, or a list of hands (full or partial, of any sizes; text or card
arrays), a ``{hand: weight}`` dict or a list of ``(hand, weight)`` pairs (positive, finite
weights, within a factor :data:`WEIGHT_SPAN` of each other). Two-card games (Hold'em, short
deck) also take ranges (``"QQ+, AKs"``, a :class:`~pokersim.ranges.Range`).
:func:`parse_players` turns what the user gave into a :class:`Player` each, checked, for
:func:`pokersim.equity` whichever kernels then play the game.
"""

from __future__ import annotations

import functools
import math
import numbers
from dataclasses import dataclass
from itertools import chain, combinations
from typing import TYPE_CHECKING

import numpy as np

from .. import rankings
from .._core.validation import short_repr
from ..cards import CardError, as_array, as_card_set, check_distinct, format_cards, parse_cards
from ..errors import DuplicateCardError, PokersimInputError, RangeError
from ..ranges import RANDOM_WORDS, Range, parse_range

if TYPE_CHECKING:
    from ..games.game import Game

__all__ = ["MIXED_LIST_HANDS", "NO_CARD", "WEIGHT_SPAN", "Player", "card_mask", "cards_left",
           "cards_of", "deck_of", "in_deck", "parse_players", "Question", "read_question"]


@dataclass(frozen=True)
class Player:
    """A player's choices: ``cards`` (M, known) uint8 hands (known <= hole; M = 1 for one
    hand, known = 0 for "random") with ``weights``."""

    label: str
    cards: np.ndarray
    weights: np.ndarray


@dataclass(frozen=True)
class Question:
    """An equity question, read and checked (:func:`read_question`): the ``game``, each
    player's choices in the order given, the ``board`` and ``dead`` cards, and ``blocked``:
    those and the cards that the game's deck lacks (a short deck's low ranks), sorted."""

    game: Game
    players: list[Player]
    board: np.ndarray
    dead: np.ndarray
    blocked: np.ndarray


def read_question(players, board, dead, game: Game) -> Question:
    """The :class:`Question` of ``players`` (a list, tuple or array of at least two), the
    ``board`` (at most the game's board cards) and the ``dead`` cards in ``game``, checked:
    cards of its deck, no dead card on the board, each player's choices by
    :func:`parse_players`, cards enough in the deck for every player and the board.

    >>> from pokersim.games.game import get
    >>> q = read_question(("AhKh", "random"), "2c 7d Qh", None, get("holdem"))
    >>> [p.label for p in q.players], q.board.tolist(), q.dead.tolist()
    (['AhKh', 'random'], [0, 21, 42], [])
    """
    board_cards = cards_of(board, "board", game)
    if board_cards.size > game.board:
        raise PokersimInputError(f"{game.name} has {game.board} board cards; got "
                                 f"{board_cards.size}: {short_repr(format_cards(board_cards))}")
    dead_cards = cards_of(dead, "dead", game)
    both = np.intersect1d(board_cards, dead_cards) if board_cards.size and dead_cards.size else ()
    if len(both):
        raise DuplicateCardError(f"a dead card is also on the board, {format_cards(both[:1])}")
    if (not isinstance(players, (list, tuple, np.ndarray))
            or isinstance(players, np.ndarray) and players.ndim == 0 or len(players) < 2):
        raise PokersimInputError(f"equity needs a list of at least two players; got "
                                 f"{short_repr(players)}")
    deck = deck_of(game)
    blocked = np.concatenate([board_cards, dead_cards])
    if deck[0]:  # the cards of a short deck's missing ranks are out of play, as dead cards are
        blocked = np.union1d(blocked, np.arange(deck[0], dtype=np.uint8))
    parsed = parse_players(list(players), game, blocked)
    need = len(parsed) * game.hole + game.board
    if need > deck.size - dead_cards.size:
        raise PokersimInputError(f"{len(parsed)} players of {game.name} need {need} cards "
                                 f"with the board but the deck has "
                                 f"{deck.size - dead_cards.size} live")
    return Question(game, parsed, board_cards, dead_cards, np.sort(blocked))


def deck_of(game: Game) -> np.ndarray:
    """The cards of the game's deck, ascending (uint8, read-only; 36 in the short decks)."""
    return _deck(game.ranking)


@functools.cache
def _deck(ranking: str) -> np.ndarray:
    deck = np.arange(rankings.get(ranking).first_card, 52, dtype=np.uint8)
    deck.setflags(write=False)
    return deck


def cards_of(value, name: str, game: Game) -> np.ndarray:
    """A set of distinct cards of the game's deck (text, list or array; None for none)."""
    return in_deck(as_card_set("" if value is None else value, name), name, game)


def in_deck(cards: np.ndarray, name: str, game: Game) -> np.ndarray:
    """``cards``, checked to be in the game's deck."""
    low = int(_deck(game.ranking)[0])
    if low and cards.size and cards.min() < low:
        raise CardError(f"{name}: {format_cards(cards[cards < low][:1])} is not in the "
                        f"{game.name} deck (sixes and up)")
    return cards


def _choices(spec, i: int, game: Game) -> tuple[str, list | np.ndarray, list | np.ndarray]:
    """(label, hands, weights) of a player as given: lists, or a range's (M, 2) combos and
    (M,) weights."""
    name = f"player {i + 1}"
    if isinstance(spec, Range) and game.hole == 2:
        return spec.text, np.asarray(spec.combos, np.uint8), np.asarray(spec.weights)
    if isinstance(spec, str):
        label = spec.strip()
        if label.lower() in RANDOM_WORDS:
            return label.lower(), [np.zeros(0, np.uint8)], [1.0]
        try:
            parsed = parse_cards(label)
        except CardError:
            if game.hole != 2:
                raise
            try:
                rng = parse_range(label)
            except RangeError as e:
                raise RangeError(f"{name}: {e}") from None
            combos, range_weights = np.asarray(rng.combos), np.asarray(rng.weights)
            kept = combos.min(axis=1) >= _deck(game.ranking)[0]
            if not kept.any():
                raise CardError(f"{name} {short_repr(label)}: no hand of the range is in the "
                                f"{game.name} deck") from None
            return label, combos[kept].astype(np.uint8), range_weights[kept]
        return label, [_known(label, name, game, parsed)], [1.0]
    if isinstance(spec, dict):
        pairs = list(spec.items())
    elif isinstance(spec, (list, tuple)) and spec and not isinstance(spec[0], numbers.Integral):
        pairs = [_pair(s, name) for s in spec]
    else:
        arr = as_array(spec, name, "a hand, a list of hands or 'random'", PokersimInputError)
        if arr.ndim != 2:
            cards = _known(arr, name, game)
            return format_cards(cards), [cards], [1.0]  # type: ignore[return-value]
        pairs = [(row, 1.0) for row in arr]
    if not pairs:
        raise PokersimInputError(f"{name}: an empty list of hands")
    hands = [_known(hand, name, game) for hand, _ in pairs]
    weights = [_weight(weight, name) for _, weight in pairs]
    if min(weights) < max(weights) / WEIGHT_SPAN:
        raise PokersimInputError(f"{name}: weights must lie within a factor of {WEIGHT_SPAN:g} "
                                 f"of each other (a deal's weight is their product); got "
                                 f"{min(weights):g} and {max(weights):g}")
    label = ", ".join(str(format_cards(h)) for h in hands[:3]) + (", ..." if len(hands) > 3
                                                                   else "")
    return label, hands, weights


def _known(hand, name: str, game: Game, parsed: np.ndarray | None = None) -> np.ndarray:
    """The known cards of a hand (``parsed`` from its text if given): one card at least
    ("random" deals them all)."""
    cards = cards_of(hand, name, game) if parsed is None else in_deck(parsed, name, game)
    if not cards.size:
        raise PokersimInputError(f"{name} has no cards ({short_repr(hand)}); give 'random' "
                                 f"for a hand dealt at random")
    return cards


def _pair(item, name: str) -> tuple:
    """(hand, weight) of an item of a list: a (hand, weight) pair, or a hand of weight 1 (a
    tuple of card ids is a hand)."""
    if not isinstance(item, tuple) or item and isinstance(item[0], numbers.Integral):
        return item, 1.0
    if len(item) != 2:
        raise PokersimInputError(f"{name}: a list holds hands and (hand, weight) pairs; got "
                                 f"{short_repr(item)}")
    return item


def _weight(value, name: str) -> float:
    """A hand's weight: a positive, finite real number."""
    weight = math.nan
    if isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_)):
        try:
            weight = float(value)
        except (OverflowError, ValueError):  # a Fraction beyond the floats
            pass
    if not 0 < weight < math.inf:
        raise PokersimInputError(f"{name}: weights must be positive finite numbers; got "
                                 f"{short_repr(value)}")
    return weight


#: The weights of a list lie within this factor of each other: the product of one weight a
#: player (the weight of a deal) cannot vanish below the smallest float.
WEIGHT_SPAN = 1e12
#: A list that mixes hands of different sizes lists every completion of its shorter hands to
#: the size of its largest (each shares its hand's weight equally): at most this many.
MIXED_LIST_HANDS = 1_000_000
#: The card id that pads the shorter hands of a list.
NO_CARD = 255


def parse_players(specs, game: Game, blocked: np.ndarray) -> list[Player]:
    """Each player's choices (see :class:`Player`), checked: no card held twice, a list's
    hands less those holding a card that is known elsewhere, partial hands of different sizes
    in one list completed to the same size. A list's weights are scaled by a power of two
    (exactly: their proportions are kept to the bit) so that the largest lies in [0.5, 1):
    the weight of a deal, the product of one weight a player, neither overflows nor vanishes
    (weights of 1e300 or 1e-300, each list within :data:`WEIGHT_SPAN`).

    >>> from pokersim.games.game import get
    >>> p = parse_players(["AhKh", "QQ@50", "random"], get("holdem"), np.zeros(0, np.uint8))
    >>> [(q.label, q.cards.shape) for q in p]
    [('AhKh', (1, 2)), ('QQ@50', (6, 2)), ('random', (1, 0))]
    """
    players = [_as_player(spec, i, game, blocked) for i, spec in enumerate(specs)]
    while True:  # a list left with one hand is that hand, which the others cannot hold
        singles = [p.cards[0] for p in players if len(p.cards) == 1]
        held = np.concatenate([blocked, *singles]).astype(np.uint8)
        check_distinct(held, "two players hold the same card")
        if not singles:  # only the board and dead cards are held: taken out of the lists
            break
        players = [p if len(p.cards) == 1 else _without(p, i, held)
                   for i, p in enumerate(players)]
        if sum(len(p.cards) == 1 for p in players) == len(singles):
            break
    if any(len(p.cards) > 1 and (p.cards == NO_CARD).any() for p in players):
        live = cards_left(deck_of(game), held)  # a list mixes sizes: complete its hands
        players = [_completed(p, i, live) for i, p in enumerate(players)]
    return [p if len(p.cards) == 1 else
            Player(p.label, p.cards, np.ldexp(p.weights, -np.frexp(p.weights.max())[1]))
            for p in players]


def card_mask(cards):
    """The card mask (bit c for card c) of ``cards``: one for a 1-D set of cards, one a row
    of a 2-D array of hands.

    >>> int(card_mask(np.array([0, 51]))) == 1 | 1 << 51
    True
    """
    return np.bitwise_or.reduce(np.uint64(1) << np.asarray(cards, np.uint64), axis=-1,
                                initial=np.uint64(0))


def cards_left(deck: np.ndarray, cards: np.ndarray) -> np.ndarray:
    """The cards of ``deck`` (sorted, distinct) not in ``cards``: ``np.setdiff1d`` for small
    sets of card ids, in a fraction of its time."""
    out = np.ones(52, bool)
    out[cards] = False
    return deck[out[deck]]


def _as_player(spec, i: int, game: Game, blocked: np.ndarray) -> Player:
    """A player's choices, less those that hold a board or dead card (a list's shorter hands
    padded with ``NO_CARD``)."""
    label, hands, weights = _choices(spec, i, game)
    if isinstance(hands, np.ndarray):  # a range's combos, of the game's two hole cards
        return _without(Player(label, hands, np.asarray(weights, np.float64)), i, blocked)
    for hand in hands:
        if hand.size > game.hole:
            where = f" in {short_repr(format_cards(hand))}" if len(hands) > 1 else ""
            raise PokersimInputError(f"player {i + 1} {short_repr(label)}: {hand.size} "
                                     f"cards{where}, but {game.name} hands have {game.hole}")
    if len(hands) == 1:  # (a set test: np.isin costs more on a few cards)
        cards = np.asarray(hands[0], np.uint8)[None, :]
        if not set(blocked.tolist()).isdisjoint(cards[0].tolist()):
            raise DuplicateCardError(
                f"player {i + 1} {short_repr(label)} holds a board or dead card, "
                f"{format_cards(np.intersect1d(cards, blocked)[:1])}")
        return Player(label, cards, np.ones(1))  # as _without leaves it
    cards = np.full((len(hands), max(h.size for h in hands)), NO_CARD, np.uint8)
    for row, hand in zip(cards, hands, strict=True):
        row[:hand.size] = hand
    return _without(Player(label, cards, np.asarray(weights, np.float64)), i, blocked)


def _without(player: Player, i: int, held: np.ndarray) -> Player:
    """A list player's hands less those holding another player's (or a board, dead) card; one
    hand left is unpadded."""
    is_held = np.zeros(256, bool)  # by card id (NO_CARD, 255, is never held); np.isin costs 5x
    is_held[held] = True
    free = ~is_held[player.cards].any(axis=1)
    if not free.any():
        raise PokersimInputError(f"player {i + 1} {short_repr(player.label)}: every hand holds "
                                 f"a board, dead or other player's card")
    cards, weights = player.cards[free], player.weights[free]
    if len(cards) == 1:
        cards = cards[:, cards[0] != NO_CARD]
    return Player(player.label, cards, weights)


def _completed(player: Player, i: int, live: np.ndarray) -> Player:
    """A list mixing hands of different sizes as a list of hands of its largest size: each
    shorter hand stands for every completion of it from the ``live`` cards, which share its
    weight equally (a partial hand is completed at random)."""
    sizes = (player.cards != NO_CARD).sum(axis=1)
    size = player.cards.shape[1]
    if (sizes == size).all():
        return player
    ways = [math.comb(live.size - int(s), size - int(s)) for s in sizes]
    if sum(ways) > MIXED_LIST_HANDS:
        raise PokersimInputError(
            f"player {i + 1} {short_repr(player.label)}: completing the list's hands of "
            f"{sizes.min()} to {size} cards would list {sum(ways):,} hands (more than "
            f"{MIXED_LIST_HANDS:,}); give hands of closer sizes")
    if not sum(ways):
        raise PokersimInputError(f"player {i + 1} {short_repr(player.label)}: no hand can be "
                                 f"completed from the cards left")
    rows, weights = [], []
    for hand, s, weight, n in zip(player.cards, sizes, player.weights, ways, strict=True):
        if n:
            extra = np.fromiter(chain.from_iterable(combinations(
                np.setdiff1d(live, hand[:s]).tolist(), size - s)), np.uint8,
                count=n * (size - s)).reshape(n, size - s)
            rows.append(np.hstack([np.broadcast_to(hand[:s], (n, s)), extra]))
            weights.append(np.full(n, weight / n))
    return Player(player.label, np.concatenate(rows), np.concatenate(weights))


