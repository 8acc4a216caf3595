"""Equity of many spots in one call: :func:`batch_equity`, a row a spot, for the people who
label millions of them (training poker bots, studying ranges).

>>> table = batch_equity([["AhKh", "QsQd"], ["7c7d", "As2s"]], ["2c 7d Qh", "Ks Qs 2d"])
>>> table[["spot", "player", "win", "equity", "outcomes", "method"]]
  spot player     win  equity outcomes method
0    0      0  4.343%  4.343%      990  exact
1    0      1  95.66%  95.66%      990  exact
2    1      0  46.57%  46.57%      990  exact
3    1      1  53.43%  53.43%      990  exact

The spots are read and checked at once (:mod:`pokersim.engine.spots`: a 64-bit card mask a row,
in a kernel), and counted by the kernels of :mod:`pokersim.engine._games.batch` on every worker,
in chunks of rows; in the two-plus-three games (Omaha, Courchevel) by those of
:mod:`pokersim.engine._games.batch_omaha` in the same chunks (exact up to
:data:`~pokersim.engine.batch_games.MAX_RUNOUTS` runouts a spot, Monte Carlo beyond);
against a range by :mod:`pokersim.engine.batch_ranges`, in the other games (a hand each, one
showdown a spot) by :mod:`pokersim.engine.batch_games`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from .._core.jit import on_workers, workers_for
from .._core.runner import check_client, map_in_order, progress_bar, run_chunks
from .._core.streams import seed_key
from .._core.validation import (
    check_count,
    check_flag,
    check_trials,
    choose_method,
    drawn_seed,
    seed_of,
    short_repr,
)
from ..dealing import deal_plan
from ..errors import (
    PokersimInputError,
    SimulationInterrupted,
)
from ..evaluator.strengths import kernel_args
from ..games.game import Game
from ..games.game import get as get_game
from ..results import ResultFrame, win_rate_table
from ._games import batch as _kernels
from .batch_games import MAX_RUNOUTS, TwoPlusThree, batch_game_equity
from .batch_ranges import batch_against, one_hand_a_row
from .games import board_game
from .question import card_mask, deck_of
from .spots import Spots, read_spots

__all__ = ["BATCH_TRIALS", "batch_equity"]

#: Monte Carlo trials a spot when ``trials`` is not given: a standard error of equity of at
#: most 0.5% (0.005 = sqrt(0.25 / 10,000)).
BATCH_TRIALS = 10_000
#: Rows per chunk by default, heads-up (divided by P / 2 for P players): a chunk is what a
#: progress bar counts, what Ctrl-C keeps and a task on a client.
CHUNK_ROWS = 1_048_576
#: At most this many showdowns a chunk by default (a second or less of work).
CHUNK_SHOWDOWNS = 2**25


class BatchGameError(PokersimInputError):
    """What :func:`batch_equity` does not cover yet in a game beyond Hold'em and the short
    decks: a range to play against; Monte Carlo in the games of one showdown a spot (stud,
    the draw games, badugi, Zhajinhua), which need none."""


def batch_equity(hands, boards=None, dead=None, *, against=None, game="holdem",
                 method: str = "auto",
                 trials: int | None = None, seed=None, target_stderr: float | None = None,
                 client=None, chunk_size: int | None = None, progress: bool = False,
                 as_array: bool = False, spot_ids=None):
    """Win, tie and equity of every player of many independent spots, a row each.

    Parameters
    ----------
    hands : array_like
        (N, P, 2) card ids (uint8 saves a copy): N spots of P >= 2 players' hole cards; or
        text, (N, P) hands such as ``"AhKh"``.
        With ``against``: (N, 2) card ids or N texts, a hand a spot.
    boards : array_like, optional
        (N, b) card ids, one board size b for the call (0 to 5); or N texts such as
        ``"2c 7d Qh"``; one board (1-D, or a string) serves every spot. None: preflop.
    dead : array_like, optional
        (N, d) card ids out of play in each spot, or N texts, as ``boards``. None: none.
    against : str, Range or array_like, optional
        A range each hand meets on its board (3 to 5 cards), exactly: range text (``"QQ+,
        AK"``), a :class:`~pokersim.ranges.Range`, or weights of the 1,326 two-card combos
        (in :mod:`pokersim.ranges`' order), shape (1326,) or (N, 1326) for a range a spot.
        Each row's combos that hold one of its cards are left out; a row left with none is
        a :class:`~pokersim.errors.RangeError` naming it. The table's player 0 is the hand,
        player 1 the range (see :mod:`pokersim.engine.batch_ranges`).
    game : str or Game, optional
        ``"holdem"`` (the default) or any game of :mod:`pokersim.games.game` (``hands`` then
        holds its hole cards: Omaha's four, stud's seven). In the two-plus-three games
        (Omaha, Courchevel) a spot is exact up to
        :data:`~pokersim.engine.batch_games.MAX_RUNOUTS` (50,000) runouts (Omaha from two
        board cards on), else Monte Carlo; the other games are one showdown a spot, exact
        (:mod:`pokersim.engine.batch_games`), and raise :class:`BatchGameError` for Monte
        Carlo; ``against`` is for Hold'em and the short decks only.
    method : {"auto", "exact", "monte-carlo"}
        ``"auto"`` is exact with a board of 3, 4 or 5 cards (990, 44 or 1 runouts
        heads-up; in Omaha and Courchevel: up to 50,000 runouts), Monte Carlo with fewer
        (preflop, or 1 or 2 board cards) or with ``trials`` or ``seed``;
        ``"exact"`` enumerates every runout whatever the board (slow preflop: 1,712,304
        runouts a spot; over 50,000 in Omaha and Courchevel: an error), and refuses
        ``trials`` and ``seed``.
    trials : int, optional
        Monte Carlo trials a spot (default :data:`BATCH_TRIALS`, 10,000).
    seed : int, SeedSequence or Generator, optional
        Monte Carlo seed: spot i draws from stream i of it, so the numbers do not depend on
        ``chunk_size`` or the thread count.
    target_stderr : float, optional
        Not taken yet: must be None.
    client : dask.distributed.Client or concurrent.futures.Executor, optional
        Count chunks of ``chunk_size`` spots as tasks there, each on all its worker's
        threads (the same numbers as here: spot i draws from stream i of one seed).
    chunk_size : int, optional
        Spots per chunk (default: 1,048,576 heads-up, fewer with more players or more work a
        spot, :func:`_chunk_rows`): what a progress bar counts and Ctrl-C keeps.
    progress : bool
        Show a progress bar over the spots on stderr for runs over a second.
    as_array : bool
        Return only the (N, P) float64 equities (no table built): the fast path.
    spot_ids : array_like of int, optional
        Each row's number, 0 or more (default 0 .. N - 1): the table's ``spot``, the name of
        a bad row in an error, and the random stream the row draws from, so that spots
        labelled in pieces (a file, chunk by chunk) get the numbers of one call.

    Returns
    -------
    ResultFrame or numpy.ndarray
        A win-rate table, a row per spot and player (spot by spot): spot, player (the index
        of the hand in its spot, from 0), win, tie, lose, equity, std_error (0 when exact),
        outcomes (runouts or trials a spot), method; ``attrs`` hold game, method, seed,
        trials (a spot's; None when exact) and partial. With ``as_array``, the equities.

    Raises
    ------
    PokersimInputError
        A bad argument; a card that is no card of the game's deck (:class:`CardError`) or
        that repeats within a spot (:class:`DuplicateCardError`), named with its spot's
        row; a wrong shape (:class:`HandShapeError`).
    SimulationInterrupted
        On Ctrl-C: ``partial`` is the table of the spots finished (whole chunks).

    Examples
    --------
    >>> batch_equity([["AhKh", "QsQd"]], ["2c 7d Qh"], as_array=True).round(4)
    array([[0.0434, 0.9566]])
    >>> mc = batch_equity([["AhKh", "QsQd"], ["AsAd", "7c2d"]], trials=20_000, seed=1)
    >>> mc.attrs["method"], mc.outcomes.tolist()
    ('monte-carlo', [20000, 20000, 20000, 20000])
    """
    g = get_game(game)
    if target_stderr is not None:
        raise PokersimInputError(f"batch_equity does not take target_stderr yet; got "
                                 f"{short_repr(target_stderr)}")
    as_array = check_flag(as_array, "as_array")
    check_flag(progress, "progress")
    if chunk_size is not None:  # checked here for every way through
        chunk_size = check_count(chunk_size, "chunk_size", 1)
    if client is not None:
        return _on_client(client, hands, boards, dead, spot_ids, g, chunk_size, progress,
                          dict(against=against, method=method, trials=trials, seed=seed,
                               as_array=as_array))
    if not board_game(g):
        if against is not None:
            raise BatchGameError(f"against a range is for the games of two hole cards "
                                 f"(Hold'em, the short decks); not {g.name!r}")
        if not g.two_plus_three:
            if choose_method(method, trials=trials, seed=seed) != "exact":
                raise BatchGameError(f"batch_equity counts {g.name} exactly (one showdown a "
                                     f"spot): it takes no trials or seed there, and method "
                                     f"'auto' or 'exact'")
            return batch_game_equity(hands, boards, dead, g, chunk_size=chunk_size,
                                     progress=progress, as_array=as_array, spot_ids=spot_ids)
    if against is not None:
        if choose_method(method, trials=trials, seed=seed) != "exact":
            raise PokersimInputError("against a range, batch_equity is exact (every runout "
                                     "of a board of 3 to 5 cards): it takes no trials or "
                                     "seed, and method 'auto' or 'exact'")
        return batch_against(hands, boards, dead, against, g, chunk_size=chunk_size,
                             progress=progress, as_array=as_array, spot_ids=spot_ids)
    spots = read_spots(hands, boards, dead, g, spot_ids)
    if trials is not None:
        trials = check_trials(trials)
    if g.two_plus_three:
        runouts = spots.runouts(g)
        wanted = choose_method(method, trials=trials, seed=seed,
                               exact_possible=runouts <= MAX_RUNOUTS,
                               why_not_exact=f" in {g.name} with {spots.boards.shape[1]} board "
                                             f"cards: {runouts:,} runouts a spot, over "
                                             f"{MAX_RUNOUTS:,}")
    else:
        wanted = choose_method(method, trials=trials, seed=seed,
                               exact_possible=spots.boards.shape[1] >= 3 or method == "exact")
    key = np.uint64(0)
    if wanted == "monte-carlo":
        seed = drawn_seed(seed)
        trials = BATCH_TRIALS if trials is None else trials
        key = seed_key(seed)
    n, p = spots.hands.shape[:2]
    run = _Run(spots, g, wanted, trials or 0, key)
    rows = _chunk_rows(chunk_size, p, run.per_row)
    out = np.empty((1 if as_array else 5, n, p), np.float64)
    done = 0
    if n:
        counted = run_chunks(lambda _, first, k: run.chunk(first, k, out), None,
                             n_blocks=n, chunk_blocks=rows, progress=progress, unit="spots")
        done = min(counted.blocks, n)
        if counted.interrupted:
            raise SimulationInterrupted(out[0, :done] if as_array else
                                        _table(out[:, :done], run, seed, True))
    return out[0] if as_array else _table(out, run, seed, False)


def _chunk_rows(chunk_size: int | None, n_players: int, per_row: int = 1) -> int:
    """Rows a chunk: ``chunk_size`` (checked), else :data:`CHUNK_ROWS` for two players,
    fewer with more, and no more than :data:`CHUNK_SHOWDOWNS` showdowns of ``per_row`` a
    player (runouts or trials a spot)."""
    return chunk_size or max(1, min(CHUNK_ROWS * 2 // n_players,
                                    CHUNK_SHOWDOWNS // (per_row * n_players)))


def _on_client(client, hands, boards, dead, spot_ids, game: Game, chunk_size, progress: bool,
               options: dict):
    """:func:`batch_equity` of chunks of the spots as tasks on ``client``: the spots read and
    checked here once, each chunk's numbered as in one call (spot i on stream i of one seed,
    drawn here if none is given), the results joined in order."""
    check_client(client)
    against = options["against"]
    if against is not None:
        spots = read_spots(one_hand_a_row(hands), boards, dead, game, spot_ids, min_players=1)
    else:
        spots = read_spots(hands, boards, dead, game, spot_ids)
    options["seed"] = drawn_seed(options["seed"])
    n, p = spots.hands.shape[:2]
    rows = _chunk_rows(chunk_size, p)
    held = spots.hands[:, 0] if against is not None else spots.hands

    def count(first: int):
        part = slice(first, first + rows)
        return batch_equity(held[part], spots.boards[part], spots.dead[part], game=game,
                            spot_ids=spots.ids[part], **options)

    parts = []
    bar = progress_bar(progress, n, None, "spots")
    results = map_in_order(count, range(0, n, rows), client)
    try:
        for first, part in zip(range(0, n, rows), results, strict=True):
            parts.append(part)
            bar.update(min(rows, n - first))
    except (KeyboardInterrupt, SimulationInterrupted):
        if not parts:
            raise
        raise SimulationInterrupted(_joined(parts, options["as_array"], True)) from None
    finally:
        results.close()
        bar.close()
    if not parts:  # no spots
        return batch_equity(held, spots.boards, spots.dead, game=game, spot_ids=spots.ids,
                            **options)
    return _joined(parts, options["as_array"], False)


def _joined(parts: list, as_array: bool, partial: bool):
    """The chunks' equities, or tables (the first one's attrs, ``partial`` set), in order."""
    if as_array:
        return np.concatenate(parts)
    frame = ResultFrame(pd.concat(parts, ignore_index=True))
    frame.attrs = {**parts[0].attrs, "partial": partial}
    return frame


@dataclass
class _Run:
    """One call's spots and what their kernels take; :meth:`chunk` counts rows."""

    spots: Spots
    game: Game
    method: str
    trials: int  # a spot's, in Monte Carlo (0 when exact)
    key: np.uint64  # the seed's, in Monte Carlo

    def __post_init__(self):
        h = self.spots.hands
        self.deck = card_mask(deck_of(self.game))
        self.n_runout = self.game.board - self.spots.boards.shape[1]
        #: the runouts (exact) or trials of a row
        self.per_row = self.spots.runouts(self.game) if self.method == "exact" else self.trials
        self.plan = deal_plan(self.spots.n_live(self.game), self.n_runout)
        self.ht = tuple(kernel_args(self.game.ranking))
        self.shares = 1.0 / np.arange(1, h.shape[1] + 1)  # of a pot split k + 1 ways
        #: the two-plus-three games' kernels' arguments (None in Hold'em, the short decks)
        self.omaha = TwoPlusThree(self.game, h.shape[1]) if self.game.two_plus_three else None

    def chunk(self, first: int, k: int, out: np.ndarray) -> tuple[np.ndarray]:
        """Count rows ``first .. first + k - 1`` into ``out`` (1, N, P), the equities, or
        (5, N, P), the columns win, tie, lose, equity and std_error."""
        s = self.spots
        hands, boards, dead = (a[first:first + k] for a in (s.hands, s.boards, s.dead))
        n_players = hands.shape[1]
        showdowns = k * self.per_row * n_players
        n_workers = min(workers_for(showdowns), k)
        if self.omaha is not None:  # Omaha, Courchevel: the columns straight from a kernel
            self.omaha.count(n_workers, hands, boards, dead, self.deck, self.n_runout,
                             self.trials, self.key, s.ids[first:first + k], self.plan, out,
                             first)
            return (np.array([k]),)
        spaces = _kernels.row_spaces(n_workers, n_players)

        def work(w: int) -> None:  # worker w's rows, counted and written
            if self.method == "exact":
                _kernels.exact_rows(w, n_workers, hands, boards, dead, self.deck,
                                    self.n_runout, self.ht, float(self.per_row), self.shares,
                                    out, first, spaces[w])
            else:
                _kernels.monte_carlo_rows(w, n_workers, self.key, s.ids[first:first + k],
                                          hands, boards, dead, self.deck, self.n_runout,
                                          self.trials, self.plan, self.ht, self.shares, out,
                                          first, spaces[w])

        on_workers(work, n_workers)
        return (np.array([k]),)


def _table(columns: np.ndarray, run: _Run, seed, partial: bool) -> ResultFrame:
    """The win-rate table of the five columns (win, tie, lose, equity, std_error) of each
    spot and player."""
    n, p = columns.shape[1:]
    method = "monte-carlo (partial)" if partial and run.method == "monte-carlo" else run.method
    win, tie, lose, equity, std_error = (c.reshape(-1) for c in columns)
    frame = win_rate_table(
        {"spot": np.repeat(run.spots.ids[:n], p),
         "player": np.tile(np.arange(p, dtype=np.int64), n)},
        win, tie, lose, equity, std_error, np.full(n * p, run.per_row, np.int64), method)
    frame.attrs.update(game=run.game.name, seed=seed_of(seed, run.method),
                       trials=run.trials or None, partial=partial)
    return frame

