"""Equity distributions: the exact equity of every combo of one range against another.

>>> table = equity_distribution("QQ+, AKs", "JJ, AQs", board="Qh 7d 2c")
>>> table[["range", "combo", "equity"]].head(3)
  range  combo  equity
0     A  Qd Qc  99.87%
1     A  Qs Qc  99.35%
2     A  Qs Qd  99.35%
>>> round(table.attrs["equity_a"], 4)
0.7638

Each combo's equity is against the whole other range, weights and card removal counted: the
opponent holds each of its combos that shares no card with this one (nor with the board and
the dead cards) in proportion to its weight, and every runout to the river is dealt. Each
(combo, runout) is evaluated once (:func:`pokersim.engine.lists.ranges_on_board`): then
compared with each opponent combo in vector lanes (the runout kernel, ranges of tens to
hundreds of combos on a flop) or sorted and swept (:mod:`pokersim.engine._games.sweep`, wide
ranges), so two ranges of hundreds of combos take milliseconds on a flop.
:func:`pokersim.plots.equity_distribution` draws the sorted curve of both ranges.
"""

from __future__ import annotations

import functools

import numpy as np

from .._core.validation import short_repr
from ..cards import as_card_set, format_cards
from ..engine.lists import ranges_on_board
from ..errors import DuplicateCardError, PokersimInputError, RangeError
from ..ranges import RANDOM_WORDS, Range, all_combos, combo_indices, parse_range
from ..results import ResultFrame, win_rate_table

__all__ = ["equity_distribution"]

#: The two ranges' names in the ``range`` column.
SIDES = ("A", "B")


def board_and_dead(board, dead, boards: tuple[int, ...], what: str):
    """The board and dead cards as card sets, their union, and the live cards; the board must
    have one of ``boards`` card counts (``what`` says why in the error)."""
    board_cards = as_card_set(board, "board")
    if board_cards.size not in boards:
        sizes = ", ".join(map(str, boards[:-1])) + f" or {boards[-1]}"
        raise PokersimInputError(f"{what} needs a board of {sizes} cards; got "
                                 f"{board_cards.size} ({short_repr(board)})")
    dead_cards = as_card_set(dead, "dead")
    blocked = np.concatenate([board_cards, dead_cards])
    if np.unique(blocked).size < blocked.size:
        raise DuplicateCardError("a dead card is also on the board")
    live = np.setdiff1d(np.arange(52), blocked).astype(np.uint8)
    return board_cards, dead_cards, blocked, live


def as_range(spec, name: str, blocked: np.ndarray) -> Range:
    """A range (text, a :class:`Range`, one hand such as ``"AhKh"`` or ``"random"``) less the
    combos that hold a board or dead card; an error if none is left."""
    if isinstance(spec, str) and spec.strip().lower() in RANDOM_WORDS:
        spec = "random"
    if not isinstance(spec, (str, Range)):
        raise RangeError(f"{name} must be range text such as 'QQ+, AKs' or a Range; got "
                         f"{short_repr(spec)}")
    try:
        rng = parse_range(spec)
    except RangeError as e:
        raise RangeError(f"{name}: {e}") from None
    left = rng.remove(blocked) if blocked.size else rng
    if len(left) == 0:
        raise PokersimInputError(f"{name} {short_repr(rng.text)}: no combo is left once the "
                                 "board and dead cards are removed")
    return left


@functools.cache
def _all_combos() -> tuple[np.ndarray, np.ndarray]:
    """The 1,326 combos in index order (higher card first) and their names."""
    combos = all_combos()
    return combos, np.array(format_cards(combos))


