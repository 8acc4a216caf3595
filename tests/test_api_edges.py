"""Issue 19: errors that escaped at the edges of the API, and what users of eval7, treys and
pokerkit expect of it (hole cards and a board, showdowns, conversions, ranges as people type
them, one opponent count, one category order, one outcomes dtype).

Expected values come from the rules written out here, from treys, eval7 and phevaluator
(installed with the test extras; a comparison skips without its library), or from the
shipped heads-up table read with pandas, never from the function under test.
"""

import importlib
import itertools

import numpy as np
import pandas as pd
import pytest

import pokersim
from pokersim import (
    CardError,
    DuplicateCardError,
    HandShapeError,
    PokersimInputError,
    RangeError,
    best_five,
    category,
    deal,
    describe,
    evaluate,
    parse_range,
    showdown,
)
from pokersim import convert as cv
from pokersim.engine import equity
from pokersim.evaluator.showdowns import clash, winners
from pokersim.games import draw5, videopoker, zhajinhua
from pokersim.games.game import Game

# the modules: dealing, the engine's counting
DEAL = importlib.import_module("pokersim.dealing")
GAMES = importlib.import_module("pokersim.engine.games")

RANKS = "23456789TJQKA"
SUITS = "cdhs"
NAMES = [r + s for r in RANKS for s in SUITS]  # docs/design.md: card = 4 * rank + suit


def peer(name):
    """A peer library, imported where a test uses it (the test skips without it; eval7's
    import warns of pyparsing deprecations, so no module-level import)."""
    return pytest.importorskip(name)


def ids(text):
    """Card ids of text, by the rule 4 * rank + suit, apart from pokersim's parser."""
    return [NAMES.index(t) for t in text.split()]


def cactus(cards):
    """phevaluator's rank (1 = royal flush) of card ids: lower is better."""
    return peer("phevaluator").evaluate_cards(*(int(c) for c in cards))


# ---------------------------------------------------------------------------------------------
# Errors that escaped

def test_deal_refuses_more_memory_than_the_machine_has_before_allocating():
    with pytest.raises(PokersimInputError, match=r"deal\(n=1,099,511,627,776, k=7\).*7 TiB "
                                                 r"of memory, more than this machine's"):
        deal(2**40, 7)


def test_deal_names_the_size_when_numpy_cannot_allocate(monkeypatch):
    # where the system does not say how much memory it has, numpy's MemoryError is turned
    # into an input error (a stand-in numpy raises it: no test allocates terabytes)
    class NumpyOutOfMemory:
        def __getattr__(self, name):
            return getattr(np, name)

        def empty(self, *args, **kwargs):
            raise MemoryError

    monkeypatch.setattr(pokersim._core.validation, "physical_memory", lambda: None)
    monkeypatch.setattr(DEAL, "np", NumpyOutOfMemory())
    with pytest.raises(PokersimInputError, match=r"deal\(n=1,000, k=7\) needs 6.84 KiB"):
        deal(1000, 7)


def test_numpy_numbers_are_numbers():
    # every number a public function takes may be numpy's
    assert pokersim._core.validation.check_target_stderr(np.float32(0.01)) == pytest.approx(0.01)
    assert deal(np.int64(3), np.int64(5), seed=np.int64(1)).shape == (3, 5)
    assert len(str(pokersim.show(deal(5, 2, seed=1), max_rows=np.int64(2))).splitlines()) == 3
    game = Game("my-holdem", hole=np.int64(2), board=np.int64(5))
    assert (game.hole, game.board) == (2, 5) and type(game.hole) is int
    table = pokersim.equity(["AhKh", "random"], trials=np.int64(2_000), seed=np.uint8(1),
                            target_stderr=np.float32(0.5))
    assert table.attrs["target_stderr"] == pytest.approx(0.5)


BIG = "X" * 10**6


