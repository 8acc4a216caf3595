"""Eight hands at a time with AVX2: the evaluator's fast path on CPUs that have it.

:func:`eight_hands` builds, in LLVM IR, one step of :func:`pokersim.evaluate`'s kernel: the
strengths of rows ``8b .. 8b+7`` of a C-contiguous (N, k) uint8 array. It computes the same
perfect-hash key as the scalar kernel (:mod:`pokersim.evaluator.tables`), but for eight hands in a
few vector instructions, with no loop over the cards:

* **Transpose.** Four 16-byte loads (two hands each) and one shuffle within each 16 bytes put
  hand i in bytes 8i..8i+k-1 of a 64-byte vector; the other bytes get pads 0xF8+j (not
  cards, all different).
* **Sums by table.** ``vpshufb`` looks up a 16-entry byte table for 32 bytes at once, indexed
  by rank (card >> 2) or suit (card & 3), and ``vpsadbw`` sums each hand's 8 bytes. Three
  tables hold the three bytes of each rank's key (:data:`~pokersim.evaluator.tables.RANK_KEYS`), two
  more the suit counters; pads look up zeros.
* **Checks.** Any value past 51 sends the block to the scalar path; so do a repeated card
  (each byte compared with the bytes 1..4 places round its hand) and a flush (a suit counter
  reaching 5: flushes need the suit's rank mask, which the scalar path has).
* **Lookups** ``hash[key + offsets[key >> HASH_SHIFT]]`` are done one lane at a time: on Zen 4
  two ``vpgatherqd`` cost more than the rest of the block (measured: 42 of 49 cycles).

The step returns an 8-bit mask of the rows it left to the scalar path (about 3% of random
7-card rows, for their flushes); the kernel finishes those with
:func:`pokersim.evaluator.strengths.row_strength`. Use it only where
:data:`pokersim._core.jit.HAS_AVX2`: elsewhere LLVM cannot compile the byte shuffles. (A 512-bit
version, ``vpermb`` on 64-entry tables indexed by card, ran within 3% of this one on Zen 4,
where LLVM compiles this one with AVX-512 encodings; one version serves both.)
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import types
from numba.core.errors import RequireLiteralValue
from numba.extending import intrinsic

from .tables import HASH_SHIFT, RANK_KEYS

I1, I8, I16, I32, I64 = (ir.IntType(n) for n in (1, 8, 16, 32, 64))
#: Pad byte values: pad j (0..7) is 0xF8 + j. Past every card and different from the others,
#: they look up zeros as rank indices (62 or 63: vpshufb reads the low 4 bits, 14 or 15) and
#: as suit indices (bit 7 set: vpshufb gives 0).
PAD = 0xF8


def rank_and_suit_tables() -> tuple[np.ndarray, np.ndarray]:
    """(3, 16) and (2, 16) byte tables: the low, middle and high byte of each rank's key
    (zero past rank 12), and the suit counters of clubs and diamonds (1 and 16) and of hearts
    and spades (1 and 16), which sum to two 4-bit fields each (zero past suit 3).

    >>> by_rank, by_suit = rank_and_suit_tables()
    >>> int(by_rank[0, 12] + (by_rank[1, 12] << 8) + (by_rank[2, 12] << 16)) == int(RANK_KEYS[12])
    True
    """
    by_rank = np.zeros((3, 16), np.int64)
    for b in range(3):
        by_rank[b, :13] = (RANK_KEYS.astype(np.int64) >> (8 * b)) & 0xFF
    by_suit = np.zeros((2, 16), np.int64)
    by_suit[0, :2] = by_suit[1, 2:4] = (1, 16)
    return by_rank, by_suit


def _vec(element, values) -> ir.Constant:
    return ir.Constant(ir.VectorType(element, len(values)), [int(v) for v in values])


def _splat(element, value, n=8) -> ir.Constant:
    return _vec(element, [value] * n)


def _declare(module, name, ret, args):
    try:
        return module.get_global(name)
    except KeyError:
        return ir.Function(module, ir.FunctionType(ret, args), name)


def _is_array(ty, dtype, ndim) -> bool:
    return (isinstance(ty, types.Array) and ty.dtype == dtype and ty.ndim == ndim
            and ty.layout == "C")


BYTES = ir.VectorType(I8, 64)  # eight hands' card bytes, 8 per hand
QWORDS = ir.VectorType(I64, 8)  # one 64-bit value per hand


def _lanes(builder, start, k):
    """(loaded bytes, lanes): four 16-byte loads, one per two hands and inside the block, so
    that each 16-byte group's shuffle stays within its 128-bit lane (one ``vpshufb``)."""
    nbytes = 8 * k
    v16 = ir.VectorType(I8, 16)
    starts = [min(2 * k * pair, nbytes - 16) for pair in range(4)]
    pieces = [builder.load(builder.bitcast(builder.gep(start, [ir.Constant(I64, at)]),
                                           v16.as_pointer()), align=1) for at in starts]
    halves = [builder.shuffle_vector(pieces[i], pieces[i + 1], _vec(I32, range(32)))
              for i in (0, 2)]
    raw = builder.shuffle_vector(halves[0], halves[1], _vec(I32, range(64)))
    transpose = []
    for i in range(8):
        pair, second = divmod(i, 2)
        for j in range(8):
            at = 2 * k * pair + k * second + j - starts[pair]
            transpose.append(16 * pair + at if j < k else 64 + j)
    return raw, builder.shuffle_vector(raw, _vec(I8, [PAD + j % 8 for j in range(64)]),
                                       _vec(I32, transpose))


