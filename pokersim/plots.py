"""One-call plots of pokersim's results; each returns the matplotlib Axes it drew on.

    python -m pokersim.plots [PATH]     # the README's figure (default: equity_vs_players.png)

Matplotlib is imported when a function is called, not with pokersim. Colours come from
matplotlib's colour-blind-safe ``tab10`` cycle and the ``viridis`` map; every line of a plot
has a colour of its own (:func:`line_styles`).

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from pokersim import plots
>>> ax = plots.category_frequencies(ps.category_frequencies(5))
>>> ax.get_xlabel()
'probability (%)'
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pandas as pd

import pokersim as ps  # noqa: F401  (doctests)

from . import data
from ._core.validation import cannot_write, check_writable, quoted_path, short_repr
from .errors import PokersimInputError
from .io import write_atomic
from .ranges import starting_hand_names

__all__ = ["IMAGE_FORMATS", "category_frequencies", "equity_distribution", "equity_vs_players",
           "image_format", "readme_figure", "save_figure", "starting_hand_grid", "win_rates"]


def _axes(ax):
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    return plt.subplots(figsize=(7, 4.5))[1]


def line_styles(n: int) -> list[tuple[tuple[float, ...], str]]:
    """A distinct (colour, line style) for each of ``n`` lines.

    Up to 10 lines take the ``tab10`` colours, solid (matplotlib's default cycle); up to 20, the
    next ten take the light ``tab20`` partner of each, dashed; beyond, ``viridis`` spreads the
    colours evenly, solid. No two lines share a colour, where a 10-colour cycle would repeat.

    Parameters
    ----------
    n : int
        The number of lines.

    Returns
    -------
    list of tuple
        ``(colour, line style)`` for each line: an RGB(A) tuple and ``"-"`` or ``"--"``.

    Examples
    --------
    >>> styles = line_styles(12)
    >>> len(set(colour for colour, _ in styles)), styles[0][1], styles[10][1]
    (12, '-', '--')
    """
    import matplotlib

    if n <= 20:
        tab20 = [tuple(map(float, c)) for c in matplotlib.colormaps["tab20"](np.arange(20))]
        return ([(c, "-") for c in tab20[0::2]] + [(c, "--") for c in tab20[1::2]])[:n]
    viridis = matplotlib.colormaps["viridis"](np.linspace(0, 1, n))
    return [(tuple(map(float, c)), "-") for c in viridis]


def _need(frame: pd.DataFrame, columns: list[str], what: str) -> None:
    if not isinstance(frame, pd.DataFrame):
        raise PokersimInputError(f"{what} takes a DataFrame with the columns {columns}; got "
                                 f"{type(frame).__name__}")
    missing = [c for c in columns if c not in frame]
    if missing:
        raise PokersimInputError(f"{what} needs the columns {columns}; missing {missing}")


def category_frequencies(exact: pd.DataFrame, monte_carlo: pd.DataFrame | None = None,
                         log: bool = True, ax=None):
    """Bars of each category's probability (``category_frequencies`` output), best on top;
    with ``monte_carlo`` its estimates as points with 2-standard-error bars.

    Parameters
    ----------
    exact : pandas.DataFrame
        Exact category frequencies (:func:`pokersim.category_frequencies`).
    monte_carlo : pandas.DataFrame, optional
        Monte Carlo estimates of the same, drawn as points with error bars.
    log : bool, optional
        A logarithmic probability axis (the default).
    ax : matplotlib.axes.Axes, optional
        The axes to draw on; by default a new figure's.

    Returns
    -------
    matplotlib.axes.Axes
        The axes drawn on.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from pokersim import plots
    >>> ax = plots.category_frequencies(
    ...     ps.category_frequencies(7),
    ...     ps.category_frequencies(7, method="monte-carlo", trials=10_000))
    >>> [t.get_text() for t in ax.get_legend().get_texts()]
    ['exact', 'Monte Carlo (±2 s.e.)']
    """
    _need(exact, ["category", "probability"], "category_frequencies")
    ax = _axes(ax)
    labels = [str(c) for c in exact.category]
    y = np.arange(len(labels))[::-1]
    ax.barh(y, 100 * exact.probability, color="C0", alpha=0.7, label="exact")
    if monte_carlo is not None:
        _need(monte_carlo, ["category", "probability", "std_error"], "category_frequencies")
        mc = monte_carlo.set_index(monte_carlo.category.astype(str)).loc[labels]
        ax.errorbar(100 * mc.probability, y, xerr=200 * mc.std_error, fmt="o", color="C1",
                    capsize=3, label="Monte Carlo (±2 s.e.)")
    ax.set_yticks(y, labels)
    if log:
        ax.set_xscale("log")
    ax.set_xlabel("probability (%)")
    ax.legend()
    return ax


def equity_vs_players(table: pd.DataFrame, hands: list[str] | str | None = None, ax=None):
    """Equity against 1..9 random opponents, one line per hand (all of the table's by default,
    or those of ``hands``: a list, or one hand's text), each in a colour of its own
    (:func:`line_styles`; the legend names up to 20 hands), with the fair share 1 / (n + 1)
    dashed. ``table`` has columns hand (or player), opponents, equity — the shipped
    starting-hand table (:func:`pokersim.data.starting_hands`) or ``equity_vs_random`` output.

    Parameters
    ----------
    table : pandas.DataFrame
        Columns hand (or player), opponents and equity.
    hands : list of str or str, optional
        The hands to draw; by default all of the table's.
    ax : matplotlib.axes.Axes, optional
        The axes to draw on; by default a new figure's.

    Returns
    -------
    matplotlib.axes.Axes
        The axes drawn on.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = equity_vs_players(ps.data.starting_hands(), ["AA", "72o"])
    >>> len(ax.get_lines())
    3
    """
    key = "hand" if isinstance(table, pd.DataFrame) and "hand" in table else "player"
    _need(table, [key, "opponents", "equity"], "equity_vs_players")
    ax = _axes(ax)
    if hands is None:
        hands = list(dict.fromkeys(table[key]))
    elif isinstance(hands, str):  # one hand, not its characters
        hands = [hands]
    hands = list(hands)
    for h, (colour, style) in zip(hands, line_styles(len(hands)), strict=True):
        rows = table[table[key] == h].sort_values("opponents")
        if rows.empty:
            raise PokersimInputError(f"equity_vs_players: no rows for hand {short_repr(h)}")
        ax.plot(rows.opponents, 100 * rows.equity, marker="o", ms=3, color=colour, ls=style,
                label=str(h) if len(hands) <= 20 else None)  # no legend of 169 names
    n = np.arange(1, int(table.opponents.max()) + 1)
    ax.plot(n, 100 / (n + 1), "k--", lw=1, label="fair share 1/(n+1)")
    ax.set_xlabel("random opponents")
    ax.set_ylabel("equity (%)")
    ax.legend(ncol=2, fontsize=8)
    return ax


def starting_hand_grid(table: pd.DataFrame, opponents: int = 1, ax=None):
    """The 13 x 13 grid of starting hands (pairs on the diagonal, suited above, offsuit below)
    coloured by equity against ``opponents`` random hands.

    Parameters
    ----------
    table : pandas.DataFrame
        Columns hand, opponents and equity, such as :func:`pokersim.data.starting_hands`.
    opponents : int, optional
        The count of random opponents whose equities colour the grid (1 by default).
    ax : matplotlib.axes.Axes, optional
        The axes to draw on; by default a new figure's.

    Returns
    -------
    matplotlib.axes.Axes
        The axes drawn on.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = starting_hand_grid(ps.data.starting_hands(), opponents=3)
    >>> ax.get_title()
    'equity against 3 random opponents (%)'
    """
    _need(table, ["hand", "opponents", "equity"], "starting_hand_grid")
    rows = table[table.opponents == opponents].set_index("hand").equity
    names = starting_hand_names()
    if not set(names) <= set(rows.index):
        raise PokersimInputError(f"starting_hand_grid needs all 169 hands at {opponents} "
                                 "opponents")
    grid = 100 * np.array([rows[n] for n in names]).reshape(13, 13)
    ax = _axes(ax)
    im = ax.imshow(grid, cmap="viridis")
    ranks = list("AKQJT98765432")
    ax.set_xticks(range(13), ranks)
    ax.set_yticks(range(13), ranks)
    middle = (grid.min() + grid.max()) / 2
    for i in range(13):
        for j in range(13):
            ax.text(j, i, names[13 * i + j], ha="center", va="center", fontsize=6,
                    color="white" if grid[i, j] < middle else "black")
    ax.figure.colorbar(im, ax=ax)
    noun = "opponent" if opponents == 1 else "opponents"
    ax.set_title(f"equity against {opponents} random {noun} (%)")
    return ax


def win_rates(frame: pd.DataFrame, ax=None):
    """Stacked bars of win, tie and lose by category (the games' ``win_rates`` output).

    Parameters
    ----------
    frame : pandas.DataFrame
        A games' ``win_rates`` table: category, win, tie and lose.
    ax : matplotlib.axes.Axes, optional
        The axes to draw on; by default a new figure's.

    Returns
    -------
    matplotlib.axes.Axes
        The axes drawn on.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from pokersim.games import zhajinhua
    >>> from pokersim import plots
    >>> ax = plots.win_rates(zhajinhua.win_rates(2))
    >>> ax.get_xlabel()
    'share of hands (%)'
    """
    _need(frame, ["category", "win", "tie", "lose"], "win_rates")
    ax = _axes(ax)
    labels = [str(c) for c in frame.category]
    y = np.arange(len(labels))[::-1]
    left = np.zeros(len(labels))
    for col, colour in (("win", "C2"), ("tie", "C7"), ("lose", "C3")):
        ax.barh(y, 100 * frame[col], left=left, color=colour, label=col)
        left += 100 * frame[col].to_numpy()
    ax.set_yticks(y, labels)
    ax.set_xlabel("share of hands (%)")
    ax.legend(loc="lower right")
    return ax


def equity_distribution(table: pd.DataFrame, ax=None):
    """The equity distribution graph of two ranges (``equity_distribution`` output): each
    range's combos sorted from the highest equity down, against the share of the range they
    make up (their ``frequency``, so that card removal and weights count), one line per range,
    each labelled with the range's text and its equity.

    Parameters
    ----------
    table : pandas.DataFrame
        :func:`pokersim.equity_distribution` output.
    ax : matplotlib.axes.Axes, optional
        The axes to draw on; by default a new figure's.

    Returns
    -------
    matplotlib.axes.Axes
        The axes drawn on.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from pokersim import plots
    >>> ax = plots.equity_distribution(ps.equity_distribution("QQ+, AK", "JJ-99, AQs",
    ...                                                       board="Qh 7d 2c"))
    >>> [line.get_label() for line in ax.get_lines()]
    ['A: QQ+, AK (57.0%)', 'B: JJ-99, AQs (43.0%)']
    """
    _need(table, ["range", "equity", "frequency"], "equity_distribution")
    ax = _axes(ax)
    for side, rows in table.groupby("range", sort=True):
        rows = rows.sort_values("equity", ascending=False, kind="stable")
        share = np.concatenate([[0.0], np.cumsum(rows.frequency.to_numpy())])
        share = 100 * share / share[-1]
        equity = 100 * rows.equity.to_numpy()
        text = table.attrs.get(f"range_{str(side).lower()}", "")
        overall = table.attrs.get(f"equity_{str(side).lower()}")
        label = f"{side}: {text}" if text else str(side)
        if overall is not None:
            label += f" ({100 * overall:.1f}%)"
        ax.step(share, np.append(equity, equity[-1]), where="post", label=label)
    ax.set_xlim(0, 100)
    ax.set_ylim(0, 100)
    ax.set_xlabel("share of the range (%), best combos first")
    ax.set_ylabel("equity (%)")
    board = table.attrs.get("board")
    if board:
        ax.set_title(f"equity distribution on {board}")
    ax.grid(alpha=0.3)
    ax.legend()
    return ax


#: Where :func:`readme_figure` writes by default: in the working directory (the README's copy
#: is ``docs/equity_vs_players.png``, written by ``python -m pokersim.plots docs/...``).
README_FIGURE = Path("equity_vs_players.png")
README_HANDS = ["AA", "KK", "AKs", "AKo", "JTs", "77", "22", "72o"]


def readme_figure(path=README_FIGURE) -> Path:
    """The README's picture, from the shipped starting-hand table (no simulation): equity of
    a few hands against 1..9 random opponents, beside the 13 x 13 grid heads-up. Writes a PNG
    to ``path`` (in a folder that exists: checked first) and returns the path. Regenerate the
    README's with ``python -m pokersim.plots docs/equity_vs_players.png``.

    Parameters
    ----------
    path : str or pathlib.Path, optional
        Where to write the PNG (:data:`README_FIGURE` by default).

    Returns
    -------
    pathlib.Path
        The path written.

    Examples
    --------
    >>> import tempfile
    >>> path = readme_figure(Path(tempfile.mkdtemp()) / "fig.png")
    >>> path.read_bytes()[:4]
    b'\\x89PNG'
    """
    from matplotlib.figure import Figure

    image_format(path)
    path = check_writable(path)
    table = data.starting_hands()
    fig = Figure(figsize=(11, 4.6), layout="constrained")
    left, right = fig.subplots(1, 2, width_ratios=[1, 1.05])
    equity_vs_players(table, README_HANDS, ax=left)
    left.set_title("equity against random opponents (%)")
    left.set_xticks(range(1, 10))
    left.grid(alpha=0.3)
    starting_hand_grid(table, opponents=1, ax=right)
    return save_figure(fig, path)


#: The image formats a figure is saved in, by file suffix, each with the metadata that keeps
#: matplotlib's version and the date out of the file (the same data gives the same bytes).
IMAGE_FORMATS = {"png": {"Software": None}, "svg": {"Creator": None, "Date": None},
                 "pdf": {"Creator": None, "Producer": None, "CreationDate": None}}


def image_format(path) -> str:
    """The format of an image file by its suffix (one of :data:`IMAGE_FORMATS`), checked
    before any work.

    Parameters
    ----------
    path : str or pathlib.Path
        The image file to write.

    Returns
    -------
    str
        ``"png"``, ``"svg"`` or ``"pdf"``.

    Raises
    ------
    PokersimInputError
        Another suffix, or none, naming the path.

    Examples
    --------
    >>> image_format("dist.SVG")
    'svg'
    >>> image_format("dist")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokersim.errors.PokersimInputError: cannot write an image to 'dist': name a file ending in ...
    """
    fmt = Path(str(path)).suffix.lstrip(".").lower()
    if fmt not in IMAGE_FORMATS:
        *first, last = ("." + f for f in IMAGE_FORMATS)
        raise PokersimInputError(f"cannot write an image to {quoted_path(str(path))}: name a "
                                 f"file ending in {', '.join(first)} or {last}")
    return fmt


def save_figure(fig, path) -> Path:
    """Save a matplotlib figure whole or not at all (:func:`pokersim.io.write_atomic`), in
    the format its file's suffix names (:func:`image_format`): the same figure gives the
    same bytes.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
        The figure.
    path : str or pathlib.Path
        The file to write, ending in ``.png``, ``.svg`` or ``.pdf``.

    Returns
    -------
    pathlib.Path
        The path written.

    Raises
    ------
    PokersimInputError
        A path of another format, or one that cannot be written, naming it.

    Examples
    --------
    >>> import tempfile
    >>> from matplotlib.figure import Figure
    >>> fig = Figure()
    >>> _ = fig.subplots().plot([0, 1])
    >>> save_figure(fig, Path(tempfile.mkdtemp()) / "line.svg").read_text()[:5]
    '<?xml'
    """
    import matplotlib

    fmt = image_format(path)
    path = check_writable(path)

    def save(file):
        with matplotlib.rc_context({"svg.hashsalt": "pokersim"}):  # SVG ids made alike
            fig.savefig(file, format=fmt, dpi=110, metadata=IMAGE_FORMATS[fmt])

    try:
        return write_atomic(path, save, "wb")
    except OSError as e:
        raise PokersimInputError(cannot_write(path, e)) from None


def main(argv: list[str] | None = None) -> int:
    """``python -m pokersim.plots [PATH]``: draw :func:`readme_figure` to PATH (default
    :data:`README_FIGURE`); a path that cannot be written is one line on stderr, status 2.

    Parameters
    ----------
    argv : list of str, optional
        The arguments (``sys.argv[1:]`` by default): at most one, the path.

    Returns
    -------
    int
        The exit status: 0, or 2 when the path cannot be written.
    """
    args = sys.argv[1:] if argv is None else argv
    if len(args) > 1 or (args and args[0].startswith("-")):
        print("usage: python -m pokersim.plots [PATH]  (default: equity_vs_players.png)",
              file=sys.stderr)
        return 2
    try:
        path = readme_figure(*args)
    except PokersimInputError as e:
        print(f"pokersim.plots: error: {e}", file=sys.stderr)
        return 2
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
