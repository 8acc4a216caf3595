"""Five-card draw deals: hands dealt round the table, named, placed and compared.

Cards are dealt one at a time round the table from one shuffled deck, so with P players seat s
(1-based) gets cards s, s + P, s + 2P, ... of the deck. Each hand gets its category and its
*place* in the seed's list, 1 (royal flush) .. 10 (high card); the best strength wins, equal
best strengths share the pot (a tie).

>>> deal_table(3, seed=11)
  round seat           cards      description   category strength outcome place
0     1    1  6c Jh Kh 5c 2s  High Card, King  High Card      589    lose    10
1     1    2  Tc 6h 6d 8d 3h    Pair of Sixes       Pair    2,204    lose     9
2     1    3  9s 6s Js Ks 9c    Pair of Nines       Pair    2,970     win     9
>>> print(format_table(deal_table(4, seed=11)))
Round 1
  seat  1  6c 6h Js 2s 7h  Pair of Sixes    place  9
  seat  2  Tc 6s 5c 3h Kd  High Card, King  place 10
  seat  3  9s Kh 8d 9c 4s  Pair of Nines    place  9  <- WINNER
  seat  4  Jh 6d Ks 2d Ad  High Card, Ace   place 10
"""

from __future__ import annotations

import functools
from math import comb

import numpy as np
import pandas as pd

from .. import config
from .._core import montecarlo, validation
from .._core.combinatorics import SUBSET_SIZE, subset_indices, subsets
from .._core.jit import jit
from .._core.montecarlo import chunk_counts, count_blocks
from .._core.streams import seed_key
from .._core.validation import (
    check_count,
    drawn_seed,
    monte_carlo_trials,
    seed_of,
)
from ..cards import format_cards
from ..dealing import deal, deal_plan, deal_row
from ..errors import PokersimInputError, SimulationInterrupted
from ..evaluator.strengths import (
    CATEGORY_LABELS,
    Category,
    category,
    category_of_strength,
    describe,
    evaluate,
    kernel_args,
)
from ..evaluator.tables import KEY_BIAS, lookup
from ..results import ResultFrame
from ..results import deal_table as _deal_frame
from . import _by_category
from .videopoker import N_SMALL

__all__ = ["MAX_PLAYERS", "all_hands", "deal_table", "format_table", "heads_up_counts", "win_rates",
           "winner_lines"]

MAX_PLAYERS = 10  # 50 of the 52 cards
PLAYERS_WHY = " (one deck holds five cards each for at most 10 players)"
PLACE_LABELS = tuple(CATEGORY_LABELS[::-1])  # place 1 = Royal Flush .. place 10 = High Card


def _check_players(players, minimum: int = 1) -> int:
    """``players`` as an int in minimum..10, else a PokersimInputError saying why."""
    return validation.check_players(players, minimum, MAX_PLAYERS, PLAYERS_WHY)


