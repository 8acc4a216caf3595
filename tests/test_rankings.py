"""The rankings beyond Hold'em high (issue 16) checked against independent truth.

Truth comes from tests/naive_rankings.py (plain Python written from the rules) and from
published counts; the naive references are checked first against those counts, so that a
disagreement with pokersim points at pokersim. The peers (poker_equity, pokerkit) are in
tests/test_rankings_peers.py, the property-based tests in tests/test_rankings_fuzz.py.

Orders are compared as dense ranks (tests/orders.py): pokersim's strengths must order every
set of hands exactly as the naive keys do, ties included. Over all five-card hands the naive
reference runs once per group of hands with the same rank multiset and flush flag (every
ranking but badugi sees nothing else of five cards, by its rules); badugi runs on every one of
the 270,725 four-card hands. Random hands come from np.random.default_rng with fixed seeds.
"""

import functools
import importlib
from collections import Counter
from itertools import chain, combinations
from math import comb, sqrt

import numpy as np
import pytest

import pokersim
from pokersim import CardError, HandShapeError, PokersimInputError
from tests import naive_rankings as nr
from tests.naive import cards_from_text, cards_to_text
from tests.orders import assert_same_order, dense_from_keys, dense_from_values

NEW = [r for r in nr.RANKINGS if r != "high"]
FIVE_CARD = [r for r in nr.RANKINGS if r != "badugi"]
FULL_DECK_FIVE = [r for r in FIVE_CARD if not r.startswith("short-deck")]


def rankings():
    """pokersim.rankings, imported when a test needs it (the naive checks run without it)."""
    return importlib.import_module("pokersim.rankings")


def deck_hands(seed, n, k, deck=nr.FULL_DECK):
    """(n, k) uint8: each row k distinct cards of ``deck``, uniformly drawn."""
    rng = np.random.default_rng(seed)
    deck = np.asarray(deck, np.uint8)
    return deck[np.argsort(rng.random((n, deck.size)), axis=1)[:, :k]]


def strengths(hands, ranking):
    s = pokersim.evaluate(hands, ranking=ranking)
    assert isinstance(s, np.ndarray) and s.dtype == np.int16, (type(s), getattr(s, "dtype", 0))
    assert s.shape == (len(hands),), s.shape
    return s


def text_hand(text):
    return np.array([cards_from_text(text)], np.uint8)


def one(text, ranking):
    """The strength of one hand given as text."""
    return int(strengths(text_hand(text), ranking)[0])


# --------------------------------------------------------------------------- published counts

# Short deck, 376,992 five-card hands (the issue): straight flush 24 including the 4 royals.
SHORT_DECK_FIVE = {
    "Royal Flush": 4, "Straight Flush": 24 - 4, "Four of a Kind": 288, "Flush": 480,
    "Full House": 1_728, "Straight": 6_120, "Three of a Kind": 16_128, "Two Pair": 36_288,
    "Pair": 193_536, "High Card": 122_400,
}
# Ace-to-five lows by their high card (the issue), five and seven cards.
LOWS_FIVE = {"5-low": 1_024, "6-low": 5_120, "7-low": 15_360, "8-low": 35_840}
LOWS_SEVEN = {"5-low": 781_824, "6-low": 3_151_360, "7-low": 7_426_560, "8-low": 13_171_200}
EIGHT_OR_BETTER_SEVEN_QUALIFY = 24_530_944
SEVEN_CARD_HANDS = 133_784_560
# docs/design.md, "Numbers every test may use": standard high, five and seven cards
HIGH_FIVE = {"Royal Flush": 4, "Straight Flush": 36, "Four of a Kind": 624,
             "Full House": 3_744, "Flush": 5_108, "Straight": 10_200,
             "Three of a Kind": 54_912, "Two Pair": 123_552, "Pair": 1_098_240,
             "High Card": 1_302_540}
HIGH_SEVEN = {"Royal Flush": 4_324, "Straight Flush": 37_260, "Four of a Kind": 224_848,
              "Full House": 3_473_184, "Flush": 4_047_644, "Straight": 6_180_020,
              "Three of a Kind": 6_461_620, "Two Pair": 31_433_400, "Pair": 58_627_800,
              "High Card": 23_294_460}


def deuce_to_seven_five_card_counts():
    """Deuce-to-seven classes of the 2,598,960 five-card hands, by combinatorics from the rules.

    Unpaired rank sets: C(13, 5) = 1,287, of which 9 are straights (6-high .. A-high; A-2-3-4-5
    is none), each dealt in 4^5 - 4 unsuited ways (high card, "X-low" by its top card t: C(t, 4)
    sets below it, less the t-high straight when t >= 6) and 4 suited ones (flush or straight
    flush). The paired classes do not depend on straights: pair 13 C(12,3) 4^3 C(4,2), two pair
    C(13,2) 11 C(4,2)^2 4, trips 13 C(12,2) 4^2 4, full house 13 12 4 6, quads 13 12 4.
    """
    out = {}
    for t in range(5, 13):  # top card 7 (rank 5) .. A (rank 12)
        out[f"{nr.RANK_CHARS[t]}-low"] = (comb(t, 4) - 1) * (4**5 - 4)
    out["Pair"] = 13 * comb(12, 3) * 4**3 * comb(4, 2)
    out["Two Pair"] = comb(13, 2) * 11 * comb(4, 2) ** 2 * 4
    out["Three of a Kind"] = 13 * comb(12, 2) * 4**2 * 4
    out["Straight"] = 9 * (4**5 - 4)
    out["Flush"] = (comb(13, 5) - 9) * 4
    out["Full House"] = 13 * 12 * 4 * 6
    out["Four of a Kind"] = 13 * 12 * 4
    out["Straight Flush"] = 9 * 4
    return out


