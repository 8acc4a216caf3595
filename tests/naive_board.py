"""Slow, obviously right references for ranges on a board: a combo's equity against a weighted
range (every opponent combo, every runout), the made hand and draws of a combo as
pokersim.analysis.breakdown defines them, and outs by enumeration.

Plain Python on top of tests/naive.py; pokersim is not imported. A combo is a pair of card
ids, a range a list of (combo, weight).
"""

from collections import Counter
from itertools import combinations

from naive import (
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    STRAIGHT,
    STRAIGHT_FLUSH,
    card_rank,
    card_suit,
    naive_rank,
)

ACE = 12
_RANKS = {}


def rank_of(hole, board):
    """naive_rank of the hole cards and the board, remembered (the same hands recur)."""
    key = (tuple(sorted(hole)), tuple(sorted(board)))
    if key not in _RANKS:
        _RANKS[key] = naive_rank(list(hole) + list(board))
    return _RANKS[key]


def versus_range(combo, opponents, board, dead=(), to_river=True):
    """Weighted (win, tie, total) of ``combo`` against every opponent combo that shares no
    card with it, the board or the dead cards, over every runout to the river (or on the
    board as it is), and the number of (opponent combo, runout) deals, unweighted."""
    used = set(combo) | set(board) | set(dead)
    win = tie = total = 0.0
    deals = 0
    for opponent, weight in opponents:
        if used & set(opponent):
            continue
        rest = [c for c in range(52) if c not in used and c not in opponent]
        for runout in combinations(rest, 5 - len(board) if to_river else 0):
            full = list(board) + list(runout)
            mine, theirs = rank_of(combo, full), rank_of(opponent, full)
            win += weight * (mine > theirs)
            tie += weight * (mine == theirs)
            total += weight
            deals += 1
    return win, tie, total, deals


# ------------------------------------------------------------------------- made hands, draws


def best_straight(ranks):
    """The top rank of the best straight among a set of ranks (the ace also plays low, a
    wheel's top is 3, the five), or -1."""
    for top in range(12, 2, -1):
        if all((r if r >= 0 else ACE) in ranks for r in range(top - 4, top + 1)):
            return top
    return -1


def made_hand(hole, board):
    """The made hand of pokersim.analysis.breakdown's list, from its definitions."""
    category = naive_rank(list(hole) + list(board))[0]
    for code, name in ((STRAIGHT_FLUSH, "straight flush"), (FOUR_OF_A_KIND, "four of a kind"),
                       (FULL_HOUSE, "full house"), (FLUSH, "flush"), (STRAIGHT, "straight")):
        if category >= code if code == STRAIGHT_FLUSH else category == code:
            return name
    on_board = Counter(card_rank(c) for c in board)
    distinct = sorted(on_board, reverse=True)
    h1, h2 = sorted((card_rank(c) for c in hole), reverse=True)
    if h1 == h2 and on_board[h1] == 1:
        return "set"
    if on_board[h1] == 2 or on_board[h2] == 2:
        return "trips"
    if h1 != h2 and on_board[h1] and on_board[h2]:
        return "two pair"
    if h1 == h2:
        if h1 > distinct[0]:
            return "overpair"
        if len(distinct) > 1 and distinct[1] < h1 < distinct[0]:
            return "middle pair"
        if len(distinct) > 1 and distinct[-1] < h1 < distinct[1]:
            return "weak pair"
        assert h1 < distinct[-1]
        return "underpair"
    paired = [r for r in (h1, h2) if on_board[r]]
    if paired:
        pair = paired[0]
        kicker = h2 if pair == h1 else h1
        if pair == distinct[0]:
            free = [r for r in range(12, -1, -1) if not on_board[r]]
            place = free.index(kicker)
            return ("top pair, top kicker" if place == 0 else
                    "top pair, good kicker" if place <= 2 else "top pair, weak kicker")
        return "middle pair" if pair == distinct[1] else "weak pair"
    return "ace high" if h1 == ACE else "nothing"


def draws(hole, board, dead=()):
    """The names of the draws the combo holds, from pokersim.analysis.breakdown's definitions."""
    found = set()
    if len(board) == 5:
        return found
    cards = list(hole) + list(board)
    suits = Counter(card_suit(c) for c in cards)
    ranks = {card_rank(c) for c in cards}
    board_ranks = {card_rank(c) for c in board}
    hole_ranks = sorted((card_rank(c) for c in hole), reverse=True)
    no_flush = max(suits.values()) < 5
    for suit, count in suits.items():
        if count == 4 and no_flush and any(card_suit(c) == suit for c in hole):
            out = set(board) | set(dead)
            highest = max(r for r in range(13) if 4 * r + suit not in out)
            nut = 4 * highest + suit in hole
            found.add("nut flush draw" if nut else "flush draw (not nut)")
        if count == 3 and len(board) == 3 and any(card_suit(c) == suit for c in hole):
            found.add("backdoor flush draw")
    straight = best_straight(ranks) >= 0
    completing = [r for r in range(13) if r not in ranks
                  and best_straight(ranks | {r}) > best_straight(board_ranks | {r})]
    if not straight and len(completing) >= 2:
        found.add("open-ended straight draw")
    if not straight and len(completing) == 1:
        found.add("gutshot")
    if found & {"nut flush draw", "flush draw (not nut)"} and found & {
            "open-ended straight draw", "gutshot"}:
        found.add("combo draw")
    if len(board) == 3 and not straight and not completing and any(
            best_straight(ranks | {r1, r2}) > best_straight(board_ranks | {r1, r2})
            for r1, r2 in combinations(sorted(set(range(13)) - ranks), 2)):
        found.add("backdoor straight draw")
    if (hole_ranks[0] != hole_ranks[1] and hole_ranks[1] > max(board_ranks)
            and made_hand(hole, board) in ("ace high", "nothing")):
        found.add("overcards")
    return found


# ------------------------------------------------------------------------- outs

MADE_ORDER = ("straight flush", "four of a kind", "full house", "flush", "straight", "set",
              "trips", "two pair", "overpair", "top pair, top kicker", "top pair, good kicker",
              "top pair, weak kicker", "middle pair", "weak pair", "underpair", "ace high",
              "nothing")


def outs_table(hand, opponents, board, dead=()):
    """{card: (equity, made-hand share, chance it comes next, made hand, out)} for every card
    that can come next, against a weighted range of one opponent, by enumeration."""
    used = set(hand) | set(board) | set(dead)
    live_opponents = [(o, w) for o, w in opponents if not set(o) & used]

    def share(board_now, to_river):
        win, tie, total, _ = versus_range(hand, live_opponents, board_now, dead, to_river)
        return (win + tie / 2) / total if total else None

    ahead_now = share(list(board), False)
    made_now = MADE_ORDER.index(made_hand(hand, board))
    chance = {c: sum(w for o, w in live_opponents if c not in o)
              for c in range(52) if c not in used}
    total_chance = sum(chance.values())
    out = {}
    for card, weight in chance.items():
        if weight == 0:
            continue
        after = list(board) + [card]
        equity, ahead = share(after, True), share(after, False)
        made = made_hand(hand, after)
        out[card] = (equity, ahead, weight / total_chance, made,
                     ahead_now < 0.5 < ahead and MADE_ORDER.index(made) < made_now)
    return out