#: Calls given a million-character value, by name.
BOUNDED = {
    'parse_range(BIG)': lambda: parse_range(BIG),
    "parse_range('AA, ' + BIG)": lambda: parse_range("AA, " + BIG),
    "parse_range('AA@' + BIG)": lambda: parse_range("AA@" + BIG),
    'pokersim.parse_cards(BIG)': lambda: pokersim.parse_cards(BIG),
    "pokersim.parse_hands(['As Ks', BIG])": lambda: pokersim.parse_hands(["As Ks", BIG]),
    'evaluate(BIG)': lambda: evaluate(BIG),
    "evaluate(['As Ks Qs Js Ts', BIG])": lambda: evaluate(["As Ks Qs Js Ts", BIG]),
    "evaluate('As Ks', board=BIG)": lambda: evaluate("As Ks", board=BIG),
    "evaluate('As Ks Qs Js Ts', ranking=BIG)": lambda: evaluate("As Ks Qs Js Ts", ranking=BIG),
    "evaluate(..., game=BIG)": lambda: evaluate("As Ks Qs Js Ts 2c 3d", game=BIG),
    'describe(BIG)': lambda: describe(BIG),
    "pokersim.equity([BIG, 'random'])": lambda: pokersim.equity([BIG, "random"]),
    "equity(..., board=BIG)": lambda: pokersim.equity(["AhKh", "random"], board=BIG),
    "equity(..., client=BIG)": lambda: pokersim.equity(["AhKh", "random"], client=BIG),
    'pokersim.equity_vs_random(BIG)': lambda: pokersim.equity_vs_random(BIG),
    'deal(3, 2, dead=BIG)': lambda: deal(3, 2, dead=BIG),
    'pokersim.show(BIG)': lambda: pokersim.show(BIG),
    'pokersim.data.heads_up(BIG)': lambda: pokersim.data.heads_up(BIG),
    'videopoker.classify(BIG)': lambda: videopoker.classify(BIG),
    'videopoker.expected_return(BIG)': lambda: videopoker.expected_return(paytable=BIG),
    'videopoker.expected_return({BIG: 5})': lambda: videopoker.expected_return(paytable={BIG: 5}),
    'zhajinhua.evaluate(BIG)': lambda: zhajinhua.evaluate(BIG),
    'zhajinhua.Rules(a23=BIG)': lambda: zhajinhua.Rules(a23=BIG),
    'zhajinhua.win_rates(2, rules=BIG)': lambda: zhajinhua.win_rates(2, rules=BIG),
    'draw5.win_rates(BIG)': lambda: draw5.win_rates(BIG),
    "showdown([BIG, 'As Ks'])": lambda: showdown([BIG, "As Ks"]),
    'cv.from_treys([BIG])': lambda: cv.from_treys([BIG]),
}


@pytest.mark.parametrize("call", BOUNDED)
def test_error_messages_quote_a_bounded_excerpt(call):
    with pytest.raises(PokersimInputError) as e:
        BOUNDED[call]()
    assert len(str(e.value)) < 400, str(e.value)[:400]


@pytest.mark.parametrize("text, words", [
    ("QQ@-1", r"weight -1 is negative: a weight is a percent after '@'"),
    ("QQ@1e2", r"weight '1e2' is not a plain decimal number such as 100 or 12.5"),
    ("QQ@nan", r"weight 'nan' after '@' is not a number"),
    ("QQ@150%", r"weight 150% is not in \(0, 100\]: a weight is a percent"),
    ("QQ:50%", r"a fraction after ':' takes no '%'"),
    ("QQ:1.5", r"weight 1.5 is not in \(0, 1\]: .* or a fraction after ':'"),
])
def test_weight_errors_say_what_is_wrong_and_the_scale(text, words):
    with pytest.raises(RangeError, match=words):
        parse_range(text)


def test_weights_are_percents_after_at_with_or_without_the_sign():
    assert parse_range("AKs@100%") == parse_range("AKs")
    assert parse_range("QQ@50%") == parse_range("QQ@50") == parse_range("QQ:0.5")
    assert parse_range("QQ@50%").weights.tolist() == [0.5] * 6
    assert parse_range("QQ@0.5").weights.tolist() == [0.005] * 6  # half a percent, documented


@pytest.mark.parametrize("hands", [np.zeros(0), [], np.zeros(0, np.uint8), ()])
def test_evaluate_says_an_empty_input_is_empty(hands):
    with pytest.raises(HandShapeError, match=r"hands is empty: .* an empty batch of hands is an "
                                             r"array of shape \(0, 5\)"):
        evaluate(hands)


def test_an_explicit_empty_batch_gives_an_empty_result():
    for dtype in (np.uint8, np.int64):
        out = evaluate(np.zeros((0, 7), dtype))
        assert out.shape == (0,) and out.dtype == np.int16
    with pytest.raises(HandShapeError, match="got dtype float64"):  # cards are integers
        evaluate(np.zeros((0, 7)))
    assert evaluate(np.zeros((0, 2), np.uint8), board="As Ks Qs").shape == (0,)
    assert best_five(np.zeros((0, 6), np.uint8)).shape == (0, 5)
    assert describe(np.zeros(0, np.int16)) == []


# ---------------------------------------------------------------------------------------------
# Hole cards and a board

HOLES = ["Ah Kh", "2c 2d", "7s 6s", "Qc Jd"]
BOARD = "Qh Jh Th 2s 5s"


