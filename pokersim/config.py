"""Settings in one place: Numba options and the block size of random streams.

Tests and benchmarks patch these values here (for example ``DEAL_BLOCK``) rather than
threading options through every call.
"""

import os

# Numba's OpenMP thread pool: with libgomp's default spin-then-sleep policy, waking the pool
# cost ~8 ms per parallel call on our 2-core machines (measured: 8 ms for a 1,000-hand
# evaluate; 7 us with a short spin). A user's own setting wins. Set before numba starts threads.
os.environ.setdefault("GOMP_SPINCOUNT", "10000")

import numba  # noqa: E402

#: Options every kernel is compiled with (see :func:`pokersim._jit.jit`).
JIT_OPTIONS = dict(cache=True, nogil=True, error_model="numpy", boundscheck=False)

#: Rows per independent random stream in :func:`pokersim.deal`. The stream of block ``b``
#: is derived from ``(seed, b)`` only, so results do not depend on the thread count.
#: Changing it changes the numbers a seed produces.
DEAL_BLOCK = 4096


def num_threads() -> int:
    """The number of threads Numba's parallel loops use now."""
    return numba.get_num_threads()

#: Hands per random stream in Monte Carlo category frequencies.
MC_BLOCK = 65536
