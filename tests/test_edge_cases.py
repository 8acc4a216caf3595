"""Hand-written edge cases for pokersim.evaluate, category, describe, cactus_rank and parsing.

Each comparison case is (hand A, hand B, expected winner 'A' / 'B' / 'tie', why).  A and B are
evaluated separately (they may share cards, and may have different sizes: 5, 6 or 7 cards).
Every expectation is also checked against the naive reference in tests/naive.py, so a typo in
this table shows up as a failure of the *_naive tests rather than as a bogus pokersim bug.
Hands here are parsed with the tests' own tiny parser, not pokersim.parse_cards.
"""

import pathlib
import sys

import numpy as np
import pytest

# make tests/naive.py importable whatever pytest's import mode
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from naive import cards_from_text, naive_describe, naive_rank  # noqa: E402

import pokersim  # noqa: E402

CASES = [
    # --- straights and the ace
    ("Ah 2c 3d 4s 5h", "2d 3c 4h 5s 6d", "B", "wheel A-2-3-4-5 is five high, loses to 2-3-4-5-6"),
    ("Ah 2c 3d 4s 5h", "Kh Kd Ks 7c 2d", "A", "the wheel is still a straight, beats trips"),
    ("Ts Jh Qd Kc Ad", "9s Th Jd Qc Kd", "A", "Broadway (ace high) beats king-high straight"),
    ("Qs Kh Ad 2c 3d", "2h 2s 7h 9s Jc", "B", "no wrap-around: Q-K-A-2-3 is only ace high"),
    ("Jc Qs Kh Ad 2c 3d 4s", "2h 2s 7h 9s Jd", "B", "7 cards J-Q-K-A-2-3-4 hold no straight"),
    ("Ac 2d 3h 4s 5c 6d Kh", "2c 3d 4h 5s 6c", "tie",
     "wheel plus a six plays as six-high straight"),
    ("4c 5d 6h 7s 8c 9d Th", "6c 7d 8h 9s Tc", "tie", "seven to a straight: the top five play"),
    ("5c 6d 7h 8s 9c 9d 9h", "Tc Td Th 2c 3d", "A", "straight beats trips held alongside it"),
    # --- pairs, kickers, board plays
    ("Ac Ad Kh 9s 4c", "Ah As Qh Js Tc", "A", "same pair, first kicker decides"),
    ("Ac Ad Kh 9s 4c", "Ah As Kd 9c 3c", "A", "same pair, third kicker decides"),
    ("Ac Ad Kh Qs Jc 3d 2h", "Ah As Kd Qc Jd 4h 5c", "tie", "sixth and seventh cards do not play"),
    ("Ts Jh Qd Kc Ad 2c 3h", "Ts Jh Qd Kc Ad 4s 5s", "tie", "board Broadway plays for both"),
    ("Ac Kd 8h 8s 4c 2c 3d", "Ac Kd 8h 8s 4c 2h 3s", "tie", "board pair plays, hole cards too low"),
    ("Ac Jd 9h 6s 4c", "Ad Jc 9s 6h 3c", "A", "high card, last card decides"),
    ("7c 7d 7h Ac 2d", "7s 7d 7h Kc Qd", "A", "trips of equal rank, kicker decides"),
    # --- two pair and three pairs
    ("Jc Jd 4h 4s Ac", "Jh Js 4c 4d Kc", "A", "same two pair, kicker decides"),
    ("Jc Jd 5h 5s 2c", "Jh Js 4c 4d Ac", "A", "second pair beats any kicker"),
    ("Ah Ad Kh Kd Qh Qd 2c", "Ac As Kc Ks Jh Jd 9c", "A",
     "three pairs: best two pairs, Q kicker beats J"),
    ("Ah Ad Kh Kd 4h 4d 3c", "As Ac Ks Kc 3h 3s 2h", "A",
     "three pairs: kicker is the third pair's rank, 4 > 3"),
    ("Ah Ad Kh Kd 4h 4d 3c", "As Ac Ks Kc 5h 2d 3s", "B",
     "three pairs: single 5 kicker beats third pair 4"),
    ("Ah Ad Kh Kd 4h 4d 3c", "As Ac Ks Kc 4s 4c 2d", "tie", "three pairs: both play AAKK4"),
    ("9h 9d 8h 8d 7h 7d Ac", "9s 9c 8s 8c Kh 2d 3d", "A",
     "three pairs: lowest pair dropped, ace kicker"),
    ("Kc Kd 7h 7s 2c 3d", "Kh Ks 7c 7d 3h 2s 2d", "tie", "6 vs 7 cards: KK77 with 3 kicker both"),
    # --- full houses
    ("Kh Kd Ks 4h 4d 4s 2c", "Qh Qd Qs Ah Ad 3c 2s", "A",
     "two trips: full house, higher trips over"),
    ("Kh Kd Ks 4h 4d 4s 2c", "Kc Ks Kh 4c 4h 2d 3d", "tie",
     "two trips K and 4 = kings full of fours"),
    ("Kh Kd Ks 4h 4d 4s 2c", "Kc Ks Kh 5c 5h 2d 3d", "B",
     "kings full of fives beats full of fours"),
    ("7h 7d 7s 5h 5d 3s 3c", "7c 7h 7s 6h 6d 2c 3h", "B",
     "trips plus two pairs: the higher pair fills"),
    ("3c 3d 3h Ac Ad", "2c 2d 2h Ac As", "A", "full house: trips compared before pair"),
    ("9h 9d 9c 5h 5d", "Ah Kh Qh Jh 9h", "A", "full house beats flush"),
    # --- quads
    ("9c 9d 9h 9s Kc Kd Ks", "9c 9d 9h 9s Ac 2d 3h", "B",
     "quads with trips: best other card is kicker"),
    ("8c 8d 8h 8s 2c 2d Qh", "8c 8d 8h 8s Jc Jd Th", "A",
     "quads kicker Q beats pair of jacks kicker"),
    ("Ac Ad Ah As Kc 2d 3h", "Ac Ad Ah As Kd 7c 7h", "tie", "board quads, king kicker for both"),
    # --- flushes and straight flushes
    ("2d 5d 7d 9d Jd", "Tc Jd Qh Ks Ac", "A", "flush beats straight"),
    ("9h Th Jh Qh 2h Kd 3c", "Ah Kd Qs Js Tc 2c 3c", "A", "7 cards: flush beats straight, no SF"),
    ("Ah Qh 9h 5h 3h", "Ad Qd 9d 5d 2d", "A", "flushes compared card by card"),
    ("Ah Qh 9h 5h 3h 2h Kc", "Ad Qd 9d 5d 4d", "B", "six-card flush: only its top five play"),
    ("2h 3h 4h 5h 6h 9h Kh", "Ah Kh Qh Jh 9h 2c 3c", "A", "straight flush inside a 7-card flush"),
    ("5s 6s 7s 8s 9s Ks", "Tc Td Th Ts 2c", "A",
     "straight flush inside a 6-card flush beats quads"),
    ("5s 6s 7s 8s 9s Ts 2s", "6d 7d 8d 9d Td", "tie",
     "7-card flush: ten-high straight flush plays"),
    ("4c 5c 6c 7c 8c Kc Ac", "4d 5d 6d 7d 8d", "tie", "higher flush cards don't hide an SF"),
    ("Ad 2d 3d 4d 5d", "As 2c 3h 4s 5c", "A", "steel wheel (straight flush) beats wheel"),
    ("Ad 2d 3d 4d 5d", "2h 3h 4h 5h 6h", "B", "steel wheel is the lowest straight flush"),
    ("Ad 2d 3d 4d 5d", "Ac Ah As Ad Ks", "A", "steel wheel beats four aces"),
    ("Ah Kh Qh Jh Th", "Kc Qc Jc Tc 9c", "A", "royal beats king-high straight flush"),
    ("Ah Kh Qh Jh Th", "Ts Js Qs Ks As 2c 3d", "tie", "5 vs 7 cards: royal flush ties royal flush"),
    # --- five against six against seven
    ("2c 3d 4h 5s 7c", "2d 3h 4s 5c 7d 8c 9h", "B", "5 vs 7: 9-high beats the worst hand"),
    ("9c 9d 9h 2s 3c", "9s 9c 9h 2d 3h 4c", "B", "5 vs 6: the sixth card improves the kicker"),
    ("7c 5d 4h 3s 2c", "7d 5c 4s 3h 2d", "tie", "worst hand, different suits: tie"),
]


