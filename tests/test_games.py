"""Games as descriptions (pokersim/games/game.py) and their deals.

The parts of each named game are checked against the rules of issue 17 written out here
(hole and board cards, how a hand is made, rankings, deck); a user-built game is validated
like the named ones; ``deal(game=...)`` lays out whole deals as documented.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import pokersim
from pokersim.errors import PokersimInputError
from pokersim.games import game as games

#: name: (hole, board, exactly two hole and three board, ranking, low, deck)
RULES = {
    "holdem": (2, 5, False, "high", None, 52),
    "short-deck": (2, 5, False, "short-deck", None, 36),
    "omaha": (4, 5, True, "high", None, 52),
    "omaha-5": (5, 5, True, "high", None, 52),
    "omaha-6": (6, 5, True, "high", None, 52),
    "omaha-hi-lo": (4, 5, True, "high", "eight-or-better", 52),
    "omaha-5-hi-lo": (5, 5, True, "high", "eight-or-better", 52),
    "courchevel": (5, 5, True, "high", None, 52),
    "courchevel-hi-lo": (5, 5, True, "high", "eight-or-better", 52),
    "stud": (7, 0, False, "high", None, 52),
    "stud-hi-lo": (7, 0, False, "high", "eight-or-better", 52),
    "razz": (7, 0, False, "ace-to-five", None, 52),
    "2-7-single-draw": (5, 0, False, "deuce-to-seven", None, 52),
    "badugi": (4, 0, False, "badugi", None, 52),
    "five-card-draw": (5, 0, False, "high", None, 52),
}


@pytest.mark.parametrize("name", list(RULES))
def test_named_games_follow_the_rules(name):
    g = games.get(name)
    hole, board, two_plus_three, ranking, low, deck = RULES[name]
    assert (g.hole, g.board, g.two_plus_three, g.ranking, g.low) == \
        (hole, board, two_plus_three, ranking, low)
    assert {"full": 52, "short": 36}[g.deck] == deck
    assert g.draw == (name in ("2-7-single-draw", "badugi", "five-card-draw"))
    assert g.up_cards == (1 if name.startswith("courchevel") else 0)


@pytest.mark.parametrize("name", list(RULES))
def test_deal_lays_out_whole_deals(name):
    g = games.get(name)
    players = 3
    rows = pokersim.deal(2000, game=name, players=players, seed=7)
    assert rows.shape == (2000, players * g.hole + g.board) and rows.dtype == np.uint8
    assert all(len(set(r)) == rows.shape[1] for r in rows.tolist())
    assert rows.min() >= (16 if g.deck == "short" else 0) and rows.max() <= 51
    again = pokersim.deal(2000, game=g, players=players, seed=7)
    assert np.array_equal(rows, again)


def test_the_short_deck_rule_is_an_option():
    assert games.short_deck().ranking == "short-deck"
    assert games.short_deck(trips_beat_straight=True).ranking == "short-deck-trips"


def test_users_build_their_own_games():
    big_o = games.Game("big-o-8", hole=5, board=5, two_plus_three=True, low="eight-or-better")
    assert pokersim.deal(3, game=big_o, players=6, seed=1).shape == (3, 35)
    bad = [dict(name="", hole=2, board=5), dict(name="x", hole=0), dict(name="x", hole=2.5),
           dict(name="x", hole=2, board=5, ranking="nope"),
           dict(name="x", hole=2, board=5, low="ace-to-five"),
           dict(name="x", hole=3, board=3, two_plus_three=True),
           dict(name="x", hole=2, board=1),  # three cards: no ranking takes them
           dict(name="x", hole=2, board=5, up_cards=6)]
    for parts in bad:
        with pytest.raises(PokersimInputError):
            games.Game(**parts)


def test_deal_refuses_what_cannot_be_dealt():
    with pytest.raises(PokersimInputError, match="only 52 are left"):
        pokersim.deal(1, game="stud", players=8)
    with pytest.raises(PokersimInputError, match="give no k and no deck"):
        pokersim.deal(1, 5, game="holdem")
    with pytest.raises(PokersimInputError, match="unknown game 'texas'"):
        pokersim.deal(1, game="texas")
    with pytest.raises(PokersimInputError, match="needs k"):
        pokersim.deal(1)
    with pytest.raises(PokersimInputError, match="players"):
        pokersim.deal(1, game="holdem", players=0)


# ----------------------------------------------------------------------------- evaluate(game=)

def _two_plus_three(rows: np.ndarray, hole: int, ranking: str) -> np.ndarray:
    """Brute force: the best of every choice of two hole and three board cards."""
    from itertools import combinations

    best = np.full(len(rows), -1, np.int64)
    for pair in combinations(range(hole), 2):
        for triple in combinations(range(hole, hole + 5), 3):
            five = np.ascontiguousarray(rows[:, list(pair + triple)])
            best = np.maximum(best, pokersim.evaluate(five, ranking=ranking))
    return best


@pytest.mark.parametrize("name", list(RULES))
def test_evaluate_in_a_game(name):
    g = games.get(name)
    rows = pokersim.deal(3000, g.cards, seed=11, deck=g.deck)
    high = pokersim.evaluate(rows, game=name)
    low = pokersim.evaluate(rows, game=name, ranking=g.low) if g.low else None
    if g.two_plus_three:
        assert np.array_equal(high, _two_plus_three(rows, g.hole, "high"))
    else:
        assert np.array_equal(high, pokersim.evaluate(rows, ranking=g.ranking))
    if g.low:
        expected = (_two_plus_three(rows, g.hole, "eight-or-better") if g.two_plus_three
                    else pokersim.evaluate(rows, ranking="eight-or-better"))
        assert np.array_equal(low, expected)
        assert (low == 0).any() and (low > 0).any()
    one = pokersim.evaluate(rows[0], game=name)
    assert one == high[0] and np.ndim(one) == 0
    other = "badugi" if g.ranking != "badugi" else "high"
    with pytest.raises(pokersim.PokersimInputError, match=f"{name} ranks hands by"):
        pokersim.evaluate(rows, game=name, ranking=other)


@pytest.mark.parametrize("name", ["omaha", "omaha-6", "omaha-hi-lo", "stud-hi-lo", "razz",
                                  "badugi", "short-deck"])
def test_best_five_in_a_game(name):
    g = games.get(name)
    rows = pokersim.deal(2000, g.cards, seed=5, deck=g.deck)
    halves = [(pokersim.best_five(rows, game=name, ranking=r),
               pokersim.evaluate(rows, game=name, ranking=r), r)
              for r in [g.ranking] + ([g.low] if g.low else [])]
    for cards, s, ranking in halves:
        played = cards[:, 0] != 255
        assert np.array_equal(played, s > 0)
        assert all(set(c) <= set(r) for c, r in zip(cards[played].tolist(),
                                                     rows[played].tolist(), strict=True))
        assert np.array_equal(pokersim.evaluate(cards[played], ranking=ranking), s[played])
        if g.two_plus_three:  # two of the hole cards and three of the board
            hole = rows[played, :g.hole]
            assert all(len(set(c) & set(h)) == 2 for c, h in zip(cards[played].tolist(),
                                                                  hole.tolist(), strict=True))


def test_evaluate_in_a_game_checks_its_input():
    with pytest.raises(PokersimInputError, match="shape"):
        pokersim.evaluate(pokersim.deal(2, 8, seed=1), game="omaha")
    with pytest.raises(PokersimInputError, match="omaha ranks hands by 'high'; got ranking="):
        pokersim.evaluate(pokersim.deal(2, 9, seed=1), ranking="badugi", game="omaha")
    with pytest.raises(PokersimInputError, match="short deck"):
        pokersim.evaluate("2c 3d Ah Kh Qh Jh Th", game="short-deck")
    with pytest.raises(PokersimInputError, match="repeats"):
        pokersim.evaluate("Ah Ah Qc Jc 3h Kh 8c 7d 9d", game="omaha")


# ------------------------------------------------------------------ category_frequencies(game=)

def test_frequencies_of_games_that_are_a_ranking_are_exact():
    razz = pokersim.category_frequencies(game="razz")
    ace_to_five = pokersim.category_frequencies(7, ranking="ace-to-five")
    assert razz[["category", "count"]].astype(str).equals(
        ace_to_five[["category", "count"]].astype(str))
    stud8 = pokersim.category_frequencies(game="stud-hi-lo")
    assert list(stud8.columns[-1:]) == ["half"] and (stud8.method == "exact").all()
    for half in ("high", "low"):
        assert stud8[stud8.half == half].probability.sum() == pytest.approx(1)
    low = stud8[stud8.half == "low"].set_index("category")["count"]
    assert low["No low"] == 133_784_560 - 24_530_944  # published
    assert stud8.attrs["game"] == "stud-hi-lo" and stud8.attrs["outcomes"] == 133_784_560


@pytest.mark.parametrize("name", ["omaha", "omaha-hi-lo"])
def test_omaha_frequencies_count_the_hands_deal_gives(name):
    g = games.get(name)
    trials = 40_000
    frame = pokersim.category_frequencies(game=name, trials=trials, seed=3, chunk_size=8192)
    rows = pokersim.deal(trials, game=name, players=1, seed=3)  # the same deals, by design
    halves = [("high", "high")] + ([("low", "eight-or-better")] if g.low else [])
    for half, ranking in halves:
        strength = _two_plus_three(rows, g.hole, ranking)
        r = pokersim.rankings.get(ranking)
        labels = [r.labels[c] for c in pokersim.category(strength, ranking=ranking)]
        part = frame[frame.half == half] if g.low else frame
        counts = part.set_index(part.category.astype(str))["count"]
        expected = pd.Series(labels).value_counts()
        assert counts[counts > 0].sort_index().to_dict() == expected.sort_index().to_dict()
    with pytest.raises(PokersimInputError, match="not possible here for omaha"):
        pokersim.category_frequencies(game="omaha", method="exact")
    with pytest.raises(PokersimInputError, match="omaha hands have 9 cards"):
        pokersim.category_frequencies(5, game="omaha", trials=10)
