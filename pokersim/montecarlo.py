"""One Monte Carlo block driver: blocks, random streams and private per-worker counts.

A run deals ``trials`` trials (hands, deals, tables) in blocks of ``block``, the last one
short. Block ``b`` draws from the stream ``block_state(key, b)`` (see :mod:`pokersim._random`)
and deals from a fresh 52-card deck, so its trials depend on the seed and ``b`` only. A
*chunk* (blocks ``first_block .. first_block + n_blocks - 1``, one task of
:mod:`pokersim.runner`) runs on the Numba threads: worker w of W takes blocks w, w + W, ...
and counts into private zeroed counts, added once at the end to ``counts[w]``; the chunk's
counts are the sum over workers. Counts are integers, so the sum does not depend on the
thread count, the chunking or the executor.

A kernel is a parallel loop over the workers, each running :func:`count_blocks` with the
work of a block passed in (jitted with ``inline=True``)::

    @jit(parallel=True)
    def kernel(key, first_block, n_blocks, block, trials, params, counts):
        for w in prange(counts.shape[0]):
            count_blocks(deal_block, make_scratch, key, first_block, n_blocks, block, trials,
                         w, params, counts)

and :func:`chunk_counts` calls it for a chunk. What was measured shaped this:

* the function passed in deals a whole block (its own loop over the trials), not one trial:
  unpacking ``params`` (a tuple of arrays) once per trial left reference counting in the
  loop, and a 5-card kernel ran 1.15x slower;
* the parallel loop stays in the kernel: a value the kernel captures as a constant (a hand
  size, a deal plan; see :func:`pokersim.deal.deal_row`) stays a compile-time constant only
  when it is read inside that loop, so ``params`` are built there (built before the loop, a
  7-card kernel ran 1.3-1.5x slower);
* the functions passed in are module-level: Numba inlines them and the kernel still loads
  from the on-disk cache (a function held in a closure variable would be pickled into the
  cache key, differently in every process, and force a recompile).

``pokersim._equity.monte_carlo_kernel`` follows the same conventions (blocks, streams, private
counts) with a loop of its own: it runs two trials side by side.

>>> n_blocks(10, 4)
3
"""

from __future__ import annotations

import numba
import numpy as np

from ._jit import jit
from ._random import block_state
from .runner import ChunkRun, chunk_blocks, run_chunks

FULL_DECK = np.arange(52, dtype=np.uint8)


@jit(inline=True)
def count_blocks(deal_block, make_scratch, key, first_block, n_blocks, block, trials, worker,
                 params, counts):
    """Worker ``worker``'s share of a chunk: blocks ``first_block + worker``, then every
    ``counts.shape[0]``-th, of ``block`` trials (``trials`` in all, the last block short).

    Block b is ``deal_block(block_state(key, b), n, deck, scratch, params, local)``: deal
    ``n`` trials from that stream and a fresh deck, counting into ``local``, zeroed counts
    shaped like ``counts[worker]`` that are added to it at the end; ``scratch =
    make_scratch(params)`` is made once per worker.
    """
    n_workers = counts.shape[0]
    local = np.zeros_like(counts[worker])
    deck = np.empty(52, np.uint8)
    scratch = make_scratch(params)
    for b in range(first_block + worker, first_block + n_blocks, n_workers):
        deck[:] = FULL_DECK
        deal_block(block_state(key, b), min(block, trials - b * block), deck, scratch, params,
                   local)
    counts[worker] += local


def chunk_counts(kernel, key, first: int, n: int, block: int, trials: int, params,
                 shape: tuple) -> np.ndarray:
    """The counts (int64, ``shape``) of blocks ``first .. first + n - 1``: ``kernel`` run on
    the Numba threads, one row of counts a worker, summed."""
    counts = np.zeros((numba.get_num_threads(), *shape), np.int64)
    kernel(key, first, n, block, trials, params, counts)
    return counts.sum(axis=0)


def n_blocks(trials: int, block: int) -> int:
    """Blocks of ``block`` trials that ``trials`` trials fill (the last one short)."""
    return -(-trials // block)


def run(compute, problem, trials: int, block: int, *, client=None, chunk_size=None,
        progress: bool = False, stop=None, desc: str | None = None,
        unit: str = "trials") -> ChunkRun:
    """``trials`` trials in blocks of ``block``, in chunks of ``chunk_size`` trials, through
    :func:`pokersim.runner.run_chunks` (``compute(problem, first, n)`` counts a chunk). With
    a ``stop`` rule the progress bar shows no end (the rule may end the run early)."""
    return run_chunks(compute, problem, n_blocks(trials, block), chunk_blocks(chunk_size, block),
                      client=client, stop=stop, progress=progress, block_size=block,
                      total=trials, open_ended=stop is not None, desc=desc, unit=unit)
