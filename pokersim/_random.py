"""Seeded, splittable random streams for the kernels.

A seed becomes a 64-bit key (via :class:`numpy.random.SeedSequence`). Work is cut into fixed
blocks; block ``b`` draws from SplitMix64 started at ``mix(key ^ mix(b))``, so the numbers depend
on the seed and the block index only — never on the thread count or on how blocks are grouped.
"""

from __future__ import annotations

import numbers

import numpy as np

from ._jit import jit
from .errors import PokersimInputError

GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def check_seed(seed) -> None:
    """Raise unless ``seed`` is None, an int >= 0, a SeedSequence or a numpy Generator (for
    functions that take a seed but may not need it, such as an exact enumeration)."""
    if not (seed is None or isinstance(seed, (np.random.Generator, np.random.SeedSequence))
            or isinstance(seed, numbers.Integral) and not isinstance(seed, bool) and seed >= 0):
        raise PokersimInputError(f"seed must be None, an integer >= 0, a SeedSequence or a "
                                 f"numpy Generator; got {seed!r}")


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
