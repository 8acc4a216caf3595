"""The 169 starting hands of Hold'em against random opponents, and the shipped table
(``python -m pokersim.tools.starting_hands`` refreshes it).

The shipped table (1 to 9 opponents) is read with :func:`pokersim.data.starting_hands`; the
names of the 169 hand classes are :func:`pokersim.ranges.starting_hand_names`. Nothing but
that explicit refresh writes into the package: :func:`save_starting_hands` writes where it is
told, and refuses to put anything but a whole table (every hand against 1 to 9 opponents, not
cut short) in the shipped file's place.

>>> table = starting_hand_table([2], target_stderr=0.01, names=["AA", "72o"])
>>> table[["hand", "opponents", "method"]]
  hand opponents       method
0   AA         2  monte-carlo
1  72o         2  monte-carlo
"""

from __future__ import annotations

import sys
from math import comb
from pathlib import Path

import numpy as np
import pandas as pd

from .. import rankings
from .._core.shipped import STARTING_HANDS_FILE, versus_random
from .._core.validation import (
    check_seed,
    drawn_seed,
    short_repr,
)
from ..cards import CARD_NAMES, RANKS, parse_cards
from ..engine import equity
from ..engine.front import collect_runs, opponent_counts
from ..engine.games import board_game
from ..engine.question import in_deck
from ..errors import PokersimInputError, SimulationInterrupted
from ..games.game import Game
from ..games.game import get as get_game
from ..io import write_table
from ..ranges import representative, starting_hand_names
from ..results import ResultFrame, as_win_rate_table

__all__ = ["representative", "save_starting_hands",
           "starting_hand_names", "starting_hand_table"]

#: The shipped table, which :func:`save_starting_hands` writes only whole.
SHIPPED = STARTING_HANDS_FILE

#: The opponent counts of the shipped table.
SHIPPED_OPPONENTS = range(1, 10)

#: Outcomes of one hand against one random hand: 1,225 opponent hands x C(48, 5) boards.
HEADS_UP_OUTCOMES = comb(50, 2) * comb(48, 5)


def starting_hand_table(opponents=SHIPPED_OPPONENTS, *, target_stderr: float = 0.0005,
                        seed=169, names=None, game="holdem", client=None,
                        chunk_size: int | None = None, progress: bool = False) -> ResultFrame:
    """Win, tie, equity and standard error of every starting hand (or of ``names``, such as
    ``"AKs"``) against each number of
    random opponents (1 to 22): in Hold'em exact against one (every opponent hand and board:
    summed from the exact heads-up matrix that the package ships, see
    :func:`pokersim._core.shipped.versus_random`), Monte Carlo with ``target_stderr`` beyond, in
    chunks of ``chunk_size`` trials run here or on ``client`` (see :mod:`pokersim._core.runner`).
    All 169 hands against 1 to 9 opponents take 90 s on 2 cores (140 s in a first run, whose
    kernels compile; measured on a quiet 2-core AMD EPYC).

    ``game`` is any game of :mod:`pokersim.games` (a name or a
    :class:`~pokersim.games.game.Game`): each row is then :func:`~pokersim.equity` of the
    hand against that many ``"random"`` players of the game (heads-up too), to
    ``target_stderr`` where it simulates. In the short decks ``names`` default to the hand
    classes of their ranks (81, six to ace); games of more hole cards have no class names:
    name their hands by their cards, ``names=["As Ad Ks Kd", ...]`` (as many cards as a
    hand of the game holds, or fewer: the rest dealt at random, as in stud's first three).
    A two-card game takes cards too (``"Ah Kh"``).

    ``seed`` is any seed (see ``docs/api.md``); each hand runs with a seed of its own, so
    that its numbers do not depend on which other hands are asked for: hand i of
    :func:`~pokersim.ranges.starting_hand_names` gets ``1000 * seed + i`` from an integer
    seed (or a SeedSequence made from one), the i-th child of any other SeedSequence; a hand
    named by its cards, the child keyed by its cards (in any order); a Generator gives one
    draw; for None one is drawn (and recorded in ``attrs["seed"]``).

    Returns
    -------
    ResultFrame
        A win-rate table: hand, opponents, win, tie, lose, equity, std_error, outcomes,
        method.

    Raises
    ------
    SimulationInterrupted
        On Ctrl-C: its ``partial`` is this table of the rows finished and the interrupted
        one (if it has an estimate yet), ``attrs["partial"]`` True.
    """
    opponents = opponent_counts(opponents)
    game = get_game(game)
    seed = drawn_seed(seed)
    hand_seed = _hand_seeds(seed)
    chosen = _starting_hands(game, names)
    shipped = game.name == "holdem" and 1 in opponents
    heads_up = versus_random().set_index("hand") if shipped else None

    def row(name: str, hand: str, key, n: int) -> dict:
        """Hand ``name`` (played as ``hand``) against ``n`` random opponents (on Ctrl-C,
        its partial row)."""
        if n == 1 and heads_up is not None and name in heads_up.index:
            exact = heads_up.loc[name].to_dict()
            return exact | dict(hand=name, opponents=1, outcomes=HEADS_UP_OUTCOMES)
        try:
            frame = equity([hand] + ["random"] * n, target_stderr=target_stderr,
                           seed=hand_seed(key), client=client, chunk_size=chunk_size,
                           game=game)
        except SimulationInterrupted as e:
            raise SimulationInterrupted(e.partial.iloc[0].to_dict() | dict(hand=name,
                                                                          opponents=n)) from None
        return frame.iloc[0].to_dict() | dict(hand=name, opponents=n)

    def table(rows: list[dict], partial: bool) -> ResultFrame:
        frame = as_win_rate_table(pd.DataFrame(rows), ["hand", "opponents"])
        frame.attrs.update(seed=seed, target_stderr=target_stderr, partial=partial,
                           game=game.name)
        return frame

    runs = (lambda name=name, hand=hand, key=key, n=n: row(name, hand, key, n)
            for name, hand, key in _progress(chosen, progress) for n in opponents)
    return collect_runs(runs, table)


