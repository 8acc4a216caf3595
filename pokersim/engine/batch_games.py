"""Equity of many spots in the games beyond Hold'em: what
:func:`~pokersim.engine.batch.batch_equity` does for Omaha, Courchevel, stud, razz, the draw
games, badugi and Zhajinhua.

>>> table = batch_game_equity([["As Ad 2s 3d", "Kh Kd Qh Jd"]], ["4c 5h Kc 9s"], None,
...                           get_game("omaha-hi-lo"))
>>> table[["spot", "player", "win", "tie", "equity", "outcomes"]]
  spot player  win  tie equity outcomes
0    0      0  30%  20%    40%       40
1    0      1  50%  20%    60%       40

The two-plus-three games (Omaha 4, 5 and 6, hi and hi/lo, Courchevel) are counted by the
row kernels of :mod:`pokersim.engine._games.batch_omaha`, through
:func:`~pokersim.engine.batch.batch_equity`'s own chunks, workers and table:
:class:`TwoPlusThree` holds what they take. Exactly (every runout) when a row has at most
:data:`MAX_RUNOUTS` runouts, by Monte Carlo otherwise (Omaha before the flop, Courchevel
with its one board card), spot i drawing from stream i of the seed.

:func:`batch_game_equity` counts the other games (stud, razz, the draw games, badugi,
Zhajinhua: a hand each, one showdown a row) exactly, in numpy: every row is dealt its
missing board cards in every way, each player's hand made and ranked as its game says
(:func:`~pokersim.evaluator.strengths.game_strengths`: a game is its description and its
rankings, no kernel of its own), and each showdown's outcome codes counted as
:func:`pokersim.equity` counts them, so ``win`` (the whole pot alone: a scoop in a split-pot
game), ``tie`` and ``equity`` mean what they mean there (:mod:`pokersim.engine.outcomes`).
The runouts of a chunk of rows are evaluated in one call, up to :data:`MAX_RUNOUTS` a row
(it counts the two-plus-three games too, from the flop on: the reference the tests compare
the kernels with).
"""

from __future__ import annotations

import functools
import itertools

import numpy as np

from .._core.jit import on_workers
from .._core.runner import run_chunks
from ..errors import PokersimInputError, SimulationInterrupted
from ..evaluator.strengths import game_strengths
from ..games.game import Game
from ..games.game import get as get_game  # noqa: F401  (the doctest's)
from ..rankings.omaha import tables as omaha_tables
from ..results import win_rate_table
from ._games import batch_omaha as _kernels
from ._games.shared import code_of_mask, mask_width
from .outcomes import split_pot_weights
from .question import deck_of
from .spots import read_spots

__all__ = ["MAX_RUNOUTS", "TwoPlusThree", "batch_game_equity", "outcome_weights"]

#: The most runouts a row is counted exactly over (a flop of heads-up Omaha: 820; Omaha
#: with two board cards: 14,190); more (Omaha preflop: 1,086,008) take Monte Carlo in the
#: two-plus-three games.
MAX_RUNOUTS = 50_000
#: Hands evaluated at a time (a chunk's rows, runouts and players).
HANDS_A_CHUNK = 2_000_000


