"""``pokersim bench``: throughput of the kernels, and of the peers as users call them today.

Each row is warmed up once, then timed ``repeat`` times; the table gives the median rate and
the spread (slowest and fastest run). Peers (phevaluator, eval7, treys) are timed in the same
run on a subset of the same hands, so the ratio column is robust to a noisy machine. Missing
peers are skipped with a note. Timings live here, never in the unit tests.

The rows time the kernels in their steady state: each shape timed on a kernel of its own
from its warm-up call on (``config.SPECIALISE_AFTER = 0``), as they run after a few seconds of
use or after ``pokersim compile`` (:mod:`pokersim._core.specialise`); ``--cold`` times first
answers as a user's process has them, on the general kernels.
"""

from __future__ import annotations

import functools
import math
import os
import platform
import statistics
import subprocess
import sys
import time
import warnings
from collections.abc import Callable
from itertools import combinations
from typing import Any

import numba
import numpy as np
import pandas as pd

from .. import config
from .bench_paths import OMPEval, host_path, portable_env, portable_rows


def _steady_state(fn):
    """``fn`` run with every shape on a kernel of its own from its first call (see the module
    docstring)."""
    @functools.wraps(fn)
    def run(*args, **kwargs):
        saved = config.SPECIALISE_AFTER
        config.SPECIALISE_AFTER = 0.0
        try:
            return fn(*args, **kwargs)
        finally:
            config.SPECIALISE_AFTER = saved

    return run


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


@_steady_state
def _time(fn: Callable[..., object], repeat: int) -> list[float]:
    fn()  # warm-up (compilation, page faults of the first allocation)
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return times


def _row(work: str, items: int, times: list[float], unit: str = "hands/s", **extra) -> dict:
    med = statistics.median(times)
    return dict(work=work, items=items, median_s=med, rate=items / med, unit=unit,
                slowest_rate=items / max(times), fastest_rate=items / min(times), **extra)


def _peer_hands(hands: np.ndarray, n: int) -> list:
    from ..cards import CARD_NAMES

    return [[CARD_NAMES[c] for c in row] for row in hands[:n].tolist()]


