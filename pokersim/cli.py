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
    pokersim compile --workers 4

Every command that prints a table can also write it with ``--csv``, ``--json`` or
``--parquet PATH`` (``-``: standard output, instead of the printed table), each file written
whole or not at all and with the inputs of the run (see :mod:`pokersim.io`). Bad input exits
with status 2 and a one-line message; Ctrl-C with status 130, after printing and saving the
estimate so far, marked PARTIAL.
"""

from __future__ import annotations

import _thread
import argparse
import concurrent.futures
import contextlib
import logging
import os
import shlex
import signal
import sys
import threading
import time
import types
import warnings
from pathlib import Path

import numpy as np
import pandas as pd

from . import config, rankings
from .errors import PokersimInputError, SimulationInterrupted, TargetStderrWarning
from .games.game import NAMES as GAME_NAMES
from .io import STDOUT
from .validation import (
    MAX_COUNT,
    METHODS,
    TRIALS_PER_CORE_SECOND,
    cannot_write,
    check_between,
    check_writable,
    duration,
    quoted_path,
)

#: What ``pokersim --help`` says the command is.
DESCRIPTION = "The pokersim command line: deal, evaluate and simulate poker hands."

#: The environment variable naming a Dask scheduler to run simulations on.
SCHEDULER_ENV = "POKERSIM_SCHEDULER"

#: The first line printed (on standard output) before a result cut short by Ctrl-C.
PARTIAL_LINE = "PARTIAL: interrupted by Ctrl-C; the estimate from the trials finished so far"

#: The table-writing options, each with the format it writes.
OUTPUT_OPTIONS = {"csv": "CSV", "json": "JSON (pandas' table layout)",
                  "parquet": "Parquet (needs pyarrow: pip install 'pokersim[parquet]')"}


def table_text(frame: pd.DataFrame) -> str:
    """A table as aligned text, as the commands print it: numbers for people (see
    :func:`pokersim.results.to_text`); files written with ``--csv`` and the like keep full
    precision."""
    from .results import to_text

    return to_text(frame)


# --------------------------------------------------------------------------------- Hold'em


def _cmd_evaluate(args) -> pd.DataFrame:
    if args.game:
        return _evaluate_in_game(args)
    from . import best_five, describe, evaluate, format_cards, parse_cards
    from .evaluator.showdowns import winners

    groups: dict[int, list[int]] = {}
    hands = [parse_cards(h, hand=i)[None, :] for i, h in enumerate(args.hands)]
    for i, h in enumerate(hands):
        groups.setdefault(h.shape[1], []).append(i)
    rows: list[tuple | None] = [None] * len(hands)
    for idx in groups.values():
        arr = np.concatenate([hands[i] for i in idx])
        strength = evaluate(arr, ranking=args.ranking)
        names = describe(strength, ranking=args.ranking)
        five = format_cards(best_five(arr, ranking=args.ranking))
        for j, i in enumerate(idx):
            rows[i] = (format_cards(arr[j]), int(strength[j]), names[j], five[j])
    frame = pd.DataFrame(rows, columns=["hand", "strength", "description", "best_five"])
    won = winners(frame.strength.to_numpy())
    frame["wins"] = np.where(won, "tie" if won.sum() > 1 else "wins", "")
    why_not = _no_winner_note(hands)
    if why_not:
        frame["wins"] = ""
        print(f"pokersim: note: no winner named: {why_not}", file=sys.stderr)
    return frame


def _no_winner_note(hands: list[np.ndarray]) -> str | None:
    """Why no winner is named, in words: the hands cannot meet at one showdown (see
    :func:`pokersim.evaluator.showdowns.clash`); None if they can."""
    if len(hands) < 2:
        return "one hand is no showdown"
    from . import format_cards
    from .evaluator.showdowns import clash

    found = clash(hands)
    if found is None:
        return None
    i, j, shared = found
    return (f"hands {i + 1} and {j + 1} both hold {format_cards(shared)}, and hands share only "
            f"a board (three to five cards that every hand holds, each hand with cards of its "
            f"own)")


def _evaluate_in_game(args) -> pd.DataFrame:
    """``evaluate --game``: each hand is one player's hole cards then the board."""
    from . import best_five, describe, evaluate, format_cards, parse_hands
    from .games.game import get as get_game

    if args.ranking != "high":
        raise PokersimInputError("give --ranking or --game, not both")
    g = get_game(args.game)
    arr = parse_hands(args.hands)
    strength, five = evaluate(arr, game=g), best_five(arr, game=g)
    high, low = (strength, None) if g.low is None else strength
    frame = pd.DataFrame({"hand": format_cards(arr), "strength": high,
                          "description": describe(high, ranking=g.ranking),
                          "best_five": format_cards(five if low is None else five.high)})
    if low is not None:
        frame["low_strength"] = low
        frame["low_description"] = describe(low, ranking=g.low)
        frame["low_five"] = ["" if f[0] == 255 else format_cards(f) for f in five.low]
    return frame


def _run(args) -> dict:
    """Where and how a simulation runs: the cluster client (or None), chunk size, progress."""
    return dict(client=args.client, chunk_size=args.chunk_size, progress=args.progress)


def _simulation(args) -> dict:
    """The options every simulating command passes on, as keywords: method (where the command
    has it), trials, seed and target_stderr as given (an option left out keeps the function's
    default), then where and how it runs."""
    given = dict(method=getattr(args, "method", None), trials=args.trials, seed=args.seed,
                 target_stderr=args.target_stderr)
    return {name: value for name, value in given.items() if value is not None} | _run(args)


def _cmd_frequencies(args) -> pd.DataFrame:
    from . import category_frequencies

    return category_frequencies(args.cards, ranking=args.ranking, game=args.game,
                                **_simulation(args))


def _cmd_equity(args) -> pd.DataFrame:
    from . import equity

    return equity(args.players, board=args.board, dead=args.dead, game=args.game,
                  **_simulation(args))


def _cmd_vs_random(args) -> pd.DataFrame:
    from . import equity_vs_random
    from .engine import MAX_OPPONENTS

    opponents = range(1, 10) if args.opponents is None else [
        check_between(n, "--opponents", 1, MAX_OPPONENTS) for n in args.opponents]
    return equity_vs_random(args.hand, opponents=opponents, board=args.board, dead=args.dead,
                            game=args.game, **_simulation(args))


def _cmd_starting_hands(args) -> pd.DataFrame:
    """The long table: the shipped one, or regenerated (written only where --out says)."""
    from . import data
    from .engine import MAX_OPPONENTS
    from .starting_hands import SHIPPED_OPPONENTS, starting_hand_table

    regenerate_only = {"--opponents": args.opponents, "--target-stderr": args.target_stderr,
                       "--seed": args.seed, "--out": args.out, "--game": args.game,
                       "--names": args.names}
    given = [name for name, value in regenerate_only.items() if value is not None]
    if given and not args.regenerate:
        raise PokersimInputError(f"{', '.join(given)} only apply with --regenerate")
    opponents = list(SHIPPED_OPPONENTS) if args.opponents is None else sorted(
        {check_between(n, "--opponents", 1, MAX_OPPONENTS) for n in args.opponents})
    if args.sort and args.sort not in opponents:
        raise PokersimInputError(f"--sort {args.sort} needs {args.sort} among the opponent "
                                 f"counts of the table ({', '.join(map(str, opponents))}; "
                                 f"--opponents with --regenerate)")
    if not args.regenerate:
        return data.starting_hands()
    options = dict(opponents=opponents, target_stderr=args.target_stderr, seed=args.seed,
                   game=args.game, names=args.names)
    return starting_hand_table(**{k: v for k, v in options.items() if v is not None},
                               **_run(args))


