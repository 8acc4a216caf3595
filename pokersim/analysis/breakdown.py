"""What a range holds on a board: made hands and draws, in weighted combos and shares.

>>> table = range_breakdown("QQ+, AK, JTs", board="Qh Jd 2h")
>>> table[table.combos > 0][["category", "combos", "probability"]].head(4)
       category combos probability
5           set      3      8.824%
8      overpair     12      35.29%
12  middle pair      3      8.824%
15     ace high     16      47.06%

Every combo of the range (less those holding a board or dead card) gets exactly one **made
hand**, the first of this list that it holds (so the made hands' shares add up to 1):

=========================  ==================================================================
made hand                  the combo (hole cards h, board b)
=========================  ==================================================================
straight flush             its best five of h + b are a straight flush (royal included)
four of a kind             ... four of a kind
full house                 ... a full house
flush                      ... a flush
straight                   ... a straight (these five count the board's own hands too: a
                           flush on the board is a flush for every combo)
set                        a pocket pair with one card of its rank on the board
trips                      a hole card whose rank is on the board twice
two pair                   two hole cards of different ranks, each on the board
overpair                   a pocket pair above every board card
top pair, top kicker       a hole card pairs the board's highest rank and the other is the
                           highest rank not on the board
top pair, good kicker      ... the other is the second or third highest rank not on the board
top pair, weak kicker      ... the other is any lower rank
middle pair                a hole card matches the second-highest distinct board rank, or a
                           pocket pair lies between the highest and the second-highest
weak pair                  a hole card matches a lower board rank, or a pocket pair lies
                           below the second-highest distinct board rank and above the lowest
underpair                  a pocket pair below every board card
ace high                   none of the above, and a hole card is an ace
nothing                    none of the above
=========================  ==================================================================

Below a straight, a class names what the hole cards add: a pair, trips or two pair made by
the board alone does not count (on ``Kc Kd 7s``, ``AhQh`` is ace high, ``9h9s`` a middle
pair); a pair class names the pair the hole cards make, whether or not it plays in the best
five (on a river of two pairs, a third pair does not). Ranks are the distinct ranks of the
board, highest first: on ``Kc Kd 7s`` the seven is the second.

**Draws** need cards to come: they are counted on the flop and the turn, backdoor draws on the
flop only, none on the river. A combo may hold any number of them besides its made hand, so
the draws' shares do not add up to 1 (a combo draw also counts as a flush draw and as a
straight draw):

=========================  ==================================================================
draw                       the combo
=========================  ==================================================================
nut flush draw             holds no flush, and four cards of one suit among h + b, at least
                           one of them a hole card, and a hole card of that suit is the
                           highest rank of the suit neither on the board nor dead
flush draw (not nut)       the same with no hole card of that highest rank
open-ended straight draw   holds no straight, and two or more ranks would each give it a
                           straight better than the board with that rank alone would have
                           (double gutshots included)
gutshot                    ... exactly one such rank
combo draw                 a flush draw (nut or not) and a straight draw (open-ended or
                           gutshot)
backdoor flush draw        three cards of one suit among h + b, at least one a hole card
                           (flop only)
backdoor straight draw     no straight and no straight draw, and two more ranks would give
                           it a straight better than the board with those ranks alone
                           (flop only)
overcards                  both hole cards of different ranks above every board card, and
                           the made hand is ace high or nothing (flop and turn)
=========================  ==================================================================

An ace plays high and low in straights (A-2-3-4-5).
"""

from __future__ import annotations

import functools

import numpy as np
import pandas as pd

from .._core.validation import check_flag
from ..cards import format_cards
from ..evaluator.strengths import category_of_strength, evaluate
from ..results import ResultFrame
from .distribution import as_range, board_and_dead

__all__ = ["DRAWS", "MADE_HANDS", "made_hands", "range_breakdown"]

#: The made-hand classes, strongest first (each combo holds exactly one).
MADE_HANDS = ("straight flush", "four of a kind", "full house", "flush", "straight", "set",
              "trips", "two pair", "overpair", "top pair, top kicker", "top pair, good kicker",
              "top pair, weak kicker", "middle pair", "weak pair", "underpair", "ace high",
              "nothing")
#: The draws, in the table's order (a combo may hold several).
DRAWS = ("nut flush draw", "flush draw (not nut)", "open-ended straight draw", "gutshot",
         "combo draw", "backdoor flush draw", "backdoor straight draw", "overcards")
#: The column of each draw in the table of ``by_combo=True``.
DRAW_COLUMNS = ("nut_flush_draw", "flush_draw", "open_ended", "gutshot", "combo_draw",
                "backdoor_flush_draw", "backdoor_straight_draw", "overcards")

_ACE = 12
#: Bit i + 1 of a rank mask is rank i; bit 0 is the ace again, playing low.
_STRAIGHTS = np.array([0x1F << low for low in range(10)], np.int64)  # lowest first


