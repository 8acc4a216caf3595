"""The random-number building blocks: 128-bit products, picking the n-th set bit, alias
tables. Checked against Python's integers and exact fractions, not against themselves."""

from fractions import Fraction

import numba
import numpy as np
import pytest

from pokersim._core.gaps import MAX_TAKEN, gap_words, nth_left, stored_slots, taken_slots
from pokersim._core.jit import HAS_PDEP, _nth_bit_pdep, _nth_bit_portable, mul_wide
from pokersim._core.streams import (
    alias_rows,
    alias_table,
    block_state,
    sample_alias,
    sample_alias_row,
)


@numba.njit
def _products(a, b, high, low):
    for i in range(a.shape[0]):
        high[i], low[i] = mul_wide(a[i], b[i])


def test_mul_wide_is_the_full_128_bit_product():
    rng = np.random.default_rng(1)
    a = np.concatenate([rng.integers(0, 2**64, 1000, np.uint64),
                        np.array([0, 1, 2**64 - 1, 2**63], np.uint64)])
    b = np.concatenate([rng.integers(0, 2**64, 1000, np.uint64),
                        np.array([2**64 - 1, 2**64 - 1, 2**64 - 1, 2], np.uint64)])
    high, low = np.empty_like(a), np.empty_like(a)
    _products(a, b, high, low)
    for x, y, h, lo in zip(a.tolist(), b.tolist(), high.tolist(), low.tolist(), strict=True):
        assert (h << 64) | lo == x * y


def _nth_bits(nth_bit, masks):
    @numba.njit
    def run(masks, out):
        k = 0
        for m in masks:
            for n in range(bin_count(m)):
                out[k] = nth_bit(m, np.uint64(n))
                k += 1

    @numba.njit
    def bin_count(m):
        c = 0
        while m:
            m &= m - np.uint64(1)
            c += 1
        return c

    out = np.zeros(sum(bin(int(m)).count("1") for m in masks), np.uint64)
    run(masks, out)
    return out.tolist()


MASKS = np.array([1, 2**63, 2**64 - 1, 0xF0F0F0F0F0F0F0F0, (1 << 52) - 1 - 0b1011 << 3,
                  0x8000000000000001] + [0x9E3779B97F4A7C15 * i % 2**64 for i in range(1, 40)],
                 np.uint64)


def _expected_bits(masks):
    return [1 << i for m in masks.tolist() for i in range(64) if m >> i & 1]


@pytest.mark.parametrize("nth_bit", [
    _nth_bit_portable,
    pytest.param(_nth_bit_pdep, marks=pytest.mark.skipif(not HAS_PDEP, reason="no BMI2")),
])
def test_nth_bit_picks_the_nth_set_bit_from_the_bottom(nth_bit):
    assert _nth_bits(nth_bit, MASKS) == _expected_bits(MASKS)


@numba.njit
def _deal_from(cards_mask, slots, n_taken, picks, out):
    """Cards dealt by the n-th card left of ``picks``, from the cards of ``cards_mask`` less
    the ``n_taken`` of the gap ``slots``, as the engine's kernels deal them where ``pdep`` is
    slow."""
    deck = np.zeros(64, np.uint8)
    n = 0
    for c in range(64):
        if cards_mask >> np.uint64(c) & np.uint64(1):
            deck[n] = c
            n += 1
    for t in range(picks.shape[0]):
        p, slots = nth_left(slots, picks[t], np.uint64(n_taken + t))
        out[t] = deck[p]


@numba.njit
def _deal_by_gaps(cards_mask, taken, picks, out):
    """:func:`_deal_from` the cards of ``cards_mask`` less those of the mask ``taken``."""
    slots, n_taken = taken_slots(taken, cards_mask)
    _deal_from(cards_mask, slots, n_taken, picks, out)
    return n_taken


def test_nth_left_deals_the_nth_card_left_after_the_cards_taken():
    # the reference, from the rule: the n-th of the cards left, ascending, each dealt card
    # gone; the cards taken before the deal gone from the start
    rng = np.random.default_rng(11)
    for case in range(3000):
        n_cards = int(rng.integers(17, 53)) if case % 5 else 52
        cards = sorted(rng.choice(64 if case % 7 == 0 else 52, n_cards, replace=False).tolist())
        n_taken = int(rng.integers(0, min(MAX_TAKEN, n_cards) + 1))
        taken = sorted(rng.choice(cards, n_taken, replace=False).tolist())
        n_picks = int(rng.integers(0, min(MAX_TAKEN - n_taken, n_cards - n_taken) + 1))
        left = [c for c in cards if c not in taken]
        picks, expected = [], []
        for _ in range(n_picks):
            i = int(rng.integers(0, len(left)))
            picks.append(i)
            expected.append(left.pop(i))
        out = np.zeros(n_picks, np.uint8)
        got_taken = _deal_by_gaps(np.uint64(sum(1 << c for c in cards)),
                                  np.uint64(sum(1 << c for c in taken)),
                                  np.array(picks, np.uint64), out)
        assert got_taken == n_taken
        assert out.tolist() == expected, (cards, taken, picks)


