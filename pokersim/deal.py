"""Dealing: rows of distinct cards drawn uniformly from the deck less the dead cards.

>>> deal(2, 5, seed=7).shape
(2, 5)
>>> bool((deal(3, 7, seed=1) == deal(3, 7, seed=1)).all())
True
"""

from __future__ import annotations

import numbers

import numpy as np
from numba import prange

from . import config
from ._jit import jit
from ._random import block_state, below, seed_key
from .cards import as_card_set
from .errors import PokersimInputError


@jit(inline=True)
def deal_row(state, live, k, out):
    """Deal ``k`` distinct cards of ``live`` into ``out``; returns the new stream state.

    Draws with a 64-bit "used" mask and rejection while the deck is much larger than ``k``,
    otherwise a partial Fisher-Yates shuffle of a copy of ``live``. Both are exactly uniform.
    """
    n_live = live.shape[0]
    if 3 * k <= n_live:
        used = np.uint64(0)
        j = 0
        while j < k:
            state, i = below(state, n_live)
            bit = np.uint64(1) << np.uint64(i)
            if not used & bit:
                used |= bit
                out[j] = live[i]
                j += 1
    else:
        deck = live.copy()
        for j in range(k):
            state, i = below(state, n_live - j)
            i += j
            out[j] = deck[i]
            deck[i] = deck[j]
    return state


@jit(parallel=True)
def _deal_kernel(key, live, out, block):
    n = out.shape[0]
    k = out.shape[1]
    n_blocks = (n + block - 1) // block
    for b in prange(n_blocks):
        state = block_state(key, b)
        for i in range(b * block, min(n, (b + 1) * block)):
            state = deal_row(state, live, k, out[i])


def live_cards(dead=None) -> np.ndarray:
    """The deck (0..51) less ``dead``, as a sorted uint8 array."""
    dead = as_card_set(dead, "dead")
    mask = np.ones(52, bool)
    mask[dead] = False
    return np.flatnonzero(mask).astype(np.uint8)


def check_count(value, name: str, minimum: int = 0) -> int:
    """``value`` as an int >= ``minimum``, or a PokersimInputError naming it."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < minimum:
        raise PokersimInputError(f"{name} must be an integer >= {minimum}; got {value!r}")
    return int(value)


def deal(n: int, k: int, seed=None, dead=None) -> np.ndarray:
    """Deal ``n`` rows of ``k`` distinct cards, uniformly from the deck less ``dead``.

    Parameters
    ----------
    n, k : int
        Rows and cards per row (1 <= k <= cards left in the deck).
    seed : None, int, SeedSequence or numpy Generator
        The same seed gives the same array whatever the number of threads.
    dead : text or array of cards, optional
        Cards removed from the deck first (e.g. cards already seen).

    Returns
    -------
    numpy.ndarray of uint8, shape (n, k)

    >>> from pokersim import format_cards
    >>> hand = deal(1, 2, seed=3, dead="As Ks")[0]
    >>> {"As", "Ks"} & set(format_cards(hand).split())
    set()
    """
    n = check_count(n, "n")
    k = check_count(k, "k", 1)
    live = live_cards(dead)
    if k > live.size:
        raise PokersimInputError(f"cannot deal k={k} cards: only {live.size} are left in the deck")
    out = np.empty((n, k), np.uint8)
    _deal_kernel(seed_key(seed), live, out, config.DEAL_BLOCK)
    return out