def batch_game_equity(hands, boards, dead, game: Game, *, chunk_size: int | None = None,
                      progress: bool = False, as_array: bool = False, spot_ids=None):
    """The win-rate table of every spot of ``game`` (see the module docstring), or with
    ``as_array`` the (N, P) equities. The arguments are
    :func:`~pokersim.engine.batch.batch_equity`'s (checked there but for the spots, checked
    here): exact only."""

    spots = read_spots(hands, boards, dead, game, spot_ids)
    n, p = spots.hands.shape[:2]
    n_runout = game.board - spots.boards.shape[1]
    n_live = spots.n_live(game)
    runouts = spots.runouts(game)
    if n and runouts > MAX_RUNOUTS:
        raise PokersimInputError(
            f"batch_equity counts {game.name} exactly, and {n_runout} board cards to come "
            f"make {runouts:,} runouts a spot (over {MAX_RUNOUTS:,}): give more board cards, "
            f"or use batch_equity(..., game={game.name!r}), which takes Monte Carlo there")
    if n == 0:
        columns = np.zeros((4, 0, p))
        return columns[3] if as_array else _table(columns, spots.ids, runouts, game, False)
    positions = np.array(list(itertools.combinations(range(n_live), n_runout)),
                         np.intp).reshape(runouts, n_runout)
    columns = np.zeros((4, n, p))  # win, tie, lose, equity
    rows = chunk_size or max(1, HANDS_A_CHUNK // (runouts * p))

    def chunk(_, first, k):
        part = slice(first, first + k)
        columns[:, part] = _count(spots.hands[part], spots.boards[part], spots.dead[part],
                                  positions, game)
        return (np.array([k]),)

    run = run_chunks(chunk, None, n_blocks=n, chunk_blocks=rows, progress=progress,
                     unit="spots")
    if run.interrupted:
        done = min(run.blocks, n)
        raise SimulationInterrupted(columns[3, :done] if as_array else _table(
            columns[:, :done], spots.ids[:done], runouts, game, True))
    return columns[3] if as_array else _table(columns, spots.ids, runouts, game, False)


@functools.cache
def outcome_weights(n_players: int, has_low: bool) -> np.ndarray:
    """(entries, players, 5) float64, read-only: what a showdown counts for in the columns
    win, tie, lose, equity and squared pot share (:func:`~pokersim.engine.outcomes.
    split_pot_weights`) of each player, by its winner mask (``mask_width`` entries,
    :func:`~pokersim.engine._games.shared.mask_width`) or, with too many players for those,
    by its outcome code ``h (P + 2) + l``.

    >>> outcome_weights(2, False)[0b01].tolist()  # player 0 alone holds the best hand
    [[1.0, 0.0, 0.0, 1.0, 1.0], [0.0, 0.0, 1.0, 0.0, 0.0]]
    """
    weights = split_pot_weights(n_players)[[1, 2, 3, 0, 4]].reshape(5, -1)
    width = mask_width(n_players, has_low)
    if width:
        codes = code_of_mask(width, n_players, has_low) % weights.shape[1]  # (P, width)
        out = np.ascontiguousarray(weights[:, codes].transpose(2, 1, 0))
    else:
        out = np.ascontiguousarray(np.broadcast_to(weights.T[:, None, :],
                                                   (weights.shape[1], n_players, 5)))
    out.flags.writeable = False
    return out


class TwoPlusThree:
    """What the kernels of :mod:`pokersim.engine._games.batch_omaha` take for ``game`` (a
    two-plus-three game) and ``n_players``: :meth:`count` runs them on chunks of rows."""

    def __init__(self, game: Game, n_players: int):
        t = omaha_tables()
        self.hole = int(game.hole)
        self.n_players = n_players
        self.has_low = game.low is not None
        self.tables = (*t.board_args(), *t.hole_args()[2:], t.low_bits, t.low)
        self.weights = outcome_weights(n_players, self.has_low)
        width = mask_width(n_players, self.has_low)
        self.sizes = (width, 0 if width else n_players * (n_players + 1) * (n_players + 2))

    def count(self, n_workers: int, hands: np.ndarray, boards: np.ndarray, dead: np.ndarray,
              deck: np.uint64, n_runout: int, trials: int, key: np.uint64,
              streams: np.ndarray, plan: np.ndarray, out: np.ndarray, at: int) -> None:
        """Count the rows (``hands`` (k, P, hole), ``boards``, ``dead``) into rows ``at ..
        at + k - 1`` of ``out`` (1 or 5, N, P) on ``n_workers`` workers: exactly (``trials``
        0), or ``trials`` runouts a row, row i on stream ``streams[i]`` of ``key`` (``plan``
        from :func:`pokersim.dealing.deal_plan`)."""
        spaces = _kernels.omaha_spaces(n_workers, self.n_players, *self.sizes)
        rows = hands.reshape(hands.shape[0], -1)
        h, low, t, weights = self.hole, self.has_low, self.tables, self.weights

        def work(w: int) -> None:
            if trials:
                _kernels.monte_carlo_rows(w, n_workers, key, streams, rows, h, boards, dead,
                                          deck, n_runout, trials, plan, low, t, weights, out,
                                          at, spaces[w])
            else:
                _kernels.exact_rows(w, n_workers, rows, h, boards, dead, deck, n_runout, low,
                                    t, weights, out, at, spaces[w])

        on_workers(work, n_workers)


def _count(hands, boards, dead, positions, game: Game) -> np.ndarray:
    """(4, N, P): win, tie, lose and equity of each player of N rows over every runout of
    the row's live cards at ``positions`` (R, k)."""
    n, p, h = hands.shape
    r, k = positions.shape
    board = boards[:, None, :]  # (N, R, board)
    if k:
        deck = deck_of(game)
        live = np.ones((n, deck.size), bool)  # by position in the deck
        rows = np.arange(n)[:, None]
        at = np.full(64, deck.size, np.intp)  # a card's position in the deck
        at[deck] = np.arange(deck.size)
        for cards in (hands.reshape(n, p * h), boards, dead):
            if cards.size:
                live[rows, at[cards]] = False
        live_cards = deck[np.nonzero(live)[1]].reshape(n, -1).astype(np.uint8)  # ascending
        board = np.concatenate([np.broadcast_to(board, (n, r, boards.shape[1])),
                                live_cards[:, positions]], axis=2)
    made = np.concatenate([np.broadcast_to(hands[:, None, :, :], (n, r, p, h)),
                           np.broadcast_to(board[:, :, None, :], (n, r, p, board.shape[2]))],
                          axis=3).reshape(n * r * p, h + board.shape[2])
    high, low = game_strengths(np.ascontiguousarray(made), game)
    code = _codes(high.reshape(n, r, p), None if low is None else low.reshape(n, r, p), p)
    weights = split_pot_weights(p).reshape(11, (p + 1) * (p + 2))[[1, 2, 3, 0]]
    if r == 1:  # one showdown a row: its columns (twice as fast as counting codes)
        return weights[:, code[:, 0]]
    counts = np.bincount((np.arange(n * p).reshape(n, 1, p) * ((p + 1) * (p + 2))
                          + code).reshape(-1), minlength=n * p * (p + 1) * (p + 2))
    shares = counts.reshape(n, p, (p + 1) * (p + 2)) / r
    return np.einsum("npc,jc->jnp", shares, weights)


def _codes(high: np.ndarray, low: np.ndarray | None, p: int) -> np.ndarray:
    """(N, R, P) flat outcome codes ``h (P + 2) + l`` of each showdown (see
    :mod:`pokersim.engine._games`): h the players holding the best high hand with the
    player (0 if not), l the same for the low half, P + 1 when no hand has a low."""
    holds = high == high.max(axis=2, keepdims=True)
    h = np.where(holds, holds.sum(axis=2, keepdims=True), 0)
    if low is None:
        return h * (p + 2) + p + 1
    qualified = low > 0  # 0: no low
    best = low.max(axis=2, keepdims=True)
    in_low = qualified & (low == best)
    l_ = np.where(in_low, in_low.sum(axis=2, keepdims=True), 0)
    l_ = np.where(best > 0, l_, p + 1)
    return h * (p + 2) + l_


def _table(columns, ids, runouts: int, game: Game, partial: bool):
    """The win-rate table of the columns (win, tie, lose, equity) of N spots."""
    win, tie, lose, equity = (c.reshape(-1) for c in columns)
    n, p = columns.shape[1:]
    frame = win_rate_table(
        {"spot": np.repeat(ids, p), "player": np.tile(np.arange(p, dtype=np.int64), n)},
        win, tie, lose, equity, np.zeros(n * p), np.full(n * p, runouts, np.int64), "exact")
    frame.attrs.update(game=game.name, seed=None, trials=None, partial=partial)
    return frame
