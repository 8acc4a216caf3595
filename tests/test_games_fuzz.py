"""Fuzzing the games (issue 17) as tests/test_fuzz.py fuzzes Hold'em: every named game and
user-built ones through ``deal``, ``evaluate(game=)``, ``best_five(game=)``,
``category_frequencies(game=)``, ``equity(game=)`` and the command line.

(a) Malformed input of every kind (wrong shapes, repeated cards, cards off the deck, short-deck
cards below six, too many players for the deck, bad dead cards, unknown game names, partial
hands too long, weighted lists with zero, negative, NaN or infinite weights, ...) raises a
:class:`PokersimInputError` whose message quotes the offending value in a bounded excerpt:
never another exception, a Numba error or a hang.

(b) Properties of valid input: exact equity equals the naive reference of
tests/naive_games.py on random small spots (a river, or one card to come), with full and
partial hands and weighted lists in every form; shares sum to one per deal and per half; a
suit permutation of every card and a permutation of the players change nothing but the order
of the rows; ``evaluate(game=)`` orders hands as the naive evaluator does and ``best_five``
plays what it rates; Monte Carlo tables add up and count their trials.

Cost: every game shape compiles its own kernels (seconds each), so the default run draws the
games whose kernels the other test files of the default run compile anyway (DEFAULT_EXACT,
DEFAULT_MC, the deal shapes of tests/test_games.py); the same checks over every game, and
each user-built one, run in CI (``--runslow``). Examples: a few dozen per property in the dev
profile, five times more under CI (``scaled``).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from itertools import combinations, product

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pokersim as ps
from pokersim import PokersimInputError
from pokersim._core.validation import short_repr
from pokersim.cards import CARD_NAMES
from pokersim.engine import equity
from pokersim.games.game import NAMES, Game, get
from tests.naive_games import hand_keys, naive_equity, pot
from tests.naive_rankings import NO_LOW_KEY
from tests.test_fuzz import attempt, check_cli_result, run_cli, scaled

#: User-built games: Hold'em-like with three hole cards and four board cards, Big O hi/lo
#: (five-card Omaha eight-or-better: the kernels of omaha-5-hi-lo), short-deck stud.
USER = {g.name: g for g in (
    Game("three-four", hole=3, board=4),
    Game("big-o-8", hole=5, board=5, two_plus_three=True, low="eight-or-better"),
    Game("short-stud", hole=7, ranking="short-deck"),
)}
ALL = [get(n) for n in NAMES] + list(USER.values())
BY_NAME = {g.name: g for g in ALL}
#: Games whose exact (and Monte Carlo) equity kernels the default run compiles elsewhere
#: (tests/test_game_equity.py, the doctests): the default run draws its spots from these.
DEFAULT_EXACT = ["omaha", "omaha-hi-lo", "holdem", "razz", "stud", "stud-hi-lo", "badugi",
                 "big-o-8"]
DEFAULT_MC = ["omaha", "omaha-hi-lo"]
SPLIT = ("high_win", "high_tie", "low_win", "low_tie", "high_equity", "low_equity")
#: An error message quotes a bounded excerpt of what it names (short_repr cuts at 80).
MAX_MESSAGE = 600


def games_param(default):
    """Parametrize a test over the default run's games and, in CI, every game."""
    return pytest.mark.parametrize("names", [
        pytest.param(default, id="default"),
        pytest.param([g.name for g in ALL], id="every-game", marks=pytest.mark.slow)])


def first_card(g: Game) -> int:
    return 16 if g.deck == "short" else 0


def text(cards) -> str:
    return " ".join(CARD_NAMES[c] for c in cards)


def check_error(err, needles, value=None):
    """``err`` is a package input error whose message is bounded and names the offender:
    one of ``needles`` (case-insensitive) appears in it."""
    assert err is not None, f"accepted: {value!r}"[:300]
    message = str(err)
    assert len(message) <= MAX_MESSAGE, message[:MAX_MESSAGE] + "..."
    assert any(n.lower() in message.lower() for n in needles), (needles, message)


def excerpt(value) -> str:
    """A piece of ``value``'s repr that a message quoting it (short_repr) must contain."""
    return short_repr(value)[:40].removesuffix("...")


# ---------------------------------------------------------------------------------------------
# (a) Malformed input


@dataclass
class Case:
    """A malformed call: ``call()`` must raise a package error naming one of ``needles``."""

    what: str
    call: object
    needles: list

    def __repr__(self):
        return f"Case({self.what})"


BAD_VALUES = [52, 53, 60, 64, 255, 256, 1000, -1, -52, 2**31, 2**63 - 1, 10**30]
UNKNOWN_GAMES = ["Omaha", "omaha ", "texas", "", "stud8", "x" * 10_000, "omaha\u00a0hi-lo",
                 3, ["omaha"], ("razz",), b"razz", 2.5, object()]  # (None: no game)
JUNK_WEIGHTS = [0, 0.0, -1, -0.5, float("nan"), float("inf"), -float("inf"), np.float32("nan"),
                "1", None, True, np.bool_(False), 1j, np.complex128(1), [1], {1: 2}, "span"]


