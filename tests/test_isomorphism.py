"""Suit-isomorphic indexing against independent truth: the class counts Waugh published ("A
Fast and Optimal Hand Isomorphism Algorithm", 2013), a naive canonical form written here from
the rules (the smallest, over the 24 relabellings of the suits, of the sorted hole cards then
the sorted board), and the number of deals each class stands for (24 over the relabellings
that leave its hand unchanged, by the orbit-stabiliser theorem), which must add up to every
deal of the round."""

import itertools
from math import comb

import numpy as np
import pytest
from api_page import run_section_example

from pokersim import deal, parse_cards, parse_hands
from pokersim.errors import CardError, DuplicateCardError, HandShapeError, PokersimInputError
from pokersim.isomorphism import ROUNDS, class_count, index, unindex

#: Waugh's counts, for hole cards and a board whose cards' order does not matter.
PUBLISHED = {"preflop": 169, "flop": 1_286_792, "turn": 13_960_050, "river": 123_156_254}
BOARD = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}
PERMUTATIONS = np.array(list(itertools.permutations(range(4))))


def relabel(cards: np.ndarray, perm: np.ndarray) -> np.ndarray:
    """The cards with suit s renamed perm[s] (perm one relabelling, or one per row)."""
    suits = cards % 4
    new = perm[suits] if perm.ndim == 1 else np.take_along_axis(perm, suits, axis=1)
    return 4 * (cards // 4) + new


def naive(hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(canonical code, number of relabellings that fix the hand) of each row: the code of a
    hand is its sorted hole cards then its sorted board, as base-52 digits."""
    columns = np.ascontiguousarray(hands.T, np.intp)
    codes = np.zeros((len(PERMUTATIONS), len(hands)), np.int64)
    for p, perm in enumerate(PERMUTATIONS):
        table = relabel(np.arange(52), perm).astype(np.uint8)
        cards = [table[column] for column in columns]
        for card in sorted_rows(cards[:2]) + sorted_rows(cards[2:]):
            codes[p] = codes[p] * 52 + card
    return codes.min(0), (codes == codes[0]).sum(0)  # PERMUTATIONS[0] is the identity


def sorted_rows(columns: list[np.ndarray]) -> list[np.ndarray]:
    """The columns with each row's values sorted (odd-even transposition sort: as many passes
    as columns, each comparing neighbours)."""
    columns = list(columns)
    for step in range(len(columns)):
        for j in range(step % 2, len(columns) - 1, 2):
            low, high = columns[j], columns[j + 1]
            columns[j], columns[j + 1] = np.minimum(low, high), np.maximum(low, high)
    return columns


def test_the_class_counts_are_the_published_ones():
    assert [class_count(r) for r in ROUNDS] == list(PUBLISHED.values())


def sample(round_name: str, n: int, seed: int) -> np.ndarray:
    return deal(n, 2 + BOARD[round_name], seed=seed)


def check_against_naive(hands: np.ndarray, round_name: str) -> np.ndarray:
    """Hands with one canonical form share an index and distinct forms get distinct ones; a
    canonical hand comes back that is a relabelling of the hand and indexes the same."""
    idx = index(hands)
    canon, _ = naive(hands)
    assert idx.dtype == np.int64 and 0 <= idx.min() and idx.max() < PUBLISHED[round_name]
    pairs = np.unique(np.stack([canon, idx]), axis=1).shape[1]
    assert pairs == np.unique(canon).size == np.unique(idx).size
    back = unindex(round_name, idx)
    assert back.dtype == np.uint8 and back.shape == hands.shape
    np.testing.assert_array_equal(naive(back)[0], canon)
    np.testing.assert_array_equal(index(back), idx)
    for group in (back[:, :2], back[:, 2:]):  # hole and board each in descending order
        assert (np.diff(group.astype(int)) < 0).all()
    return idx


@pytest.mark.parametrize("round_name", ROUNDS)
def test_index_agrees_with_the_naive_canonical_form(round_name):
    check_against_naive(sample(round_name, 4_000, seed=BOARD[round_name]), round_name)


@pytest.mark.slow
@pytest.mark.parametrize("round_name", ["turn", "river"])
def test_index_agrees_with_the_naive_canonical_form_on_many_hands(round_name):
    # many hands of one class: of these 2 million turn hands, 142,582 share a class with an
    # earlier one (16,676 river hands), counted by hashing the naive canonical form
    check_against_naive(sample(round_name, 2_000_000, seed=7), round_name)


@pytest.mark.parametrize("round_name", ROUNDS)
def test_relabelled_and_reordered_hands_share_the_index(round_name):
    hands = sample(round_name, 2_000, seed=11)
    rng = np.random.default_rng(5)
    moved = relabel(hands.astype(np.int64), PERMUTATIONS[rng.integers(24, size=len(hands))])
    order = np.concatenate([rng.permuted(np.tile([0, 1], (len(hands), 1)), axis=1),
                            rng.permuted(np.tile(np.arange(2, hands.shape[1]), (len(hands), 1)),
                                         axis=1)], axis=1)
    moved = np.take_along_axis(moved, order, axis=1).astype(np.uint8)
    np.testing.assert_array_equal(index(moved), index(hands))
    # and the same hand with the board in other suits than its own is another class
    hearts = parse_cards("Qh 9h 7h 3h 2h")[:BOARD[round_name]]
    if BOARD[round_name]:
        assert index("As Ks", hearts) != index("Ah Kh", hearts)


def test_every_preflop_class():
    holes = np.array(list(itertools.combinations(range(52), 2)), np.uint8)
    counts = np.bincount(index(holes), minlength=169)
    # 13 pairs of 6 combos, 78 suited hands of 4, 78 offsuit hands of 12
    assert sorted(counts.tolist()) == [4] * 78 + [6] * 13 + [12] * 78
    np.testing.assert_array_equal(index(unindex("preflop", np.arange(169))), np.arange(169))


def fixing_relabellings(hands: np.ndarray) -> np.ndarray:
    """How many of the 24 relabellings leave each hand unchanged: those that send every suit
    to a suit holding the same hole ranks and the same board ranks."""
    parts = np.zeros((4, len(hands)), np.int64)  # suit -> (hole ranks, board ranks) as bits
    for j, column in enumerate(np.ascontiguousarray(hands.T)):
        bit = np.left_shift(1, (column >> 2).astype(np.int64) + (0 if j < 2 else 13))
        for suit in range(4):
            np.bitwise_or(parts[suit], bit, out=parts[suit], where=column & 3 == suit)
    same = [[parts[s] == parts[t] for t in range(4)] for s in range(4)]
    return sum(np.logical_and.reduce([same[perm[s]][s] for s in range(4)])
               for perm in PERMUTATIONS)


def check_every_class(round_name: str, distinct_forms: bool = True, chunk: int = 1_000_000):
    """Every index of the round: unindex then index is the identity, the canonical hands
    are distinct classes under the naive canonical form (``distinct_forms``), and the deals
    they stand for are every deal of the round, once."""
    count, n_board = PUBLISHED[round_name], BOARD[round_name]
    deals, forms = 0, []
    for first in range(0, count, chunk):
        indices = np.arange(first, min(first + chunk, count))
        hands = unindex(round_name, indices)
        np.testing.assert_array_equal(index(hands), indices)
        if distinct_forms:
            canon, fixing = naive(hands)
            np.testing.assert_array_equal(fixing_relabellings(hands), fixing)
            forms.append(canon)
        else:
            fixing = fixing_relabellings(hands)
        deals += int((24 // fixing).sum())
    if distinct_forms:
        assert np.unique(np.concatenate(forms)).size == count
    assert deals == comb(52, 2) * comb(50, n_board)


def test_every_flop_class():
    check_every_class("flop")  # 1,286,792 classes, 25,989,600 deals


@pytest.mark.slow
def test_every_turn_class():
    check_every_class("turn")  # 13,960,050 classes, 305,377,800 deals


@pytest.mark.slow
def test_every_river_class():
    # 123,156,254 classes, 2,809,475,760 deals; that no two are one class is the sample
    # tests' business (the naive form of every river class would take minutes)
    check_every_class("river", distinct_forms=False, chunk=4_000_000)


# ----------------------------------------------------------------------------- input forms


def test_text_arrays_and_one_board_for_many_holes():
    holes = parse_hands(["As Ks", "Ah Kh", "7c 2d"])
    board = parse_cards("Qh 7d 2c")
    full = np.concatenate([holes, np.tile(board, (3, 1))], axis=1)
    expected = index(full)
    np.testing.assert_array_equal(index(holes, board), expected)
    np.testing.assert_array_equal(index(["As Ks", "Ah Kh", "7c 2d"], "Qh 7d 2c"), expected)
    np.testing.assert_array_equal(index(holes, np.tile(board, (3, 1))), expected)
    assert index("As Ks", "Qh 7d 2c") == expected[0]  # one hand: a scalar
    assert index("As Ks Qh 7d 2c") == expected[0]
    many_boards = parse_hands(["Qh 7d 2c", "Qs 7d 2c"])
    np.testing.assert_array_equal(index("As Ks", many_boards), index(["As Ks"] * 2, many_boards))
    assert index("As Ks", "") == index("As Ks") == index([51, 47])  # no board: preflop
    assert index(np.zeros((0, 7), np.uint8)).shape == (0,)


def test_unindex_forms():
    assert unindex("river", 0).shape == (7,)
    assert unindex("flop", np.arange(6).reshape(2, 3)).shape == (2, 3, 5)
    assert unindex("turn", []).shape == (0, 6)
    assert unindex("preflop", np.uint8(168)).tolist() == parse_cards("As Ks").tolist()


@pytest.mark.parametrize("args, error, message", [
    (("As Ks Qh",), HandShapeError, r"hole must have shape .*\(1, 3\)"),
    (("As Ks", "Qh 7d"), HandShapeError, r"board must have shape .*\(1, 2\)"),
    (("As Ks Qh 7d 2c", "Jh 2h 3h"), HandShapeError, r"hole must have shape \(N, 2\)"),
    ((np.zeros((2, 2), np.uint8) + [[0, 1]], np.zeros((3, 3), np.uint8)), HandShapeError,
     "hole has 2 rows and board 3"),
    ((np.array([[0.0, 1.0]]),), HandShapeError, "dtype float64"),
    ((np.array([[51, 52]], np.uint8),), CardError, r"hole\[0, 1\] = 52 is not a card"),
    ((np.array([[0, 1, 2, 3, 300]]),), CardError, r"hole\[0, 4\] = 300 is not a card"),
    ((np.array([[-1, 1]]),), CardError, r"hole\[0, 0\] = -1 is not a card"),
    ((np.array([[5, 5]], np.uint8),), DuplicateCardError, r"hole\[0\] repeats card '3d'"),
    (([[0, 1], [2, 3]], [[4, 5, 6], [7, 9, 9]]), DuplicateCardError,
     r"board\[1\] repeats card '4d'"),
    (([[0, 1], [2, 3]], [[4, 5, 6], [7, 8, 3]]), DuplicateCardError,
     r"hole \+ board\[1\] repeats card '2s' \(3\) at positions 1 and 4"),
    (("As Ks", "As 7d 2c"), DuplicateCardError, r"hole \+ board\[0\] repeats card 'As'"),
])
def test_bad_hands_are_errors_naming_the_value(args, error, message):
    with pytest.raises(error, match=message):
        index(*args)


@pytest.mark.parametrize("args, message", [
    (("flop", -1), r"index -1 is not a flop class \(they run 0..1,286,791\)"),
    (("flop", 1_286_792), "index 1286792 is not a flop class"),
    (("river", [[1, 2], [3, 123_156_254]]), r"indices\[1, 1\] = 123156254 is not a river"),
    (("river", 1.0), "indices must be integers; got float64"),
    (("flp", 0), "unknown round 'flp'; choose one of preflop, flop, turn, river"),
    ((3, 0), "unknown round 3"),
])
def test_bad_indices_and_rounds_are_errors(args, message):
    with pytest.raises(PokersimInputError, match=message):
        unindex(*args)
    if not isinstance(args[0], str) or args[0] not in ROUNDS:
        with pytest.raises(PokersimInputError, match="unknown round"):
            class_count(args[0])


def test_the_example_of_docs_api_runs():
    assert run_section_example("Hand isomorphism") == (0, 5)  # (failed, attempted)
