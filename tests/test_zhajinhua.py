"""pokersim.games.zhajinhua against the plain-Python rules of tests/naive_zhajinhua.py.

Expected values come from the naive reference (written from the rules' text), from counts
derived by hand below, and from closed forms; never from the module under test.
"""

from __future__ import annotations

import itertools
from math import comb

import numba
import numpy as np
import pandas as pd
import pytest

import pokersim
from pokersim import (
    CardError,
    DuplicateCardError,
    HandShapeError,
    PokersimInputError,
    SimulationInterrupted,
    config,
    deal,
    parse_cards,
    parse_hands,
    rankings,
)
from pokersim.analysis import frequencies
from pokersim.games import draw5
from pokersim.games import zhajinhua as zjh
from pokersim.games.zhajinhua import Category, Outcome, Rules
from pokersim.results import DEAL_COLUMNS, FREQUENCY_COLUMNS, ResultFrame
from tests import ctrl_c
from tests import naive_zhajinhua as naive

#: The column of each rate's standard error in a win-rate table.
STD_ERROR_OF = {"win": "win_std_error", "tie": "tie_std_error", "lose": "lose_std_error",
                "equity": "std_error"}

ALL_RULES = [Rules(a23=a, rule_235=r, ties=t)
             for a in ("between-jqk-qka", "lowest") for r in (False, True)
             for t in ("split", "suit")]
RULE_IDS = [f"{r.a23[:7]}-{'235' if r.rule_235 else 'no235'}-{r.ties}" for r in ALL_RULES]

HANDS = np.array(list(itertools.combinations(range(52), 3)), dtype=np.uint8)
NAIVE_HANDS = [naive.hand_of(h) for h in HANDS]


def naive_order(rules):
    """Dense rank (0 = weakest) of every hand of HANDS by the naive key."""
    keys = [naive.key(h, rules) for h in NAIVE_HANDS]
    distinct = {k: i for i, k in enumerate(sorted(set(keys)))}
    return np.array([distinct[k] for k in keys])


def dense(values):
    return np.unique(values, return_inverse=True)[1].ravel()


# ---------------------------------------------------------------------------------------------
# Strengths and categories against the naive reference, every hand


def test_all_hands_listed():
    assert (zjh.all_hands() == HANDS).all() and len(HANDS) == comb(52, 3) == zjh.N_HANDS


def naive_scale():
    """The one scale of strengths, from the naive keys: the place (from 1) of a hand's key
    (ties split) among the distinct keys of every hand under both places of A-2-3."""
    keys = {a23: [naive.key(h, Rules(a23=a23)) for h in NAIVE_HANDS]
            for a23 in ("between-jqk-qka", "lowest")}
    place = {k: i + 1 for i, k in enumerate(sorted(set(keys["between-jqk-qka"])
                                                   | set(keys["lowest"])))}
    return {a23: np.array([place[k] for k in ks]) for a23, ks in keys.items()}, len(place)


SCALE, N_STRENGTHS = naive_scale()


def test_the_naive_scale():
    # 741 hands under each rule, and the other rule's two A-2-3 straights (plain and suited)
    assert N_STRENGTHS == 743 == zjh.MAX_STRENGTH
    for a23, other in (("between-jqk-qka", "lowest"), ("lowest", "between-jqk-qka")):
        assert len(set(SCALE[a23])) == 741
        assert len(set(SCALE[other]) - set(SCALE[a23])) == 2


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
def test_one_scale_from_both_entry_points(rules):
    """Every hand's strength is the naive scale's, from zhajinhua.evaluate and from
    pokersim.evaluate with the ranking of the rules alike (the suit tie-break and the 2-3-5
    rule change no strength: they act at the table)."""
    strengths = zjh.evaluate(HANDS, rules=rules)
    assert strengths.dtype == np.int16 and strengths.shape == (len(HANDS),)
    assert (strengths == SCALE[rules.a23]).all()
    ranked = pokersim.evaluate(HANDS, ranking=rankings.zhajinhua(rules.a23))
    assert ranked.dtype == strengths.dtype and (ranked == strengths).all()


def test_order_of_all_hands_matches_naive():
    """The same weak order of all 22,100 hands as the naive key, ties split (so every pair
    compares alike, 2-3-5 rule aside; the suit tie-break: test_compare_...)."""
    for a23 in ("between-jqk-qka", "lowest"):
        rules = Rules(a23=a23)
        assert (dense(zjh.evaluate(HANDS, rules=rules)) == naive_order(rules)).all()


def test_mixing_the_entry_points_names_hands_right():
    """Strengths of either entry point read alike by either reader (issue 28: a straight
    was once named "High Card, Two")."""
    names = [naive.describe(h) for h in NAIVE_HANDS]
    codes = np.array([naive.CATEGORY_CODE[naive.kind(h)] for h in NAIVE_HANDS])
    for a23 in ("between-jqk-qka", "lowest"):
        ours = zjh.evaluate(HANDS, rules=Rules(a23=a23))
        ranked = pokersim.evaluate(HANDS, ranking=rankings.zhajinhua(a23))
        for reading in ("zhajinhua", "zhajinhua-a23-lowest"):  # the scale names, any rule
            assert pokersim.describe(ours, ranking=reading) == names
            assert (pokersim.category(ours, ranking=reading) == codes).all()
        assert zjh.describe(ranked) == names and (zjh.category(ranked) == codes).all()
    straight = zjh.evaluate("Jc Qd Kh")
    assert pokersim.describe(straight, ranking="zhajinhua") == "Straight, King high"
    assert zjh.category(pokersim.evaluate("Jc Qd Kh", ranking="zhajinhua")) == \
        Category.STRAIGHT


