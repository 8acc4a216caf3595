"""The joint choices of the players given as lists (pokersim.engine.choices), against brute
force from their definitions, and what the kernels make of them."""

import importlib
import itertools

import numpy as np
import pytest

from pokersim import config
from pokersim.engine import equity
from pokersim.engine.choices import fixing_permutations, joint_choices, merge_isomorphic
from pokersim.errors import PokersimInputError


def _mask(cards):
    return sum(1 << int(c) for c in cards)


@pytest.mark.parametrize("seed", range(20))
def test_joint_choices_are_every_product_with_no_card_in_common(seed):
    rng = np.random.default_rng(seed)
    lists = [[rng.choice(20, size=2, replace=False) for _ in range(rng.integers(1, 6))]
             for _ in range(rng.integers(1, 4))]
    weights = [rng.integers(1, 5, size=len(hands)).astype(float) for hands in lists]
    masks = [np.array([_mask(h) for h in hands], np.uint64) for hands in lists]
    got, got_weights = joint_choices(masks, weights, limit=10_000)
    want = [(idx, np.prod([w[i] for w, i in zip(weights, idx, strict=True)]))
            for idx in itertools.product(*(range(len(h)) for h in lists))
            if len(set().union(*(set(h[i].tolist()) for h, i in zip(lists, idx, strict=True))))
            == 2 * len(lists)]
    assert [tuple(r) for r in got.tolist()] == [idx for idx, _ in want]
    assert got_weights.tolist() == [w for _, w in want]
    assert joint_choices(masks, weights, limit=len(want) - 1) is None  # over the limit


@pytest.mark.parametrize("seed", range(20))
def test_the_early_bound_counts_no_more_pairs_apart_than_there_are(seed):
    """joint_choices gives up early where even the fewest pairs that could share no card
    (each row meeting every hand but those holding one of its cards) are over its limit:
    that bound is never above the pairs counted one by one (lists crowded on a few cards,
    rows of several hands), and is the count where no pair shares a card."""
    from pokersim.engine.choices import _fewest_apart

    rng = np.random.default_rng(100 + seed)
    n_cards = int(rng.integers(6, 64))
    rows = np.array([_mask(rng.choice(n_cards, size=2 * int(rng.integers(1, 3)), replace=False))
                     for _ in range(rng.integers(1, 40))], np.uint64)
    hands = np.array([_mask(rng.choice(n_cards, size=2, replace=False))
                      for _ in range(rng.integers(1, 40))], np.uint64)
    apart = sum(int(r) & int(h) == 0 for r in rows for h in hands)
    assert _fewest_apart(rows, hands) <= apart
    # rows of one card against hands of one card: the bound is the count, every byte read
    singles = np.array([1 << c for c in range(64)], np.uint64)
    some = singles[rng.permutation(64)[:int(rng.integers(1, 64))]]
    assert _fewest_apart(singles, some) == 64 * len(some) - len(some)