#: A hand of a table: its name there, the hand :func:`equity` plays, its seed's key.
TableHand = tuple[str, str, int | tuple[int, ...]]


def _starting_hands(game: Game, names) -> list[TableHand]:
    """The hands of a table of ``game``: each as the table names it, as :func:`equity` plays
    it, and its key for :func:`_hand_seeds` (a class's index in
    :func:`~pokersim.ranges.starting_hand_names`, or a hand's sorted cards). Every bad name
    is an error here, before any work."""
    every = starting_hand_names()
    two_card = board_game(game)
    lowest_rank = rankings.get(game.ranking).first_card // 4
    classes = [n for n in every if min(RANKS.index(n[0]), RANKS.index(n[1])) >= lowest_rank]
    if names is None:
        if not two_card:
            raise PokersimInputError(
                f"{game.name} hands have no class names such as 'AKs': name the hands by "
                f"their cards, such as '{' '.join(CARD_NAMES[-min(game.hole, 4):][::-1])}'")
        names = classes
    if isinstance(names, (str, bytes)) or not hasattr(names, "__iter__"):
        raise PokersimInputError(f"names must be a list of hands, such as ['AKs', 'AA']; got "
                                 f"{short_repr(names)}")
    chosen: list[TableHand] = []
    named: dict = {}  # each hand's key: the place of the name that first gave it
    for i, name in enumerate(names):
        if not isinstance(name, str):
            raise PokersimInputError(f"a starting hand is a text such as 'AKs' or 'As Kd'; "
                                     f"got {short_repr(name)}")
        if two_card and name in classes:
            hand: TableHand = (name, representative(name), every.index(name))
        else:
            cards = _hand_cards(name, game, lowest_rank, classes if two_card else None)
            text = " ".join(CARD_NAMES[c] for c in cards)
            hand = (text, text, tuple(sorted(cards.tolist())))
        first = named.setdefault(hand[2], i)
        if first != i:
            raise PokersimInputError(f"names: {short_repr(name)} is the hand "
                                     f"{short_repr(chosen[first][0])} again; name each hand "
                                     f"once")
        chosen.append(hand)
    return chosen


def _hand_cards(name: str, game: Game, lowest_rank: int, classes) -> np.ndarray:
    """The cards of a starting hand named by its cards, or an error that says what a name of
    ``game`` is (``classes``: its class names, for a two-card game)."""
    what = (f"a {game.name} starting hand is a class such as 'AKs' or 'AA' (ranks "
            f"{RANKS[lowest_rank]} to A) or its cards" if classes is not None else
            f"a {game.name} starting hand is named by its cards, such as "
            f"'{' '.join(CARD_NAMES[-min(game.hole, 4):][::-1])}'")
    try:
        cards = parse_cards(name)
    except ValueError as e:
        raise PokersimInputError(f"not a starting hand: {short_repr(name)} ({what}; {e})"
                                 ) from None
    if not 1 <= len(cards) <= game.hole:  # (parse_cards refuses a repeated card)
        raise PokersimInputError(f"not a starting hand: {short_repr(name)} ({what}: 1 to "
                                 f"{game.hole} cards)")
    return in_deck(cards, f"starting hand {short_repr(name)}", game)


def _hand_seeds(seed):
    """The seed of a hand, as a function of its key: i, a class's index, or the tuple of its
    sorted cards (see :func:`starting_hand_table`)."""
    check_seed(seed)
    if isinstance(seed, np.random.Generator):
        seed = int(seed.integers(2**63))
    if seed is None or isinstance(seed, (int, np.integer)):
        seed = np.random.SeedSequence(None if seed is None else int(seed))

    def child(key):
        # a class: a spawn key one longer than the seed's; a hand of cards: its cards and
        # their count after it (at least two longer: no class's key)
        extra = (key,) if isinstance(key, int) else (*key, len(key))
        return np.random.SeedSequence(seed.entropy, spawn_key=(*seed.spawn_key, *extra),
                                      pool_size=seed.pool_size)

    if isinstance(seed.entropy, int) and not seed.spawn_key:
        base = seed.entropy  # the shipped table's derivation, kept for integer seeds

        return lambda key: 1000 * base + key if isinstance(key, int) else child(key)
    return child


def _progress(names: list, show: bool):
    if not show:
        return names
    from tqdm import tqdm

    return tqdm(names, desc="starting hands", unit=" hands", file=sys.stderr)


def save_starting_hands(table: pd.DataFrame, path) -> Path:
    """Write a table of :func:`starting_hand_table` to ``path`` as CSV (seven decimals, the
    run's inputs in a metadata block, see :mod:`pokersim.io`), atomically. Returns the path.

    ``path`` may be the shipped file (:data:`SHIPPED`) only for a whole table: every starting
    hand against each of 1 to 9 opponents, not cut short by Ctrl-C.
    """
    path = Path(path)
    if path.resolve() == SHIPPED.resolve() and not _whole(table):
        raise PokersimInputError(f"{SHIPPED} holds every starting hand against 1 to 9 "
                                 "opponents; write a partial table elsewhere")
    return write_table(table, path, "csv", float_format="%.7f")


def _whole(table: pd.DataFrame) -> bool:
    """Whether ``table`` has a row for every hand against each of 1..9 opponents."""
    keys = set(zip(table.hand, table.opponents, strict=True))
    return (not table.attrs.get("partial")
            and keys >= {(h, n) for h in starting_hand_names() for n in SHIPPED_OPPONENTS})

