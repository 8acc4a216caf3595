"""One Monte Carlo block driver: blocks, random streams and private per-worker counts.

A run deals ``trials`` trials (hands, deals, tables) in blocks of ``block``, the last one
short. Block ``b`` draws from the stream ``block_state(key, b)`` (see :mod:`pokersim._core.streams`)
and deals from a fresh 52-card deck, so its trials depend on the seed and ``b`` only. A
*chunk* (blocks ``first_block .. first_block + n_blocks - 1``, one task of
:mod:`pokersim._core.runner`) runs on W workers: each takes the next block left as it finishes one
(a shared atomic counter: a core that another process slows takes fewer) and counts into
zeroed counts of its own; the chunk's counts are the sum over workers. Counts are integers,
so the sum does not depend on the number of workers, which worker took which block, the
chunking or the executor.

A kernel is one worker's share, a worker kernel (``worker=True`` in :func:`pokersim._core.jit.jit`:
it allocates nothing) running :func:`count_blocks` with the work of a block passed in (jitted
with ``inline=True``)::

    @jit(worker=True)
    def kernel(w, n_workers, key, first_block, n_blocks, claimed, block, trials, params, space):
        count_blocks(deal_block, key, first_block, n_blocks, claimed, block, trials, params,
                     space)

and :func:`chunk_counts` runs it on the workers for a chunk, each with its own ``space``
(its counts, a deck and the scratch arrays the block needs). What was measured shaped this:

* the function passed in deals a whole block (its own loop over the trials), not one trial:
  a 5-card kernel that unpacked ``params`` (a tuple of arrays) once per trial ran 1.15x
  slower;
* the functions passed in are module-level: they are inlined and the kernel still loads
  from the on-disk cache (a function held in a closure variable would be pickled into the
  cache key, differently in every process, and force a recompile).

The equity kernels (``pokersim.engine._games``) follow the same conventions (blocks, streams,
private counts) with loops of their own: they run two trials side by side.

>>> n_blocks(10, 4)
3
"""

from __future__ import annotations

import numpy as np

from .jit import jit, on_workers, take_next, worker_copies, workers
from .runner import ChunkRun, chunk_blocks, run_chunks
from .streams import block_state

FULL_DECK = np.arange(52, dtype=np.uint8)


@jit(inline=True, constants=True)
def count_blocks(deal_block, key, first_block, n_blocks, claimed, block, trials, params,
                 space):
    """A worker's share of a chunk: the next block left of ``first_block .. first_block +
    n_blocks - 1`` as it finishes one (``claimed``, the chunk's counter from 0, shared by its
    workers: :func:`~pokersim._core.jit.take_next`), each of ``block`` trials (``trials`` in
    all, the last block short), counted into the worker's ``space = (counts, deck,
    scratch)``.

    Block b is ``deal_block(block_state(key, b), n, deck, scratch, params, counts)``: deal
    ``n`` trials from that stream and a fresh deck, adding to ``counts``; ``scratch`` is the
    tuple of arrays given to :func:`chunk_counts`, the worker's own copies.
    """
    counts, deck, scratch = space
    while True:
        b = first_block + take_next(claimed)
        if b >= first_block + n_blocks:
            break
        for i in range(52):  # FULL_DECK (a slice assignment may copy: no allocation here)
            deck[i] = i
        deal_block(block_state(key, b), min(block, trials - b * block), deck, scratch, params,
                   counts)


def _space(counts, deck, **scratch):
    return counts, deck, tuple(scratch.values())


def chunk_counts(kernel, key, first: int, n: int, block: int, trials: int, params,
                 shape: tuple, scratch: tuple = ()) -> np.ndarray:
    """The counts (int64, ``shape``) of blocks ``first .. first + n - 1``: ``kernel`` run by
    up to :func:`pokersim._core.jit.workers` workers (no more than there are blocks), each with
    its own zeroed counts, deck and copy of the ``scratch`` arrays (their values too), summed.
    """
    n_workers = max(1, min(workers(), n))
    spaces = worker_copies(n_workers, _space, counts=np.zeros(shape, np.int64),
                           deck=FULL_DECK, **{f"scratch{i}": a for i, a in enumerate(scratch)})
    claimed = np.zeros(1, np.int64)
    on_workers(lambda w: kernel(w, n_workers, key, first, n, claimed, block, trials, params,
                                spaces[w]), n_workers)
    return np.sum([space[0] for space in spaces], axis=0)


def n_blocks(trials: int, block: int) -> int:
    """Blocks of ``block`` trials that ``trials`` trials fill (the last one short)."""
    return -(-trials // block)


def run(compute, problem, trials: int, block: int, *, client=None, chunk_size=None,
        progress: bool = False, stop=None, desc: str | None = None, unit: str = "trials",
        whole: bool = False) -> ChunkRun:
    """``trials`` trials in blocks of ``block``, in chunks of ``chunk_size`` trials, through
    :func:`pokersim._core.runner.run_chunks` (``compute(problem, first, n)`` counts a chunk). With
    a ``stop`` rule the progress bar shows no end (the rule may end the run early). ``whole``:
    the counts are whole numbers, which sum the same however the chunks fall, so that without
    a ``stop`` rule or a ``chunk_size`` the chunks grow here (``run_chunks(grow=True)``)."""
    return run_chunks(compute, problem, n_blocks(trials, block), chunk_blocks(chunk_size, block),
                      client=client, stop=stop, progress=progress, block_size=block,
                      total=trials, open_ended=stop is not None, desc=desc, unit=unit,
                      grow=whole and stop is None and chunk_size is None)
