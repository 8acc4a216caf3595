"""Zhajinhua's order of three-card hands (炸金花), as a ranking on the high evaluator's machinery.

Best first: leopard (three of a kind) > straight flush > flush > straight > pair > high card.
Pairs compare the pair, then the kicker; the others compare card by card from the highest.
Q-K-A is the top straight and K-A-2 no straight; A-2-3 is a straight that ranks between J-Q-K
and Q-K-A (the seed's "JQK < A23 < QKA", ranking ``"zhajinhua"``) or below 2-3-4 (ranking
``"zhajinhua-a23-lowest"``). Two house rules are *not* strengths and live in
:mod:`pokersim.games.zhajinhua` instead: the 2-3-5 rule (2-3-5 of mixed suits beats a leopard
and nothing else) is not transitive, and the suit tie-break (the suit of the highest card)
orders equal hands, not hand types.

How hands are evaluated. A hand's key is the sum of its cards' keys, as in the high order
(:mod:`pokersim.evaluator.tables`), except that a card adds 2, not 1, to its suit's counter: from
the counters' start of 3, a suit holding all three cards reaches 9 and sets the bit that
``FLUSH_CHECK`` tests (two cards of a suit reach 7 and do not). So every kernel that evaluates
a ranking's hands (``evaluate``, the exact and Monte Carlo counts, the equity engine) reads
three cards with its ordinary lookup and no code of its own: three suited cards index the
8,192-entry flush table by their rank mask, every other hand is one perfect-hash lookup on
its rank multiset (455 of them). A direct table over the 22,100 three-card sets would need
every kernel to compute a combination's index (three bit scans and binomial lookups) behind
a lookup flavor of its own, for the same one memory read. The tables are built from the rules
below at first use (a few milliseconds), not shipped.

A key is ``category << 20 | d0 << 16 | d1 << 12 | d2 << 8`` (the layout of
:mod:`pokersim.rankings.keys`), with the category codes of
:class:`pokersim.games.zhajinhua.Category` (high card 0 .. leopard 5) and the ranks that
decide, highest first: a pair's rank twice then the kicker; A-2-3 is written A-3-2, which
falls between K-Q-J and A-K-Q, or 0-0-0 when it is the lowest straight.

One scale of strengths for both placements of A-2-3. A strength is the place, from 1, of a
key among the 743 keys of :func:`all_keys`: the 741 hands of the seat's default rules and
the two A-2-3 straights (plain and suited) that only ``a23="lowest"`` makes, each with a
strength of its own (their keys 0-0-0 sort below 2-3-4). So both rankings, and
:func:`pokersim.games.zhajinhua.evaluate`, give one hand under one rule the same strength;
a strength names one hand whichever rule made it (431 and 442 are both "Straight, A-2-3": the
lowest straight, and the one between J-Q-K and Q-K-A); and under each rule higher still
wins. Each rule leaves two strengths unused (the other rule's A-2-3 straights).

>>> from pokersim.cards import parse_cards
>>> ranks = lambda text: [int(c) >> 2 for c in parse_cards(text)]
>>> hex(key(ranks("Ac 2d 3h"), False))
'0x2c1000'
>>> describe_key(key(ranks("Ac 2d 3h"), False)), describe_key(key(ranks("7s 7h 2d"), False))
('Straight, A-2-3', 'Pair of Sevens')
>>> key(ranks("Ac 2d 3h"), False, a23_lowest=True) < key(ranks("2c 3d 4h"), False)
True
"""

from __future__ import annotations

import functools
from itertools import combinations, combinations_with_replacement

import numpy as np

from ..cards import RANK_NAMES, RANK_PLURALS
from ..evaluator.tables import HASH_SHIFT, RANK_KEYS, SUIT_SHIFT, _build_perfect_hash
from .hashed import HashTables, card_tables

#: Categories by code, weakest first (the codes of pokersim.games.zhajinhua.Category).
LABELS = ("High Card", "Pair", "Straight", "Flush", "Straight Flush", "Leopard")
CHINESE = ("散牌", "对子", "顺子", "金花", "顺金", "豹子")
HIGH_CARD, PAIR, STRAIGHT, FLUSH, STRAIGHT_FLUSH, LEOPARD = range(6)
ACE, THREE, TWO = 12, 1, 0
#: Where A-2-3 stands among straights: the ranking of each placement.
A23_PLACEMENTS = {"between-jqk-qka": "zhajinhua", "lowest": "zhajinhua-a23-lowest"}


def key(ranks, suited: bool, a23_lowest: bool = False) -> int:
    """The key of three cards from their ranks (0..12 for 2..A) and whether they share a
    suit: higher is better (see the module docstring)."""
    a, b, c = sorted((int(r) for r in ranks), reverse=True)
    if a == c:
        category, digits = LEOPARD, (a, a, a)
    elif a == b or b == c:
        category, digits = PAIR, (b, b, c if a == b else a)  # b is always one of the pair
    else:
        a23 = (a, b, c) == (ACE, THREE, TWO)
        straight = a - c == 2 or a23
        digits = (0, 0, 0) if a23 and a23_lowest else (a, b, c)
        if straight:
            category = STRAIGHT_FLUSH if suited else STRAIGHT
        else:
            category = FLUSH if suited else HIGH_CARD
    return category << 20 | digits[0] << 16 | digits[1] << 12 | digits[2] << 8


