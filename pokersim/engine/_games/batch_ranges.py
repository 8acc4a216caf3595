"""The kernel of :func:`pokersim.batch_equity` against a range: a hand a row, against a
weighted list of two-card combos, exactly, in the games of two hole cards ranked with the
board's five (Hold'em, the short decks).

A row is one hand, a board of 3 to 5 cards and its dead cards. The combos left (none of the
row's cards, in the deck, a weight above 0) are listed once a row; then every runout of the
board, and on each the hand's strength once and each combo's (one addition and one
:func:`~pokersim.evaluator.tables.lookup`) but those that hold a card of the runout. Each
combo counts its weight: ``counts[row]`` holds the weight the hand beats, the weight it ties
and the weight of every (combo, runout) pair, and ``pairs[row]`` how many such pairs there
were.

A board on which no suit has three cards makes no flush for any hand: there a combo's
strength is its ranks' with the board's, and the combos are counted by rank class (AK, KK,
..., 91 of them; their weights summed once a row), those that hold a card of the runout taken
off their class: about 90 lookups a runout rather than one a combo (1,006 combos against a
turn board: 2.2x as fast). On a board of three or four cards of a suit, only the combos that
hold two or one of that suit can make a flush: those are ranked one by one, the others by
class (about a tenth of the combos one by one on a board of three). Weights are summed in
another order there, so equities may differ from a combo-by-combo sum in the last bits (not
with whole weights, or binary fractions such as 0.5 and 0.25: sums of those are exact).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..._core.jit import jit, popcount, share, trailing_zeros, worker_copies
from ...evaluator.tables import KEY_BIAS, RANK_MASK, lookup, nonflush_strength
from .shared import add_runout, list_cards, spot_keys

_U = np.uint64


class RangeSpace(NamedTuple):
    """One worker's own arrays (:func:`range_spaces`)."""

    lists: np.ndarray  # (9, C) int64: a row's combos left (row 0), those of them with at
    # least k cards of suit s (row 1 + 2 s + k - 1, k = 1, 2; see _list_combo) ...
    n_listed: np.ndarray  # (9,) int64: ... how many
    is_left: np.ndarray  # (C,) bool: whether each combo is left in the row
    live: np.ndarray  # (64,) uint8: the cards left for the board, ascending
    key: np.ndarray  # (1,) uint64: the hand's key ...
    bits: np.ndarray  # (1,) uint64: ... and bits
    class_weight: np.ndarray  # (K,) float64: a row's weight left in each rank class ...
    class_count: np.ndarray  # (K,) int64: ... and its combos left
    weight_met: np.ndarray  # (K,) float64: ... less those that hold a card of a runout
    count_met: np.ndarray  # (K,) int64


class RankClasses(NamedTuple):
    """The combos by rank class, for the boards where no flush can be made."""

    of_combo: np.ndarray  # (C,) int64: each combo's class
    keys: np.ndarray  # (K,) uint64: each class's rank key (the rank part of a combo's key)
    card_combos: np.ndarray  # (52, 51) int64: the combos that hold each card, ascending ...
    n_card_combos: np.ndarray  # (52,) int64: ... how many


class Combos(NamedTuple):
    """A list of two-card combos as :func:`range_rows` reads them (:func:`combo_table`)."""

    masks: np.ndarray  # (C,) uint64: each combo's cards
    keys: np.ndarray  # (C,) uint64: its key, from KEY_BIAS ...
    bits: np.ndarray  # (C,) uint64: ... and bits
    classes: RankClasses


def combo_table(cards: np.ndarray, card_keys: np.ndarray, card_bits: np.ndarray) -> Combos:
    """The :class:`Combos` of two-card combos ``cards`` (C, 2) under a ranking's card keys
    and bits (:func:`~pokersim.evaluator.strengths.kernel_args`)."""
    c = np.asarray(cards, np.intp)
    masks = (_U(1) << c[:, 0].astype(_U)) | (_U(1) << c[:, 1].astype(_U))
    keys = _U(KEY_BIAS) + card_keys[c[:, 0]] + card_keys[c[:, 1]]
    bits = card_bits[c[:, 0]] | card_bits[c[:, 1]]
    return Combos(masks, keys, bits, rank_classes(keys, c))


