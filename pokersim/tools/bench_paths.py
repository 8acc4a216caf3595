"""The code paths of ``pokersim bench``: which one the kernels took on this CPU, the same rows on
the portable path in a child process, and OMPEval's harness beside them.

The kernels take one of two paths, chosen when they are compiled
(:mod:`pokersim._core.jit`): the random-card draw by one BMI2 ``pdep`` where the CPU has a fast
one, by the gaps of the cards taken elsewhere (AMD before Zen 3, ARM;
:func:`~pokersim._core.gaps.nth_left`), the same cards; the evaluator eight hands a step
where the CPU has AVX2. A bench run on a fast CPU times the rows that depend on it twice: here,
and in a child process whose kernels are compiled for an AMD Zen 2 (LLVM's ``znver2``: AVX2, no
AVX-512, a microcoded ``pdep``, so the portable draw), the slowest CPU of the kind users run
on. Numba keys its cache on the target, so the child compiles its own kernels once (tens of
seconds on a first run) and never clobbers the host's.

>>> host_path().split(": ")[1] in {"pdep draw, AVX2 evaluator", "portable draw, AVX2 evaluator",
...                                 "portable draw, one hand a step"}
True
"""

from __future__ import annotations

import json
import os
import platform
import re
import subprocess
import sys
import tempfile
from typing import Any

from .._core.jit import HAS_AVX2, HAS_PDEP, TARGET_CPU, TARGET_FEATURES
from ..dealing import deal

__all__ = ["OMPEval", "PORTABLE_PATH", "PORTABLE_TARGET", "host_path", "portable_env",
           "portable_rows"]

#: The child's target: Numba's ``NUMBA_CPU_NAME`` and ``NUMBA_CPU_FEATURES`` for an AMD Zen 2.
PORTABLE_TARGET = ("znver2", "+avx2,+bmi,+bmi2,+popcnt,+lzcnt,+fma,+avx,+sse4.2,-avx512f")
#: The path the child's kernels take (see :data:`PORTABLE_TARGET`).
PORTABLE_PATH = "znver2 target: portable draw, AVX2 evaluator"


def host_path() -> str:
    """The CPU the kernels are compiled for (LLVM's name) and the path they take on it."""
    draw = "pdep draw" if HAS_PDEP else "portable draw"
    return f"{TARGET_CPU}: {draw}, {'AVX2 evaluator' if HAS_AVX2 else 'one hand a step'}"


def portable_env(machine: str | None = None, has_pdep: bool = HAS_PDEP,
                 features: set[str] | None = None) -> dict[str, str] | None:
    """The environment of a child process whose kernels take the portable path, or None where
    the host's kernels take it already (no fast ``pdep`` and no AVX-512) or cannot (not an
    x86-64 CPU with AVX2: there the host's path is the only one)."""
    machine = (machine or platform.machine()).lower()
    features = TARGET_FEATURES if features is None else features
    if machine not in ("x86_64", "amd64") or "avx2" not in features:
        return None
    if not has_pdep and "avx512f" not in features:
        return None
    name, wanted = PORTABLE_TARGET
    return {**os.environ, "NUMBA_CPU_NAME": name, "NUMBA_CPU_FEATURES": wanted}


def portable_rows(n: int, repeat: int, env: dict[str, str], ompeval: str | None = None
                  ) -> list[dict]:
    """:func:`pokersim.tools.bench.path_rows` timed in a child process of environment ``env``
    (:func:`portable_env`), with OMPEval's harness ``ompeval`` alternating beside them where
    given; each of pokersim's rows' ``path`` :data:`PORTABLE_PATH`."""
    code = ("import json, sys; from pokersim.tools.bench import path_rows; "
            f"json.dump(path_rows({int(n)}, {int(repeat)}, {ompeval!r}), sys.stdout)")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          check=False)
    if done.returncode:
        raise RuntimeError(f"the portable path's rows failed: {done.stderr[-2000:]}")
    rows = json.loads(done.stdout)
    for row in rows:
        if row.get("peer"):
            row["work"] += " (beside the portable path)"
        else:
            row["path"] = PORTABLE_PATH
    return rows


#: OMPEval's counterpart of each row of :func:`pokersim.tools.bench.path_rows`: the harness's
#: arguments.
_OMP_WORK: dict[str, tuple[Any, ...]] = {
    "pokersim evaluate, 7 cards": ("eval", 7),
    "pokersim evaluate, 5 cards": ("eval", 5),
    "exact category_frequencies, 7 cards": ("enum7",),
    "equity exact AhKh vs QsQd preflop (boards)": ("equity", 1, 0, "AhKh", "QsQd"),
    "equity Monte Carlo AhKh vs QsQd": ("equity", 0, 1.0, "AhKh", "QsQd"),
    "equity Monte Carlo AhKh vs 2 random": ("equity", 0, 1.0, "AhKh", *["random"] * 2),
    "equity Monte Carlo AKs vs 5 random": ("equity", 0, 1.0, "AKs", *["random"] * 5),
    "equity Monte Carlo QQ+,AKs vs 22+,A2s+,KTo+": ("equity", 0, 1.0, "QQ+,AKs",
                                                    "22+,A2s+,KTo+"),
}


class OMPEval:
    """OMPEval's harness ``side`` of ``../shared/bench/omp_side`` (built outside the project,
    see its README) on ``threads`` threads: the counterpart of a bench row, timed on the same
    inputs (the evaluation rows' hands are dealt with the same seeds) by one run of the harness,
    its median. A context manager: the hands it writes for the harness go with it."""

    def __init__(self, side: str, threads: int):
        self.side, self.threads = side, threads
        self._scratch: tempfile.TemporaryDirectory[str] | None = None

    def __enter__(self) -> OMPEval:
        self._scratch = tempfile.TemporaryDirectory()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._scratch is not None:
            self._scratch.cleanup()

    @staticmethod
    def counterpart(work: str) -> str | None:
        """The name of OMPEval's row beside pokersim's row ``work``, or None where it has none."""
        if work not in _OMP_WORK:
            return None
        return f"OMPEval {work.replace('pokersim ', '')}"

    def seconds(self, work: str, items: int) -> float:
        """One run of the harness on the counterpart of row ``work`` of ``items`` hands, boards
        or trials: its median, in seconds for ``items``."""
        if self._scratch is None:
            raise RuntimeError("OMPEval's harness is used inside a with block")
        job = _OMP_WORK[work]
        args: list[object]
        if job[0] == "eval":
            k = int(job[1])
            path = os.path.join(self._scratch.name, f"h{k}_{items}.bin")
            if not os.path.exists(path):
                deal(items, k, seed=k).tofile(path)
            args = ["eval", path, items, k, self.threads, 7]
        elif job[0] == "enum7":
            args = ["enum7", self.threads]
        else:
            args = ["equity", job[1], job[2], self.threads, *job[3:]]
        text = subprocess.run([self.side, *map(str, args)], capture_output=True, text=True,
                              check=True).stdout
        return _median_seconds(text, items)


def _median_seconds(text: str, items: int) -> float:
    """The harness's median, in seconds for ``items`` (it prints seconds, or trials a second
    for Monte Carlo)."""
    found = re.search(r"median ([0-9.]+) (s|M trials/s)", text)
    if found is None:
        raise RuntimeError(f"OMPEval's harness printed no median: {text[-500:]!r}")
    value, unit = float(found.group(1)), found.group(2)
    return value if unit == "s" else items / (value * 1e6)
