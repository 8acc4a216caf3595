"""equity() heads-up on a flop, turn or river: pokersim.engine.games._list_against_list counts
it (the shorter list's hands as rows, the other list's as columns), by the range kernel of
batch_equity(against=...) (a row at a time) or by the runout kernel (each hand ranked once a
runout, pokersim.engine._games.lists) or by the sweep of the equity distributions
(pokersim.engine._games.sweep), whichever should answer first (pokersim.engine.lists), with
the same numbers to the bit as the board kernels, which count every other exact question of
Hold'em and the short decks. The tests below that compare numbers run each kernel (and the
runout kernel and the sweep on one worker and on several) besides the choice by estimates.

Expected values: the same question with that path turned off (the board kernels, checked
against brute force and peers in tests/test_equity.py and tests/test_reference.py), compared
bit for bit, table and attrs; and a brute force over the runouts written here from the rules
with the naive evaluator for a few spots.
"""

import itertools

import numpy as np
import pandas as pd
import pytest

import pokersim
from pokersim.cards import format_cards, parse_cards
from pokersim.engine import games, lists
from pokersim.engine._games import sweep
from pokersim.errors import PokersimInputError
from tests.naive import naive_rank

#: Players of every kind: ranges (weighted, with fractions that are whole in proportion),
#: "random", a partial hand, a hand, weighted lists.
#: (Cards of a short deck's too: sixes and up. A list's hands that hold a spot's card are left
#: out; the spots deal no ace, so that "Ah" and "AdAc" are never blocked.)
LISTS = ["22+, A2s+, KTo+", "QQ+@50, AKs, T9s:0.25, 76s@33", "random", "Ah", "AdAc",
         {"AsKs": 1 / 3, "QdQc": 1.0, "9h8h": 0.5}, ["JsTs", "7d7c", "KcTc", "AcQc"]]


def _spots(n, game, seed):
    """n random (hand, board, dead) card texts of ``game``'s deck: boards of 3 to 5 cards,
    0 to 2 dead cards, none of them an ace (the lists above hold aces)."""
    rng = np.random.default_rng(seed)
    low = 16 if game.startswith("short-deck") else 0
    deck = np.arange(low, 48, dtype=np.uint8)  # no ace
    out = []
    for i in range(n):
        board, dead = 3 + i % 3, i % 3
        cards = rng.permutation(deck)[:2 + board + dead]
        out.append((format_cards(cards[:2]), format_cards(cards[2:2 + board]),
                    format_cards(cards[2 + board:])))
    return out


@pytest.fixture
def taken(monkeypatch):
    """The questions the range kernel answered (a list that the path appends to)."""
    answered = []
    real = games._list_against_list

    def spy(q, forced):
        counted = real(q, forced)
        if counted is not None:
            answered.append([p.label for p in q.players])
        return counted

    monkeypatch.setattr(games, "_list_against_list", spy)
    return answered


#: The ways of the kernel fixture: the choice by estimates, or one kernel forced (the runout
#: kernel's estimated ns also set its workers: 0 one, 10**12 as many as there are; the sweep's
#: workers follow from its work, "sweep, workers" has three whatever it is).
KERNELS = {"by estimate": None, "row by row": ("rows", 0),
           "runout by runout, one worker": ("runouts", 0),
           "runout by runout, workers": ("runouts", 10**12), "sweep": ("sweep", 0),
           "sweep, workers": ("sweep", 0)}


@pytest.fixture(params=list(KERNELS))
def kernel(request, monkeypatch):
    """Each way of counting a list against a list (:data:`KERNELS`)."""
    if KERNELS[request.param] is not None:
        monkeypatch.setattr(lists, "_kernel_for", lambda *args: KERNELS[request.param])
    if request.param == "sweep, workers":
        monkeypatch.setattr(sweep, "workers_for", lambda showdowns: 3)
    return request.param


def _board_kernels(monkeypatch, *args, **kwargs):
    """equity(*args, **kwargs) with the range kernel's path turned off."""
    with monkeypatch.context() as m:
        m.setattr(games, "_list_against_list", lambda q, forced: None)
        return pokersim.equity(*args, **kwargs)


def _same(a: pd.DataFrame, b: pd.DataFrame):
    pd.testing.assert_frame_equal(a, b, check_exact=True)
    assert a.attrs == b.attrs


@pytest.mark.parametrize("game", ["holdem", "short-deck", "short-deck-trips"])
@pytest.mark.parametrize("other", range(len(LISTS)))
def test_the_same_numbers_as_the_board_kernels(monkeypatch, taken, kernel, game, other):
    spots = _spots(6, game, seed=other)
    for i, (hand, board, dead) in enumerate(spots):
        players = [hand, LISTS[other]] if i % 2 else [LISTS[other], hand]  # either seat
        fast = pokersim.equity(players, board, dead, game=game)
        _same(fast, _board_kernels(monkeypatch, players, board, dead, game=game))
        assert fast.attrs["method"] == "exact"
    assert len(taken) == len(spots)  # every one of them by the range kernel


@pytest.mark.parametrize("game", ["holdem", "short-deck"])
@pytest.mark.parametrize("first, second", [(0, 1), (1, 6), (3, 5), (5, 6), (0, 2), (2, 3),
                                           (2, 2)])
def test_lists_against_lists(monkeypatch, taken, kernel, game, first, second):
    # "random" against a list on a turn or river only (the board kernels take a second a
    # flop), and two "random" players on a river
    big = 2 in (first, second)
    spots = [s for s in _spots(6, game, seed=first + 7 * second)
             if len(s[1].split()) >= (5 if first == second else 4 if big else 3)][:2]
    for i, (_, board, dead) in enumerate(spots):
        players = [LISTS[first], LISTS[second]][::1 if i % 2 else -1]
        fast = pokersim.equity(players, board, dead, game=game)
        _same(fast, _board_kernels(monkeypatch, players, board, dead, game=game))
    assert len(spots) == 2 and len(taken) == 2


