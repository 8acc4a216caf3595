"""Equity in every game: one engine for Omaha, stud, razz, the draw games, short deck, ...

>>> df = game_equity(["As Ad Ks Kd", "Qh Qc Jh Jc"], board="2s 3d 4h 5c", game="omaha")
>>> df[["player", "equity", "outcomes", "method"]]
        player equity outcomes method
0  As Ad Ks Kd    90%       40  exact
1  Qh Qc Jh Jc    10%       40  exact

A player is a full hand of the game's hole cards, a *partial* hand (fewer cards: ``"As Ad"``
in Omaha, a stud player's known cards, a draw player's kept cards) completed at random from
the cards left, ``"random"``, or a list of hands (full or partial, of any sizes; text or card
arrays), a ``{hand: weight}`` dict or a list of ``(hand, weight)`` pairs (positive, finite
weights, within a factor :data:`WEIGHT_SPAN` of each other): one of them is dealt, with
chance proportional to its weight among the choices that share no card with the others, and
completed at random. A partial hand in a list stands for each of its completions, which share
its weight equally: a list mixing sizes is dealt from the list of every completion of its
shorter hands to its longest (at most :data:`MIXED_LIST_HANDS`; with two such lists, the
chance of a pair of choices also counts the completions each leaves the other). Two-card
games (Hold'em, short deck) also take ranges (``"QQ+, AKs"``, a
:class:`~pokersim.ranges.Range`). Draw games are valued after the draw: each player's kept
cards plus random cards. Stud's up-cards folded by others are ``dead`` cards.

The table is a win-rate table (``docs/api.md``). Split-pot (hi/lo) games add, after the
standard columns, ``high_win`` / ``high_tie`` (the chance of winning / sharing the high half;
when no hand qualifies for low, the high half is the whole pot), ``low_win`` / ``low_tie``
(the same for the low half; 0 when there is no low), ``scoop`` (the whole pot alone),
``high_equity`` and ``low_equity`` (the expected share of the pot taken from each half: they
sum to ``equity``). In every game ``win`` is the chance of taking the whole pot alone (a
scoop), ``tie`` of taking a part of it but not all (a shared half, a split of the halves, a
quarter), ``lose`` of taking nothing, and ``equity`` the expected share of the pot.

>>> hl = game_equity(["As 2s Kd Qd", "Ah 3h Kc Qc"], board="4c 5d 8h Ks Jd",
...                  game="omaha-hi-lo")
>>> hl[["player", "win", "tie", "equity", "high_tie", "low_win", "low_equity"]]
        player win   tie equity high_tie low_win low_equity
0  As 2s Kd Qd  0%  100%    75%     100%    100%        50%
1  Ah 3h Kc Qc  0%  100%    25%     100%      0%         0%
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass
from itertools import chain, combinations

import numba
import numpy as np

from .. import config, rankings
from .._random import seed_key
from ..cards import CardError, as_array, as_card_set, format_cards, parse_cards
from ..combinatorics import binomials
from ..deal import deal_plan
from ..equity import _alias_rows
from ..errors import (
    DuplicateCardError,
    PokersimInputError,
    RangeError,
    SimulationInterrupted,
    TargetStderrWarning,
)
from ..evaluate import kernel_args
from ..ranges import RANDOM_WORDS, Range, parse_range
from ..rankings.omaha import tables as omaha_tables
from ..results import ResultFrame, win_rate_table
from ..runner import check_client, chunk_blocks, run_chunks
from ..validation import (
    check_seed,
    check_target_stderr,
    choose_method,
    monte_carlo_trials,
    short_repr,
    warn,
)
from . import _equity
from .game import Game, get

__all__ = ["EXACT_LIMIT", "EXACT_SHOWDOWNS", "MIXED_LIST_HANDS", "WEIGHT_SPAN", "game_equity",
           "shares"]

#: ``method="auto"`` enumerates every deal when that takes at most this many players' hand
#: evaluations (deals x players); Monte Carlo otherwise.
EXACT_SHOWDOWNS = 20_000_000
#: ``method="exact"`` refuses more players' hand evaluations than this (deals x players: a
#: minute or more of work; Monte Carlo answers such spots within a small standard error).
EXACT_LIMIT = 1_000_000_000
#: Deals per block of exact enumeration (chunks are whole blocks).
EXACT_BLOCK = 4096


@dataclass(frozen=True)
class _Player:
    """A player's choices: ``cards`` (M, known) uint8 hands (known <= hole; M = 1 for one
    hand, known = 0 for "random") with ``weights``."""

    label: str
    cards: np.ndarray
    weights: np.ndarray


def _deck(game: Game) -> np.ndarray:
    return np.arange(rankings.get(game.ranking).first_card, 52, dtype=np.uint8)


def _cards(value, name: str, game: Game) -> np.ndarray:
    """A set of distinct cards of the game's deck (text, list or array; None for none)."""
    cards = as_card_set("" if value is None else value, name)
    low = rankings.get(game.ranking).first_card
    if cards.size and cards.min() < low:
        raise CardError(f"{name}: {format_cards(cards[cards < low][:1])} is not in the "
                        f"{game.name} deck (sixes and up)")
    return cards


