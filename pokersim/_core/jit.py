"""One decorator for every kernel, so the options live in one place (``config.JIT_OPTIONS``),
and the few machine instructions the kernels use that Numba does not expose."""

import concurrent.futures
import dis
import os
import platform
import threading

import llvmlite.binding as llvm
import numba
import numba.core.compiler
import numpy as np
from llvmlite import ir
from numba import types
from numba.core.dispatcher import Dispatcher
from numba.core.errors import TypingError
from numba.core.registry import CPUDispatcher
from numba.extending import intrinsic

from .. import config
from . import cache as _cache
from . import compiling as _compiling  # noqa: F401  (says when a compile is long)


class _NoAliasCompiler(numba.core.compiler.Compiler):
    """Numba's compiler with every array argument marked ``noalias`` for LLVM (a worker
    kernel's arrays never overlap), as Numba marks those of the functions it makes of parfor
    loops: without it, a store into one array forces reloads from every other."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.state.flags.noalias = True


#: A helper with no loop and at most this many bytecode instructions is copied into its callers
#: by Numba (see :func:`jit`).
SHORT_HELPER = 60


def copied_by_numba(f) -> bool:
    """Whether ``jit(inline=True)`` has Numba copy ``f`` into its callers (a short
    straight-line helper) rather than compile it once for LLVM to inline.

    >>> def total(values):
    ...     t = 0
    ...     for v in values:
    ...         t += v
    ...     return t
    >>> copied_by_numba(lambda a, b: a + b), copied_by_numba(total)
    (True, False)
    """
    if not _JUMPS_BACK:  # Python 3.10: no opcode says its jump goes back; dis computes it
        instructions = list(dis.get_instructions(f))
        jumps = set(dis.hasjrel) | set(dis.hasjabs)
        looping = any(i.opcode in jumps and i.argval < i.offset for i in instructions)
        return not looping and len(instructions) <= SHORT_HELPER
    # from the raw bytecode, 40x faster than dis (it ran 63 ms at import for 92 helpers):
    # an opcode then its argument, the inline caches not counted as instructions
    opcodes = f.__code__.co_code[::2]
    looping = any(op in _JUMPS_BACK for op in opcodes)
    return not looping and len(opcodes) - opcodes.count(_CACHE) <= SHORT_HELPER


#: The opcodes of a jump back (a loop), and of an inline cache entry, where Python has them.
_JUMPS_BACK = frozenset(op for name, op in dis.opmap.items() if "BACKWARD" in name)
_CACHE = dis.opmap.get("CACHE", -1)


def jit(fn=None, *, inline=False, worker=False, constants=False):
    """``numba.njit`` with pokersim's options.

    ``inline=True`` for small per-hand helpers, inlined into every kernel that calls them (a
    call across jitted functions costs up to 1.5x otherwise), in one of two ways:

    * a helper with a loop, or longer than :data:`SHORT_HELPER` instructions, is compiled once
      (per signature) and LLVM inlines it (``forceinline``): its compile is shared by every
      kernel that calls it. Numba's own inlining types and lowers a copy in every caller, and
      made the big kernels compile 1.3-1.5x as long, for no speed (``docs/design.md``);
    * a short straight-line one (a lookup, a mix of bits) is copied into its callers by Numba
      (:func:`copied_by_numba`): typing a copy costs less than compiling a function of its
      own (some 0.2 s each, which made the small kernels compile up to 1.7x as long), and
      the caller's compile-time constants prune its branches.

    A helper that LLVM inlines has no Python entry point (:class:`_KernelHelper`): compiling
    one took 12-19% of a first answer's compile time.

    A function called from a kernel and compiled on its own (one that LLVM inlines, or one not
    inlined at all) is compiled for the plain types of its arguments, a caller's constant
    (``0``, ``52``, a factory's ``k``) taken as any other integer (:func:`_plain_first`):
    Numba would compile it once per constant value, for nothing LLVM does not specialise once
    the helper is inlined where the constant is (the test run compiled ``deal_row`` 14 times).
    ``constants=True`` keeps Numba's way, for the few helpers whose loops unroll or branches
    fold only so (:func:`pokersim.evaluator.tables.key_and_bits`, and the Monte Carlo frequency
    chain that hands it its ``k``: 2.2x as fast). A helper that needs a constant (an intrinsic
    taking the card count as one) gets it either way.

    ``inline="ir"`` has Numba copy a helper whatever its size, ``inline="llvm"`` leaves any to
    LLVM: for the few where the other way was measured faster
    (:func:`pokersim.analysis.frequencies.count_hands`, whose loops its callers' constants
    shape, and
    :func:`pokersim.evaluator.tables.suit_of_flush`: the exact 7-card count runs 1.4x faster with
    both).

    ``worker=True`` for a kernel that :func:`on_workers` runs once per worker, each on its
    own share of the work: it is compiled without Numba's reference counting, so it may not
    allocate arrays (its caller hands it every array it needs), and with its array arguments
    ``noalias`` (two arguments never share memory that the kernel writes). No kernel is a
    ``parallel=True`` one. The disk cache is keyed on the whole package (see
    :mod:`pokersim._core.cache`), and off where that cannot be ensured; processes that share
    it compile a kernel one at a time (:func:`pokersim._core.cache.lock_compiles`).

    Why worker kernels: a ``parallel=True`` kernel spends two thirds of its compile time in
    Numba's parfor passes (the Hold'em preflop kernel: 30 s of CPU, against 11 s as a worker
    kernel), and a plain kernel with reference counting spent 60% of its run time in the
    atomic increments and decrements of every array that its inlined helpers pass on (5x
    slower than the parfor kernel, whose passes remove those copies); without reference
    counting a plain kernel runs as fast as the parfor one."""
    if inline not in (False, True, "ir", "llvm"):
        raise ValueError(f"inline is False, True, 'ir' or 'llvm'; got {inline!r}")

    def wrap(f):
        options = dict(config.JIT_OPTIONS)
        options["cache"] = options.get("cache", False) and _cache.enabled()
        if worker:
            options["_nrt"] = False
            options["pipeline_class"] = _NoAliasCompiler
        copied = inline == "ir" or inline is True and copied_by_numba(f)
        if inline and not copied:  # no Python entry point: see _KernelHelper
            options.update(forceinline=True, no_cpython_wrapper=True, no_cfunc_wrapper=True)
        dispatcher = numba.njit(inline="always" if copied else "never", **options)(f)
        if inline and not copied:
            dispatcher.__class__ = _KernelHelper
        if not copied and not constants:
            dispatcher.get_call_template = _plain_first.__get__(dispatcher)
        if options["cache"]:
            _cache.lock_compiles(dispatcher)
        return dispatcher

    return wrap(fn) if fn is not None else wrap


class _KernelHelper(CPUDispatcher):
    """A helper that LLVM inlines into kernels, compiled without the entry points through
    which Python calls a Numba function (they took 12-19% of a first answer's compile time,
    for helpers no Python code calls): called from Python, it says so, where the missing
    entry point would crash the process."""

    def __call__(self, *args, **kwargs):
        raise TypeError(f"{self.py_func.__qualname__} is a helper of pokersim's kernels, "
                        f"called from kernels only (call it from a numba.njit function)")


def _plain_first(self, args, kws):
    """Numba's ``Dispatcher.get_call_template`` (the typing of a call from another kernel,
    which compiles the helper for the call's argument types), tried first with the plain types
    of the arguments (``int64`` for ``Literal[int](52)``). A helper whose typing needs a
    constant fails to type so, and is from then on compiled for the constants, as Numba would.
    """
    plain = tuple(types.unliteral(a) for a in args)
    plain_kws = {k: types.unliteral(v) for k, v in kws.items()}
    if (plain != tuple(args) or plain_kws != kws) and not getattr(self, "_needs_constants",
                                                                    False):
        try:
            return Dispatcher.get_call_template(self, plain, plain_kws)
        except TypingError:
            self._needs_constants = True
    return Dispatcher.get_call_template(self, args, kws)


_POOL: list[concurrent.futures.ThreadPoolExecutor] = []
_POOL_LOCK = threading.Lock()


def _forget_pool() -> None:
    """In a forked child: drop the parent's pool, whose threads the child does not have (a
    task given to it would wait for ever), and its lock, which a parent's thread may hold."""
    global _POOL_LOCK
    _POOL.clear()
    _POOL_LOCK = threading.Lock()


