"""The n-th card left of a deal without ``pdep``: the gaps of the cards taken, 32 to a vector.

Monte Carlo deals draw the i-th card still available, i uniform. Where the cards left are a
mask, BMI2's ``pdep`` finds that card in one instruction; a CPU without a fast one (AMD before
Zen 3, ARM, any generic build) needs another way to the *same* card, so that every CPU gives
the same numbers. :func:`nth_left` is that way, in a chain of dependent steps as short as
``pdep``'s: the slots of the cards taken are the bytes of one 32-byte vector register
(:class:`GapSlots`, LLVM's ``<32 x i8>``, a value the kernels pass around like an integer),
compared, counted and updated in a few vector instructions on every CPU LLVM knows (one
AVX2 register; two SSE2 or NEON ones).

A taken card at position q of the deal's ascending list, with j taken cards below it, leaves
a gap q - j of cards left below it: the n-th card left lies after every taken card of gap
<= n, so its position is n plus their count, and taking it (gap n) lowers by one the gaps
above n. A free slot holds :data:`FREE`, above any gap (lowered by one a draw, it stays above
the 52 cards' gaps for :data:`MAX_TAKEN` draws).
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import types
from numba.core.datamodel import PrimitiveModel
from numba.extending import intrinsic, register_model

from .jit import HAS_PDEP, jit, popcount

#: The most cards :func:`nth_left` follows: the slots of one :class:`GapSlots`.
MAX_TAKEN = 32
#: What a free slot holds: above every gap, and below 0x80 (the bytes compare as signed).
FREE = 0x7F

_I8, _I32, _I64 = ir.IntType(8), ir.IntType(32), ir.IntType(64)
_SLOTS = ir.VectorType(_I8, MAX_TAKEN)


class GapSlots(types.Type):
    """The Numba type of :data:`MAX_TAKEN` one-byte slots held in one vector value."""

    def __init__(self):
        super().__init__(name="GapSlots")


gap_slots = GapSlots()


@register_model(GapSlots)
class _GapSlotsModel(PrimitiveModel):
    def __init__(self, dmm, fe_type):
        super().__init__(dmm, fe_type, _SLOTS)


def _splat(builder, value):
    """``<32 x i8>`` of the low byte of the uint64 ``value`` in every lane."""
    one = builder.insert_element(ir.Constant(_SLOTS, None), builder.trunc(value, _I8),
                                 ir.Constant(_I32, 0))
    return builder.shuffle_vector(one, one, ir.Constant(ir.VectorType(_I32, MAX_TAKEN),
                                                        [0] * MAX_TAKEN))


def _with_gap(builder, slots, slot, gap):
    """``slots`` with slot ``slot`` holding ``gap`` (both uint64): one compare and blend."""
    lanes = ir.Constant(_SLOTS, list(range(MAX_TAKEN)))
    return builder.select(builder.icmp_signed("==", lanes, _splat(builder, slot)),
                          _splat(builder, gap), slots)


@intrinsic
def free_slots(typingctx):
    """``free_slots() -> GapSlots``: no card taken."""

    def codegen(context, builder, signature, args):
        return ir.Constant(_SLOTS, [FREE] * MAX_TAKEN)

    return gap_slots(), codegen


@intrinsic
def slots_of(typingctx, w0, w1, w2, w3):
    """``slots_of(w0, w1, w2, w3) -> GapSlots``: the slots held in the bytes of four uint64,
    slot 0 the low byte of ``w0`` (see :func:`gap_words`)."""
    sig = gap_slots(types.uint64, types.uint64, types.uint64, types.uint64)

    def codegen(context, builder, signature, args):
        words = ir.Constant(ir.VectorType(_I64, 4), None)
        for i, w in enumerate(args):
            words = builder.insert_element(words, w, ir.Constant(_I32, i))
        return builder.bitcast(words, _SLOTS)

    return sig, codegen


@intrinsic
def with_gap(typingctx, slots, slot, gap):
    """``with_gap(slots, slot, gap) -> GapSlots``: ``slots`` with slot ``slot`` (below
    :data:`MAX_TAKEN`) holding ``gap``."""
    sig = gap_slots(gap_slots, types.uint64, types.uint64)

    def codegen(context, builder, signature, args):
        return _with_gap(builder, *args)

    return sig, codegen


@intrinsic
def nth_left(typingctx, slots, n, slot):
    """``nth_left(slots, n, slot) -> (position, slots)``: the position, in the ascending list
    of a deal's cards, of the n-th card left (n from 0) once the cards of the taken slots are
    gone, and the slots with this card taken in slot ``slot`` (the next free one; n and
    ``slot`` uint64). The same card as the n-th set bit of the mask of the cards left
    (:data:`~pokersim._core.jit.nth_bit`)."""
    sig = types.Tuple((types.uint64, gap_slots))(gap_slots, types.uint64, types.uint64)

    def codegen(context, builder, signature, args):
        slots, n, slot = args
        wanted = _splat(builder, n)
        above = builder.icmp_signed(">", slots, wanted)
        ctpop = builder.module.declare_intrinsic("llvm.ctpop", [_I32])
        n_above = builder.zext(builder.call(ctpop, [builder.bitcast(above, _I32)]), _I64)
        position = builder.sub(builder.add(n, ir.Constant(_I64, MAX_TAKEN)), n_above)
        lowered = builder.add(slots, builder.sext(above, _SLOTS))  # the gaps above n, less 1
        return context.make_tuple(builder, signature.return_type,
                                  (position, _with_gap(builder, lowered, slot, n)))

    return sig, codegen


@jit(inline=True)
def taken_slots(taken, cards):
    """(the slots of :func:`nth_left` with the cards of the mask ``taken`` taken (at most
    :data:`MAX_TAKEN`, all among the cards of the mask ``cards``), how many): the j-th taken
    card, ascending, has below it j taken cards and ``popcount(cards & (bit - 1))`` cards of
    the deal."""
    slots = free_slots()
    j = np.uint64(0)
    while taken:
        bit = taken & (np.uint64(0) - taken)
        taken ^= bit
        slots = with_gap(slots, j, popcount(cards & (bit - np.uint64(1))) - j)
        j += np.uint64(1)
    return slots, np.int64(j)


def gap_words(held: np.ndarray, live: int | np.uint64) -> np.ndarray:
    """The slots of :func:`taken_slots` for each row of ``held`` (rows of distinct cards, each
    among the cards of the mask ``live``) packed into words for :func:`stored_slots`: (rows,
    ceil(k / 8)) uint64 for k cards a row (none past :data:`MAX_TAKEN`: the deal then has
    too many for the slots), slot j the byte j of the row's words, :data:`FREE` past k. A
    table of many deals' taken cards makes their slots once, not once a deal.

    >>> gap_words(np.array([[0, 5]]), 0b111111).view(np.uint8)[0].tolist()  # gaps 0 and 4
    [0, 4, 127, 127, 127, 127, 127, 127]
    """
    rows, k = held.shape
    if k > MAX_TAKEN:
        return np.zeros((rows, 0), np.uint64)
    in_live = (np.uint64(live) >> np.arange(64, dtype=np.uint64)) & np.uint64(1)
    below = np.cumsum(in_live, dtype=np.int64) - in_live.astype(np.int64)  # live cards below c
    slots = np.full((rows, -(-k // 8) * 8), FREE, np.uint8)
    slots[:, :k] = below[np.sort(held, axis=1)] - np.arange(k)
    return slots.view(np.uint64)


@jit(inline=True)
def stored_slots(table, row, at, n_taken):
    """(the slots, ``n_taken``) of :func:`taken_slots` for ``n_taken`` cards, from the words
    of :func:`gap_words` kept in ``table[row, at:]`` (none read past :data:`MAX_TAKEN`
    cards: the deal then finds its cards by ``nth_bit``)."""
    n_words = (n_taken + 7) // 8 if n_taken <= MAX_TAKEN else 0
    free = np.uint64(FREE * 0x0101010101010101)
    w0 = table[row, at] if n_words > 0 else free
    w1 = table[row, at + 1] if n_words > 1 else free
    w2 = table[row, at + 2] if n_words > 2 else free
    w3 = table[row, at + 3] if n_words > 3 else free
    return slots_of(w0, w1, w2, w3), np.int64(n_taken)


@jit(inline=True)
def no_taken():
    """The (slots, count) of :func:`taken_slots` for no card taken before a deal."""
    return free_slots(), np.int64(0)


@jit(inline=True)
def gap_mode(n_taken, n_draw):
    """Whether a deal of ``n_draw`` cards after ``n_taken`` taken ones finds its cards by
    :func:`nth_left`: where ``pdep`` is slow and the slots hold them all."""
    return not HAS_PDEP and n_taken + n_draw <= MAX_TAKEN