def _starting_hands_wide(args, table: pd.DataFrame):
    """The table printed (and written by --csv and the like): a row per hand, in the table's
    order (the grid's, for the classes) or by ``--sort``, a column per opponent count; hands
    a run cut short never reached are left out."""
    wide = table.pivot(index="hand", columns="opponents", values="equity")
    wide = wide.loc[list(dict.fromkeys(table.hand))]
    wide = wide.reset_index()
    wide.columns = ["hand"] + [f"vs {n}" for n in wide.columns[1:]]
    if args.sort and f"vs {args.sort}" in wide.columns:
        wide = wide.sort_values(f"vs {args.sort}", ascending=False)
    wide.attrs = dict(table.attrs)
    return wide, None


def _save_starting_hands(args, table: pd.DataFrame) -> None:
    """--out: the long table, as the shipped file holds it (never the shipped file unless it
    is named, and then only a whole table)."""
    from .starting_hands import save_starting_hands

    if args.out is not None:
        out = save_starting_hands(table, args.out)
        print(f"pokersim: wrote {out}", file=sys.stderr)


def _cmd_bench(args) -> pd.DataFrame:
    from . import bench

    scaling = tuple(10**e for e in range(4, args.max_exponent + 1))
    if args.memory_trials:
        m = bench.memory_run(args.memory_trials)
        print(f"Monte Carlo AhKh vs QsQd, {m['trials']:,} trials in {m['seconds']:.0f} s "
              f"({m['rate'] / 1e6:.1f} M trials/s): equity {m['equity']:.6f} "
              f"± {m['std_error']:.1e}; resident memory start {m['rss_start_mib']:.0f} MiB, "
              f"peak {m['rss_peak_mib']:.0f} MiB, end {m['rss_end_mib']:.0f} MiB "
              f"({m['samples']} samples)")
        return pd.DataFrame([m])
    if args.cold:
        frame = pd.DataFrame(bench.first_answer_rows(3 if args.repeat is None else args.repeat))
        print(bench.format_table(frame, cpu=True))
        return frame
    frame, info = bench.run(n=args.n, repeat=7 if args.repeat is None else args.repeat,
                            scaling=scaling, quick=args.quick, dask_workers=args.dask_workers)
    print(f"CPU: {info['cpu']} ({info['cores']} cores), Numba threads: {info['numba_threads']}, "
          f"numba {info['numba']}, numpy {info['numpy']}, Python {info['python']}")
    print(f"Evaluator: {info['evaluator']}")
    for note in info["notes"]:
        print(f"note: {note}")
    print(bench.format_table(frame))
    return frame


# --------------------------------------------------------------------------------- games


def _winner_text(frame: pd.DataFrame, rounds: int) -> str:
    """The deal table, then one line a round naming the winner (or the seats that tie)."""
    from .games.draw5 import winner_lines

    return table_text(frame) + "\n" + "\n".join(winner_lines(frame, max_rounds=rounds))


def _cmd_draw5_deal(args):
    from .games import draw5

    frame = draw5.deal_table(args.players, rounds=args.rounds, seed=args.seed)
    return frame, _winner_text(frame, args.rounds)


def _cmd_draw5_win_rates(args) -> pd.DataFrame:
    from .games import draw5

    return draw5.win_rates(args.players, **_simulation(args))


def _cmd_videopoker_hold(args):
    from .games import videopoker

    frame = videopoker.best_hold(args.hand, paytable=args.paytable)
    if args.top < 1:
        raise PokersimInputError(f"--top must be at least 1; got {args.top}")
    best = frame.iloc[0]
    hold = best.hold or "nothing (draw five)"
    tied = int(frame.tied_best.sum())
    also = f" ({tied} holds tie for best)" if tied > 1 else ""
    head = (f"{frame.attrs['hand']}, {frame.attrs['paytable']} Jacks or Better: hold {hold} "
            f"[{best.pattern}], expected payout {best.expected:.6f} per coin{also}")
    shown = frame[["hold", "pattern", "kept", "draws", "expected", "tied_best"]].head(args.top)
    return frame, head + "\n" + table_text(shown)


def _cmd_videopoker_return(args):
    from .games import videopoker

    result = videopoker.expected_return(paytable=args.paytable)
    head = (f"{result.paytable.name} Jacks or Better, perfect play: return "
            f"{100 * result.value:.4f}% ({result.value:.8f} per coin)")
    return result.final_hands, head + "\n" + table_text(result.final_hands)


def _cmd_videopoker_simulate(args):
    from .games import videopoker

    return videopoker.simulate(strategy=args.strategy, paytable=args.paytable,
                               **_simulation(args))


def _videopoker_simulate_text(args, result):
    """The return measured (whole or cut short), then the final hands."""
    head = (f"{result.strategy} play, {result.trials:,} deals: return "
            f"{100 * result.value:.3f}% ± {100 * result.std_error:.3f}% (one standard error)")
    return result.final_hands, head + "\n" + table_text(result.final_hands)


def _zhajinhua_rules(args):
    from .games.zhajinhua import Rules

    return Rules(a23=args.a23, rule_235=args.rule_235, ties=args.ties)


def _cmd_zhajinhua_deal(args):
    from .games import zhajinhua

    frame = zhajinhua.deal_table(args.players, rounds=args.rounds, seed=args.seed,
                                 rules=_zhajinhua_rules(args))
    return frame, _winner_text(frame, args.rounds)


def _cmd_zhajinhua_frequencies(args) -> pd.DataFrame:
    from .games import zhajinhua

    return zhajinhua.category_frequencies(rules=_zhajinhua_rules(args), **_simulation(args))


def _cmd_zhajinhua_win_rates(args) -> pd.DataFrame:
    from .games import zhajinhua

    return zhajinhua.win_rates(args.players, rules=_zhajinhua_rules(args), **_simulation(args))


# --------------------------------------------------------------------------------- parser


