"""Monte Carlo in Hold'em and the short decks (two hole cards, a five-card board, one plain
ranking with suits: :func:`two_card_game`) on the kernels of :mod:`pokersim.engine._holdem`,
which :func:`pokersim.engine.games.game_counts` takes for them (exact enumeration there is the
game kernels', :mod:`pokersim.engine._games.boards`).

Each player is its two-card combos with weights (a hand is one, a range several, "random" the
cards dealt at random; a one-card partial hand every completion), drawn from the list of the
players' joint choices by an alias table when it is short enough
(:func:`pokersim.engine.choices.joint_choices`), else player by player with rejection.

>>> from pokersim.engine import equity
>>> table = equity(["AhKh", "QsQd"], "2c 7d Qh", trials=100_000, seed=1)
>>> abs(float(table.win.iloc[0]) - 43 / 990) < 4 * float(table.std_error.iloc[0])
True
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace

import numpy as np

from .. import config, rankings
from .._core.streams import alias_tables, seed_key
from .._core.validation import monte_carlo_trials
from ..dealing import deal_plan
from ..evaluator.strengths import CATEGORY_LABELS, category_of_strength, kernel_args
from ..evaluator.tables import KEY_BIAS
from ._holdem import (
    Blocks,
    Board,
    Evaluator,
    HandSampler,
    UnknownCards,
    monte_carlo_kernel,
    run_workers,
)
from .choices import joint_choices, no_choice
from .outcomes import Counted, codes_of_wins
from .question import Player, Question, cards_left, deck_of
from .runs import monte_carlo_counts

__all__ = ["holdem_monte_carlo", "two_card_game"]


@dataclass(frozen=True)
class _Player:
    label: str
    combos: np.ndarray | None  # (M, 2) uint8; None for a random player
    weights: np.ndarray | None


def two_card_game(game) -> bool:
    """Whether the Hold'em kernels play ``game`` (a :class:`~pokersim.games.game.Game`): two
    hole cards, five board cards, the best five of the seven in one ranking read by the plain
    lookup, with suits and at most ten categories (Hold'em, the short decks). Every other
    game is played by :mod:`pokersim.engine.games`'s kernels."""
    r = rankings.get(game.ranking)
    return (game.hole == 2 and game.board == 5 and not game.two_plus_three and game.low is None
            and not game.draw and game.up_cards == 0 and r.flavor == rankings.PLAIN and r.suits
            and 7 in r.hand_sizes and len(r.labels) <= len(CATEGORY_LABELS))


def _as_combos(player: Player, live: np.ndarray) -> _Player:
    """A player's choices as the Hold'em kernels take them: its two-card combos (higher card
    first) and weights, a partial hand as every completion from the ``live`` cards (each of
    its weight: the kernels drop the choices that share a card, so each completion left is
    as likely as a card dealt at random), or None for a random player."""
    cards = player.cards
    if cards.shape[1] == 0:
        return _Player(player.label, None, None)
    weights = player.weights.astype(np.float64)  # (scaled by parse_players)
    if cards.shape[1] == 1:
        others = live[None, :] != cards  # (hands, live)
        rows, columns = np.nonzero(others)
        cards = np.stack([cards[rows, 0], live[columns]], axis=1)
        weights = weights[rows]
    return _Player(player.label, np.sort(cards, axis=1)[:, ::-1].copy(), weights)


def _joint_tuples(players: list[_Player], limit: int):
    """Every combination of one combo per player with no card in common, and its weight
    (:func:`~pokersim.engine.choices.joint_choices`); None if there would be more than
    ``limit``."""
    return joint_choices([_card_masks(p.combos) for p in players],
                         [p.weights for p in players], limit)  # type: ignore[misc]


def holdem_monte_carlo(q: Question, *, seed, trials, target_stderr, categories: bool, client,
                       chunk_size, progress) -> Counted:
    """The Monte Carlo counts of question ``q`` (see
    :func:`pokersim.engine.games.game_counts`) on the Hold'em kernels: two hole cards, a
    five-card board, one plain ranking (see :func:`two_card_game`). ``seed`` is the run's
    (drawn)."""
    live = deck_of(q.game)
    if any(p.cards.shape[1] == 1 for p in q.players):  # a partial hand: the cards left for it
        single = [p.cards[0] for p in q.players if len(p.cards) == 1]
        live = cards_left(live, np.concatenate([q.blocked, *single]).astype(np.uint8))
    specs = [_as_combos(p, live) for p in q.players]
    n_runout = 5 - q.board.size
    order = [i for i, p in enumerate(specs) if p.combos is not None]
    order += [i for i, p in enumerate(specs) if p.combos is None]  # random players last
    ordered = [specs[i] for i in order]
    counted = _monte_carlo(ordered, q.board, q.blocked, n_runout, trials, seed, target_stderr,
                           categories, client, chunk_size, progress, q.game.ranking)
    back = np.argsort(order)  # rows in the callers' order
    return replace(counted, codes=counted.codes[back],
                   categories=None if counted.categories is None else counted.categories[back])


def _board_key(board_cards, ranking: str) -> tuple[np.uint64, np.uint64]:
    """(summed key, OR of bits) of the known board cards, as :class:`Board` holds them."""
    card_keys, card_bits = _evaluator(ranking)[:2]
    key = KEY_BIAS
    bits = np.uint64(0)
    for c in board_cards.tolist():
        key += card_keys[c]
        bits |= card_bits[c]
    return key, bits


@functools.cache
def _evaluator(ranking: str) -> Evaluator:
    """The tables of ``ranking`` as the kernels take them, of the same types in every ranking
    (one compiled kernel serves them all); loaded where the chunk runs."""
    card_keys, card_bits, flush, offsets, table = kernel_args(ranking)
    category_of = category_of_strength()  # read-only int64, as the kernel is compiled for
    if ranking != "high":
        category_of = rankings.get(ranking).category_of_strength.astype(np.int64)
        category_of.setflags(write=False)
    return Evaluator(card_keys=card_keys, card_bits=card_bits, flush=flush, offsets=offsets,
                     table=table, category_of=category_of)


def _card_masks(cards) -> np.ndarray:
    """Bit c set for each card c, OR-ed along the last axis: a mask per combo of an (N, 2)
    array, one mask for a 1-D set of cards."""
    bits = np.uint64(1) << np.asarray(cards).astype(np.uint64)
    return np.bitwise_or.reduce(bits, axis=-1, initial=np.uint64(0))


def _hole_tables(combos: np.ndarray, ranking: str):
    """Key, rank bits and card mask of each combo."""
    card_keys, card_bits = _evaluator(ranking)[:2]
    a = combos[:, 0].astype(np.int64)
    b = combos[:, 1].astype(np.int64)
    keys = card_keys[a] + card_keys[b]
    bits = card_bits[a] | card_bits[b]
    masks = _card_masks(combos)
    return keys, bits, masks


@dataclass(frozen=True)
class _MonteCarloProblem:
    """Everything a chunk of Monte Carlo trials needs (sent to workers as one object)."""

    key: np.uint64
    block: int
    trials: int
    hands: HandSampler
    board: Board
    unknown: UnknownCards
    n_players: int
    categories: bool
    ranking: str


def _monte_carlo_chunk(p: _MonteCarloProblem, first: int, n: int):
    """Counts of blocks ``first .. first + n - 1`` (:mod:`pokersim.engine.runs`): outcome
    codes, categories, and the number of workers that gave up on conflicting ranges."""
    blocks = Blocks(key=p.key, first=first, n_blocks=n, size=p.block, trials=p.trials)
    (wins, ties, cats), stalled = run_workers(monte_carlo_kernel, p.n_players, np.int64,
                                              p.categories, blocks, p.hands, p.board,
                                              p.unknown, _evaluator(p.ranking))
    return (codes_of_wins(wins, ties, trials_counted(wins, ties)), cats,
            np.array([sum(stalled)]))


def _hand_sampler(fixed: list[_Player], ranking: str) -> HandSampler:
    """How Monte Carlo draws the hole cards of the players with a hand or a range: from the
    list of their non-conflicting combinations when it is short enough, else player by
    player with rejection."""
    combos = (np.concatenate([p.combos for p in fixed]) if fixed
              else np.zeros((0, 2), np.uint8))
    hole_keys, hole_bits, masks = _hole_tables(combos, ranking)
    sizes = [len(p.combos) for p in fixed[:-1]]  # type: ignore[arg-type]
    offsets = np.cumsum(np.array([0, *sizes], np.int64))
    joint = _joint_tuples(fixed, config.JOINT_TUPLES) if fixed else None
    if joint is not None:
        if len(joint[0]) == 0:
            raise no_choice()
        tuples = (joint[0] + np.asarray(offsets)[None, :]).astype(np.int64)
        tuple_threshold, tuple_alias = alias_tables([joint[1]])
        player_combos = np.zeros((0, 1), np.int64)
        player_sizes = np.zeros(0, np.int64)
        player_threshold, player_alias = alias_tables([])
    else:
        tuples = np.zeros((0, max(len(fixed), 1)), np.int64)
        tuple_threshold, tuple_alias = alias_tables([])
        player_sizes = np.array([len(p.combos) for p in fixed], np.int64)  # type: ignore[arg-type]
        player_combos = np.zeros((len(fixed), player_sizes.max(initial=1)), np.int64)
        for i, p in enumerate(fixed):
            player_combos[i, :len(p.combos)] = offsets[i] + np.arange(len(p.combos))  # type: ignore[arg-type]
        player_threshold, player_alias = alias_tables([p.weights for p in fixed])
    return HandSampler(tuples=tuples, tuple_threshold=tuple_threshold, tuple_alias=tuple_alias,
                       player_combos=player_combos, player_threshold=player_threshold,
                       player_alias=player_alias, player_sizes=player_sizes, combo_masks=masks,
                       hole_keys=hole_keys, hole_bits=hole_bits,
                       max_rejections=config.MAX_REJECTIONS)


def _monte_carlo(players, board_cards, blocked, n_runout, trials, seed, target_stderr,
                 categories, client, chunk_size, progress, ranking: str) -> Counted:
    """The counts of a Monte Carlo run, in the players' internal order (random ones last)."""
    fixed = [p for p in players if p.combos is not None]
    n_random = len(players) - len(fixed)
    trials = monte_carlo_trials(trials, target_stderr)
    live = np.setdiff1d(np.arange(52), blocked)
    board_key, board_bits = _board_key(board_cards, ranking)
    block = config.EQUITY_BLOCK
    problem = _MonteCarloProblem(
        key=seed_key(seed), block=block, trials=trials, hands=_hand_sampler(fixed, ranking),
        board=Board(key=board_key, bits=board_bits, n_runout=n_runout),
        unknown=UnknownCards(n_random=n_random, live_mask=_card_masks(live),  # type: ignore[arg-type]
                             plan=deal_plan(live.size - 2 * len(fixed), 2 * n_random + n_runout)),
        n_players=len(players), categories=categories, ranking=ranking)
    return monte_carlo_counts(_monte_carlo_chunk, problem, trials, block, split=False,
                              seed=seed, target_stderr=target_stderr, client=client,
                              chunk_size=chunk_size, progress=progress)


def trials_counted(wins, ties) -> int:
    """Trials behind Monte Carlo counts: each has one sole winner or a j+1-way tie counted
    j+1 times (works whenever the run stopped, even inside a chunk)."""
    ways = np.arange(1, ties.shape[-1] + 1)
    return int(wins.sum() + (ties.sum(axis=tuple(range(ties.ndim - 1))) // ways)[1:].sum())
