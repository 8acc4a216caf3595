"""draw5, videopoker and zhajinhua: the games with commands of their own."""

from __future__ import annotations

import argparse

import pandas as pd

from .. import config
from ..errors import PokersimInputError
from ._options import (
    add_command,
    add_group,
    deal_options,
    method_options,
    monte_carlo_options,
    simulation_keywords,
)
from ._output import table_text


def _winner_text(frame: pd.DataFrame, rounds: int) -> str:
    """The deal table, then one line a round naming the winner (or the seats that tie)."""
    from ..games.draw5 import winner_lines

    return table_text(frame) + "\n" + "\n".join(winner_lines(frame, max_rounds=rounds))


def _cmd_draw5_deal(args):
    from ..games import draw5

    frame = draw5.deal_table(args.players, rounds=args.rounds, seed=args.seed)
    return frame, _winner_text(frame, args.rounds)


def _cmd_draw5_win_rates(args) -> pd.DataFrame:
    from ..games import draw5

    return draw5.win_rates(args.players, **simulation_keywords(args))


def _cmd_videopoker_hold(args):
    from ..games import videopoker

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
    from ..games import videopoker

    result = videopoker.expected_return(paytable=args.paytable)
    head = (f"{result.paytable.name} Jacks or Better, perfect play: return "
            f"{100 * result.value:.4f}% ({result.value:.8f} per coin)")
    return result.final_hands, head + "\n" + table_text(result.final_hands)


def _cmd_videopoker_simulate(args):
    from ..games import videopoker

    return videopoker.simulate(strategy=args.strategy, paytable=args.paytable,
                               **simulation_keywords(args))


def _videopoker_simulate_text(args, result):
    """The return measured (whole or cut short), then the final hands."""
    head = (f"{result.strategy} play, {result.trials:,} deals: return "
            f"{100 * result.value:.3f}% ± {100 * result.std_error:.3f}% (one standard error)")
    return result.final_hands, head + "\n" + table_text(result.final_hands)


def _zhajinhua_rules(args):
    from ..games.zhajinhua import Rules

    return Rules(a23=args.a23, rule_235=args.rule_235, ties=args.ties)


def _cmd_zhajinhua_deal(args):
    from ..games import zhajinhua

    frame = zhajinhua.deal_table(args.players, rounds=args.rounds, seed=args.seed,
                                 rules=_zhajinhua_rules(args))
    return frame, _winner_text(frame, args.rounds)


def _cmd_zhajinhua_frequencies(args) -> pd.DataFrame:
    from ..games import zhajinhua

    return zhajinhua.category_frequencies(rules=_zhajinhua_rules(args), **simulation_keywords(args))


def _cmd_zhajinhua_win_rates(args) -> pd.DataFrame:
    from ..games import zhajinhua

    return zhajinhua.win_rates(args.players, rules=_zhajinhua_rules(args),
                               **simulation_keywords(args))


def _zhajinhua_rule_options(p):
    g = p.add_argument_group("house rules (zhajinhua.Rules)")
    g.add_argument("--a23", default="between-jqk-qka", metavar="{between-jqk-qka,lowest}",
                   help="where A-2-3 ranks among straights (default: between J-Q-K and Q-K-A)")
    g.add_argument("--rule-235", action="store_true",
                   help="2-3-5 of mixed suits beats a leopard (and nothing else)")
    g.add_argument("--ties", default="split", metavar="{split,suit}",
                   help="equal hands split the pot (default), or the suit of the highest card "
                        "decides (spades > hearts > clubs > diamonds)")