def _add_command(sub, name: str, help: str, examples: list[str], run, **defaults):
    """A subcommand with its description, examples shown by --help, and what it runs:
    ``run(args)`` gives the result, ``present(args, result)`` (default :func:`_shown`) the
    table to print and write, and ``save(args, result)``, if given, writes files of its own."""
    epilog = "examples:\n" + "\n".join(f"  pokersim {e}" for e in examples)
    p = sub.add_parser(name, help=help, description=help, epilog=epilog,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    if run is not None:
        p.set_defaults(run=run, **{"present": _shown, "save": None} | defaults)
    return p


def _add_group(sub, name: str, help: str, examples: list[str]):
    """A command of actions (``pokersim draw5 deal``): its parser's action subparsers."""
    return _add_command(sub, name, help, examples, None).add_subparsers(
        dest="action", required=True, metavar="ACTION")


def _shown(args, result):
    """(table, text to print instead of it, or None) of a command's result."""
    return result if isinstance(result, tuple) else (result, None)


def _whole_number(text: str) -> int:
    """An option's count as people write it: ``1000000``, ``1_000_000`` or ``1e6`` (a whole
    mantissa and a power of ten); anything else is a usage error that shows the forms.

    >>> _whole_number("1e6"), _whole_number("1_000_000"), _whole_number("25")
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


def _seed_option(p, help="random seed: the same seed gives the same numbers"):
    p.add_argument("--seed", type=int, default=None, help=help)


def _monte_carlo_options(p, trials_help):
    """--trials, --seed and --target-stderr of a game's Monte Carlo command."""
    p.add_argument("--trials", type=_whole_number, default=None, help=trials_help)
    _seed_option(p)
    p.add_argument("--target-stderr", type=float, default=None,
                   help="stop once every standard error is below this (--trials caps)")
    p.add_argument("--max-trials", type=_whole_number, default=None, metavar="N",
                   help=f"refuse --trials above N (default {config.MAX_TRIALS:.0e}: "
                        f"{duration(config.MAX_TRIALS / TRIALS_PER_CORE_SECOND)} of heads-up "
                        f"Hold'em on one core); also the cap of --target-stderr")


def _deal_options(p, seats: str):
    """--players (``seats``, default 4), --rounds and --seed of a game's deal command."""
    p.add_argument("--players", type=int, default=4, help=f"{seats} seats (default 4)")
    p.add_argument("--rounds", type=int, default=1, help="deals, each from a fresh deck")
    _seed_option(p)


def _method_options(p, exact, trials_help):
    """--method, then the Monte Carlo options; ``exact`` says what auto enumerates."""
    p.add_argument("--method", default=None, choices=METHODS,
                   help=f"auto (default): {exact} unless --trials, --seed or --target-stderr "
                        "is given; else Monte Carlo")
    _monte_carlo_options(p, trials_help)


def _zhajinhua_rule_options(p):
    g = p.add_argument_group("house rules (zhajinhua.Rules)")
    g.add_argument("--a23", default="between-jqk-qka", metavar="{between-jqk-qka,lowest}",
                   help="where A-2-3 ranks among straights (default: between J-Q-K and Q-K-A)")
    g.add_argument("--rule-235", action="store_true",
                   help="2-3-5 of mixed suits beats a leopard (and nothing else)")
    g.add_argument("--ties", default="split", metavar="{split,suit}",
                   help="equal hands split the pot (default), or the suit of the highest card "
                        "decides (spades > hearts > clubs > diamonds)")


def _cluster_options(p, chunk_help=f"trials per chunk (task); default {config.CHUNK_TRIALS:,}. "
                     "With --target-stderr the numbers depend on the seed and the chunk size "
                     "only"):
    g = p.add_argument_group("where it runs (default: this machine's threads)")
    g.add_argument("--scheduler", metavar="ADDRESS", default=None,
                   help=f"run the chunks on a running Dask cluster, e.g. tcp://HOST:8786 "
                        f"(default: ${SCHEDULER_ENV} if set)")
    g.add_argument("--workers", type=int, default=None, metavar="N",
                   help="start a Dask LocalCluster of N worker processes for this run")
    g.add_argument("--chunk-size", type=_whole_number, default=None, metavar="N",
                   help=chunk_help)


class _Parser(argparse.ArgumentParser):
    """argparse, with a usage error on one line, ``pokersim: error: ...`` and where to find
    the usage (``--help`` still prints it whole); an argument that holds a newline or another
    control character is echoed back escaped (subcommands inherit the class)."""

    def error(self, message):
        text = "".join(c if c.isprintable() else c.encode("unicode_escape").decode()
                       for c in message)
        self.exit(2, f"pokersim: error: {text}; see '{self.prog} --help'\n")


def _progress_options(p, default):
    """--quiet and --progress, before the command (``default`` False) or after it
    (``default`` SUPPRESS, which keeps the value given before)."""
    p.add_argument("--quiet", "-q", action="store_true", default=default,
                   help="silence progress output (tables and errors still print)")
    p.add_argument("--progress", action="store_true", default=default, dest="show_progress",
                   help="show the progress bar even when stderr is not a terminal")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="pokersim", description=DESCRIPTION,
                     epilog="Run 'pokersim COMMAND --help' for a command's options and "
                            "examples.")
    _progress_options(parser, False)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    tables = []  # every command that produces a table gets the output options

    def ranking_option(p):
        p.add_argument("--ranking", default="high", choices=rankings.NAMES,
                       help="how hands rank (default: high); lows, short deck and badugi as "
                            "in pokersim.rankings")
        p.add_argument("--game", choices=GAME_NAMES,
                       help="instead of a ranking, a game: each hand is one player's hole "
                            "cards then the board, made and ranked as the game does")

    p = _add_command(sub, "evaluate", "strength and name of each hand given as text, and the "
                     "winner of hands that can meet at one showdown",
                     ['evaluate "As Ks Qs Js Ts 2c 3d" "Kh Kd 4c 4s Kc 9h 2d"',
                      'evaluate "2c 2d 2h 9s 9c" --json hands.json',
                      'evaluate "7c 5d 4h 3s 2c" "Ac 2d 3h 4s 5c" --ranking deuce-to-seven',
                      'evaluate "Ah 2d Qc Jc 3h Kh 8c 7d 9d" --game omaha-hi-lo'],
                     _cmd_evaluate)
    p.add_argument("hands", nargs="+",
                   help='hands of 5 to 7 cards (badugi: 4 to 7, zhajinhua: 3), e.g. "As Ks Qs '
                        'Js Ts"; two or more hands get a winner if they share no card but a '
                        "board (three to five cards that every hand holds)")
    ranking_option(p)
    tables.append(p)

    p = _add_command(sub, "frequencies", "how often each category occurs",
                     ["frequencies --cards 5",
                      "frequencies --cards 7 --method monte-carlo --trials 1000000 --seed 1",
                      "frequencies --cards 7 --ranking eight-or-better",
                      "frequencies --game omaha-hi-lo --trials 1000000 --seed 1"],
                     _cmd_frequencies, simulates=True)
    p.add_argument("--cards", type=int, choices=(4, 5, 6, 7),
                   help="cards in a hand (default 7, zhajinhua's 3; badugi from 4, the "
                        "others from 5; a game's own)")
    ranking_option(p)
    _method_options(p, "exact",
                    f"hands dealt by Monte Carlo (default {config.DEFAULT_TRIALS:,})")
    tables.append(p)

    def simulation_options(p):
        p.add_argument("--board", default="", help='known board cards, e.g. "2c 7d Qh"')
        p.add_argument("--dead", default="", help="cards out of play")
        _method_options(p, "exact when it is cheap",
                        f"Monte Carlo trials (default {config.DEFAULT_TRIALS:,})")

    p = _add_command(sub, "equity", "win, tie and equity of hands, ranges or random",
                     ["equity AhKh QsQd",
                      'equity AhKh QsQd --board "2c 7d Qh"',
                      'equity "QQ+, AKs" "22+, A2s+, KTo+" random --trials 1000000 --seed 1',
                      "equity AhKh random --method monte-carlo --target-stderr 0.001",
                      'equity "As Ad 2s 3d" "Kh Kd Qh Jd" --game omaha-hi-lo --board "4c 5h Kc"'],
                     _cmd_equity, simulates=True)
    p.add_argument("players", nargs="+", help='e.g. AhKh "QQ+, AKs" random')
    p.add_argument("--game", choices=GAME_NAMES,
                   help="another game than Hold'em: players are its hands (partial hands "
                        "completed at random) or random")
    simulation_options(p)
    tables.append(p)

    p = _add_command(sub, "vs-random", "one hand against random opponents (1 to 9, or the "
                     "counts given)",
                     ['vs-random "As Ad" --opponents 1 3 9 --trials 1000000 --seed 1',
                      'vs-random "As Ad Ks Kd" --game omaha --opponents 1 2 3 --seed 1'],
                     _cmd_vs_random, simulates=True)
    p.add_argument("hand", help='e.g. "As Ad"')
    p.add_argument("--opponents", type=int, nargs="+", metavar="N",
                   help="opponent counts, each 1..22 (fewer in games that deal more cards), "
                        "a row each (default: 1 to 9); --opponents 3 is three opponents, as "
                        "equity_vs_random(opponents=3)"),
    p.add_argument("--game", choices=GAME_NAMES,
                   help="another game than Hold'em: the hand is one of its hands (a partial "
                        "hand completed at random)")
    simulation_options(p)
    tables.append(p)

    p = _add_command(sub, "starting-hands",
                     "equity of the 169 starting hands against 1..9 random opponents",
                     ["starting-hands --sort 1",
                      "starting-hands --parquet starting_hands.parquet",
                      "starting-hands --regenerate --out sh.csv   "
                      "# the shipped table afresh (1.5 minutes on 2 cores)",
                      "starting-hands --regenerate --opponents 2 3 --target-stderr 0.002 "
                      "--out sh.csv",
                      'starting-hands --regenerate --game omaha --names "As Ad Ks Kd" '
                      '"Ah Kh Qd Jd" --opponents 1 2 --target-stderr 0.005'],
                     _cmd_starting_hands, simulates=True, present=_starting_hands_wide,
                     save=_save_starting_hands)
    p.add_argument("--sort", type=int, default=0, choices=range(0, 23), metavar="N",
                   help="sort by the equity against N opponents (0: grid order)")
    g = p.add_argument_group("regenerating the table (pokersim.starting_hands)")
    g.add_argument("--regenerate", action="store_true",
                   help="simulate the table afresh instead of reading the shipped one (which "
                        "stays as it is: python -m pokersim.starting_hands refreshes it)")
    g.add_argument("--opponents", type=int, nargs="+", metavar="N",
                   help="opponent counts to simulate, 1..22 (default: 1..9, as shipped)")
    g.add_argument("--target-stderr", type=float, default=None,
                   help="Monte Carlo standard error to reach (default 0.0005)")
    g.add_argument("--seed", type=int, default=None, help="random seed (default 169)")
    g.add_argument("--game", default=None, choices=GAME_NAMES, metavar="GAME",
                   help="the game (default holdem; any of pokersim.games: short-deck, omaha, "
                        "stud...)")
    g.add_argument("--names", nargs="+", metavar="HAND",
                   help="the hands: classes such as AKs, or cards such as \"As Ad Ks Kd\" "
                        "(default: every class of a two-card game; other games need them)")
    g.add_argument("--out", metavar="PATH", help="also write the regenerated table as the "
                   "shipped file holds it: CSV, a row per hand and opponent count")
    tables.append(p)

    p = _add_command(sub, "bench", "time the kernels against the peer evaluators",
                     ["bench --quick", "bench --max-exponent 7 --csv bench.csv",
                      "bench --cold --repeat 1"], _cmd_bench,
                     prints_itself=True)
    p.add_argument("--n", type=_whole_number, default=10_000_000, help="hands per timed call")
    p.add_argument("--repeat", type=int, default=None,
                   help="timed runs per row (after a warm-up; default 7, with --cold 3)")
    p.add_argument("--max-exponent", type=int, default=8, choices=range(4, 10),
                   help="evaluate scaling rows for N = 10^4 .. 10^this (10^8: ~1 GB of RAM)")
    p.add_argument("--quick", action="store_true", help="small sizes: a smoke test")
    p.add_argument("--dask-workers", type=int, default=0, metavar="N",
                   help="also time Monte Carlo equity on a Dask LocalCluster of N workers")
    p.add_argument("--memory-trials", type=_whole_number, default=0, metavar="T",
                   help="instead, run T Monte Carlo trials (e.g. 10000000000) and report the "
                        "resident memory at start, peak and end")
    p.add_argument("--cold", action="store_true",
                   help="instead, time whole processes to a first answer: the README's quick "
                        "commands and a five-game script, each on an empty Numba cache and "
                        "again on the cache it filled (--repeat times each; default 3)")
    tables.append(p)

    tables += _game_commands(sub)
    tables += _range_commands(sub)
    tables += _strength_commands(sub)
    _compile_command(sub)

    for p in tables:
        if p.get_default("simulates"):
            _cluster_options(p)
        g = p.add_argument_group("output files (written whole or not at all, with the run's "
                                 "inputs; - is standard output)")
        for fmt, what in OUTPUT_OPTIONS.items():
            g.add_argument(f"--{fmt}", metavar="PATH", help=f"also write the table as {what}")
        _progress_options(p, argparse.SUPPRESS)  # also accepted after the command
    return parser


