"""The ``pokersim`` command line: deal, evaluate and simulate poker hands.

    pokersim evaluate "As Ks Qs Js Ts 2c 3d" "Kh Kd 4c 4s Kc 9h 2d"
    pokersim equity AhKh QsQd
    pokersim equity "QQ+, AKs" "22+, A2s+, KTo+" random --trials 1000000 --seed 1
    pokersim vs-random "As Ad" --opponents 9 --trials 1000000 --seed 1
    pokersim frequencies --cards 7
    pokersim frequencies --cards 7 --method monte-carlo --trials 1000000 --seed 1
    pokersim starting-hands --sort 1
    pokersim draw5 deal --players 4 --rounds 3 --seed 1
    pokersim videopoker hold "Jh Jd 4c 7s 9d" --paytable 9/6
    pokersim zhajinhua win-rates --players 2 --rule-235

Every command that prints a table can also write it with ``--csv``, ``--json`` or
``--parquet PATH`` (each file written whole or not at all). Bad input exits with status 2 and
a one-line message.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import logging
import os
import sys
import warnings
from pathlib import Path

import numpy as np
import pandas as pd

from . import config, rankings
from .errors import PokersimInputError, SimulationInterrupted, TargetStderrWarning
from .games.game import NAMES as GAME_NAMES
from .validation import METHODS, check_between

#: The environment variable naming a Dask scheduler to run simulations on.
SCHEDULER_ENV = "POKERSIM_SCHEDULER"

#: The table-writing options, each with the format it writes.
OUTPUT_OPTIONS = {"csv": "CSV", "json": "JSON (a list of records)",
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

    groups: dict[int, list[int]] = {}
    hands = [parse_cards(h, hand=i)[None, :] for i, h in enumerate(args.hands)]
    for i, h in enumerate(hands):
        groups.setdefault(h.shape[1], []).append(i)
    rows: list[tuple | None] = [None] * len(hands)
    for idx in groups.values():
        arr = np.concatenate([hands[i] for i in idx])
        strength = evaluate(arr, args.ranking)
        names = describe(strength, args.ranking)
        five = format_cards(best_five(arr, args.ranking))
        for j, i in enumerate(idx):
            rows[i] = (format_cards(arr[j]), int(strength[j]), names[j], five[j])
    frame = pd.DataFrame(rows, columns=["hand", "strength", "description", "best_five"])
    best = frame.strength.max()
    frame["wins"] = np.where(frame.strength == best,
                             "tie" if (frame.strength == best).sum() > 1 else "wins", "")
    return frame


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
                          "description": describe(high, g.ranking),
                          "best_five": format_cards(five if low is None else five.high)})
    if low is not None:
        frame["low_strength"] = low
        frame["low_description"] = describe(low, g.low)
        frame["low_five"] = ["" if f[0] == 255 else format_cards(f) for f in five.low]
    return frame


def _run(args) -> dict:
    """Where and how a simulation runs: the cluster client (or None), chunk size, progress."""
    return dict(client=args.client, chunk_size=args.chunk_size, progress=args.progress)


def _simulation(args) -> dict:
    """The options every simulating command passes on, as keywords: method (where the command
    has it), trials, seed and target_stderr as given (an option left out keeps the function's
    default), then where and how it runs."""
    given = dict(method=_exact_flag(args), trials=args.trials, seed=args.seed,
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
    from .equity import MAX_OPPONENTS

    check_between(args.opponents, "--opponents", 1, MAX_OPPONENTS)  # before range(1, n + 1)
    return equity_vs_random(args.hand, opponents=range(1, args.opponents + 1),
                            board=args.board, dead=args.dead, **_simulation(args))


def _cmd_starting_hands(args) -> pd.DataFrame:
    from . import data
    from .equity import MAX_OPPONENTS
    from .ranges import starting_hand_names
    from .starting_hands import SHIPPED, SHIPPED_OPPONENTS, save_starting_hands, starting_hand_table

    regenerate_only = {"--opponents": args.opponents, "--target-stderr": args.target_stderr,
                       "--seed": args.seed, "--out": args.out}
    given = [name for name, value in regenerate_only.items() if value is not None]
    if given and not args.regenerate:
        raise PokersimInputError(f"{', '.join(given)} only apply with --regenerate")
    opponents = list(SHIPPED_OPPONENTS) if args.opponents is None else sorted(
        {check_between(n, "--opponents", 1, MAX_OPPONENTS) for n in args.opponents})
    if args.sort and args.sort not in opponents:
        raise PokersimInputError(f"--sort {args.sort} needs {args.sort} among the opponent "
                                 f"counts of the table ({', '.join(map(str, opponents))}; "
                                 f"--opponents with --regenerate)")
    if args.regenerate and args.out is None and opponents != list(SHIPPED_OPPONENTS):
        raise PokersimInputError(f"--opponents {' '.join(map(str, opponents))} makes a table "
                                 f"other than the shipped one ({SHIPPED_OPPONENTS.start}.."
                                 f"{SHIPPED_OPPONENTS.stop - 1} opponents): write it with "
                                 f"--out PATH")
    if args.regenerate:
        options = dict(opponents=opponents, target_stderr=args.target_stderr, seed=args.seed)
        table = starting_hand_table(**{k: v for k, v in options.items() if v is not None},
                                    **_run(args))
        out = save_starting_hands(table, args.out if args.out is not None else SHIPPED)
        print(f"pokersim: wrote {out}", file=sys.stderr)
    else:
        table = data.starting_hands()
    wide = table.pivot(index="hand", columns="opponents", values="equity")
    wide = wide.loc[starting_hand_names()].reset_index()
    wide.columns = ["hand"] + [f"vs {n}" for n in wide.columns[1:]]
    if args.sort:
        wide = wide.sort_values(f"vs {args.sort}", ascending=False)
    return wide


#: The deprecated ``--exact`` values and the ``--method`` each names.
EXACT_FLAGS = {"yes": "exact", "no": "monte-carlo", "auto": "auto"}


def _exact_flag(args) -> str | None:
    """``--method``, or the one that the deprecated ``--exact yes|no|auto`` names (with a
    one-line note on stderr); giving both is an error."""
    exact = getattr(args, "exact", None)
    if exact is None:
        return getattr(args, "method", None)
    if args.method is not None:
        raise PokersimInputError("give --method or the deprecated --exact, not both")
    print(f"pokersim: --exact {exact} is deprecated and will be removed in the next release; "
          f"use --method {EXACT_FLAGS[exact]}", file=sys.stderr)
    return EXACT_FLAGS[exact]


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
    frame, info = bench.run(n=args.n, repeat=args.repeat, scaling=scaling, quick=args.quick,
                            dask_workers=args.dask_workers)
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

    result = videopoker.expected_return(args.paytable)
    head = (f"{result.paytable.name} Jacks or Better, perfect play: return "
            f"{100 * result.value:.4f}% ({result.value:.8f} per coin)")
    return result.final_hands, head + "\n" + table_text(result.final_hands)


def _cmd_videopoker_simulate(args):
    from .games import videopoker

    if args.hands is not None:  # the old name of --trials
        if args.trials is not None:
            raise PokersimInputError("give --trials, not --hands as well (--hands is its old "
                                     "name)")
        print("pokersim: note: --hands is deprecated; use --trials", file=sys.stderr)
        args.trials = args.hands
    result = videopoker.simulate(strategy=args.strategy, paytable=args.paytable,
                                 **_simulation(args))
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

    return zhajinhua.category_frequencies(_zhajinhua_rules(args), **_simulation(args))


def _cmd_zhajinhua_win_rates(args) -> pd.DataFrame:
    from .games import zhajinhua

    return zhajinhua.win_rates(args.players, _zhajinhua_rules(args), **_simulation(args))


# --------------------------------------------------------------------------------- parser


def _add_command(sub, name: str, help: str, examples: list[str], run, **defaults):
    """A subcommand with its description, examples shown by --help, and what it runs."""
    epilog = "examples:\n" + "\n".join(f"  pokersim {e}" for e in examples)
    p = sub.add_parser(name, help=help, description=help, epilog=epilog,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    if run is not None:
        p.set_defaults(run=run, **defaults)
    return p


def _seed_option(p, help="random seed: the same seed gives the same numbers"):
    p.add_argument("--seed", type=int, default=None, help=help)


def _monte_carlo_options(p, trials_help):
    """--trials, --seed and --target-stderr of a game's Monte Carlo command."""
    p.add_argument("--trials", type=int, default=None, help=trials_help)
    _seed_option(p)
    p.add_argument("--target-stderr", type=float, default=None,
                   help="stop once every standard error is below this (--trials caps)")


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