def strength(text):
    cards = np.array([cards_from_text(text)], dtype=np.uint8)
    s = np.asarray(pokersim.evaluate(cards))
    assert s.shape == (1,)
    return int(s[0])


def outcome(a, b):
    return "A" if a > b else "B" if b > a else "tie"


def case_id(case):
    return f"{case[0]} vs {case[1]}"


def test_enough_cases():
    assert len(CASES) >= 30


@pytest.mark.parametrize("a, b, expected, why", CASES, ids=[case_id(c) for c in CASES])
def test_case_naive(a, b, expected, why):
    """The expectation in the table is what the naive reference says (checks the table)."""
    assert outcome(naive_rank(cards_from_text(a)), naive_rank(cards_from_text(b))) == expected, why


@pytest.mark.parametrize("a, b, expected, why", CASES, ids=[case_id(c) for c in CASES])
def test_case_evaluate(a, b, expected, why):
    sa, sb = strength(a), strength(b)
    assert outcome(sa, sb) == expected, f"{why}: evaluate gave A={sa}, B={sb}"


def test_cases_batched_equal_single():
    """Evaluating the case hands in one (N, k) batch per size gives the single-row strengths."""
    by_size = {}
    for a, b, _, _ in CASES:
        for text in (a, b):
            by_size.setdefault(len(text.split()), []).append(text)
    for k, texts in by_size.items():
        hands = np.array([cards_from_text(t) for t in texts], dtype=np.uint8)
        batch = np.asarray(pokersim.evaluate(hands))
        assert [int(x) for x in batch] == [strength(t) for t in texts], k


