"""A random result given no seed records the one it drew (issue 19): run without a seed, read
the seed from ``attrs`` (or a saved file's metadata), run again with it: the same numbers.

Every seeded entry point is here, with small runs of kernels the default run compiles anyway.
The expected value is the first run itself: what is tested is that the recorded seed repeats
it, which fails where a run given no seed records None (and draws fresh entropy each time).
"""

import json

import numpy as np
import pandas as pd
import pytest

import pokersim
from pokersim.analysis.starting_hands import starting_hand_table
from pokersim.cli import main
from pokersim.games import draw5, videopoker, zhajinhua

#: (name, call with ``seed=``): each a random result whose attrs hold the seed.
RUNS = [
    ("equity", lambda seed: pokersim.equity(["AhKh", "QsQd"], trials=3000, seed=seed)),
    ("equity of ranges", lambda seed: pokersim.equity(["QQ+, AKs", "random"], board="2c 7d Qh",
                                                      trials=3000, seed=seed)),
    ("equity_vs_random", lambda seed: pokersim.equity_vs_random("AsAd", opponents=[1, 2],
                                                                trials=3000, seed=seed)),
    ("category_frequencies", lambda seed: pokersim.category_frequencies(
        5, method="monte-carlo", trials=3000, seed=seed)),
    ("category_frequencies(game=)", lambda seed: pokersim.category_frequencies(
        game="omaha", trials=3000, seed=seed)),
    ("outs", lambda seed: pokersim.outs("Ah Kh", 2, board="Qh 7h 2c 5d", trials=500,
                                        seed=seed)),
    ("equity(game=)", lambda seed: pokersim.equity(["As 2d 3c", "random"], game="razz",
                                             trials=3000, seed=seed)),
    ("draw5.deal_table", lambda seed: draw5.deal_table(3, rounds=4, seed=seed)),
    ("draw5.win_rates", lambda seed: draw5.win_rates(3, trials=3000, seed=seed)),
    ("videopoker.simulate", lambda seed: videopoker.simulate(trials=3000, seed=seed).final_hands),
    ("zhajinhua.deal_table", lambda seed: zhajinhua.deal_table(3, rounds=4, seed=seed)),
    ("zhajinhua.category_frequencies", lambda seed: zhajinhua.category_frequencies(
        trials=3000, seed=seed)),
    ("zhajinhua.win_rates", lambda seed: zhajinhua.win_rates(3, trials=3000, seed=seed)),
    ("starting_hand_table", lambda seed: starting_hand_table(
        opponents=[2], target_stderr=0.05, names=["AA"], seed=seed)),
]


@pytest.mark.parametrize("run", [r for _, r in RUNS], ids=[name for name, _ in RUNS])
def test_a_run_given_no_seed_records_the_one_that_repeats_it(run):
    first = run(None)
    seed = first.attrs["seed"]
    assert isinstance(seed, int) and 0 <= seed < 2**63
    again = run(int(seed))
    assert again.attrs["seed"] == seed
    pd.testing.assert_frame_equal(pd.DataFrame(again), pd.DataFrame(first))


def test_each_run_draws_a_seed_of_its_own_and_videopoker_says_which():
    drawn = {videopoker.simulate(trials=2000).seed for _ in range(2)}
    assert len(drawn) == 2  # two draws of 63 bits differ
    assert videopoker.simulate(trials=2000, seed=5).seed == 5


def test_a_drawn_seed_leaves_auto_exact_and_an_exact_result_records_none():
    # a drawn seed is no seed given: "auto" still enumerates, and records no seed
    exact = pokersim.category_frequencies(5)
    assert exact.attrs["method"] == "exact" and exact.attrs["seed"] is None
    river = pokersim.equity(["AhKh", "QsQd"], board="2c 7d Qh 3h 9s")
    assert river.attrs["method"] == "exact" and river.attrs["seed"] is None
    # one opponent on the river is exact, two are simulated: the seed is the simulated run's
    mixed = pokersim.equity_vs_random("Qs Js", opponents=[1, 4], board="Ts 9d 2c 2h Kd",
                                      trials=2000)
    assert mixed.attrs["seed"] is not None
    again = pokersim.equity_vs_random("Qs Js", opponents=[1, 4], board="Ts 9d 2c 2h Kd",
                                      trials=2000, seed=mixed.attrs["seed"])
    pd.testing.assert_frame_equal(pd.DataFrame(again), pd.DataFrame(mixed))
    assert draw5.win_rates(2).attrs["seed"] is None  # exact heads-up


@pytest.mark.parametrize("argv", [
    ["equity", "AhKh", "QsQd", "--trials", "3000"],
    ["vs-random", "As Ad", "--opponents", "1", "2", "--trials", "3000"],
    ["frequencies", "--cards", "5", "--method", "monte-carlo", "--trials", "3000"],
    ["draw5", "deal", "--players", "3", "--rounds", "4"],
    ["videopoker", "simulate", "--trials", "3000"],
    ["zhajinhua", "deal", "--players", "3", "--rounds", "4"],
], ids=lambda argv: " ".join(argv[:2]))
def test_a_saved_file_of_a_run_given_no_seed_names_the_seed_that_repeats_it(capsys, tmp_path,
                                                                           argv):
    first, again = tmp_path / "first.json", tmp_path / "again.json"
    assert main([*argv, "--json", str(first)]) == 0
    seed = json.loads(first.read_text())["metadata"]["seed"]
    assert isinstance(seed, int)
    assert main([*argv, "--seed", str(seed), "--json", str(again)]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") > 2  # the tables printed
    read = [pd.read_json(p, orient="table", precise_float=True) for p in (first, again)]
    pd.testing.assert_frame_equal(read[1], read[0])
    assert json.loads(again.read_text())["metadata"]["seed"] == seed


def test_a_drawn_seed_is_an_int_that_counts_as_no_seed():
    from pokersim._core.validation import DrawnSeed, choose_method, drawn_seed

    seed = drawn_seed(None)
    assert isinstance(seed, DrawnSeed) and int(seed) == seed
    assert choose_method("auto", seed=seed) == "exact"
    assert choose_method("auto", seed=int(seed)) == "monte-carlo"
    assert drawn_seed(np.random.SeedSequence(3)).entropy == 3  # a given seed is kept
