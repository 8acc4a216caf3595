"""Writing result files safely: to a temporary file beside the target, then renamed."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path


def write_atomic(path, write: Callable, mode: str = "w") -> Path:
    """Call ``write(file)`` on a temporary file and rename it to ``path`` only on success, so
    that an interrupted run never leaves a truncated file."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes it private; give it a normal file's mode
    try:
        with os.fdopen(fd, mode, newline="" if "b" not in mode else None) as f:
            write(f)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
    return path
