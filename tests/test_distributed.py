"""The same simulations on a Dask cluster or an executor: same seed and chunk size, same numbers.

A real two-worker LocalCluster (one process per worker, one thread each) runs the chunks; the
local run is the reference. A worker that dies mid-run must change nothing, and a run that
stops early (``target_stderr``) must leave no task behind. A worker with two threads runs one
chunk at a time on both, under the default threading layer and under ``workqueue`` (the one
Numba picks where neither TBB nor OpenMP is installed).
"""

import concurrent.futures
import importlib
import os
import subprocess
import sys
import threading
import time

import numba
import numpy as np
import pandas as pd
import pytest

import pokersim as ps
from pokersim import config
from pokersim._core.runner import run_chunks
from pokersim.errors import PokersimInputError
from pokersim.games import draw5, videopoker, zhajinhua

distributed = pytest.importorskip("distributed")
equity_module = importlib.import_module("pokersim.engine.games")  # the equity chunks

SMALL_CHUNK = 4 * config.EQUITY_BLOCK  # many chunks from few trials


@pytest.fixture(scope="module")
def client():
    # ":0": the scheduler's HTTP server on a free port (None still binds 8787, and a second
    # cluster in the same run, as the CLI test starts, would warn that it is taken)
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=":0")
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


@pytest.fixture(scope="module", params=["default", "workqueue"])
def two_threads(request):
    """A client of one worker process with two threads, and its threading layer: the default,
    or workqueue (set in the worker's environment before it imports Numba)."""
    env = {} if request.param == "default" else {"NUMBA_THREADING_LAYER": request.param}
    cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=True,
                                       dashboard_address=":0", env=env)
    with distributed.Client(cluster) as c:
        yield c, request.param
    cluster.close()