def test_evaluate_hole_and_board_forms_agree_with_phevaluator():
    # one board for every hand, given as text, as a list of card texts, or as ids
    want = [cactus(ids(h) + ids(BOARD)) for h in HOLES]
    holes = np.array([ids(h) for h in HOLES], np.uint8)
    for board in (BOARD, BOARD.split(), np.array(ids(BOARD))):
        for hands in (HOLES, holes):
            assert pokersim.cactus_rank(evaluate(hands, board)).tolist() == want
    # one hand, each of several boards (3, 4 and 5 cards)
    boards = [BOARD.split()[:n] for n in (3, 4, 5)]
    for board in boards:
        got = evaluate("Ah Kh", board)
        assert got.ndim == 0 and pokersim.cactus_rank(got) == cactus(ids("Ah Kh") + ids(
            " ".join(board)))
    rows = np.array([ids(" ".join(BOARD.split()[:3]))] * 2 + [ids("2h 3h 4h")] * 2)
    many = evaluate("As Ks", rows)  # one hand against each of four flops
    assert pokersim.cactus_rank(many).tolist() == [cactus(ids("As Ks") + r) for r in
                                                   rows.tolist()]
    # row by row: hand i with board i
    boards = np.array([ids(BOARD)] * 2 + [ids("3c 4d 8h 9c Kd")] * 2, np.uint8)
    got = evaluate(holes, boards)
    assert pokersim.cactus_rank(got).tolist() == [cactus(h + b) for h, b in
                                                  zip(holes.tolist(), boards.tolist(),
                                                      strict=True)]


def test_a_list_of_card_texts_is_one_hand():
    royal = evaluate(["As", "Ks", "Qs", "Js", "Ts"])
    assert royal.ndim == 0 and describe(royal) == "Royal Flush"
    assert describe(evaluate(np.array(["Kh", "Kd", "4c", "4s", "Kc"]))) == \
        "Full House, Kings over Fours"
    with pytest.raises(DuplicateCardError, match="'As' repeats card 1"):
        evaluate(["As", "Ks", "Qs", "Js", "As"])


def test_rows_of_card_texts_are_a_hand_per_row():
    rng = np.random.default_rng(19)
    hands = np.array([rng.choice(52, 7, replace=False) for _ in range(300)])
    texts = [[NAMES[c] for c in row] for row in hands.tolist()]  # nested lists, a card each
    want = [cactus(row) for row in hands.tolist()]
    for given in (texts, np.array(texts), np.array(texts, dtype=object)):
        got = evaluate(given)
        assert got.shape == (300,) and pokersim.cactus_rank(got).tolist() == want
    # holes and boards as rows of card texts, row by row
    got = evaluate([row[:2] for row in texts], [row[2:] for row in texts])
    assert pokersim.cactus_rank(got).tolist() == want
    with pytest.raises(CardError, match=r"hands\[1, 0\] = 'As Ks' is not one card.*a list of "
                                        r"strings such as \['As Ks', 'Qd Qh'\] gives a hand"):
        evaluate([["2c", "3c", "4c", "5c", "7d"], ["As Ks", "Qs", "Js", "Ts", "9s"]])
    with pytest.raises(CardError, match=r"hands\[0, 4\] = 'Xx' is not one card"):
        evaluate(np.array([["As", "Ks", "Qs", "Js", "Xx"]]))
    with pytest.raises(DuplicateCardError, match=r"hands\[1\] repeats card 'As'"):
        evaluate([["2c", "3c", "4c", "5c", "As"], ["As", "Ks", "Qs", "Js", "As"]])


def test_showdown_reads_rows_of_card_texts_as_one_table():
    # a hand per list, as evaluate reads them (a table per list was the old reading, which
    # made each one-card text a player); lists of longer texts are still a table each
    board = "2c 3d 7h 9s Jd"
    rows = [["As", "ks"], ["Qd", "Qh"], ["7c", "7s"]]
    want = [0.0, 0.0, 1.0]  # trip sevens beat queens and ace-king
    assert pokersim.showdown(rows, board).share.tolist() == want
    assert pokersim.showdown(np.array(rows), board).share.tolist() == want
    tables = pokersim.showdown([["As Ks", "7c 7s"], ["Qd Qh", "As Ks"]], board)
    assert tables.share.tolist() == [[0.0, 1.0], [1.0, 0.0]]


def test_a_board_may_be_a_list_of_card_texts_everywhere():
    listed = pokersim.equity(["AhKh", "QsQd"], board=["2c", "7d", "Qh"])
    assert round(listed.win.iloc[0] * 990) == 43  # runner-runner flushes and straights
    live = DEAL.live_cards(dead=["As", "Ks"])  # the cards deal deals from
    assert live.size == 50 and not {47, 51} & set(live.tolist())