if hasattr(os, "register_at_fork"):  # not on Windows, which never forks
    os.register_at_fork(after_in_child=_forget_pool)


def _pool(size: int) -> concurrent.futures.ThreadPoolExecutor:
    """A pool of at least ``size`` threads, made once (again only to grow)."""
    with _POOL_LOCK:
        if not _POOL or _POOL[0]._max_workers < size:
            if _POOL:
                _POOL.pop().shutdown(wait=False)
            _POOL.append(concurrent.futures.ThreadPoolExecutor(
                size, thread_name_prefix="pokersim-worker"))
        return _POOL[0]


def workers() -> int:
    """How many workers a kernel call runs: Numba's thread count for the calling thread
    (``NUMBA_NUM_THREADS``, :func:`numba.set_num_threads`)."""
    return numba.get_num_threads()


#: A kernel call of at most this many showdowns (trials, or deals enumerated) runs on one
#: worker, in a millisecond or two: waking a thread and dispatching the kernel to it costs
#: ~0.15 ms, more on a busy machine.
SERIAL_SHOWDOWNS = 100_000


def workers_for(showdowns: int) -> int:
    """The workers of a kernel call of ``showdowns``: one up to :data:`SERIAL_SHOWDOWNS`,
    else :func:`workers`.

    >>> workers_for(10)
    1
    """
    return 1 if showdowns <= SERIAL_SHOWDOWNS else workers()


