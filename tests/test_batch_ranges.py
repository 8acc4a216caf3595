"""batch_equity(hands, boards, against=...): each hand against a range on its board, exactly.

Expected values: pokersim.equity([hand, range], board, dead) spot by spot (the engine,
checked on its own against brute force and peers elsewhere), and a brute force over the
range's combos and the runouts written here from the rules with the naive evaluator.
"""

import itertools
from fractions import Fraction

import numpy as np
import pytest

import pokersim
from pokersim import batch_equity, parse_range
from pokersim.cards import format_cards, parse_cards
from pokersim.errors import HandShapeError, PokersimInputError, RangeError
from pokersim.ranges import N_COMBOS, Range
from tests.naive import naive_rank as naive_strength

RANGES = ["QQ+, AK", "22+, A2s+, KTo+", "random", "AhKh, 7c7d@50, T9s:0.25"]


def random_spots(n, board, dead=0, seed=0):
    """n random (hand, board, dead) texts."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        cards = rng.permutation(52)[:2 + board + dead].astype(np.uint8)
        out.append((format_cards(cards[:2]).replace(" ", ""), format_cards(cards[2:2 + board]),
                    format_cards(cards[2 + board:]) if dead else ""))
    return out


@pytest.mark.parametrize("board", [3, 4, 5])
@pytest.mark.parametrize("text", RANGES)
def test_equal_to_equity_spot_by_spot(board, text):
    spots = random_spots(8 if board == 3 else 30, board, dead=1, seed=board)
    hands, boards, dead = (np.array(column) for column in zip(*spots, strict=True))
    table = batch_equity(hands, boards, dead, against=text)
    array = batch_equity(hands, boards, dead, against=text, as_array=True)
    for i, (hand, b, d) in enumerate(spots):
        want = pokersim.equity([hand, text], board=b, dead=d)
        got = table[table.spot == i]
        for column in ("win", "tie", "lose", "equity"):
            np.testing.assert_allclose(got[column], want[column], rtol=0, atol=1e-12)
        np.testing.assert_allclose(array[i], want.equity, rtol=0, atol=1e-12)


def test_brute_force_over_combos_and_runouts():
    """Two spots, every combo of a small weighted range and every runout, by the naive
    evaluator."""
    weights = {"AhKh": 1.0, "QsQd": 0.5, "Jc9c": 0.25, "7d6d": 1.0, "2s2h": 0.75}
    the_range = Range(np.array([parse_cards(c) for c in weights]), list(weights.values()))
    for hand, board in (("AsKd", "Qh 7h 2c"), ("Tc9d", "8c 7c 2d 3s")):
        mine = parse_cards(hand).tolist()
        shown = parse_cards(board).tolist()
        won = tied = met = 0.0
        for combo, w in weights.items():
            theirs = parse_cards(combo).tolist()
            if set(theirs) & set(mine + shown):
                continue
            left = [c for c in range(52) if c not in mine + shown + theirs]
            for runout in itertools.combinations(left, 5 - len(shown)):
                full = shown + list(runout)
                a, b = naive_strength(mine + full), naive_strength(theirs + full)
                won += w * (a > b)
                tied += w * (a == b)
                met += w
        got = batch_equity([hand], [board], against=the_range)
        assert got.win.iloc[0] == pytest.approx(won / met, abs=1e-12)
        assert got.tie.iloc[0] == pytest.approx(tied / met, abs=1e-12)


def test_weights_a_row_each_and_collisions():
    spots = random_spots(12, 4, seed=7)
    hands, boards, _ = (np.array(column) for column in zip(*spots, strict=True))
    rng = np.random.default_rng(1)
    weights = rng.random((12, N_COMBOS)) * (rng.random((12, N_COMBOS)) < 0.05)
    got = batch_equity(hands, boards, against=weights)
    hi, lo = np.tril_indices(52, -1)
    for i, (hand, board, _) in enumerate(spots):
        keep = weights[i] > 0
        row_range = Range(np.stack([hi[keep], lo[keep]], axis=1),
                          weights[i, keep] / weights[i].max())
        want = pokersim.equity([hand, row_range], board=board)
        np.testing.assert_allclose(got[got.spot == i].equity, want.equity, rtol=0, atol=1e-12)
    # a range whose only combo holds a card of row 1's hand: nothing left, named by its row
    with pytest.raises(RangeError, match="row 1: no combo of the range is left"):
        batch_equity(["QsQd", "AhKd", "2c3d"], ["7c 8c 9c"] * 3, against="AhKh")


def test_short_deck_and_bad_input():
    got = batch_equity(["AhKh"], ["Qh Jd 6c"], against="TT+", game="short-deck")
    want = pokersim.equity(["AhKh", "TT+"], board="Qh Jd 6c", game="short-deck")
    np.testing.assert_allclose(got.equity, want.equity, rtol=0, atol=1e-12)
    with pytest.raises(PokersimInputError, match="board of 3 to 5 cards"):
        batch_equity(["AhKh"], against="QQ+")
    with pytest.raises(PokersimInputError, match="exact"):
        batch_equity(["AhKh"], ["Qh Jd 6c"], against="QQ+", seed=1)
    with pytest.raises(RangeError, match="weights of the 1326 combos"):
        batch_equity(["AhKh"], ["Qh Jd 6c"], against=np.ones(5))
    with pytest.raises(RangeError, match=r"against\[0, 3\] = -1.0"):
        batch_equity(["AhKh"], ["Qh Jd 6c"], against=np.r_[np.ones(3), -1, np.ones(1322)])
    with pytest.raises(HandShapeError, match=r"\(N, 2\)"):
        batch_equity(np.zeros((2, 3), np.uint8), ["Qh Jd 6c"] * 2, against="QQ+")
    with pytest.raises(PokersimInputError, match="spot 8: .* appears twice"):
        batch_equity(["AhKh", "QhQd"], ["Qh Jd 6c"] * 2, against="TT+", spot_ids=[5, 8])
    assert parse_range("QQ+").n_combos == 18


def test_combo_table_against_its_rule():
    # each combo's cards, key and bits as the kernel's card tables sum them; its rank class
    # the index of its ranks' key among the distinct ones, ascending; for each card the
    # combos that hold it, ascending
    from pokersim.engine._games.batch_ranges import combo_table
    from pokersim.evaluator.strengths import kernel_args
    from pokersim.evaluator.tables import KEY_BIAS, RANK_MASK

    card_keys, card_bits = kernel_args("high")[:2]
    rng = np.random.default_rng(3)
    hi, lo = np.tril_indices(52, -1)
    for share in (0.02, 0.3, 1.0):
        kept = rng.random(N_COMBOS) < share
        cards = np.stack([hi[kept], lo[kept]], axis=1)
        table = combo_table(cards, card_keys, card_bits)
        for c, (a, b) in enumerate(cards.tolist()):
            assert table.masks[c] == (1 << a) | (1 << b)
            assert table.keys[c] == int(KEY_BIAS) + int(card_keys[a]) + int(card_keys[b])
            assert table.bits[c] == card_bits[a] | card_bits[b]
        rank_keys = sorted({int(k) & int(RANK_MASK) for k in table.keys})
        assert table.classes.keys.tolist() == rank_keys
        assert table.classes.of_combo.tolist() == [rank_keys.index(int(k) & int(RANK_MASK))
                                                   for k in table.keys]
        for card in range(52):
            holding = [c for c, pair in enumerate(cards.tolist()) if card in pair]
            n = table.classes.n_card_combos[card]
            assert n == len(holding) and table.classes.card_combos[card, :n].tolist() == holding


def test_a_ranges_sums_are_exact():
    # weights such as 0.33 (no binary fraction) made whole: the kernel's sums are exact in
    # any order, so win is the exact ratio rounded once (the sums in floats drifted by up to
    # 1.6e-14); the expected value from exact fractions over every runout, naive evaluator
    weights = {"QsQd": Fraction(33, 100), "Jc9c": Fraction(7, 10), "7d6d": Fraction(1),
               "2s2h": Fraction(91, 100), "KhQh": Fraction(33, 100)}
    text = "QsQd@33, Jc9c@70, 7d6d, 2s2h@91, KhQh@33"
    hand, board = "AsKd", "Qh 7h 2c 9s"
    mine, shown = parse_cards(hand).tolist(), parse_cards(board).tolist()
    won = met = Fraction(0)
    for combo, w in weights.items():
        theirs = parse_cards(combo).tolist()
        if set(theirs) & set(mine + shown):  # KhQh: the board's Qh
            continue
        left = [c for c in range(52) if c not in mine + shown + theirs]
        for river in left:
            full = shown + [river]
            won += w * (naive_strength(mine + full) > naive_strength(theirs + full))
            met += w
    got = batch_equity([hand], [board], against=text)
    assert got.win.iloc[0] == float(won / met)  # rounded once


#: The kernels a group of spots sharing a board may be counted by (see
#: pokersim.engine.lists._kernel_for), each forced; "by estimate" the choice itself.
GROUP_KERNELS = {"by estimate": None, "row by row": ("rows", 0), "runouts": ("runouts", 0),
                 "runouts, workers": ("runouts", 10**12), "sweep": ("sweep", 0)}


@pytest.mark.parametrize("kernel", list(GROUP_KERNELS))
@pytest.mark.parametrize("game, text", [("holdem", "22+, A2s+, KTo+"),
                                        ("holdem", "AhKh, 7c7d@50, T9s:0.25"),
                                        ("short-deck", "TT+, AJs+")])
def test_spots_that_share_a_board_give_the_same_numbers(monkeypatch, kernel, game, text):
    # spots on three flops (one twice, with another dead card; the board's cards given in
    # another order) and a few of their own: the groups go to the runout kernel or the sweep
    # where those are expected to be faster (forced here, each), the other spots to the row
    # kernel; the same numbers to the bit as every spot on the row kernel, and as equity()
    from pokersim.engine import batch_ranges, lists

    rng = np.random.default_rng(len(text))
    low = 16 if game == "short-deck" else 0
    spots = []
    for board, dead in (("Qh 7d 9c", "Ts"), ("Kh Td 6h", "8d"), ("Qh 7d 9c", "Jc")):
        cards = set(parse_cards(f"{board} {dead}").tolist())
        live = [c for c in range(low, 52) if c not in cards]
        for _ in range(5):
            hand = rng.choice(live, 2, replace=False)
            spots.append((format_cards(hand), " ".join(board.split()[::1 - 2 * (_ % 2)]), dead))
    spots += [(h, b, d) for h, b, d in random_spots(4, 3, 1, seed=3)
              if min(parse_cards(f"{h} {b} {d}")) >= low]
    hands, boards, dead = (np.array(column) for column in zip(*spots, strict=True))
    if GROUP_KERNELS[kernel] is not None:
        monkeypatch.setattr(lists, "_kernel_for", lambda *args: GROUP_KERNELS[kernel])
    grouped = batch_equity(hands, boards, dead, against=text, game=game)
    with monkeypatch.context() as m:
        m.setattr(batch_ranges, "list_against_list_counts", lambda *args: None)
        one_by_one = batch_equity(hands, boards, dead, against=text, game=game)
    pd_testing = pytest.importorskip("pandas").testing
    pd_testing.assert_frame_equal(grouped, one_by_one, check_exact=True)
    for i in (0, 7, 14):
        want = pokersim.equity([hands[i], text], board=boards[i], dead=dead[i], game=game)
        got = grouped[grouped.spot == i]  # (the range's equity as 1 - the hand's here)
        np.testing.assert_allclose(got.equity, want.equity, rtol=0, atol=1e-12)
    # no dead cards: the first two boards' spots
    grouped = batch_equity(hands[:10], boards[:10], against=text, game=game, as_array=True)
    with monkeypatch.context() as m:
        m.setattr(batch_ranges, "list_against_list_counts", lambda *args: None)
        one_by_one = batch_equity(hands[:10], boards[:10], against=text, game=game,
                                  as_array=True)
    np.testing.assert_array_equal(grouped, one_by_one)
