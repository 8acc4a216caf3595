"""Naive references for the rankings beyond Hold'em high (issue 16), from the rules only.

Independent of ``pokersim``: plain Python, no numpy. Cards are ``4 * rank + suit`` (rank 0..12
for 2..A, suit 0..3 for c d h s), as in tests/naive.py, whose card helpers and high-order names
are reused here.

Every ranking has a *key* function: it takes 4 to 7 distinct cards and returns a tuple that
compares like the hands do (a larger key is a better hand, equal keys tie); with more cards than
a hand plays it is the best key over every subset that plays (five cards; badugi four). The
rules, as docs/api.md and the issue state them:

- ``short_deck_key``: 36 cards (6 to A); a flush beats a full house; A-6-7-8-9 is the lowest
  straight (the ace plays low only there); ``trips_beat_straight=True`` puts three of a kind
  above a straight.
- ``ace_to_five_key``: aces low, straights and flushes do not count, pairs are bad; hands with
  pairs compare by shape (pair < two pair < trips < full house < quads, worse and worse) and then
  by the grouped ranks, lowest best; the best hand is 5-4-3-2-A.
- ``eight_or_better_key``: the best ace-to-five low among five distinct ranks 8 or lower, or
  ``NO_LOW_KEY`` (the empty tuple, below every other key) when there is none.
- ``deuce_to_seven_key``: the standard high order reversed; aces are high only, A-2-3-4-5 is no
  straight, straights and flushes count against you; the best hand is 7-5-4-3-2 of mixed suits.
- ``badugi_key``: the largest subset with distinct suits and distinct ranks, then the lowest
  such subset comparing the highest card first, aces low.

``category_name(ranking, key)`` and ``describe(ranking, key)`` give the category label and the
players' name of a key as docs/api.md lists them. ``counts_by_rank_multiset`` enumerates all
hands of a deck by rank multiset and the set of ranks in a five-card flush suit, which makes
exact 5- and 7-card counts affordable in plain Python; ``badugi_counts`` does the same for
badugi by rank pattern and suit assignment.
"""

from collections import Counter
from functools import cache
from itertools import combinations, product
from math import comb, prod
from types import SimpleNamespace

from tests import naive_zhajinhua
from tests.naive import (
    CATEGORY_NAMES,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    RANK_CHARS,
    ROYAL_FLUSH,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    card_rank,
    card_suit,
    naive_describe,
)

ACE = 12
SIX = 4  # the lowest rank of the short deck
SHORT_DECK = tuple(range(4 * SIX, 52))
FULL_DECK = tuple(range(52))

#: Ranking names (docs/api.md, "Rankings") and the cards each takes.
RANKINGS = ("high", "short-deck", "short-deck-trips", "ace-to-five", "eight-or-better",
            "deuce-to-seven", "badugi")
HAND_SIZES = {name: (4, 5, 6, 7) if name == "badugi" else (5, 6, 7) for name in RANKINGS}
#: The deck of each ranking, Zhajinhua's (three cards, tests/naive_zhajinhua.py) included.
DECKS = {name: SHORT_DECK if name.startswith("short-deck") else FULL_DECK
         for name in RANKINGS + ("zhajinhua", "zhajinhua-a23-lowest")}

#: A low written with the ace as 1: the ace-low rank of a card rank (A -> 0, 2 -> 1, .., K -> 12).
LOW_CHARS = "A23456789TJQK"

#: What eight-or-better gives a hand with no qualifying low: below every other key.
NO_LOW_KEY = ()

_LOW_LABELS = [f"{c}-low" for c in LOW_CHARS]
_LOW_SHAPES = ["Pair", "Two Pair", "Three of a Kind", "Full House", "Four of a Kind"]

