"""The tables the package ships (``pokersim/data``), read from their files: the exact heads-up
counts of the 169 starting-hand classes and the starting-hand table.

:mod:`pokersim.data` is the public door to them; :mod:`pokersim.tools.heads_up` and
:mod:`pokersim.tools.starting_hands` make them (``python -m`` regenerates each). This module only
reads (pandas, no kernel), so that the modules those makers build on can read the tables
without importing them: :mod:`pokersim.ranges` orders ``top X%`` by :func:`versus_random`.

>>> round(float(versus_random().set_index("hand").equity["AA"]), 4)  # PokerStove: 85.20%
0.852
"""

from __future__ import annotations

from math import comb
from pathlib import Path

import numpy as np
import pandas as pd

from ..io import EXACT_CSV
from ..results import ResultFrame, as_win_rate_table, win_rate_table

#: The exact counts of every ordered pair of classes (:func:`pokersim.tools.heads_up.write_counts`).
HEADS_UP_FILE = Path(__file__).parent.parent / "data" / "heads_up.csv.gz"
#: Every class against 1 to 9 random opponents
#: (:func:`pokersim.analysis.starting_hands.save_starting_hands`).
STARTING_HANDS_FILE = Path(__file__).parent.parent / "data" / "starting_hands.csv"

#: Boards for one pair of combos: five cards from the 48 unseen.
BOARDS = comb(48, 5)
#: The headers of the heads-up file that differ from the columns read (the opponent's class
#: is ``opponent_hand``; ``opponents`` is a count elsewhere).
FILE_HEADERS = {"opponent_hand": "opponent"}


def read_counts(path=HEADS_UP_FILE) -> pd.DataFrame:
    """The heads-up counts (default: the shipped file), a row per ordered pair of classes:
    hand, opponent_hand, wins, ties, outcomes (exact integers)."""
    counts = pd.read_csv(path, dtype={"hand": str, "opponent": str, "wins": np.int64,
                                      "ties": np.int64, "outcomes": np.int64})
    return counts.rename(columns={v: k for k, v in FILE_HEADERS.items()})


def with_fractions(counts: pd.DataFrame) -> ResultFrame:
    """The counts as a win-rate table: hand, opponent_hand, win, tie, lose, equity (of the
    hand, ties split the pot: equity = win + tie / 2), std_error (0), outcomes, method
    ("exact"), then combos (pairs of combos with no card in common), wins, ties.

    >>> with_fractions(read_counts()).columns.tolist()  # doctest: +NORMALIZE_WHITESPACE
    ['hand', 'opponent_hand', 'win', 'tie', 'lose', 'equity', 'std_error', 'outcomes',
     'method', 'combos', 'wins', 'ties']
    """
    keys = {"hand": counts.hand.to_numpy(), "opponent_hand": counts.opponent_hand.to_numpy()}
    table = _exact_table(keys, counts)
    table["combos"] = table.outcomes // BOARDS
    table["wins"], table["ties"] = counts.wins.to_numpy(np.int64), counts.ties.to_numpy(np.int64)
    return table


def _exact_table(keys: dict, counts: pd.DataFrame) -> ResultFrame:
    """The win-rate table of exact integer counts (columns wins, ties, outcomes)."""
    wins, ties, total = (counts[c].to_numpy(np.int64) for c in ("wins", "ties", "outcomes"))
    return win_rate_table(keys, wins / total, ties / total, (total - wins - ties) / total,
                          (2 * wins + ties) / (2 * total), np.zeros(len(total)), total, "exact")


def versus_random(counts: pd.DataFrame | None = None) -> ResultFrame:
    """Exact win, tie, lose and equity of each class against one random hand, from the matrix
    counts (default: the shipped ones): a combo meets each of the 1,225 combos without its
    cards once, so summing a class's row of counts over every opponent class gives exactly
    its counts against a random hand. A win-rate table, one row per class: hand, win, tie,
    lose, equity, std_error (0), outcomes (the class's combos x 1,225 x 1,712,304), method.
    """
    if counts is None:
        counts = read_counts()
    sums = counts.groupby("hand", sort=False)[["wins", "ties", "outcomes"]].sum()
    return _exact_table({"hand": sums.index.to_numpy()}, sums)


def read_starting_hands(path=STARTING_HANDS_FILE) -> ResultFrame:
    """A starting-hand table written by :func:`pokersim.analysis.starting_hands.save_starting_hands`
    (default: the shipped one, which :func:`pokersim.data.starting_hands` returns)."""
    table = as_win_rate_table(pd.read_csv(path, dtype={"hand": str, "method": str}, **EXACT_CSV),
                              ["hand", "opponents"])
    table.attrs["path"] = str(path)
    return table
