"""pokersim.rankings.omaha: exactly two hole cards and three board cards, high and low.

Expected values come from the rules: every (2 hole, 3 board) choice ranked by the five-card
evaluator (``pokersim.evaluate``, itself checked against peers elsewhere), hands reasoned out
below, the published count of Omaha hi/lo boards that allow a low, pokerkit's Omaha hands
(``OmahaHoldemHand``, ``OmahaEightOrBetterLowHand``) and poker_equity's winners on river
spots; never from the module under test.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

import numpy as np
import pytest

from pokersim import PokersimInputError, evaluate, parse_cards
from pokersim._core.combinatorics import subsets
from pokersim._core.jit import on_rows
from pokersim.errors import CardError, DuplicateCardError
from pokersim.evaluator.tables import HASH_SHIFT, RANK_KEYS
from pokersim.games import game as games
from pokersim.rankings import omaha
from tests.bits import bit_count
from tests.orders import assert_same_order, dense_from_keys, dense_from_values

HOLES = (4, 5, 6)
CARD_TEXT = [r + s for r in "23456789TJQKA" for s in "cdhs"]  # card = 4 * rank + suit


def deal_from(deck, n, k, seed):
    """(n, k) uint8: each row k distinct cards of ``deck``, uniformly drawn."""
    deck = np.asarray(deck, np.uint8)
    rng = np.random.default_rng(seed)
    return deck[np.argsort(rng.random((n, deck.size)), axis=1)[:, :k]]


def cards_of(ranks=range(13), suits=range(4)):
    return [4 * r + s for r in ranks for s in suits]


#: Decks that make the rare cases common: flushes and straight flushes (two suits; one suit
#: and a few others), full houses and quads (six ranks), lows and counterfeit lows (A..8 and
#: two ranks above).
DECKS = {
    "full": cards_of(),
    "two suits": cards_of(suits=(2, 3)),
    "one suit": cards_of(suits=(3,)) + cards_of(ranks=(0, 1, 2), suits=(0,)),
    "six ranks": cards_of(ranks=range(7, 13)),
    "low": cards_of(ranks=(12, 0, 1, 2, 3, 4, 5, 6, 7, 8)),
}


def brute_force(rows, ranking):
    """The best of every choice of two hole cards and three board cards, each five ranked by
    ``pokersim.evaluate``; in chunks of rows."""
    h = rows.shape[1] - 5
    choices = [p + t for p in combinations(range(h), 2)
               for t in combinations(range(h, h + 5), 3)]
    out = np.empty(len(rows), np.int16)
    for start in range(0, len(rows), 50_000):
        part = rows[start:start + 50_000]
        fives = part[:, choices].reshape(-1, 5)
        out[start:start + 50_000] = evaluate(fives, ranking=ranking).reshape(len(part), -1).max(1)
    return out


def check_rows(rows):
    high, low = omaha.high_low(rows)
    expected_high = brute_force(rows, "high")
    expected_low = brute_force(rows, "eight-or-better")
    for got, expected, what in ((high, expected_high, "high"), (low, expected_low, "low")):
        bad = np.flatnonzero(got != expected)
        assert bad.size == 0, (f"{bad.size} rows differ in the {what}; first "
                               f"{' '.join(CARD_TEXT[c] for c in rows[bad[0]])}: "
                               f"got {got[bad[0]]}, expected {expected[bad[0]]}")
    np.testing.assert_array_equal(omaha.high(rows), high)
    np.testing.assert_array_equal(omaha.low(rows), low)
    return expected_high, expected_low


# ---------------------------------------------------------------------------------------------
# Against the brute force


def _by_kernel(kernel, rows, *after):
    """(high, low, bad rows) of ``rows`` by one of omaha's row kernels, as high_low runs it."""
    t = omaha.tables()
    high, low = np.empty(len(rows), np.int16), np.empty(len(rows), np.int16)
    bad = sum(on_rows(kernel, len(rows), rows, True, True, omaha.deck_bits(0), *t.board_args(),
                      *t.hole_args()[2:], t.low_bits, t.low, high, low, *after))
    return high, low, bad


