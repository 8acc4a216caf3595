"""pokersim bench's code paths: which child process times the portable path, and OMPEval's
harness read beside the rows (a stand-in harness here: timings are never asserted)."""

import os
import stat

import pytest

from pokersim._core.jit import SLOW_PDEP
from pokersim.tools import bench, bench_paths
from pokersim.tools.bench_paths import PORTABLE_PATH, OMPEval, portable_env


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
echo "omp $1" >> "$(dirname "$0")/log"
case "$1" in
  eval) echo "omp eval k=$4 threads=$5 n=$3 median 0.5000 s  2.0 M/s" ;;
  enum7) echo "omp enum7 threads=$2 total=133784560 median 0.2500 s" ;;
  equity) if [ "$2" = 1 ]; then echo "omp exact threads=$4 median 0.00200 s  equity0=0.46"
          else echo "omp mc threads=$4 median 40.00 M trials/s equity0=0.46"; fi ;;
esac
"""


def _harness(tmp_path, text=FAKE_HARNESS):
    side = tmp_path / "side"
    side.write_text(text)
    side.chmod(side.stat().st_mode | stat.S_IEXEC)
    return str(side)


def test_the_harness_times_each_rows_counterpart(tmp_path):
    with OMPEval(_harness(tmp_path), 2) as harness:
        seconds = [harness.seconds(work, items) for work, items in [
            ("pokersim evaluate, 7 cards", 1000), ("exact category_frequencies, 7 cards", 1),
            ("equity exact AhKh vs QsQd preflop (boards)", 1),
            ("equity Monte Carlo AhKh vs QsQd", 10**6)]]
        hands = tmp_path.glob("*")  # the hands it wrote live in its own scratch folder
        assert {p.name for p in hands} == {"side", "log"}
    assert seconds == pytest.approx([0.5, 0.25, 0.002, 10**6 / 4e7])
    assert OMPEval.counterpart("pokersim evaluate, 5 cards") == "OMPEval evaluate, 5 cards"
    assert OMPEval.counterpart("a row OMPEval has no counterpart of") is None


def test_pokersim_and_the_harness_take_turns(tmp_path):
    side = _harness(tmp_path)
    log = tmp_path / "log"

    def ours():
        with log.open("a") as f:
            f.write("pokersim\n")

    work = [("equity Monte Carlo AhKh vs QsQd", 10**6, "trials/s", ours),
            ("a row OMPEval has no counterpart of", 1, "x/s", ours)]
    rows = bench._alternating_rows(side, work, repeat=2, rounds=5)
    turn = ["pokersim"] * 3 + ["omp equity"]  # a warm-up and two calls, then one harness run
    assert log.read_text().split("\n")[:-1] == turn * 5
    assert [r["work"] for r in rows] == [
        "equity Monte Carlo AhKh vs QsQd, in turn with OMPEval (5 rounds)",
        "OMPEval equity Monte Carlo AhKh vs QsQd"]
    assert rows[1]["median_s"] == pytest.approx(10**6 / 4e7)
    assert rows[1]["pokersim_vs_peer"] == pytest.approx(rows[0]["rate"] / 4e7)
    assert [r.get("peer", False) for r in rows] == [False, True]


def test_a_harness_that_prints_no_median_is_an_error(tmp_path):
    side = _harness(tmp_path, "#!/bin/sh\necho nothing\n")
    with OMPEval(side, 2) as harness, pytest.raises(RuntimeError, match="no median"):
        harness.seconds("exact category_frequencies, 7 cards", 1)


@pytest.mark.slow
def test_the_portable_rows_run_in_a_child_compiled_for_a_zen_2(tmp_path):
    env = portable_env(features={"avx2"}, has_pdep=True, machine="x86_64")
    if os.uname().machine != "x86_64" or "avx2" not in bench_paths.TARGET_FEATURES:
        pytest.skip("the child's znver2 kernels need an x86-64 CPU with AVX2")
    env["NUMBA_CACHE_DIR"] = str(tmp_path)
    rows = bench_paths.portable_rows(2_000, 1, env, _harness(tmp_path))
    ours = [r for r in rows if not r.get("peer")]
    names = [r["work"] for r in bench.path_rows(2_000, 1)]
    assert [r["work"] for r in ours[:len(names)]] == names
    assert all(r["path"] == PORTABLE_PATH and r["rate"] > 0 for r in ours)
    peers = [r["work"] for r in rows if r.get("peer")]
    assert len(peers) == len(ours) - len(names) == 8  # those with a counterpart, in turn
    assert all(p.endswith("(beside the portable path)") for p in peers)


def test_the_exact_rows_count_the_deals_they_time():
    for work, items, _, call in bench._equity_work(10_000):
        if "its defaults" in work:  # the whole default call: Monte Carlo, its trials
            got = call()
            assert got.attrs["method"] == "monte-carlo" and got.attrs["trials"] == items
        if work.startswith("equity exact"):
            assert int(call().outcomes.iloc[0]) == items, work
        if work.startswith("batch_equity exact"):
            assert int(call().outcomes.sum()) == 2 * items, work  # two rows a spot