def _peers(hands: np.ndarray, n: int, repeat: int, k: int) -> tuple[list[dict], list[str]]:
    """Rows for each installed peer evaluating the first n hands as users do: a Python loop."""
    rows, notes = [], []
    text = _peer_hands(hands, n)
    try:
        from phevaluator import evaluate_cards

        ids = hands[:n].tolist()
        rows.append(_row(f"phevaluator evaluate_cards loop, {k} cards", n,
                         _time(lambda: [evaluate_cards(*h) for h in ids], repeat), peer=True))
    except ImportError:
        notes.append("phevaluator not installed: skipped")
    try:
        with warnings.catch_warnings():  # eval7 uses pyparsing's deprecated names on import
            warnings.simplefilter("ignore", DeprecationWarning)
            import eval7

        cards = [[eval7.Card(c) for c in h] for h in text]
        rows.append(_row(f"eval7.evaluate loop, {k} cards", n,
                         _time(lambda: [eval7.evaluate(h) for h in cards], repeat), peer=True))
    except ImportError:
        notes.append("eval7 not installed: skipped")
    try:
        from treys import Card, Evaluator

        ev = Evaluator()
        cards = [[Card.new(c) for c in h] for h in text[: n // 4]]
        rows.append(_row(f"treys Evaluator loop, {k} cards", len(cards),
                         _time(lambda: [ev.evaluate(h[:2], h[2:]) for h in cards], repeat),
                         peer=True))
    except ImportError:
        notes.append("treys not installed: skipped")
    return rows, notes


#: The Monte Carlo rows' spots: (label, players). OMPEval seats at most six players: the
#: nine-player row has no counterpart (the issue compares its rate per opponent with the
#: six-player row's).
MONTE_CARLO_SPOTS = [("AhKh vs QsQd", ["AhKh", "QsQd"]),
                     ("AhKh vs 2 random", ["AhKh"] + ["random"] * 2),
                     ("AKs vs 5 random", ["AKs"] + ["random"] * 5),
                     ("AKs vs 8 random", ["AKs"] + ["random"] * 8),
                     ("QQ+,AKs vs 22+,A2s+,KTo+", ["QQ+,AKs", "22+,A2s+,KTo+"])]
#: The exact rows against a range after the flop and the turn: (board, deals: the range's
#: combos the board and AhKh leave, times the runouts).
EXACT_RANGE_SPOTS = [("Qh 7d 2c", 121 * 990), ("Qh 7d 2c 9s", 117 * 44)]
#: The same spots labelled this many at a time by one batch_equity call (the rows' rate is
#: per deal, as the single calls').
EXACT_RANGE_BATCH = 200
#: The exact rows of a range against a range after the flop and the turn: (board, deals: the
#: pairs of QQ+,AK and 22+,A2s+,KTo+ combos with no card in common, times the runouts; OMPEval
#: counts as many).
RANGE_RANGE_SPOTS = [("Qh 7d 2c", 3_760_020), ("Qh 7d 2c 9s", 161_964)]


def _equity_work(n: int) -> list[tuple[str, int, str, Callable[[], object]]]:
    """The equity issue's work: exact heads-up preflop, Monte Carlo (``n // 5`` trials) of
    each of :data:`MONTE_CARLO_SPOTS`, AhKh against two random hands as its defaults answer
    it (the whole call: the method chosen, then ``config.DEFAULT_TRIALS`` trials), and AhKh
    against 22+,A2s+,KTo+ exactly on each board
    of :data:`EXACT_RANGE_SPOTS`, one spot a call and :data:`EXACT_RANGE_BATCH` spots in one
    batch_equity call, and QQ+,AK against it on each of :data:`RANGE_RANGE_SPOTS`; each (row,
    items, unit, call)."""
    from .. import batch_equity, equity
    from ..cards import parse_cards
    from ..engine.question import card_mask
    from ..ranges import all_combos, parse_range

    trials = max(n // 5, 10_000)
    work: list[tuple[str, int, str, Callable[[], object]]] = [
        ("equity exact AhKh vs QsQd preflop (boards)", 1_712_304, "boards/s",
         functools.partial(equity, ["AhKh", "QsQd"]))]
    work += [(f"equity Monte Carlo {label}", trials, "trials/s",
              functools.partial(equity, players, trials=trials, seed=1))
             for label, players in MONTE_CARLO_SPOTS]
    # the whole call as users make it: method="auto" decides, then a million trials
    work += [("equity AhKh vs 2 random, its defaults (auto: Monte Carlo)",
              config.DEFAULT_TRIALS, "trials/s",
              functools.partial(equity, ["AhKh", "random", "random"]))]
    work += [(f"equity exact AhKh vs 22+,A2s+,KTo+ on {board} (deals)", deals, "deals/s",
              functools.partial(equity, ["AhKh", "22+,A2s+,KTo+"], board=board,
                                method="exact"))
             for board, deals in EXACT_RANGE_SPOTS]
    work += [(f"equity exact QQ+,AK vs 22+,A2s+,KTo+ on {board} (deals)", deals, "deals/s",
              functools.partial(equity, ["QQ+,AK", "22+,A2s+,KTo+"], board=board,
                                method="exact"))
             for board, deals in RANGE_RANGE_SPOTS]
    work += [(f"batch_equity exact, {EXACT_RANGE_BATCH} spots of AhKh vs 22+,A2s+,KTo+ "
              f"on {board} (deals)", EXACT_RANGE_BATCH * deals, "deals/s",
              functools.partial(batch_equity, ["AhKh"] * EXACT_RANGE_BATCH,
                                [board] * EXACT_RANGE_BATCH, against="22+,A2s+,KTo+"))
             for board, deals in EXACT_RANGE_SPOTS]
    combo_masks = card_mask(parse_range("22+,A2s+,KTo+").combos)
    for board, _ in EXACT_RANGE_SPOTS:  # a range's equity chart: every hand the board leaves
        on_board = card_mask(parse_cards(board))
        hands = all_combos()[(card_mask(all_combos()) & on_board) == 0]
        theirs = combo_masks[(combo_masks & on_board) == 0]
        deals = int(((card_mask(hands)[:, None] & theirs[None, :]) == 0).sum()) * math.comb(
            48 - len(parse_cards(board)), 5 - len(parse_cards(board)))
        work.append((f"batch_equity exact, every hand {board} leaves ({len(hands):,} spots) "
                     f"vs 22+,A2s+,KTo+ (deals)", deals, "deals/s",
                     functools.partial(batch_equity, hands, [board] * len(hands),
                                       against="22+,A2s+,KTo+")))
    return work


def _equity_rows(n: int, repeat: int, notes: list[str]) -> list[dict]:
    """The equity issue's rows (:func:`_equity_work`), eval7's Monte Carlo beside heads-up."""
    rows = [_row(work, items, _time(fn, repeat), unit=unit)
            for work, items, unit, fn in _equity_work(n)]
    try:
        with warnings.catch_warnings():  # eval7 calls pyparsing's deprecated names
            warnings.simplefilter("ignore", DeprecationWarning)
            import eval7

            hand = [eval7.Card("Ah"), eval7.Card("Kh")]
            villain = eval7.HandRange("QsQd")
        peer_trials = max(rows[1]["items"] // 10, 10_000)
        row = _row("eval7 py_hand_vs_range_monte_carlo AhKh vs QsQd", peer_trials,
                   _time(lambda: eval7.py_hand_vs_range_monte_carlo(hand, villain, [],
                                                                     peer_trials),
                         max(3, repeat // 2)), unit="trials/s", peer=True)
        row["pokersim_vs_peer"] = rows[1]["rate"] / row["rate"]
        rows.insert(2, row)
    except ImportError:
        notes.append("eval7 not installed: its equity row is skipped")
    return rows


#: Issue 29's rows: (label, board cards, spots timed, spots of each peer loop); preflop is
#: Monte Carlo, :data:`BATCH_TRIALS` trials a spot.
BATCH_ROUNDS = [("river", 5, 1_000_000, 200), ("turn", 4, 100_000, 100),
                ("flop", 3, 10_000, 20), ("preflop", 0, 2_000, 10)]
BATCH_TRIALS = 10_000


def _batch_rows(repeat: int, notes: list[str], quick: bool = False) -> list[dict]:
    """Issue 29's rows: ``batch_equity`` of random heads-up spots (the (N, 2) equities,
    ``as_array=True``) in spots per second, exact on the river, turn and flop, Monte Carlo
    preflop; beside each, the peers spot by spot on the first few of the same spots:
    ``pokersim.equity``, poker-equity's ``exact_from_text`` (exact rounds) and eval7 in a
    Python loop over the runouts (``eval7.evaluate`` of each hand; exact rounds). The river's
    table (``as_array=False``) too, for what building it costs."""
    from .. import batch_equity, deal, equity
    from ..cards import CARD_NAMES

    try:
        import poker_equity
    except ImportError:
        poker_equity = None
        notes.append("poker-equity not installed: its batch equity rows are skipped")
    try:
        with warnings.catch_warnings():  # eval7 uses pyparsing's deprecated names on import
            warnings.simplefilter("ignore", DeprecationWarning)
            import eval7
    except ImportError:
        eval7 = None
        notes.append("eval7 not installed: its batch equity rows are skipped")
    rows = []
    for label, b, n, peer_n in BATCH_ROUNDS:
        if quick:
            n, peer_n = max(n // 100, 100), min(peer_n, 5)
        cards = deal(n, 4 + b, seed=29 + b)
        hands = np.ascontiguousarray(cards[:, :4].reshape(n, 2, 2))
        boards = np.ascontiguousarray(cards[:, 4:])
        options: dict[str, Any] = dict(seed=1, trials=BATCH_TRIALS) if b == 0 else {}
        what = f"{BATCH_TRIALS:,} trials a spot" if b == 0 else "exact"
        ours = _row(f"batch_equity heads-up {label}, {what}, {n:,} spots", n,
                    _time(lambda h=hands, x=boards, o=options: batch_equity(
                        h, x, as_array=True, **o), repeat), unit="spots/s")
        rows.append(ours)
        if b == 5:
            rows.append(_row(f"batch_equity heads-up {label}, {what}, the table", n,
                             _time(lambda h=hands, x=boards: batch_equity(h, x),
                                   max(3, repeat // 2)), unit="spots/s"))
        text = [([CARD_NAMES[c] for c in row[:2]], [CARD_NAMES[c] for c in row[2:4]],
                 [CARD_NAMES[c] for c in row[4:]]) for row in cards[:peer_n].tolist()]
        peers: list[tuple[str, Callable[[], object]]] = [
            (f"pokersim.equity per spot, {label}",
             functools.partial(_equity_spots, equity, text, options))]
        if poker_equity is not None and b:
            peers.append((f"poker-equity exact_from_text per spot, {label}",
                          functools.partial(_poker_equity_spots, poker_equity, text)))
        if eval7 is not None and b:
            spots = [([eval7.Card(t) for t in a], [eval7.Card(t) for t in c],
                      [eval7.Card(t) for t in x], row) for (a, c, x), row in
                     zip(text, cards[:peer_n].tolist(), strict=True)]
            deck = {c: eval7.Card(CARD_NAMES[c]) for c in range(52)}
            peers.append((f"eval7 evaluate loop over the runouts per spot, {label}",
                          functools.partial(_eval7_spots, eval7, deck, spots)))
        first = batch_equity(hands[:peer_n], boards[:peer_n], as_array=True, **options)[:, 0]
        for work, fn in peers[1:]:  # the exact peers: the same numbers?
            gap = float(np.max(np.abs(np.array(fn(), float) - first)))
            if gap > 1e-9:
                notes.append(f"{work}: equities differ from batch_equity's by up to {gap:.2g}")
        for work, fn in peers:
            peer = _row(work, peer_n, _time(fn, max(3, repeat // 2)), unit="spots/s",
                        peer=True)
            peer["pokersim_vs_peer"] = ours["rate"] / peer["rate"]
            rows.append(peer)
    return rows


#: Issue 29's rows against a range and in Omaha: (label, board cards, spots, peer spots).
BATCH_RANGE_ROUNDS = [("river", 5, 200_000, 20), ("turn", 4, 20_000, 5)]
BATCH_OMAHA_ROUNDS = [("river", 5, 200_000, 100), ("turn", 4, 20_000, 50)]
#: The Omaha preflop Monte Carlo row: (spots, trials a spot, peer spots).
BATCH_OMAHA_PREFLOP = (1_000, 10_000, 20)
#: The range of the range rows: 1,006 combos.
BATCH_RANGE = "top 75%"


def _batch_range_and_omaha_rows(repeat: int, notes: list[str], quick: bool = False
                                ) -> list[dict]:
    """Issue 29's other rows: ``batch_equity`` of a hand against a 1,006-combo range
    (``against=``) and of heads-up Omaha, exact on the river and turn, in spots per second,
    each beside ``pokersim.equity`` spot by spot (and poker-equity's ``exact_from_text`` in
    Omaha) on the first few of the same spots; and heads-up Omaha preflop by Monte Carlo
    (:data:`BATCH_OMAHA_PREFLOP`), beside ``pokersim.equity`` spot by spot with as many
    trials."""
    from .. import batch_equity, deal, equity
    from ..cards import CARD_NAMES

    def _text(cards):
        return "".join(CARD_NAMES[c] for c in cards)

    try:
        import poker_equity
    except ImportError:
        poker_equity = None
    rows = []
    for game, rounds in (("range", BATCH_RANGE_ROUNDS), ("omaha", BATCH_OMAHA_ROUNDS)):
        hole = 2 if game == "range" else 4
        for label, b, n, peer_n in rounds:
            if quick:
                n, peer_n = max(n // 100, 100), min(peer_n, 3)
            cards = deal(n, hole * (1 if game == "range" else 2) + b, seed=41 + b)
            boards = np.ascontiguousarray(cards[:, -b:])
            if game == "range":
                hands = np.ascontiguousarray(cards[:, :2])
                options: dict[str, Any] = dict(against=BATCH_RANGE)
                work = f"batch_equity against {BATCH_RANGE} (1,006 combos), {label}"
            else:
                hands = np.ascontiguousarray(cards[:, :8].reshape(n, 2, 4))
                options = dict(game="omaha")
                work = f"batch_equity Omaha heads-up, {label}"
            ours = _row(f"{work}, exact, {n:,} spots", n, _time(
                lambda h=hands, x=boards, o=options: batch_equity(h, x, as_array=True, **o),
                repeat), unit="spots/s")
            rows.append(ours)
            players = [[_text(h)] if game == "range" else [_text(p) for p in h]
                       for h in hands[:peer_n].tolist()]
            texts = [" ".join(CARD_NAMES[c] for c in x) for x in boards[:peer_n].tolist()]
            peers = [(f"pokersim.equity per spot, {work}", functools.partial(
                _spots_equity, equity, players, texts,
                [BATCH_RANGE] if game == "range" else [], options.get("game")))]
            if poker_equity is not None and game == "omaha":
                peers.append((f"poker-equity exact_from_text per spot, {work}",
                              functools.partial(_poker_equity_omaha, poker_equity, players,
                                                texts)))
            for peer_work, fn in peers:
                peer = _row(peer_work, peer_n, _time(fn, max(3, repeat // 2)),
                            unit="spots/s", peer=True)
                peer["pokersim_vs_peer"] = ours["rate"] / peer["rate"]
                rows.append(peer)
    n, trials, peer_n = BATCH_OMAHA_PREFLOP
    if quick:
        n, trials, peer_n = 20, 1_000, 3
    hands = deal(n, 8, seed=40).reshape(n, 2, 4)
    work = f"Omaha heads-up, preflop, Monte Carlo, {trials:,} trials a spot"
    ours = _row(f"batch_equity {work}, {n:,} spots", n, _time(
        lambda: batch_equity(hands, game="omaha", trials=trials, seed=1, as_array=True),
        repeat), unit="spots/s")
    rows.append(ours)
    players = [[_text(p) for p in h] for h in hands[:peer_n].tolist()]
    peer = _row(f"pokersim.equity per spot, {work}", peer_n, _time(
        lambda: [equity(p, game="omaha", method="monte-carlo", trials=trials, seed=1)
                 for p in players], max(3, repeat // 2)), unit="spots/s", peer=True)
    peer["pokersim_vs_peer"] = ours["rate"] / peer["rate"]
    rows.append(peer)
    return rows


def _spots_equity(equity, players: list, boards: list, more: list, game) -> list:
    """``pokersim.equity`` of each spot: its players (and ``more``) on its board."""
    return [equity(p + more, board=b, game=game) for p, b in zip(players, boards, strict=True)]


def _poker_equity_omaha(poker_equity, players: list, boards: list) -> list:
    """poker-equity's exact Omaha equity of the first player of each spot."""
    return [poker_equity.exact_from_text("omaha", p, b.replace(" ", ""))["players"][0][
        "equity"] for p, b in zip(players, boards, strict=True)]


def _equity_spots(equity, text: list, options: dict) -> list:
    """``pokersim.equity`` of each heads-up spot of ``text`` (hands and board as card texts)."""
    return [equity(["".join(a), "".join(c)], board=" ".join(x), **options) for a, c, x in text]


def _poker_equity_spots(poker_equity, text: list) -> list[float]:
    """poker-equity's exact equity of the first player of each spot of ``text``."""
    return [poker_equity.exact_from_text("holdem", ["".join(a), "".join(c)], "".join(x))[
        "players"][0]["equity"] for a, c, x in text]


def _eval7_spots(eval7, deck: dict, spots: list) -> list[float]:
    """eval7's equity of the first player of each spot (:func:`_eval7_spot`)."""
    return [_eval7_spot(eval7, deck, *spot) for spot in spots]


def _eval7_spot(eval7, deck: dict, a: list, c: list, board: list, row: list) -> float:
    """The first player's exact equity in a spot by eval7, as a user writes it: every runout
    of the cards left, each hand evaluated (``eval7.evaluate``), ties split."""
    left = [deck[x] for x in range(52) if x not in set(row)]
    share = 0.0
    total = 0
    for runout in combinations(left, 5 - len(board)):
        full = board + list(runout)
        x, y = eval7.evaluate(a + full), eval7.evaluate(c + full)
        share += 1.0 if x > y else 0.5 if x == y else 0.0
        total += 1
    return share / total


#: poker-equity's name of each ranking's scoring kernel (``poker_equity.score_batch``).
PEER_KERNELS = {"short-deck": "short_deck", "ace-to-five": "low_a5",
                "deuce-to-seven": "deuce_seven", "badugi": "badugi"}


def _ranking_rows(n: int, repeat: int, peer_n: int, notes: list[str],
                  quick: bool = False) -> list[dict]:
    """The rankings issue's rows: ``evaluate(hands, ranking=...)`` of ``n`` random 5- and
    7-card hands of the ranking's deck (Zhajinhua's: 3 cards), side by side with
    poker-equity's ``score_batch`` on the first ``peer_n`` of them (as text, the form it
    takes; its time includes parsing it), and the exact 7-card (3-card) frequencies of each
    ranking (badugi's: its dynamic programme, timed without the cache that
    ``category_frequencies`` reads)."""
    from math import comb

    from .. import deal, evaluate, rankings
    from ..analysis.frequencies import strength_counts
    from ..cards import CARD_NAMES
    from ..rankings.badugi import count_strengths

    try:
        import poker_equity
    except ImportError:
        poker_equity = None
        notes.append("poker-equity not installed: its ranking rows are skipped")
    rows = []
    for name in ("deuce-to-seven",) if quick else rankings.NAMES:  # quick: compile one
        r = rankings.get(name)
        if name == "high":
            continue
        most = max(r.hand_sizes)
        for k in (5, 7) if most == 7 else (most,):  # Zhajinhua: 3 cards
            hands = deal(n, k, seed=k, deck=r.deck)
            out = _row(f"evaluate {name}, {k} cards", n,
                       _time(lambda h=hands, r=r: evaluate(h, ranking=r), repeat))
            rows.append(out)
            if poker_equity is not None and name in PEER_KERNELS:
                text = ["".join(CARD_NAMES[c] for c in h) for h in hands[:peer_n].tolist()]
                peer = _row(f"poker-equity score_batch {PEER_KERNELS[name]}, {k} cards",
                            len(text), _time(lambda t=text, name=name: poker_equity.score_batch(
                                PEER_KERNELS[name], t), max(3, repeat // 2)), peer=True)
                peer["pokersim_vs_peer"] = out["rate"] / peer["rate"]
                rows.append(peer)
        work = f"exact category_frequencies {name}, {most} cards"
        if r.flavor == rankings.BADUGI:  # badugi_counts is cached: time the work itself
            work += " (its dynamic programme, uncached)"
            times = _time(lambda k=most: count_strengths(k), repeat)
        else:
            times = _time(lambda r=r, k=most: strength_counts(k, ranking=r), repeat)
        rows.append(_row(work, comb(52 - r.first_card, most), times))
    return rows


#: Issue 17's equity spots: (label, game, players, poker-equity's variant key).
GAME_SPOTS = [
    ("Omaha heads-up", "omaha", ["As Ad Ks Qd", "random"], "omaha"),
    ("Omaha hi/lo 3-way", "omaha-hi-lo", ["As 2d 3s Kd", "random", "random"], "omaha_hi_lo"),
    ("stud 3-way", "stud", ["As Ad Ks", "random", "random"], "stud"),
    ("razz heads-up", "razz", ["As 2d 3s", "random"], "razz"),
    ("badugi heads-up", "badugi", ["As 2d 3h 4c", "random"], "badugi"),
    ("short deck heads-up", "short-deck", ["Ah Kh", "random"], "short_deck"),
]

#: Issue 17's exact spots in the same games, late streets: (label, game, players, board,
#: poker-equity's variant key and hands). poker-equity's hands are all of one size, "*" an
#: unknown card, and it deals stud and razz hands up to seven cards. (It walks at most some
#: 8 million deals: stud 3-way on 6th street is out of its reach.)
EXACT_SPOTS = [
    ("Omaha heads-up, river", "omaha", ["As Ad Ks Qd", "random"], "2h 7c 9d Jc 5s",
     "omaha", ["AsAdKsQd", "****"]),
    ("Omaha heads-up, turn", "omaha", ["As Ad Ks Qd", "random"], "2h 7c 9d Jc",
     "omaha", ["AsAdKsQd", "****"]),
    ("Omaha hi/lo 3-way, river", "omaha-hi-lo", ["As 2d 3s Kd", "Qh Qc Jh Tc", "random"],
     "4h 7c 9d Jc 5s", "omaha_hi_lo", ["As2d3sKd", "QhQcJhTc", "****"]),
    ("Omaha hi/lo 3-way, turn", "omaha-hi-lo", ["As 2d 3s Kd", "Qh Qc Jh Tc", "random"],
     "4h 7c 9d Jc", "omaha_hi_lo", ["As2d3sKd", "QhQcJhTc", "****"]),
    ("stud 3-way, 7th street, every other card known", "stud",
     ["As Ad Ks Jc 9h 2d", "Kh Kc 3h 4d 6c 7d", "Qs Qd 2c 2h 9s 9d"], "",
     "stud", ["AsAdKsJc9h2d", "KhKc3h4d6c7d", "QsQd2c2h9s9d"]),
    ("stud 3-way, 7th street, a player's down cards unknown", "stud",
     ["As Ad Ks Jc 9h 2d", "3h 4d 6c 7d", "Qs Qd 2c 2h 9s 9d"], "",
     "stud", ["AsAdKsJc9h2d", "**3h4d6c7d", "QsQd2c2h9s9d"]),
    ("razz heads-up, 7th street, down cards unknown", "razz",
     ["As 2d 3c 4h 5s Kd", "3h 4d 6c 7d"], "", "razz", ["As2d3c4h5sKd", "**3h4d6c7d"]),
    ("razz heads-up, 6th street", "razz", ["As 2d 3c 4h 5s", "Ah 2h 3h 4d 6c"], "",
     "razz", ["As2d3c4h5s", "Ah2h3h4d6c"]),
    ("badugi heads-up, pat against a random hand", "badugi", ["As 2d 3h 4c", "random"], "",
     "badugi", ["As2d3h4c", "****"]),
    ("badugi heads-up, three kept against a random hand", "badugi", ["As 2d 3h", "random"],
     "", "badugi", ["As2d3h", "****"]),
    ("short deck heads-up, turn", "short-deck", ["Ah Kh", "random"], "Jc 9s 7h 6d",
     "short_deck", ["AhKh", "**"]),
]


def _game_rows(n: int, repeat: int, notes: list[str], quick: bool = False) -> list[dict]:
    """The games issue's rows: Omaha evaluation from (N, hole + 5) arrays; Monte Carlo equity
    of each spot of :data:`GAME_SPOTS` beside poker-equity's ``chunk_from_text`` on the same
    spot (its samples, with 2 threads); exact equity of each spot of :data:`EXACT_SPOTS`
    beside its ``exact_from_text`` (deals per second: the whole call, parsing and the table
    included, as a user waits for it)."""
    from .. import deal, equity, evaluate
    from ..games.game import get as get_game

    rows = []
    for name in ("omaha",) if quick else ("omaha", "omaha-6", "omaha-hi-lo"):
        hands = deal(n, game=name, players=1, seed=1)
        rows.append(_row(f"evaluate(game={name!r}), (N, {hands.shape[1]})", n,
                         _time(lambda h=hands, g=name: evaluate(h, game=g), repeat)))
    try:
        import poker_equity
    except ImportError:
        poker_equity = None
        notes.append("poker-equity not installed: its game equity rows are skipped")
    trials = max(n // 5, 10_000)
    spots = [s for s in GAME_SPOTS if s[1] == "razz"] if quick else GAME_SPOTS  # quick: one
    for label, game, players, variant in spots:
        mc = _row(f"equity Monte Carlo {label}", trials,
                  _time(lambda g=game, p=players: equity(p, trials=trials, seed=1, game=g),
                        repeat), unit="trials/s")
        rows.append(mc)
        if poker_equity is not None:
            hole = get_game(game).hole  # poker-equity writes each unknown card as "*"
            theirs = ["*" * hole if p == "random" else p.replace(" ", "") + "*" * (
                hole - len(p.split())) for p in players]
            peer = _row(f"poker-equity chunk_from_text {label}", trials,
                        _time(lambda v=variant, t=theirs: poker_equity.chunk_from_text(
                            v, t, samples=trials, seed=1, threads=2), max(3, repeat // 2)),
                        unit="trials/s", peer=True)
            peer["pokersim_vs_peer"] = mc["rate"] / peer["rate"]
            rows.append(peer)
    for label, game, players, board, variant, theirs in (EXACT_SPOTS[:1] if quick
                                                          else EXACT_SPOTS):
        ours = equity(players, board, game=game, method="exact")
        deals = int(ours.outcomes.iloc[0])
        exact = _row(f"equity exact {label}", deals,
                     _time(lambda g=game, p=players, b=board: equity(p, b, game=g,
                                                                     method="exact"), repeat),
                     unit="deals/s")
        rows.append(exact)
        if poker_equity is not None:
            text = board.replace(" ", "")
            result = poker_equity.exact_from_text(variant, theirs, text)
            if result is None:  # more deals than it walks
                notes.append(f"exact {label}: poker-equity does not enumerate it")
                continue
            gap = max(abs(p["equity"] - e) for p, e in zip(result["players"], ours.equity,
                                                             strict=True))
            if result["samples"] != deals or gap > 1e-9:
                notes.append(f"exact {label}: poker-equity walks {result['samples']:,} deals "
                             f"to our {deals:,}; equities differ by up to {gap:.2g}")
            peer = _row(f"poker-equity exact_from_text {label}", deals,
                        _time(lambda v=variant, t=theirs, b=text: poker_equity.exact_from_text(
                            v, t, b), max(1, repeat // 3)), unit="deals/s", peer=True)
            peer["pokersim_vs_peer"] = exact["rate"] / peer["rate"]
            rows.append(peer)
    return rows


def _isomorphism_rows(n: int, repeat: int) -> list[dict]:
    """Issue 18's rows: the suit-isomorphic index of ``n`` random hands of each round, hole
    cards and board in one (N, 2 + b) array."""
    from .. import deal
    from ..isomorphism import ROUNDS, index

    rows = []
    for name, k in zip(ROUNDS, (2, 5, 6, 7), strict=True):
        hands = deal(n, k, seed=k)
        rows.append(_row(f"isomorphism.index {name}, (N, {k})", n,
                         _time(lambda h=hands: index(h), repeat)))
    return rows


#: Issue 18's ranges on a board: two ranges of about 500 combos each on a flop (508 and 504
#: once the board's cards are out), without weights so that poker-equity reads them too.
RANGE_BOARD = "Qh 7d 2c"
RANGE_A = ("22+, A2s+, K2s+, Q2s+, J5s+, T6s+, 96s+, 86s+, 75s+, 65s, 54s, A2o+, K8o+, Q9o+, "
           "J9o+, T9o")
RANGE_B = ("33+, A2s+, K2s+, Q4s+, J6s+, T6s+, 96s+, 85s+, 75s+, 64s+, 54s, A2o+, K9o+, Q9o+, "
           "J9o+, T9o, 98o")


def _range_rows(repeat: int, notes: list[str], quick: bool = False) -> list[dict]:
    """Issue 18's ranges on a board: ``equity_distribution`` of :data:`RANGE_A` against
    :data:`RANGE_B` on :data:`RANGE_BOARD` (both sides' combos; target 50 ms a call), beside
    poker-equity's exact equity of one combo against the range (``exact_from_text``, one call
    per combo of range A, the way its users get a distribution); ``range_breakdown`` of every
    combo and ``outs`` of a hand against range B on the same flop."""
    from .. import equity_distribution, outs, parse_range, range_breakdown
    from ..cards import format_cards

    table = equity_distribution(RANGE_A, RANGE_B, RANGE_BOARD)
    ours = _row("equity_distribution ~500 vs ~500 combos, flop", len(table),
                _time(lambda: equity_distribution(RANGE_A, RANGE_B, RANGE_BOARD), repeat),
                unit="combos/s")
    rows = [ours]
    try:
        import poker_equity
    except ImportError:
        notes.append("poker-equity not installed: its equity distribution row is skipped")
    else:
        combos = format_cards(parse_range(RANGE_A).remove(RANGE_BOARD).combos[:2 if quick else 5])
        board = RANGE_BOARD.replace(" ", "")
        peer = _row(f"poker-equity exact_from_text, combo vs range B ({len(combos)} combos)",
                    len(combos), _time(lambda: [poker_equity.exact_from_text(
                        "holdem", [c.replace(" ", ""), RANGE_B], board=board) for c in combos],
                        max(3, repeat // 2)), unit="combos/s", peer=True)
        peer["pokersim_vs_peer"] = ours["rate"] / peer["rate"]
        rows.append(peer)
    rows.append(_row("range_breakdown of every combo, flop", 1176,
                     _time(lambda: range_breakdown("random", RANGE_BOARD), repeat),
                     unit="combos/s"))
    cards = len(outs("Ah Kh", RANGE_B, RANGE_BOARD))
    rows.append(_row(f"outs AhKh vs range B, flop ({cards} cards)", cards,
                     _time(lambda: outs("Ah Kh", RANGE_B, RANGE_BOARD), repeat),
                     unit="cards/s"))
    return rows


def _hand_strength_rows(repeat: int, notes: list[str], quick: bool = False) -> list[dict]:
    """Issue 18's hand-strength rows: every hand of one flop board (with a 50-bin histogram)
    and of one river board, and five of them one a call, beside the peers measuring one hand
    at a time as users call them (poker-equity's exact EHS on the flop, eval7's exact HS on
    the river); then each round's table, timed on a sample of its board classes (a chunk as
    ``hand_strength_table`` runs it: the kernel, the class index, the measures) and scaled up
    to all of them in a note."""
    from math import comb

    from .. import format_cards, hand_strength, parse_cards
    from ..analysis.strength import ROUNDS, _table_chunk, board_classes

    rows = []
    peers = []
    for board_text, bins in (("3h 4c Jh", 50), ("3h 4c Jh 9s 2d", None)):
        board = parse_cards(board_text)
        holes = np.array([p for p in combinations(range(52), 2) if not set(p) & set(board)],
                         np.uint8)
        out = _row(f"hand_strength, all {len(holes):,} hands on {board_text}"
                   f"{', 50 bins' if bins else ''}", len(holes),
                   _time(lambda h=holes, b=board, n=bins: hand_strength(h, b, bins=n), repeat),
                   unit="hands/s")
        rows.append(out)
        peers.append((out, board_text, format_cards(holes)))
        few = holes[:5]  # and one hand a call, as the peers are timed (counted one by one)
        rows.append(_row(f"hand_strength, one hand a call, {len(few)} hands on {board_text}"
                         f"{', 50 bins' if bins else ''}", len(few),
                         _time(lambda h=few, b=board, n=bins: [hand_strength(x, b, bins=n)
                                                               for x in h], repeat),
                         unit="hands/s"))
    rows += _hand_strength_peers(peers, repeat, notes, quick)
    for name, n_board in ROUNDS.items():
        if quick and name == "river":  # listing the river's board classes takes seconds
            continue
        boards = board_classes(n_board)
        sample = boards[np.random.default_rng(n_board).choice(
            len(boards), {"flop": 2 if quick else 16, "turn": 16 if quick else 256,
                          "river": 4096}[name], replace=False)]
        bins = 50 if name == "flop" else 0
        out = _row(f"hand_strength_table {name}{', 50 bins' if bins else ''}: "
                   f"{len(sample):,} of its {len(boards):,} boards", len(sample),
                   _time(lambda s=sample, b=bins: _table_chunk((s, b), 0, len(s)),
                         max(3, repeat // 2)), unit="boards/s")
        rows.append(out)
        pairs = comb(52 - n_board, 2)
        notes.append(f"hand_strength_table({name!r}{', bins=50' if bins else ''}): "
                     f"{len(boards):,} boards x {pairs:,} hands in about "
                     f"{len(boards) / out['rate']:,.0f} s at the median rate (the chunks alone; "
                     "no Parquet)")
    return rows


def _hand_strength_peers(ours: list, repeat: int, notes: list[str], quick: bool) -> list[dict]:
    """The peers' rows for :func:`_hand_strength_rows`: one hand at a time, the first few
    hands of each board, as text."""
    rows = []
    flop, river = ours
    try:
        import poker_equity

        hands = [h.replace(" ", "") for h in flop[2][:1 if quick else 5]]
        board = flop[1].replace(" ", "")
        rows.append(_peer_row(
            f"poker-equity exact_from_text EHS vs random, {len(hands)} hands on {flop[1]}",
            len(hands), lambda: [poker_equity.exact_from_text("holdem", [h, "**"], board=board)
                                 for h in hands], flop[0], repeat))
    except ImportError:
        notes.append("poker-equity not installed: its hand-strength row is skipped")
    try:
        with warnings.catch_warnings():  # eval7 uses pyparsing's deprecated names
            warnings.simplefilter("ignore", DeprecationWarning)
            import eval7

            ranks = "AKQJT98765432"
            villain = eval7.HandRange(",".join(
                [r + r for r in ranks] + [a + b + s for i, a in enumerate(ranks)
                                          for b in ranks[i + 1:] for s in "so"]))
        board = [eval7.Card(c) for c in river[1].split()]
        hands = [[eval7.Card(c) for c in h.split()] for h in river[2][:100 if quick else None]]
        rows.append(_peer_row(
            f"eval7 py_hand_vs_range_exact HS loop, {len(hands):,} hands on {river[1]}",
            len(hands), lambda: [eval7.py_hand_vs_range_exact(h, villain, board)
                                 for h in hands], river[0], repeat))
    except ImportError:
        notes.append("eval7 not installed: its hand-strength row is skipped")
    return rows


def _peer_row(work: str, hands: int, fn: Callable[[], object], ours: dict,
              repeat: int) -> dict:
    """A peer's row in hands per second, with pokersim's rate over it."""
    peer = _row(work, hands, _time(fn, max(3, repeat // 2)), unit="hands/s", peer=True)
    peer["pokersim_vs_peer"] = ours["rate"] / peer["rate"]
    return peer


def _noop_chunk(problem, first: int, n: int) -> tuple[np.ndarray]:
    """A chunk that does nothing: times the runner's and the cluster's cost per chunk."""
    return (np.zeros(1, np.int64),)


def _dask_rows(trials: int, repeat: int, workers: int, notes: list[str]) -> list[dict]:
    """Monte Carlo equity here and on a LocalCluster of ``workers`` single-threaded worker
    processes, same players, seed, trials and chunks (the ratio is the cluster's speed over
    here), and the cost per chunk of an empty task on each.

    The cluster is started and both runs warmed up (workers load the compiled kernels) before
    any timing; then each repeat times here and the cluster back to back, so that a change in
    the machine's load falls on both. A task costs Dask a few milliseconds of CPU (client,
    scheduler and worker), so a long run has chunks of 2**23 trials (about 0.2 s on one
    thread); a run of fewer than 10**8 trials (``--quick``) has chunks of 2**20, and the ratio
    of a short run.
    """
    try:
        import distributed
    except ImportError:
        notes.append("dask.distributed not installed: the cluster rows are skipped")
        return []
    from .. import equity
    from .._core.runner import run_chunks

    players = ["AhKh", "random", "random"]
    chunk = 2**23 if trials >= 10**8 else 2**20
    n_empty = 200
    with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster, \
            distributed.Client(cluster) as client:
        runs = {
            "here": lambda: equity(players, trials=trials, seed=1, chunk_size=chunk),
            "cluster": lambda: equity(players, trials=trials, seed=1, chunk_size=chunk,
                                      client=client),
            "empty here": lambda: run_chunks(_noop_chunk, None, n_empty, 1),
            "empty cluster": lambda: run_chunks(_noop_chunk, None, n_empty, 1, client=client),
        }
        times = _time_together(runs, repeat)
    rows = [_row("equity Monte Carlo AhKh vs 2 random, here", trials, times["here"],
                 unit="trials/s"),
            _row(f"equity Monte Carlo AhKh vs 2 random, LocalCluster {workers}x1", trials,
                 times["cluster"], unit="trials/s"),
            _row("empty chunk, here", n_empty, times["empty here"], unit="chunks/s"),
            _row(f"empty chunk, LocalCluster {workers}x1", n_empty, times["empty cluster"],
                 unit="chunks/s")]
    ratio = rows[1]["rate"] / rows[0]["rate"]
    rows[1]["pokersim_vs_peer"] = ratio  # speed over here
    task_ms = 1e3 * rows[3]["median_s"] / n_empty
    n_chunks = -(-trials // chunk)
    notes.append(f"Dask: LocalCluster {workers}x1 runs Monte Carlo equity at {ratio:.2f}x the "
                 f"speed here ({'' if trials >= 10**8 else 'a short run: '}{trials:,} trials "
                 f"in {n_chunks} chunks of {chunk:,}, "
                 f"{1e3 * rows[1]['median_s'] / n_chunks * workers:.0f} ms per chunk per "
                 f"worker); an empty task costs {task_ms:.1f} ms per chunk")
    return rows


@_steady_state
def _time_together(runs: dict[str, Callable[[], object]], repeat: int) -> dict[str, list[float]]:
    """Like ``_time`` for several functions at once: each is warmed up, then every repeat times
    them one after the other."""
    for fn in runs.values():
        fn()
    times: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(repeat):
        for name, fn in runs.items():
            t = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - t)
    return times


def memory_run(trials: int = 10**10, seed: int = 1) -> dict:
    """Monte Carlo equity (AhKh vs QsQd) of ``trials`` trials while a thread samples the
    resident memory every 0.2 s: start, peak and end in MiB, to show it stays flat."""
    import threading

    from .. import equity
    from .._core.validation import check_count

    trials = check_count(trials, "trials", 1)  # before the sampling thread starts

    def rss_mib() -> float:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20

    samples, done = [rss_mib()], threading.Event()

    def sample():
        while not done.wait(0.2):
            samples.append(rss_mib())

    watcher = threading.Thread(target=sample, daemon=True)
    watcher.start()
    t = time.perf_counter()
    frame = equity(["AhKh", "QsQd"], trials=trials, seed=seed, progress=True)
    seconds = time.perf_counter() - t
    done.set()
    watcher.join()
    samples.append(rss_mib())
    return dict(trials=trials, seconds=seconds, rate=trials / seconds,
                rss_start_mib=samples[0], rss_peak_mib=max(samples), rss_end_mib=samples[-1],
                samples=len(samples), equity=float(frame.equity.iloc[0]),
                std_error=float(frame.std_error.iloc[0]))


#: The README's command-line examples that answer in seconds once compiled, timed by
#: :func:`first_answer_rows` (tests/test_bench.py checks that the README still shows each).
README_COMMANDS = (
    'evaluate "As Ks Qs Js Ts 2c 3d" "Kh Kd 4c 4s Kc 9h 2d"',
    "frequencies --cards 5 --csv freq5.csv",
    "frequencies --cards 7 --method monte-carlo --trials 10000000 --seed 1",
    "equity AhKh QsQd",
    'equity "QQ+, AKs" "22+, A2s+, KTo+" random --trials 1000000 --seed 1',
    'vs-random "As Ad" --opponents 9 --trials 1000000 --seed 1',
    "starting-hands --sort 1",
    "draw5 deal --players 4 --rounds 3 --seed 1",
    'videopoker hold "Jh Jd 4c 7s 9d" --paytable 9/6',
    "zhajinhua deal --players 6 --seed 1 --rule-235",
    'hand-strength "Ad Qc" "3h 4c Jh" --bins 10',
    'isomorphism index "As Ks" "Qh 7d 2c" "Kd Ad" "2s 7c Qh"',
)

#: A script that asks for equity in five games, one after another (the issue's yardstick for
#: a notebook user's first session).
FIVE_GAMES = """
import pokersim as ps
ps.equity(["AhKh", "QsQd"])
ps.equity(["As Ad Ks Kd", "Qh Qc Jh Jc"], board="2s 3d 4h", game="omaha")
ps.equity(["As Ad", "Kh Kd"], board="6s 7d 8h", game="short-deck")
ps.equity(["As Ad Ks", "Qh Qc Jh"], game="stud", trials=100_000, seed=1)
ps.equity(["As 2d 3s", "Kh Qc Jh"], game="razz", trials=100_000, seed=1)
"""


def _process_seconds(argv: list[str], env: dict, cwd: str) -> tuple[float, float]:
    """(wall, CPU) seconds of one whole process, its output discarded (a failure raises).
    The CPU time (user and system, of the process and its children) is the steadier of the
    two on a shared machine: compilation runs on one core."""
    import resource

    def cpu() -> float:
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        return used.ru_utime + used.ru_stime

    t, c = time.perf_counter(), cpu()
    subprocess.run(argv, env=env, cwd=cwd, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.perf_counter() - t, cpu() - c


def first_answer_rows(repeat: int = 3, commands: tuple[str, ...] = README_COMMANDS,
                      scripts: dict[str, str] | None = None) -> list[dict]:
    """The time to a first answer, whole processes: each command of ``commands`` and each
    Python script of ``scripts`` (by name; by default :data:`FIVE_GAMES`) on an empty Numba
    cache ("cold": every kernel it needs compiles), then again on the cache it filled
    ("warm"), ``repeat`` times each with a new empty cache; and ``import pokersim``. The
    commands run in a scratch folder (their output files land there). Rows as
    :func:`run`'s, with ``median_cpu_s``.

    >>> rows = first_answer_rows(1, commands=("isomorphism count",), scripts={})
    >>> [row["work"] for row in rows]
    ['cold: pokersim isomorphism count', 'warm: pokersim isomorphism count', \
'warm: import pokersim']
    """
    import shlex
    import tempfile

    from .._core.validation import check_count

    repeat = check_count(repeat, "repeat", 1)
    rows = []
    runs = [(f"pokersim {c}", [sys.executable, "-m", "pokersim", *shlex.split(c)])
            for c in commands]
    scripts = {"five-game equity script": FIVE_GAMES} if scripts is None else scripts
    runs += [(name, [sys.executable, "-c", code]) for name, code in scripts.items()]
    with tempfile.TemporaryDirectory() as scratch:
        for name, argv in runs:
            cold, warm = [], []
            for _ in range(repeat):
                with tempfile.TemporaryDirectory() as cache:
                    env = {**os.environ, "NUMBA_CACHE_DIR": cache}
                    cold.append(_process_seconds(argv, env, scratch))
                    warm.append(_process_seconds(argv, env, scratch))
            rows.append(_timed_row(f"cold: {name}", cold))
            rows.append(_timed_row(f"warm: {name}", warm))
        imports = [_process_seconds([sys.executable, "-c", "import pokersim"], dict(os.environ),
                                    scratch) for _ in range(max(repeat, 5))]
    rows.append(_timed_row("warm: import pokersim", imports))
    return rows


def _timed_row(work: str, runs: list[tuple[float, float]]) -> dict:
    return _row(work, 1, [wall for wall, _ in runs], unit="runs/s",
                median_cpu_s=statistics.median(cpu for _, cpu in runs))


def _warm_start() -> list[float]:
    """Wall time of a fresh interpreter that imports pokersim and evaluates (Numba cache warm)."""
    code = "import pokersim; pokersim.evaluate(pokersim.deal(1000, 7, seed=1))"
    subprocess.run([sys.executable, "-c", code], check=True)  # fills the cache
    times = []
    for _ in range(5):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        times.append(time.perf_counter() - t)
    return times


def _path_work(n: int) -> list[tuple[str, int, str, Callable[[], object]]]:
    """The work whose speed depends on the CPU's path (:mod:`pokersim.tools.bench_paths`):
    evaluating ``n`` random 7- and 5-card hands, every 7-card hand by category, and
    :func:`_equity_work`; each (row, items, unit, call)."""
    from .. import deal, evaluate
    from ..analysis.frequencies import strength_counts

    work: list[tuple[str, int, str, Callable[[], object]]] = [
        (f"pokersim evaluate, {k} cards", n, "hands/s",
         functools.partial(evaluate, deal(n, k, seed=k))) for k in (7, 5)]
    work.append(("exact category_frequencies, 7 cards", 133_784_560, "hands/s",
                 functools.partial(strength_counts, 7)))
    return work + _equity_work(n)


def path_rows(n: int, repeat: int, ompeval: str | None = None) -> list[dict]:
    """The rows of :func:`_path_work`; with ``ompeval``, the path of OMPEval's harness, those
    it has a counterpart of again, in turn with it (:func:`_alternating_rows`)."""
    work = _path_work(n)
    rows = [_row(name, items, _time(fn, repeat), unit=unit) for name, items, unit, fn in work]
    return rows + (_alternating_rows(ompeval, work, repeat) if ompeval else [])


#: Rounds of pokersim and OMPEval in turn, each row (the issue asks for medians of >= 5).
OMPEVAL_ROUNDS = 5


def _alternating_rows(side: str, work: list[tuple[str, int, str, Callable[[], object]]],
                      repeat: int, rounds: int = OMPEVAL_ROUNDS) -> list[dict]:
    """Each item of ``work`` that OMPEval's harness ``side`` has a counterpart of, timed in
    ``rounds`` rounds of pokersim (the median of ``repeat`` calls) then OMPEval (one run of its
    harness, its median), on as many threads; two rows each: pokersim's (its rounds' medians)
    and OMPEval's, with the ratio of the two medians."""
    rows = []
    with OMPEval(side, numba.get_num_threads()) as harness:
        for name, items, unit, fn in work:
            peer_name = harness.counterpart(name)
            if peer_name is None:
                continue
            ours, theirs = [], []
            for _ in range(rounds):
                ours.append(statistics.median(_time(fn, repeat)))
                theirs.append(harness.seconds(name, items))
            row = _row(f"{name}, in turn with OMPEval ({rounds} rounds)", items, ours, unit,
                       path=host_path())
            peer = _row(peer_name, items, theirs, unit, peer=True, path="")
            peer["pokersim_vs_peer"] = row["rate"] / peer["rate"]
            rows += [row, peer]
    return rows


def run(n: int = 10_000_000, repeat: int = 7, peer_n: int = 200_000,
        scaling: tuple[int, ...] = (10**4, 10**5, 10**6, 10**7, 10**8), quick: bool = False,
        dask_workers: int = 0, portable: bool | None = None, ompeval: str | None = None
        ) -> tuple[pd.DataFrame, dict]:
    """Run the benchmark; returns the table and a dict describing the machine. With
    ``dask_workers``, also Monte Carlo equity on a LocalCluster of that many workers (a long
    run: ``20 * n`` trials, at least 2 * 10**7). With ``portable`` (the default unless
    ``quick``), the rows that depend on the CPU's path again on the portable path, in a child
    process (:mod:`pokersim.tools.bench_paths`); with ``ompeval``, the path of OMPEval's
    harness, its rows beside them. Each row's ``path`` names the CPU and the path taken."""
    from .. import deal, evaluate
    from .._core.jit import HAS_AVX2
    from .._core.validation import check_between, check_count
    from ..analysis.frequencies import strength_counts

    n, repeat, peer_n = (check_count(v, name, 1) for v, name in
                         ((n, "n"), (repeat, "repeat"), (peer_n, "peer_n")))
    scaling = tuple(check_count(size, "scaling size", 1) for size in scaling)
    dask_workers = check_between(dask_workers, "dask_workers", 0, 256)
    if quick:
        n, repeat, peer_n, scaling = 100_000, 3, 5_000, (10**3, 10**4)
    info = dict(cpu=_cpu_model(), cores=os.cpu_count(), numba_threads=numba.get_num_threads(),
                numba=numba.__version__, numpy=np.__version__, python=platform.python_version(),
                evaluator="AVX2, eight hands per step" if HAS_AVX2 else "one hand per step",
                path=host_path())
    rows, notes = [], []
    for k in (7, 5):
        hands = deal(n, k, seed=k)
        out = _row(f"pokersim evaluate, {k} cards", n, _time(lambda h=hands: evaluate(h), repeat))
        rows.append(out)
        peer_rows, peer_notes = _peers(hands, peer_n, max(3, repeat // 2), k)
        for r in peer_rows:
            r["pokersim_vs_peer"] = out["rate"] / r["rate"]
        rows += peer_rows
        notes += [x for x in peer_notes if x not in notes]
    rows.append(_row(f"pokersim deal({n:,}, 7)", n,
                     _time(lambda: deal(n, 7, seed=1), repeat), unit="deals/s"))
    for k in (7, 5):
        from math import comb

        rows.append(_row(f"exact category_frequencies, {k} cards", comb(52, k),
                         _time(lambda k=k: strength_counts(k), repeat)))
    rows += _ranking_rows(n, repeat, peer_n, notes, quick)
    rows += _game_rows(n, repeat, notes, quick)
    rows += _equity_rows(n, repeat, notes)
    rows += _batch_rows(repeat, notes, quick)
    rows += _batch_range_and_omaha_rows(repeat, notes, quick)
    rows += _isomorphism_rows(n, repeat)
    rows += _range_rows(repeat, notes, quick)
    rows += _hand_strength_rows(repeat, notes, quick)
    if dask_workers:
        rows += _dask_rows(max(20 * n, 2 * 10**7), repeat, dask_workers, notes)
    hands = deal(max(scaling), 7, seed=3)
    for size in scaling:
        view = hands[:size]
        rows.append(_row(f"evaluate scaling, N = {size:,}", size,
                         _time(lambda v=view: evaluate(v), repeat)))
    if not quick:
        rows.append(_row("warm start: python -c 'import pokersim; evaluate(...)'", 1,
                         _warm_start(), unit="runs/s"))
    for row in rows:
        row["path"] = "" if row.get("peer") else info["path"]
    env = portable_env() if (not quick if portable is None else portable) else None
    if portable and env is None:
        notes.append(f"no portable path to time apart: the kernels take {info['path']}")
    if ompeval:
        rows += _alternating_rows(ompeval, _path_work(n), repeat)
    if env is not None:
        rows += portable_rows(n, repeat, env, ompeval)
    frame = pd.DataFrame(rows)
    if "peer" not in frame:
        frame["peer"] = False
    frame["peer"] = frame["peer"].fillna(False).astype(bool)
    info["notes"] = notes
    return frame, info


def format_table(frame: pd.DataFrame, cpu: bool = False) -> str:
    """The table as printed: median rate, median seconds, spread, the ratio to a peer; with
    ``cpu``, the median CPU seconds of whole processes (:func:`first_answer_rows`)."""

    def rate(x):
        return f"{x / 1e6:,.1f} M" if x >= 1e5 else f"{x:,.2f}"

    shown = pd.DataFrame({
        "work": frame.work,
        "median rate": [f"{rate(r)} {u}" for r, u in zip(frame.rate, frame.unit, strict=True)],
        "median s": frame.median_s.map(lambda s: f"{s:.4f}"),
        "spread (slowest..fastest)": [f"{rate(a)} .. {rate(b)}" for a, b in
                                      zip(frame.slowest_rate, frame.fastest_rate, strict=True)],
    })
    if cpu:
        shown["median CPU s"] = frame.median_cpu_s.map(lambda s: f"{s:.2f}")
    if "path" in frame and frame.path.replace("", np.nan).nunique() > 1:
        shown.insert(1, "path", frame.path.map(lambda x: x.split(":")[0]))
    if "pokersim_vs_peer" in frame:
        shown["pokersim / peer"] = frame.pokersim_vs_peer.map(
            lambda x: "" if pd.isna(x) else f"{x:,.0f}x" if x >= 10 else f"{x:.2f}x")
    return shown.to_string(index=False)
