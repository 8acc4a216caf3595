"""How often each hand category occurs: exact by enumerating every hand, or Monte Carlo.

>>> df = category_frequencies(cards=5)
>>> int(df.loc[df.category == "Royal Flush", "count"].iloc[0])
4
"""

from __future__ import annotations

import functools
from math import comb

import numba
import numpy as np
import pandas as pd
from numba import prange

from . import config
from ._jit import jit
from ._random import block_state, seed_key
from .deal import deal_plan, deal_row
from .errors import PokersimInputError, SimulationInterrupted
from .evaluate import (
    CATEGORY_LABELS,
    N_STRENGTHS,
    Category,
    category_of_strength,
    hand_strength,
    kernel_args,
    lookup,
    nonflush_strength,
    tables,
)
from .runner import check_client, chunk_blocks, run_chunks
from .tables import FLUSH_CHECK, KEY_BIAS, SUIT_SHIFT
from .validation import check_between, check_count, short_repr

FULL_DECK = np.arange(52, dtype=np.uint8)


#: Added to a key, makes bit 3 of a suit counter set if that suit already holds 4 cards: when
#: no suit does, one more card cannot make a flush and the flush test can be skipped.
ONE_PER_SUIT = np.uint64(0x1111 << SUIT_SHIFT)


@jit(inline=True)
def _count_last_three(key, bits, start, card_keys, card_bits, flush, offsets, table, hist):
    """Add to ``hist`` every hand made of the partial hand (key, bits) and three more cards
    from ``start``..51; each costs one addition and one lookup."""
    for a in range(start, 50):
        ka = key + card_keys[a]
        ba = bits | card_bits[a]
        for b in range(a + 1, 51):
            kb = ka + card_keys[b]
            bb = ba | card_bits[b]
            if (kb + ONE_PER_SUIT) & FLUSH_CHECK:
                for c in range(b + 1, 52):
                    hist[lookup(kb + card_keys[c], bb | card_bits[c], flush, offsets, table)] += 1
            else:
                for c in range(b + 1, 52):
                    hist[nonflush_strength(kb + card_keys[c], offsets, table)] += 1


@jit(parallel=True)
def _enumerate_kernel(k, first_two, card_keys, card_bits, flush, offsets, table, hist):
    """Add every k-card hand (5 <= k <= 7) to ``hist[worker, strength]``.

    A task fixes the two lowest cards; worker w takes tasks w, w + W, w + 2W, ... (heavy and
    light tasks alike) and counts into its own local histogram, written out once at the end:
    threads sharing one histogram array ran no faster than one thread.
    """
    n_workers = hist.shape[0]
    for w in prange(n_workers):
        local = np.zeros(hist.shape[1], np.uint32)  # < 2**32 hands; half the cache of int64
        for t in range(w, first_two.shape[0], n_workers):
            c1 = first_two[t, 0]
            c2 = first_two[t, 1]
            key = KEY_BIAS + card_keys[c1] + card_keys[c2]
            bits = card_bits[c1] | card_bits[c2]
            if k == 5:
                _count_last_three(key, bits, c2 + 1, card_keys, card_bits, flush, offsets,
                                  table, local)
            elif k == 6:
                for x in range(c2 + 1, 49):
                    _count_last_three(key + card_keys[x], bits | card_bits[x], x + 1,
                                      card_keys, card_bits, flush, offsets, table, local)
            else:
                for x in range(c2 + 1, 48):
                    kx = key + card_keys[x]
                    bx = bits | card_bits[x]
                    for y in range(x + 1, 49):
                        _count_last_three(kx + card_keys[y], bx | card_bits[y], y + 1,
                                          card_keys, card_bits, flush, offsets, table, local)
        hist[w] = local


@functools.cache
def _monte_carlo_kernel(k: int):
    """The Monte Carlo counting kernel for k-card hands (k and the deal plan compiled in)."""
    plan = deal_plan(52, k)

    @jit(parallel=True)
    def kernel(key, first_block, n_blocks, block, trials, card_keys, card_bits, flush, offsets,
               table, hist):
        """Deal and evaluate blocks ``first_block ..`` of ``block`` hands (the last one short
        so that ``trials`` hands are dealt in all). Block b always draws from stream b and
        starts from a fresh deck; worker w takes blocks w, w + W, ... and counts strengths in
        its own histogram, so the counts do not depend on the number of threads."""
        n_workers = hist.shape[0]
        for w in prange(n_workers):
            local = np.zeros(hist.shape[1], np.int64)
            hand = np.empty((1, k), np.uint8)
            deck = np.empty(52, np.uint8)
            for b in range(first_block + w, first_block + n_blocks, n_workers):
                state = block_state(key, b)
                deck[:] = FULL_DECK
                for _ in range(min(block, trials - b * block)):
                    state = deal_row(state, deck, hand, 0, 52, k, plan)
                    local[hand_strength(hand, 0, k, card_keys, card_bits, flush, offsets,
                                        table)] += 1
            hist[w] += local  # adds to earlier calls' counts

    return kernel