#: Category labels of docs/api.md, strongest first, ".." written out.
CATEGORIES = {
    "high": CATEGORY_NAMES[::-1],
    "short-deck": ["Royal Flush", "Straight Flush", "Four of a Kind", "Flush", "Full House",
                   "Straight", "Three of a Kind", "Two Pair", "Pair", "High Card"],
    "short-deck-trips": ["Royal Flush", "Straight Flush", "Four of a Kind", "Flush",
                         "Full House", "Three of a Kind", "Straight", "Two Pair", "Pair",
                         "High Card"],
    "ace-to-five": _LOW_LABELS[4:] + _LOW_SHAPES,
    "eight-or-better": _LOW_LABELS[4:8] + ["No low"],
    "deuce-to-seven": [f"{c}-low" for c in "789TJQKA"]
    + ["Pair", "Two Pair", "Three of a Kind", "Straight", "Flush", "Full House",
       "Four of a Kind", "Straight Flush"],
    "badugi": [f"{n}-card badugi" for n in (4, 3, 2, 1)],
}


def low_rank(rank):
    """Ace-low rank of a card rank: A -> 0, 2 -> 1, .., K -> 12."""
    return (rank + 1) % 13


def _check(cards, sizes, deck=FULL_DECK):
    cards = [int(c) for c in cards]
    assert len(cards) in sizes, cards
    assert len(set(cards)) == len(cards), cards
    assert all(c in deck for c in cards), cards
    return cards


def _grouped(ranks):
    """The ranks grouped by how often they occur, then by rank, highest first; and the shape."""
    counts = Counter(ranks)
    grouped = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    return grouped, tuple(sorted(counts.values(), reverse=True))


_SHAPE_CODE = {(1, 1, 1, 1, 1): HIGH_CARD, (2, 1, 1, 1): PAIR, (2, 2, 1): TWO_PAIR,
               (3, 1, 1): THREE_OF_A_KIND, (3, 2): FULL_HOUSE, (4, 1): FOUR_OF_A_KIND}


def _straights(lowest, ace_low_straight):
    """Straights over ranks lowest..A, each as sorted ranks -> tiebreak (top down)."""
    out = {tuple(range(lo, lo + 5)): tuple(range(lo + 4, lo - 1, -1))
           for lo in range(lowest, ACE - 3)}
    if ace_low_straight:  # A + the four lowest ranks; the ace counts as the rank below them
        out[tuple(range(lowest, lowest + 4)) + (ACE,)] = tuple(range(lowest + 3, lowest - 2, -1))
    return out


STRAIGHTS = {
    "high": _straights(0, ace_low_straight=True),  # A-2-3-4-5 .. T-J-Q-K-A: 10 straights
    "short": _straights(SIX, ace_low_straight=True),  # A-6-7-8-9 .. T-J-Q-K-A: 6 straights
    "deuce": _straights(0, ace_low_straight=False),  # 2-3-4-5-6 .. T-J-Q-K-A: 9, no wheel
}


@cache
def high_parts(ranks, is_flush, straights):
    """(category code, tiebreak ranks) of five cards in a high order with the given straights.

    ``ranks`` are the five ranks (a tuple), ``straights`` a name in ``STRAIGHTS``, which maps
    each straight's sorted ranks to its tiebreak (the ranks top down, an ace playing low
    written as the rank below the lowest). Codes are docs/design.md's (HIGH_CARD 0 ..
    ROYAL_FLUSH 9).
    """
    grouped, shape = _grouped(ranks)
    straight = STRAIGHTS[straights].get(tuple(sorted(ranks)))
    if straight is not None and is_flush:
        return (ROYAL_FLUSH if straight[0] == ACE else STRAIGHT_FLUSH), straight
    code = _SHAPE_CODE[shape]
    if code == HIGH_CARD and is_flush:
        return FLUSH, grouped
    if code == HIGH_CARD and straight is not None:
        return STRAIGHT, straight
    return code, grouped


