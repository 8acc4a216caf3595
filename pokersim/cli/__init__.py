"""The ``pokersim`` command line: deal, evaluate and simulate poker hands.

    pokersim evaluate "As Ks Qs Js Ts 2c 3d" "Kh Kd 4c 4s Kc 9h 2d"
    pokersim equity AhKh QsQd
    pokersim equity "QQ+, AKs" "22+, A2s+, KTo+" random --trials 1000000 --seed 1
    pokersim vs-random "As Ad" --opponents 1 3 9 --trials 1000000 --seed 1
    pokersim frequencies --cards 7
    pokersim frequencies --cards 7 --method monte-carlo --trials 1000000 --seed 1
    pokersim starting-hands --sort 1
    pokersim draw5 deal --players 4 --rounds 3 --seed 1
    pokersim videopoker hold "Jh Jd 4c 7s 9d" --paytable 9/6
    pokersim zhajinhua win-rates --players 2 --rule-235
    pokersim hand-strength "Ad Qc" "3h 4c Jh" --bins 10
    pokersim hand-strength-table flop --bins 50 --out flop.parquet
    pokersim isomorphism index "As Ks" "Qh 7d 2c"
    pokersim batch-equity spots.csv --out labels.csv
    pokersim compile --workers 4

Every command that prints a table can also write it with ``--csv``, ``--json`` or
``--parquet PATH`` (``-``: standard output, instead of the printed table), each file written
whole or not at all and with the inputs of the run (see :mod:`pokersim.io`). Bad input exits
with status 2 and a one-line message; Ctrl-C with status 130, after printing and saving the
estimate so far, marked PARTIAL.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys

from . import batch, games, hands, ranges, speed, strength
from ._options import Parser, cluster_options, output_options, progress_options
from ._running import run_command, stdout_to_devnull

__all__ = ["build_parser", "main"]

#: What ``pokersim --help`` says the command is.
DESCRIPTION = "The pokersim command line: deal, evaluate and simulate poker hands."


def build_parser() -> argparse.ArgumentParser:
    """The parser of every command, each module adding its own; those that print a table get
    the output files, and --quiet and --progress after the command too."""
    parser = Parser(prog="pokersim", description=DESCRIPTION,
                    epilog="Run 'pokersim COMMAND --help' for a command's options and "
                           "examples.")
    progress_options(parser, False)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    tables = hands.add_commands(sub)  # every command that produces a table
    tables.append(speed.bench_command(sub))
    tables += games.add_commands(sub)
    tables += ranges.add_commands(sub)
    tables += strength.add_commands(sub)
    batch.add_commands(sub)  # writes its own file, a chunk at a time
    speed.compile_command(sub)
    for p in tables:
        if p.get_default("simulates"):
            cluster_options(p)
        output_options(p)
        progress_options(p, argparse.SUPPRESS)  # also accepted after the command
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: this process's, ``sys.argv[1:]``); return
    the exit status: 0; 1 when standard output was closed early (a pipe into ``head``, ended
    quietly as the Python documentation advises); 2 for bad input or a request too big for
    memory (one line on stderr); 130 when interrupted (the estimate so far printed and saved,
    marked PARTIAL).

    Without ``argv`` the process is the command's own: after Ctrl-C it ends at once
    (``os._exit``), skipping the interpreter's teardown, which can crash after an interrupt
    inside Numba's compiler.
    """
    try:
        status = _main(sys.argv[1:] if argv is None else list(argv))
        sys.stdout.flush()  # a pipe closed early shows here, not at exit
    except BrokenPipeError:
        stdout_to_devnull()
        status = 1
    except KeyboardInterrupt:  # while parsing or printing
        print("pokersim: interrupted", file=sys.stderr)
        status = 130
    if argv is None and status == 130:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(status)
    return status


def _main(argv: list[str]) -> int:
    return run_command(build_parser().parse_args(argv), argv)
