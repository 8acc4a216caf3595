"""The command line at its edges (issue 19): files that must not clobber one another or the
package, results cut short by Ctrl-C, errors that must end in one line, closed pipes, help
text, the evaluate showdown, process pools as ``client=``.

Most run ``pokersim.cli.main`` in this process with capsys; a few need a real process (a
closed pipe, Ctrl-C during compilation). Ctrl-C is simulated by making the n-th chunk of a run
raise KeyboardInterrupt, as a real SIGINT during that chunk would (tests/test_interrupt.py
sends real ones).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import importlib
import io
import itertools
import json
import multiprocessing
import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

import pokersim
from pokersim._core.shipped import read_starting_hands
from pokersim.cli import main
from tests.metadata_block import parquet_metadata

REPO = Path(__file__).resolve().parents[1]


def run_main(capsys, *argv):
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err


def one_line_error(rc, out, err, *words):
    assert rc == 2 and out == ""
    assert err.startswith("pokersim: error:") and err.count("\n") == 1, err
    for word in words:
        assert word in err, err


# ----------------------------------------------------------------------------- files


def test_two_options_naming_one_file_are_refused_before_any_work(capsys, tmp_path):
    path = tmp_path / "t.csv"
    one_line_error(*run_main(capsys, "frequencies", "--cards", 5, "--csv", path, "--json",
                             path), "--csv and --json both write", str(path))
    (tmp_path / "alias.json").symlink_to(path)  # one file under two names
    one_line_error(*run_main(capsys, "frequencies", "--cards", 5, "--csv", path, "--json",
                             tmp_path / "alias.json"), "--csv and --json")
    one_line_error(*run_main(capsys, "evaluate", "As Ks Qs Js Ts", "--csv", "-", "--parquet",
                             "-"), "--csv and --parquet both write '-'")
    assert sorted(os.listdir(tmp_path)) == ["alias.json"]  # nothing written
    # bench prints its own report there
    one_line_error(*run_main(capsys, "bench", "--quick", "--csv", "-"), "--csv -", "report")


LONG = "x" * 100_000  # longer than any file name the system takes


@pytest.mark.parametrize("option, name, why", [
    ("--csv", f"{LONG}.csv", "File name too long"),  # an OSError from the system's checks
    ("--csv", f"/no/such/{LONG}/t.csv", "File name too long"),
    ("--json", f"/no/such/{'d' * 300}/t.json", "no folder '/no/such/ddd"),
    ("--csv", f"{LONG}/", "a folder, not a file name"),
    ("--csv", f"two\nlines/{LONG}\0.csv", "no NUL character"),
    ("--out", f"/no/such/{LONG}.csv", "File name too long"),
    # a folder where no file can be made: found before the work too (it was found only when
    # written, after the table was printed)
    ("--csv", f"/proc/{'y' * 200}.csv", "no file can be made in '/proc'"),
], ids=["name too long", "folder too long", "no folder", "a folder", "NUL", "--out",
        "no file can be made"])
def test_a_path_in_an_error_is_a_bounded_excerpt_on_one_line(capsys, option, name, why):
    argv = ["starting-hands", *(["--regenerate", "--opponents", 1] if option == "--out" else []),
            option, name]
    rc, out, err = run_main(capsys, *argv)
    one_line_error(rc, out, err, why, repr(name)[:40])
    assert len(err) < 400, len(err)


def test_a_plot_that_cannot_be_written_is_one_line(capsys, monkeypatch, tmp_path):
    from matplotlib.figure import Figure

    def refused(self, path, **kwargs):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(Figure, "savefig", refused)
    name = tmp_path / f"{'p' * 200}.png"
    rc, out, err = run_main(capsys, "distribution", "AA", "KK", "--board", "Qh 7d 2c",
                            "--plot", name)
    one_line_error(rc, out, err, f"--plot: cannot write {str(name)[:40]!r}"[:-1],
                   "Permission denied")
    assert len(err) < 400, len(err)


@pytest.mark.parametrize("suffix, magic", [(".svg", b"<?xml"), (".pdf", b"%PDF"),
                                           (".PNG", b"\x89PNG")])
def test_a_plot_takes_the_format_its_suffix_names_and_the_same_data_gives_the_same_bytes(
        capsys, tmp_path, suffix, magic):
    # svg and pdf carried matplotlib's metadata key for PNG and failed in a traceback
    paths = [tmp_path / f"d{i}{suffix}" for i in range(2)]
    for path in paths:
        rc, out, err = run_main(capsys, "distribution", "AA", "KK", "--board", "Qh 7d 2c",
                                "--plot", path)
        assert rc == 0 and err == f"pokersim: wrote {path}\n", err
    assert paths[0].read_bytes()[:len(magic)] == magic
    assert paths[0].read_bytes() == paths[1].read_bytes()  # no date or version inside


@pytest.mark.parametrize("name, csv, words", [
    ("d.txt", "d.csv", ["cannot write an image to 'd.txt'", ".png, .svg or .pdf"]),
    ("d", "d.csv", ["cannot write an image to 'd'"]),  # matplotlib would have written d.png
    ("-", "d.csv", ["cannot write an image to '-'"]),  # it wrote a file named -.png
    ("d.png", "d.png", ["--csv and --plot both write"]),  # the plot was written over
])
def test_a_plot_name_is_checked_with_the_other_files_before_any_work(capsys, monkeypatch,
                                                                     tmp_path, name, csv,
                                                                     words):
    def no_work(*args, **kwargs):
        raise AssertionError("the work ran before --plot was checked")

    monkeypatch.setattr(pokersim, "equity_distribution", no_work)
    monkeypatch.chdir(tmp_path)
    one_line_error(*run_main(capsys, "distribution", "AA", "KK", "--board", "Qh 7d 2c",
                             "--plot", name, "--csv", csv), *words)
    assert os.listdir(tmp_path) == []


def test_a_plot_that_fails_half_written_leaves_the_old_file_whole(capsys, monkeypatch,
                                                                 tmp_path):
    from matplotlib.figure import Figure

    def half(self, file, **kwargs):
        file.write(b"<?xml half")
        raise OSError(28, "No space left on device")

    (tmp_path / "keep.svg").write_text("precious")
    monkeypatch.setattr(Figure, "savefig", half)
    one_line_error(*run_main(capsys, "distribution", "AA", "KK", "--board", "Qh 7d 2c",
                             "--plot", tmp_path / "keep.svg"), "--plot: cannot write",
                   "No space left on device")
    assert (tmp_path / "keep.svg").read_text() == "precious"
    assert os.listdir(tmp_path) == ["keep.svg"]  # no temporary file left


def test_a_plot_onto_a_full_device_is_an_error(capsys, tmp_path):
    (tmp_path / "full.png").symlink_to("/dev/full")  # reported "wrote" before
    one_line_error(*run_main(capsys, "distribution", "AA", "KK", "--board", "Qh 7d 2c",
                             "--plot", tmp_path / "full.png"), "No space left on device")


def test_dev_stdout_is_written_through_whether_a_pipe_or_a_file(tmp_path):
    # a pipe behind /dev/stdout was taken for a folder to make a file in; a file behind it was
    # replaced, the table printed before it lost
    argv = [sys.executable, "-m", "pokersim", "evaluate", "As Ks Qs Js Ts", "--csv",
            "/dev/stdout"]
    piped = subprocess.run(argv, capture_output=True, text=True)
    assert piped.returncode == 0, piped.stderr
    with open(tmp_path / "out.txt", "w") as f:
        done = subprocess.run(argv, stdout=f, stderr=subprocess.PIPE, text=True)
    assert done.returncode == 0, done.stderr
    for text in (piped.stdout, (tmp_path / "out.txt").read_text()):
        table, csv_part = text.split("# pokersim table", 1)
        assert "Royal Flush" in table  # the printed table, then the file
        assert "As Ks Qs Js Ts,7462,Royal Flush" in csv_part


@pytest.mark.parametrize("argv, words", [
    (["batch-equity", "{spots}", "--out", "{out}", "--chunk-size", 0],
     ["chunk_size must be an integer >= 1; got 0"]),  # 0 ran as "not given"
    (["bench", "--memory-trials", 0], ["trials must be an integer >= 1; got 0"]),
    (["starting-hands", "--regenerate", "--names", "AA", "AA", "--opponents", 1],
     ["'AA' is the hand 'AA' again"]),  # a traceback from the wide table's reshape
])
def test_counts_of_zero_and_repeated_hands_are_refused(capsys, tmp_path, argv, words):
    spots = tmp_path / "spots.csv"
    spots.write_text("hero,villain,board\nAhKh,QsQd,\n")
    argv = [str(a).format(spots=spots, out=tmp_path / "o.csv") for a in argv]
    one_line_error(*run_main(capsys, *argv), *words)
    assert not (tmp_path / "o.csv").exists()


def test_dash_writes_the_file_to_standard_output_instead_of_the_printed_table(
        capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rc, out, err = run_main(capsys, "frequencies", "--cards", 5, "--csv", "-")
    assert rc == 0 and err == ""
    assert os.listdir(tmp_path) == []  # no file named "-"
    frame = pd.read_csv(io.StringIO(out), comment="#")
    assert frame["count"].tolist()[:3] == [4, 36, 624]  # published five-card counts
    assert "std_error" not in out.split("\n", 1)[0]  # no printed table before the file


def test_a_symlinked_output_keeps_its_link(capsys, tmp_path):
    target = tmp_path / "runs" / "latest.csv"
    target.parent.mkdir()
    target.write_text("old\n")
    link = tmp_path / "freq.csv"
    link.symlink_to(target)
    assert run_main(capsys, "frequencies", "--cards", 5, "--csv", link)[0] == 0
    assert link.is_symlink()
    assert pd.read_csv(target, comment="#")["count"].sum() == 2_598_960


def test_saved_files_carry_the_inputs_of_the_run(capsys, tmp_path):
    paths = {fmt: tmp_path / f"eq.{fmt}" for fmt in ("csv", "json", "parquet")}
    argv = ["equity", "AhKh", "random", "--board", "2c 7d Qh", "--dead", "3s", "--trials",
            "20000", "--seed", "5", *[a for f, p in paths.items() for a in (f"--{f}", str(p))]]
    rc, out, err = run_main(capsys, *argv)
    assert rc == 0 and err == ""
    text = paths["csv"].read_text()
    metas = [{k: json.loads(v) for k, v in (line[2:].split(": ", 1) for line in
                                               text.splitlines()[1:] if line.startswith("# "))},
             json.loads(paths["json"].read_text())["metadata"],
             parquet_metadata(paths["parquet"])]
    for meta in metas:
        assert meta["pokersim"] == pokersim.__version__
        assert meta["command"] == shlex.join(["pokersim", *argv])
        assert (meta["board"], meta["dead"], meta["seed"], meta["trials"]) == (
            "2c 7d Qh", "3s", 5, 20000)
        assert meta["players"] == ["AhKh", "random"] and meta["partial"] is False
    frames = [pd.read_csv(paths["csv"], comment="#"),
              pd.read_json(paths["json"], orient="table", precise_float=True),
              pd.read_parquet(paths["parquet"])]
    for frame in frames:  # the same table in every format
        pd.testing.assert_frame_equal(pd.DataFrame(frame[["win", "equity", "outcomes"]]),
                                      pd.DataFrame(frames[0][["win", "equity", "outcomes"]]))


def test_a_saved_file_names_the_ranking_or_game(capsys, tmp_path):
    path = tmp_path / "f.json"
    assert run_main(capsys, "evaluate", "7c 5d 4h 3s 2c", "--ranking", "deuce-to-seven",
                    "--json", path)[0] == 0
    assert json.loads(path.read_text())["metadata"]["ranking"] == "deuce-to-seven"
    assert run_main(capsys, "evaluate", "Ah 2d Qc Jc 3h Kh 8c 7d 9d", "--game", "omaha-hi-lo",
                    "--json", path)[0] == 0
    meta = json.loads(path.read_text())["metadata"]
    assert meta["game"] == "omaha-hi-lo" and meta["hands"] == ["Ah 2d Qc Jc 3h Kh 8c 7d 9d"]


# ----------------------------------------------------------------------------- starting-hands


@pytest.fixture
def shipped_copy(tmp_path, monkeypatch):
    """The shipped starting-hand file, as a copy the test may see written; the regeneration
    replaced by a quick table (the shipped rows of the opponent counts asked for)."""
    import pokersim.analysis.starting_hands as sh

    copy = tmp_path / "package" / "starting_hands.csv"
    copy.parent.mkdir()
    copy.write_bytes(sh.SHIPPED.read_bytes())
    shipped = pokersim.data.starting_hands()

    def quick(opponents=sh.SHIPPED_OPPONENTS, **options):
        table = shipped[shipped.opponents.isin(list(opponents))].reset_index(drop=True)
        table.attrs.update(seed=options.get("seed", 169), partial=False)
        return table

    monkeypatch.setattr(sh, "SHIPPED", copy)
    monkeypatch.setattr(sh, "starting_hand_table", quick)
    return copy


def test_regenerate_never_writes_into_the_package(capsys, shipped_copy):
    before = shipped_copy.read_bytes(), shipped_copy.stat().st_mtime_ns
    rc, out, err = run_main(capsys, "starting-hands", "--regenerate")
    assert rc == 0 and "wrote" not in err, err
    assert out.splitlines()[0].split()[:3] == ["hand", "vs", "1"] and len(out.splitlines()) == 170
    rc, out, err = run_main(capsys, "starting-hands", "--regenerate", "--opponents", 2)
    assert rc == 0 and len(out.splitlines()) == 170  # a partial table: printed, not saved
    assert (shipped_copy.read_bytes(), shipped_copy.stat().st_mtime_ns) == before
    # and so the shipped table still serves every opponent count
    rc, out, err = run_main(capsys, "starting-hands", "--sort", 1)
    assert rc == 0 and out.splitlines()[1].split()[0] == "AA"


def test_regenerate_writes_where_told(capsys, shipped_copy, tmp_path):
    out_path = tmp_path / "sh.csv"
    rc, out, err = run_main(capsys, "starting-hands", "--regenerate", "--opponents", 2, 3,
                            "--seed", 4, "--out", out_path)
    assert rc == 0 and err == f"pokersim: wrote {out_path}\n"
    written = pd.read_csv(out_path, comment="#")
    assert len(written) == 2 * 169 and set(written.opponents) == {2, 3}
    from pokersim.io import read_table

    assert read_table(out_path).attrs["seed"] == 4
    one_line_error(*run_main(capsys, "starting-hands", "--regenerate", "--out", out_path,
                             "--csv", out_path), "--csv and --out both write")


def test_the_shipped_file_takes_only_a_whole_table(shipped_copy):
    from pokersim.analysis.starting_hands import save_starting_hands, starting_hand_table
    from pokersim.errors import PokersimInputError

    before = shipped_copy.read_bytes()
    with pytest.raises(PokersimInputError, match="1 to 9 opponents"):
        save_starting_hands(starting_hand_table([2]), shipped_copy)
    cut_short = starting_hand_table()
    cut_short.attrs["partial"] = True
    with pytest.raises(PokersimInputError, match="partial table elsewhere"):
        save_starting_hands(cut_short, shipped_copy)
    assert shipped_copy.read_bytes() == before
    with pytest.raises(TypeError):  # no default path: never into the package unasked
        save_starting_hands(starting_hand_table([2]))  # type: ignore[call-arg]
    save_starting_hands(starting_hand_table(), shipped_copy)  # the developer's refresh
    assert len(read_starting_hands(shipped_copy)) == 169 * 9


# ----------------------------------------------------------------------------- Ctrl-C


@pytest.fixture
def ctrl_c_at(monkeypatch):
    """``ctrl_c_at(n)``: Ctrl-C as the n-th chunk of the command's runs (counted across its
    runs) starts; the chunks before it are counted."""

    def arm(n: int) -> None:
        calls = itertools.count(1)

        def wrap(real):
            def run_chunks(compute, *args, **kwargs):
                def chunk(*a):
                    if next(calls) == n:
                        raise KeyboardInterrupt
                    return compute(*a)

                return real(chunk, *args, **kwargs)

            return run_chunks

        for name in ("pokersim._core.montecarlo", "pokersim.engine.runs"):
            module = importlib.import_module(name)
            monkeypatch.setattr(module, "run_chunks", wrap(module.run_chunks))

    return arm


def test_ctrl_c_in_vs_random_keeps_every_finished_row_printed_and_saved(capsys, tmp_path,
                                                                         ctrl_c_at):
    csv_path, json_path = tmp_path / "vs.csv", tmp_path / "vs.json"
    ctrl_c_at(4)  # chunks: 1 opponent (two), then 2 opponents: the second one is cut
    rc, out, err = run_main(capsys, "vs-random", "As Ad", "--opponents", 1, 2, 3, "--trials", 20000,
                            "--chunk-size", 16384, "--seed", 1, "--csv", csv_path,
                            "--json", json_path)
    assert rc == 130 and "PARTIAL" in err
    lines = out.splitlines()
    assert lines[0].startswith("PARTIAL: interrupted by Ctrl-C")
    assert lines[1].split()[:2] == ["opponents", "player"] and len(lines) == 4
    for frame in (pd.read_csv(csv_path, comment="#"),
                  pd.read_json(json_path, orient="table", precise_float=True)):
        assert frame.opponents.tolist() == [1, 2]
        assert frame.outcomes.tolist() == [20000, 16384]
        assert frame.method.tolist() == ["monte-carlo", "monte-carlo (partial)"]
    assert json.loads(json_path.read_text())["metadata"]["partial"] is True
    assert "# partial: true" in csv_path.read_text().splitlines()


@pytest.mark.parametrize("argv, block", [
    (["frequencies", "--method", "monte-carlo", "--seed", 1], "MC_BLOCK"),
    (["draw5", "win-rates", "--players", 3, "--seed", 1], "MC_BLOCK"),
    (["zhajinhua", "frequencies", "--method", "monte-carlo", "--seed", 1], "MC_BLOCK"),
    (["videopoker", "simulate", "--strategy", "simple", "--seed", 1], "DEAL_BLOCK"),
])
def test_ctrl_c_prints_and_saves_the_table_marked_partial(capsys, tmp_path, ctrl_c_at, argv,
                                                          block):
    size = getattr(pokersim.config, block)
    path = tmp_path / "t.csv"
    ctrl_c_at(2)
    rc, out, err = run_main(capsys, *argv, "--trials", 3 * size, "--chunk-size", size,
                            "--csv", path)
    assert rc == 130 and err.endswith("the estimate so far is printed and saved, marked "
                                      "PARTIAL\n")
    assert out.startswith("PARTIAL: interrupted by Ctrl-C")
    assert "monte-carlo (partial)" in out
    assert "# partial: true" in path.read_text().splitlines()
    frame = pd.read_csv(path, comment="#")
    assert (frame.method == "monte-carlo (partial)").all()


def test_ctrl_c_while_the_progress_bar_draws_keeps_the_chunk_just_done(monkeypatch):
    """The bar is drawn as a chunk completes, before the chunk is counted: Ctrl-C there (seen
    with a real SIGINT, sent as the bar first showed) lost the chunk, and the first one made
    the run end with nothing at all."""
    import numpy as np

    from pokersim._core import runner

    class Bar:
        def update(self, n):
            raise KeyboardInterrupt  # Ctrl-C as the first chunk is drawn

        def close(self):
            pass

    monkeypatch.setattr(runner, "progress_bar", lambda *args: Bar())
    try:
        run = runner.run_chunks(lambda problem, first, n: (np.array([n]),), None, n_blocks=10,
                                chunk_blocks=4, progress=True)
    except KeyboardInterrupt:  # would end the test session
        pytest.fail("the chunk just done was lost, and the run with it")
    assert run.interrupted and run.blocks == 4 and run.counts[0].tolist() == [4]


# ----------------------------------------------------------------------------- errors


@pytest.mark.parametrize("argv, env", [
    (["equity", "AhKh", "QsQd", "--scheduler", "notanaddress"], None),
    (["frequencies", "--cards", "5"], "bogus"),  # even for an exact run
])
def test_a_bad_scheduler_address_is_one_line(capsys, monkeypatch, argv, env):
    pytest.importorskip("distributed")
    if env is not None:
        monkeypatch.setenv("POKERSIM_SCHEDULER", env)
    one_line_error(*run_main(capsys, *argv), "cannot reach the Dask scheduler",
                   env or "notanaddress", "$POKERSIM_SCHEDULER" if env else "--scheduler")


@pytest.mark.parametrize("argv, words", [
    (["frequencies", "--method", "bogus"], ["invalid choice: 'bogus'", "pokersim frequencies"]),
    (["frequencies", "--trials", "2.5"], ["--trials: takes a whole number", "1e6", "'2.5'"]),
    (["frequencies", "--trials", "1.5e3"], ["--trials: takes a whole number", "'1.5e3'"]),
    (["equity", "AhKh", "random", "--chunk-size", "1e-3"], ["--chunk-size: takes a whole"]),
    (["frequencies", "--cards", "3"], ["invalid choice: 3"]),
    (["zhajinhua", "win-rates", "--method", "guess"], ["'guess'", "zhajinhua win-rates"]),
    (["evaluate"], ["required: hands"]),
    ([], ["required: COMMAND", "'pokersim --help'"]),
])
def test_usage_errors_are_one_line(capsys, argv, words):
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "usage:" not in captured.err
    one_line_error(2, "", captured.err, *words, "--help'")


def test_counts_take_underscores_and_powers_of_ten(capsys):
    tables = []
    for trials in ("20000", "20_000", "2e4", "2E4"):
        assert main(["equity", "AhKh", "QsQd", "--trials", trials, "--seed", "1"]) == 0
        tables.append(capsys.readouterr().out)
    assert len(set(tables)) == 1 and "20,000" in tables[0]


def test_workers_zero_is_refused_before_dask_is_needed(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if Dask were not installed
    assert main(["equity", "AhKh", "random", "--trials", "1000", "--workers", "0"]) == 2
    err = capsys.readouterr().err
    assert "--workers must be an integer from 1 to 1024; got 0" in err and "Dask" not in err


def test_help_is_still_whole(capsys):
    with pytest.raises(SystemExit) as info:
        main(["frequencies", "--help"])
    out = capsys.readouterr().out
    assert info.value.code == 0 and out.startswith("usage: pokersim frequencies")
    assert "--method {auto,exact,monte-carlo}" in out and "examples:" in out


def _parsers(parser, prefix=("pokersim",)):
    """(command words, parser) of the top level and of every command, depth first."""
    yield prefix, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _parsers(sub, prefix + (name,))


def test_no_help_shows_raw_restructured_text():
    from pokersim.cli import build_parser

    for words, parser in _parsers(build_parser()):
        text = parser.format_help()
        for markup in ("``", ":func:", ":mod:", ":data:"):
            assert markup not in text, (words, markup)


def test_chunk_size_help_names_target_stderr_only_where_the_command_has_it():
    from pokersim.cli import build_parser

    checked = 0
    for words, parser in _parsers(build_parser()):
        options = {o: a for a in parser._actions for o in a.option_strings}
        if "--chunk-size" in options:
            checked += 1
            mentions = "--target-stderr" in options["--chunk-size"].help
            assert mentions == ("--target-stderr" in options), words
    assert checked >= 8


@pytest.mark.parametrize("argv, expected, note", [
    # hands that share As: they cannot meet at one showdown
    (["As Ks Qs Js Ts", "As Kd 2c 3c 4c"], ["", ""], "hands 1 and 2 both hold As"),
    # the same hand twice
    (["Ah Kh Qh Jh Th 2c 3d", "Ah Kh Qh Jh Th 2c 3d"], ["", ""], "hands 1 and 2 both hold"),
    # a board held by every hand, the hole cards apart: a showdown
    (["2h 3d 6c 7d 8h 9s Tc", "2s 4c 6c 7d 8h 9s Tc", "Jc Qd 6c 7d 8h 9s Tc"],
     ["", "", "wins"], None),
    (["2h 3d 6c 7d 8h 9s Tc", "2s 4c 6c 7d 8h 9s Tc"], ["tie", "tie"], None),
    # hands 1 and 3 share 9h, which hand 2 lacks: not a board
    (["Ah Ad 9h 5c 6c", "Kh Kd 2c 3c 4s", "Qh Qd 9h 7s 8s"], ["", "", ""],
     "hands 1 and 3 both hold 9h"),
    (["2c 2d 2h 9s 9c"], [""], "one hand is no showdown"),
])
def test_evaluate_names_a_winner_only_at_a_possible_showdown(capsys, argv, expected, note):
    rc, out, err = run_main(capsys, "evaluate", *argv, "--csv", "-")
    assert rc == 0
    frame = pd.read_csv(io.StringIO(out), comment="#", keep_default_na=False)
    assert frame.wins.tolist() == expected
    if note is None:
        assert err == ""
    else:
        assert err.startswith("pokersim: note: no winner named: ") and note in err
        assert err.count("\n") == 1


def test_progress_bar_only_when_stderr_is_a_terminal_or_asked(capsys, monkeypatch):
    monkeypatch.setattr(pokersim.config, "PROGRESS_DELAY", 0)
    argv = ["equity", "AhKh", "random", "--trials", 40000, "--seed", 1]
    rc, _, err = run_main(capsys, *argv)  # stderr is not a terminal here
    assert rc == 0 and err == ""
    rc, _, err = run_main(capsys, *argv, "--progress")
    assert rc == 0 and "equity" in err and "trials" in err
    rc, _, err = run_main(capsys, "--progress", *argv)
    assert rc == 0 and "equity" in err
    one_line_error(*run_main(capsys, *argv, "--progress", "--quiet"), "--quiet or --progress")


@pytest.mark.parametrize("sigint, then", [("Python's handler", "runs on"),
                                          ("no handler", "runs on"),
                                          ("Python's handler", "fails"),
                                          ("no handler", "fails")])
def test_an_interrupt_lost_in_a_callback_from_c_still_ends_the_command(capsys, monkeypatch,
                                                                       sigint, then):
    """Ctrl-C during Numba's compilation can land in llvmlite's ctypes callback, where Python
    prints "Exception ignored" and drops it: the command then ran on to the end (status 0).
    Where SIGINT has no Python handler, resending it does nothing (seen after other tests had
    changed it): the command still ends interrupted. The compilation it cut short can also
    fail at once, before the interrupt comes back (seen in CI: Numba's cache raised
    "RuntimeError: no compiled object yet", a traceback): interrupted too."""
    import ctypes
    import signal

    import pokersim.cli.hands as hands_commands

    previous = signal.signal(signal.SIGINT, signal.default_int_handler if sigint ==
                             "Python's handler" else signal.SIG_IGN)

    def compile_then_run(args):
        callback = ctypes.CFUNCTYPE(None)(_raise_keyboard_interrupt)
        callback()  # the interrupt is lost here
        if then == "fails":
            raise RuntimeError("no compiled object yet for <Library 'monte_carlo_kernel'>")
        deadline = time.monotonic() + (5 if sigint == "Python's handler" else 0.2)
        while time.monotonic() < deadline:  # and comes back before the command can finish
            time.sleep(0.001)
        ran_to_the_end.append(True)
        return pd.DataFrame({"done": [True]})

    ran_to_the_end = []
    monkeypatch.setattr(hands_commands, "_cmd_evaluate", compile_then_run)
    hook = sys.unraisablehook
    try:
        rc, out, err = run_main(capsys, "evaluate", "As Ks Qs Js Ts")
    finally:
        signal.signal(signal.SIGINT, previous)
    assert (rc, out, err) == (130, "", "pokersim: interrupted\n")
    assert sys.unraisablehook is hook  # put back
    if sigint == "Python's handler" and then == "runs on":
        assert not ran_to_the_end  # the interrupt came back, not only noted at the end


def test_an_interrupt_lost_again_when_it_comes_back_is_sent_again(capsys, monkeypatch):
    """While LLVM compiles, the Python code that runs is mostly llvmlite's callbacks, so the
    interrupt sent back can land in the next one and be lost again (seen in CI: the command
    then simulated its 10**10 trials, still running 300 s after Ctrl-C)."""
    import ctypes
    import signal

    import pokersim.cli.hands as hands_commands

    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    lost = ctypes.CFUNCTYPE(None)(_raise_keyboard_interrupt)
    spin = ctypes.CFUNCTYPE(None)(_spin_for_a_second)

    def compile_then_run(args):
        lost()  # the interrupt is lost here
        spin()  # and again here, when it comes back
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            time.sleep(0.001)
        ran_to_the_end.append(True)
        return pd.DataFrame({"done": [True]})

    ran_to_the_end = []
    monkeypatch.setattr(hands_commands, "_cmd_evaluate", compile_then_run)
    try:
        rc, out, err = run_main(capsys, "evaluate", "As Ks Qs Js Ts")
    finally:
        signal.signal(signal.SIGINT, previous)
    assert (rc, out, err) == (130, "", "pokersim: interrupted\n")
    assert not ran_to_the_end


def _raise_keyboard_interrupt():
    raise KeyboardInterrupt


def _spin_for_a_second():
    deadline = time.monotonic() + 1
    while time.monotonic() < deadline:  # Python code, where an interrupt sent lands
        pass


# ----------------------------------------------------------------------------- real processes


def test_a_closed_pipe_ends_quietly():
    """``pokersim draw5 deal ... | head -2``: the reader goes after two lines (the table, about
    400 kB, is more than the pipe holds, so the command writes after the reader left)."""
    proc = subprocess.Popen([sys.executable, "-m", "pokersim", "draw5", "deal", "--rounds",
                             "1000", "--seed", "1"], cwd=REPO, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    head = [proc.stdout.readline() for _ in range(2)]
    proc.stdout.close()
    with proc.stderr:
        err = proc.stderr.read().decode()
    proc.wait(timeout=300)
    assert head[0].split()[:2] == [b"round", b"seat"]
    assert err == "" and proc.returncode == 1  # the Python documentation's recipe


INTERRUPT_WHILE_COMPILING = r"""
import os, signal, subprocess, sys, tempfile, time
cache = tempfile.mkdtemp()  # an empty kernel cache: the command compiles
env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONFAULTHANDLER="1")
proc = subprocess.Popen([sys.executable, "-m", "pokersim", "equity", "AhKh", "random",
                         "--trials", "10000000000", "--seed", "1"], stdout=subprocess.PIPE,
                        stderr=subprocess.PIPE, text=True, env=env,
                        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
time.sleep(float(sys.argv[1]))
proc.send_signal(signal.SIGINT)
try:
    out, err = proc.communicate(timeout=120)
except subprocess.TimeoutExpired:  # still running: where each thread is, from faulthandler
    proc.send_signal(signal.SIGABRT)
    out, err = proc.communicate(timeout=60)
    sys.exit("still running 120 s after Ctrl-C:\n" + err[-6000:])
print(proc.returncode, repr(err))
"""


@pytest.mark.slow
@pytest.mark.parametrize("after", [6, 8, 9, 10, 11, 12, 14])
def test_ctrl_c_while_numba_compiles_ends_in_one_line(after):
    """A real SIGINT ``after`` seconds into a run that compiles its kernels (about 12 s to the
    first kernel on a busy 2-core machine, 15 s to the whole run's on a quiet one): status 130
    and one line, whatever it interrupted (seen before: an "Exception ignored" traceback from
    llvmlite and the run going on to status 0, or a crash in the interpreter's teardown). The
    run asks for 10**10 trials, so that a fast machine, done compiling, is interrupted while it
    simulates (the estimate so far printed, marked PARTIAL), never after it has finished."""
    done = subprocess.run([sys.executable, "-c", INTERRUPT_WHILE_COMPILING, str(after)],
                          cwd=REPO, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr[-6000:]  # (the command's, if hung)
    rc, err = done.stdout.split(" ", 1)
    one_line = {repr("pokersim: interrupted\n"),
                repr("pokersim: interrupted; the estimate so far is printed, marked PARTIAL\n")}
    assert int(rc) == 130 and err.strip() in one_line, done.stdout


# ----------------------------------------------------------------------------- process pools


FORK_AFTER_LOCAL_KERNELS = """
import concurrent.futures, multiprocessing
import pandas as pd
import pokersim
from pokersim._core.runner import check_client
here = pokersim.equity(["AhKh", "random"], trials=60000, seed=3, chunk_size=16384)
with concurrent.futures.ProcessPoolExecutor(
        2, mp_context=multiprocessing.get_context("fork")) as pool:
    check_client(pool)
    there = pokersim.equity(["AhKh", "random"], trials=60000, seed=3, chunk_size=16384,
                            client=pool)
pd.testing.assert_frame_equal(pd.DataFrame(here), pd.DataFrame(there))
print("same")
"""


@pytest.mark.skipif(sys.platform == "win32", reason="no fork on Windows")
def test_a_fork_process_pool_runs_after_local_kernels():
    """Kernels ran here on the worker threads, then a pool forks workers: each forgets the
    inherited thread pool (whose threads it does not have: a chunk given to it waited for
    ever) and gives the local numbers. In a process of its own, so that a hang fails."""
    done = subprocess.run([sys.executable, "-c", FORK_AFTER_LOCAL_KERNELS], cwd=REPO,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and done.stdout.split() == ["same"], done.stdout + done.stderr


@pytest.mark.slow
def test_a_spawn_process_pool_runs_after_local_kernels():
    """Kernels ran here, then a pool of spawned workers (fresh interpreters that load the
    kernels from the disk cache) runs the chunks: the numbers are the local run's."""
    here = pokersim.equity(["AhKh", "random"], trials=60000, seed=3, chunk_size=16384)
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(2, mp_context=context) as pool:
        there = pokersim.equity(["AhKh", "random"], trials=60000, seed=3, chunk_size=16384,
                                client=pool)
    pd.testing.assert_frame_equal(pd.DataFrame(here), pd.DataFrame(there))


@pytest.mark.skipif(sys.platform == "win32" or
                    signal.getsignal(signal.SIGINT) is not signal.default_int_handler,
                    reason="needs Python's own SIGINT handler in this process")
def test_work_that_fails_after_ctrl_c_ends_interrupted():
    """Ctrl-C that lands where the work turns it into another error (Numba loading its
    registries: "generator raised StopIteration") still ends the command interrupted."""
    from pokersim.cli._running import interrupts_kept

    with pytest.raises(KeyboardInterrupt):
        with interrupts_kept():
            try:
                os.kill(os.getpid(), signal.SIGINT)
                time.sleep(5)  # the handler raises here
            except KeyboardInterrupt:
                raise RuntimeError("generator raised StopIteration") from None
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # put back


def test_ctrl_c_while_the_command_line_is_imported_ends_in_one_line(capsys, monkeypatch):
    """Importing the command line takes seconds on a busy machine (seen: 4.3 s); Ctrl-C then
    printed a KeyboardInterrupt traceback and ended with status -2."""
    import importlib.abc

    import pokersim.__main__ as entry

    class Interrupted(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name == "pokersim.cli":
                raise KeyboardInterrupt

    monkeypatch.delitem(sys.modules, "pokersim.cli")
    monkeypatch.setattr(sys, "meta_path", [Interrupted(), *sys.meta_path])
    assert entry.run() == 130
    assert capsys.readouterr() == ("", "pokersim: interrupted\n")


def test_ctrl_c_with_no_file_to_write_says_the_estimate_is_printed_only(capsys, ctrl_c_at):
    """It said "printed and saved" with nothing saved."""
    ctrl_c_at(2)
    rc, out, err = run_main(capsys, "frequencies", "--method", "monte-carlo", "--seed", 1,
                            "--trials", 3 * pokersim.config.MC_BLOCK, "--chunk-size",
                            pokersim.config.MC_BLOCK)
    assert rc == 130 and out.startswith("PARTIAL: interrupted by Ctrl-C")
    assert err == "pokersim: interrupted; the estimate so far is printed, marked PARTIAL\n"


def test_max_trials_sets_the_cap_of_one_command(capsys):
    one_line_error(*run_main(capsys, "equity", "AhKh", "QsQd", "--trials", "1e15"),
                   "trials=1,000,000,000,000,000 is over the cap", "--max-trials")
    one_line_error(*run_main(capsys, "equity", "AhKh", "QsQd", "--trials", 5000,
                             "--max-trials", 4999), "config.MAX_TRIALS = 4,999:")
    rc, out, err = run_main(capsys, "equity", "AhKh", "QsQd", "--trials", 5000, "--seed", 1,
                            "--max-trials", 5000)
    assert rc == 0 and err == "" and "5000" in out.replace(",", "")
    assert pokersim.config.MAX_TRIALS == 10**10  # put back
    one_line_error(*run_main(capsys, "equity", "AhKh", "QsQd", "--max-trials", 0),
                   "--max-trials must be an integer from 1")