#: Short deck: category code -> place in the order (larger is better).
SHORT_PLACE = {HIGH_CARD: 0, PAIR: 1, TWO_PAIR: 2, THREE_OF_A_KIND: 3, STRAIGHT: 4,
               FULL_HOUSE: 5, FLUSH: 6, FOUR_OF_A_KIND: 7, STRAIGHT_FLUSH: 8, ROYAL_FLUSH: 9}
SHORT_PLACE_TRIPS = {**SHORT_PLACE, THREE_OF_A_KIND: 4, STRAIGHT: 3}


def high_from_ranks(ranks, is_flush):
    """Standard high key (code, tiebreak) of five cards: tests/naive.py's order and form."""
    return high_parts(tuple(ranks), is_flush, "high")


def short_deck_from_ranks(ranks, is_flush, trips_beat_straight=False):
    """Short-deck key ``(place, code, tiebreak)`` of five cards given their ranks and flush flag."""
    code, tiebreak = high_parts(tuple(ranks), is_flush, "short")
    place = (SHORT_PLACE_TRIPS if trips_beat_straight else SHORT_PLACE)[code]
    return place, code, tiebreak


def short_deck_trips_from_ranks(ranks, is_flush):
    return short_deck_from_ranks(ranks, is_flush, trips_beat_straight=True)


def deuce_to_seven_from_ranks(ranks, is_flush):
    """Deuce-to-seven key of five cards: the high order without a wheel, turned upside down."""
    code, tiebreak = high_parts(tuple(ranks), is_flush, "deuce")
    code = min(code, STRAIGHT_FLUSH)  # A-K-Q-J-T suited is just the worst straight flush
    return -code, tuple(-r for r in tiebreak)


@cache
def ace_to_five_from_ranks(ranks, is_flush=False):
    """Ace-to-five key of five ranks: (minus the shape code, minus the grouped ace-low ranks).

    ``is_flush`` is ignored (flushes do not count); it is there so that every ``*_from_ranks``
    takes the same arguments.
    """
    grouped, shape = _grouped(low_rank(r) for r in ranks)
    return -_SHAPE_CODE[shape], tuple(-r for r in grouped)


def eight_or_better_from_ranks(ranks, is_flush=False):
    """Eight-or-better key of five ranks: the ace-to-five key if they are five distinct ranks
    8 or lower (ace low), else NO_LOW_KEY."""
    if len(set(ranks)) == 5 and all(low_rank(r) <= 7 for r in ranks):
        return ace_to_five_from_ranks(tuple(ranks))
    return NO_LOW_KEY


#: key of five cards from (ranks, is_flush), per ranking (all but badugi)
FROM_RANKS = {
    "high": high_from_ranks,
    "short-deck": short_deck_from_ranks,
    "short-deck-trips": short_deck_trips_from_ranks,
    "ace-to-five": ace_to_five_from_ranks,
    "eight-or-better": eight_or_better_from_ranks,
    "deuce-to-seven": deuce_to_seven_from_ranks,
}


def _ranks_flush(five):
    return tuple(card_rank(c) for c in five), len({card_suit(c) for c in five}) == 1


def _best_five(ranking, cards):
    """The best key of ``ranking`` over every five of 5-7 cards of its deck."""
    cards = _check(cards, (5, 6, 7), DECKS[ranking])
    from_ranks = FROM_RANKS[ranking]
    return max(from_ranks(*_ranks_flush(five)) for five in combinations(cards, 5))


def high_key(cards):
    """Standard high key of 5-7 cards, ``(code, tiebreak)`` as tests/naive.py has it."""
    return _best_five("high", cards)


def short_deck_key(cards, trips_beat_straight=False):
    """Short-deck key of 5-7 cards from the 36-card deck (best five)."""
    return _best_five("short-deck-trips" if trips_beat_straight else "short-deck", cards)


def ace_to_five_key(cards):
    """Ace-to-five key of 5-7 cards (best five; suits never matter)."""
    return _best_five("ace-to-five", cards)


