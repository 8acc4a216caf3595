"""Run a simulation in chunks: here on Numba threads, or on a Dask cluster or an executor.

Work is a number of fixed-size *blocks* (block ``b`` draws from random stream ``b``, see
:mod:`pokersim._core.streams`), grouped into *chunks* of consecutive blocks. A chunk is one call
``compute(problem, first_block, n_blocks)`` returning a tuple of count arrays, and the total is
their sum (counts merge by addition). Chunks are added in index order and the stop rule is
checked after each, so a run that stops early (``target_stderr``) counts the same chunks
whatever executes them: the same seed and chunk size give identical numbers locally, on an
executor and on any number of Dask workers. A chunk lost with a worker is recomputed by Dask
and still counted once.

>>> def count(problem, first, n):  # a toy chunk: how many blocks it covered
...     return (np.array([n]),)
>>> run_chunks(count, None, n_blocks=10, chunk_blocks=4).counts
(array([10]),)

With ``client=`` (a ``dask.distributed.Client`` or a ``concurrent.futures.Executor``) the
chunks are submitted as tasks, a few per worker at a time, and cancelled once the stop rule
is met or on Ctrl-C. Dask is imported only when a client is given.

On a Dask worker a chunk runs alone in its process, on as many Numba threads as the worker has
threads (at most ``NUMBA_NUM_THREADS``): a lock held for the whole kernel makes the worker's
other chunks wait their turn. A worker started with ``--nthreads 16`` runs one kernel on 16
threads, not 16 kernels of 16 threads (256 threads on 16 cores). One kernel on all the threads
is as fast as a local run, so two chunks per worker process are in flight: one running and one
ready to start. Chunks given to an executor take the same lock.

A ``ProcessPoolExecutor`` may start its workers in any way: a forked worker forgets the
thread pool and the locks it inherits from this process (``os.register_at_fork``), and runs
its chunks on threads of its own.
"""

from __future__ import annotations

import collections
import concurrent.futures
import itertools
import os
import sys
import threading
import time
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass
from typing import Any

import numba
import numpy as np

from .. import config
from ..errors import PokersimInputError
from . import compiling as _compiling
from .validation import check_count, check_flag, short_repr

Counts = tuple[np.ndarray, ...]
Compute = Callable[[Any, int, int], Counts]  # (problem, first block, blocks)


@dataclass(frozen=True)
class ChunkRun:
    """What a run counted: the summed ``counts`` of the first ``blocks`` blocks, and whether
    Ctrl-C cut it short."""

    counts: Counts
    blocks: int
    interrupted: bool


def run_chunks(compute: Compute, problem, n_blocks: int, chunk_blocks: int, *, client=None,
               stop: Callable[[Counts], bool] | None = None, progress: bool = False,
               block_size: int = 1, total: int | None = None, open_ended: bool = False,
               desc: str | None = None, unit: str = "trials", grow: bool = False) -> ChunkRun:
    """Sum ``compute(problem, first, n)`` over the chunks of ``n_blocks`` blocks.

    ``stop(counts)`` is asked after each chunk (in order) whether to end early. With ``grow``
    (the caller's word that its numbers do not depend on where chunks end) a run here, without
    a client, doubles its chunks from ``chunk_blocks`` blocks while each takes less than half of
    :data:`pokersim.config.CHUNK_SECONDS`: each chunk's calls to every worker, and the wait for
    the last of them to finish its last block, are then a small part of the run. A block holds
    ``block_size`` units (trials, hands, tuples) and the last block is short, ``total`` in
    all. ``progress`` shows a bar on stderr (tqdm) that follows chunks as they complete, on a
    cluster too; it shows no end when the run is ``open_ended`` (the stop rule, such as a
    target standard error, may end it long before ``total``). Ctrl-C ends the run: the
    chunks already added are returned with ``interrupted=True``, or KeyboardInterrupt goes on
    up if no chunk had finished. A run has at least one block.
    """
    check_client(client)
    if n_blocks < 1:
        raise ValueError(f"a run has at least one block; got n_blocks={n_blocks}")
    total = n_blocks * block_size if total is None else total
    bar = progress_bar(progress, None if open_ended else total, desc, unit)

    def units(first: int, end: int) -> int:
        return min(end * block_size, total) - first * block_size

    deferred = []  # Ctrl-C while the bar was drawn: raised once the chunk is counted
    compiled = [_compiling.compiles()]  # kernels compiled in this process so far

    def done(first: int, end: int) -> None:
        try:
            if _compiling.compiles() == compiled[0]:
                bar.update(units(first, end))
            else:  # the chunk waited for Numba to compile: the bar's clock starts now
                compiled[0] = _compiling.compiles()
                _restart_clock(bar, units(first, end))
        except KeyboardInterrupt:
            deferred.append(first)

    results = _results(compute, problem, chunk_blocks, n_blocks, client, done, grow)
    counts: Counts | None = None
    blocks, interrupted = 0, False
    try:
        for end, chunk in results:
            counts = chunk if counts is None else tuple(
                a + b for a, b in zip(counts, chunk, strict=True))
            blocks = end
            if deferred:
                raise KeyboardInterrupt
            if stop is not None and stop(counts):
                break
    except KeyboardInterrupt:
        if counts is None:  # nothing counted yet: nothing to return
            raise
        interrupted = True
    finally:
        results.close()  # cancels the chunks still queued or running
        bar.close()
    assert counts is not None  # one chunk at least finished, or KeyboardInterrupt went up
    return ChunkRun(counts, blocks, interrupted)


