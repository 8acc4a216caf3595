"""Each equity kernel is compiled once for every game: the game's shape (Omaha's rule, hole
cards, ranking, low half) and the number of players are read at run time, so a second game
asks Numba for no new specialisation (a new one costs seconds of compiling)."""

from pokersim.games import _equity
from pokersim.games.equity import game_equity

#: Spots of every shape: Omaha (4, 5 and 6 cards, hi/lo), Courchevel, the games ranked from
#: all of a player's cards (Hold'em-like, short deck, stud, razz, badugi, 2-7, five-card draw),
#: two to four players, ranges.
SPOTS = [
    (["As Ad Ks Kd", "Qh Qc Jh Jc"], "2s 3d 4h 5c", "omaha"),
    (["As Ad Ks Kd 2c", "Qh Qc Jh Jc 3c", "7h 8h 9h Th Jd"], "2s 3d 4h 5c", "omaha-5-hi-lo"),
    (["As Ad Ks Kd 2c 3d", "Qh Qc Jh Jc 3c 4d"], "2s 3h 4h 5c", "omaha-6"),
    (["As Ad Ks Kd 2c", "Qh Qc Jh Jc 3c"], "2s 3d 4h 5c", "courchevel-hi-lo"),
    (["AhKh", "QsQd", "random"], "2c 3d 4s 9h", "holdem"),
    (["As Ad", ["Kh Kd", "Qh Qd"]], "6s 7d 8h 9c", "short-deck"),
    (["As Ad Ks 2c 3c 4c", "Qh Qc Jh 5d 6d 7d"], None, "stud"),
    (["As 2d 3s 4h 9c 8d", "Kh Qc Jh 5s 6s 7s"], None, "razz"),
    (["As Ad Ks 2c 3c 4c", "Qh Qc Jh 5d 6d 7d", "8s 8h 9s 9c Tc Td"], None, "stud-hi-lo"),
    (["As 2d 3h", "Kh Qc Js"], None, "badugi"),
    (["2s 3d 4h 5c", "7h 8c 9s Td"], None, "2-7-single-draw"),
    (["As Ad Ks Kd", "Qh Qc Jh Jc"], None, "five-card-draw"),
]

def test_one_specialisation_serves_every_game():
    for players, board, game in SPOTS:
        game_equity(players, board, game=game, trials=2_000, seed=1)
        game_equity(players, board, game=game, method="exact")
    # one for the Monte Carlo counts (int64), one for the exact counts (float64) at most
    assert len(_equity.monte_carlo_kernel.signatures) == 1
    assert len(_equity.exact_kernel.signatures) <= 1
    assert len(_equity.private_kernel.signatures) <= 1
    assert _equity.exact_kernel.signatures or _equity.private_kernel.signatures

