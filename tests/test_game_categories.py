"""``equity(..., categories=True)`` on the game kernels: how often each player's final hand
(in split-pot games its high hand) is of each category of the game's ranking.

Exact numbers against a naive count over every deal, from the rules only: each deal of
tests/naive_games.py (every completion of the board and of each hand), each hand's key and
category label from tests/naive_rankings.py (Zhajinhua's from tests/naive_zhajinhua.py),
each deal weighted by the product of its hands' weights, in exact fractions. Monte Carlo
against the exact numbers, and against itself without categories (the same draws); Hold'em
and the short deck on the general kernels against the board kernels.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from math import prod

import numpy as np
import pytest

import pokersim
from pokersim.cards import parse_cards
from pokersim.games.game import Game, get
from tests import naive_zhajinhua
from tests.naive_games import deals, hand_keys
from tests.naive_rankings import CATEGORIES, category_name
from tests.test_game_equity import on_game_kernels

#: Zhajinhua's categories by tests/naive_zhajinhua.py's kind, and strongest first.
ZHAJINHUA = {naive_zhajinhua.LEOPARD: "Leopard", naive_zhajinhua.STRAIGHT_FLUSH: "Straight Flush",
             naive_zhajinhua.FLUSH: "Flush", naive_zhajinhua.STRAIGHT: "Straight",
             naive_zhajinhua.PAIR: "Pair", naive_zhajinhua.HIGH_CARD: "High Card"}
LABELS = {**CATEGORIES, "zhajinhua": list(ZHAJINHUA.values())}


def cards(text):
    return [int(c) for c in parse_cards(text)]


def label(game, hole, board):
    """The naive category label of a player's final high hand."""
    if game.ranking == "zhajinhua":
        return ZHAJINHUA[naive_zhajinhua.kind(naive_zhajinhua.hand_of(hole))]
    return category_name(game.ranking, hand_keys(game, hole, board)[0])


def naive_categories(game, players, board="", dead=""):
    """Per player, {label: chance} over every deal: each choice of the players' hands (a
    hand, or a {hand: weight} dict of hands of one size) that shares no card, weighted by
    the product of the weights, then each of its completions alike."""
    lists = [p.items() if isinstance(p, dict) else [(p, 1)] for p in players]
    counts = [Counter() for _ in players]
    total = Fraction(0)
    for choice in product(*lists):
        hands = [cards(h) for h, _ in choice]
        if len(set().union(*hands)) < sum(map(len, hands)):
            continue
        weight = prod(Fraction(w) for _, w in choice)
        for holes, full in deals(game, hands, cards(board), cards(dead)):
            total += weight
            for count, hole in zip(counts, holes, strict=True):
                count[label(game, hole, full)] += weight
    return [{k: v / total for k, v in count.items()} for count in counts]


def category_columns(frame, game):
    """The category columns: the last ones, the ranking's categories strongest first."""
    labels = LABELS[get(game).ranking]
    assert frame.columns.tolist()[-len(labels):] == labels
    return frame[labels]


@pytest.mark.parametrize("game, players, board", [
    ("omaha", ["As Ad Ks Kd", "Qh Jh Th 9h"], "2c 7d 8s"),            # flop: dealt
    ("omaha", ["As Ad Ks Kd", "Qh Th 9h 8h", "7c 6c 5d 4d"], "2h 3d Jh Kc"),
    ("omaha-hi-lo", ["As 2s Kd Qd", "Ah 3h 7c 7h"], "4c 5d 8h Ks"),
    ("courchevel", ["Ah Kh 7c 6c 5d", "Qs Js Ts 9s 9h"], "Th 5h 2s 3s"),
    # no card to come on the board: each hand ranked once (the private kernel), the last
    # player's hands counted by strength (stud, razz, badugi) or walked (stud hi/lo)
    ("stud", ["As Ad Ks Jc 9h 2d 2s", "3h 4d 6c 7d 8d 8h", "Qs Qd 2c 2h 9s 9d"], ""),
    ("stud-hi-lo", ["As 2d 3c 4h Ks Kd", "Ah 2h Qh 4d 6c 7d"], ""),
    ("razz", [{"As 2d 3c 4h 5s Kd": 1, "Ac 2c 3s 4d 6c Qh": 2.5},
              {"Ah 2h 3h 4c 6d 7d": 1, "As 2s 3d 5h 6h 7c": 3}], ""),  # two choices clash
    ("badugi", ["As 2d 3c", "Kh 2h 3s"], ""),
    ("2-7-single-draw", ["7c 5d 4h 3s", "8c 6d 4c 3h"], ""),
    ("five-card-draw", ["Ac Ad Ah 5c", "Kc Kd Ks 2h"], ""),
    ("zhajinhua", ["As Ad", "Kh Qh"], ""),
    # a user's game whose ranking has a no-hand strength (0, "No low"), counted too
    (Game("stud-8-only", hole=7, ranking="eight-or-better"),
     ["As 2d 3c 4h Ks Kd", "Ah 2h Qh Jd 6c 7d"], ""),
])
def test_exact_categories_count_every_deal(game, players, board):
    got = pokersim.equity(players, board, game=game, method="exact", categories=True)
    want = naive_categories(get(game), players, board)
    columns = category_columns(got, game)
    for p, chances in enumerate(want):
        assert set(chances) <= set(columns.columns)
        for c in columns.columns:
            assert columns[c].iloc[p] == pytest.approx(float(chances.get(c, 0)), abs=1e-12), \
                (p, c)
    plain = pokersim.equity(players, board, game=game, method="exact")
    assert got[plain.columns].equals(plain)


