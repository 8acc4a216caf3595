"""Five-card draw deals and win rates, against pokersim.deal's rows, the naive evaluator of
tests/naive.py, and brute force over every opponent hand."""

from __future__ import annotations

from itertools import combinations
from math import comb

import numba
import numpy as np
import pandas as pd
import pytest

import pokersim
from pokersim import PokersimInputError, config, deal, evaluate
from pokersim.games import draw5
from pokersim.games.draw5 import deal_table, format_table, win_rates
from pokersim.results import DEAL_COLUMNS, WIN_RATE_COLUMNS, ResultFrame
from tests import ctrl_c
from tests.naive import CATEGORY_NAMES, cards_from_text, naive_rank5


@pytest.mark.parametrize("players", range(1, 11))
def test_cards_go_round_the_table(players):
    rounds = 3
    table = deal_table(players, rounds=rounds, seed=21)
    rows = deal(rounds, 5 * players, seed=21)
    assert len(table) == rounds * players
    for t in table.itertuples():
        deck = rows[t.round - 1].tolist()
        # seat s (1-based) gets the cards dealt at positions s-1, s-1+P, s-1+2P, ...
        assert cards_from_text(t.cards) == deck[t.seat - 1::players]
    assert table.seat.tolist() == list(range(1, players + 1)) * rounds


@pytest.mark.parametrize("players", [1, 2, 5, 10])
def test_winners_agree_with_naive(players):
    table = deal_table(players, rounds=200, seed=players)
    for _, group in table.groupby("round"):
        keys = [naive_rank5(cards_from_text(c)) for c in group.cards]
        best = max(keys)
        n_best = keys.count(best)
        expected = ["lose" if k < best else "win" if n_best == 1 else "tie" for k in keys]
        assert group.outcome.tolist() == expected
        for key, place, cat in zip(keys, group.place, group.category, strict=True):
            assert place == 10 - key[0]
            assert cat == CATEGORY_NAMES[key[0]]
        strengths = group.strength.tolist()
        for a, b in combinations(range(len(keys)), 2):
            assert (keys[a] < keys[b]) == (strengths[a] < strengths[b])
            assert (keys[a] == keys[b]) == (strengths[a] == strengths[b])


def test_split_pots_and_printing():
    table = deal_table(2, rounds=60_000, seed=5)
    splits = table[table.outcome == "tie"]
    assert len(splits) > 0  # about one heads-up deal in 10,000 is a split pot
    rnd = splits["round"].iloc[0]
    lines = draw5.winner_lines(table[table["round"] == rnd])
    assert lines[0].startswith(f"Round {rnd}: seats ") and "split the pot" in lines[0]
    text = format_table(table[table["round"] == rnd])
    assert text.count("<- SPLIT") == len(splits[splits["round"] == rnd])
    assert "<- WINNER" not in text


def test_printing_names_the_winner():
    table = deal_table(4, rounds=2, seed=11)
    text = "\n".join(draw5.winner_lines(table))
    for rnd, group in table.groupby("round"):
        winner = group[group.outcome == "win"]
        if len(winner) == 1:
            seat = winner.seat.item()
            assert f"Round {rnd}: seat {seat} wins with {winner.description.item()}" in text
            assert f"seat {seat:>2d}  {winner.cards.item()}" in format_table(table)
    assert format_table(table).count("<- WINNER") == (table.outcome == "win").sum()
    # a selection stays a ResultFrame
    assert isinstance(table[["seat", "cards"]], ResultFrame)


def test_deal_table_schema():
    table = deal_table(3, rounds=4, seed=2)
    assert isinstance(table, ResultFrame)
    assert tuple(table.columns) == DEAL_COLUMNS + ("place",)
    text = str(pd.Series(["As"]).dtype)  # "str" from pandas 3, "object" before
    assert [str(t) for t in table.dtypes] == ["int64", "int64", text, text, "category",
                                              "int64", "category", "int64"]
    assert table.category.cat.ordered
    assert list(table.outcome.cat.categories) == ["win", "tie", "lose"]
    assert table.attrs["players"] == 3 and table.attrs["rounds"] == 4
    # the printed table is plain: the winners are winner_lines' business
    assert "Round 1" not in repr(table)


