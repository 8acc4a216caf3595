"""distribution, breakdown and outs: ranges and hands on a board."""

from __future__ import annotations

import argparse
import sys

from .. import config
from ..errors import PokersimInputError
from ._options import add_command, method_options, simulation_keywords
from ._output import table_text


def _cmd_distribution(args):
    from .. import equity_distribution

    # --plot's path and format were checked before any work, with the other files written
    frame = equity_distribution(args.range_a, args.range_b, board=args.board, dead=args.dead)
    if args.plot is not None:
        from .. import plots

        try:
            path = plots.save_figure(plots.equity_distribution(frame).figure, args.plot)
        except PokersimInputError as e:
            raise PokersimInputError(f"--plot: {e}") from None
        print(f"pokersim: wrote {path}", file=sys.stderr)
    a = frame[frame["range"] == "A"]
    b = frame[frame["range"] == "B"]
    head = (f"on {frame.attrs['board']}: A {frame.attrs['range_a']!r} "
            f"{100 * frame.attrs['equity_a']:.2f}% ({len(a)} combos), B "
            f"{frame.attrs['range_b']!r} {100 * frame.attrs['equity_b']:.2f}% ({len(b)} combos)")
    return frame, head + "\n" + table_text(frame)


def _cmd_breakdown(args):
    from .. import range_breakdown

    frame = range_breakdown(args.range, board=args.board, dead=args.dead,
                            by_combo=args.by_combo)
    head = (f"{frame.attrs['range']!r} on {frame.attrs['board']}: "
            f"{frame.attrs['combos']:g} combos")
    return frame, head + "\n" + table_text(frame)


def _cmd_outs(args):
    from .. import outs

    opponents = args.opponents.strip()
    frame = outs(args.hand, int(opponents) if opponents.isdigit() else opponents,
                 board=args.board, dead=args.dead, **simulation_keywords(args))
    found = frame.card[frame.out].tolist()
    head = (f"{frame.attrs['hand']} on {frame.attrs['board']} against "
            f"{frame.attrs['opponents']}: equity now {100 * frame.attrs['equity_now']:.2f}%; "
            f"{len(found)} outs" + (f" ({' '.join(found)})" if found else ""))
    return frame, head + "\n" + table_text(frame)


def add_commands(sub) -> list[argparse.ArgumentParser]:
    """``distribution``, ``breakdown`` and ``outs``: ranges and hands on a board."""

    def board_options(p):
        p.add_argument("--board", default="", help='the flop, turn or river, e.g. "Qh 7d 2c"')
        p.add_argument("--dead", default="", help="cards out of play")

    leaves = []
    p = add_command(sub, "distribution", "the exact equity of every combo of two ranges "
                    "against each other on a board",
                    ['distribution "QQ+, AK" "JJ-99, AQs" --board "Qh 7d 2c"',
                     'distribution "22+, A2s+, KTo+" random --board "Ah 7d 2c 5s" '
                     "--csv dist.csv --plot dist.png"], _cmd_distribution)
    p.add_argument("range_a", help='range A, e.g. "QQ+, AK"')
    p.add_argument("range_b", help='range B, e.g. "JJ-99, AQs" or random')
    board_options(p)
    p.add_argument("--plot", metavar="PATH",
                   help="also draw both ranges' sorted equity curves to this image "
                   "(.png, .svg or .pdf)")
    leaves.append(p)
    p = add_command(sub, "breakdown", "the made hands and draws of a range on a board, in "
                    "weighted combos and shares",
                    ['breakdown "QQ+, AK, JTs" --board "Qh Jd 2h"',
                     'breakdown random --board "Qh Jd 2h 5s" --by-combo --csv combos.csv'],
                    _cmd_breakdown)
    p.add_argument("range", help='e.g. "QQ+, AK, JTs" or random')
    board_options(p)
    p.add_argument("--by-combo", action="store_true",
                   help="one row per combo (its made hand and draws) instead of the counts")
    leaves.append(p)
    p = add_command(sub, "outs", "a hand's equity after each card that can come next, and "
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
    method_options(p, "exact against one opponent",
                   f"Monte Carlo trials per card (default {config.DEFAULT_TRIALS:,})")
    leaves.append(p)
    return leaves
