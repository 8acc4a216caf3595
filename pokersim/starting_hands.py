"""The 169 starting hands of Hold'em against random opponents, and the shipped table.

    python -m pokersim.starting_hands   # the developer's refresh of the shipped table

The shipped table (1 to 9 opponents) is read with :func:`pokersim.data.starting_hands`; the
names of the 169 hand classes are :func:`pokersim.ranges.starting_hand_names`. Nothing but
that explicit refresh writes into the package: :func:`save_starting_hands` writes where it is
told, and refuses to put anything but a whole table (every hand against 1 to 9 opponents, not
cut short) in the shipped file's place.

>>> table = starting_hand_table([2], target_stderr=0.01, names=["AA", "72o"])
>>> table[["hand", "opponents", "method"]]
  hand opponents       method
0   AA         2  monte-carlo
1  72o         2  monte-carlo
"""

from __future__ import annotations

import sys
from math import comb
from pathlib import Path

import numpy as np
import pandas as pd

from .equity import collect_runs, equity, opponent_counts
from .errors import PokersimInputError, SimulationInterrupted
from .heads_up import versus_random
from .io import write_table
from .ranges import representative, starting_hand_names
from .results import ResultFrame, as_win_rate_table
from .validation import NOT_GIVEN, check_seed, deprecated, drawn_seed, renamed

__all__ = ["load_starting_hands", "representative", "save_starting_hands",
           "starting_hand_names", "starting_hand_table"]

SHIPPED = Path(__file__).parent / "_data" / "starting_hands.csv"

#: The opponent counts of the shipped table.
SHIPPED_OPPONENTS = range(1, 10)

#: Outcomes of one hand against one random hand: 1,225 opponent hands x C(48, 5) boards.
HEADS_UP_OUTCOMES = comb(50, 2) * comb(48, 5)


def starting_hand_table(opponents=SHIPPED_OPPONENTS, target_stderr: float = 0.0005,
                        seed=169, names=None, *, client=None,
                        chunk_size: int | None = None, progress: bool = False,
                        hands=NOT_GIVEN) -> ResultFrame:
    """Win, tie, equity and standard error of every starting hand (or of ``names``, such as
    ``"AKs"``; ``hands=``, its old name, still works for one release) against each number of
    random opponents (1 to 22): exact against one (every opponent hand and board: summed
    from the exact heads-up matrix that the package ships, see
    :func:`pokersim.heads_up.versus_random`), Monte Carlo with ``target_stderr`` beyond, in
    chunks of ``chunk_size`` trials run here or on ``client`` (see :mod:`pokersim.runner`).
    All 169 hands against 1 to 9 opponents take 90 s on 2 cores (140 s in a first run, whose
    kernels compile; measured on a quiet 2-core AMD EPYC).

    ``seed`` is any seed (see ``docs/api.md``); each hand runs with a seed of its own, so
    that its numbers do not depend on which other hands are asked for: hand i of
    :func:`~pokersim.ranges.starting_hand_names` gets ``1000 * seed + i`` from an integer
    seed (or a SeedSequence made from one), the i-th child of any other SeedSequence; a
    Generator gives one draw; for None one is drawn (and recorded in ``attrs["seed"]``).

    Returns
    -------
    ResultFrame
        A win-rate table: hand, opponents, win, tie, lose, equity, std_error, outcomes,
        method.

    Raises
    ------
    SimulationInterrupted
        On Ctrl-C: its ``partial`` is this table of the rows finished and the interrupted
        one (if it has an estimate yet), ``attrs["partial"]`` True.
    """
    opponents = opponent_counts(opponents)
    seed = drawn_seed(seed)
    hand_seed = _hand_seeds(seed)
    names = renamed("hands", hands, "names", names)
    every = starting_hand_names()
    chosen = every if names is None else list(names)
    unknown = sorted(set(chosen) - set(every))
    if unknown:
        raise PokersimInputError(f"not starting-hand names: {unknown} (use e.g. 'AKs', "
                                 "'AKo', 'AA')")
    heads_up = versus_random().set_index("hand") if 1 in opponents else None

    def row(name: str, n: int) -> dict:
        """Hand ``name`` against ``n`` random opponents (on Ctrl-C, its partial row)."""
        if n == 1:
            assert heads_up is not None
            exact = heads_up.loc[name].to_dict()
            return exact | dict(hand=name, opponents=1, outcomes=HEADS_UP_OUTCOMES)
        try:
            frame = equity([representative(name)] + ["random"] * n, target_stderr=target_stderr,
                           seed=hand_seed(every.index(name)), client=client,
                           chunk_size=chunk_size)
        except SimulationInterrupted as e:
            raise SimulationInterrupted(e.partial.iloc[0].to_dict() | dict(hand=name,
                                                                          opponents=n)) from None
        return frame.iloc[0].to_dict() | dict(hand=name, opponents=n)

    def table(rows: list[dict], partial: bool) -> ResultFrame:
        frame = as_win_rate_table(pd.DataFrame(rows), ["hand", "opponents"])
        frame.attrs.update(seed=seed, target_stderr=target_stderr, partial=partial)
        return frame

    runs = (lambda name=name, n=n: row(name, n)
            for name in _progress(chosen, progress) for n in opponents)
    return collect_runs(runs, table)


