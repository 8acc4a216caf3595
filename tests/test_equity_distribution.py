"""equity_distribution against a naive loop over every opponent combo and runout
(tests/naive_board.py), poker-equity's exact hand-against-range equity, and its own schema.

Ranges here are explicit lists of combos (text through the tests' own parser, naive.py), so
that the expected values depend on nothing in pokersim.
"""


import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from api_page import run_section_example  # noqa: E402
from naive import cards_from_text, cards_to_text  # noqa: E402
from naive_board import versus_range  # noqa: E402

import pokersim  # noqa: E402
from pokersim import PokersimInputError, Range, equity_distribution, plots  # noqa: E402
from pokersim.results import WIN_RATE_COLUMNS, ResultFrame  # noqa: E402


def weighted(*parts):
    """A range as [(combo, weight)] from "AhKh" or "AhKh 0.5" parts."""
    out = []
    for part in parts:
        text, _, weight = part.partition(" ")
        cards = cards_from_text(f"{text[:2]} {text[2:]}")
        out.append((tuple(sorted(cards, reverse=True)), float(weight or 1)))
    return out


def as_range(parts):
    return Range(np.array([c for c, _ in parts]), np.array([w for _, w in parts]))


def combo_text(combo):
    return cards_to_text(sorted(combo, reverse=True))


def naive_distribution(a, b, board, dead=()):
    """{(side, combo text): (win, tie, equity, deals, matchups)} for both ranges, and each
    range's equity (combo equities weighted by weight x matchups)."""
    out, overall = {}, {}
    blocked = set(board) | set(dead)
    for side, mine, theirs in (("A", a, b), ("B", b, a)):
        mass = value = 0.0
        for combo, weight in mine:
            if set(combo) & blocked:
                continue
            live = [(o, w) for o, w in theirs if not set(o) & blocked]
            win, tie, total, deals = versus_range(combo, live, board, dead)
            if total == 0:
                continue
            matchups = sum(w for o, w in live if not set(o) & set(combo))
            equity = (win + tie / 2) / total
            out[side, combo_text(combo)] = (win / total, tie / total, equity, deals, matchups)
            mass += weight * total
            value += weight * total * equity
        overall[side] = value / mass
    return out, overall


def check_against_naive(a, b, board, dead=""):
    board_cards, dead_cards = cards_from_text(board), cards_from_text(dead) if dead else []
    table = equity_distribution(as_range(a), as_range(b), board=board, dead=dead or None)
    expected, overall = naive_distribution(a, b, board_cards, dead_cards)
    got = {(r.range, r.combo): r for r in table.itertuples()}
    assert set(got) == set(expected)
    for key, (win, tie, equity, deals, matchups) in expected.items():
        row = got[key]
        assert row.win == pytest.approx(win, abs=1e-12), key
        assert row.tie == pytest.approx(tie, abs=1e-12), key
        assert row.equity == pytest.approx(equity, abs=1e-12), key
        assert row.outcomes == deals, key
        assert row.matchups == pytest.approx(matchups, abs=1e-12), key
    assert table.attrs["equity_a"] == pytest.approx(overall["A"], abs=1e-12)
    assert table.attrs["equity_b"] == pytest.approx(overall["B"], abs=1e-12)
    for side in "AB":  # each range's rows from the highest equity down
        equities = table.equity[table.range == side].to_numpy()
        assert (np.diff(equities) <= 0).all()
    return table


# Weighted ranges that share combos and cards, with a combo on the board or dead left out.
A = weighted("AhKh", "AsKd 0.5", "QsQd", "7c6c 0.25", "JdTd", "2c2d", "KsQc 0.75")
B = weighted("QcQs", "AhQh 0.5", "JsTd", "7d7h 0.3", "AsKd", "9h8h", "KhKd", "Ac2c")


@pytest.fixture(params=["by estimate", "runout kernel", "sweep", "sweep, workers"])
def kernel(request, monkeypatch):
    """Each way pokersim.engine.lists.ranges_on_board may count the two ranges (the other's
    setup estimate made prohibitive), and its own choice; the sweep also with three workers
    where its weights are whole (one otherwise)."""
    from pokersim.engine import lists
    from pokersim.engine._games import sweep

    if request.param == "runout kernel":
        monkeypatch.setattr(lists, "SWEEP_SETUP_NS", 10**15)
    elif request.param.startswith("sweep"):
        monkeypatch.setattr(lists, "RUNOUT_SETUP_NS", 10**15)
    if request.param == "sweep, workers":
        monkeypatch.setattr(sweep, "workers_for", lambda showdowns: 3)
    return request.param


