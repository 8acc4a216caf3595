"""pokersim.category_frequencies and strength_counts against independent counts.

Expected values come from
* docs/design.md's published exact counts (5 and 7 cards) and math.comb;
* a combinatorial oracle written here (``oracle_counts``) that counts every k-card hand by its
  best five cards without enumerating hands one by one: it walks the rank multisets and counts
  the suit assignments of each, flush or not. The oracle is itself checked against docs/design.md
  on 5 and 7 cards (per category and the number of distinct strengths) before it is trusted
  for 6 cards, where docs/design.md publishes nothing;
* phevaluator, over every 5-card hand (and, in the slow run, every 6-card hand);
* the royal and straight flush counts of 6-card hands, derived by hand below.
Nothing expected is computed by pokersim.
"""

from __future__ import annotations

import functools
from collections import Counter
from itertools import combinations, combinations_with_replacement
from math import comb, prod

import numba
import numpy as np
import pandas as pd
import pytest

import pokersim
from pokersim import PokersimInputError, SimulationInterrupted, category_frequencies, config
from pokersim.analysis import frequencies as frequencies_module
from pokersim.analysis.frequencies import strength_counts
from pokersim.results import ResultFrame

# docs/design.md, "Numbers every test may use"; the list index is the category code
# (HIGH_CARD 0 .. ROYAL_FLUSH 9, as docs/design.md numbers the Category enum).
FIVE_CARD_COUNTS = [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 36, 4]
SEVEN_CARD_COUNTS = [23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644,
                     3_473_184, 224_848, 37_260, 4_324]
DISTINCT_STRENGTHS = {5: 7462, 7: 4824}
PUBLISHED = {5: FIVE_CARD_COUNTS, 7: SEVEN_CARD_COUNTS}

# The display labels of the ten categories, weakest first (docs/design.md's names, title-cased as
# the README and evaluate's doctests show them: "Full House", "Four of a Kind").
LABELS = ["High Card", "Pair", "Two Pair", "Three of a Kind", "Straight", "Flush", "Full House",
          "Four of a Kind", "Straight Flush", "Royal Flush"]
N_STRENGTHS = 7462
# docs/api.md, "Frequency table"
COLUMNS = ["category", "count", "probability", "std_error", "one_in", "method"]


def expected_attrs(cards, method, hands, trials=None, seed=None, target_stderr=None,
                   partial=False, ranking="high") -> dict:
    """The attrs of a frequency frame: the run's inputs, the hands counted, partial."""
    return {"cards": cards, "ranking": ranking, "method": method, "trials": trials,
            "seed": seed, "target_stderr": target_stderr, "outcomes": hands,
            "partial": partial}


# ----------------------------------------------------------------------------- the oracle
#
# A hand's "key" is a tuple (category code, deciding ranks...) with ranks 0..12 for 2..A; Python
# tuple order on keys is poker order (the wheel A-2-3-4-5 is a straight with top rank 3, "Five").

# every straight as (top rank, set of ranks), best first; the wheel last
STRAIGHTS = [(top, frozenset(range(top - 4, top + 1))) for top in range(12, 3, -1)]
STRAIGHTS.append((3, frozenset({12, 0, 1, 2, 3})))


def straight_top(ranks) -> int:
    ranks = set(ranks)
    for top, need in STRAIGHTS:
        if need <= ranks:
            return top
    return -1


def rank_key(counts: dict[int, int]) -> tuple:
    """Best five cards of a hand with these rank counts (rank -> count), flushes ignored."""
    by_count = {n: sorted((r for r, c in counts.items() if c == n), reverse=True)
                for n in (1, 2, 3, 4)}
    present = sorted(counts, reverse=True)
    quads, trips, pairs = by_count[4], by_count[3], by_count[2]
    if quads:
        return (7, quads[0], max(r for r in present if r != quads[0]))
    if trips and (len(trips) > 1 or pairs):
        return (6, trips[0], max(trips[1:] + pairs))
    top = straight_top(present)
    if top >= 0:
        return (4, top)
    if trips:
        return (3, trips[0], *[r for r in present if r != trips[0]][:2])
    if len(pairs) >= 2:
        return (2, pairs[0], pairs[1], max(r for r in present if r not in pairs[:2]))
    if pairs:
        return (1, pairs[0], *[r for r in present if r != pairs[0]][:3])
    return (0, *present[:5])


