"""Zhajinhua as a ranking (``pokersim.rankings``) and a game (``pokersim.games.game``).

Expected values come from tests/naive_zhajinhua.py (the rules written out in plain Python):
its order and names of all 22,100 three-card hands, and its equity over every deal of small
spots; and from counts derived by hand (the category counts, the number of distinct hands).
``pokersim.games.zhajinhua`` is a layer over this ranking; its own tests are in
tests/test_zhajinhua.py.
"""

from __future__ import annotations

import itertools
import json
from math import comb

import numpy as np
import pytest

import pokersim
from pokersim import HandShapeError, PokersimInputError, rankings
from pokersim.cli import main
from pokersim.games import game as games
from pokersim.games import zhajinhua as zjh
from pokersim.games.zhajinhua import Rules
from tests import naive_zhajinhua as naive

HANDS = np.array(list(itertools.combinations(range(52), 3)), dtype=np.uint8)
NAIVE_HANDS = [naive.hand_of(h) for h in HANDS]
PLACEMENTS = {"zhajinhua": "between-jqk-qka", "zhajinhua-a23-lowest": "lowest"}
#: Counted by hand (tests/test_zhajinhua.py derives them): leopard, straight flush, flush,
#: straight, pair, high card.
COUNTS = {"Leopard": 52, "Straight Flush": 48, "Flush": 1_096, "Straight": 720, "Pair": 3_744,
          "High Card": 16_440}


def cards(text):
    return [int(c) for c in pokersim.parse_cards(text)]


def naive_dense(ranking):
    """Dense rank (0 = weakest) of every hand of HANDS by the naive key, ties split."""
    rules = Rules(a23=PLACEMENTS[ranking])
    keys = [naive.key(h, rules) for h in NAIVE_HANDS]
    distinct = {k: i for i, k in enumerate(sorted(set(keys)))}
    return np.array([distinct[k] for k in keys])


# ---------------------------------------------------------------------------------------------
# The ranking, every hand


@pytest.mark.parametrize("ranking", list(PLACEMENTS))
def test_ranking_orders_every_hand_as_the_rules(ranking):
    """The same weak order of all 22,100 hands as the naive key (so every pair of hands
    compares alike), strengths from 1 to 743, int16 like every ranking's: one scale for both
    rankings, where each leaves the other's two A-2-3 straights unused (their values:
    tests/test_zhajinhua.py)."""
    s = pokersim.evaluate(HANDS, ranking=ranking)
    assert s.dtype == np.int16 and s.shape == (len(HANDS),)
    want = naive_dense(ranking)
    assert (np.unique(s, return_inverse=True)[1].ravel() == want).all()
    assert s.min() == 1 and s.max() == 743 == rankings.get(ranking).n_strengths
    assert want.max() + 1 == 741


def test_number_of_distinct_hands():
    # rank patterns: leopards 13, straight flushes 12 (A-2-3 .. Q-K-A), flushes C(13,3) - 12,
    # straights 12, pairs 13 x 12, high cards C(13,3) - 12
    distinct = 13 + 12 + (comb(13, 3) - 12) + 12 + 13 * 12 + (comb(13, 3) - 12)
    assert distinct == 741
    for ranking in PLACEMENTS:  # one scale: both rankings' hands, the two A-2-3s twice
        assert rankings.get(ranking).n_strengths == distinct + 2


def test_categories_names_and_cards_of_every_hand():
    s = pokersim.evaluate(HANDS, ranking="zhajinhua")
    labels = rankings.get("zhajinhua").labels
    assert labels == ("High Card", "Pair", "Straight", "Flush", "Straight Flush", "Leopard")
    assert [labels[c] for c in pokersim.category(s, ranking="zhajinhua")] == \
        [naive.KIND_WORDS[naive.kind(h)] for h in NAIVE_HANDS]
    assert pokersim.describe(s, ranking="zhajinhua") == [naive.describe(h) for h in NAIVE_HANDS]
    low = pokersim.evaluate(HANDS, ranking="zhajinhua-a23-lowest")
    assert pokersim.describe(low, ranking="zhajinhua-a23-lowest") == pokersim.describe(s,
                                                                                       ranking="zhajinhua")
    five = pokersim.best_five(HANDS, ranking="zhajinhua")
    assert five.shape == (len(HANDS), 3) and (np.sort(five, axis=1) == HANDS).all()
    ranks = (five >> 2).astype(np.int64)
    pairs = (ranks[:, 0] == ranks[:, 1]) | (ranks[:, 1] == ranks[:, 2]) | \
        (ranks[:, 0] == ranks[:, 2])
    assert (ranks[pairs, 0] == ranks[pairs, 1]).all()  # the pair first, then the kicker
    assert (np.diff(ranks[~pairs], axis=1) < 0).all()  # otherwise highest first


