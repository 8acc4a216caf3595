"""Games as descriptions (pokersim/games/game.py) and their deals.

The parts of each named game are checked against the rules of issue 17 written out here
(hole and board cards, how a hand is made, rankings, deck); a user-built game is validated
like the named ones; ``deal(game=...)`` lays out whole deals as documented.
"""

from __future__ import annotations

import numpy as np
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
