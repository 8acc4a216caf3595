"""Five-card draw deals: hands dealt round the table, named, placed and compared.

Cards are dealt one at a time round the table from one shuffled deck, so with P players seat s
(1-based) gets cards s, s + P, s + 2P, ... of the deck. Each hand gets its category and its
*place* in the seed's list, 1 (royal flush) .. 10 (high card); the best strength wins, equal
best strengths split the pot.

>>> deal_table(3, seed=11)
   round  seat           cards             hand   category  place  strength outcome
0      1     1  6c Jh Kh 5c 2s  High Card, King  High Card     10       589    lose
1      1     2  Tc 6h 6d 8d 3h    Pair of Sixes       Pair      9      2204    lose
2      1     3  9s 6s Js Ks 9c    Pair of Nines       Pair      9      2970     win
Round 1: seat 3 wins with Pair of Nines (9s 6s Js Ks 9c)
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

import numba
import numpy as np
import pandas as pd
from numba import prange

from .. import config
from .._jit import jit
from .._random import block_state, seed_key
from ..cards import format_cards
from ..deal import deal, deal_plan, deal_row
from ..errors import PokersimInputError, SimulationInterrupted
from ..evaluate import (
    CATEGORY_LABELS,
    Category,
    category,
    category_of_strength,
    describe,
    evaluate,
    hand_strength,
    kernel_args,
)
from ..runner import check_client, chunk_blocks, run_chunks
from ..validation import check_between, check_count
from .videopoker import BINOM, N_SMALL, _subset_indices

MAX_PLAYERS = 10  # 50 of the 52 cards
PLACE_LABELS = tuple(CATEGORY_LABELS[::-1])  # place 1 = Royal Flush .. place 10 = High Card
OUTCOMES = ("win", "split", "lose")


def check_players(players, minimum: int = 1) -> int:
    """``players`` as an int in minimum..10, else a PokersimInputError saying why."""
    return check_between(players, "players", minimum, MAX_PLAYERS,
                         " (one deck holds five cards each for at most 10 players)")


class DrawTable(pd.DataFrame):
    """The DataFrame :func:`deal_table` returns; printing it adds one line a round naming the
    winner. Anything derived from it (a selection, a copy) is a plain DataFrame."""

    @property
    def _constructor(self):
        return pd.DataFrame

    def __repr__(self) -> str:
        with pd.option_context("display.width", 250, "display.max_columns", None):
            text = super().__repr__()
        return text + "\n" + "\n".join(winner_lines(self))


def deal_table(players: int, rounds: int = 1, seed=None) -> DrawTable:
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
    DrawTable (a pandas DataFrame), one row per seat per round
        ``round`` and ``seat`` (from 1), ``cards`` (text, in the order dealt), ``hand``
        (e.g. "Pair of Kings"), ``category`` (ordered categorical), ``place`` (1 royal flush ..
        10 high card), ``strength`` (1..7462, higher wins) and ``outcome``: "win" (alone),
        "split" (tied for best) or "lose". Printing it names each round's winner.

    >>> t = deal_table(3, rounds=2, seed=5)
    >>> t.groupby("round").outcome.apply(lambda o: (o != "lose").sum()).tolist()
    [1, 1]
    """
    players = check_players(players)
    rounds = check_count(rounds, "rounds", 1)
    cards = deal(rounds, 5 * players, seed)
    # card i of a deck goes to seat i % players: seat s holds columns s, s + P, ...
    hands = cards.reshape(rounds, 5, players).transpose(0, 2, 1).reshape(-1, 5)
    hands = np.ascontiguousarray(hands)
    strength = evaluate(hands).astype(np.int64)
    cat = category(strength)
    per_round = strength.reshape(rounds, players)
    best = per_round.max(axis=1, keepdims=True)
    n_best = (per_round == best).sum(axis=1, keepdims=True)
    outcome = np.where(per_round < best, 2, np.where(n_best > 1, 1, 0)).ravel()
    frame = DrawTable({
        "round": np.repeat(np.arange(1, rounds + 1), players),
        "seat": np.tile(np.arange(1, players + 1), rounds),
        "cards": format_cards(hands),
        "hand": describe(strength),
        "category": pd.Categorical([CATEGORY_LABELS[c] for c in cat.tolist()],
                                   categories=CATEGORY_LABELS, ordered=True),
        "place": (Category.ROYAL_FLUSH + 1 - cat).astype(np.int64),
        "strength": strength,
        "outcome": pd.Categorical.from_codes(outcome, categories=list(OUTCOMES)),
    })
    frame.attrs.update(players=players, rounds=rounds)
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