def rank_classes(combo_keys: np.ndarray, cards: np.ndarray) -> RankClasses:
    """The :class:`RankClasses` of combos of keys ``combo_keys`` and cards ``cards`` (C, 2)."""
    rank_keys = combo_keys & RANK_MASK
    by_key = np.argsort(rank_keys, kind="stable")
    new_class = np.empty(rank_keys.size, np.bool_)
    new_class[:1] = True
    np.not_equal(rank_keys[by_key[1:]], rank_keys[by_key[:-1]], out=new_class[1:])
    of_combo = np.empty(rank_keys.size, np.int64)
    of_combo[by_key] = np.cumsum(new_class) - 1
    held = np.asarray(cards, np.uint8).reshape(-1)  # combo i's cards at 2i and 2i + 1
    order = np.argsort(held, kind="stable")  # by card, then combo (a radix sort)
    n_card_combos = np.bincount(held, minlength=52).astype(np.int64)
    starts = np.cumsum(n_card_combos) - n_card_combos
    card_combos = np.zeros((52, 51), np.int64)
    by_card = held[order].astype(np.int64)
    card_combos.reshape(-1)[by_card * 51 + np.arange(held.size) - starts[by_card]] = order // 2
    return RankClasses(of_combo, rank_keys[by_key[new_class]].astype(np.uint64), card_combos,
                       n_card_combos)


def range_spaces(n_workers: int, n_combos: int, n_classes: int) -> list[RangeSpace]:
    """A :class:`RangeSpace` per worker, for ``n_combos`` combos of ``n_classes`` rank
    classes (one worker's: its arrays as made, with no copy)."""
    arrays = dict(lists=np.zeros((9, n_combos), np.int64), n_listed=np.zeros(9, np.int64),
                  is_left=np.zeros(n_combos, np.bool_),
                  live=np.zeros(64, np.uint8), key=np.zeros(1, np.uint64),
                  bits=np.zeros(1, np.uint64), class_weight=np.zeros(n_classes),
                  class_count=np.zeros(n_classes, np.int64), weight_met=np.zeros(n_classes),
                  count_met=np.zeros(n_classes, np.int64))
    if n_workers == 1:
        return [RangeSpace(**arrays)]
    return worker_copies(n_workers, RangeSpace, **arrays)


@jit(inline=True)
def flush_suit(bits):
    """(the suit with the most cards of a board of suit-rank ``bits`` (16 bits a suit), how
    many): with 3 or 4, a hand of two more cards makes a flush only with 2 or 1 of that
    suit; with 2 or fewer, no hand makes one."""
    suit = most = np.int64(0)
    for s in range(4):
        n = np.int64(popcount((bits >> _U(16 * s)) & _U(0x1FFF)))
        if n > most:
            suit, most = np.int64(s), n
    return suit, most


@jit(inline=True)
def _list_combo(c, mask, lists, n_listed):
    """Combo ``c`` (cards ``mask``) into the row's lists (:class:`RangeSpace`): every combo
    left; with at least one card of each of its suits; if suited, with two."""
    lists[0, n_listed[0]] = c
    n_listed[0] += 1
    a = 1 + 2 * np.int64(trailing_zeros(mask) & _U(3))  # (int64: with uint64, floats)
    b = 1 + 2 * np.int64(trailing_zeros(mask & (mask - _U(1))) & _U(3))
    lists[a, n_listed[a]] = c
    n_listed[a] += 1
    if a == b:
        lists[a + 1, n_listed[a + 1]] = c
        n_listed[a + 1] += 1
    else:
        lists[b, n_listed[b]] = c
        n_listed[b] += 1