def test_hole_and_board_errors_name_the_board():
    with pytest.raises(DuplicateCardError, match=r"card 'Qh' \(42\) is in both hands\[0\] and "
                                                 r"the board"):
        evaluate("Qh Kh", BOARD)
    with pytest.raises(HandShapeError, match=r"got shape \(1, 4\) \(2 cards and 2 of the "
                                             r"board\)"):
        evaluate("As Ks", "2c 3c")
    with pytest.raises(HandShapeError, match="hands has 4 rows and board 3"):
        evaluate(HOLES, np.zeros((3, 5), np.uint8) + np.arange(5, dtype=np.uint8))
    with pytest.raises(CardError, match=r"board\[0, 2\] = 60 is not a card"):
        evaluate(np.array([[0, 1]], np.uint8), np.array([2, 3, 60, 5, 6], np.uint8))


def test_a_ranking_in_the_boards_place_is_an_error():
    # ranking= is the one spelling: a ranking's name where the board goes is not guessed
    lows = ["7c 5d 4h 3s 2c", "Ac 2d 3h 4s 5c"]
    with pytest.raises(PokersimInputError, match="'deuce-to-seven'; give a ranking as ranking="):
        evaluate(lows, "deuce-to-seven")
    with pytest.raises(PokersimInputError, match="give a ranking as ranking="):
        evaluate(lows, "badugi", ranking="ace-to-five")
    assert describe(evaluate(lows, ranking="ace-to-five"), ranking="ace-to-five") == [
        "7-5-4-3-2 low", "Wheel"]


def test_describe_category_and_best_five_take_hands():
    # treys' class names (its own rules) against pokersim's categories, for dealt uint8
    # arrays and their text; treys calls a royal flush a straight flush
    treys = peer("treys")
    hands = deal(300, 7, seed=19)
    ev = treys.Evaluator()
    want = [ev.class_to_string(ev.get_rank_class(ev.evaluate(
        cv.to_treys(h[2:]).tolist(), cv.to_treys(h[:2]).tolist()))) for h in hands]
    labels = [pokersim.Category(c).label.replace("Royal", "Straight")
              for c in category(hands).tolist()]
    assert labels == want
    text = pokersim.format_cards(hands)
    assert describe(hands) == describe(text) == describe(evaluate(hands))
    assert category(text[0]) == category(hands[0]) == category(evaluate(hands[0]))
    # hole cards and a board, written out from the rules
    assert describe("Kh Kd", "4c 4s Kc 9h 2d") == "Full House, Kings over Fours"
    assert category("Kh Kd", board="4c 4s Kc 9h 2d") == pokersim.Category.FULL_HOUSE
    assert pokersim.format_cards(best_five("Kh Kd", "4c 4s Kc 9h 2d")) == "Kh Kd Kc 4s 4c"
    # strengths stay strengths: int16 (what evaluate returns), lists of numbers
    assert describe([7462, 1]) == ["Royal Flush", "High Card, Seven"]


# ---------------------------------------------------------------------------------------------
# Showdown

def test_showdown_agrees_with_phevaluator_and_splits_ties():
    players = 4
    rng = np.random.default_rng(5)  # not pokersim.deal: no dealing kernel of its own to compile
    rows = np.array([rng.permutation(52)[:2 * players + 5] for _ in range(400)], np.uint8)
    hole = rows[:, :2 * players].reshape(-1, players, 2)
    board = rows[:, 2 * players:]
    # a few tables with a board that plays for everyone: all tie
    board[:5] = ids("As Ks Qs Js Ts")
    hole[:5] = np.array([ids(h) for h in ("2c 3c", "4c 5c", "6c 7c", "8c 9c")])
    got = showdown(hole, board)
    for t in range(len(rows)):
        ranks = [cactus(list(hole[t, p]) + list(board[t])) for p in range(players)]
        best = [r == min(ranks) for r in ranks]
        assert got.winners[t].tolist() == best
        assert got.share[t].tolist() == [b / sum(best) for b in best]
    assert got.share[:5].tolist() == [[0.25] * 4] * 5


@pytest.mark.parametrize("hands, board, shares", [
    # worked out in tests/test_game_equity.py: high kings for the first; A-2-3-4-8 low for
    # the first two: half, plus a quarter each of the low
    (["As 2s Kd Qd", "Ah 2h 7c 7h", "Qh Qs Jc Tc"], "3c 4d 8h Ks Jd", [0.75, 0.25, 0.0]),
    # one low card on the board: no low, and the straight takes it all
    (["As 2s Kd Qd", "Ah 3h 7c 7h"], "9c Td 8h Ks Jd", [1.0, 0.0]),
    # the highs tie (pair of jacks, A-K-8); 8-4-3-2-A beats 8-6-4-3-A for the low
    (["As 2d Kc Qh", "Ah Kd 7c 6c"], "3h 4s 8d Jc Js", [0.75, 0.25]),
])
def test_showdown_of_a_split_pot_game(hands, board, shares):
    got = showdown(hands, board, game="omaha-hi-lo")
    # the same table as int64 card ids (any integer dtype is cards)
    ids = showdown(pokersim.parse_hands(hands).astype(np.int64),
                   pokersim.parse_cards(board).astype(np.int64), game="omaha-hi-lo")
    assert ids.share.tolist() == shares and ids.low.tolist() == got.low.tolist()
    assert got.share.tolist() == shares
    assert got.winners.tolist() == [s > 0 for s in shares]
    # each half's strengths, as evaluate gives them in the game
    rows = [h + " " + board for h in hands]
    assert got.strength.tolist() == evaluate(rows, game="omaha-hi-lo").tolist()
    assert got.low.tolist() == evaluate(rows, game="omaha-hi-lo",
                                        ranking="eight-or-better").tolist()