def deal_table(players: int, rounds: int = 1, *, seed=None) -> ResultFrame:
    """Deal five-card hands to ``players`` seats, ``rounds`` times, and find the winners.

    Parameters
    ----------
    players : int, 1..10
    rounds : int >= 1
        Independent deals, each from a freshly shuffled deck.
    seed : None, int, SeedSequence or numpy Generator
        As for :func:`pokersim.deal`: the deck of round r is row r of
        ``deal(rounds, 5 * players, seed)``.

    Returns
    -------
    ResultFrame, a deal table: one row per seat per round
        ``round`` and ``seat`` (from 1), ``cards`` (text, in the order dealt), ``hand``
        (e.g. "Pair of Kings"), ``category`` (ordered categorical), ``strength`` (1..7462,
        higher wins), ``outcome``: "win" (alone), "tie" (shares the best hand) or "lose", and
        ``place`` (1 royal flush .. 10 high card). :func:`winner_lines` names each round's
        winner, :func:`format_table` prints the deal a round at a time.

    >>> t = deal_table(3, rounds=2, seed=5)
    >>> t.groupby("round").outcome.apply(lambda o: (o != "lose").sum()).tolist()
    [1, 1]
    """
    players = _check_players(players)
    rounds = check_count(rounds, "rounds", 1)
    seed = drawn_seed(seed)
    cards = deal(rounds, 5 * players, seed=seed)
    # card i of a deck goes to seat i % players: seat s holds columns s, s + P, ...
    hands = cards.reshape(rounds, 5, players).transpose(0, 2, 1).reshape(-1, 5)
    hands = np.ascontiguousarray(hands)
    strength = evaluate(hands).astype(np.int64)
    cat = category(strength)
    per_round = strength.reshape(rounds, players)
    best = per_round.max(axis=1, keepdims=True)
    n_best = (per_round == best).sum(axis=1, keepdims=True)
    outcome = np.where(per_round < best, 2, np.where(n_best > 1, 1, 0)).ravel()
    frame = _deal_frame(
        rounds, players, format_cards(hands), describe(strength),
        pd.Categorical([CATEGORY_LABELS[c] for c in cat.tolist()], categories=CATEGORY_LABELS,
                       ordered=True),
        strength, outcome, place=(Category.ROYAL_FLUSH + 1 - cat).astype(np.int64))
    frame.attrs.update(seed=seed)
    return frame


def _check_frame(frame, columns: tuple, what: str) -> None:
    """A PokersimInputError unless ``frame`` is a DataFrame with ``columns``
    (as :func:`deal_table` makes)."""
    if not isinstance(frame, pd.DataFrame):
        raise PokersimInputError(f"{what} takes the DataFrame of deal_table(); got "
                                 f"{type(frame).__name__}")
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise PokersimInputError(f"{what} takes the DataFrame of deal_table(); this one lacks "
                                 f"the columns {missing}")


def winner_lines(frame: pd.DataFrame, *, max_rounds: int = 10) -> list[str]:
    """One line a round naming the winner (or the seats that tie and split the pot). Takes a
    deal table (of any game: round, seat, cards, hand, outcome).

    Parameters
    ----------
    frame : pandas.DataFrame
        A deal table (round, seat, cards, hand, outcome).
    max_rounds : int, optional
        The most rounds to name (10 by default).

    Returns
    -------
    list of str
        One line per round.

    Examples
    --------
    >>> winner_lines(deal_table(3, seed=11))
    ['Round 1: seat 3 wins with Pair of Nines (9s 6s Js Ks 9c)']
    """
    _check_frame(frame, ("round", "seat", "cards", "description", "outcome"), "winner_lines")
    max_rounds = check_count(max_rounds, "max_rounds")
    lines = []
    for i, (rnd, group) in enumerate(frame.groupby("round", sort=True)):
        if i == max_rounds:
            lines.append(f"... ({frame['round'].nunique() - max_rounds} more rounds)")
            break
        top = group[group.outcome != "lose"]
        first = top.iloc[0]
        if len(top) == 1:
            lines.append(f"Round {rnd}: seat {first.seat} wins with {first.description} "
                         f"({first.cards})")
        else:
            seats = ", ".join(str(s) for s in top.seat.tolist())
            lines.append(f"Round {rnd}: seats {seats} split the pot with {first.description}")
    return lines


def format_table(frame: pd.DataFrame) -> str:
    """The deal as text, a block a round, the winner marked ``<- WINNER`` (``<- SPLIT`` for
    each seat of a tie). Takes the frame of :func:`deal_table`.

    Parameters
    ----------
    frame : pandas.DataFrame
        The deal table of :func:`deal_table`.

    Returns
    -------
    str
        The deal as text.

    Examples
    --------
    >>> text = format_table(deal_table(3, seed=2))
    >>> text.splitlines()[0], text.count("<- WINNER") + text.count("<- SPLIT") >= 1
    ('Round 1', True)
    """
    _check_frame(frame, ("round", "seat", "cards", "description", "place", "outcome"),
                 "format_table")
    lines = []
    width = max(len(h) for h in frame["description"]) if len(frame) else 0
    for rnd, group in frame.groupby("round", sort=True):
        lines.append(f"Round {rnd}")
        for row in group.itertuples():
            mark = {"win": "  <- WINNER", "tie": "  <- SPLIT", "lose": ""}[row.outcome]
            lines.append(f"  seat {row.seat:>2d}  {row.cards}  {row.description:<{width}}  "
                         f"place {row.place:>2d}{mark}")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# Win rates: Monte Carlo for any table, exact heads-up