def test_deal_table_is_reproducible():
    a = deal_table(6, rounds=5, seed=3)
    b = deal_table(6, rounds=5, seed=3)
    assert a.equals(b)
    assert not a.cards.equals(deal_table(6, rounds=5, seed=4).cards)


@pytest.mark.parametrize("players", [0, 11, -1, 2.5, True, "3", None])
def test_bad_players(players):
    with pytest.raises(PokersimInputError, match="players"):
        deal_table(players)


def test_bad_rounds():
    with pytest.raises(PokersimInputError, match="rounds"):
        deal_table(2, rounds=0)
    with pytest.raises(PokersimInputError, match="seed"):
        deal_table(2, seed=-1)


# --------------------------------------------------------------------------------------------
# win rates


@pytest.fixture(scope="module")
def counts():
    return draw5.heads_up_counts()


@pytest.mark.parametrize("text", ["As Ks Qs Js Ts", "2c 3d 4h 5s 7c", "Kh Kd 4c 4s 9h",
                                  "7c 7d 7h 2s 3c", "Ac 2c 3d 4h 5s"])
def test_heads_up_counts_brute_force(counts, text):
    hand = sorted(cards_from_text(text))
    # all_hands is every hand in lexicographic order: hand's row is its rank among them
    i = list(combinations(range(52), 5)).index(tuple(hand))
    assert draw5.all_hands()[i].tolist() == hand
    rest = [c for c in range(52) if c not in hand]
    theirs = evaluate(np.array(list(combinations(rest, 5)), np.uint8))
    mine = int(evaluate(np.array(hand, np.uint8)))
    assert counts[i].tolist() == [int((theirs < mine).sum()), int((theirs == mine).sum()),
                                  int((theirs > mine).sum())]


def test_heads_up_counts_symmetry(counts):
    wins, ties, losses = counts.T
    assert counts.shape == (comb(52, 5), 3) and counts.dtype == np.int64
    assert (counts.sum(axis=1) == comb(47, 5)).all() and (counts >= 0).all()
    assert wins.sum() == losses.sum()  # every win is someone's loss
    assert ties.sum() % 2 == 0


def test_exact_heads_up_royal_and_high_card():
    df = win_rates(2).set_index("category")
    assert df.attrs["method"] == "exact" and (df.method == "exact").all()
    # a royal ties with the three other royals (all disjoint from it) and beats the rest
    assert df.loc["Royal Flush", "tie"] == pytest.approx(3 / comb(47, 5), rel=1e-12)
    assert df.loc["Royal Flush", "lose"] == pytest.approx(0, abs=1e-15)
    assert df.outcomes.tolist() == [4, 36, 624, 3744, 5108, 10200, 54912, 123552, 1098240,
                                    1302540]
    assert np.allclose(df[["win", "tie", "lose"]].sum(axis=1), 1)
    # seats are symmetric: the average equity over all hands is one half
    assert (df.probability * df.equity).sum() == pytest.approx(0.5, abs=1e-12)
    assert (df[["std_error", "win_std_error", "tie_std_error", "lose_std_error"]] == 0).all().all()


def test_win_rates_schema():
    for df in (win_rates(2), win_rates(3, trials=1000, seed=1)):
        assert isinstance(df, ResultFrame)
        assert tuple(df.columns) == ("category",) + WIN_RATE_COLUMNS + (
            "probability", "place", "win_std_error", "tie_std_error", "lose_std_error")
        assert df.outcomes.dtype == np.int64 and df.place.dtype == np.int64
        assert df.category.astype(str).tolist() == list(draw5.PLACE_LABELS)  # strongest first
        assert df.place.tolist() == list(range(1, 11))
    assert df.attrs["players"] == 3 and df.attrs["trials"] == 1000 and df.attrs["seed"] == 1
    assert (df.method == "monte-carlo").all() and not df.attrs["partial"]


def test_monte_carlo_heads_up_against_exact():
    exact = win_rates(2).set_index("category")
    mc = win_rates(2, trials=300_000, seed=8).set_index("category")
    assert mc.attrs["method"] == "monte-carlo"
    for cat in exact.index:
        if mc.loc[cat, "outcomes"] < 1000:
            continue
        for col, se_col in (("win", "win_std_error"), ("tie", "tie_std_error"),
                            ("lose", "lose_std_error"), ("equity", "std_error")):
            p, n = exact.loc[cat, col], mc.loc[cat, "outcomes"]
            # a rate never observed has a zero estimated error: use the binomial one then
            se = max(mc.loc[cat, se_col], np.sqrt(p * (1 - p) / n))
            diff = abs(mc.loc[cat, col] - p)
            assert diff <= 4 * se + 1e-12, (cat, col, diff, se)
    assert mc.outcomes.sum() == 600_000


