"""One decorator for every kernel, so the options live in one place (``config.JIT_OPTIONS``)."""

import numba

from . import config


def jit(fn=None, *, parallel=False):
    """``numba.njit`` with pokersim's options; ``parallel=True`` for ``prange`` kernels."""

    def wrap(f):
        return numba.njit(parallel=parallel, **config.JIT_OPTIONS)(f)

    return wrap(fn) if fn is not None else wrap
