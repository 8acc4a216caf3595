"""Writing result files safely: to a temporary file beside the target, then renamed.

:func:`write_table` writes a DataFrame as CSV, JSON or Parquet that way; the command line's
``--csv``, ``--json`` and ``--parquet`` options use it.

>>> import pandas as pd, tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "t.json"
>>> write_table(pd.DataFrame({"hand": ["As Kd"], "n": [1]}), path).name
't.json'
>>> pd.read_json(path).to_dict("records")
[{'hand': 'As Kd', 'n': 1}]
"""

from __future__ import annotations

import json
import math
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

import pandas as pd

from .errors import PokersimInputError
from .validation import short_repr

#: The formats :func:`write_table` writes, by file suffix.
TABLE_FORMATS = ("csv", "json", "parquet")


def write_atomic(path, write: Callable, mode: str = "w") -> Path:
    """Call ``write(file)`` on a temporary file and rename it to ``path`` only on success, so
    that an interrupted run never leaves a truncated file. Text is written as UTF-8."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes it private; give it a normal file's mode
    text = "b" not in mode
    try:
        with os.fdopen(fd, mode, newline="" if text else None,
                       encoding="utf-8" if text else None) as f:
            write(f)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
    return path


def require_format(fmt: str) -> None:
    """Raise ImportError (saying what to install) if ``fmt`` needs a package that is missing,
    and PokersimInputError for a format :func:`write_table` does not know."""
    if fmt not in TABLE_FORMATS:
        raise PokersimInputError(f"unknown table format {short_repr(fmt)}; known: "
                                 f"{', '.join(TABLE_FORMATS)}")
    if fmt == "parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise ImportError("writing Parquet needs pyarrow: pip install 'pokersim[parquet]' "
                              "(or pip install pyarrow)") from None


def write_table(frame: pd.DataFrame, path, fmt: str | None = None) -> Path:
    """Write ``frame`` (without its index) to ``path`` through :func:`write_atomic`.

    ``fmt`` is "csv", "json" (a list of records, UTF-8, floats written in full, NaN and
    infinity as null) or "parquet" (needs pyarrow); by default the file's suffix.
    ``frame.attrs`` are not written.
    """
    path = Path(path)
    fmt = fmt if fmt is not None else path.suffix.lstrip(".").lower()
    require_format(fmt)
    plain = pd.DataFrame(frame, copy=False)
    plain.attrs = {}  # attrs may hold objects (Rules, PayTable) that JSON and Parquet refuse
    if fmt == "csv":
        return write_atomic(path, lambda f: plain.to_csv(f, index=False))
    if fmt == "json":
        return write_atomic(path, lambda f: json.dump(_records(plain), f, indent=1,
                                                      ensure_ascii=False, allow_nan=False,
                                                      default=str))
    return write_atomic(path, lambda f: plain.to_parquet(f, engine="pyarrow", index=False),
                        mode="wb")


def _records(frame: pd.DataFrame) -> list[dict]:
    """Rows as dicts of plain Python values, NaN and infinity as None (JSON has neither)."""
    return [{k: None if isinstance(v, float) and not math.isfinite(v) else v
             for k, v in row.items()}
            for row in frame.to_dict("records")]
