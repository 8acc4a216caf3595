"""A long first compile says so on a terminal, once, in one line (pokersim._core.compiling); a
progress bar's clock starts after it (pokersim._core.runner).

The listener is first driven with made-up ``"numba:compile"`` events (no compiling); then two
fresh processes, on an empty Numba cache, compile the 7-card evaluator for real: one with
stderr on a pseudo-terminal, which gets the line, one with stderr on a pipe, which gets
nothing. Both run at once.
"""

import io
import os
import subprocess
import sys
import threading
import time

import numpy as np
import pytest
import tqdm.std
from numba.core import event

from pokersim._core import compiling as _compiling
from pokersim._core import runner

# The line's threshold is lowered: on a fast machine the evaluator compiles in under a second
# (the threshold itself is tested above, with made-up events).
COMPILE_EVALUATOR = """
import pokersim
from pokersim._core import compiling as _compiling
_compiling.NOTICE_AFTER = 0.05
pokersim.evaluate(pokersim.deal(10, 7, seed=1))
pokersim.evaluate(pokersim.deal(10, 7, seed=2))
print("COMPILES", _compiling.compiles())
"""

EVALUATOR_LINE = ("pokersim: compiling the evaluator kernels (first run only; later runs load "
                  "them from the cache)...")


# ------------------------------------------------------------------------------ the line


def test_the_line_names_the_kernels_of_a_module():
    assert _compiling.notice("pokersim.evaluator.strengths") == EVALUATOR_LINE
    assert "the equity kernels" in _compiling.notice("pokersim.engine._games")
    assert "the equity kernels" in _compiling.notice("pokersim.engine._games.boards")
    assert _compiling.concept("pokersim.rankings.omaha") == "Omaha"
    assert _compiling.concept("pokersim._new_thing") == "new thing"  # a module not listed
    assert "\n" not in _compiling.notice("pokersim.engine._games")


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def _kernel(module: str):
    def kernel():
        pass

    kernel.__module__ = module
    return type("Dispatcher", (), {"py_func": kernel})()


def _compile(module: str, seconds: float, inner: str | None = None) -> None:
    """Broadcast the events of a compile of ``module``'s kernel lasting ``seconds``, with a
    helper of ``inner`` compiling inside it."""
    outer = {"dispatcher": _kernel(module)}
    event.start_event("numba:compile", data=outer)
    if inner is not None:
        helper = {"dispatcher": _kernel(inner)}
        event.start_event("numba:compile", data=helper)
        event.end_event("numba:compile", data=helper)
    time.sleep(seconds)
    event.end_event("numba:compile", data=outer)


@pytest.fixture
def fresh(monkeypatch):
    """The listener as in a new process, announcing after 0.05 s; a terminal for stderr (set
    in the test: pytest's capture puts its own stderr back after the fixtures)."""
    monkeypatch.setattr(_compiling, "_STATE", _compiling._State())
    monkeypatch.setattr(_compiling, "NOTICE_AFTER", 0.05)
    monkeypatch.delenv(_compiling.QUIET_ENV, raising=False)
    return _Terminal()


def test_a_long_compile_prints_one_line_once_per_kind_of_kernel(fresh, monkeypatch):
    monkeypatch.setattr(sys, "stderr", fresh)
    _compile("pokersim.engine._games", 0.3, inner="pokersim.evaluator.strengths")
    _compile("pokersim.engine._games", 0.3)  # the same kind again: said already
    _compile("pokersim.evaluator.strengths", 0.01)  # short: nothing
    _compile("numba.np.arraymath", 0.3)  # not pokersim's: not followed
    assert fresh.getvalue() == _compiling.notice("pokersim.engine._games") + "\n"
    assert _compiling.compiles() == 3  # the outermost of pokersim's, the helper not counted
    _compile("pokersim.evaluator.strengths", 0.3)
    assert fresh.getvalue().splitlines()[1] == EVALUATOR_LINE


@pytest.mark.parametrize("how", ["pipe", "env", "quiet"])
def test_no_line_off_a_terminal_or_when_silenced(fresh, monkeypatch, how):
    monkeypatch.setattr(sys, "stderr", fresh)
    if how == "pipe":
        monkeypatch.setattr(sys, "stderr", io.StringIO())  # isatty() is False
    elif how == "env":
        monkeypatch.setenv(_compiling.QUIET_ENV, "1")
    with _compiling.silenced(how == "quiet"):
        _compile("pokersim.evaluator.strengths", 0.3)
    assert fresh.getvalue() == "" and sys.stderr.getvalue() == ""
    assert _compiling.compiles() == 1  # counted all the same


def test_the_line_waits_for_nothing_of_numba(fresh, monkeypatch):
    monkeypatch.setattr(sys, "stderr", fresh)
    # the compiling thread holds Numba's compiler lock; the timer thread only prints
    from numba.core.compiler_lock import global_compiler_lock

    with global_compiler_lock:
        done = threading.Event()

        def compile_elsewhere():
            _compile("pokersim.rankings.omaha", 0.3)
            done.set()

        threading.Thread(target=compile_elsewhere).start()
        assert done.wait(5)
    assert "the Omaha kernels" in fresh.getvalue()