@jit(inline=True)
def _on_board(key, bits, runout, hand_key, hand_bit, combo_masks, combo_keys, combo_bits,
              weights, wr, classes, flush, offsets, table, space):
    """The hand against the combos left on a whole board (``key`` and ``bits``, its last
    cards ``runout``, a mask): (weight beaten, weight tied, weight met, pairs met).

    With at most four cards of any suit on the board, each rank class's weight in the row,
    less that of its combos that hold a card of the runout, is counted with one lookup on the
    class's ranks, but for the combos that may make a flush: with three or four cards of suit
    s on the board, those that hold two or one of s (one of the row's lists), ranked one by
    one and taken off their class first (a combo with fewer makes no flush, nor do the
    classes' ranks). With five of a suit, every combo one by one."""
    of_combo, class_keys, card_combos, n_card_combos = classes
    is_left, weight_met, count_met = space.is_left, space.weight_met, space.count_met
    suit, most = flush_suit(bits)
    by_class = most < 5
    row = 0 if most == 5 else 5 - most + 2 * suit  # 1 + 2 s + (need - 1), need = 5 - most
    n_one = space.n_listed[row] if most > 2 else 0
    if by_class:
        for k in range(class_keys.shape[0]):
            weight_met[k] = space.class_weight[k]
            count_met[k] = space.class_count[k]
        rest = runout
        while rest:
            card = trailing_zeros(rest)
            rest &= rest - _U(1)
            lower = runout & ((_U(1) << _U(card)) - _U(1))  # their combos are off already
            for i in range(n_card_combos[card]):
                c = card_combos[card, i]
                if is_left[c] and not combo_masks[c] & lower:
                    weight_met[of_combo[c]] -= weights[wr, c]
                    count_met[of_combo[c]] -= 1
    mine = lookup(key + hand_key, bits | hand_bit, flush, offsets, table)
    won = tied = met = 0.0
    pairs = 0
    for i in range(n_one):
        c = space.lists[row, i]
        if combo_masks[c] & runout:
            continue
        w = weights[wr, c]
        if by_class:
            weight_met[of_combo[c]] -= w
            count_met[of_combo[c]] -= 1
        theirs = lookup(key + combo_keys[c], bits | combo_bits[c], flush, offsets, table)
        won += w * (mine > theirs)
        tied += w * (mine == theirs)
        met += w
        pairs += 1
    for k in range(class_keys.shape[0] if by_class else 0):
        if count_met[k] == 0:
            continue
        theirs = nonflush_strength(key + class_keys[k], offsets, table)
        w = weight_met[k]
        won += w * (mine > theirs)
        tied += w * (mine == theirs)
        met += w
        pairs += count_met[k]
    return won, tied, met, pairs


@jit(worker=True)
def range_rows(w, n_workers, hands, boards, dead, deck, combo_masks, combo_keys, combo_bits,
               weights, classes, ht, counts, pairs, space):
    """Worker w's share of the rows: the hand ``hands[r, 0]`` (two cards) against every combo c
    of weight ``weights[r or 0, c]`` above 0 (its cards' mask ``combo_masks[c]``, its key
    from :data:`~pokersim.evaluator.tables.KEY_BIAS` and bits; its rank class in
    ``classes``, :func:`rank_classes`) that holds none of the row's cards and no card outside
    ``deck``, over every runout of the board ``boards[r]`` (3 to 5 cards) from the cards
    left, into ``counts[r]`` (weight beaten, tied, met) and ``pairs[r]`` (combo and runout
    pairs met). Returns the rows done."""
    card_keys, card_bits, flush, offsets, table = ht
    is_left, live, n_listed = space.is_left, space.live, space.n_listed
    class_weight, class_count = space.class_weight, space.class_count
    of_combo = classes[0]
    first, last = share(w, n_workers, hands.shape[0])
    n_runout = 5 - boards.shape[1]
    n_combos = combo_masks.shape[0]
    for r in range(first, last):
        key, bits, used = spot_keys(hands, boards, dead, r, card_keys, card_bits, space.key,
                                    space.bits)
        hand_key = space.key[0]
        hand_bit = space.bits[0]
        wr = r if weights.shape[0] > 1 else 0
        class_weight[:] = 0.0
        class_count[:] = 0
        n_listed[:] = 0
        for c in range(n_combos):
            is_left[c] = weights[wr, c] > 0 and not combo_masks[c] & (used | ~deck)
            if is_left[c]:
                class_weight[of_combo[c]] += weights[wr, c]
                class_count[of_combo[c]] += 1
                _list_combo(c, combo_masks[c], space.lists, n_listed)
        won = tied = met = 0.0
        n_pairs = 0
        n_live = list_cards(deck & ~used, live)
        # every runout of 0, 1 or 2 cards (x, then y after it), through one call of
        # _on_board: a kernel a third smaller to compile than a loop for each
        for i in range(n_live if n_runout > 0 else 1):
            for j in range(i + 1 if n_runout == 2 else 0, n_live if n_runout == 2 else 1):
                key_y, bits_y, runout_y = add_runout(i, j, n_runout, live, key, bits,
                                                     card_keys, card_bits)
                out = _on_board(key_y, bits_y, runout_y, hand_key, hand_bit, combo_masks,
                                combo_keys, combo_bits, weights, wr, classes, flush, offsets,
                                table, space)
                won += out[0]
                tied += out[1]
                met += out[2]
                n_pairs += out[3]
        counts[r, 0] = won
        counts[r, 1] = tied
        counts[r, 2] = met
        pairs[r] = n_pairs
    return last - first