def badugi_closed_forms(n):
    """Badugi classes with a closed form: a 4-card badugi of four cards is four ranks dealt
    one to a suit (24 C(13, 4)); one card plays only when all n share a suit (4 C(13, n)), or,
    for n = 4, when they are four of a kind (13)."""
    out = {"1-card badugi": 4 * comb(13, n) + (13 if n == 4 else 0)}
    if n == 4:
        out["4-card badugi"] = 24 * comb(13, 4)
    return out


# --------------------------------------------------------------------------- naive vs published


@pytest.mark.parametrize("ranking", ["short-deck", "short-deck-trips"])
def test_naive_short_deck_five_card_counts(ranking):
    assert nr.counts_by_rank_multiset(ranking, 5) == SHORT_DECK_FIVE


def test_naive_counting_method_gives_the_published_high_counts():
    """The count by rank multiset and flush suit (used for every ranking) on the high order."""
    assert nr.counts_by_rank_multiset("high", 5) == HIGH_FIVE


@pytest.mark.slow
def test_naive_counting_method_gives_the_published_high_seven_card_counts():
    assert nr.counts_by_rank_multiset("high", 7) == HIGH_SEVEN


def test_naive_ace_to_five_five_card_counts():
    counts = nr.counts_by_rank_multiset("ace-to-five", 5)
    assert {k: counts[k] for k in LOWS_FIVE} == LOWS_FIVE
    assert sum(counts.values()) == comb(52, 5)
    # the paired classes are the high order's: flushes and straights only move between
    # unpaired classes
    for shape in ["Pair", "Two Pair", "Three of a Kind", "Full House", "Four of a Kind"]:
        assert counts[shape] == HIGH_FIVE[shape], shape
    eight = nr.counts_by_rank_multiset("eight-or-better", 5)
    assert eight == {**LOWS_FIVE, "No low": comb(52, 5) - sum(LOWS_FIVE.values())}


@pytest.mark.slow
def test_naive_ace_to_five_seven_card_counts():
    counts = nr.counts_by_rank_multiset("ace-to-five", 7)
    assert {k: counts[k] for k in LOWS_SEVEN} == LOWS_SEVEN
    assert sum(counts.values()) == SEVEN_CARD_HANDS
    eight = nr.counts_by_rank_multiset("eight-or-better", 7)
    assert sum(LOWS_SEVEN.values()) == EIGHT_OR_BETTER_SEVEN_QUALIFY
    assert eight == {**LOWS_SEVEN, "No low": SEVEN_CARD_HANDS - EIGHT_OR_BETTER_SEVEN_QUALIFY}


def test_naive_deuce_to_seven_five_card_counts_match_combinatorics():
    assert nr.counts_by_rank_multiset("deuce-to-seven", 5) == deuce_to_seven_five_card_counts()


def test_naive_badugi_four_card_counts_two_ways(all_four_badugi_keys):
    """Every four-card hand evaluated one by one == the count by rank pattern and suits, and
    the closed forms for the 4-card and 1-card classes."""
    direct = Counter(nr.category_name("badugi", k) for k in all_four_badugi_keys)
    assert dict(direct) == naive_counts("badugi", 4)
    assert {k: direct[k] for k in badugi_closed_forms(4)} == badugi_closed_forms(4)
    assert direct.total() == comb(52, 4)


@pytest.mark.parametrize("n", [5, 6, 7])
def test_naive_badugi_counts_closed_forms(n):
    counts = naive_counts("badugi", n)
    assert sum(counts.values()) == comb(52, n)
    assert {k: counts[k] for k in badugi_closed_forms(n)} == badugi_closed_forms(n)


# --------------------------------------------------------------------------- rules, by example