def _cluster_options(p):
    g = p.add_argument_group("where it runs (default: this machine's threads)")
    g.add_argument("--scheduler", metavar="ADDRESS", default=os.environ.get(SCHEDULER_ENV),
                   help=f"run the chunks on a running Dask cluster, e.g. tcp://HOST:8786 "
                        f"(default: ${SCHEDULER_ENV} if set)")
    g.add_argument("--workers", type=int, default=None, metavar="N",
                   help="start a Dask LocalCluster of N worker processes for this run")
    g.add_argument("--chunk-size", type=int, default=None, metavar="TRIALS",
                   help=f"trials per chunk (task); default {config.CHUNK_TRIALS:,}. With "
                        "--target-stderr the numbers depend on the seed and the chunk size only")


class _Parser(argparse.ArgumentParser):
    """argparse, with its error kept to one line: an argument that holds a newline or another
    control character is echoed back escaped (subcommands inherit the class)."""

    def error(self, message):
        super().error("".join(c if c.isprintable() else c.encode("unicode_escape").decode()
                              for c in message))


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="pokersim", description=__doc__.split("\n\n")[0],
                     epilog="Run 'pokersim COMMAND --help' for a command's options and "
                            "examples.")
    parser.add_argument("--quiet", "-q", action="store_true",
                        help="silence progress output (tables and errors still print)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    tables = []  # every command that produces a table gets the output options

    def ranking_option(p):
        p.add_argument("--ranking", default="high", choices=rankings.NAMES,
                       help="how hands rank (default: high); lows, short deck and badugi as "
                            "in pokersim.rankings")
        p.add_argument("--game", choices=GAME_NAMES,
                       help="instead of a ranking, a game: each hand is one player's hole "
                            "cards then the board, made and ranked as the game does")

    p = _add_command(sub, "evaluate", "strength and name of each hand given as text",
                     ['evaluate "As Ks Qs Js Ts 2c 3d" "Kh Kd 4c 4s Kc 9h 2d"',
                      'evaluate "2c 2d 2h 9s 9c" --json hands.json',
                      'evaluate "7c 5d 4h 3s 2c" "Ac 2d 3h 4s 5c" --ranking deuce-to-seven',
                      'evaluate "Ah 2d Qc Jc 3h Kh 8c 7d 9d" --game omaha-hi-lo'],
                     _cmd_evaluate)
    p.add_argument("hands", nargs="+", help='hands of 5 to 7 cards (badugi: 4 to 7), e.g. '
                                            '"As Ks Qs Js Ts"')
    ranking_option(p)
    tables.append(p)

    p = _add_command(sub, "frequencies", "how often each category occurs",
                     ["frequencies --cards 5",
                      "frequencies --cards 7 --method monte-carlo --trials 1000000 --seed 1",
                      "frequencies --cards 7 --ranking eight-or-better",
                      "frequencies --game omaha-hi-lo --trials 1000000 --seed 1"],
                     _cmd_frequencies, simulates=True)
    p.add_argument("--cards", type=int, choices=(4, 5, 6, 7),
                   help="cards in a hand (default 7; badugi from 4, the others from 5; a "
                        "game's own)")
    ranking_option(p)
    _method_options(p, "exact",
                    f"hands dealt by Monte Carlo (default {config.DEFAULT_TRIALS:,})")
    tables.append(p)

    def simulation_options(p):
        p.add_argument("--board", default="", help='known board cards, e.g. "2c 7d Qh"')
        p.add_argument("--dead", default="", help="cards out of play")
        _method_options(p, "exact when it is cheap",
                        f"Monte Carlo trials (default {config.DEFAULT_TRIALS:,})")
        p.add_argument("--exact", default=None, choices=tuple(EXACT_FLAGS),
                       help="deprecated: use --method (yes: exact, no: monte-carlo)")

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

    p = _add_command(sub, "vs-random", "one hand against 1..N random opponents",
                     ['vs-random "As Ad" --opponents 9 --trials 1000000 --seed 1'],
                     _cmd_vs_random, simulates=True)
    p.add_argument("hand", help='e.g. "As Ad"')
    p.add_argument("--opponents", type=int, default=9,
                   help="up to this many, 1..22 (default 9)")
    simulation_options(p)
    tables.append(p)

    p = _add_command(sub, "starting-hands",
                     "equity of the 169 starting hands against 1..9 random opponents",
                     ["starting-hands --sort 1",
                      "starting-hands --parquet starting_hands.parquet",
                      "starting-hands --regenerate        "
                      "# recompute the shipped table (under a minute on 2 cores)",
                      "starting-hands --regenerate --opponents 2 3 --target-stderr 0.002 "
                      "--out sh.csv"],
                     _cmd_starting_hands, simulates=True)
    p.add_argument("--sort", type=int, default=0, choices=range(0, 23), metavar="N",
                   help="sort by the equity against N opponents (0: grid order)")
    g = p.add_argument_group("regenerating the table (pokersim.starting_hands)")
    g.add_argument("--regenerate", action="store_true",
                   help="simulate the table afresh instead of reading the shipped one, and "
                        "write it to --out (default: the shipped CSV inside the package)")
    g.add_argument("--opponents", type=int, nargs="+", metavar="N",
                   help="opponent counts to simulate, 1..22 (default: 1..9, as shipped; "
                        "others need --out)")
    g.add_argument("--target-stderr", type=float, default=None,
                   help="Monte Carlo standard error to reach (default 0.0005)")
    g.add_argument("--seed", type=int, default=None, help="random seed (default 169)")
    g.add_argument("--out", metavar="PATH", help="where to write the regenerated CSV")
    tables.append(p)

    p = _add_command(sub, "bench", "time the kernels against the peer evaluators",
                     ["bench --quick", "bench --max-exponent 7 --csv bench.csv"], _cmd_bench,
                     prints_itself=True)
    p.add_argument("--n", type=int, default=10_000_000, help="hands per timed call")
    p.add_argument("--repeat", type=int, default=7, help="timed runs per row (after a warm-up)")
    p.add_argument("--max-exponent", type=int, default=8, choices=range(4, 10),
                   help="evaluate scaling rows for N = 10^4 .. 10^this (10^8: ~1 GB of RAM)")
    p.add_argument("--quick", action="store_true", help="small sizes: a smoke test")
    p.add_argument("--dask-workers", type=int, default=0, metavar="N",
                   help="also time Monte Carlo equity on a Dask LocalCluster of N workers")
    p.add_argument("--memory-trials", type=int, default=0, metavar="T",
                   help="instead, run T Monte Carlo trials (e.g. 10000000000) and report the "
                        "resident memory at start, peak and end")
    tables.append(p)

    tables += _game_commands(sub)
    tables += _range_commands(sub)

    for p in tables:
        if p.get_default("simulates"):
            _cluster_options(p)
        g = p.add_argument_group("output files (written whole or not at all)")
        for fmt, what in OUTPUT_OPTIONS.items():
            g.add_argument(f"--{fmt}", metavar="PATH", help=f"also write the table as {what}")
        # also accepted after the command; SUPPRESS keeps the global value otherwise
        p.add_argument("--quiet", "-q", action="store_true", default=argparse.SUPPRESS,
                       help="silence progress output")
    return parser


def _game_commands(sub) -> list[argparse.ArgumentParser]:
    """``draw5``, ``videopoker`` and ``zhajinhua``, each with its own actions."""
    leaves = []

    game = _add_command(sub, "draw5", "five-card draw: deal a table, or win rates by category",
                        ["draw5 deal --players 4 --rounds 3 --seed 1",
                         "draw5 win-rates --players 2",
                         "draw5 win-rates --players 5 --trials 1000000 --seed 1"], None)
    actions = game.add_subparsers(dest="action", required=True, metavar="ACTION")
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

    game = _add_command(sub, "videopoker", "Jacks-or-Better video poker: best hold, return, "
                        "simulation",
                        ['videopoker hold "Jh Jd 4c 7s 9d"',
                         "videopoker return --paytable 8/5",
                         "videopoker simulate --trials 1000000 --strategy simple --seed 1"],
                        None)
    actions = game.add_subparsers(dest="action", required=True, metavar="ACTION")

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
                     _cmd_videopoker_simulate, simulates=True)
    _monte_carlo_options(p, f"deals to play (default {config.DEFAULT_TRIALS:,})")
    p.add_argument("--hands", type=int, default=None, help=argparse.SUPPRESS)  # old --trials
    p.add_argument("--strategy", default="optimal", metavar="{optimal,simple}",
                   help="optimal: the best hold; simple: keep pairs and better, else J-Q-K-A")
    paytable(p)
    leaves.append(p)

    game = _add_command(sub, "zhajinhua", "Zhajinhua (three cards): deal a table, category "
                        "frequencies, win rates",
                        ["zhajinhua deal --players 6 --seed 1",
                         "zhajinhua frequencies",
                         "zhajinhua win-rates --players 2 --a23 lowest --rule-235"], None)
    actions = game.add_subparsers(dest="action", required=True, metavar="ACTION")
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

    frame = equity_distribution(args.range_a, args.range_b, board=args.board, dead=args.dead)
    if args.plot is not None:
        from . import plots

        path = _file_path(args.plot)
        ax = plots.equity_distribution(frame)
        ax.figure.savefig(path, dpi=110, metadata={"Software": None})
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