def test_flop_matches_every_opponent_combo_and_runout(kernel):
    table = check_against_naive(A, B, "Qh 7d 2c")
    assert len(table) == 6 + 5  # 2c2d, and AhQh, 7d7h, Ac2c hold a board card
    assert set(table.weight[table.range == "A"]) == {0.5, 1.0, 0.25, 0.75}


def test_turn_and_river_with_dead_cards_match(kernel):
    check_against_naive(A, B, "Qh 7d 2h 9c", dead="Kc 8h")
    check_against_naive(A, B, "Qh 7d 2h 9c Td")


# Weights of 1: the sweep's workers share the runouts (sums exact in any order).
WHOLE_A = weighted("AhKh", "AsKd", "QsQd", "7c6c", "JdTd", "2c2d", "KsQc", "9s9c")
WHOLE_B = weighted("QcQs", "AhQh", "JsTd", "7d7h", "AsKd", "9h8h", "KhKd", "Ac2c", "Th9h")


def test_whole_weights_on_flop_and_turn_match(kernel):
    check_against_naive(WHOLE_A, WHOLE_B, "Qh 7d 2h")
    check_against_naive(WHOLE_A, WHOLE_B, "Qh 7d 2h 9c", dead="Kc")


def test_weights_whole_in_proportion_share_the_sweep(monkeypatch):
    """Weights of 1, 0.5, 0.25, 0.75 and of 1, 0.5, 0.3 are whole in proportion: the sweep
    counts them as whole numbers, on its workers, and divides each side's sums back."""
    from pokersim._core import jit
    from pokersim.engine import lists
    from pokersim.engine._games import sweep

    started = []

    def spy(task, n_workers):
        started.append(n_workers)
        return jit.on_workers(task, n_workers)

    monkeypatch.setattr(lists, "RUNOUT_SETUP_NS", 10**15)
    monkeypatch.setattr(sweep, "workers_for", lambda showdowns: 3)
    monkeypatch.setattr(sweep, "on_workers", spy)
    check_against_naive(A, B, "Qh 7d 2h 9c", dead="Kc 8h")
    assert started == [3]


@pytest.mark.parametrize("board, by_card", [("Qh 7d 2h", False), ("Qh 7d 2h 9c", True)])
def test_the_sweep_on_several_workers_sums_as_one(monkeypatch, board, by_card):
    """board_sweep's sums, to the bit, on one worker and on three sharing the runouts (whole
    weights); with a weight that is not whole, one worker whatever the work."""
    from pokersim._core import jit
    from pokersim.engine._games import sweep
    from pokersim.ranges import all_combos

    board_cards = np.array(cards_from_text(board), np.uint8)
    live = np.setdiff1d(np.arange(52), board_cards).astype(np.uint8)
    combos = all_combos()[::3]
    combos = combos[~np.isin(combos, board_cards).any(axis=1)]
    weights = np.random.default_rng(5).integers(0, 4, (2, len(combos))).astype(np.float64)
    started = []

    def spy(task, n_workers):
        started.append(n_workers)
        return jit.on_workers(task, n_workers)

    monkeypatch.setattr(sweep, "on_workers", spy)
    monkeypatch.setattr(sweep, "workers_for", lambda showdowns: 1)
    one = sweep.board_sweep(combos, weights, board_cards, live, by_card=by_card)
    monkeypatch.setattr(sweep, "workers_for", lambda showdowns: 3)
    three = sweep.board_sweep(combos, weights, board_cards, live, by_card=by_card)
    for a, b in zip(one, three, strict=True):
        np.testing.assert_array_equal(a, b)
    assert one.wins.any() and one.ties.any()
    weights[0, 0] = 0.5
    sweep.board_sweep(combos, weights, board_cards, live, by_card=by_card)
    assert started == [1, 3, 1]


@pytest.mark.slow
def test_random_ranges_on_random_boards_match(kernel):
    rng = np.random.default_rng(18)
    for _ in range(6):
        cards = rng.permutation(52)
        board = cards_to_text(cards[:int(rng.integers(3, 6))])
        combos = [tuple(sorted(rng.choice(52, 2, replace=False).tolist(), reverse=True))
                  for _ in range(60)]
        combos = list(dict.fromkeys(combos))
        a = [(c, float(rng.choice([1, 0.5, 0.2]))) for c in combos[:30]]
        b = [(c, float(rng.choice([1, 0.4]))) for c in combos[20:]]
        check_against_naive(a, b, board, dead=cards_to_text(cards[10:12]))