def category_of_key(key: int) -> int:
    """The category code of a key (index in :data:`LABELS`)."""
    return key >> 20


def _digits(key: int) -> tuple[int, int, int]:
    return (key >> 16) & 0xF, (key >> 12) & 0xF, (key >> 8) & 0xF


def describe_key(key: int) -> str:
    """"Leopard, Nines", "Straight Flush, Ace high", "Straight, A-2-3", "Flush, King high",
    "Pair of Sevens", "High Card, Five"."""
    category = category_of_key(key)
    digits = _digits(key)
    top = digits[0]
    if category == LEOPARD:
        return f"Leopard, {RANK_PLURALS[top]}"
    if category == PAIR:
        return f"Pair of {RANK_PLURALS[top]}"
    if category == HIGH_CARD:
        return f"High Card, {RANK_NAMES[top]}"
    if category in (STRAIGHT, STRAIGHT_FLUSH) and digits in ((ACE, THREE, TWO), (0, 0, 0)):
        return f"{LABELS[category]}, A-2-3"
    return f"{LABELS[category]}, {RANK_NAMES[top]} high"


_MULTISETS = tuple(combinations_with_replacement(range(13), 3))  # 455 rank multisets
_MASKS = tuple(combinations(range(13), 3))  # 286 sets of three ranks, suited


def _keys(a23_lowest: bool) -> tuple[np.ndarray, np.ndarray]:
    """The keys of the rank multisets unsuited and of the rank sets suited, under a rule."""
    return (np.array([key(m, False, a23_lowest) for m in _MULTISETS], np.int64),
            np.array([key(m, True, a23_lowest) for m in _MASKS], np.int64))


@functools.cache
def all_keys() -> np.ndarray:
    """The key of every strength, index 0 unused (0): the 743 distinct keys of both
    placements of A-2-3, ascending (see the module docstring), read-only.

    >>> k = all_keys()
    >>> int(k.size - 1), describe_key(int(k[431])), describe_key(int(k[442]))
    (743, 'Straight, A-2-3', 'Straight, A-2-3')
    """
    out = np.concatenate([[0], np.unique(np.concatenate([*_keys(False), *_keys(True)]))])
    out.setflags(write=False)
    return out


def strength_of_key(k) -> np.ndarray:
    """The strength (int16) of keys: their place in :func:`all_keys`.

    >>> int(strength_of_key(key([3, 1, 0], False)))  # the high card 5-3-2, the weakest hand
    1
    """
    return np.searchsorted(all_keys(), k).astype(np.int16)


@functools.cache
def tables(a23_lowest: bool = False) -> HashTables:
    """The evaluator's tables of the ranking, built from :func:`key` (see the module
    docstring): card keys with a suit step of 2, the flush table of the 286 masks of three
    suited ranks, the perfect hash of the 455 multisets of three ranks, and the key of each
    strength 1..743 (:func:`all_keys`, the same for both rules).

    >>> t = tables()
    >>> int(t.keys.size - 1)  # the hands of both rules
    743
    """
    plain, suited = _keys(a23_lowest)
    flush = np.zeros(8192, np.int16)
    flush[[sum(1 << r for r in m) for m in _MASKS]] = strength_of_key(suited)
    rank_keys = np.array([sum(int(RANK_KEYS[r]) for r in m) for m in _MULTISETS], np.int64)
    # 455 keys: the builder's plain Python runs in milliseconds, no kernel to compile
    offsets, table = _build_perfect_hash(rank_keys, strength_of_key(plain), HASH_SHIFT,
                                        compiled=False)
    cards = card_tables(True, 0)
    card_keys = cards.card_keys.copy()
    suits = np.arange(52) % 4
    card_keys[:52] += np.uint64(1) << (SUIT_SHIFT + 4 * suits).astype(np.uint64)  # 2 a card
    return HashTables(card_keys, cards.card_bits, flush, offsets.astype(np.int32), table,
                      all_keys().astype(np.int64))


def read_cards(hands: np.ndarray) -> np.ndarray:
    """The three cards of each hand (N, 3) as a player reads them: a pair first, then from
    the highest rank (A-2-3 as A, 3, 2), equal ranks by suit (spades first).

    >>> from pokersim.cards import format_cards, parse_hands
    >>> format_cards(read_cards(parse_hands(["5s 5h Kd", "2c Ah 3d"])))
    ['5s 5h Kd', 'Ah 3d 2c']
    """
    ranks = hands >> 2
    pair = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2)
    order = np.argsort(-(pair.astype(np.int64) * 64 + hands), axis=1, kind="stable")
    return np.take_along_axis(hands, order, axis=1)


__all__ = ["A23_PLACEMENTS", "CHINESE", "LABELS", "all_keys", "category_of_key", "describe_key",
           "key", "read_cards", "strength_of_key", "tables"]