def winner_lines(frame: pd.DataFrame, max_rounds: int = 10) -> list[str]:
    """One line a round naming the winner (or the seats that split).

    >>> lines = winner_lines(deal_table(4, rounds=2, seed=5))
    >>> len(lines), lines[0].startswith("Round 1: seat")
    (2, True)
    """
    _check_frame(frame, ("round", "seat", "cards", "hand", "outcome"), "winner_lines")
    max_rounds = check_count(max_rounds, "max_rounds")
    lines = []
    for i, (rnd, group) in enumerate(frame.groupby("round", sort=True)):
        if i == max_rounds:
            lines.append(f"... ({frame['round'].nunique() - max_rounds} more rounds)")
            break
        top = group[group.outcome != "lose"]
        first = top.iloc[0]
        if len(top) == 1:
            lines.append(f"Round {rnd}: seat {first.seat} wins with {first.hand} "
                         f"({first.cards})")
        else:
            seats = ", ".join(str(s) for s in top.seat.tolist())
            lines.append(f"Round {rnd}: seats {seats} split the pot with {first.hand}")
    return lines


def format_table(frame: pd.DataFrame) -> str:
    """The deal as text, a block a round, the winner marked ``<- WINNER`` (``<- SPLIT`` for a
    shared pot). Takes the frame of :func:`deal_table`.

    >>> text = format_table(deal_table(3, seed=2))
    >>> text.splitlines()[0], text.count("<- WINNER") + text.count("<- SPLIT") >= 1
    ('Round 1', True)
    """
    _check_frame(frame, ("round", "seat", "cards", "hand", "place", "outcome"), "format_table")
    lines = []
    width = max(len(h) for h in frame["hand"]) if len(frame) else 0
    for rnd, group in frame.groupby("round", sort=True):
        lines.append(f"Round {rnd}")
        for row in group.itertuples():
            mark = {"win": "  <- WINNER", "split": "  <- SPLIT", "lose": ""}[row.outcome]
            lines.append(f"  seat {row.seat:>2d}  {row.cards}  {row.hand:<{width}}  "
                         f"place {row.place:>2d}{mark}")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# Win rates: Monte Carlo for any table, exact heads-up

#: Pot shares are counted in units of 1/2520 (2520 is divisible by 1..10), so every sum is an
#: exact integer and the result does not depend on the order threads add them.
SHARE_UNIT = 2520
#: Monte Carlo deals at most: a deal adds at most SHARE_UNIT**2 to a sum of squares, and the
#: int64 sums must not overflow (2**63 / 2520**2 is 1.45e12).
MAX_DEALS = 10**12


@functools.cache
def _win_kernel(players: int):
    """The Monte Carlo kernel for ``players`` seats (the deal plan compiled in)."""
    k = 5 * players
    plan = deal_plan(52, k)
    full_deck = np.arange(52, dtype=np.uint8)

    @jit(parallel=True)
    def kernel(key, first_block, n_blocks, block, trials, cat_of, card_keys, card_bits, flush,
               offsets, table, sx, sxx, sxn, sn, snn):
        """Per category c and outcome o (win, split, lose, pot share): sums over trials of
        x = seats of category c with outcome o, of x*x, x*n and, per category, of n and n*n
        (n = seats of category c in the trial): the sums a ratio estimator's standard error
        needs, for blocks ``first_block ..``. Block b draws from stream b; worker w takes
        blocks w, w + W, ... of them."""
        n_workers = sx.shape[0]
        for w in prange(n_workers):
            deck = np.empty(52, np.uint8)
            dealt = np.empty((1, k), np.uint8)
            seat = np.empty((1, 5), np.uint8)
            strength = np.empty(players, np.int64)
            xt = np.zeros((10, 4), np.int64)
            nt = np.zeros(10, np.int64)
            for b in range(first_block + w, first_block + n_blocks, n_workers):
                state = block_state(key, b)
                deck[:] = full_deck
                for _ in range(min(block, trials - b * block)):
                    state = deal_row(state, deck, dealt, 0, 52, k, plan)
                    best = 0
                    for s in range(players):
                        for j in range(5):
                            seat[0, j] = dealt[0, s + j * players]
                        v = hand_strength(seat, 0, 5, card_keys, card_bits, flush, offsets,
                                          table)
                        strength[s] = v
                        best = max(best, v)
                    n_best = 0
                    for s in range(players):
                        n_best += strength[s] == best
                    for s in range(players):
                        c = cat_of[strength[s]]
                        nt[c] += 1
                        if strength[s] < best:
                            xt[c, 2] += 1
                        else:
                            xt[c, 0 if n_best == 1 else 1] += 1
                            xt[c, 3] += SHARE_UNIT // n_best
                    for s in range(players):
                        c = cat_of[strength[s]]
                        n = nt[c]
                        if n == 0:
                            continue  # already added
                        sn[w, c] += n
                        snn[w, c] += n * n
                        for o in range(4):
                            x = xt[c, o]
                            sx[w, c, o] += x
                            sxx[w, c, o] += x * x
                            sxn[w, c, o] += x * n
                            xt[c, o] = 0
                        nt[c] = 0

    return kernel


