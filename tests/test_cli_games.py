"""The game subcommands of the command line (draw5, videopoker, zhajinhua) and
``starting-hands --regenerate``.

The library functions are checked against references in their own tests; here the command's
output is compared with the library's result for the same arguments and seed, and with numbers
derived by hand (docs/design.md's 99.5439% return, the three-card category counts). Each test keeps
its trial counts small.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import pokersim.data
from pokersim.cli import main
from pokersim.games import draw5, videopoker, zhajinhua

REPO = Path(__file__).resolve().parents[1]

# Three-card hands, C(52, 3) = 22,100: leopard 13 ranks x C(4,3) = 52; straight flush 12
# sequences (A-2-3 .. Q-K-A) x 4 suits = 48; flush 4 x C(13,3) - 48 = 1,096; straight
# 12 x 4^3 - 48 = 720; pair 13 x C(4,2) x 48 = 3,744; the rest, 16,440, high card.
THREE_CARD = {"Leopard": 52, "Straight Flush": 48, "Flush": 1_096, "Straight": 720,
              "Pair": 3_744, "High Card": 16_440}


def run_main(capsys, *argv):
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err


def assert_one_line_error(rc, out, err, *words):
    assert rc == 2
    assert out == ""
    assert err.startswith("pokersim: error:") and err.count("\n") == 1, err
    assert "Traceback" not in err
    for w in words:
        assert w in err, err


# ----------------------------------------------------------------------------- draw5


def test_draw5_deal_matches_the_library(capsys, tmp_path):
    path = tmp_path / "deal.json"
    rc, out, err = run_main(capsys, "draw5", "deal", "--players", 3, "--rounds", 2, "--seed", 7,
                            "--json", path)
    assert rc == 0 and err == ""
    written = pd.read_json(path, orient="table", precise_float=True)
    expected = draw5.deal_table(3, rounds=2, seed=7)
    assert written.cards.tolist() == expected.cards.tolist()
    assert written.description.tolist() == expected.description.tolist()
    assert written.category.tolist() == expected.category.astype(str).tolist()
    assert written.outcome.tolist() == expected.outcome.astype(str).tolist()
    # printed: every hand and its category, then one line a round naming the winner
    for row in expected.itertuples():
        assert row.cards in out and row.description in out
    assert out.rstrip().splitlines()[-2:] == draw5.winner_lines(expected)
    # the winners are the strongest hands of their round
    for _, group in written.groupby("round"):
        top = group[group.outcome != "lose"]
        assert set(top.strength) == {group.strength.max()}


def test_draw5_deal_same_seed_same_table(capsys):
    argv = ["draw5", "deal", "--players", "5", "--seed", "11"]
    assert run_main(capsys, *argv)[1] == run_main(capsys, *argv)[1]


def test_draw5_win_rates_matches_the_library(capsys, tmp_path):
    path = tmp_path / "wr.csv"
    rc, out, err = run_main(capsys, "draw5", "win-rates", "--players", 3, "--trials", 2000,
                            "--seed", 1, "--csv", path)
    assert rc == 0 and err == ""
    written = pd.read_csv(path, comment="#")
    expected = draw5.win_rates(3, trials=2000, seed=1)
    assert written.category.tolist() == expected.category.astype(str).tolist()
    np.testing.assert_allclose(written.win, expected.win, rtol=1e-12)
    np.testing.assert_allclose(written.equity, expected.equity, rtol=1e-12)
    assert written.outcomes.sum() == 3 * 2000  # every seat of every deal
    assert (written.method == "monte-carlo").all()


def test_draw5_win_rates_method_and_target_stderr(capsys, tmp_path):
    path = tmp_path / "wr.csv"
    rc, out, err = run_main(capsys, "draw5", "win-rates", "--players", 3, "--target-stderr",
                            0.05, "--seed", 2, "--chunk-size", 20_000, "--csv", path)
    assert rc == 0 and err == ""
    written = pd.read_csv(path, comment="#")
    expected = draw5.win_rates(3, seed=2, target_stderr=0.05, chunk_size=20_000)
    np.testing.assert_allclose(written.equity, expected.equity, rtol=1e-12)
    assert (written.std_error < 0.05).all()
    path = tmp_path / "exact.csv"
    rc, out, err = run_main(capsys, "draw5", "win-rates", "--method", "auto", "--csv", path)
    assert rc == 0 and (pd.read_csv(path, comment="#").method == "exact").all()


@pytest.mark.parametrize("argv, words", [
    (["draw5", "deal", "--players", "11"], ["players", "11"]),
    (["draw5", "deal", "--rounds", "0"], ["rounds"]),
    (["draw5", "win-rates", "--players", "3", "--method", "exact"], ["two players"]),
    (["draw5", "win-rates", "--players", "1"], ["players"]),
    (["draw5", "win-rates", "--method", "exact", "--seed", "1"], ["takes no seed"]),
    (["draw5", "win-rates", "--method", "exact", "--target-stderr", "0.1"],
     ["takes no target_stderr"]),
    (["draw5", "win-rates", "--trials", "10", "--target-stderr", "2"], ["target_stderr"]),
])
def test_draw5_bad_input(capsys, argv, words):
    assert_one_line_error(*run_main(capsys, *argv), *words)


def test_draw5_bad_input_subprocess():
    proc = subprocess.run([sys.executable, "-m", "pokersim", "draw5", "deal", "--players", "0"],
                          cwd=REPO, capture_output=True, text=True, timeout=300)
    assert_one_line_error(proc.returncode, proc.stdout, proc.stderr, "players")


# ----------------------------------------------------------------------------- videopoker


def test_videopoker_hold_matches_the_library(capsys, tmp_path):
    path = tmp_path / "hold.parquet"
    rc, out, err = run_main(capsys, "videopoker", "hold", "Jh Jd 4c 7s 9d", "--parquet", path)
    assert rc == 0 and err == ""
    expected = videopoker.best_hold("Jh Jd 4c 7s 9d")
    written = pd.read_parquet(path)
    assert len(written) == 32  # every hold, with every column, in the file
    assert written.hold.tolist() == expected.hold.tolist()
    np.testing.assert_allclose(written.expected, expected.expected, rtol=1e-12)
    first = out.splitlines()[0]
    assert "hold Jh Jd [XX...]" in first and f"{expected.expected[0]:.6f}" in first
    assert len(out.splitlines()) == 2 + 5  # the line, the header, the five best holds


def test_videopoker_hold_pay_table_and_top(capsys):
    rc, out, err = run_main(capsys, "videopoker", "hold", "Ah Kh Qh Jh 2c", "--paytable", "8/5",
                            "--top", 32)
    assert rc == 0 and err == ""
    assert "8/5 Jacks or Better: hold Ah Kh Qh Jh [XXXX.]" in out
    assert len(out.splitlines()) == 2 + 32


def test_videopoker_return_full_pay(capsys, tmp_path):
    path = tmp_path / "return.json"
    rc, out, err = run_main(capsys, "videopoker", "return", "--json", path)
    assert rc == 0 and err == ""
    assert "99.5439%" in out.splitlines()[0]  # docs/design.md: full-pay 9/6, perfect play
    written = json.loads(path.read_text(encoding="utf-8"))["data"]  # beside its metadata
    assert [r["category"] for r in written][0] == "Royal Flush"
    assert "count" not in written[0] and written[0]["method"] == "exact"
    assert sum(r["probability"] for r in written) == pytest.approx(1.0)
    assert sum(r["contribution"] for r in written) == pytest.approx(0.995439, abs=1e-6)


def test_videopoker_simulate_matches_the_library(capsys):
    rc, out, err = run_main(capsys, "videopoker", "simulate", "--trials", 2000, "--seed", 1,
                            "--strategy", "simple")
    assert rc == 0 and err == ""
    expected = videopoker.simulate(trials=2000, strategy="simple", seed=1)
    assert f"return {100 * expected.value:.3f}%" in out.splitlines()[0]
    assert "simple play, 2,000 deals" in out


def test_videopoker_simulate_target_stderr(capsys, tmp_path):
    path = tmp_path / "final.csv"
    rc, out, err = run_main(capsys, "videopoker", "simulate", "--target-stderr", 0.05,
                            "--seed", 1, "--strategy", "simple", "--csv", path)
    assert rc == 0 and err == ""
    expected = videopoker.simulate(strategy="simple", seed=1, target_stderr=0.05)
    assert expected.std_error < 0.05
    assert f"simple play, {expected.trials:,} deals: return {100 * expected.value:.3f}%" in out
    written = pd.read_csv(path, comment="#")
    assert written["count"].sum() == expected.trials


@pytest.mark.parametrize("argv, words", [
    (["videopoker", "hold", "Jh Jd 4c 7s"], ["shape"]),
    (["videopoker", "hold", "Jh Jd 4c 7s Xx"], ["'Xx'"]),
    (["videopoker", "hold", "Jh Jh 4c 7s 9d"], ["repeats"]),
    (["videopoker", "hold", "Jh Jd 4c 7s 9d", "--paytable", "7/5"], ["7/5", "9/6"]),
    (["videopoker", "hold", "Jh Jd 4c 7s 9d", "--top", "0"], ["--top"]),
    (["videopoker", "return", "--paytable", "10/7"], ["10/7"]),
    (["videopoker", "simulate", "--trials", "10", "--strategy", "lucky"], ["strategy"]),
    (["videopoker", "simulate", "--trials", "0"], ["trials"]),
    (["videopoker", "simulate", "--target-stderr", "0"], ["target_stderr"]),
])
def test_videopoker_bad_input(capsys, argv, words):
    assert_one_line_error(*run_main(capsys, *argv), *words)


def test_videopoker_subprocess():
    proc = subprocess.run([sys.executable, "-m", "pokersim", "videopoker", "hold",
                           "Jh Jd 4c 7s 9d"], cwd=REPO, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("Jh Jd 4c 7s 9d, 9/6 Jacks or Better: hold Jh Jd")


# ----------------------------------------------------------------------------- zhajinhua


def test_zhajinhua_deal_with_rules_matches_the_library(capsys, tmp_path):
    path = tmp_path / "zjh.csv"
    rc, out, err = run_main(capsys, "zhajinhua", "deal", "--players", 4, "--rounds", 3,
                            "--seed", 1, "--rule-235", "--ties", "suit", "--csv", path)
    assert rc == 0 and err == ""
    rules = zhajinhua.Rules(rule_235=True, ties="suit")
    expected = zhajinhua.deal_table(4, rounds=3, seed=1, rules=rules)
    written = pd.read_csv(path, comment="#")
    assert written.cards.tolist() == expected.cards.tolist()
    assert written.outcome.tolist() == expected.outcome.astype(str).tolist()
    assert written.description.tolist() == expected.description.tolist()
    assert written.groupby("round").share.sum().tolist() == [1.0, 1.0, 1.0]
    assert (written.outcome != "tie").all()  # suits break every tie
    assert out.rstrip().splitlines()[-3:] == draw5.winner_lines(expected)
    assert [line.split(":")[0] for line in out.splitlines()[-3:]] == ["Round 1", "Round 2",
                                                                      "Round 3"]


def test_zhajinhua_frequencies_exact_counts(capsys, tmp_path):
    path = tmp_path / "freq.json"
    rc, out, err = run_main(capsys, "zhajinhua", "frequencies", "--json", path)
    assert rc == 0 and err == ""
    written = pd.read_json(path, orient="table", precise_float=True)
    assert dict(zip(written.category, written["count"], strict=True)) == THREE_CARD
    assert written.chinese.tolist()[0] == "豹子"  # UTF-8 in the file
    assert "豹子" in out
    assert (written.method == "exact").all() and (written.std_error == 0).all()


def test_zhajinhua_frequencies_monte_carlo_options(capsys, tmp_path):
    path = tmp_path / "freq.csv"
    rc, out, err = run_main(capsys, "zhajinhua", "frequencies", "--seed", 4,
                            "--target-stderr", 0.002, "--csv", path)  # a seed asks for MC
    assert rc == 0 and err == ""
    expected = zhajinhua.category_frequencies(seed=4, target_stderr=0.002)
    written = pd.read_csv(path, comment="#")
    assert written["count"].tolist() == expected["count"].tolist()
    assert (written.method == "monte-carlo").all() and (written.std_error < 0.002).all()


def test_zhajinhua_win_rates_matches_the_library(capsys, tmp_path):
    path = tmp_path / "wr.csv"
    rc, out, err = run_main(capsys, "zhajinhua", "win-rates", "--players", 3, "--trials", 2000,
                            "--seed", 2, "--a23", "lowest", "--csv", path)
    assert rc == 0 and err == ""
    expected = zhajinhua.win_rates(3, rules=zhajinhua.Rules(a23="lowest"), trials=2000, seed=2)
    written = pd.read_csv(path, comment="#")
    np.testing.assert_allclose(written.win, expected.win, rtol=1e-12)
    np.testing.assert_allclose(written.std_error, expected.std_error, rtol=1e-12)
    np.testing.assert_allclose(written.tie_std_error, expected.tie_std_error, rtol=1e-12)


@pytest.mark.parametrize("argv, words", [
    (["zhajinhua", "deal", "--players", "18"], ["players", "18"]),
    (["zhajinhua", "deal", "--a23", "middle"], ["a23", "'middle'"]),
    (["zhajinhua", "frequencies", "--ties", "none"], ["ties", "'none'"]),
    (["zhajinhua", "frequencies", "--method", "exact", "--seed", "1"], ["takes no seed"]),
    (["zhajinhua", "win-rates", "--players", "3", "--method", "exact"], ["players=3"]),
    (["zhajinhua", "win-rates", "--trials", "5", "--target-stderr", "nan"], ["target_stderr"]),
])
def test_zhajinhua_bad_input(capsys, argv, words):
    assert_one_line_error(*run_main(capsys, *argv), *words)


@pytest.mark.parametrize("argv", [["zhajinhua", "frequencies", "--method", "mc"],
                                  ["zhajinhua", "win-rates", "--method", "guess"],
                                  ["draw5", "win-rates", "--method", "exactly"]])
def test_a_method_not_among_the_choices_is_a_usage_error(capsys, argv):
    # --method has the same choices in every command (auto, exact, monte-carlo), as argparse
    # checks them for the Hold'em commands (tests/test_cli.py)
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("pokersim: error: ") and f"invalid choice: '{argv[-1]}'" in err


# ----------------------------------------------------------------------------- starting-hands


def test_starting_hands_regenerate_small(capsys, tmp_path):
    """A quick regeneration: one opponent count, a loose standard error, to a tmp path."""
    out_csv, wide_json = tmp_path / "sh.csv", tmp_path / "wide.json"
    rc, out, err = run_main(capsys, "starting-hands", "--regenerate", "--opponents", 2,
                            "--target-stderr", 0.05, "--seed", 3, "--sort", 2,
                            "--out", out_csv, "--json", wide_json)
    assert rc == 0, err
    assert f"wrote {out_csv}" in err
    fresh = pd.read_csv(out_csv, comment="#")
    shipped = pokersim.data.starting_hands()
    assert fresh.columns.tolist() == shipped.columns.tolist()
    assert len(fresh) == 169 and set(fresh.opponents) == {2}
    assert (fresh.method == "monte-carlo").all()
    old = shipped[shipped.opponents == 2].set_index("hand")
    new = fresh.set_index("hand").loc[old.index]
    spread = np.hypot(new.std_error, old.std_error)
    assert (abs(new.equity - old.equity) < 6 * spread).all()
    wide = pd.read_json(wide_json, orient="table", precise_float=True)
    assert wide.columns.tolist() == ["hand", "vs 2"] and wide.hand.iloc[0] == "AA"
    assert out.splitlines()[1].split()[0] == "AA"  # sorted by equity against two


@pytest.mark.parametrize("argv, words", [
    (["starting-hands", "--out", "x.csv"], ["--out", "--regenerate"]),
    (["starting-hands", "--opponents", "2"], ["--opponents"]),
    (["starting-hands", "--regenerate", "--opponents", "23"], ["--opponents", "23"]),
    (["starting-hands", "--regenerate", "--opponents", "2", "--sort", "3"], ["--sort 3"]),
    (["starting-hands", "--regenerate", "--out", "/no/such/folder/sh.csv"], ["/no/such"]),
])
def test_starting_hands_bad_input_fails_before_simulating(capsys, argv, words):
    assert_one_line_error(*run_main(capsys, *argv), *words)
