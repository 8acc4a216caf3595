import os
import time

import numpy as np
import pytest
from hypothesis import settings
from numba.core import event

import pokersim

# No per-example deadline: the first example of a test may load compiled kernels from disk.
# CI (env CI set) runs every property test with more examples, once.
settings.register_profile("dev", deadline=None)
settings.register_profile("ci", deadline=None, max_examples=500)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", help="run the exhaustive slow tests")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--runslow") or os.environ.get("CI"):
        return
    skip = pytest.mark.skip(reason="slow: run with --runslow (CI runs it)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _doctest_namespace(doctest_namespace):
    doctest_namespace.update(np=np, **{name: getattr(pokersim, name) for name in pokersim.__all__})


class _AllCompiles(event.Listener):
    """Every outermost Numba compile of this process, pokersim's, the tests' own kernels and
    NumPy helpers alike: its seconds and count. Only events with the argument types Numba
    compiles for (``data["args"]``): the made-up events of ``test_compile_notice`` are not
    compiles."""

    def __init__(self):
        self.seconds, self.count, self._open = 0.0, 0, []

    def on_start(self, ev):
        if isinstance(ev.data, dict) and "args" in ev.data:
            self._open.append(time.perf_counter())

    def on_end(self, ev):
        if isinstance(ev.data, dict) and "args" in ev.data and self._open:
            start = self._open.pop()
            if not self._open:
                self.seconds += time.perf_counter() - start
                self.count += 1


_ALL_COMPILES = _AllCompiles()


def pytest_configure(config):
    if os.environ.get("POKERSIM_COMPILE_REPORT"):
        event.register("numba:compile", _ALL_COMPILES)


def pytest_sessionfinish(session):
    """With ``POKERSIM_COMPILE_REPORT=PATH``, each test process adds to PATH a line of the
    seconds it spent compiling pokersim's kernels and how many it compiled, then the same of
    every Numba compile (the issue's yardstick for the suite's compile time: sum the lines)."""
    path = os.environ.get("POKERSIM_COMPILE_REPORT")
    if path:
        from pokersim._core import compiling as _compiling

        with open(path, "a") as f:
            f.write(f"{os.getpid()} {_compiling.compile_seconds():.1f} s "
                    f"{_compiling.compiles()} compiles; all Numba compiles "
                    f"{_ALL_COMPILES.seconds:.1f} s {_ALL_COMPILES.count}\n")
