"""The same seed gives the same numbers: at 1 and 2 Numba threads, in a fresh process, across
chunk sizes where the API promises it, and for every form of a seed (int, SeedSequence,
Generator). One entry of ``CALLS`` per public random function (and per code path of it).

The subprocess test runs ``CALLS`` in fresh interpreters with ``NUMBA_NUM_THREADS`` 1 and 2
and compares a JSON fingerprint of every result (floats as ``repr``, big arrays as SHA-256).
Every call stays small: the whole file runs in well under a minute.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from numpy.testing import assert_array_equal
from pandas.testing import assert_frame_equal

import pokersim as ps
from pokersim import config
from pokersim._core.runner import run_chunks
from pokersim.analysis import frequencies
from pokersim.analysis.frequencies import strength_counts
from pokersim.analysis.starting_hands import starting_hand_table
from pokersim.engine import games as equity_games
from pokersim.games import draw5, videopoker, zhajinhua

REPO = Path(__file__).resolve().parents[1]


def _hands_and_boards(n, b):
    """n heads-up spots on boards of b cards, each row's cards distinct."""
    cards = ps.deal(n, 4 + b, seed=2)
    return cards[:, :4].reshape(n, 2, 2), cards[:, 4:]

# Trial counts span several random blocks (DEAL_BLOCK 4096, MC_BLOCK 65536, EQUITY_BLOCK and
# zhajinhua.TABLE_BLOCK 16384), so two threads really share the work.
CALLS = {
    "deal": lambda s: ps.deal(10_000, 7, seed=s),
    "deal-dead": lambda s: ps.deal(9_000, 5, seed=s, dead="As Kd 2c 7h"),
    "strength_counts-6": lambda s: strength_counts(6, "monte-carlo", trials=140_001, seed=s),
    "frequencies-5": lambda s: ps.category_frequencies(5, method="monte-carlo", trials=140_001,
                                                       seed=s),
    "frequencies-6": lambda s: ps.category_frequencies(6, method="monte-carlo", trials=140_001,
                                                       seed=s),
    "frequencies-7": lambda s: ps.category_frequencies(7, method="monte-carlo", trials=200_003,
                                                       seed=s),
    "equity-hands": lambda s: ps.equity(["AhKh", "QsQd"], dead="2c 7d", trials=50_001, seed=s),
    "equity-flop-categories": lambda s: ps.equity(["AhKh", "QsQd", "Tc9c"], board="2c 7d Qh",
                                                  trials=40_001, seed=s, categories=True),
    "equity-ranges": lambda s: ps.equity(["QQ+, AKs", "22+, A2s+, KTo+"], dead="3c",
                                         trials=50_001, seed=s),
    # three wide ranges: too many joint combinations to list, drawn by rejection
    "equity-ranges-rejection": lambda s: ps.equity(["22+, A2s+, A2o+", "22+, K2s+, K2o+",
                                                    "22+, Q2s+, Q2o+"], trials=40_001, seed=s),
    "equity-random": lambda s: ps.equity(["AsAd", "random", "random"], trials=50_001, seed=s),
    "equity-target-stderr": lambda s: ps.equity(["QQ+, AKs", "random"], target_stderr=0.003,
                                                chunk_size=config.EQUITY_BLOCK, seed=s),
    "batch_equity": lambda s: ps.batch_equity(ps.deal(200, 6, seed=1).reshape(200, 3, 2),
                                              trials=2_001, seed=s),
    "batch_equity-flop": lambda s: ps.batch_equity(*_hands_and_boards(150, 3), trials=1_001,
                                                   seed=s, as_array=True),
    "batch_equity-omaha": lambda s: ps.batch_equity(ps.deal(60, 8, seed=3).reshape(60, 2, 4),
                                                    game="omaha", trials=1_001, seed=s),
    # the games of the general engine: a board of two-plus-three, a stud deal
    "equity-omaha-hi-lo": lambda s: ps.equity(["AhKhQs2s", "random", "random"],
                                              game="omaha-hi-lo", trials=30_001, seed=s),
    "equity-stud": lambda s: ps.equity(["Ah2d3c", "KsKd9c", "random"], game="stud",
                                       trials=30_001, seed=s),
    "equity_vs_random": lambda s: ps.equity_vs_random("AsAd", opponents=[1, 3], trials=30_001,
                                                      seed=s),
    "equity_vs_random-target-stderr": lambda s: ps.equity_vs_random(
        "7c2d", opponents=[2], target_stderr=0.004, chunk_size=20_000, seed=s),
    "draw5.deal_table": lambda s: draw5.deal_table(4, rounds=1_500, seed=s),
    "draw5.win_rates": lambda s: draw5.win_rates(5, trials=140_001, seed=s,
                                                 method="monte-carlo"),
    "draw5.win_rates-heads-up": lambda s: draw5.win_rates(2, trials=70_001, seed=s),
    "videopoker.simulate-optimal": lambda s: videopoker.simulate(trials=20_000,
                                                                 strategy="optimal", seed=s),
    "videopoker.simulate-simple": lambda s: videopoker.simulate(trials=60_000, strategy="simple",
                                                                seed=s,
                                                                paytable="8/5"),
    "zhajinhua.deal_table": lambda s: zhajinhua.deal_table(
        6, rounds=1_000, seed=s, rules=zhajinhua.Rules(ties="suit")),
    "zhajinhua.category_frequencies": lambda s: zhajinhua.category_frequencies(
        method="monte-carlo", trials=140_001, seed=s),
    "zhajinhua.win_rates": lambda s: zhajinhua.win_rates(5, trials=50_001, seed=s,
                                                         method="monte-carlo"),
    "zhajinhua.win_rates-rules-chunk": lambda s: zhajinhua.win_rates(
        3, rules=zhajinhua.Rules(a23="lowest", rule_235=True, ties="suit"), trials=50_001, seed=s,
        chunk_size=20_000),
    "starting_hand_table": lambda s: starting_hand_table(
        [2], target_stderr=0.01, seed=s, names=["AA", "72o"]),
}