def _game_commands(sub) -> list[argparse.ArgumentParser]:
    """``draw5``, ``videopoker`` and ``zhajinhua``, each with its own actions."""
    leaves = []

    actions = _add_group(sub, "draw5", "five-card draw: deal a table, or win rates by category",
                         ["draw5 deal --players 4 --rounds 3 --seed 1",
                          "draw5 win-rates --players 2",
                          "draw5 win-rates --players 5 --trials 1000000 --seed 1"])
    p = _add_command(actions, "deal", "deal five cards to each player; name and rank the "
                     "hands and the winner of each round",
                     ["draw5 deal --players 4 --rounds 3 --seed 1",
                      "draw5 deal --players 5 --rounds 1000 --seed 1 --csv deals.csv"],
                     _cmd_draw5_deal)
    _deal_options(p, "1..10")
    leaves.append(p)
    p = _add_command(actions, "win-rates", "how often a dealt hand of each category wins, "
                     "ties or loses",
                     ["draw5 win-rates --players 2              # exact heads-up",
                      "draw5 win-rates --players 6 --trials 1000000 --seed 1"],
                     _cmd_draw5_win_rates, simulates=True)
    p.add_argument("--players", type=int, default=2, help="2..10 seats (default 2)")
    _method_options(p, "exact for two players",
                    f"deals to simulate (default {config.DEFAULT_TRIALS:,})")
    leaves.append(p)

    actions = _add_group(sub, "videopoker", "Jacks-or-Better video poker: best hold, return, "
                         "simulation",
                         ['videopoker hold "Jh Jd 4c 7s 9d"',
                          "videopoker return --paytable 8/5",
                          "videopoker simulate --trials 1000000 --strategy simple --seed 1"])

    def paytable(p):
        p.add_argument("--paytable", default="9/6", metavar="{9/6,9/5,8/5}",
                       help="pay table (default 9/6, full pay)")

    p = _add_command(actions, "hold", "the expected payout of every hold of a dealt hand, "
                     "best first",
                     ['videopoker hold "Jh Jd 4c 7s 9d"',
                      'videopoker hold "Ah Kh Qh Jh 2c" --paytable 8/5 --top 32 --json holds.json'],
                     _cmd_videopoker_hold)
    p.add_argument("hand", help='five cards, e.g. "Jh Jd 4c 7s 9d"')
    paytable(p)
    p.add_argument("--top", type=int, default=5,
                   help="holds to print (default 5; files get all 32, with the chance of "
                        "each final hand)")
    leaves.append(p)
    p = _add_command(actions, "return", "the exact return of a pay table under perfect play",
                     ["videopoker return", "videopoker return --paytable 8/5"],
                     _cmd_videopoker_return)
    paytable(p)
    leaves.append(p)
    p = _add_command(actions, "simulate", "play random deals with a strategy and measure the "
                     "return", ["videopoker simulate --trials 1000000 --seed 1",
                                "videopoker simulate --trials 1000000 --strategy simple --seed 1",
                                "videopoker simulate --target-stderr 0.002 --seed 1"],
                     _cmd_videopoker_simulate, simulates=True,
                     present=_videopoker_simulate_text)
    _monte_carlo_options(p, f"deals to play (default {config.DEFAULT_TRIALS:,})")
    p.add_argument("--strategy", default="optimal", metavar="{optimal,simple}",
                   help="optimal: the best hold; simple: keep pairs and better, else J-Q-K-A")
    paytable(p)
    leaves.append(p)

    actions = _add_group(sub, "zhajinhua", "Zhajinhua (three cards): deal a table, category "
                         "frequencies, win rates",
                         ["zhajinhua deal --players 6 --seed 1",
                          "zhajinhua frequencies",
                          "zhajinhua win-rates --players 2 --a23 lowest --rule-235"])
    p = _add_command(actions, "deal", "deal three cards to each player and settle each round",
                     ["zhajinhua deal --players 6 --seed 1",
                      "zhajinhua deal --players 4 --rounds 10 --seed 1 --ties suit"],
                     _cmd_zhajinhua_deal)
    _deal_options(p, "2..17")
    _zhajinhua_rule_options(p)
    leaves.append(p)
    p = _add_command(actions, "frequencies", "how often each category occurs",
                     ["zhajinhua frequencies",
                      "zhajinhua frequencies --method monte-carlo --trials 1000000 --seed 1"],
                     _cmd_zhajinhua_frequencies, simulates=True)
    _method_options(p, "exact",
                    f"hands dealt by Monte Carlo (default {config.DEFAULT_TRIALS:,})")
    _zhajinhua_rule_options(p)
    leaves.append(p)
    p = _add_command(actions, "win-rates", "how often a hand of each category wins, ties "
                     "or loses",
                     ["zhajinhua win-rates --players 2            # exact heads-up",
                      "zhajinhua win-rates --players 6 --trials 1000000 --seed 1 --rule-235",
                      "zhajinhua win-rates --players 6 --target-stderr 0.002 --seed 1"],
                     _cmd_zhajinhua_win_rates, simulates=True)
    p.add_argument("--players", type=int, default=2, help="2..17 seats (default 2)")
    _method_options(p, "exact for two players", "tables dealt by Monte Carlo "
                    f"(default {config.DEFAULT_TRIALS:,})")
    _zhajinhua_rule_options(p)
    leaves.append(p)
    return leaves


