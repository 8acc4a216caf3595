"""The shipped 169 x 169 heads-up matrix: checked entry by entry on independent paths, for
symmetry, against the starting-hand table, against fresh runs and published equities."""

import itertools
import math

import numpy as np
import pandas as pd
import pytest

from pokersim import config, equity, evaluate
from pokersim._core.shipped import BOARDS, versus_random
from pokersim.data import heads_up
from pokersim.ranges import starting_hand_names
from pokersim.results import WIN_RATE_COLUMNS, ResultFrame
from pokersim.tools.heads_up import class_pair_counts
from tests.naive import RANK_CHARS, SUIT_CHARS


def class_combos(name):
    """The combos of a class as lists of two card ids (the tests' own enumeration)."""
    r1, r2 = RANK_CHARS.index(name[0]), RANK_CHARS.index(name[1])
    if r1 == r2:
        return [[4 * r1 + a, 4 * r1 + b] for a, b in itertools.combinations(range(4), 2)]
    suited = name[2] == "s"
    return [[4 * r1 + a, 4 * r2 + b] for a in range(4) for b in range(4)
            if (a == b) == suited]


def disjoint_pairs(hand, opponent):
    return [(a, b) for a in class_combos(hand) for b in class_combos(opponent)
            if not set(a) & set(b)]


def text(cards):
    return "".join(RANK_CHARS[c // 4] + SUIT_CHARS[c % 4] for c in cards)


@pytest.fixture(scope="module")
def table():
    return heads_up().set_index(["hand", "opponent_hand"])


def test_shape_order_and_grid(table):
    names = starting_hand_names()
    assert len(table) == 169 * 169 and not table.isna().any().any()
    grid = heads_up("equity")
    assert grid.index.tolist() == names and grid.columns.tolist() == names
    assert grid.loc["AKs", "QQ"] == table.loc[("AKs", "QQ"), "equity"]
    with pytest.raises(ValueError, match="value must be one of"):
        heads_up("hand")
    with pytest.raises(ValueError, match="value must be one of"):
        heads_up("opponent_hand")


def test_the_tables_are_win_rate_tables():
    long = heads_up()
    assert isinstance(long, ResultFrame) and isinstance(heads_up("win"), ResultFrame)
    assert long.columns.tolist() == ["hand", "opponent_hand", *WIN_RATE_COLUMNS, "combos",
                                     "wins", "ties"]
    assert (long.method == "exact").all() and (long.std_error == 0).all()
    assert long.outcomes.dtype == long.wins.dtype == long.combos.dtype == np.int64
    assert versus_random().columns.tolist() == ["hand", *WIN_RATE_COLUMNS]


def test_written_counts_keep_the_file_header(tmp_path):
    import gzip

    from pokersim._core.shipped import read_counts
    from pokersim.tools.heads_up import class_pair_table, write_counts

    counts = class_pair_table(["AA", "72o"])
    path = write_counts(counts, tmp_path / "hu.csv.gz")
    with gzip.open(path, "rt") as f:
        assert f.readline().strip() == "hand,opponent,wins,ties,outcomes"
    pd.testing.assert_frame_equal(read_counts(path), counts)


def test_heads_up_no_longer_imports_starting_hands():
    """The circle heads_up -> starting_hands -> heads_up is broken: the class names live in
    pokersim.ranges."""
    import ast
    import inspect

    import pokersim.tools.heads_up

    tree = ast.parse(inspect.getsource(pokersim.tools.heads_up))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert "starting_hands" not in imported and "ranges" in imported


def test_combo_pair_counts_are_the_disjoint_pairs(table):
    # outcomes = (pairs of combos with no card in common) x C(48, 5), counted with card masks
    names = starting_hand_names()
    masks = {n: np.array([(1 << a) | (1 << b) for a, b in class_combos(n)], np.int64)
             for n in names}
    combos = table.combos.unstack().loc[names, names].to_numpy()
    expected = np.array([[((masks[a][:, None] & masks[b][None, :]) == 0).sum() for b in names]
                         for a in names])
    np.testing.assert_array_equal(combos, expected)
    np.testing.assert_array_equal(table.outcomes, table.combos * math.comb(48, 5))
    # each combo meets C(50, 2) opponent combos in all: 6, 4 or 12 combos per class times 1225
    per_hand = combos.sum(axis=1)
    sizes = np.array([len(class_combos(n)) for n in names])
    np.testing.assert_array_equal(per_hand, sizes * 1225)


@pytest.mark.parametrize("hand, opponent", [("AKs", "QQ"), ("AA", "AKo"), ("T9s", "T9s"),
                                            ("72o", "72s")])
def test_entry_is_the_mean_over_combo_pairs(table, monkeypatch, hand, opponent):
    # One exact equity() per pair of explicit combos, no merging of suit-isomorphic deals,
    # averaged here with equal weights.
    monkeypatch.setattr(config, "SUIT_ISOMORPHISM", False)
    pairs = disjoint_pairs(hand, opponent)
    win = tie = eq = 0.0
    for a, b in pairs:
        first = equity([text(a), text(b)], method="exact").iloc[0]
        win, tie, eq = win + first.win, tie + first.tie, eq + first.equity
    row = table.loc[(hand, opponent)]
    assert row.combos == len(pairs)
    assert row.win == pytest.approx(win / len(pairs), abs=1e-12)
    assert row.tie == pytest.approx(tie / len(pairs), abs=1e-12)
    assert row.equity == pytest.approx(eq / len(pairs), abs=1e-12)


def test_entry_by_evaluating_every_board(table):
    # KK against AKs through the evaluator alone: for each of the 12 pairs of combos, all
    # 1,712,304 boards from the 48 other cards, both seven-card hands evaluated and compared.
    boards = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(48), 5)),
                         np.uint8, count=5 * BOARDS).reshape(-1, 5)
    hands = np.empty((BOARDS, 7), np.uint8)
    wins = ties = n = 0
    for a, b in disjoint_pairs("KK", "AKs"):
        live = np.setdiff1d(np.arange(52), a + b).astype(np.uint8)
        hands[:, 2:] = live[boards]
        hands[:, :2] = a
        sa = evaluate(hands)
        hands[:, :2] = b
        sb = evaluate(hands)
        wins += int((sa > sb).sum())
        ties += int((sa == sb).sum())
        n += 1
    row = table.loc[("KK", "AKs")]
    assert (row.wins, row.ties, row.outcomes) == (wins, ties, n * BOARDS)


