"""A script's output at one and at two Numba threads, each in a fresh interpreter (the thread
count is fixed when Numba starts)."""

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def at_one_and_two_threads(script: str) -> list[str]:
    """What ``script`` prints after the thread count it saw (its first word), at
    ``NUMBA_NUM_THREADS`` 1 and 2; the test fails if it did not see them."""
    out = []
    for threads in (1, 2):
        env = {**os.environ, "NUMBA_NUM_THREADS": str(threads)}
        done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                              text=True, cwd=REPO)
        assert done.returncode == 0, done.stderr
        seen, printed = done.stdout.split(" ", 1)
        assert seen == str(threads)
        out.append(printed)
    return out
