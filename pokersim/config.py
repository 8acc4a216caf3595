"""Settings in one place: Numba options and the block size of random streams.

Tests and benchmarks patch these values here (for example ``DEAL_BLOCK``) rather than
threading options through every call.
"""

import numba

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