def _choices(spec, i: int, game: Game) -> tuple[str, list, list]:
    """(label, hands, weights) of a player as given."""
    name = f"player {i + 1}"
    if isinstance(spec, Range) and game.hole == 2:
        return spec.text, list(np.asarray(spec.combos)), list(np.asarray(spec.weights))
    if isinstance(spec, str):
        label = spec.strip()
        if label.lower() in RANDOM_WORDS:
            return label.lower(), [np.zeros(0, np.uint8)], [1.0]
        try:
            parse_cards(label)
        except CardError:
            if game.hole != 2:
                raise
            try:
                rng = parse_range(label)
            except RangeError as e:
                raise RangeError(f"{name}: {e}") from None
            combos, range_weights = np.asarray(rng.combos), np.asarray(rng.weights)
            in_deck = combos.min(axis=1) >= rankings.get(game.ranking).first_card
            if not in_deck.any():
                raise CardError(f"{name} {short_repr(label)}: no hand of the range is in the "
                                f"{game.name} deck") from None
            return label, list(combos[in_deck]), list(range_weights[in_deck])
        return label, [_known(label, name, game)], [1.0]
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


def _known(hand, name: str, game: Game) -> np.ndarray:
    """The known cards of a hand: one card at least ("random" deals them all)."""
    cards = _cards(hand, name, game)
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
_NO_CARD = 255  # pads the shorter hands of a list


def _players(specs, game: Game, blocked: np.ndarray) -> list[_Player]:
    """Each player's choices (see :class:`_Player`), checked: no card held twice, a list's
    hands less those holding a card that is known elsewhere, partial hands of different sizes
    in one list completed to the same size."""
    players = [_as_player(spec, i, game, blocked) for i, spec in enumerate(specs)]
    while True:  # a list left with one hand is that hand, which the others cannot hold
        singles = [p.cards[0] for p in players if len(p.cards) == 1]
        held = np.concatenate([blocked, *singles]).astype(np.uint8)
        cards, counts = np.unique(held, return_counts=True)
        if (counts > 1).any():
            raise DuplicateCardError(f"two players hold the same card, "
                                     f"{format_cards(cards[counts > 1][:1])}")
        players = [p if len(p.cards) == 1 else _without(p, i, held)
                   for i, p in enumerate(players)]
        if sum(len(p.cards) == 1 for p in players) == len(singles):
            break
    live = np.setdiff1d(_deck(game), held)
    players = [_completed(p, i, live) for i, p in enumerate(players)]
    return [_Player(p.label, p.cards, p.weights / p.weights.max()) for p in players]  # no inf


def _as_player(spec, i: int, game: Game, blocked: np.ndarray) -> _Player:
    """A player's choices, less those that hold a board or dead card (a list's shorter hands
    padded with ``_NO_CARD``)."""
    label, hands, weights = _choices(spec, i, game)
    for hand in hands:
        if hand.size > game.hole:
            where = f" in {short_repr(format_cards(hand))}" if len(hands) > 1 else ""
            raise PokersimInputError(f"player {i + 1} {short_repr(label)}: {hand.size} "
                                     f"cards{where}, but {game.name} hands have {game.hole}")
    cards = np.full((len(hands), max(h.size for h in hands)), _NO_CARD, np.uint8)
    for row, hand in zip(cards, hands, strict=True):
        row[:hand.size] = hand
    if len(hands) == 1 and np.isin(cards, blocked).any():
        raise DuplicateCardError(f"player {i + 1} {short_repr(label)} holds a board or dead "
                                 f"card, {format_cards(np.intersect1d(cards, blocked)[:1])}")
    return _without(_Player(label, cards, np.asarray(weights, np.float64)), i, blocked)


