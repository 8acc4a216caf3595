"""The result tables: one schema for every function, printed for people.

Every table pokersim returns is a :class:`ResultFrame`, a pandas DataFrame that keeps
full-precision numbers but prints them for people: integers with thousands separators,
probabilities (win, tie, lose, equity, probability and their standard errors, also with a
qualifier in brackets, such as ``"probability (7 cards)"``) as percentages with four
significant digits, other numbers with four (whole from 1,000 up). Three kinds of
table share the column words of ``docs/api.md``:

- a **frequency table**, one row per category, strongest first: :data:`FREQUENCY_COLUMNS`;
- a **win-rate table**, one row per player (or per category), after its key columns:
  :data:`WIN_RATE_COLUMNS`;
- a **deal table**, one row per seat per round: :data:`DEAL_COLUMNS`.

A function may add columns of its own after these. The inputs of a run (method, trials, seed,
board, rules, ...) are in ``frame.attrs``; ``attrs["partial"]`` is True for the estimate that
Ctrl-C leaves.

>>> table = frequency_table(["Pair", "High Card"], [3, 1], "exact")
>>> table
    category count probability std_error one_in method
0       Pair     3         75%        0%  1.333  exact
1  High Card     1         25%        0%      4  exact
>>> float(table.probability.iloc[0])
0.75
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np
import pandas as pd
from pandas.api.extensions import ExtensionArray, ExtensionDtype

__all__ = ["DEAL_COLUMNS", "FREQUENCY_COLUMNS", "OUTCOMES", "SPLIT_POT_COLUMNS", "WIN_RATE_COLUMNS",
           "ResultFrame"]

#: Columns of a frequency table, in order (one row per category, strongest first).
FREQUENCY_COLUMNS = ("category", "count", "probability", "std_error", "one_in", "method")
#: Columns of a win-rate or equity table after its key columns (``player``, ``category``,
#: ``opponents``, ``hand``).
WIN_RATE_COLUMNS = ("win", "tie", "lose", "equity", "std_error", "outcomes", "method")
#: Columns a split-pot game adds to its win-rate table (high and low halves, scoops).
SPLIT_POT_COLUMNS = ("high_win", "high_tie", "low_win", "low_tie", "scoop", "high_equity",
                     "low_equity")
#: Columns of a deal table, in order (one row per seat per round).
DEAL_COLUMNS = ("round", "seat", "cards", "description", "category", "strength", "outcome")
#: A seat's outcome in a deal table: the best hand alone, shared, or beaten.
OUTCOMES = ("win", "tie", "lose")
#: The ``method`` of a result: enumerated, simulated, or simulated and cut short by Ctrl-C.
METHOD_LABELS = ("exact", "monte-carlo", "monte-carlo (partial)")

#: The key of a frame's ``attrs`` that names more columns printed as percentages (the
#: category shares of an equity table, named by their categories).
SHARE_COLUMNS = "share_columns"
#: Columns printed as percentages (a column ending in ``_std_error`` is too).
PERCENT_COLUMNS = frozenset(("win", "tie", "lose", "equity", "probability", "std_error")
                            + SPLIT_POT_COLUMNS)


class ResultFrame(pd.DataFrame):
    """A pandas DataFrame that prints its numbers for people (see the module docstring).

    Selections and copies stay ResultFrames; ``pd.DataFrame(frame)`` gives a plain one.

    Parameters
    ----------
    data, index, columns, dtype, copy : optional
        As :class:`pandas.DataFrame` takes them.

    Examples
    --------
    >>> frame = ResultFrame({"hand": ["AA", "KK"], "equity": [0.8526, 0.8237]})
    >>> frame
      hand  equity
    0   AA  85.26%
    1   KK  82.37%
    >>> type(frame[frame.equity > 0.85]).__name__, type(pd.DataFrame(frame)).__name__
    ('ResultFrame', 'DataFrame')
    """

    @property
    def _constructor(self):
        return ResultFrame

    def __repr__(self) -> str:
        return _for_people(self, _max_rows()).to_string() + self._dimensions()

    def _repr_html_(self) -> str:
        html = _for_people(self, _max_rows()).to_html()
        return html + (f"<p>{self._dimensions().strip()}</p>" if self._dimensions() else "")

    def _dimensions(self) -> str:
        """The size of a table cut short on screen, as pandas writes it."""
        rows, columns = self.shape
        return f"\n\n[{rows} rows x {columns} columns]" if rows > _max_rows() else ""


def _max_rows() -> int:
    return pd.get_option("display.max_rows") or 10**9


def to_text(frame: pd.DataFrame, index: bool = False) -> str:
    """The whole table as aligned text for people, as the command line prints it (wide
    characters counted double)."""
    with pd.option_context("display.unicode.east_asian_width", True):
        return _for_people(frame).to_string(index=index)


def format_number(value, column: str = "", *, percent: bool | None = None) -> str:
    """One number as :class:`ResultFrame` prints it in ``column`` (as a percentage where
    ``percent``, by default where the column's name is a probability's).

    >>> format_number(30940.0, "one_in"), format_number(0.4605, "equity")
    ('30,940', '46.05%')
    >>> format_number(1_712_304), format_number(1.5e-6, "probability")
    ('1,712,304', '0.00015%')
    """
    if isinstance(value, (bool, np.bool_)):
        return str(value)
    if isinstance(value, (int, np.integer)):
        return f"{int(value):,}"
    value = float(value)
    if np.isnan(value):
        return "NaN"
    if _is_percent(column) if percent is None else percent:
        return f"{100 * value:,.4g}%"
    return f"{value:,.0f}" if abs(value) >= 1000 else f"{value:.4g}"


def _is_percent(column: str) -> bool:
    """Whether a column is printed as percentages: a probability column, one ending in
    ``_std_error``, or either with a qualifier in brackets (``"probability (7 cards)"``, as
    a merge's suffixes make)."""
    name = column.split(" (", 1)[0]
    return name in PERCENT_COLUMNS or name.endswith("_std_error")


def _for_people(frame: pd.DataFrame, max_rows: int | None = None) -> pd.DataFrame:
    """A plain copy of ``frame`` with its numbers turned into text; with more than
    ``max_rows`` rows, only the head and the tail (as pandas shows them), with one row of
    "..." between."""
    cut = max_rows is not None and len(frame) > max_rows
    half = max(pd.get_option("display.min_rows") or 10, 2) // 2
    shown = pd.DataFrame(frame.iloc[np.r_[:half, -half:0]] if cut else frame)
    shares = set(frame.attrs.get(SHARE_COLUMNS, ()))
    people = pd.DataFrame({name: [format_number(v, str(name), percent=name in shares or None)
                                  for v in column.to_numpy()]
                           if column.dtype.kind in "iuf" else column
                           for name, column in shown.items()}, index=shown.index)
    if cut:
        gap = pd.DataFrame("...", index=["..."], columns=people.columns)
        people = pd.concat([people.iloc[:half], gap, people.iloc[half:]])
    return people


def frequency_table(categories: Sequence[str], counts, method: str, *, order=None,
                    **extra) -> ResultFrame:
    """A frequency table from the ``counts`` of each category (strongest first).

    ``categories`` are the labels in that order; ``order`` (all labels, weakest first) makes
    ``category`` an ordered categorical. ``std_error`` is the binomial standard error of each
    probability for Monte Carlo, 0 when exact. ``extra`` columns follow the standard ones.
    """
    counts = np.asarray(counts, np.int64)
    total = counts.sum()
    with np.errstate(divide="ignore", invalid="ignore"):
        p = counts / total
        one_in = 1 / p
    se = np.sqrt(p * (1 - p) / total) if method.startswith("monte-carlo") else np.zeros(len(p))
    frame = ResultFrame({
        "category": pd.Categorical(list(categories), categories=list(order or categories[::-1]),
                                   ordered=True),
        "count": counts,
        "probability": p,
        "std_error": se,
        "one_in": one_in,
        "method": method,
        **extra,
    })
    frame.attrs.update(method=method, outcomes=int(total),
                       partial=method == "monte-carlo (partial)")
    return frame


def win_rate_table(keys: dict, win, tie, lose, equity, std_error, outcomes,
                   method: str | Sequence[str], **extra) -> ResultFrame:
    """A win-rate table: the ``keys`` columns (e.g. ``{"player": labels}``), then
    :data:`WIN_RATE_COLUMNS`, then ``extra`` columns. ``method`` labels every row, or each
    row (rows computed differently); ``attrs["method"]`` lists the labels met."""
    each_row = isinstance(method, str) and np.ndim(outcomes) == 1
    win = np.asarray(win, np.float64)
    columns = {
        **keys,
        "win": win,
        "tie": np.asarray(tie, np.float64),
        "lose": np.asarray(lose, np.float64),
        "equity": np.asarray(equity, np.float64),
        "std_error": np.asarray(std_error, np.float64),
        "outcomes": np.asarray(outcomes, np.int64),
        "method": [method] * len(outcomes) if each_row else method,
        **extra,
    }
    frame = table_of(columns, win.size)
    labels = list(dict.fromkeys([method] if isinstance(method, str) else method))
    frame.attrs.update(method=", ".join(labels), partial="monte-carlo (partial)" in labels)
    return frame


def table_of(columns: dict, n: int) -> ResultFrame:
    """A table of ``n`` rows from ``columns`` (name: values), as ``ResultFrame(columns)``
    makes it, in less time: from columns pandas keeps as they are (:func:`_column`), with
    the column names made once (:func:`_names`). pandas' dict constructor makes the names'
    index (its string dtype) anew and checks each column (a table of two players took
    3.2-3.5x as long).

    >>> table_of({"player": ["a", "b"], "win": np.array([0.25, 0.5])}, 2).win.tolist()
    [0.25, 0.5]
    """
    arrays = [_column(v, n) for v in columns.values()]
    return ResultFrame._from_arrays(arrays, columns=_names(tuple(columns)),
                                    index=pd.RangeIndex(n), verify_integrity=False)


def _column(values, n: int):
    """``values`` (n of them) as the column pandas' DataFrame constructor makes of them, owned
    by the table: a numeric array as it is (pandas copies it into its blocks), an extension
    array (text, a categorical) copied, a small list of str from the column kept of it
    (:func:`_text_column`: a table of a few rows is built in a third less time), anything else
    as pandas infers it."""
    if len(values) != n:
        raise ValueError(f"a column of {len(values)} values in a table of {n} rows")
    if isinstance(values, np.ndarray) and values.ndim == 1 and values.dtype.kind in "biuf":
        return values
    if isinstance(values, ExtensionArray):
        return values.copy()
    if isinstance(values, list) and values and all(isinstance(v, str) for v in values):
        if len(values) <= SMALL_TABLE:
            return _text_column(tuple(values)).copy()
        values = np.array(values, object)  # (pandas infers the same column faster than from a list)
    column = pd.Series(values)
    return column.array if isinstance(column.dtype, ExtensionDtype) else column.to_numpy()


@functools.lru_cache(maxsize=256)
def _names(names: tuple[str, ...]) -> pd.Index:
    """The column index of a table with these column names, made once (pandas' indexes are
    immutable, so tables share it)."""
    return pd.Index(names)


#: Text columns of at most this many rows are kept once made (:func:`_text_column`).
SMALL_TABLE = 64


@functools.lru_cache(maxsize=256)
def _text_column(values: tuple[str, ...]):
    """The column pandas makes of ``values`` (its string dtype where it has one, else object),
    made once: a table built from it copies it (:func:`_column`)."""
    return pd.Series(np.array(values, object)).array


def as_win_rate_table(frame: pd.DataFrame, keys: Sequence[str]) -> ResultFrame:
    """The win-rate table of a DataFrame that holds its columns (such as rows gathered from
    several runs, or a table read back from a file): ``keys``, then :data:`WIN_RATE_COLUMNS`;
    other columns are dropped.

    >>> rows = pd.DataFrame({"hand": ["AA"], "win": [0.85], "tie": [0.005], "lose": [0.145],
    ...                      "equity": [0.8525], "std_error": [0.0], "outcomes": [990],
    ...                      "method": ["exact"]})
    >>> as_win_rate_table(rows, ["hand"])
      hand  win   tie   lose  equity std_error outcomes method
    0   AA  85%  0.5%  14.5%  85.25%        0%      990  exact
    """
    win, tie, lose, equity, std_error, outcomes, method = (frame[c].to_numpy()
                                                           for c in WIN_RATE_COLUMNS)
    return win_rate_table({k: frame[k].to_numpy() for k in keys}, win, tie, lose, equity,
                          std_error, outcomes, method)


def deal_table(rounds: int, players: int, cards, description, category, strength, outcome,
               **extra) -> ResultFrame:
    """A deal table of ``rounds`` x ``players`` rows, round by round: :data:`DEAL_COLUMNS`
    (``category`` given as a categorical, ``outcome`` as codes into :data:`OUTCOMES`: 0 win,
    1 tie, 2 lose), then ``extra`` columns.

    >>> deal_table(1, 2, ["As Ad", "Ks Kd"], ["Pair of Aces", "Pair of Kings"],
    ...            ["Pair", "Pair"], [2, 1], [0, 2])
      round seat  cards    description category strength outcome
    0     1    1  As Ad   Pair of Aces     Pair        2     win
    1     1    2  Ks Kd  Pair of Kings     Pair        1    lose
    """
    frame = ResultFrame({
        "round": np.repeat(np.arange(1, rounds + 1, dtype=np.int64), players),
        "seat": np.tile(np.arange(1, players + 1, dtype=np.int64), rounds),
        "cards": list(cards),
        "description": list(description),
        "category": category,
        "strength": np.asarray(strength, np.int64),
        "outcome": pd.Categorical.from_codes(np.asarray(outcome, np.int64),
                                             categories=list(OUTCOMES)),
        **extra,
    })
    frame.attrs.update(players=players, rounds=rounds)
    return frame