# (hand, category code, describe string)
DESCRIBED = [
    ("Ah Kh Qh Jh Th", 9, "Royal Flush"),
    ("Ts Js Qs Ks As 2c 3d", 9, "Royal Flush"),
    ("9d Ts Js Qs Ks As Ad", 9, "Royal Flush"),
    ("Kc Qc Jc Tc 9c", 8, "Straight Flush, King high"),
    ("Kc Qc Jc Tc 9c Ac", 9, "Royal Flush"),
    ("Ad 2d 3d 4d 5d", 8, "Straight Flush, Five high"),
    ("Ac Ad Ah As 7c 2d 3h", 7, "Four of a Kind, Aces"),
    ("Kh Kd Ks 4h 4d 4s 2c", 6, "Full House, Kings over Fours"),
    ("Kh Kd Ks 4h 4d", 6, "Full House, Kings over Fours"),
    ("Ah Qh 9h 5h 3h 2h Kc", 5, "Flush, Ace high"),
    ("Ah 2c 3d 4s 5h Kd Kc", 4, "Straight, Five high"),
    ("Ts Jh Qd Kc Ad", 4, "Straight, Ace high"),
    ("7c 7d 7h Ac 2d", 3, "Three of a Kind, Sevens"),
    ("Jc Jd 4h 4s Ac 2c 2d", 2, "Two Pair, Jacks and Fours"),
    ("9c 9d Ah Ks 4c 3d 2h", 1, "Pair of Nines"),
    ("Ac Jd 9h 6s 4c", 0, "High Card, Ace"),
    ("Qs Kh Ad 2c 3d", 0, "High Card, Ace"),
    ("2c 3d 4h 5s 7c", 0, "High Card, Seven"),
]


@pytest.mark.parametrize("hand, code, text", DESCRIBED, ids=[d[0] for d in DESCRIBED])
def test_describe_naive(hand, code, text):
    key = naive_rank(cards_from_text(hand))
    assert key[0] == code and naive_describe(key) == text


@pytest.mark.parametrize("hand, code, text", DESCRIBED, ids=[d[0] for d in DESCRIBED])
def test_category_and_describe(hand, code, text):
    s = np.asarray(pokersim.evaluate(np.array([cards_from_text(hand)], dtype=np.uint8)))
    cat = np.asarray(pokersim.category(s))
    assert cat.shape == (1,) and int(cat[0]) == code
    assert int(cat[0]) == int(pokersim.Category(code))
    assert list(pokersim.describe(s)) == [text]


