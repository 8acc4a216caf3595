"""Five-card keys: the plain, readable rules every table of :mod:`pokersim.rankings` is built
from (no lookup). A key is an int64 that orders five cards the way the ranking does, higher
better; 0 means "no hand" (eight-or-better's "no low").

A key is ``goodness << 20 | d0 << 16 | d1 << 12 | d2 << 8 | d3 << 4 | d4``: ``goodness`` says
what the hand is (its place in the ranking's order of hand types, weakest 0) and the digits
are its distinct ranks, the ones that decide first in front (groups by size, then by what the
ranking counts better), written so that a larger digit is better. The functions take the five
ranks (0..12 for 2..A) and whether the five cards share a suit.

>>> from pokersim.cards import parse_cards
>>> ranks = lambda text: (parse_cards(text) >> 2).astype(np.int64)
>>> wheel = ace_to_five_key(ranks("5c 4d 3h 2s Ac"), False)
>>> six = ace_to_five_key(ranks("6c 4d 3h 2s Ac"), False)
>>> wheel > six
True
>>> eight_or_better_key(ranks("9c 4d 3h 2s Ac"), False)
0
"""

from __future__ import annotations

import numpy as np

from .._core.jit import jit

#: Hand types by the pattern of rank counts, in the high order's codes
#: (:class:`pokersim.Category`): the code of each type that counts alone decide.
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, ROYAL = \
    range(10)
ACE = 12


@jit(inline=True)
def _pack(goodness, digits, n):
    key = goodness
    for j in range(5):
        key = key << 4 | (digits[j] if j < n else 0)
    return key


@jit(inline=True)
def _groups(values, digits, worst_first=False):
    """Write the distinct ``values`` (0..12, higher is better) into ``digits``, larger groups
    first, and within a group the better values first (the high order: the highest card
    decides first) or, for lows, the worse first (the highest card decides first there too,
    and it is the worst); return (the count pattern's hand type, number of distinct
    values)."""
    counts = np.zeros(13, np.int64)
    for v in values:
        counts[v] += 1
    n = 0
    for size in range(4, 0, -1):
        for i in range(13):
            v = i if worst_first else 12 - i
            if counts[v] == size:
                digits[n] = v
                n += 1
    top = counts[digits[0]]
    if top == 4:
        return QUADS, n
    if top == 3:
        return (FULL_HOUSE if n == 2 else TRIPS), n
    if top == 2:
        return (TWO_PAIR if n == 3 else PAIR), n
    return HIGH_CARD, n


@jit
def short_deck_key(ranks, suited):
    """Short deck (6 to A): a flush beats a full house, A-6-7-8-9 is the lowest straight (the
    ace plays low only there). The goodness is the place of the :class:`~pokersim.Category`
    in that order."""
    return _short_deck_key(ranks, suited, False)


@jit
def short_deck_trips_key(ranks, suited):
    """Short deck where three of a kind beats a straight, as some rooms play."""
    return _short_deck_key(ranks, suited, True)


@jit(inline=True)
def _short_deck_key(ranks, suited, trips_beat_straight):
    digits = np.zeros(5, np.int64)
    kind, n = _groups(ranks, digits)
    if n == 5:
        top = -1
        if digits[0] - digits[4] == 4:
            top = digits[0]
        elif digits[0] == ACE and digits[1] == 7 and digits[4] == 4:  # A-9-8-7-6
            top = 7
        if top >= 0:
            kind = ROYAL if suited and top == ACE else STRAIGHT_FLUSH if suited else STRAIGHT
            digits[0] = top
            n = 1
        elif suited:
            kind = FLUSH
    goodness = SHORT_DECK_GOODNESS[1 if trips_beat_straight else 0, kind]
    return _pack(goodness, digits, n)


#: The place of each Category in short deck's order, weakest first: without and with the rule
#: that three of a kind beats a straight.
SHORT_DECK_ORDER = np.array([
    [HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FULL_HOUSE, FLUSH, QUADS, STRAIGHT_FLUSH, ROYAL],
    [HIGH_CARD, PAIR, TWO_PAIR, STRAIGHT, TRIPS, FULL_HOUSE, FLUSH, QUADS, STRAIGHT_FLUSH, ROYAL],
], np.int64)
SHORT_DECK_GOODNESS = np.argsort(SHORT_DECK_ORDER, axis=1)


@jit
def ace_to_five_key(ranks, suited):
    """Ace-to-five low: aces low, straights and flushes don't count, fewer pairs are better;
    then the highest card, lowest wins (5-4-3-2-A best). Goodness: no pair 5, pair 4, two
    pair 3, trips 2, full house 1, quads 0. A digit is 12 minus the card's ace-low rank (so
    an ace is 12, a king 0), the highest card's first."""
    values = np.empty(5, np.int64)
    for j in range(5):
        values[j] = 11 - ranks[j] if ranks[j] != ACE else 12
    digits = np.zeros(5, np.int64)
    kind, n = _groups(values, digits, True)
    return _pack(LOW_GOODNESS[kind], digits, n)


#: Ace-to-five goodness of each count pattern's hand type (types that need suits unused).
LOW_GOODNESS = np.array([5, 4, 3, 2, -1, -1, 1, 0, -1, -1], np.int64)


@jit
def eight_or_better_key(ranks, suited):
    """Eight-or-better: the ace-to-five key of five distinct ranks, all 8 or lower (ace low);
    0 (no low) otherwise."""
    key = ace_to_five_key(ranks, suited)
    # no pair (goodness 5), and the highest card's digit 12 - (ace-low rank) >= 12 - 7
    if key >> 20 == 5 and (key >> 16) & 0xF >= 5:
        return key
    return 0


@jit
def deuce_to_seven_key(ranks, suited):
    """Deuce-to-seven low: the high order turned round, aces high only, A-2-3-4-5 no
    straight, straights and flushes count against the hand (7-5-4-3-2 offsuit best). The key
    is ``(1 << 24) - high key``, the high key being the hand type's Category code << 20 and
    the ranks grouped as in the high order."""
    digits = np.zeros(5, np.int64)
    kind, n = _groups(ranks, digits)
    if n == 5:
        if digits[0] - digits[4] == 4:
            kind = STRAIGHT_FLUSH if suited else STRAIGHT
            n = 1
        elif suited:
            kind = FLUSH
    return (1 << 24) - _pack(kind, digits, n)
