"""Result files: written whole or not at all, with the inputs that made them, and read back.

:func:`write_table` writes a DataFrame as CSV, JSON or Parquet, with a *metadata block*:
pokersim's version and the inputs of the run (``frame.attrs``: method, trials, seed, board,
dead, ranking, rules, ``partial`` ...; the command line adds its command). One scheme, in
each format's own place:

- **CSV**: comment lines before the header, ``# key: value`` (the value as JSON). Read the
  table with ``pandas.read_csv(path, comment="#")`` (a cell that holds ``#`` is written
  quoted, so the comment character never cuts one short); before pandas 3.0, add
  ``float_precision="round_trip"``, without which a third of the floats come back a unit
  off in their last bit (:data:`EXACT_CSV` holds the options for the pandas installed);
- **JSON**: an object ``{"metadata": {...}, "schema": {...}, "data": [records]}``, pandas'
  table layout with the metadata beside it: ``pandas.read_json(path, orient="table",
  precise_float=True)`` (without ``precise_float`` pandas parses floats to about 15 digits);
- **Parquet**: the schema metadata under pandas' own key, ``PANDAS_ATTRS``:
  ``pandas.read_parquet(path).attrs`` (pandas 2.1 and later).

:func:`read_table` reads any of the three back, the metadata as ``attrs``. The command line's
``--csv``, ``--json`` and ``--parquet`` options write through :func:`write_table`; ``-`` is
standard output.

>>> import pandas as pd, tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "t.csv"
>>> frame = pd.DataFrame({"hand": ["As Kd"], "n": [1]})
>>> frame.attrs["seed"] = 7
>>> write_table(frame, path).name
't.csv'
>>> print(path.read_text().replace(__import__("pokersim").__version__, "VERSION"), end="")
# pokersim table; read it with pandas.read_csv(path, comment="#")
# pokersim: "VERSION"
# seed: 7
hand,n
As Kd,1
>>> pd.read_csv(path, comment="#").to_dict("records"), read_table(path).attrs["seed"]
([{'hand': 'As Kd', 'n': 1}], 7)
"""

from __future__ import annotations

import csv
import dataclasses
import enum
import io
import json
import math
import os
import stat
import sys
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path

import numpy as np
import pandas as pd
from pandas.io.json import build_table_schema

from ._core.validation import (
    cannot_write,
    check_writable,
    quoted_path,
    short_repr,
    written_in_place,
)
from .errors import PokersimInputError
from .results import ResultFrame

__all__ = ["EXACT_CSV", "TABLE_FORMATS", "read_table", "table_metadata", "write_table"]

#: The formats :func:`write_table` writes, by file suffix.
TABLE_FORMATS = ("csv", "json", "parquet")
#: The path that means standard output.
STDOUT = "-"
#: The first line of a CSV file's metadata block.
CSV_NOTE = 'pokersim table; read it with pandas.read_csv(path, comment="#")'
#: The options of ``pandas.read_csv`` that read a CSV table of :func:`write_table` exactly, with
#: the pandas installed: the comment character, and before pandas 3.0 (whose default parser is
#: exact, and which deprecates the option) the exact float parser, without which a third of
#: the floats come back a unit off in their last bit.
EXACT_CSV: dict = {"comment": "#"} | (
    {"float_precision": "round_trip"} if int(pd.__version__.split(".")[0]) < 3 else {})
#: The key of the metadata block in a Parquet file's schema metadata (pandas reads it as attrs).
PARQUET_KEY = b"PANDAS_ATTRS"


def write_atomic(path, write: Callable, mode: str = "w") -> Path:
    """Call ``write(file)`` on a temporary file and rename it to ``path`` only on success, so
    that an interrupted run never leaves a truncated file. Text is written as UTF-8.

    A file replaced keeps its permissions. A symbolic link is followed: it keeps pointing at
    its target, which gets the new content. A path that names something other than a regular
    file (a FIFO, a device such as ``/dev/null``, a socket), or a name of an open descriptor
    such as ``/dev/stdout``, is written through in place, appended to as the shell's ``>>``
    does (:func:`~pokersim._core.validation.written_in_place`): its reader gets the
    content, and it stays what it was.

    Parameters
    ----------
    path : str or pathlib.Path
        The file to write.
    write : callable
        Called with the open file; it writes the content.
    mode : str, optional
        ``"w"`` (text, the default) or ``"wb"`` (bytes).

    Returns
    -------
    pathlib.Path
        The path written.
    """
    path = Path(path)
    if written_in_place(path):
        sys.stdout.flush()  # what was printed before comes first where this is standard output
        with _open(path, mode.replace("w", "a")) as f:
            write(f)
        return path
    target, fd, tmp = temporary_beside(path)
    try:
        with _open(fd, mode) as f:
            write(f)
        os.replace(tmp, target)
    except BaseException:
        os.unlink(tmp)
        raise
    return path


