"""The ``pokersim`` command line (pokersim.cli.main) and pokersim.io.write_atomic.

The CLI runs in-process through ``main(argv)`` with capsys, and a few times in a subprocess
(``python -m pokersim.cli``) to check the real exit status and that errors print no traceback.
Expected hands, names and counts are written out by hand or taken from docs/design.md.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from pokersim.analysis.starting_hands import starting_hand_table
from pokersim.cli import main
from pokersim.io import write_atomic
from tests.signals import interruptible

REPO = Path(__file__).resolve().parents[1]

# docs/design.md, "Numbers every test may use": five-card hands, best category first
FIVE_CARD = {
    "Royal Flush": 4,
    "Straight Flush": 36,
    "Four of a Kind": 624,
    "Full House": 3_744,
    "Flush": 5_108,
    "Straight": 10_200,
    "Three of a Kind": 54_912,
    "Two Pair": 123_552,
    "Pair": 1_098_240,
    "High Card": 1_302_540,
}


def run_main(capsys, *argv):
    rc = main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


def evaluate_csv(capsys, tmp_path, *hands):
    """Run ``evaluate`` with --csv and return (stdout, the table read back)."""
    path = tmp_path / "eval.csv"
    rc, out, err = run_main(capsys, "evaluate", *hands, "--csv", str(path))
    assert rc == 0, err
    assert err == ""
    frame = pd.read_csv(path, comment="#", keep_default_na=False,
                        dtype={"hand": str, "best_five": str})
    assert list(frame.columns) == ["hand", "strength", "description", "best_five", "wins"]
    assert len(frame) == len(hands)
    return out, frame


def card_set(text: str) -> set[str]:
    return set(text.split())


def stdout_counts(out: str) -> dict[str, int]:
    """{label: count} from the printed frequency table (label words, then the count, printed
    for people with thousands separators)."""
    rows = {}
    for line in out.splitlines():
        m = re.match(r"^\s*([A-Za-z][A-Za-z ]*?)\s+(\d{1,3}(?:,\d{3})*)\s", line)
        if m:
            rows[m.group(1)] = int(m.group(2).replace(",", ""))
    return rows


# ----------------------------------------------------------------------------- evaluate


def test_evaluate_royal_flush_beats_full_house(capsys, tmp_path):
    out, frame = evaluate_csv(capsys, tmp_path, "As Ks Qs Js Ts 2c 3d", "Kh Kd 4c 4s Kc 9h 2d")
    assert "Royal Flush" in out
    assert "Full House, Kings over Fours" in out

    royal, full = frame.iloc[0], frame.iloc[1]
    assert card_set(royal.hand) == card_set("As Ks Qs Js Ts 2c 3d")  # input order kept
    assert royal.description == "Royal Flush"
    assert full.description == "Full House, Kings over Fours"
    assert royal.strength == 7462  # README: the royal flush is the top strength
    assert royal.strength > full.strength
    assert royal.wins == "wins"
    assert full.wins == ""
    # the five cards that play: the royal, and kings full (not the nine or the deuce)
    assert card_set(royal.best_five) == card_set("As Ks Qs Js Ts")
    assert card_set(full.best_five) == card_set("Kh Kd Kc 4s 4c")
    # read as a player does: the three kings before the pair
    assert [c[0] for c in full.best_five.split()] == ["K", "K", "K", "4", "4"]


def test_evaluate_board_plays_is_a_tie(capsys, tmp_path):
    # the board 6-7-8-9-T is a straight; neither 2-3 nor 2-4 in the hole improves it
    board = "6c 7d 8h 9s Tc"
    out, frame = evaluate_csv(capsys, tmp_path, f"2h 3d {board}", f"2s 4c {board}")
    assert frame.strength.nunique() == 1
    assert frame.description.tolist() == ["Straight, Ten high"] * 2
    assert frame.wins.tolist() == ["tie", "tie"]
    assert [card_set(b) for b in frame.best_five] == [card_set(board)] * 2
    assert out.count("tie") == 2


def test_evaluate_mixed_hand_sizes_keep_their_order(capsys, tmp_path):
    hands = ["2c 2d 5h 7s 9c Jd Kc",  # 7 cards: pair of twos
             "Ah Kh Qh Jh 9h",  # 5 cards: ace-high flush, the best here
             "2h 3d 6c 7d 8h 9s",  # 6 cards: nine high
             "5d 4c 3h 2s Ac"]  # 5 cards: the wheel
    out, frame = evaluate_csv(capsys, tmp_path, *hands)
    assert [card_set(h) for h in frame.hand] == [card_set(h) for h in hands]
    assert frame.description.tolist() == ["Pair of Twos", "Flush, Ace high", "High Card, Nine",
                                          "Straight, Five high"]
    assert frame.wins.tolist() == ["", "wins", "", ""]
    # strengths of 5-, 6- and 7-card hands are comparable: flush > straight > pair > high card
    s = frame.strength.tolist()
    assert s[1] > s[3] > s[0] > s[2]
    assert card_set(frame.best_five[0]) == card_set("2c 2d Kc Jd 9c")
    assert card_set(frame.best_five[2]) == card_set("9s 8h 7d 6c 3d")
    # the wheel's ace is read last
    assert frame.best_five[3].split()[-1] == "Ac"


def test_evaluate_single_hand(capsys):
    rc, out, err = run_main(capsys, "evaluate", "2c 2d 2h 9s 9c")
    assert rc == 0
    assert "Full House, Twos over Nines" in out
    # one hand is no showdown: no winner (tests/test_cli_edges.py has the other cases)
    assert not out.splitlines()[1].rstrip().endswith("wins")
    assert err == "pokersim: note: no winner named: one hand is no showdown\n"


@pytest.mark.parametrize("hand, token", [
    ("As Ks Qs Js Xx", "Xx"),
    ("As Ks Qs Js 1s", "1s"),
    ("As Ks Qs Js Tz", "Tz"),
])
def test_evaluate_bad_card(capsys, hand, token):
    rc, out, err = run_main(capsys, "evaluate", hand)
    assert rc == 2
    assert out == ""
    assert err.startswith("pokersim: error:")
    assert token in err
    assert "Traceback" not in err


@pytest.mark.parametrize("hand, token", [
    ("As As Qs Js Ts", "As"),  # a repeated card
    ("As Ks Qs Js", "4"),  # too few cards: the message says how many it got
    ("As Ks Qs Js Ts 2c 3d 4d", "8"),  # too many
])
def test_evaluate_bad_hand(capsys, hand, token):
    rc, out, err = run_main(capsys, "evaluate", hand)
    assert rc == 2
    assert out == ""
    assert token in err
    assert "Traceback" not in err


def test_evaluate_bad_card_names_the_hand_it_is_in(capsys):
    """docs/design.md, "Cards": a bad card is reported naming the value *and where it stood*.
    The bad token is in the second hand given, so the message must not place it in hand 1."""
    rc, out, err = run_main(capsys, "evaluate", "As Ks Qs Js Ts", "Kh Xx 4c 4s Kc")
    assert rc == 2
    assert "Xx" in err
    assert "hand 1" not in err, err
    assert "hand 2" in err or "Kh Xx 4c 4s Kc" in err, err


def test_evaluate_bad_card_subprocess():
    """The installed entry point's path: exit status 2, the token on stderr, no traceback."""
    proc = subprocess.run([sys.executable, "-m", "pokersim.cli", "evaluate", "As Ks Qs Js Xx"],
                          cwd=REPO, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 2, proc.stderr
    assert "Xx" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert proc.stdout == ""


def test_evaluate_subprocess_success():
    proc = subprocess.run([sys.executable, "-m", "pokersim.cli", "evaluate",
                           "As Ks Qs Js Ts 2c 3d", "Kh Kd 4c 4s Kc 9h 2d"],
                          cwd=REPO, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "Royal Flush" in proc.stdout
    assert "Full House, Kings over Fours" in proc.stdout


# ----------------------------------------------------------------------------- frequencies


def test_frequencies_five_cards_prints_published_counts(capsys):
    rc, out, err = run_main(capsys, "frequencies", "--cards", "5")
    assert rc == 0 and err == ""
    assert stdout_counts(out) == FIVE_CARD
    # best category first
    assert list(stdout_counts(out)) == list(FIVE_CARD)


def test_frequencies_csv(capsys, tmp_path):
    path = tmp_path / "freq5.csv"
    rc, out, err = run_main(capsys, "frequencies", "--cards", "5", "--csv", str(path))
    assert rc == 0 and err == ""
    frame = pd.read_csv(path, comment="#")
    assert dict(zip(frame["category"], frame["count"], strict=True)) == FIVE_CARD
    assert list(frame["category"]) == list(FIVE_CARD)
    assert frame["probability"].sum() == pytest.approx(1.0)
    assert frame["probability"].iloc[0] == pytest.approx(4 / 2_598_960, rel=1e-9)
    assert stdout_counts(out) == FIVE_CARD  # still printed
    assert sorted(p.name for p in tmp_path.iterdir()) == ["freq5.csv"]  # no temp file left


def test_frequencies_csv_replaces_existing_file(capsys, tmp_path):
    path = tmp_path / "freq.csv"
    path.write_text("old contents\n")
    assert run_main(capsys, "frequencies", "--cards", "5", "--csv", str(path))[0] == 0
    frame = pd.read_csv(path, comment="#")
    assert dict(zip(frame["category"], frame["count"], strict=True)) == FIVE_CARD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["freq.csv"]


def test_frequencies_monte_carlo_is_reproducible(capsys):
    argv = ["frequencies", "--method", "monte-carlo", "--trials", "10000", "--seed", "1"]
    rc1, out1, err1 = run_main(capsys, *argv)
    rc2, out2, err2 = run_main(capsys, *argv)
    assert rc1 == rc2 == 0 and err1 == err2 == ""
    assert out1 == out2
    counts = stdout_counts(out1)
    assert sum(counts.values()) == 10_000
    assert set(counts) == set(FIVE_CARD)
    assert "std_error" in out1
    rc3, out3, _ = run_main(capsys, *argv[:-1], "2")
    assert rc3 == 0 and out3 != out1


@pytest.mark.parametrize("argv", [
    ["frequencies", "--method", "monte-carlo", "--trials", "0"],
    ["frequencies", "--method", "monte-carlo", "--trials", "-5"],
    ["frequencies", "--cards", "5", "--method", "exact", "--trials", "10"],  # exact: no trials
    ["frequencies", "--method", "monte-carlo", "--trials", "10", "--seed", "-1"],
    ["frequencies", "--cards", "4"],  # badugi's size, not the high order's
])
def test_frequencies_bad_arguments(capsys, argv):
    rc, out, err = run_main(capsys, *argv)
    assert rc == 2
    assert out == ""
    assert err.startswith("pokersim: error:")
    assert "Traceback" not in err


@pytest.mark.parametrize("argv", [
    ["frequencies", "--cards", "3"],
    ["frequencies", "--ranking", "razz"],
    ["frequencies", "--method", "bogus"],
    ["frequencies", "--trials", "2.5"],
    ["evaluate"],
    [],
])
def test_usage_errors_exit_2(capsys, argv):
    """argparse rejects these before pokersim runs: SystemExit(2) and one line, as the README
    promises (the usage is in --help)."""
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("pokersim: error: ") and err.count("\n") == 1 and "--help" in err


@pytest.mark.parametrize("argv, echoed", [
    (["equity", "QQ+", "-\n0", "--trials", "1"], "unrecognized arguments: -\\n0"),
    (["draw5", "deal", "--x\ty"], "unrecognized arguments: --x\\ty"),
    (["frequencies", "--method", "a\rb"], "invalid choice: 'a\\rb'"),
])
def test_usage_error_stays_on_one_line_when_an_argument_holds_a_newline(capsys, argv, echoed):
    # found by the CLI fuzz: argparse echoed the raw argument, newline and all
    with pytest.raises(SystemExit):
        main(argv)
    last = capsys.readouterr().err.rstrip("\n").split("\n")[-1]
    assert last.startswith("pokersim") and ": error: " in last and echoed in last


# ----------------------------------------------------------------------------- write_atomic


def test_write_atomic_replaces_file(tmp_path):
    path = tmp_path / "out.csv"
    path.write_text("old\n")
    got = write_atomic(path, lambda f: f.write("new\n"))
    assert Path(got) == path
    assert path.read_text() == "new\n"
    assert os.listdir(tmp_path) == ["out.csv"]


def test_write_atomic_creates_file_and_accepts_str_path(tmp_path):
    path = tmp_path / "fresh.txt"
    write_atomic(str(path), lambda f: f.write("a,b\r\n1,2\n"))
    # text mode with newline="" writes line ends as given
    assert path.read_bytes() == b"a,b\r\n1,2\n"
    assert os.listdir(tmp_path) == ["fresh.txt"]


def test_write_atomic_binary_mode(tmp_path):
    path = tmp_path / "out.bin"
    write_atomic(path, lambda f: f.write(b"\x00\x01\xff"), mode="wb")
    assert path.read_bytes() == b"\x00\x01\xff"
    assert os.listdir(tmp_path) == ["out.bin"]


@pytest.mark.parametrize("error", [RuntimeError("disk on fire"), KeyboardInterrupt()])
def test_write_atomic_failure_keeps_previous_file(tmp_path, error):
    path = tmp_path / "out.csv"
    path.write_text("previous contents\n")

    def writer(f):
        f.write("half a tab")
        f.flush()
        raise error

    with pytest.raises(type(error)):
        write_atomic(path, writer)
    assert path.read_text() == "previous contents\n"
    assert os.listdir(tmp_path) == ["out.csv"]  # no temp file behind


KILLED_WRITER = """
import sys, time
from pokersim.io import write_atomic

def slow(f):
    f.write("new,half")
    f.flush()
    print("writing", flush=True)
    time.sleep(60)  # killed here
    f.write(",rest\\n")

write_atomic(sys.argv[1], slow)
"""


@pytest.mark.parametrize("sig", ["SIGKILL", "SIGINT", "SIGTERM"])
def test_a_writer_killed_mid_file_leaves_the_previous_file_whole(tmp_path, sig):
    """A real process killed while it writes: the file keeps its old contents. SIGKILL
    leaves the hidden temporary file behind (nothing can run); Ctrl-C removes it."""
    import signal

    path = tmp_path / "table.csv"
    path.write_text("previous contents\n")
    proc = subprocess.Popen([sys.executable, "-c", KILLED_WRITER, str(path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=interruptible)
    assert proc.stdout.readline().strip() == "writing", proc.stderr.read()
    proc.send_signal(getattr(signal, sig))
    proc.communicate(timeout=30)
    assert proc.returncode != 0
    assert path.read_text() == "previous contents\n"
    others = sorted(set(os.listdir(tmp_path)) - {"table.csv"})
    assert all(name.startswith(".table.csv.") and name.endswith(".tmp") for name in others)
    if sig == "SIGINT":
        assert others == []


def test_write_atomic_failure_without_previous_file(tmp_path):
    path = tmp_path / "never.csv"

    def writer(f):
        f.write("x")
        raise OSError("no space left")

    with pytest.raises(OSError, match="no space left"):
        write_atomic(path, writer)
    assert os.listdir(tmp_path) == []


def test_bench_quick_smoke(capsys, tmp_path):
    # Timings are never asserted; this checks the command runs and reports every row.
    out = tmp_path / "bench.csv"
    assert main(["bench", "--quick", "--csv", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Numba threads" in text and "pokersim evaluate, 7 cards" in text
    frame = pd.read_csv(out, comment="#")
    assert {"work", "median_s", "rate", "slowest_rate", "fastest_rate"} <= set(frame.columns)
    assert (frame.rate > 0).all() and frame.work.str.contains("exact category_frequencies").any()
    assert (frame.path.fillna("") == "").sum() == frame.peer.sum()  # each row its path
    assert "kernels compiled for" in text  # the CPU and path, named


@pytest.mark.parametrize("argv, message", [
    (["--n", "0"], "n must be"),
    (["--repeat", "-1"], "repeat must be"),
    (["--dask-workers", "-1"], "dask_workers must be"),
    (["--memory-trials", "-3"], "trials must be"),
    (["--cold", "--repeat", "0"], "repeat must be"),
    (["--ompeval", "/no/such/harness"], "is not an executable file"),
])
def test_bench_bad_options_exit_2(capsys, argv, message):
    assert main(["bench", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and err.count("\n") == 1


def test_equity_command_exact_and_monte_carlo(capsys, tmp_path):
    out = tmp_path / "eq.csv"
    assert main(["equity", "AhKh", "QsQd", "--board", "2c 7d Qh", "--csv", str(out)]) == 0
    frame = pd.read_csv(out, comment="#")
    # the numbers themselves are checked against a brute force in tests/test_equity.py
    assert frame.player.tolist() == ["AhKh", "QsQd"] and (frame.method == "exact").all()
    assert abs(frame.equity.sum() - 1) < 1e-12
    assert main(["equity", "AhKh", "random", "--trials", "20000", "--seed", "3",
                 "--csv", str(out)]) == 0
    mc = pd.read_csv(out, comment="#")
    assert (mc.method == "monte-carlo").all() and (mc.outcomes == 20000).all()


def test_tables_print_numbers_for_people_and_files_keep_full_precision(capsys, tmp_path):
    out = tmp_path / "eq.csv"
    rc, text, err = run_main(capsys, "equity", "AhKh", "QsQd", "--board", "2c 7d Qh",
                             "--csv", str(out))
    assert rc == 0 and err == ""
    assert "4.343%" in text and "95.66%" in text  # 43 / 990: four significant digits
    assert pd.read_csv(out, comment="#").win.iloc[0] == pytest.approx(43 / 990, rel=1e-15, abs=0)
    rc, text, _ = run_main(capsys, "frequencies", "--cards", "5")
    assert "1,098,240" in text  # integers with thousands separators


@pytest.mark.parametrize("command", [["equity", "AhKh", "QsQd"], ["vs-random", "AhKh",
                                                                   "--opponents", "2"]])
def test_method_option(capsys, tmp_path, command):
    out = tmp_path / "t.csv"
    board = ["--board", "2c 7d Qh 9s 3d"]
    assert main([*command, *board, "--method", "exact", "--csv", str(out)]) == 0
    assert (pd.read_csv(out, comment="#").method == "exact").all()
    assert main([*command, *board, "--method", "monte-carlo", "--trials", "3000", "--seed", "1",
                 "--csv", str(out)]) == 0
    mc = pd.read_csv(out, comment="#")
    assert (mc.method == "monte-carlo").all() and (mc.outcomes == 3000).all()
    rc, _, err = run_main(capsys, *command, *board, "--method", "exact", "--seed", "1")
    assert rc == 2 and err.startswith("pokersim: error: method='exact'") and "seed" in err


@pytest.mark.parametrize("argv", [["equity", "AhKh", "QsQd", "--exact", "yes"],
                                  ["vs-random", "AsAd", "--exact", "no"],
                                  ["videopoker", "simulate", "--hands", "2000"]])
def test_the_removed_spellings_are_usage_errors(capsys, argv):
    # --exact yes|no|auto (now --method) and videopoker simulate --hands (now --trials) went
    # before any release
    with pytest.raises(SystemExit) as exit:
        main(argv)
    out, err = capsys.readouterr()
    assert exit.value.code == 2 and out == ""
    assert f"unrecognized arguments: {argv[-2]} {argv[-1]}" in err.splitlines()[-1]


def test_frequencies_passes_the_simulation_options_by_keyword(capsys, monkeypatch):
    import pokersim

    seen = {}

    def category_frequencies(cards, **options):
        seen.update(options, cards=cards)
        return pd.DataFrame({"category": ["Pair"], "count": [1]})

    monkeypatch.setattr(pokersim, "category_frequencies", category_frequencies)
    assert main(["frequencies", "--cards", "6", "--method", "monte-carlo", "--trials", "500",
                 "--seed", "3", "--target-stderr", "0.01"]) == 0
    assert seen == dict(cards=6, ranking="high", game=None, method="monte-carlo", trials=500,
                        seed=3, target_stderr=0.01, client=None, chunk_size=None,
                        progress=False)
    seen.clear()
    assert main(["frequencies"]) == 0  # options left out keep the function's defaults
    assert seen == dict(cards=None, ranking="high", game=None, client=None, chunk_size=None,
                        progress=False)


def test_equity_command_errors(capsys):
    assert main(["equity", "AhKh", "Xx"]) == 2
    err = capsys.readouterr().err
    assert "player 2" in err and "'Xx'" in err and "Traceback" not in err


def test_vs_random_command_takes_a_game(capsys):
    import io

    from pokersim import equity_vs_random

    rc = main(["vs-random", "As Ad Ks Kd", "--game", "omaha", "--opponents", "1", "2",
               "--board", "2c 7d 9h Ts", "--trials", "20000", "--seed", "1", "--json", "-"])
    frame = pd.read_json(io.StringIO(capsys.readouterr().out), orient="table",
                         precise_float=True)
    assert rc == 0 and frame.opponents.tolist() == [1, 2]
    expected = equity_vs_random("As Ad Ks Kd", opponents=[1, 2], board="2c 7d 9h Ts",
                                game="omaha", trials=20_000, seed=1)
    assert frame.equity.tolist() == expected.equity.tolist()


def test_vs_random_command(tmp_path):
    out = tmp_path / "vs.csv"
    # --opponents takes counts, as equity_vs_random(opponents=...): 3 is three opponents
    assert main(["vs-random", "As Ad", "--opponents", "1", "2", "3", "--trials", "20000",
                 "--seed", "1", "--csv", str(out)]) == 0
    frame = pd.read_csv(out, comment="#")
    assert frame.opponents.tolist() == [1, 2, 3] and frame.equity.is_monotonic_decreasing
    assert main(["vs-random", "As Ad", "--opponents", "3", "--trials", "20000", "--seed", "1",
                 "--csv", str(out)]) == 0
    assert pd.read_csv(out, comment="#").opponents.tolist() == [3]


def interrupted_run(cmd: list[str], size_flag: str) -> tuple[str, str, float]:
    """Run a command once small (so that its kernels are in Numba's on-disk cache), then huge;
    Ctrl-C it once its progress bar shows it simulating (``--progress``: the bar appears after
    a second of the run; a fixed sleep could end before the kernels loaded on a busy
    machine). Returns its stdout, its stderr and how long it took to stop; it must have
    exited with status 130."""
    import signal
    import time

    cmd = [sys.executable, "-m", "pokersim.cli", *cmd]
    subprocess.run(cmd + [size_flag, "1000"], check=True, capture_output=True)
    proc = subprocess.Popen(cmd + [size_flag, "10000000000", "--progress"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=interruptible)
    shown = b""
    while b"/s]" not in shown:  # the bar's rate: chunks are being counted
        data = os.read(proc.stderr.fileno(), 4096)
        assert data, f"the command ended before it simulated: {shown.decode()}"
        shown += data
    sent = time.perf_counter()
    proc.send_signal(signal.SIGINT)
    out, err = (b.decode() for b in proc.communicate(timeout=30))
    err = shown.decode() + err
    assert proc.returncode == 130, err
    assert "PARTIAL" in err and "Traceback" not in err
    return out, err, time.perf_counter() - sent


def test_ctrl_c_prints_the_partial_estimate_and_exits_non_zero():
    out, _, stopped_after = interrupted_run(["equity", "AhKh", "random", "--seed", "1"],
                                            "--trials")
    assert "monte-carlo (partial)" in out and "std_error" in out
    assert stopped_after < 3.0  # 'within about a second'; generous for a busy machine


def test_ctrl_c_in_video_poker_simulation():
    out, _, _ = interrupted_run(["videopoker", "simulate", "--seed", "1"], "--trials")
    assert "deals: return" in out and "Royal Flush" in out


def test_ctrl_c_in_monte_carlo_frequencies():
    out, _, _ = interrupted_run(["frequencies", "--method", "monte-carlo", "--seed", "1"],
                                "--trials")
    assert "std_error" in out


def test_starting_hands_command(tmp_path):
    out = tmp_path / "sh.csv"
    assert main(["starting-hands", "--sort", "1", "--csv", str(out)]) == 0
    frame = pd.read_csv(out, comment="#")
    assert len(frame) == 169 and frame.columns.tolist()[:3] == ["hand", "vs 1", "vs 2"]
    assert frame.hand.iloc[0] == "AA"  # the best hand heads-up
    from pokersim.data import starting_hands

    shipped = starting_hands()
    aa = shipped[(shipped.hand == "AA") & (shipped.opponents == 1)].equity.iloc[0]
    assert frame["vs 1"].iloc[0] == aa  # the file keeps full precision


@pytest.mark.parametrize("argv, message", [
    (["--sort", "10"], "--sort 10 needs 10 among the opponent counts of the table (1, 2, 3"),
    (["--regenerate", "--opponents", "12", "--sort", "3"], "--sort 3 needs 3 among"),
    (["--regenerate", "--opponents", "23", "--out", "x.csv"], "--opponents must be an integer "
                                                             "from 1 to 22; got 23"),
])
def test_starting_hands_bad_options_fail_before_any_work(capsys, argv, message):
    rc, out, err = run_main(capsys, "starting-hands", *argv)
    assert rc == 2 and out == "" and err.count("\n") == 1
    assert message in err


def test_starting_hands_regenerates_more_than_nine_opponents_to_a_file(capsys, tmp_path):
    out = tmp_path / "sh.csv"
    rc, text, err = run_main(capsys, "starting-hands", "--regenerate", "--opponents", "12",
                             "--target-stderr", "0.05", "--out", str(out), "--sort", "12")
    assert rc == 0 and f"wrote {out}" in err
    table = pd.read_csv(out, comment="#")
    assert len(table) == 169 and set(table.opponents) == {12}
    assert text.splitlines()[0].split() == ["hand", "vs", "12"]


def test_starting_hands_of_any_game(capsys, tmp_path):
    out = tmp_path / "omaha.csv"
    rc, text, err = run_main(capsys, "starting-hands", "--regenerate", "--game", "omaha",
                             "--names", "As Ad Ks Kd", "Ah Kh Qd Jd", "--opponents", "1", "2",
                             "--target-stderr", "0.02", "--seed", "4", "--out", str(out))
    assert rc == 0 and f"wrote {out}" in err
    assert [line.split()[:4] for line in text.splitlines()[1:]] == [
        ["As", "Ad", "Ks", "Kd"], ["Ah", "Kh", "Qd", "Jd"]]  # the order asked for
    table = pd.read_csv(out, comment="#")
    api = starting_hand_table([1, 2], target_stderr=0.02, seed=4, game="omaha",
                              names=["As Ad Ks Kd", "Ah Kh Qd Jd"])
    assert table.equity.round(7).tolist() == api.equity.round(7).tolist()
    rc, text, err = run_main(capsys, "starting-hands", "--regenerate", "--game", "omaha")
    assert rc == 2 and "name the hands by their cards" in err and err.count("\n") == 1
    rc, text, err = run_main(capsys, "starting-hands", "--game", "omaha")
    assert rc == 2 and "--game only apply with --regenerate" in err


def test_vs_random_command_takes_up_to_22_opponents(capsys, tmp_path):
    out = tmp_path / "vs.csv"
    counts = [str(n) for n in range(1, 23)]
    assert main(["vs-random", "As Ad", "--opponents", *counts, "--board", "2c 7d Qh 9s 3d",
                 "--trials", "2000", "--seed", "1", "--csv", str(out)]) == 0
    assert pd.read_csv(out, comment="#").opponents.tolist() == list(range(1, 23))


# ----------------------------------------------------------------------------- output files


def test_every_output_format_holds_the_same_table(capsys, tmp_path):
    paths = {fmt: tmp_path / f"freq.{fmt}" for fmt in ("csv", "json", "parquet")}
    rc, out, err = run_main(capsys, "frequencies", "--cards", "5",
                            *[a for fmt, p in paths.items() for a in (f"--{fmt}", str(p))])
    assert rc == 0 and err == ""
    frames = [pd.read_csv(paths["csv"], comment="#"),
              pd.read_json(paths["json"], orient="table", precise_float=True),
              pd.read_parquet(paths["parquet"])]
    for frame in frames:
        assert dict(zip(frame["category"].astype(str), frame["count"], strict=True)) == \
            FIVE_CARD
        assert frame["probability"].iloc[0] == pytest.approx(4 / 2_598_960, rel=1e-15, abs=0)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in paths.values())


def test_parquet_without_pyarrow_says_what_to_install(capsys, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # import pyarrow now fails
    path = tmp_path / "t.parquet"
    rc, out, err = run_main(capsys, "evaluate", "As Ks Qs Js Ts", "--parquet", str(path))
    assert rc == 2
    assert out == ""  # refused before any work
    assert err.count("\n") == 1 and "pip install" in err and "pyarrow" in err
    assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_output_to_a_missing_folder_fails_before_running(capsys, tmp_path):
    rc, out, err = run_main(capsys, "evaluate", "As Ks Qs Js Ts", "--json",
                            str(tmp_path / "nope" / "t.json"))
    assert rc == 2 and out == "" and err.count("\n") == 1 and "nope" in err


def test_write_table_formats_and_errors(tmp_path):
    from pokersim.errors import PokersimInputError
    from pokersim.io import write_table

    frame = pd.DataFrame({"cards": ["As Kd", "2c 2d"], "chinese": ["豹子", "对子"]})
    frame.attrs["rules"] = object()  # not JSON: written as its text in the metadata block
    readers = {"csv": lambda p: pd.read_csv(p, comment="#"),
               "json": lambda p: pd.read_json(p, orient="table", precise_float=True),
               "parquet": pd.read_parquet}
    for suffix, reader in readers.items():
        path = write_table(frame, tmp_path / f"t.{suffix}")
        assert reader(path).to_dict("list") == frame.to_dict("list")
    with pytest.raises(PokersimInputError, match="xlsx"):
        write_table(frame, tmp_path / "t.xlsx")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.csv", "t.json", "t.parquet"]


# ----------------------------------------------------------------------------- --quiet, --help


@pytest.mark.parametrize("argv, quiet", [
    (["evaluate", "As Ks Qs Js Ts"], False),
    (["--quiet", "evaluate", "As Ks Qs Js Ts"], True),
    (["evaluate", "As Ks Qs Js Ts", "-q"], True),
    (["-q", "draw5", "deal", "--seed", "1"], True),
    (["videopoker", "return", "--quiet"], True),
])
def test_quiet_is_accepted_before_or_after_the_command(argv, quiet):
    from pokersim.cli import build_parser

    assert build_parser().parse_args(argv).quiet is quiet


def test_quiet_run(capsys):
    # two hands: one alone would get a note (no showdown) on stderr
    rc, out, err = run_main(capsys, "--quiet", "evaluate", "As Ks Qs Js Ts", "2c 3d 4h 5s 7c")
    assert rc == 0 and "Royal Flush" in out and err == ""


def _leaf_commands(parser, prefix=()):
    import argparse

    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        yield prefix
        return
    for name, p in subs[0].choices.items():
        yield from _leaf_commands(p, prefix + (name,))


def test_every_subcommand_has_help_with_examples(capsys):
    from pokersim.cli import build_parser

    leaves = list(_leaf_commands(build_parser()))
    assert {"draw5", "videopoker", "zhajinhua"} <= {c[0] for c in leaves}
    assert len(leaves) >= 14
    for command in leaves:
        with pytest.raises(SystemExit) as info:
            main([*command, "--help"])
        assert info.value.code == 0
        text = capsys.readouterr().out
        assert f"examples:\n  pokersim {' '.join(command)}" in text, command


def test_python_dash_m_pokersim():
    proc = subprocess.run([sys.executable, "-m", "pokersim", "evaluate", "As Ks Qs Js Ts"],
                          cwd=REPO, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "Royal Flush" in proc.stdout


def _stderr_on_a_terminal(argv: list[str]) -> tuple[int, str]:
    """Run the command with stderr on a pseudo-terminal (as in an interactive shell); return
    its exit status and what it wrote there."""
    import os
    import pty

    leader, follower = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "pokersim", *argv], stdout=subprocess.PIPE,
                            stderr=follower, text=True)
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 4096)
        except OSError:  # the terminal closed with the process
            break
        if not data:
            break
        chunks.append(data)
    os.close(leader)
    proc.communicate(timeout=120)
    return proc.returncode, b"".join(chunks).decode(errors="replace")


def test_progress_bar_on_a_terminal_and_not_with_quiet():
    argv = ["equity", "AhKh", *["random"] * 8, "--trials", "40000000", "--seed", "1"]
    code, err = _stderr_on_a_terminal(argv)  # ~2.5 s: past the bar's one-second delay
    assert code == 0 and "equity:" in err and "trials/s" in err
    code, err = _stderr_on_a_terminal(argv + ["--quiet"])
    assert code == 0 and err == ""
    out = subprocess.run([sys.executable, "-m", "pokersim", *argv], capture_output=True,
                         text=True, check=True)  # stderr not a terminal: no bar
    assert out.stderr == ""


def test_evaluate_with_a_ranking(capsys):
    # three hands with no card in common (hands that share one get no winner)
    rc, out, err = run_main(capsys, "evaluate", "7c 5d 4h 3s 2c", "Ac 2d 3h 4s 5c",
                            "2s 3c 4d 5h 6d", "--ranking", "deuce-to-seven")
    assert rc == 0 and err == ""
    lines = out.splitlines()
    assert "Number one" in lines[1] and lines[1].rstrip().endswith("wins")
    assert "A-5-4-3-2 low" in lines[2]  # no straight: the ace plays high only
    assert "Straight, Six high" in lines[3]


def test_frequencies_with_a_ranking(capsys):
    # published: a qualifying low in 24,530,944 of 133,784,560 seven-card hands
    rc, out, _ = run_main(capsys, "frequencies", "--ranking", "eight-or-better")
    assert rc == 0
    rows = dict(re.match(r"\s*(.+?)\s+([\d,]+) ", line).groups()
                for line in out.splitlines()[1:])
    assert rows["No low"] == f"{133_784_560 - 24_530_944:,}"
    assert rows["8-low"] == "13,171,200"
    rc, out, err = run_main(capsys, "evaluate", "Ac 5d 7h 8s 9c", "--ranking", "short-deck")
    assert rc == 2 and "5d (13) is not a card of the short deck" in err


def test_evaluate_in_a_game(capsys):
    rc, out, err = run_main(capsys, "evaluate", "Ah 2d Qc Jc 3h Kh 8c 7d 9d",
                            "Kh Kd Qc Jc 5h 4h 3c 2c Ad", "--game", "omaha-hi-lo")
    assert rc == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["hand", "strength", "description", "best_five", "low_strength",
                                "low_description", "low_five"]
    assert "8-7-3-2-A low" in lines[1] and "8c 7d 3h 2d Ah" in lines[1]
    assert "Pair of Kings" in lines[2] and "No low" in lines[2]  # two hole cards, no low
    rc, out, err = run_main(capsys, "evaluate", "Ah 2d", "--game", "omaha")
    assert rc == 2 and err.startswith("pokersim: error:") and "(N, 9)" in err
    rc, out, err = run_main(capsys, "evaluate", "Ah 2d 3c 4c 5h", "--game", "razz",
                            "--ranking", "badugi")
    assert rc == 2 and "not both" in err


def test_frequencies_in_a_game(capsys):
    rc, out, _ = run_main(capsys, "frequencies", "--game", "razz")
    assert rc == 0 and re.search(r"8-low +13,171,200", out)  # published
    rc, out, err = run_main(capsys, "frequencies", "--game", "omaha", "--method", "exact")
    assert rc == 2 and "use method='monte-carlo'" in err


def test_equity_in_a_game(capsys):
    # Omaha hi/lo on the flop, by hand: As Ad 2s 3d has the nut low draw (A-2-3 with 4-5)
    rc, out, err = run_main(capsys, "equity", "As Ad 2s 3d", "Kh Kd Qh Jd", "--game",
                            "omaha-hi-lo", "--board", "4c 5h Kc")
    assert rc == 0 and err == ""
    header = out.splitlines()[0].split()
    assert header[:8] == ["player", "win", "tie", "lose", "equity", "std_error", "outcomes",
                          "method"] and "low_equity" in header
    rc, out, err = run_main(capsys, "equity", "As Ad Ks Kd Qs", "random", "--game", "omaha")
    assert rc == 2 and err.startswith("pokersim: error:") and len(err.splitlines()) == 1


def test_an_unmet_target_is_one_warning_line(capsys):
    rc, out, err = run_main(capsys, "equity", "AhKh", "random", "--target-stderr", "0.001",
                            "--trials", "100", "--seed", "1")
    assert rc == 0 and out.strip()
    assert err.startswith("pokersim: warning: target_stderr=0.001 was not reached")
    assert len(err.splitlines()) == 1


def test_bench_cold_times_readme_commands():
    """The first-answer rows time the README's own commands (each is in its command block)."""
    from pokersim.tools.bench import README_COMMANDS

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    block = readme.split("Command line:", 1)[1].split("```bash", 1)[1].split("```", 1)[0]
    shown = {line.split("#")[0].strip() for line in block.splitlines()}
    assert [c for c in README_COMMANDS if f"pokersim {c}" not in shown] == []


def test_bench_five_game_script_runs_without_a_warning():
    """The five-game first-answer script calls the public front door only: it called the
    deprecated games.equity.game_equity, and its cold timing included the warnings."""
    import warnings

    from pokersim.tools.bench import FIVE_GAMES

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        exec(FIVE_GAMES, {})
