"""Tables for the rankings that the high evaluator's machinery serves: the same card keys, the
same perfect hash over rank multisets and the same flush table, filled from another ranking's
five-card keys (:mod:`pokersim.rankings.keys`). See :mod:`pokersim.evaluator.tables` for the
technique.

* The hash gives, for every multiset of 5 to 7 ranks, the strength of the best five cards
  that ignore suits (for seven cards, the best of the 21 ways to keep five).
* The flush table gives, for the ranks of a suit holding five or more cards, the best five
  of that suit. In the high order and short deck a flush in the hand is always its best five
  (a full house or quads cannot share seven cards with a flush). Deuce-to-seven needs every
  card when a suit holds five or more: its flush table has a row per suited mask, a slot
  per multiset of the other cards (:func:`deuce_to_seven_flush`).
* Lows that ignore suits (ace-to-five, eight-or-better) get card keys with no suit counters:
  their keys never look like a flush, and every hand is one hash lookup.

A strength is the dense rank of the ranking's distinct five-card keys, 1 for the weakest;
a key of 0 ("no hand": eight-or-better without a low) stays strength 0.

>>> t = build(keys.ace_to_five_key, suits=False)
>>> int(t.keys.size - 1)  # distinct ace-to-five lows, pairs and worse included
6175
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._core.jit import jit, popcount, trailing_zeros
from ..evaluator.tables import (
    HASH_SHIFT,
    KEY_BIAS,
    NOT_A_CARD,
    RANK_KEYS,
    SUIT_SHIFT,
    _build_perfect_hash,
    rank_multisets,
    ranks_in_mask,
    suit_of_flush,
)
from . import keys  # noqa: F401  (the doctest's)


@dataclass(frozen=True)
class HashTables:
    """A ranking's evaluator tables (see :class:`pokersim.evaluator.tables.Tables`) and ``keys``,
    the five-card key of each strength (index 0: no hand)."""

    card_keys: np.ndarray
    card_bits: np.ndarray
    flush: np.ndarray
    offsets: np.ndarray
    hash: np.ndarray
    keys: np.ndarray

    def kernel_args(self) -> tuple:
        """The five arrays the strength kernels take, in their order."""
        return self.card_keys, self.card_bits, self.flush, self.offsets, self.hash


@jit
def _best_keys(multisets, five_key):
    """The best five-card key (cards not suited) of every rank multiset of 5..7 ranks."""
    out = np.zeros(multisets.shape[0], np.int64)
    ranks = np.empty(7, np.int64)
    five = np.empty(5, np.int64)
    for i in range(multisets.shape[0]):
        n = 0
        for r in range(13):
            for _ in range(multisets[i, r]):
                ranks[n] = r
                n += 1
        out[i] = _best_of_subsets(ranks, n, five, False, five_key)
    return out


@jit(inline=True)
def _best_of_subsets(ranks, n, five, suited, five_key):
    best = np.int64(0)
    for chosen in range(1 << n):
        if popcount(np.uint64(chosen)) != 5:
            continue
        j = 0
        for c in range(n):
            if chosen >> c & 1:
                five[j] = ranks[c]
                j += 1
        best = max(best, five_key(five, suited))
    return best


@jit
def _flush_keys(five_key, lowest_rank):
    """The best five-card key of each 13-bit mask of suited ranks (0 under five ranks)."""
    out = np.zeros(8192, np.int64)
    ranks = np.empty(13, np.int64)
    five = np.empty(5, np.int64)
    for m in range(8192):
        if popcount(np.uint64(m)) < 5 or m & ((1 << lowest_rank) - 1):
            continue
        n = 0
        for r in range(13):
            if m >> r & 1:
                ranks[n] = r
                n += 1
        if n <= 7:
            out[m] = _best_of_subsets(ranks, n, five, True, five_key)
        else:  # 8+ suited ranks only pass through when a deck is searched; never in a hand
            out[m] = 0
    return out


def build(five_key, *, suits: bool = True, lowest_rank: int = 0,
          flush_with_others: bool = False) -> HashTables:
    """Tables for the ranking whose five-card key is ``five_key(ranks, suited)``.

    ``suits=False`` for rankings that ignore suits; ``lowest_rank`` 4 for the short deck
    (cards below six are no cards there); ``flush_with_others`` for deuce-to-seven, whose
    flush table has a row per suited mask (:func:`deuce_to_seven_flush`).
    """
    multisets = rank_multisets()
    playable = multisets[multisets.sum(axis=1) >= 5]
    # the hash covers every multiset of the 13 ranks, those outside the deck as 0: laid out
    # like the high order's, the short deck's lookups ran 2x faster than in a hash of its
    # own multisets alone (measured on AVX2, 5-card hands: 770 vs 390 M/s)
    in_deck = playable[:, :lowest_rank].sum(axis=1) == 0
    best = np.zeros(len(playable), np.int64)
    best[in_deck] = _best_keys(playable[in_deck], five_key)
    flush_keys = _flush_keys(five_key, lowest_rank) if suits else np.zeros(8192, np.int64)
    five_card = np.concatenate([best[playable.sum(axis=1) == 5],
                                flush_keys[ranks_in_mask() == 5]])
    if flush_with_others:
        flush_keys = _flush_with_others_keys(five_key)
    distinct = np.unique(five_card[five_card > 0])

    def dense(k):
        return np.where(k > 0, np.searchsorted(distinct, k) + 1, 0).astype(np.int16)

    rank_keys = playable @ RANK_KEYS.astype(np.int64)
    offsets, table = _build_perfect_hash(rank_keys, dense(best), HASH_SHIFT)
    cards = card_tables(suits, lowest_rank)
    return HashTables(cards.card_keys, cards.card_bits, dense(flush_keys),
                      offsets.astype(np.int32), table,
                      np.concatenate([[0], distinct]).astype(np.int64))


def card_tables(suits: bool, lowest_rank: int) -> HashTables:
    """Only the card keys and bits (the other fields empty): a card's rank key, plus its
    suit counter when the ranking looks at suits; cards below ``lowest_rank`` are no cards
    (the key of a non-card and no bit, so that the kernels flag their rows)."""
    ranks, suit = np.divmod(np.arange(52), 4)
    card_keys = np.full(256, NOT_A_CARD, np.uint64)
    card_keys[:52] = RANK_KEYS[ranks]
    if suits:
        card_keys[:52] += np.uint64(1) << (SUIT_SHIFT + 4 * suit).astype(np.uint64)
    card_bits = np.zeros(256, np.uint64)
    card_bits[:52] = np.uint64(1) << (16 * suit + ranks).astype(np.uint64)
    outside = ranks < lowest_rank
    card_keys[:52][outside] = NOT_A_CARD
    card_bits[:52][outside] = 0
    empty = np.zeros(0, np.int64)
    return HashTables(card_keys, card_bits, empty, empty, empty, empty)


#: Deuce-to-seven's flush table has a row of OFF_SLOTS entries per mask of suited ranks: one
#: per multiset of the 0, 1 or 2 other cards of a 6- or 7-card hand (:func:`off_slot`).
OFF_SLOTS = 1 + 13 + 91


@jit(inline=True)
def off_slot(n_off, low, high):
    """The slot of the other cards' ranks: 0 for none, 1 + r for one, then one per pair of
    ranks ``low <= high``."""
    if n_off == 0:
        return 0
    if n_off == 1:
        return 1 + low
    return 14 + high * (high + 1) // 2 + low


@jit
def _flush_with_others_keys(five_key):
    """Deuce-to-seven's flush table in keys: for each mask of 5..7 suited ranks and each
    multiset of other cards (at most 7 cards in all), the best five-card key, where five
    cards are a flush only when all five are suited. With 6 or 7 cards the best low keeps an
    off-suit card if it can; which one depends on all the cards."""
    out = np.zeros(8192 * OFF_SLOTS, np.int64)
    ranks = np.empty(7, np.int64)
    suited = np.empty(7, np.bool_)
    five = np.empty(5, np.int64)
    for m in range(8192):
        n_suited = popcount(np.uint64(m))
        if n_suited < 5 or n_suited > 7:
            continue
        for high in range(13):
            for low in range(high + 1):
                for n_off in range(3):
                    if n_suited + n_off > 7 or (n_off < 2 and low != high) or \
                            (n_off == 0 and high > 0):
                        continue
                    n = 0
                    for r in range(13):
                        if m >> r & 1:
                            ranks[n] = r
                            suited[n] = True
                            n += 1
                    for j in range(n_off):
                        ranks[n] = high if j == 0 else low
                        suited[n] = False
                        n += 1
                    best = np.int64(0)
                    for chosen in range(1 << n):
                        if popcount(np.uint64(chosen)) != 5:
                            continue
                        j = 0
                        all_suited = True
                        for c in range(n):
                            if chosen >> c & 1:
                                five[j] = ranks[c]
                                all_suited &= suited[c]
                                j += 1
                        best = max(best, five_key(five, all_suited))
                    out[m * OFF_SLOTS + off_slot(n_off, low, high)] = best
    return out


@jit(inline=True)
def deuce_to_seven_flush(key, bits, flush, offsets, table):
    """Deuce-to-seven strength of a hand whose key says a suit holds five or more cards: one
    lookup in the flush table's row for that suit's ranks, at the slot of the other cards."""
    shift = np.uint64(16 * suit_of_flush(key))
    suited = (bits >> shift) & np.uint64(0x1FFF)
    others = bits & ~(np.uint64(0x1FFF) << shift)
    n_off = np.int64(popcount(others))
    ranks = (others | others >> np.uint64(16) | others >> np.uint64(32)
             | others >> np.uint64(48)) & np.uint64(0x1FFF)
    low = np.int64(trailing_zeros(ranks)) if n_off else np.int64(0)
    rest = ranks & (ranks - np.uint64(1))
    high = np.int64(trailing_zeros(rest)) if rest else low
    return flush[np.int64(suited) * OFF_SLOTS + off_slot(n_off, low, high)]


__all__ = ["HashTables", "KEY_BIAS", "build", "card_tables", "deuce_to_seven_flush"]
