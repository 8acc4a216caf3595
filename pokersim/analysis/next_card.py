"""Outs: what each card that can come next does to a hand's equity.

>>> table = outs("Ah Kh", "Qs Qd", board="Qh 7h 2c")
>>> table.attrs["outs"], round(table.attrs["equity_now"], 4)
(8, 0.2556)
>>> table[["card", "equity", "change", "out"]].head(3)
  card  equity  change   out
0   Jh  77.27%  0.5172  True
1   Th  77.27%  0.5172  True
2   9h  77.27%  0.5172  True

For every card that can fall next (on a flop: the turn; on a turn: the river), the hand's
equity once it has fallen, against the same opponents, over every card still to come; the
change from the equity now; the chance that this card is the next one; the hand it makes (the
made hands of :mod:`pokersim.analysis.breakdown`); and whether it is an **out**. The hand's
*made-hand share* on a board is its share of the pot if no more cards came (win 1, tie 1/2, lose 0,
averaged over the opponent's holdings; against several random opponents, over one random hand:
see :func:`outs`). An out is a card that turns a losing hand into the best one: after it the
made-hand share is above 1/2 where it is below 1/2 now (against one hand: from behind to
ahead; against a range: for more than half its weight), and the hand improves (its made hand
is a better one of the list of :data:`pokersim.analysis.breakdown.MADE_HANDS`), so that a card
which only pairs the board, weakening the opponent's holdings, is not an out.
"""

from __future__ import annotations

import numbers

import numpy as np
import pandas as pd

from .._core.runner import check_client
from .._core.validation import (
    check_between,
    check_flag,
    check_target_stderr,
    choose_method,
    drawn_seed,
    short_repr,
)
from ..cards import CARD_NAMES, as_card_set, format_cards, parse_cards
from ..engine import MAX_OPPONENTS, equity
from ..engine._games.sweep import board_sweep
from ..engine.front import collect_runs
from ..errors import CardError, DuplicateCardError, PokersimInputError
from ..ranges import Range
from ..results import ResultFrame, win_rate_table
from .breakdown import MADE_HANDS, made_hands
from .distribution import as_range, board_and_dead, union

__all__ = ["outs"]


def _hero(hand, blocked: np.ndarray) -> np.ndarray:
    """The hand's two cards, neither on the board nor dead."""
    cards = as_card_set(hand, "hand")
    if cards.size != 2:
        raise PokersimInputError(f"hand must be two hole cards; got {cards.size} "
                                 f"({short_repr(hand)})")
    if np.isin(cards, blocked).any():
        raise DuplicateCardError(f"hand {format_cards(cards)} holds a board or dead card")
    return np.sort(cards)[::-1].copy()


def _opponents(opponents, blocked: np.ndarray, hero: np.ndarray) -> tuple[str, Range, int]:
    """(label, the range of one opponent, number of random opponents: 0 when the opponent is
    a hand or a range). A known hand may not share a card with the hand, the board or the
    dead cards."""
    if isinstance(opponents, numbers.Integral) and not isinstance(opponents, bool):
        n = check_between(opponents, "opponents", 1, MAX_OPPONENTS)
        rng = as_range("random", "opponents", blocked)
        return ("random" if n == 1 else f"{n} random"), rng, (n if n > 1 else 0)
    if isinstance(opponents, str):
        try:
            cards = parse_cards(opponents)
        except CardError:
            cards = None
        if cards is not None and cards.size == 2:
            if np.isin(cards, np.concatenate([blocked, hero])).any():
                raise DuplicateCardError(f"opponents {opponents.strip()!r} holds a card of the "
                                         "hand, the board or the dead cards")
            return str(format_cards(cards)), Range(cards[None, :]), 0
    rng = as_range(opponents, "opponents", blocked)
    return rng.text, rng, 0