# ------------------------------------------------------------------------- ranges on a board
# pokersim distribution, breakdown and outs (issue 18): one block, its handlers and parser.


def _cmd_distribution(args):
    from . import equity_distribution

    path = None if args.plot is None else check_writable(args.plot)  # before any work
    frame = equity_distribution(args.range_a, args.range_b, board=args.board, dead=args.dead)
    if path is not None:
        from . import plots

        ax = plots.equity_distribution(frame)
        try:
            ax.figure.savefig(path, dpi=110, metadata={"Software": None})
        except OSError as e:
            raise PokersimInputError(f"--plot: {cannot_write(path, e)}") from None
        print(f"pokersim: wrote {path}", file=sys.stderr)
    a = frame[frame["range"] == "A"]
    b = frame[frame["range"] == "B"]
    head = (f"on {frame.attrs['board']}: A {frame.attrs['range_a']!r} "
            f"{100 * frame.attrs['equity_a']:.2f}% ({len(a)} combos), B "
            f"{frame.attrs['range_b']!r} {100 * frame.attrs['equity_b']:.2f}% ({len(b)} combos)")
    return frame, head + "\n" + table_text(frame)


def _cmd_breakdown(args):
    from . import range_breakdown

    frame = range_breakdown(args.range, board=args.board, dead=args.dead,
                            by_combo=args.by_combo)
    head = (f"{frame.attrs['range']!r} on {frame.attrs['board']}: "
            f"{frame.attrs['combos']:g} combos")
    return frame, head + "\n" + table_text(frame)


def _cmd_outs(args):
    from . import outs

    opponents = args.opponents.strip()
    frame = outs(args.hand, int(opponents) if opponents.isdigit() else opponents,
                 board=args.board, dead=args.dead, **_simulation(args))
    found = frame.card[frame.out].tolist()
    head = (f"{frame.attrs['hand']} on {frame.attrs['board']} against "
            f"{frame.attrs['opponents']}: equity now {100 * frame.attrs['equity_now']:.2f}%; "
            f"{len(found)} outs" + (f" ({' '.join(found)})" if found else ""))
    return frame, head + "\n" + table_text(frame)


def _range_commands(sub) -> list[argparse.ArgumentParser]:
    """``distribution``, ``breakdown`` and ``outs``: ranges and hands on a board."""

    def board_options(p):
        p.add_argument("--board", default="", help='the flop, turn or river, e.g. "Qh 7d 2c"')
        p.add_argument("--dead", default="", help="cards out of play")

    leaves = []
    p = _add_command(sub, "distribution", "the exact equity of every combo of two ranges "
                     "against each other on a board",
                     ['distribution "QQ+, AK" "JJ-99, AQs" --board "Qh 7d 2c"',
                      'distribution "22+, A2s+, KTo+" random --board "Ah 7d 2c 5s" '
                      "--csv dist.csv --plot dist.png"], _cmd_distribution)
    p.add_argument("range_a", help='range A, e.g. "QQ+, AK"')
    p.add_argument("range_b", help='range B, e.g. "JJ-99, AQs" or random')
    board_options(p)
    p.add_argument("--plot", metavar="PATH",
                   help="also draw both ranges' sorted equity curves to this image (PNG)")
    leaves.append(p)
    p = _add_command(sub, "breakdown", "the made hands and draws of a range on a board, in "
                     "weighted combos and shares",
                     ['breakdown "QQ+, AK, JTs" --board "Qh Jd 2h"',
                      'breakdown random --board "Qh Jd 2h 5s" --by-combo --csv combos.csv'],
                     _cmd_breakdown)
    p.add_argument("range", help='e.g. "QQ+, AK, JTs" or random')
    board_options(p)
    p.add_argument("--by-combo", action="store_true",
                   help="one row per combo (its made hand and draws) instead of the counts")
    leaves.append(p)
    p = _add_command(sub, "outs", "a hand's equity after each card that can come next, and "
                     "its outs",
                     ['outs "Ah Kh" --opponents "Qs Qd" --board "Qh 7h 2c"',
                      'outs "Ah Kh" --opponents "QQ+, 77" --board "Qh 7h 2c 3d" --json outs.json',
                      'outs "9h 8h" --opponents 2 --board "Th 7c 2s" --trials 100000 --seed 1'],
                     _cmd_outs, simulates=True)
    p.add_argument("hand", help='two hole cards, e.g. "Ah Kh"')
    p.add_argument("--opponents", default="1",
                   help="a hand, a range or random (one opponent), or a number of random "
                        "opponents (default 1)")
    board_options(p)
    _method_options(p, "exact against one opponent",
                    f"Monte Carlo trials per card (default {config.DEFAULT_TRIALS:,})")
    leaves.append(p)
    return leaves


# -------------------------------------------------------------- hand strength and isomorphism
# pokersim hand-strength, hand-strength-table and isomorphism (issue 18): handlers and parser.

#: How the hands of ``hand-strength`` and ``isomorphism index`` are given.
HANDS_HELP = ('HOLE [BOARD] ...: each two-card argument is a hole, and the argument after it '
              'with 3 to 5 cards its board, e.g. "Ad Qc" "3h 4c Jh"')


