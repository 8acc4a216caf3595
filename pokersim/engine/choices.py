"""The hands of the players given as lists (ranges, weighted lists, partial hands' completions):
every joint choice of one hand a player with no card in common, and the choices a relabelling of
suits turns into one another, merged. Both kernel families enumerate (and Monte Carlo samples)
these joint choices rather than each player's list on its own, so no deal is spent on a
conflict, and exact enumeration counts each class of suit-isomorphic choices once.

>>> masks = [np.array([0b011, 0b110], np.uint64), np.array([0b100, 0b001], np.uint64)]
>>> choices, weights = joint_choices(masks, [np.ones(2), np.array([2.0, 3.0])], limit=10)
>>> choices.tolist(), weights.tolist()  # (0, 0) and (1, 1): 0b011 and 0b100 share no card
([[0, 0], [1, 1]], [2.0, 3.0])
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np

from ..errors import PokersimInputError

__all__ = ["exact_whole_weights", "fixing_permutations", "joint_choices", "merge_isomorphic",
           "no_choice", "whole_weights"]


def whole_weights(weights: np.ndarray, largest: int = 10_000) -> np.ndarray:
    """``weights`` in the same proportions as whole numbers, where each is a fraction of
    denominator at most ``largest`` (a percentage, a third): exact enumeration then sums
    whole numbers, exactly, and its probabilities land in [0, 1] and add up to 1. Others are
    returned as they are.

    >>> whole_weights(np.array([1.0, 0.7, 0.25])).tolist()
    [20.0, 14.0, 5.0]
    >>> whole_weights(np.array([0.3, 0.3])).tolist()  # all alike: ones
    [1.0, 1.0]
    """
    if (weights == weights[0]).all():  # a hand, "random", an unweighted range (0.1 ms)
        return np.ones_like(weights)
    values = np.unique(weights)
    fractions = [Fraction(float(w)).limit_denominator(largest) for w in values]
    if any(float(f) != w for f, w in zip(fractions, values, strict=True)):
        return weights
    scale = math.lcm(*(f.denominator for f in fractions))
    whole = np.array([float(f * scale) for f in fractions])
    return whole[np.searchsorted(values, weights)] / math.gcd(*map(int, whole))


def exact_whole_weights(weights: np.ndarray) -> np.ndarray | None:
    """:func:`whole_weights` of ``weights`` where those are whole numbers (sums of them are
    exact in any order), else None.

    >>> exact_whole_weights(np.array([0.5, 0.25])).tolist()
    [2.0, 1.0]
    >>> exact_whole_weights(np.array([0.1234567891, 1.0])) is None
    True
    """
    whole = whole_weights(weights)
    return whole if (whole == np.floor(whole)).all() else None


def no_choice() -> PokersimInputError:
    """The error of players whose lists leave no joint choice (see :func:`joint_choices`)."""
    return PokersimInputError("no combination of the players' hands is possible: every choice "
                              "gives two players a card in common")


def joint_choices(masks: list[np.ndarray], weights: list[np.ndarray], limit: int):
    """Every choice of one hand per player with no card in common, and its weight.

    ``masks[p]`` holds the card mask (bit c for card c, uint64) of each hand of player p's
    list, ``weights[p]`` their weights. Returns (choices (T, players) int64, the index of
    each player's hand in its list, in lexicographic order; weights (T,) float64, the
    products of the hands' weights), or None when there would be more than ``limit``.
    """
    choices = np.arange(len(masks[0]), dtype=np.int64)[:, None]
    joint = np.asarray(weights[0], np.float64).copy()
    used = np.asarray(masks[0], np.uint64).copy()
    if len(choices) > limit:
        return None
    for m, w in zip(masks[1:], weights[1:], strict=True):
        if len(choices) * len(m) > 4 * limit:
            return None
        if len(choices) * len(m) > limit and _fewest_apart(used, np.asarray(m)) > limit:
            return None  # more than the limit however many of the pairs share a card
        t, c = np.nonzero((used[:, None] & np.asarray(m, np.uint64)[None, :]) == 0)
        if len(t) > limit:
            return None
        choices = np.hstack([choices[t], c[:, None]])
        joint = joint[t] * np.asarray(w, np.float64)[c]
        used = used[t] | m[c]
    return choices, joint


#: The bits of each byte value, low bit first: (256, 8) int64.
_BYTE_BITS = np.unpackbits(np.arange(256, dtype=np.uint8)[:, None], axis=1,
                           bitorder="little").astype(np.int64)


def _fewest_apart(used: np.ndarray, masks: np.ndarray) -> int:
    """At least how many pairs of a row of ``used`` and a hand of ``masks`` (card masks) share
    no card: each row meets every hand but those holding one of its cards (counted from a
    table of each byte of a mask, not card by card).

    >>> _fewest_apart(np.array([0b11], np.uint64), np.array([0b01, 0b110, 0b1000], np.uint64))
    1
    """
    bits = np.unpackbits(np.asarray(masks, "<u8").view(np.uint8).reshape(-1, 8), axis=1,
                         bitorder="little")  # (hands, 64): card j in column j
    holding = bits.sum(axis=0, dtype=np.int64).reshape(8, 8)  # hands holding each card
    per_byte = _BYTE_BITS @ holding.T  # [b, j]: hands holding a card of byte b of byte j
    rows = np.asarray(used, "<u8").view(np.uint8).reshape(-1, 8)
    blocked = sum(per_byte[rows[:, j], j] for j in range(8))
    return int(np.maximum(len(masks) - blocked, 0).sum())


_SUIT_PERMUTATIONS = np.array(list(itertools.permutations(range(4))), np.int64)
_PERMUTATION_LISTS = _SUIT_PERMUTATIONS.tolist()
#: Cards packed into one 64-bit word of a choice's code (6 bits each).
_CARDS_A_WORD = 10


def merge_isomorphic(hands: list[np.ndarray], weights: np.ndarray, fixed: list[np.ndarray]):
    """Merge the joint choices that a relabelling of suits turns into one another.

    A permutation of the suits that maps each set of ``fixed`` cards onto itself (the board,
    the dead cards, each hand that is not a choice) maps every deal that follows a choice onto
    a deal of its image with the same strengths, in every ranking that ignores the order of
    suits, so the two choices have the same outcomes: keep one and add up their weights.
    ``hands[p]`` is (choices, cards) of player p, each row a set of cards. Returns (the
    indices of the kept choices, ascending, and their weights).

    >>> hands = [np.array([[49, 45], [50, 46], [48, 44]])]  # AdKd, AhKh, AcKc
    >>> keep, merged = merge_isomorphic(hands, np.ones(3), [np.array([0, 4, 8])])  # 2c 3c 4c
    >>> keep.tolist(), merged.tolist()  # AdKd stands for itself and AhKh; AcKc for itself
    ([0, 2], [2.0, 1.0])
    """
    n = hands[0].shape[0]
    if n < 2:  # one choice (a hand each): nothing to merge
        return np.arange(n), np.asarray(weights, np.float64)
    perms = fixing_permutations(fixed)
    if len(perms) == 1:  # the identity alone (a rainbow flop): nothing to merge
        return np.arange(n), np.asarray(weights, np.float64)
    cards = [np.asarray(h, np.int64) for h in hands]
    best = None
    for perm in perms:
        mapped = np.hstack([np.sort(4 * (c >> 2) + perm[c & 3], axis=1) for c in cards])
        code = _packed(mapped)
        best = code if best is None else _lexicographic_min(best, code)
    assert best is not None
    _, keep, inverse = np.unique(best, axis=0, return_index=True, return_inverse=True)
    order = np.argsort(keep)  # the kept choices in their order
    merged = np.bincount(inverse.ravel(), weights=weights, minlength=len(keep))
    return keep[order], merged[order]


def fixing_permutations(fixed: list[np.ndarray]) -> list[np.ndarray]:
    """The permutations of the suits (rows of all 24) that map each set of ``fixed`` cards
    onto itself: those that send every suit to one with the same ranks in each set.

    >>> [p.tolist() for p in fixing_permutations([np.array([0, 4, 8, 1, 5, 9])])]  # 234c 234d
    [[0, 1, 2, 3], [0, 1, 3, 2], [1, 0, 2, 3], [1, 0, 3, 2]]
    """
    ranks = [[0] * 4 for _ in fixed]  # a mask of ranks, each suit of each set
    for masks, cards in zip(ranks, fixed, strict=True):
        for c in np.asarray(cards).tolist():
            masks[c & 3] |= 1 << (c >> 2)
    kind = [tuple(masks[s] for masks in ranks) for s in range(4)]
    kinds = len(set(kind))
    if kinds == 4:  # every suit of its own kind (a rainbow flop): the identity
        return [_SUIT_PERMUTATIONS[0]]
    if kinds == 1:  # no fixed card: every permutation
        return list(_SUIT_PERMUTATIONS)
    return [perm for perm, p in zip(_SUIT_PERMUTATIONS, _PERMUTATION_LISTS, strict=True)
            if all(kind[p[s]] == kind[s] for s in range(4))]


def _packed(cards: np.ndarray) -> np.ndarray:
    """(N, words) int64: the rows of ``cards`` (N, k), 6 bits a card, :data:`_CARDS_A_WORD`
    cards a word, the first card most significant (so rows compare as their codes do)."""
    n, k = cards.shape
    words = -(-k // _CARDS_A_WORD)
    out = np.zeros((n, words), np.int64)
    for i in range(k):
        out[:, i // _CARDS_A_WORD] = (out[:, i // _CARDS_A_WORD] << 6) | cards[:, i]
    return out


def _lexicographic_min(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Row by row, the lexicographically smaller of ``a`` and ``b`` (N, words)."""
    if a.shape[1] == 1:
        return np.minimum(a, b)
    differ = a != b
    first = differ.argmax(axis=1)
    rows = np.arange(a.shape[0])
    smaller = differ.any(axis=1) & (b[rows, first] < a[rows, first])
    return np.where(smaller[:, None], b, a)