def test_showdown_errors():
    with pytest.raises(DuplicateCardError, match="table 0: card 'Ah' is in both hand 0 and "
                                                 "hand 1"):
        showdown(["Ah Kh", "Ah Qd"], BOARD)
    with pytest.raises(DuplicateCardError, match="in both hand 1 and the board"):
        showdown(["As Kh", "Qh Qd"], BOARD)
    with pytest.raises(HandShapeError, match="at least two hands"):
        showdown(["As Kh"], BOARD)
    with pytest.raises(HandShapeError, match="omaha: a showdown needs 4 cards a player"):
        showdown(["As Kh", "Qc Qd"], BOARD, game="omaha")


@pytest.mark.parametrize("hands, expected", [
    # no card in common: they can meet
    (["As Ks Qs Js Ts", "Ah Kh Qh Jh Th"], None),
    # a board (6c 7d 8h 9s Tc) that every hand holds, each with hole cards of its own
    (["2h 3d 6c 7d 8h 9s Tc", "2s 4c 6c 7d 8h 9s Tc", "Jc Qd 6c 7d 8h 9s Tc"], None),
    # a flop is a board too
    (["As Ks 6c 7d 8h", "Qs Js 6c 7d 8h"], None),
    # one card in common is no board (three to five cards)
    (["As Ks Qs Js Ts", "As Kd 2c 3c 4c"], (0, 1, "As")),
    # hands 1 and 3 share 9h, which hand 2 lacks: not a board
    (["Ah Ad 9h 5c 6c", "Kh Kd 2c 3c 4s", "Qh Qd 9h 7s 8s"], (0, 2, "9h")),
    # a board of five, and hands 2 and 3 both hold Kd besides
    (["Ah Ad 2c 3c 4c 5d 9s", "Kh Kd 2c 3c 4c 5d 9s", "Qh Kd 2c 3c 4c 5d 9s"], (1, 2, "Kd")),
    # the same hand twice: seven cards in common are no board
    (["Ah Kh Qh Jh Th 2c 3d"] * 2, (0, 1, "Ah Kh Qh Jh Th 3d 2c")),
    # a hand that is only the board has no cards of its own
    (["6c 7d 8h", "6c 7d 8h As Ks"], (0, 1, "8h 7d 6c")),
])
def test_clash_says_which_hands_cannot_meet_at_one_showdown(hands, expected):
    got = clash([ids(h) for h in hands])
    if expected is None:
        assert got is None
        return
    first, second, cards = got
    assert (first, second) == expected[:2]
    assert sorted(cards.tolist()) == sorted(ids(expected[2]))
    ranks = [c[0] for c in pokersim.format_cards(cards).split()]
    assert ranks == [c[0] for c in expected[2].split()]  # highest first
    with pytest.raises(HandShapeError, match="at least two hands"):
        clash([ids("As Ks Qs Js Ts")])


def test_winners_are_the_hands_of_the_highest_strength():
    # a royal flush beats four kings; two royal flushes tie (a board that plays for both)
    assert winners(evaluate(["As Ks Qs Js Ts", "Kh Kd Kc Ks 2d"])).tolist() == [True, False]
    assert winners(evaluate(["As Ks Qs Js Ts 2c 3d", "As Ks Qs Js Ts 4h 5h",
                             "Kh Kd Kc 2s 2d 7h 8h"])).tolist() == [True, True, False]
    assert winners([[5, 3], [4, 4]]).tolist() == [[True, False], [True, True]]


# ---------------------------------------------------------------------------------------------
# Conversions, against the libraries themselves

def test_treys_cards_both_ways():
    treys = peer("treys")
    theirs = [treys.Card.new(name) for name in NAMES]
    assert cv.to_treys(np.arange(52)).tolist() == theirs
    assert cv.to_treys(" ".join(NAMES)).tolist() == theirs
    assert cv.from_treys(theirs).tolist() == list(range(52))
    assert cv.from_treys(np.array(theirs).reshape(4, 13)).shape == (4, 13)
    with pytest.raises(CardError, match=r"treys cards\[1\] = 12345 is not a treys card"):
        cv.from_treys([theirs[0], 12345])


