"""bench and compile: the kernels timed, and compiled ahead into Numba's cache."""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import sys
import time

import pandas as pd

from .._core.validation import check_between
from ..errors import PokersimInputError
from ._options import add_command, whole_number


def _cmd_bench(args) -> pd.DataFrame:
    from ..tools import bench

    scaling = tuple(10**e for e in range(4, args.max_exponent + 1))
    if args.memory_trials is not None:
        m = bench.memory_run(args.memory_trials)
        print(f"Monte Carlo AhKh vs QsQd, {m['trials']:,} trials in {m['seconds']:.0f} s "
              f"({m['rate'] / 1e6:.1f} M trials/s): equity {m['equity']:.6f} "
              f"± {m['std_error']:.1e}; resident memory start {m['rss_start_mib']:.0f} MiB, "
              f"peak {m['rss_peak_mib']:.0f} MiB, end {m['rss_end_mib']:.0f} MiB "
              f"({m['samples']} samples)")
        return pd.DataFrame([m])
    if args.cold:
        frame = pd.DataFrame(bench.first_answer_rows(3 if args.repeat is None else args.repeat))
        print(bench.format_table(frame, cpu=True))
        return frame
    if args.ompeval is not None and not os.access(args.ompeval, os.X_OK):
        raise PokersimInputError(f"--ompeval: {args.ompeval!r} is not an executable file (build "
                                 f"OMPEval's harness as ../shared/bench/omp_side/README.md says)")
    frame, info = bench.run(n=args.n, repeat=7 if args.repeat is None else args.repeat,
                            scaling=scaling, quick=args.quick, dask_workers=args.dask_workers,
                            portable=args.portable, ompeval=args.ompeval)
    print(f"CPU: {info['cpu']} ({info['cores']} cores), Numba threads: {info['numba_threads']}, "
          f"numba {info['numba']}, numpy {info['numpy']}, Python {info['python']}")
    print(f"Evaluator: {info['evaluator']}; kernels compiled for {info['path']}")
    for note in info["notes"]:
        print(f"note: {note}")
    print(bench.format_table(frame))
    return frame


def bench_command(sub) -> argparse.ArgumentParser:
    """``bench``: the kernels timed against the peer evaluators."""
    p = add_command(sub, "bench", "time the kernels against the peer evaluators",
                    ["bench --quick", "bench --max-exponent 7 --csv bench.csv",
                     "bench --cold --repeat 1"], _cmd_bench,
                    prints_itself=True)
    p.add_argument("--n", type=whole_number, default=10_000_000, help="hands per timed call")
    p.add_argument("--repeat", type=int, default=None,
                   help="timed runs per row (after a warm-up; default 7, with --cold 3)")
    p.add_argument("--max-exponent", type=int, default=8, choices=range(4, 10),
                   help="evaluate scaling rows for N = 10^4 .. 10^this (10^8: ~1 GB of RAM)")
    p.add_argument("--quick", action="store_true", help="small sizes: a smoke test")
    p.add_argument("--dask-workers", type=int, default=0, metavar="N",
                   help="also time Monte Carlo equity on a Dask LocalCluster of N workers")
    p.add_argument("--memory-trials", type=whole_number, default=None, metavar="T",
                   help="instead, run T Monte Carlo trials (e.g. 10000000000) and report the "
                        "resident memory at start, peak and end")
    p.add_argument("--portable", action=argparse.BooleanOptionalAction, default=None,
                   help="also time the rows that depend on the CPU's path (the random-card "
                        "draw, the evaluator) on the portable path, in a child process compiled "
                        "for an AMD Zen 2 (default: on, but with --quick)")
    p.add_argument("--ompeval", metavar="PATH", default=None,
                   help="OMPEval's harness (../shared/bench/omp_side, built apart): those rows "
                        "again, five rounds in turn with its counterparts on as many threads")
    p.add_argument("--cold", action="store_true",
                   help="instead, time whole processes to a first answer: the README's quick "
                        "commands and a five-game script, each on an empty Numba cache and "
                        "again on the cache it filled (--repeat times each; default 3)")
    return p


def _cmd_compile(args) -> pd.DataFrame:
    from ..tools import precompile

    names = precompile.check_names(args.tasks or None)
    if args.list:
        return pd.DataFrame({"task": names})
    workers = None if args.processes is None else check_between(args.processes, "--workers",
                                                                 1, 1024)
    width = max(map(len, names))
    if not args.quiet:
        processes = min(workers or precompile.cores(), len(names))
        print(f"pokersim: {len(names)} warm-up tasks on {processes} "
              f"process{'es' * (processes > 1)}; a line as each finishes", file=sys.stderr)

    def report(warmed) -> None:
        how = f"  FAILED: {warmed.error}" if warmed.error else (
            "" if warmed.compile_seconds else "  (loaded from the cache)")
        print(f"{warmed.name:<{width}} {warmed.seconds:7.1f} s{how}", flush=True)

    start = time.perf_counter()
    try:
        done = precompile.compile_all(names, workers=workers, progress=report)
    except concurrent.futures.BrokenExecutor as e:
        raise PokersimInputError(f"a worker process ended abruptly ({e}); the tasks finished "
                                 f"so far are saved in the cache") from None
    frame = pd.DataFrame([vars(w) for w in done])
    frame.attrs.update(seconds=time.perf_counter() - start, workers=workers or precompile.cores())
    failed = frame.name[frame.error.notna()].tolist()
    if failed:
        raise PokersimInputError(f"{len(failed)} of {len(frame)} warm-up tasks failed: "
                                 f"{', '.join(failed)}")
    return frame


def _compile_text(args, frame):
    """The task names (``--list``), or a line on the run after the task lines printed."""
    if args.list:
        return frame, "\n".join(frame.task)
    import numba

    where = numba.config.CACHE_DIR or "the __pycache__ folders beside pokersim's modules"
    processes = min(frame.attrs["workers"], len(frame))
    return frame, (f"{len(frame)} tasks in {frame.attrs['seconds']:.1f} s on {processes} "
                   f"process{'es' * (processes > 1)} ({frame.compile_seconds.sum():.1f} s "
                   f"compiling); the kernels are in Numba's cache: {where}")


def compile_command(sub) -> argparse.ArgumentParser:
    """``compile``: warm-up tasks on worker processes, filling Numba's disk cache."""
    p = add_command(sub, "compile", "compile every kernel ahead into Numba's disk cache, on "
                    "all cores, so that later runs start at once (for images and clusters)",
                    ["compile              # into NUMBA_CACHE_DIR, else beside the package",
                     "compile --workers 4",
                     "compile --list",
                     "compile evaluate-7 equity-preflop-exact   # these tasks only"],
                    _cmd_compile, present=_compile_text)
    p.add_argument("tasks", nargs="*", metavar="TASK",
                   help="warm-up tasks to run (default: all; --list lists them)")
    p.add_argument("--workers", type=int, default=None, metavar="N", dest="processes",
                   help="worker processes (default: one per core)")
    p.add_argument("--list", action="store_true",
                   help="print the names of the warm-up tasks and run none")
    return p