def flush_key(suited_ranks) -> tuple:
    """Best five cards of a hand holding these ranks (>= 5) in one suit."""
    top = straight_top(suited_ranks)
    if top == 12:
        return (9, 12)
    if top >= 0:
        return (8, top)
    return (5, *sorted(suited_ranks, reverse=True)[:5])


@functools.cache
def oracle_counts(k: int) -> dict[tuple, int]:
    """Number of k-card hands (k <= 7) with each best-five key, by combinatorics.

    For each multiset of ranks (each rank at most 4 times) the hands with those ranks number
    prod C(4, c_r). A hand is a flush when some suit s holds >= 5 cards; with k <= 7 at most one
    suit can. Such hands are counted by their flush-suit rank set T (>= 5 of the distinct
    ranks): suit s (4 ways), the s-card of each rank in T, and the remaining c_r - 1 (r in T)
    or c_r (r not in T) cards of each rank from the other three suits. The rest are not flushes
    and their best five depends on the ranks alone.
    """
    assert k <= 7  # one flush suit at most
    out: Counter = Counter()
    for ranks in combinations_with_replacement(range(13), k):
        counts = Counter(ranks)
        if max(counts.values()) > 4:
            continue
        total = prod(comb(4, c) for c in counts.values())
        plain = rank_key(counts)
        distinct = sorted(counts)
        flushes = 0
        for size in range(5, len(distinct) + 1):
            for suited in combinations(distinct, size):
                ways = 4 * prod(comb(3, counts[r] - 1) if r in suited else comb(3, counts[r])
                                for r in distinct)
                if ways:
                    out[max(plain, flush_key(suited))] += ways
                    flushes += ways
        out[plain] += total - flushes
    return dict(out)


@functools.cache
def oracle_strength_order() -> list[tuple]:
    """The 7,462 five-card keys, weakest first: entry s - 1 is the hand of strength s
    (README: strengths are 1..7462, higher wins, equal ties)."""
    return sorted(oracle_counts(5))


def oracle_by_category(k: int) -> list[int]:
    out = [0] * 10
    for key, n in oracle_counts(k).items():
        out[key[0]] += n
    return out


def oracle_by_strength(k: int) -> np.ndarray:
    """(7463,) counts indexed by strength, index 0 unused, as strength_counts returns them."""
    index = {key: s for s, key in enumerate(oracle_strength_order(), start=1)}
    out = np.zeros(N_STRENGTHS + 1, np.int64)
    for key, n in oracle_counts(k).items():
        out[index[key]] += n
    return out


# ----------------------------------------------------------------------------- the oracle itself


@pytest.mark.parametrize("k", [5, 7])
def test_oracle_matches_published_counts(k):
    """The oracle reproduces docs/design.md (so it can be trusted for 6 cards)."""
    assert oracle_by_category(k) == PUBLISHED[k]
    assert sum(oracle_counts(k).values()) == comb(52, k)
    assert len(oracle_counts(k)) == DISTINCT_STRENGTHS[k]


def test_oracle_order_matches_phevaluator():
    """One hand per oracle key, ranked by phevaluator: the oracle's order is the classic one
    (cactus rank 1 = royal flush ... 7462 = 7-5-4-3-2), so oracle strength s is phevaluator's
    rank 7463 - s."""
    phevaluator = pytest.importorskip("phevaluator")
    got = []
    for key in oracle_strength_order():
        got.append(phevaluator.evaluate_cards(*representative(key)))
    assert got == list(range(N_STRENGTHS, 0, -1))


def representative(key: tuple) -> list[int]:
    """Five distinct card ids (4 * rank + suit) whose best five have this key."""
    cat, ranks = key[0], list(key[1:])
    if cat in (4, 8, 9):  # straights: five consecutive ranks from the top (the wheel's ace low)
        top = ranks[0]
        ranks = [12, 0, 1, 2, 3] if top == 3 else list(range(top - 4, top + 1))
    else:
        group = {7: [4, 1], 6: [3, 2], 3: [3, 1, 1], 2: [2, 2, 1], 1: [2, 1, 1, 1]}.get(
            cat, [1] * 5)
        ranks = [r for r, n in zip(ranks, group, strict=True) for _ in range(n)]
    if cat in (5, 8, 9):
        return [4 * r + 3 for r in ranks]
    # suits 0, 1, 2, 3 in turn within each rank; two different suits among singletons keep a
    # high card / straight from being a flush
    seen: Counter = Counter()
    cards = []
    for r in ranks:
        cards.append(4 * r + seen[r])
        seen[r] += 1
    if len(set(ranks)) == 5:
        cards[-1] = 4 * ranks[-1] + 1
    return cards


