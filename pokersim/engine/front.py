"""The front door of the equity engine: :func:`equity` of hands, ranges and random players in
every game, exact enumeration when it is cheap, Monte Carlo otherwise.

>>> df = equity(["AhKh", "QsQd"], board="2c 7d Qh")  # 43 of 990 turn-river pairs save AhKh
>>> df
  player     win tie    lose  equity std_error outcomes method
0   AhKh  4.343%  0%  95.66%  4.343%        0%      990  exact
1   QsQd  95.66%  0%  4.343%  95.66%        0%      990  exact
>>> float(df.win.iloc[0]) == 43 / 990
True

Each player is a hand (``"AhKh"``), a range (``"QQ+, AKs"``, see :func:`parse_range`) or
``"random"`` (in every game also a partial hand or a weighted list of hands:
:mod:`pokersim.engine.question`). ``win`` is the chance of holding the best hand alone,
``tie`` of sharing it, ``equity`` the expected share of the pot (ties split). The table is a
win-rate table (``docs/api.md``): a :class:`~pokersim.results.ResultFrame` that prints for
people and keeps full precision.

Every question takes one way through (:func:`equity_on`): read and checked by
:func:`~pokersim.engine.question.read_question`, one rule for ``method="auto"``, its outcomes
counted by the kernels of its game (:func:`~pokersim.engine.games.game_counts`) and made into
the table by :func:`~pokersim.engine.outcomes.summarise`.
"""

from __future__ import annotations

import numbers

import numpy as np
import pandas as pd

from .._core.runner import check_client
from .._core.validation import (
    check_between,
    check_flag,
    check_target_stderr,
    check_trials,
    choose_method,
    drawn_seed,
    seed_of,
    short_repr,
    warn,
)
from ..cards import format_cards
from ..errors import PokersimInputError, SimulationInterrupted, TargetStderrWarning
from ..games.game import get as get_game
from ..ranges import RANDOM_WORDS
from ..results import SPLIT_POT_COLUMNS, ResultFrame, as_win_rate_table
from .games import game_counts
from .outcomes import summarise
from .question import read_question

__all__ = ["MAX_OPPONENTS", "RANDOM_WORDS", "equity", "equity_on", "equity_vs_random"]


#: Most opponents of one hand: 2 * (22 + 1) hole cards and a 5-card board use 51 cards.
MAX_OPPONENTS = 22


def equity(players, board=None, dead=None, *, trials: int | None = None, method: str = "auto",
           seed=None, target_stderr: float | None = None, categories: bool = False,
           client=None, chunk_size: int | None = None, progress: bool = False,
           game=None) -> ResultFrame:
    """Win, tie and equity of each player.

    Parameters
    ----------
    players : list of str or Range
        Two or more players: hands (``"AhKh"``), ranges (``"QQ+, AKs"``) or ``"random"``.
    board, dead : str or array of cards, optional
        Up to 5 known board cards (the rest dealt); dead cards are out of play. None or
        ``""``: none.
    trials : int, optional
        Monte Carlo trials (default ``config.DEFAULT_TRIALS``; with ``target_stderr``, a cap
        of ``config.MAX_TRIALS``).
    method : {"auto", "exact", "monte-carlo"}
        ``"exact"`` enumerates every outcome (an error if that is out of reach, or with
        ``trials``, ``seed`` or ``target_stderr``); ``"monte-carlo"`` simulates. ``"auto"``
        is exact when at most ``config.EXACT_WORK`` hand evaluations do it and none of
        ``trials``, ``seed`` and ``target_stderr`` is given, Monte Carlo otherwise.
    seed : int, SeedSequence or Generator, optional
        Monte Carlo seed: the same seed gives the same numbers whatever the thread count.
    target_stderr : float, optional
        Stop once every player's equity standard error is below it (checked after each chunk
        of trials); ``trials`` then caps the run. If the cap comes first, a
        :class:`~pokersim.errors.TargetStderrWarning` says so and
        ``attrs["target_stderr_met"]`` is False.
    categories : bool
        Add one column per hand category of the game's ranking, strongest first, after the
        standard ones: how often the player's final hand is of it (in split-pot games, its
        high hand).
    client : dask.distributed.Client or concurrent.futures.Executor, optional
        Run the chunks of work there instead of on this machine's threads (see
        :mod:`pokersim._core.runner`); the numbers are the same.
    chunk_size : int, optional
        Monte Carlo trials per chunk (default ``config.CHUNK_TRIALS``, doubled here while
        chunks are short without ``target_stderr``: ``config.CHUNK_SECONDS``), rounded up to
        whole blocks of ``config.EQUITY_BLOCK``. ``target_stderr`` is checked after each
        chunk, so with it the result depends on the seed and the chunk size, nothing else.
    progress : bool
        Show a progress bar on stderr for runs over a second.
    game : str or pokersim.games.game.Game, optional
        The game, Hold'em by default (:mod:`pokersim.games.game`): short deck, Omaha, stud,
        razz, the draw games... In every game a player may also be a partial hand completed
        at random or a weighted list of hands (:mod:`pokersim.engine.question`), and split-pot games
        add the high and low columns (:mod:`pokersim.engine.games`, whose kernels play the
        games other than Hold'em and the short decks).

    Returns
    -------
    ResultFrame
        A win-rate table, one row per player in the order given: player, win, tie, lose,
        equity, std_error (0 when exact), outcomes (int64: trials, or the deals enumerated:
        each combination of the players' hole cards times each runout, unweighted), method.
        ``attrs`` hold game, board, dead (as text), seed, trials (Monte Carlo trials run;
        None when exact), method, target_stderr (and target_stderr_met) and partial.

    Raises
    ------
    SimulationInterrupted
        On Ctrl-C during Monte Carlo (within a few milliseconds: trials run in short chunks);
        a ``KeyboardInterrupt`` whose ``partial`` attribute is the table of the trials done,
        method ``"monte-carlo (partial)"``.

    Examples
    --------
    >>> equity(["AhKh", "QsQd"], board="2c 7d Qh 3h 9s").equity.tolist()
    [0.0, 1.0]
    >>> mc = equity(["AhKh", "QsQd"], trials=100_000, seed=1)
    >>> mc.attrs["method"], int(mc.outcomes.iloc[0])
    ('monte-carlo', 100000)
    >>> equity(["Ah Kh", "Qs Qd"], game="short-deck").equity.round(4).tolist()
    [0.5428, 0.4572]
    >>> equity(["As Ad Ks Kd", "Qh Jh Th 9h"], board="2c 7d Qs", game="omaha").equity.round(4)
    0    0.6659
    1    0.3341
    Name: equity, dtype: float64
    """
    g = get_game("holdem" if game is None else game)
    return equity_on(game_counts, players, board, dead, game=g,
                     method=method, trials=trials, seed=seed,
                     target_stderr=target_stderr, categories=categories, client=client,
                     chunk_size=chunk_size, progress=progress)


