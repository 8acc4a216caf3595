"""batch_equity in every game beyond Hold'em: exact, equal to pokersim.equity spot by spot
(the engine, checked against brute force elsewhere), to the numpy path of
pokersim.engine.batch_games (the two-plus-three games' row kernels) and to the naive
rules-only reference of tests/naive_games.py on a few spots; Monte Carlo in the
two-plus-three games against exact equity and pokersim.equity's Monte Carlo in standard
errors, and against itself across chunk sizes, spot numbers and thread counts."""

import os
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import pokersim
from pokersim import batch_equity
from pokersim.engine.batch import BatchGameError
from pokersim.engine.batch_games import batch_game_equity
from pokersim.engine.games import board_game
from pokersim.games.game import NAMES, get
from pokersim.ranges import parse_range
from tests.ctrl_c import after_first_chunk
from tests.naive_games import naive_equity
from tests.naive_rankings import DECKS
from tests.threads import at_one_and_two_threads

REPO = Path(__file__).resolve().parents[1]
#: Every game the board kernels do not play, with the board sizes a spot may have.
GAMES = [name for name in NAMES if not board_game(get(name))]
#: The games of exactly two hole cards and three board cards (the Omaha row kernels').
TWO_PLUS_THREE = [name for name in NAMES if get(name).two_plus_three]


def board_sizes(game):
    return (0,) if game.board == 0 else (3, 4, 5)


def random_spots(game, n, players, board, seed, dead=0):
    """n spots of ``game``: (N, P, hole) card ids, (N, board) ids (and with ``dead``, (N,
    dead) ids)."""
    rng = np.random.default_rng(seed)
    deck = np.array(DECKS[game.ranking], np.uint8)
    need = players * game.hole + board + dead
    cards = np.stack([rng.permutation(deck)[:need] for _ in range(n)])
    hands = cards[:, :players * game.hole].reshape(n, players, game.hole)
    boards = cards[:, players * game.hole:players * game.hole + board]
    return (hands, boards, cards[:, need - dead:]) if dead else (hands, boards)


def per_spot(game, hands, boards, dead, **options):
    """pokersim.equity of each spot: its table."""
    return [pokersim.equity([pokersim.format_cards(h) for h in hands[i]], board=boards[i],
                            dead=dead[i], game=game, **options) for i in range(len(hands))]


@pytest.mark.parametrize("name", GAMES)
def test_equal_to_equity_spot_by_spot(name):
    game = get(name)
    players = 2 if game.hole * 3 + game.board > len(DECKS[game.ranking]) else 3
    for board in board_sizes(game):
        n = 6 if board == 3 else 20
        hands, boards = random_spots(game, n, players, board, seed=board)
        table = batch_equity(hands, boards if board else None, game=name)
        array = batch_equity(hands, boards if board else None, game=name, as_array=True)
        for i in range(n):
            want = pokersim.equity([pokersim.format_cards(h) for h in hands[i]],
                                   board=boards[i] if board else None, game=name)
            got = table[table.spot == i]
            for column in ("win", "tie", "lose", "equity"):
                np.testing.assert_allclose(got[column], want[column], rtol=0, atol=1e-12,
                                           err_msg=f"{name} spot {i} {column}")
            assert got.outcomes.tolist() == want.outcomes.tolist()
            np.testing.assert_allclose(array[i], want.equity, rtol=0, atol=1e-12)


@pytest.mark.parametrize("name, n, seed", [
    ("omaha-hi-lo", 3, 11), ("stud-hi-lo", 3, 11), ("razz", 3, 11), ("badugi", 3, 11),
    ("omaha", 2, 12), ("courchevel-hi-lo", 2, 12), ("omaha-6", 2, 12),  # the 2+3 kernels
])
def test_equal_to_the_naive_rules(name, n, seed):
    game = get(name)
    hands, boards = random_spots(game, n, 2, 4 if game.board else 0, seed=seed)
    table = batch_equity(hands, boards if game.board else None, game=name)
    for i in range(n):
        want = naive_equity(game, [tuple(h.tolist()) for h in hands[i]],
                            tuple(boards[i].tolist()))
        got = table[table.spot == i]
        for column in ("win", "tie", "equity"):
            np.testing.assert_allclose(got[column], [w[column] for w in want], rtol=0,
                                       atol=1e-12)