def union(first: Range, second: Range) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The distinct combos of two ranges (U, 2), their weights in each (2, U), 0 where a
    combo is not in that range, and their names, in combo index order."""
    weights = np.zeros((2, 1326))
    for side, rng in enumerate((first, second)):
        weights[side, combo_indices(rng.combos)] = rng.weights
    present = np.flatnonzero(weights.any(axis=0))
    combos, names = _all_combos()
    return combos[present], weights[:, present], names[present]


def equity_distribution(range_a, range_b, board, dead=None) -> ResultFrame:
    """The exact equity of every combo of each range against the other range on a board.

    Parameters
    ----------
    range_a, range_b : str or Range
        The two ranges (``"QQ+, AKs"``, a :class:`~pokersim.Range`, one hand such as
        ``"AhKh"``, or ``"random"``), with their weights. Combos holding a board or dead card
        are left out.
    board : str or array of cards
        The flop, turn or river (3, 4 or 5 cards).
    dead : str or array of cards, optional
        Cards out of play.

    Returns
    -------
    ResultFrame
        A win-rate table, one row per combo: key columns ``range`` (``"A"`` or ``"B"``) and
        ``combo``, then win, tie, lose, equity (against the other range, over every runout),
        std_error (0), outcomes (opponent combos that share no card with it, times runouts,
        unweighted) and method (``"exact"``); then ``weight`` (its weight in its range),
        ``matchups`` (the weight of the opponent combos it can face) and ``frequency`` (the
        chance that its range holds it, given the board, the dead cards and the other range:
        weight times matchups over the range's sum of those). Rows run range A then range B,
        each from the highest equity down. A combo that no opponent combo can face (every one
        shares a card with it) cannot be dealt and has no row. ``attrs`` hold board, dead,
        range_a, range_b (their text), equity_a and equity_b (each range's equity: its
        combos' equities weighted by frequency), runouts (per pair of combos) and method.

    Examples
    --------
    >>> t = equity_distribution("AA", "KK, AKs", board="Ks 7d 2c")
    >>> t[["range", "combo", "equity", "matchups"]].head(4)  # As: no AsKs to beat
      range  combo  equity matchups
    0     A  As Ac  40.81%        5
    1     A  As Ad  40.81%        5
    2     A  As Ah   39.9%        5
    3     A  Ad Ac  29.29%        4
    >>> round(t.attrs["equity_a"] + t.attrs["equity_b"], 12)
    1.0
    """
    board_cards, dead_cards, blocked, live = board_and_dead(board, dead, (3, 4, 5),
                                                            "equity_distribution")
    a = as_range(range_a, "range_a", blocked)
    b = as_range(range_b, "range_b", blocked)
    combos, weights, names = union(a, b)
    sweep = ranges_on_board(combos, weights, board_cards, live)
    wins, ties, totals, deals = (x[0] for x in sweep[:4])
    columns: dict[str, list] = {name: [] for name in (
        "range", "combo", "win", "tie", "deals", "weight", "matchups", "frequency")}
    side_equity = []
    for side, name in enumerate(SIDES):
        rows = np.flatnonzero((weights[side] > 0) & (totals[side] > 0))
        if rows.size == 0:
            raise PokersimInputError("no deal is possible: every combo of one range shares a "
                                     "card with every combo of the other")
        total = totals[side, rows]
        win, tie = wins[side, rows] / total, ties[side, rows] / total
        mass = weights[side, rows] * total
        side_equity.append(float(mass @ (win + tie / 2) / mass.sum()))
        order = np.argsort(-(win + tie / 2), kind="stable")
        for column, values in (("range", np.full(rows.size, name)),
                               ("combo", names[rows]), ("win", win), ("tie", tie),
                               ("deals", deals[side, rows]),
                               ("weight", weights[side, rows]),
                               ("matchups", total / sweep.per_pair),
                               ("frequency", mass / mass.sum())):
            columns[column].append(values[order])
    data = {column: np.concatenate(parts) for column, parts in columns.items()}
    win, tie = data["win"], data["tie"]
    table = win_rate_table({"range": data["range"], "combo": data["combo"]}, win, tie,
                           1.0 - win - tie, win + tie / 2, np.zeros(win.size), data["deals"],
                           "exact", weight=data["weight"], matchups=data["matchups"],
                           frequency=data["frequency"])
    table.attrs.update(board=format_cards(board_cards), dead=format_cards(dead_cards),
                       range_a=a.text, range_b=b.text, equity_a=side_equity[0],
                       equity_b=side_equity[1], runouts=sweep.per_pair)
    return table
