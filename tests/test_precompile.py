"""``pokersim compile`` (pokersim.tools.precompile): warm-up tasks on worker processes fill Numba's
disk cache, and a later process loads its kernels from it without compiling.

The run that compiles uses an empty ``NUMBA_CACHE_DIR`` and two of the cheapest tasks (the
5-card evaluator, dealing), on one worker process.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pokersim.cli import main
from pokersim.games.game import NAMES as GAME_NAMES
from pokersim.tools import precompile

REPO = Path(__file__).resolve().parent.parent

CHEAP = ["evaluate-5", "deal"]

LOAD_AGAIN = """
import pokersim
from pokersim._core import compiling as _compiling
from pokersim.tools.precompile import compile_all
pokersim.evaluate(pokersim.deal(10, 5, seed=3))
print("COMPILES", _compiling.compiles())
for warmed in compile_all(["evaluate-5"], workers=1):
    print("TASK", warmed.name, warmed.compile_seconds, warmed.error)
"""


def test_every_task_has_its_own_name():
    names = [name for name, _ in precompile.task_list()]
    assert len(names) == len(set(names)) == len(precompile.TASKS)
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", name) for name in names)
    for game in GAME_NAMES:  # each game: evaluated, exact and Monte Carlo equity
        assert {f"evaluate-game-{game}", f"game-equity-{game}-exact",
                f"game-equity-{game}-monte-carlo"} <= set(names)
    assert set(CHEAP) <= set(names)
    assert set(precompile.FIRST) <= set(names)  # the tasks run first are tasks
    assert names[:len(precompile.FIRST)] == list(precompile.FIRST)


def test_list_prints_the_task_names(capsys):
    assert main(["compile", "--list"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == list(precompile.TASKS) and err == ""
    assert main(["compile", "--list", "deal", "evaluate-5", "deal"]) == 0
    assert capsys.readouterr().out.splitlines() == ["deal", "evaluate-5"]


@pytest.mark.parametrize("argv, message", [
    (["--workers", "0"], "--workers must be an integer from 1 to 1024; got 0"),
    (["--workers", "-3", "deal"], "--workers must be an integer from 1 to 1024; got -3"),
    (["--workers", "two"], "argument --workers: invalid int value: 'two'"),
    (["evaluate-8"], "no warm-up task 'evaluate-8': 'pokersim compile --list' lists them"),
])
def test_bad_input_is_one_line(capsys, argv, message):
    try:
        status = main(["compile", *argv])
    except SystemExit as e:  # argparse's usage errors
        status = e.code
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err.startswith("pokersim: error: ") and message in err and err.count("\n") == 1


def test_compile_all_checks_its_arguments():
    with pytest.raises(ValueError, match="workers must be an integer >= 1"):
        precompile.compile_all(CHEAP, workers=0)
    with pytest.raises(ValueError, match="no warm-up task"):
        precompile.compile_all(["nothing"])


def _env(cache_dir) -> dict:
    env = {k: v for k, v in os.environ.items()
           if k not in ("NUMBA_CACHE_DIR", "NUMBA_CACHE_LOCATOR_CLASSES")}
    return env | {"NUMBA_CACHE_DIR": str(cache_dir), "PYTHONDONTWRITEBYTECODE": "1"}


def test_compile_fills_the_cache_and_a_later_process_loads_it(tmp_path):
    cache = tmp_path / "numba-cache"
    done = subprocess.run([sys.executable, "-m", "pokersim", "compile", *CHEAP, "--workers",
                           "1"], env=_env(cache), cwd=tmp_path, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    # one line on stderr before the work, none from the workers (no notice of compiling)
    assert done.stderr.splitlines() == [
        "pokersim: 2 warm-up tasks on 1 process; a line as each finishes"], done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 3, done.stdout
    # a line a task, as it finishes: its name and seconds (it compiled: no "from the cache")
    assert sorted(line.split()[0] for line in lines[:2]) == sorted(CHEAP)
    assert all(re.fullmatch(r"\S+ +\d+\.\d s", line) for line in lines[:2]), lines
    assert lines[2].startswith("2 tasks in ") and " on 1 process " in lines[2]
    assert str(cache) in lines[2]
    saved = {p.suffix for p in cache.rglob("*") if p.is_file()}
    assert {".nbi", ".nbc"} <= saved, sorted(cache.rglob("*"))

    again = subprocess.run([sys.executable, "-c", LOAD_AGAIN], env=_env(cache), cwd=tmp_path,
                           capture_output=True, text=True, timeout=600)
    assert again.returncode == 0, again.stdout + again.stderr
    out = again.stdout.splitlines()
    assert "COMPILES 0" in out, again.stdout  # the public call loaded every kernel it ran
    assert "TASK evaluate-5 0.0 None" in out, again.stdout  # the task too
