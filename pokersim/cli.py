"""The ``pokersim`` command line.

    pokersim evaluate "As Ks Qs Js Ts 2c 3d" "Kh Kd 4c 4s Kc 9h 2d"
    pokersim equity AhKh QsQd
    pokersim equity "QQ+, AKs" "22+, A2s+, KTo+" random --trials 1000000 --seed 1
    pokersim vs-random "As Ad" --opponents 9 --trials 1000000 --seed 1
    pokersim frequencies --cards 7
    pokersim frequencies --cards 7 --method monte-carlo --trials 1000000 --seed 1
"""

from __future__ import annotations

import argparse
import sys

import numpy as np
import pandas as pd

from .errors import PokersimInputError, SimulationInterrupted


def _cmd_evaluate(args) -> pd.DataFrame:
    from . import best_five, describe, evaluate, format_cards, parse_cards

    groups: dict[int, list[int]] = {}
    hands = [parse_cards(h, hand=i)[None, :] for i, h in enumerate(args.hands)]
    for i, h in enumerate(hands):
        groups.setdefault(h.shape[1], []).append(i)
    rows = [None] * len(hands)
    for idx in groups.values():
        arr = np.concatenate([hands[i] for i in idx])
        strength = evaluate(arr)
        names = describe(strength)
        five = format_cards(best_five(arr))
        for j, i in enumerate(idx):
            rows[i] = (format_cards(arr[j]), int(strength[j]), names[j], five[j])
    frame = pd.DataFrame(rows, columns=["hand", "strength", "description", "best_five"])
    best = frame.strength.max()
    frame["wins"] = np.where(frame.strength == best,
                             "tie" if (frame.strength == best).sum() > 1 else "wins", "")
    return frame


def _cmd_frequencies(args) -> pd.DataFrame:
    from . import category_frequencies

    return category_frequencies(args.cards, args.method, args.trials, args.seed)


def _cmd_equity(args) -> pd.DataFrame:
    from . import equity

    return equity(args.players, board=args.board, dead=args.dead, trials=args.trials,
                  exact=args.exact, seed=args.seed, target_stderr=args.target_stderr)


def _cmd_vs_random(args) -> pd.DataFrame:
    from . import equity_vs_random

    return equity_vs_random(args.hand, opponents=range(1, args.opponents + 1),
                            board=args.board, dead=args.dead, trials=args.trials,
                            seed=args.seed, target_stderr=args.target_stderr)


def _cmd_starting_hands(args) -> pd.DataFrame:
    from .starting_hands import load_starting_hands, starting_hand_names

    table = load_starting_hands()
    wide = table.pivot(index="hand", columns="opponents", values="equity")
    wide = wide.loc[starting_hand_names()].reset_index()
    wide.columns = ["hand"] + [f"vs {n}" for n in wide.columns[1:]]
    if args.sort:
        wide = wide.sort_values(wide.columns[args.sort], ascending=False)
    return wide.round(4)


def _exact_flag(text: str) -> bool | None:
    return {"auto": None, "yes": True, "no": False}[text]


def _cmd_bench(args) -> pd.DataFrame:
    from . import bench

    scaling = tuple(10**e for e in range(4, args.max_exponent + 1))
    frame, info = bench.run(n=args.n, repeat=args.repeat, scaling=scaling, quick=args.quick)
    print(f"CPU: {info['cpu']} ({info['cores']} cores), Numba threads: {info['numba_threads']}, "
          f"numba {info['numba']}, numpy {info['numpy']}, Python {info['python']}")
    for note in info["notes"]:
        print(f"note: {note}")
    print(bench.format_table(frame))
    return frame


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pokersim", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("evaluate", help="strength and name of each hand given as text")
    p.add_argument("hands", nargs="+", help='hands of 5 to 7 cards, e.g. "As Ks Qs Js Ts"')
    p.set_defaults(run=_cmd_evaluate)

    p = sub.add_parser("frequencies", help="how often each category occurs")
    p.add_argument("--cards", type=int, default=7, choices=(5, 6, 7))
    p.add_argument("--method", default="exact", choices=("exact", "monte-carlo"))
    p.add_argument("--trials", type=int, default=None, help="hands dealt by monte-carlo")
    p.add_argument("--seed", type=int, default=None)
    p.set_defaults(run=_cmd_frequencies)

    def simulation_options(p):
        p.add_argument("--board", default="", help='known board cards, e.g. "2c 7d Qh"')
        p.add_argument("--dead", default="", help="cards out of play")
        p.add_argument("--trials", type=int, default=None, help="Monte Carlo trials")
        p.add_argument("--seed", type=int, default=None)
        p.add_argument("--target-stderr", type=float, default=None,
                       help="stop once every standard error is below this")

    p = sub.add_parser("equity", help="win, tie and equity of hands, ranges or random")
    p.add_argument("players", nargs="+", help='e.g. AhKh "QQ+, AKs" random')
    simulation_options(p)
    p.add_argument("--exact", type=_exact_flag, default=None, choices=(None, True, False),
                   metavar="{auto,yes,no}", help="enumerate every outcome (auto: when cheap)")
    p.set_defaults(run=_cmd_equity)

    p = sub.add_parser("vs-random", help="one hand against 1..N random opponents")
    p.add_argument("hand", help='e.g. "As Ad"')
    p.add_argument("--opponents", type=int, default=9, help="up to this many (default 9)")
    simulation_options(p)
    p.set_defaults(run=_cmd_vs_random)

    p = sub.add_parser("starting-hands",
                       help="equity of the 169 starting hands against 1..9 random opponents")
    p.add_argument("--sort", type=int, default=0, choices=range(0, 10), metavar="N",
                   help="sort by the equity against N opponents (0: grid order)")
    p.set_defaults(run=_cmd_starting_hands)

    p = sub.add_parser("bench", help="time the kernels against the peer evaluators")
    p.add_argument("--n", type=int, default=10_000_000, help="hands per timed call")
    p.add_argument("--repeat", type=int, default=7, help="timed runs per row (after a warm-up)")
    p.add_argument("--max-exponent", type=int, default=8, choices=range(4, 10),
                   help="evaluate scaling rows for N = 10^4 .. 10^this (10^8: ~1 GB of RAM)")
    p.add_argument("--quick", action="store_true", help="small sizes: a smoke test")
    p.set_defaults(run=_cmd_bench, prints_itself=True)

    for p in sub.choices.values():
        p.add_argument("--csv", metavar="PATH", help="also write the table as CSV")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        frame = args.run(args)
    except PokersimInputError as e:
        print(f"pokersim: error: {e}", file=sys.stderr)
        return 2
    except SimulationInterrupted as e:
        print("pokersim: interrupted; the estimate so far (PARTIAL):", file=sys.stderr)
        with pd.option_context("display.width", 120, "display.max_columns", 20):
            print(e.partial.to_string(index=False))
        return 130
    except KeyboardInterrupt:
        print("pokersim: interrupted", file=sys.stderr)
        return 130
    if not getattr(args, "prints_itself", False):
        with pd.option_context("display.width", 120, "display.max_columns", 20):
            print(frame.to_string(index=False))
    if args.csv:
        from .io import write_atomic

        try:
            write_atomic(args.csv, lambda f: frame.to_csv(f, index=False))
        except OSError as e:
            print(f"pokersim: error: cannot write {args.csv}: {e.strerror or e}", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