def _without(player: _Player, i: int, held: np.ndarray) -> _Player:
    """A list player's hands less those holding another player's (or a board, dead) card; one
    hand left is unpadded."""
    free = ~np.isin(player.cards, held).any(axis=1)
    if not free.any():
        raise PokersimInputError(f"player {i + 1} {short_repr(player.label)}: every hand holds "
                                 f"a board, dead or other player's card")
    cards, weights = player.cards[free], player.weights[free]
    if len(cards) == 1:
        cards = cards[:, cards[0] != _NO_CARD]
    return _Player(player.label, cards, weights)


def _completed(player: _Player, i: int, live: np.ndarray) -> _Player:
    """A list mixing hands of different sizes as a list of hands of its largest size: each
    shorter hand stands for every completion of it from the ``live`` cards, which share its
    weight equally (a partial hand is completed at random)."""
    sizes = (player.cards != _NO_CARD).sum(axis=1)
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
    return _Player(player.label, np.concatenate(rows), np.concatenate(weights))


def shares(n_players: int) -> tuple[np.ndarray, np.ndarray]:
    """The pot share from the high half and from the low half of each outcome code
    ``(h, l)`` (see :mod:`pokersim.games._equity`): (n_players + 1, n_players + 2) arrays.

    >>> high, low = shares(2)
    >>> float(high[1, 3]), float(high[2, 1]), float(low[2, 1])  # alone, no low; a quarter; half
    (1.0, 0.25, 0.5)
    """
    h = np.arange(n_players + 1, dtype=float)[:, None]
    l_ = np.arange(n_players + 2, dtype=float)[None, :]
    no_low = l_ == n_players + 1
    high = np.where(h > 0, 1 / np.maximum(h, 1), 0.0) * np.where(no_low, 1.0, 0.5)
    low = np.where((l_ > 0) & ~no_low, 0.5 / np.maximum(l_, 1), 0.0) + 0 * h
    return high, low


def summarise(labels, counts: np.ndarray, trials: int | None, outcomes: int, method: str,
              split: bool) -> ResultFrame:
    """The win-rate table of the outcome counts (players, n + 1, n + 2)."""
    n = counts.shape[0]
    counts = np.asarray(counts, float)
    total = counts[0].sum()
    high, low = shares(n)
    share = high + low
    p = counts / total
    h = np.arange(n + 1)[:, None]
    l_ = np.arange(n + 2)[None, :]
    no_low = l_ == n + 1
    scoop = (h == 1) & (no_low | (l_ == 1))
    eq = (p * share).sum(axis=(1, 2))
    win = (p * scoop).sum(axis=(1, 2))
    tie = (p * ((share > 0) & ~scoop)).sum(axis=(1, 2))
    se = np.zeros(n)
    if trials:
        var = np.maximum((p * share**2).sum(axis=(1, 2)) - eq**2, 0.0)
        se = np.sqrt(var / trials)
    extra = {}
    if split:
        in_low = (l_ >= 1) & ~no_low
        extra = dict(high_win=(p * (h == 1)).sum(axis=(1, 2)),
                     high_tie=(p * (h > 1)).sum(axis=(1, 2)),
                     low_win=(p * (l_ == 1)).sum(axis=(1, 2)),
                     low_tie=(p * (in_low & (l_ > 1))).sum(axis=(1, 2)),
                     scoop=win, high_equity=(p * high).sum(axis=(1, 2)),
                     low_equity=(p * low).sum(axis=(1, 2)))
    lose = (p * (share == 0)).sum(axis=(1, 2))
    return win_rate_table({"player": list(labels)}, win, tie, lose, eq, se,
                          np.full(n, outcomes, np.int64), method, **extra)


