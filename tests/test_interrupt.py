"""Ctrl-C during a long Monte Carlo run of a game or of equity_vs_random: a real process, a
real SIGINT.

The library stops within about a second and raises SimulationInterrupted, whose ``partial``
frame holds the estimate from the chunks finished so far. And the runner under every
simulation: what it returns when Ctrl-C comes after some chunks, or before any.
"""

import json
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

from pokersim._core.runner import run_chunks
from tests.signals import interruptible

SCRIPT = """
import json, sys
from pokersim import SimulationInterrupted
from pokersim.games import draw5, videopoker, zhajinhua

run = {
    "draw5.win_rates": lambda trials: draw5.win_rates(5, trials=trials, seed=1),
    "zhajinhua.win_rates": lambda trials: zhajinhua.win_rates(6, trials=trials, seed=1),
    "zhajinhua.category_frequencies":
        lambda trials: zhajinhua.category_frequencies(method="monte-carlo", trials=trials,
                                                      seed=1),
    "videopoker.simulate": lambda trials: videopoker.simulate(trials=trials, strategy="simple",
                                                              seed=1),
}[sys.argv[1]]
run(1000)  # compile (or load from the cache) before saying ready
print("ready", flush=True)
try:
    run(10**10)
except SimulationInterrupted as e:
    if isinstance(e.partial, videopoker.VideoPokerReturn):
        print(json.dumps({"partial": True, "trials": e.partial.trials}), flush=True)
        sys.exit(130)
    frame = e.partial
    print(json.dumps({"partial": bool(frame.attrs["partial"]),
                      "trials": int(frame.attrs.get("trials") or frame.attrs.get("outcomes")),
                      "columns": list(frame.columns)}), flush=True)
    sys.exit(130)
"""


@pytest.mark.parametrize("function", ["draw5.win_rates", "zhajinhua.win_rates",
                                      "zhajinhua.category_frequencies", "videopoker.simulate"])
def test_ctrl_c_stops_a_game_simulation_with_its_partial_result(function):
    proc = subprocess.Popen([sys.executable, "-c", SCRIPT, function], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=interruptible)
    assert proc.stdout.readline().strip() == "ready", proc.stderr.read()
    time.sleep(1.0)  # simulate for a while
    sent = time.perf_counter()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    stopped_after = time.perf_counter() - sent
    assert proc.returncode == 130, err
    result = json.loads(out)
    assert result["partial"] is True
    assert 0 < result["trials"] < 10**10
    assert stopped_after < 3.0  # 'within about a second'; generous for a busy machine


VS_RANDOM_SCRIPT = """
import importlib, json, sys
from pokersim import SimulationInterrupted, equity_vs_random

module = importlib.import_module("pokersim.engine.front")  # the module, not the function

real = module.equity

def equity(players, **options):  # one opponent: 20,000 trials; more: 10**10 (Ctrl-C ends it)
    return real(players, **options | ({} if len(players) == 2 else dict(trials=10**10)))

module.equity = equity
real(["AsAd", "random", "random"], trials=1000, seed=1)  # compile before saying ready
equity_vs_random("AsAd", opponents=[1], trials=20_000, seed=1)
print("ready", flush=True)
try:
    equity_vs_random("AsAd", opponents=[1, 2, 3], trials=20_000, seed=1)
except SimulationInterrupted as e:
    table = e.partial
    print(json.dumps({"columns": list(table.columns), "opponents": table.opponents.tolist(),
                      "methods": table.method.tolist(), "outcomes": table.outcomes.tolist(),
                      "partial": bool(table.attrs["partial"])}), flush=True)
    sys.exit(130)
"""


def test_ctrl_c_in_equity_vs_random_keeps_every_finished_row():
    """A real SIGINT while the second opponent count runs: the partial table is
    equity_vs_random's, with the finished row and the interrupted one."""
    proc = subprocess.Popen([sys.executable, "-c", VS_RANDOM_SCRIPT], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=interruptible)
    assert proc.stdout.readline().strip() == "ready", proc.stderr.read()
    time.sleep(1.0)  # the first row takes milliseconds; the second runs on
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    table = json.loads(out)
    assert table["columns"][:2] == ["opponents", "player"] and table["partial"] is True
    assert table["opponents"] == [1, 2]
    assert table["methods"] == ["monte-carlo", "monte-carlo (partial)"]
    assert table["outcomes"][0] == 20_000 and 0 < table["outcomes"][1] < 10**10


def _chunks_interrupted_at(chunk: int):
    """A run whose chunk starting at block ``chunk`` is cut short by Ctrl-C."""
    def compute(problem, first, n):
        if first == chunk:
            raise KeyboardInterrupt
        return (np.full(1, n),)

    return run_chunks(compute, None, 10, 2)


def test_ctrl_c_after_some_chunks_returns_what_they_counted():
    run = _chunks_interrupted_at(6)  # chunks start at blocks 0, 2, 4, 6, 8
    assert run.interrupted and run.blocks == 6 and run.counts[0].tolist() == [6]


def test_ctrl_c_before_any_chunk_finished_goes_on_up():
    with pytest.raises(KeyboardInterrupt) as info:
        _chunks_interrupted_at(0)
    assert type(info.value) is KeyboardInterrupt  # nothing counted: no partial result