# ----------------------------------------------------------------------------- exact, 5 cards


def test_five_card_exact_frame():
    df = category_frequencies(5)
    n = comb(52, 5)

    # best category first, with the published counts
    assert df["category"].astype(str).tolist() == LABELS[::-1]
    assert df["count"].tolist() == FIVE_CARD_COUNTS[::-1]
    assert int(df["count"].sum()) == n == 2_598_960

    p = np.array(FIVE_CARD_COUNTS[::-1]) / n
    np.testing.assert_allclose(df["probability"].to_numpy(), p, rtol=1e-12)
    assert df["probability"].sum() == pytest.approx(1.0, abs=1e-12)
    np.testing.assert_allclose(df["one_in"].to_numpy(), 1 / p, rtol=1e-12)
    # the odds against are one_in - 1 (the column odds_against is gone)
    np.testing.assert_allclose(df["one_in"].to_numpy() - 1, (1 - p) / p, rtol=1e-12)
    # one in 649,740 for a royal flush; 649,739 : 1 against
    assert df["one_in"].iloc[0] == pytest.approx(649_740)
    assert df["one_in"].iloc[0] - 1 == pytest.approx(649_739)

    # an ordered categorical whose categories are the labels weakest first
    assert isinstance(df["category"].dtype, pd.CategoricalDtype)
    assert df["category"].cat.ordered
    assert list(df["category"].cat.categories) == LABELS
    assert df["category"].max() == "Royal Flush" and df["category"].min() == "High Card"
    assert list(df["category"].cat.codes) == list(range(9, -1, -1))
    assert [c.label for c in pokersim.Category] == LABELS

    # the frequency table of docs/api.md: exact counts have a standard error of 0
    assert isinstance(df, ResultFrame)
    assert list(df.columns) == COLUMNS
    assert df["count"].dtype == np.int64 and df["one_in"].dtype == np.float64
    assert (df["std_error"] == 0).all() and (df["method"] == "exact").all()
    assert df.attrs == expected_attrs(5, "exact", n)


def test_five_card_strength_counts():
    counts = strength_counts(5)
    assert counts.shape == (N_STRENGTHS + 1,)
    assert counts[0] == 0
    assert int((counts > 0).sum()) == 7462
    assert int(counts.sum()) == comb(52, 5)
    # every strength holds the number of hands the oracle gives it (1,020 for each high-card
    # or straight rank pattern, 4 for each flush, 384 for each one-pair pattern, ...)
    np.testing.assert_array_equal(counts, oracle_by_strength(5))


def test_five_card_strength_counts_match_phevaluator():
    """Every one of the 2,598,960 hands ranked by phevaluator (about 2-3 s here: its C
    evaluator is called in a plain loop), tallied by cactus rank. pokersim's strength s is
    cactus rank 7463 - s (both are dense ranks of the same 7,462 classes, in opposite orders),
    so the tallies reversed must equal strength_counts(5)."""
    np.testing.assert_array_equal(strength_counts(5), phevaluator_strength_counts(5))


def phevaluator_strength_counts(k: int) -> np.ndarray:
    """Every k-card hand ranked by phevaluator in a plain loop, tallied by cactus rank and
    reversed: counts indexed by pokersim strength (7463 - cactus rank)."""
    phevaluator = pytest.importorskip("phevaluator")
    evaluate_cards = phevaluator.evaluate_cards
    ranks = np.fromiter((evaluate_cards(*h) for h in combinations(range(52), k)),
                        dtype=np.int16, count=comb(52, k))
    by_cactus = np.bincount(ranks, minlength=N_STRENGTHS + 1)
    expected = np.zeros(N_STRENGTHS + 1, np.int64)
    expected[1:] = by_cactus[1:][::-1]
    return expected


# ----------------------------------------------------------------------------- exact, 6 cards