def _hand_seeds(seed):
    """The seed of hand i, as a function of i (see :func:`starting_hand_table`)."""
    check_seed(seed)
    if isinstance(seed, np.random.Generator):
        seed = int(seed.integers(2**63))
    if seed is None or isinstance(seed, (int, np.integer)):
        seed = np.random.SeedSequence(None if seed is None else int(seed))
    if isinstance(seed.entropy, int) and not seed.spawn_key:
        base = seed.entropy  # the shipped table's derivation, kept for integer seeds
        return lambda i: 1000 * base + i
    return lambda i: np.random.SeedSequence(seed.entropy, spawn_key=(*seed.spawn_key, i),
                                            pool_size=seed.pool_size)


def _progress(names: list[str], show: bool):
    if not show:
        return names
    from tqdm import tqdm

    return tqdm(names, desc="starting hands", unit=" hands", file=sys.stderr)


def save_starting_hands(table: pd.DataFrame, path) -> Path:
    """Write a table of :func:`starting_hand_table` to ``path`` as CSV (seven decimals, the
    run's inputs in a metadata block, see :mod:`pokersim.io`), atomically. Returns the path.

    ``path`` may be the shipped file (:data:`SHIPPED`) only for a whole table: every starting
    hand against each of 1 to 9 opponents, not cut short by Ctrl-C.
    """
    path = Path(path)
    if path.resolve() == SHIPPED.resolve() and not _whole(table):
        raise PokersimInputError(f"{SHIPPED} holds every starting hand against 1 to 9 "
                                 "opponents; write a partial table elsewhere")
    return write_table(table, path, "csv", float_format="%.7f")


def _whole(table: pd.DataFrame) -> bool:
    """Whether ``table`` has a row for every hand against each of 1..9 opponents."""
    keys = set(zip(table.hand, table.opponents, strict=True))
    return (not table.attrs.get("partial")
            and keys >= {(h, n) for h in starting_hand_names() for n in SHIPPED_OPPONENTS})


def read_table(path=SHIPPED) -> ResultFrame:
    """A starting-hand table written by :func:`save_starting_hands` (default: the shipped
    one, which :func:`pokersim.data.starting_hands` returns)."""
    table = as_win_rate_table(pd.read_csv(path, comment="#", dtype={"hand": str, "method": str}),
                              ["hand", "opponents"])
    table.attrs["path"] = str(path)
    return table


def load_starting_hands() -> ResultFrame:
    """Deprecated: use :func:`pokersim.data.starting_hands` (the same table)."""
    deprecated("pokersim.starting_hands.load_starting_hands()",
               "pokersim.data.starting_hands()")
    return read_table()


if __name__ == "__main__":  # pragma: no cover
    print(f"wrote {save_starting_hands(starting_hand_table(progress=True), SHIPPED)}",
          file=sys.stderr)