def temporary_beside(path) -> tuple[Path, int, str]:
    """(the file ``path`` names, through links; an open descriptor and the name of a new
    temporary file in its folder, with the mode of the file there or, for a new one, the mode
    a new file gets): write it, then ``os.replace`` it over the target."""
    target = Path(os.path.realpath(path))
    try:
        old = os.stat(target)
    except FileNotFoundError:
        old = None
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    if old is not None:
        os.chmod(tmp, stat.S_IMODE(old.st_mode))
    else:  # mkstemp makes it private; give it a new file's mode
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
    return target, fd, tmp


def _open(file, mode: str):
    text = "b" not in mode
    return open(file, mode, newline="" if text else None, encoding="utf-8" if text else None)


def require_format(fmt: str) -> None:
    """Raise ImportError (saying what to install) if ``fmt`` needs a package that is missing,
    and PokersimInputError for a format :func:`write_table` does not know.

    Parameters
    ----------
    fmt : str
        A format name: "csv", "json" or "parquet".
    """
    if fmt not in TABLE_FORMATS:
        raise PokersimInputError(f"unknown table format {short_repr(fmt)}; known: "
                                 f"{', '.join(TABLE_FORMATS)}")
    if fmt == "parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise ImportError("writing Parquet needs pyarrow: pip install 'pokersim[parquet]' "
                              "(or pip install pyarrow)") from None


def table_metadata(frame: pd.DataFrame, **extra) -> dict:
    """The metadata block written with ``frame``: pokersim's version, ``extra`` (such as the
    command line), then ``frame.attrs``, as JSON values (a dataclass as a dict, an array as a
    list, NaN as None, anything else JSON has no word for as its text).

    Parameters
    ----------
    frame : pandas.DataFrame
        The table, whose ``attrs`` end the block.
    **extra
        Entries written after pokersim's version (such as ``command``).

    Returns
    -------
    dict
        The metadata block, JSON values only.

    Examples
    --------
    >>> frame = pd.DataFrame({"n": [1]})
    >>> frame.attrs.update(seed=np.int64(3), opponents=range(1, 3))
    >>> meta = table_metadata(frame, command="pokersim vs-random AA")
    >>> [(k, v) for k, v in meta.items() if k != "pokersim"]
    [('command', 'pokersim vs-random AA'), ('seed', 3), ('opponents', [1, 2])]
    """
    from . import __version__

    return _plain({"pokersim": __version__, **extra, **frame.attrs})


