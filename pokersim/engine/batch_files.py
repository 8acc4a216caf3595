"""Label a file of spots: :func:`batch_equity_file` reads spots from CSV or Parquet a chunk at a
time, counts each chunk with :func:`~pokersim.engine.batch.batch_equity` (here, or as tasks on a
Dask cluster), and writes the labels as it goes, in memory that does not grow with the file.

The spots file has a column per player's hole cards (text such as ``"AhKh"``), a ``board``
column (``"2c 7d Qh"``; empty for preflop; the board sizes may differ from row to row) and a
``dead`` column, both optional. Every column other than ``board`` and ``dead`` is a player,
in file order, unless ``players`` names them. Spot i is the file's row i (from 0): it names
the row in the labels and in an error, and picks the row's random stream, so that the same
seed gives the same numbers whatever the chunk size or where the chunks run.

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "spots.csv").write_text("hero,villain,board\\n"
...                                       "AhKh,QsQd,2c 7d Qh\\n7c7d,As2s,Ks Qs 2d 3h\\n")
>>> _ = batch_equity_file(folder / "spots.csv", folder / "labels.csv")
>>> labels = pd.read_csv(folder / "labels.csv", comment="#")
>>> labels[["spot", "player", "equity", "outcomes", "method"]].round(4)
   spot   player  equity  outcomes method
0     0     hero  0.0434       990  exact
1     0  villain  0.9566       990  exact
2     1     hero  0.6818        44  exact
3     1  villain  0.3182        44  exact
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from .._core.runner import check_client, map_in_order, progress_bar
from .._core.validation import (
    check_count,
    check_flag,
    check_writable,
    drawn_seed,
    quoted_path,
    short_repr,
)
from ..errors import PokersimInputError, SimulationInterrupted
from ..games.game import get as get_game
from ..io import CSV_NOTE, PARQUET_KEY, require_format, table_metadata, temporary_beside
from .batch import batch_equity

__all__ = ["FILE_CHUNK", "batch_equity_file"]

#: Spots read, counted and written at a time when ``chunk_size`` is not given.
FILE_CHUNK = 262_144
#: The columns of a spots file that are not players.
CARD_COLUMNS = ("board", "dead")
#: The formats read and written, by suffix.
FORMATS = ("csv", "parquet")
#: Suit letters and symbols: a card text holds one each, so they count a text's cards.
_SUITS = tuple("cdhs\u2663\u2666\u2665\u2660\u2667\u2662\u2661\u2664")


def batch_equity_file(spots, out, *, players=None, game="holdem", method: str = "auto",
                      trials: int | None = None, seed=None,
                      target_stderr: float | None = None, client=None,
                      chunk_size: int | None = None, progress: bool = False,
                      overwrite: bool = False, metadata: dict | None = None) -> Path:
    """Label every spot of a CSV or Parquet file with each player's win, tie and equity.

    Parameters
    ----------
    spots : str or pathlib.Path
        The spots, ``.csv`` or ``.parquet`` (see the module docstring for its columns). A CSV
        file's lines that start with ``#`` are comments.
    out : str or pathlib.Path
        The labels, ``.csv`` or ``.parquet``: a row per spot and player, ``spot`` (the spots
        file's row, from 0), ``player`` (its column's name), then the columns of
        :func:`~pokersim.engine.batch.batch_equity`, with the run's inputs in the file's
        metadata block (:mod:`pokersim.io`). Written whole or not at all (Ctrl-C: the spots
        finished, marked partial).
    players : list of str, optional
        The players' columns, in order (default: every column but ``board`` and ``dead``).
    game, method, trials, seed, target_stderr
        As :func:`~pokersim.engine.batch.batch_equity` takes them; spot i draws from stream i
        of the seed.
    client : dask.distributed.Client or concurrent.futures.Executor, optional
        Count the chunks as tasks there (read and written here, in order).
    chunk_size : int, optional
        Spots a chunk (default :data:`FILE_CHUNK`): what memory holds at a time, a few
        chunks per worker with a client.
    progress : bool
        A progress bar over the spots on stderr.
    overwrite : bool
        Replace ``out`` if it exists (else an error).
    metadata : dict, optional
        Entries written first in the metadata block (the command line adds its command).

    Returns
    -------
    pathlib.Path
        ``out``.

    Raises
    ------
    PokersimInputError
        A file that cannot be read or written, a missing or unknown column, or a bad spot
        (named by its row, as :func:`~pokersim.engine.batch.batch_equity` names it).
    SimulationInterrupted
        On Ctrl-C, once the spots finished are written (``partial`` is ``out``).
    """
    source, fmt_in = _format(spots, "spots")
    target, fmt_out = _format(out, "out")
    check_client(client)
    check_flag(progress, "progress")
    check_flag(overwrite, "overwrite")
    if not source.is_file():
        raise PokersimInputError(f"no spots file {quoted_path(spots)}")
    check_writable(target)
    if target.exists() and source.samefile(target):
        raise PokersimInputError(f"out {quoted_path(out)} is the spots file: give another")
    if os.path.lexists(target) and not overwrite:
        raise PokersimInputError(f"out {quoted_path(out)} exists; give overwrite=True "
                                 f"(--overwrite) to replace it")
    if target.exists() and not target.is_file():
        raise PokersimInputError(f"out {quoted_path(out)} is no regular file (a FIFO, a "
                                 f"device): the labels are written to a file")
    rows = FILE_CHUNK if chunk_size is None else check_count(chunk_size, "chunk_size", 1)
    names = _columns(source, fmt_in)
    players = _players(names, players)
    wanted = [*players, *(c for c in CARD_COLUMNS if c in names)]
    # one seed for every chunk (drawn here if none is given: the rows that "auto" counts
    # exactly still are), and the options checked by a call on no spots
    options = dict(game=game, method=method, trials=trials, seed=drawn_seed(seed),
                   target_stderr=target_stderr)
    g = get_game(game)
    checked = batch_equity(np.zeros((0, len(players), g.hole), np.uint8),
                           np.zeros((0, g.board), np.uint8), **options)
    meta = table_metadata(pd.DataFrame(), **(metadata or {}), spots=str(spots),
                          players=players, game=checked.attrs["game"], method=method,
                          trials=trials, seed=options["seed"])
    labels = _Labels(fmt_out)
    final, fd, tmp = temporary_beside(target)  # the file a link names, its mode kept
    os.close(fd)
    bar = progress_bar(progress, _row_count(source, fmt_in), None, "spots")
    chunks = map_in_order(lambda chunk: _label(chunk, players, options),
                          _chunks(source, fmt_in, wanted, rows), client)
    partial = False
    try:
        with labels.open(tmp, meta):
            try:
                for frame in chunks:
                    labels.write(frame)
                    bar.update(len(frame) // len(players))
            except (KeyboardInterrupt, SimulationInterrupted):  # the chunks written stay
                partial = True
        if partial:
            labels.mark_partial(tmp, meta)
        os.replace(tmp, final)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    finally:
        chunks.close()
        bar.close()
    if partial:
        raise SimulationInterrupted(target)
    return target


def _format(path, name: str) -> tuple[Path, str]:
    """``path`` as a Path and its format by suffix, or an error naming it."""
    if not isinstance(path, (str, os.PathLike)):
        raise PokersimInputError(f"{name} must be a path; got {short_repr(path)}")
    p = Path(path)
    fmt = p.suffix.lstrip(".").lower()
    if fmt not in FORMATS:
        raise PokersimInputError(f"{name} {quoted_path(path)}: name a file ending in .csv or "
                                 f".parquet")
    try:
        require_format(fmt)
    except ImportError as e:
        raise PokersimInputError(f"{name}: {e}") from None
    return p, fmt


def _columns(source: Path, fmt: str) -> list[str]:
    """The column names of a spots file."""
    try:
        if fmt == "csv":
            return [str(c) for c in pd.read_csv(source, nrows=0, comment="#").columns]
        import pyarrow.parquet as pq

        return list(pq.read_schema(source).names)
    except (OSError, ValueError) as e:  # unreadable, empty, not Parquet
        why = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise PokersimInputError(f"cannot read spots {quoted_path(source)}: "
                                 f"{short_repr(why, 200)}") from None


def _players(names: list[str], players) -> list[str]:
    """The players' columns: those given (each a column), or every column but the cards'."""
    if players is None:
        players = [c for c in names if c not in CARD_COLUMNS]
    elif isinstance(players, str) or not all(isinstance(p, str) for p in players):
        raise PokersimInputError(f"players must be a list of column names; got "
                                 f"{short_repr(players)}")
    else:
        players = list(players)
        missing = [p for p in players if p not in names]
        if missing:
            raise PokersimInputError(f"no column {missing[0]!r} in the spots file (its "
                                     f"columns: {short_repr(names, 200)})")
        if len(set(players)) < len(players):
            raise PokersimInputError(f"players names a column twice: {short_repr(players)}")
    if len(players) < 2:
        raise PokersimInputError(f"a spot needs two players or more; got {len(players)} "
                                 f"player column(s), {short_repr(players, 200)}, of the spots "
                                 f"file's columns {short_repr(names, 200)} (board and dead "
                                 f"are no players)")
    return players


def _row_count(source: Path, fmt: str) -> int | None:
    """The spots in the file where it says so cheaply (Parquet), else None."""
    if fmt != "parquet":
        return None
    import pyarrow.parquet as pq

    return pq.ParquetFile(source).metadata.num_rows


def _chunks(source: Path, fmt: str, columns: list[str], rows: int
            ) -> Iterator[tuple[int, pd.DataFrame]]:
    """(first row, the next ``rows`` rows of ``columns`` as text) of the file, in order."""
    first = 0
    if fmt == "csv":
        reader = pd.read_csv(source, usecols=columns, dtype=str, keep_default_na=False,
                             comment="#", chunksize=rows)
        with reader:
            for frame in reader:
                yield first, frame
                first += len(frame)
        return
    import pyarrow.parquet as pq

    # a row group at a time (ParquetFile.iter_batches kept every batch it read allocated:
    # 120 MB after 10 M rows), in batches of ``rows``
    spots = pq.ParquetFile(source)
    for group in range(spots.num_row_groups):
        for batch in spots.read_row_group(group, columns=columns).to_batches(rows):
            frame = batch.to_pandas().fillna("")
            yield first, frame
            first += len(frame)


def _label(chunk: tuple[int, pd.DataFrame], players: list[str], options: dict) -> pd.DataFrame:
    """The labels of a chunk of spots (first row, rows): batch_equity of the rows of each
    board size and number of dead cards, back in the file's order."""
    first, frame = chunk
    n = len(frame)
    if n == 0:
        return _empty()
    hands = frame[players].to_numpy(dtype=str)
    boards = frame["board"].to_numpy(dtype=str) if "board" in frame else np.full(n, "")
    dead = frame["dead"].to_numpy(dtype=str) if "dead" in frame else np.full(n, "")
    shape = 64 * _cards_in(boards) + _cards_in(dead)
    ids = np.arange(first, first + n, dtype=np.int64)
    parts = []
    for kind in np.unique(shape):
        rows = np.flatnonzero(shape == kind)
        parts.append(pd.DataFrame(batch_equity(
            hands[rows], boards[rows] if kind >= 64 else None,
            dead[rows] if kind % 64 else None, spot_ids=ids[rows], **options)))
    labels = pd.concat(parts, ignore_index=True) if len(parts) > 1 else parts[0]
    if len(parts) > 1:
        labels = labels.sort_values(["spot", "player"], kind="stable", ignore_index=True)
    labels["player"] = np.asarray(players, dtype=object)[labels["player"].to_numpy()]
    labels.attrs = {}
    return labels


