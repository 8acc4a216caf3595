"""A deliberately slow, obviously-correct reference poker evaluator.

Independent of ``pokersim``: plain Python only, no numpy.  Used by the tests as an oracle.

Card encoding (docs/design.md, "Cards"): ``card = 4 * rank + suit``; rank 0..12 stands for
2,3,...,9,T,J,Q,K,A and suit 0..3 for clubs, diamonds, hearts, spades (c, d, h, s).

``naive_rank5(cards)`` returns a key ``(category, ranks)`` that compares like the hands do:
``category`` is the docs/design.md code (HIGH_CARD 0 ... STRAIGHT_FLUSH 8, ROYAL_FLUSH 9) and
``ranks`` is the tuple of ranks grouped by count (quads, trips, pairs, singles), larger rank
first within a group.  For straights the tuple is the five ranks from the top down with the
ace of a wheel written as -1, so A-2-3-4-5 is ``(3, 2, 1, 0, -1)``, a five-high straight.
"""

from collections import Counter
from functools import cache
from itertools import combinations

HIGH_CARD = 0
PAIR = 1
TWO_PAIR = 2
THREE_OF_A_KIND = 3
STRAIGHT = 4
FLUSH = 5
FULL_HOUSE = 6
FOUR_OF_A_KIND = 7
STRAIGHT_FLUSH = 8
ROYAL_FLUSH = 9

CATEGORY_NAMES = [
    "High Card", "Pair", "Two Pair", "Three of a Kind", "Straight",
    "Flush", "Full House", "Four of a Kind", "Straight Flush", "Royal Flush",
]

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
RANK_WORDS = ["Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine",
              "Ten", "Jack", "Queen", "King", "Ace"]
RANK_PLURALS = ["Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights",
                "Nines", "Tens", "Jacks", "Queens", "Kings", "Aces"]

ACE = 12
WHEEL = (ACE, 3, 2, 1, 0)  # A-5-4-3-2, ranks sorted high to low


def card_rank(card):
    return card // 4


def card_suit(card):
    return card % 4


def card_from_text(text):
    """'As' -> 51. Only the plain two-character form; the tests' own tiny parser."""
    return 4 * RANK_CHARS.index(text[0].upper()) + SUIT_CHARS.index(text[1].lower())


def cards_from_text(text):
    """'As Kd Th' -> [51, 45, 34]."""
    return [card_from_text(word) for word in text.split()]


def cards_to_text(cards):
    return " ".join(RANK_CHARS[card_rank(c)] + SUIT_CHARS[card_suit(c)] for c in cards)


@cache
def _key_from_ranks(ranks_high_to_low, is_flush):
    """The key of five cards, given their ranks (sorted high to low) and whether they share a suit.

    A five-card hand's value depends on nothing else, so this is cached; the cache is
    what keeps millions of calls affordable.
    """
    counts = Counter(ranks_high_to_low)
    # ranks grouped by how often they occur, then by rank, highest first
    grouped = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    shape = sorted(counts.values(), reverse=True)

    straight = None
    if len(counts) == 5:
        if ranks_high_to_low[0] - ranks_high_to_low[4] == 4:
            straight = ranks_high_to_low  # e.g. (8, 7, 6, 5, 4) = T-9-8-7-6
        elif ranks_high_to_low == WHEEL:
            straight = (3, 2, 1, 0, -1)  # the ace plays low: five high

    if straight is not None and is_flush:
        if straight[0] == ACE:
            return (ROYAL_FLUSH, straight)
        return (STRAIGHT_FLUSH, straight)
    if shape == [4, 1]:
        return (FOUR_OF_A_KIND, grouped)
    if shape == [3, 2]:
        return (FULL_HOUSE, grouped)
    if is_flush:
        return (FLUSH, grouped)
    if straight is not None:
        return (STRAIGHT, straight)
    if shape == [3, 1, 1]:
        return (THREE_OF_A_KIND, grouped)
    if shape == [2, 2, 1]:
        return (TWO_PAIR, grouped)
    if shape == [2, 1, 1, 1]:
        return (PAIR, grouped)
    assert shape == [1, 1, 1, 1, 1]
    return (HIGH_CARD, grouped)


def naive_rank5(cards):
    """Key of exactly five distinct cards; a larger key is a better hand, equal keys tie."""
    cards = [int(c) for c in cards]
    assert len(cards) == 5, cards
    assert len(set(cards)) == 5, cards
    assert all(0 <= c < 52 for c in cards), cards
    ranks = tuple(sorted((card_rank(c) for c in cards), reverse=True))
    is_flush = len({card_suit(c) for c in cards}) == 1
    return _key_from_ranks(ranks, is_flush)


def naive_rank(cards):
    """Key of the best five-card hand among 5, 6 or 7 distinct cards (tries every subset)."""
    cards = [int(c) for c in cards]
    assert 5 <= len(cards) <= 7, cards
    assert len(set(cards)) == len(cards), cards
    # Sorting the cards high to low once means every subset that combinations() yields
    # already has its ranks high to low (rank = card // 4 grows with the card number),
    # which is all _key_from_ranks needs; this is naive_rank5 without re-sorting and re-checking.
    cards.sort(reverse=True)
    return max(
        _key_from_ranks(tuple(card_rank(c) for c in five), len({card_suit(c) for c in five}) == 1)
        for five in combinations(cards, 5)
    )


def naive_category(cards):
    """Category code (0..9, docs/design.md, "Hand strength") of the best five cards."""
    return naive_rank(cards)[0]


def naive_best_fives(cards):
    """Every five-card subset whose key equals the best key (there can be several)."""
    best = naive_rank(cards)
    return [five for five in combinations([int(c) for c in cards], 5) if naive_rank5(five) == best]


def naive_describe(key):
    """The name docs/design.md gives a key's hand, e.g. 'Full House, Kings over Fours'."""
    category, ranks = key
    if category == ROYAL_FLUSH:
        return "Royal Flush"
    if category == STRAIGHT_FLUSH:
        return f"Straight Flush, {RANK_WORDS[ranks[0]]} high"
    if category == FOUR_OF_A_KIND:
        return f"Four of a Kind, {RANK_PLURALS[ranks[0]]}"
    if category == FULL_HOUSE:
        return f"Full House, {RANK_PLURALS[ranks[0]]} over {RANK_PLURALS[ranks[1]]}"
    if category == FLUSH:
        return f"Flush, {RANK_WORDS[ranks[0]]} high"
    if category == STRAIGHT:
        return f"Straight, {RANK_WORDS[ranks[0]]} high"
    if category == THREE_OF_A_KIND:
        return f"Three of a Kind, {RANK_PLURALS[ranks[0]]}"
    if category == TWO_PAIR:
        return f"Two Pair, {RANK_PLURALS[ranks[0]]} and {RANK_PLURALS[ranks[1]]}"
    if category == PAIR:
        return f"Pair of {RANK_PLURALS[ranks[0]]}"
    return f"High Card, {RANK_WORDS[ranks[0]]}"
