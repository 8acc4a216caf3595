"""batch_equity in every game beyond Hold'em: exact, equal to pokersim.equity spot by spot
(the engine, checked against brute force elsewhere) and to the naive rules-only reference of
tests/naive_games.py on a few spots."""

import numpy as np
import pytest

import pokersim
from pokersim import batch_equity
from pokersim.engine.batch import BatchGameError
from pokersim.engine.games import board_game
from pokersim.games.game import NAMES, get
from pokersim.ranges import parse_range
from tests.naive_games import naive_equity
from tests.naive_rankings import DECKS

#: Every game the board kernels do not play, with the board sizes a spot may have.
GAMES = [name for name in NAMES if not board_game(get(name))]


def board_sizes(game):
    return (0,) if game.board == 0 else (3, 4, 5)


def random_spots(game, n, players, board, seed):
    """n spots of ``game``: (N, P, hole) card ids, (N, board) ids."""
    rng = np.random.default_rng(seed)
    deck = np.array(DECKS[game.ranking], np.uint8)
    need = players * game.hole + board
    cards = np.stack([rng.permutation(deck)[:need] for _ in range(n)])
    return cards[:, :players * game.hole].reshape(n, players, game.hole), cards[:, need - board:]


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


@pytest.mark.parametrize("name", ["omaha-hi-lo", "stud-hi-lo", "razz", "badugi"])
def test_equal_to_the_naive_rules(name):
    game = get(name)
    hands, boards = random_spots(game, 3, 2, 4 if game.board else 0, seed=11)
    table = batch_equity(hands, boards if game.board else None, game=name)
    for i in range(3):
        want = naive_equity(game, [tuple(h.tolist()) for h in hands[i]],
                            tuple(boards[i].tolist()))
        got = table[table.spot == i]
        for column in ("win", "tie", "equity"):
            np.testing.assert_allclose(got[column], [w[column] for w in want], rtol=0,
                                       atol=1e-12)


def test_what_is_not_covered_yet_says_so():
    hands, _ = random_spots(get("omaha"), 2, 2, 0, seed=1)
    with pytest.raises(pokersim.PokersimInputError, match="Monte Carlo in omaha is not"):
        batch_equity(hands, game="omaha")  # preflop: 1,086,008 runouts a spot
    with pytest.raises(BatchGameError, match="exactly so far"):
        batch_equity(hands, "2c 3c 4c", game="omaha", seed=1)
    with pytest.raises(BatchGameError, match="against a range"):
        batch_equity(hands[:, 0], "2c 3c 4c", game="omaha", against=parse_range("AA"))
    with pytest.raises(pokersim.HandShapeError, match=r"\(N, P, 4\)"):
        batch_equity(hands[:, :, :2], "2c 3c 4c", game="omaha")