def _sums(builder, lanes):
    """The five per-hand sums (<8 x i64> each) of :func:`rank_and_suit_tables` bytes: the
    rank-key bytes by rank, then the suit counters by suit, in two 256-bit halves."""
    v32 = ir.VectorType(I8, 32)
    pshufb = _declare(builder.module, "llvm.x86.avx2.pshuf.b", v32, [v32, v32])
    psadbw = _declare(builder.module, "llvm.x86.avx2.psad.bw", ir.VectorType(I64, 4),
                      [v32, v32])
    rank = builder.lshr(lanes, _splat(I8, 2, 64))
    suit = builder.and_(lanes, _splat(I8, 0x83, 64))
    by_rank, by_suit = rank_and_suit_tables()
    sums = []
    for table, index in [(t, rank) for t in by_rank] + [(t, suit) for t in by_suit]:
        halves = []
        for half in (0, 1):
            part = builder.shuffle_vector(index, index, _vec(I32, range(32 * half, 32 * half + 32)))
            looked_up = builder.call(pshufb, [_vec(I8, list(table) * 2), part])
            halves.append(builder.call(psadbw, [looked_up, _splat(I8, 0, 32)]))
        sums.append(builder.shuffle_vector(halves[0], halves[1], _vec(I32, range(8))))
    return sums


@intrinsic
def eight_hands(typingctx, hands, b, offsets, table, out, k, first_card):
    """``eight_hands(hands, b, offsets, table, out, k, first_card) -> uint64``: writes the
    strengths of rows 8b..8b+7 of ``hands`` (C-contiguous (N, k) uint8, 8b+8 <= N, k a
    compile-time constant) to ``out[8b:8b+8]`` and returns the mask of rows whose strength it
    did not write. A block holding a value below ``first_card`` (16 for the short deck, whose
    cards start at the six; a constant or a run-time value, one vector compare either way) or
    past 51 is left whole to the scalar path. (One global intrinsic, not one per k: Numba's
    disk cache keys a kernel on what it closes over, and a captured intrinsic pickles
    differently in every process.)"""
    if not isinstance(k, types.IntegerLiteral):
        raise RequireLiteralValue("eight_hands needs the card count as a constant")
    if not (_is_array(hands, types.uint8, 2) and isinstance(b, types.Integer)
            and _is_array(offsets, types.int32, 1) and _is_array(table, types.int16, 1)
            and _is_array(out, types.int16, 1) and k.literal_value in (5, 6, 7)
            and isinstance(first_card, types.Integer)):
        return None
    sig = types.uint64(hands, types.int64, offsets, table, out, k, first_card)
    n_cards = k.literal_value
    lowest = getattr(first_card, "literal_value", None)  # None: a run-time value

    def codegen(context, builder, signature, args):
        h, off, tab, res = (context.make_array(signature.args[i])(context, builder, args[i])
                            for i in (0, 2, 3, 4))
        block = args[1]
        start = builder.gep(builder.bitcast(h.data, I8.as_pointer()),
                            [builder.mul(block, ir.Constant(I64, 8 * n_cards))])
        raw, lanes = _lanes(builder, start, n_cards)
        not_card = builder.icmp_unsigned(">", raw, _splat(I8, 51, 64))
        if lowest is None:  # the run-time first card in every byte
            byte = builder.trunc(args[6], I8)
            first = builder.shuffle_vector(
                builder.insert_element(ir.Constant(ir.VectorType(I8, 64), None), byte,
                                       ir.Constant(I32, 0)),
                ir.Constant(ir.VectorType(I8, 64), None), _vec(I32, [0] * 64))
            not_card = builder.or_(not_card, builder.icmp_unsigned("<", raw, first))
        elif lowest:
            not_card = builder.or_(not_card, builder.icmp_unsigned("<", raw,
                                                                   _splat(I8, lowest, 64)))
        any_not_card = builder.icmp_unsigned("!=", builder.bitcast(not_card, I64),
                                             ir.Constant(I64, 0))
        key_low, key_mid, key_high, suits_cd, suits_hs = _sums(builder, lanes)

        def shifted(value, bits):
            return builder.shl(value, _splat(I64, bits))

        key = builder.add(builder.add(key_low, shifted(key_mid, 8)), shifted(key_high, 16))
        # four suit counters from 3, as in the scalar key: bit 3 of one is set by a flush
        suits = builder.add(builder.or_(suits_cd, shifted(suits_hs, 8)), _splat(I64, 0x3333))
        flush = builder.icmp_unsigned("!=", builder.and_(suits, _splat(I64, 0x8888)),
                                      _splat(I64, 0))
        rotate = _declare(builder.module, "llvm.fshl.v8i64", QWORDS, [QWORDS] * 3)
        words = builder.bitcast(lanes, QWORDS)
        same = None
        for d in (1, 2, 3, 4):  # every pair of the 8 bytes is 1..4 places apart
            turned = builder.call(rotate, [words, words, _splat(I64, 8 * d)])
            equal = builder.icmp_unsigned("==", lanes, builder.bitcast(turned, BYTES))
            same = equal if same is None else builder.or_(same, equal)
        repeated = builder.icmp_unsigned(
            "!=", builder.bitcast(builder.zext(same, BYTES), QWORDS), _splat(I64, 0))
        left = builder.or_(builder.or_(repeated, flush),
                           builder.select(any_not_card, _splat(I1, 1), _splat(I1, 0)))
        # key 0 for the rows left over: it indexes both tables in range
        key = builder.select(left, _splat(I64, 0), key)
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