def test_phevaluator_ids_both_ways():
    phevaluator = peer("phevaluator")
    theirs = [phevaluator.Card(name).id_ for name in NAMES]
    assert cv.to_phevaluator(" ".join(NAMES)).tolist() == theirs == list(range(52))
    assert cv.from_phevaluator([phevaluator.Card(n) for n in NAMES]).tolist() == theirs
    with pytest.raises(CardError, match="not a card"):
        cv.from_phevaluator([52])


def test_eval7_cards_both_ways():
    eval7 = peer("eval7")

    theirs = [eval7.Card(name) for name in NAMES]
    mine = cv.to_eval7(np.arange(52))
    assert [str(c) for c in mine] == NAMES and [c.mask for c in mine] == [c.mask for c in theirs]
    assert cv.to_eval7(np.arange(52), masks=True).tolist() == [c.mask for c in theirs]
    assert cv.from_eval7(theirs).tolist() == list(range(52))
    assert cv.from_eval7([c.mask for c in theirs]).tolist() == list(range(52))
    assert [[str(c) for c in row] for row in cv.to_eval7([[51, 0], [45, 4]])] == \
        [["As", "2c"], ["Kd", "3c"]]
    with pytest.raises(CardError, match="not an eval7 card mask"):
        cv.from_eval7([3])
    with pytest.raises(CardError, match="not an eval7 card"):
        cv.from_eval7([theirs[0], object()])


def test_the_libraries_rank_converted_hands_as_pokersim_does():
    eval7, treys, phevaluator = (peer(name) for name in ("eval7", "treys", "phevaluator"))

    hands = deal(500, 7, seed=7)
    cactus_ranks = pokersim.cactus_rank(evaluate(hands)).tolist()
    ev = treys.Evaluator()
    assert [ev.evaluate(b, h) for h, b in ((cv.to_treys(x[:2]).tolist(),
                                            cv.to_treys(x[2:]).tolist()) for x in hands)] \
        == cactus_ranks
    assert [phevaluator.evaluate_cards(*row) for row in cv.to_phevaluator(hands).tolist()] \
        == cactus_ranks
    theirs = np.array([eval7.evaluate(cards) for cards in cv.to_eval7(hands)])  # higher wins
    mine = evaluate(hands).astype(np.int64)
    assert (np.sign(np.subtract.outer(theirs, theirs))
            == np.sign(np.subtract.outer(mine, mine))).all()


# ---------------------------------------------------------------------------------------------
# Ranges as people type them

COMBOS = [frozenset(c) for c in itertools.combinations(NAMES, 2)]


def combo_set(r):
    return {frozenset((NAMES[a], NAMES[b])) for a, b in r.combos.tolist()}


def pattern_combos(pattern):
    """ProPokerTools' reading of a two-card pattern, from its rule: '*' any suit; w x y z
    suit variables (equal letters one suit, different letters different suits), never a
    suit the pattern names."""
    (r1, s1), (r2, s2) = pattern[:2], pattern[2:]
    named = {s for s in (s1, s2) if s in SUITS}

    def fits(want, suit):
        return want == "*" or (suit == want if want in SUITS else suit not in named)

    out = set()
    for combo in COMBOS:
        for a, b in itertools.permutations(sorted(combo)):
            if (a[0], b[0]) != (r1, r2) or not (fits(s1, a[1]) and fits(s2, b[1])):
                continue
            if s1 in "wxyz" and s2 in "wxyz" and (a[1] == b[1]) != (s1 == s2):
                continue
            out.add(combo)
    return out


@pytest.mark.parametrize("pattern, count", [
    ("AxKx", 4), ("AxKy", 12), ("AsKx", 3), ("AsK*", 4), ("A*K*", 16), ("A*Kx", 16),
    ("AxAy", 6), ("A*A*", 6), ("AsAx", 3), ("AsA*", 3), ("KxAx", 4), ("TwTz", 6),
])
def test_suit_wildcards(pattern, count):
    r = parse_range(pattern)
    assert combo_set(r) == pattern_combos(pattern) and len(r) == count


def test_a_pattern_no_two_cards_match_is_an_error():
    with pytest.raises(RangeError, match="no two distinct cards match"):
        parse_range("AxAx")


def heads_up_order():
    """Hand classes by exact equity against one random hand, from the shipped counts read
    with pandas: a class meets each combo without its cards once, so its counts against a
    random hand are the sums over its row."""
    from pokersim.tools.heads_up import SHIPPED

    counts = pd.read_csv(SHIPPED)
    sums = counts.groupby("hand")[["wins", "ties", "outcomes"]].sum()
    equity = (2 * sums.wins + sums.ties) / (2 * sums.outcomes)
    return equity.sort_values(ascending=False)


