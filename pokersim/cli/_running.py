"""How a command runs: its cluster, trial cap, warnings and Ctrl-C, and its exit status."""

from __future__ import annotations

import _thread
import contextlib
import logging
import os
import shlex
import signal
import sys
import threading
import types
import warnings

from .. import config
from .._core.validation import MAX_COUNT, check_between
from ..errors import PokersimInputError, SimulationInterrupted, TargetStderrWarning
from ..io import STDOUT
from ._options import SCHEDULER_ENV
from ._output import checked_outputs, table_text, write_files

#: The first line printed (on standard output) before a result cut short by Ctrl-C.
PARTIAL_LINE = "PARTIAL: interrupted by Ctrl-C; the estimate from the trials finished so far"


def run_command(args, argv: list[str]) -> int:
    """Run the command parsed from ``argv`` as ``args``: print its table (or its text) and
    write its files; return the exit status (see :func:`pokersim.cli.main`)."""
    partial = False
    try:
        if args.quiet and args.show_progress:
            raise PokersimInputError("give --quiet or --progress, not both")
        args.progress = args.show_progress or (not args.quiet and sys.stderr.isatty())
        outputs = checked_outputs(args)
        args.command_line = shlex.join(["pokersim", *argv])  # for a file a command writes
        from .._core.compiling import silenced

        with dask_client(args) as args.client, warnings.catch_warnings(), interrupts_kept(), \
                silenced(args.quiet), trial_cap(getattr(args, "max_trials", None)):
            warnings.simplefilter("always", TargetStderrWarning)
            warnings.showwarning = one_line_warnings(warnings.showwarning)
            result = args.run(args)
    except PokersimInputError as e:
        print(f"pokersim: error: {e}", file=sys.stderr)
        return 2
    except SimulationInterrupted as e:
        if e.partial is None:
            print("pokersim: interrupted", file=sys.stderr)
            return 130
        saved = any(path != STDOUT for _, path in outputs) or (
            getattr(args, "save", None) is not None and getattr(args, "out", None) is not None)
        print(f"pokersim: interrupted; the estimate so far is printed{' and saved' * saved}, "
              f"marked PARTIAL", file=sys.stderr)
        result, partial = e.partial, True
    except KeyboardInterrupt:
        print("pokersim: interrupted", file=sys.stderr)
        return 130
    except MemoryError as e:  # e.g. --rounds 10**12: numpy cannot allocate the deal
        why = str(e).splitlines()[0] if str(e) else "out of memory"
        print(f"pokersim: error: not enough memory: {why}; ask for fewer rounds, hands or "
              f"trials", file=sys.stderr)
        return 2
    frame, text = args.present(args, result)
    if not getattr(args, "prints_itself", False) and STDOUT not in (
            path for _, path in outputs) and getattr(args, "out", None) != STDOUT:
        if partial:
            print(PARTIAL_LINE)
        print(text if text is not None else table_text(frame))
    return write_files(args, argv, result, frame, outputs, partial) or (130 if partial else 0)


@contextlib.contextmanager
def dask_client(args):
    """A Dask client for ``--scheduler`` (or $POKERSIM_SCHEDULER) or ``--workers``, closed
    after the run; else None. An address that Dask cannot parse or reach is an input error."""
    address, workers = getattr(args, "scheduler", None), getattr(args, "workers", None)
    source = "--scheduler"
    if not address and workers is None and getattr(args, "simulates", False):
        address, source = os.environ.get(SCHEDULER_ENV), f"${SCHEDULER_ENV}"
    if not address and workers is None:
        yield None
        return
    if address and workers is not None:
        raise PokersimInputError(f"give {source} or --workers, not both")
    n = None if workers is None else check_between(workers, "--workers", 1, 1024)
    try:
        import distributed
    except ImportError:
        raise PokersimInputError("--scheduler and --workers need Dask: "
                                 "pip install 'pokersim[distributed]'") from None
    with contextlib.ExitStack() as stack:
        if n is not None:
            cluster = stack.enter_context(distributed.LocalCluster(
                n_workers=n, dashboard_address=":0", silence_logs=logging.ERROR))
            address, source = cluster.scheduler_address, "--workers"
        try:
            client = stack.enter_context(distributed.Client(address, timeout="5s"))
        except (OSError, TimeoutError, ValueError, TypeError) as e:
            why = str(e).splitlines()[0] if str(e) else type(e).__name__
            raise PokersimInputError(f"cannot reach the Dask scheduler at {address} "
                                     f"({source}): {why}") from None
        yield client