@pytest.mark.parametrize("h", [4, pytest.param(5, marks=pytest.mark.slow),
                               pytest.param(6, marks=pytest.mark.slow)])
def test_a_hole_sizes_own_kernel_as_the_general_one(h):
    # every hole size runs on one general kernel until its own pays
    # (pokersim._core.specialise): the same strengths, bad rows included
    rows = deal_from(DECKS["full"], 30_001, h + 5, seed=h + 50)
    rows[::101, 2] = 60
    rows[1::103, 0] = rows[1::103, h]
    own = _by_kernel(omaha._kernel(h), rows)
    general = _by_kernel(omaha._any_size_kernel, rows, h)
    for got, expected in zip(own, general, strict=True):
        np.testing.assert_array_equal(got, expected)
    assert own[2] > 500 and (own[0] == -1).sum() == own[2]


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("h", HOLES)
def test_matches_every_two_plus_three_choice(h, deck):
    n = 20_000 if deck == "full" else 8_000
    high, low = check_rows(deal_from(DECKS[deck], n, h + 5, seed=h * 100 + len(deck)))
    # the decks do what they are for
    if deck == "two suits":
        assert (high >= evaluate("7h 5h 4h 3h 2h")).mean() > 0.3  # flushes and better
    if deck == "one suit":
        assert (high >= evaluate("6s 5s 4s 3s 2s")).sum() > 200  # straight flushes
    if deck == "six ranks":
        assert (high >= evaluate("2c 2d 2h 3s 3c")).mean() > 0.2  # full houses and quads
    if deck == "low":
        assert (low > 0).mean() > 0.5


@pytest.mark.slow
@pytest.mark.parametrize("h", HOLES)
def test_matches_every_two_plus_three_choice_on_millions_of_rows(h):
    for deck in DECKS:
        check_rows(deal_from(DECKS[deck], 1_000_000, h + 5, seed=h * 7 + len(deck)))


# ---------------------------------------------------------------------------------------------
# Hands worked out by hand: (hole, board, the five that play high, the five that play low)

RULES = [
    # four suited hole cards and two suited board cards: no flush; no straight either
    ("Ah Kh Qh Jh", "Th 9h 2c 3d 7s", "Ah Kd Tc 9c 7s", None),
    # four aces in the hole: one pair, with the board's three best
    ("Ah Ad Ac As", "Kd 7c 5h 4s 2c", "Ah Ad Kd 7c 5h", None),
    # the board's wheel and K-K in the hole: a pair of kings, no low, no straight
    ("Kh Kd Qc Jc", "5h 4h 3c 2c Ad", "Kh Kd Ad 5h 4h", None),
    # AA23 on 4-5-K-8-Q: no wheel (it needs three hole cards); A-2 with 8-5-4 for low
    ("As Ah 2c 3d", "4h 5s Kc 8d Qh", "As Ah Kc Qh 8d", "As 2c 4h 5s 8d"),
    # four nines on the board: trips with the hole's two best
    ("Kh Qd 7c 2s", "9c 9d 9h 9s Ac", "9c 9d 9h Kh Qd", None),
    # the board's broadway does not play: a pair of twos from the hole
    ("2c 2d 3h 4s", "Th Jd Qc Kh As", "2c 2d As Kh Qc", None),
    # one suited hole card and four suited board cards: no flush
    ("Ah Kc 2d 3s", "Qh Jh 9h 4h 7c", "Ad Kc Qh Jh 9s", None),
    # a straight flush from two hole and three board cards; an 8-7-6-5-A low
    ("9h 8h Ac Ad", "7h 6h 5h Kd Kc", "9h 8h 7h 6h 5h", "Ac 8h 7h 6h 5h"),
    # the straight flush beats the ace-high flush of the same suit
    ("Ah Kh 9h 8h", "7h 6h 5h 2c 3d", "9h 8h 7h 6h 5h", "Ah 8h 5h 3d 2c"),
    # board trips and a hole pair: a full house
    ("Qs Qd 5c 6c", "7h 7d 7c Ks 2d", "7h 7d 7c Qs Qd", None),
    # A-2 counterfeited by the board's deuce: no low; a pair of kings
    ("Ac 2d Kh Kd", "2c 3h 4s Qd Jc", "Kh Kd Qd Jc 4s", None),
    # the board pairs the hole's ace and deuce: two pair; the low takes A-3 or 2-3
    ("Ac 2d 3h Kd", "Ah 2s 6c 7d 8h", "Ac 2d Ah 2s 8h", "Ac 3h 2s 6c 7d"),
    # Omaha-5: five suited hole cards, two suited board cards: high card
    ("Ah Kh Qh Jh Th", "9h 8h 2c 3d 4s", "Ac Kd 9h 8h 4s", None),
    # Omaha-6: a royal flush; the low needs three board cards 8 or lower
    ("As Ks 2s 3s 4d 5d", "Qs Js Ts 6c 7h", "As Ks Qs Js Ts", None),
    # Omaha-6: a seven-high straight beats kings; a 7-6-5-2-A low
    ("As 2d 3c 4h Kd Kc", "5s 6d 7c Qh Jd", "3c 4h 5s 6d 7c", "As 2d 5s 6d 7c"),
]