def _plain(value):
    """``value`` as JSON holds it (see :func:`table_metadata`)."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        return float(value) if math.isfinite(value) else None
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (list, tuple, range, np.ndarray)):
        return [_plain(v) for v in value]
    return str(value)


def write_table(frame: pd.DataFrame, path, fmt: str | None = None, *,
                metadata: Mapping | None = None, float_format: str | None = None):
    """Write ``frame`` (without its index) with its metadata block (see the module
    docstring) to ``path`` through :func:`write_atomic`, or to standard output for ``"-"``.

    ``fmt`` is "csv", "json" (UTF-8, floats written in full, NaN and infinity as null) or
    "parquet" (needs pyarrow); by default the file's suffix. ``metadata`` is the block
    (default :func:`table_metadata` of ``frame``); ``float_format`` is pandas' option for a
    CSV file (such as ``"%.7f"``). Returns ``path``. A path that cannot be written (no such
    folder, a folder, a read-only place) is a :class:`~pokersim.errors.PokersimInputError`
    naming it, raised before anything is written.

    Parameters
    ----------
    frame : pandas.DataFrame
        The table to write.
    path : str or pathlib.Path
        The file, or ``"-"`` for standard output.
    fmt : {"csv", "json", "parquet"}, optional
        The format; by default the file's suffix.
    metadata : mapping, optional
        The metadata block; by default :func:`table_metadata` of ``frame``.
    float_format : str, optional
        pandas' ``float_format`` for a CSV file.

    Returns
    -------
    pathlib.Path or str
        ``path``, as written.
    """
    if str(path) != STDOUT:
        check_writable(path)
    fmt = fmt if fmt is not None else Path(path).suffix.lstrip(".").lower()
    require_format(fmt)
    meta = _plain(dict(table_metadata(frame) if metadata is None else metadata))
    plain = pd.DataFrame(frame, copy=False)
    plain.attrs = {}  # the block holds them, as JSON values
    if fmt == "csv":
        quoting = csv.QUOTE_NONNUMERIC if _holds_hash(plain) else csv.QUOTE_MINIMAL

        def write(f):
            f.write(f"# {CSV_NOTE}\n")
            for key, value in meta.items():
                f.write(f"# {key}: {json.dumps(value, ensure_ascii=False)}\n")
            plain.to_csv(f, index=False, quoting=quoting, float_format=float_format)
    elif fmt == "json":
        def write(f):
            schema = build_table_schema(plain, index=False)
            json.dump({"metadata": meta, "schema": schema, "data": _records(plain)}, f,
                      indent=1, ensure_ascii=False, allow_nan=False, default=str)
    else:
        def write(f):
            import pyarrow as pa
            import pyarrow.parquet as pq

            table = pa.Table.from_pandas(plain, preserve_index=False)
            table = table.replace_schema_metadata({**(table.schema.metadata or {}),
                                                   PARQUET_KEY: json.dumps(meta).encode()})
            pq.write_table(table, f)
    mode = "wb" if fmt == "parquet" else "w"
    if str(path) != STDOUT:
        try:
            return write_atomic(path, write, mode)
        except BrokenPipeError:  # a FIFO whose reader left: the caller's to handle
            raise
        except OSError as e:  # such as a full disk
            raise PokersimInputError(cannot_write(path, e)) from e
    sys.stdout.flush()
    out = sys.stdout.buffer if mode == "wb" else sys.stdout
    write(out)
    out.flush()
    return path


def _holds_hash(frame: pd.DataFrame) -> bool:
    """Whether a column name or a text cell holds ``#`` (such a CSV is written quoted)."""
    # each distinct value once, as text
    return any("#" in str(name) or (column.dtype.kind not in "iufb"
                                    and any("#" in str(v) for v in column.unique()))
               for name, column in frame.items())


def _records(frame: pd.DataFrame) -> list[dict]:
    """Rows as dicts of plain Python values, NaN and infinity as None (JSON has neither)."""
    return [{k: None if isinstance(v, float) and not math.isfinite(v) else v
             for k, v in row.items()}
            for row in frame.to_dict("records")]


def read_table(path, fmt: str | None = None) -> ResultFrame:
    """A table written by :func:`write_table` (by pokersim's ``--csv``, ``--json`` or
    ``--parquet``), its metadata block as ``attrs``; ``fmt`` as there. A
    :class:`~pokersim.results.ResultFrame`, printed as pokersim prints its results.

    Parameters
    ----------
    path : str or pathlib.Path
        A file written by :func:`write_table`.
    fmt : {"csv", "json", "parquet"}, optional
        The format; by default the file's suffix.

    Returns
    -------
    ResultFrame
        The table, its metadata block as ``attrs``.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> frame = pd.DataFrame({"category": ["Pair"], "count": [3]})
    >>> frame.attrs.update(method="exact", partial=False)
    >>> path = write_table(frame, pathlib.Path(tempfile.mkdtemp()) / "f.json")
    >>> back = read_table(path)
    >>> back.to_dict("records"), back.attrs["method"]
    ([{'category': 'Pair', 'count': 3}], 'exact')
    """
    fmt = fmt if fmt is not None else Path(path).suffix.lstrip(".").lower()
    require_format(fmt)
    try:
        frame, meta = _read(path, fmt)
    except OSError as e:  # no such file, a folder, no permission
        why = e.strerror or short_repr(str(e))
        raise PokersimInputError(f"cannot read {quoted_path(path)}: {why}") from None
    frame = ResultFrame(frame)
    frame.attrs = meta
    return frame


def _read(path, fmt: str) -> tuple[pd.DataFrame, dict]:
    """(table, metadata block) of a file :func:`write_table` wrote in ``fmt``."""
    if fmt == "csv":
        frame = pd.read_csv(path, **EXACT_CSV)
        meta = {}
        with open(path, encoding="utf-8") as f:
            for line in f:
                if not line.startswith("# "):
                    break
                key, sep, value = line[2:].rstrip("\n").partition(": ")
                if sep:
                    meta[key] = json.loads(value)
    elif fmt == "json":
        text = Path(path).read_text(encoding="utf-8")
        frame = pd.read_json(io.StringIO(text), orient="table", precise_float=True)
        meta = json.loads(text).get("metadata", {})
    else:
        import pyarrow.parquet as pq

        frame = pd.read_parquet(path)
        meta = json.loads((pq.read_schema(path).metadata or {}).get(PARQUET_KEY, b"{}"))
    return frame, meta