# ------------------------------------------------------------------ real compiles, two ways


def _evaluator_env(cache_dir) -> dict:
    env = {k: v for k, v in os.environ.items()
           if k not in ("NUMBA_CACHE_DIR", "NUMBA_CACHE_LOCATOR_CLASSES", _compiling.QUIET_ENV)}
    return env | {"NUMBA_CACHE_DIR": str(cache_dir), "PYTHONDONTWRITEBYTECODE": "1"}


@pytest.fixture(scope="module")
def first_compiles(tmp_path_factory):
    """Two processes compiling the evaluator on empty caches at once: stderr a terminal, and a
    pipe. Their (exit status, stdout, stderr), terminal first."""
    import pty

    leader, follower = pty.openpty()
    on_terminal = subprocess.Popen(
        [sys.executable, "-c", COMPILE_EVALUATOR], stdout=subprocess.PIPE, stderr=follower,
        env=_evaluator_env(tmp_path_factory.mktemp("terminal-cache")), text=True)
    os.close(follower)
    on_pipe = subprocess.Popen(
        [sys.executable, "-c", COMPILE_EVALUATOR], stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, env=_evaluator_env(tmp_path_factory.mktemp("pipe-cache")),
        text=True)
    chunks = []

    def read_terminal():
        while True:
            try:
                data = os.read(leader, 4096)
            except OSError:  # the terminal closed with the process
                return
            if not data:
                return
            chunks.append(data)

    reader = threading.Thread(target=read_terminal, daemon=True)
    reader.start()
    try:
        terminal_out, _ = on_terminal.communicate(timeout=600)
        pipe_out, pipe_err = on_pipe.communicate(timeout=600)
        reader.join(10)
    finally:
        for proc in (on_terminal, on_pipe):
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        os.close(leader)
    terminal_err = b"".join(chunks).decode(errors="replace").replace("\r\n", "\n")
    return ((on_terminal.returncode, terminal_out, terminal_err),
            (on_pipe.returncode, pipe_out, pipe_err))


def test_a_first_compile_on_a_terminal_says_so_once(first_compiles):
    code, out, err = first_compiles[0]
    assert code == 0, err
    compiles = int(out.split("COMPILES")[1])
    assert compiles >= 1  # it did compile (the cache was empty)
    assert EVALUATOR_LINE in err.splitlines(), err
    assert err.count(EVALUATOR_LINE) == 1  # two calls, one line
    assert all(line.startswith("pokersim: compiling the ") for line in err.splitlines()), err


def test_a_first_compile_with_stderr_on_a_pipe_prints_nothing(first_compiles):
    code, out, err = first_compiles[1]
    assert code == 0, err
    assert int(out.split("COMPILES")[1]) >= 1
    assert err == ""


# ------------------------------------------------------------------------ the progress bar


def _bar_after(first_chunk_seconds: float, restart: bool, clock: list[float]) -> dict:
    """A bar of 100 trials (as the runner makes it, on a StringIO): a first chunk of 10
    trials that took ``first_chunk_seconds`` (compiling), then 10 trials a second; its
    numbers at the end."""
    bar = runner.progress_bar(True, 100, "equity", "trials")
    clock[0] += first_chunk_seconds
    if restart:
        runner._restart_clock(bar, 10)
    else:
        bar.update(10)
    clock[0] += 1.0
    bar.update(10)
    numbers = bar.format_dict
    bar.close()
    return numbers


def test_the_bar_clock_starts_after_compiling(monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr(tqdm.std, "time", lambda: clock[0])  # the bars' clock
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    before = _bar_after(20.0, restart=False, clock=clock)
    after = _bar_after(20.0, restart=True, clock=clock)
    assert before["n"] == after["n"] == 20
    assert after["elapsed"] == pytest.approx(1.0)  # not the 21 s since the bar began
    assert after["rate"] == pytest.approx(10.0)  # 10 trials in the second since compiling
    assert (100 - after["n"]) / after["rate"] == pytest.approx(8.0)  # the time left: 8 s
    assert before["rate"] < 2.5  # the compile counted: a time left of half a minute and more
    assert before["elapsed"] == pytest.approx(21.0)


def test_the_runner_restarts_the_clock_after_a_chunk_that_compiled(monkeypatch):
    compiled = [0]
    monkeypatch.setattr(runner._compiling, "compiles", lambda: compiled[0])
    restarts: list[int] = []
    monkeypatch.setattr(runner, "_restart_clock", lambda bar, n: restarts.append(n))

    def count(problem, first, n):
        if first in (0, 8):  # these chunks compiled a kernel
            compiled[0] += 1
        return (np.array([n]),)

    run = runner.run_chunks(count, None, n_blocks=10, chunk_blocks=4, progress=True)
    assert run.counts[0].tolist() == [10]
    assert restarts == [4, 2]  # the units of each chunk that compiled, counted before the clock