# (ranking, better hand, worse hand), each from a sentence of the rules
BEATS = [
    ("short-deck", "6c 7d 8h 9s Tc", "Ac 6d 7h 8s 9c"),  # A-6-7-8-9 is the lowest straight
    ("short-deck", "Ac 6d 7h 8s 9c", "Ac Ad Ah Kc Qd"),  # ... but a straight
    ("short-deck", "6h 7h 8h 9h Jh", "Ac Ad Ah Kc Kd"),  # a flush beats a full house
    ("short-deck", "Ah 6h 7h 8h 9h", "Ac Ad Ah As 6c"),  # A-6-7-8-9 suited: straight flush
    ("short-deck", "Th Jh Qh Kh Ah", "9c Tc Jc Qc Kc"),  # royal flush above straight flushes
    ("short-deck", "Ac 6d 7h 8s 9c", "Kc Kd Kh Qc Jd"),  # straight above trips (the default)
    ("short-deck-trips", "6c 6d 6h 7c 8d", "Tc Jd Qh Ks Ac"),  # the flag: trips beat straight
    ("short-deck-trips", "6h 7h 8h 9h Jh", "Ac Ad Ah Kc Kd"),  # flush still beats full house
    ("short-deck-trips", "Ac 6d 7h 8s 9c", "Kc Kd Qh Qc Jd"),  # straight still beats two pair
    ("ace-to-five", "5c 4c 3c 2c Ac", "6d 4c 3h 2s Ac"),  # the wheel is best, flush or not
    ("ace-to-five", "6d 4c 3h 2s Ac", "6d 5c 3h 2s Ac"),
    ("ace-to-five", "8h 7h 6h 5h 4h", "9d 4c 3h 2s Ac"),  # 8-7-6-5-4 suited: an 8-low
    ("ace-to-five", "Kc Qd Jh Ts 9c", "Ac Ad 2c 3d 4h"),  # any low beats a pair
    ("ace-to-five", "Ac Ad 2c 3d 4h", "2c 2d Ac 3d 4h"),  # aces are the lowest pair
    ("ace-to-five", "2c 2d 3c 3d 4h", "2h 2s 2c 3d 4h"),  # two pair beats trips
    ("ace-to-five", "2h 2s 2c 3d 3h", "2h 2s 2c 2d 3h"),  # full house beats quads
    ("eight-or-better", "8c 7d 6h 5s 4c", "9c 4d 3h 2s Ac"),  # 8-low; a 9-low is no low
    ("eight-or-better", "5c 4c 3c 2c Ac", "6d 4c 3h 2s Ac"),
    ("eight-or-better", "8c 7d 6h 5s 4c", "Ac Ad 2c 3d 4h"),  # a pair is no low
    ("deuce-to-seven", "7c 5d 4h 3s 2c", "7c 6d 4h 3s 2c"),  # Number one
    ("deuce-to-seven", "8c 6d 5h 4s 2c", "8c 6d 5h 4s 3c"),
    ("deuce-to-seven", "Kc 5d 4h 3s 2c", "Ac 5d 4h 3s 2d"),  # the ace is high: A-5-4-3-2 is
    ("deuce-to-seven", "Ac 5d 4h 3s 2d", "2c 2d 3h 4s 5c"),  # ace-high, better than a pair
    ("deuce-to-seven", "Ac Kd Qh Js 9c", "6c 5d 4h 3s 2c"),  # straights count against you
    ("deuce-to-seven", "6c 5d 4h 3s 2c", "7c 5c 4c 3c 2c"),  # flushes count against you
    ("deuce-to-seven", "Ac Ad Ah Kc Kd", "Ac Ad Ah As Kd"),
    ("deuce-to-seven", "Ac Ad Ah As Kd", "Th Jh Qh Kh Ah"),  # a royal is the worst hand
    ("badugi", "Ac 2d 3h 4s", "Ac 2d 3h 5s"),
    ("badugi", "Kc Qd Jh Ts", "Ac 2d 3h 3s"),  # four cards beat three
    ("badugi", "Ac 2d 3h 3s", "Ac 2d 4h 3d"),  # 3-2-A beats 4-2-A (3d and 2d share a suit)
    ("badugi", "7c 5d 2h Kh", "7c 6d 2h 2c"),  # 7-5-2 beats 7-6-2
    ("badugi", "Kc Kd 2c 3d", "Kc Kd Kh 2c"),  # 2-card: 3-2 beats K-2
    ("badugi", "2c 3c 4c 5c", "Kc Kd Kh Ks"),  # 1-card: a 2 beats a K
    ("badugi", "Ac Kc Qc Jc", "2c 3c 4c 5c"),  # 1-card: the ace is low
]

TIES = [
    ("short-deck", "Ac 6d 7h 8s 9c", "As 6h 7d 8c 9d"),
    ("ace-to-five", "5c 4c 3c 2c Ac", "5d 4h 3s 2c Ad"),
    ("ace-to-five", "5c 4c 3c 2c Ac Ad Kh", "5d 4h 3s 2c Ah"),  # best five of seven
    ("eight-or-better", "9c Tc Jh Qs Kc", "Ac Ad Ah As Kd"),  # no low == no low
    ("eight-or-better", "9c Tc Jh Qs Kc 2c 3d", "Ac Ad Ah As Kd"),
    ("deuce-to-seven", "7c 5d 4h 3s 2c", "7d 5h 4s 3c 2d"),
    ("deuce-to-seven", "7c 5d 4h 3s 2c Ac Ad", "7d 5h 4s 3c 2d"),
    ("badugi", "Ac 2d 3h 4s", "As 2h 3d 4c Kc"),
    ("badugi", "Kc Kd 2c 3d", "Ks Kh 2s 3h"),
    ("badugi", "Ac 2d 3h 4s 4c 5d 6h", "As 2h 3d 4c"),
]


@pytest.mark.parametrize("ranking, better, worse", BEATS)
def test_naive_follows_the_rules(ranking, better, worse):
    assert nr.key(ranking, cards_from_text(better)) > nr.key(ranking, cards_from_text(worse))


@pytest.mark.parametrize("ranking, a, b", TIES)
def test_naive_ties(ranking, a, b):
    assert nr.key(ranking, cards_from_text(a)) == nr.key(ranking, cards_from_text(b))


@pytest.mark.parametrize("ranking, better, worse", BEATS)
def test_evaluate_follows_the_rules(ranking, better, worse):
    assert one(better, ranking) > one(worse, ranking), (better, worse)


@pytest.mark.parametrize("ranking, a, b", TIES)
def test_evaluate_ties(ranking, a, b):
    assert one(a, ranking) == one(b, ranking), (a, b)


# --------------------------------------------------------------------------- all five-card hands