@contextlib.contextmanager
def trial_cap(cap):
    """``--max-trials``: ``config.MAX_TRIALS`` while the command runs."""
    if cap is None:
        yield
        return
    before = config.MAX_TRIALS
    config.MAX_TRIALS = check_between(cap, "--max-trials", 1, MAX_COUNT)
    try:
        yield
    finally:
        config.MAX_TRIALS = before


@contextlib.contextmanager
def interrupts_kept():
    """Ctrl-C that lands in a callback from C code, as llvmlite's while Numba compiles, is
    printed as an "Exception ignored" and lost; while this is open it is sent to the main
    thread again instead, to end the command as Ctrl-C does anywhere else.

    The hook only notes it (one store, where Python checks for no signal: sent from the hook,
    the interrupt would be raised in the hook and lost again); a watching thread sends it, and
    again each time it is lost again (while LLVM compiles, the Python code that runs is mostly
    such callbacks: the one sent lands in the next). A
    command that ends before it arrives (``interrupt_main`` does nothing where SIGINT has no
    Python handler), or fails because of it, raises it as it ends: Ctrl-C noted by Python's
    own handler (the main thread's, wrapped while this is open) or by the hook.
    """
    previous = sys.unraisablehook
    lost = types.SimpleNamespace(times=0, sent=0, signalled=False)  # times: interrupts lost
    done = threading.Event()
    handler = signal.getsignal(signal.SIGINT)
    own_handler = (handler is signal.default_int_handler
                   and threading.current_thread() is threading.main_thread())

    def noted(signum, frame):  # Python's own handler, noting that Ctrl-C came
        lost.signalled = True
        raise KeyboardInterrupt

    def hook(unraisable):
        if unraisable.exc_type is not None and issubclass(unraisable.exc_type,
                                                          KeyboardInterrupt):
            lost.times += 1
        else:
            previous(unraisable)

    def watch():
        while not done.wait(0.02):
            if lost.sent < lost.times:
                lost.sent = lost.times
                _thread.interrupt_main()

    watcher = threading.Thread(target=watch, name="pokersim-interrupts", daemon=True)
    sys.unraisablehook = hook
    if own_handler:
        signal.signal(signal.SIGINT, noted)
    watcher.start()
    try:
        yield
    except Exception:
        if not (lost.times or lost.signalled):
            raise
        # the work Ctrl-C cut short failed before it came back (seen: Numba's cache, "no
        # compiled object yet", after an interrupted compilation; Numba's registries,
        # "generator raised StopIteration", when it landed as they loaded): the command ends
        # interrupted, below (nothing left for the watcher to send)
        lost.times = lost.sent = 1
    finally:
        done.set()
        watcher.join()
        sys.unraisablehook = previous
        if own_handler:
            signal.signal(signal.SIGINT, handler)
    if lost.times:  # noted as the command ended, or sent where SIGINT had no handler
        raise KeyboardInterrupt


def one_line_warnings(show):
    """A ``warnings.showwarning`` that prints a target not reached as one line (the table
    still prints) and leaves every other warning to ``show``."""

    def show_warning(message, category, filename, lineno, file=None, line=None):
        if issubclass(category, TargetStderrWarning):
            print(f"pokersim: warning: {message}", file=sys.stderr)
        else:
            show(message, category, filename, lineno, file, line)

    return show_warning


def stdout_to_devnull() -> None:
    """Point standard output at /dev/null, so that flushing it again at exit raises nothing
    (the Python documentation's recipe for SIGPIPE)."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a file (a test's capture)
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)