def chunk_blocks(chunk_size, block: int) -> int:
    """Blocks per chunk for ``chunk_size`` units (None: ``config.CHUNK_TRIALS``), rounded up."""
    size = config.CHUNK_TRIALS if chunk_size is None else check_count(chunk_size, "chunk_size", 1)
    return -(-size // block)


def check_client(client) -> None:
    """None, a Dask ``Client`` or a ``concurrent.futures.Executor``; anything else is an
    error."""
    if client is None or _is_dask(client):
        return
    if not isinstance(client, concurrent.futures.Executor):
        raise PokersimInputError(f"client must be a dask.distributed.Client or a "
                                 f"concurrent.futures.Executor; got {short_repr(client)}")


def _is_dask(client) -> bool:
    distributed = sys.modules.get("distributed")  # never imported here: the caller made one
    return distributed is not None and isinstance(client, distributed.Client)


def _results(compute, problem, chunk_blocks, n_blocks, client, done, grow: bool
             ) -> Generator[tuple[int, Counts], None, None]:
    """(the block after the chunk, its counts) of each chunk, in order; ``done(first, end)``
    as each completes (chunks of ``chunk_blocks`` blocks, or growing: see :func:`run_chunks`)."""
    if client is None:
        first, size = 0, chunk_blocks
        while first < n_blocks:
            end = min(first + size, n_blocks)
            began = time.perf_counter()
            chunk = compute(problem, first, end - first)
            if grow and time.perf_counter() - began < config.CHUNK_SECONDS / 2:
                size *= 2
            done(first, end)
            yield end, chunk
            first = end
        return

    def end_of(first: int) -> int:
        return min(first + chunk_blocks, n_blocks)

    def span(first: int) -> tuple[int, int]:
        return first, end_of(first) - first

    starts = range(0, n_blocks, chunk_blocks)
    on = _on_dask if _is_dask(client) else _on_executor
    chunks = on(client, compute, problem, starts, span, lambda first: done(first, end_of(first)))
    try:
        for first, chunk in chunks:
            yield end_of(first), chunk
    finally:
        chunks.close()  # cancels the tasks in flight, as the caller closes this generator


def _in_order(keys: Iterable, submit, wait_any, cancel, window: int, done):
    """Keep up to ``window`` tasks in flight, ``submit(key)`` each of ``keys`` (taken as they
    are needed: an iterator is read lazily); yield (key, result) in the order of ``keys``."""
    pending: dict = {}  # future -> key
    ready: dict = {}
    order: collections.deque = collections.deque()
    queue = iter(keys)
    try:
        while True:
            for key in itertools.islice(queue, window - len(pending)):
                pending[submit(key)] = key
                order.append(key)
            if not order:
                return
            first = order.popleft()
            while first not in ready:
                for future in wait_any(list(pending)):
                    key = pending.pop(future)
                    ready[key] = future.result()
                    done(key)
            yield first, ready.pop(first)
    finally:
        if pending:
            cancel(list(pending))


def _on_executor(executor, compute, problem, starts, span, done):
    def submit(first):
        return executor.submit(_alone, compute, problem, *span(first))

    yield from _in_order(starts, submit, *_executor_waits(executor), done)


def _executor_waits(executor) -> tuple[Callable, Callable, int]:
    """(wait_any, cancel, window) of :func:`_in_order` on a ``concurrent.futures`` executor."""
    def wait_any(futures):
        return concurrent.futures.wait(
            futures, return_when=concurrent.futures.FIRST_COMPLETED).done

    def cancel(futures):
        for f in futures:
            f.cancel()

    return wait_any, cancel, 2 * (getattr(executor, "_max_workers", None) or 2)


def _on_dask(client, compute, problem, starts, span, done):

    # The problem is a task of its own (not scattered data): if the worker holding it dies,
    # Dask recomputes it from the graph instead of failing the chunks that need it. Dask sends
    # a task only to workers that hold its inputs, so the problem is first copied to every
    # worker: otherwise all chunks queue where it was computed until work stealing moves some.
    shared = client.submit(_identity, problem, pure=False)
    try:
        client.replicate([shared])

        def submit(first):
            return client.submit(_on_worker, compute, shared, *span(first), pure=False)

        yield from _in_order(starts, submit, *_dask_waits(client), done)
    finally:
        client.cancel([shared])


def _dask_waits(client) -> tuple[Callable, Callable, int]:
    """(wait_any, cancel, window) of :func:`_in_order` on a Dask client."""
    import distributed

    def wait_any(futures):
        with client.as_current():  # else wait() uses the newest client and its event loop
            return distributed.wait(futures, return_when="FIRST_COMPLETED").done

    # a worker runs one chunk at a time (see _on_worker): one running, one ready to start
    return wait_any, client.cancel, 2 * max(len(client.nthreads()), 1)


def map_in_order(function: Callable, items: Iterable, client=None) -> Generator:
    """``function(item)`` of each of ``items`` (read as they are needed), in order: here, one
    after the other; or on ``client`` (a Dask client or an executor, see
    :func:`check_client`) as tasks, a few per worker in flight, each alone in its worker
    process on all its threads as chunks are. Closing the iterator cancels the tasks still
    in flight.

    >>> list(map_in_order(abs, [-2, 3, -1]))
    [2, 3, 1]
    """
    check_client(client)
    if client is None:
        for item in items:
            yield function(item)
        return
    held: dict[int, Any] = {}

    def keys():
        for i, item in enumerate(items):
            held[i] = item
            yield i

    if _is_dask(client):
        def submit(i):
            return client.submit(_on_worker, _apply, function, held.pop(i), 1, pure=False)

        waits = _dask_waits(client)
    else:
        def submit(i):
            return client.submit(_alone, _apply, function, held.pop(i), 1)

        waits = _executor_waits(client)
    results = _in_order(keys(), submit, *waits, lambda i: None)
    try:
        for _, result in results:
            yield result
    finally:
        results.close()


def _apply(function, item, _):
    """``function(item)``, as a chunk's ``compute(problem, first, n)`` is called."""
    return function(item)


def _identity(x):
    return x


#: Held by the chunk running in this process: one parallel kernel at a time per process.
_KERNEL_LOCK = threading.Lock()


def _new_kernel_lock() -> None:
    """In a forked child: a lock of its own (a thread of the parent may have held this one)."""
    global _KERNEL_LOCK
    _KERNEL_LOCK = threading.Lock()


if hasattr(os, "register_at_fork"):  # not on Windows, which never forks
    os.register_at_fork(after_in_child=_new_kernel_lock)


def _on_worker(compute, problem, first, n):
    """A chunk on a Dask worker: alone in its process, on as many Numba threads as the worker
    has threads (at most ``NUMBA_NUM_THREADS``)."""
    from distributed import get_worker

    threads = min(get_worker().state.nthreads, numba.config.NUMBA_NUM_THREADS)
    with _KERNEL_LOCK:
        numba.set_num_threads(max(threads, 1))  # per calling thread
        return compute(problem, first, n)


def _alone(compute, problem, first, n):
    """A chunk on an executor: alone in its process, on its thread's Numba threads."""
    with _KERNEL_LOCK:
        return compute(problem, first, n)


def progress_bar(progress: bool, total: int | None, desc: str | None, unit: str):
    """A tqdm bar on stderr of ``total`` (None: no end) ``unit`` where ``progress``, shown
    once a run lasts over ``config.PROGRESS_DELAY``; else one that shows nothing."""
    if not check_flag(progress, "progress"):
        return _NoBar()
    from tqdm import tqdm

    try:  # a terminal that reports no size (some pseudo-terminals) would get a 0-wide bar
        width = os.get_terminal_size(sys.stderr.fileno()).columns
    except (OSError, ValueError, AttributeError):
        width = 0
    size = dict(dynamic_ncols=True) if width else dict(ncols=80, nrows=24)
    # shown only for runs over a second; unit_scale prints 12.3M rather than 12345678
    return tqdm(total=total, desc=desc, unit=f" {unit}", unit_scale=True,
                delay=config.PROGRESS_DELAY, file=sys.stderr, leave=False, **size)


def _restart_clock(bar, n: int) -> None:
    """Count ``n`` more units done, and start the bar's clock now: its rate, time left and
    time elapsed leave out what came before (a first chunk that spent most of its time
    compiling kernels, whose rate would be far too low), and it shows only once its delay
    has passed again."""
    if isinstance(bar, _NoBar):
        return
    bar.unpause()  # tqdm: start_t moves on by the time since the last print, which is now
    bar.n += n
    bar.initial = bar.last_print_n = bar.n  # the rate counts the units done after now


class _NoBar:
    def update(self, n):
        pass

    def close(self):
        pass