def test_what_is_not_covered_yet_says_so():
    hands, _ = random_spots(get("omaha"), 2, 2, 0, seed=1)
    with pytest.raises(pokersim.PokersimInputError, match="1,086,008 runouts a spot, over"):
        batch_equity(hands, game="omaha", method="exact")  # preflop
    with pytest.raises(pokersim.PokersimInputError, match="over 50,000"):
        batch_game_equity(hands, None, None, get("omaha"))  # the numpy path: exact only
    stud, _ = random_spots(get("stud"), 2, 2, 0, seed=1)
    with pytest.raises(BatchGameError, match="exactly \\(one showdown a spot\\)"):
        batch_equity(stud, game="stud", seed=1)
    with pytest.raises(BatchGameError, match="against a range"):
        batch_equity(hands[:, 0], "2c 3c 4c", game="omaha", against=parse_range("AA"))
    with pytest.raises(pokersim.HandShapeError, match=r"\(N, P, 4\)"):
        batch_equity(hands[:, :, :2], "2c 3c 4c", game="omaha")


# ------------------------------------------------------------------- two plus three: exact


@pytest.mark.parametrize("name", TWO_PLUS_THREE)
@pytest.mark.parametrize("players, dead", [(2, 0), (3, 2)])
def test_two_plus_three_rows_equal_equity_and_the_numpy_path(name, players, dead):
    game = get(name)
    for board, n in ((5, 30), (4, 10), (3, 3)):
        hands, boards, deads = random_spots(game, n, players, board, seed=board + 10 * dead,
                                            dead=max(dead, 1))
        deads = deads[:, :dead]
        table = batch_equity(hands, boards, deads, game=name)
        assert table.attrs["method"] == "exact" and table.attrs["trials"] is None
        numpy_path = batch_game_equity(hands, boards, deads, game)
        for column in ("win", "tie", "lose", "equity", "std_error", "outcomes"):
            np.testing.assert_allclose(table[column], numpy_path[column], rtol=0, atol=1e-12,
                                       err_msg=f"{name} board {board} {column}")
        array = batch_equity(hands, boards, deads, game=name, as_array=True, chunk_size=4)
        for i, want in enumerate(per_spot(name, hands, boards, deads)):
            got = table[table.spot == i]
            for column in ("win", "tie", "lose", "equity"):
                np.testing.assert_allclose(got[column], want[column], rtol=0, atol=1e-12,
                                           err_msg=f"{name} board {board} spot {i} {column}")
            assert got.outcomes.tolist() == want.outcomes.tolist()
            np.testing.assert_allclose(array[i], want.equity, rtol=0, atol=1e-12)


@pytest.mark.parametrize("name, players, board", [
    ("omaha-hi-lo", 6, 4),  # 4,096 winner masks: outcome codes
    ("omaha", 11, 4),  # 2,048 winner masks
    ("omaha-hi-lo", 5, 5),  # 1,024 winner masks, the river
    ("courchevel-hi-lo", 4, 3),
])
def test_two_plus_three_with_many_players(name, players, board):
    game = get(name)
    hands, boards = random_spots(game, 4, players, board, seed=players)
    deads = np.zeros((4, 0), np.uint8)
    table = batch_equity(hands, boards, game=name)
    for i, want in enumerate(per_spot(name, hands, boards, deads)):
        got = table[table.spot == i]
        for column in ("win", "tie", "lose", "equity"):
            np.testing.assert_allclose(got[column], want[column], rtol=0, atol=1e-12,
                                       err_msg=f"{name} spot {i} {column}")


# -------------------------------------------------------------- two plus three: Monte Carlo


@pytest.mark.parametrize("name, players, dead", [("omaha", 2, 0), ("omaha-hi-lo", 3, 2),
                                                 ("courchevel", 2, 1)])
def test_two_plus_three_monte_carlo_is_within_four_standard_errors_of_exact(name, players,
                                                                            dead):
    game = get(name)
    hands, boards, deads = random_spots(game, 5, players, 4, seed=3, dead=max(dead, 1))
    deads = deads[:, :dead]
    table = batch_equity(hands, boards, deads, game=name, method="monte-carlo",
                         trials=20_000, seed=8)
    assert table.attrs["method"] == "monte-carlo" and table.attrs["trials"] == 20_000
    assert (table.outcomes == 20_000).all()
    exact = batch_equity(hands, boards, deads, game=name, as_array=True)
    se = table.std_error.to_numpy().reshape(5, players)
    got = table.equity.to_numpy().reshape(5, players)
    assert (se > 0).any() and (np.abs(got - exact) <= 4 * se + 1e-12).all()
    np.testing.assert_allclose(got.sum(axis=1), 1, atol=1e-12)
    columns = table[["win", "tie", "lose"]].to_numpy().sum(axis=1)
    np.testing.assert_allclose(columns, 1, atol=1e-12)


