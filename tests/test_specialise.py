"""pokersim._core.specialise: a shape runs on the general kernel until its own kernel pays.

Toy kernels check the rule (compiled already here or on disk: at once; else after
``SPECIALISE_AFTER`` seconds of running, compiles not counted); the real loops check that the
general kernel gives the specialised kernel's very numbers, and a second process finds the
kernel a first one specialised in the disk cache.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numba
import numpy as np
import pytest

from pokersim import config, rankings
from pokersim._core import cache, specialise
from pokersim._core.montecarlo import chunk_counts
from pokersim.analysis import frequencies

REPO = Path(__file__).resolve().parents[1]


def _toy():
    """A loop of x * k: k compiled in, or a run-time value; each shape's kernel made once."""
    made: dict = {}

    def own(k):
        return made.setdefault(k, numba.njit(lambda x: x * k))

    general = numba.njit(lambda x, k: x * k)
    general(1, 1)  # compiled now (the time of a compile is not counted, but of pokersim's only)
    return specialise.Specialised(own, general, lambda k: (k,)), general, own


def test_a_shape_gets_its_own_kernel_once_the_general_one_ran_long_enough(monkeypatch):
    monkeypatch.setattr(config, "SPECIALISE_AFTER", 0.05)
    loop, general, _ = _toy()
    with loop.pick(3) as (kernel, extra):
        assert kernel is general and extra == (3,) and kernel(2, *extra) == 6
        time.sleep(0.03)
    with loop.pick(3) as (kernel, extra):  # 0.03 s run: not yet
        assert kernel is general
        time.sleep(0.03)
    with loop.pick(4) as (kernel, extra):  # each shape counts its own time
        assert kernel is general
    with loop.pick(3) as (kernel, extra):  # 0.06 s: its own now, and from then on
        assert kernel is not general and extra == () and kernel(2) == 6
    assert loop.has_own(3) and not loop.has_own(4)


def test_at_once_when_its_kernel_is_compiled_or_when_asked(monkeypatch):
    monkeypatch.setattr(config, "SPECIALISE_AFTER", float("inf"))
    loop, general, own = _toy()
    own(5)(1)  # compiled in this process already
    with loop.pick(5) as (kernel, _):
        assert kernel is not general
    with loop.pick(6) as (kernel, _):
        assert kernel is general
    monkeypatch.setattr(config, "SPECIALISE_AFTER", 0.0)  # pokersim compile, the bench
    with loop.pick(7) as (kernel, _):
        assert kernel is not general and kernel(2) == 14
    eager = specialise.Specialised(own, general, lambda k: (k,), at_once=[(8,)])
    monkeypatch.setattr(config, "SPECIALISE_AFTER", float("inf"))
    assert eager.has_own(8) and not eager.has_own(9)


def test_compiles_are_not_counted_as_running(monkeypatch):
    monkeypatch.setattr(config, "SPECIALISE_AFTER", 0.5)
    loop, general, _ = _toy()
    monkeypatch.setattr(specialise.compiling, "compile_seconds",
                        iter([0.0, 10.0, 10.0, 10.0]).__next__)
    with loop.pick(3):
        time.sleep(0.6)  # a 0.6 s call of which the "compile" took 10 s: nothing ran
    with loop.pick(3) as (kernel, _):
        assert kernel is general


def test_has_compiled_reads_the_disk_cache_of_each_kernel_a_factory_makes():
    # pokersim's kernels in a fresh cache: a shape's kernel is found there only once compiled
    # (a second process, so that the compile is this test's own), each shape on its own
    code = """
import sys, pokersim as ps
from pokersim import config, dealing
from pokersim._core import cache
config.SPECIALISE_AFTER = float(sys.argv[1])
before = cache.has_compiled(dealing._deal_kernel(52, 7))
rows = ps.deal(100, 7, seed=4)
print(before, dealing.DEALING.has_own(52, 7), cache.has_compiled(dealing._deal_kernel(52, 6)),
      int(rows.sum()))
"""
    env = dict(os.environ, PYTHONPATH=str(REPO))
    with tempfile.TemporaryDirectory() as folder:
        env["NUMBA_CACHE_DIR"] = folder
        runs = [subprocess.run([sys.executable, "-c", code, after], env=env, cwd=REPO,
                               capture_output=True, text=True, timeout=600)
                for after in ("0", "inf")]
    for run in runs:
        assert run.returncode == 0, run.stderr[-2000:]
    first, second = (run.stdout.split() for run in runs)
    assert first[:3] == ["False", "True", "False"]  # specialised at once, as asked
    assert second[:3] == ["True", "True", "False"]  # found on disk, used though "inf"
    assert first[3] == second[3]  # the same rows
    assert not cache.has_compiled(numba.njit(lambda x: x))


@pytest.mark.parametrize("cards, ranking", [(7, "high"), (3, "zhajinhua")])
def test_the_general_monte_carlo_kernel_counts_as_the_specialised_one(cards, ranking):
    r = rankings.get(ranking)
    shape = (cards, r.first_card, r.flavor)
    trials = 3 * config.MC_BLOCK - 5
    key = np.uint64(77)

    def counts(kernel, params):
        return chunk_counts(kernel, key, 0, 3, config.MC_BLOCK, trials, params,
                            (r.n_strengths + 1,), (np.empty((1, cards), np.uint8),))

    tables = r.tables.kernel_args()
    own = counts(frequencies._monte_carlo_kernel(*shape), tables)
    general = counts(frequencies._monte_carlo_any_kernel,
                     frequencies.MONTE_CARLO.shape_args(*shape) + tables)
    np.testing.assert_array_equal(own, general)
    assert own.sum() == trials and (own[1:] > 0).sum() > 10
