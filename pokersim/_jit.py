"""One decorator for every kernel, so the options live in one place (``config.JIT_OPTIONS``)."""

import numba
from llvmlite import ir
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


@intrinsic
def mul_wide(typingctx, a, b):
    """(high, low) 64-bit halves of the full 128-bit product of two uint64 (one ``mul``)."""
    sig = types.UniTuple(types.uint64, 2)(types.uint64, types.uint64)

    def codegen(context, builder, signature, args):
        wide = ir.IntType(128)
        product = builder.mul(builder.zext(args[0], wide), builder.zext(args[1], wide))
        high = builder.trunc(builder.lshr(product, ir.Constant(wide, 64)), ir.IntType(64))
        low = builder.trunc(product, ir.IntType(64))
        return context.make_tuple(builder, signature.return_type, (high, low))

    return sig, codegen