def eight_or_better_key(cards):
    """Eight-or-better key of 5-7 cards: the best low of five distinct ranks 8 or lower (ace
    low), or NO_LOW_KEY when no five cards make one."""
    return _best_five("eight-or-better", cards)


def deuce_to_seven_key(cards):
    """Deuce-to-seven key of 5-7 cards (best five)."""
    return _best_five("deuce-to-seven", cards)


def badugi_key(cards):
    """Badugi key of 4-7 cards: (size, minus the ace-low ranks highest first) of the best set."""
    cards = _check(cards, (4, 5, 6, 7))
    for size in (4, 3, 2, 1):
        sets = [sub for sub in combinations(cards, size)
                if len({card_suit(c) for c in sub}) == size
                and len({card_rank(c) for c in sub}) == size]
        if sets:
            return max((size, tuple(sorted(-low_rank(card_rank(c)) for c in sub)))
                       for sub in sets)
    raise AssertionError("one card is always a badugi")


KEYS = {
    "high": high_key,
    "short-deck": short_deck_key,
    "short-deck-trips": lambda cards: short_deck_key(cards, trips_beat_straight=True),
    "ace-to-five": ace_to_five_key,
    "eight-or-better": eight_or_better_key,
    "deuce-to-seven": deuce_to_seven_key,
    "badugi": badugi_key,
    # Zhajinhua's three cards, by tests/naive_zhajinhua.py's rules (equal hands tie)
    "zhajinhua": lambda cards: naive_zhajinhua.key(
        naive_zhajinhua.hand_of(cards), SimpleNamespace(a23="between-jqk-qka", ties="split")),
    "zhajinhua-a23-lowest": lambda cards: naive_zhajinhua.key(
        naive_zhajinhua.hand_of(cards), SimpleNamespace(a23="lowest", ties="split")),
}


def key(ranking, cards):
    """The naive key of a hand in a ranking named as in docs/api.md."""
    return KEYS[ranking](cards)


def _low_text(low_ranks):
    """'8-6-5-4-2' from ace-low ranks (any order)."""
    return "-".join(LOW_CHARS[r] for r in sorted(low_ranks, reverse=True))


def category_name(ranking, k):
    """The category label (docs/api.md) of a key of ``ranking``."""
    if ranking == "high":
        return CATEGORY_NAMES[k[0]]
    if ranking.startswith("short-deck"):
        return CATEGORY_NAMES[k[1]]
    if ranking == "badugi":
        return f"{k[0]}-card badugi"
    if ranking == "eight-or-better" and k == NO_LOW_KEY:
        return "No low"
    if ranking in ("ace-to-five", "eight-or-better"):
        shape, grouped = k
        return f"{LOW_CHARS[-grouped[0]]}-low" if shape == 0 else CATEGORY_NAMES[-shape]
    code, tiebreak = -k[0], [-r for r in k[1]]
    if code == HIGH_CARD:
        return f"{RANK_CHARS[tiebreak[0]]}-low"
    return CATEGORY_NAMES[code]


def describe(ranking, k):
    """The players' name of a key (docs/api.md): "8-6-5-4-2 low", "Wheel", "Number one",
    "No low", "3-card badugi, 7-5-2", and the high order's names elsewhere (tests/naive.py).

    Lows with a pair or worse are named only by their category here ("Pair of Twos" and the
    like): docs/api.md names "Pair of Twos" but no other paired low, so only the unpaired names
    are exact and the tests compare the others by prefix.
    """
    if ranking == "high":
        return naive_describe(k)
    if ranking.startswith("short-deck"):
        return naive_describe((k[1], k[2]))
    label = category_name(ranking, k)
    if ranking == "badugi":
        return f"{label}, {_low_text(-r for r in k[1])}"
    if not label.endswith("-low"):  # "No low", paired lows, deuce-to-seven's straights ..
        return label
    if ranking == "deuce-to-seven":
        text = "-".join(RANK_CHARS[-r] for r in k[1])
        return "Number one" if text == "7-5-4-3-2" else f"{text} low"
    text = _low_text(-r for r in k[1])
    return "Wheel" if text == "5-4-3-2-A" else f"{text} low"


