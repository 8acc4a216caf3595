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
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..._core.jit import jit, share, worker_copies
from ...evaluator.tables import lookup
from .shared import list_cards, spot_keys

_U = np.uint64


class RangeSpace(NamedTuple):
    """One worker's own arrays (:func:`range_spaces`)."""

    left: np.ndarray  # (C,) int64: a row's combos left
    live: np.ndarray  # (64,) uint8: the cards left for the board, ascending
    key: np.ndarray  # (1,) uint64: the hand's key ...
    bits: np.ndarray  # (1,) uint64: ... and bits


def range_spaces(n_workers: int, n_combos: int) -> list[RangeSpace]:
    """A :class:`RangeSpace` per worker, for ``n_combos`` combos."""
    return worker_copies(n_workers, RangeSpace, left=np.zeros(n_combos, np.int64),
                         live=np.zeros(64, np.uint8), key=np.zeros(1, np.uint64),
                         bits=np.zeros(1, np.uint64))


@jit(inline=True)
def _against(key, bits, runout, hand_key, hand_bit, left, n_left, combo_masks, combo_keys,
             combo_bits, weights, wr, flush, offsets, table):
    """The hand against the combos left on one board (``key`` and ``bits``, its last cards
    ``runout``, a mask): (weight beaten, weight tied, weight met, pairs met)."""
    mine = lookup(key + hand_key, bits | hand_bit, flush, offsets, table)
    won = tied = met = 0.0
    pairs = 0
    for i in range(n_left):
        c = left[i]
        if combo_masks[c] & runout:
            continue
        theirs = lookup(key + combo_keys[c], bits | combo_bits[c], flush, offsets, table)
        w = weights[wr, c]
        won += w * (mine > theirs)
        tied += w * (mine == theirs)
        met += w
        pairs += 1
    return won, tied, met, pairs


@jit(worker=True)
def range_rows(w, n_workers, hands, boards, dead, deck, combo_masks, combo_keys, combo_bits,
               weights, ht, counts, pairs, space):
    """Worker w's share of the rows: the hand ``hands[r, 0]`` (two cards) against every combo c
    of weight ``weights[r or 0, c]`` above 0 (its cards' mask ``combo_masks[c]``, its key
    from :data:`~pokersim.evaluator.tables.KEY_BIAS` and bits) that holds none of the row's
    cards and no card outside ``deck``, over every runout of the board ``boards[r]`` (3 to
    5 cards) from the cards left, into ``counts[r]`` (weight beaten, tied, met) and
    ``pairs[r]`` (combo and runout pairs met). Returns the rows done."""
    card_keys, card_bits, flush, offsets, table = ht
    left, live, hand_keys, hand_bits = space
    first, last = share(w, n_workers, hands.shape[0])
    n_runout = 5 - boards.shape[1]
    n_combos = combo_masks.shape[0]
    for r in range(first, last):
        key, bits, used = spot_keys(hands, boards, dead, r, card_keys, card_bits, hand_keys,
                                    hand_bits)
        hand_key = hand_keys[0]
        hand_bit = hand_bits[0]
        wr = r if weights.shape[0] > 1 else 0
        n_left = 0
        for c in range(n_combos):
            if weights[wr, c] > 0 and not combo_masks[c] & (used | ~deck):
                left[n_left] = c
                n_left += 1
        won = tied = met = 0.0
        n_pairs = 0
        n_live = list_cards(deck & ~used, live)
        if n_runout == 0:
            won, tied, met, n_pairs = _against(
                key, bits, _U(0), hand_key, hand_bit, left, n_left, combo_masks,
                combo_keys, combo_bits, weights, wr, flush, offsets, table)
        elif n_runout == 1:
            for i in range(n_live):
                x = live[i]
                out = _against(key + card_keys[x], bits | card_bits[x], _U(1) << _U(x),
                               hand_key, hand_bit, left, n_left, combo_masks, combo_keys,
                               combo_bits, weights, wr, flush, offsets, table)
                won += out[0]
                tied += out[1]
                met += out[2]
                n_pairs += out[3]
        else:
            for i in range(n_live):
                x = live[i]
                key_x = key + card_keys[x]
                bits_x = bits | card_bits[x]
                for j in range(i + 1, n_live):
                    y = live[j]
                    out = _against(key_x + card_keys[y], bits_x | card_bits[y],
                                   (_U(1) << _U(x)) | (_U(1) << _U(y)), hand_key, hand_bit,
                                   left, n_left, combo_masks, combo_keys, combo_bits, weights,
                                   wr, flush, offsets, table)
                    won += out[0]
                    tied += out[1]
                    met += out[2]
                    n_pairs += out[3]
        counts[r, 0] = won
        counts[r, 1] = tied
        counts[r, 2] = met
        pairs[r] = n_pairs
    return last - first