@st.composite
def malformed(draw, names):
    """A call of one of the five public functions with one thing wrong in it."""
    g = BY_NAME[draw(st.sampled_from(names))]
    low = first_card(g)
    deck = draw(st.permutations(range(low, 52)))
    row = list(deck[:g.cards])
    fn = draw(st.sampled_from(["deal", "evaluate", "best_five", "frequencies"] + ["equity"] * 4))
    kind = draw(st.sampled_from(["game"] + ["other"] * 5))
    if kind == "game":  # an unknown game, wherever a game is named
        name = draw(st.sampled_from(UNKNOWN_GAMES))
        calls = {"deal": lambda: ps.deal(1, game=name),
                 "evaluate": lambda: ps.evaluate(row, game=name),
                 "best_five": lambda: ps.best_five(row, game=name),
                 "frequencies": lambda: ps.category_frequencies(game=name, trials=10),
                 "equity": lambda: ps.equity(["As Ad", "Ks Kd"], game=name)}
        return Case(f"{fn} of game {excerpt(name)}", calls[fn], [excerpt(name)])
    if fn in ("evaluate", "best_five"):
        f = ps.evaluate if fn == "evaluate" else ps.best_five
        bad = draw(st.sampled_from(["value", "dup", "width", "short", "ndim", "float", "ragged",
                                    "ranking"] if low else
                                   ["value", "dup", "width", "ndim", "float", "ragged",
                                    "ranking"]))
        rows = [row, list(deck[-g.cards:])]
        i, j = draw(st.integers(0, 1)), draw(st.integers(0, g.cards - 1))
        if bad == "value":
            rows[i][j] = v = draw(st.sampled_from(BAD_VALUES))
            needles = [str(v)] + ["dtype object"] * (v > 2**63)  # numpy: no integer dtype
        elif bad == "dup":
            k = draw(st.integers(0, g.cards - 1).filter(lambda k: k != j))
            rows[i][j] = rows[i][k]
            needles = [CARD_NAMES[rows[i][k]]]
        elif bad == "short":  # a card below six in a short-deck game
            rows[i][j] = v = draw(st.integers(0, 15).filter(lambda c: c not in rows[i]))
            needles = [CARD_NAMES[v]]
        elif bad == "width":
            w = draw(st.integers(1, 14).filter(lambda w: w != g.cards))
            rows = [list(deck[:w])]
            needles = [f"shape (1, {w})"]
        elif bad == "ndim":
            rows = draw(st.sampled_from([[rows], 5, None, [[[row]]]]))
            needles = ["shape", "cards", "hands"]
        elif bad == "float":
            rows = np.array(rows, draw(st.sampled_from([float, complex, object, bool])))
            needles = [str(rows.dtype), "integer"]
        elif bad == "ragged":
            rows = [row, row[:-1]]
            needles = ["cannot be read", "hand 2"]
        else:  # a ranking the game does not play
            ranking = draw(st.sampled_from(["badugi", "ace-to-five", "short-deck"]).filter(
                lambda r: r not in (g.ranking, g.low)))
            return Case(f"{fn} with ranking", lambda: f(rows, ranking=ranking, game=g),
                        ["ranks hands by", ranking])
        form = draw(st.sampled_from(["list", "array", "text"]))
        if form == "array" and isinstance(rows, list) and bad in ("dup", "short", "width"):
            rows = np.array(rows, draw(st.sampled_from([np.uint8, np.int16, np.int64])))
        elif form == "text" and bad in ("dup", "short"):
            rows = [text(r) for r in rows]
        return Case(f"{fn} {bad} {form}", lambda: f(rows, game=g), needles)
    if fn == "deal":
        bad = draw(st.sampled_from(["players", "crowded", "dead", "k"]))
        if bad == "players":
            p = draw(st.sampled_from([0, -1, 2.5, "3", None, True, 10**30, np.float64(2)]))
            return Case(f"deal players {p!r}", lambda: ps.deal(1, game=g, players=p),
                        [excerpt(p)])
        if bad == "crowded":  # more players than the deck can serve
            p = (52 - low - g.board) // g.hole + draw(st.integers(1, 3))
            return Case(f"deal {p} players", lambda: ps.deal(1, game=g, players=p),
                        [str(p * g.hole + g.board)])
        if bad == "k":
            return Case("deal k and game", lambda: ps.deal(1, 5, game=g), ["no k"])
        dead, needles = draw(bad_card_sets(g))
        return Case(f"deal dead {excerpt(dead)}", lambda: ps.deal(1, game=g, dead=dead), needles)
    if fn == "frequencies":
        bad = draw(st.sampled_from(["cards", "method", "trials", "seed", "exact", "ranking"]))
        kw: dict = {"game": g, "method": "monte-carlo", "trials": 10}
        if bad == "cards":
            kw["cards"] = v = draw(st.sampled_from([g.cards + 1, g.cards - 1, 0, "7", 2.5,
                                                    np.array([g.cards, g.cards]), [g.cards]]))
        elif bad == "method":
            kw["method"] = v = draw(st.sampled_from(["montecarlo", "mc", "Exact", "", 1, None,
                                                     ["exact"]]))
            if v is None:  # the deprecated spelling of "auto": a warning, not an error
                kw["method"] = v = "monte_carlo"
        elif bad == "trials":
            kw["trials"] = v = draw(st.sampled_from([0, -1, 2.5, "10", 10**30, np.float64(10),
                                                     True]))
        elif bad == "seed":
            kw["seed"] = v = draw(st.sampled_from([-1, 2.5, "1", [1, 2], object()]))
        elif bad == "exact":
            if not g.two_plus_three:  # exact needs no trials; Omaha's is out of reach
                kw["method"], v = "exact", 10
            else:
                kw.update(method="exact", trials=None)
                v = "not possible"
        else:
            kw["ranking"] = v = "badugi"
            return Case("frequencies with ranking",
                        lambda: ps.category_frequencies(**kw), ["not both"])
        needles = ([v] if isinstance(v, str) and v else [excerpt(v)]) if bad != "exact" else [
            "not possible" if g.two_plus_three else "takes no trials"]
        return Case(f"frequencies {bad} {excerpt(v)}", lambda: ps.category_frequencies(**kw),
                    needles)
    return draw(malformed_equity(g, deck))


