"""pokersim._core.montecarlo: the one block driver under every game's Monte Carlo kernel.

A toy kernel (deal three cards a trial, count the cards dealt) is checked against a plain
reference that deals each block on its own (stream ``block_state(key, b)``, a fresh deck);
then the real kernels' chunk functions give the same counts however the blocks are grouped
and whatever the thread count, and a second process loads every kernel from the cache.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numba
import numpy as np
import pytest

from pokersim import config
from pokersim._core import montecarlo
from pokersim._core.jit import jit
from pokersim._core.montecarlo import chunk_counts, count_blocks
from pokersim._core.streams import block_state
from pokersim.analysis import frequencies
from pokersim.dealing import deal_plan, deal_row
from pokersim.games import draw5, zhajinhua

REPO = Path(__file__).resolve().parents[1]
KEY = np.uint64(0x1234_5678_9ABC_DEF0)
PLAN = deal_plan(52, 3)


@jit(inline=True)
def _deal_three(state, n, deck, scratch, params, local):
    hand = scratch[0]
    for _ in range(n):
        state = deal_row(state, deck, hand, 0, 52, 3, params[0])
        for j in range(3):
            local[hand[0, j]] += 1


@jit(worker=True)
def _toy_kernel(w, n_workers, key, first_block, n_blocks, claimed, block, trials, params, space):
    count_blocks(_deal_three, key, first_block, n_blocks, claimed, block, trials, params,
                 space)


@jit
def _reference_block(key, b, block, trials, plan):
    """The cards dealt in block b, written plainly: a fresh deck, stream b, rows in turn."""
    rows = min(block, trials - b * block)
    out = np.empty((rows, 3), np.uint8)
    deck = np.arange(52).astype(np.uint8)
    state = block_state(key, b)
    for i in range(rows):
        state = deal_row(state, deck, out, i, 52, 3, plan)
    return out


def toy(first, n, block, trials):
    return chunk_counts(_toy_kernel, KEY, first, n, block, trials, (PLAN,), (52,),
                        (np.empty((1, 3), np.uint8),))


def reference(first, n, block, trials):
    return sum(np.bincount(_reference_block(KEY, b, block, trials, PLAN).ravel(), minlength=52)
               for b in range(first, first + n))


@pytest.mark.parametrize("first, n, block, trials", [(0, 1, 1000, 1000), (0, 7, 1000, 6500),
                                                     (3, 4, 257, 1800), (5, 1, 100, 501)])
def test_each_block_is_its_own_stream_and_deck(first, n, block, trials):
    counts = toy(first, n, block, trials)
    assert counts.dtype == np.int64
    np.testing.assert_array_equal(counts, reference(first, n, block, trials))
    assert counts.sum() == 3 * (min((first + n) * block, trials) - first * block)


def test_same_counts_for_one_and_two_threads():
    before = numba.get_num_threads()
    default = toy(0, 9, 1000, 8500)
    try:
        numba.set_num_threads(1)
        single = toy(0, 9, 1000, 8500)
    finally:
        numba.set_num_threads(before)
    np.testing.assert_array_equal(default, single)


def test_same_counts_for_any_chunking():
    block, trials = 1000, 9999
    whole = montecarlo.run(lambda problem, first, n: (toy(first, n, block, trials),), None,
                           trials, block, chunk_size=trials).counts[0]
    for chunk_size in (1, 1000, 2500, 4000):
        run = montecarlo.run(lambda problem, first, n: (toy(first, n, block, trials),), None,
                             trials, block, chunk_size=chunk_size)
        np.testing.assert_array_equal(run.counts[0], whole)
        assert run.blocks == 10


# The real kernels: chunk functions (problem, first block, blocks) -> tuple of counts
CHUNKS = {
    "frequencies": (frequencies._monte_carlo_chunk, (7, "high", KEY, 5 * config.MC_BLOCK - 3)),
    "draw5": (draw5._monte_carlo_chunk, (6, KEY, 5 * config.MC_BLOCK - 3)),
    "zhajinhua.frequencies": (frequencies._monte_carlo_chunk,  # the zhajinhua ranking's
                              (3, "zhajinhua", KEY, 5 * config.MC_BLOCK - 3)),
    "zhajinhua.win_rates": (zhajinhua._win_rates_chunk,
                            (KEY, 9, 5 * zhajinhua.TABLE_BLOCK - 3,
                             zhajinhua.Rules(rule_235=True))),
}


@pytest.mark.parametrize("name", list(CHUNKS))
def test_kernels_count_the_same_however_blocks_are_grouped(name):
    compute, problem = CHUNKS[name]
    whole = compute(problem, 0, 5)
    parts = [compute(problem, 0, 2), compute(problem, 2, 1), compute(problem, 3, 2)]
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        single = compute(problem, 0, 5)
    finally:
        numba.set_num_threads(before)
    for i, total in enumerate(whole):
        np.testing.assert_array_equal(sum(p[i] for p in parts), total)
        np.testing.assert_array_equal(single[i], total)


WARM_START = """
import numpy as np
from pokersim.analysis import frequencies
from pokersim.games import draw5, zhajinhua
key = np.uint64(1)
frequencies._monte_carlo_chunk((5, "high", key, 10), 0, 1)
draw5._monte_carlo_chunk((3, key, 10), 0, 1)
frequencies._monte_carlo_chunk((3, "zhajinhua", key, 10), 0, 1)
zhajinhua._win_rates_chunk((key, 3, 10, zhajinhua.Rules()), 0, 1)
"""


def test_a_second_process_loads_the_kernels_from_the_cache():
    """The kernels pass module-level functions to the driver: nothing in their cache key
    changes from one process to the next, so a warm start compiles nothing."""
    env = dict(os.environ, NUMBA_DEBUG_CACHE="1", PYTHONPATH=str(REPO))
    runs = [subprocess.run([sys.executable, "-c", WARM_START], cwd=REPO, env=env,
                           capture_output=True, text=True, timeout=600) for _ in range(2)]
    for run in runs:
        assert run.returncode == 0, run.stderr
    second = runs[1].stdout + runs[1].stderr
    kernels = ("_monte_carlo_any_kernel", "_win_kernel", "_win_rates_kernel")
    for kernel in kernels:
        assert any("data loaded" in line and kernel in line for line in second.splitlines()), \
            (kernel, second[-3000:])
    assert "data saved" not in second, second[-3000:]