def _hole_board_pairs(texts: list[str], board: str, preflop: bool):
    """The hands given as ``HOLE [BOARD] [HOLE [BOARD] ...]``, as (hole, board) card arrays:
    a two-card argument is a hole, and an argument of three to five cards right after it its
    board; with ``--board`` (``board``), every argument is a hole on that board. A hole with no
    board is preflop where ``preflop`` allows it, else an error."""
    from . import parse_cards
    from .evaluator.showdowns import BOARD_SIZES

    shared = parse_cards(board) if board.strip() else None
    if shared is not None and len(shared) not in BOARD_SIZES:
        raise PokersimInputError(f"--board {board!r}: a board is 3 to 5 cards; got "
                                 f"{len(shared)}")
    cards = [parse_cards(text, hand=i) for i, text in enumerate(texts)]
    pairs, i = [], 0
    while i < len(cards):
        if len(cards[i]) != 2:
            raise PokersimInputError(
                f"argument {i + 1} {texts[i]!r} is {len(cards[i])} "
                f"card{'' if len(cards[i]) == 1 else 's'} where a hole (two "
                f"cards) belongs: give HOLE then its BOARD, e.g. \"Ad Qc\" \"3h 4c Jh\""
                + (", or holes only with --board" if shared is not None else ""))
        after = cards[i + 1] if i + 1 < len(cards) else None
        if shared is None and after is not None and len(after) in BOARD_SIZES:
            pairs.append((cards[i], after))
            i += 2
            continue
        if shared is None and not preflop:
            raise PokersimInputError(f"hole {texts[i]!r} has no board: give its 3 to 5 board "
                                     "cards after it, or --board for every hole")
        pairs.append((cards[i], shared if shared is not None else cards[i][:0]))
        i += 1
    return pairs


def _by_round(pairs, measure) -> pd.DataFrame:
    """``measure(holes, boards)``, a table of a row per hand, called once per board size (a
    round each); the rows in the order given. Where the rounds' attrs differ, ``round`` lists
    them and the others are left out."""
    groups: dict[int, list[int]] = {}
    for i, (_, board) in enumerate(pairs):
        groups.setdefault(len(board), []).append(i)
    parts = [measure(np.stack([pairs[i][0] for i in idx]), np.stack([pairs[i][1] for i in idx]))
             for idx in groups.values()]
    order = np.argsort(np.concatenate([idx for idx in groups.values()]), kind="stable")
    frame = pd.concat(parts, ignore_index=True).iloc[order].reset_index(drop=True)
    attrs = {k: v for k, v in parts[0].attrs.items()
             if all(part.attrs.get(k) == v for part in parts)}
    if len(parts) > 1:
        attrs["round"] = [part.attrs["round"] for part in parts]
    frame.attrs = attrs
    return frame


def _cmd_hand_strength(args) -> pd.DataFrame:
    from . import hand_strength

    return _by_round(_hole_board_pairs(args.hands, args.board, preflop=False),
                     lambda holes, boards: hand_strength(holes, boards, bins=args.bins))


def _cmd_hand_strength_table(args) -> pd.DataFrame:
    from . import hand_strength_table

    return hand_strength_table(args.round, bins=args.bins, **_run(args))


def _hand_strength_table_text(args, table):
    """A line on the table (the rows go to --out only)."""
    return table, (f"hand strength of every {args.round} class: {len(table):,} rows "
                   f"({', '.join(table.columns[:6])}{', ...' * (table.shape[1] > 6)}); "
                   f"'pokersim isomorphism unindex {args.round} CLASS' gives a class's hand")


def _wrote_out(args, table) -> None:
    print(f"pokersim: wrote {args.out}", file=sys.stderr)


def _isomorphism_rows(holes, boards) -> pd.DataFrame:
    """The index of each hand (of one round) and its class's canonical hand."""
    from . import format_cards
    from .isomorphism import ROUNDS, index, unindex

    round = ROUNDS[(0, 3, 4, 5).index(boards.shape[1])]
    classes = index(holes, boards)
    frame = pd.DataFrame({"hole": format_cards(holes), "board": format_cards(boards),
                          "round": round, "index": classes,
                          "canonical": format_cards(unindex(round, classes))})
    frame.attrs["round"] = round
    return frame


def _cmd_isomorphism_index(args) -> pd.DataFrame:
    return _by_round(_hole_board_pairs(args.hands, args.board, preflop=True),
                     _isomorphism_rows)


def _cmd_isomorphism_unindex(args) -> pd.DataFrame:
    from . import format_cards
    from .isomorphism import unindex

    hands = unindex(args.round, args.indices)  # checks them (any size of int)
    frame = pd.DataFrame({"round": args.round, "index": args.indices,
                          "hole": format_cards(hands[:, :2]),
                          "board": format_cards(hands[:, 2:])})
    frame.attrs["round"] = args.round
    return frame


def _cmd_isomorphism_count(args) -> pd.DataFrame:
    from .isomorphism import ROUNDS, class_count

    rounds = args.rounds or ROUNDS
    classes = [class_count(r) for r in rounds]  # an unknown round is an error naming it
    return pd.DataFrame({"round": rounds,
                         "board_cards": [(0, 3, 4, 5)[ROUNDS.index(r)] for r in rounds],
                         "classes": classes})


def _indices_as_typed(args, frame):
    """The table, its class numbers printed without thousands separators (to be typed back)."""
    return frame, table_text(frame.astype({"index": str}))


def _strength_commands(sub) -> list[argparse.ArgumentParser]:
    """``hand-strength`` and ``isomorphism`` (tables), with ``hand-strength-table`` (a file)."""
    from .analysis._strength import RIVER_UNITS
    from .analysis.strength import ROUNDS as STRENGTH_ROUNDS
    from .isomorphism import ROUNDS

    def hands_options(p):
        p.add_argument("hands", nargs="+", metavar="HOLE [BOARD]", help=HANDS_HELP)
        p.add_argument("--board", default="", help="one board for every hole given instead")

    bins_help = (f"also count each hand's runouts by river hs in N equal bins of [0, 1] "
                 f"(1 to {RIVER_UNITS:,})")
    leaves = []
    p = _add_command(sub, "hand-strength", "exact HS, EHS, EHS², PPot and NPot of hands "
                     "against one random hand (Billings et al.)",
                     ['hand-strength "Ad Qc" "3h 4c Jh"',
                      'hand-strength "Ad Qc" "3h 4c Jh" "As Ks" "Qh 7d 2c 5s" --bins 10',
                      'hand-strength "As Ah" "7c 2d" --board "Ks Qs 2h 2c 9d" --csv hs.csv'],
                     _cmd_hand_strength)
    hands_options(p)
    p.add_argument("--bins", type=int, default=None, metavar="N", help=bins_help)
    leaves.append(p)

    p = _add_command(sub, "hand-strength-table", "HS, EHS, EHS², PPot and NPot of every "
                     "suit-isomorphic class of a round, written to a file",
                     ["hand-strength-table river --out river.parquet",
                      "hand-strength-table flop --bins 50 --out flop.parquet --workers 2",
                      "hand-strength-table turn --out turn.csv --overwrite"],
                     _cmd_hand_strength_table, simulates=True, writes_out=True,
                     present=_hand_strength_table_text, save=_wrote_out)
    p.add_argument("round", choices=tuple(STRENGTH_ROUNDS),
                   help="flop (1,286,792 classes), turn (13,960,050) or river (123,156,254)")
    p.add_argument("--out", metavar="PATH", required=True,
                   help="the file to write, whole or not at all, with the run's inputs: "
                        ".parquet (needs pyarrow), .csv or .json")
    p.add_argument("--overwrite", action="store_true", help="replace PATH if it exists")
    p.add_argument("--bins", type=int, default=None, metavar="N",
                   help=bins_help + "; not on the river")
    _cluster_options(p, "boards per chunk (task); default 4 on the flop, 96 on the turn, "
                        "1,024 on the river")
    _progress_options(p, argparse.SUPPRESS)

    actions = _add_group(sub, "isomorphism", "suit-isomorphic classes of hands: index, "
                         "canonical hand, count",
                         ['isomorphism index "As Ks" "Qh 7d 2c" "Kd Ad" "2s 7c Qh"',
                          "isomorphism unindex flop 0 1286791",
                          "isomorphism count"])
    p = _add_command(actions, "index", "the class of each hand (0 .. count - 1) and its "
                     "canonical hand; hands equal but for the suits share it",
                     ['isomorphism index "As Ks" "Kd Ad" "As Kd"           # preflop',
                      'isomorphism index "As Ks" "Qh 7d 2c" "Kd Ad" "2s 7c Qh"',
                      'isomorphism index "Ah Kh" "Qs Qc" --board "Qh 7d 2c 5s" --csv idx.csv'],
                     _cmd_isomorphism_index, present=_indices_as_typed)
    hands_options(p)
    leaves.append(p)
    p = _add_command(actions, "unindex", "the canonical hand of classes of a round",
                     ["isomorphism unindex preflop 0 168", "isomorphism unindex river 123156253"],
                     _cmd_isomorphism_unindex, present=_indices_as_typed)
    p.add_argument("round", choices=ROUNDS)
    p.add_argument("indices", type=int, nargs="+", metavar="INDEX",
                   help="classes, each 0 .. the round's count - 1")
    leaves.append(p)
    p = _add_command(actions, "count", "the number of classes of each round (Waugh, 2013)",
                     ["isomorphism count", "isomorphism count flop"], _cmd_isomorphism_count)
    p.add_argument("rounds", nargs="*", metavar="ROUND",
                   help="preflop, flop, turn or river (default: all four)")
    leaves.append(p)
    return leaves


