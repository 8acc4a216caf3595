"""Jacks-or-Better video poker checked against a naive classifier, plain loops over every draw,
counts derived by hand and the published returns of the 9/6, 9/5 and 8/5 games.

Expected values come from
* ``naive_class`` below (plain Python on ranks and suits, nothing from pokersim);
* combinatorial counts over all 2,598,960 hands (docs/design.md's published category counts, the
  pair split into jacks-or-better and low pairs by hand);
* published perfect-play returns: 9/6 99.5439%, 9/5 98.4498%, 8/5 97.2984%, and the 9/6
  final-hand probabilities (rounded to six places), as the Wizard of Odds tables give them.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from math import comb

import numpy as np
import pytest

import pokersim
from pokersim import PokersimInputError, category, config, evaluate, parse_cards
from pokersim.errors import CardError, DuplicateCardError, HandShapeError
from pokersim.games import videopoker as vp
from pokersim.games.videopoker import Hand, PayTable, best_hold, classify, expected_return
from pokersim.results import FREQUENCY_COLUMNS, ResultFrame
from tests import ctrl_c

NAMES = ["Nothing", "Low Pair", "Jacks or Better", "Two Pair", "Three of a Kind", "Straight",
         "Flush", "Full House", "Four of a Kind", "Straight Flush", "Royal Flush"]
PAYS_96 = [0, 0, 1, 2, 3, 4, 6, 9, 25, 50, 800]


def naive_class(cards) -> int:
    """The class code (index into NAMES) of five cards, from their ranks and suits."""
    ranks = sorted((c // 4 for c in cards), reverse=True)
    flush = len({c % 4 for c in cards}) == 1
    counts = sorted(Counter(ranks).values(), reverse=True)
    distinct = sorted(set(ranks))
    straight = len(distinct) == 5 and (distinct[4] - distinct[0] == 4
                                       or distinct == [0, 1, 2, 3, 12])
    if straight and flush:
        return 10 if distinct[0] == 8 else 9
    if counts[0] == 4:
        return 8
    if counts[:2] == [3, 2]:
        return 7
    if flush:
        return 6
    if straight:
        return 5
    if counts[0] == 3:
        return 4
    if counts[:2] == [2, 2]:
        return 3
    if counts[0] == 2:
        pair = next(r for r, n in Counter(ranks).items() if n == 2)
        return 2 if pair >= 9 else 1
    return 0


def naive_hold_values(cards, pays=PAYS_96, min_kept=2):
    """{mask: (expected payout, class counts)} for every hold keeping >= min_kept cards, by a
    plain loop over every draw from the 47 unseen cards."""
    unseen = [c for c in range(52) if c not in cards]
    out = {}
    for mask in range(32):
        kept = [cards[j] for j in range(5) if mask >> j & 1]
        if len(kept) < min_kept:
            continue
        counts = [0] * 11
        for draw in itertools.combinations(unseen, 5 - len(kept)):
            counts[naive_class(kept + list(draw))] += 1
        n = comb(47, 5 - len(kept))
        out[mask] = (Fraction(sum(c * p for c, p in zip(counts, pays, strict=True)), n), counts)
    return out


def cards(text):
    return [int(c) for c in parse_cards(text)]


@pytest.fixture(scope="module")
def all_hands():
    return np.array(list(itertools.combinations(range(52), 5)), np.uint8)


# --------------------------------------------------------------------------------------------
# classify


def test_names_and_codes():
    assert [h.label for h in Hand] == NAMES
    assert [int(h) for h in Hand] == list(range(11))


def test_class_counts_over_every_hand(all_hands):
    got = np.bincount(classify(all_hands), minlength=11)
    # docs/design.md: high card, pair, two pair, trips, straight, flush, full house, quads,
    # straight flush, royal. A pair of rank r: 6 suit pairs, 3 other ranks of 12 with any suits.
    per_pair_rank = 6 * comb(12, 3) * 4**3  # 84,480
    expected = [1_302_540, 9 * per_pair_rank, 4 * per_pair_rank, 123_552, 54_912, 10_200,
                5_108, 3_744, 624, 36, 4]
    assert per_pair_rank * 13 == 1_098_240
    assert got.tolist() == expected
    assert sum(expected) == comb(52, 5)


def test_classify_agrees_with_category_and_pair_rank():
    hands = pokersim.deal(50_000, 5, seed=2)
    codes = classify(hands)
    cat = category(evaluate(hands)).astype(int)
    for row, code, c in zip(hands.tolist(), codes.tolist(), cat.tolist(), strict=True):
        if c == 1:
            pair = next(r for r, n in Counter(x // 4 for x in row).items() if n == 2)
            assert code == (2 if pair >= 9 else 1)
        else:
            assert code == (0 if c == 0 else c + 1)


def test_classify_agrees_with_naive():
    hands = pokersim.deal(20_000, 5, seed=3)
    assert classify(hands).tolist() == [naive_class(h) for h in hands.tolist()]


@pytest.mark.parametrize("text, name", [
    ("Ts Js Qs Ks As", "Royal Flush"), ("As 2s 3s 4s 5s", "Straight Flush"),
    ("Ac 2d 3h 4s 5c", "Straight"), ("Qc Kd Ah 2s 3c", "Nothing"), ("Jc Jd 2h 3s 4c",
                                                                   "Jacks or Better"),
    ("Tc Td Ah Ks Qc", "Low Pair"), ("Ac Ad Ah 2s 2c", "Full House")])
def test_classify_examples(text, name):
    assert classify(text, names=True) == name
    assert classify(text) == Hand(NAMES.index(name))


@pytest.mark.parametrize("bad, error", [
    (np.zeros((2, 4), np.uint8), HandShapeError), (np.array([[1, 2, 3, 4, 52]]), CardError),
    (np.array([[1, 2, 3, 4, 4]]), DuplicateCardError), ("As Ks Qs Js As", DuplicateCardError),
    (np.zeros((1, 5), float), HandShapeError), ("As Ks Qs Js Xx", CardError)])
def test_classify_errors(bad, error):
    with pytest.raises(error):
        classify(bad)


# --------------------------------------------------------------------------------------------
# best_hold


@pytest.mark.parametrize("text", ["Jh Jd 4c 7s 9d", "Ah Kh Qh Jh 2c", "5c 6d 7h 8s Kc",
                                  "2c 2d 9h 9s Kc"])
def test_best_hold_matches_plain_loop(text):
    hand = cards(text)
    frame = best_hold(text)
    naive = naive_hold_values(hand)
    by_pattern = {row.pattern: row for row in frame.itertuples()}
    for mask, (value, counts) in naive.items():
        row = by_pattern["".join("X" if mask >> j & 1 else "." for j in range(5))]
        assert row.expected == pytest.approx(float(value), rel=1e-12)
        assert row.draws == comb(47, 5 - bin(mask).count("1"))
        probs = [getattr(row, "p_" + NAMES[c].lower().replace(" ", "_")) for c in range(11)]
        assert probs == pytest.approx([c / row.draws for c in counts], abs=1e-15)


@pytest.mark.slow
@pytest.mark.parametrize("text", ["Jh Jd 4c 7s 9d", "2c 5d 8h Js Kc"])
def test_every_hold_matches_plain_loop(text):
    naive = naive_hold_values(cards(text), min_kept=0)
    frame = best_hold(text)
    got = {sum(1 << j for j in range(5) if p[j] == "X"): v
           for p, v in zip(frame.pattern, frame.expected, strict=True)}
    for mask, (value, _) in naive.items():
        assert got[mask] == pytest.approx(float(value), rel=1e-12)
    best = max(naive.values(), key=lambda v: v[0])[0]
    assert frame.loc[0, "expected"] == pytest.approx(float(best), rel=1e-12)


def test_inclusion_exclusion_tables_match_enumeration():
    """The subset tables behind expected_return give every hold's draws as enumerated."""
    counts, class5 = vp.subset_counts()
    offsets = [sum(comb(52, j) for j in range(k)) for k in range(6)]

    def row(subset):  # colex rank of a sorted subset, offset by its size
        s = sorted(subset)
        index = offsets[len(s)] + sum(comb(c, i + 1) for i, c in enumerate(s))
        if len(s) == 5:
            return np.eye(11, dtype=np.int64)[class5[index - offsets[5]]]
        return counts[index].astype(np.int64)

    for hand in pokersim.deal(4, 5, seed=6).tolist():
        direct = vp.hold_counts(np.array(hand))
        for mask in range(32):
            held = [hand[j] for j in range(5) if mask >> j & 1]
            discarded = [hand[j] for j in range(5) if not mask >> j & 1]
            total = np.zeros(11, np.int64)
            for k in range(len(discarded) + 1):
                for extra in itertools.combinations(discarded, k):
                    total += (-1) ** k * row(held + list(extra))
            assert total.tolist() == direct[mask].tolist()