@pytest.fixture(scope="module")
def all_five():
    """All C(52, 5) five-card hands, (2598960, 5) uint8."""
    flat = np.fromiter(chain.from_iterable(combinations(range(52), 5)), np.uint8,
                       count=5 * comb(52, 5))
    return flat.reshape(-1, 5)


@pytest.fixture(scope="module")
def all_short_five():
    """All C(36, 5) five-card hands of the short deck, (376992, 5) uint8."""
    flat = np.fromiter(chain.from_iterable(combinations(nr.SHORT_DECK, 5)), np.uint8,
                       count=5 * comb(36, 5))
    return flat.reshape(-1, 5)


def groups_by_ranks_and_flush(hands):
    """(index of one hand per group, group of each hand) for groups of five-card hands with the
    same rank multiset and flush flag."""
    ranks = np.sort(hands >> 2, axis=1).astype(np.int64)
    code = np.zeros(len(hands), np.int64)
    for j in range(5):
        code = code * 13 + ranks[:, j]
    flush = (hands & 3 == (hands[:, :1] & 3)).all(axis=1)
    _, first, inverse = np.unique(code * 2 + flush, return_index=True, return_inverse=True)
    return first, inverse.reshape(-1)


def naive_keys_by_group(hands, ranking):
    """(naive key of each group, group of each hand): the naive reference once per group."""
    first, inverse = groups_by_ranks_and_flush(hands)
    return [nr.key(ranking, hands[i].tolist()) for i in first], first, inverse


def check_all_hands(hands, ranking):
    """pokersim's order of ``hands`` == the naive order; returns (strengths, groups)."""
    keys, first, inverse = naive_keys_by_group(hands, ranking)
    s = strengths(hands, ranking)
    expected = dense_from_keys(keys)[inverse]
    assert_same_order(hands, expected, dense_from_values(s), "naive", "evaluate",
                      None, s)
    return s, keys, first, inverse


@pytest.mark.parametrize("ranking", FULL_DECK_FIVE)
def test_all_five_card_hands_in_naive_order(all_five, ranking):
    """All 2,598,960 hands: same order as the naive reference, ties included; the number of
    distinct strengths is the number of distinct naive keys."""
    s, keys, _, _ = check_all_hands(all_five, ranking)
    assert len(np.unique(s)) == len(set(keys))


@pytest.mark.parametrize("ranking", ["short-deck", "short-deck-trips"])
def test_all_short_deck_five_card_hands_in_naive_order(all_short_five, ranking):
    s, keys, _, _ = check_all_hands(all_short_five, ranking)
    assert len(np.unique(s)) == len(set(keys)) == 1404


def test_short_deck_trips_differs_only_between_trips_and_straights(all_short_five):
    plain, trips = strengths(all_short_five, "short-deck"), strengths(all_short_five,
                                                                      "short-deck-trips")
    cat = np.asarray(pokersim.category(plain, ranking="short-deck")).astype(int)
    moved = np.isin(cat, [3, 4])  # Category codes THREE_OF_A_KIND, STRAIGHT
    rest = ~moved
    assert np.array_equal(dense_from_values(plain[rest]), dense_from_values(trips[rest]))
    assert plain[cat == 4].min() > plain[cat == 3].max()
    assert trips[cat == 3].min() > trips[cat == 4].max()


@pytest.fixture(scope="module")
def all_four():
    flat = np.fromiter(chain.from_iterable(combinations(range(52), 4)), np.uint8,
                       count=4 * comb(52, 4))
    return flat.reshape(-1, 4)


@pytest.fixture(scope="module")
def all_four_badugi_keys(all_four):
    return [nr.badugi_key(h) for h in all_four.tolist()]


def test_all_four_card_badugi_hands_in_naive_order(all_four, all_four_badugi_keys):
    s = strengths(all_four, "badugi")
    assert_same_order(all_four, dense_from_keys(all_four_badugi_keys), dense_from_values(s),
                      "naive", "evaluate", all_four_badugi_keys, s)
    assert len(np.unique(s)) == len(set(all_four_badugi_keys)) == 1092


def test_badugi_categories_and_names_of_all_four_card_hands(all_four, all_four_badugi_keys):
    s = strengths(all_four, "badugi")
    labels = rankings().get("badugi").labels
    _, first = np.unique(s, return_index=True)
    got_cat = np.asarray(pokersim.category(s[first], ranking="badugi")).astype(int)
    got_names = pokersim.describe(s[first], ranking="badugi")
    for i, c, name in zip(first.tolist(), got_cat.tolist(), got_names, strict=True):
        k = all_four_badugi_keys[i]
        assert (labels[c], name) == (nr.category_name("badugi", k), nr.describe("badugi", k)), \
            cards_to_text(all_four[i])


# --------------------------------------------------------------------------- random 4-7 cards


@pytest.fixture(scope="module", params=nr.RANKINGS)
def random_mixed(request):
    """(ranking, hands of each size, naive keys): 15,000 seven-card hands and 5,000 of each
    smaller size the ranking takes, from its deck."""
    ranking = request.param
    sizes = nr.HAND_SIZES[ranking]
    hands = [deck_hands(1000 + k, 15_000 if k == 7 else 5_000, k, nr.DECKS[ranking])
             for k in sizes]
    keys = [[nr.key(ranking, row) for row in h.tolist()] for h in hands]
    return ranking, hands, keys