def test_one_hand_and_reading_order():
    assert pokersim.describe(pokersim.evaluate("Qh Kh Ah", ranking="zhajinhua"),
                             ranking="zhajinhua") == \
        "Straight Flush, Ace high"
    assert pokersim.category(pokersim.evaluate("9c 9d 9h", ranking="zhajinhua"),
                             ranking="zhajinhua") == 5
    assert pokersim.format_cards(pokersim.best_five("5s Kd 5h", ranking="zhajinhua")) == "5s 5h Kd"
    assert pokersim.format_cards(pokersim.best_five("2c 3d Ah", ranking="zhajinhua")) == "Ah 3d 2c"
    between = pokersim.evaluate(["Ac 2d 3h", "Jc Qd Kh", "2c 3d 4h"], ranking="zhajinhua")
    lowest = pokersim.evaluate(["Ac 2d 3h", "Jc Qd Kh", "2c 3d 4h"], ranking="zhajinhua-a23-lowest")
    assert between[0] > between[1] > between[2] and lowest[1] > lowest[2] > lowest[0]


@pytest.mark.parametrize("ranking", list(PLACEMENTS))
def test_exact_frequencies_are_the_counted_ones(ranking):
    df = pokersim.category_frequencies(cards=3, ranking=ranking, method="exact")
    assert dict(zip(df.category.astype(str), df["count"], strict=True)) == COUNTS
    assert list(df.category.astype(str)) == list(COUNTS)  # strongest first
    assert df.attrs["outcomes"] == comb(52, 3) and (df.method == "exact").all()
    assert pokersim.category_frequencies(ranking=ranking).equals(df)  # 3 cards by default


def test_the_game_module_counts_through_the_ranking():
    """zhajinhua.category_frequencies is the ranking's table, seeded hands and all."""
    mine = zjh.category_frequencies(trials=30_000, seed=2)
    ranking = pokersim.category_frequencies(3, trials=30_000, seed=2, ranking="zhajinhua")
    assert mine.drop(columns="chinese").equals(ranking)
    assert mine.chinese.tolist() == ["豹子", "顺金", "金花", "顺子", "对子", "散牌"]


def test_ranking_options_and_errors():
    assert rankings.zhajinhua() is rankings.get("zhajinhua")
    assert rankings.zhajinhua(a23="lowest") is rankings.get("zhajinhua-a23-lowest")
    assert rankings.get("zhajinhua").hand_sizes == (3,) and rankings.get("zhajinhua").deck == "full"
    for bad in ("middle", None, 3):
        with pytest.raises(PokersimInputError, match="a23 must be one of"):
            rankings.zhajinhua(a23=bad)
    with pytest.raises(HandShapeError, match=r"\(N, 3\)"):
        pokersim.evaluate("As Ks Qs Js Ts", ranking="zhajinhua")
    with pytest.raises(PokersimInputError, match="3"):
        pokersim.category_frequencies(cards=5, ranking="zhajinhua")
    with pytest.raises(PokersimInputError, match="744 is not a hand strength"):
        pokersim.describe(744, ranking="zhajinhua")
    with pytest.raises(pokersim.DuplicateCardError):
        pokersim.evaluate("As Ks As", ranking="zhajinhua")


# ---------------------------------------------------------------------------------------------
# The game


def test_the_game_is_three_hole_cards_and_the_ranking():
    g = games.get("zhajinhua")
    assert (g.hole, g.board, g.two_plus_three, g.ranking, g.low, g.draw, g.deck) == \
        (3, 0, False, "zhajinhua", None, False, "full")
    assert games.zhajinhua() is g
    assert games.zhajinhua(a23="lowest").ranking == "zhajinhua-a23-lowest"
    rows = pokersim.deal(500, game="zhajinhua", players=17, seed=4)
    assert rows.shape == (500, 51) and all(len(set(r)) == 51 for r in rows.tolist())
    hands = np.ascontiguousarray(rows[:, 3:6])  # player 1
    assert np.array_equal(pokersim.evaluate(hands, game="zhajinhua"),
                          pokersim.evaluate(hands, ranking="zhajinhua"))
    assert np.array_equal(pokersim.best_five(hands, game="zhajinhua"),
                          pokersim.best_five(hands, ranking="zhajinhua"))