@numba.njit
def _deal_by_stored_gaps(cards_mask, words, n_taken, picks, out):
    """:func:`_deal_from`, the taken cards' slots read from ``gap_words``'s row 0."""
    slots, n_taken = stored_slots(words, 0, 0, n_taken)
    _deal_from(cards_mask, slots, n_taken, picks, out)


def test_stored_gaps_deal_the_cards_the_taken_cards_slots_deal():
    rng = np.random.default_rng(12)
    for _ in range(500):
        cards = sorted(rng.choice(52, int(rng.integers(20, 53)), replace=False).tolist())
        n_taken = int(rng.integers(0, min(MAX_TAKEN, len(cards)) ))
        taken = rng.choice(cards, n_taken, replace=False)  # in any order
        n_picks = int(rng.integers(1, min(MAX_TAKEN - n_taken, len(cards) - n_taken) + 1))
        picks = np.array([int(rng.integers(0, len(cards) - n_taken - t))
                          for t in range(n_picks)], np.uint64)
        mask = np.uint64(sum(1 << c for c in cards))
        by_slots, by_words = np.zeros(n_picks, np.uint8), np.zeros(n_picks, np.uint8)
        _deal_by_gaps(mask, np.uint64(sum(1 << int(c) for c in taken)), picks, by_slots)
        _deal_by_stored_gaps(mask, gap_words(taken[None, :], int(mask)), n_taken, picks,
                             by_words)
        assert by_words.tolist() == by_slots.tolist()
        assert not set(by_words.tolist()) & set(taken.tolist())
    assert gap_words(np.zeros((3, MAX_TAKEN + 1), np.uint8), 0).shape == (3, 0)


def _implied(threshold, alias):
    """The exact chance of each index that an alias table gives."""
    n = len(threshold)
    chance = [Fraction(0)] * n
    for i, (t, a) in enumerate(zip(threshold.tolist(), alias.tolist(), strict=True)):
        keep = Fraction(t, 2**64) if t < 2**64 - 1 else Fraction(1)
        chance[i] += keep / n
        chance[a] += (1 - keep) / n
    return chance


@pytest.mark.parametrize("weights", [
    [1.0], [1.0, 3.0], [0.0, 1.0, 0.0], [0.5] * 7, [1e-9, 2.0, 0.25, 7.0, 0.0, 3.5],
    list(np.random.default_rng(3).exponential(size=300)),
])
def test_alias_table_gives_each_index_its_weights_share(weights):
    threshold, alias = alias_table(np.array(weights))
    total = sum(weights)
    for got, w in zip(_implied(threshold, alias), weights, strict=True):
        assert abs(float(got) - w / total) < 1e-12


def test_sample_alias_follows_the_weights():
    weights = np.array([1.0, 3.0, 0.0, 0.5, 2.5])
    threshold, alias = alias_table(weights)

    @numba.njit
    def draw(n, threshold, alias):
        state = block_state(np.uint64(7), 0)
        counts = np.zeros(threshold.shape[1], np.int64)
        for _ in range(n):
            state, i = sample_alias(state, threshold, alias, 0, threshold.shape[1])
            counts[i] += 1
        return counts

    n = 1_000_000
    counts = draw(n, threshold[None, :], alias[None, :])
    p = weights / weights.sum()
    assert counts[2] == 0
    assert (np.abs(counts - n * p) <= 5 * np.sqrt(n * p * (1 - p)) + 1e-9).all()


def test_alias_rows_draw_the_index_sample_alias_draws_and_keep_each_payload():
    weights = np.random.default_rng(5).exponential(size=300)
    weights[::7] = 0.0
    payload = np.arange(300 * 5, dtype=np.uint64).reshape(300, 5) * np.uint64(3)
    rows = alias_rows(weights, payload)
    assert rows.shape == (300, 8) and rows.ctypes.data % 64 == 0
    assert (rows[:, 2:7] == payload).all()
    threshold, alias = alias_table(weights)

    @numba.njit
    def draws(n, threshold, alias, rows):
        by_tables = np.empty(n, np.uint64)
        by_rows = np.empty(n, np.uint64)
        state = block_state(np.uint64(11), 3)
        other = state
        for k in range(n):
            state, by_tables[k] = sample_alias(state, threshold, alias, 0, threshold.shape[1])
            other, by_rows[k] = sample_alias_row(other, rows)
        return by_tables, by_rows

    by_tables, by_rows = draws(100_000, threshold[None, :], alias[None, :], rows)
    assert (by_tables == by_rows).all()
    assert not np.isin(by_rows, np.flatnonzero(weights == 0)).any()
