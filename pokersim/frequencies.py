"""How often each hand category occurs: exact by enumerating every hand, or Monte Carlo.

>>> df = category_frequencies(cards=5)
>>> int(df.loc[df.category == "Royal Flush", "count"].iloc[0])
4
"""

from __future__ import annotations

from math import comb

import numba
import numpy as np
import pandas as pd
from numba import prange

from . import config
from ._jit import jit
from ._random import block_state, seed_key
from .deal import BATCH, check_count, deal_plan, deal_row
from .errors import PokersimInputError
from .evaluate import (CATEGORY_LABELS, N_STRENGTHS, Category, hand_strength, kernel_args,
                       lookup, tables)
from .tables import KEY_BIAS

FULL_DECK = np.arange(52, dtype=np.uint8)


@jit(parallel=True)
def _enumerate_kernel(k, first_two, card_keys, card_bits, flush, offsets, table, hist):
    """Add every k-card hand (5 <= k <= 7) to ``hist[thread, strength]``.

    A task is a choice of the two lowest cards; partial keys are reused so that each further
    hand costs one addition and one lookup.
    """
    for t in prange(first_two.shape[0]):
        c1 = first_two[t, 0]
        c2 = first_two[t, 1]
        row = hist[numba.get_thread_id()]
        idx = np.empty(k, np.int64)
        keys = np.empty(k, np.uint64)
        bits = np.empty(k, np.uint64)
        keys[1] = KEY_BIAS + card_keys[c1] + card_keys[c2]
        bits[1] = card_bits[c1] | card_bits[c2]
        idx[1] = c2
        d = 2
        idx[2] = c2
        while d >= 2:
            idx[d] += 1
            if idx[d] > 52 - (k - d):
                d -= 1
                continue
            keys[d] = keys[d - 1] + card_keys[idx[d]]
            bits[d] = bits[d - 1] | card_bits[idx[d]]
            if d == k - 2:
                kk = keys[d]
                bb = bits[d]
                for c in range(idx[d] + 1, 52):
                    row[lookup(kk + card_keys[c], bb | card_bits[c], flush, offsets, table)] += 1
            else:
                d += 1
                idx[d] = idx[d - 1]


@jit(parallel=True)
def _monte_carlo_kernel(key, first_block, n_blocks, block, trials, k, plan,
                        card_keys, flush, offsets, table, hist):
    """Deal and evaluate blocks ``first_block ..`` of ``block`` hands (the last one short so
    that ``trials`` hands are dealt in all); count strengths per thread."""
    for b in prange(first_block, first_block + n_blocks):
        state = block_state(key, b)
        row = hist[numba.get_thread_id()]
        hand = np.empty((1, k), np.uint8)
        deck = FULL_DECK.copy()
        swaps = np.empty(BATCH, np.int64)
        for _ in range(min(block, trials - b * block)):
            state = deal_row(state, deck, hand, 0, 52, k, plan, swaps)
            row[hand_strength(hand[0], card_keys, flush, offsets, table)] += 1


def strength_counts(cards: int = 7, method: str = "exact", trials: int | None = None,
                    seed=None) -> np.ndarray:
    """How many hands of ``cards`` cards have each strength: an int64 array of 7463 counts
    (index 0 unused). Exact enumerates all C(52, cards) hands.

    >>> int((strength_counts(5) > 0).sum())
    7462
    """
    cards = _check_cards(cards)
    hist = np.zeros((numba.get_num_threads(), N_STRENGTHS + 1), np.int64)
    t = kernel_args()
    if method == "exact":
        if trials is not None:
            raise PokersimInputError("trials applies to method='monte-carlo' only")
        tb = tables()
        with numba.parallel_chunksize(1):
            _enumerate_kernel(cards, _first_two(cards), tb.card_keys, tb.card_bits, tb.flush,
                              tb.offsets, tb.hash, hist)
    elif method == "monte-carlo":
        trials = check_count(trials if trials is not None else 1_000_000, "trials", 1)
        block = config.MC_BLOCK
        n_blocks = -(-trials // block)
        _monte_carlo_kernel(seed_key(seed), 0, n_blocks, block, trials, cards,
                            deal_plan(52, cards), *t, hist)
    else:
        raise PokersimInputError(f"method must be 'exact' or 'monte-carlo'; got {method!r}")
    return hist.sum(axis=0)


def category_frequencies(cards: int = 7, method: str = "exact", trials: int | None = None,
                         seed=None) -> pd.DataFrame:
    """Frequency of each hand category among all ``cards``-card hands (5, 6 or 7).

    Returns a DataFrame, best category first: ``category`` (ordered categorical), ``count``,
    ``probability``, ``one_in`` (1 / probability), ``odds_against`` ((1 - p) / p : 1) and, for
    ``method="monte-carlo"``, ``std_error`` of the probability. Monte Carlo deals ``trials``
    hands (default 1,000,000) from ``seed``.

    >>> category_frequencies(5)[["category", "count"]].head(3)
             category  count
    0     Royal Flush      4
    1  Straight Flush     36
    2  Four of a Kind    624
    """
    counts_by_strength = strength_counts(cards, method, trials, seed)
    codes = (tables().packed >> 20)[1:]
    counts = np.bincount(codes, weights=counts_by_strength[1:], minlength=len(Category))
    counts = counts.astype(np.int64)[::-1]
    total = counts.sum()
    p = counts / total
    with np.errstate(divide="ignore"):
        frame = pd.DataFrame({
            "category": pd.Categorical(CATEGORY_LABELS[::-1], categories=CATEGORY_LABELS,
                                       ordered=True),
            "count": counts,
            "probability": p,
            "one_in": 1 / p,
            "odds_against": (1 - p) / p,
        })
    if method == "monte-carlo":
        frame["std_error"] = np.sqrt(p * (1 - p) / total)
    frame.attrs.update(cards=cards, method=method, hands=int(total))
    if method == "exact" and total != comb(52, cards):
        raise AssertionError(f"enumerated {total} hands, expected C(52, {cards})")  # pragma: no cover
    return frame


def _first_two(k: int) -> np.ndarray:
    """Every pair (c1, c2), c1 < c2, that can start a sorted k-card hand."""
    c1, c2 = np.triu_indices(52, 1)
    keep = c2 <= 52 - (k - 1)
    return np.stack([c1[keep], c2[keep]], axis=1).astype(np.int64)


def _check_cards(cards) -> int:
    if isinstance(cards, bool) or cards not in (5, 6, 7):
        raise PokersimInputError(f"cards must be 5, 6 or 7; got {cards!r}")
    return int(cards)