@st.composite
def bad_card_sets(draw, g):
    """(dead or board cards with something wrong, needles)."""
    low = first_card(g)
    cards = draw(st.lists(st.integers(low, 51), min_size=1, max_size=4, unique=True))
    bad = draw(st.sampled_from(["dup", "value", "ndim", "junk"] + (["short"] if low else [])))
    if bad == "dup":
        return text(cards + cards[:1]), [CARD_NAMES[cards[0]]]
    if bad == "value":
        v = draw(st.sampled_from(BAD_VALUES))
        return cards + [v], [str(v)]
    if bad == "short":
        v = draw(st.integers(0, 15))
        return text(cards + [v]), [CARD_NAMES[v]]
    if bad == "ndim":
        return [cards, cards], ["shape", "1-D"]
    junk = draw(st.sampled_from(["Xx", "As Kx", "10", "x" * 100_000, "AsKd" * 20 + "Q"]))
    return junk, [excerpt(junk)[:12].strip("'"), "not a card", "repeats"]


@st.composite
def malformed_equity(draw, g, deck):
    """equity(game=g) with one thing wrong: a player, the board, the dead cards, the table."""
    hands = [list(deck[i * g.hole:(i + 1) * g.hole]) for i in range(2)]
    rest = list(deck[2 * g.hole:])
    board = rest[:g.board]
    players: list = [text(hands[0]), text(hands[1])]
    kw: dict = {"board": text(board)}
    bad = draw(st.sampled_from(["same card", "board card", "dead card", "long hand", "value",
                                "crowded", "long board", "board", "dead", "weight", "pair",
                                "empty", "not a list", "junk"]))
    needles: list
    if bad == "same card":
        players[1] = text(hands[1][:-1] + hands[0][:1])
        needles = [CARD_NAMES[hands[0][0]]]
    elif bad == "board card" and board:
        players[1] = text(hands[1][:-1] + board[:1])
        needles = [CARD_NAMES[board[0]]]
    elif bad == "board card":  # stud, razz, the draw games: no board at all
        kw["board"] = text(rest[:1])
        needles = ["0 board cards"]
    elif bad == "dead card":
        kw["dead"] = text(hands[0][-1:])
        needles = [CARD_NAMES[hands[0][-1]]]
    elif bad == "long hand":  # a partial hand longer than the game's hand
        players[draw(st.integers(0, 1))] = v = text(rest[-g.hole - 1:])
        needles = [f"{g.hole + 1} cards"]
    elif bad == "value":
        v = draw(st.sampled_from(BAD_VALUES))
        players[1] = hands[1][:-1] + [v]
        needles = [str(v)] + ["object"] * (v > 2**63)
    elif bad == "crowded":  # more players than the deck holds hands for
        n = (52 - first_card(g) - g.board) // g.hole + 1
        players = ["random"] * n
        needles = [f"{n} players"]
    elif bad == "long board":
        kw["board"] = text(rest[:g.board + 1])
        needles = [f"got {g.board + 1}"]
    elif bad in ("board", "dead"):
        kw[bad], needles = draw(bad_card_sets(g))
    elif bad == "weight":
        w = draw(st.sampled_from(JUNK_WEIGHTS))
        if isinstance(w, str) and w == "span":  # 1 and 1e-13: beyond WEIGHT_SPAN
            w = 1e-13
            entries = [(text(rest[-g.hole:]), 1), (text(hands[1]), w)]
        else:
            entries = [(text(hands[1]), w)]
            if draw(st.booleans()):
                entries.insert(0, (text(rest[-g.hole:]), 1))
        players[1] = dict(entries) if draw(st.booleans()) else entries
        needles = [excerpt(w)]
    elif bad == "pair":  # a tuple in a list that is neither a hand nor a (hand, weight) pair
        players[1] = [(text(hands[1]), 1, 2)]
        needles = [excerpt(players[1][0])]
    elif bad == "empty":
        players[1] = draw(st.sampled_from([[], {}, "", " ", np.zeros(0, np.uint8)]))
        needles = ["no cards", "empty list"]
    elif bad == "not a list":
        players = draw(st.sampled_from([text(hands[0]), None, 5, players[:1], {"a": 1},
                                        np.array(players[:1]), np.array("AhKh")]))
        needles = ["at least two"]
    else:
        players[1] = v = draw(st.sampled_from(["Xx", "randomly", "As Kq", "x" * 100_000,
                                               "As " * 20_000, "\u2660" * 5000]))
        needles = [excerpt(v)[:12].strip("'"), "not a card", "repeats"]
    via_equity = draw(st.booleans())  # one front door: the same checks either way
    call = (lambda: ps.equity(players, game=g, **kw)) if via_equity else (
        lambda: equity(players, game=g, **kw))
    return Case(f"equity {g.name} {bad}", call, needles)


@settings(max_examples=scaled(60), deadline=None)
@given(st.data())
def test_malformed_input_is_an_input_error_naming_the_value(data):
    case = data.draw(malformed([g.name for g in ALL]))
    _, err = attempt(case.call)
    check_error(err, case.needles, case)


# ---------------------------------------------------------------------------------------------
# Regressions: bugs the fuzzing found, each once


def test_weights_spanning_more_than_weight_span_are_an_input_error():
    """1.7e308 and 1e-300: rescaled, the small one vanished to 0, and when the large one's
    hand was blocked the list's weights were 0 / 0 (NaN); across players, the products of
    small weights could vanish too."""
    with pytest.raises(PokersimInputError, match="1e-300 and 1.7e"):
        equity(["As 2d 3c 4h 5s Kd", {"Ah 2h 3h 4d 6c 5d": 1e-300, "As Ah": 1.7e308}],
                    game="razz")


