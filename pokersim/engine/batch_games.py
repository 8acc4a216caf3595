"""Equity of many spots in the games beyond Hold'em, exactly: what
:func:`~pokersim.engine.batch.batch_equity` does for Omaha, stud, razz, the draw games, badugi
and Zhajinhua.

>>> table = batch_game_equity([["As Ad 2s 3d", "Kh Kd Qh Jd"]], ["4c 5h Kc 9s"], None,
...                           get_game("omaha-hi-lo"))
>>> table[["spot", "player", "win", "tie", "equity", "outcomes"]]
  spot player  win  tie equity outcomes
0    0      0  30%  20%    40%       40
1    0      1  50%  20%    60%       40

Every row is dealt its missing board cards in every way (a stud, draw or Zhajinhua hand is
whole: one showdown), each player's hand made and ranked as its game says
(:func:`~pokersim.evaluator.strengths.game_strengths`: a game is its description and its
rankings, no kernel of its own), and each showdown's outcome codes counted as
:func:`pokersim.equity` counts them, so ``win`` (the whole pot alone: a scoop in a split-pot
game), ``tie`` and ``equity`` mean what they mean there (:mod:`pokersim.engine.outcomes`).
The runouts of a chunk of rows are evaluated in one call: rows whose runouts number over
:data:`MAX_RUNOUTS` (Omaha before the flop) are out of reach so far.
"""

from __future__ import annotations

import itertools
import math

import numpy as np

from .._core.runner import run_chunks
from ..errors import PokersimInputError, SimulationInterrupted
from ..evaluator.strengths import game_strengths
from ..games.game import Game
from ..games.game import get as get_game  # noqa: F401  (the doctest's)
from ..results import win_rate_table
from .outcomes import split_pot_weights
from .question import deck_of
from .spots import read_spots

__all__ = ["MAX_RUNOUTS", "batch_game_equity"]

#: The most runouts a row may have (a flop of heads-up Omaha: 820).
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
    n_live = deck_of(game).size - p * game.hole - spots.boards.shape[1] - spots.dead.shape[1]
    runouts = math.comb(n_live, n_runout)
    if n and runouts > MAX_RUNOUTS:
        raise PokersimInputError(
            f"batch_equity counts {game.name} exactly, and {n_runout} board cards to come "
            f"make {runouts:,} runouts a spot (over {MAX_RUNOUTS:,}); Monte Carlo in "
            f"{game.name} is not covered yet: give more board cards, or use pokersim.equity("
            f"..., game={game.name!r}) spot by spot")
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