def class_size(name):
    return 6 if len(name) == 2 else 4 if name[2] == "s" else 12


@pytest.mark.parametrize("percent", [0.1, 5, 10, 12.5, 33.3, 50, 99.9, 100])
def test_top_percent_takes_the_best_classes_until_the_share_is_reached(percent):
    order = heads_up_order()
    taken, count = [], 0
    for name in order.index:
        if count >= percent / 100 * 1326:
            break
        taken.append(name)
        count += class_size(name)
    r = parse_range(f"top {percent}%")
    assert len(r) == count and r == parse_range(", ".join(taken))


def test_the_percent_order_is_equity_against_one_random_hand():
    order = heads_up_order()
    assert list(pokersim.ranges.equity_order()) == list(order.index)
    # PokerStove's published equities against a random hand: AA 85.20 %, 32o 32.30 %
    assert round(order["AA"], 4) == 0.8520 and round(order["32o"], 4) == 0.3230
    assert parse_range("top 0.1%") == parse_range("AA")
    assert parse_range("top 10%") == parse_range("66+, A8s+, KJs+, ATo+")  # 134 combos


def test_exclusions_remove_combos_wherever_they_stand():
    pairs_but_threes = {c for c in COMBOS if len({n[0] for n in c}) == 1} - {
        c for c in COMBOS if {n[0] for n in c} == {"3"}}
    assert combo_set(parse_range("22+, !33")) == pairs_but_threes
    assert parse_range("!33, 22+") == parse_range("22+, !33")
    assert parse_range("AK@50, !AKo") == parse_range("AKs@50")
    assert len(parse_range("random, !AxAy, !KxKy")) == 1326 - 12
    with pytest.raises(RangeError, match="an exclusion takes no weight"):
        parse_range("22+, !33@50")
    with pytest.raises(RangeError, match="holds no combo"):
        parse_range("33, !33")


def test_ranges_combine_as_sets():
    a, b = parse_range("QQ+, AKs, AKo@50"), parse_range("KK+@25, AK")

    def weights(r):
        return {frozenset((NAMES[x], NAMES[y])): w for (x, y), w in
                zip(r.combos.tolist(), r.weights, strict=True)}

    wa, wb = weights(a), weights(b)
    assert weights(a | b) == {c: max(wa.get(c, 0), wb.get(c, 0)) for c in wa.keys() | wb.keys()}
    assert weights(a & b) == {c: min(wa[c], wb[c]) for c in wa.keys() & wb.keys()}
    assert weights(a - b) == {c: wa[c] for c in wa.keys() - wb.keys()}
    assert (a - "AK") == parse_range("QQ+") and (a | "22").n_combos == len(a) + 6
    assert (a | b).text == "QQ+, AKs, AKo@50 | KK+@25, AK"


# ---------------------------------------------------------------------------------------------
# One opponent count, one category order, one outcomes dtype

def test_opponents_is_a_count_or_a_list_of_counts():
    # equity_vs_random(opponents=3) is three opponents, as the command line's --opponents 3
    one = pokersim.equity_vs_random("AsAd", opponents=3, trials=2_000, seed=1)
    assert one.opponents.tolist() == [3] and one.attrs["opponents"] == [3]
    listed = pokersim.equity_vs_random("AsAd", opponents=[3], trials=2_000, seed=1)
    pd.testing.assert_frame_equal(pd.DataFrame(one), pd.DataFrame(listed))
    assert pokersim.equity_vs_random("AsAd", opponents=np.int64(2), trials=1_000,
                                     seed=1).opponents.tolist() == [2]


STRONGEST_FIRST = ["Royal Flush", "Straight Flush", "Four of a Kind", "Full House", "Flush",
                   "Straight", "Three of a Kind", "Two Pair", "Pair", "High Card"]


def test_every_table_lists_categories_strongest_first():
    frame = pokersim.equity(["AhKh", "QsQd"], board="2c 7d Qh", categories=True)
    assert frame.columns.tolist()[-10:] == STRONGEST_FIRST
    assert pokersim.category_frequencies(cards=5).category.tolist() == STRONGEST_FIRST
    zjh = ["Leopard", "Straight Flush", "Flush", "Straight", "Pair", "High Card"]
    assert zhajinhua.win_rates(2).category.astype(str).tolist() == zjh
    # (draw5's and video poker's tables, slower to make, are checked in their own tests)
    codes = pokersim.category_frequencies(cards=5, ranking="ace-to-five").category.cat.codes
    assert codes.tolist() == sorted(codes, reverse=True)  # the categorical runs weakest first


