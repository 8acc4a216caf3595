"""The README says what the code does: its Python blocks run, and what they show is what they
print; its cheap commands run.

Every ```python block of README.md runs, in order, in one namespace, as doctest examples
(``>>>`` lines, each followed by exactly what it prints; ``...`` stands for elided text). A
block that cannot run here (it needs a cluster) is skipped only when the line before it says
so, with the reason: ``<!-- README test: skip (needs a Dask scheduler ...) -->``. Every
``pokersim ...`` line of the ```bash blocks runs through the command line's ``main`` and must
succeed, except the few in ``EXPENSIVE_COMMANDS``, each with its reason.
"""

import doctest
import io
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest

from pokersim.cli import main

README = Path(__file__).parent.parent / "README.md"
SKIP_MARK = re.compile(r"<!--\s*README test:\s*skip\s*\((?P<reason>[^)]*\S[^)]*)\)\s*-->")
FENCE = re.compile(r"^```(?P<lang>\w*)\s*$")
OPTIONS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

#: Command lines of the README not run here, each with why (the rest run, with their output).
EXPENSIVE_COMMANDS = {
    "starting-hands --regenerate --out sh.csv": "simulates the whole table (1.5 minutes)",
    "hand-strength-table": "every class of a round: minutes",
    "bench": "benchmarks take minutes",
    "--trials 100000000": "10**8 trials and more: minutes",
    "--workers": "starts a Dask LocalCluster",
    "--scheduler": "needs a Dask scheduler",
    "batch-equity spots.parquet": "needs a file of spots (tests/test_batch_files.py runs it)",
}


@dataclass(frozen=True)
class Block:
    lang: str
    line: int  # of the opening fence, from 1
    text: str
    skip: str | None  # the reason given by the line before it, if any


def readme_blocks(text: str) -> list[Block]:
    """The fenced blocks of ``text``, in order."""
    blocks, lines = [], text.splitlines()
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if opening is None:
            i += 1
            continue
        end = next(j for j in range(i + 1, len(lines)) if lines[j].strip() == "```")
        mark = SKIP_MARK.search(lines[i - 1]) if i > 0 else None
        blocks.append(Block(opening["lang"], i + 1, "\n".join(lines[i + 1:end]) + "\n",
                            mark["reason"].strip() if mark else None))
        i = end + 1
    return blocks


BLOCKS = readme_blocks(README.read_text(encoding="utf-8"))
PYTHON = [b for b in BLOCKS if b.lang == "python"]
COMMANDS = [(b.line + 1 + k, line.split("  #")[0].strip())
            for b in BLOCKS if b.lang == "bash"
            for k, line in enumerate(b.text.splitlines()) if line.startswith("pokersim ")]


def run_examples(block: Block, namespace: dict) -> str:
    """Run a block's examples in ``namespace``; the doctest report of its failures ('' if
    none)."""
    test = doctest.DocTestParser().get_doctest(block.text, namespace, f"README.md:{block.line}",
                                               str(README), block.line)
    report = io.StringIO()
    doctest.DocTestRunner(optionflags=OPTIONS).run(test, out=report.write, clear_globs=False)
    namespace.update(test.globs)  # a DocTest runs in a copy: the next block sees its names
    return report.getvalue()


@pytest.fixture(scope="module")
def reports():
    """Every block that runs, in README order and one namespace: line -> failure report."""
    namespace: dict = {"__name__": "README"}
    return {b.line: run_examples(b, namespace) for b in PYTHON if b.skip is None}


def test_the_readme_has_examples_and_commands():
    assert len(PYTHON) >= 5 and len(COMMANDS) >= 10
    # a block is skipped only when it needs a cluster
    assert all(re.search(r"cluster|scheduler", b.skip) for b in PYTHON if b.skip)


def test_the_readme_starts_with_install_and_test():
    first = next(b for b in BLOCKS if b.lang)
    assert first.lang == "bash"
    assert first.text.splitlines() == ['pip install . && pokersim frequencies --cards 7',
                                       'pip install ".[test]" && python -m pytest']


@pytest.mark.parametrize("block", PYTHON, ids=lambda b: f"line{b.line}")
def test_python_block(block, reports):
    if block.skip is not None:
        pytest.skip(f"README.md:{block.line}: {block.skip}")
    examples = doctest.DocTestParser().get_examples(block.text)
    assert examples, "a README block that runs shows its output: write it as >>> examples"
    assert reports[block.line] == "", "\n" + reports[block.line]


@pytest.mark.parametrize("line, command", COMMANDS, ids=[f"line{n}" for n, _ in COMMANDS])
def test_command(line, command, tmp_path, monkeypatch, capsys):
    expensive = [why for words, why in EXPENSIVE_COMMANDS.items()
                 if f" {words}" in f" {command[len('pokersim '):]}"]
    if expensive:
        pytest.skip(f"README.md:{line}: {expensive[0]}")
    monkeypatch.chdir(tmp_path)  # where --csv and the like write
    try:
        status = main(shlex.split(command)[1:])
    except SystemExit as e:  # argparse's usage errors
        status = e.code
    out, err = capsys.readouterr()
    assert status == 0, f"README.md:{line}: {command}\n{err}"
    assert out.strip()


def test_ci_builds_the_documentation_site_as_the_readme_says():
    # the site (docs/conf.py) is built in CI with warnings as errors, by the README's command
    build = "python -m sphinx -W --keep-going -b html docs docs/_build/html"
    assert (README.parent / "docs" / "conf.py").is_file()
    assert build in (README.parent / ".ci" / "run").read_text()
    assert build in " ".join(README.read_text().split())