def test_six_card_exact():
    df = category_frequencies(6)
    counts = dict(zip(df["category"].astype(str), df["count"].tolist(), strict=True))
    assert sum(counts.values()) == comb(52, 6) == 20_358_520
    assert df.attrs == expected_attrs(6, "exact", comb(52, 6))
    assert all(n > 0 for n in counts.values())

    # By hand: a royal flush in six cards is one of the 4 royals plus any of the other 47
    # cards (nothing beats it).
    assert counts["Royal Flush"] == 4 * 47 == 188
    # By hand: a straight flush (not royal) with top rank 5 (the wheel) .. K is 9 tops x 4
    # suits; the sixth card is any of the 47 others except the one card of that suit one rank
    # above the top (it would make a higher straight flush, or the royal for the K-high one).
    assert counts["Straight Flush"] == 9 * 4 * 46 == 1_656

    # every category, and every single strength, as the (5- and 7-card-validated) oracle counts
    assert [counts[label] for label in LABELS] == oracle_by_category(6)
    np.testing.assert_array_equal(strength_counts(6), oracle_by_strength(6))


@pytest.mark.slow
def test_six_card_strength_counts_match_phevaluator():
    """All 20,358,520 six-card hands through phevaluator in a Python loop (about 16 s here)."""
    np.testing.assert_array_equal(strength_counts(6), phevaluator_strength_counts(6))


# ----------------------------------------------------------------------------- exact, 7 cards


@pytest.mark.slow
def test_seven_card_exact():
    """Every 7-card hand, once through category_frequencies and once through strength_counts
    (one test, so CI enumerates 7-card hands only here)."""
    df = category_frequencies(7)
    n = comb(52, 7)
    assert df["category"].astype(str).tolist() == LABELS[::-1]
    assert df["count"].tolist() == SEVEN_CARD_COUNTS[::-1]
    assert int(df["count"].sum()) == n == 133_784_560
    np.testing.assert_allclose(df["probability"].to_numpy(),
                               np.array(SEVEN_CARD_COUNTS[::-1]) / n, rtol=1e-12)
    assert df.attrs == expected_attrs(7, "exact", n)

    counts = strength_counts(7)
    assert int((counts > 0).sum()) == 4824
    assert int(counts.sum()) == n
    np.testing.assert_array_equal(counts, oracle_by_strength(7))


# ----------------------------------------------------------------------------- Monte Carlo


def exact_probabilities(k: int) -> np.ndarray:
    """docs/design.md probabilities, best category first (the frame's row order)."""
    return np.array(PUBLISHED[k][::-1]) / comb(52, k)


@pytest.mark.parametrize("k, trials, seed", [(7, 2_000_000, 20240611), (5, 2_000_000, 7)])
def test_monte_carlo_within_five_standard_errors(k, trials, seed):
    df = category_frequencies(k, method="monte-carlo", trials=trials, seed=seed)
    assert df["category"].astype(str).tolist() == LABELS[::-1]
    assert int(df["count"].sum()) == trials
    assert df.attrs == expected_attrs(k, "monte-carlo", trials, trials, seed)
    assert list(df.columns) == COLUMNS and (df["method"] == "monte-carlo").all()

    p_hat = df["count"].to_numpy() / trials
    np.testing.assert_allclose(df["probability"].to_numpy(), p_hat, rtol=1e-12)
    np.testing.assert_allclose(df["std_error"].to_numpy(),
                               np.sqrt(p_hat * (1 - p_hat) / trials), rtol=1e-12)

    # The standard error from the exact p: the frame's own std_error is 0 for a category the
    # run never hit (a royal flush in 5 cards is 1 in 649,740) and noisy for rare ones.
    p = exact_probabilities(k)
    se = np.sqrt(p * (1 - p) / trials)
    z = (p_hat - p) / se
    assert np.all(np.abs(z) < 5), dict(zip(LABELS[::-1], z.round(2), strict=True))


def test_monte_carlo_same_seed_same_frame():
    a = category_frequencies(7, method="monte-carlo", trials=300_000, seed=123)
    b = category_frequencies(7, method="monte-carlo", trials=300_000, seed=123)
    pd.testing.assert_frame_equal(a, b)
    assert a.attrs == b.attrs


def test_monte_carlo_seed_kinds_agree():
    """An int, the SeedSequence of that int, give the same stream (README: seed may be an
    int, a SeedSequence or a Generator); a Generator seed is reproducible too."""
    a = category_frequencies(5, method="monte-carlo", trials=200_000, seed=99)
    b = category_frequencies(5, method="monte-carlo", trials=200_000,
                             seed=np.random.SeedSequence(99))
    pd.testing.assert_frame_equal(a, b)
    c = category_frequencies(5, method="monte-carlo", trials=200_000, seed=np.random.default_rng(5))
    d = category_frequencies(5, method="monte-carlo", trials=200_000, seed=np.random.default_rng(5))
    pd.testing.assert_frame_equal(c, d)