def _monte_carlo_chunk(problem: tuple, first: int, n: int) -> tuple:
    """The sums of :func:`_win_kernel` over blocks ``first .. first + n - 1``."""
    players, key, trials = problem
    workers = numba.get_num_threads()
    sx = np.zeros((workers, 10, 4), np.int64)
    sxx, sxn = np.zeros_like(sx), np.zeros_like(sx)
    sn = np.zeros((workers, 10), np.int64)
    snn = np.zeros_like(sn)
    _win_kernel(players)(key, first, n, config.MC_BLOCK, trials, category_of_strength(),
                         *kernel_args(), sx, sxx, sxn, sn, snn)
    return tuple(a.sum(axis=0) for a in (sx, sxx, sxn, sn, snn))


def _monte_carlo(players: int, trials: int, seed, client, chunk_size, progress) -> tuple:
    block = config.MC_BLOCK
    run = run_chunks(_monte_carlo_chunk, (players, seed_key(seed), trials),
                     -(-trials // block), chunk_blocks(chunk_size, block), client=client,
                     progress=progress, block_size=block, total=trials, desc="draw5 deals",
                     unit="deals")
    sx, sxx, sxn, sn, snn = run.counts  # type: ignore[misc]  # not None: trials >= 1
    sx, sxx, sxn, sn, snn = (a.astype(np.float64) for a in (sx, sxx, sxn, sn, snn))
    sx[:, 3] /= SHARE_UNIT
    sxx[:, 3] /= SHARE_UNIT**2
    sxn[:, 3] /= SHARE_UNIT
    with np.errstate(divide="ignore", invalid="ignore"):
        rate = sx / sn[:, None]
        var = (sxx - 2 * rate * sxn + rate**2 * snn[:, None]) / sn[:, None] ** 2
        se = np.sqrt(np.maximum(var, 0))
    return sn, rate, se, min(run.blocks * block, trials), run.interrupted


@jit
def _heads_up_kernel(order, hands, binom, counts, lower, equal):
    """For every five-card hand h (``hands[h, :5]`` its sorted cards, ``hands[h, 5]`` its
    strength), visited in ``order`` of increasing strength: ``lower[h]`` and ``equal[h]``, how
    many hands disjoint from h are weaker and how many are as strong.

    ``counts`` counts, for every subset K of 1..4 cards (flat index as in
    :func:`pokersim.games.videopoker._subset_indices`), the hands already visited that contain
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
                _subset_indices(hands[h, :5], binom, idx)
                if pass_ == 1:
                    for m in range(1, 31):
                        counts[idx[m]] += 1
                    continue
                disjoint = visited
                for m in range(1, 31):
                    size = 0
                    for j in range(5):
                        size += m >> j & 1
                    if size & 1:
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


@functools.cache
def heads_up_counts() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Exact heads-up results of every five-card hand against every other disjoint hand.

    Returns ``(hands, strength, wins, ties)``: all 2,598,960 hands (sorted cards, in
    lexicographic order), their strengths, and how many of the C(47, 5) = 1,533,939 hands an
    opponent can hold they beat and tie. About a second.
    """
    hands = _all_hands()
    strength = evaluate(hands).astype(np.int64)
    order = np.argsort(strength, kind="stable")
    table = np.empty((hands.shape[0], 6), np.int64)
    table[:, :5] = hands
    table[:, 5] = strength
    counts = np.zeros(N_SMALL, np.int64)
    lower = np.zeros(hands.shape[0], np.int64)
    equal = np.zeros(hands.shape[0], np.int64)
    _heads_up_kernel(order, table, BINOM, counts, lower, equal)
    return hands, strength, lower, equal


def _all_hands() -> np.ndarray:
    """Every five-card hand, sorted cards, lexicographic order: (2598960, 5) uint8."""
    out = np.empty((comb(52, 5), 5), np.uint8)
    _fill_hands(out)
    return out


@jit
def _fill_hands(out):
    i = 0
    for a in range(48):
        for b in range(a + 1, 49):
            for c in range(b + 1, 50):
                for d in range(c + 1, 51):
                    for e in range(d + 1, 52):
                        out[i, 0] = a
                        out[i, 1] = b
                        out[i, 2] = c
                        out[i, 3] = d
                        out[i, 4] = e
                        i += 1


def _exact_heads_up() -> tuple:
    _, strength, wins, ties = heads_up_counts()
    cat = category_of_strength()[strength]
    opponents = comb(47, 5)
    n = np.bincount(cat, minlength=10).astype(np.float64)
    w = np.bincount(cat, weights=wins, minlength=10)
    t = np.bincount(cat, weights=ties, minlength=10)
    denom = n * opponents
    rate = np.stack([w / denom, t / denom, 1 - (w + t) / denom, (w + t / 2) / denom], axis=1)
    return n, rate, np.zeros_like(rate)


def win_rates(players: int, trials: int | None = None, seed=None,
              method: str | None = None, *, client=None, chunk_size: int | None = None,
              progress: bool = False) -> pd.DataFrame:
    """How often a dealt hand of each category wins outright, splits or loses.

    Parameters
    ----------
    players : int, 2..10
    trials : int, optional
        Deals to simulate (Monte Carlo); default 1,000,000. Each deal gives every seat a
        sample.
    seed : None, int, SeedSequence or numpy Generator
        The same seed gives the same numbers whatever the number of threads.
    method : "exact", "monte-carlo" or None
        None: exact for two players when ``trials`` is not given, else Monte Carlo. Exact
        compares every hand with every disjoint opponent hand (heads-up only, ~1 s).
    client, chunk_size, progress
        Monte Carlo runs in chunks of ``chunk_size`` deals, here or on ``client`` (a Dask
        ``Client`` or an executor, see :mod:`pokersim.runner`), with a progress bar on
        request. Ctrl-C raises :class:`~pokersim.SimulationInterrupted` whose ``partial`` is
        the frame of the deals done.

    Returns
    -------
    pandas.DataFrame, a row per category, best first
        ``category``, ``place``, ``hands`` (seat hands counted: sampled, or all 2,598,960),
        ``frequency`` (share of hands in this category), ``win``, ``split``, ``lose`` (rates,
        summing to 1), ``equity`` (the share of the pot won, ties shared), and their standard
        errors ``win_se`` ... ``equity_se`` (0 when exact). Rates of a category never dealt are
        NaN. ``attrs`` holds players, method and trials.

    >>> df = win_rates(2)
    >>> df.loc[df.category == "Royal Flush", ["win", "split"]].round(6).values.tolist()
    [[0.999998, 2e-06]]
    >>> df = win_rates(6, trials=20_000, seed=1)
    >>> float(df.win.iloc[-1]) < 0.01  # high card rarely wins six-handed
    True
    """
    players = check_players(players, minimum=2)
    check_client(client)
    interrupted = False
    if method is None:
        method = "exact" if players == 2 and trials is None else "monte-carlo"
    if not isinstance(method, str):
        raise PokersimInputError(f"method must be 'exact', 'monte-carlo' or None; got "
                                 f"{method!r}")
    if method == "exact":
        if players != 2:
            raise PokersimInputError(f"method='exact' is for two players; got players={players} "
                                     "(use method='monte-carlo')")
        if trials is not None or seed is not None:
            raise PokersimInputError("trials and seed apply to method='monte-carlo' only")
        n, rate, se = _exact_heads_up()
    elif method == "monte-carlo":
        trials = check_count(trials if trials is not None else 1_000_000, "trials", 1)
        if trials > MAX_DEALS:
            raise PokersimInputError(f"trials must be at most {MAX_DEALS:,} (the sums of "
                                     f"squares behind the standard errors are int64); got "
                                     f"{trials:,}")
        n, rate, se, trials, interrupted = _monte_carlo(players, trials, seed, client,
                                                        chunk_size, progress)
    else:
        raise PokersimInputError(f"method must be 'exact', 'monte-carlo' or None; got {method!r}")
    rev = slice(None, None, -1)
    frame = pd.DataFrame({
        "category": pd.Categorical(CATEGORY_LABELS[rev], categories=CATEGORY_LABELS,
                                   ordered=True),
        "place": np.arange(1, 11),
        "hands": n[rev].astype(np.int64),
        "frequency": n[rev] / n.sum(),
    })
    for o, name in enumerate(("win", "split", "lose", "equity")):
        frame[name] = rate[rev, o]
    for o, name in enumerate(("win", "split", "lose", "equity")):
        frame[name + "_se"] = se[rev, o]
    frame.attrs.update(players=players, method=method, trials=trials, partial=interrupted)
    if interrupted:
        raise SimulationInterrupted(frame)
    return frame