#: Bytes between two workers' arrays (:func:`worker_copies`): 128 bytes apart (two cache
#: lines), two workers used 1.5x the CPU time of one on Hold'em Monte Carlo with ranges; a
#: page apart, as much as the parallel kernels did, whose workers allocated their own arrays.
APART = 4096


def worker_copies(n_workers: int, space_type, **templates: np.ndarray) -> list:
    """For each worker, ``space_type(**fields)`` holding its own copy of every template
    array: a worker kernel's private arrays (it allocates none), each worker's in one buffer
    region of its own, :data:`APART` bytes from the next worker's, each array 64-byte aligned.

    >>> from typing import NamedTuple
    >>> class Space(NamedTuple):
    ...     counts: np.ndarray
    >>> a, b = worker_copies(2, Space, counts=np.zeros(3))
    >>> a.counts[0] = 1; b.counts.tolist()
    [0.0, 0.0, 0.0]
    """
    sizes = {name: -(-t.nbytes // 64) * 64 for name, t in templates.items()}
    stride = sum(sizes.values()) + APART
    buffer = np.empty(n_workers * stride + 64, np.uint8)
    at = -buffer.ctypes.data % 64
    spaces = []
    for _ in range(n_workers):
        fields = {}
        for name, t in templates.items():
            part: np.ndarray = np.ndarray(t.shape, t.dtype, buffer, at)
            part[...] = t
            fields[name] = part
            at += sizes[name]
        spaces.append(space_type(**fields))
        at += APART
    return spaces


def cache_aligned(a: np.ndarray) -> np.ndarray:
    """A copy of ``a`` whose data starts on a 64-byte cache line.

    >>> cache_aligned(np.arange(3)).ctypes.data % 64
    0
    """
    buffer = np.empty(a.nbytes + 64, np.uint8)
    aligned: np.ndarray = np.ndarray(a.shape, a.dtype, buffer, -buffer.ctypes.data % 64)
    aligned[...] = a
    return aligned


#: Rows worth a worker of their own in :func:`on_rows` (a tenth of a millisecond of
#: evaluation): waking a thread and dispatching the kernel to it costs ~0.15 ms.
ROWS_PER_WORKER = 16_384


def row_workers(n_rows: int) -> int:
    """How many workers share ``n_rows`` rows: one per :data:`ROWS_PER_WORKER` of them, at
    least one, at most :func:`workers`."""
    return max(1, min(workers(), -(-n_rows // ROWS_PER_WORKER)))


def on_rows(kernel, n_rows: int, *args, scratch: np.ndarray | None = None,
            after: tuple = ()) -> list:
    """``kernel(w, W, *args)`` for each of W workers at once, W from :func:`workers` or fewer,
    one per :data:`ROWS_PER_WORKER` of the ``n_rows`` (a worker takes its :func:`share` of
    them); with ``scratch``, each worker gets its own copy of it as a next argument, then
    the arguments ``after``. The workers' return values, in order."""
    n_workers = row_workers(n_rows)
    if scratch is None:
        return on_workers(lambda w: kernel(w, n_workers, *args, *after), n_workers)
    own = worker_copies(n_workers, lambda scratch: scratch, scratch=scratch)
    return on_workers(lambda w: kernel(w, n_workers, *args, own[w], *after), n_workers)


@jit(inline=True)
def share(w, n_workers, n):
    """(start, stop): worker w's part of ``range(n)``, in W equal contiguous parts."""
    return n * w // n_workers, n * (w + 1) // n_workers


def on_workers(task, n_workers: int) -> list:
    """``task(w)`` for every worker ``w`` below ``n_workers``, at once: worker 0 in the calling
    thread, the others on a pool of threads (worker kernels release the GIL); the results in
    worker order.

    >>> on_workers(lambda w: 10 * w, 3)
    [0, 10, 20]
    """
    if n_workers == 1:
        return [task(0)]
    others = [_pool(n_workers - 1).submit(task, w) for w in range(1, n_workers)]
    try:
        first = task(0)
    finally:
        results = [f.result() for f in others]  # wait for every worker, even on an error
    return [first, *results]


@intrinsic
def take_next(typingctx, counter):
    """``take_next(counter) -> int64``: ``counter[0]`` (a shared int64 array), then one more in
    it, as one atomic step: workers that take their next block so share a kernel's blocks
    as each finishes one, a slower core (another process on it) taking fewer. Results that
    depend on the block and not on its worker are the same whoever takes it."""
    if not (isinstance(counter, types.Array) and counter.dtype == types.int64):
        return None
    sig = types.int64(counter)

    def codegen(context, builder, signature, args):
        array = context.make_array(signature.args[0])(context, builder, args[0])
        return builder.atomic_rmw("add", array.data, ir.Constant(ir.IntType(64), 1),
                                  "monotonic")

    return sig, codegen


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


@intrinsic
def trailing_zeros(typingctx, x):
    """Index of the lowest set bit of a nonzero uint64 (one ``tzcnt`` instruction)."""
    sig = types.uint64(types.uint64)

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return sig, codegen


#: CPUs whose ``pdep`` is microcoded (tens to hundreds of cycles): the loop is faster there.
SLOW_PDEP = ("bdver4", "znver1", "znver2")


def _target() -> tuple[str, set[str]]:
    """(CPU name, features) of the machine the kernels are compiled for: the host's, or the
    target that ``NUMBA_CPU_NAME`` and ``NUMBA_CPU_FEATURES`` name."""
    if numba.config.CPU_NAME:
        features = (numba.config.CPU_FEATURES or "").split(",")
        return numba.config.CPU_NAME, {f[1:] for f in features if f.startswith("+")}
    if platform.machine().lower() not in ("x86_64", "amd64"):
        return llvm.get_host_cpu_name(), set()
    return llvm.get_host_cpu_name(), {f for f, on in llvm.get_host_cpu_features().items() if on}


#: The CPU the kernels are compiled for (LLVM's name: the host's, or ``NUMBA_CPU_NAME``) and
#: its features.
TARGET_CPU, TARGET_FEATURES = _target()
#: Whether the kernels are compiled for an x86-64 CPU with a fast BMI2 ``pdep``.
HAS_PDEP = TARGET_CPU not in SLOW_PDEP and "bmi2" in TARGET_FEATURES
#: Whether the kernels are compiled for an x86-64 CPU with AVX2, whose byte shuffles and sums
#: :func:`pokersim.evaluator._simd.eight_hands` needs.
HAS_AVX2 = "avx2" in TARGET_FEATURES


def _bmi2(name):
    """(signature, codegen) of the BMI2 instruction ``name`` on two uint64 (x, mask)."""

    def codegen(context, builder, signature, args):
        fnty = ir.FunctionType(ir.IntType(64), [ir.IntType(64), ir.IntType(64)])
        return builder.call(
            builder.module.declare_intrinsic(f"llvm.x86.bmi.{name}.64", fnty=fnty), args)

    return types.uint64(types.uint64, types.uint64), codegen


@intrinsic
def pdep(typingctx, x, mask):
    """BMI2 ``pdep``: deposit the low bits of x at the positions of mask's set bits (only
    where :data:`HAS_PDEP`, like :func:`pext`)."""
    return _bmi2("pdep")


@intrinsic
def pext(typingctx, x, mask):
    """BMI2 ``pext``: the bits of x at the positions of mask's set bits, packed into the low
    bits (one instruction; use it only where :data:`HAS_PDEP`)."""
    return _bmi2("pext")


@jit(inline=True)
def _nth_bit_pdep(mask, n):
    return pdep(np.uint64(1) << n, mask)


def _select_in_byte() -> np.ndarray:
    """``table[byte | r << 8]``: the position of the r-th lowest set bit of ``byte``."""
    table = np.zeros(256 * 8, np.uint8)
    for byte in range(256):
        for r, position in enumerate(i for i in range(8) if byte >> i & 1):
            table[byte | r << 8] = position
    return table


SELECT_IN_BYTE = _select_in_byte()
ONES = np.uint64(0x0101010101010101)
HIGHS = np.uint64(0x8080808080808080)


@jit(inline=True)
def _nth_bit_portable(mask, n):
    """Broadword select (Vigna, "Broadword implementation of rank/select queries", 2008): no
    branch and no loop, for CPUs without a fast ``pdep``."""
    counts = mask - ((mask >> np.uint64(1)) & np.uint64(0x5555555555555555))  # per 2 bits
    counts = ((counts & np.uint64(0x3333333333333333))
              + ((counts >> np.uint64(2)) & np.uint64(0x3333333333333333)))  # per 4 bits
    counts = (counts + (counts >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)  # per byte
    below = counts * ONES  # byte i: set bits in bytes 0..i
    # bytes whose running count is <= n keep their high bit: their number is the byte holding
    # the bit wanted (the counts are at most 64, so no byte borrows from the next)
    byte = popcount((((n * ONES) | HIGHS) - below) & HIGHS) * np.uint64(8)
    rank = n - (((below << np.uint64(8)) >> byte) & np.uint64(0xFF))  # within that byte
    position = byte + np.uint64(SELECT_IN_BYTE[((mask >> byte) & np.uint64(0xFF))
                                               | (rank << np.uint64(8))])
    return np.uint64(1) << position


#: ``nth_bit(mask, n)``: the n-th lowest set bit of ``mask`` (n from 0, below its popcount),
#: as a one-bit uint64. One ``pdep`` where the CPU has a fast one, a broadword select elsewhere
#: (where the kernels deal by :func:`nth_left` instead, up to :data:`MAX_TAKEN` cards).
nth_bit = _nth_bit_pdep if HAS_PDEP else _nth_bit_portable