def equity_on(kernels, players, board=None, dead=None, *, game, method: str = "auto",
              trials: int | None = None, seed=None, target_stderr: float | None = None,
              categories: bool = False, client=None, chunk_size: int | None = None,
              progress: bool = False) -> ResultFrame:
    """:func:`equity` of ``game`` (a name or a :class:`~pokersim.games.game.Game`) counted by
    ``kernels`` (:func:`pokersim.engine.games.game_counts`, or in the tests a stand-in).
    Every game's question is read, checked and answered here, the same way: one parser of
    the players, one check of the cards, one rule for ``method="auto"``
    (:func:`pokersim.engine.outcomes.exact_in_reach`), one table (:func:`pokersim.engine.outcomes.
    summarise`)."""
    game = get_game(game)
    question = read_question(players, board, dead, game)
    if trials is not None:
        trials = check_trials(trials)
    target_stderr = check_target_stderr(target_stderr)
    categories = check_flag(categories, "categories")
    progress = check_flag(progress, "progress")
    check_client(client)
    wanted = choose_method(method, trials=trials, seed=seed, target_stderr=target_stderr)
    counted = kernels(question, wanted=wanted, forced=method == "exact", trials=trials,
                      seed=seed, target_stderr=target_stderr, categories=categories,
                      client=client, chunk_size=chunk_size, progress=progress)
    frame = summarise([p.label for p in question.players], counted,
                      split=game.low is not None, ranking=game.ranking if categories else None)
    frame.attrs.update(game=game.name, board=format_cards(question.board),
                       dead=format_cards(question.dead),
                       seed=seed_of(counted.seed, counted.method), trials=counted.trials,
                       target_stderr=target_stderr)
    if target_stderr is not None:
        frame.attrs["target_stderr_met"] = counted.target_met
    if frame.attrs["partial"]:
        raise SimulationInterrupted(frame)
    if counted.target_met is False:
        warn(f"target_stderr={target_stderr:g} was not reached: the largest standard error is "
             f"{frame.std_error.max():.3g} after {counted.trials:,} trials (the cap); give more "
             f"trials", TargetStderrWarning)
    return frame


def opponent_counts(opponents) -> list[int]:
    """``opponents`` (a count, or counts) as a list of opponent counts, each from 1 to
    :data:`MAX_OPPONENTS`, or an error naming the first bad one (checked as read:
    ``range(1, 10**30)`` stops at 23).

    >>> opponent_counts(3), opponent_counts(range(1, 4))
    ([3], [1, 2, 3])
    """
    if isinstance(opponents, numbers.Integral) and not isinstance(opponents, (bool, np.bool_)):
        opponents = [opponents]
    if isinstance(opponents, (str, bytes)) or not hasattr(opponents, "__iter__"):
        raise PokersimInputError(f"opponents must be a count of opponents, such as 3, or a list "
                                 f"of counts, such as range(1, 10); got {short_repr(opponents)}")
    counts = [check_between(n, "opponents", 1, MAX_OPPONENTS,
                            " (one deck holds 2 cards each and a 5-card board for 23 players)")
              for n in opponents]
    if not counts:
        raise PokersimInputError("opponents is empty: give at least one opponent count")
    return counts