def test_describe_keeps_the_shape_of_a_2d_array():
    texts = [d[2] for d in DESCRIBED[:6]]
    hands = np.array([cards_from_text(d[0])[:5] for d in DESCRIBED[:6]], dtype=np.uint8)
    names = [pokersim.describe(s) for s in pokersim.evaluate(hands)]  # one at a time
    assert pokersim.describe(pokersim.evaluate(hands).reshape(2, 3)) == [names[:3], names[3:]]
    assert names[:2] == texts[:2]  # royal flushes, whichever five cards are given


CACTUS = [
    ("Ah Kh Qh Jh Th", 1),
    ("Kc Qc Jc Tc 9c", 2),
    ("Ad 2d 3d 4d 5d", 10),
    ("Ac Ad Ah As Kc", 11),
    ("As Ks Qs Js 9s", 323),
    ("Ts Jh Qd Kc Ad", 1600),
    ("6c 5d 4h 3s 2c", 1608),
    ("Ah 2c 3d 4s 5h", 1609),
    ("7c 5d 4h 3s 2c", 7462),
    ("Tc Td Th Ts 2c", 70),  # quads 11..166, A K Q J T, 12 kickers each
    ("Ts Js Qs Ks As 2c 3d", 1),
]


@pytest.mark.parametrize("hand, rank", CACTUS, ids=[c[0] for c in CACTUS])
def test_cactus_rank_spots(hand, rank):
    s = np.asarray(pokersim.evaluate(np.array([cards_from_text(hand)], dtype=np.uint8)))
    assert [int(x) for x in np.asarray(pokersim.cactus_rank(s))] == [rank]


# --------------------------------------------------------------------------- parsing / formatting


@pytest.mark.parametrize("text", [
    "As Kd Th 2c",
    "AsKdTh2c",
    "as kd th 2c",
    "AS KD TH 2C",
    "As,Kd,Th,2c",
    "As, Kd, Th, 2c",
    "As Kd 10h 2c",
    "A♠ K♦ T♥ 2♣",
    "A♠K♦10♥2♣",
])
def test_parse_cards(text):
    cards = np.asarray(pokersim.parse_cards(text))
    assert cards.dtype == np.uint8
    assert cards.tolist() == [51, 45, 34, 0]


def test_parse_hands_and_format():
    hands = np.asarray(pokersim.parse_hands(["As Kd Th 2c 3c", "2c 2d 2h 2s Ac"]))
    assert hands.dtype == np.uint8 and hands.shape == (2, 5)
    assert hands.tolist() == [[51, 45, 34, 0, 4], [0, 1, 2, 3, 48]]
    assert pokersim.format_cards(np.array([51, 45, 34, 0], dtype=np.uint8)) == "As Kd Th 2c"
    assert list(pokersim.format_cards(hands)) == ["As Kd Th 2c 3c", "2c 2d 2h 2s Ac"]
    every = np.arange(52, dtype=np.uint8)
    assert np.asarray(pokersim.parse_cards(pokersim.format_cards(every))).tolist() == every.tolist()


@pytest.mark.parametrize("text", ["Xs", "As Kx", "1s", "A", "As K"])
def test_parse_cards_rejects(text):
    with pytest.raises(ValueError):
        pokersim.parse_cards(text)


# --------------------------------------------------------------------------- bad input to evaluate


@pytest.mark.parametrize("hands, why", [
    (np.array([[0, 1, 2, 3, 52]], dtype=np.uint8), "card 52 is off the deck"),
    (np.array([[0, 1, 2, 3, 255, 5, 6]], dtype=np.uint8), "card 255 is off the deck"),
    (np.array([[0, 1, 2, 3, -1]], dtype=np.int64), "negative card"),
    (np.array([[0, 1, 2, 3, 3]], dtype=np.uint8), "repeated card in a 5-card deal"),
    (np.array([[10, 11, 12, 13, 14, 15, 10]], dtype=np.uint8), "repeated card in a 7-card deal"),
    (np.array([[0, 1, 2, 3]], dtype=np.uint8), "4 cards"),
    (np.array([[0, 1, 2, 3, 4, 5, 6, 7]], dtype=np.uint8), "8 cards"),
    (np.zeros((2, 3, 5), dtype=np.uint8), "3-D array"),
    (np.array([[0.0, 1.0, 2.0, 3.0, 4.0]]), "float dtype"),
])
def test_evaluate_rejects(hands, why):
    with pytest.raises(ValueError):
        pokersim.evaluate(hands)
