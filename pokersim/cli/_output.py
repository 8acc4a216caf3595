"""What a command puts out: its table as text, and the files it writes with their inputs."""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

import pandas as pd

from .._core.validation import cannot_write, check_writable, quoted_path
from ..errors import PokersimInputError
from ..io import STDOUT
from ._options import OUTPUT_OPTIONS


def table_text(frame: pd.DataFrame) -> str:
    """A table as aligned text, as the commands print it: numbers for people (see
    :func:`pokersim.results.to_text`); files written with ``--csv`` and the like keep full
    precision."""
    from ..results import to_text

    return to_text(frame)


def checked_outputs(args) -> list[tuple[str, Path | str]]:
    """The files asked for, as (format, path or ``-``), after checking each can be written
    (before any long computation): the format's package is installed, the folder exists, and
    no two options name the same file (``--plot``'s image included, its format checked too)."""
    from ..io import require_format

    outputs: list[tuple[str, Path | str]] = []
    named = {fmt: getattr(args, fmt, None) for fmt in OUTPUT_OPTIONS} | {
        "out": getattr(args, "out", None), "plot": getattr(args, "plot", None)}
    seen: dict = {}
    for option, text in named.items():
        if text is None:
            continue
        if option == "plot":  # an image the command writes itself, in a format by its suffix
            from ..plots import image_format

            try:
                image_format(text)
            except PokersimInputError as e:
                raise PokersimInputError(f"--plot: {e}") from None
        if text == STDOUT and getattr(args, "prints_itself", False):
            raise PokersimInputError(f"--{option} -: {args.command} prints its own report on "
                                     f"standard output; write the table to a file")
        path = text if text == STDOUT else check_writable(text)
        same = seen.setdefault(_file_identity(path), option)
        if same != option:
            raise PokersimInputError(f"--{same} and --{option} both write "
                                     f"{quoted_path(text)}: give each its own file")
        if option == "plot" or option == "out" and not getattr(args, "writes_out", False):
            continue
        fmt = _out_format(args, text) if option == "out" else option
        try:
            require_format(fmt)
        except ImportError as e:
            raise PokersimInputError(f"--{option}: {e}") from None
        outputs.append((fmt, path))
    return outputs


def _out_format(args, text: str) -> str:
    """The format of a command's ``--out`` table file, by its suffix; an existing file is
    replaced only with ``--overwrite``."""
    fmt = Path(text).suffix.lstrip(".").lower()
    if text == STDOUT or fmt not in OUTPUT_OPTIONS:
        raise PokersimInputError(f"--out {quoted_path(text)}: name a file ending in "
                                 f"{', '.join('.' + f for f in OUTPUT_OPTIONS)}")
    if os.path.lexists(text) and not args.overwrite:
        raise PokersimInputError(f"--out {quoted_path(text)}: the file exists; give "
                                 "--overwrite to replace it")
    return fmt


def _file_identity(path: Path | str):
    """What two names of one file have in common: standard output, the file's device and
    inode, or (not there yet) the path its links lead to."""
    if path == STDOUT:
        return STDOUT
    try:
        st = os.stat(path)
    except OSError:
        return os.path.realpath(path)
    return st.st_dev, st.st_ino

#: Parsed options that are not inputs of a result: the command's own machinery, where it runs,
#: what it writes and what it shows.
NOT_INPUTS = frozenset({"command", "action", "run", "present", "save", "simulates",
                        "prints_itself", "writes_out", "overwrite", "client", "scheduler",
                        "workers", "quiet", "show_progress", "progress", "out", "command_line",
                        *OUTPUT_OPTIONS})


def _metadata(args, argv: list[str], frame: pd.DataFrame, partial: bool) -> dict:
    """The metadata block of the files written (see :mod:`pokersim.io`): pokersim's version,
    the command line, the options given, then what the result records of its inputs."""
    from ..io import table_metadata

    options = {k: v for k, v in vars(args).items() if k not in NOT_INPUTS and v is not None}
    meta = table_metadata(frame, command=shlex.join(["pokersim", *argv]), **options)
    return meta | {"partial": partial}


def write_files(args, argv, result, frame, outputs, partial: bool) -> int:
    """Write the table to each output, and the command's own files; 2 (after one line on
    stderr) if one cannot be written, else 0."""
    from ..io import write_table

    meta = _metadata(args, argv, frame, partial)
    path = None
    try:
        for fmt, path in outputs:
            write_table(frame, path, fmt, metadata=meta)
        if args.save is not None:
            path = args.out
            args.save(args, result)
    except BrokenPipeError:
        raise
    except PokersimInputError as e:
        print(f"pokersim: error: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"pokersim: error: {cannot_write(path, e)}", file=sys.stderr)
        return 2
    return 0