def add_commands(sub) -> list[argparse.ArgumentParser]:
    """``draw5``, ``videopoker`` and ``zhajinhua``, each with its own actions."""
    leaves = []

    actions = add_group(sub, "draw5", "five-card draw: deal a table, or win rates by category",
                        ["draw5 deal --players 4 --rounds 3 --seed 1",
                         "draw5 win-rates --players 2",
                         "draw5 win-rates --players 5 --trials 1000000 --seed 1"])
    p = add_command(actions, "deal", "deal five cards to each player; name and rank the "
                    "hands and the winner of each round",
                    ["draw5 deal --players 4 --rounds 3 --seed 1",
                     "draw5 deal --players 5 --rounds 1000 --seed 1 --csv deals.csv"],
                    _cmd_draw5_deal)
    deal_options(p, "1..10")
    leaves.append(p)
    p = add_command(actions, "win-rates", "how often a dealt hand of each category wins, "
                    "ties or loses",
                    ["draw5 win-rates --players 2              # exact heads-up",
                     "draw5 win-rates --players 6 --trials 1000000 --seed 1"],
                    _cmd_draw5_win_rates, simulates=True)
    p.add_argument("--players", type=int, default=2, help="2..10 seats (default 2)")
    method_options(p, "exact for two players",
                   f"deals to simulate (default {config.DEFAULT_TRIALS:,})")
    leaves.append(p)

    actions = add_group(sub, "videopoker", "Jacks-or-Better video poker: best hold, return, "
                        "simulation",
                        ['videopoker hold "Jh Jd 4c 7s 9d"',
                         "videopoker return --paytable 8/5",
                         "videopoker simulate --trials 1000000 --strategy simple --seed 1"])

    def paytable(p):
        p.add_argument("--paytable", default="9/6", metavar="{9/6,9/5,8/5}",
                       help="pay table (default 9/6, full pay)")

    p = add_command(actions, "hold", "the expected payout of every hold of a dealt hand, "
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
    p = add_command(actions, "return", "the exact return of a pay table under perfect play",
                    ["videopoker return", "videopoker return --paytable 8/5"],
                    _cmd_videopoker_return)
    paytable(p)
    leaves.append(p)
    p = add_command(actions, "simulate", "play random deals with a strategy and measure the "
                    "return", ["videopoker simulate --trials 1000000 --seed 1",
                               "videopoker simulate --trials 1000000 --strategy simple --seed 1",
                               "videopoker simulate --target-stderr 0.002 --seed 1"],
                    _cmd_videopoker_simulate, simulates=True,
                    present=_videopoker_simulate_text)
    monte_carlo_options(p, f"deals to play (default {config.DEFAULT_TRIALS:,})")
    p.add_argument("--strategy", default="optimal", metavar="{optimal,simple}",
                   help="optimal: the best hold; simple: keep pairs and better, else J-Q-K-A")
    paytable(p)
    leaves.append(p)

    actions = add_group(sub, "zhajinhua", "Zhajinhua (three cards): deal a table, category "
                        "frequencies, win rates",
                        ["zhajinhua deal --players 6 --seed 1",
                         "zhajinhua frequencies",
                         "zhajinhua win-rates --players 2 --a23 lowest --rule-235"])
    p = add_command(actions, "deal", "deal three cards to each player and settle each round",
                    ["zhajinhua deal --players 6 --seed 1",
                     "zhajinhua deal --players 4 --rounds 10 --seed 1 --ties suit"],
                    _cmd_zhajinhua_deal)
    deal_options(p, "2..17")
    _zhajinhua_rule_options(p)
    leaves.append(p)
    p = add_command(actions, "frequencies", "how often each category occurs",
                    ["zhajinhua frequencies",
                     "zhajinhua frequencies --method monte-carlo --trials 1000000 --seed 1"],
                    _cmd_zhajinhua_frequencies, simulates=True)
    method_options(p, "exact",
                   f"hands dealt by Monte Carlo (default {config.DEFAULT_TRIALS:,})")
    _zhajinhua_rule_options(p)
    leaves.append(p)
    p = add_command(actions, "win-rates", "how often a hand of each category wins, ties "
                    "or loses",
                    ["zhajinhua win-rates --players 2            # exact heads-up",
                     "zhajinhua win-rates --players 6 --trials 1000000 --seed 1 --rule-235",
                     "zhajinhua win-rates --players 6 --target-stderr 0.002 --seed 1"],
                    _cmd_zhajinhua_win_rates, simulates=True)
    p.add_argument("--players", type=int, default=2, help="2..17 seats (default 2)")
    method_options(p, "exact for two players", "tables dealt by Monte Carlo "
                   f"(default {config.DEFAULT_TRIALS:,})")
    _zhajinhua_rule_options(p)
    leaves.append(p)
    return leaves
