"""Zhajinhua written straight from the rules' text, in plain Python, for the tests.

Nothing here comes from ``pokersim.games.zhajinhua``: a hand is a list of (rank, suit) with
ranks 2..14 and suits as letters, its order a tuple key, and the 2-3-5 rule and table winner
follow the sentences of docs/design.md, "The other games". Rules are read by attribute (``a23``,
``rule_235``, ``ties``), so a ``Rules`` value or any object with those fields works.
"""

from __future__ import annotations

from collections import Counter

RANK_LETTERS = "23456789TJQKA"
SUIT_LETTERS = "cdhs"
#: Suit order for ties="suit": spades > hearts > clubs > diamonds.
SUIT_STRENGTH = {"s": 4, "h": 3, "c": 2, "d": 1}

LEOPARD, STRAIGHT_FLUSH, FLUSH, STRAIGHT, PAIR, HIGH_CARD = 6, 5, 4, 3, 2, 1
#: The same categories as pokersim's codes (0 high card .. 5 leopard).
CATEGORY_CODE = {HIGH_CARD: 0, PAIR: 1, STRAIGHT: 2, FLUSH: 3, STRAIGHT_FLUSH: 4, LEOPARD: 5}


def card(card_id: int) -> tuple[int, str]:
    """(rank 2..14, suit letter) of a card id 4 * rank + suit."""
    return card_id // 4 + 2, SUIT_LETTERS[card_id % 4]


def hand_of(ids) -> list[tuple[int, str]]:
    return [card(int(c)) for c in ids]


def parse(text: str) -> list[tuple[int, str]]:
    """'As Kd 2c' -> [(14, 's'), (13, 'd'), (2, 'c')]."""
    return [(RANK_LETTERS.index(t[0].upper()) + 2, t[1].lower()) for t in text.split()]


def kind(hand) -> int:
    """The category, LEOPARD (6) .. HIGH_CARD (1)."""
    ranks = sorted(r for r, _ in hand)
    same_suit = len({s for _, s in hand}) == 1
    if ranks[0] == ranks[2]:
        return LEOPARD
    if ranks[0] == ranks[1] or ranks[1] == ranks[2]:
        return PAIR
    straight = ranks[2] - ranks[0] == 2 or ranks == [2, 3, 14]
    if straight and same_suit:
        return STRAIGHT_FLUSH
    if same_suit:
        return FLUSH
    if straight:
        return STRAIGHT
    return HIGH_CARD


def key(hand, rules) -> tuple:
    """A tuple that sorts hands from weakest to strongest (ignoring the 2-3-5 rule)."""
    k = kind(hand)
    ranks = sorted((r for r, _ in hand), reverse=True)
    if k in (STRAIGHT, STRAIGHT_FLUSH):
        if ranks == [14, 3, 2]:
            # "JQK < A23 < QKA": above the king-high straight, below the ace-high one;
            # otherwise below 2-3-4 (whose top card is a 4).
            top = 13.5 if rules.a23 == "between-jqk-qka" else 2.5
        else:
            top = ranks[0]
        order = (top,)
    elif k == PAIR:
        counts = Counter(ranks)
        pair = next(r for r, n in counts.items() if n == 2)
        kicker = next(r for r, n in counts.items() if n == 1)
        order = (pair, kicker)
    else:
        order = tuple(ranks)
    if rules.ties == "suit":
        high = max(r for r, _ in hand)
        order += (max(SUIT_STRENGTH[s] for r, s in hand if r == high),)
    return (k, order)


RANK_WORDS = {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight",
              9: "Nine", 10: "Ten", 11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}
KIND_WORDS = {LEOPARD: "Leopard", STRAIGHT_FLUSH: "Straight Flush", FLUSH: "Flush",
              STRAIGHT: "Straight", PAIR: "Pair", HIGH_CARD: "High Card"}


def plural(rank: int) -> str:
    return RANK_WORDS[rank] + ("es" if rank == 6 else "s")