@pytest.mark.parametrize("game, players, board", [
    ("omaha", ["As Ad Ks Kd", "Qh Jh Th 9h"], "2c 7d 8h"),
    ("omaha-hi-lo", ["As 2s Kd Qd", "Ah 3h 7c 7h"], "4c 5d 8h"),
    ("stud", ["As Ad 3c 4h 5s Kd", "Kh Kc 3h 4d 6c 7d", "Qs 9s 8s 7s 2c 2d"], ""),
    ("badugi", ["As 2d 3c", "Kh 2h 3s"], ""),
    # a fixed hand on a known board: its strength is found once and kept
    ("holdem", ["Ah Kh", "random"], "Qh 7s 2h 3c 9d"),
])
def test_monte_carlo_categories_agree_with_exact_and_leave_the_rest(game, players, board):
    trials = 100_000
    exact = category_columns(on_game_kernels(players, board, game=game, method="exact",
                                             categories=True), game)
    mc = on_game_kernels(players, board, game=game, trials=trials, seed=9, categories=True)
    chance = category_columns(mc, game)
    error = np.sqrt(exact * (1 - exact) / trials)
    assert ((chance - exact).abs() <= 4 * error + 1e-12).all().all()
    # the same seed draws the same deals: every other column as without categories
    plain = on_game_kernels(players, board, game=game, trials=trials, seed=9)
    assert mc[plain.columns].equals(plain)


@pytest.mark.parametrize("game, players, board", [
    ("holdem", ["AhKh", "QQ+, 87s", "random"], "2c 7d Qh"),
    ("short-deck", ["AhKh", "QQ@70, JJ", "9s 8s"], "Jc Ks 7h"),  # a flush beats a full house
])
def test_the_general_kernels_count_categories_as_the_board_kernels(game, players, board):
    theirs = pokersim.equity(players, board, game=game, method="exact", categories=True)
    ours = on_game_kernels(players, board, game=game, method="exact", categories=True)
    assert ours.columns.tolist() == theirs.columns.tolist()
    # 1e-13: the dealing kernel adds a weight of 0.7 a deal, one at a time (1.2e-14 from the
    # exact fractions, which the board kernels give here: whole weights)
    assert np.allclose(category_columns(ours, game), category_columns(theirs, game),
                       rtol=0, atol=1e-13)
    # Monte Carlo: the two families draw differently, so within their standard errors
    trials = 200_000
    a = category_columns(pokersim.equity(players, board, game=game, trials=trials, seed=3,
                                         categories=True), game)
    b = category_columns(on_game_kernels(players, board, game=game, trials=trials, seed=3,
                                         categories=True), game)
    p = category_columns(theirs, game)
    assert ((a - b).abs() <= 4 * np.sqrt(2 * p * (1 - p) / trials) + 1e-12).all().all()


@pytest.mark.parametrize("game, players, board, method", [
    ("omaha", [{"As Ad Ks Kd": 1, "Qh Jh Th 9h": 3}, "random"], "2c 7d 8h 3s", "exact"),
    ("stud", ["As Ad Ks Jc 9h", "3h 4d 6c 7d", "Qs Qd 2c"], "", "monte-carlo"),
    # 7 players of a hi/lo game: counted by outcome code, not by winner mask
    ("stud-hi-lo", ["As 2d 3s", "Kh Qc Jh"] + ["random"] * 5, "", "monte-carlo"),
    ("razz", [{"As 2d 3c 4h 5s": 1, "Ac 2c 3s 4d 6c": 2}, "Ah 2h 3h 4c"], "", "exact"),
])
def test_categories_sum_to_every_deal(game, players, board, method):
    trials = 20_001 if method == "monte-carlo" else None
    got = on_game_kernels(players, board, game=game, method=method, trials=trials,
                          seed=trials and 5, categories=True)
    chances = category_columns(got, game)
    if method == "exact":
        assert np.allclose(chances.sum(axis=1), 1, rtol=0, atol=1e-12)
    else:  # whole trials: each one's hands counted once a player
        counts = chances.to_numpy() * got.outcomes.to_numpy()[:, None]
        assert np.allclose(counts, counts.round(), rtol=0, atol=1e-9)
        assert (counts.round().sum(axis=1) == got.outcomes).all() and \
            (got.outcomes == 20_001).all()


def test_a_category_is_a_range_of_strengths():
    # the private kernel counts a player's hands sorted by strength a category at a time
    for name in pokersim.rankings.NAMES:
        r = pokersim.rankings.get(name)
        codes = r.category_of_strength[0 if r.has_no_hand else 1:]  # (0: "No low", or none)
        runs = 1 + np.count_nonzero(np.diff(codes))
        assert runs == np.unique(codes).size, name
