"""pokersim._core.jit.on_workers and the worker spaces of pokersim.engine._games."""

import threading

import numpy as np
import pytest

from pokersim._core.jit import APART, on_workers
from pokersim.engine import _games


def test_on_workers_runs_every_worker_once_in_order():
    seen = []
    lock = threading.Lock()

    def task(w):
        with lock:
            seen.append(w)
        return w * w

    assert on_workers(task, 5) == [0, 1, 4, 9, 16]
    assert sorted(seen) == [0, 1, 2, 3, 4]
    assert on_workers(task, 1) == [0]


def test_on_workers_waits_for_all_and_raises_a_workers_error():
    finished = []

    def task(w):
        if w == 1:
            raise ValueError("worker 1 failed")
        finished.append(w)

    with pytest.raises(ValueError, match="worker 1 failed"):
        on_workers(task, 3)
    assert sorted(finished) == [0, 2]


def test_workspaces_are_zeroed_aligned_separate_and_a_page_apart():
    spaces = _games.board_trial_spaces(3, 4, 16, 120, (4, 10))  # (either counts, in use)
    for space in spaces:
        assert space.masks.shape == (16,) and space.codes.shape == (120,)
        assert space.cats.shape == (4, 10) and space.seat_keys.shape == (2, 4)
        assert space.masks.dtype == np.int64 and space.seat_bits.dtype == np.uint64
        for array in space:
            assert array.flags.c_contiguous and not array.any()
            assert array.__array_interface__["data"][0] % 64 == 0
    # no two arrays overlap, and two workers' arrays are at least _APART bytes apart
    spans = [(w, a.__array_interface__["data"][0], a.nbytes)
             for w, space in enumerate(spaces) for a in space]
    for w, start, size in spans:
        for v, other, other_size in spans:
            if (start, size) == (other, other_size) and w == v:
                continue
            gap = max(other - (start + size), start - (other + other_size))
            assert gap >= (APART if w != v else 0)
    assert _games.board_trial_spaces(2, 2, 4, 0, (0, 10))[0].cats.shape == (0, 10)


def test_exact_counts_do_not_depend_on_the_number_of_workers():
    """(Monte Carlo: test_equity.test_same_seed_same_numbers_whatever_the_threads.)"""
    import numba

    import pokersim as ps

    saved = numba.get_num_threads()
    got = []
    try:
        for threads in (1, 2):
            numba.set_num_threads(threads)
            got.append(ps.equity(["QQ+, AKs", "JJ+"], board="2h 7h Td", method="exact",
                                 categories=True))
    finally:
        numba.set_num_threads(saved)
    assert got[0].equals(got[1])


def test_helpers_are_inlined_the_way_their_shape_asks():
    from pokersim._core import jit as _jit
    from pokersim.analysis import frequencies
    from pokersim.engine._games.shared import tally_winners
    from pokersim.evaluator import tables
    from pokersim.evaluator.tables import lookup

    def how(helper):
        options = helper.targetoptions
        return ("numba" if options["inline"] == "always" else
                "llvm" if options.get("forceinline") else "call")

    assert how(lookup) == "numba"  # short, no loop: copied, its branches pruned in place
    assert how(tally_winners) == "llvm"  # loops: compiled once, inlined by LLVM
    assert how(frequencies.count_hands) == "numba"  # pinned: inline="ir"
    assert how(tables.suit_of_flush) == "llvm"  # pinned: inline="llvm"
    with pytest.raises(ValueError, match="inline"):
        _jit.jit(inline="always")


def test_a_helper_compiles_once_whatever_constants_its_callers_pass():
    from pokersim._core.jit import jit

    @jit(inline=True)
    def total(values, n):
        t = 0
        for i in range(n):
            t += values[i]
        return t

    @jit(inline=True, constants=True)
    def total_per_constant(values, n):
        t = 0
        for i in range(n):
            t += values[i]
        return t

    @jit
    def total_called(values, n):  # not inlined: a call
        t = 0
        for i in range(n):
            t += values[i]
        return t

    @jit
    def sums(values):
        return (total(values, 2), total(values, 3), total(values, values.shape[0]),
                total_per_constant(values, 2), total_per_constant(values, 3),
                total_called(values, 2), total_called(values, 4))

    assert sums(np.arange(1, 5)) == (3, 6, 10, 3, 6, 3, 10)
    assert len(total.signatures) == 1  # (array, int64), for 2, 3 and the length alike
    assert len(total_called.signatures) == 1
    assert len(total_per_constant.signatures) == 2  # one per constant, Numba's way


def test_a_helper_kernels_inline_says_so_when_called_from_python():
    # it has no Python entry point (pokersim._core.jit._KernelHelper): a call from Python
    # would crash the process, and raises instead; from a kernel it runs
    from pokersim._core.jit import jit

    @jit(inline=True)
    def twice_the_sum(values):
        t = 0
        for v in values:
            t += v
        return 2 * t

    @jit
    def kernel(values):
        return twice_the_sum(values)

    values = np.arange(5)
    assert kernel(values) == 20
    with pytest.raises(TypeError, match="twice_the_sum is a helper of pokersim's kernels"):
        twice_the_sum(values)