def _straight_top(masks: np.ndarray) -> np.ndarray:
    """For 13-bit rank masks, 1 + the index of the best straight they hold (1: the wheel,
    10: ace high), 0 for none: looked up (:func:`_straight_tops`; a draw's classification
    asks some 180 times a call)."""
    return _straight_tops()[masks]


@functools.cache
def _straight_tops() -> np.ndarray:
    """:func:`_straight_top` of every 13-bit rank mask, (8192,) int64.

    >>> int(_straight_tops()[0b1000000001111]), int(_straight_tops()[0b1111100000000])
    (1, 10)
    """
    masks = np.arange(1 << 13)
    wide = (masks << 1) | ((masks >> _ACE) & 1)
    held = (wide[..., None] & _STRAIGHTS) == _STRAIGHTS
    return np.where(held.any(-1), 10 - np.argmax(held[..., ::-1], axis=-1), 0)


def made_hands(hole: np.ndarray, board: np.ndarray, dead: np.ndarray) -> np.ndarray:
    """The made hand of each combo (N, 2 cards) on the board (one board, or one per combo:
    (N, b) cards), as its index in :data:`MADE_HANDS` (checked inputs: no card twice).

    >>> MADE_HANDS[made_hands(parse_hands(["Ah Kh"]), parse_cards("Qh 7h 2h"), [])[0]]
    'flush'
    """
    return _classify(hole, board, np.asarray(dead, np.uint8), draws=False)[0]


