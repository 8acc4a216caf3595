"""hand-strength, hand-strength-table and isomorphism: hand strength and suit isomorphism."""

from __future__ import annotations

import argparse
import sys

import numpy as np
import pandas as pd

from ..errors import PokersimInputError
from ._options import add_command, add_group, cluster_options, progress_options, run_keywords
from ._output import table_text

#: How the hands of ``hand-strength`` and ``isomorphism index`` are given.
HANDS_HELP = ('HOLE [BOARD] ...: each two-card argument is a hole, and the argument after it '
              'with 3 to 5 cards its board, e.g. "Ad Qc" "3h 4c Jh"')


def _hole_board_pairs(texts: list[str], board: str, preflop: bool):
    """The hands given as ``HOLE [BOARD] [HOLE [BOARD] ...]``, as (hole, board) card arrays:
    a two-card argument is a hole, and an argument of three to five cards right after it its
    board; with ``--board`` (``board``), every argument is a hole on that board. A hole with no
    board is preflop where ``preflop`` allows it, else an error."""
    from .. import parse_cards
    from ..evaluator.showdowns import BOARD_SIZES

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
    from .. import hand_strength

    return _by_round(_hole_board_pairs(args.hands, args.board, preflop=False),
                     lambda holes, boards: hand_strength(holes, boards, bins=args.bins))


def _cmd_hand_strength_table(args) -> pd.DataFrame:
    from .. import hand_strength_table

    return hand_strength_table(args.round, bins=args.bins, **run_keywords(args))


def _hand_strength_table_text(args, table):
    """A line on the table (the rows go to --out only)."""
    return table, (f"hand strength of every {args.round} class: {len(table):,} rows "
                   f"({', '.join(table.columns[:6])}{', ...' * (table.shape[1] > 6)}); "
                   f"'pokersim isomorphism unindex {args.round} CLASS' gives a class's hand")


def _wrote_out(args, table) -> None:
    print(f"pokersim: wrote {args.out}", file=sys.stderr)


def _isomorphism_rows(holes, boards) -> pd.DataFrame:
    """The index of each hand (of one round) and its class's canonical hand."""
    from .. import format_cards
    from ..isomorphism import ROUNDS, index, unindex

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
    from .. import format_cards
    from ..isomorphism import unindex

    hands = unindex(args.round, args.indices)  # checks them (any size of int)
    frame = pd.DataFrame({"round": args.round, "index": args.indices,
                          "hole": format_cards(hands[:, :2]),
                          "board": format_cards(hands[:, 2:])})
    frame.attrs["round"] = args.round
    return frame


def _cmd_isomorphism_count(args) -> pd.DataFrame:
    from ..isomorphism import ROUNDS, class_count

    rounds = args.rounds or ROUNDS
    classes = [class_count(r) for r in rounds]  # an unknown round is an error naming it
    return pd.DataFrame({"round": rounds,
                         "board_cards": [(0, 3, 4, 5)[ROUNDS.index(r)] for r in rounds],
                         "classes": classes})


def _indices_as_typed(args, frame):
    """The table, its class numbers printed without thousands separators (to be typed back)."""
    return frame, table_text(frame.astype({"index": str}))


def add_commands(sub) -> list[argparse.ArgumentParser]:
    """``hand-strength`` and ``isomorphism`` (tables), with ``hand-strength-table`` (a file)."""
    from ..analysis._strength import RIVER_UNITS
    from ..analysis.strength import ROUNDS as STRENGTH_ROUNDS
    from ..isomorphism import ROUNDS

    def hands_options(p):
        p.add_argument("hands", nargs="+", metavar="HOLE [BOARD]", help=HANDS_HELP)
        p.add_argument("--board", default="", help="one board for every hole given instead")

    bins_help = (f"also count each hand's runouts by river hs in N equal bins of [0, 1] "
                 f"(1 to {RIVER_UNITS:,})")
    leaves = []
    p = add_command(sub, "hand-strength", "exact HS, EHS, EHS², PPot and NPot of hands "
                    "against one random hand (Billings et al.)",
                    ['hand-strength "Ad Qc" "3h 4c Jh"',
                     'hand-strength "Ad Qc" "3h 4c Jh" "As Ks" "Qh 7d 2c 5s" --bins 10',
                     'hand-strength "As Ah" "7c 2d" --board "Ks Qs 2h 2c 9d" --csv hs.csv'],
                    _cmd_hand_strength)
    hands_options(p)
    p.add_argument("--bins", type=int, default=None, metavar="N", help=bins_help)
    leaves.append(p)

    p = add_command(sub, "hand-strength-table", "HS, EHS, EHS², PPot and NPot of every "
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
    cluster_options(p, "boards per chunk (task); default 4 on the flop, 96 on the turn, "
                       "1,024 on the river")
    progress_options(p, argparse.SUPPRESS)

    actions = add_group(sub, "isomorphism", "suit-isomorphic classes of hands: index, "
                        "canonical hand, count",
                        ['isomorphism index "As Ks" "Qh 7d 2c" "Kd Ad" "2s 7c Qh"',
                         "isomorphism unindex flop 0 1286791",
                         "isomorphism count"])
    p = add_command(actions, "index", "the class of each hand (0 .. count - 1) and its "
                    "canonical hand; hands equal but for the suits share it",
                    ['isomorphism index "As Ks" "Kd Ad" "As Kd"           # preflop',
                     'isomorphism index "As Ks" "Qh 7d 2c" "Kd Ad" "2s 7c Qh"',
                     'isomorphism index "Ah Kh" "Qs Qc" --board "Qh 7d 2c 5s" --csv idx.csv'],
                    _cmd_isomorphism_index, present=_indices_as_typed)
    hands_options(p)
    leaves.append(p)
    p = add_command(actions, "unindex", "the canonical hand of classes of a round",
                    ["isomorphism unindex preflop 0 168", "isomorphism unindex river 123156253"],
                    _cmd_isomorphism_unindex, present=_indices_as_typed)
    p.add_argument("round", choices=ROUNDS)
    p.add_argument("indices", type=int, nargs="+", metavar="INDEX",
                   help="classes, each 0 .. the round's count - 1")
    leaves.append(p)
    p = add_command(actions, "count", "the number of classes of each round (Waugh, 2013)",
                    ["isomorphism count", "isomorphism count flop"], _cmd_isomorphism_count)
    p.add_argument("rounds", nargs="*", metavar="ROUND",
                   help="preflop, flop, turn or river (default: all four)")
    leaves.append(p)
    return leaves