@pytest.mark.parametrize("hole, board, high_five, low_five", RULES)
def test_hands_worked_out_by_hand(hole, board, high_five, low_five):
    row = np.concatenate([parse_cards(hole), parse_cards(board)])[None]
    assert omaha.high(row)[0] == evaluate(high_five)
    assert omaha.low(row)[0] == (0 if low_five is None else evaluate(low_five,
                                                                     ranking="eight-or-better"))
    high_cards, low_cards = omaha.best_fives(row)
    assert evaluate(high_cards[0]) == evaluate(high_five)
    if low_five is None:
        assert (low_cards[0] == omaha.NO_CARD).all()
    else:
        assert evaluate(low_cards[0], ranking="eight-or-better") == evaluate(low_five,
                                                                             ranking="eight-or-better")


# ---------------------------------------------------------------------------------------------
# The tables, entry by entry (their layout is documented in OmahaTables)


def five_cards(ranks):
    """Cards of rank arrays (..., 5): equal ranks get different suits, and five different
    ranks are not all of one suit (the last card takes another), so no five is a flush."""
    ranks = np.asarray(ranks)
    earlier_equal = (ranks[..., :, None] == ranks[..., None, :]) & np.tri(5, k=-1, dtype=bool)
    suits = earlier_equal.sum(axis=-1)
    suits[..., 4] += (suits.max(axis=-1) == 0)
    return (4 * ranks + suits).astype(np.uint8)


def test_nonflush_table_holds_the_best_three_board_cards_for_every_pair():
    t = omaha.tables()
    boards = np.array([b for b in combinations_with_replacement(range(13), 5)
                       if max(b.count(r) for r in b) <= 4])
    assert len(boards) == 6175
    keys = RANK_KEYS[boards].sum(axis=1)
    number = t.board_hash[keys + t.offsets[keys >> np.uint64(HASH_SHIFT)].astype(np.uint64)]
    assert sorted(number.tolist()) == list(range(6175))
    pairs = np.array([(a, b) for a in range(13) for b in range(a + 1)])  # a >= b
    slots = pairs[:, 0] * (pairs[:, 0] + 1) // 2 + pairs[:, 1]
    triples = np.array(list(combinations(range(5), 3)))
    ranks = np.concatenate([np.broadcast_to(pairs[None, :, None, :], (6175, 91, 10, 2)),
                            np.broadcast_to(boards[:, triples][:, None], (6175, 91, 10, 3))],
                           axis=-1)
    assert ranks.shape == (6175, 91, 10, 5)
    seven = np.concatenate([boards[:, None, :].repeat(91, 1),
                            pairs[None].repeat(6175, 0)], axis=2)
    possible = (seven[..., None] == np.arange(13)).sum(axis=2).max(axis=2) <= 4
    ranks[~possible] = [0, 1, 2, 3, 5]  # five of a rank: no such hand (the table holds 0)
    expected = evaluate(five_cards(ranks).reshape(-1, 5)).reshape(6175, 91, 10).max(axis=2)
    expected[~possible] = 0
    got = t.nonflush[number[:, None].astype(np.int64) * omaha.PAIRS + slots[None]]
    np.testing.assert_array_equal(got, expected)