# --------------------------------------------------------------------------- compile ahead
# pokersim compile: every kernel compiled into Numba's disk cache ahead (pokersim.precompile).


def _cmd_compile(args) -> pd.DataFrame:
    from . import precompile

    names = precompile.check_names(args.tasks or None)
    if args.list:
        return pd.DataFrame({"task": names})
    workers = None if args.processes is None else check_between(args.processes, "--workers",
                                                                 1, 1024)
    width = max(map(len, names))
    if not args.quiet:
        processes = min(workers or precompile.cores(), len(names))
        print(f"pokersim: {len(names)} warm-up tasks on {processes} "
              f"process{'es' * (processes > 1)}; a line as each finishes", file=sys.stderr)

    def report(warmed) -> None:
        how = f"  FAILED: {warmed.error}" if warmed.error else (
            "" if warmed.compile_seconds else "  (loaded from the cache)")
        print(f"{warmed.name:<{width}} {warmed.seconds:7.1f} s{how}", flush=True)

    start = time.perf_counter()
    try:
        done = precompile.compile_all(names, workers=workers, progress=report)
    except concurrent.futures.BrokenExecutor as e:
        raise PokersimInputError(f"a worker process ended abruptly ({e}); the tasks finished "
                                 f"so far are saved in the cache") from None
    frame = pd.DataFrame([vars(w) for w in done])
    frame.attrs.update(seconds=time.perf_counter() - start, workers=workers or precompile.cores())
    failed = frame.name[frame.error.notna()].tolist()
    if failed:
        raise PokersimInputError(f"{len(failed)} of {len(frame)} warm-up tasks failed: "
                                 f"{', '.join(failed)}")
    return frame


def _compile_text(args, frame):
    """The task names (``--list``), or a line on the run after the task lines printed."""
    if args.list:
        return frame, "\n".join(frame.task)
    import numba

    where = numba.config.CACHE_DIR or "the __pycache__ folders beside pokersim's modules"
    processes = min(frame.attrs["workers"], len(frame))
    return frame, (f"{len(frame)} tasks in {frame.attrs['seconds']:.1f} s on {processes} "
                   f"process{'es' * (processes > 1)} ({frame.compile_seconds.sum():.1f} s "
                   f"compiling); the kernels are in Numba's cache: {where}")


def _compile_command(sub) -> argparse.ArgumentParser:
    """``compile``: warm-up tasks on worker processes, filling Numba's disk cache."""
    p = _add_command(sub, "compile", "compile every kernel ahead into Numba's disk cache, on "
                     "all cores, so that later runs start at once (for images and clusters)",
                     ["compile              # into NUMBA_CACHE_DIR, else beside the package",
                      "compile --workers 4",
                      "compile --list",
                      "compile evaluate-7 equity-preflop-exact   # these tasks only"],
                     _cmd_compile, present=_compile_text)
    p.add_argument("tasks", nargs="*", metavar="TASK",
                   help="warm-up tasks to run (default: all; --list lists them)")
    p.add_argument("--workers", type=int, default=None, metavar="N", dest="processes",
                   help="worker processes (default: one per core)")
    p.add_argument("--list", action="store_true",
                   help="print the names of the warm-up tasks and run none")
    return p


# --------------------------------------------------------------------------------- main


def _outputs(args) -> list[tuple[str, Path | str]]:
    """The files asked for, as (format, path or ``-``), after checking each can be written
    (before any long computation): the format's package is installed, the folder exists, and
    no two options name the same file."""
    from .io import require_format

    outputs: list[tuple[str, Path | str]] = []
    named = {fmt: getattr(args, fmt, None) for fmt in OUTPUT_OPTIONS} | {
        "out": getattr(args, "out", None)}
    seen: dict = {}
    for option, text in named.items():
        if text is None:
            continue
        if text == STDOUT and getattr(args, "prints_itself", False):
            raise PokersimInputError(f"--{option} -: {args.command} prints its own report on "
                                     f"standard output; write the table to a file")
        path = text if text == STDOUT else check_writable(text)
        same = seen.setdefault(_file_identity(path), option)
        if same != option:
            raise PokersimInputError(f"--{same} and --{option} both write "
                                     f"{quoted_path(text)}: give each its own file")
        if option == "out" and not getattr(args, "writes_out", False):
            continue
        fmt = _out_format(args, text) if option == "out" else option
        try:
            require_format(fmt)
        except ImportError as e:
            raise PokersimInputError(f"--{option}: {e}") from None
        outputs.append((fmt, path))
    return outputs


def _out_format(args, text: str) -> str:
    """The format of a command's ``--out`` table file, by its suffix; an existing file is
    replaced only with ``--overwrite``."""
    fmt = Path(text).suffix.lstrip(".").lower()
    if text == STDOUT or fmt not in OUTPUT_OPTIONS:
        raise PokersimInputError(f"--out {quoted_path(text)}: name a file ending in "
                                 f"{', '.join('.' + f for f in OUTPUT_OPTIONS)}")
    if os.path.lexists(text) and not args.overwrite:
        raise PokersimInputError(f"--out {quoted_path(text)}: the file exists; give "
                                 "--overwrite to replace it")
    return fmt


def _file_identity(path: Path | str):
    """What two names of one file have in common: standard output, the file's device and
    inode, or (not there yet) the path its links lead to."""
    if path == STDOUT:
        return STDOUT
    try:
        st = os.stat(path)
    except OSError:
        return os.path.realpath(path)
    return st.st_dev, st.st_ino


@contextlib.contextmanager
def _client(args):
    """A Dask client for ``--scheduler`` (or $POKERSIM_SCHEDULER) or ``--workers``, closed
    after the run; else None. An address that Dask cannot parse or reach is an input error."""
    address, workers = getattr(args, "scheduler", None), getattr(args, "workers", None)
    source = "--scheduler"
    if not address and workers is None and getattr(args, "simulates", False):
        address, source = os.environ.get(SCHEDULER_ENV), f"${SCHEDULER_ENV}"
    if not address and workers is None:
        yield None
        return
    if address and workers is not None:
        raise PokersimInputError(f"give {source} or --workers, not both")
    n = None if workers is None else check_between(workers, "--workers", 1, 1024)
    try:
        import distributed
    except ImportError:
        raise PokersimInputError("--scheduler and --workers need Dask: "
                                 "pip install 'pokersim[distributed]'") from None
    with contextlib.ExitStack() as stack:
        if n is not None:
            cluster = stack.enter_context(distributed.LocalCluster(
                n_workers=n, dashboard_address=":0", silence_logs=logging.ERROR))
            address, source = cluster.scheduler_address, "--workers"
        try:
            client = stack.enter_context(distributed.Client(address, timeout="5s"))
        except (OSError, TimeoutError, ValueError, TypeError) as e:
            why = str(e).splitlines()[0] if str(e) else type(e).__name__
            raise PokersimInputError(f"cannot reach the Dask scheduler at {address} "
                                     f"({source}): {why}") from None
        yield client