def test_best_hold_one_card_hold_matches_plain_loop():
    text = "Kc 2d 5h 8s 9c"
    hand = cards(text)
    unseen = [c for c in range(52) if c not in hand]
    total = sum(PAYS_96[naive_class([hand[0], *draw])]
                for draw in itertools.combinations(unseen, 4))
    row = best_hold(text).set_index("pattern").loc["X...."]
    assert row.expected == pytest.approx(total / comb(47, 4), rel=1e-12)
    assert row.hold == "Kc"


def test_best_hold_frame():
    frame = best_hold("Jh Jd 4c 7s 9d")
    assert len(frame) == 32 and set(frame.pattern) == {
        "".join(p) for p in itertools.product("X.", repeat=5)}
    assert (np.diff(frame.expected) <= 0).all()
    assert frame.loc[0, "hold"] == "Jh Jd" and frame.loc[0, "tied_best"]
    assert frame.tied_best.sum() == 1
    assert frame.loc[frame.kept == 0, "hold"].item() == ""
    probs = frame.filter(like="p_")
    assert np.allclose(probs.sum(axis=1), 1)
    assert np.allclose(probs.values @ np.array(PAYS_96[::-1]), frame.expected)


def test_ties_are_reported():
    # Four deuces: keeping the kicker or drawing to the quads both pay exactly 25.
    frame = best_hold("2c 2d 2h 2s 3c")
    top = frame[frame.tied_best]
    assert sorted(top.pattern) == ["XXXX.", "XXXXX"]
    assert (top.expected == 25).all()
    # Nothing pays: every hold ties.
    assert best_hold("2c 2d 2h 2s 3c", paytable={"Royal Flush": 0}).tied_best.all()