def _hero_sweep(hero: np.ndarray, opponent: Range, board: np.ndarray, live: np.ndarray):
    """``shares(k, by_card)``: the hand's (win, tie, unweighted deals) against the range on
    the board over every runout of ``k`` cards, per slot of
    :func:`pokersim.engine._games.sweep.board_sweep` (NaN where the hand meets no opponent
    combo)."""
    combos, weights, _ = union(Range(hero[None, :]), opponent)
    row = int(np.flatnonzero(weights[0])[0])

    def shares(k: int, by_card: bool = False):
        sweep = board_sweep(combos, weights, board, live, k, by_card)
        total = sweep.total[:, 0, row]
        with np.errstate(invalid="ignore", divide="ignore"):
            return (sweep.wins[:, 0, row] / total, sweep.ties[:, 0, row] / total,
                    sweep.deals[:, 0, row])

    return shares


def outs(hand, opponents, board, dead=None, *, method: str = "auto",
         trials: int | None = None, seed=None, target_stderr: float | None = None,
         client=None, chunk_size: int | None = None, progress: bool = False) -> ResultFrame:
    """The hand's equity after each card that can come next, and the cards that are outs.

    Parameters
    ----------
    hand : str or array of 2 cards
        The hole cards, e.g. ``"Ah Kh"``.
    opponents : int, str or Range
        One opponent's hand (``"Qs Qd"``), range (``"QQ+, AK"``, a
        :class:`~pokersim.Range`) or ``"random"``; or a number of random opponents (1 to 22).
    board : str or array of cards
        The flop or the turn (3 or 4 cards).
    dead : str or array of cards, optional
        Cards out of play.
    method, trials, seed, target_stderr, client, chunk_size, progress
        As in :func:`pokersim.equity`. Against one opponent ``"auto"`` is exact: every
        opponent holding and runout, all the cards in one sweep
        (:mod:`pokersim.engine._games.sweep`).
        Against several random opponents, or with ``method="monte-carlo"`` (or ``trials``,
        ``seed``, ``target_stderr``), each card's equity is one :func:`pokersim.equity` run
        with these options (the same seed for every card); ``"auto"`` is then exact where
        that is cheap.

    Returns
    -------
    ResultFrame
        A win-rate table, one row per card that can come next (not in the hand, on the board,
        dead or in a known opponent's hand; nor a card that every combo of the opponent's
        range holds), the highest equity first: key column ``card``, then win, tie, lose,
        equity, std_error, outcomes and method of the hand once that card has fallen; then
        ``change`` (equity minus the equity now), ``probability`` (the chance that it is
        the next card: uniform over the unseen cards, weighted by the opponent's range for a
        range), ``ahead`` (the made-hand share after it: the module description defines it;
        against several random opponents it is the share against one random hand), ``made``
        (the hand's made hand after it, as :func:`pokersim.range_breakdown` names them) and
        ``out`` (True for an out: ``ahead`` above 1/2 where the made-hand share now is below
        1/2, and a better made hand than now). ``attrs`` hold hand, opponents, board, dead,
        equity_now, ahead_now, outs (the number of out cards), method, seed and trials (Monte
        Carlo trials in all; None when exact).

    Examples
    --------
    >>> t = outs("Ah Kh", "random", board="Qh 7h 2c 3d")
    >>> len(t), int(t.out.sum()), t.attrs["method"]
    (46, 15, 'exact')
    """
    board_cards, dead_cards, blocked, live = board_and_dead(board, dead, (3, 4), "outs")
    hero = _hero(hand, blocked)
    label, opponent, n_random = _opponents(opponents, blocked, hero)
    check_target_stderr(target_stderr)
    seed = drawn_seed(seed)
    check_client(client)
    progress = check_flag(progress, "progress")
    wanted = choose_method(method, trials=trials, seed=seed, target_stderr=target_stderr)
    unseen = np.setdiff1d(live, hero)
    # the chance of each card: the weight of the opponent's combos that leave it unseen (none
    # for a card of a known hand)
    combo_weights = np.asarray(opponent.weights)
    hero_free = ~np.isin(opponent.combos, hero).any(axis=1)
    weight = np.array([combo_weights[hero_free & ~(opponent.combos == c).any(axis=1)].sum()
                       for c in unseen.tolist()])
    if n_random or not weight.any():
        if not weight.any():
            raise PokersimInputError(f"opponents {short_repr(label)}: every combo holds a "
                                     "card of the hand")
        weight = np.ones(unseen.size)
    keep = weight > 0
    unseen, probability = unseen[keep], weight[keep] / weight[keep].sum()
    shares = _hero_sweep(hero, opponent, board_cards, live)
    slot = np.searchsorted(live, unseen)  # each card's slot among the live cards
    win, tie, _ = shares(0)
    ahead_now = float(win[0] + tie[0] / 2)
    win, tie, _ = shares(1, by_card=True)
    ahead = (win + tie / 2)[slot]
    made_now = made_hands(hero[None, :], board_cards, dead_cards)[0]
    made = made_hands(np.repeat(hero[None, :], unseen.size, axis=0),
                      np.column_stack([np.broadcast_to(board_cards, (unseen.size,
                                                                     board_cards.size)),
                                       unseen]), dead_cards)
    hand_now = (ahead_now, made_now)
    if n_random == 0 and wanted == "exact":
        win, tie, _ = shares(5 - board_cards.size)
        equity_now = float(win[0] + tie[0] / 2)
        win, tie, deals = (x[slot] for x in shares(5 - board_cards.size, by_card=True))
        table = _table(unseen, win, tie, np.zeros(unseen.size), deals, "exact", equity_now,
                       probability, ahead, made, hand_now)
        table.attrs["trials"] = None
    else:
        players = [format_cards(hero)] + ([opponent] if n_random == 0 else ["random"] * n_random)
        options = dict(dead=dead_cards, method=method, trials=trials, seed=seed,
                       target_stderr=target_stderr, client=client, chunk_size=chunk_size,
                       progress=progress)
        now = equity(players, board=board_cards, **options)
        equity_now = float(now.equity.iloc[0])
        runs = (lambda c=c: equity(players, board=np.append(board_cards, c), **options)
                for c in unseen.tolist())

        def build(frames, partial):
            first = [f.iloc[0] for f in frames]
            table = _table(unseen[:len(frames)], np.array([f.win for f in first]),
                           np.array([f.tie for f in first]),
                           np.array([f.std_error for f in first]),
                           np.array([f.outcomes for f in first], np.int64),
                           [str(f["method"]) for f in first], equity_now,
                           probability[:len(frames)], ahead[:len(frames)], made[:len(frames)],
                           hand_now)
            simulated = [f.attrs["trials"] for f in [now, *frames] if f.attrs["trials"]]
            table.attrs.update(partial=partial, trials=sum(simulated) if simulated else None)
            return table

        table = collect_runs(runs, build)
    table.attrs.update(hand=format_cards(hero), opponents=label,
                       board=format_cards(board_cards), dead=format_cards(dead_cards),
                       equity_now=float(equity_now), ahead_now=float(ahead_now),
                       outs=int(table.out.sum()),
                       seed=None if table.attrs["trials"] is None else seed)  # a run simulated
    return table


def _table(cards, win, tie, std_error, outcomes, method, equity_now, probability, ahead, made,
           hand_now) -> ResultFrame:
    """The outs table, the highest equity first; ``hand_now`` is the made-hand share and the
    made hand now."""
    ahead_now, made_now = hand_now
    equity = win + tie / 2
    order = np.argsort(-equity[::-1], kind="stable")
    order = (len(cards) - 1 - order)  # ties: the higher card first
    table = win_rate_table({"card": [CARD_NAMES[c] for c in cards[order].tolist()]},
                           win[order], tie[order], 1.0 - win[order] - tie[order],
                           equity[order], std_error[order], outcomes[order],
                           method if isinstance(method, str)
                           else [method[i] for i in order],
                           change=equity[order] - equity_now, probability=probability[order],
                           ahead=ahead[order],
                           made=pd.Categorical.from_codes(made[order], list(MADE_HANDS)),
                           out=(ahead_now < 0.5) & (ahead[order] > 0.5) & (made[order] < made_now))
    return table