def test_game_frequencies_exact_and_dealt():
    exact = pokersim.category_frequencies(game="zhajinhua")
    assert dict(zip(exact.category.astype(str), exact["count"], strict=True)) == COUNTS
    assert exact.attrs["game"] == "zhajinhua" and exact.attrs["method"] == "exact"
    mc = pokersim.category_frequencies(game="zhajinhua", trials=20_000, seed=3)
    rows = pokersim.deal(20_000, game="zhajinhua", players=1, seed=3)  # the same deals
    kinds = [naive.KIND_WORDS[naive.kind(naive.hand_of(r))] for r in rows]
    assert dict(zip(mc.category.astype(str), mc["count"], strict=True)) == \
        {label: kinds.count(label) for label in COUNTS}


def check_equity(players, dead="", **weights):
    """The game's exact equity against the naive count over every deal."""
    got = pokersim.equity(players, dead=dead, game="zhajinhua", method="exact")
    choices = []
    for p in players:
        if isinstance(p, dict):
            choices.append([(cards(h), w) for h, w in p.items()])
        elif isinstance(p, list):
            choices.append([(cards(h), 1.0) for h in p])
        else:
            choices.append([(cards(p) if p != "random" else [], 1.0)])
    want = naive.equity(choices, Rules(), cards(dead))
    for i, w in enumerate(want):
        for column in ("equity", "win", "tie"):
            assert got[column].iloc[i] == pytest.approx(w[column], abs=1e-12), (i, column)
        assert got.outcomes.iloc[i] == w["deals"]
    assert (got.method == "exact").all() and np.allclose(got.win + got.tie + got.lose, 1)
    return got


def test_equity_of_a_hand_against_every_hand():
    # 2-3-5 is the high card 5-3-2 in the game (the 2-3-5 rule is zhajinhua.showdown's)
    got = check_equity(["2c 3d 5h", "random"])
    assert got.outcomes.iloc[0] == comb(49, 3)


def test_equity_of_partial_hands_three_ways():
    check_equity(["Kh Kd", "Qs Qc", "7h 8h"])  # 46 x 45 x 44 deals: flushes, pairs, trips


def test_equity_with_weighted_lists_and_dead_cards():
    # "Ks Qs Js" and "Ks Kh 2d" share a card: that pair of choices is never dealt
    check_equity([{"As Ah Ad": 1, "Ks Qs Js": 2, "2c 3d 5h": 3}, ["Kh Kd Kc", "Ks Kh 2d"],
                  "Tc 9c"])
    check_equity(["Ah Kh Qd", "Jc Jd"], dead="Js Jh 2c")


def test_two_random_players_share_evenly():
    dead = pokersim.format_cards(np.arange(10, 52, dtype=np.uint8))
    got = check_equity(["random", "random"], dead=dead)  # ten cards left: 120 x 35 deals
    assert got.equity.tolist() == pytest.approx([0.5, 0.5])


@pytest.mark.slow  # the game's Monte Carlo kernel is a shape of its own: seconds to compile
def test_monte_carlo_equity_within_four_standard_errors():
    exact = pokersim.equity(["Kh Kd", "Qs Qc", "7h 8h"], game="zhajinhua")
    mc = pokersim.equity(["Kh Kd", "Qs Qc", "7h 8h"], game="zhajinhua", trials=40_000, seed=1)
    assert mc.attrs["method"] == "monte-carlo" and (mc.outcomes == 40_000).all()
    assert (np.abs(mc.equity - exact.equity) < 4 * mc.std_error).all()


@pytest.mark.slow
def test_equity_of_a_pair_against_a_random_hand():
    check_equity(["Kh Kd", "random"])  # 50 x C(49, 3) = 921,200 deals


# ---------------------------------------------------------------------------------------------
# The command line


def run_main(capsys, *argv):
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err


def test_cli_equity_frequencies_and_evaluate(capsys, tmp_path):
    path = tmp_path / "equity.json"
    rc, out, err = run_main(capsys, "equity", "--game", "zhajinhua", "2c 3d 5h", "random",
                            "--json", path)
    assert rc == 0 and err == ""
    rows = json.loads(path.read_text())["data"]
    want = pokersim.equity(["2c 3d 5h", "random"], game="zhajinhua")
    assert [r["equity"] for r in rows] == pytest.approx(want.equity.tolist(), abs=1e-15)
    path = tmp_path / "frequencies.json"
    assert run_main(capsys, "frequencies", "--game", "zhajinhua", "--json", path)[0] == 0
    assert {r["category"]: r["count"] for r in json.loads(path.read_text())["data"]} == COUNTS
    rc, out, err = run_main(capsys, "evaluate", "Ac 2d 3h", "Qh Kh Ah", "--ranking",
                            "zhajinhua")
    assert rc == 0 and "Straight, A-2-3" in out and "Straight Flush, Ace high" in out
