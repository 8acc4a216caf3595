"""batch-equity: every spot of a CSV or Parquet file labelled with its equities."""

from __future__ import annotations

import argparse

import pandas as pd

from .._core.validation import METHODS
from ..games.game import NAMES as GAME_NAMES
from ._options import (
    add_command,
    cluster_options,
    progress_options,
    seed_option,
    whole_number,
)


def _cmd_batch_equity(args):
    from .. import batch_equity_file
    from ..engine.batch_files import FILE_CHUNK

    return batch_equity_file(
        args.spots, args.out, players=args.players, game=args.game, method=args.method,
        trials=args.trials, seed=args.seed, client=args.client,
        chunk_size=FILE_CHUNK if args.chunk_size is None else args.chunk_size,
        progress=args.progress,
        overwrite=args.overwrite, metadata={"command": args.command_line})


def _wrote(args, out):
    """The line printed: what was written where (the labels go to the file only)."""
    return pd.DataFrame(), f"pokersim: labelled the spots of {args.spots} in {out}"


def add_commands(sub) -> argparse.ArgumentParser:
    """``batch-equity``."""
    p = add_command(sub, "batch-equity", "label every spot of a CSV or Parquet file with each "
                    "player's win, tie and equity, chunk by chunk into a file",
                    ["batch-equity spots.csv --out labels.csv",
                     "batch-equity spots.parquet --out labels.parquet --seed 1 --trials 20000",
                     "batch-equity spots.csv --out labels.parquet --players hero villain "
                     "--workers 4"],
                    _cmd_batch_equity, present=_wrote, simulates=True)
    p.add_argument("spots", help="the spots: a column per player's hole cards (e.g. AhKh), a "
                                 "board column (e.g. '2c 7d Qh'; empty preflop) and a dead "
                                 "column, both optional")
    p.add_argument("--out", metavar="PATH", required=True,
                   help="the labels (.csv or .parquet): a row per spot and player, with the "
                        "run's inputs; written whole or not at all")
    p.add_argument("--overwrite", action="store_true", help="replace PATH if it exists")
    p.add_argument("--players", nargs="+", metavar="COLUMN",
                   help="the players' columns, in order (default: every column but board "
                        "and dead)")
    p.add_argument("--game", default="holdem", choices=GAME_NAMES,
                   help="holdem (default) or another game: its hands in the player columns "
                        "(Omaha's four cards, stud's seven); Omaha and Courchevel take Monte "
                        "Carlo where a spot has over 50,000 runouts, the one-showdown games "
                        "(stud, the draw games) are exact")
    p.add_argument("--method", default="auto", choices=METHODS,
                   help="auto (default): exact where a board is given, Monte Carlo preflop "
                        "(or everywhere with --trials or --seed)")
    p.add_argument("--trials", type=whole_number, default=None,
                   help="Monte Carlo trials a spot (default 10,000)")
    seed_option(p, "random seed: spot i draws from stream i of it, whatever the chunks")
    cluster_options(p, "spots per chunk (default 262,144): what memory holds at a time")
    progress_options(p, argparse.SUPPRESS)
    return p