@contextlib.contextmanager
def _trial_cap(cap):
    """``--max-trials``: ``config.MAX_TRIALS`` while the command runs."""
    if cap is None:
        yield
        return
    before = config.MAX_TRIALS
    config.MAX_TRIALS = check_between(cap, "--max-trials", 1, MAX_COUNT)
    try:
        yield
    finally:
        config.MAX_TRIALS = before


@contextlib.contextmanager
def _interrupts_kept():
    """Ctrl-C that lands in a callback from C code, as llvmlite's while Numba compiles, is
    printed as an "Exception ignored" and lost; while this is open it is sent to the main
    thread again instead, to end the command as Ctrl-C does anywhere else.

    The hook only notes it (one store, where Python checks for no signal: sent from the hook,
    the interrupt would be raised in the hook and lost again); a watching thread sends it, and
    again each time it is lost again (while LLVM compiles, the Python code that runs is mostly
    such callbacks: the one sent lands in the next). A
    command that ends before it arrives (``interrupt_main`` does nothing where SIGINT has no
    Python handler), or fails because of it, raises it as it ends: Ctrl-C noted by Python's
    own handler (the main thread's, wrapped while this is open) or by the hook.
    """
    previous = sys.unraisablehook
    lost = types.SimpleNamespace(times=0, sent=0, signalled=False)  # times: interrupts lost
    done = threading.Event()
    handler = signal.getsignal(signal.SIGINT)
    own_handler = (handler is signal.default_int_handler
                   and threading.current_thread() is threading.main_thread())

    def noted(signum, frame):  # Python's own handler, noting that Ctrl-C came
        lost.signalled = True
        raise KeyboardInterrupt

    def hook(unraisable):
        if unraisable.exc_type is not None and issubclass(unraisable.exc_type,
                                                          KeyboardInterrupt):
            lost.times += 1
        else:
            previous(unraisable)

    def watch():
        while not done.wait(0.02):
            if lost.sent < lost.times:
                lost.sent = lost.times
                _thread.interrupt_main()

    watcher = threading.Thread(target=watch, name="pokersim-interrupts", daemon=True)
    sys.unraisablehook = hook
    if own_handler:
        signal.signal(signal.SIGINT, noted)
    watcher.start()
    try:
        yield
    except Exception:
        if not (lost.times or lost.signalled):
            raise
        # the work Ctrl-C cut short failed before it came back (seen: Numba's cache, "no
        # compiled object yet", after an interrupted compilation; Numba's registries,
        # "generator raised StopIteration", when it landed as they loaded): the command ends
        # interrupted, below (nothing left for the watcher to send)
        lost.times = lost.sent = 1
    finally:
        done.set()
        watcher.join()
        sys.unraisablehook = previous
        if own_handler:
            signal.signal(signal.SIGINT, handler)
    if lost.times:  # noted as the command ended, or sent where SIGINT had no handler
        raise KeyboardInterrupt


def _one_line_warnings(show):
    """A ``warnings.showwarning`` that prints a target not reached as one line (the table
    still prints) and leaves every other warning to ``show``."""

    def show_warning(message, category, filename, lineno, file=None, line=None):
        if issubclass(category, TargetStderrWarning):
            print(f"pokersim: warning: {message}", file=sys.stderr)
        else:
            show(message, category, filename, lineno, file, line)

    return show_warning


#: Parsed options that are not inputs of a result: the command's own machinery, where it runs,
#: what it writes and what it shows.
NOT_INPUTS = frozenset({"command", "action", "run", "present", "save", "simulates",
                        "prints_itself", "writes_out", "overwrite", "client", "scheduler",
                        "workers", "quiet", "show_progress", "progress", "out",
                        *OUTPUT_OPTIONS})


def _metadata(args, argv: list[str], frame: pd.DataFrame, partial: bool) -> dict:
    """The metadata block of the files written (see :mod:`pokersim.io`): pokersim's version,
    the command line, the options given, then what the result records of its inputs."""
    from .io import table_metadata

    options = {k: v for k, v in vars(args).items() if k not in NOT_INPUTS and v is not None}
    meta = table_metadata(frame, command=shlex.join(["pokersim", *argv]), **options)
    return meta | {"partial": partial}


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
        _stdout_to_devnull()
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


def _stdout_to_devnull() -> None:
    """Point standard output at /dev/null, so that flushing it again at exit raises nothing
    (the Python documentation's recipe for SIGPIPE)."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a file (a test's capture)
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def _main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    partial = False
    try:
        if args.quiet and args.show_progress:
            raise PokersimInputError("give --quiet or --progress, not both")
        args.progress = args.show_progress or (not args.quiet and sys.stderr.isatty())
        outputs = _outputs(args)
        from ._compiling import silenced

        with _client(args) as args.client, warnings.catch_warnings(), _interrupts_kept(), \
                silenced(args.quiet), _trial_cap(getattr(args, "max_trials", None)):
            warnings.simplefilter("always", TargetStderrWarning)
            warnings.showwarning = _one_line_warnings(warnings.showwarning)
            result = args.run(args)
    except PokersimInputError as e:
        print(f"pokersim: error: {e}", file=sys.stderr)
        return 2
    except SimulationInterrupted as e:
        if e.partial is None:
            print("pokersim: interrupted", file=sys.stderr)
            return 130
        saved = any(path != STDOUT for _, path in outputs) or (
            getattr(args, "save", None) is not None and getattr(args, "out", None) is not None)
        print(f"pokersim: interrupted; the estimate so far is printed{' and saved' * saved}, "
              f"marked PARTIAL", file=sys.stderr)
        result, partial = e.partial, True
    except KeyboardInterrupt:
        print("pokersim: interrupted", file=sys.stderr)
        return 130
    except MemoryError as e:  # e.g. --rounds 10**12: numpy cannot allocate the deal
        why = str(e).splitlines()[0] if str(e) else "out of memory"
        print(f"pokersim: error: not enough memory: {why}; ask for fewer rounds, hands or "
              f"trials", file=sys.stderr)
        return 2
    frame, text = args.present(args, result)
    if not getattr(args, "prints_itself", False) and STDOUT not in (
            path for _, path in outputs) and getattr(args, "out", None) != STDOUT:
        if partial:
            print(PARTIAL_LINE)
        print(text if text is not None else table_text(frame))
    return _write_files(args, argv, result, frame, outputs, partial) or (130 if partial else 0)


def _write_files(args, argv, result, frame, outputs, partial: bool) -> int:
    """Write the table to each output, and the command's own files; 2 (after one line on
    stderr) if one cannot be written, else 0."""
    from .io import write_table

    meta = _metadata(args, argv, frame, partial)
    path = None
    try:
        for fmt, path in outputs:
            write_table(frame, path, fmt, metadata=meta)
        if args.save is not None:
            path = args.out
            args.save(args, result)
    except BrokenPipeError:
        raise
    except PokersimInputError as e:
        print(f"pokersim: error: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"pokersim: error: {cannot_write(path, e)}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
