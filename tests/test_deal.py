import itertools

import numba
import numpy as np
import pytest
from scipy import stats

from pokersim import PokersimInputError, deal, parse_cards
from pokersim.errors import CardError, DuplicateCardError

ALPHA = 1e-4  # per test; the seeds are fixed, so a pass stays a pass


def distinct_rows(hands):
    s = np.sort(hands, axis=1)
    return not (s[:, 1:] == s[:, :-1]).any()


@pytest.mark.parametrize("k", [1, 2, 5, 7, 17, 52])
def test_rows_are_distinct_cards(k):
    hands = deal(20_000, k, seed=k)
    assert hands.shape == (20_000, k) and hands.dtype == np.uint8
    assert hands.max() < 52 and distinct_rows(hands)
    if k == 52:
        assert (np.sort(hands, axis=1) == np.arange(52)).all()


@pytest.mark.parametrize("n_live, k", [(52, 7), (36, 5), (50, 3)])
def test_the_kernel_for_any_shape_deals_the_specialised_kernels_rows(n_live, k):
    # Every shape is dealt by one general kernel until it has a kernel of its own
    # (pokersim._core.specialise): both must deal the very same rows.
    from pokersim import config
    from pokersim._core.streams import seed_key
    from pokersim.dealing import _deal_any_kernel, _deal_kernel, _on_blocks, deal_plan, live_cards
    live = (live_cards(deck="full" if n_live == 52 else "short") if n_live != 50
            else live_cards("As Kd"))
    n = 2 * config.DEAL_BLOCK + 5
    fast, generic = np.empty((n, k), np.uint8), np.empty((n, k), np.uint8)
    _on_blocks(_deal_kernel(n_live, k), seed_key(9), live, fast, 3)
    _on_blocks(_deal_any_kernel, seed_key(9), live, generic, 3, deal_plan(n_live, k))
    assert (fast == generic).all() and distinct_rows(generic)


def test_same_seed_same_cards_whatever_the_threads():
    n = 3 * 4096 + 17  # several blocks, the last one short
    saved = numba.get_num_threads()
    try:
        results = []
        for threads in sorted({1, numba.config.NUMBA_NUM_THREADS}):
            numba.set_num_threads(threads)
            results.append(deal(n, 7, seed=12345))
    finally:
        numba.set_num_threads(saved)
    assert all((r == results[0]).all() for r in results)
    assert (deal(n, 7, seed=12345)[:100] == deal(100, 7, seed=12345)).all()  # a prefix


def test_seeds():
    assert not (deal(1000, 7, seed=1) == deal(1000, 7, seed=2)).all()
    assert not (deal(1000, 7) == deal(1000, 7)).all()  # fresh entropy
    rng1, rng2 = np.random.default_rng(5), np.random.default_rng(5)
    assert (deal(100, 7, seed=rng1) == deal(100, 7, seed=rng2)).all()
    ss = np.random.SeedSequence(9)
    assert (deal(100, 7, seed=ss) == deal(100, 7, seed=np.random.SeedSequence(9))).all()


def chi2_pvalue(observed):
    observed = np.asarray(observed, float).ravel()
    expected = np.full_like(observed, observed.sum() / observed.size)
    return stats.chisquare(observed, expected).pvalue


@pytest.mark.parametrize("k, dead", [(7, None), (9, "As Kd 2c"), (30, "2c 3c 4c 5c")])
def test_uniform_per_position_and_pairs(k, dead):
    # k = 30 of 48 exercises the shuffle path, k = 7 and 9 the rejection path.
    n = 400_000
    hands = deal(n, k, seed=2024 + k, dead=dead)
    live = np.setdiff1d(np.arange(52), parse_cards(dead or ""))
    assert np.isin(hands, live).all() and distinct_rows(hands)
    for pos in range(k):
        counts = np.bincount(hands[:, pos], minlength=52)[live]
        assert chi2_pvalue(counts) > ALPHA, f"position {pos}"
    for a, b in [(0, 1), (0, k - 1), (k // 2, k // 2 + 1)]:
        pair = np.bincount(hands[:, a].astype(np.int64) * 52 + hands[:, b], minlength=52 * 52)
        grid = pair.reshape(52, 52)[np.ix_(live, live)]
        cells = grid[~np.eye(live.size, dtype=bool)]  # a card never pairs with itself
        assert (np.diag(grid) == 0).all()
        assert chi2_pvalue(cells) > ALPHA, f"positions {a}, {b}"


def test_the_test_detects_bias():
    # The same check rejects a dealer that favours one card slightly.
    rng = np.random.default_rng(0)
    p = np.full(52, 1.0)
    p[0] = 1.1
    biased = rng.choice(52, size=400_000, p=p / p.sum())
    assert chi2_pvalue(np.bincount(biased, minlength=52)) < ALPHA


def test_unordered_combinations_are_uniform():
    # every 2-card combination of a 6-card deck is equally likely
    hands = deal(150_000, 2, seed=77, dead=np.arange(46))
    combos = {c: i for i, c in enumerate(itertools.combinations(range(46, 52), 2))}
    idx = [combos[tuple(sorted(r))] for r in hands.tolist()]
    assert chi2_pvalue(np.bincount(idx, minlength=len(combos))) > ALPHA


def test_empty_and_whole_deck():
    assert deal(0, 7, seed=1).shape == (0, 7)
    assert deal(1, 50, seed=1, dead="As Ks").shape == (1, 50)


@pytest.mark.parametrize("kwargs, message", [
    (dict(n=-1, k=7), "n must be an integer >= 0; got -1"),
    (dict(n=2.5, k=7), "n must be an integer"),
    (dict(n=True, k=7), "n must be an integer"),
    (dict(n=10, k=0), "k must be an integer >= 1; got 0"),
    (dict(n=10, k=53), "cannot deal k=53 cards: only 52"),
    (dict(n=10, k=50, dead="As Ks Qs"), "cannot deal k=50 cards: only 49"),
    (dict(n=10, k=7, seed=-1), "seed must be"),
    (dict(n=10, k=7, seed=float("nan")), "seed must be"),
    (dict(n=10, k=7, seed="abc"), "seed must be"),
    (dict(n=10, k=7, seed=1.0), "seed must be"),
])
def test_bad_arguments(kwargs, message):
    with pytest.raises(PokersimInputError, match=message):
        deal(**kwargs)


def test_bad_dead_cards():
    with pytest.raises(CardError, match="'Zz' is not a card"):
        deal(1, 2, dead="As Zz")
    with pytest.raises(DuplicateCardError):
        deal(1, 2, dead="As As")
    with pytest.raises(CardError, match=r"dead\[1\] = 52"):
        deal(1, 2, dead=[3, 52])
    with pytest.raises(DuplicateCardError):
        deal(1, 2, dead=np.array([3, 3]))