def test_flush_table_holds_the_best_flush_for_every_suited_pair():
    t = omaha.tables()
    expected_rows = 0
    for size in (3, 4, 5):
        for board in combinations(range(13), size):
            mask = sum(1 << r for r in board)
            start = t.flush_row[mask]
            assert start >= 0
            expected_rows += 1
            others = [r for r in range(13) if r not in board]
            pairs = list(combinations(others, 2))
            fives = [(a, b) + three for a, b in pairs for three in combinations(board, 3)]
            strengths = evaluate(np.array(fives, np.uint8) * 4 + 3)  # all spades
            best = strengths.reshape(len(pairs), -1).max(axis=1)
            slots = [b * (b + 1) // 2 + a for a, b in pairs]  # a < b
            np.testing.assert_array_equal(t.flush[start + np.array(slots)], best)
    assert expected_rows == 2288 == t.flush.size // omaha.PAIRS
    assert (t.flush_row[bit_count(np.arange(8192)) < 3] == -1).all()


@pytest.mark.parametrize("h", HOLES)
def test_every_low_board_and_hole_mask(h):
    """Every board of up to five low ranks A..8 (the rest nines and up) with every hole of up
    to h low ranks: the best low of two hole ranks and three other board ranks."""
    ace_low = [12, 0, 1, 2, 3, 4, 5, 6]  # the rank of the ace-low rank 0..7 (A..8)
    masks = np.arange(256)
    fives = masks[bit_count(masks) == 5]
    five_strength = np.zeros(256, np.int64)
    five_strength[fives] = evaluate(np.array(
        [[4 * ace_low[r] + (j == 0) for j, r in enumerate(r for r in range(8) if m >> r & 1)]
         for m in fives], np.uint8), ranking="eight-or-better")
    assert (five_strength[fives] > 0).all()
    low_ranks = np.arange(8)
    pairs = np.array([(1 << a) | (1 << b) for a, b in combinations(low_ranks, 2)])
    threes = np.array([sum(1 << r for r in t) for t in combinations(low_ranks, 3)])
    value = np.where(pairs[:, None] & threes[None] == 0,
                     five_strength[pairs[:, None] | threes[None]], 0)  # (28, 56)
    within = lambda small, mask: (small & ~mask) == 0  # noqa: E731
    boards = masks[bit_count(masks) <= 5]
    holes = masks[bit_count(masks) <= h]
    # best[board, pair]: the pair with the best three other board ranks
    best = (within(threes[None, None], boards[:, None, None]) * value[None]).max(axis=2)
    expected = (within(pairs[None, None], holes[None, :, None]) * best[:, None]).max(axis=2)
    rows = []
    for board in boards:
        board_cards = [4 * ace_low[r] for r in range(8) if board >> r & 1]
        board_cards += [4 * r + 1 for r in range(7, 12)]  # nines to kings
        for hole in holes:
            hole_cards = [4 * ace_low[r] + 2 for r in range(8) if hole >> r & 1]
            hole_cards += [4 * r + s for s in (3, 2) for r in range(7, 12)]
            rows.append(hole_cards[:h] + board_cards[:5])
    rows = np.array(rows, np.uint8)
    assert (np.sort(rows, axis=1)[:, 1:] != np.sort(rows, axis=1)[:, :-1]).all()
    np.testing.assert_array_equal(omaha.low(rows), expected.ravel())


def test_published_count_of_boards_that_allow_a_low():
    """A low is possible on 1,561,728 of the 2,598,960 boards of Omaha hi/lo: there a hole
    holding the two lowest ranks A..8 missing from the board makes one."""
    boards = subsets(52, 5)
    ranks = (boards >> 2).astype(np.int64)
    low_bit = np.where(ranks == 12, 1, np.where(ranks < 7, 2 << ranks, 0))  # A..8: bits 0..7
    board_mask = np.bitwise_or.reduce(low_bit, axis=1)
    missing = ~board_mask & 0xFF
    first = missing & -missing
    second = (missing & ~first) & -(missing & ~first)
    t = omaha.tables()
    allowed = t.low[board_mask << 8 | first | second] > 0
    assert allowed.sum() == 1_561_728
    assert (allowed == (bit_count(board_mask) >= 3)).all()


# ---------------------------------------------------------------------------------------------
# The five cards that play


@pytest.mark.parametrize("h", HOLES)
def test_best_fives_are_two_hole_and_three_board_cards_of_the_best_hands(h):
    rows = np.concatenate([deal_from(DECKS[d], 3000, h + 5, seed=h + 40) for d in DECKS])
    high_cards, low_cards = omaha.best_fives(rows)
    high, low = brute_force(rows, "high"), brute_force(rows, "eight-or-better")
    np.testing.assert_array_equal(evaluate(high_cards), high)
    has_low = low > 0
    np.testing.assert_array_equal(evaluate(low_cards[has_low], ranking="eight-or-better"),
                                  low[has_low])
    assert (low_cards[~has_low] == omaha.NO_CARD).all()
    for cards, rows_ in ((high_cards, rows), (low_cards[has_low], rows[has_low])):
        in_hole = (cards[:, :, None] == rows_[:, None, :h]).any(axis=2)
        in_board = (cards[:, :, None] == rows_[:, None, h:]).any(axis=2)
        assert in_hole[:, :2].all() and in_board[:, 2:].all()
        assert (np.sort(cards, axis=1)[:, 1:] != np.sort(cards, axis=1)[:, :-1]).all()


# ---------------------------------------------------------------------------------------------
# Peers


def text(cards):
    return "".join(CARD_TEXT[c] for c in cards)


@pytest.mark.parametrize("h", HOLES)
def test_same_order_as_pokerkit(h):
    pokerkit = pytest.importorskip("pokerkit")  # (Python 3.11 and later)
    OmahaEightOrBetterLowHand, OmahaHoldemHand = (pokerkit.OmahaEightOrBetterLowHand,
                                                  pokerkit.OmahaHoldemHand)

    rows = np.concatenate([deal_from(DECKS[d], 200, h + 5, seed=h + 70) for d in DECKS])
    highs, lows = [], []
    for row in rows:
        hole, board = text(row[:h]), text(row[h:])
        highs.append(OmahaHoldemHand.from_game(hole, board).entry.index)
        low = OmahaEightOrBetterLowHand.from_game_or_none(hole, board)
        # pokerkit: the lower index, the better low
        lows.append(-(10**6) if low is None else -low.entry.index)
    high, low = omaha.high_low(rows)
    assert_same_order(rows, dense_from_keys(highs), dense_from_values(high), "pokerkit", "omaha")
    assert_same_order(rows, dense_from_keys(lows), dense_from_values(low), "pokerkit", "omaha")
    assert ((np.array(lows) == -(10**6)) == (low == 0)).all()


@pytest.mark.parametrize("variant, h, has_low", [
    ("omaha", 4, False), ("omaha_five", 5, False), ("omaha_six", 6, False),
    ("omaha_hi_lo", 4, True), ("omaha_five_hi_lo", 5, True),
    ("courchevel", 5, False), ("courchevel_hi_lo", 5, True)])
def test_same_winners_as_poker_equity_on_river_spots(variant, h, has_low):
    import poker_equity

    players = 3
    spots = deal_from(DECKS["full"], 400, players * h + 5, seed=h)
    spots = np.concatenate([spots, deal_from(DECKS["low"], 200, players * h + 5, seed=h)])
    board = spots[:, -5:]
    rows = np.concatenate([np.concatenate([spots[:, p * h:(p + 1) * h], board], axis=1)
                           for p in range(players)])
    high, low = (s.reshape(players, -1).T for s in omaha.high_low(rows))
    ties = 0
    for i, spot in enumerate(spots):
        r = poker_equity.exact_from_text(variant, [text(spot[p * h:(p + 1) * h])
                                                   for p in range(players)], text(spot[-5:]))
        halves = [("high", high[i])] + ([("low", low[i])] if has_low else [])
        for half, s in halves:
            best = s == s.max()
            if half == "low" and s.max() == 0:
                best[:] = False  # nobody has a low
            alone = best.sum() == 1
            ties += best.sum() > 1
            assert r[f"{half}_win_count"] == (best & alone).astype(float).tolist(), (i, half)
            assert r[f"{half}_tie_count"] == (best & ~alone).astype(float).tolist(), (i, half)
    assert ties > 10


# ---------------------------------------------------------------------------------------------
# Interface


@pytest.mark.parametrize("h", HOLES)
def test_helpers_take_the_board_once_and_each_players_hole_cards(h):
    """As an equity kernel uses them: the board's part once per board (its own array), then
    each player's hole cards (another array)."""
    from pokersim._core.jit import jit

    @jit
    def strengths(holes, boards, board_keys, card_bits, offsets, board_hash, pair_slot,
                  nonflush, flush_row, flush, low_bits, low, high_out, low_out):
        for i in range(boards.shape[0]):
            row, flag, suited = omaha.board_high(boards, i, 0, board_keys, card_bits, offsets,
                                                 board_hash)
            board_mask = omaha.low_mask(boards, i, 0, 5, low_bits)
            for p in range(holes.shape[1] // h):
                high_out[i, p] = omaha.hole_high(holes, i, p * h, h, row, flag, suited,
                                                 board_keys, card_bits, pair_slot, nonflush,
                                                 flush_row, flush)
                hole_mask = omaha.low_mask(holes, i, p * h, h, low_bits)
                low_out[i, p] = low[board_mask << 8 | hole_mask]

    players = 2
    deals = np.concatenate([deal_from(deck, 2000, players * h + 5, seed=h)
                            for deck in DECKS.values() if len(deck) >= players * h + 5])
    holes, boards = deals[:, :-5].copy(), deals[:, -5:].copy()
    t = omaha.tables()
    high = np.zeros((len(deals), players), np.int16)
    low = np.zeros((len(deals), players), np.int16)
    assert t.hole_args()[0] is t.board_keys and t.hole_args()[1] is t.card_bits
    strengths(holes, boards, *t.board_args(), *t.hole_args()[2:], t.low_bits, t.low, high, low)
    for p in range(players):
        rows = np.concatenate([holes[:, p * h:(p + 1) * h], boards], axis=1)
        np.testing.assert_array_equal(high[:, p], brute_force(rows, "high"))
        np.testing.assert_array_equal(low[:, p], brute_force(rows, "eight-or-better"))


# ---------------------------------------------------------------------------------------------
# Bad cards: the kernels check the rows as they go, and the first bad row is named


OMAHA_GAMES = ["omaha", "omaha-5", "omaha-6", "omaha-hi-lo", "omaha-5-hi-lo", "courchevel",
               "courchevel-hi-lo"]


def spoil(rows, kind, row):
    """Make ``row`` of ``rows`` bad: (error, the message check_hands gives, written again)."""
    h = rows.shape[1] - 5
    card = int(rows[row, 0])
    if kind == "past 51":
        rows[row, 1] = 52
        return CardError, rf"hands\[{row}, 1\] = 52 is not a card \(cards are integers 0..51\)"
    if kind == "255 on the board":
        rows[row, h + 4] = 255
        return CardError, rf"hands\[{row}, {h + 4}\] = 255 is not a card"
    if kind == "hole pair":
        rows[row, 1] = card
        return DuplicateCardError, (rf"hands\[{row}\] repeats card '{CARD_TEXT[card]}' "
                                    rf"\({card}\) at positions 0 and 1")
    rows[row, h + 2] = card  # a hole card again on the board
    return DuplicateCardError, rf"hands\[{row}\] repeats card '{CARD_TEXT[card]}' \({card}\) " \
        rf"at positions 0 and {h + 2}"


@pytest.mark.parametrize("kind", ["past 51", "255 on the board", "hole pair", "on the board"])
@pytest.mark.parametrize("game", OMAHA_GAMES)
def test_evaluate_in_an_omaha_game_names_the_first_bad_row(game, kind):
    rows = deal_from(DECKS["full"], 3001, games.get(game).cards, seed=len(game))
    error, message = spoil(rows, kind, 1234)
    spoil(rows, "hole pair", 2000)  # a later bad row is not the one named
    with pytest.raises(error, match=message):
        evaluate(rows, game=game)
    alone = message.replace("1234", "0")
    with pytest.raises(error, match=alone):  # one row
        evaluate(rows[1234], game=game)
    with pytest.raises(error, match=alone):  # not uint8: converted first
        evaluate(rows[1234:1235].astype(np.int64), game=game)


def test_kernels_flag_bad_rows_in_every_half():
    rows = deal_from(DECKS["full"], 100, 9, seed=3)
    error, message = spoil(rows, "on the board", 70)
    message = message.replace("hands", "rows")
    for fn in (omaha.high, omaha.low, omaha.high_low, omaha.best_fives):
        with pytest.raises(error, match=message):
            fn(rows)


def test_short_deck_rows_refuse_cards_below_the_six():
    """A row of a short deck (first card 16, the six of clubs) holding a five."""
    rows = parse_cards("As Ks 6d 7d  Th 9h 8c Js 5c")[None]
    with pytest.raises(CardError, match=r"hands\[0, 8\] = 5c \(12\) is not a card of the "
                                        r"short deck"):
        omaha.evaluate_rows(rows, first_card=16, name="hands")
    rows[0, 8] = 16  # the six of clubs: a good row
    high, low = omaha.evaluate_rows(rows, first_card=16)
    assert high[0] == evaluate("Th 9h 8c 7d 6d") and low[0] == 0  # 7-6 in the hole: a straight


def test_rows_of_other_shapes_or_types_are_refused():
    with pytest.raises(PokersimInputError, match="uint8"):
        omaha.high(np.zeros((3, 9), np.int64))
    with pytest.raises(PokersimInputError, match=r"\(N, 9\)"):
        omaha.low(np.zeros((3, 8), np.uint8))
    with pytest.raises(PokersimInputError, match="got"):
        omaha.best_fives([[0] * 9])
    assert omaha.high(np.zeros((0, 11), np.uint8)).shape == (0,)


# ----------------------------------------------------------------------------- shipped == built


def test_shipped_tables_equal_a_fresh_build():
    """The shipped omaha_tables.npz is exactly what the builders make (so it can always be
    regenerated with ``python -m pokersim.rankings.omaha``), and it is what tables() loads."""
    from dataclasses import fields

    fresh = omaha.build_tables()
    loaded = omaha.tables()
    with np.load(omaha.SHIPPED) as z:
        names = [f.name for f in fields(omaha.OmahaTables)]
        assert sorted(z.files) == sorted(names)
        for name in names:
            ship, built = z[name], getattr(fresh, name)
            assert ship.dtype == built.dtype and ship.shape == built.shape, name
            assert np.array_equal(ship, built), name
            assert np.array_equal(getattr(loaded, name), ship), name