# --------------------------------------------------------------------------------- main


def _outputs(args) -> list[tuple[str, Path]]:
    """The files asked for, as (format, path), after checking each can be written: the
    format's package is installed and the folder exists (before any long computation)."""
    from .io import require_format

    outputs = []
    for fmt in OUTPUT_OPTIONS:
        path = getattr(args, fmt, None)
        if path is None:
            continue
        try:
            require_format(fmt)
        except ImportError as e:
            raise PokersimInputError(f"--{fmt}: {e}") from None
        if "\0" in path:
            raise PokersimInputError(f"cannot write {path!r}: a path has no NUL character")
        outputs.append((fmt, _file_path(path)))
    out = getattr(args, "out", None)
    if out is not None:
        _file_path(out)
    return outputs


def _file_path(text: str) -> Path:
    """The path of a file to write, or an input error: its folder must exist, and it must not
    name a folder (``out/`` would otherwise write a file ``out``, as pathlib drops the slash)."""
    path = Path(text)
    if text.endswith(("/", os.sep)) or path.is_dir():
        raise PokersimInputError(f"cannot write {text}: a folder, not a file name")
    if not path.parent.is_dir():
        raise PokersimInputError(f"cannot write {path}: no folder {str(path.parent)!r}")
    return path


@contextlib.contextmanager
def _client(args):
    """A Dask client for ``--scheduler`` or ``--workers``, closed after the run; else None."""
    address, workers = getattr(args, "scheduler", None), getattr(args, "workers", None)
    if not address and workers is None:
        yield None
        return
    if address and workers is not None:
        raise PokersimInputError("give --scheduler or --workers, not both")
    try:
        import distributed
    except ImportError:
        raise PokersimInputError("--scheduler and --workers need Dask: "
                                 "pip install 'pokersim[distributed]'") from None
    with contextlib.ExitStack() as stack:
        if workers is not None:
            n = check_between(workers, "--workers", 1, 1024)
            cluster = stack.enter_context(distributed.LocalCluster(
                n_workers=n, dashboard_address=":0", silence_logs=logging.ERROR))
            address = cluster.scheduler_address
        try:
            client = stack.enter_context(distributed.Client(address, timeout="5s"))
        except (OSError, TimeoutError) as e:
            raise PokersimInputError(f"cannot reach the Dask scheduler at {address}: "
                                     f"{e}".splitlines()[0]) from None
        yield client


