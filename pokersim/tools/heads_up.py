"""Exact heads-up equity of every starting-hand class against every other: the 169 x 169 matrix.

    python -m pokersim.tools.heads_up            # regenerate pokersim/data/heads_up.csv.gz

An entry is class against class (``"AKs"`` against ``"QQ"``): every pair of combos with no card
in common counts once, each with every one of the C(48, 5) = 1,712,304 boards. The shipped file
holds the exact integer counts (wins, ties, outcomes) of each ordered pair of classes;
:func:`pokersim.data.heads_up` reads it as a win-rate table. The opponent's class is the column
``opponent_hand`` (the file's header says ``opponent``; the readers rename it).

>>> from pokersim.data import heads_up
>>> row = heads_up().set_index(["hand", "opponent_hand"]).loc[("AA", "KK")]
>>> int(row.combos), round(float(row.equity), 4)
(36, 0.8195)
"""

from __future__ import annotations

import gzip
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

from .._core.runner import run_chunks
from .._core.shipped import BOARDS, FILE_HEADERS, HEADS_UP_FILE
from .._core.validation import check_count
from ..engine import equity
from ..io import write_atomic
from ..ranges import parse_range, starting_hand_names

#: Where :func:`write_counts` writes by default: the shipped file.
SHIPPED = HEADS_UP_FILE

#: The columns of the counts (:func:`class_pair_table`; their headers in the shipped file:
#: :data:`pokersim._core.shipped.FILE_HEADERS`).
COUNT_COLUMNS = ["hand", "opponent_hand", "wins", "ties", "outcomes"]


def class_pair_counts(hand: str, opponent: str) -> tuple[int, int, int]:
    """(wins, ties, outcomes) of class ``hand`` against class ``opponent``, exact integers:
    outcomes = (combo pairs with no card in common) x 1,712,304 boards.

    >>> class_pair_counts("AA", "AA")  # each AxAy meets only the other two aces: 6 pairs
    (223260, 9827304, 10273824)
    """
    frame = equity([parse_range(hand), parse_range(opponent)], method="exact")
    first = frame.iloc[0]
    outcomes = int(first.outcomes)
    counts = np.array([first.win * outcomes, first.tie * outcomes, outcomes])
    whole = np.rint(counts)
    if np.abs(counts - whole).max() > 1e-3 or whole[2] % BOARDS:  # never expected
        raise RuntimeError(f"{hand} vs {opponent}: counts {counts} are not whole")
    return int(whole[0]), int(whole[1]), int(whole[2])


def class_pair_table(names=None, *, progress: bool = False, client=None,
                     chunk_size: int = 64) -> pd.DataFrame:
    """Exact counts of every ordered pair of the classes ``names`` (default: all 169, in the
    order of :func:`~pokersim.ranges.starting_hand_names`): hand, opponent_hand, wins, ties,
    outcomes.

    Each unordered pair is computed once; the reverse entry follows from it (the opponent's
    wins are the hand's losses, ties are shared). Pairs go in chunks of ``chunk_size``, here
    or as tasks on ``client`` (see :mod:`pokersim._core.runner`); ``progress`` shows a bar. All
    169 classes (14,365 pairs) took 1 min 54 s on 2 shared cores (boards without a possible
    flush are grouped by ranks, see :func:`pokersim.engine._games.boards.preflop_kernel`).

    >>> class_pair_table(["AKs", "QQ"]).values.tolist()  # doctest: +NORMALIZE_WHITESPACE
    [['AKs', 'AKs', 1470672, 17606304, 20547648], ['AKs', 'QQ', 18834720, 178116, 41095296],
     ['QQ', 'AKs', 22082460, 178116, 41095296], ['QQ', 'QQ', 223272, 9827280, 10273824]]
    """
    names = starting_hand_names() if names is None else list(names)
    n = len(names)
    upper = np.triu_indices(n)  # (i, j), i <= j: the pairs computed
    run = run_chunks(_pair_chunk, names, len(upper[0]), check_count(chunk_size, "chunk_size", 1),
                     client=client, progress=progress, desc="class pairs", unit="pairs")
    if run.interrupted:
        raise KeyboardInterrupt
    counts = run.counts[0]
    wins = np.zeros((n, n), np.int64)
    ties = np.zeros((n, n), np.int64)
    outcomes = np.zeros((n, n), np.int64)
    wins[upper], ties[upper], outcomes[upper] = counts.T
    lower = upper[::-1]
    wins[lower] = counts[:, 2] - counts[:, 0] - counts[:, 1]  # the opponent's wins: losses
    ties[lower], outcomes[lower] = counts[:, 1], counts[:, 2]
    return pd.DataFrame({"hand": np.repeat(names, n), "opponent_hand": np.tile(names, n),
                         "wins": wins.ravel(), "ties": ties.ravel(),
                         "outcomes": outcomes.ravel()})


def _pair_chunk(names: list[str], first: int, n: int) -> tuple[np.ndarray]:
    """(wins, ties, outcomes) of pairs ``first .. first + n - 1`` of the upper triangle, in
    their rows of an otherwise zero (pairs, 3) array, so that chunks merge by addition."""
    upper = np.triu_indices(len(names))
    out = np.zeros((len(upper[0]), 3), np.int64)
    for k in range(first, first + n):
        out[k] = class_pair_counts(names[upper[0][k]], names[upper[1][k]])
    return (out,)


def write_counts(counts: pd.DataFrame, path=SHIPPED) -> Path:
    """Write the counts as gzip-compressed CSV, atomically and byte-for-byte reproducibly (no
    time stamp or file name in the gzip header)."""
    def write(f):
        with gzip.GzipFile(filename="", mode="wb", fileobj=f, mtime=0) as z:
            table = counts[COUNT_COLUMNS].rename(columns=FILE_HEADERS)
            z.write(table.to_csv(index=False, lineterminator="\n").encode())

    Path(path).parent.mkdir(exist_ok=True)
    return write_atomic(path, write, mode="wb")


if __name__ == "__main__":  # pragma: no cover
    t0 = time.monotonic()
    out = write_counts(class_pair_table(progress=True))
    print(f"wrote {out} in {time.monotonic() - t0:.0f} s", file=sys.stderr)