@dataclass(frozen=True)
class _Problem:
    """Everything a chunk needs (sent to workers as one object)."""

    omaha: bool
    hole: int
    width: int
    flavor: int
    ranking: str
    has_low: bool
    deck0: np.ndarray  # the live cards: the deck less board, dead and single hands
    base: np.ndarray  # (players, width) the known cards in place
    slot_row: np.ndarray
    slot_col: np.ndarray
    seg_sizes: np.ndarray
    ranged: np.ndarray  # the players given as lists of hands, and their hands:
    alt_cards: np.ndarray
    alt_masks: np.ndarray
    alt_known: np.ndarray
    alt_sizes: np.ndarray
    alt_weights: np.ndarray
    threshold: np.ndarray
    alias: np.ndarray
    n_live: int  # cards left for the slots
    key: np.uint64 = np.uint64(0)
    block: int = 1
    trials: int = 0
    runouts: int = 1

    def tables(self) -> tuple:
        """(high, low, Omaha) tables, as the kernels take them."""
        t = omaha_tables()
        ot = (*t.board_args(), *t.hole_args()[2:], t.low_bits, t.low)
        ht = tuple(kernel_args(self.ranking))
        lt = tuple(kernel_args("eight-or-better")) if self.has_low else ht
        return ht, lt, ot

    def shape(self) -> tuple:
        return (self.omaha, self.hole, self.width, self.flavor, self.has_low)

    def counts(self, dtype) -> np.ndarray:
        n = self.base.shape[0]
        return np.zeros((numba.get_num_threads(), n, n + 1, n + 2), dtype)


def _monte_carlo_chunk(p: _Problem, first: int, n: int):
    counts = p.counts(np.int64)
    plan = deal_plan(p.n_live, p.slot_row.size) if p.slot_row.size else np.zeros((0, 2),
                                                                                 np.uint64)
    stalled = np.zeros(counts.shape[0], np.int64)
    _equity.monte_carlo_kernel(*p.shape())(
        p.key, first, n, p.block, p.trials, p.deck0, p.deck0.size, p.n_live, plan, p.base,
        p.slot_row, p.slot_col, p.ranged, p.alt_cards, p.alt_masks, p.alt_known, p.alt_sizes,
        p.threshold, p.alias, config.MAX_REJECTIONS, *p.tables(), counts, stalled)
    return counts.sum(0), stalled.sum(keepdims=True)


def _exact_chunk(p: _Problem, first: int, n: int):
    counts = p.counts(np.float64)
    total = p.runouts * int(np.prod(p.alt_sizes))
    last = min((first + n) * EXACT_BLOCK, total)
    dealt = np.zeros(counts.shape[0], np.int64)
    _equity.exact_kernel(*p.shape())(
        first * EXACT_BLOCK, last, p.runouts, p.deck0, p.deck0.size, p.base, p.slot_row,
        p.slot_col, p.seg_sizes, p.ranged, p.alt_cards, p.alt_masks, p.alt_known, p.alt_sizes,
        p.alt_weights, _BINOM, *p.tables(), counts, dealt)
    return counts.sum(0), dealt.sum(keepdims=True)


_BINOM = binomials(64, 11)


def _card_mask(cards) -> np.uint64:
    return np.bitwise_or.reduce(np.uint64(1) << np.asarray(cards, np.uint64),
                                initial=np.uint64(0))


def _problem(game: Game, players: list[_Player], board: np.ndarray, dead: np.ndarray
             ) -> _Problem:
    """The deal's layout: known cards in place, slots for the unknown ones, range players."""
    n, h = len(players), game.hole
    width = h + game.board
    base = np.zeros((n, width), np.uint8)
    base[:, h:h + board.size] = board
    rows, cols, segs = [], [], []
    runout = game.board - board.size
    if runout:
        rows += [-1] * runout
        cols += list(range(h + board.size, width))
        segs.append(runout)
    single = [p for p in players if len(p.cards) == 1]
    for i, p in enumerate(players):
        known = p.cards.shape[1]
        if len(p.cards) == 1:
            base[i, :known] = p.cards[0]
        if known < h:
            rows += [i] * (h - known)
            cols += list(range(known, h))
            segs.append(h - known)
    taken = np.concatenate([board, dead, *[p.cards[0] for p in single]]).astype(np.uint8)
    deck0 = np.setdiff1d(_deck(game), taken).astype(np.uint8)
    ranged_players = [i for i, p in enumerate(players) if len(p.cards) > 1]
    ranged = [players[i] for i in ranged_players]
    width_alt = max((len(p.cards) for p in ranged), default=1)
    alt_cards = np.zeros((len(ranged), width_alt, max(h, 1)), np.uint8)
    alt_masks = np.zeros((len(ranged), width_alt), np.uint64)
    alt_weights = np.zeros((len(ranged), width_alt), np.float64)
    for r, p in enumerate(ranged):
        alt_cards[r, :len(p.cards), :p.cards.shape[1]] = p.cards
        alt_masks[r, :len(p.cards)] = [_card_mask(c) for c in p.cards]
        alt_weights[r, :len(p.cards)] = p.weights
    threshold, alias = _alias_rows([p.weights for p in ranged])
    n_live = deck0.size - sum(p.cards.shape[1] for p in ranged)
    if len(rows) > n_live:
        raise PokersimInputError(f"{n} players and the board need {len(rows)} more cards but "
                                 f"only {n_live} are left in the deck")
    runouts, left = 1, n_live
    for s in segs:
        runouts *= math.comb(left, s)
        left -= s
    return _Problem(
        omaha=game.two_plus_three, hole=h, width=width,
        flavor=rankings.get(game.ranking).flavor, ranking=rankings.get(game.ranking).name,
        has_low=game.low is not None, deck0=deck0, base=base,
        slot_row=np.array(rows, np.int64), slot_col=np.array(cols, np.int64),
        seg_sizes=np.array(segs, np.int64), ranged=np.array(ranged_players, np.int64),
        alt_cards=alt_cards, alt_masks=alt_masks,
        alt_known=np.array([p.cards.shape[1] for p in ranged], np.int64),
        alt_sizes=np.array([len(p.cards) for p in ranged], np.int64), alt_weights=alt_weights,
        threshold=threshold, alias=alias, n_live=n_live, runouts=runouts)


