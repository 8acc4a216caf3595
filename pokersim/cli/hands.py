"""evaluate, frequencies, equity, vs-random and starting-hands: hands and their equity."""

from __future__ import annotations

import argparse
import sys

import numpy as np
import pandas as pd

from .. import config, rankings
from .._core.validation import check_between
from ..errors import PokersimInputError
from ..games.game import NAMES as GAME_NAMES
from ._options import add_command, method_options, run_keywords, simulation_keywords


def _cmd_evaluate(args) -> pd.DataFrame:
    if args.game:
        return _evaluate_in_game(args)
    from .. import best_five, describe, evaluate, format_cards, parse_cards
    from ..evaluator.showdowns import winners

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
    from .. import format_cards
    from ..evaluator.showdowns import clash

    found = clash(hands)
    if found is None:
        return None
    i, j, shared = found
    return (f"hands {i + 1} and {j + 1} both hold {format_cards(shared)}, and hands share only "
            f"a board (three to five cards that every hand holds, each hand with cards of its "
            f"own)")


def _evaluate_in_game(args) -> pd.DataFrame:
    """``evaluate --game``: each hand is one player's hole cards then the board."""
    from .. import best_five, describe, evaluate, format_cards, parse_hands
    from ..games.game import get as get_game

    if args.ranking != "high":
        raise PokersimInputError("give --ranking or --game, not both")
    g = get_game(args.game)
    arr = parse_hands(args.hands)
    high = evaluate(arr, game=g)
    frame = pd.DataFrame({"hand": format_cards(arr), "strength": high,
                          "description": describe(high, ranking=g.ranking),
                          "best_five": format_cards(best_five(arr, game=g))})
    if g.low is not None:
        low = evaluate(arr, game=g, ranking=g.low)
        frame["low_strength"] = low
        frame["low_description"] = describe(low, ranking=g.low)
        frame["low_five"] = ["" if f[0] == 255 else format_cards(f)
                             for f in best_five(arr, game=g, ranking=g.low)]
    return frame


def _cmd_frequencies(args) -> pd.DataFrame:
    from .. import category_frequencies

    return category_frequencies(args.cards, ranking=args.ranking, game=args.game,
                                **simulation_keywords(args))


def _cmd_equity(args) -> pd.DataFrame:
    from .. import equity

    return equity(args.players, board=args.board, dead=args.dead, game=args.game,
                  **simulation_keywords(args))


def _cmd_vs_random(args) -> pd.DataFrame:
    from .. import equity_vs_random
    from ..engine import MAX_OPPONENTS

    opponents = range(1, 10) if args.opponents is None else [
        check_between(n, "--opponents", 1, MAX_OPPONENTS) for n in args.opponents]
    return equity_vs_random(args.hand, opponents=opponents, board=args.board, dead=args.dead,
                            game=args.game, **simulation_keywords(args))


def _cmd_starting_hands(args) -> pd.DataFrame:
    """The long table: the shipped one, or regenerated (written only where --out says)."""
    from .. import data
    from ..analysis.starting_hands import SHIPPED_OPPONENTS, starting_hand_table
    from ..engine import MAX_OPPONENTS

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
                               **run_keywords(args))


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
    from ..analysis.starting_hands import save_starting_hands

    if args.out is not None:
        out = save_starting_hands(table, args.out)
        print(f"pokersim: wrote {out}", file=sys.stderr)


def add_commands(sub) -> list[argparse.ArgumentParser]:
    """``evaluate``, ``frequencies``, ``equity``, ``vs-random`` and ``starting-hands``."""
    leaves = []

    def ranking_option(p):
        p.add_argument("--ranking", default="high", choices=rankings.NAMES,
                       help="how hands rank (default: high); lows, short deck and badugi as "
                            "in pokersim.rankings")
        p.add_argument("--game", choices=GAME_NAMES,
                       help="instead of a ranking, a game: each hand is one player's hole "
                            "cards then the board, made and ranked as the game does")

    p = add_command(sub, "evaluate", "strength and name of each hand given as text, and the "
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
    leaves.append(p)

    p = add_command(sub, "frequencies", "how often each category occurs",
                    ["frequencies --cards 5",
                     "frequencies --cards 7 --method monte-carlo --trials 1000000 --seed 1",
                     "frequencies --cards 7 --ranking eight-or-better",
                     "frequencies --game omaha-hi-lo --trials 1000000 --seed 1"],
                    _cmd_frequencies, simulates=True)
    p.add_argument("--cards", type=int, choices=(4, 5, 6, 7),
                   help="cards in a hand (default 7, zhajinhua's 3; badugi from 4, the "
                        "others from 5; a game's own)")
    ranking_option(p)
    method_options(p, "exact",
                   f"hands dealt by Monte Carlo (default {config.DEFAULT_TRIALS:,})")
    leaves.append(p)

    def simulation_options(p):
        p.add_argument("--board", default="", help='known board cards, e.g. "2c 7d Qh"')
        p.add_argument("--dead", default="", help="cards out of play")
        method_options(p, "exact when it is cheap",
                       f"Monte Carlo trials (default {config.DEFAULT_TRIALS:,})")

    p = add_command(sub, "equity", "win, tie and equity of hands, ranges or random",
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
    leaves.append(p)

    p = add_command(sub, "vs-random", "one hand against random opponents (1 to 9, or the "
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
    leaves.append(p)

    p = add_command(sub, "starting-hands",
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
    g = p.add_argument_group("regenerating the table (pokersim.analysis.starting_hands)")
    g.add_argument("--regenerate", action="store_true",
                   help="simulate the table afresh instead of reading the shipped one (which "
                        "stays as it is: python -m pokersim.tools.starting_hands refreshes it)")
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
    leaves.append(p)
    return leaves