def test_a_weighted_list_of_huge_weights_is_not_nan():
    """Two weights of 1e308 summed to inf: every count became NaN (and numpy warned)."""
    hands = ["As 2d 3c 4h 5s Kd", {"Ah 2h 3h 4d 6c 7d": 1.7e308, "Ah 2h 3h 4d 6c 8d": 1.7e308}]
    got = equity(hands, game="razz")
    even = equity([hands[0], {"Ah 2h 3h 4d 6c 7d": 1, "Ah 2h 3h 4d 6c 8d": 1}],
                       game="razz")
    assert np.allclose(got.equity, even.equity) and np.isclose(got.equity.sum(), 1)


@pytest.mark.parametrize("weight", [np.complex128(1), 1j, True, "2", float("nan"), 0, -1])
def test_a_weight_that_is_not_a_positive_real_is_an_input_error(weight):
    """np.complex128 reached ``0 < weight`` (TypeError)."""
    with pytest.raises(PokersimInputError, match=re.escape(excerpt(weight))):
        equity(["As Ad Ks Kd", {"Qh Qc Jh Jc": weight}], game="omaha")


def test_a_tuple_of_three_in_a_list_is_an_input_error():
    """(hand, weight, extra) raised "too many values to unpack"."""
    with pytest.raises(PokersimInputError, match="Qh"):
        equity(["As Ad Ks Kd", [("Qh Qc Jh Jc", 1, 2)]], game="omaha")


def test_a_tuple_of_card_ids_in_a_list_is_a_hand():
    """A tuple of four card ids was read as a (hand, weight) pair and could not unpack."""
    by_ids = equity(["As Ad Ks Kd", [(40, 41, 36, 37), "Qs Qd Js Jd"]], "2c 3d 4h 5s",
                         game="omaha")
    by_text = equity(["As Ad Ks Kd", ["Qc Qd Jc Jd", "Qs Qd Js Jd"]], "2c 3d 4h 5s",
                          game="omaha")
    assert np.allclose(by_ids.equity, by_text.equity)


@pytest.mark.parametrize("player", ["", "  ", [], np.zeros(0, np.uint8)])
def test_an_empty_hand_is_an_input_error(player):
    """An empty hand was a random one labelled '' (Hold'em refuses it)."""
    with pytest.raises(PokersimInputError, match="no cards"):
        equity(["As Ad Ks Kd", player], game="omaha")


def test_frequencies_of_an_array_of_card_counts_is_an_input_error():
    """cards=np.array([9, 9]) != 9 raised numpy's "truth value ... is ambiguous"."""
    with pytest.raises(PokersimInputError, match=r"cards .*array\(\[9, 9\]\)"):
        ps.category_frequencies(np.array([9, 9]), game="omaha", trials=10)


def test_forced_exact_equity_out_of_reach_is_refused():
    """method='exact' on a preflop Omaha spot started ~10**17 deals (a hang); razz with three
    and four known cards, 6 x 10**9 deals, ran for an hour; seven lists of 1,326 Hold'em
    hands overflowed the deal count past int64 (negative: "auto" chose exact)."""
    every = [[(a, b) for a in range(52) for b in range(a)]] * 7
    for players, game in ((["random", "random"], "omaha"), (["As 2d 3c", "Kh Kd 2c 9s"], "razz"),
                          (every, Game("my-holdem", hole=2, board=5))):
        with pytest.raises(PokersimInputError, match="monte-carlo"):
            equity(players, game=game, method="exact")


def test_a_list_left_with_one_hand_blocks_its_cards_for_the_others():
    """Player 2's list, once player 1's card removed its first hand, was a single hand whose
    cards player 3's list could still deal: the same card twice in one deal (Jh 6c 6d 6h
    beside Jh Jd Jc Js: two deals counted where one is possible)."""
    players = ["As Ad Ks Kd", ["As Qc Qd Qh", "Jh Jd Jc Js"], ["Jh 6c 6d 6h", "9s 9d 9c 9h"]]
    got = equity(players, board="2c 3d 4h 5s 7c", game="omaha")
    want = equity(["As Ad Ks Kd", "Jh Jd Jc Js", "9s 9d 9c 9h"], board="2c 3d 4h 5s 7c",
                       game="omaha")
    assert np.array_equal(numbers(got), numbers(want)) and want.equity.tolist() == [1, 0, 0]


@pytest.mark.parametrize("parts, words", [
    (dict(hole=4, board=5, two_plus_three=True, ranking="short-deck"), "high ranking"),
    (dict(hole=4, board=5, two_plus_three=True, ranking="ace-to-five"), "high ranking"),
    (dict(hole=4, ranking="badugi", low="eight-or-better"), "4 cards"),
    (dict(hole=2, board=5, two_plus_three="no"), "two_plus_three"),
    (dict(hole=5, draw="yes"), "draw"),
])
def test_games_the_engine_cannot_play_are_refused(parts, words):
    """A short-deck (or razz) Omaha was ranked as full-deck high Omaha (the Omaha tables are
    the high ranking's), silently; a badugi hi/lo game reached the eight-or-better kernel with
    four cards; a string for a flag was taken as true."""
    with pytest.raises(PokersimInputError, match=words):
        Game("mine", **parts)


def test_a_long_game_name_is_quoted_in_a_bounded_excerpt():
    with pytest.raises(PokersimInputError) as e:
        Game("x" * 10_000, hole=0)
    assert len(str(e.value)) < 300


@pytest.mark.parametrize("game, player", [
    ("omaha", "x" * 100_000), ("holdem", "x" * 100_000), ("holdem", "As " * 20_000),
    ("holdem", "x" * 50_000 + "-22")])