def test_best_hold_paytables_differ():
    # A four-card flush with a low pair: 9/6 pays more for the flush than 8/5.
    a = best_hold("2h 2d 7h 9h Kh", paytable="9/6").set_index("pattern").expected
    b = best_hold("2h 2d 7h 9h Kh", paytable="8/5").set_index("pattern").expected
    assert a["X.XXX"] > b["X.XXX"]
    assert a["XX..."] > b["XX..."]  # the full house pays 9 against 8


@pytest.mark.parametrize("bad, error", [
    ("As Ks Qs Js", HandShapeError), ("As Ks Qs Js As", DuplicateCardError),
    (np.array([1, 2, 3, 4, 60]), CardError),
    (np.array([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]]), PokersimInputError)])
def test_best_hold_errors(bad, error):
    with pytest.raises(error):
        best_hold(bad)


# --------------------------------------------------------------------------------------------
# Pay tables


def test_paytables():
    assert PayTable().pays == tuple(map(float, PAYS_96))
    assert PayTable.named("8/5")["Full House"] == 8 and PayTable.named("8/5")["Flush"] == 5
    assert PayTable.named("9/5")["full_house"] == 9 and PayTable.named("9/5")[6] == 5
    custom = PayTable.from_mapping({"Royal Flush": 250, Hand.FLUSH: 5, "jacks or better": 1})
    assert custom.pays == (0, 0, 1, 0, 0, 0, 5, 0, 0, 0, 250)
    assert vp.as_paytable({"Two Pair": 2}).pays[3] == 2


@pytest.mark.parametrize("bad", ["10/7", "full pay", 96, {"Royal": 800},
                                 {"Flush": "six"}, {"Flush": -1}, {11: 3}])
def test_unknown_paytables(bad):
    with pytest.raises(PokersimInputError):
        best_hold("Jh Jd 4c 7s 9d", paytable=bad)


def test_paytable_wrong_length():
    with pytest.raises(PokersimInputError, match="11 payouts"):
        PayTable((1, 2, 3))


# --------------------------------------------------------------------------------------------
# The whole game


# Wizard of Odds, 9/6 Jacks or Better, perfect play: probability of each final hand.
PUBLISHED_96 = {"Royal Flush": 0.000025, "Straight Flush": 0.000109, "Four of a Kind": 0.002363,
                "Full House": 0.011512, "Flush": 0.011015, "Straight": 0.011229,
                "Three of a Kind": 0.074449, "Two Pair": 0.129279, "Jacks or Better": 0.214585}


def test_expected_return_96():
    r = expected_return()
    assert f"{100 * float(r):.4f}" == "99.5439"
    assert round(float(r), 6) == 0.995439
    assert r.exact is not None and float(r.exact) == float(r)
    frame = r.final_hands.set_index("category")
    for name, p in PUBLISHED_96.items():
        assert abs(frame.loc[name, "probability"] - p) <= 5e-7, name
    exact = r.final_hands.attrs["exact_probabilities"]
    assert sum(exact) == 1
    assert sum(p * int(pay) for p, pay in zip(exact, r.paytable.pays[::-1], strict=True)) == r.exact


@pytest.mark.parametrize("name, published", [("8/5", 0.972984), ("9/5", 0.984498)])
def test_expected_return_other_tables(name, published):
    r = expected_return(paytable=name)
    assert round(float(r), 6) == published
    assert r.paytable.name == name


def test_expected_return_custom_table():
    # Only royals pay: still a valid game, strictly below 9/6.
    r = expected_return(paytable={"Royal Flush": 800})
    assert 0 < float(r) < 0.2
    # Paying 1 for anything: every hold returns 1.
    r = expected_return(paytable={h.label: 1 for h in Hand})
    assert r.exact == 1