@pytest.mark.parametrize("name", ["omaha", "omaha-5-hi-lo"])
def test_omaha_preflop_monte_carlo_agrees_with_equity_monte_carlo(name):
    game = get(name)
    hands, _ = random_spots(game, 4, 2, 0, seed=5)
    table = batch_equity(hands, game=name, trials=20_000, seed=1)  # auto: Monte Carlo
    assert table.attrs["method"] == "monte-carlo" and table.attrs["seed"] == 1
    no_cards = np.zeros((4, 0), np.uint8)
    for i, want in enumerate(per_spot(name, hands, no_cards, no_cards, trials=20_000,
                                      seed=2)):
        got = table[table.spot == i]
        se = np.hypot(got.std_error.to_numpy(), want.std_error.to_numpy())
        assert (np.abs(got.equity.to_numpy() - want.equity.to_numpy()) <= 4 * se).all()
        np.testing.assert_allclose(got.std_error, want.std_error, rtol=0.1)


def test_courchevel_with_its_one_board_card_is_monte_carlo():
    game = get("courchevel")
    hands, boards = random_spots(game, 3, 2, 1, seed=6)
    table = batch_equity(hands, boards, game="courchevel", trials=2_000, seed=4)
    assert table.attrs["method"] == "monte-carlo"
    assert batch_equity(hands, boards, game="courchevel").attrs["method"] == "monte-carlo"
    with pytest.raises(pokersim.PokersimInputError, match="method='exact' is not possible"):
        batch_equity(hands, boards, game="courchevel", method="exact")
    boards2 = random_spots(game, 3, 2, 2, seed=6)[1]
    assert batch_equity(hands, boards2, game="courchevel").attrs["method"] == "exact"


def test_two_plus_three_same_seed_same_numbers_whatever_the_chunking():
    hands, _ = random_spots(get("omaha-hi-lo"), 30, 3, 0, seed=4)
    first = batch_equity(hands, game="omaha-hi-lo", trials=1_001, seed=5)
    for chunk_size in (1, 7, 30):
        again = batch_equity(hands, game="omaha-hi-lo", trials=1_001, seed=5,
                             chunk_size=chunk_size)
        pd.testing.assert_frame_equal(pd.DataFrame(first), pd.DataFrame(again))
    later = batch_equity(hands[10:], game="omaha-hi-lo", trials=1_001, seed=5,
                         spot_ids=np.arange(10, 30), as_array=True)
    np.testing.assert_array_equal(later, first.equity.to_numpy().reshape(30, 3)[10:])
    other = batch_equity(hands, game="omaha-hi-lo", trials=1_001, seed=6, as_array=True)
    assert (other != first.equity.to_numpy().reshape(30, 3)).any()


SCRIPT = """
import numba, numpy as np, pokersim as ps
hands = ps.deal(600, 8, seed=3).reshape(600, 2, 4)
eq = ps.batch_equity(hands, game="omaha", trials=301, seed=7, as_array=True)
print(numba.get_num_threads(), eq.sum().hex(), eq[:3].tolist())
"""


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="needs 2 cores to run 2 threads")
def test_two_plus_three_same_seed_same_numbers_at_one_and_two_threads():
    one, two = at_one_and_two_threads(SCRIPT)
    assert one == two


@pytest.mark.parametrize("options", [{}, dict(trials=500, seed=3)])
def test_two_plus_three_ctrl_c_leaves_the_spots_finished(monkeypatch, options):
    from pokersim.engine import batch

    hands, boards = random_spots(get("omaha"), 20, 2, 4, seed=13)
    whole = batch_equity(hands, boards, game="omaha", **options)
    after_first_chunk(monkeypatch, batch._Run, "chunk")
    with pytest.raises(pokersim.SimulationInterrupted) as caught:
        batch_equity(hands, boards, game="omaha", chunk_size=8, **options)
    partial = caught.value.partial
    assert partial.attrs["partial"] and len(partial) == 16  # the first chunk's 8 spots
    assert (partial.equity.to_numpy() == whole.equity.to_numpy()[:16]).all()
    assert partial.attrs["method"] == ("monte-carlo (partial)" if options else "exact")


def test_two_plus_three_monte_carlo_on_an_executor_and_no_spots():
    import concurrent.futures

    hands, _ = random_spots(get("omaha"), 11, 2, 0, seed=9)
    here = batch_equity(hands, game="omaha", trials=300, seed=3)
    with concurrent.futures.ThreadPoolExecutor(2) as executor:
        there = batch_equity(hands, game="omaha", trials=300, seed=3, client=executor,
                             chunk_size=4)
    pd.testing.assert_frame_equal(pd.DataFrame(here), pd.DataFrame(there))
    assert here.attrs == there.attrs
    none = batch_equity(hands[:0], game="omaha", trials=300, seed=3)
    assert len(none) == 0 and none.attrs["method"] == "monte-carlo"
    assert batch_equity(hands[:0], "2c 3c 4c", game="omaha", as_array=True).shape == (0, 2)