def _monte_carlo_chunk(problem: tuple, first: int, n: int) -> tuple[np.ndarray]:
    """Strength counts of blocks ``first .. first + n - 1`` of a Monte Carlo run."""
    cards, key, trials = problem
    hist = np.zeros((numba.get_num_threads(), N_STRENGTHS + 1), np.int64)
    _monte_carlo_kernel(cards)(key, first, n, config.MC_BLOCK, trials, *kernel_args(), hist)
    return (hist.sum(axis=0),)


def strength_counts(cards: int = 7, method: str = "exact", trials: int | None = None,
                    seed=None, *, client=None, chunk_size: int | None = None,
                    progress: bool = False) -> np.ndarray:
    """How many hands of ``cards`` cards have each strength: an int64 array of 7463 counts
    (index 0 unused). Exact enumerates all C(52, cards) hands. Monte Carlo deals ``trials``
    hands in chunks of ``chunk_size`` (here, or on ``client``: see :mod:`pokersim.runner`);
    on Ctrl-C it raises :class:`SimulationInterrupted` whose ``partial`` holds the counts so
    far.

    >>> int((strength_counts(5) > 0).sum())
    7462
    """
    cards = _check_cards(cards)
    check_client(client)
    if not isinstance(method, str):
        raise PokersimInputError(f"method must be 'exact' or 'monte-carlo'; got "
                                 f"{short_repr(method)}")
    if method == "exact":
        if trials is not None or seed is not None:
            raise PokersimInputError("trials and seed apply to method='monte-carlo' only")
        hist = np.zeros((numba.get_num_threads(), N_STRENGTHS + 1), np.int64)
        tb = tables()
        _enumerate_kernel(cards, _first_two(cards), tb.card_keys, tb.card_bits, tb.flush,
                          tb.offsets, tb.hash, hist)
        return hist.sum(axis=0)
    if method != "monte-carlo":
        raise PokersimInputError(f"method must be 'exact' or 'monte-carlo'; got "
                                 f"{short_repr(method)}")
    trials = check_count(trials if trials is not None else 1_000_000, "trials", 1)
    block = config.MC_BLOCK
    run = run_chunks(_monte_carlo_chunk, (cards, seed_key(seed), trials), -(-trials // block),
                     chunk_blocks(chunk_size, block), client=client, progress=progress,
                     block_size=block, total=trials, desc=f"{cards}-card hands", unit="hands")
    counts = run.counts[0]  # type: ignore[index]  # not None: trials >= 1
    if run.interrupted:
        raise SimulationInterrupted(counts)
    return counts


def category_frequencies(cards: int = 7, method: str = "exact", trials: int | None = None,
                         seed=None, *, client=None, chunk_size: int | None = None,
                         progress: bool = False) -> pd.DataFrame:
    """Frequency of each hand category among all ``cards``-card hands (5, 6 or 7).

    Returns a DataFrame, best category first: ``category`` (ordered categorical), ``count``,
    ``probability``, ``one_in`` (1 / probability), ``odds_against`` ((1 - p) / p : 1) and, for
    ``method="monte-carlo"``, ``std_error`` of the probability. Monte Carlo deals ``trials``
    hands (default 1,000,000) from ``seed``, in chunks of ``chunk_size`` hands run here or
    on ``client`` (a Dask ``Client`` or an executor), ``progress`` showing a bar; Ctrl-C
    raises :class:`SimulationInterrupted` whose ``partial`` frame holds the hands dealt so far
    (``attrs["partial"]`` is True).

    >>> category_frequencies(5)[["category", "count"]].head(3)
             category  count
    0     Royal Flush      4
    1  Straight Flush     36
    2  Four of a Kind    624
    """
    try:
        counts_by_strength = strength_counts(cards, method, trials, seed, client=client,
                                             chunk_size=chunk_size, progress=progress)
    except SimulationInterrupted as e:
        frame = _frame(e.partial, cards, method)
        frame.attrs["partial"] = True
        raise SimulationInterrupted(frame) from None
    return _frame(counts_by_strength, cards, method)


def _frame(counts_by_strength: np.ndarray, cards: int, method: str) -> pd.DataFrame:
    codes = category_of_strength()[1:]
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
        raise AssertionError(  # pragma: no cover
            f"enumerated {total} hands, expected C(52, {cards})")
    return frame


def _first_two(k: int) -> np.ndarray:
    """Every pair (c1, c2), c1 < c2, that can start a sorted k-card hand."""
    c1, c2 = np.triu_indices(52, 1)
    keep = c2 <= 52 - (k - 1)
    return np.stack([c1[keep], c2[keep]], axis=1).astype(np.int64)


def _check_cards(cards) -> int:
    return check_between(cards, "cards", 5, 7, " (cards in a hand)")
