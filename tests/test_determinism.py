"""The same seed gives the same numbers in a fresh process, with 1 or 2 Numba threads."""

import json
import os
import subprocess
import sys

import pytest

SCRIPT = """
import json, pokersim as ps
out = {
    "deal": ps.deal(10_000, 7, seed=99).sum(axis=0).tolist(),
    "frequencies": ps.category_frequencies(7, "monte-carlo", trials=200_003, seed=5)
                   ["count"].tolist(),
    "equity": ps.equity(["QQ+, AKs", "random", "random"], trials=100_001, seed=8)
              ["equity"].tolist(),
}
print(json.dumps(out))
"""


def run(threads: int) -> dict:
    env = {**os.environ, "NUMBA_NUM_THREADS": str(threads)}
    done = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True,
                          text=True, check=True)
    return json.loads(done.stdout)


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="needs 2 cores to run 2 threads")
def test_same_seed_same_numbers_across_processes_and_thread_counts():
    one, two = run(1), run(2)
    assert one == two
    assert one == run(2)  # and again, in another process