def test_monte_carlo_different_seeds_differ():
    a = category_frequencies(7, method="monte-carlo", trials=300_000, seed=1)
    b = category_frequencies(7, method="monte-carlo", trials=300_000, seed=2)
    assert a["count"].tolist() != b["count"].tolist()
    assert int(a["count"].sum()) == int(b["count"].sum()) == 300_000


def test_monte_carlo_independent_of_thread_count():
    # many blocks, the last one short, so that threads really do split the work
    trials = 9 * config.MC_BLOCK + 12_345
    default = category_frequencies(7, method="monte-carlo", trials=trials, seed=42)
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        single = category_frequencies(7, method="monte-carlo", trials=trials, seed=42)
    finally:
        numba.set_num_threads(before)
    assert numba.get_num_threads() == before
    pd.testing.assert_frame_equal(default, single)
    assert int(single["count"].sum()) == trials


@pytest.mark.parametrize("trials", [1, 2, 100_003, config.MC_BLOCK - 1,
                                    config.MC_BLOCK + 1, 3 * config.MC_BLOCK])
@pytest.mark.parametrize("k", [5, 6, 7])
def test_monte_carlo_deals_exactly_trials_hands(k, trials):
    df = category_frequencies(k, method="monte-carlo", trials=trials, seed=3)
    assert int(df["count"].sum()) == trials
    assert df.attrs["outcomes"] == trials
    assert int(strength_counts(k, "monte-carlo", trials=trials, seed=3).sum()) == trials


def test_monte_carlo_default_trials():
    df = category_frequencies(5, method="monte-carlo", seed=0)
    assert int(df["count"].sum()) == 1_000_000  # the documented default


# ----------------------------------------------------------------------------- bad input


@pytest.mark.parametrize("cards", [4, 8, 0, -7, True, False, "7", 7.5])  # None: the default, 7
def test_bad_cards(cards):
    with pytest.raises(PokersimInputError) as info:
        category_frequencies(cards)
    assert str(cards) in str(info.value)
    assert isinstance(info.value, ValueError)
    with pytest.raises(PokersimInputError):
        strength_counts(cards)
    with pytest.raises(PokersimInputError):
        category_frequencies(cards, method="monte-carlo", trials=10, seed=1)


@pytest.mark.parametrize("method", ["bogus", "Exact", "montecarlo", "", 7, None])
def test_bad_method(method):
    with pytest.raises(PokersimInputError) as info:
        category_frequencies(5, method=method)
    assert str(method) in str(info.value)


@pytest.mark.parametrize("trials", [0, -5, 2.5, "100", True])
def test_bad_trials(trials):
    with pytest.raises(PokersimInputError) as info:
        category_frequencies(5, method="monte-carlo", trials=trials, seed=1)
    assert str(trials) in str(info.value)


@pytest.mark.parametrize("trials", [10, 0])
def test_trials_with_exact(trials):
    with pytest.raises(PokersimInputError, match="trials"):
        category_frequencies(5, method="exact", trials=trials)


@pytest.mark.parametrize("seed", [-1, 1.5, "1", True, [1, 2]])
def test_bad_seed(seed):
    with pytest.raises(PokersimInputError) as info:
        category_frequencies(5, method="monte-carlo", trials=10, seed=seed)
    assert str(seed) in str(info.value)


# ----------------------------------------------------------------------------- method, target


def test_auto_is_exact_unless_a_monte_carlo_option_is_given():
    assert category_frequencies(5).attrs["method"] == "exact"
    assert category_frequencies(5, method="auto")["count"].tolist() == FIVE_CARD_COUNTS[::-1]
    np.testing.assert_array_equal(strength_counts(5, "auto"), oracle_by_strength(5))
    for options in (dict(trials=70_000), dict(seed=3, trials=70_000),
                    dict(target_stderr=0.01)):
        df = category_frequencies(5, method="auto", **options)
        assert df.attrs["method"] == "monte-carlo" and (df["std_error"] > 0).any()
    # the same seed and trials: "auto" simulates exactly as "monte-carlo" does
    pd.testing.assert_frame_equal(category_frequencies(6, seed=8, trials=90_000),
                                  category_frequencies(6, method="monte-carlo", seed=8,
                                                       trials=90_000))


