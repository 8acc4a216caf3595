"""Counting and listing subsets of cards: binomials, subset ranks, lexicographic enumeration.

A k-subset of ``range(n)`` is written with its members increasing, ``c_0 < c_1 < ...``.

* :data:`BINOM` holds C(n, k) for every deck size n <= 52 and k <= 7, from :func:`math.comb`.
* The *colex rank* of a k-subset is ``sum_i C(c_i, i + 1)`` (the combinatorial number
  system): the k-subsets of ``range(n)`` get the ranks 0 .. C(n, k) - 1, whatever n.
  Subsets of every size of the deck share one flat index, ``SUBSET_OFFSET[k]`` + rank
  (:func:`subset_index`, and :func:`subset_indices` for all subsets of a hand at once).
* Every enumeration walks the k-subsets in lexicographic order with
  :func:`next_combination` (:func:`first_combination` starts the run of those whose lowest
  member is a given card, so that workers can split the work by lowest card), or reads them
  from :func:`subsets`, the array of all of them, built once with the same two functions.

>>> subsets(5, 3)[:4].tolist()
[[0, 1, 2], [0, 1, 3], [0, 1, 4], [0, 2, 3]]
>>> int(subset_index(np.array([0, 1, 2]))) == int(SUBSET_OFFSET[3])  # the first 3-subset
True
"""

from __future__ import annotations

import functools
from math import comb

import numpy as np

from .jit import jit

#: Cards in the deck, and the largest subset size that :data:`BINOM` covers (a 7-card hand).
DECK = 52
MAX_SUBSET = 7
#: ``BINOM[n, k]`` = C(n, k) for 0 <= n <= 52 and 0 <= k <= 7 (0 when k > n), int64.
BINOM = np.array([[comb(n, k) for k in range(MAX_SUBSET + 1)] for n in range(DECK + 1)],
                 np.int64)
BINOM.setflags(write=False)


def binomials(max_n: int, max_k: int) -> np.ndarray:
    """``out[n, k]`` = C(n, k) for 0 <= n <= max_n and 0 <= k <= max_k (0 when k > n), int64:
    :data:`BINOM` for larger subsets or decks with several rows of unknown cards.

    >>> int(binomials(64, 11)[47, 11]) == comb(47, 11)
    True
    """
    return np.array([[comb(n, k) for k in range(max_k + 1)] for n in range(max_n + 1)],
                    np.int64)


#: ``SUBSET_OFFSET[k]``: the number of subsets of the deck with fewer than k cards, where
#: the flat indices of the k-card subsets start (k = 0 .. 8).
SUBSET_OFFSET = np.concatenate([[0], np.cumsum(BINOM[DECK])]).astype(np.int64)
SUBSET_OFFSET.setflags(write=False)
#: ``SUBSET_SIZE[m]``: the number of set bits of m < 128, the size of subset m of a hand.
SUBSET_SIZE = np.array([bin(m).count("1") for m in range(2**MAX_SUBSET)], np.int64)
SUBSET_SIZE.setflags(write=False)


@jit(inline=True)
def colex_rank(cards, k):
    """The colex rank ``sum_i C(cards[i], i + 1)`` of the sorted k-subset ``cards[:k]``."""
    rank = 0
    for i in range(k):
        rank += BINOM[cards[i], i + 1]
    return rank


@jit
def subset_index(cards):
    """The flat index of a sorted subset of the deck: ``SUBSET_OFFSET[k]`` + its colex rank.

    >>> int(subset_index(np.array([51]))), int(subset_index(np.array([0, 1])))
    (52, 53)
    """
    k = cards.shape[0]
    return SUBSET_OFFSET[k] + colex_rank(cards, k)


@jit(inline=True)
def subset_indices(hand, out):
    """Fill ``out[m]``, for every subset m of the sorted hand (bit j keeps ``hand[j]``; up
    to seven cards), with its flat index (:func:`subset_index`).

    The rank of m is that of m without its highest card plus the binomial of that card, so
    each index costs one addition."""
    out[0] = 0
    for m in range(1, 1 << hand.shape[0]):
        top = 0
        while m >> (top + 1):
            top += 1
        rest = m ^ (1 << top)
        size = SUBSET_SIZE[m]
        out[m] = (out[rest] - SUBSET_OFFSET[size - 1] + BINOM[hand[top], size]
                  + SUBSET_OFFSET[size])


@jit(inline=True)
def first_combination(idx, k, lowest):
    """Set ``idx[:k]`` to the lexicographically first k-subset whose lowest member is
    ``lowest``: ``lowest, lowest + 1, ...``."""
    for j in range(k):
        idx[j] = lowest + j


@jit(inline=True)
def next_combination(idx, k, n):
    """Advance ``idx[:k]`` to the next k-subset of range(n) in lexicographic order; False
    after the last."""
    i = k - 1
    while i >= 0 and idx[i] == n - k + i:
        i -= 1
    if i < 0:
        return False
    idx[i] += 1
    for j in range(i + 1, k):
        idx[j] = idx[j - 1] + 1
    return True


@jit(inline=True)
def first_row(lowest, n, k):
    """The row of :func:`subsets` ``(n, k)`` where the subsets with lowest member ``lowest``
    start (C(n, k) - C(n - lowest, k): those that start lower come first)."""
    return BINOM[n, k] - BINOM[n - lowest, k]


@functools.cache
def subsets(n: int, k: int) -> np.ndarray:
    """Every k-subset of ``range(n)`` (n <= 52, k <= 7), members increasing, in
    lexicographic order: a read-only (C(n, k), k) uint8 array, built once.

    >>> subsets(52, 5).shape
    (2598960, 5)
    """
    out = np.empty((comb(n, k), k), np.uint8)
    _fill_subsets(out, n)
    out.setflags(write=False)
    return out


@jit
def _fill_subsets(out, n):
    k = out.shape[1]
    idx = np.empty(k, np.int64)
    first_combination(idx, k, 0)
    for row in range(out.shape[0]):
        for j in range(k):
            out[row, j] = idx[j]
        next_combination(idx, k, n)