def game_equity(players, board=None, dead=None, method: str = "auto", trials: int | None = None,
                seed=None, target_stderr: float | None = None, *, game, client=None,
                chunk_size: int | None = None, progress: bool = False) -> ResultFrame:
    """Win, tie and equity of each player in a game (see the module docstring).

    Parameters
    ----------
    players : list
        Two or more players: hands (``"As Ad Ks Kd"``; fewer cards than the game's hole cards
        are completed at random), ``"random"``, or lists of hands (with weights; of any
        sizes: ``["As Ad", ("Ks Kd", 2), "7h 7c 7d"]`` in stud).
    board, dead : str or array of cards, optional
        Up to ``game.board`` known board cards (the rest dealt at random); dead cards are out
        of play (stud: up-cards folded by others).
    method : {"auto", "exact", "monte-carlo"}
        ``"auto"`` enumerates every deal when at most :data:`EXACT_SHOWDOWNS` hand
        evaluations do it and none of ``trials``, ``seed``, ``target_stderr`` is given;
        ``"exact"`` refuses more than :data:`EXACT_LIMIT`.
    trials, seed, target_stderr, client, chunk_size, progress
        As in :func:`pokersim.equity`: the same seed gives the same numbers whatever the
        chunk size, thread count or executor (``target_stderr`` is checked after each chunk).
    game : str or Game
        A game's name (``pokersim.games.game.NAMES``) or a :class:`~pokersim.games.game.Game`.

    Returns
    -------
    ResultFrame
        A win-rate table (player, win, tie, lose, equity, std_error, outcomes, method), and
        for hi/lo games high_win, high_tie, low_win, low_tie, scoop, high_equity,
        low_equity. ``outcomes`` counts trials, or the deals enumerated (unweighted).

    Raises
    ------
    SimulationInterrupted
        On Ctrl-C during Monte Carlo, with the table of the trials done as ``partial``.

    Examples
    --------
    >>> razz = game_equity(["As 2d 3c 4h 5s Kd", "Ah 2h 3h 4d 6c 7d"], game="razz")
    >>> razz.method.iloc[0], int(razz.outcomes.iloc[0])
    ('exact', 1560)
    >>> mc = game_equity(["Ah Kh", "random"], game="omaha", trials=20_000, seed=1)
    >>> mc.attrs["method"], int(mc.outcomes.iloc[0])
    ('monte-carlo', 20000)
    """
    g = get(game)
    board_cards = _cards(board, "board", g)
    dead_cards = _cards(dead, "dead", g)
    if board_cards.size > g.board:
        raise PokersimInputError(f"{g.name} has {g.board} board cards; got {board_cards.size}: "
                                 f"{short_repr(format_cards(board_cards))}")
    blocked = np.concatenate([board_cards, dead_cards])
    if np.unique(blocked).size < blocked.size:
        raise DuplicateCardError(f"a dead card is also on the board, "
                                 f"{format_cards(np.intersect1d(board_cards, dead_cards)[:1])}")
    if not isinstance(players, (list, tuple)) or len(players) < 2:
        raise PokersimInputError(f"equity needs a list of at least two players; got "
                                 f"{short_repr(players)}")
    specs = _players(players, g, blocked)
    need = len(specs) * g.hole + g.board
    if need > _deck(g).size - dead_cards.size:
        raise PokersimInputError(f"{len(specs)} players of {g.name} need {need} cards but the "
                                 f"deck has {_deck(g).size - dead_cards.size} live")
    target_stderr = check_target_stderr(target_stderr)
    check_client(client)
    check_seed(seed)
    wanted = choose_method(method, trials=trials, seed=seed, target_stderr=target_stderr)
    if trials is not None:
        trials = monte_carlo_trials(trials, None)
    problem = _problem(g, specs, board_cards, dead_cards)
    deals = problem.runouts * math.prod(problem.alt_sizes.tolist())
    if method == "exact" and deals * len(specs) > EXACT_LIMIT:
        raise PokersimInputError(f"method='exact' would enumerate {deals:,} deals of "
                                 f"{len(specs)} hands, more than {EXACT_LIMIT:,} hand "
                                 f"evaluations; use method='monte-carlo'")
    split = g.low is not None
    labels = [p.label for p in specs]
    if wanted == "exact" and (method == "exact" or deals * len(specs) <= EXACT_SHOWDOWNS):
        frame = _exact(problem, deals, labels, split, client, progress)
    else:
        frame = _monte_carlo(problem, labels, split, trials, seed, target_stderr, client,
                             chunk_size, progress)
    frame.attrs.update(game=g.name, board=format_cards(board_cards),
                       dead=format_cards(dead_cards), seed=seed)
    if frame.attrs["partial"]:
        raise SimulationInterrupted(frame)
    if frame.attrs.get("target_stderr_met") is False:
        warn(f"target_stderr={target_stderr:g} was not reached: the largest standard error is "
             f"{frame.std_error.max():.3g} after {frame.attrs['trials']:,} trials (the cap); "
             f"give more trials", TargetStderrWarning)
    return frame