@pytest.mark.parametrize("option", [dict(seed=1), dict(trials=100), dict(target_stderr=0.01)])
def test_exact_refuses_monte_carlo_options(option):
    with pytest.raises(PokersimInputError, match=next(iter(option))):
        category_frequencies(5, method="exact", **option)
    with pytest.raises(PokersimInputError, match=next(iter(option))):
        strength_counts(5, "exact", **option)


def test_target_stderr_stops_after_the_first_chunk_below_it():
    """Chunks of 2 blocks: the run stops at the first chunk boundary where every standard
    error is below the target, and the chunk before it was not (the same seed deals the same
    hands, so a run cut at that earlier boundary is the prefix of this one)."""
    target, chunk = 0.0012, 2 * config.MC_BLOCK
    df = category_frequencies(7, target_stderr=target, seed=11, chunk_size=chunk)
    hands = df.attrs["outcomes"]
    assert df.attrs["method"] == "monte-carlo" and df.attrs["trials"] == hands
    assert df.attrs["target_stderr"] == target
    assert hands % chunk == 0 and hands > chunk
    p = df["count"].to_numpy() / hands
    assert (np.sqrt(p * (1 - p) / hands) < target).all() and (df["std_error"] < target).all()
    before = category_frequencies(7, trials=hands - chunk, seed=11)
    assert (before["std_error"] >= target).any()
    np.testing.assert_array_equal(
        strength_counts(7, target_stderr=target, seed=11, chunk_size=chunk),
        strength_counts(7, trials=hands, seed=11))


def test_target_stderr_with_a_cap_of_trials():
    df = category_frequencies(5, target_stderr=1e-6, trials=100_000, seed=2)
    assert df.attrs["outcomes"] == 100_000  # the cap comes first
    assert (df["std_error"] > 1e-6).any()


def test_target_stderr_alone_caps_at_max_trials(monkeypatch):
    monkeypatch.setattr(config, "MAX_TRIALS", 3 * config.MC_BLOCK + 5)
    df = category_frequencies(5, target_stderr=1e-6, seed=2)
    assert df.attrs["outcomes"] == 3 * config.MC_BLOCK + 5


@pytest.mark.parametrize("target", [0, 1, -0.1, 1.5, float("nan"), "0.01", True])
def test_bad_target_stderr(target):
    with pytest.raises(PokersimInputError, match="target_stderr"):
        category_frequencies(5, method="monte-carlo", trials=10, target_stderr=target)


@pytest.mark.parametrize("progress", [None, 1, "yes"])
def test_bad_progress(progress):
    with pytest.raises(PokersimInputError, match="progress"):
        category_frequencies(5, progress=progress)


def test_ctrl_c_leaves_the_hands_dealt_so_far(monkeypatch):
    """Ctrl-C in the third chunk: the partial frame (or counts) holds the first two chunks,
    exactly the counts of a run of that many hands."""
    chunk = config.MC_BLOCK
    real = frequencies_module._monte_carlo_chunk

    def interrupted_in_third(problem, first, n):
        if first == 2:
            raise KeyboardInterrupt
        return real(problem, first, n)

    monkeypatch.setattr(frequencies_module, "_monte_carlo_chunk", interrupted_in_third)
    with pytest.raises(SimulationInterrupted) as info:
        category_frequencies(7, trials=10 * chunk, seed=5, chunk_size=chunk)
    partial = info.value.partial
    assert isinstance(partial, ResultFrame) and list(partial.columns) == COLUMNS
    assert (partial["method"] == "monte-carlo (partial)").all()
    assert partial.attrs == expected_attrs(7, "monte-carlo (partial)", 2 * chunk, 2 * chunk, 5,
                                           partial=True)
    with pytest.raises(SimulationInterrupted) as counts_info:
        strength_counts(7, trials=10 * chunk, seed=5, chunk_size=chunk)
    monkeypatch.setattr(frequencies_module, "_monte_carlo_chunk", real)
    np.testing.assert_array_equal(counts_info.value.partial,
                                  strength_counts(7, trials=2 * chunk, seed=5))
    done = category_frequencies(7, trials=2 * chunk, seed=5)
    assert partial["count"].tolist() == done["count"].tolist()


def test_cards_none_is_the_default_seven():
    assert category_frequencies(None)["count"].sum() == 133_784_560
