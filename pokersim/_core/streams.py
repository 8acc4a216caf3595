"""Seeded, splittable random streams for the kernels.

A seed becomes a 64-bit key (via :class:`numpy.random.SeedSequence`). Work is cut into fixed
blocks; block ``b`` draws from SplitMix64 started at ``mix(key ^ mix(b))``, so the numbers depend
on the seed and the block index only — never on the thread count or on how blocks are grouped.
"""

from __future__ import annotations

import numpy as np

from .jit import cache_aligned, jit, mul_wide
from .validation import check_seed

GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def seed_key(seed) -> np.uint64:
    """A 64-bit key from ``seed``: None (fresh entropy), an int >= 0, a SeedSequence or a
    numpy Generator (one draw is taken from it)."""
    check_seed(seed)
    if isinstance(seed, np.random.Generator):
        return np.uint64(seed.integers(0, 2**64, dtype=np.uint64))
    ss = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(
        None if seed is None else int(seed))
    return np.uint64(ss.generate_state(1, np.uint64)[0])


@jit(inline=True)
def mix(z):
    """The SplitMix64 finaliser: a bijective scramble of a 64-bit word."""
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@jit(inline=True)
def block_state(key, block):
    """Starting state of the stream of block ``block``."""
    return mix(key ^ mix(np.uint64(block) * GOLDEN + np.uint64(1)))


@jit(inline=True)
def next_u64(state):
    """(new state, 64 random bits): one SplitMix64 step. Thread the state by hand."""
    state += GOLDEN
    return state, mix(state)


@jit
def alias_table(weights):
    """Walker's alias table for sampling index i with probability weights[i] / sum(weights)
    in constant time (Vose's construction). Returns (threshold, alias): draw i uniformly, keep
    it when a uniform 64-bit word is below ``threshold[i]``, else take ``alias[i]``
    (see :func:`sample_alias`). The chance of index i is exactly the weight's share, up to
    the rounding of ``threshold`` to 64 bits.

    >>> threshold, alias = alias_table(np.array([1.0, 3.0]))
    >>> alias.tolist()
    [1, 1]
    """
    n = weights.shape[0]
    scaled = weights * (n / weights.sum())
    alias = np.arange(n)
    small = np.empty(n, np.int64)
    large = np.empty(n, np.int64)
    n_small = 0
    n_large = 0
    for i in range(n):
        if scaled[i] < 1.0:
            small[n_small] = i
            n_small += 1
        else:
            large[n_large] = i
            n_large += 1
    while n_small > 0 and n_large > 0:
        n_small -= 1
        s = small[n_small]
        g = large[n_large - 1]
        alias[s] = g
        scaled[g] -= 1.0 - scaled[s]
        if scaled[g] < 1.0:  # g moves from the large list to the small one
            n_large -= 1
            small[n_small] = g
            n_small += 1
    threshold = np.empty(n, np.uint64)
    for i in range(n):
        if alias[i] == i or scaled[i] >= 1.0:  # what rounding leaves over counts as full
            threshold[i] = np.uint64(0xFFFFFFFFFFFFFFFF)
            alias[i] = i
        else:
            threshold[i] = np.uint64(max(scaled[i], 0.0) * 18446744073709551616.0)
    return threshold, alias


def alias_tables(weight_rows) -> tuple[np.ndarray, np.ndarray]:
    """The alias tables (:func:`alias_table`) of each list of weights, stacked into rows
    padded to the longest: the ``(threshold, alias)`` that :func:`sample_alias` takes.

    >>> threshold, alias = alias_tables([[1.0, 3.0], [2.0]])
    >>> alias.tolist()
    [[1, 1], [0, 0]]
    """
    width = max((len(w) for w in weight_rows), default=1)
    threshold = np.zeros((len(weight_rows), width), np.uint64)
    alias = np.zeros((len(weight_rows), width), np.int64)
    for i, w in enumerate(weight_rows):
        threshold[i, :len(w)], alias[i, :len(w)] = alias_table(np.asarray(w, np.float64))
    return threshold, alias


@jit(inline=True)
def sample_alias(state, threshold, alias, row, n):
    """(new state, index as uint64) drawn with one 64-bit number from row ``row`` of stacked
    alias tables (the first ``n`` entries: see :func:`alias_table`). The number's product with
    ``n`` gives the index (high word) and the coin (low word); each chance is off by at most
    ``n / 2**64`` (below 1e-13 for two million entries)."""
    state, r = next_u64(state)
    i, coin = mul_wide(r, np.uint64(n))
    return state, i if coin < threshold[row, i] else np.uint64(alias[row, i])


def alias_rows(weights, payload: np.ndarray) -> np.ndarray:
    """An alias table (:func:`alias_table`) of ``weights`` with each entry's ``payload`` (a
    row of uint64 each) beside it: row i holds threshold i, alias i, then payload i, padded
    to a whole number of 64-byte cache lines and aligned to one, so that a draw
    (:func:`sample_alias_row`) and the entry it keeps read one line where weights are even.

    >>> rows = alias_rows([1.0, 3.0], np.array([[7], [8]], np.uint64))
    >>> rows.shape, rows[:, 1].tolist(), rows[:, 2].tolist()
    ((2, 8), [1, 1], [7, 8])
    """
    n, width = payload.shape
    rows = cache_aligned(np.zeros((n, -(-(2 + width) // 8) * 8), np.uint64))
    threshold, alias = alias_table(np.asarray(weights, np.float64))
    rows[:, 0], rows[:, 1], rows[:, 2:2 + width] = threshold, alias, payload
    return rows


@jit(inline=True)
def sample_alias_row(state, rows):
    """(new state, index as uint64) drawn from an :func:`alias_rows` table with one 64-bit
    number, as :func:`sample_alias` draws from its tables (the same index from the same
    number)."""
    state, r = next_u64(state)
    i, coin = mul_wide(r, np.uint64(rows.shape[0]))
    return state, i if coin < rows[i, 0] else rows[i, 1]