#: Monte Carlo deals at most: the int64 sums of squares behind the standard errors must not
#: overflow.
MAX_DEALS = 10**12


def _table_buffers(players: int) -> tuple:
    """A worker's scratch arrays: the cards dealt, the seats' strengths, categories and
    outcomes, and the zeroed scratch of :func:`_by_category.add_table`."""
    return (np.empty((1, 5 * players), np.uint8), np.empty(players, np.int64),
            np.empty(players, np.int64),
            np.empty(players, np.int8),  # as Zhajinhua's: one add_table compiled for both
            *_by_category.scratch(10))


@jit(inline=True)
def _deal_and_settle(state, n_trials, deck, scratch, params, local):
    """Deal ``n_trials`` tables, five cards to each seat round the table, and add each
    table's sums by category (see :func:`_by_category.add_table`) to ``local``."""
    players, plan, cat_of, card_keys, card_bits, flush, offsets, table = params
    dealt, strength, cats, outcomes, x, n = scratch
    for _ in range(n_trials):
        state = deal_row(state, deck, dealt, 0, 52, 5 * players, plan)
        best = 0
        for s in range(players):  # seat s holds cards s, s + P, ...: five distinct cards
            key = KEY_BIAS
            bits = np.uint64(0)
            for j in range(5):
                c = dealt[0, s + j * players]
                key += card_keys[c]
                bits |= card_bits[c]
            v = lookup(key, bits, flush, offsets, table)
            strength[s] = v
            best = max(best, v)
        n_best = 0
        for s in range(players):
            n_best += strength[s] == best
        for s in range(players):
            cats[s] = cat_of[strength[s]]
            outcomes[s] = (_by_category.LOSE if strength[s] < best else
                           _by_category.WIN if n_best == 1 else _by_category.TIE)
        _by_category.add_table(cats, outcomes, players, x, n, local)


@jit(worker=True)
def _win_kernel(w, n_workers, key, first_block, n_blocks, claimed, block, trials, params, space):
    """The Monte Carlo kernel of every table size: the sums of :func:`_by_category.add_table`
    by category (see :mod:`pokersim._core.montecarlo`); ``params`` is (players, the deal plan
    of ``5 * players`` cards, the category of each strength and the five tables), so that one
    compiled kernel serves every number of players."""
    count_blocks(_deal_and_settle, key, first_block, n_blocks, claimed, block, trials,
                 params, space)


def _monte_carlo_chunk(problem: tuple, first: int, n: int) -> tuple:
    """The sums of :func:`_win_kernel` over blocks ``first .. first + n - 1``."""
    players, key, trials = problem
    params = (players, deal_plan(52, 5 * players), category_of_strength(), *kernel_args())
    return (chunk_counts(_win_kernel, key, first, n, config.MC_BLOCK, trials, params,
                         (10, _by_category.N_SUMS), _table_buffers(players)),)


def _monte_carlo(players: int, trials: int, seed, target_stderr, client, chunk_size,
                 progress) -> tuple:
    def stop(counts) -> bool:  # every category's equity within target_stderr (NaN: not dealt)
        return bool((_by_category.rates(counts[0])[2][3] < target_stderr).all())

    run = montecarlo.run(_monte_carlo_chunk, (players, seed_key(seed), trials), trials,
                         config.MC_BLOCK, client=client, chunk_size=chunk_size,
                         progress=progress, stop=None if target_stderr is None else stop,
                         desc="draw5 deals", unit="deals", whole=True)
    return (*_by_category.rates(run.counts[0]), min(run.blocks * config.MC_BLOCK, trials),
            run.interrupted)