def test_outcomes_are_int64_in_every_win_rate_table(monkeypatch):
    from tests import ctrl_c

    tables = [
        pokersim.equity(["AhKh", "QsQd"], board="2c 7d Qh"),
        pokersim.equity_vs_random("AsAd", opponents=[1, 2], trials=2_000, seed=1),
        equity(["As 2s Kd Qd", "Ah 3h Kc Qc"], "4c 5d 8h Ks Jd", game="omaha-hi-lo"),
        pokersim.data.starting_hands(), pokersim.data.heads_up(),
    ]
    ctrl_c.after_first_chunk(monkeypatch, GAMES, "_monte_carlo_chunk")
    with pytest.raises(pokersim.SimulationInterrupted) as interrupted:
        pokersim.equity_vs_random("AsAd", opponents=[1, 2], trials=200_000, seed=1,
                                  chunk_size=16_384)
    tables.append(interrupted.value.partial)
    assert [t.outcomes.dtype for t in tables] == [np.dtype(np.int64)] * len(tables)


def test_category_looks_strengths_up_without_a_copy_of_them():
    # it made an int64 copy and three boolean masks of the strengths (50 million: 800 MB
    # more than the result); now it checks and looks them up in place: the result, one byte
    # each, is all it allocates (numpy reports its allocations to tracemalloc)
    import tracemalloc

    strengths = np.random.default_rng(19).integers(1, 7463, 2_000_000).astype(np.int16)
    # Cactus Kev's published rank bands (1 best), strongest category first
    last_rank = [1, 10, 166, 322, 1599, 1609, 2467, 3325, 6185, 7462]
    want = 9 - np.searchsorted(last_rank, 7463 - strengths.astype(np.int64))
    category(strengths[:2])  # the kernel loaded (or compiled) first, not traced
    tracemalloc.start()
    try:
        codes = category(strengths)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert codes.tolist() == want.tolist() and codes.itemsize == 1
    assert peak < 2 * strengths.size, peak  # the old copy alone took 8 bytes a strength


@pytest.mark.parametrize("call", [
    lambda: pokersim.range_breakdown("AKs", board="Qh Jh 2c", by_combo="no"),
    lambda: pokersim.equity(["AhKh", "QsQd"], board="2c 7d Qh", progress="no"),
    lambda: pokersim.outs("AhKh", "QsQd", board="Qh Jh 2c", progress="no"),
    lambda: cv.to_eval7("As Kd", masks="no"),
], ids=["by_combo", "equity progress", "outs progress", "masks"])
def test_every_flag_is_true_or_false(call):
    with pytest.raises(PokersimInputError, match="must be True or False; got 'no'"):
        call()


@pytest.mark.parametrize("call, message", [
    (lambda: pokersim.hand_strength("As Ks"), "hand strength needs a board"),
    (lambda: pokersim.showdown(["AhKh", "QdQc"], board="2c 3d"),
     r"a board has 3, 4 or 5 cards; got 2 \('2c 3d'\)"),
], ids=["hand_strength without a board", "showdown on two board cards"])
def test_a_missing_or_short_board_is_named(call, message):
    with pytest.raises(PokersimInputError, match=message):
        call()


# ----------------------------------------------------------------------------- the trial cap

OVER_THE_CAP = [
    lambda n: pokersim.equity(["AhKh", "QsQd"], trials=n),
    lambda n: pokersim.equity(["AhKh", "QsQd"], trials=n, method="monte-carlo"),
    lambda n: pokersim.equity_vs_random("AhKh", opponents=[1], trials=n),
    lambda n: equity(["Ah Kh Qd", "random"], game="stud", trials=n),
    lambda n: pokersim.category_frequencies(7, method="monte-carlo", trials=n),
    lambda n: draw5.win_rates(3, trials=n, method="monte-carlo"),
    lambda n: zhajinhua.win_rates(3, trials=n, method="monte-carlo"),
    lambda n: videopoker.simulate(trials=n, strategy="simple"),
]


@pytest.mark.parametrize("call", OVER_THE_CAP)
def test_trials_over_the_cap_are_refused_with_what_they_would_cost(call, monkeypatch):
    """trials=10**15 was accepted (months of work); now refused at once above
    config.MAX_TRIALS, with what it would cost and how to raise the cap."""
    with pytest.raises(PokersimInputError) as info:
        call(10**15)
    words = str(info.value)
    assert words.startswith("trials=1,000,000,000,000,000 is over the cap, "
                            "config.MAX_TRIALS = 10,000,000,000: about ")
    assert "pokersim.config.MAX_TRIALS" in words and "--max-trials" in words
    monkeypatch.setattr(pokersim.config, "MAX_TRIALS", 999)  # the cap is the setting's
    with pytest.raises(PokersimInputError, match="over the cap, config.MAX_TRIALS = 999:"):
        call(1000)