def equity_vs_random(hand, opponents=range(1, 10), board=None, dead=None, *,
                     trials: int | None = None, method: str = "auto", seed=None,
                     target_stderr: float | None = None, client=None,
                     chunk_size: int | None = None, progress: bool = False,
                     game=None) -> ResultFrame:
    """Win, tie and equity of one hand against random opponents: 1, 2, ... 9 by default.

    ``opponents`` is a count (``opponents=3``: one row, three opponents) or a list of
    counts (a row each), each 1 to :data:`MAX_OPPONENTS` (fewer where the ``game`` deals more
    cards: the deck must hold them), as the command line's ``--opponents 3`` or
    ``--opponents 1 2 3``. Each count is one :func:`equity` run of ``hand`` against that
    many ``"random"`` players, with the other arguments as there (the same seed for each),
    ``game`` included: Omaha, short deck, stud... (a split-pot game adds its high and low
    columns).

    Parameters
    ----------
    hand : str or array_like
        The hand whose equity is asked, as :func:`equity` takes a player.
    opponents : int or sequence of int, optional
        A count of random opponents, or a list of counts (a row each); 1 to 9 by default.
    board : str or array_like, optional
        The board's known cards, as :func:`equity` takes it.
    dead : str or array_like, optional
        Cards out of the deck, as :func:`equity` takes them.
    trials : int, optional
        Monte Carlo trials per count, as :func:`equity` takes them.
    method : {"auto", "exact", "monte-carlo"}, optional
        As :func:`equity` takes it.
    seed : int or numpy.random.SeedSequence, optional
        The seed of every count's run (the same for each).
    target_stderr : float, optional
        Stop each Monte Carlo run once its standard error is this small.
    client : optional
        A Dask client or an executor to run the chunks on, as :func:`equity` takes it.
    chunk_size : int, optional
        Trials per chunk, as :func:`equity` takes it.
    progress : bool, optional
        Show a progress bar.
    game : str or Game, optional
        The game (Hold'em by default), as :func:`equity` takes it.

    Returns
    -------
    ResultFrame
        A win-rate table, one row per opponent count: opponents, player, win, tie, lose,
        equity, std_error, outcomes, method. ``attrs`` hold hand, opponents, board, dead,
        seed, trials (Monte Carlo trials run in all; None when none), method and partial.

    Raises
    ------
    SimulationInterrupted
        On Ctrl-C: its ``partial`` is this table with every row finished and the one
        interrupted (if it has an estimate yet), method ``"monte-carlo (partial)"``, and
        ``attrs["partial"]`` True.

    Examples
    --------
    >>> table = equity_vs_random("AsAd", opponents=[1], board="Ac Ah 2d 7s 9c")
    >>> table[["opponents", "player", "equity", "method"]]
      opponents player equity method
    0         1   AsAd   100%  exact
    """
    counts = opponent_counts(opponents)
    if game is not None:
        get_game(game)  # a bad game named before any run
    seed = drawn_seed(seed)  # one for every run
    runs = (lambda n=n: equity([hand] + ["random"] * n, board=board, dead=dead, trials=trials,
                               method=method, seed=seed, target_stderr=target_stderr,
                               client=client, chunk_size=chunk_size, progress=progress,
                               game=game)
            for n in counts)
    return collect_runs(runs, lambda frames, partial: _versus_random_table(frames, counts,
                                                                          partial))


def collect_runs(runs, build):
    """``build(results, partial=False)`` of the results of ``runs`` (functions called one
    after another). On Ctrl-C, a :class:`SimulationInterrupted` whose ``partial`` is
    ``build(results, partial=True)`` of the runs finished and the interrupted one's own
    ``partial`` (in the shape that a run returns), if it had one; a plain KeyboardInterrupt
    when nothing was finished."""
    results = []
    try:
        for run in runs:
            results.append(run())
    except SimulationInterrupted as e:
        results.append(e.partial)
        raise SimulationInterrupted(build(results, True)) from None
    except KeyboardInterrupt:
        if not results:
            raise
        raise SimulationInterrupted(build(results, True)) from None
    return build(results, False)


def _versus_random_table(frames: list[ResultFrame], counts: list[int],
                         partial: bool) -> ResultFrame:
    """The first row (the hand's) of each equity table, after an ``opponents`` column."""
    rows = pd.concat([pd.DataFrame(f.iloc[:1]) for f in frames], ignore_index=True)
    rows.insert(0, "opponents", counts[:len(frames)])
    table = as_win_rate_table(rows, ["opponents", "player"])
    for column in SPLIT_POT_COLUMNS:  # a split-pot game's
        if column in rows:
            table[column] = rows[column].to_numpy()
    simulated = [f.attrs["trials"] for f in frames if f.attrs["trials"] is not None]
    table.attrs.update({k: frames[0].attrs[k] for k in ("board", "dead")})
    table.attrs["seed"] = next((f.attrs["seed"] for f in frames if f.attrs["seed"] is not None),
                               None)  # the one the simulated runs shared
    table.attrs.update(hand=table.player.iloc[0], opponents=counts,
                       trials=sum(simulated) if simulated else None,
                       partial=partial)
    return table