@jit
def _heads_up_kernel(order, hands, counts, lower, equal):
    """For every five-card hand h (``hands[h, :5]`` its sorted cards, ``hands[h, 5]`` its
    strength), visited in ``order`` of increasing strength: ``lower[h]`` and ``equal[h]``, how
    many hands disjoint from h are weaker and how many are as strong.

    ``counts`` counts, for every subset K of 1..4 cards (flat index as in
    :func:`pokersim._core.combinatorics.subset_indices`), the hands already visited that contain
    K. By inclusion–exclusion the visited hands disjoint from h number
    ``visited - sum_|K|=1 + sum_|K|=2 - sum_|K|=3 + sum_|K|=4 (- 1 if h itself was visited)``.
    A run of equal strengths is queried before it is added (weaker) and after (as strong too).
    """
    idx = np.empty(32, np.int64)
    n = order.shape[0]
    visited = 0
    start = 0
    while start < n:
        stop = start
        s = hands[order[start], 5]
        while stop < n and hands[order[stop], 5] == s:
            stop += 1
        for pass_ in range(3):
            for i in range(start, stop):
                h = order[i]
                subset_indices(hands[h, :5], idx)
                if pass_ == 1:
                    for m in range(1, 31):
                        counts[idx[m]] += 1
                    continue
                disjoint = visited
                for m in range(1, 31):
                    if SUBSET_SIZE[m] & 1:
                        disjoint -= counts[idx[m]]
                    else:
                        disjoint += counts[idx[m]]
                if pass_ == 0:
                    lower[h] = disjoint
                else:
                    equal[h] = disjoint - 1 - lower[h]
            if pass_ == 1:
                visited += stop - start
        start = stop


def all_hands() -> np.ndarray:
    """Every five-card hand.

    Returns
    -------
    numpy.ndarray
        uint8, shape (2598960, 5), read-only: each row ascending, rows in lexicographic
        order.

    Examples
    --------
    >>> all_hands()[[0, -1]].tolist()
    [[0, 1, 2, 3, 4], [47, 48, 49, 50, 51]]
    """
    return subsets(52, 5)


def heads_up_counts() -> np.ndarray:
    """Exact heads-up results of every hand of :func:`all_hands` against all C(47, 5) =
    1,533,939 hands of the other 47 cards (about a second).

    Returns
    -------
    numpy.ndarray
        int64, shape (2598960, 3): wins, ties and losses of each hand, in the order of
        :func:`all_hands` (as :func:`pokersim.games.zhajinhua.heads_up_counts` counts
        Zhajinhua's).

    Examples
    --------
    >>> counts = heads_up_counts()
    >>> counts.shape, sorted(set(counts.sum(axis=1).tolist()))
    ((2598960, 3), [1533939])
    """
    _, wins, ties = _heads_up()
    return np.stack([wins, ties, comb(47, 5) - wins - ties], axis=1)


