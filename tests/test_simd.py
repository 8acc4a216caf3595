"""The AVX2 evaluator (pokersim.evaluator._simd, eight rows at a time) against the one-row-at-a-time
kernel and the naive reference, on the rows it must hand back: flushes, repeated cards,
values that are not cards, and the rows past the last full block of eight."""

import pathlib
import subprocess
import sys
from math import comb

import numba
import numpy as np
import pytest

from pokersim._core.jit import HAS_AVX2
from pokersim.evaluator import strengths
from pokersim.evaluator._simd import PAD, rank_and_suit_tables
from pokersim.evaluator.strengths import SCRATCH, kernel_args
from pokersim.evaluator.tables import RANK_KEYS, tables
from tests.naive import naive_rank
from tests.orders import dense_from_keys, dense_from_values, random_hands

# test_frequencies under the name pytest imports it by, so that its oracle's cache is shared
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from test_frequencies import oracle_by_strength  # noqa: E402

needs_avx2 = pytest.mark.skipif(not HAS_AVX2, reason="the CPU has no AVX2")


def run_kernel(k, simd, hands, out, n_workers=3):
    """The bad rows a strength kernel of k-card rows of the high ranking counts filling
    ``out``, run as ``n_workers`` workers in turn (every row must be written by one of
    them): the kernel of the size eight rows at a time (``simd=True``) or one by one
    (False), or the general kernel of every size (None: k a run-time value)."""
    if simd is None:
        kernel, after = strengths._any_size_kernel, (strengths.PLAIN, 0, k)
    else:
        kernel, after = strengths.EVALUATE.specialise(k, simd), (strengths.PLAIN, 0)
    return sum(kernel(w, n_workers, hands, *kernel_args(), out, SCRATCH.copy(), *after)
               for w in range(n_workers))


def both_kernels(hands, slow=None):
    """(strengths, bad count) from the eight-at-a-time kernel and from a scalar one (by
    default the general kernel, see :func:`run_kernel`)."""
    k = hands.shape[1]
    fast, one = np.empty(len(hands), np.int16), np.empty(len(hands), np.int16)
    bad_fast = run_kernel(k, True, hands, fast)
    bad_one = run_kernel(k, slow, hands, one)
    return (fast, bad_fast), (one, bad_one)


def test_byte_tables_rebuild_the_card_keys():
    by_rank, by_suit = rank_and_suit_tables()
    ranks, suits = np.divmod(np.arange(52), 4)
    key_low, key_mid, key_high = by_rank[:, ranks].astype(np.uint64)
    assert (key_low + (key_mid << 8) + (key_high << 16) == RANK_KEYS[ranks]).all()
    suits_cd, suits_hs = by_suit[:, suits].astype(np.uint64)
    assert ((suits_cd | (suits_hs << 8)) == tables().card_keys[:52] >> np.uint64(32)).all()


def test_pads_look_up_zeros():
    by_rank, by_suit = rank_and_suit_tables()
    for pad in range(PAD, 256):
        assert pad > 51  # not a card
        assert (by_rank[:, (pad >> 2) & 15] == 0).all()  # vpshufb reads 4 bits of the rank
        assert pad & 0x80  # and gives 0 for a suit index with bit 7 set
    assert (by_suit[:, 4:] == 0).all() and (by_rank[:, 13:] == 0).all()


def test_key_zero_is_a_safe_lookup():
    # rows left to the one-hand code look up key 0 (and the result is overwritten)
    offsets, table = tables().offsets, tables().hash
    assert 0 <= offsets[0] < len(table)


@needs_avx2
@pytest.mark.parametrize("k", [5, 6, 7])
def test_same_strengths_as_one_row_at_a_time(k):
    hands = random_hands(k, 200_003, k)  # not a multiple of 8: the last rows are the tail
    rng = np.random.default_rng(k)
    rows = rng.choice(len(hands), 3_000, replace=False)
    hands[rows[:1_000], rng.integers(0, k, 1_000)] = rng.integers(52, 256, 1_000)
    for row in rows[1_000:]:
        i, j = rng.choice(k, 2, replace=False)
        hands[row, i] = hands[row, j]
    (fast, bad_fast), (slow, bad_slow) = both_kernels(hands)
    np.testing.assert_array_equal(fast, slow)
    assert bad_fast == bad_slow == len(rows) == (fast == -1).sum()


@pytest.mark.parametrize("k", [7, pytest.param(5, marks=pytest.mark.slow),
                               pytest.param(6, marks=pytest.mark.slow)])
def test_the_scalar_kernel_of_a_size_as_the_general_one(k):
    # the kernel a size gets without AVX2 (pokersim._core.specialise) against the general one
    hands = random_hands(k + 40, 20_003, k)
    hands[::97, 0] = 200
    hands[1::89, 1] = hands[1::89, 0]
    one, general = np.empty(len(hands), np.int16), np.empty(len(hands), np.int16)
    assert run_kernel(k, False, hands, one) == run_kernel(k, None, hands, general) > 400
    np.testing.assert_array_equal(one, general)


