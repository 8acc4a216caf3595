"""pokersim._core.combinatorics against math.comb and itertools.combinations.

Expected values come from the standard library only: binomials from ``math.comb``, subsets
and their lexicographic order from ``itertools.combinations``, colex order by sorting the
subsets on their reversed members.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

import numba
import numpy as np
import pytest

from pokersim._core.combinatorics import (
    BINOM,
    SUBSET_OFFSET,
    SUBSET_SIZE,
    colex_rank,
    first_combination,
    first_row,
    next_combination,
    subset_index,
    subset_indices,
    subsets,
)

# The helpers kernels inline have no Python entry point (pokersim._core.jit._KernelHelper):
# each is called here from a kernel of the test's own.


@numba.njit
def _colex_rank(cards, k):
    return colex_rank(cards, k)


@numba.njit
def _subset_indices(hand, out):
    subset_indices(hand, out)


@numba.njit
def _first_combination(idx, k, start):
    first_combination(idx, k, start)


@numba.njit
def _next_combination(idx, k, n):
    return next_combination(idx, k, n)


def test_binomials_match_math_comb():
    assert BINOM.shape == (53, 8) and BINOM.dtype == np.int64
    for n in range(53):
        for k in range(8):
            assert BINOM[n, k] == comb(n, k), (n, k)
    assert not BINOM.flags.writeable


def test_subset_offsets_count_the_smaller_subsets():
    assert SUBSET_OFFSET.tolist() == [sum(comb(52, j) for j in range(k)) for k in range(9)]
    # the literals video poker used to spell out
    assert SUBSET_OFFSET[:7].tolist() == [0, 1, 53, 1379, 23479, 294204, 2893164]
    assert SUBSET_SIZE.tolist() == [bin(m).count("1") for m in range(128)]


@pytest.mark.parametrize("n, k", [(12, 1), (12, 2), (12, 3), (12, 5), (10, 7), (52, 2)])
def test_colex_ranks_are_positions_in_colex_order(n, k):
    """The k-subsets of range(n) sorted on their reversed members (colex order) have the
    ranks 0, 1, 2, ... and the flat indices SUBSET_OFFSET[k] + rank."""
    colex = sorted(combinations(range(n), k), key=lambda s: s[::-1])
    for position, s in enumerate(colex):
        cards = np.array(s, np.int64)
        assert _colex_rank(cards, k) == position
        assert subset_index(cards) == SUBSET_OFFSET[k] + position


def test_flat_indices_of_the_deck_are_one_to_one():
    """Every subset of up to three cards of the deck, and a sample of 4- to 7-card ones, gets
    its own index, inside its size's range."""
    rng = np.random.default_rng(1)
    for k in range(1, 8):
        if k <= 3:
            sets = [np.array(s) for s in combinations(range(52), k)]
        else:
            sets = [np.sort(rng.choice(52, k, replace=False)) for _ in range(3000)]
        index = [int(subset_index(s)) for s in sets]
        unique = {tuple(s) for s in map(tuple, sets)}
        assert len(set(index)) == len(unique)
        assert all(SUBSET_OFFSET[k] <= i < SUBSET_OFFSET[k + 1] for i in index)
        # the rank is the combinatorial number system's sum of binomials
        assert all(i - SUBSET_OFFSET[k] == sum(comb(int(c), j + 1) for j, c in enumerate(s))
                   for i, s in zip(index, sets, strict=True))


@pytest.mark.parametrize("size", [1, 2, 5, 7])
def test_subset_indices_of_a_hand(size):
    """out[m] is the flat index of the subset m of the hand (bit j keeps card j)."""
    rng = np.random.default_rng(size)
    out = np.empty(2**size, np.int64)
    for _ in range(50):
        hand = np.sort(rng.choice(52, size, replace=False)).astype(np.int64)
        _subset_indices(hand, out)
        for m in range(2**size):
            kept = [int(hand[j]) for j in range(size) if m >> j & 1]
            expected = (SUBSET_OFFSET[len(kept)]
                        + sum(comb(c, j + 1) for j, c in enumerate(kept)))
            assert out[m] == expected, (hand, m)


@pytest.mark.parametrize("n, k", [(5, 0), (5, 1), (6, 3), (9, 4), (10, 5), (8, 8), (13, 7)])
def test_next_combination_walks_every_subset_in_order(n, k):
    idx = np.zeros(max(k, 1), np.int64)
    _first_combination(idx, k, 0)
    seen = [tuple(idx[:k].tolist())]
    while _next_combination(idx, k, n):
        seen.append(tuple(idx[:k].tolist()))
    assert seen == list(combinations(range(n), k))


@pytest.mark.parametrize("n, k", [(52, 2), (20, 3), (12, 5), (9, 7), (4, 4)])
def test_subsets_array(n, k):
    arr = subsets(n, k)
    assert arr.dtype == np.uint8 and not arr.flags.writeable
    np.testing.assert_array_equal(arr, np.array(list(combinations(range(n), k)),
                                                np.uint8).reshape(-1, k))
    assert subsets(n, k) is arr  # built once


def test_every_five_card_hand_once():
    """C(52, 5) rows, each a strictly increasing 5-subset of the deck, in strictly increasing
    lexicographic order: so every hand appears, once."""
    hands = subsets(52, 5).astype(np.int64)
    assert hands.shape == (comb(52, 5), 5)
    assert (np.diff(hands, axis=1) > 0).all() and hands.min() == 0 and hands.max() == 51
    code = ((((hands[:, 0] * 52 + hands[:, 1]) * 52 + hands[:, 2]) * 52 + hands[:, 3]) * 52
            + hands[:, 4])
    assert (np.diff(code) > 0).all()
    assert hands[0].tolist() == [0, 1, 2, 3, 4] and hands[-1].tolist() == [47, 48, 49, 50, 51]


@pytest.mark.parametrize("n, k", [(52, 5), (47, 3), (10, 4)])
def test_first_row_of_each_lowest_card(n, k):
    arr = subsets(n, k)
    for lowest in range(n - k + 1):
        row = first_row(lowest, n, k)
        assert arr[row].tolist() == list(range(lowest, lowest + k))
        if row:
            assert arr[row - 1, 0] == lowest - 1
    assert first_row(n - k + 1, n, k) == comb(n, k)
