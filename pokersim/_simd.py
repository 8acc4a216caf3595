"""Eight hands at a time with AVX-512: the evaluator's fast path on CPUs that have it.

:func:`eight_hands` builds, in LLVM IR, one step of :func:`pokersim.evaluate`'s kernel: the
strengths of rows ``8b .. 8b+7`` of a C-contiguous (N, k) uint8 array. It computes the same
perfect-hash key as the scalar kernel (:mod:`pokersim.tables`), but for eight hands in a few
512-bit instructions, with no loop over the cards:

* **Transpose.** The 8k card bytes are loaded at once and shuffled so that hand i fills bytes
  8i..8i+k-1 of a 64-byte vector; the other bytes get pads 56+j (not cards, all different).
* **Sums by table.** ``vpermb`` looks up a 64-entry byte table for all 64 bytes at once and
  ``vpsadbw`` sums each hand's 8 bytes. Three tables hold the three bytes of each card's rank
  key (:data:`~pokersim.tables.RANK_KEYS`), two more its suit counters; pads look up zeros.
* **Checks.** Any value past 51 sends the block to the scalar path; so do a repeated card
  (each byte compared with the bytes 1..4 places round its hand) and a flush (a suit counter
  reaching 5: flushes need the suit's rank mask, which the scalar path has).
* **Lookups** ``hash[key + offsets[key >> HASH_SHIFT]]`` are done one lane at a time: on Zen 4
  two ``vpgatherqd`` cost more than the rest of the block (measured: 42 of 49 cycles).

The step returns an 8-bit mask of the rows it left to the scalar path (about 3% of random
7-card rows, for their flushes); the kernel finishes those with
:func:`pokersim.evaluate.hand_strength`. Use it only where :data:`pokersim._jit.HAS_AVX512`:
on other targets LLVM cannot compile the byte permutes.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import types
from numba.core.errors import RequireLiteralValue
from numba.extending import intrinsic

from .tables import HASH_SHIFT, RANK_KEYS

I1, I8, I16, I32, I64 = (ir.IntType(n) for n in (1, 8, 16, 32, 64))
#: Pad byte values: pad j (0..7) is 56 + j, past every card and different from the others.
PAD = 56


def byte_tables() -> list[np.ndarray]:
    """The five 64-entry byte tables, indexed by card value (zero at 52..63): the low, middle
    and high byte of each card's rank key, then the suit counters of clubs and diamonds
    (1 and 16) and of hearts and spades (1 and 16), which sum to two 4-bit fields each.

    >>> keys = byte_tables()[:3]
    >>> int(keys[0][51] + (keys[1][51] << 8) + (keys[2][51] << 16)) == int(RANK_KEYS[12])
    True
    """
    cards = np.arange(52)
    ranks, suits = divmod(cards, 4)
    keys = RANK_KEYS[ranks].astype(np.int64)
    planes = [(keys >> (8 * b)) & 0xFF for b in range(3)]
    planes.append(np.select([suits == 0, suits == 1], [1, 16], 0))
    planes.append(np.select([suits == 2, suits == 3], [1, 16], 0))
    tables = []
    for plane in planes:
        table = np.zeros(64, np.int64)
        table[:52] = plane
        tables.append(table)
    return tables


def _vec(element, values) -> ir.Constant:
    return ir.Constant(ir.VectorType(element, len(values)), [int(v) for v in values])


def _declare(module, name, ret, args):
    try:
        return module.get_global(name)
    except KeyError:
        return ir.Function(module, ir.FunctionType(ret, args), name)


def _is_array(ty, dtype, ndim) -> bool:
    return (isinstance(ty, types.Array) and ty.dtype == dtype and ty.ndim == ndim
            and ty.layout == "C")


@intrinsic
def eight_hands(typingctx, hands, b, offsets, table, out, k):
    """``eight_hands(hands, b, offsets, table, out, k) -> uint64``: writes the strengths of
    rows 8b..8b+7 of ``hands`` (C-contiguous (N, k) uint8, 8b+8 <= N, k a compile-time
    constant) to ``out[8b:8b+8]`` and returns the mask of rows whose strength it did not
    write. (One global intrinsic, not one per k: Numba's disk cache keys a kernel on what it
    closes over, and a captured intrinsic pickles differently in every process.)"""
    if not isinstance(k, types.IntegerLiteral):
        raise RequireLiteralValue("eight_hands needs the card count as a constant")
    if not (_is_array(hands, types.uint8, 2) and isinstance(b, types.Integer)
            and _is_array(offsets, types.int32, 1) and _is_array(table, types.int16, 1)
            and _is_array(out, types.int16, 1) and k.literal_value in (5, 6, 7)):
        return None
    sig = types.uint64(hands, types.int64, offsets, table, out, k)
    nbytes = 8 * k.literal_value
    key_low, key_mid, key_high, suits_cd, suits_hs = byte_tables()
    # hand i's card j comes from byte k*i + j; pad j from the second operand
    transpose = [k.literal_value * i + j if j < k.literal_value else 64 + j
                 for i in range(8) for j in range(8)]

    def codegen(context, builder, signature, args):
        module = builder.module
        h, off, tab, res = (context.make_array(signature.args[i])(context, builder, args[i])
                            for i in (0, 2, 3, 4))
        block = args[1]
        v64x8 = ir.VectorType(I8, 64)
        permb = _declare(module, "llvm.x86.avx512.permvar.qi.512", v64x8, [v64x8, v64x8])
        psadbw = _declare(module, "llvm.x86.avx512.psad.bw.512", ir.VectorType(I64, 8),
                          [v64x8, v64x8])
        load = _declare(module, "llvm.masked.load.v64i8.p0", v64x8,
                        [v64x8.as_pointer(), I32, ir.VectorType(I1, 64), v64x8])
        rotate = _declare(module, "llvm.fshl.v8i64", ir.VectorType(I64, 8),
                          [ir.VectorType(I64, 8)] * 3)

        def splat(element, value, n=8):
            return _vec(element, [value] * n)

        start = builder.gep(builder.bitcast(h.data, I8.as_pointer()),
                            [builder.mul(block, ir.Constant(I64, nbytes))])
        raw = builder.call(load, [builder.bitcast(start, v64x8.as_pointer()),
                                  ir.Constant(I32, 1), _vec(I1, [j < nbytes for j in range(64)]),
                                  splat(I8, 0, 64)])
        not_card = builder.icmp_unsigned(">", raw, splat(I8, 51, 64))
        any_not_card = builder.icmp_unsigned("!=", builder.bitcast(not_card, I64),
                                             ir.Constant(I64, 0))
        lanes = builder.shuffle_vector(raw, _vec(I8, [PAD + j % 8 for j in range(64)]),
                                       _vec(I32, transpose))

        def summed(byte_table):  # per hand: the sum of byte_table[card] over its cards
            looked_up = builder.call(permb, [_vec(I8, byte_table), lanes])
            return builder.call(psadbw, [looked_up, splat(I8, 0, 64)])

        def shifted(value, bits):
            return builder.shl(value, splat(I64, bits))

        key = builder.add(builder.add(summed(key_low), shifted(summed(key_mid), 8)),
                          shifted(summed(key_high), 16))
        # four suit counters from 3, as in the scalar key: bit 3 of one is set by a flush
        suits = builder.add(builder.or_(summed(suits_cd), shifted(summed(suits_hs), 8)),
                            splat(I64, 0x3333))
        flush = builder.icmp_unsigned("!=", builder.and_(suits, splat(I64, 0x8888)),
                                      splat(I64, 0))
        words = builder.bitcast(lanes, ir.VectorType(I64, 8))
        same = None
        for d in (1, 2, 3, 4):  # every pair of the 8 bytes is 1..4 places apart
            turned = builder.call(rotate, [words, words, splat(I64, 8 * d)])
            equal = builder.icmp_unsigned("==", lanes, builder.bitcast(turned, v64x8))
            same = equal if same is None else builder.or_(same, equal)
        repeated = builder.icmp_unsigned(
            "!=", builder.bitcast(builder.zext(same, v64x8), ir.VectorType(I64, 8)),
            splat(I64, 0))
        left = builder.or_(builder.or_(repeated, flush),
                           builder.select(any_not_card, splat(I1, 1), splat(I1, 0)))
        # key 0 for the rows left over: it indexes both tables in range
        key = builder.select(left, splat(I64, 0), key)
        offsets_at = builder.bitcast(off.data, I32.as_pointer())
        table_at = builder.bitcast(tab.data, I16.as_pointer())
        out_at = builder.gep(builder.bitcast(res.data, I16.as_pointer()),
                             [builder.mul(block, ir.Constant(I64, 8))])
        for lane in range(8):
            lane_key = builder.extract_element(key, ir.Constant(I32, lane))
            row = builder.lshr(lane_key, ir.Constant(I64, HASH_SHIFT))
            offset = builder.sext(builder.load(builder.gep(offsets_at, [row])), I64)
            strength = builder.load(builder.gep(table_at, [builder.add(lane_key, offset)]))
            builder.store(strength, builder.gep(out_at, [ir.Constant(I64, lane)]))
        return builder.zext(builder.bitcast(left, I8), I64)

    return sig, codegen