@needs_avx2
@pytest.mark.parametrize("k", [5, 6, 7])
def test_every_non_card_value_and_repeat_in_every_place(k):
    base = random_hands(11, 1, k)[0]
    bad = []
    for value in range(52, 256):
        for j in range(k):
            row = base.copy()
            row[j] = value
            bad.append(row)
    for i in range(k):
        for j in range(k):
            if i != j:
                row = base.copy()
                row[i] = row[j]
                bad.append(row)
    good = random_hands(12, len(bad), k)
    hands = np.empty((2 * len(bad), k), np.uint8)  # good and bad rows share blocks
    hands[0::2], hands[1::2] = good, np.array(bad)
    (fast, bad_fast), (slow, _) = both_kernels(hands)
    assert bad_fast == len(bad)
    assert (fast[1::2] == -1).all() and (fast[0::2] > 0).all()
    np.testing.assert_array_equal(fast, slow)


@needs_avx2
@pytest.mark.parametrize("k", [5, 6, 7])
def test_flush_heavy_rows_against_the_naive_reference(k):
    # cards from two suits only: most rows hold a flush, many a straight flush
    rng = np.random.default_rng(k + 20)
    two_suits = np.array([c for c in range(52) if c % 4 in (1, 3)], np.uint8)
    hands = np.array([rng.choice(two_suits, k, replace=False) for _ in range(4_001)])
    (fast, bad_fast), (slow, _) = both_kernels(hands)
    assert bad_fast == 0
    np.testing.assert_array_equal(fast, slow)
    keys = [naive_rank(r) for r in hands.tolist()]
    np.testing.assert_array_equal(dense_from_values(fast), dense_from_keys(keys))


@needs_avx2
@pytest.mark.parametrize("n", range(0, 18))
def test_short_inputs(n):
    hands = random_hands(n, n, 7)
    (fast, bad_fast), (slow, bad_slow) = both_kernels(hands)
    np.testing.assert_array_equal(fast, slow)
    assert bad_fast == bad_slow == 0


GUARD_PAGE_SCRIPT = """
import ctypes, mmap, sys
import numpy as np
from pokersim.evaluator.strengths import EVALUATE, PLAIN, SCRATCH, kernel_args
from pokersim import deal
page = mmap.PAGESIZE
memory = mmap.mmap(-1, 2 * page, prot=mmap.PROT_READ | mmap.PROT_WRITE)
start = ctypes.addressof(ctypes.c_char.from_buffer(memory))
for k in (5, 6, 7):
    n = page // k // 8 * 8  # whole blocks of eight rows, ending at the page's end
    hands = np.frombuffer(memory, np.uint8, count=n * k, offset=page - n * k).reshape(n, k)
    hands[:] = deal(n, k, seed=k)
    expected = np.empty(n, np.int16)
    EVALUATE.general(0, 1, hands, *kernel_args(), expected, SCRATCH.copy(), PLAIN, 0, k)
    assert ctypes.CDLL(None).mprotect(ctypes.c_void_p(start + page), page, 0) == 0  # no access
    got = np.empty(n, np.int16)
    EVALUATE.specialise(k, True)(0, 1, hands, *kernel_args(), got, SCRATCH.copy(), PLAIN, 0)
    assert (got == expected).all()
    assert ctypes.CDLL(None).mprotect(ctypes.c_void_p(start + page), page, 3) == 0
print("ok")
"""


@needs_avx2
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="mprotect through ctypes")
def test_no_read_past_the_last_row():
    # the rows end where an unreadable page begins: a load past them would crash the process
    done = subprocess.run([sys.executable, "-c", GUARD_PAGE_SCRIPT], capture_output=True,
                          text=True)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


@numba.njit(cache=True)
def _combinations(n, k, total):
    """All k-subsets of range(n), ascending, as a (total, k) uint8 array (total = C(n, k))."""
    out = np.empty((total, k), np.uint8)
    index = np.arange(k)
    for row in range(total):
        for j in range(k):
            out[row, j] = index[j]
        i = k - 1
        while i >= 0 and index[i] == n - k + i:
            i -= 1
        if i < 0:
            break
        index[i] += 1
        for j in range(i + 1, k):
            index[j] = index[j - 1] + 1
    return out


@pytest.mark.slow
@pytest.mark.parametrize("simd", [pytest.param(True, marks=needs_avx2), False])
@pytest.mark.parametrize("k", [5, 6, 7])
def test_every_hand_counted_by_strength(k, simd):
    # every k-card hand, lowest card first, in chunks by that card (columns turned so the
    # cards are not always ascending); the counts per strength are the naive oracle's
    counts = np.zeros(7463, np.int64)
    for first in range(52 - k + 1):
        rest = _combinations(51 - first, k - 1, comb(51 - first, k - 1)) + np.uint8(first + 1)
        hands = np.column_stack([np.full(len(rest), first, np.uint8), rest])
        hands = np.ascontiguousarray(np.roll(hands, first % k, axis=1))
        found = np.empty(len(hands), np.int16)
        assert run_kernel(k, simd, hands, found, n_workers=1) == 0
        counts += np.bincount(found, minlength=7463)
    np.testing.assert_array_equal(counts, oracle_by_strength(k))