def test_symmetry(table):
    back = table.swaplevel().reindex(table.index)  # row (A, B) holds the entry (B, A)
    np.testing.assert_array_equal(table.wins, back.outcomes - back.wins - back.ties)
    np.testing.assert_array_equal(table.ties, back.ties)
    np.testing.assert_array_equal(table.outcomes, back.outcomes)
    np.testing.assert_allclose(table.equity + back.equity, 1, atol=1e-12)
    np.testing.assert_allclose(table.win, back.lose, atol=1e-12)
    np.testing.assert_allclose(table.win + table.tie + table.lose, 1, atol=1e-12)


def test_shipped_entries_match_a_fresh_computation(table):
    names = starting_hand_names()
    rng = np.random.default_rng(20240)
    picks = [tuple(names[k] for k in rng.choice(169, 2)) for _ in range(6)]
    for hand, opponent in picks + [(b, a) for a, b in picks[:2]]:
        row = table.loc[(hand, opponent)]
        assert (row.wins, row.ties, row.outcomes) == class_pair_counts(hand, opponent)
        fresh = equity([hand, opponent], method="exact").iloc[0]
        assert row.equity == pytest.approx(fresh.equity, abs=1e-12)
        assert row.win == pytest.approx(fresh.win, abs=1e-12)
        assert row.tie == pytest.approx(fresh.tie, abs=1e-12)


@pytest.mark.parametrize("hand", ["AKs", "72o"])
def test_rows_sum_to_the_equity_against_a_random_hand(hand):
    # A combo's opponents are the 1,225 combos without its cards; entry (A, B) sums over the
    # disjoint pairs of A x B, so A's row of counts summed is A against a random hand exactly:
    # versus_random (which the starting-hand table's one-opponent column uses) must equal a
    # direct enumeration of one combo of A against every hand and board.
    row = versus_random().set_index("hand").loc[hand]
    combo = {"AKs": "AsKs", "72o": "7s2h"}[hand]
    direct = equity([combo, "random"], method="exact").iloc[0]
    assert row.win == pytest.approx(direct.win, abs=1e-12)
    assert row.tie == pytest.approx(direct.tie, abs=1e-12)
    assert row.equity == pytest.approx(direct.equity, abs=1e-12)


@pytest.mark.parametrize("hand, opponent, published", [
    ("AA", "KK", 0.8195),   # the classic 82% / 18%
    ("AKs", "QQ", 0.46),    # the "coin flip" that QQ leads, 46% / 54%
    ("AKo", "22", 0.47),    # overcards against a small pair, 47% / 53%
    ("72o", "AA", 0.12),    # the worst hand against the best, about 12%
])
def test_published_equities(table, hand, opponent, published):
    # Published approximations (PokerStove-style odds charts, rounded): a loose check only.
    assert table.loc[(hand, opponent), "equity"] == pytest.approx(published, abs=0.01)
