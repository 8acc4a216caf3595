"""The code paths of ``pokersim bench``: which one the kernels took on this CPU, the same rows on
the portable path in a child process, and OMPEval's harness beside them.

The kernels take one of two paths, chosen when they are compiled
(:mod:`pokersim._core.jit`): the random-card draw by one BMI2 ``pdep`` where the CPU has a fast
one, by the gaps of the cards taken elsewhere (AMD before Zen 3, ARM;
:func:`~pokersim._core.jit.nth_left`), the same cards; the evaluator eight hands a step
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

import numpy as np

from .._core.jit import HAS_AVX2, HAS_PDEP, TARGET_CPU, TARGET_FEATURES
from ..dealing import deal

__all__ = ["PORTABLE_PATH", "PORTABLE_TARGET", "host_path", "ompeval_rows", "portable_env",
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


def portable_rows(n: int, repeat: int, env: dict[str, str]) -> list[dict]:
    """:func:`pokersim.tools.bench.path_rows` timed in a child process of environment ``env``
    (:func:`portable_env`), each row's ``path`` :data:`PORTABLE_PATH`."""
    code = ("import json, sys; from pokersim.tools.bench import path_rows; "
            f"json.dump(path_rows({int(n)}, {int(repeat)}), sys.stdout)")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          check=False)
    if done.returncode:
        raise RuntimeError(f"the portable path's rows failed: {done.stderr[-2000:]}")
    rows = json.loads(done.stdout)
    for row in rows:
        row["path"] = PORTABLE_PATH
    return rows


#: OMPEval's counterpart of each row of :func:`path_rows`: the harness's arguments.
_OMP_WORK: dict[str, tuple[Any, ...]] = {
    "pokersim evaluate, 7 cards": ("eval", 7),
    "pokersim evaluate, 5 cards": ("eval", 5),
    "exact category_frequencies, 7 cards": ("enum7",),
    "equity exact AhKh vs QsQd preflop (boards)": ("equity", 1, 0, "AhKh", "QsQd"),
    "equity Monte Carlo AhKh vs QsQd": ("equity", 0, 1.0, "AhKh", "QsQd"),
    "equity Monte Carlo AKs vs 5 random": ("equity", 0, 1.0, "AKs", *["random"] * 5),
    "equity Monte Carlo QQ+,AKs vs 22+,A2s+,KTo+": ("equity", 0, 1.0, "QQ+,AKs",
                                                    "22+,A2s+,KTo+"),
}


def ompeval_rows(side: str, ours: list[dict], n: int, threads: int) -> list[dict]:
    """OMPEval's rows, by the harness ``side`` of ``../shared/bench/omp_side`` (built outside
    the project, see its README), for each row of ``ours`` it has a counterpart of (the same
    hands: the rows' inputs are dealt with the same seeds), each a peer row with the ratio to
    ours, on ``threads`` threads."""
    out = []
    with tempfile.TemporaryDirectory() as scratch:
        for row in ours:
            work = _OMP_WORK.get(row["work"])
            if work is None:
                continue
            args: list[object]
            if work[0] == "eval":
                k = int(work[1])
                path = os.path.join(scratch, f"h{k}.bin")
                deal(n, k, seed=k).tofile(path)
                args = ["eval", path, n, k, threads, 7]
            elif work[0] == "enum7":
                args = ["enum7", threads]
            else:
                args = ["equity", work[1], work[2], threads, *work[3:]]
            text = subprocess.run([side, *map(str, args)], capture_output=True, text=True,
                                  check=True).stdout
            seconds = _median_seconds(text, row["items"])
            beside = "" if row.get("path") != PORTABLE_PATH else " (beside the portable path)"
            peer = dict(work=f"OMPEval {row['work'].replace('pokersim ', '')}{beside}",
                        items=row["items"], median_s=seconds, rate=row["items"] / seconds,
                        unit=row["unit"], slowest_rate=np.nan, fastest_rate=np.nan,
                        peer=True, path="")
            peer["pokersim_vs_peer"] = row["rate"] / peer["rate"]
            out.append(peer)
    return out


def _median_seconds(text: str, items: int) -> float:
    """The harness's median, in seconds for ``items`` (it prints seconds, or trials a second
    for Monte Carlo)."""
    found = re.search(r"median ([0-9.]+) (s|M trials/s)", text)
    if found is None:
        raise RuntimeError(f"OMPEval's harness printed no median: {text[-500:]!r}")
    value, unit = float(found.group(1)), found.group(2)
    return value if unit == "s" else items / (value * 1e6)
