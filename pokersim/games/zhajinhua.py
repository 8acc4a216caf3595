"""Zhajinhua (炸金花, Golden Flower): three-card hands under the house rules that vary.

Order, best first: leopard (豹子, three of a kind) > straight flush (顺金) > flush (金花) >
straight (顺子) > pair (对子) > high card (散牌). Each house rule is a field of :class:`Rules`:

* ``a23``: A-2-3 is a straight; ``"between-jqk-qka"`` (the default, the seed's
  "JQK < A23 < QKA") or ``"lowest"`` (below 2-3-4). Q-K-A is always the top straight and
  K-A-2 is never a straight.
* ``rule_235``: 2-3-5 of mixed suits beats a leopard, and is otherwise an ordinary high card
  (a suited 2-3-5 is a flush, and beats no leopard). Off by default.
* ``ties``: equal hands ``"split"`` the pot (default), or ``"suit"``: the suit of the highest
  card decides, spades > hearts > clubs > diamonds. The highest card is the one of highest
  rank (the ace of A-2-3; the kicker of 5-5-K; of a pair on top, the better of the pair), so
  two hands from one deck never tie.

At a table (:func:`showdown`, :func:`deal_table`, :func:`win_rates`) the best hand wins and
equal best hands split. Under the 2-3-5 rule a 2-3-5 hand wins exactly when the best of the
other hands is a leopard, that is when the best hand at the table is a leopard, however many
leopards there are; several 2-3-5 hands then share the pot (or, under ``ties="suit"``, the one
whose 5 has the best suit takes it).

A hand's *strength* (:func:`evaluate`) is the strength of pokersim's ``"zhajinhua"``
rankings (``rankings.zhajinhua(a23=...)``): ``evaluate(hands, rules=rules)`` is
``pokersim.evaluate(hands, ranking=rankings.zhajinhua(rules.a23))``, one scale 1..743 for
both places of A-2-3 (each of the two A-2-3 straights has a strength of its own under each
rule, so a strength names one hand whatever the rules: see
:mod:`pokersim.rankings.zhajinhua_order`). Higher wins under the rules that made it. The two
house rules that are no order of hands live at the table, in :func:`compare`,
:func:`showdown`, :func:`deal_table`, :func:`heads_up_counts` and :func:`win_rates`, never in
the strength: the suit tie-break (it breaks ties between equal strengths) and the 2-3-5 rule
(not transitive). :func:`category` and :func:`describe` read that one scale, and so do
``pokersim.category`` and ``pokersim.describe`` with ``ranking="zhajinhua"``; anything else
is an error. The game ``"zhajinhua"`` plays the rankings through pokersim's deal, equity
and frequencies (equal hands split there; :func:`category_frequencies` is theirs). The
kernels are in :mod:`pokersim.games._zhajinhua`.

>>> from pokersim.games import zhajinhua as zjh
>>> rules = zjh.Rules(rule_235=True)
>>> int(zjh.compare("2c 3d 5h", "As Ah Ad", rules=rules))
1
>>> zjh.category(zjh.evaluate("Qh Kh Ah")).chinese
'顺金'
>>> import pokersim
>>> int(zjh.evaluate("Qh Kh Ah")) == int(pokersim.evaluate("Qh Kh Ah", ranking="zhajinhua"))
True
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass
from itertools import combinations

import numpy as np
import pandas as pd

from .. import rankings
from .._core import montecarlo
from .._core.montecarlo import chunk_counts
from .._core.streams import seed_key
from .._core.validation import (
    check_count,
    check_flag,
    check_players,
    drawn_seed,
    monte_carlo_trials,
    seed_of,
    short_repr,
)
from ..analysis.frequencies import category_frequencies as ranked_frequencies
from ..cards import as_array, as_hands, format_cards
from ..dealing import deal, deal_plan
from ..errors import HandShapeError, PokersimInputError, SimulationInterrupted
from ..evaluator.showdowns import read_tables
from ..evaluator.strengths import evaluate as ranked_strengths
from ..rankings import zhajinhua_order
from ..rankings.zhajinhua_order import CHINESE
from ..results import ResultFrame
from ..results import deal_table as _deal_frame
from . import _by_category
from . import _zhajinhua as _kernels

__all__ = ["Category", "Outcome", "Rules", "all_hands", "category", "category_frequencies",
           "compare", "deal_table", "describe", "evaluate", "heads_up_counts", "showdown",
           "win_rates"]

A23_PLACEMENTS = tuple(zhajinhua_order.A23_PLACEMENTS)
TIE_RULES = ("split", "suit")
MIN_PLAYERS, MAX_PLAYERS = 2, 17
PLAYERS_WHY = " (3 cards each from one deck)"
N_HANDS = 22_100  # C(52, 3)
HEADS_UP_OPPONENTS = 18_424  # C(49, 3)


@dataclass(frozen=True)
class Rules:
    """The house rules of a Zhajinhua game (immutable; the defaults are the seed's rules).

    Parameters
    ----------
    a23 : {"between-jqk-qka", "lowest"}
        Where the straight A-2-3 ranks: between J-Q-K and Q-K-A, or below 2-3-4.
    rule_235 : bool
        Whether 2-3-5 of mixed suits beats a leopard (and only a leopard).
    ties : {"split", "suit"}
        Equal hands split the pot, or the suit of the highest card decides (♠ > ♥ > ♣ > ♦).

    Examples
    --------
    >>> from pokersim.games import zhajinhua as zjh
    >>> zjh.Rules(a23="lowest", ties="suit")
    Rules(a23='lowest', rule_235=False, ties='suit')
    >>> zjh.Rules(ties="none")
    Traceback (most recent call last):
    ...
    pokersim.errors.PokersimInputError: Rules.ties must be one of 'split', 'suit'; got 'none'
    """

    a23: str = "between-jqk-qka"
    rule_235: bool = False
    ties: str = "split"

    def __post_init__(self):
        for name, allowed in (("a23", A23_PLACEMENTS), ("ties", TIE_RULES)):
            value = getattr(self, name)
            if not isinstance(value, str) or value not in allowed:
                raise PokersimInputError(f"Rules.{name} must be one of "
                                         f"{', '.join(map(repr, allowed))}; got "
                                         f"{short_repr(value)}")
        object.__setattr__(self, "rule_235", check_flag(self.rule_235, "Rules.rule_235"))


class Category(enum.IntEnum):  # numpydoc ignore=PR01
    """Zhajinhua hand categories, weakest first; the value is the code :func:`category`
    returns. ``.label`` is the English name, ``.chinese`` the Chinese one."""

    HIGH_CARD = 0
    PAIR = 1
    STRAIGHT = 2
    FLUSH = 3
    STRAIGHT_FLUSH = 4
    LEOPARD = 5

    @property
    def label(self) -> str:
        """English name: ``Category.STRAIGHT_FLUSH.label == "Straight Flush"``."""
        return self.name.replace("_", " ").title()

    @property
    def chinese(self) -> str:
        """Chinese name: ``Category.LEOPARD.chinese == "豹子"``."""
        return CHINESE[self.value]


class Outcome(enum.IntEnum):  # numpydoc ignore=PR01
    """A seat's result at a showdown; the value is the code :func:`showdown` returns. ``TIE``
    shares the best hand (and the pot)."""

    LOSE = 0
    TIE = 1
    WIN = 2

    @property
    def label(self) -> str:
        """``"lose"``, ``"tie"`` or ``"win"``, as a deal table's ``outcome``."""
        return self.name.lower()


CATEGORY_LABELS = tuple(c.label for c in Category)
CATEGORY_CHINESE = tuple(c.chinese for c in Category)

#: The strengths run 1..MAX_STRENGTH, one scale for every rule
#: (:mod:`pokersim.rankings.zhajinhua_order`).
MAX_STRENGTH = 743


def _ranking(rules: Rules) -> rankings.Ranking:
    """The ranking that orders hands under ``rules`` (the place of A-2-3)."""
    return rankings.zhajinhua(rules.a23)


#: Tables per random stream in :func:`win_rates` (``config.MC_BLOCK`` hands per stream in
#: :func:`category_frequencies`). Changing it changes the numbers a seed produces.
TABLE_BLOCK = 16384


# ---------------------------------------------------------------------------------------------
# Validation


def _check_rules(rules) -> Rules:
    if not isinstance(rules, Rules):
        raise PokersimInputError(f"rules must be a zhajinhua.Rules, e.g. Rules(a23='lowest'); "
                                 f"got {type(rules).__name__} {short_repr(rules)}")
    return rules


def _strengths_of(hands, rules: Rules, name: str = "hands"):
    """(strengths, the hands as an array (N, 3), whether one hand was given)."""
    arr, single = as_hands(hands, (3,), name=name)
    if not arr.flags.writeable:
        arr = arr.copy()  # one compiled kernel, for writeable arrays only
    return ranked_strengths(arr, ranking=_ranking(rules)), arr, single


def _keys_of(hands, rules: Rules, name: str = "hands"):
    """(settle keys, whether one hand was given), see :mod:`pokersim.games._zhajinhua`."""
    strengths, arr, single = _strengths_of(hands, rules, name)
    return _kernels.settle_keys(strengths, arr, rules.ties == "suit"), single


def _as_strengths(strengths) -> tuple[np.ndarray, bool]:
    arr = as_array(strengths, "strengths", "integers", HandShapeError)
    if arr.dtype.kind not in "iu":
        raise PokersimInputError(f"strengths must be integers from zhajinhua.evaluate(); got "
                                 f"dtype {arr.dtype} {short_repr(strengths)} (to read hands: "
                                 f"category(evaluate(hands)))")
    if arr.ndim > 1:
        raise HandShapeError(f"strengths must be one integer or a 1-D array of them; got shape "
                             f"{arr.shape} (hands are text or an array of shape (N, 3))")
    bad = (arr < 1) | (arr > MAX_STRENGTH)
    if bad.any():
        value = arr[tuple(np.argwhere(bad)[0])] if arr.ndim else arr
        raise PokersimInputError(f"{value} is not a Zhajinhua strength (strengths run "
                                 f"1..{MAX_STRENGTH}, see zhajinhua.evaluate)")
    return arr.astype(np.int64), arr.ndim == 0


# ---------------------------------------------------------------------------------------------
# Hands


def evaluate(hands, *, rules: Rules = Rules()) -> np.ndarray:
    """Strength of each three-card hand under ``rules``: higher wins, equal is a tie.

    Parameters
    ----------
    hands : array_like of int, shape (N, 3); or text
        Card ids 0..51 (see :mod:`pokersim.cards`), or text such as ``"As Kd 2c"`` (one
        hand) or a list of such strings.
    rules : Rules
        ``a23`` places A-2-3; ``ties`` and ``rule_235`` are no order of hands and change no
        strength (they act at the table: :func:`compare`, :func:`showdown`).

    Returns
    -------
    numpy.ndarray of int16, shape (N,)
        The strength of ``pokersim.evaluate(hands, ranking=rankings.zhajinhua(rules.a23))``:
        1..743, one scale for both places of A-2-3 (a strength names one hand whatever the
        rules; see :mod:`pokersim.rankings.zhajinhua_order`). One hand gives a scalar.

    >>> from pokersim.games import zhajinhua as zjh
    >>> s = zjh.evaluate(["Ac 2d 3h", "Jc Qd Kh", "Qc Kd Ah"])
    >>> bool(s[0] > s[1]), bool(s[0] < s[2])
    (True, True)
    >>> low = zjh.Rules(a23="lowest")
    >>> bool(zjh.evaluate("Ac 2d 3h", rules=low) < zjh.evaluate("2c 3d 4h", rules=low))
    True
    """
    out, _, single = _strengths_of(hands, _check_rules(rules))
    return out[0] if single else out


def category(strength, *, rules: Rules = Rules()):
    """The category code (see :class:`Category`) of each strength from :func:`evaluate`.

    Parameters
    ----------
    strength : int or 1-D array of int
        Strengths from :func:`evaluate` (1..743, under any rules: one scale); a value off
        the scale is an error that names it.
    rules : Rules, optional
        Checked; it changes nothing (a mixed-suit 2-3-5 is a high card under every rule).

    Returns
    -------
    Category or numpy.ndarray
        A ``Category`` for one strength; an int8 array of the codes for an array.

    Examples
    --------
    >>> from pokersim.games import zhajinhua as zjh
    >>> zjh.category(zjh.evaluate("7s 7h 7d"))
    <Category.LEOPARD: 5>
    >>> zjh.category(zjh.evaluate(["2c 3d 5h", "2h 3h 5h"])).tolist()
    [0, 3]
    >>> zjh.Category.FLUSH.label, zjh.Category.FLUSH.chinese
    ('Flush', '金花')
    """
    _check_rules(rules)
    arr, single = _as_strengths(strength)
    codes = _ranking(Rules()).category_of_strength[arr]
    return Category(int(codes)) if single else codes


def describe(strength):
    """A name for each strength from :func:`evaluate`, such as ``"Pair of Kings"``.

    Parameters
    ----------
    strength : int or 1-D array of int
        Strengths from :func:`evaluate` (1..743); a value off the scale is an error that
        names it.

    Returns
    -------
    str or list of str
        A string for one strength, a list for a 1-D array.

    Examples
    --------
    >>> from pokersim.games import zhajinhua as zjh
    >>> zjh.describe(zjh.evaluate(["Qh Kh Ah", "Ac 2d 3h", "7s 7h 2d", "2c 3d 5h"]))
    ['Straight Flush, Ace high', 'Straight, A-2-3', 'Pair of Sevens', 'High Card, Five']
    >>> zjh.describe(zjh.evaluate("9c 9d 9h"))
    'Leopard, Nines'
    """
    arr, single = _as_strengths(strength)
    names = _ranking(Rules()).descriptions
    return names[int(arr)] if single else [names[s] for s in arr.tolist()]


def compare(a, b, *, rules: Rules = Rules()):
    """Compare hands ``a`` with hands ``b`` row by row: +1 where ``a`` wins, -1 where ``b``
    wins, 0 for a tie (a split pot).

    Honours the 2-3-5 rule: with ``rules.rule_235``, a 2-3-5 of mixed suits beats any
    leopard; against every other hand it is the high card 5-3-2. So the order is not
    transitive (2-3-5 < pair of 2s < leopard < 2-3-5). Under ``ties="suit"`` only identical
    rank and suit patterns of the highest card can tie (never two hands from one deck).

    Parameters
    ----------
    a, b : hands as for :func:`evaluate`, N rows each, or one of them a single hand
        (compared with every row of the other). The two need not be disjoint.
    rules : Rules

    Returns
    -------
    numpy.ndarray of int8, shape (N,); an int when both are single hands.

    >>> from pokersim.games import zhajinhua as zjh
    >>> rule_235 = zjh.Rules(rule_235=True)
    >>> zjh.compare("2c 3d 5h", ["As Ah Ad", "2d 2h 4c"], rules=rule_235).tolist()
    [1, -1]
    >>> zjh.compare("2c 3d 5h", "As Ah Ad")
    -1
    """
    rules = _check_rules(rules)
    ka, single_a = _keys_of(a, rules, "a")
    kb, single_b = _keys_of(b, rules, "b")
    if ka.shape[0] != kb.shape[0] and ka.shape[0] != 1 and kb.shape[0] != 1:
        raise HandShapeError(f"a and b must have the same number of hands (or one of them a "
                             f"single hand); got {ka.shape[0]} and {kb.shape[0]}")
    out = _kernels.versus(ka, kb, rules.rule_235)
    return int(out[0]) if single_a and single_b else out


def _as_tables(hands) -> tuple[np.ndarray, bool]:
    """(R, P, 3) uint8 tables from one table (list of text, (P, 3)) or many ((R, P, 3)), read
    as :func:`pokersim.showdown` reads its tables."""
    arr, single = read_tables(hands)
    if arr.shape[2] != 3:
        raise HandShapeError(f"hands must have shape (P, 3) for one table or (R, P, 3) for "
                             f"R tables; got shape {arr.shape[1:] if single else arr.shape}")
    check_players(arr.shape[1], MIN_PLAYERS, MAX_PLAYERS, PLAYERS_WHY)
    flat, _ = as_hands(arr.reshape(arr.shape[0], arr.shape[1] * 3), (arr.shape[1] * 3,),
                       name="table cards")
    return flat.reshape(arr.shape), single


def showdown(hands, *, rules: Rules = Rules()):
    """Who wins each table: an :class:`Outcome` code per seat (2 win, 1 tie, 0 lose).

    The best hand wins; equal best hands split (under ``ties="suit"`` hands from one deck are
    never equal). Under the 2-3-5 rule, exactly: a 2-3-5 hand (mixed suits) wins only when
    the best of the other hands is a leopard, and is otherwise an ordinary high card. So when
    the best hand at the table is a leopard (however many leopards there are), every 2-3-5
    hand wins: one takes the pot, several split it (with ``ties="suit"``, the one whose 5 has
    the best suit takes it). Without a leopard, 2-3-5 is the high card 5-3-2.

    Parameters
    ----------
    hands : one table, a list of text or an array (P, 3); or R tables, an array (R, P, 3)
        2..17 seats; no card may appear twice at a table.
    rules : Rules

    Returns
    -------
    numpy.ndarray of int8, shape (P,) for one table or (R, P)

    >>> from pokersim.games import zhajinhua as zjh
    >>> rule_235 = zjh.Rules(rule_235=True)
    >>> zjh.showdown(["As Ah Ad", "Kc Kd Kh", "2c 3d 5h"], rules=rule_235).tolist()
    [0, 0, 2]
    >>> zjh.showdown(["Ac Kd 9h", "As Kh 9d", "Qs Jh 3c"]).tolist()
    [1, 1, 0]
    """
    rules = _check_rules(rules)
    tables, single = _as_tables(hands)
    r, p = tables.shape[:2]
    keys, _ = _keys_of(tables.reshape(r * p, 3), rules)
    out = np.empty((r, p), np.int8)
    _kernels.showdown_kernel(keys.reshape(r, p), rules.rule_235, out)
    return out[0] if single else out


def deal_table(players: int, rounds: int = 1, *, seed=None, rules: Rules = Rules()
               ) -> ResultFrame:
    """Deal ``rounds`` hands of Zhajinhua to ``players`` seats and settle each showdown.

    Each round is a fresh shuffled deck dealt one card at a time round the table, three
    cards a seat. Winners follow :func:`showdown`.

    Parameters
    ----------
    players : int
        2..17 seats.
    rounds : int
        Rounds to deal (>= 1).
    seed : None, int, SeedSequence or numpy Generator
        The same seed deals the same cards whatever the number of threads.
    rules : Rules

    Returns
    -------
    ResultFrame, a deal table: one row per seat and round
        ``round`` and ``seat`` (from 1, as in draw5), ``cards`` (text, highest first),
        ``hand`` (its name, see :func:`describe`), ``category`` (ordered categorical),
        ``strength`` (see :func:`evaluate`), ``outcome`` ("win", "tie" or "lose"), then
        ``chinese`` (the category's Chinese name) and ``share`` (of the pot: 1, 1/k when k
        seats tie, 0).

    >>> from pokersim.games import zhajinhua as zjh
    >>> df = zjh.deal_table(4, rounds=3, seed=1)
    >>> df.shape
    (12, 9)
    >>> df.groupby("round").share.sum().tolist()
    [1.0, 1.0, 1.0]
    """
    players = check_players(players, MIN_PLAYERS, MAX_PLAYERS, PLAYERS_WHY)
    rounds = check_count(rounds, "rounds", 1)
    rules = _check_rules(rules)
    seed = drawn_seed(seed)
    dealt = deal(rounds, 3 * players, seed=seed)
    tables = dealt.reshape(rounds, 3, players).transpose(0, 2, 1)  # card j of seat p: j*P + p
    tables = -np.sort(-tables.astype(np.int16), axis=2).astype(np.uint8)  # highest first
    flat = np.ascontiguousarray(tables.reshape(rounds * players, 3))
    strengths, _, _ = _strengths_of(flat, rules)
    out = np.empty((rounds, players), np.int8)
    keys = _kernels.settle_keys(strengths, flat, rules.ties == "suit")
    _kernels.showdown_kernel(keys.reshape(rounds, players), rules.rule_235, out)
    outcome = out.ravel()
    winners = (out > 0).sum(axis=1)
    cats = _ranking(rules).category_of_strength[strengths]
    frame = _deal_frame(
        rounds, players, format_cards(flat), describe(strengths),
        pd.Categorical.from_codes(cats, categories=CATEGORY_LABELS, ordered=True), strengths,
        Outcome.WIN - outcome,  # showdown's codes (2 win, 1 tie, 0 lose) to 0 win .. 2 lose
        chinese=np.array(CATEGORY_CHINESE)[cats],
        share=np.where(outcome > 0, 1.0 / np.repeat(winners, players), 0.0))
    frame.attrs.update(rules=rules, seed=seed)
    return frame


# ---------------------------------------------------------------------------------------------
# Frequencies and win rates


@functools.cache
def all_hands() -> np.ndarray:
    """Every three-card hand, (22100, 3) uint8, each row ascending, rows in lexicographic
    order (read-only)."""
    arr = np.array(list(combinations(range(52), 3)), dtype=np.uint8)
    arr.setflags(write=False)
    return arr


def category_frequencies(*, rules: Rules = Rules(), method: str = "auto",
                         trials: int | None = None, seed=None,
                         target_stderr: float | None = None, client=None,
                         chunk_size: int | None = None, progress: bool = False
                         ) -> ResultFrame:
    """How often each category occurs among the 22,100 three-card hands.

    The table of ``pokersim.category_frequencies(3, ranking="zhajinhua")`` (the same counts,
    the same Monte Carlo hands from a seed) with the Chinese names added. Categories do not
    depend on the rules (a mixed-suit 2-3-5 counts as a high card under every rule);
    ``rules`` is checked and recorded in ``attrs``.

    Parameters
    ----------
    rules : Rules
    method : {"auto", "exact", "monte-carlo"}
        Exact counts every hand; Monte Carlo deals ``trials`` hands. "auto" is exact
        unless ``trials``, ``seed`` or ``target_stderr`` is given.
    trials : int, optional
        Monte Carlo hands; default ``config.DEFAULT_TRIALS`` (1,000,000), or with
        ``target_stderr`` a cap of ``config.MAX_TRIALS``.
    seed : None, int, SeedSequence or numpy Generator
        Monte Carlo only; the same seed gives the same counts whatever the thread count.
    target_stderr : float, optional
        Stop after the chunk of hands where every probability's ``std_error`` is below it.
    client, chunk_size, progress
        Monte Carlo runs in chunks of ``chunk_size`` hands, here or on ``client`` (a Dask
        ``Client`` or an executor, see :mod:`pokersim._core.runner`), with a progress bar on
        request. Ctrl-C raises :class:`~pokersim.SimulationInterrupted` whose ``partial`` is
        the frame of the hands dealt so far (method "monte-carlo (partial)").

    Returns
    -------
    ResultFrame, a frequency table, best category first
        ``category`` (ordered categorical), ``count``, ``probability``, ``std_error`` (0 when
        exact), ``one_in``, ``method``, then ``chinese``. ``attrs`` holds method, rules,
        trials, seed and target_stderr (and the ranking's cards and name).

    >>> from pokersim.games import zhajinhua as zjh
    >>> zjh.category_frequencies()[["category", "count", "chinese"]]
             category   count chinese
    0         Leopard      52      豹子
    1  Straight Flush      48      顺金
    2           Flush   1,096      金花
    3        Straight     720      顺子
    4            Pair   3,744      对子
    5       High Card  16,440      散牌
    """
    rules = _check_rules(rules)
    try:
        frame = ranked_frequencies(3, method=method, trials=trials, seed=seed,
                                   target_stderr=target_stderr, ranking=_ranking(rules),
                                   client=client,
                                   chunk_size=chunk_size, progress=progress)
    except SimulationInterrupted as stopped:
        raise SimulationInterrupted(_with_rules(stopped.partial, rules)) from None
    return _with_rules(frame, rules)


def _with_rules(frame: ResultFrame, rules: Rules) -> ResultFrame:
    """A frequency table of the ranking with the Chinese names and the rules added."""
    frame["chinese"] = CATEGORY_CHINESE[::-1]
    frame.attrs.update(rules=rules)
    return frame


def heads_up_counts(*, rules: Rules = Rules()) -> np.ndarray:
    """Exact heads-up results of every hand of :func:`all_hands` against all C(49, 3) =
    18,424 hands of the other 49 cards.

    Counted by inclusion-exclusion over each hand's cards, not enumerated (see
    :func:`pokersim.games._zhajinhua.heads_up_counts`), with every house rule.

    Parameters
    ----------
    rules : Rules, optional
        The house rules (the 2-3-5 rule and the suit tie-break change the counts).

    Returns
    -------
    numpy.ndarray
        int64, shape (22100, 3): wins, ties and losses of each hand, in the order of
        :func:`all_hands` (as :func:`pokersim.games.draw5.heads_up_counts` counts draw5's).

    Examples
    --------
    >>> from pokersim.games import zhajinhua as zjh
    >>> counts = zjh.heads_up_counts()
    >>> sorted(set(counts.sum(axis=1).tolist()))
    [18424]
    """
    rules = _check_rules(rules)
    hands = all_hands()
    return _kernels.heads_up_counts(hands, _keys_of(hands, rules)[0], rules.rule_235,
                                    HEADS_UP_OPPONENTS)


def _win_rates_chunk(problem: tuple, first: int, n: int) -> tuple[np.ndarray]:
    """The sums by category (see :func:`_by_category.add_table`) of blocks ``first .. first +
    n - 1``, as float64."""
    key, players, trials, rules = problem
    ranking = _ranking(rules)
    params = (players, deal_plan(52, 3 * players), ranking.category_of_strength.astype(np.int64),
              *ranking.tables.kernel_args(), rules.ties == "suit", rules.rule_235)
    sums = chunk_counts(_kernels._win_rates_kernel, key, first, n, TABLE_BLOCK, trials, params,
                        (len(Category), _by_category.N_SUMS),
                        _kernels.table_buffers(players, len(Category)))
    return (sums.astype(np.float64),)


def win_rates(players: int = 2, *, rules: Rules = Rules(), trials: int | None = None,
              seed=None, method: str = "auto", target_stderr: float | None = None, client=None,
              chunk_size: int | None = None, progress: bool = False) -> ResultFrame:
    """The chance that a seat holding a hand of each category wins the pot outright, ties
    for it or loses, at a table of ``players``.

    Parameters
    ----------
    players : int
        2..17 seats, all dealt at random from one deck.
    rules : Rules
    trials : int, optional
        Tables dealt by Monte Carlo; every seat of every table counts. Default
        ``config.DEFAULT_TRIALS`` (1,000,000), or with ``target_stderr`` a cap of
        ``config.MAX_TRIALS``.
    seed : None, int, SeedSequence or numpy Generator
        Monte Carlo only; the same seed gives the same numbers whatever the thread count.
    method : {"auto", "exact", "monte-carlo"}
        "auto": exact heads-up when none of ``trials``, ``seed``, ``target_stderr`` is given
        (every hand against every hand of the other 49 cards, see :func:`heads_up_counts`),
        else Monte Carlo. Exact needs 2 players.
    target_stderr : float, optional
        Stop after the chunk of tables where the ``std_error`` of every category's equity is
        below it.
    client, chunk_size, progress
        Monte Carlo runs in chunks of ``chunk_size`` tables, here or on ``client`` (a Dask
        ``Client`` or an executor, see :mod:`pokersim._core.runner`), with a progress bar on
        request; the numbers depend on the seed only (the sums are integers; with
        ``target_stderr``, also on the chunk size, after which the stop rule is checked),
        never on the thread count or the workers. Ctrl-C raises
        :class:`~pokersim.SimulationInterrupted` whose ``partial`` is the frame so far
        (method "monte-carlo (partial)").

    Returns
    -------
    ResultFrame, a win-rate table by category, best first
        ``category``, ``win``, ``tie``, ``lose``, ``equity`` (expected share of the pot: a
        k-way tie counts 1/k), ``std_error`` (of equity), ``outcomes`` (seat-hands counted:
        all hands of the category when exact), ``method``; then ``probability`` (of holding
        the category), ``chinese``, and the standard errors ``win_std_error``,
        ``tie_std_error``, ``lose_std_error``. Standard errors are 0 when exact; for Monte
        Carlo, of a ratio estimate, with the seats of one table treated as one correlated
        sample.

    >>> from pokersim.games import zhajinhua as zjh
    >>> df = zjh.win_rates(2)
    >>> round(float(df.win[df.category == "Leopard"].iloc[0]), 4)
    0.9987
    >>> df = zjh.win_rates(6, trials=20_000, seed=1)
    >>> bool(df.win.iloc[0] > df.win.iloc[-1])
    True
    """
    players = check_players(players, MIN_PLAYERS, MAX_PLAYERS, PLAYERS_WHY)
    rules = _check_rules(rules)
    seed = drawn_seed(seed)
    method, target_stderr = _by_category.choose(method, players, trials, seed, target_stderr,
                                                client)
    interrupted = False
    if method == "exact":
        counts = heads_up_counts(rules=rules)
        cat = category(evaluate(all_hands(), rules=rules))
        seats = np.bincount(cat, minlength=len(Category)).astype(np.float64)
        sums = np.stack([np.bincount(cat, weights=counts[:, j], minlength=len(Category))
                         for j in range(3)], axis=1) / HEADS_UP_OPPONENTS
        win, tie, lose = (sums / seats[:, None]).T
        rates = np.array([win, tie, lose, win + tie / 2])
        se = np.zeros_like(rates)
        total = N_HANDS
    else:
        trials = monte_carlo_trials(trials, target_stderr)

        def stop(counts) -> bool:  # every category's equity within target_stderr
            return bool((_rates(counts[0])[2][3] < target_stderr).all())

        block = TABLE_BLOCK
        run = montecarlo.run(_win_rates_chunk, (seed_key(seed), players, trials, rules), trials,
                             block, client=client, chunk_size=chunk_size, progress=progress,
                             stop=None if target_stderr is None else stop,
                             desc="Zhajinhua tables", unit="tables")
        seats, rates, se = _rates(run.counts[0])
        interrupted = run.interrupted
        trials = min(run.blocks * block, trials)
        total = trials * players
    frame = _by_category.table(CATEGORY_LABELS, seats, rates, se,
                               "monte-carlo (partial)" if interrupted else method, total,
                               chinese=CATEGORY_CHINESE[::-1])
    frame.attrs.update(players=players, rules=rules, trials=None if method == "exact" else trials,
                       seed=seed_of(seed, method), target_stderr=target_stderr)
    if interrupted:
        raise SimulationInterrupted(frame)
    return frame


def _rates(sums: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """From the summed sums of :func:`_by_category.add_table`: the seats dealt each category,
    their win, tie, lose and equity rates (4, 6) and the standard errors of those (4, 6).
    (:func:`_by_category.rates` takes the square root after dividing by n², not before:
    the same numbers but for the last bits, which a seed's results keep.)"""
    seats = sums[:, _by_category.SN]
    n_sq = sums[:, _by_category.SNN]
    rates, se = [], []
    with np.errstate(divide="ignore", invalid="ignore"):
        for j in range(4):
            p = sums[:, _by_category.SX + j] / seats
            var = (sums[:, _by_category.SXX + j] - 2 * p * sums[:, _by_category.SXN + j]
                   + p * p * n_sq)
            rates.append(p)
            se.append(np.sqrt(np.maximum(var, 0.0)) / seats)
    return seats, np.array(rates), np.array(se)
