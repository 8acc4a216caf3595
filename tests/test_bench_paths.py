"""pokersim bench's code paths: which child process times the portable path, and OMPEval's
harness read beside the rows (a stand-in harness here: timings are never asserted)."""

import os
import stat

import pytest

from pokersim._core.jit import SLOW_PDEP
from pokersim.tools import bench, bench_paths
from pokersim.tools.bench_paths import PORTABLE_PATH, ompeval_rows, portable_env


@pytest.mark.parametrize("machine, has_pdep, features, child", [
    ("x86_64", True, {"avx2", "bmi2"}, True),  # a fast pdep: time the portable draw apart
    ("x86_64", False, {"avx2", "avx512f"}, True),  # AVX-512: time AVX2 alone apart
    ("x86_64", False, {"avx2", "bmi2"}, False),  # a Zen 2 itself: one path
    ("x86_64", True, {"sse4.2", "bmi2"}, False),  # no AVX2: the host's path only
    ("aarch64", False, set(), False),  # ARM: the portable path is the host's
])
def test_a_child_times_the_portable_path_where_the_host_takes_another(machine, has_pdep,
                                                                      features, child):
    env = portable_env(machine, has_pdep, features)
    assert (env is not None) == child
    if child:
        assert (env["NUMBA_CPU_NAME"], env["NUMBA_CPU_FEATURES"]) == bench_paths.PORTABLE_TARGET


def test_the_portable_target_takes_the_portable_draw_and_the_avx2_evaluator():
    name, features = bench_paths.PORTABLE_TARGET
    assert name in SLOW_PDEP and "+avx2" in features.split(",")


FAKE_HARNESS = """#!/bin/sh
case "$1" in
  eval) echo "omp eval k=$4 threads=$5 n=$3 median 0.5000 s  2.0 M/s" ;;
  enum7) echo "omp enum7 threads=$2 total=133784560 median 0.2500 s" ;;
  equity) if [ "$2" = 1 ]; then echo "omp exact threads=$4 median 0.00200 s  equity0=0.46"
          else echo "omp mc threads=$4 median 40.00 M trials/s equity0=0.46"; fi ;;
esac
"""


def test_ompeval_rows_read_the_harness_beside_each_row(tmp_path):
    side = tmp_path / "side"
    side.write_text(FAKE_HARNESS)
    side.chmod(side.stat().st_mode | stat.S_IEXEC)
    ours = [dict(work="pokersim evaluate, 7 cards", items=1000, rate=4000.0, unit="hands/s"),
            dict(work="exact category_frequencies, 7 cards", items=133_784_560,
                 rate=133_784_560 / 0.05, unit="hands/s", path=PORTABLE_PATH),
            dict(work="equity exact AhKh vs QsQd preflop (boards)", items=1_712_304,
                 rate=1_712_304 / 0.001, unit="boards/s"),
            dict(work="equity Monte Carlo AhKh vs QsQd", items=10**6, rate=8e7,
                 unit="trials/s"),
            dict(work="a row OMPEval has no counterpart of", items=1, rate=1.0, unit="x/s")]
    rows = ompeval_rows(str(side), ours, 1000, 2)
    assert [r["work"] for r in rows] == [
        "OMPEval evaluate, 7 cards", "OMPEval exact category_frequencies, 7 cards (beside "
        "the portable path)", "OMPEval equity exact AhKh vs QsQd preflop (boards)",
        "OMPEval equity Monte Carlo AhKh vs QsQd"]
    assert [r["median_s"] for r in rows] == pytest.approx([0.5, 0.25, 0.002, 10**6 / 4e7])
    assert [r["pokersim_vs_peer"] for r in rows] == pytest.approx([2.0, 5.0, 2.0, 2.0])
    assert all(r["peer"] for r in rows)


def test_a_harness_that_prints_no_median_is_an_error(tmp_path):
    side = tmp_path / "side"
    side.write_text("#!/bin/sh\necho nothing\n")
    side.chmod(side.stat().st_mode | stat.S_IEXEC)
    with pytest.raises(RuntimeError, match="no median"):
        ompeval_rows(str(side), [dict(work="exact category_frequencies, 7 cards", items=1,
                                      rate=1.0, unit="hands/s")], 10, 2)


@pytest.mark.slow
def test_the_portable_rows_run_in_a_child_compiled_for_a_zen_2(tmp_path):
    env = portable_env(features={"avx2"}, has_pdep=True, machine="x86_64")
    if os.uname().machine != "x86_64" or "avx2" not in bench_paths.TARGET_FEATURES:
        pytest.skip("the child's znver2 kernels need an x86-64 CPU with AVX2")
    env["NUMBA_CACHE_DIR"] = str(tmp_path)
    rows = bench_paths.portable_rows(2_000, 1, env)
    assert [r["work"] for r in rows] == [r["work"] for r in bench.path_rows(2_000, 1)]
    assert all(r["path"] == PORTABLE_PATH and r["rate"] > 0 for r in rows)