def test_a_long_card_token_or_range_part_is_quoted_in_a_bounded_excerpt(game, player):
    """parse_cards and parse_range (two-card games read text that is no hand as a range)
    quoted a whole unreadable token or range part: messages of 100,000 characters."""
    with pytest.raises(PokersimInputError) as e:
        equity([player, "random"], game=game)
    assert len(str(e.value)) < 300 and player[:6].strip() in str(e.value)


# ---------------------------------------------------------------------------------------------
# (b) Properties of valid input: small exact spots against the naive reference


@dataclass
class Spot:
    """An equity question in canonical form: ``players`` are ("hand", cards) or ("list",
    [(cards, weight), ...]); ``forms`` say how each player is written (see :func:`render`)."""

    game: Game
    players: list
    board: list
    dead: list
    forms: list

    def __repr__(self):
        def show(p):
            return text(p[1]) if p[0] == "hand" else [(text(c), w) for c, w in p[1]]
        return (f"Spot({self.game.name}, {[show(p) for p in self.players]}, "
                f"board={text(self.board)!r}, dead={text(self.dead)!r}, forms={self.forms})")

    def args(self):
        return ([render(p, f) for p, f in zip(self.players, self.forms, strict=True)],
                text(self.board), np.array(self.dead, np.int16))

    def relabelled(self, suits) -> Spot:
        def move(cards):
            return [4 * (c // 4) + suits[c % 4] for c in cards]
        players = [(k, move(v)) if k == "hand" else (k, [(move(c), w) for c, w in v])
                   for k, v in self.players]
        return Spot(self.game, players, move(self.board), move(self.dead), self.forms)

    def reordered(self, order) -> Spot:
        return Spot(self.game, [self.players[i] for i in order], self.board, self.dead,
                    [self.forms[i] for i in order])


HAND_FORMS = ["text", "packed", "list", "tuple", "uint8", "int64", "uint16"]
LIST_FORMS = ["dict", "pairs", "mixed pairs"]


def render(player, form):
    kind, value = player
    if kind == "hand":
        if form == "text":
            return text(value)
        if form == "packed":
            return text(value).replace(" ", "")
        if form == "list":
            return list(value)
        if form == "tuple":
            return tuple(value)
        return np.array(value, form)
    if form == "dict":
        return {text(c): w for c, w in value}
    if form == "pairs":
        return [(np.array(c, np.int64), w) for c, w in value]
    return [text(c) if w == 1 else (text(c), w) for c, w in value]


FACTORS = st.sampled_from([1, 1, 2, 0.5, 3.0, np.float32(0.25), 7, 10**5, 1e-5])


@st.composite
def weight_lists(draw, n):
    """``n`` weights of a list: small factors (within WEIGHT_SPAN) of a scale near 1 or near
    the ends of the floats (weights are relative: 1e300 and 3e300 are 1 and 3)."""
    scale = draw(st.sampled_from([1, 1, 1e-300, 1e300]))
    factors = draw(st.lists(FACTORS, min_size=n, max_size=n))
    return factors if scale == 1 else [scale * float(f) for f in factors]


@st.composite
def small_spots(draw, names):
    """A spot whose exact equity enumerates at most ~45 deals per choice of the list player:
    every card known but one (the last board card or one hole card), with 0..3 dead cards;
    one player may be a weighted list of 1..3 full hands (some of which may hold a card in
    use, and are then never dealt)."""
    g = BY_NAME[draw(st.sampled_from(names))]
    deck = draw(st.permutations(range(first_card(g), 52)))
    n = draw(st.integers(2, 3))
    hidden = draw(st.sampled_from(["none", "none", "board", "player"] if g.board else
                                  ["none", "player"]))
    who = draw(st.integers(0, n - 1))
    board = list(deck[:g.board - (hidden == "board")])
    pos = len(board)
    hands = []
    for p in range(n):
        k = g.hole - (hidden == "player" and p == who)
        hands.append(list(deck[pos:pos + k]))
        pos += k
    dead = list(deck[pos:pos + draw(st.integers(0, 3))])
    pos += len(dead)
    players: list = [("hand", h) for h in hands]
    forms = [draw(st.sampled_from(HAND_FORMS)) for _ in hands]
    ranged = draw(st.sampled_from([None] + [p for p in range(n) if len(hands[p]) == g.hole]))
    if ranged is not None:
        weights = draw(weight_lists(3))
        entries = [(hands[ranged], weights.pop())]
        for _ in range(draw(st.integers(0, 2))):
            if draw(st.booleans()):  # unused cards
                cards = list(deck[pos:pos + g.hole])
                pos += g.hole
            else:  # any cards: a hand that holds one in use is never dealt
                cards = draw(st.lists(st.sampled_from(deck), min_size=g.hole,
                                      max_size=g.hole, unique=True))
            entries.insert(draw(st.integers(0, len(entries))), (cards, weights.pop()))
        players[ranged] = ("list", entries)
        forms[ranged] = draw(st.sampled_from(LIST_FORMS))
    return Spot(g, players, board, dead, forms)


def naive(spot: Spot) -> list[dict]:
    """tests/naive_games.naive_equity of each choice of the list player's hand among those
    sharing no card with the known ones, averaged by weight (exact rationals not needed:
    the weights are rescaled to their largest first)."""
    fixed = set(spot.board) | set(spot.dead)
    for kind, value in spot.players:
        if kind == "hand":
            fixed |= set(value)
    choices = []
    for kind, value in spot.players:
        if kind == "hand":
            choices.append([(value, 1.0)])
        else:
            free = [(c, float(w)) for c, w in value if not fixed & set(c)]
            top = max(w for _, w in free)
            choices.append([(c, w / top) for c, w in free])
    total, sums = 0.0, None
    for pick in product(*choices):
        weight = math.prod(w for _, w in pick)
        rows = naive_equity(spot.game, [c for c, _ in pick], spot.board, spot.dead)
        if sums is None:
            sums = [dict.fromkeys(rows[0], 0.0) for _ in rows]
        for s, r in zip(sums, rows, strict=True):
            for k, v in r.items():
                s[k] += weight * v
        total += weight
    return [{k: v / total for k, v in s.items()} for s in sums]


def exact(spot: Spot):
    players, board, dead = spot.args()
    return equity(players, board, dead, game=spot.game, method="exact")


def check_shares(frame, split: bool):
    """Each deal's pot is shared out whole: equity sums to 1, each half to its share."""
    assert np.isclose(frame.equity.sum(), 1.0, atol=1e-9)
    assert np.allclose(frame.win + frame.tie + frame.lose, 1.0)
    for column in ("win", "tie", "lose", "equity"):
        assert ((frame[column] >= -1e-12) & (frame[column] <= 1 + 1e-12)).all(), column
    if split:
        assert np.allclose(frame.high_equity + frame.low_equity, frame.equity)
        assert frame.low_equity.sum() <= 0.5 + 1e-9  # half the pot, when a low exists
        assert np.isclose(frame.high_equity.sum() + frame.low_equity.sum(), 1.0)
        assert (frame.scoop == frame.win).all()


NUMBERS = ["win", "tie", "lose", "equity", "outcomes", *SPLIT, "scoop"]


def numbers(frame):
    return frame[[c for c in NUMBERS if c in frame]].to_numpy(float)


@games_param(DEFAULT_EXACT)
@settings(max_examples=scaled(25), deadline=None)
@given(data=st.data())
def test_exact_equity_matches_the_naive_reference(names, data):
    spot = data.draw(small_spots(names))
    got = exact(spot)
    want = naive(spot)
    columns = ["equity", "win", "tie"] + (list(SPLIT) if spot.game.low else [])
    for i, w in enumerate(want):
        for c in columns:
            assert got[c].iloc[i] == pytest.approx(w[c], abs=1e-9), (i, c, got, w)
    check_shares(got, spot.game.low is not None)


@games_param(DEFAULT_EXACT)
@settings(max_examples=scaled(25), deadline=None)
@given(data=st.data())
def test_suits_and_seats_do_not_matter(names, data):
    """A permutation of the suits of every card (players, board, dead), and of the players,
    gives the same table, its rows in the players' new order."""
    spot = data.draw(small_spots(names))
    base = numbers(exact(spot))
    suits = data.draw(st.permutations(range(4)))
    assert np.allclose(numbers(exact(spot.relabelled(suits))), base, atol=1e-12)
    order = data.draw(st.permutations(range(len(spot.players))))
    assert np.allclose(numbers(exact(spot.reordered(order))), base[order], atol=1e-12)


@st.composite
def monte_carlo_spots(draw, names):
    """Players of every kind (hands, partial hands, random, weighted lists), any board."""
    g = BY_NAME[draw(st.sampled_from(names))]
    deck = list(draw(st.permutations(range(first_card(g), 52))))
    n = draw(st.integers(2, 4))
    board = deck[:draw(st.integers(0, g.board))]
    pos = len(board)
    players = []
    for _ in range(n):
        kind = draw(st.sampled_from(["hand", "partial", "random", "list"]))
        if kind == "random":
            players.append(draw(st.sampled_from(["random", "Random", " any "])))
            continue
        sizes = [draw(st.integers(1, g.hole)) if kind == "partial" else g.hole]
        if kind == "list":
            sizes *= draw(st.integers(1, 3))
        hands = []
        for k in sizes:
            hands.append(text(deck[pos:pos + k]))
            pos += k
        weights = draw(weight_lists(len(hands)))
        players.append(hands[0] if len(hands) == 1 else dict(zip(hands, weights, strict=True)))
    return g, players, text(board)


@games_param(DEFAULT_MC)
@settings(max_examples=scaled(20), deadline=None)
@given(data=st.data())
def test_monte_carlo_tables_add_up(names, data):
    g, players, board = data.draw(monte_carlo_spots(names))
    trials = data.draw(st.integers(1, 3000))
    seed = data.draw(st.integers(0, 2**32))
    frame = equity(players, board, game=g, trials=trials, seed=seed)
    check_shares(frame, g.low is not None)
    assert (frame.outcomes == trials).all() and (frame.method == "monte-carlo").all()
    assert ((frame.std_error >= 0) & (frame.std_error <= 0.5 + 1e-12)).all()


# ---------------------------------------------------------------------------------------------
# (b) evaluate, best_five, deal and category_frequencies of valid input


def naive_order_agrees(g, strengths, keys):
    for (sa, ka), (sb, kb) in combinations(zip(strengths, keys, strict=True), 2):
        assert (sa > sb) == (ka > kb) and (sa == sb) == (ka == kb), (sa, sb, ka, kb)


@settings(max_examples=scaled(30), deadline=None)
@given(st.sampled_from([g.name for g in ALL]), st.integers(2, 6), st.integers(0, 2**32),
       st.sampled_from(["array", "list", "text", "one"]))
def test_evaluate_in_a_game_orders_hands_as_the_naive_evaluator(name, n, seed, form):
    g = BY_NAME[name]
    rows = ps.deal(n, g.cards, seed=seed, deck=g.deck)  # shapes tests/test_games.py compiles
    value = {"array": rows, "list": rows.tolist(), "text": [text(r) for r in rows],
             "one": text(rows[0])}[form]
    high = np.atleast_1d(ps.evaluate(value, game=g))
    five = np.atleast_2d(ps.best_five(value, game=g))
    if form == "one":
        rows = rows[:1]
    keys = [hand_keys(g, r[:g.hole], r[g.hole:]) for r in rows.tolist()]
    naive_order_agrees(g, high.tolist(), [k[0] for k in keys])
    halves = [(five, high, g.ranking)]
    if g.low:
        low = np.atleast_1d(ps.evaluate(value, game=g, ranking=g.low))
        naive_order_agrees(g, low.tolist(), [k[1] for k in keys])
        assert ((low == 0) == np.array([k[1] == NO_LOW_KEY for k in keys])).all()
        halves.append((np.atleast_2d(ps.best_five(value, game=g, ranking=g.low)), low,
                       "eight-or-better"))
    for cards, strength, ranking in halves:  # the five cards that play rate as the hand
        played = cards[:, 0] != 255
        assert (played == (strength > 0)).all()
        for c, r in zip(cards[played].tolist(), rows[played].tolist(), strict=True):
            assert set(c) <= set(r)
            if g.two_plus_three:
                assert len(set(c) & set(r[:g.hole])) == 2
        if played.any():
            assert (ps.evaluate(cards[played], ranking=ranking) == strength[played]).all()


@settings(max_examples=scaled(20), deadline=None)
@given(st.sampled_from(list(NAMES)), st.integers(0, 50), st.integers(0, 2**32))
def test_deal_in_a_game_deals_whole_distinct_deals(name, n, seed):
    g = get(name)
    rows = ps.deal(n, game=name, players=3, seed=seed)  # the shapes tests/test_games.py uses
    assert rows.shape == (n, 3 * g.hole + g.board) and rows.dtype == np.uint8
    assert all(len(set(r)) == rows.shape[1] for r in rows.tolist())
    assert rows.min(initial=first_card(g)) >= first_card(g) and rows.max(initial=0) <= 51


@settings(max_examples=scaled(15), deadline=None)
@given(st.sampled_from([g.name for g in ALL]), st.integers(1, 3000), st.integers(0, 2**32))
def test_category_frequencies_in_a_game_count_every_hand(name, trials, seed):
    g = BY_NAME[name]
    frame = ps.category_frequencies(game=g, method="monte-carlo", trials=trials, seed=seed)
    halves = [frame[frame.half == h] for h in ("high", "low")] if g.low else [frame]
    for half in halves:
        assert half["count"].sum() == trials and np.isclose(half.probability.sum(), 1)
    assert frame.attrs["game"] == g.name and frame.attrs["trials"] == trials
    # the same hands that deal gives (by design), counted by category
    rows = ps.deal(trials, g.cards, seed=seed, deck=g.deck)
    rankings_ = [g.ranking] + ([g.low] if g.low else [])
    for half, ranking in zip(halves, rankings_, strict=True):
        s = ps.evaluate(rows, game=g, ranking=ranking)
        labels = ps.rankings.get(ranking).labels
        codes = np.asarray(ps.category(s, ranking=ranking)).astype(int)
        want = {labels[c]: int(k) for c, k in zip(*np.unique(codes, return_counts=True),
                                                 strict=True)}
        counts = half.set_index(half.category.astype(str))["count"]
        assert counts[counts > 0].to_dict() == want


# ---------------------------------------------------------------------------------------------
# The command line with --game: exit 0 with a table, or 2 with one line


@st.composite
def game_cli_args(draw):
    name = draw(st.sampled_from(list(DEFAULT_MC) + ["razz", "badugi", "holdem", "Omaha", "x"]))
    command = draw(st.sampled_from(["equity", "evaluate", "frequencies"]))
    g = get(name) if name in NAMES else get("omaha")
    deck = draw(st.permutations(range(52)))
    hands = [text(deck[i * g.hole:(i + 1) * g.hole - draw(st.integers(0, 1))])
             for i in range(draw(st.integers(0, 3)))]
    hands = [draw(st.sampled_from([h, "random", "Xx", h + " As"])) for h in hands]
    board = text(deck[40:40 + draw(st.integers(0, g.board + 1))])
    if command == "evaluate":
        argv = [command, "--game", name] + [text(deck[i:i + g.cards]) for i in range(2)]
        return argv + draw(st.sampled_from([[], [hands[0] if hands else "As"]]))
    if command == "frequencies":
        return [command, "--game", name, "--trials", str(draw(st.integers(1, 500))),
                "--seed", "1"] + draw(st.sampled_from([[], ["--method", "exact"],
                                                        ["--cards", "7"]]))
    return [command, "--game", name, *hands, "--board", board, "--trials",
            str(draw(st.integers(1, 500))), "--seed", "1"]


@settings(max_examples=scaled(40), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(argv=game_cli_args())
def test_cli_with_a_game_any_arguments(argv, capsys):
    status, out, err = run_cli(argv, capsys)
    check_cli_result(argv, status, out, err)


# ---------------------------------------------------------------------------------------------
# Weighted lists mixing partial hands of different sizes


def naive_full_hands(game, lists, board, dead):
    """Equity by the rules, over full hands: a list entry (cards, weight) of fewer cards than
    the game's hand stands for each of its completions from the cards not known (board, dead,
    the hands of players given one hand), sharing its weight equally; every choice of one full
    hand per player with no card in common, weighted by the product, then every runout."""
    known = set(board) | set(dead)
    for entries in lists:
        if len(entries) == 1:
            known |= set(entries[0][0])
    deck = [c for c in range(first_card(game), 52) if c not in known]
    full = []
    for entries in lists:
        hands = []
        for cards, weight in entries:
            if set(cards) & (known - (set(cards) if len(entries) == 1 else set())):
                continue
            free = [c for c in deck if c not in cards]
            extra = list(combinations(free, game.hole - len(cards)))
            hands += [(tuple(cards) + e, weight / len(extra)) for e in extra]
        full.append(hands)
    sums = [0.0] * len(lists)
    total = 0.0
    for pick in product(*full):
        cards = [c for h, _ in pick for c in h]
        if len(set(cards)) < len(cards):
            continue
        weight = math.prod(w for _, w in pick)
        left = [c for c in deck if c not in cards]
        for runout in combinations(left, game.board - len(board)):
            keys = [hand_keys(game, h, tuple(board) + runout) for h, _ in pick]
            for i, (high, low) in enumerate(pot(game, keys)):
                sums[i] += weight * (high + low)
            total += weight
    return [s / total for s in sums]


def cards(t):
    return [int(c) for c in ps.parse_cards(t)]


def live_only(keep, first=0):
    """Dead cards: every card but ``keep``'s."""
    kept = {c for t in keep for c in cards(t)}
    return [c for c in range(first, 52) if c not in kept]


def test_mixed_sizes_stud_list_against_every_deal():
    """The issue's stud player known to hold As Ad, Ks Kd (twice as likely) or 7h 7c 7d, each
    completed at random to seven cards, against a hand on sixth street; the other cards
    mostly dead so that the naive enumeration of every deal stays small. With one list
    player, the chance of each hand is its weight's share; then the cards are dealt."""
    g = get("stud")
    other, mixed = "Qh Qc 3h 4d 6c 7s", ["As Ad", ("Ks Kd", 2), "7h 7c 7d"]
    dead = live_only([other, "As Ad Ks Kd 7h 7c 7d", "2c 2d 9h Tc"])
    got = equity([other, mixed], dead=dead, game=g, method="exact")
    want = sum(w * naive_equity(g, [cards(other), cards(h)], (), dead)[0]["equity"]
               for h, w in (("As Ad", 1), ("Ks Kd", 2), ("7h 7c 7d", 1))) / 4
    assert got.equity.tolist() == pytest.approx([want, 1 - want], abs=1e-12)
    assert got.player.iloc[1] == "As Ad, Ks Kd, 7h 7c 7d"


def test_mixed_sizes_badugi_lists_against_every_deal():
    """Two players given lists of mixed sizes, whose choices interact through the cards they
    remove (badugi: its naive keys are cheap)."""
    g = get("badugi")
    lists = [[(cards("As 2d 3h"), 1.0), (cards("Kc 9h"), 3.0)],
             [(cards("Qh Jh Tc"), 2.0), (cards("4c 5d"), 1.0)],
             [(cards("7s 8d 6h 5s"), 1.0)]]
    dead = live_only(["As 2d 3h Kc 9h Qh Jh Tc 4c 5d 7s 8d 6h 5s", "9c Td Ts"])
    got = equity(players_of(lists), dead=dead, game=g, method="exact")
    assert got.equity.tolist() == pytest.approx(naive_full_hands(g, lists, [], dead), abs=1e-12)


def test_mixed_sizes_omaha_list_exact_and_monte_carlo():
    g = get("omaha")
    lists = [[(cards("As Ad"), 1.0), (cards("Ks Kd Kh"), 2.0)], [(cards("Qc Qd Jc Jd"), 1.0)]]
    board = cards("2s 3d 4h 5c")
    dead = live_only(["As Ad Ks Kd Kh Qc Qd Jc Jd 2s 3d 4h 5c", "9c 9h Td Ts"])
    got = equity(players_of(lists), text(board), dead, game=g, method="exact")
    want = naive_full_hands(g, lists, board, dead)
    assert got.equity.tolist() == pytest.approx(want, abs=1e-12)
    mc = equity(players_of(lists), text(board), dead, game=g, trials=100_000, seed=5)
    assert (np.abs(mc.equity - np.array(want)) < 4 * mc.std_error + 1e-9).all()


def players_of(lists):
    return [{text(c): w for c, w in e} if len(e) > 1 else text(e[0][0]) for e in lists]


@pytest.mark.slow
@pytest.mark.parametrize("game, lists, board, keep", [
    ("omaha-hi-lo", [[(cards("As 2d"), 1.0), (cards("Ks Kd 3h"), 2.0)],
                     [(cards("Qc 4d Jc Jd"), 1.0)]], cards("2s 3d 4h 5c"),
     ["As 2d Ks Kd 3h Qc 4d Jc Jd 2s 3d 4h 5c", "9c 9h Td Ts"]),
    ("razz", [[(cards("As 2d 3c 4h"), 1.0), (cards("5s 6d"), 1.0)],
              [(cards("Ah 2h 3h 4d 6c Kc"), 1.0)]], [],
     ["As 2d 3c 4h 5s 6d Ah 2h 3h 4d 6c Kc", "9c 9h Td Ts 8c 7h 7d"]),
])
def test_mixed_sizes_more_games_against_every_deal(game, lists, board, keep):
    g = get(game)
    dead = live_only(keep)
    got = equity(players_of(lists), text(board), dead, game=g, method="exact")
    assert got.equity.tolist() == pytest.approx(naive_full_hands(g, lists, board, dead),
                                                abs=1e-12)


def test_mixed_sizes_too_many_completions_is_an_input_error():
    """A hand of one card beside one of seven: every completion of the one-card hand to seven
    would be listed (C(44, 6) = 7,059,052 hands): refused, naming the list."""
    with pytest.raises(PokersimInputError, match="As, Kh Kd Kc Ks Qh Qd Qc"):
        equity(["2c 3c 4c 5c 6c 7c 8c", ["As", "Kh Kd Kc Ks Qh Qd Qc"]], game="stud")