def describe(hand) -> str:
    """'Leopard, Nines', 'Straight, A-2-3', 'Flush, King high', 'Pair of Sixes',
    'High Card, Ace': the category, then the rank that leads it."""
    k = kind(hand)
    ranks = sorted((r for r, _ in hand), reverse=True)
    if k == LEOPARD:
        return f"Leopard, {plural(ranks[0])}"
    if k == PAIR:
        return f"Pair of {plural(ranks[1])}"  # the middle card is always one of the pair
    if k == HIGH_CARD:
        return f"High Card, {RANK_WORDS[ranks[0]]}"
    if k in (STRAIGHT, STRAIGHT_FLUSH) and ranks == [14, 3, 2]:
        return f"{KIND_WORDS[k]}, A-2-3"
    return f"{KIND_WORDS[k]}, {RANK_WORDS[ranks[0]]} high"


def is_235(hand) -> bool:
    """2-3-5 not all of one suit."""
    return sorted(r for r, _ in hand) == [2, 3, 5] and len({s for _, s in hand}) > 1


def compare(a, b, rules) -> int:
    """+1 if hand a beats hand b, -1 if b beats a, 0 for a tie."""
    if rules.rule_235:
        if is_235(a) and kind(b) == LEOPARD:
            return 1
        if is_235(b) and kind(a) == LEOPARD:
            return -1
    ka, kb = key(a, rules), key(b, rules)
    return (ka > kb) - (ka < kb)


def table(hands, rules) -> list[str]:
    """'win', 'tie' or 'lose' per seat.

    The best key wins and equal best keys tie (they split the pot). Under the 2-3-5 rule, a
    2-3-5 hand wins only when the best of the *other* hands is a leopard; when some do, they
    share the pot (best key among them; equal keys split)."""
    keys = [key(h, rules) for h in hands]
    winners = []
    if rules.rule_235:
        for i, h in enumerate(hands):
            others = [j for j in range(len(hands)) if j != i]
            best_other = max(others, key=lambda j: keys[j])
            if is_235(h) and kind(hands[best_other]) == LEOPARD:
                winners.append(i)
    if winners:
        top = max(keys[i] for i in winners)
        winners = [i for i in winners if keys[i] == top]
    else:
        top = max(keys)
        winners = [i for i, k in enumerate(keys) if k == top]
    if len(winners) == 1:
        return ["win" if i in winners else "lose" for i in range(len(hands))]
    return ["tie" if i in winners else "lose" for i in range(len(hands))]


def equity(players, rules, dead=()) -> list[dict]:
    """Equity at a showdown where the best key wins and equal best keys split the pot (the
    2-3-5 rule aside, as in the game ``"zhajinhua"``), counted over every deal.

    Each player is a list of choices ``(known card ids, weight)``; a choice of three cards is
    a whole hand, fewer are completed from the deck. Every combination of choices that shares
    no card (nor a dead one) counts with the product of its weights, and within it every way
    to deal the missing cards from the rest of the deck, player by player, counts once.
    Returns per player a dict of ``equity``, ``win`` (the whole pot), ``tie`` (part of it)
    and ``deals`` (the deals counted, unweighted)."""
    from itertools import combinations, product
    from math import prod

    n = len(players)
    sums = [{"equity": 0.0, "win": 0.0, "tie": 0.0} for _ in range(n)]
    total = 0.0
    count = 0
    strength = {}  # sorted card ids -> key, computed once each

    def key_of(cards):
        cards = tuple(sorted(cards))
        if cards not in strength:
            strength[cards] = key(hand_of(cards), rules)
        return strength[cards]

    def fill(given, left, done):
        """Every way to complete the hands ``given[len(done):]`` from the cards ``left``."""
        if len(done) == n:
            yield done
            return
        mine = given[len(done)]
        for extra in combinations(left, 3 - len(mine)):
            yield from fill(given, [c for c in left if c not in extra], done + [mine + extra])

    for choice in product(*players):
        given = [tuple(cards) for cards, _ in choice]
        known = [c for cards in given for c in cards] + list(dead)
        if len(set(known)) < len(known):
            continue
        weight = prod(w for _, w in choice)
        deck = [c for c in range(52) if c not in set(known)]
        for hands in fill(given, deck, []):
            keys = [key_of(h) for h in hands]
            best = max(keys)
            winners = [i for i, k in enumerate(keys) if k == best]
            for i in winners:
                share = 1 / len(winners)
                sums[i]["equity"] += weight * share
                sums[i]["win" if share == 1 else "tie"] += weight
            total += weight
            count += 1
    return [{k: v / total for k, v in s.items()} | {"deals": count} for s in sums]
