"""A naive equity reference for every game (issue 17), from the rules only.

Plain Python over the naive ranking keys of tests/naive_rankings.py (no pokersim): a player's
high hand is the best key over every allowed choice of cards (Omaha and Courchevel: exactly
two hole cards and three board cards; other games: the best five, badugi four, of hole and
board), and in hi/lo games the low is the best eight-or-better key over the same choices
(``NO_LOW_KEY`` when none qualifies). The pot: the high hand takes it all, or in hi/lo games
half goes to the best high and half to the best low, the high half taking the whole pot when
no hand has a low; ties split within each half.

``naive_equity`` enumerates every completion of the board and of partial hands (board first,
then each player in turn) and averages each player's shares.
"""

from itertools import combinations

from tests.naive_rankings import DECKS, NO_LOW_KEY, key

LOW = "eight-or-better"


def hand_keys(game, hole, board):
    """(high key, low key or None) of a player's hole cards and the board in ``game``."""
    if game.two_plus_three:
        choices = [two + three for two in combinations(hole, 2)
                   for three in combinations(board, 3)]
    else:
        choices = [tuple(hole) + tuple(board)]  # the naive keys take the best five themselves
    high = max(key(game.ranking, c) for c in choices)
    low = max(key(LOW, c) for c in choices) if game.low else None
    return high, low


def pot(game, keys):
    """Each player's (share from the high half, share from the low half) of one showdown."""
    best_high = max(k[0] for k in keys)
    high_winners = [i for i, k in enumerate(keys) if k[0] == best_high]
    best_low = max(k[1] for k in keys) if game.low else NO_LOW_KEY
    low_winners = [i for i, k in enumerate(keys) if k[1] == best_low] \
        if best_low != NO_LOW_KEY else []
    high_half = 0.5 if low_winners else 1.0
    return [(high_half / len(high_winners) if i in high_winners else 0.0,
             0.5 / len(low_winners) if i in low_winners else 0.0) for i in range(len(keys))]


def deals(game, hands, board, dead):
    """Every completion: (each player's hole cards, the board)."""
    deck = [c for c in DECKS[game.ranking] if c not in set(board) | set(dead)
            and all(c not in h for h in hands)]

    def fill(i, left, done):
        if i == len(hands):
            yield done
            return
        for extra in combinations(left, game.hole - len(hands[i])):
            yield from fill(i + 1, [c for c in left if c not in extra],
                            done + [tuple(hands[i]) + extra])

    for runout in combinations(deck, game.board - len(board)):
        left = [c for c in deck if c not in runout]
        for holes in fill(0, left, []):
            yield holes, tuple(board) + runout


def naive_equity(game, hands, board=(), dead=()):
    """Per player: a dict of equity, win (the whole pot alone), tie (part of it), high_win,
    high_tie, low_win, low_tie, high_equity, low_equity, and ``deals``: the deals counted."""
    n = len(hands)
    sums = [dict.fromkeys(("equity", "win", "tie", "high_win", "high_tie", "low_win", "low_tie",
                           "high_equity", "low_equity"), 0.0) for _ in range(n)]
    count = 0
    for holes, full in deals(game, hands, board, dead):
        count += 1
        keys = [hand_keys(game, h, full) for h in holes]
        shares = pot(game, keys)
        n_high = sum(1 for s in shares if s[0] > 0)
        n_low = sum(1 for s in shares if s[1] > 0)
        for s, (high, low) in zip(sums, shares, strict=True):
            s["equity"] += high + low
            s["win"] += high + low == 1.0
            s["tie"] += 0 < high + low < 1.0
            s["high_win"] += high > 0 and n_high == 1
            s["high_tie"] += high > 0 and n_high > 1
            s["low_win"] += low > 0 and n_low == 1
            s["low_tie"] += low > 0 and n_low > 1
            s["high_equity"] += high
            s["low_equity"] += low
    for s in sums:
        for k in s:
            s[k] /= count
        s["deals"] = count
    return sums