def _classify(hole: np.ndarray, board: np.ndarray, dead: np.ndarray,
              draws: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """The made-hand index (into :data:`MADE_HANDS`) of each combo (N, 2) on the board (one,
    or one per combo), and its draws, (N, len(DRAWS)) booleans (all False without
    ``draws``)."""
    n = len(hole)
    boards = np.broadcast_to(board, (n, board.shape[-1])).astype(np.int64)
    category = category_of_strength()[evaluate(np.concatenate([hole, boards], axis=1)
                                               .astype(np.uint8))]
    rank, suit = hole.astype(np.int64) // 4, hole.astype(np.int64) % 4
    rows = np.arange(n)[:, None]
    on_board = np.zeros((n, 13), np.int64)  # per combo: how often each rank is on its board
    np.add.at(on_board, (rows, boards // 4), 1)
    ranks = np.arange(13)
    present = on_board > 0
    highest = np.where(present, ranks, -1).max(axis=1)
    lowest = np.where(present, ranks, 13).min(axis=1)
    high, low = rank.max(axis=1), rank.min(axis=1)
    pocket = high == low
    count_high, count_low = on_board[rows[:, 0], high], on_board[rows[:, 0], low]
    # the pair the hole cards make: a pocket pair, else the higher hole rank on the board
    pair = np.where(pocket, high, np.where(count_high > 0, high,
                                           np.where(count_low > 0, low, -1)))
    above = (present & (ranks > pair[:, None])).sum(axis=1)  # distinct board ranks above it
    kicker = np.where(rank[:, 0] == pair, rank[:, 1], rank[:, 0])
    kicker_place = (~present & (ranks > kicker[:, None])).sum(axis=1)  # better free ranks
    from_hole = pair >= 0
    top_pair = from_hole & ~pocket & (above == 0)
    between = ~pocket | (pair > lowest)  # not an underpair
    made = np.select(
        [category >= 8, category == 7, category == 6, category == 5, category == 4,
         pocket & (count_high == 1), (count_high == 2) | (count_low == 2),
         ~pocket & (count_high > 0) & (count_low > 0),
         pocket & (above == 0),
         top_pair & (kicker_place == 0), top_pair & (kicker_place <= 2), top_pair,
         from_hole & (above == 1) & between, from_hole & between, from_hole,
         high == _ACE],
        list(range(16)), default=16)
    flags = np.zeros((n, len(DRAWS)), bool)
    to_come = 5 - boards.shape[1]
    if to_come == 0 or not draws:
        return made, flags
    # flush draws
    in_suit = suit[:, :, None] == np.arange(4)
    suit_counts = (boards[:, :, None] % 4 == np.arange(4)).sum(axis=1) + in_suit.sum(axis=1)
    held = in_suit.any(axis=1)
    four = (suit_counts == 4) & held & (suit_counts.max(axis=1) < 5)[:, None]
    out = np.zeros((n, 52), bool)  # board and dead cards
    out[rows, boards] = True
    out[:, dead.astype(np.int64)] = True
    best_free = np.where(~out.reshape(n, 13, 4), ranks[:, None], -1).max(axis=1)  # per suit
    nut = (in_suit & (rank[:, :, None] == best_free[:, None, :])).any(axis=1)
    flush_draw = four.any(axis=1)
    flags[:, 0] = (four & nut).any(axis=1)
    flags[:, 1] = flush_draw & ~flags[:, 0]
    # straight draws: the ranks that would complete a better straight than the board's
    board_mask = (present << ranks).sum(axis=1)
    mask = board_mask | (1 << rank[:, 0]) | (1 << rank[:, 1])
    straight = _straight_top(mask) > 0
    completing = np.zeros(n, np.int64)
    for r in range(13):
        add = 1 << r
        better = _straight_top(mask | add) > _straight_top(board_mask | add)
        completing += ((mask & add) == 0) & better
    flags[:, 2] = ~straight & (completing >= 2)
    flags[:, 3] = ~straight & (completing == 1)
    flags[:, 4] = flush_draw & (flags[:, 2] | flags[:, 3])
    if to_come == 2:
        flags[:, 5] = ((suit_counts == 3) & held).any(axis=1)
        backdoor = np.zeros(n, bool)
        for r1 in range(13):
            for r2 in range(r1 + 1, 13):
                add = (1 << r1) | (1 << r2)
                better = _straight_top(mask | add) > _straight_top(board_mask | add)
                backdoor |= ((mask & add) == 0) & better
        flags[:, 6] = ~straight & ~flags[:, 2] & ~flags[:, 3] & backdoor
    flags[:, 7] = ~pocket & (low > highest) & (made >= MADE_HANDS.index("ace high"))
    return made, flags


def range_breakdown(range, board, dead=None, *, by_combo: bool = False) -> ResultFrame:
    """How many combos of a range make each hand and hold each draw on a board.

    Parameters
    ----------
    range : str or Range
        The range (``"QQ+, AK, JTs"``, a :class:`~pokersim.Range`, one hand, ``"random"``),
        with its weights; combos holding a board or dead card are left out.
    board : str or array of cards
        The flop, turn or river (3, 4 or 5 cards).
    dead : str or array of cards, optional
        Cards out of play.
    by_combo : bool
        Instead of the counts, one row per combo: ``combo``, ``weight``, ``made`` (its made
        hand) and a True/False column per draw (``nut_flush_draw``, ``flush_draw`` (not the
        nut), ``open_ended``, ``gutshot``, ``combo_draw``, ``backdoor_flush_draw``,
        ``backdoor_straight_draw``, ``overcards``).

    Returns
    -------
    ResultFrame
        One row per class, the made hands (strongest first) then the draws, every class
        listed: ``category`` (its name: the module description defines each), ``probability``
        (its weighted share of the range), ``std_error`` (0), ``one_in``, ``method``
        (``"exact"``), then ``kind`` (``"made hand"`` or ``"draw"``) and ``combos`` (the
        combos that hold it, each counted by its weight). The made hands' shares add up to
        1; a combo may hold several draws. ``attrs`` hold board, dead, range (its text),
        combos (the range's weight on this board) and method.

    Examples
    --------
    >>> t = range_breakdown("AhKh, 9h8h, 7c7d", board="Qh Jh 2c")
    >>> t.set_index("category").combos[["nut flush draw", "flush draw (not nut)",
    ...                                 "backdoor straight draw", "weak pair"]].tolist()
    [1.0, 1.0, 0.0, 1.0]
    >>> range_breakdown("AhKh, 9h8h", board="Qh Jh 2c", by_combo=True)[["combo", "made",
    ...                                                               "gutshot", "open_ended"]]
       combo      made  gutshot  open_ended
    0  9h 8h   nothing     True       False
    1  Ah Kh  ace high     True       False
    """
    by_combo = check_flag(by_combo, "by_combo")
    board_cards, dead_cards, blocked, _ = board_and_dead(board, dead, (3, 4, 5),
                                                         "range_breakdown")
    rng = as_range(range, "range", blocked)
    made, draws = _classify(rng.combos, board_cards, dead_cards)
    attrs = dict(method="exact", partial=False, board=format_cards(board_cards),
                 dead=format_cards(dead_cards), range=rng.text, combos=rng.total_weight)
    if by_combo:
        table = ResultFrame({"combo": format_cards(rng.combos), "weight": rng.weights,
                             "made": pd.Categorical.from_codes(
                                 made, categories=list(MADE_HANDS))}
                            | {name: draws[:, i] for i, name in enumerate(DRAW_COLUMNS)})
        table.attrs.update(attrs)
        return table
    weighted = np.concatenate([np.bincount(made, weights=rng.weights,
                                           minlength=len(MADE_HANDS)),
                               rng.weights @ draws])
    share = weighted / rng.total_weight
    with np.errstate(divide="ignore"):
        one_in = 1 / share
    names = list(MADE_HANDS + DRAWS)
    table = ResultFrame({
        "category": pd.Categorical(names, categories=names[::-1], ordered=True),
        "probability": share, "std_error": np.zeros(len(names)), "one_in": one_in,
        "method": "exact",
        "kind": ["made hand"] * len(MADE_HANDS) + ["draw"] * len(DRAWS),
        "combos": weighted})
    table.attrs.update(attrs)
    return table
