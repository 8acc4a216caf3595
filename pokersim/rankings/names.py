"""What players call a hand, from its five-card key (:mod:`pokersim.rankings.keys`): the
category of each ranking and the name :func:`pokersim.describe` gives.

>>> describe_high(6 << 20 | 11 << 16 | 2 << 12)
'Full House, Kings over Fours'
>>> describe_ace_to_five(ace_to_five_code("8 6 5 4 2"))
'8-6-5-4-2 low'
"""

from __future__ import annotations

from ..cards import RANK_NAMES, RANK_PLURALS
from .keys import HIGH_CARD, PAIR, QUADS, ROYAL, SHORT_DECK_ORDER, STRAIGHT_FLUSH, TRIPS, TWO_PAIR

#: The high order's categories, by Category code (weakest first).
HIGH_LABELS = ("High Card", "Pair", "Two Pair", "Three of a Kind", "Straight", "Flush",
               "Full House", "Four of a Kind", "Straight Flush", "Royal Flush")
RANK_CHARS = "23456789TJQKA"
ACE_LOW_CHARS = "A23456789TJQK"  # index: the ace-low rank (ace 0 .. king 12)
#: Ace-to-five categories by code, weakest first: the types with pairs, then the lows by
#: their highest card.
ACE_TO_FIVE_LABELS = ("Four of a Kind", "Full House", "Three of a Kind", "Two Pair", "Pair") \
    + tuple(f"{ACE_LOW_CHARS[top]}-low" for top in range(12, 3, -1))
EIGHT_OR_BETTER_LABELS = ("No low", "8-low", "7-low", "6-low", "5-low")
DEUCE_TO_SEVEN_LABELS = ("Straight Flush", "Four of a Kind", "Full House", "Flush", "Straight",
                         "Three of a Kind", "Two Pair", "Pair") \
    + tuple(f"{RANK_CHARS[top]}-low" for top in range(12, 4, -1))


def _digits(key: int) -> list[int]:
    return [(key >> shift) & 0xF for shift in (16, 12, 8, 4, 0)]


def describe_high(key: int) -> str:
    """The name of a high-order key (a :class:`~pokersim.Category` code and its ranks)."""
    cat = key >> 20
    r = _digits(key)
    name, plural = RANK_NAMES, RANK_PLURALS
    if cat == ROYAL:
        return "Royal Flush"
    label = HIGH_LABELS[cat]
    if cat == HIGH_CARD:
        return f"High Card, {name[r[0]]}"
    if cat in (STRAIGHT_FLUSH, 4, 5):  # straight flush, straight, flush
        return f"{label}, {name[r[0]]} high"
    if cat in (QUADS, TRIPS):
        return f"{label}, {plural[r[0]]}"
    if cat == 6:
        return f"Full House, {plural[r[0]]} over {plural[r[1]]}"
    if cat == TWO_PAIR:
        return f"Two Pair, {plural[r[0]]} and {plural[r[1]]}"
    return f"Pair of {plural[r[0]]}"


def short_deck_high_key(key: int, trips_beat_straight: bool) -> int:
    """The high-order key (Category code, same ranks) of a short-deck key."""
    return int(SHORT_DECK_ORDER[int(trips_beat_straight), key >> 20]) << 20 | key & 0xFFFFF


# --- ace-to-five and eight-or-better -----------------------------------------------------------
# Digits are 12 - the ace-low rank (ace 12 .. king 0), the worst card first; goodness 5 is a
# hand with no pair, 4 a pair, 3 two pair, 2 trips, 1 a full house, 0 quads.

def _ace_low(digit: int) -> int:
    return 12 - digit


def ace_to_five_code(ranks: str) -> int:
    """The ace-to-five key of five distinct ranks given as text, highest first ("8 6 5 4 2")."""
    key = 5
    for ch in ranks.split():
        key = key << 4 | 12 - ACE_LOW_CHARS.index(ch)
    return key


def describe_ace_to_five(key: int) -> str:
    """"8-6-5-4-2 low", "Wheel" (5-4-3-2-A), "Pair of Aces", "Two Pair, Fours and Aces"..."""
    goodness = key >> 20
    d = _digits(key)
    if goodness == 5:
        if d == [8, 9, 10, 11, 12]:
            return "Wheel"
        return "-".join(ACE_LOW_CHARS[_ace_low(x)] for x in d) + " low"
    plural = [RANK_PLURALS[(_ace_low(x) - 1) % 13] for x in d]
    if goodness == 4:
        return f"Pair of {plural[0]}"
    if goodness == 3:
        return f"Two Pair, {plural[0]} and {plural[1]}"
    if goodness == 1:
        return f"Full House, {plural[0]} over {plural[1]}"
    return f"{HIGH_LABELS[TRIPS if goodness == 2 else QUADS]}, {plural[0]}"


def ace_to_five_category(key: int) -> int:
    """Index in :data:`ACE_TO_FIVE_LABELS`."""
    goodness = key >> 20
    return goodness if goodness < 5 else 5 + ((key >> 16) & 0xF)


def describe_eight_or_better(key: int) -> str:
    return "No low" if key == 0 else describe_ace_to_five(key)


def eight_or_better_category(key: int) -> int:
    """Index in :data:`EIGHT_OR_BETTER_LABELS` (0: no low)."""
    return 0 if key == 0 else ((key >> 16) & 0xF) - 4


# --- deuce-to-seven: the key is (1 << 24) - the high order's key --------------------------------

def describe_deuce_to_seven(key: int) -> str:
    """"Number one" (7-5-4-3-2), "8-6-5-4-2 low", "Pair of Twos", "Straight, Six high"..."""
    high = (1 << 24) - key
    if high >> 20 != HIGH_CARD:
        return describe_high(high)
    d = _digits(high)
    if d == [5, 3, 2, 1, 0]:
        return "Number one"
    return "-".join(RANK_CHARS[x] for x in d) + " low"


def deuce_to_seven_category(key: int) -> int:
    """Index in :data:`DEUCE_TO_SEVEN_LABELS`."""
    high = (1 << 24) - key
    cat = high >> 20
    return 8 - cat if cat != HIGH_CARD else 8 + 12 - ((high >> 16) & 0xF)


__all__ = ["ACE_TO_FIVE_LABELS", "DEUCE_TO_SEVEN_LABELS", "EIGHT_OR_BETTER_LABELS",
           "HIGH_LABELS", "PAIR", "describe_high"]
