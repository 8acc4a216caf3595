"""batch_equity against a brute force over eval7 (a peer's evaluator, apart from pokersim's):
thousands of random Hold'em spots, every runout of each dealt and every hand ranked by
eval7.evaluate, the pot shared among the best hands; and a hand against a range, every combo
of the range that the spot's cards leave, weighted, times every runout. Equal to 1e-12."""

from itertools import combinations

import numpy as np
import pytest

import pokersim as ps

RANKS = "23456789TJQKA"
SUITS = "cdhs"
NAMES = [r + s for r in RANKS for s in SUITS]  # docs/design.md: card = 4 * rank + suit


@pytest.fixture(scope="module")
def eval7_cards():
    """eval7's Card of each card id, by its name (eval7's import is deferred: it warns of
    pyparsing deprecations)."""
    eval7 = pytest.importorskip("eval7")
    return eval7, [eval7.Card(name) for name in NAMES]


def random_spots(n, players, board, dead, seed):
    """(hands (n, P, 2), boards (n, b), dead (n, d)): distinct random cards a row."""
    rng = np.random.default_rng(seed)
    k = 2 * players + board + dead
    cards = np.array([rng.permutation(52)[:k] for _ in range(n)], np.uint8)
    return (cards[:, :2 * players].reshape(n, players, 2), cards[:, 2 * players:k - dead],
            cards[:, k - dead:])


def eval7_spot(eval7, card, hands, board, dead):
    """(win alone, tie, equity) of each player of one spot over every runout, by eval7."""
    used = {int(c) for c in [*hands.reshape(-1), *board, *dead]}
    rest = [c for c in range(52) if c not in used]
    holes = [[card[int(c)] for c in h] for h in hands]
    win, tie, equity = (np.zeros(len(hands)) for _ in range(3))
    runouts = list(combinations(rest, 5 - len(board)))
    for runout in runouts:
        full = [card[int(c)] for c in board] + [card[c] for c in runout]
        strengths = [eval7.evaluate(h + full) for h in holes]  # higher is better
        best = max(strengths)
        holders = [p for p, s in enumerate(strengths) if s == best]
        for p in holders:
            equity[p] += 1 / len(holders)
            if len(holders) == 1:
                win[p] += 1
            else:
                tie[p] += 1
    return win / len(runouts), tie / len(runouts), equity / len(runouts)


@pytest.mark.parametrize("players, board, dead, n", [
    (2, 5, 0, 2000),
    (3, 5, 2, 600),
    (6, 5, 0, 300),
    (2, 4, 0, 300),
    (3, 4, 1, 150),
    (2, 3, 0, 25),
    (3, 3, 0, 8),
])
def test_thousands_of_spots_equal_an_eval7_brute_force(eval7_cards, players, board, dead, n):
    eval7, card = eval7_cards
    hands, boards, deads = random_spots(n, players, board, dead, seed=100 * players + board)
    table = ps.batch_equity(hands, boards, deads if dead else None)
    expected = np.array([eval7_spot(eval7, card, hands[i], boards[i], deads[i])
                         for i in range(n)])  # (n, 3, P)
    for j, column in enumerate(("win", "tie", "equity")):
        np.testing.assert_allclose(table[column].to_numpy().reshape(n, players),
                                   expected[:, j], rtol=0, atol=1e-12, err_msg=column)
    np.testing.assert_allclose(ps.batch_equity(hands, boards, deads if dead else None,
                                               as_array=True), expected[:, 2], rtol=0,
                               atol=1e-12)


def eval7_against(eval7, card, hand, board, dead, rng):
    """The equity of ``hand`` against the combos of the range ``rng`` that its cards, the
    board and the dead cards leave, weighted, over every runout, by eval7."""
    used = {int(c) for c in [*hand, *board, *dead]}
    total = share = 0.0
    for (a, b), w in zip(rng.combos.tolist(), rng.weights.tolist(), strict=True):
        if a in used or b in used:
            continue
        rest = [c for c in range(52) if c not in used and c not in (a, b)]
        for runout in combinations(rest, 5 - len(board)):
            full = [card[int(c)] for c in board] + [card[c] for c in runout]
            mine = eval7.evaluate([card[int(c)] for c in hand] + full)
            theirs = eval7.evaluate([card[a], card[b]] + full)
            share += w * (1.0 if mine > theirs else 0.5 if mine == theirs else 0.0)
            total += w
    return share / total


@pytest.mark.parametrize("text, board, n", [("QQ+, AKs, T9s@50", 5, 40),
                                            ("22+, A2s+, KTo+", 5, 15), ("TT+, AQ+", 4, 8)])
def test_against_a_range_equals_an_eval7_brute_force(eval7_cards, text, board, n):
    eval7, card = eval7_cards
    hands, boards, deads = random_spots(n, 1, board, 1, seed=len(text) + board)
    hands = hands[:, 0]
    got = ps.batch_equity(hands, boards, deads, against=text, as_array=True)[:, 0]
    rng = ps.parse_range(text)
    expected = [eval7_against(eval7, card, hands[i], boards[i], deads[i], rng)
                for i in range(n)]
    np.testing.assert_allclose(got, expected, rtol=0, atol=1e-12)