def _exact(problem: _Problem, deals: int, labels, split, client, progress) -> ResultFrame:
    per_chunk = max(1, config.EXACT_CHUNK_WORK // (EXACT_BLOCK * len(labels)))
    run = run_chunks(_exact_chunk, problem, -(-deals // EXACT_BLOCK), per_chunk, client=client,
                     progress=progress, desc="exact equity", unit="deals")
    if run.interrupted:
        raise KeyboardInterrupt  # an exact answer has no partial form
    counts, dealt = run.counts
    if dealt[0] == 0:
        raise PokersimInputError("no deal is possible: every choice of the players' hands "
                                 "gives two players a card in common")
    frame = summarise(labels, counts, None, int(dealt[0]), "exact", split)
    frame.attrs.update(trials=None)
    return frame


def _monte_carlo(problem: _Problem, labels, split, trials, seed, target_stderr, client,
                 chunk_size, progress) -> ResultFrame:
    trials = monte_carlo_trials(trials, target_stderr)
    block = config.EQUITY_BLOCK
    problem = _replace(problem, key=seed_key(seed), block=block, trials=trials)

    def table(counts, method="monte-carlo"):
        done = int(counts[0].sum())
        return summarise(labels, counts, done, done, method, split)

    def stop(counts) -> bool:
        if counts[1][0]:
            return True
        return target_stderr is not None and bool(
            (table(counts[0]).std_error < target_stderr).all())

    run = run_chunks(_monte_carlo_chunk, problem, -(-trials // block),
                     chunk_blocks(chunk_size, block), client=client, stop=stop,
                     progress=progress, block_size=block, total=trials,
                     open_ended=target_stderr is not None, desc="equity")
    counts, stalled = run.counts
    if stalled[0]:
        raise PokersimInputError(
            f"the players' hands conflict too often: {config.MAX_REJECTIONS:,} draws in a row "
            "gave two players a card in common")
    frame = table(counts, "monte-carlo (partial)" if run.interrupted else "monte-carlo")
    frame.attrs.update(trials=int(counts[0].sum()), target_stderr=target_stderr)
    if target_stderr is not None and not run.interrupted:
        frame.attrs["target_stderr_met"] = bool((frame.std_error < target_stderr).all())
    return frame


def _replace(problem: _Problem, **changes) -> _Problem:
    from dataclasses import replace

    return replace(problem, **changes)