def fingerprint(result):
    """A JSON-able, exact summary of a result: floats as repr (NaN compares equal), arrays
    as a hash of their bytes."""
    if isinstance(result, pd.DataFrame):
        return {str(c): [repr(v) for v in result[c].tolist()] for c in result.columns}
    if isinstance(result, np.ndarray):
        return [str(result.dtype), list(result.shape),
                hashlib.sha256(np.ascontiguousarray(result).tobytes()).hexdigest()]
    if isinstance(result, videopoker.VideoPokerReturn):
        return [repr(result.value), repr(result.std_error), result.trials, result.strategy,
                fingerprint(result.final_hands)]
    raise TypeError(type(result))


def assert_same(a, b):
    """Exact equality of two results of one entry of CALLS."""
    assert type(a) is type(b)
    if isinstance(a, pd.DataFrame):
        assert_frame_equal(a, b, check_exact=True)
    elif isinstance(a, np.ndarray):
        assert a.dtype == b.dtype
        assert_array_equal(a, b, strict=True)
    else:
        assert (a.value, a.std_error, a.trials, a.strategy) == (
            b.value, b.std_error, b.trials, b.strategy)
        assert_frame_equal(a.final_hands, b.final_hands, check_exact=True)


def differs(a, b) -> bool:
    try:
        assert_same(a, b)
    except AssertionError:
        return True
    return False


# ---------------------------------------------------------------------------------------------
# Threads and processes

SCRIPT = """
import json, numba
from tests.test_determinism import CALLS, fingerprint
out = {name: fingerprint(call(20_000 + i)) for i, (name, call) in enumerate(CALLS.items())}
print(json.dumps({"threads": numba.get_num_threads(), "results": out}))
"""


def run(threads: int) -> dict:
    env = {**os.environ, "NUMBA_NUM_THREADS": str(threads)}
    done = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True,
                          text=True, cwd=REPO)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="needs 2 cores to run 2 threads")
def test_same_seed_same_numbers_across_processes_and_thread_counts():
    one, two = run(1), run(2)
    assert (one["threads"], two["threads"]) == (1, 2)
    assert set(one["results"]) == set(CALLS)
    for name in CALLS:
        assert one["results"][name] == two["results"][name], name
    again = run(2)["results"]  # and again, in another process
    for name in CALLS:
        assert again[name] == two["results"][name], name


#: Exact equity on the runout kernel and the range kernel (pokersim.engine.games.
#: _list_against_list), compared across CPUs too: (args, kwargs) of equity.
EXACT_CALLS = {
    "exact range against range, flop": ((["QQ+, AK", "22+, A2s+, KTo+"],),
                                        {"board": "Qh 7d 2c"}),
    "exact hand against range, turn": ((["AhKh", "22+, A2s+, KTo+"],),
                                       {"board": "Qh 7d 2c 9s"}),
}