def assert_no_tasks_left(client, timeout=10.0):
    """Cancellation is asynchronous: wait until the scheduler holds no task of ours."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        left = client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks))
        if left == 0:
            return
        time.sleep(0.05)
    raise AssertionError(f"{left} tasks still on the scheduler")


def test_importing_pokersim_does_not_import_dask():
    code = ("import sys, pokersim; "
            "print(sorted(m for m in ('dask', 'distributed') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("players", [["AhKh", "QsQd"], ["QQ+, AKs", "22+, A2s+, KTo+", "random"]])
def test_monte_carlo_equity_on_the_cluster_equals_the_local_run(client, players):
    kw = dict(trials=300_001, seed=11, chunk_size=SMALL_CHUNK, categories=True)
    local = ps.equity(players, **kw)
    remote = ps.equity(players, client=client, **kw)
    pd.testing.assert_frame_equal(local, remote)
    assert remote.outcomes.iloc[0] == 300_001


def test_a_worker_with_two_threads_gives_the_same_numbers(two_threads):
    kw = dict(trials=1_000_001, seed=12, chunk_size=SMALL_CHUNK, categories=True)
    players = ["AhKh", "QQ+, AKs", "random"]
    local = ps.equity(players, **kw)
    client, layer = two_threads
    remote = ps.equity(players, client=client, **kw)  # 16 chunks
    pd.testing.assert_frame_equal(local, remote)
    if layer != "default":  # the worker really ran its kernels under it
        assert list(client.run(numba.threading_layer).values()) == [layer]


_RUNNING = [0]  # chunks of _watched inside their kernel, in this process
_RUNNING_LOCK = threading.Lock()


def _watched(problem, first, n):
    """A real equity chunk that also reports (one-hot, so that chunks add up to histograms)
    how many chunks were running in its process, itself included, and its Numba threads."""
    with _RUNNING_LOCK:
        _RUNNING[0] += 1
        together = _RUNNING[0]
    try:
        time.sleep(0.01)  # room for another chunk to start alongside, were it allowed to
        counts = equity_module._monte_carlo_chunk(problem, first, n)
        with _RUNNING_LOCK:
            together = max(together, _RUNNING[0])
    finally:
        with _RUNNING_LOCK:
            _RUNNING[0] -= 1
    seen, threads = np.zeros(8, np.int64), np.zeros(257, np.int64)
    seen[together] = 1
    threads[numba.get_num_threads()] = 1
    return counts + (seen, threads)


def assert_one_chunk_at_a_time(client, monkeypatch):
    """Counts as here, each chunk alone in its worker process, on as many Numba threads as
    its worker has threads (at most NUMBA_NUM_THREADS)."""
    problem = _equity_problem(monkeypatch, trials=48 * config.EQUITY_BLOCK, seed=8)
    local = run_chunks(equity_module._monte_carlo_chunk, problem, 48, 2)
    remote = run_chunks(_watched, problem, 48, 2, client=client)
    *counts, seen, threads = remote.counts
    for a, b in zip(local.counts, counts, strict=True):
        np.testing.assert_array_equal(a, b)
    assert seen[1] == 24 and seen.sum() == 24
    expected = {min(client.nthreads()[w], n) for w, n in
                client.run(lambda: numba.config.NUMBA_NUM_THREADS).items()}
    assert {int(t) for t in np.flatnonzero(threads)} == expected and threads.sum() == 24


def test_a_worker_with_two_threads_runs_one_chunk_at_a_time_on_both(two_threads, monkeypatch):
    assert_one_chunk_at_a_time(two_threads[0], monkeypatch)


def test_one_thread_workers_run_each_chunk_on_one_numba_thread(client, monkeypatch):
    assert_one_chunk_at_a_time(client, monkeypatch)


def test_target_stderr_stops_at_the_same_chunk_and_leaves_no_task(client):
    kw = dict(target_stderr=0.004, seed=3, chunk_size=SMALL_CHUNK)
    local = ps.equity(["AsKd", "random", "random"], **kw)
    remote = ps.equity(["AsKd", "random", "random"], client=client, **kw)
    pd.testing.assert_frame_equal(local, remote)
    n = int(local.outcomes.iloc[0])
    assert n % SMALL_CHUNK == 0 and n < config.MAX_TRIALS  # stopped early, on a chunk edge
    assert (local.std_error < 0.004).all()
    assert_no_tasks_left(client)


def test_exact_equity_in_chunks_on_the_cluster(client, monkeypatch):
    players = ["JJ+", "AKs, AQs"]
    local = ps.equity(players, board="2c 7d 9h")
    monkeypatch.setattr(config, "EXACT_CHUNK_WORK", 5_000)  # one chunk per few tuples
    remote = ps.equity(players, board="2c 7d 9h", client=client)
    pd.testing.assert_frame_equal(local, remote, check_exact=False, rtol=1e-12)
    assert remote.method.iloc[0] == "exact"


def test_monte_carlo_frequencies_on_the_cluster(client):
    kw = dict(trials=500_000, seed=4, chunk_size=2 * config.MC_BLOCK)
    local = ps.category_frequencies(7, method="monte-carlo", **kw)
    remote = ps.category_frequencies(7, method="monte-carlo", client=client, **kw)
    pd.testing.assert_frame_equal(local, remote)


def test_games_win_rates_on_the_cluster(client):
    local = draw5.win_rates(4, trials=200_000, seed=2, chunk_size=config.MC_BLOCK)
    remote = draw5.win_rates(4, trials=200_000, seed=2, chunk_size=config.MC_BLOCK,
                             client=client)
    pd.testing.assert_frame_equal(local, remote)
    local = videopoker.simulate(trials=50_000, strategy="simple", seed=2,
                                chunk_size=2 * config.DEAL_BLOCK)
    remote = videopoker.simulate(trials=50_000, strategy="simple", seed=2,
                                 chunk_size=2 * config.DEAL_BLOCK,
                                 client=client)
    assert (local.value, local.trials) == (remote.value, remote.trials)
    pd.testing.assert_frame_equal(local.final_hands, remote.final_hands)
    local = zhajinhua.win_rates(5, trials=200_000, seed=2, chunk_size=config.MC_BLOCK)
    remote = zhajinhua.win_rates(5, trials=200_000, seed=2, chunk_size=config.MC_BLOCK,
                                 client=client)
    pd.testing.assert_frame_equal(local, remote)


def test_starting_hand_table_on_the_cluster(client):
    from pokersim.analysis.starting_hands import starting_hand_table

    kw = dict(opponents=[2, 3], target_stderr=0.005, names=["AA", "72o"], chunk_size=SMALL_CHUNK)
    local = starting_hand_table(**kw)
    remote = starting_hand_table(client=client, **kw)
    pd.testing.assert_frame_equal(local, remote)
    assert (local.std_error < 0.005).all()


def test_heads_up_matrix_on_the_cluster(client):
    from pokersim.tools.heads_up import class_pair_table

    names = ["AA", "AKs", "72o", "T9s"]
    local = class_pair_table(names)
    remote = class_pair_table(names, client=client, chunk_size=3)
    pd.testing.assert_frame_equal(local, remote)


def test_chunk_size_changes_nothing_without_target_stderr():
    players = ["AhKh", "random", "random"]
    a = ps.equity(players, trials=200_000, seed=5, chunk_size=config.EQUITY_BLOCK)
    b = ps.equity(players, trials=200_000, seed=5, chunk_size=10**6)
    pd.testing.assert_frame_equal(a, b)


def _dies_once(problem, first, n):
    """A real equity chunk that kills its worker process the first time it reaches block
    ``at``; it also reports which blocks it covered, to show none is counted twice."""
    inner, marker, at, n_blocks = problem
    if first == at and not os.path.exists(marker):
        with open(marker, "w"):
            pass
        os._exit(1)
    covered = np.zeros(n_blocks, np.int64)
    covered[first:first + n] = 1
    return equity_module._monte_carlo_chunk(inner, first, n) + (covered,)


def test_a_worker_dying_mid_run_changes_nothing(client, tmp_path, monkeypatch):
    problem = _equity_problem(monkeypatch, trials=40 * config.EQUITY_BLOCK, seed=21)
    n_blocks = 40
    local = run_chunks(equity_module._monte_carlo_chunk, problem, n_blocks, 2)
    dying = (problem, str(tmp_path / "died"), 20, n_blocks)
    remote = run_chunks(_dies_once, dying, n_blocks, 2, client=client)
    assert (tmp_path / "died").exists()  # a worker did die
    *counts, covered = remote.counts
    assert covered.tolist() == [1] * n_blocks  # every block counted exactly once
    for a, b in zip(local.counts, counts, strict=True):
        np.testing.assert_array_equal(a, b)
    client.wait_for_workers(2, timeout=60)


def _equity_problem(monkeypatch, trials, seed):
    """The Monte Carlo problem ``equity`` builds, captured on its way to the runner."""
    captured = {}

    def capture(compute, problem, *args, **kwargs):
        captured["problem"] = problem
        raise KeyboardInterrupt

    with monkeypatch.context() as m:
        m.setattr(importlib.import_module("pokersim.engine.runs"), "run_chunks", capture)
        with pytest.raises(KeyboardInterrupt):
            ps.equity(["AhKh", "random", "random"], trials=trials, seed=seed)
    return captured["problem"]


def test_an_executor_gives_the_same_numbers():
    kw = dict(trials=150_000, seed=9, chunk_size=SMALL_CHUNK)
    local = ps.equity(["AhKh", "QQ+", "random"], **kw)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        threaded = ps.equity(["AhKh", "QQ+", "random"], client=pool, **kw)
    pd.testing.assert_frame_equal(local, threaded)


def test_an_executor_runs_one_chunk_at_a_time(monkeypatch):
    problem = _equity_problem(monkeypatch, trials=24 * config.EQUITY_BLOCK, seed=8)
    local = run_chunks(equity_module._monte_carlo_chunk, problem, 24, 2)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        threaded = run_chunks(_watched, problem, 24, 2, client=pool)
    *counts, seen, _ = threaded.counts
    for a, b in zip(local.counts, counts, strict=True):
        np.testing.assert_array_equal(a, b)
    assert seen[1] == 12 and seen.sum() == 12


@pytest.mark.parametrize("bad", ["tcp://localhost:8786", 4, object()])
def test_a_client_that_is_not_one_is_an_error(bad):
    with pytest.raises(PokersimInputError, match="client must be"):
        ps.equity(["AhKh", "QsQd"], trials=1000, client=bad)
    with pytest.raises(PokersimInputError, match="client must be"):
        ps.category_frequencies(5, method="monte-carlo", trials=1000, client=bad)


def test_counts_sum_past_two_to_the_31_without_overflow(monkeypatch):
    """3 * 2**31 Monte Carlo hands through the public function, the kernel replaced by one
    that 'deals' every hand a royal flush: the merged counts are exact 64-bit sums."""
    from pokersim.analysis import frequencies

    def royal_chunk(problem, first, n):
        cards, ranking, key, trials = problem
        hist = np.zeros(7463, np.int64)
        hist[7462] = min((first + n) * config.MC_BLOCK, trials) - first * config.MC_BLOCK
        return (hist,)

    monkeypatch.setattr(frequencies, "_monte_carlo_chunk", royal_chunk)
    trials = 3 * 2**31 + 5
    df = ps.category_frequencies(7, method="monte-carlo", trials=trials, seed=1, chunk_size=2**28)
    assert df["count"].iloc[0] == trials and df["count"].iloc[1:].sum() == 0
    assert df.attrs["outcomes"] == trials


@pytest.fixture
def bars(monkeypatch):
    """Every progress bar made, shown at once (no one-second delay)."""
    import tqdm

    made = []

    class Recorded(tqdm.tqdm):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(tqdm, "tqdm", Recorded)
    monkeypatch.setattr(config, "PROGRESS_DELAY", 0)
    return made


@pytest.mark.parametrize("where", ["here", "cluster"])
def test_progress_bar_counts_every_trial(bars, capsys, request, where):
    client = request.getfixturevalue("client") if where == "cluster" else None
    ps.equity(["AhKh", "random"], trials=100_000, seed=1, progress=True,
              chunk_size=SMALL_CHUNK, client=client)
    assert [(b.n, b.total, b.desc) for b in bars] == [(100_000, 100_000, "equity")]
    assert "equity" in capsys.readouterr().err


def test_no_progress_bar_unless_asked(bars, capsys):
    ps.equity(["AhKh", "random"], trials=100_000, seed=1)
    assert bars == [] and capsys.readouterr().err == ""


def _cli_table(argv, tmp_path, name):
    from pokersim.cli import main

    out = tmp_path / f"{name}.csv"
    assert main(argv + ["--csv", str(out)]) == 0
    return pd.read_csv(out, comment="#")  # past the metadata block


def test_cli_runs_on_a_scheduler_given_by_flag_or_environment(client, tmp_path, monkeypatch):
    argv = ["equity", "AhKh", "random", "random", "--trials", "200000", "--seed", "1",
            "--chunk-size", str(SMALL_CHUNK)]
    local = _cli_table(argv, tmp_path, "local")
    address = client.scheduler.address
    remote = _cli_table(argv + ["--scheduler", address], tmp_path, "flag")
    pd.testing.assert_frame_equal(local, remote)
    monkeypatch.setenv("POKERSIM_SCHEDULER", address)
    from_env = _cli_table(["zhajinhua", "win-rates", "--players", "4", "--trials", "100000",
                           "--seed", "2"], tmp_path, "env")
    monkeypatch.delenv("POKERSIM_SCHEDULER")
    here = _cli_table(["zhajinhua", "win-rates", "--players", "4", "--trials", "100000",
                       "--seed", "2"], tmp_path, "here")
    pd.testing.assert_frame_equal(from_env, here)


def test_cli_starts_a_local_cluster_for_workers(tmp_path):
    argv = ["frequencies", "--method", "monte-carlo", "--trials", "300000", "--seed", "3"]
    pd.testing.assert_frame_equal(_cli_table(argv, tmp_path, "here"),
                                  _cli_table(argv + ["--workers", "2"], tmp_path, "cluster"))


@pytest.mark.parametrize("extra, message", [
    (["--scheduler", "tcp://127.0.0.1:9"], "cannot reach the Dask scheduler"),
    (["--scheduler", "tcp://127.0.0.1:9", "--workers", "2"], "not both"),
    (["--workers", "0"], "--workers must be"),
])
def test_cli_cluster_errors(capsys, extra, message):
    from pokersim.cli import main

    assert main(["equity", "AhKh", "random", "--trials", "1000"] + extra) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and err.count("\n") == 1


def test_a_file_of_spots_labelled_on_the_cluster(client, tmp_path):
    """batch_equity_file's chunks as tasks on the workers: the file written here equals the
    local run's (exact rows and Monte Carlo ones, spot i on stream i)."""
    rng = np.random.default_rng(3)
    rows = []
    for i in range(30):
        cards = ps.format_cards(rng.permutation(52)[:9].astype(np.uint8)).split()
        rows.append({"a": cards[0] + cards[1], "b": cards[2] + cards[3],
                     "board": " ".join(cards[4:4 + (0, 3, 4, 5)[i % 4]])})
    source = tmp_path / "spots.csv"
    pd.DataFrame(rows).to_csv(source, index=False)
    here = ps.batch_equity_file(source, tmp_path / "here.csv", seed=4, chunk_size=7)
    there = ps.batch_equity_file(source, tmp_path / "there.csv", seed=4, chunk_size=7,
                                 client=client)
    pd.testing.assert_frame_equal(pd.read_csv(here, comment="#"),
                                  pd.read_csv(there, comment="#"))
    assert_no_tasks_left(client)


def test_batch_equity_on_the_cluster(client):
    """batch_equity's chunks as tasks on the workers: the numbers of one local call."""
    cards = ps.deal(40, 6, seed=12)
    hands = cards[:, :4].reshape(40, 2, 2)
    here = ps.batch_equity(hands, seed=2, trials=2_000, as_array=True)
    there = ps.batch_equity(hands, seed=2, trials=2_000, as_array=True, client=client,
                            chunk_size=9)
    np.testing.assert_array_equal(here, there)
    assert_no_tasks_left(client)