@pytest.mark.parametrize("hand, villain, board", [
    ("AhKh", "QQ+,AKs", "Qh7d2c"),
    ("Jd Td", "JJ-99,AQs,KQo", "9h 8c 2d"),
    ("5s 5c", "22+,A2s+,KTo+", "Ah 7d 5d Kc"),
])
def test_hand_against_range_matches_poker_equity(hand, villain, board):
    # poker-equity (a Rust library) walks every deal of a hand against a range exactly
    pe = pytest.importorskip("poker_equity")
    peer = pe.exact_from_text("holdem", [hand.replace(" ", ""), villain], board=board)
    table = equity_distribution(hand, villain, board=board)
    ours = table.equity[table.range == "A"].iloc[0]
    assert ours == pytest.approx(peer["players"][0]["equity"], abs=1e-12)


def test_ranges_equity_is_the_equity_tables_and_sums_to_one():
    # a second implementation in pokersim: equity() enumerates pairs of combos and runouts
    table = equity_distribution("QQ+, AKs, 76s@50", "JJ-99, AQs, KQo@25", board="Qh 7d 2c")
    both = pokersim.equity(["QQ+, AKs, 76s@50", "JJ-99, AQs, KQo@25"], board="Qh 7d 2c")
    assert table.attrs["equity_a"] == pytest.approx(both.equity.iloc[0], abs=1e-12)
    assert table.attrs["equity_a"] + table.attrs["equity_b"] == pytest.approx(1, abs=1e-12)
    for side in "AB":
        assert table.frequency[table.range == side].sum() == pytest.approx(1)


def test_schema_and_attrs():
    table = equity_distribution("AA, KK", "random", board="Ah 7d 2c", dead="Kd")
    assert isinstance(table, ResultFrame)
    assert list(table.columns) == ["range", "combo", *WIN_RATE_COLUMNS, "weight", "matchups",
                                   "frequency"]
    assert table.outcomes.dtype == np.int64 and (table.std_error == 0).all()
    assert set(table["method"]) == {"exact"}
    np.testing.assert_allclose(table.win + table.tie + table.lose, 1)
    expected = {"method": "exact", "partial": False, "board": "Ah 7d 2c", "dead": "Kd",
                "range_a": "AA, KK", "range_b": "random", "runouts": 946}  # C(52 - 8, 2)
    assert expected.items() <= table.attrs.items()
    assert len(table[table.range == "A"]) == 3 + 3  # no Ah, no Kd
    assert len(table[table.range == "B"]) == 48 * 47 // 2  # no card of Ah 7d 2c Kd


@pytest.mark.parametrize("args, message", [
    (("AA", "KK", ""), "needs a board of 3, 4 or 5 cards; got 0"),
    (("AA", "KK", "Ah Kd"), "got 2"),
    (("AA", "KK", "Ah Kd 2c 3c 4c 5c"), "got 6"),
    (("AA", "KK", "Ah Kd Ah"), "repeats"),
    (("AA", "KK", "2c 3c 4c", "2c"), "a dead card is also on the board"),
    (("AAx", "KK", "2c 3c 4c"), "range_a"),
    (("AA", 7, "2c 3c 4c"), "range_b must be range text"),
    (("2c3c", "KK", "2c 3d 4d"), "no combo is left"),
    (("AhKh", "AhQh, KhQd", "2c 3d 4d"), "no deal is possible"),
])
def test_bad_input_names_the_value(args, message):
    with pytest.raises(PokersimInputError, match=message):
        equity_distribution(*args)


def test_plot_draws_both_sorted_curves():
    table = equity_distribution("QQ+, AK", "JJ-99, AQs", board="Qh 7d 2c")
    ax = plots.equity_distribution(table)
    lines = ax.get_lines()
    assert [line.get_label() for line in lines] == [
        f"A: QQ+, AK ({100 * table.attrs['equity_a']:.1f}%)",
        f"B: JJ-99, AQs ({100 * table.attrs['equity_b']:.1f}%)"]
    for line in lines:
        x, y = line.get_xdata(), line.get_ydata()
        assert x[0] == 0 and x[-1] == pytest.approx(100)
        assert (np.diff(x) >= 0).all() and (np.diff(y) <= 1e-9).all()
    assert ax.get_ylabel() == "equity (%)"
    with pytest.raises(PokersimInputError, match="frequency"):
        plots.equity_distribution(table.drop(columns="frequency"))
    plt.close("all")


def test_the_examples_of_docs_api_run():
    assert run_section_example("Ranges on a board") == (0, 8)  # (failed, attempted)
