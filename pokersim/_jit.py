"""One decorator for every kernel, so the options live in one place (``config.JIT_OPTIONS``)."""

import numba
from numba import types
from numba.extending import intrinsic

from . import config


def jit(fn=None, *, parallel=False, inline=False):
    """``numba.njit`` with pokersim's options; ``parallel=True`` for ``prange`` kernels;
    ``inline=True`` for small per-hand helpers, so that Numba inlines them into every kernel
    that calls them (calls across jitted functions are otherwise not inlined, and cost 3x)."""

    def wrap(f):
        return numba.njit(parallel=parallel, inline="always" if inline else "never",
                          **config.JIT_OPTIONS)(f)

    return wrap(fn) if fn is not None else wrap


@intrinsic
def popcount(typingctx, x):
    """Number of set bits of a uint64 (one ``popcnt`` instruction)."""
    sig = types.uint64(types.uint64)

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return sig, codegen
