"""The Hold'em kernels' side of the engine: Hold'em and the short decks (two hole cards, a
five-card board, one plain ranking with suits: :func:`two_card_game`), played by the kernels of
:mod:`pokersim.engine._holdem`, which hold the two shortcuts that pay most: merging
suit-isomorphic hole-card tuples, and before the flop evaluating each rank multiset of the
boards that no flush can touch once (:func:`holdem_counts`).

Each player is its two-card combos with weights (a hand is one, a range several, "random"
every one; a one-card partial hand every completion), and exact enumeration walks every
tuple of one combo a player with no card in common, times every runout.

>>> from pokersim.engine import equity_on
>>> table = equity_on(holdem_counts, ["AhKh", "QsQd"], "2c 7d Qh", game="holdem")
>>> float(table.win.iloc[0]) == 43 / 990  # 43 of 990 turn-river pairs save AhKh
True
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, replace

import numpy as np

from .. import config, rankings
from .._core.streams import alias_tables, seed_key
from .._core.validation import drawn_seed, monte_carlo_trials
from ..dealing import deal_plan
from ..errors import PokersimInputError
from ..evaluator.strengths import CATEGORY_LABELS, category_of_strength, kernel_args
from ..evaluator.tables import KEY_BIAS
from ._holdem import (
    Blocks,
    Board,
    Evaluator,
    ExactDeals,
    HandSampler,
    UnknownCards,
    exact_kernel,
    exact_preflop_kernel,
    monte_carlo_kernel,
    run_workers,
)
from .choices import joint_choices, merge_isomorphic, whole_weights
from .outcomes import Counted, codes_of_wins, exact_in_reach
from .question import Player, Question, cards_left, deck_of
from .runs import exact_counts, monte_carlo_counts

__all__ = ["holdem_counts", "two_card_game"]


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


def holdem_counts(q: Question, *, wanted: str, forced: bool, trials, seed, target_stderr,
                  categories: bool, client, chunk_size, progress) -> Counted:
    """The outcome counts of question ``q`` (:func:`equity_on`) on the Hold'em kernels: two
    hole cards, a five-card board, one plain ranking (see :func:`two_card_game`). Exact when
    ``wanted`` and in reach (or ``forced``), with suit-isomorphic hole-card tuples merged
    and, preflop, the boards grouped by their ranks; Monte Carlo otherwise."""
    live = deck_of(q.game)
    if any(p.cards.shape[1] == 1 for p in q.players):  # a partial hand: the cards left for it
        single = [p.cards[0] for p in q.players if len(p.cards) == 1]
        live = cards_left(live, np.concatenate([q.blocked, *single]).astype(np.uint8))
    specs = [_as_combos(p, live) for p in q.players]
    n_runout = 5 - q.board.size
    order = [i for i, p in enumerate(specs) if p.combos is not None]
    order += [i for i, p in enumerate(specs) if p.combos is None]  # random players last
    ordered = [specs[i] for i in order]
    runouts = math.comb(52 - q.blocked.size - 2 * len(specs), n_runout)
    counted = None
    if wanted == "exact":
        counted = _try_exact(ordered, q.blocked, q.board, n_runout, runouts, forced,
                             categories, client, progress, q.game.ranking)
    if counted is None:
        seed = drawn_seed(seed)  # (checked before any work: a seed given means no exact run)
        counted = _monte_carlo(ordered, q.board, q.blocked, n_runout, trials, seed,
                               target_stderr, categories, client, chunk_size, progress,
                               q.game.ranking)
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


def _try_exact(players, blocked, board_cards, n_runout, runouts, forced, categories, client,
               progress, ranking: str) -> Counted | None:
    """Exact counts, or None when the enumeration is larger than ``config.EXACT_WORK``."""
    full = [p if p.combos is not None else _Player(p.label, *_all_combos(blocked))
            for p in players]
    whole = [_Player(p.label, p.combos, whole_weights(p.weights)) for p in full]  # type: ignore[arg-type]
    joint = _joint_tuples(whole, config.EXACT_TUPLES)
    if joint is not None and float(joint[1].sum()) * runouts >= 2**53:  # sums not exact
        joint = _joint_tuples(full, config.EXACT_TUPLES)
    if joint is None:
        if forced:
            raise PokersimInputError("exact enumeration is out of reach here (too many "
                                     "combinations of hands); use method='monte-carlo'")
        return None
    tuples, weights = joint
    if len(tuples) == 0:
        raise _no_deal()
    outcomes = len(tuples) * runouts  # before merging: every deal counts once, unweighted
    sizes = [len(p.combos) for p in full[:-1]]  # type: ignore[arg-type]
    offsets = np.cumsum(np.array([0, *sizes], np.int64))
    combos = np.concatenate([p.combos for p in full])
    if config.SUIT_ISOMORPHISM and len(tuples) * runouts * len(players) >= \
            config.ISOMORPHISM_MIN_WORK:
        keep, weights = merge_isomorphic(list(combos[tuples + offsets[None, :]].swapaxes(0, 1)),
                                         weights, [board_cards,
                                                   np.setdiff1d(blocked, board_cards)])
        tuples = tuples[keep]
    if not forced and not exact_in_reach(len(tuples) * runouts * len(players)):
        return None
    hole_keys, hole_bits, _ = _hole_tables(combos, ranking)
    tuples = (tuples + offsets[None, :]).astype(np.int64)
    live = np.setdiff1d(np.arange(52, dtype=np.uint8), blocked)  # (each tuple's: less its own)
    board_key, board_bits = _board_key(board_cards, ranking)
    problem = _ExactProblem(
        deals=ExactDeals(tuples=tuples, weights=weights.astype(np.float64), hole_keys=hole_keys,
                         hole_bits=hole_bits, live=live),
        board=Board(key=board_key, bits=board_bits, n_runout=n_runout), categories=categories,
        ranking=ranking)
    per_chunk = max(1, config.EXACT_CHUNK_WORK // (runouts * len(players)))
    wins, ties, cats = exact_counts(_exact_chunk, problem, len(tuples), per_chunk,
                                    client=client, progress=progress, unit="hands")
    total = float(weights.sum()) * runouts
    return Counted(codes_of_wins(wins, ties, total), total, outcomes, None, "exact",
                   categories=cats if categories else None)


@dataclass(frozen=True)
class _ExactProblem:
    """Everything a chunk of exact enumeration needs (sent to workers as one object)."""

    deals: ExactDeals
    board: Board
    categories: bool
    ranking: str


def _exact_chunk(p: _ExactProblem, first: int, n: int):
    """Weighted counts of hole-card tuples ``first .. first + n - 1`` over every runout."""
    span = slice(first, first + n)
    deals = p.deals._replace(tuples=p.deals.tuples[span], weights=p.deals.weights[span])
    n_players = p.deals.tuples.shape[1]
    if p.board.n_runout == 5 and config.MERGE_RANK_BOARDS:
        counts, _ = run_workers(exact_preflop_kernel, n_players, np.float64, p.categories,
                                deals, _evaluator(p.ranking))
    else:
        runouts = math.comb(p.deals.live.size - 2 * n_players, p.board.n_runout)
        work = n * runouts * n_players
        counts, _ = run_workers(exact_kernel, n_players, np.float64, p.categories,
                                deals, p.board, _evaluator(p.ranking), work=work)
    return counts


def _no_deal():
    return PokersimInputError("no combination of the players' hands is possible: every choice "
                              "gives two players a card in common")


def _all_combos(blocked):
    live = np.setdiff1d(np.arange(52), blocked)
    hi, lo = np.triu_indices(live.size, 1)
    combos = np.stack([live[lo], live[hi]], axis=1).astype(np.uint8)  # higher card first
    return combos, np.ones(len(combos))


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
            raise _no_deal()
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