PORTABLE_SCRIPT = """
import json
from pokersim import deal, equity, evaluate
from pokersim._core.jit import HAS_AVX2, HAS_PDEP
from tests.test_determinism import CALLS, EXACT_CALLS, fingerprint
names = [n for n in CALLS if n.startswith(("equity", "batch_equity"))]
out = {n: fingerprint(CALLS[n](20_000 + list(CALLS).index(n))) for n in names}
out.update({n: fingerprint(equity(*args, **kw)) for n, (args, kw) in EXACT_CALLS.items()})
strengths = {k: evaluate(deal(100_003, k, seed=k)).tolist() for k in (5, 6, 7)}
print(json.dumps({"pdep": HAS_PDEP, "avx2": HAS_AVX2, "results": out,
                  "strengths": strengths}))
"""


@pytest.mark.slow
def test_generic_cpus_get_the_same_numbers(tmp_path):
    # Monte Carlo equity picks cards with BMI2's pdep where the CPU has it, and by the gaps
    # of the cards taken elsewhere (pokersim._core.gaps.nth_left); evaluate takes eight rows at
    # a time with AVX2 where the CPU has it, one at a time elsewhere: compiled for a generic
    # x86-64 (neither), the numbers must be the same.
    env = {**os.environ, "NUMBA_CPU_NAME": "generic", "NUMBA_CACHE_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", PORTABLE_SCRIPT], env=env,
                          capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 0, done.stderr
    portable = json.loads(done.stdout)
    here = run(2)["results"]
    here.update({n: fingerprint(ps.equity(*args, **kw)) for n, (args, kw) in EXACT_CALLS.items()})
    assert not portable["pdep"] and not portable["avx2"]
    assert portable["results"]
    for k, strengths in portable["strengths"].items():
        assert strengths == ps.evaluate(ps.deal(100_003, int(k), seed=int(k))).tolist()
    for name, value in portable["results"].items():
        assert value == here[name], name


# ---------------------------------------------------------------------------------------------
# Seeds in every form, in this process



@pytest.mark.parametrize("name", list(CALLS))
def test_int_seed_sequence_and_generator_seeds(name):
    call = CALLS[name]
    first = call(7)
    assert_same(first, call(7))
    assert_same(first, call(np.int64(7)))
    assert differs(first, call(8)), "seeds 7 and 8 gave the same numbers"
    for seed in (-1, True, 7.0):
        with pytest.raises(ps.PokersimInputError, match="seed"):
            call(seed)
    # an int seed goes through SeedSequence(seed): the two are one seed (pokersim._core.streams)
    assert_same(first, call(np.random.SeedSequence(7)))
    # a Generator gives one draw: the same Generator state, the same numbers
    assert_same(call(np.random.default_rng(3)), call(np.random.default_rng(3)))


# ---------------------------------------------------------------------------------------------
# Chunk sizes: without target_stderr, counts merge by addition and do not depend on them

CHUNKED = {
    "equity": (lambda chunk: ps.equity(["QQ+, AKs", "random", "random"], trials=100_001,
                                       seed=11, chunk_size=chunk), config.EQUITY_BLOCK),
    "equity-categories": (lambda chunk: ps.equity(["AhKh", "QsQd"], board="2c 7d Qh",
                                                  trials=70_001, seed=12, categories=True,
                                                  chunk_size=chunk), config.EQUITY_BLOCK),
    "equity_vs_random": (lambda chunk: ps.equity_vs_random("AsAd", opponents=[1, 2],
                                                           trials=70_001, seed=13,
                                                           chunk_size=chunk),
                         config.EQUITY_BLOCK),
    "category_frequencies": (lambda chunk: ps.category_frequencies(
        7, method="monte-carlo", trials=300_001, seed=14, chunk_size=chunk), config.MC_BLOCK),
    "draw5.win_rates": (lambda chunk: draw5.win_rates(
        4, trials=200_001, seed=15, chunk_size=chunk), config.MC_BLOCK),
    "zhajinhua.category_frequencies": (lambda chunk: zhajinhua.category_frequencies(
        method="monte-carlo", trials=200_001, seed=16, chunk_size=chunk), config.MC_BLOCK),
}


@pytest.mark.parametrize("name", list(CHUNKED))
def test_without_target_stderr_the_chunk_size_does_not_matter(name):
    call, block = CHUNKED[name]
    one_block = call(block)  # several chunks of one block each
    assert_same(one_block, call(10**6))  # one chunk
    assert_same(one_block, call(3 * block - 1))  # rounded up to whole blocks, 3 a chunk
    assert_same(one_block, call(None))  # config.CHUNK_TRIALS