def test_a_forced_exact_answer_and_the_rule_for_auto(monkeypatch, taken):
    from pokersim import config

    players, board = ["AhKh", "22+, A2s+, KTo+"], "Qh 7d 2c"
    _same(pokersim.equity(players, board, method="exact"),
          _board_kernels(monkeypatch, players, board, method="exact"))
    # its deals: 121 combos left x 990 runouts, two players: past the limit, the board
    # kernels decide (Monte Carlo here, as they count fewer deals only by suit classes)
    monkeypatch.setattr(config, "EXACT_WORK", 2 * 121 * 990 - 1)
    assert len(taken) == 1
    assert pokersim.equity(players, board).attrs["method"] == "monte-carlo"  # a rainbow flop
    assert len(taken) == 1
    monkeypatch.setattr(config, "EXACT_WORK", 2 * 121 * 990)
    assert pokersim.equity(players, board).attrs["method"] == "exact"
    assert len(taken) == 2


def test_weights_not_whole_go_to_the_board_kernels(taken):
    # 0.1234567891 is no fraction of a small denominator: its sums are not exact, and the
    # range kernel would add them in another order
    players = ["AhKh", {"QsQd": 0.1234567891, "7c7d": 1.0}]
    table = pokersim.equity(players, "2c 5d 9h")
    assert taken == [] and table.attrs["method"] == "exact"
    pokersim.equity(["AhKh", {"QsQd": 0.125, "7c7d": 1.0}], "2c 5d 9h")  # 1/8 is whole
    assert len(taken) == 1


def test_what_it_does_not_take(taken):
    pokersim.equity(["AhKh", "QsQd"])  # preflop
    pokersim.equity(["AhKh", "QsQd", "7c6c"], "2c 7d Qh")  # three players
    pokersim.equity(["AhKh", "QsQd"], "2c 7d Qh", categories=True)  # categories asked
    pokersim.equity(["As Ad Ks Kd", "random"], "2c 7d Qh", game="omaha")  # not a board game
    # a list that holds a hand twice: two choices, two deals a runout (the kernel is given
    # a weight a combo)
    twice = pokersim.equity(["AhKh", ["QsQd", "QsQd", "7c6c"]], "2c 7d Qh")
    assert taken == [] and int(twice.outcomes.iloc[0]) == 3 * 990
    # two "random" players on a flop: 1,081 x 1,035 combinations x 990 runouts, past
    # config.EXACT_WORK (Monte Carlo), and past EXACT_LIMIT when forced (an error)
    assert pokersim.equity(["random", "random"], "2c 7d Qh").attrs["method"] == "monte-carlo"
    with pytest.raises(PokersimInputError, match="would evaluate"):
        pokersim.equity(["random", "random"], "2c 7d Qh", method="exact")
    assert taken == []


def test_no_hand_left_and_bad_flags():
    with pytest.raises(PokersimInputError, match="every hand holds"):
        pokersim.equity(["AhKh", ["AhQh", "KhQd"]], "2c 7d 9s")
    with pytest.raises(PokersimInputError, match="progress must be True or False"):
        pokersim.equity(["AhKh", "QsQd"], "2c 7d Qh", progress="no")


def _naive(hand, other, board):
    """(wins, ties, deals) of ``hand`` against every combo of the list ``other`` (texts) and
    every runout, from the rules."""
    hand, board = parse_cards(hand).tolist(), parse_cards(board).tolist()
    wins = ties = deals = 0
    for text in other:
        theirs = parse_cards(text).tolist()
        used = set(hand + board + theirs)
        if len(used) < len(hand) + len(board) + len(theirs):
            continue
        for runout in itertools.combinations([c for c in range(52) if c not in used],
                                             5 - len(board)):
            full = board + list(runout)
            mine, them = naive_rank(hand + full), naive_rank(theirs + full)
            wins += mine > them
            ties += mine == them
            deals += 1
    return wins, ties, deals


@pytest.mark.parametrize("hand, other, board", [
    ("AhKh", ["QsQd", "7c7d", "AhQh", "Js Ts"], "Qh 7h 2c 9h"),  # a flush draw; AhQh blocked
    ("7c7d", ["AhKh", "AsKs", "Kd Qd"], "Ac 7s 2c"),
    ("5h4h", ["6h6c", "Ah2c", "3h3d"], "3c 6d Th Jh 2h"),
    ("AhKd", ["AsKc", "AcKs", "QsQc", "2d2s"], "2c 7d 9s Tc"),  # ties, and a set
])
def test_against_a_brute_force(taken, kernel, hand, other, board):
    wins, ties, deals = _naive(hand, other, board)
    table = pokersim.equity([hand, other], board)
    assert taken and int(table.outcomes.iloc[0]) == deals and (ties > 0) == ("AhKd" in hand)
    assert table.win.iloc[0] == wins / deals and table.tie.iloc[0] == ties / deals


def test_a_table_owns_its_text_columns():
    # the text columns of small tables are made once and kept (pokersim.results): a table
    # changed in place leaves the next one as it is
    first = pokersim.equity(["AhKh", "QsQd"], "2c 7d Qh")
    first.loc[0, "player"] = "changed"
    first.loc[1, "method"] = "changed"
    again = pokersim.equity(["AhKh", "QsQd"], "2c 7d Qh")
    assert again.player.tolist() == ["AhKh", "QsQd"] and again.method.tolist() == ["exact"] * 2
    assert first.player.tolist() == ["changed", "QsQd"]
