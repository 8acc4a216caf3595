"""The options that commands share, and argparse as the commands use it."""

from __future__ import annotations

import argparse

from .. import config
from .._core.validation import METHODS, TRIALS_PER_CORE_SECOND, duration

#: The environment variable naming a Dask scheduler to run simulations on.
SCHEDULER_ENV = "POKERSIM_SCHEDULER"

#: The table-writing options, each with the format it writes.
OUTPUT_OPTIONS = {"csv": "CSV", "json": "JSON (pandas' table layout)",
                  "parquet": "Parquet (needs pyarrow: pip install 'pokersim[parquet]')"}


class Parser(argparse.ArgumentParser):
    """argparse, with a usage error on one line, ``pokersim: error: ...`` and where to find
    the usage (``--help`` still prints it whole); an argument that holds a newline or another
    control character is echoed back escaped (subcommands inherit the class)."""

    def error(self, message):
        text = "".join(c if c.isprintable() else c.encode("unicode_escape").decode()
                       for c in message)
        self.exit(2, f"pokersim: error: {text}; see '{self.prog} --help'\n")


def add_command(sub, name: str, help: str, examples: list[str], run, **defaults):
    """A subcommand with its description, examples shown by --help, and what it runs:
    ``run(args)`` gives the result, ``present(args, result)`` (default :func:`shown`) the
    table to print and write, and ``save(args, result)``, if given, writes files of its own."""
    epilog = "examples:\n" + "\n".join(f"  pokersim {e}" for e in examples)
    p = sub.add_parser(name, help=help, description=help, epilog=epilog,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    if run is not None:
        p.set_defaults(run=run, **{"present": shown, "save": None} | defaults)
    return p


def add_group(sub, name: str, help: str, examples: list[str]):
    """A command of actions (``pokersim draw5 deal``): its parser's action subparsers."""
    return add_command(sub, name, help, examples, None).add_subparsers(
        dest="action", required=True, metavar="ACTION")


def shown(args, result):
    """(table, text to print instead of it, or None) of a command's result."""
    return result if isinstance(result, tuple) else (result, None)


def whole_number(text: str) -> int:
    """An option's count as people write it: ``1000000``, ``1_000_000`` or ``1e6`` (a whole
    mantissa and a power of ten); anything else is a usage error that shows the forms.

    >>> whole_number("1e6"), whole_number("1_000_000"), whole_number("25")
    (1000000, 1000000, 25)
    """
    mantissa, e, exponent = text.strip().lower().partition("e")
    try:
        value = int(mantissa)
        if e:
            power = int(exponent)
            if power < 0 or power > 30:
                raise ValueError
            value *= 10**power
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"takes a whole number, such as 1000000, 1_000_000 or 1e6; got {text!r}") from None
    return value


def seed_option(p, help="random seed: the same seed gives the same numbers"):
    p.add_argument("--seed", type=int, default=None, help=help)


def monte_carlo_options(p, trials_help):
    """--trials, --seed and --target-stderr of a game's Monte Carlo command."""
    p.add_argument("--trials", type=whole_number, default=None, help=trials_help)
    seed_option(p)
    p.add_argument("--target-stderr", type=float, default=None,
                   help="stop once every standard error is below this (--trials caps)")
    p.add_argument("--max-trials", type=whole_number, default=None, metavar="N",
                   help=f"refuse --trials above N (default {config.MAX_TRIALS:.0e}: "
                        f"{duration(config.MAX_TRIALS / TRIALS_PER_CORE_SECOND)} of heads-up "
                        f"Hold'em on one core); also the cap of --target-stderr")


def deal_options(p, seats: str):
    """--players (``seats``, default 4), --rounds and --seed of a game's deal command."""
    p.add_argument("--players", type=int, default=4, help=f"{seats} seats (default 4)")
    p.add_argument("--rounds", type=int, default=1, help="deals, each from a fresh deck")
    seed_option(p)


def method_options(p, exact, trials_help):
    """--method, then the Monte Carlo options; ``exact`` says what auto enumerates."""
    p.add_argument("--method", default=None, choices=METHODS,
                   help=f"auto (default): {exact} unless --trials, --seed or --target-stderr "
                        "is given; else Monte Carlo")
    monte_carlo_options(p, trials_help)


def cluster_options(p, chunk_help=f"trials per chunk (task); default {config.CHUNK_TRIALS:,}. "
                    "With --target-stderr the numbers depend on the seed and the chunk size "
                    "only"):
    g = p.add_argument_group("where it runs (default: this machine's threads)")
    g.add_argument("--scheduler", metavar="ADDRESS", default=None,
                   help=f"run the chunks on a running Dask cluster, e.g. tcp://HOST:8786 "
                        f"(default: ${SCHEDULER_ENV} if set)")
    g.add_argument("--workers", type=int, default=None, metavar="N",
                   help="start a Dask LocalCluster of N worker processes for this run")
    g.add_argument("--chunk-size", type=whole_number, default=None, metavar="N",
                   help=chunk_help)


def progress_options(p, default):
    """--quiet and --progress, before the command (``default`` False) or after it
    (``default`` SUPPRESS, which keeps the value given before)."""
    p.add_argument("--quiet", "-q", action="store_true", default=default,
                   help="silence progress output (tables and errors still print)")
    p.add_argument("--progress", action="store_true", default=default, dest="show_progress",
                   help="show the progress bar even when stderr is not a terminal")


def output_options(p):
    """--csv, --json and --parquet: the files a command's table is also written to."""
    g = p.add_argument_group("output files (written whole or not at all, with the run's "
                             "inputs; - is standard output)")
    for fmt, what in OUTPUT_OPTIONS.items():
        g.add_argument(f"--{fmt}", metavar="PATH", help=f"also write the table as {what}")


def run_keywords(args) -> dict:
    """Where and how a simulation runs: the cluster client (or None), chunk size, progress."""
    return dict(client=args.client, chunk_size=args.chunk_size, progress=args.progress)


def simulation_keywords(args) -> dict:
    """The options every simulating command passes on, as keywords: method (where the command
    has it), trials, seed and target_stderr as given (an option left out keeps the function's
    default), then where and how it runs."""
    given = dict(method=getattr(args, "method", None), trials=args.trials, seed=args.seed,
                 target_stderr=args.target_stderr)
    return {name: value for name, value in given.items() if value is not None} | run_keywords(args)