@pytest.mark.parametrize("players", [3, 6, 10])
def test_monte_carlo_invariants(players):
    df = win_rates(players, trials=20_000, seed=players)
    dealt = df[df.outcomes > 0]
    assert np.allclose(dealt[["win", "tie", "lose"]].sum(axis=1), 1)
    assert df.outcomes.sum() == 20_000 * players
    assert df.probability.sum() == pytest.approx(1)
    # one pot a deal: the equity of all seats sums to 1 per deal
    assert (df.outcomes * df.equity.fillna(0)).sum() == pytest.approx(20_000)
    # better categories win more often
    assert dealt.win.iloc[-1] < dealt.win.iloc[-2]


def test_monte_carlo_independent_of_threads():
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        a = win_rates(4, trials=70_000, seed=12)
        numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
        b = win_rates(4, trials=70_000, seed=12)
    finally:
        numba.set_num_threads(before)
    assert a.equals(b)


@pytest.mark.parametrize("kwargs, match", [
    (dict(players=1), "players must be an integer from 2 to 10"),
    (dict(players=11), "at most 10 players"),
    (dict(players=3, method="exact"), "players=3 .*two players"),
    (dict(players=2, trials=10, method="exact"), "takes no trials"),
    (dict(players=2, seed=1, method="exact"), "takes no seed"),
    (dict(players=2, target_stderr=0.1, method="exact"), "takes no target_stderr"),
    (dict(players=2, method="guess"), "method must be one of 'auto', 'exact', 'monte-carlo'"),
    (dict(players=2, trials=0), "trials must be an integer >= 1"),
    (dict(players=3, trials=10, target_stderr=0), "target_stderr must be a number in"),
    (dict(players=3, trials=10, target_stderr=1.5), "target_stderr must be a number in"),
])
def test_win_rates_errors(kwargs, match):
    with pytest.raises(PokersimInputError, match=match):
        win_rates(**kwargs)


def test_method_auto():
    assert win_rates(2).attrs["method"] == "exact"
    assert win_rates(2, method="auto").equals(win_rates(2))
    # a Monte Carlo option asks for a simulation: auto gives Monte Carlo heads-up too
    assert win_rates(2, trials=1000, seed=1).attrs["method"] == "monte-carlo"


def test_target_stderr_stops_early():
    block = config.MC_BLOCK
    df = win_rates(6, seed=3, target_stderr=0.02, chunk_size=block)
    assert df.attrs["method"] == "monte-carlo" and df.attrs["target_stderr"] == 0.02
    assert (df.std_error < 0.02).all()
    trials = df.attrs["trials"]
    assert trials % block == 0 and trials < config.MAX_TRIALS
    assert df.outcomes.sum() == 6 * trials
    # stopping after that chunk is the same run as asking for its trials
    assert df.equals(win_rates(6, trials=trials, seed=3))
    # the chunk before did not reach the target
    if trials > block:
        assert not (win_rates(6, trials=trials - block, seed=3).std_error < 0.02).all()
    # trials caps the run
    assert win_rates(6, trials=1000, seed=3, target_stderr=1e-6).attrs["trials"] == 1000


def test_ctrl_c_leaves_the_frame_of_the_deals_done(monkeypatch):
    block = config.MC_BLOCK
    first_chunk = win_rates(4, trials=block, seed=6)
    ctrl_c.after_first_chunk(monkeypatch, draw5, "_monte_carlo_chunk")
    with pytest.raises(pokersim.SimulationInterrupted) as caught:
        win_rates(4, trials=3 * block, seed=6, chunk_size=block)
    partial = caught.value.partial
    assert isinstance(partial, ResultFrame) and list(partial.columns) == list(first_chunk.columns)
    assert partial.attrs["partial"] and (partial.method == "monte-carlo (partial)").all()
    assert partial.attrs["trials"] == block and partial.outcomes.sum() == 4 * block
    assert partial.drop(columns="method").equals(first_chunk.drop(columns="method"))