# ------------------------------------------------------------------ exact counts, grouped


def rank_multisets(n, ranks):
    """Every multiset of n ranks from ``ranks`` with at most four of each, as rank -> count."""
    ranks = list(ranks)

    def rec(i, left):
        if left == 0:
            yield {}
            return
        if i == len(ranks):
            return
        for c in range(min(4, left), -1, -1):
            for rest in rec(i + 1, left - c):
                yield {ranks[i]: c, **rest} if c else rest

    yield from rec(0, n)


def counts_by_rank_multiset(ranking, n):
    """Exact {category label: hands} of ``ranking`` (any but badugi) over all n-card hands.

    Such a ranking sees only ranks and whether five cards share a suit, so a hand is fixed by
    its rank multiset and, when one suit holds five or more of its cards, by the set S of ranks
    in that suit (with n <= 9 at most one suit can). So each multiset (counts c_r) stands for
    prod C(4, c_r) hands: 4 * prod C(3, c_r - [r in S]) of them have exactly the ranks S in
    one suit, for each S of five or more of its ranks; the rest have no five of a suit. Each
    such group is evaluated once, best of every five (a five is a flush when all its cards are
    in S), and its category counted with the group's weight.
    """
    assert 5 <= n <= 9
    from_ranks = FROM_RANKS[ranking]
    deck_ranks = sorted({card_rank(c) for c in DECKS[ranking]})
    out = Counter()

    def best(hand):  # hand: (rank, in the flush suit) pairs
        return max(from_ranks(tuple(sorted(r for r, _ in five)), all(f for _, f in five))
                   for five in combinations(hand, 5))

    for ms in rank_multisets(n, deck_ranks):
        flush_weight = 0
        for s_size in range(5, len(ms) + 1):
            for suited in combinations(sorted(ms), s_size):
                w = 4 * prod(comb(3, c - (r in suited)) for r, c in ms.items())
                if w:
                    rest = Counter(ms)
                    rest.subtract(suited)
                    hand = [(r, True) for r in suited] + [(r, False) for r in rest.elements()]
                    out[category_name(ranking, best(hand))] += w
                    flush_weight += w
        no_flush = prod(comb(4, c) for c in ms.values()) - flush_weight
        if no_flush:
            hand = [(r, False) for r, c in ms.items() for _ in range(c)]
            out[category_name(ranking, best(hand))] += no_flush
    return dict(out)


def _suit_choices(count):
    return list(combinations(range(4), count))


def badugi_counts(n):
    """Exact {category label: hands} of badugi over all n-card hands (4 <= n <= 7).

    A badugi depends on the ranks only through their order: two hands whose ranks are in the
    same order and whose cards have the same suits have their best badugi at the same places.
    So the count runs over rank patterns (how many cards of the lowest distinct rank, the
    next, ..: compositions of n into m parts of at most four) and the suits of each part
    (C(4, c) choices each), finds the best badugi of that pattern once on stand-in ranks
    0..m-1, and weights it by the C(13, m) ways to choose the m actual ranks.
    """
    out = Counter()

    def compositions(left):
        if left == 0:
            yield ()
            return
        for c in range(1, min(4, left) + 1):
            for rest in compositions(left - c):
                yield (c, *rest)

    for parts in compositions(n):
        m = len(parts)
        if m > 13:
            continue
        for suits in product(*(_suit_choices(c) for c in parts)):
            # stand-in ranks: part i is rank i - 1 (the first part the ace, ace-low order kept)
            cards = [4 * ((i - 1) % 13) + s for i, ss in enumerate(suits) for s in ss]
            out[category_name("badugi", badugi_key(cards))] += comb(13, m)
    return dict(out)
