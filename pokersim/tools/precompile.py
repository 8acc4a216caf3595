"""Compile every kernel ahead, on all cores, into Numba's disk cache: ``pokersim compile``.

Numba compiles a kernel on its first call in a process and saves it to its disk cache
(:mod:`pokersim._core.cache`: ``NUMBA_CACHE_DIR``, else ``__pycache__`` beside the package), from
which later processes load it, many times faster. On an empty cache a first answer
waits seconds for its kernels to compile (``pokersim equity AhKh QsQd``: the exact equity
kernels). :func:`compile_all` runs small *warm-up tasks*, each a call of the
public API that makes one family of kernels compile and be saved, in worker processes that
share the cache: build it once in an image, or on a cluster's shared disk, and every later
process starts at full speed. A task whose kernels are in the cache already loads them
(it reports no time compiling).

>>> "evaluate-5" in TASKS and "game-equity-omaha-exact" in TASKS
True

The tasks call the public API only (never a kernel by name), so they follow the kernels as
they change. Each worker process imports pokersim and runs the tasks it is given; the
workers start with ``spawn``: each is a fresh interpreter that imports pokersim and compiles
what its tasks need, as a user's first process would.

The workers share the cache as any processes do (:mod:`pokersim._core.cache`): a kernel two
of them need is compiled by one while the other waits, then loads it, and every save to the
cache is locked.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import functools
import gc
import multiprocessing
import os
import signal
import time
import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .._core.validation import check_count, short_repr
from ..errors import PokersimInputError

# ------------------------------------------------------------------------ the warm-up tasks
# Each is a call of the public API, on small inputs: the kernels it compiles are those the
# same call on real inputs runs.


def _evaluate(cards: int) -> None:
    import pokersim as ps

    ps.evaluate(ps.deal(10, cards, seed=1))


def _evaluate_board() -> None:
    import pokersim as ps

    ps.evaluate(ps.deal(10, 2, seed=1), board="4c 4s Kc 9h 2d")
    ps.evaluate("Kh Kd", board=ps.deal(10, 5, seed=2, dead="Kh Kd"))


def _best_five() -> None:
    import pokersim as ps

    for cards in (5, 6, 7):
        hands = ps.deal(10, cards, seed=1)
        ps.best_five(hands)
        ps.describe(ps.evaluate(hands))
        ps.cactus_rank(ps.evaluate(hands))


def _ranking(name: str) -> None:
    import pokersim as ps
    from pokersim import rankings

    ranking = rankings.get(name)
    for cards in ranking.hand_sizes:
        hands = ps.deal(10, cards, seed=1, deck=ranking.deck)
        strength = ps.evaluate(hands, ranking=name)
        ps.describe(strength, ranking=name)
        ps.best_five(hands, ranking=name)


def _showdown() -> None:
    import pokersim as ps

    ps.showdown(["AhKh", "QsQd"], board="2c 7d Qh 5s 9c")
    tables = ps.deal(10, 11, seed=1)  # three players' hole cards, then a board, per table
    ps.showdown(tables[:, :6].reshape(10, 3, 2), board=tables[:, 6:])


def _deal() -> None:
    import pokersim as ps

    for deck in ("full", "short"):
        for cards in (5, 6, 7):
            ps.deal(100, cards, seed=1, deck=deck)


def _deal_games() -> None:
    import pokersim as ps
    from pokersim.games.game import NAMES

    for name in NAMES:
        ps.deal(10, game=name, players=2, seed=1)


def _frequencies_exact() -> None:
    import pokersim as ps

    for cards in (5, 6, 7):
        ps.category_frequencies(cards=cards)


def _frequencies_monte_carlo() -> None:
    import pokersim as ps

    ps.category_frequencies(cards=7, method="monte-carlo", trials=10_000, seed=1)


def _frequencies_ranking(name: str) -> None:
    import pokersim as ps
    from pokersim import rankings

    sizes = rankings.get(name).hand_sizes
    ps.category_frequencies(cards=min(sizes), ranking=name)
    ps.category_frequencies(cards=max(sizes), ranking=name, trials=10_000, seed=1)


def _frequencies_games() -> None:
    import pokersim as ps

    for game in ("omaha", "omaha-hi-lo", "razz", "badugi"):
        ps.category_frequencies(game=game, trials=10_000, seed=1)


def _equity(*players, **options) -> Callable[[], None]:
    def run() -> None:
        import pokersim as ps

        ps.equity(list(players), **options)

    return run


def _equity_vs_random() -> None:
    import pokersim as ps

    ps.equity_vs_random("AsAd", opponents=[1, 3], trials=10_000, seed=1)


def _batch_equity() -> None:
    import pokersim as ps

    hands = [["AhKh", "QsQd", "JcTc"], ["7c7d", "As2s", "9h8h"]]
    for players in (2, 3):  # heads-up and multiway; the table and the array
        spots = [spot[:players] for spot in hands]
        ps.batch_equity(spots, ["2c 7d Qh", "Ks Qs 2d"])
        ps.batch_equity(spots, ["2c 7d Qh 5s", "Ks Qs 2d 3c"], as_array=True)
        ps.batch_equity(spots, trials=1_000, seed=1)
    omaha = [["As Ad 2s 3d", "Kh Kd Qh Jd"]]  # the two-plus-three games' kernels
    ps.batch_equity(omaha, ["4c 5h Kc 9s"], game="omaha-hi-lo")
    ps.batch_equity(omaha, game="omaha-hi-lo", trials=1_000, seed=1)


def _hand_strength() -> None:
    import pokersim as ps

    ps.hand_strength("Ad Qc", "3h 4c Jh", bins=10)
    ps.hand_strength("Ad Qc", "3h 4c Jh 5s", bins=10)
    ps.hand_strength("Ad Qc", "3h 4c Jh 5s 9d")


def _outs() -> None:
    import pokersim as ps

    ps.outs("Ah Kh", "Qs Qd", board="Qh 7h 2c")
    ps.outs("Ah Kh", "QQ+, 77", board="Qh 7h 2c 3d")
    ps.outs("9h 8h", 2, board="Th 7c 2s", trials=1_000, seed=1)


def _distribution() -> None:
    import pokersim as ps

    ps.equity_distribution("QQ+, AK", "JJ-99, AQs", board="Qh 7d 2c")
    ps.equity_distribution("QQ+, AK", "random", board="Qh 7d 2c 5s")
    ps.equity_distribution("QQ+, AK", "JJ-99, AQs", board="Qh 7d 2c 5s 9h")


def _breakdown() -> None:
    import pokersim as ps

    for board in ("Qh Jd 2h", "Qh Jd 2h 5s", "Qh Jd 2h 5s 9c"):
        ps.range_breakdown("QQ+, AK, JTs", board=board)
        ps.range_breakdown("random", board=board, by_combo=True)


def _isomorphism() -> None:
    from pokersim import isomorphism

    for round, board in (("preflop", ""), ("flop", "Qh 7d 2c"), ("turn", "Qh 7d 2c 5s"),
                         ("river", "Qh 7d 2c 5s 9h")):
        isomorphism.index(["As Ks", "Kd Ad"], board)
        isomorphism.unindex(round, [0, 1])


def _draw5() -> None:
    from pokersim.games import draw5

    draw5.deal_table(4, rounds=3, seed=1)
    draw5.win_rates(2)
    draw5.win_rates(3, trials=10_000, seed=1)


def _videopoker_hold() -> None:
    from pokersim.games import videopoker

    videopoker.best_hold("Jh Jd 4c 7s 9d")


def _videopoker_return() -> None:
    from pokersim.games import videopoker

    videopoker.expected_return(paytable="9/6")


def _videopoker_simulate() -> None:
    from pokersim.games import videopoker

    for strategy in ("optimal", "simple"):
        videopoker.simulate(trials=1_000, strategy=strategy, seed=1)


def _zhajinhua() -> None:
    from pokersim.games import zhajinhua

    rules = zhajinhua.Rules(rule_235=True, ties="suit")
    for r in (zhajinhua.Rules(), rules):
        zhajinhua.deal_table(6, rounds=2, seed=1, rules=r)
        zhajinhua.evaluate(["Ac 2d 3h", "Qh Kh Ah"], rules=r)
        zhajinhua.win_rates(2, rules=r)
        zhajinhua.win_rates(6, rules=r, trials=10_000, seed=1)
    zhajinhua.category_frequencies()
    zhajinhua.category_frequencies(method="monte-carlo", trials=10_000, seed=1)


def _game_spot(name: str):
    """(two players' hole cards, the board) of one deal of a game."""
    import pokersim as ps
    from pokersim.games.game import get

    g = get(name)
    row = ps.deal(1, game=name, players=2, seed=1)[0]
    return [row[:g.hole], row[g.hole:2 * g.hole]], row[2 * g.hole:]


def _game_evaluate(name: str) -> None:
    import numpy as np

    import pokersim as ps

    holes, board = _game_spot(name)
    hands = np.stack([np.concatenate([hole, board]) for hole in holes])
    ps.evaluate(hands, game=name)
    ps.best_five(hands, game=name)


def _game_exact(name: str) -> None:
    """Exact: one board card to come (board games), or each player a card short."""
    import pokersim as ps

    holes, board = _game_spot(name)
    if board.size:
        ps.equity(holes, board=board[:-1], method="exact", game=name)
        ps.equity([holes[0], "random"], board=board, method="exact", game=name)
    else:
        ps.equity([hole[:-1] for hole in holes], method="exact", game=name)


def _game_monte_carlo(name: str) -> None:
    import pokersim as ps

    holes, _ = _game_spot(name)
    ps.equity([holes[0][:2], "random"], trials=2_000, seed=1, game=name)
    ps.equity([holes[0], holes[1], "random"], trials=2_000, seed=1, game=name)


def task_list() -> list[tuple[str, Callable[[], None]]]:
    """(name, task) of every warm-up task, in the order :func:`compile_all` starts them
    (:data:`FIRST` first)."""
    from ..games.game import NAMES
    from ..rankings import NAMES as RANKINGS

    tasks: list[tuple[str, Callable[[], None]]] = [
        ("evaluate-5", functools.partial(_evaluate, 5)),
        ("evaluate-6", functools.partial(_evaluate, 6)),
        ("evaluate-7", functools.partial(_evaluate, 7)),
        ("evaluate-board", _evaluate_board),
        ("best-five", _best_five),
        ("showdown", _showdown),
        ("deal", _deal),
        ("deal-games", _deal_games),
        ("frequencies-exact", _frequencies_exact),
        ("frequencies-monte-carlo", _frequencies_monte_carlo),
        ("frequencies-games", _frequencies_games),
        ("equity-preflop-exact", _equity("AhKh", "QsQd")),
        ("equity-flop-exact", _equity("AhKh", "QsQd", board="2c 7d Qh")),
        ("equity-turn-exact", _equity("AhKh", "QsQd", board="2c 7d Qh 5s")),
        ("equity-river-exact", _equity("AhKh", "QsQd", board="2c 7d Qh 5s 9c")),
        ("equity-categories", _equity("AhKh", "QsQd", board="2c 7d Qh", categories=True)),
        ("equity-monte-carlo", _equity("AhKh", "QsQd", trials=10_000, seed=1)),
        ("equity-ranges", _equity("QQ+, AKs", "random", trials=10_000, seed=1)),
        ("equity-ranges-exact", _equity("QQ+, AKs", "22+", board="2c 7d Qh 5s",
                                        method="exact")),
        ("equity-3-players-exact", _equity("AhKh", "QsQd", "JcTc")),
        ("equity-3-players-monte-carlo", _equity("AhKh", "random", "random", trials=10_000,
                                                 seed=1)),
        ("equity-vs-random", _equity_vs_random),
        ("batch-equity", _batch_equity),
        ("hand-strength", _hand_strength),
        ("outs", _outs),
        ("equity-distribution", _distribution),
        ("range-breakdown", _breakdown),
        ("isomorphism", _isomorphism),
        ("draw5", _draw5),
        ("videopoker-hold", _videopoker_hold),
        ("videopoker-return", _videopoker_return),
        ("videopoker-simulate", _videopoker_simulate),
        ("zhajinhua", _zhajinhua),
    ]
    for name in RANKINGS[1:]:  # high: evaluate-5 .. 7, best-five and frequencies-* above
        tasks += [(f"ranking-{name}", functools.partial(_ranking, name)),
                  (f"frequencies-{name}", functools.partial(_frequencies_ranking, name))]
    for name in NAMES:
        tasks += [(f"evaluate-game-{name}", functools.partial(_game_evaluate, name)),
                  (f"game-equity-{name}-exact", functools.partial(_game_exact, name)),
                  (f"game-equity-{name}-monte-carlo", functools.partial(_game_monte_carlo,
                                                                         name))]
    first = {name: i for i, name in enumerate(FIRST)}
    return sorted(tasks, key=lambda task: first.get(task[0], len(first)))  # stable


#: The tasks run first, in this order: those that compile kernels of their own (measured:
#: each compiled for seconds in one process running every task in turn). The others mostly
#: reuse those kernels (a variant of a game or a ranking, another board), and run after
#: them, loading them from the cache rather than compiling them again in another process.
FIRST = ("evaluate-5", "evaluate-6", "evaluate-7", "best-five", "deal",
         "equity-preflop-exact", "equity-flop-exact", "equity-monte-carlo",
         "frequencies-exact", "frequencies-monte-carlo", "game-equity-holdem-exact",
         "game-equity-holdem-monte-carlo", "evaluate-board", "hand-strength", "outs",
         "isomorphism", "draw5", "videopoker-hold", "videopoker-return", "videopoker-simulate",
         "zhajinhua", "ranking-short-deck", "ranking-deuce-to-seven", "ranking-badugi",
         "ranking-zhajinhua", "frequencies-short-deck", "frequencies-deuce-to-seven",
         "frequencies-badugi", "frequencies-games", "evaluate-game-omaha",
         "evaluate-game-omaha-5", "evaluate-game-omaha-6", "evaluate-game-short-deck",
         "evaluate-game-2-7-single-draw", "game-equity-stud-exact",
         "game-equity-badugi-monte-carlo")

#: The warm-up tasks by name (:func:`task_list`).
TASKS: dict[str, Callable[[], None]] = dict(task_list())


# --------------------------------------------------------------------------------- running


@dataclass(frozen=True)
class Warmed:
    """One task run: its ``name``, ``seconds`` in all, and of them the ``compile_seconds``
    Numba spent compiling (0: every kernel came from the cache)."""

    name: str
    seconds: float
    compile_seconds: float
    error: str | None = None


def check_names(names: Iterable[str] | None) -> list[str]:
    """The tasks named (all of :data:`TASKS` for None), each once, or an error naming the
    first unknown one."""
    if names is None:
        return list(TASKS)
    if isinstance(names, str):
        names = [names]
    chosen = []
    for name in names:
        if name not in TASKS:
            raise PokersimInputError(f"no warm-up task {short_repr(name)}: 'pokersim compile "
                                     f"--list' lists them")
        if name not in chosen:
            chosen.append(name)
    return chosen


def cores() -> int:
    """The cores this process may run on (its CPU affinity, where the system says), the
    default number of workers."""
    count = getattr(os, "process_cpu_count", None)  # Python 3.13
    if count is not None:
        return count() or 1
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # not Linux
        return os.cpu_count() or 1


def compile_all(names: Iterable[str] | None = None, workers: int | None = None,
                progress: Callable[[Warmed], None] | None = None) -> list[Warmed]:
    """Run the warm-up tasks (``names``, default all of :data:`TASKS`) on ``workers`` worker
    processes (default: one per core, :func:`cores`; at most one per task), so that every
    kernel they call is compiled and saved to Numba's disk cache; ``progress(warmed)`` as
    each finishes.

    Returns the :class:`Warmed` of each task, in the order they finished; a task that
    failed has its ``error`` (one line), and the others still run. Ctrl-C stops the
    workers (a kernel being saved is written whole or not at all) and raises
    KeyboardInterrupt.
    """
    chosen = check_names(names)
    workers = cores() if workers is None else check_count(workers, "workers", 1)
    workers = max(min(workers, len(chosen)), 1)
    executor: concurrent.futures.ProcessPoolExecutor | None = None
    done: list[Warmed] = []
    try:
        with _no_interrupts():  # the workers start ignoring Ctrl-C: the parent stops them
            executor = concurrent.futures.ProcessPoolExecutor(
                workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker)
            futures = [executor.submit(_run, name) for name in chosen]  # starts the workers
        for future in concurrent.futures.as_completed(futures):
            warmed = future.result()
            done.append(warmed)
            if progress is not None:
                progress(warmed)
    except BaseException:  # Ctrl-C, or a worker lost: stop the others now
        if executor is not None:
            _stop_workers(executor)
        executor = None  # and free its queues' semaphores now: a command may end in os._exit
        gc.collect()
        raise
    else:
        executor.shutdown()
    return done


@contextlib.contextmanager
def _no_interrupts():
    """SIGINT ignored while this is open (in the main thread; elsewhere nothing): a process
    started meanwhile ignores it from its start, as Python leaves an ignored SIGINT so."""
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:  # None: a handler not set from Python, which cannot be put back
        signal.signal(signal.SIGINT, signal.SIG_DFL if previous is None else previous)


def _stop_workers(executor: concurrent.futures.ProcessPoolExecutor) -> None:
    """Cancel the tasks not started and end the worker processes now (Python 3.14 has
    ``terminate_workers``; before it, the executor's own table of its processes)."""
    terminate = getattr(executor, "terminate_workers", None)
    if terminate is not None:
        terminate()
        return
    for process in list((getattr(executor, "_processes", None) or {}).values()):
        with contextlib.suppress(Exception):
            process.terminate()
    executor.shutdown(wait=True, cancel_futures=True)  # its thread sees the workers gone


# ------------------------------------------------------------------------- in the workers


def _start_worker() -> None:
    """A worker process: Ctrl-C is the parent's to handle; no notice of long compiles (they
    are the point)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from .._core import compiling as _compiling

    os.environ[_compiling.QUIET_ENV] = "1"


def _run(name: str) -> Warmed:
    """Run one task here (a worker): its time, and Numba's compile time within it. It runs
    twice: on the general kernels, then with every shape on a kernel of its own (see
    :mod:`pokersim._core.specialise`), so that a later process finds both in the cache."""
    from .. import config
    from .._core import compiling as _compiling

    start, compiled = time.perf_counter(), _compiling.compile_seconds()
    error = None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for after in (float("inf"), 0.0):
                config.SPECIALISE_AFTER = after
                TASKS[name]()
    except Exception as e:  # reported with the others' results, not raised
        lines = str(e).splitlines()
        error = f"{type(e).__name__}: {lines[0][:200]}" if lines else type(e).__name__
    return Warmed(name, time.perf_counter() - start, _compiling.compile_seconds() - compiled,
                  error)