def test_random_hands_of_every_size_in_naive_order(random_mixed):
    """All sizes ranked together: strengths of 4-7 cards are comparable."""
    ranking, hands, keys = random_mixed
    s = np.concatenate([strengths(h, ranking) for h in hands])
    flat_keys = list(chain.from_iterable(keys))
    rows = list(chain.from_iterable(h.tolist() for h in hands))
    assert_same_order(rows, dense_from_keys(flat_keys), dense_from_values(s), "naive",
                      "evaluate", flat_keys, s)


def stress_hands(seed, n, k, deck, kind):
    """(n, k) uint8 hands where the rules are easiest to get wrong. "flush": five or more
    cards of one suit, three or more of four (deuce-to-seven must step around a flush, the
    short deck rank it over a full house, badugi find the other suits); "window": cards of six
    consecutive ranks, the ace both ends (straights, wheels, pairs)."""
    rng = np.random.default_rng(seed)
    deck = np.asarray(deck, np.int64)
    out = np.empty((n, k), np.uint8)
    for i in range(n):
        if kind == "flush":
            suit = rng.integers(4)
            m = rng.integers(min(5, k - 1), k + 1)  # badugi's four cards: three or four
            suited, other = deck[deck % 4 == suit], deck[deck % 4 != suit]
            row = np.concatenate([rng.choice(suited, m, replace=False),
                                  rng.choice(other, k - m, replace=False)])
        else:
            ranks = sorted({c // 4 for c in deck.tolist()})
            start = rng.integers(len(ranks))
            window = [ranks[(start + j) % len(ranks)] for j in range(6)]
            row = rng.choice(deck[np.isin(deck // 4, window)], k, replace=False)
        out[i] = rng.permutation(row)
    return out


@pytest.mark.parametrize("kind", ["flush", "window"])
@pytest.mark.parametrize("ranking", nr.RANKINGS)
def test_stress_hands_in_naive_order(ranking, kind):
    """2,000 hands of each size the ranking takes, dealt to be hard (see stress_hands)."""
    hands = [stress_hands(2000 + k, 2_000, k, nr.DECKS[ranking], kind)
             for k in nr.HAND_SIZES[ranking]]
    rows = list(chain.from_iterable(h.tolist() for h in hands))
    keys = [nr.key(ranking, row) for row in rows]
    s = np.concatenate([strengths(h, ranking) for h in hands])
    assert_same_order(rows, dense_from_keys(keys), dense_from_values(s), "naive", "evaluate",
                      keys, s)


def category_labels(ranking, s):
    labels = rankings().get(ranking).labels
    codes = np.asarray(pokersim.category(s, ranking=ranking)).astype(int)
    return [labels[c] for c in codes.tolist()]


def assert_name(ranking, key, got, hand):
    """describe() against the naive name: exact, except for the paired lows and deuce-to-seven's
    straights and flushes, whose wording docs/api.md leaves open beyond the category."""
    want = nr.describe(ranking, key)
    exact = not (ranking in ("ace-to-five", "eight-or-better", "deuce-to-seven")
                 and want == nr.category_name(ranking, key) and want != "No low")
    if exact:
        assert got == want, (cards_to_text(hand), got, want)
    else:
        assert got.startswith(want), (cards_to_text(hand), got, want)
        if want == "Pair":  # "Pair of Twos"
            assert got.startswith("Pair of "), (cards_to_text(hand), got)


def test_random_hands_categories_and_names(random_mixed):
    ranking, hands, keys = random_mixed
    for h, ks in zip(hands, keys, strict=True):
        s = strengths(h, ranking)
        got_labels = category_labels(ranking, s)
        got_names = pokersim.describe(s, ranking=ranking)
        for row, k, label, name in zip(h, ks, got_labels, got_names, strict=True):
            assert label == nr.category_name(ranking, k), (cards_to_text(row), label)
            assert_name(ranking, k, name, row)


@pytest.mark.parametrize("ranking", FIVE_CARD)
def test_categories_and_names_of_every_five_card_class(all_five, all_short_five, ranking):
    """One hand of every rank multiset and flush flag: category and describe == naive."""
    hands = all_short_five if ranking.startswith("short-deck") else all_five
    keys, first, _ = naive_keys_by_group(hands, ranking)
    s = strengths(hands[first], ranking)
    names = pokersim.describe(s, ranking=ranking)
    for row, k, label, name in zip(hands[first], keys, category_labels(ranking, s), names,
                                   strict=True):
        assert label == nr.category_name(ranking, k), (cards_to_text(row), label)
        assert_name(ranking, k, name, row)


# --------------------------------------------------------------------------- names, by example

NAMES = [
    ("ace-to-five", "8h 6d 5c 4s 2h", "8-6-5-4-2 low"),
    ("eight-or-better", "8h 6d 5c 4s 2h Kd Kc", "8-6-5-4-2 low"),
    ("deuce-to-seven", "8h 6d 5c 4s 2h", "8-6-5-4-2 low"),
    ("ace-to-five", "5h 4d 3c 2s Ah", "Wheel"),
    ("ace-to-five", "5h 4h 3h 2h Ah", "Wheel"),
    ("eight-or-better", "5h 4d 3c 2s Ah 5d 5c", "Wheel"),
    ("ace-to-five", "6h 4d 3c 2s Ah", "6-4-3-2-A low"),
    ("ace-to-five", "Kh Qd Jc Ts 9h", "K-Q-J-T-9 low"),
    ("deuce-to-seven", "7c 5d 4h 3s 2c", "Number one"),
    ("deuce-to-seven", "7c 5d 4h 3s 2c Kh Kd", "Number one"),
    ("deuce-to-seven", "Ac 5d 4h 3s 2c", "A-5-4-3-2 low"),
    ("ace-to-five", "2c 2d 7h 8s 9c", "Pair of Twos"),
    ("deuce-to-seven", "2c 2d 7h 8s 9c", "Pair of Twos"),
    ("eight-or-better", "9c 4d 3h 2s Ac", "No low"),
    ("eight-or-better", "Ac Ad 2c 3d 4h 4s 2h", "No low"),
    ("badugi", "7c 5d 2h Kh", "3-card badugi, 7-5-2"),
    ("badugi", "4c 3d 2h As", "4-card badugi, 4-3-2-A"),
    ("badugi", "Kc Kd Kh Ks", "1-card badugi, K"),
    ("short-deck", "Ac 6d 7h 8s 9c", "Straight, Nine high"),
    ("short-deck", "Ah 6h 7h 8h 9h", "Straight Flush, Nine high"),
    ("short-deck", "Th Jh Qh Kh Ah", "Royal Flush"),
    ("short-deck", "Kc Kd Kh 6c 6d", "Full House, Kings over Sixes"),
    ("high", "Kc Kd Kh 4c 4d", "Full House, Kings over Fours"),
]


@pytest.mark.parametrize("ranking, hand, name", NAMES)
def test_naive_names(ranking, hand, name):
    want = nr.describe(ranking, nr.key(ranking, cards_from_text(hand)))
    assert want == name or (want == "Pair" and name.startswith("Pair of ")), want


@pytest.mark.parametrize("ranking, hand, name", NAMES)
def test_describe_names(ranking, hand, name):
    assert pokersim.describe(one(hand, ranking), ranking=ranking) == name


# --------------------------------------------------------------------------- the ranking objects


@pytest.mark.parametrize("ranking", nr.RANKINGS)
def test_ranking_description(ranking):
    """get(name): deck (a name deal takes), hand sizes, labels (Category codes for high and the
    short decks, weakest first elsewhere) and order (codes strongest first) as docs/api.md
    lists them."""
    r = rankings().get(ranking)
    # the deck is named as deal(deck=...) takes it
    dealt = pokersim.deal(2_000, 7, seed=2, deck=r.deck)
    assert set(np.unique(dealt).tolist()) == set(nr.DECKS[ranking]), r.deck
    assert tuple(r.hand_sizes) == nr.HAND_SIZES[ranking]
    labels = list(r.labels)
    if ranking == "high" or ranking.startswith("short-deck"):
        assert labels == list(nr.CATEGORY_NAMES)
    else:
        assert labels == nr.CATEGORIES[ranking][::-1]
    assert [labels[c] for c in r.order] == nr.CATEGORIES[ranking]


@pytest.mark.parametrize("ranking, count", [
    ("short-deck", 1404), ("short-deck-trips", 1404), ("ace-to-five", 6175),
    ("eight-or-better", 56), ("deuce-to-seven", 7462), ("badugi", 1092), ("high", 7462)])
def test_number_of_strengths(ranking, count):
    """Distinct hands (the naive keys' count in the exhaustive tests above): short deck 120 +
    504 + 252 + 252 + 6 + 120 + 72 + 72 + 6; ace-to-five the 6,175 rank multisets;
    eight-or-better the C(8, 5) = 56 lows (no low, strength 0, is not counted: strengths of
    hands run 1..n_strengths, as the Ranking docstring has it); badugi C(13,4) + C(13,3) +
    C(13,2) + 13. The best hand's strength is n_strengths."""
    r = rankings().get(ranking)
    assert r.n_strengths == count
    best = {"short-deck": "Th Jh Qh Kh Ah", "short-deck-trips": "Th Jh Qh Kh Ah",
            "ace-to-five": "5h 4d 3c 2s Ah", "eight-or-better": "5h 4d 3c 2s Ah",
            "deuce-to-seven": "7c 5d 4h 3s 2c", "badugi": "4c 3d 2h As", "high": "Th Jh Qh Kh Ah"}
    assert one(best[ranking], ranking) == count


def test_short_deck_trips_is_the_flag():
    rk = rankings()
    flagged = rk.short_deck(trips_beat_straight=True)
    plain = rk.short_deck()
    assert list(flagged.order) == list(rk.get("short-deck-trips").order)
    assert list(plain.order) == list(rk.get("short-deck").order)
    hands = deck_hands(5, 2_000, 7, nr.SHORT_DECK)
    assert np.array_equal(pokersim.evaluate(hands, ranking=flagged),
                          strengths(hands, "short-deck-trips"))
    assert np.array_equal(pokersim.evaluate(hands, ranking=plain), strengths(hands, "short-deck"))


def test_high_is_the_default():
    hands = deck_hands(6, 2_000, 7)
    assert np.array_equal(strengths(hands, "high"), pokersim.evaluate(hands))


# --------------------------------------------------------------------------- eight-or-better


def test_no_low_is_zero_and_below_every_low(all_five):
    rk = rankings()
    assert rk.NO_LOW == 0
    s = strengths(all_five, "eight-or-better")
    low = np.sort(((all_five >> 2).astype(int) + 1) % 13, axis=1)  # ace-low ranks
    qualifies = (np.diff(low, axis=1) != 0).all(axis=1) & (low <= 7).all(axis=1)
    assert int(qualifies.sum()) == sum(LOWS_FIVE.values())
    assert (s[~qualifies] == rk.NO_LOW).all()
    assert (s[qualifies] > rk.NO_LOW).all()
    assert pokersim.describe(rk.NO_LOW, ranking="eight-or-better") == "No low"
    labels = rk.get("eight-or-better").labels
    assert labels[int(pokersim.category(rk.NO_LOW, ranking="eight-or-better"))] == "No low"
    # an 8-low of eight-or-better is the same low in ace-to-five: the orders agree on lows
    a5 = strengths(all_five[qualifies], "ace-to-five")
    assert np.array_equal(dense_from_values(a5), dense_from_values(s[qualifies]))


# --------------------------------------------------------------------------- best_five


def reading_order_ok(ranking, cards):
    """For an unpaired low (or badugi's set), the cards read highest first, aces low."""
    low = [nr.low_rank(c // 4) for c in cards]
    if ranking == "deuce-to-seven":
        low = [c // 4 for c in cards]
    return low == sorted(low, reverse=True)


@pytest.mark.parametrize("ranking", nr.RANKINGS)
def test_best_five(ranking):
    """The cards that play: in the hand, distinct, and worth the hand's strength; badugi gives
    four cards, its badugi first (distinct suits and ranks, the naive set), highest first."""
    plays = 4 if ranking == "badugi" else 5
    for k in nr.HAND_SIZES[ranking]:
        hands = deck_hands(200 + k, 3_000, k, nr.DECKS[ranking])
        best = pokersim.best_five(hands, ranking=ranking)
        assert best.shape == (len(hands), plays), best.shape
        for row, b in zip(hands.tolist(), best.tolist(), strict=True):
            assert len(set(b)) == plays and set(b) <= set(row), (cards_to_text(row), b)
        assert np.array_equal(strengths(best, ranking), strengths(hands, ranking))
        for row, b in zip(hands.tolist(), best.tolist(), strict=True):
            key = nr.key(ranking, row)
            if ranking == "badugi":
                size = key[0]
                played = b[:size]
                assert len({c % 4 for c in played}) == len({c // 4 for c in played}) == size
                assert sorted(-nr.low_rank(c // 4) for c in played) == list(key[1])
                assert reading_order_ok(ranking, played), (cards_to_text(row), b)
            elif (ranking in ("ace-to-five", "eight-or-better", "deuce-to-seven")
                  and nr.category_name(ranking, key).endswith("-low")):
                assert reading_order_ok(ranking, b), (cards_to_text(row), cards_to_text(b))


def test_best_five_examples():
    def best(text, ranking):
        return cards_to_text(pokersim.best_five(text_hand(text), ranking=ranking)[0])

    assert best("Kh 8h 6d 5c 4s 2h 2d", "ace-to-five") == "8h 6d 5c 4s 2h"
    assert best("Ac 2d 3h 4s 5c Kd Kh", "ace-to-five") == "5c 4s 3h 2d Ac"
    assert best("7c 5d 4h 3s 2c Ac Ad", "deuce-to-seven") == "7c 5d 4h 3s 2c"
    assert best("Kc 7c 5d 2h Kh", "badugi")[:8] == "7c 5d 2h"


# --------------------------------------------------------------------------- exact frequencies


def frequency_table(ranking, cards, **kwargs):
    table = pokersim.category_frequencies(cards=cards, ranking=ranking, **kwargs)
    assert list(table["category"].astype(str)) == nr.CATEGORIES[ranking]
    assert table["count"].dtype == np.int64
    return table


def exact_counts(ranking, cards):
    table = frequency_table(ranking, cards, method="exact")
    counts = dict(zip(table["category"].astype(str), table["count"].tolist(), strict=True))
    assert sum(counts.values()) == comb(len(nr.DECKS[ranking]), cards)
    return {k: v for k, v in counts.items() if v}


@functools.cache
def naive_counts(ranking, cards):
    """{category: hands} by the naive reference's grouped enumeration (cached: a few seconds
    for seven cards)."""
    if ranking == "badugi":
        return nr.badugi_counts(cards)
    return nr.counts_by_rank_multiset(ranking, cards)


@pytest.mark.parametrize("ranking, cards", [(r, 5) for r in nr.RANKINGS] + [("badugi", 4)])
def test_exact_frequencies_match_naive(ranking, cards):
    assert exact_counts(ranking, cards) == naive_counts(ranking, cards)


def test_exact_frequencies_published():
    assert exact_counts("short-deck", 5) == SHORT_DECK_FIVE
    assert {k: exact_counts("ace-to-five", 5)[k] for k in LOWS_FIVE} == LOWS_FIVE
    assert {k: exact_counts("ace-to-five", 7)[k] for k in LOWS_SEVEN} == LOWS_SEVEN
    eight = exact_counts("eight-or-better", 7)
    assert eight == {**LOWS_SEVEN, "No low": SEVEN_CARD_HANDS - EIGHT_OR_BETTER_SEVEN_QUALIFY}
    assert exact_counts("deuce-to-seven", 5) == deuce_to_seven_five_card_counts()
    assert exact_counts("high", 7) == HIGH_SEVEN


@pytest.mark.parametrize("ranking, cards", [("short-deck", 7), ("short-deck-trips", 7),
                                            ("badugi", 7)])
def test_exact_seven_card_frequencies_match_naive(ranking, cards):
    """The cheap naive seven-card counts (short deck: 9 ranks; badugi: by rank pattern)."""
    assert exact_counts(ranking, cards) == naive_counts(ranking, cards)


@pytest.mark.slow
@pytest.mark.parametrize("ranking, cards", [(r, k) for r in nr.RANKINGS for k in (6, 7)])
def test_exact_six_and_seven_card_frequencies_match_naive(ranking, cards):
    assert exact_counts(ranking, cards) == naive_counts(ranking, cards)


# --------------------------------------------------------------------------- Monte Carlo


@pytest.mark.parametrize("ranking", nr.RANKINGS)
def test_monte_carlo_frequencies_within_four_standard_errors(ranking):
    """200,000 seven-card hands: every category within 4 standard errors of its exact
    probability (the exact counts are checked against naive and published counts above); the
    same seed gives the same counts."""
    trials = 200_000
    exact = exact_counts(ranking, 7)
    total = comb(len(nr.DECKS[ranking]), 7)
    table = frequency_table(ranking, 7, trials=trials, seed=1)
    assert (table["method"] == "monte-carlo").all()
    assert int(table["count"].sum()) == trials
    for label, count in zip(table["category"].astype(str), table["count"].tolist(),
                            strict=True):
        p = exact.get(label, 0) / total
        se = sqrt(p * (1 - p) / trials)
        if p == 0:
            assert count == 0, label
        else:
            assert abs(count / trials - p) < 4 * se, (label, count / trials, p, se)
    again = frequency_table(ranking, 7, trials=trials, seed=1)
    assert again["count"].tolist() == table["count"].tolist()


# --------------------------------------------------------------------------- deal


def test_deal_from_the_short_deck():
    hands = pokersim.deal(20_000, 7, seed=3, deck="short")
    assert hands.shape == (20_000, 7)
    assert hands.min() >= 16  # 6c
    assert all(len(set(row)) == 7 for row in hands.tolist())
    assert set(np.unique(hands).tolist()) == set(nr.SHORT_DECK)
    assert np.array_equal(hands, pokersim.deal(20_000, 7, seed=3, deck="short"))
    strengths(hands, "short-deck")  # every dealt hand is a valid short-deck hand


# --------------------------------------------------------------------------- errors


def test_unknown_ranking_names_the_valid_ones():
    hands = deck_hands(1, 2, 5)
    calls = [
        lambda: pokersim.evaluate(hands, ranking="razz"),
        lambda: pokersim.best_five(hands, ranking="razz"),
        lambda: pokersim.category(1, ranking="razz"),
        lambda: pokersim.describe(1, ranking="razz"),
        lambda: pokersim.category_frequencies(cards=5, ranking="razz", method="exact"),
        lambda: rankings().get("razz"),
    ]
    for call in calls:
        with pytest.raises(PokersimInputError, match="razz") as info:
            call()
        for name in nr.RANKINGS:
            assert name in str(info.value), (name, str(info.value))


@pytest.mark.parametrize("ranking", [5, 2.5, ["high"]])  # (None: the default, "high")
def test_ranking_of_a_wrong_type_is_an_input_error(ranking):
    with pytest.raises(PokersimInputError):
        pokersim.evaluate(deck_hands(1, 2, 5), ranking=ranking)


@pytest.mark.parametrize("ranking", ["short-deck", "short-deck-trips"])
def test_card_below_six_in_a_short_deck_hand(ranking):
    hand = text_hand("5c 6d 7h 8s 9c")
    for call in (lambda: pokersim.evaluate(hand, ranking=ranking),
                 lambda: pokersim.best_five(hand, ranking=ranking)):
        with pytest.raises(CardError, match=r"5c|\b12\b"):
            call()
    hands = deck_hands(2, 10, 7, nr.SHORT_DECK)
    hands[7, 3] = 3  # 2s
    with pytest.raises(CardError, match=r"2s|\b3\b"):
        pokersim.evaluate(hands, ranking=ranking)


@pytest.mark.parametrize("ranking, k", [("badugi", 3), ("badugi", 8)]
                         + [(r, k) for r in FIVE_CARD for k in (4, 8)])
def test_wrong_number_of_cards(ranking, k):
    hands = deck_hands(3, 2, k, nr.DECKS[ranking])
    for call in (lambda: pokersim.evaluate(hands, ranking=ranking),
                 lambda: pokersim.best_five(hands, ranking=ranking)):
        with pytest.raises(HandShapeError, match=rf"\(2, {k}\)"):
            call()


@pytest.mark.parametrize("ranking", NEW)
def test_strength_outside_the_ranking(ranking):
    for bad in (-1, 30_000):
        for decode in (pokersim.category, pokersim.describe):
            with pytest.raises(PokersimInputError, match=str(bad)):
                decode(bad, ranking=ranking)


@pytest.mark.parametrize("ranking", ["badugi", "ace-to-five"])
def test_duplicate_card_is_an_error(ranking):
    hands = deck_hands(4, 3, 5)
    hands[1, 4] = hands[1, 0]
    with pytest.raises(PokersimInputError, match=cards_to_text([hands[1, 0]])):
        pokersim.evaluate(hands, ranking=ranking)


def test_frequencies_of_a_size_the_ranking_does_not_take():
    with pytest.raises(PokersimInputError, match="4"):
        pokersim.category_frequencies(cards=4, ranking="ace-to-five", method="exact")
    with pytest.raises(PokersimInputError, match="3"):
        pokersim.category_frequencies(cards=3, ranking="badugi", method="exact")