def test_simulate():
    r = vp.simulate(trials=300_000, seed=4)
    assert abs(r.value - 0.995439) < 4 * r.std_error
    assert r.final_hands["count"].sum() == 300_000
    s = vp.simulate(trials=300_000, strategy="simple", seed=4)
    assert s.value < r.value
    assert vp.simulate(trials=1000, seed=9).value == vp.simulate(trials=1000, seed=9).value
    with pytest.raises(PokersimInputError, match="strategy"):
        vp.simulate(trials=10, strategy="greedy")
    with pytest.raises(PokersimInputError, match="trials must be an integer >= 1"):
        vp.simulate(trials=0)
    with pytest.raises(PokersimInputError, match="target_stderr must be"):
        vp.simulate(trials=10, target_stderr=0.0)


# --------------------------------------------------------------------------------------------
# One result class, one final-hands table


def test_exact_and_simulated_returns_are_one_class():
    exact, sim = expected_return(paytable="8/5"), vp.simulate(trials=5000, seed=1, paytable="8/5")
    assert type(exact) is type(sim) is vp.VideoPokerReturn
    assert (exact.method, exact.std_error, exact.trials, exact.strategy) == (
        "exact", 0.0, None, "optimal")
    assert isinstance(exact.exact, Fraction) and float(exact) == exact.value
    assert (sim.method, sim.trials, sim.strategy, sim.exact) == ("monte-carlo", 5000,
                                                                  "optimal", None)
    assert sim.paytable == exact.paytable == PayTable.named("8/5")
    assert float(sim) == sim.value and sim.std_error > 0
    assert "optimal play, 5,000 deals: return" in repr(sim)
    assert repr(exact) == "VideoPokerReturn(8/5 Jacks or Better, perfect play: 97.2984%, exact)"


def test_final_hands_have_the_same_columns_but_count():
    exact = expected_return().final_hands
    sim = vp.simulate(trials=2000, seed=3).final_hands
    assert isinstance(exact, ResultFrame) and isinstance(sim, ResultFrame)
    assert tuple(sim.columns) == FREQUENCY_COLUMNS + ("pays", "contribution")
    assert list(exact.columns) == [c for c in sim.columns if c != "count"]
    for frame in (exact, sim):
        assert frame.category.astype(str).tolist() == NAMES[::-1]  # best first
        assert frame.category.cat.ordered
        assert np.allclose(frame.contribution, frame.pays * frame.probability)
        assert frame.probability.sum() == pytest.approx(1)
    assert (exact.method == "exact").all() and (exact.std_error == 0).all()
    assert (sim.method == "monte-carlo").all() and (sim.std_error > 0).any()
    assert np.allclose(sim.probability, sim["count"] / 2000)


def test_simulate_target_stderr_stops_early():
    block = config.DEAL_BLOCK
    r = vp.simulate(strategy="simple", seed=5, target_stderr=0.03, chunk_size=4 * block)
    assert r.std_error < 0.03 and r.trials % (4 * block) == 0 and r.trials < config.MAX_TRIALS
    again = vp.simulate(trials=r.trials, strategy="simple", seed=5)
    assert (again.value, again.std_error) == (r.value, r.std_error)
    if r.trials > 4 * block:  # the chunk before did not reach the target
        assert vp.simulate(trials=r.trials - 4 * block, strategy="simple", seed=5).std_error >= 0.03
    assert vp.simulate(trials=100, seed=5, target_stderr=1e-9).trials == 100  # trials caps it


def test_ctrl_c_leaves_the_return_so_far(monkeypatch):
    block = config.DEAL_BLOCK
    first_chunk = vp.simulate(trials=block, strategy="simple", seed=7)
    ctrl_c.after_first_chunk(monkeypatch, vp, "_simulate_chunk")
    with pytest.raises(pokersim.SimulationInterrupted) as caught:
        vp.simulate(trials=3 * block, strategy="simple", seed=7, chunk_size=block)
    partial = caught.value.partial
    assert isinstance(partial, vp.VideoPokerReturn)
    assert partial.method == "monte-carlo (partial)" and partial.trials == block
    assert (partial.value, partial.std_error) == (first_chunk.value, first_chunk.std_error)
    assert (partial.final_hands.method == "monte-carlo (partial)").all()
    assert partial.final_hands.attrs["partial"]
    assert list(partial.final_hands.columns) == list(first_chunk.final_hands.columns)


def test_a_pay_table_naming_a_class_twice_is_an_error():
    # "High Pair" is another name of Jacks or Better: the later one hid a negative payout
    with pytest.raises(PokersimInputError, match="names 'Jacks or Better' twice"):
        vp.PayTable.from_mapping({"Jacks-or-Better": -1.0, "High Pair": 0})
    with pytest.raises(PokersimInputError, match="twice"):
        vp.PayTable.from_mapping({"Flush": 6, 6: 6})
