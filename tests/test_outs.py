"""outs against enumeration (tests/naive_board.py: every next card, every opponent holding
and runout, the made hands of the definitions), Monte Carlo runs against several random
opponents within their standard errors, and bad input."""

from itertools import combinations

import numpy as np
import pytest
from naive import cards_from_text, cards_to_text
from naive_board import outs_table, rank_of

from pokersim import PokersimInputError, Range, outs
from pokersim.results import WIN_RATE_COLUMNS, ResultFrame


def every_combo(used):
    return [((hi, lo), 1.0) for hi in range(52) for lo in range(hi)
            if hi not in used and lo not in used]


def check_against_enumeration(hand, opponents, naive_opponents, board, dead=""):
    table = outs(hand, opponents, board=board, dead=dead or None)
    expected = outs_table(cards_from_text(hand), naive_opponents, cards_from_text(board),
                          cards_from_text(dead) if dead else ())
    got = table.set_index("card")
    assert sorted(got.index) == sorted(cards_to_text([c]) for c in expected)
    for card, (equity, ahead, chance, made, out) in expected.items():
        row = got.loc[cards_to_text([card])]
        assert row.equity == pytest.approx(equity, abs=1e-12), card
        assert row.ahead == pytest.approx(ahead, abs=1e-12), card
        assert row.probability == pytest.approx(chance, abs=1e-12), card
        assert (row.made, bool(row.out)) == (made, out), card
    assert table.attrs["outs"] == sum(v[4] for v in expected.values())
    # the equity now is the equity after the next card, averaged over the cards
    assert table.attrs["equity_now"] == pytest.approx((table.probability * table.equity).sum())
    assert (np.diff(table.equity) <= 0).all()
    return table


def test_flush_draw_against_a_hand():
    table = check_against_enumeration("Ah Kh", "Qs Qd", [(tuple(cards_from_text("Qs Qd")), 1)],
                                      "Qh 7h 2c")
    # the eight hearts that do not pair the board; the 2h fills the queens up
    assert sorted(table.card[table.out]) == sorted(["3h", "4h", "5h", "6h", "8h", "9h", "Th",
                                                    "Jh"])
    assert len(table) == 52 - 2 - 3 - 2


def test_weighted_range_on_the_turn_with_dead_cards():
    villain = [(tuple(sorted(cards_from_text(t), reverse=True)), w) for t, w in
               (("Qs Qd", 1), ("Ad Qd", 0.5), ("7c 7s", 0.25), ("Jh Th", 1), ("Ah Kh", 1))]
    rng = Range(np.array([c for c, _ in villain]), np.array([w for _, w in villain]))
    check_against_enumeration("Kd Jd", rng, villain, "Qh 7h 2c Td", dead="3s")


def test_wide_range_on_the_turn():
    used = set(cards_from_text("8c 7c Tc 9d 2s Kh"))
    rng = np.random.default_rng(18)
    villain = [every_combo(used)[i] for i in sorted(rng.choice(990, 80, replace=False))]
    combos = Range(np.array([c for c, _ in villain]), np.full(len(villain), 0.5))
    check_against_enumeration("8c 7c", combos, villain, "Tc 9d 2s Kh")


@pytest.mark.slow
def test_random_opponent_on_the_turn():
    used = set(cards_from_text("8c 7c Tc 9d 2s Kh"))
    check_against_enumeration("8c 7c", "random", every_combo(used), "Tc 9d 2s Kh")


@pytest.mark.slow
def test_wide_range_on_the_flop():
    used = set(cards_from_text("Jd Td 9h 8c 2d"))
    rng = np.random.default_rng(19)
    villain = [every_combo(used)[i] for i in sorted(rng.choice(1081, 200, replace=False))]
    combos = Range(np.array([c for c, _ in villain]), np.ones(len(villain)))
    check_against_enumeration("Jd Td", combos, villain, "9h 8c 2d")


def two_random_opponents(hand, board):
    """The exact equity of a hand against two random opponents on a complete board."""
    used = set(hand) | set(board)
    rest = [c for c in range(52) if c not in used]
    mine = rank_of(hand, board)
    pairs = list(combinations(rest, 2))
    ranks = {p: rank_of(p, board) for p in pairs}
    share = deals = 0
    for p, q in combinations(pairs, 2):
        if set(p) & set(q):
            continue
        best = max(mine, ranks[p], ranks[q])
        if mine == best:
            share += 1 / ((ranks[p] == best) + (ranks[q] == best) + 1)
        deals += 1
    return share / deals


def test_several_random_opponents_run_equity_for_each_card():
    table = outs("Ah Kh", 2, board="Qh 7h 2c 5d", trials=10_000, seed=1)
    # 46 unseen cards, each an equity run, and one for the equity now
    assert set(table["method"]) == {"monte-carlo"} and table.attrs["trials"] == 47 * 10_000
    assert table.attrs["opponents"] == "2 random" and len(table) == 46
    np.testing.assert_allclose(table.probability, 1 / 46)
    rows = table.set_index("card")
    for card in ("Jh", "3c"):
        exact = two_random_opponents(cards_from_text("Ah Kh"),
                                     cards_from_text(f"Qh 7h 2c 5d {card}"))
        row = rows.loc[card]
        assert abs(row.equity - exact) < 4 * row.std_error + 1e-9, card
    assert rows.loc["Jh", "out"] and not rows.loc["3c", "out"]


def test_schema_and_attrs():
    table = outs("Ah Kh", "QQ+", board="Qh 7h 2c")
    assert isinstance(table, ResultFrame)
    assert list(table.columns) == ["card", *WIN_RATE_COLUMNS, "change", "probability",
                                   "ahead", "made", "out"]
    assert table.outcomes.dtype == np.int64 and table.out.dtype == bool
    assert table.probability.sum() == pytest.approx(1)
    np.testing.assert_allclose(table.change, table.equity - table.attrs["equity_now"])
    assert {"method": "exact", "partial": False, "hand": "Ah Kh", "opponents": "QQ+",
            "board": "Qh 7h 2c", "dead": "", "trials": None}.items() <= table.attrs.items()


@pytest.mark.parametrize("args, kwargs, message", [
    (("Ah Kh", 1, "Qh 7h"), {}, "needs a board of 3 or 4 cards; got 2"),
    (("Ah Kh", 1, "Qh 7h 2c 3d 4s"), {}, "got 5"),
    (("Ah Kh Qd", 1, "Qh 7h 2c"), {}, "two hole cards"),
    (("Ah Qh", 1, "Qh 7h 2c"), {}, "holds a board or dead card"),
    (("Ah Kh", "Ah Qd", "Qs 7h 2c"), {}, "holds a card of the hand"),
    (("Ah Kh", 0, "Qs 7h 2c"), {}, "opponents"),
    (("Ah Kh", 23, "Qs 7h 2c"), {}, "opponents"),
    (("Ah Kh", "AhQh, KhQd", "2s 7h 2c"), {}, "every combo holds a card of the hand"),
    (("Ah Kh", "QQx", "2s 7h 2c"), {}, "opponents"),
    (("Ah Kh", 1, "2s 7h 2c"), {"method": "exact", "trials": 10}, "takes no trials"),
    (("Ah Kh", 1, "2s 7h 2c"), {"seed": -1}, "seed"),
])
def test_bad_input_names_the_value(args, kwargs, message):
    with pytest.raises(PokersimInputError, match=message):
        outs(*args, **kwargs)