@functools.cache
def _heads_up() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(strength, wins, ties) of every hand of :func:`all_hands`: the opponents' hands it
    beats and ties, counted over the hands sorted by strength (computed once, read-only)."""
    hands = all_hands()
    # a writable copy: the strength kernels are compiled for writable rows, as every other
    # caller passes them (a read-only array would compile them all again, for one call)
    strength = evaluate(hands.copy()).astype(np.int64)
    order = np.argsort(strength, kind="stable")
    table = np.empty((hands.shape[0], 6), np.int64)
    table[:, :5] = hands
    table[:, 5] = strength
    counts = np.zeros(N_SMALL, np.int64)
    lower = np.zeros(hands.shape[0], np.int64)
    equal = np.zeros(hands.shape[0], np.int64)
    _heads_up_kernel(order, table, counts, lower, equal)
    for a in (strength, lower, equal):
        a.setflags(write=False)
    return strength, lower, equal


def _exact_heads_up() -> tuple:
    strength, wins, ties = _heads_up()
    cat = category_of_strength()[strength]
    opponents = comb(47, 5)
    n = np.bincount(cat, minlength=10).astype(np.float64)
    w = np.bincount(cat, weights=wins, minlength=10)
    t = np.bincount(cat, weights=ties, minlength=10)
    denom = n * opponents
    rate = np.stack([w / denom, t / denom, 1 - (w + t) / denom, (w + t / 2) / denom])
    return n, rate, np.zeros_like(rate)


def win_rates(players: int, *, trials: int | None = None, seed=None, method: str = "auto",
              target_stderr: float | None = None, client=None, chunk_size: int | None = None,
              progress: bool = False) -> ResultFrame:
    """How often a dealt hand of each category wins outright, ties or loses.

    Parameters
    ----------
    players : int, 2..10
    trials : int, optional
        Deals to simulate (Monte Carlo); default ``config.DEFAULT_TRIALS`` (1,000,000), or with
        ``target_stderr`` a cap of ``config.MAX_TRIALS``. Each deal gives every seat a sample.
    seed : None, int, SeedSequence or numpy Generator
        The same seed gives the same numbers whatever the number of threads.
    method : {"auto", "exact", "monte-carlo"}
        "auto": exact for two players when none of ``trials``, ``seed``, ``target_stderr`` is
        given, else Monte Carlo. Exact compares every hand with every disjoint opponent hand
        (heads-up only, ~1 s); it takes no ``trials``, ``seed`` or ``target_stderr``.
    target_stderr : float, optional
        Stop after the chunk of deals where the ``std_error`` of every category's equity is
        below it (a category not dealt yet has none, and keeps the run going).
    client, chunk_size, progress
        Monte Carlo runs in chunks of ``chunk_size`` deals, here or on ``client`` (a Dask
        ``Client`` or an executor, see :mod:`pokersim._core.runner`), with a progress bar on
        request. Ctrl-C raises :class:`~pokersim.SimulationInterrupted` whose ``partial`` is
        the frame of the deals done (method "monte-carlo (partial)").

    Returns
    -------
    ResultFrame, a win-rate table by category, best first
        ``category``, then ``win``, ``tie``, ``lose`` (rates, summing to 1), ``equity`` (the
        share of the pot won, ties shared), ``std_error`` (of equity; 0 when exact),
        ``outcomes`` (seat hands of the category counted: sampled, or all 2,598,960 hands when
        exact), ``method``; then ``probability`` (share of hands in this category),
        ``place`` (1 royal flush .. 10 high card) and ``win_std_error``, ``tie_std_error``,
        ``lose_std_error``. Rates of a category never dealt are NaN. ``attrs`` holds players,
        method, trials, seed and target_stderr.

    >>> df = win_rates(2)
    >>> df.loc[df.category == "Royal Flush", ["win", "tie"]].round(6).values.tolist()
    [[0.999998, 2e-06]]
    >>> df = win_rates(6, trials=20_000, seed=1)
    >>> float(df.win.iloc[-1]) < 0.01  # high card rarely wins six-handed
    True
    """
    players = _check_players(players, minimum=2)
    seed = drawn_seed(seed)
    method, target_stderr = _by_category.choose(method, players, trials, seed, target_stderr,
                                                client)
    interrupted = False
    if method == "exact":
        n, rate, se = _exact_heads_up()
    else:
        trials = monte_carlo_trials(trials, target_stderr)
        if trials > MAX_DEALS:
            raise PokersimInputError(f"trials must be at most {MAX_DEALS:,} (the sums of "
                                     f"squares behind the standard errors are int64); got "
                                     f"{trials:,}")
        n, rate, se, trials, interrupted = _monte_carlo(players, trials, seed, target_stderr,
                                                        client, chunk_size, progress)
    frame = _by_category.table(CATEGORY_LABELS, n, rate, se,
                               "monte-carlo (partial)" if interrupted else method, n.sum(),
                               place=np.arange(1, 11, dtype=np.int64))
    frame.attrs.update(players=players, trials=trials, seed=seed_of(seed, method),
                       target_stderr=target_stderr)
    if interrupted:
        raise SimulationInterrupted(frame)
    return frame