def _cards_in(texts: np.ndarray) -> np.ndarray:
    """How many cards each text names (a card has one suit; no rank is spelled with a suit's
    letter), at most 63: a bad text is named by batch_equity."""
    lower = np.char.lower(texts)
    return np.minimum(sum(np.char.count(lower, suit) for suit in _SUITS), 63)


class _Labels:
    """The labels file being written: a CSV file's metadata block then its rows, or a Parquet
    file's row groups, the block in its schema."""

    def __init__(self, fmt: str):
        self.fmt = fmt
        self.file: Any = None  # the CSV file open
        self.writer: Any = None  # the pyarrow ParquetWriter, from the first rows
        self.header = True

    @contextlib.contextmanager
    def open(self, path: str, meta: dict):
        self.path = path
        self.meta = meta
        if self.fmt == "csv":
            with open(path, "w", encoding="utf-8", newline="") as self.file:
                _write_block(self.file, meta | {"partial": False})
                yield self
                if self.header:  # no spots: the header alone
                    self.write(_empty())
        else:
            try:
                yield self
            finally:
                if self.writer is None:  # no spots: an empty table
                    self.write(_empty())
                self.close()

    def close(self) -> None:
        """Close the Parquet writer (its footer written)."""
        self.writer.close()

    def write(self, frame: pd.DataFrame) -> None:
        if self.fmt == "csv":
            frame.to_csv(self.file, header=self.header, index=False)
            self.header = False
            return
        import pyarrow as pa
        import pyarrow.parquet as pq

        table = pa.Table.from_pandas(frame, preserve_index=False)
        if self.writer is None:
            schema = table.schema.with_metadata({
                **(table.schema.metadata or {}),
                PARQUET_KEY: json.dumps(self.meta | {"partial": False}).encode()})
            self.writer = pq.ParquetWriter(self.path, schema)
        self.writer.write_table(table.cast(self.writer.schema))

    def mark_partial(self, path: str, meta: dict) -> None:
        """Rewrite the finished file with ``partial: true`` in its block (a copy: the block
        stands before the rows, written when the run began)."""
        marked = path + ".partial"
        if self.fmt == "csv":
            with open(path, encoding="utf-8") as old, open(marked, "w", encoding="utf-8",
                                                           newline="") as new:
                _write_block(new, meta | {"partial": True})
                for line in old:
                    if not line.startswith("# "):
                        new.write(line)
                        break
                shutil.copyfileobj(old, new)
        else:
            import pyarrow.parquet as pq

            old_file = pq.ParquetFile(path)
            schema = old_file.schema_arrow.with_metadata({
                **(old_file.schema_arrow.metadata or {}),
                PARQUET_KEY: json.dumps(meta | {"partial": True}).encode()})
            with pq.ParquetWriter(marked, schema) as writer:
                for i in range(old_file.num_row_groups):
                    writer.write_table(old_file.read_row_group(i).cast(schema))
        shutil.copymode(path, marked)
        os.replace(marked, path)


def _write_block(f, meta: dict) -> None:
    """A CSV file's metadata block (see :mod:`pokersim.io`)."""
    f.write(f"# {CSV_NOTE}\n")
    for key, value in meta.items():
        f.write(f"# {key}: {json.dumps(value, ensure_ascii=False)}\n")


def _empty() -> pd.DataFrame:
    """The labels of no spots, with their columns' types."""
    return pd.DataFrame({"spot": np.zeros(0, np.int64), "player": np.zeros(0, object),
                         **{c: np.zeros(0) for c in ("win", "tie", "lose", "equity",
                                                     "std_error")},
                         "outcomes": np.zeros(0, np.int64), "method": np.zeros(0, object)})
