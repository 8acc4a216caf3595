"""The runs of every equity kernel: exact enumeration and Monte Carlo, in chunks
(:func:`pokersim._core.runner.run_chunks`), ending in one
:class:`~pokersim.engine.outcomes.Counted`.

A run gives a chunk function, ``chunk(problem, first, n)`` for blocks ``first .. first + n -
1``, that returns the counts of its blocks, which add up: in Monte Carlo ``(codes, categories,
stalled)``, the outcome-code counts (see :mod:`pokersim.engine.outcomes`), the category
counts (no rows where not counted) and how many workers gave up on players whose hands
conflict too often; in exact runs what its kernel sums. The rest (when to stop, what a
Ctrl-C leaves, the errors) is here, once.
"""

from __future__ import annotations

from dataclasses import replace

from .. import config
from .._core.runner import chunk_blocks, run_chunks
from ..errors import PokersimInputError
from .outcomes import Counted, standard_errors

__all__ = ["exact_counts", "monte_carlo_counts"]


def exact_counts(chunk, problem, n_blocks: int, per_chunk: int, *, client, progress: bool,
                 block_size: int = 1, total: int | None = None, unit: str = "deals"):
    """The summed counts of an exact run of ``n_blocks`` blocks (what ``chunk`` returns), in
    chunks of ``per_chunk`` blocks; Ctrl-C stops it with a plain KeyboardInterrupt (an exact
    answer has no partial form)."""
    run = run_chunks(chunk, problem, n_blocks, per_chunk, client=client, progress=progress,
                     block_size=block_size, total=total, desc="exact equity", unit=unit)
    if run.interrupted:
        raise KeyboardInterrupt
    return run.counts


def monte_carlo_counts(chunk, problem, trials: int, block: int, *, split: bool, seed,
                       target_stderr: float | None, client, chunk_size: int | None,
                       progress: bool) -> Counted:
    """The counts of ``trials`` Monte Carlo trials in blocks of ``block`` (chunks of
    ``chunk_size`` trials, whole blocks), stopped once every player's standard error is
    below ``target_stderr`` (checked after each chunk; ``split``: the game has a low half);
    a Ctrl-C keeps the chunks done (method ``"monte-carlo (partial)"``)."""

    def counted(counts, method: str = "monte-carlo") -> Counted:
        codes, categories, _ = counts
        done = int(codes[0].sum())
        return Counted(codes, float(done), done, done, method,
                       categories=categories if categories.shape[0] else None, seed=seed)

    def reached(counts) -> bool:
        return bool((standard_errors(counted(counts), split) < target_stderr).all())

    def stop(counts) -> bool:
        return bool(counts[2][0]) or target_stderr is not None and reached(counts)

    run = run_chunks(chunk, problem, -(-trials // block), chunk_blocks(chunk_size, block),
                     client=client, stop=stop, progress=progress, block_size=block,
                     total=trials, open_ended=target_stderr is not None, desc="equity",
                     grow=target_stderr is None and chunk_size is None)
    if run.counts[2][0]:
        raise PokersimInputError(
            f"the players' hands conflict too often: {config.MAX_REJECTIONS:,} draws in a row "
            "gave two players a card in common; narrow or widen their ranges or lists")
    met = None if target_stderr is None or run.interrupted else reached(run.counts)
    return replace(counted(run.counts, "monte-carlo (partial)" if run.interrupted
                           else "monte-carlo"), target_met=met)
