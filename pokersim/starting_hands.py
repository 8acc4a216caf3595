"""The 169 starting hands of Hold'em against 1..9 random opponents, and the shipped table.

    python -m pokersim.starting_hands            # regenerate pokersim/_data/starting_hands.csv

>>> names = starting_hand_names()
>>> len(names), names[:3], names[-1]
(169, ['AA', 'AKs', 'AQs'], '22')
>>> table = load_starting_hands()
>>> row = table[(table.hand == "AA") & (table.opponents == 1)].iloc[0]
>>> row.method, round(float(row.equity), 3)
('exact', 0.852)
"""

from __future__ import annotations

import sys
from math import comb
from pathlib import Path

import pandas as pd

from .cards import RANKS
from .equity import equity
from .errors import PokersimInputError
from .io import write_atomic
from .validation import check_between, check_count

SHIPPED = Path(__file__).parent / "_data" / "starting_hands.csv"

#: Outcomes of one hand against one random hand: 1,225 opponent hands x C(48, 5) boards.
HEADS_UP_OUTCOMES = comb(50, 2) * comb(48, 5)


def starting_hand_names() -> list[str]:
    """The 169 classes, as on the usual 13 x 13 grid read row by row: pairs on the diagonal,
    suited above it, offsuit below (``AA, AKs, ..., A2s, AKo, KK, ...``)."""
    order = RANKS[::-1]
    names = []
    for i, hi in enumerate(order):
        for j, lo in enumerate(order):
            if i == j:
                names.append(hi + hi)
            elif j > i:
                names.append(hi + lo + "s")
            else:
                names.append(lo + hi + "o")
    return names


def representative(name: str) -> str:
    """One combo of a class: ``"AKs"`` -> ``"AsKs"``, ``"AKo"`` -> ``"AsKh"``, ``"AA"`` ->
    ``"AsAh"`` (every combo of a class has the same equity against random hands)."""
    hi, lo = name[0], name[1]
    if len(name) == 2 or name[2] == "o":
        return f"{hi}s{lo}h"
    return f"{hi}s{lo}s"


def starting_hand_table(opponents=range(1, 10), target_stderr: float = 0.0005,
                        seed: int = 169, hands=None, *, client=None,
                        chunk_size: int | None = None, progress: bool = False
                        ) -> pd.DataFrame:
    """Win, tie, equity and standard error of every starting hand (or of ``hands``, names
    such as ``"AKs"``) against each number of random opponents: exact against one (every
    opponent hand and board: summed from the exact heads-up matrix that the package ships,
    see :func:`pokersim.heads_up.versus_random`), Monte Carlo with ``target_stderr`` beyond,
    in chunks of ``chunk_size`` trials run here or on ``client`` (see
    :mod:`pokersim.runner`). All 169 hands take under a minute on 2 cores.

    ``seed`` is an integer >= 0 (hand i of the 169 runs with seed ``1000 * seed + i``, so
    each hand's numbers do not depend on which other hands are asked for); ``opponents``
    counts from 1 to 9.

    >>> starting_hand_table([2], target_stderr=0.01, hands=["AA"])[["hand", "opponents"]]
      hand  opponents
    0   AA          2
    """
    if isinstance(opponents, (str, bytes)) or not hasattr(opponents, "__iter__"):
        raise PokersimInputError(f"opponents must be a list of opponent counts from 1 to 9, "
                                 f"such as range(1, 10); got {opponents!r}")
    opponents = [check_between(n, "opponents", 1, 9) for n in opponents]
    seed = check_count(seed, "seed")  # not a SeedSequence: it is spread over the hands
    names = starting_hand_names()
    chosen = names if hands is None else list(hands)
    unknown = sorted(set(chosen) - set(names))
    if unknown:
        raise PokersimInputError(f"not starting-hand names: {unknown} (use e.g. 'AKs', "
                                 "'AKo', 'AA')")
    if 1 in opponents:
        from .heads_up import versus_random

        heads_up = versus_random().set_index("hand")
    rows = []
    for name in _progress(chosen, progress):
        hand = representative(name)
        for n in opponents:
            if n == 1:
                exact = heads_up.loc[name]
                rows.append(dict(hand=name, opponents=1, win=exact.win, tie=exact.tie,
                                 lose=exact.lose, equity=exact.equity, std_error=0.0,
                                 outcomes=HEADS_UP_OUTCOMES, method="exact"))
                continue
            frame = equity([hand] + ["random"] * n, target_stderr=target_stderr,
                           seed=seed * 1000 + names.index(name), client=client,
                           chunk_size=chunk_size)
            first = frame.iloc[0]
            rows.append(dict(hand=name, opponents=n, win=first.win, tie=first.tie,
                             lose=first.lose, equity=first.equity, std_error=first.std_error,
                             outcomes=first.outcomes, method=first.method))
    return pd.DataFrame(rows)


def _progress(names: list[str], show: bool):
    if not show:
        return names
    from tqdm import tqdm

    return tqdm(names, desc="starting hands", unit=" hands", file=sys.stderr)


def save_starting_hands(table: pd.DataFrame, path=SHIPPED) -> Path:
    """Write a table of :func:`starting_hand_table` as CSV (seven decimals), atomically; by
    default over the shipped one. Returns the path."""
    path = Path(path)
    path.parent.mkdir(exist_ok=True)
    return write_atomic(path, lambda f: table.to_csv(f, index=False, float_format="%.7f"))


def load_starting_hands() -> pd.DataFrame:
    """The shipped table (see :func:`starting_hand_table`), one row per hand and opponent
    count: hand, opponents, win, tie, lose, equity, std_error, outcomes, method."""
    return pd.read_csv(SHIPPED)


if __name__ == "__main__":  # pragma: no cover
    print(f"wrote {save_starting_hands(starting_hand_table(progress=True))}", file=sys.stderr)