def _relabelled(cards, perm):
    return frozenset(4 * (c // 4) + perm[c % 4] for c in cards)


@pytest.mark.parametrize("seed", range(6))
def test_merged_choices_are_the_orbits_under_the_suit_relabellings_that_fix_the_cards(seed):
    rng = np.random.default_rng(seed)
    # fixed cards of few suits (a board of clubs, a dead pair): some relabellings fix them
    fixed = [4 * rng.choice(13, size=rng.integers(0, 4), replace=False),
             rng.choice(52, size=seed % 3, replace=False)]
    taken = set(np.concatenate(fixed).tolist())
    free = np.array([c for c in range(16) if c not in taken])  # four ranks: choices collide
    n, players, k = 2000, 2, 1 + seed % 2
    rows = np.stack([rng.choice(free, size=players * k, replace=False) for _ in range(n)])
    distinct = {tuple(frozenset(r[p * k:(p + 1) * k].tolist()) for p in range(players)): i
                for i, r in enumerate(rows)}  # the choices of lists are distinct
    rows = rows[sorted(distinct.values())]
    n = len(rows)
    hands = [rows[:, p * k:(p + 1) * k] for p in range(players)]
    weights = rng.integers(1, 4, size=n).astype(float)
    keep, merged = merge_isomorphic(hands, weights, fixed)
    assert len(keep) < n or seed % 3 == 2  # (two random dead cards may fix every suit)
    # brute force: the relabellings that map each fixed set onto itself, and the orbits
    perms = [p for p in itertools.permutations(range(4))
             if all(_relabelled(f.tolist(), p) == frozenset(f.tolist()) for f in fixed)]
    choice = [tuple(frozenset(h[i].tolist()) for h in hands) for i in range(n)]
    orbit = [min(tuple(tuple(sorted(_relabelled(s, p))) for s in c) for p in perms)
             for c in choice]
    first = {}
    for i, o in enumerate(orbit):
        first.setdefault(o, i)
    assert keep.tolist() == sorted(first.values())
    want = {first[o]: 0.0 for o in first}
    for i, o in enumerate(orbit):
        want[first[o]] += weights[i]
    assert merged.tolist() == [want[i] for i in keep.tolist()]


# Omaha on a flop of clubs against a hand that fixes clubs and diamonds and lets hearts and
# spades swap: AdKd QhJh and AdKd QsJs are one choice, AhKh QdJd another.
LIST = {"Ad Kd Qh Jh": 1, "Ad Kd Qs Js": 2, "Ah Kh Qd Jd": 1}
SPOTS = [
    ("omaha", [LIST, "Tc 9c 8s 8h"], "2c 3c 7c", ""),
    ("omaha-hi-lo", [LIST, "Tc 4c 8s 8h", "random"], "2c 3c 7c Kc", ""),
    ("courchevel", [{"Ad Kd Qh Jh 5c": 1, "Ad Kd Qs Js 5c": 1}, "Tc 9c 8s 8h 6c"], "2c 3c 7c",
     "9d"),
]


@pytest.mark.parametrize("game, players, board, dead", SPOTS)
def test_merging_suit_isomorphic_choices_changes_nothing(game, players, board, dead,
                                                         monkeypatch):
    games_module = importlib.import_module("pokersim.engine.games")
    merges = []
    monkeypatch.setattr(games_module, "merge_isomorphic", lambda h, *args, f=games_module.
                        merge_isomorphic: merges.append((len(h[0]), f(h, *args))) or
                        merges[-1][1])
    monkeypatch.setattr(config, "ISOMORPHISM_MIN_WORK", 0)  # small spots: merge them too
    merged = equity(players, board=board, dead=dead, game=game, method="exact")
    (n, (keep, _)), = merges
    assert len(keep) < n
    monkeypatch.setattr(config, "SUIT_ISOMORPHISM", False)
    plain = equity(players, board=board, dead=dead, game=game, method="exact")
    numbers = merged.select_dtypes("number").columns
    np.testing.assert_allclose(merged[numbers], plain[numbers], rtol=0, atol=1e-12)
    assert merged.outcomes.tolist() == plain.outcomes.tolist()


def test_a_list_is_the_weighted_mean_of_its_hands_merged_or_not(monkeypatch):
    game, (hands, hero), board, _ = SPOTS[0]
    monkeypatch.setattr(config, "ISOMORPHISM_MIN_WORK", 0)
    got = equity([hands, hero], board=board, game=game, method="exact")
    each = [equity([h, hero], board=board, game=game).equity.iloc[0] for h in hands]
    mean = sum(w * e for w, e in zip(hands.values(), each, strict=True)) / sum(hands.values())
    assert got.equity.iloc[0] == pytest.approx(mean, abs=1e-12)
    runouts = 41 * 40 // 2  # the turn and river from 52 - 3 - 8 cards
    assert got.outcomes.iloc[0] == len(hands) * runouts


def test_exact_refuses_more_joint_choices_than_the_limit(monkeypatch):
    monkeypatch.setattr(config, "EXACT_TUPLES", 2)
    players = [LIST, "Tc 9c 8s 8h"]
    with pytest.raises(PokersimInputError, match="out of reach"):
        equity(players, board="2c 3c 7c 9h 4s", game="omaha", method="exact")
    auto = equity(players, board="2c 3c 7c 9h 4s", game="omaha")
    assert auto.attrs["method"] == "monte-carlo"


def test_monte_carlo_draws_listed_choices_or_rejects_conflicts_alike(monkeypatch):
    players = [{"As Ad Kc Kd": 1, "Ah Ac Qs Qd": 3}, {"As Ks Qh Jh": 1, "Td 9d 8c 7c": 1}]
    board = "2c 3h 7s"
    exact = equity(players, board=board, game="omaha")
    listed = equity(players, board=board, game="omaha", trials=200_000, seed=5)
    monkeypatch.setattr(config, "JOINT_TUPLES", 1)  # not listed: drawn by rejection
    rejected = equity(players, board=board, game="omaha", trials=200_000, seed=5)
    for mc in (listed, rejected):
        assert abs(mc.equity.iloc[0] - exact.equity.iloc[0]) < 4 * mc.std_error.iloc[0]


def test_fixing_permutations_are_those_that_map_each_fixed_set_onto_itself():
    # the rule as written: relabel the suits of every card, compare the sets
    rng = np.random.default_rng(7)
    every = list(itertools.permutations(range(4)))
    for _ in range(300):
        fixed = [rng.choice(52, size=int(rng.integers(0, 7)), replace=False) for _ in range(2)]
        if rng.random() < 0.3:  # suits alike: one set's cards in two suits of the same ranks
            ranks = rng.choice(13, size=3, replace=False)
            fixed[0] = np.concatenate([4 * ranks, 4 * ranks + 1])
        sets = [set(f.tolist()) for f in fixed]
        want = [list(p) for p in every
                if all({c - c % 4 + p[c % 4] for c in s} == s for s in sets)]
        assert [p.tolist() for p in fixing_permutations(fixed)] == want