def _print_partial(partial) -> None:
    """What Ctrl-C left, whatever its shape: a table, or a result object (its text, then its
    tables, such as video poker's ``final_hands``)."""
    if isinstance(partial, pd.DataFrame):
        print(table_text(partial))
    elif partial is not None:
        print(repr(partial))
        for field in dataclasses.fields(partial) if dataclasses.is_dataclass(partial) else ():
            value = getattr(partial, field.name)
            if isinstance(value, pd.DataFrame):
                print(table_text(value))


def _one_line_warnings(show):
    """A ``warnings.showwarning`` that prints a target not reached as one line (the table
    still prints) and leaves every other warning to ``show``."""

    def show_warning(message, category, filename, lineno, file=None, line=None):
        if issubclass(category, TargetStderrWarning):
            print(f"pokersim: warning: {message}", file=sys.stderr)
        else:
            show(message, category, filename, lineno, file, line)

    return show_warning


def main(argv: list[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit status:
    0, 2 for bad input or a request too big for memory (one line on stderr), 130 when
    interrupted."""
    args = build_parser().parse_args(argv)
    args.progress = not args.quiet and sys.stderr.isatty()
    try:
        outputs = _outputs(args)
        with _client(args) as args.client, warnings.catch_warnings():
            warnings.simplefilter("always", TargetStderrWarning)
            warnings.showwarning = _one_line_warnings(warnings.showwarning)
            result = args.run(args)
    except PokersimInputError as e:
        print(f"pokersim: error: {e}", file=sys.stderr)
        return 2
    except SimulationInterrupted as e:
        print("pokersim: interrupted; the estimate so far (PARTIAL):", file=sys.stderr)
        _print_partial(e.partial)
        return 130
    except KeyboardInterrupt:
        print("pokersim: interrupted", file=sys.stderr)
        return 130
    except MemoryError as e:  # e.g. --rounds 10**12: numpy cannot allocate the deal
        why = str(e).splitlines()[0] if str(e) else "out of memory"
        print(f"pokersim: error: not enough memory: {why}; ask for fewer rounds, hands or "
              f"trials", file=sys.stderr)
        return 2
    frame, text = result if isinstance(result, tuple) else (result, None)
    if not getattr(args, "prints_itself", False):
        print(text if text is not None else table_text(frame))
    from .io import write_table

    for fmt, path in outputs:
        try:
            write_table(frame, path, fmt)
        except OSError as e:
            print(f"pokersim: error: cannot write {path}: {e.strerror or e}", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
