"""range_breakdown against a naive classifier written from the definitions of
pokersim.analysis.breakdown (tests/naive_board.py): every combo of the deck on boards chosen to hold
every class, the weighted counts, and bad input."""

import numpy as np
import pandas as pd
import pytest
from naive import cards_from_text, cards_to_text
from naive_board import draws, made_hand

from pokersim import PokersimInputError, Range, range_breakdown
from pokersim.analysis.breakdown import DRAW_COLUMNS, DRAWS, MADE_HANDS
from pokersim.results import ResultFrame

#: Boards that between them hold every made hand and draw for some combo of the deck:
#: rainbow, two-tone and monotone flops, paired and trips boards, wheel and broadway cards,
#: turns and a river.
BOARDS = ["Qh 7d 2c", "Jh Td 4h", "9s 8s 7s", "Kc Kd 7s", "7c 7d 7h", "Ah 4d 3c",
          "Kh Qd 5h 5s", "Ts 9h 2d 3c 3s"]


def every_combo(board, dead=()):
    used = set(board) | set(dead)
    return [(hi, lo) for hi in range(52) for lo in range(hi) if hi not in used and lo not in used]


def check_board(board_text, dead_text="", sample=None):
    """Compare the class of every combo on the board (or of ``sample`` combos: a few of
    each made hand and draw that pokersim finds, and random others) with the naive
    classifier's; return the classes the naive classifier saw."""
    board = cards_from_text(board_text)
    dead = cards_from_text(dead_text) if dead_text else []
    table = range_breakdown("random", board=board_text, dead=dead_text or None, by_combo=True)
    assert len(table) == len(every_combo(board, dead))
    if sample is not None:
        rng = np.random.default_rng(sample)
        groups = [table[table.made == name] for name in MADE_HANDS]
        groups += [table[table[column]] for column in DRAW_COLUMNS]
        picked = [g.iloc[rng.permutation(len(g))[:4]] for g in groups]
        table = pd.concat([*picked, table.iloc[rng.permutation(len(table))[:sample]]])
    seen_made, seen_draws = set(), set()
    for row in table.itertuples(index=False):
        combo = cards_from_text(row.combo)
        made, held = made_hand(combo, board), draws(combo, board, dead)
        flags = {name for name, column in zip(DRAWS, DRAW_COLUMNS, strict=True)
                 if getattr(row, column)}
        assert (row.made, flags) == (made, held), row.combo
        seen_made.add(made)
        seen_draws |= held
    return seen_made, seen_draws


def check_boards(sample):
    made, held = set(), set()
    for board in BOARDS:
        m, d = check_board(board, sample=sample)
        made |= m
        held |= d
    assert made == set(MADE_HANDS)  # so that each class's test can fail
    assert held == set(DRAWS)


def test_combos_of_every_class_are_classed_as_defined():
    check_boards(sample=40)


@pytest.mark.slow
def test_every_combo_of_the_deck_is_classed_as_defined():
    check_boards(sample=None)


def test_the_nut_flush_draw_counts_dead_cards():
    # with Ah dead, Kh is the best heart left: KhXh draws to the nuts
    check_board("Qh 7h 2c", dead_text="Ah 3d", sample=40)
    table = range_breakdown("Kh 5h, Jh Th", board="Qh 7h 2c", dead="Ah", by_combo=True)
    assert table.set_index("combo").nut_flush_draw.to_dict() == {"Kh 5h": True,
                                                                  "Jh Th": False}


@pytest.mark.slow
def test_random_boards_are_classed_as_defined():
    rng = np.random.default_rng(18)
    for _ in range(40):
        cards = rng.permutation(52)
        check_board(cards_to_text(cards[:int(rng.integers(3, 6))]))


def test_counts_are_the_weighted_combos_of_each_class():
    board = cards_from_text("Jh Td 4h")
    combos = np.array([c for c in every_combo(board) if 45 <= c[0]])  # a high card: Q+
    weights = np.linspace(0.1, 1, len(combos))
    table = range_breakdown(Range(combos, weights), board="Jh Td 4h")
    assert isinstance(table, ResultFrame)
    assert list(table.columns) == ["category", "probability", "std_error", "one_in", "method",
                                   "kind", "combos"]
    assert table.category.tolist() == list(MADE_HANDS + DRAWS)
    expected = dict.fromkeys(MADE_HANDS + DRAWS, 0.0)
    for combo, weight in zip(combos.tolist(), weights, strict=True):
        expected[made_hand(combo, board)] += weight
        for name in draws(combo, board):
            expected[name] += weight
    np.testing.assert_allclose(table.combos, list(expected.values()), atol=1e-12)
    np.testing.assert_allclose(table.probability, table.combos / weights.sum())
    made = table[table.kind == "made hand"]
    assert made.probability.sum() == pytest.approx(1)
    assert table.attrs["combos"] == pytest.approx(weights.sum())
    assert (table.attrs["method"], table.attrs["board"]) == ("exact", "Jh Td 4h")


def test_a_river_has_no_draws():
    table = range_breakdown("random", board="Ts 9h 8d 3c 2s")
    assert (table.combos[table.kind == "draw"] == 0).all()


@pytest.mark.parametrize("args, message", [
    (("AA", "Ah Kd"), "needs a board of 3, 4 or 5 cards; got 2"),
    (("AA", None), "got 0"),
    (("AhAd", "Ah Kd 2c"), "no combo is left"),
    (("AQx", "Ah Kd 2c"), "range"),
    ((["AA"], "Ah Kd 2c"), "range must be range text"),
])
def test_bad_input_names_the_value(args, message):
    with pytest.raises(PokersimInputError, match=message):
        range_breakdown(*args)