def test_a_run_here_doubles_its_chunks_while_they_are_short(monkeypatch):
    """``grow``: each chunk twice the last while they take under half of CHUNK_SECONDS; the
    same chunks as ever on an executor, or with ``grow`` off, or once chunks are slow."""
    seen = []

    def count(problem, first, n):
        seen.append((first, n))
        return (np.array([n]),)

    monkeypatch.setattr(config, "CHUNK_SECONDS", 3600.0)  # every chunk is short
    run = run_chunks(count, None, n_blocks=100, chunk_blocks=3, grow=True)
    assert seen == [(0, 3), (3, 6), (9, 12), (21, 24), (45, 48), (93, 7)]
    assert run.counts[0].tolist() == [100] and run.blocks == 100
    with ThreadPoolExecutor(1) as pool:
        for kwargs in (dict(grow=False), dict(grow=True, client=pool)):
            seen.clear()
            assert run_chunks(count, None, 100, 30, **kwargs).counts[0].tolist() == [100]
            assert sorted(seen) == [(0, 30), (30, 30), (60, 30), (90, 10)]
    monkeypatch.setattr(config, "CHUNK_SECONDS", 0.0)  # every chunk is long
    seen.clear()
    run_chunks(count, None, 100, 30, grow=True)
    assert seen == [(0, 30), (30, 30), (60, 30), (90, 10)]


#: The runs whose chunks grow here (whole counts), each: (module, its chunk function's name,
#: block size, a call of 10 blocks less a few).
GROWING = {
    "equity": (equity_games, "_monte_carlo_chunk", config.EQUITY_BLOCK,
               lambda: ps.equity(["AhKh", "QQ+", "random"], trials=10 * config.EQUITY_BLOCK - 5,
                                 seed=4)),
    "category_frequencies": (frequencies, "_monte_carlo_chunk", config.MC_BLOCK,
                             lambda: ps.category_frequencies(7, method="monte-carlo",
                                                             trials=10 * config.MC_BLOCK - 3,
                                                             seed=5)),
}


@pytest.mark.parametrize("name", list(GROWING))
def test_growing_chunks_give_the_same_numbers(name, monkeypatch):
    """Without target_stderr or chunk_size these runs grow their chunks here (see
    config.CHUNK_SECONDS): the same numbers as chunks of one block each."""
    module, chunk, block, call = GROWING[name]
    chunks = []
    count = getattr(module, chunk)

    def spy(problem, first, n):
        chunks.append(n)
        return count(problem, first, n)

    monkeypatch.setattr(module, chunk, spy)
    monkeypatch.setattr(config, "CHUNK_TRIALS", block)
    monkeypatch.setattr(config, "CHUNK_SECONDS", 0.0)  # every chunk is long
    fixed = call()
    assert chunks == [1] * 10
    chunks.clear()
    monkeypatch.setattr(config, "CHUNK_SECONDS", 3600.0)  # every chunk is short
    assert_same(fixed, call())
    assert chunks == [1, 2, 4, 3]


def test_zhajinhua_win_rates_same_seed_and_chunk_size_same_numbers():
    """zhajinhua.win_rates promises identical numbers for the same seed and chunk size only
    (its sums of fractions are added chunk by chunk)."""
    def call(chunk, seed=21):
        return zhajinhua.win_rates(4, trials=100_001, seed=seed, chunk_size=chunk)

    block = zhajinhua.TABLE_BLOCK
    for chunk in (block, 3 * block, 10**6):
        assert_same(call(chunk), call(chunk))
    # a chunk size rounds up to whole blocks: 3 * block - 1 is 3 * block
    assert_same(call(3 * block), call(3 * block - 1))
    assert_same(call(None), call(config.CHUNK_TRIALS))
    assert differs(call(block), call(block, seed=22))


def test_target_stderr_same_seed_and_chunk_size_same_numbers():
    """With target_stderr the stop rule runs after each chunk: the result depends on the seed
    and the chunk size, and is the same for the same pair."""
    def call(chunk):
        return ps.equity(["AhKh", "random", "random"], target_stderr=0.003, seed=31,
                         chunk_size=chunk)

    for chunk in (config.EQUITY_BLOCK, 5 * config.EQUITY_BLOCK):
        first = call(chunk)
        assert first.outcomes.iloc[0] < 10**6  # stopped by the rule, not by a cap
        assert_same(first, call(chunk))