@pytest.mark.parametrize("value", [0, -1, 744, 2080, 52_727, 10**6])
def test_what_is_no_strength_is_an_error(value):
    """Values off the scale (0, beyond 743: the old codes of this module such as 2,080 for
    5-3-2 or 52,727 for the aces' leopard) raise, naming the value, from every reader."""
    for read in (zjh.category, zjh.describe,
                 lambda v: pokersim.describe(v, ranking="zhajinhua"),
                 lambda v: pokersim.category(v, ranking="zhajinhua-a23-lowest")):
        with pytest.raises(PokersimInputError, match=f"^{value} is not a"):
            read(value)
        with pytest.raises(PokersimInputError, match=f"^{value} is not a"):
            read(np.array([5, value]))


def test_every_rule_combination_listed():
    assert len({(r.a23, r.rule_235, r.ties) for r in ALL_RULES}) == 8


def test_categories_match_naive():
    expected = np.array([naive.CATEGORY_CODE[naive.kind(h)] for h in NAIVE_HANDS])
    for rules in ALL_RULES:
        assert (zjh.category(zjh.evaluate(HANDS, rules=rules)) == expected).all()


def test_names_match_naive():
    expected = [naive.describe(h) for h in NAIVE_HANDS]
    for rules in (Rules(), ALL_RULES[-1]):
        assert zjh.describe(zjh.evaluate(HANDS, rules=rules)) == expected
    assert zjh.describe(zjh.evaluate("Ac 2d 3h")) == "Straight, A-2-3"
    assert zjh.describe(zjh.evaluate("Qs Ks As")) == "Straight Flush, Ace high"


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
def test_compare_all_hands_against_random_opponents(rules):
    """compare() on each of the 22,100 hands against 1,000 random opponents (22 million
    pairs), checked against the naive order plus the 2-3-5 rule as the naive module states
    it; then the naive compare() itself, pair by pair, on 3,000 random pairs."""
    rng = np.random.default_rng(6)
    order = naive_order(rules)
    is_235 = np.array([naive.is_235(h) for h in NAIVE_HANDS])
    is_leopard = np.array([naive.kind(h) == naive.LEOPARD for h in NAIVE_HANDS])
    idx = np.arange(len(HANDS))
    for _ in range(1000 // 250):
        opp = rng.integers(0, len(HANDS), size=(250, len(HANDS)))
        a = np.broadcast_to(idx, opp.shape).ravel()
        b = opp.ravel()
        got = zjh.compare(HANDS[a], HANDS[b], rules=rules)
        want = np.sign(order[a] - order[b])
        if rules.rule_235:
            want = np.where(is_235[a] & is_leopard[b], 1, want)
            want = np.where(is_235[b] & is_leopard[a], -1, want)
        assert (got == want).all()
    # every 2-3-5 against every leopard, both ways
    i235, ileo = np.flatnonzero(is_235), np.flatnonzero(is_leopard)
    a, b = np.repeat(i235, len(ileo)), np.tile(ileo, len(i235))
    assert (zjh.compare(HANDS[a], HANDS[b], rules=rules) == (1 if rules.rule_235 else -1)).all()
    assert (zjh.compare(HANDS[b], HANDS[a], rules=rules) == (-1 if rules.rule_235 else 1)).all()
    a, b = rng.integers(0, len(HANDS), size=(2, 3000))
    want = [naive.compare(NAIVE_HANDS[i], NAIVE_HANDS[j], rules) for i, j in zip(a, b, strict=True)]
    assert zjh.compare(HANDS[a], HANDS[b], rules=rules).tolist() == want


# ---------------------------------------------------------------------------------------------
# Edge cases of each rule


BETWEEN, LOWEST = Rules(), Rules(a23="lowest")


@pytest.mark.parametrize("a, b, rules, expected", [
    # A-2-3 between J-Q-K and Q-K-A (the default) ...
    ("Ac 2d 3h", "Jc Qd Kh", BETWEEN, 1),
    ("Ac 2d 3h", "Qc Kd Ah", BETWEEN, -1),
    ("Ac 2d 3h", "2c 3d 4h", BETWEEN, 1),
    ("Ac 2c 3c", "Js Qs Ks", BETWEEN, 1),   # straight flushes alike
    ("Ac 2c 3c", "Qs Ks As", BETWEEN, -1),
    # ... or the lowest straight
    ("Ac 2d 3h", "Jc Qd Kh", LOWEST, -1),
    ("Ac 2d 3h", "Qc Kd Ah", LOWEST, -1),
    ("Ac 2d 3h", "2c 3d 4h", LOWEST, -1),
    ("Ac 2c 3c", "2s 3s 4s", LOWEST, -1),
    ("Ac 2d 3h", "As Kd Qs", LOWEST, -1),
    ("Ac 2d 3h", "Ks Kd 2c", LOWEST, 1),     # still a straight: beats any pair
    ("Ac 2d 3h", "Ah 2s 3c", LOWEST, 0),
    # K-A-2 is no straight: ace-high high card, below every pair and 2-3-4
    ("Kc Ad 2h", "2c 3d 4h", BETWEEN, -1),
    ("Kc Ad 2h", "2c 2d 3h", LOWEST, -1),
    ("Kc Ad 2h", "Ac Kd 3h", BETWEEN, -1),
    # category order and within-category order
    ("2c 2d 2h", "As Ks Qs", BETWEEN, 1),
    ("As Ks Qs", "Ah Kh 9h", BETWEEN, 1),
    ("2h 4h 6h", "Qc Kd Ah", BETWEEN, 1),
    ("2c 3d 4h", "As Ad Kh", BETWEEN, 1),
    ("2c 2d 3h", "Ac Kd Jh", BETWEEN, 1),
    ("Kc Kd 2h", "Qc Qd Ah", BETWEEN, 1),
    ("Kc Kd 3h", "Ks Kh 2h", BETWEEN, 1),
    ("Ah Qh 3h", "As Js Ts", BETWEEN, 1),
    ("Ah Qh 3h", "As Qs 2s", BETWEEN, 1),
    ("Ac Kd 3h", "As Kh 3c", BETWEEN, 0),
])
def test_ordinary_edge_cases(a, b, rules, expected):
    assert zjh.compare(a, b, rules=rules) == expected
    assert zjh.compare(b, a, rules=rules) == -expected
    assert naive.compare(naive.parse(a), naive.parse(b), rules) == expected


R235 = Rules(rule_235=True)


@pytest.mark.parametrize("a, b, rules, expected", [
    ("2c 3d 5h", "As Ah Ad", R235, 1),            # beats the best leopard
    ("2c 3d 5h", "2s 2h 2d", R235, 1),            # and the lowest
    ("2c 3d 5d", "Kc Kd Kh", R235, 1),            # two suits alike is still mixed
    ("2c 3d 5h", "As Ah Ad", BETWEEN, -1),        # rule off: an ordinary high card
    ("2c 3d 5h", "2d 2h 4c", R235, -1),           # loses to a pair
    ("2c 3d 5h", "2d 3h 4c", R235, -1),           # to a straight
    ("2c 3d 5h", "2d 3h 6c", R235, -1),           # and to any other high card
    ("2c 3d 5h", "2d 3h 5s", R235, 0),            # ties another 2-3-5 (split)
    ("2c 3c 5c", "As Ah Ad", R235, -1),           # suited: a flush, no leopard-killer
    ("2c 3c 5c", "Ks Qd Jh", R235, 1),            # ... but a flush beats a straight
    ("2c 3d 4h", "As Ah Ad", R235, -1),           # 2-3-4 is no 2-3-5
    ("2c 3d 5h", "As Ah Ad", Rules(rule_235=True, ties="suit", a23="lowest"), 1),
])
def test_235_rule(a, b, rules, expected):
    assert zjh.compare(a, b, rules=rules) == expected
    assert zjh.compare(b, a, rules=rules) == -expected
    assert naive.compare(naive.parse(a), naive.parse(b), rules) == expected


def test_235_is_not_transitive():
    rules = R235
    assert zjh.compare("2c 3d 5h", "Ac Ad Ah", rules=rules) == 1
    assert zjh.compare("Ac Ad Ah", "2d 2h 7s", rules=rules) == 1
    assert zjh.compare("2d 2h 7s", "2c 3d 5h", rules=rules) == 1


SUIT = Rules(ties="suit")


@pytest.mark.parametrize("a, b, expected", [
    ("As Kd 3h", "Ah Ks 3c", 1),     # spades > hearts, on the highest card
    ("Ah Kd 3h", "Ac Ks 3s", 1),     # hearts > clubs
    ("Ac Kd 3h", "Ad Ks 3s", 1),     # clubs > diamonds
    ("Kc Kd 9h", "Ks Kh 9c", -1),    # pair high: the best suit of the pair decides
    ("5s 5h Kd", "5c 5d Kh", -1),    # kicker highest: the kicker's suit decides
    ("Ad 2h 3s", "As 2c 3d", -1),    # A-2-3: the ace is the highest card
    ("2s 3s 5s", "2h 3h 5h", 1),     # flushes
    ("Qh Kh Ah", "Qs Ks As", -1),    # straight flushes
    ("As Kd 3h", "Ah Ks 3c", 1),
])
def test_suit_tie_break(a, b, expected):
    assert zjh.compare(a, b, rules=SUIT) == expected
    assert zjh.compare(b, a, rules=SUIT) == -expected
    assert zjh.compare(a, b, rules=Rules()) == 0
    assert naive.compare(naive.parse(a), naive.parse(b), SUIT) == expected


def test_suit_order_never_overrides_ranks():
    assert zjh.compare("Ad Kd 2d", "Ks Qs Js", rules=SUIT) == -1  # straight flush beats flush
    assert zjh.compare("Ad Kd 2d", "Ks Qh Js", rules=SUIT) == 1   # flush beats straight
    assert zjh.compare("Ad Kc 2d", "Ks Qh Js", rules=SUIT) == -1  # straight beats high card
    assert zjh.compare("Ad Kc 3d", "As Kh 2s", rules=SUIT) == 1   # a kicker beats a suit
    assert zjh.compare("2d 2c 2h", "As Ks Qs", rules=SUIT) == 1   # leopard beats straight flush


def test_no_ties_between_disjoint_hands_under_suit_rule():
    for rules in (SUIT, Rules(ties="suit", a23="lowest", rule_235=True)):
        assert (zjh.heads_up_counts(rules=rules)[:, 1] == 0).all()


# ---------------------------------------------------------------------------------------------
# Showdowns at a table


@pytest.mark.parametrize("hands, rules, expected", [
    (["As Ah Ad", "Kc Kd Kh", "2c 3d 5h"], R235, ["lose", "lose", "win"]),
    (["As Ah Ad", "Kc Kd Kh", "2c 3d 5h"], BETWEEN, ["win", "lose", "lose"]),
    # several 2-3-5 hands and a leopard: they split, or the best suit of the five wins
    (["As Ah Ad", "2c 3d 5h", "2d 3h 5c", "Qs Js 9d"], R235, ["lose", "tie", "tie", "lose"]),
    (["As Ah Ad", "2c 3d 5h", "2d 3h 5c", "Qs Js 9d"], Rules(rule_235=True, ties="suit"),
     ["lose", "win", "lose", "lose"]),
    # several leopards: the best other hand is still a leopard
    (["Kc Kd Kh", "2c 3d 5h", "Ac Ad Ah"], R235, ["lose", "win", "lose"]),
    # no leopard: 2-3-5 is the plain high card 5-3-2
    (["2c 3d 5h", "Qs Ks As"], R235, ["lose", "win"]),
    # only 2-3-5 hands: ordinary, they tie
    (["2c 3d 5h", "2d 3h 5c"], R235, ["tie", "tie"]),
    # a suited 2-3-5 is a flush: the leopard wins
    (["2c 3c 5c", "9s 9h 9d"], R235, ["lose", "win"]),
    # ordinary split and suit tie-break
    (["Ac Kd 9h", "As Kh 9d", "Qs Jh 3c"], BETWEEN, ["tie", "tie", "lose"]),
    (["Ac Kd 9h", "As Kh 9d", "Qs Jh 3c"], SUIT, ["lose", "win", "lose"]),
])
def test_showdown_cases(hands, rules, expected):
    got = zjh.showdown(hands, rules=rules)
    assert [Outcome(o).label for o in got] == expected
    assert naive.table([naive.parse(h) for h in hands], rules) == expected


def test_showdown_many_tables_and_arrays():
    hands = zjh.deal_table(5, rounds=40, seed=3)
    tables = parse_hands(hands.cards.tolist()).reshape(40, 5, 3)
    got = zjh.showdown(tables)
    assert got.shape == (40, 5) and got.dtype == np.int8
    assert [Outcome(o).label for o in got.ravel()] == hands.outcome.astype(str).tolist()
    assert (zjh.showdown(tables[0]) == got[0]).all()


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
def test_deal_table_against_naive(rules):
    for players, rounds in ((2, 300), (6, 200), (17, 60)):
        df = zjh.deal_table(players, rounds, seed=players, rules=rules)
        assert df.shape == (players * rounds, 9)
        assert tuple(df.columns) == DEAL_COLUMNS + ("chinese", "share")
        assert (df["round"].to_numpy() == np.repeat(np.arange(1, rounds + 1), players)).all()
        assert (df.seat.to_numpy() == np.tile(np.arange(1, players + 1), rounds)).all()
        for _r, table in df.groupby("round"):
            hands = [naive.parse(c) for c in table.cards]
            cards = [c for h in hands for c in h]
            assert len(set(cards)) == 3 * players
            assert table.outcome.astype(str).tolist() == naive.table(hands, rules)
            cats = [Category(naive.CATEGORY_CODE[naive.kind(h)]) for h in hands]
            assert table.category.astype(str).tolist() == [c.label for c in cats]
            assert table.description.tolist() == [naive.describe(h) for h in hands]
            assert table.chinese.tolist() == [c.chinese for c in cats]
            assert table.share.sum() == pytest.approx(1.0)
            splits = (table.outcome == "tie").to_numpy()
            assert splits.sum() != 1
            assert (table.share[splits] * splits.sum() == 1).all()


def test_deal_table_schema():
    df = zjh.deal_table(5, 3, seed=2)
    assert isinstance(df, ResultFrame)
    text = str(pd.Series(["As"]).dtype)  # "str" from pandas 3, "object" before
    assert [str(t) for t in df.dtypes] == ["int64", "int64", text, text, "category",
                                           "int64", "category", text, "float64"]
    assert list(df.outcome.cat.categories) == ["win", "tie", "lose"]
    assert df.category.cat.ordered
    assert df.attrs["players"] == 5 and df.attrs["rounds"] == 3
    assert draw5.winner_lines(df)[0].startswith("Round 1: seat")  # any game's deal table


def test_deal_table_seeded_and_dealt_round_the_table():
    a = zjh.deal_table(3, 5, seed=11)
    assert a.equals(zjh.deal_table(3, 5, seed=11))
    assert not a.equals(zjh.deal_table(3, 5, seed=12))
    dealt = deal(5, 9, seed=11)
    first = sorted(int(c) for c in parse_cards(a.cards[1]))
    assert first == sorted(int(c) for c in dealt[0, [1, 4, 7]])  # seat 2: cards 1, 4, 7
    assert isinstance(a.attrs["rules"], Rules)


# ---------------------------------------------------------------------------------------------
# Frequencies


def hand_counts():
    """Every category counted by hand."""
    leopards = 13 * comb(4, 3)                       # 52
    straight_rank_sets = 12                          # A23, 234, ..., QKA (not KA2)
    straight_flushes = straight_rank_sets * 4        # 48
    flushes = 4 * comb(13, 3) - straight_flushes     # 1096
    straights = straight_rank_sets * 4**3 - straight_flushes  # 720
    pairs = 13 * comb(4, 2) * 48                     # 3744
    high_cards = comb(52, 3) - leopards - straight_flushes - flushes - straights - pairs
    assert high_cards == (comb(13, 3) - straight_rank_sets) * (4**3 - 4) == 16440
    return [leopards, straight_flushes, flushes, straights, pairs, high_cards]


@pytest.mark.parametrize("rules", [Rules(), ALL_RULES[-1]])
def test_exact_frequencies(rules):
    df = zjh.category_frequencies(rules=rules)
    assert isinstance(df, ResultFrame)
    assert tuple(df.columns) == FREQUENCY_COLUMNS + ("chinese",)
    assert (df.method == "exact").all() and (df.std_error == 0).all()
    assert df.attrs["rules"] == rules and df.attrs["trials"] is None
    assert df["count"].tolist() == hand_counts() == [52, 48, 1096, 720, 3744, 16440]
    assert df.category.astype(str).tolist() == ["Leopard", "Straight Flush", "Flush",
                                                "Straight", "Pair", "High Card"]
    assert df.chinese.tolist() == ["豹子", "顺金", "金花", "顺子", "对子", "散牌"]
    assert df.probability.sum() == pytest.approx(1.0)
    assert df.probability.iloc[0] == 52 / 22100
    naive_counts = np.bincount([naive.CATEGORY_CODE[naive.kind(h)] for h in NAIVE_HANDS])
    assert naive_counts[::-1].tolist() == hand_counts()


def test_monte_carlo_frequencies_within_four_standard_errors():
    df = zjh.category_frequencies(method="monte-carlo", trials=400_000, seed=5)
    exact = np.array(hand_counts()) / comb(52, 3)
    assert df["count"].sum() == 400_000
    assert (np.abs(df.probability - exact) < 4 * df.std_error).all()
    assert df.equals(zjh.category_frequencies(method="monte-carlo", trials=400_000, seed=5))


def test_same_numbers_at_one_and_two_threads():
    saved = numba.get_num_threads()
    runs = []
    try:
        for threads in sorted({1, min(2, numba.config.NUMBA_NUM_THREADS)}):
            numba.set_num_threads(threads)
            runs.append((zjh.category_frequencies(method="monte-carlo", trials=150_001, seed=9),
                         zjh.win_rates(5, trials=40_001, seed=9),
                         zjh.deal_table(7, 50, seed=9)))
    finally:
        numba.set_num_threads(saved)
    for run in runs[1:]:
        assert all(x.equals(y) for x, y in zip(run, runs[0], strict=True))


# ---------------------------------------------------------------------------------------------
# Win rates


def by_category(values, rules):
    cats = zjh.category(zjh.evaluate(HANDS, rules=rules))
    return np.bincount(cats, weights=values, minlength=6)[::-1] / np.bincount(cats)[::-1]


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
def test_heads_up_counts_against_brute_force(rules):
    """For 40 hands (a 2-3-5 and leopards among them), every one of the 18,424 opponents
    compared by the naive order (numpy) and, for 3 of them, by naive.compare one by one."""
    counts = zjh.heads_up_counts(rules=rules)
    assert (counts.sum(axis=1) == comb(49, 3)).all()
    assert counts[:, 0].sum() == counts[:, 2].sum()  # every win is someone's loss
    order = naive_order(rules)
    is_235 = np.array([naive.is_235(h) for h in NAIVE_HANDS])
    is_leopard = np.array([naive.kind(h) == naive.LEOPARD for h in NAIVE_HANDS])
    masks = (np.uint64(1) << HANDS.astype(np.uint64)).sum(axis=1, dtype=np.uint64)
    rng = np.random.default_rng(1)
    picks = list(rng.choice(len(HANDS), 36, replace=False))
    picks += [int(np.flatnonzero(is_235)[7]), int(np.flatnonzero(is_leopard)[0]),
              int(np.flatnonzero(is_leopard)[-1]), hand_index("Ac 2d 3h")]
    for n, i in enumerate(picks):
        opp = np.flatnonzero((masks & masks[i]) == 0)
        result = np.sign(order[i] - order[opp])
        if rules.rule_235:
            result = np.where(is_235[i] & is_leopard[opp], 1, result)
            result = np.where(is_235[opp] & is_leopard[i], -1, result)
        want = [(result == 1).sum(), (result == 0).sum(), (result == -1).sum()]
        assert counts[i].tolist() == want
        if n >= len(picks) - 3:
            slow = [naive.compare(NAIVE_HANDS[i], NAIVE_HANDS[j], rules) for j in opp]
            assert [slow.count(1), slow.count(0), slow.count(-1)] == want


def hand_index(text):
    ids = sorted(int(4 * "23456789TJQKA".index(t[0]) + "cdhs".index(t[1])) for t in text.split())
    return int(np.flatnonzero((HANDS == ids).all(axis=1))[0])


def test_heads_up_leopard_closed_form():
    """A leopard of rank r loses only to the 4 * (12 - r) higher leopards; under the 2-3-5
    rule also to the 2-3-5 hands it does not touch: 60 of them, or 15 when it holds three of
    the twos, threes or fives (the 2-3-5 must take the fourth card of that rank)."""
    leopard = win_rates_row(zjh.win_rates(2), "Leopard")
    assert leopard.lose == pytest.approx(np.mean([4 * (12 - r) for r in range(13)]) / 18424)
    assert leopard.tie == 0 and leopard.win + leopard.lose == pytest.approx(1)
    with235 = win_rates_row(zjh.win_rates(2, rules=Rules(rule_235=True)), "Leopard")
    extra = np.mean([15 if r in (0, 1, 3) else 60 for r in range(13)])
    assert with235.lose == pytest.approx(leopard.lose + extra / 18424)


def win_rates_row(df, label):
    return df[df.category == label].iloc[0]


def test_exact_heads_up_win_rates_frame():
    df = zjh.win_rates(2)
    assert isinstance(df, ResultFrame)
    assert list(df.columns) == ["category", "win", "tie", "lose", "equity", "std_error",
                                "outcomes", "method", "probability", "chinese",
                                "win_std_error", "tie_std_error", "lose_std_error"]
    assert df.outcomes.tolist() == hand_counts() and df.outcomes.dtype == np.int64
    counts = zjh.heads_up_counts()
    for j, col in enumerate(["win", "tie", "lose"]):
        assert np.allclose(df[col], by_category(counts[:, j] / 18424, Rules()))
    assert np.allclose(df.win + df.tie + df.lose, 1)
    assert np.allclose(df.equity, df.win + df.tie / 2)
    assert (df[["win_std_error", "tie_std_error", "lose_std_error", "std_error"]] == 0
            ).all().all()
    assert (df.method == "exact").all()
    # overall, a seat wins as often as it loses
    p = df.probability
    assert (p * df.win).sum() == pytest.approx((p * df.lose).sum())
    assert df.attrs["method"] == "exact"


@pytest.mark.parametrize("rules", [Rules(), Rules(rule_235=True, ties="suit", a23="lowest")],
                         ids=["default", "all-variants"])
def test_monte_carlo_heads_up_within_four_standard_errors(rules):
    exact = zjh.win_rates(2, rules=rules)
    mc = zjh.win_rates(2, rules=rules, trials=300_000, seed=4, method="monte-carlo")
    assert mc.outcomes.sum() == 600_000
    for col in ("win", "tie", "lose", "equity"):
        # the estimated standard error, or the binomial one at the exact value where a rare
        # outcome was never seen (all 4,700 sampled leopards winning gives an estimate of 0)
        p = exact[col].to_numpy()
        se = np.maximum(mc[STD_ERROR_OF[col]], np.sqrt(p * (1 - p) / mc.outcomes)).to_numpy()
        diff = np.abs(mc[col] - exact[col]).to_numpy()
        assert ((diff < 4 * se) | (diff < 1e-12)).all(), col


def test_monte_carlo_multiway_against_naive_tables():
    """Six-handed win rates against the naive table winner on the same deals."""
    rules = R235
    mc = zjh.win_rates(6, rules=rules, trials=40_000, seed=8)
    assert mc.outcomes.sum() == 240_000 and mc.attrs["method"] == "monte-carlo"
    df = zjh.deal_table(6, 3000, seed=8, rules=rules)
    outcome = df.outcome.astype(str)
    for _, row in mc.iterrows():
        mine = df.category == row.category
        for col in ("win", "tie", "lose"):
            share = (outcome[mine] == col).mean()
            se = np.sqrt(row[col] * (1 - row[col]) / mine.sum() + row[STD_ERROR_OF[col]] ** 2)
            assert abs(share - row[col]) < 5 * se + 1e-9, (row.category, col)
    assert np.allclose(mc.win + mc.tie + mc.lose, 1)
    # every table has exactly one pot: seats' equity adds up to the tables
    assert (mc.equity * mc.outcomes).sum() == pytest.approx(40_000)
    for players in (3, 17):
        df = zjh.win_rates(players, trials=2000, seed=1)
        assert (df.equity * df.outcomes).sum() == pytest.approx(2000)


# ---------------------------------------------------------------------------------------------
# category(), enums


def test_category_inputs_and_names():
    assert zjh.category(zjh.evaluate("Ac 2d 3h")) is Category.STRAIGHT
    assert zjh.category(int(zjh.evaluate("2c 3c 5c"))) is Category.FLUSH
    assert zjh.category(zjh.evaluate(["Kc Kd 2h", "2c 3d 5h"])).tolist() == [1, 0]
    assert [c.label for c in Category] == ["High Card", "Pair", "Straight", "Flush",
                                           "Straight Flush", "Leopard"]
    assert [c.chinese for c in Category] == ["散牌", "对子", "顺子", "金花", "顺金", "豹子"]
    assert [o.label for o in Outcome] == ["lose", "tie", "win"]
    assert zjh.evaluate("As Ks Qs").shape == ()


def test_a_1d_array_is_one_hand_for_evaluate_and_strengths_for_category():
    hand = np.array([0, 4, 12], np.uint8)  # 2c 3c 5c
    strength = zjh.evaluate(hand)
    assert strength.shape == () and strength == zjh.evaluate("2c 3c 5c")
    strengths = zjh.evaluate(np.array([[0, 4, 12], [0, 5, 12]]))
    assert zjh.category(strengths).tolist() == [3, 0]


@pytest.mark.parametrize("hands, error, match", [
    ("Ac 2d 3h", PokersimInputError, "strengths must be integers"),
    (["Kc Kd 2h", "2c 3d 5h"], PokersimInputError, "strengths must be integers"),
    (np.array([[0, 4, 12], [0, 5, 12]], np.uint8), HandShapeError, r"got shape \(2, 3\)"),
])
def test_category_takes_strengths_not_hands(hands, error, match):
    """category(hands), a spelling of the unreleased API, is gone: hands are an error."""
    with pytest.raises(error, match=match):
        zjh.category(hands)


def test_outcome_names():
    assert [(o.name, int(o), o.label) for o in Outcome] == [
        ("LOSE", 0, "lose"), ("TIE", 1, "tie"), ("WIN", 2, "win")]
    assert not hasattr(Outcome, "SPLIT")  # the unreleased old name of TIE is gone


# ---------------------------------------------------------------------------------------------
# One spelling of the method, target_stderr and Ctrl-C


def test_method_auto():
    assert zjh.category_frequencies().equals(zjh.category_frequencies(method="exact"))
    assert zjh.win_rates(2).equals(zjh.win_rates(2, method="exact"))
    # a Monte Carlo option asks for a simulation
    mc = zjh.category_frequencies(trials=10_000, seed=1)
    assert mc.equals(zjh.category_frequencies(method="monte-carlo", trials=10_000, seed=1))
    assert (mc.method == "monte-carlo").all() and mc["count"].sum() == 10_000
    assert zjh.win_rates(2, trials=100, seed=1).attrs["method"] == "monte-carlo"


@pytest.mark.parametrize("option", [dict(trials=10), dict(seed=1), dict(target_stderr=0.1)],
                         ids=["trials", "seed", "target_stderr"])
def test_exact_refuses_monte_carlo_options(option):
    name = next(iter(option))
    with pytest.raises(PokersimInputError, match=f"takes no {name}"):
        zjh.win_rates(2, method="exact", **option)
    with pytest.raises(PokersimInputError, match=f"takes no {name}"):
        zjh.category_frequencies(method="exact", **option)


def test_target_stderr_stops_frequencies_early():
    block = config.MC_BLOCK
    df = zjh.category_frequencies(seed=3, target_stderr=0.001, chunk_size=block)
    assert (df.std_error < 0.001).all() and (df.method == "monte-carlo").all()
    trials = df.attrs["trials"]
    assert trials % block == 0 and trials < config.MAX_TRIALS and df["count"].sum() == trials
    assert df.equals(zjh.category_frequencies(trials=trials, seed=3))
    if trials > block:  # the chunk before did not reach the target
        assert not (zjh.category_frequencies(trials=trials - block, seed=3).std_error
                    < 0.001).all()


def test_target_stderr_stops_win_rates_early():
    block = zjh.TABLE_BLOCK
    df = zjh.win_rates(4, seed=3, target_stderr=0.01, chunk_size=block)
    assert (df.std_error < 0.01).all() and df.attrs["target_stderr"] == 0.01
    trials = df.attrs["trials"]
    assert trials % block == 0 and df.outcomes.sum() == 4 * trials
    # the same seed and chunk size without the stop rule give the same numbers
    assert df.equals(zjh.win_rates(4, trials=trials, seed=3, chunk_size=block))
    if trials > block:
        before = zjh.win_rates(4, trials=trials - block, seed=3, chunk_size=block)
        assert not (before.std_error < 0.01).all()


@pytest.mark.parametrize("function", ["category_frequencies", "win_rates"])
def test_ctrl_c_leaves_the_frame_so_far(monkeypatch, function):
    # the frequencies are the zhajinhua ranking's, counted by pokersim.analysis.frequencies
    run, module, chunk, block = {
        "category_frequencies": (lambda trials: zjh.category_frequencies(
            trials=trials, seed=5, chunk_size=config.MC_BLOCK), frequencies,
            "_monte_carlo_chunk", config.MC_BLOCK),
        "win_rates": (lambda trials: zjh.win_rates(
            5, trials=trials, seed=5, chunk_size=zjh.TABLE_BLOCK), zjh, "_win_rates_chunk",
            zjh.TABLE_BLOCK)}[function]
    first_chunk = run(block)
    ctrl_c.after_first_chunk(monkeypatch, module, chunk)
    with pytest.raises(SimulationInterrupted) as caught:
        run(3 * block)
    partial = caught.value.partial
    assert isinstance(partial, ResultFrame) and list(partial.columns) == list(first_chunk.columns)
    assert partial.attrs["partial"] and (partial.method == "monte-carlo (partial)").all()
    assert partial.attrs["trials"] == block
    assert partial.drop(columns="method").equals(first_chunk.drop(columns="method"))


# ---------------------------------------------------------------------------------------------
# Errors


@pytest.mark.parametrize("kwargs, match", [
    (dict(a23="JQK<A23<QKA"), "Rules.a23 must be one of 'between-jqk-qka', 'lowest'"),
    (dict(ties="chop"), "Rules.ties must be one of 'split', 'suit'; got 'chop'"),
    (dict(rule_235="yes"), "Rules.rule_235 must be True or False; got 'yes'"),
    (dict(rule_235=1), "rule_235 must be True or False; got 1"),
])
def test_bad_rules(kwargs, match):
    with pytest.raises(PokersimInputError, match=match):
        Rules(**kwargs)


def test_rules_frozen_and_checked():
    with pytest.raises(AttributeError):
        Rules().ties = "suit"
    with pytest.raises(PokersimInputError, match="rules must be a zhajinhua.Rules"):
        zjh.evaluate("As Ks Qs", rules={"ties": "suit"})
    with pytest.raises(PokersimInputError, match="rules must be"):
        zjh.deal_table(2, rules="suit")


@pytest.mark.parametrize("call, error, match", [
    (lambda: zjh.deal_table(1), PokersimInputError, "players must be an integer from 2 to 17"),
    (lambda: zjh.deal_table(18), PokersimInputError, "got 18"),
    (lambda: zjh.deal_table(True), PokersimInputError, "got True"),
    (lambda: zjh.deal_table(2.0), PokersimInputError, "got 2.0"),
    (lambda: zjh.deal_table(3, 0), PokersimInputError, "rounds must be an integer >= 1; got 0"),
    (lambda: zjh.deal_table(3, 2, seed=-1), PokersimInputError, "seed must be"),
    (lambda: zjh.win_rates(18), PokersimInputError, "got 18"),
    (lambda: zjh.win_rates(3, trials=0), PokersimInputError, "trials must be an integer >= 1"),
    (lambda: zjh.win_rates(3, trials=2.5), PokersimInputError, "got 2.5"),
    (lambda: zjh.win_rates(3, seed="x"), PokersimInputError, "seed must be"),
    (lambda: zjh.win_rates(3, method="exact"), PokersimInputError, "players=3 .*heads-up"),
    (lambda: zjh.win_rates(2, trials=10, method="exact"), PokersimInputError, "takes no trials"),
    (lambda: zjh.win_rates(2, seed=1, method="exact"), PokersimInputError, "takes no seed"),
    (lambda: zjh.win_rates(2, method="sim"), PokersimInputError, "method must be"),
    (lambda: zjh.win_rates(3, target_stderr=2), PokersimInputError, "target_stderr must be"),
    (lambda: zjh.category_frequencies(method="mc"), PokersimInputError, "got 'mc'"),
    (lambda: zjh.category_frequencies(method="exact", trials=5), PokersimInputError,
     "takes no trials"),
    (lambda: zjh.category_frequencies(target_stderr=-1), PokersimInputError,
     "target_stderr must be"),
    (lambda: zjh.category_frequencies(method="monte-carlo", trials=-3), PokersimInputError,
     "got -3"),
    (lambda: zjh.evaluate("As Ks"), HandShapeError, r"shape \(N, 3\); got shape \(1, 2\)"),
    (lambda: zjh.evaluate(np.zeros((2, 3))), HandShapeError, "dtype float64"),
    (lambda: zjh.evaluate([[0, 1, 52]]), CardError, "52 is not a card"),
    (lambda: zjh.evaluate("As Ks Zs"), CardError, "'Zs' is not a card"),
    (lambda: zjh.evaluate("As Ks As"), DuplicateCardError, "repeats"),
    (lambda: zjh.compare(["As Ks Qs"] * 2, ["2c 3c 4c"] * 3), HandShapeError,
     "same number of hands"),
    (lambda: zjh.compare("As Ks Qs", "As Ks"), HandShapeError, "b must have shape"),
    (lambda: zjh.showdown(["As Ks Qs", "As 2c 3d"]), DuplicateCardError, "repeats card 'As'"),
    (lambda: zjh.showdown(["As Ks Qs"]), PokersimInputError, "got 1"),
    (lambda: zjh.showdown("As Ks Qs"), HandShapeError, "hands of a table"),
    (lambda: zjh.showdown(np.zeros((2, 3, 4), np.uint8)), HandShapeError, r"\(R, P, 3\)"),
    (lambda: zjh.category(np.array([1.5])), PokersimInputError, "strengths must be integers"),
    (lambda: zjh.category(10**6), PokersimInputError, "1000000 is not a Zhajinhua strength"),
])
def test_errors(call, error, match):
    with pytest.raises(error, match=match):
        call()
    assert issubclass(error, ValueError)


def test_exact_frames_hold_the_naive_values():
    """The exact tables' numbers, from the naive reference: each category's heads-up win, tie
    and lose rates over every hand against every disjoint opponent, compared by the naive
    order (numpy, 22,100 x 22,100 pairs), and the category counts of the naive categories."""
    order = naive_order(Rules())
    cats = np.array([naive.CATEGORY_CODE[naive.kind(h)] for h in NAIVE_HANDS])
    masks = (np.uint64(1) << HANDS.astype(np.uint64)).sum(axis=1, dtype=np.uint64)
    outcomes = np.zeros((len(HANDS), 3), np.int64)  # wins, ties, losses
    for start in range(0, len(HANDS), 1000):
        rows = slice(start, start + 1000)
        apart = (masks[rows, None] & masks[None, :]) == 0
        diff = np.sign(order[rows, None] - order[None, :])
        for j, sign in enumerate((1, 0, -1)):
            outcomes[rows, j] = (apart & (diff == sign)).sum(axis=1)
    assert (outcomes.sum(axis=1) == comb(49, 3)).all()
    count = np.bincount(cats, minlength=6)[::-1]  # best first
    rates = np.array([np.bincount(cats, weights=outcomes[:, j], minlength=6)[::-1]
                      for j in range(3)]) / (count * comb(49, 3))
    df = zjh.win_rates(2)
    assert isinstance(df, pd.DataFrame) and df.outcomes.tolist() == count.tolist()
    for j, column in enumerate(("win", "tie", "lose")):
        assert df[column].to_numpy() == pytest.approx(rates[j], rel=1e-12, abs=1e-15)
    assert df.equity.to_numpy() == pytest.approx(rates[0] + rates[1] / 2, rel=1e-12)
    assert df.probability.to_numpy() == pytest.approx(count / comb(52, 3), rel=1e-12)
    freq = zjh.category_frequencies()
    assert isinstance(freq, pd.DataFrame) and freq["count"].tolist() == count.tolist()
    assert freq.probability.to_numpy() == pytest.approx(count / comb(52, 3), rel=1e-12)
    assert freq.one_in.to_numpy() == pytest.approx(comb(52, 3) / count, rel=1e-12)
