"""Jacks-or-Better video poker: classify hands, the best hold of a deal, the exact return.

A hand is classified into one of eleven classes, weakest first (the code is the value of
:class:`Hand`, so codes compare like the classes do)::

    0 Nothing          3 Two Pair          6 Flush            9 Straight Flush
    1 Low Pair         4 Three of a Kind   7 Full House      10 Royal Flush
    2 Jacks or Better  5 Straight          8 Four of a Kind

A *hold* keeps any subset of the five dealt cards (32 patterns) and redraws the rest from the
47 unseen cards. :func:`best_hold` averages the payout of a hold over every possible draw;
:func:`expected_return` plays every one of the 2,598,960 deals perfectly, by inclusion–exclusion
over hold subsets (see :func:`expected_return`).

>>> classify(parse_hands(["Jh Jd 4c 7s 9d", "2c 2d 4c 7s 9d"]), names=True)
['Jacks or Better', 'Low Pair']
>>> best_hold("Ah Kh Qh Jh 2c").iloc[0]["hold"]
'Ah Kh Qh Jh'
>>> round(float(expected_return(paytable="9/6")), 8)
0.99543904
"""

from __future__ import annotations

import enum
import functools
import numbers
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import NamedTuple

import numpy as np
import pandas as pd

from .. import config
from .._core import montecarlo
from .._core.combinatorics import (
    SUBSET_OFFSET,
    SUBSET_SIZE,
    first_combination,
    next_combination,
    subset_indices,
)
from .._core.jit import jit, on_rows, on_workers, row_workers, share, worker_copies, workers
from .._core.streams import seed_key
from .._core.validation import (
    check_flag,
    check_target_stderr,
    drawn_seed,
    monte_carlo_trials,
    short_repr,
)
from ..analysis.frequencies import by_class, count_hands
from ..cards import CARD_NAMES, as_hands, format_cards
from ..dealing import deal_rows, live_cards
from ..errors import PokersimInputError, SimulationInterrupted
from ..evaluator.strengths import Category, kernel_args, row_strength
from ..evaluator.tables import KEY_BIAS, lookup, tables
from ..results import ResultFrame, frequency_table

__all__ = ["PAY_TABLES", "STRATEGIES", "Hand", "PayTable", "VideoPokerReturn", "as_paytable",
           "best_hold", "classify", "expected_return", "hold_counts", "simulate"]


class Hand(enum.IntEnum):  # numpydoc ignore=PR01
    """The eleven Jacks-or-Better classes, weakest first; the value is the code."""

    NOTHING = 0
    LOW_PAIR = 1
    JACKS_OR_BETTER = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9
    ROYAL_FLUSH = 10

    @property
    def label(self) -> str:
        """Display name: ``Hand.JACKS_OR_BETTER.label == "Jacks or Better"``."""
        return self.name.replace("_", " ").title().replace(" Of A ", " of a ").replace(
            " Or ", " or ")


HAND_LABELS = tuple(h.label for h in Hand)
N_CLASSES = len(Hand)
JACK = 9  # rank code of the jack


@functools.cache
def class_of_strength() -> np.ndarray:
    """(7463,) int8: the :class:`Hand` code of every strength (index 0 unused)."""
    packed = tables().packed
    cat = packed >> 20
    pair_rank = (packed >> 16) & 0xF
    out = np.where(cat == Category.HIGH_CARD, Hand.NOTHING, cat + 1)
    out = np.where(cat == Category.PAIR,
                   np.where(pair_rank >= JACK, Hand.JACKS_OR_BETTER, Hand.LOW_PAIR), out)
    out[0] = 0
    return out.astype(np.int8)


@jit(worker=True)
def _classify_kernel(w, n_workers, hands, classes, card_keys, card_bits, flush, offsets, table,
                     out):
    """Worker w's share of the rows of ``hands``: ``out[i]``, the class of row i (run by
    :func:`pokersim._core.jit.on_rows`)."""
    start, stop = share(w, n_workers, hands.shape[0])
    for i in range(start, stop):
        out[i] = classes[row_strength(hands, i, 5, card_keys, card_bits, flush, offsets, table)]


def classify(hands, *, names: bool = False):
    """The Jacks-or-Better class of each five-card hand.

    Parameters
    ----------
    hands : array_like of int, shape (N, 5), or text
        Card ids (see :mod:`pokersim.cards`), or text such as ``"Jh Jd 4c 7s 9d"``.
    names : bool
        Return the class names (``"Two Pair"``) instead of the codes.

    Returns
    -------
    numpy.ndarray of int8, shape (N,), or list of str
        Codes 0 (Nothing) .. 10 (Royal Flush), see :class:`Hand`. One hand (1-D or a string)
        gives a :class:`Hand` (or its name).

    >>> classify("Ts Js Qs Ks As")
    <Hand.ROYAL_FLUSH: 10>
    >>> classify(np.array([[0, 1, 2, 3, 4]]), names=True)
    ['Four of a Kind']
    """
    names = check_flag(names, "names")
    arr, single = as_hands(hands, (5,))
    out = np.empty(arr.shape[0], np.int8)
    on_rows(_classify_kernel, arr.shape[0], arr, class_of_strength(), *kernel_args(), out)
    if single:
        return HAND_LABELS[out[0]] if names else Hand(int(out[0]))
    return [HAND_LABELS[c] for c in out.tolist()] if names else out


# ---------------------------------------------------------------------------------------------
# Pay tables

#: Payouts per coin, by class code (Nothing .. Royal Flush); the royal pays 800 per coin, as it
#: does for a five-coin bet (4000 coins).
PAY_TABLES = {
    "9/6": (0, 0, 1, 2, 3, 4, 6, 9, 25, 50, 800),
    "9/5": (0, 0, 1, 2, 3, 4, 5, 9, 25, 50, 800),
    "8/5": (0, 0, 1, 2, 3, 4, 5, 8, 25, 50, 800),
}


def _class_code(key) -> int:
    """A class code from a Hand, an int 0..10 or a name ("Two Pair", "two_pair")."""
    if isinstance(key, str):
        norm = key.strip().lower().replace("_", " ").replace("-", " ")
        for h in Hand:
            if h.label.lower() == norm:
                return int(h)
        if norm in ("high pair", "jacks or better pair"):
            return int(Hand.JACKS_OR_BETTER)
        raise PokersimInputError(f"unknown hand class {short_repr(key)}; expected one of "
                                 f"{', '.join(HAND_LABELS)}")
    if (isinstance(key, numbers.Integral) and not isinstance(key, bool)
            and 0 <= int(key) < N_CLASSES):
        return int(key)
    raise PokersimInputError(f"unknown hand class {short_repr(key)}; expected a name such as "
                             f"'Flush' or a code 0..10")


def _payout(value, what: str) -> float:
    """A payout as a float, or a PokersimInputError: a real number (not a bool or text) that
    a float can hold; the finite, >= 0 check is PayTable's."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise PokersimInputError(f"{what} must be a number; got {short_repr(value)}")
    try:
        return float(value)
    except (OverflowError, ValueError, TypeError):
        raise PokersimInputError(f"{what} = {short_repr(value)} is too large for a payout") \
            from None


@dataclass(frozen=True)
class PayTable:
    """Payouts per coin of each class, :class:`Hand` order (Nothing first).

    ``PayTable()`` is full-pay 9/6 Jacks or Better; ``PayTable.named("8/5")`` (or "9/5", "9/6")
    a named table; ``PayTable.from_mapping({"Royal Flush": 800, ...})`` a custom one, any class
    left out paying 0. Every function that takes a ``paytable`` also accepts a name or a mapping.

    Parameters
    ----------
    pays : sequence of 11 numbers, optional
        The payout per coin of each class, :class:`Hand` order (Nothing first), each finite
        and >= 0; kept as a tuple of floats. 9/6's by default.
    name : str, optional
        The table's name (``"9/6"`` by default), as results print it.

    Examples
    --------
    >>> PayTable.named("8/5")["Full House"]
    8.0
    >>> PayTable.from_mapping({"Jacks or Better": 1, "Royal Flush": 250}).pays[-1]
    250.0
    """

    pays: tuple = PAY_TABLES["9/6"]
    name: str = "9/6"

    def __post_init__(self):
        if isinstance(self.pays, (str, bytes)) or not isinstance(self.pays, Iterable):
            raise PokersimInputError(f"pays must be a sequence of {N_CLASSES} payouts (Nothing "
                                     f".. Royal Flush); got {short_repr(self.pays)}")
        pays = tuple(_payout(p, f"payout {i}") for i, p in enumerate(self.pays))
        if len(pays) != N_CLASSES:
            raise PokersimInputError(f"a pay table needs {N_CLASSES} payouts (Nothing .. Royal "
                                     f"Flush); got {len(pays)}")
        if not all(np.isfinite(p) and p >= 0 for p in pays):
            raise PokersimInputError(f"payouts must be finite and >= 0; got {pays}")
        object.__setattr__(self, "pays", pays)

    @classmethod
    def named(cls, name: str) -> PayTable:
        """One of :data:`PAY_TABLES`: ``"9/6"`` (full pay), ``"9/5"``, ``"8/5"``.

        Parameters
        ----------
        name : str
            The table's name, a key of :data:`PAY_TABLES`.

        Returns
        -------
        PayTable
            The table, named ``name``.
        """
        key = str(name).strip()
        if key not in PAY_TABLES:
            raise PokersimInputError(f"unknown pay table {short_repr(name)}; known tables: "
                                     f"{', '.join(PAY_TABLES)} (or pass a mapping)")
        return cls(PAY_TABLES[key], key)

    @classmethod
    def from_mapping(cls, mapping: Mapping, name: str = "custom") -> PayTable:
        """A table from ``{class name or code: payout}``; classes left out pay 0.

        Parameters
        ----------
        mapping : mapping
            Payouts by class: a :class:`Hand`, its code 0..10 or its name (``"Two Pair"``,
            ``"two_pair"``).
        name : str, optional
            The table's name (``"custom"`` by default).

        Returns
        -------
        PayTable
            The table.
        """
        pays = [0.0] * N_CLASSES
        named: dict[int, object] = {}
        for key, value in mapping.items():
            code = _class_code(key)
            if code in named:  # two spellings of one class ("High Pair", "Jacks or Better")
                raise PokersimInputError(f"the pay table names {Hand(code).label!r} twice: as "
                                         f"{short_repr(named[code])} and {short_repr(key)}")
            named[code] = key
            pays[code] = _payout(value, f"payout of {short_repr(key)}")
        return cls(tuple(pays), name)

    def __getitem__(self, key) -> float:
        return self.pays[_class_code(key)]

    @property
    def array(self) -> np.ndarray:
        """The payouts as a float64 array indexed by class code."""
        return np.array(self.pays, np.float64)

    @property
    def integral(self) -> bool:
        """Whether every payout is a whole number (then returns are exact fractions)."""
        return all(p == int(p) for p in self.pays)

    def to_frame(self) -> pd.DataFrame:
        """The table, best hand first.

        Returns
        -------
        pandas.DataFrame
            Columns ``category`` (the class's name) and ``pays``, a row per class.

        Examples
        --------
        >>> PayTable.named("8/5").to_frame().head(2)
                 category   pays
        0     Royal Flush  800.0
        1  Straight Flush   50.0
        """
        return pd.DataFrame({"category": HAND_LABELS[::-1], "pays": self.pays[::-1]})


def as_paytable(paytable) -> PayTable:
    """A :class:`PayTable` from None (9/6), a PayTable, a name or a mapping.

    Parameters
    ----------
    paytable : None, PayTable, str or mapping
        The pay table, or its name, or its pays by hand.

    Returns
    -------
    PayTable
        The pay table.

    Examples
    --------
    >>> as_paytable("8/5") == PayTable.named("8/5")
    True
    """
    if paytable is None:
        return PayTable()
    if isinstance(paytable, PayTable):
        return paytable
    if isinstance(paytable, str):
        return PayTable.named(paytable)
    if isinstance(paytable, Mapping):
        return PayTable.from_mapping(paytable)
    raise PokersimInputError(f"paytable must be a name ({', '.join(PAY_TABLES)}), a mapping or "
                             f"a PayTable; got {short_repr(paytable)}")


# ---------------------------------------------------------------------------------------------
# The best hold of one hand: every draw, enumerated

#: For each of the 32 holds (bit j keeps card j): the number of cards kept.
HOLD_SIZES = np.array([bin(m).count("1") for m in range(32)], np.int64)
#: Draws of each hold: C(47, 5 - kept).
HOLD_DRAWS = np.array([comb(47, 5 - k) for k in HOLD_SIZES], np.int64)
N_UNSEEN = 47


@jit(worker=True)
def _hold_counts_kernel(w, n_workers, hand, unseen, classes, card_keys, card_bits, flush,
                        offsets, table, out):
    """Worker w's share of ``out[mask * 47 + a, class]``: how many draws of hold ``mask`` whose
    first drawn card is ``unseen[a]`` end in each class (counted by
    :func:`pokersim.analysis.frequencies.count_hands`). Worker w fills rows w, w + W, ... of its own
    zeroed ``out`` (the caller sums the workers'): splitting each hold by its first drawn card
    balances the workers (discarding everything is 59% of the 2,598,960 draws), and an ``out``
    of its own keeps each off the cache lines of the next rows, the other workers'."""
    for t in range(w, 32 * N_UNSEEN, n_workers):
        mask = t // N_UNSEEN
        a = t % N_UNSEEN
        key = KEY_BIAS
        bits = np.uint64(0)
        n_draw = 5
        for j in range(5):
            if mask >> j & 1:
                key += card_keys[hand[j]]
                bits |= card_bits[hand[j]]
                n_draw -= 1
        if n_draw == 0:
            if a == 0:
                by_class(lookup(key, bits, flush, offsets, table), classes, out[t])
            continue
        if a > N_UNSEEN - n_draw:
            continue
        count_hands(by_class, key + card_keys[unseen[a]], bits | card_bits[unseen[a]], unseen,
                    a + 1, n_draw - 1, card_keys, card_bits, flush, offsets, table, classes,
                    out[t])


def hold_counts(hand) -> np.ndarray:
    """(32, 11) int64: for each hold (bit j keeps card j of ``hand``, as given), how many of
    its C(47, 5 - kept) draws end in each class. Every draw is enumerated.

    Parameters
    ----------
    hand : str or array_like
        Five cards.

    Returns
    -------
    numpy.ndarray
        ``int64`` counts of shape (32, 11): holds by final-hand classes.

    Examples
    --------
    >>> int(hold_counts("As Ks Qs Js Ts")[31, Hand.ROYAL_FLUSH])
    1
    """
    arr, _ = as_hands(hand, (5,), name="hand")
    if arr.shape[0] != 1:
        raise PokersimInputError(f"one hand of five cards, please; got {arr.shape[0]} hands")
    row = arr[0].copy()  # writable, as the kernel is compiled for (a read-only one: twice)
    unseen = np.setdiff1d(np.arange(52, dtype=np.uint8), row).astype(np.uint8)
    t = tables()
    args = (row, unseen, class_of_strength(), t.card_keys, t.card_bits, t.flush, t.offsets,
            t.hash)
    n_workers = workers()
    outs = worker_copies(n_workers, lambda out: out,
                         out=np.zeros((32 * N_UNSEEN, N_CLASSES), np.int64))
    on_workers(lambda w: _hold_counts_kernel(w, n_workers, *args, outs[w]), n_workers)
    return sum(outs).reshape(32, N_UNSEEN, N_CLASSES).sum(axis=1)


def _ties(totals: np.ndarray, draws: np.ndarray, best: int) -> np.ndarray:
    """Which holds have exactly the best expectation: totals[i] / draws[i] == best's, compared
    by cross-multiplication (exact for whole-number payouts)."""
    return totals * draws[best] == totals[best] * draws


def best_hold(hand, *, paytable=None) -> ResultFrame:
    """The expected payout of each of the 32 holds of a dealt hand, best first.

    Each hold's payout is averaged over every draw from the 47 unseen cards (exact).

    Parameters
    ----------
    hand : text or array of 5 cards
    paytable : PayTable, name ("9/6", "9/5", "8/5") or mapping; default 9/6

    Returns
    -------
    ResultFrame, 32 rows sorted by expected payout (ties in the order of the cards)
        ``hold`` (the cards kept, "" to discard all), ``pattern`` ("X" kept, "." drawn, in the
        order of the hand), ``kept``, ``draws``, ``expected`` (payout per coin), ``tied_best``
        (True for every hold whose expectation equals the best exactly), and one column per
        class giving the probability of ending with it (``p_royal_flush`` ...).

    >>> df = best_hold("Jh Jd 4c 7s 9d")
    >>> df.loc[0, "hold"], df.loc[0, "pattern"], int(df.loc[0, "kept"])
    ('Jh Jd', 'XX...', 2)
    >>> round(float(df.loc[0, "expected"]), 6)
    1.53654
    """
    pt = as_paytable(paytable)
    arr, _ = as_hands(hand, (5,), name="hand")
    counts = hold_counts(arr)
    return _hold_frame(arr[0], counts, pt)


def _hold_frame(row: np.ndarray, counts: np.ndarray, pt: PayTable) -> ResultFrame:
    totals = counts @ pt.array
    draws = HOLD_DRAWS
    ev = totals / draws
    order = sorted(range(32), key=lambda m: (-ev[m], m))
    best = order[0]
    tied = _ties(totals, draws.astype(np.float64), best)
    # exact comparison of the best against near-equal holds (float ev may round the same)
    names = [CARD_NAMES[c] for c in row]
    frame = ResultFrame({
        "hold": [" ".join(names[j] for j in range(5) if m >> j & 1) for m in order],
        "pattern": ["".join("X" if m >> j & 1 else "." for j in range(5)) for m in order],
        "kept": HOLD_SIZES[order],
        "draws": draws[order],
        "expected": ev[order],
        "tied_best": tied[order],
    })
    probs = counts[order] / draws[order, None]
    for h in reversed(Hand):
        frame["p_" + h.name.lower()] = probs[:, int(h)]
    frame.attrs.update(hand=format_cards(row), paytable=pt.name, masks=order)
    return frame


# ---------------------------------------------------------------------------------------------
# The whole game: inclusion–exclusion over hold subsets
#
# A subset S of at most five cards has its flat index (pokersim._core.combinatorics.subset_index:
# SUBSET_OFFSET[|S|] + its colex rank), so that the subsets of every size share one flat
# array. COUNTS[index of S, class] is the number of five-card hands
# containing S that end in each class (sizes 0..4); a 5-card set's class is CLASS5[its index].
# The draws of hold H that avoid the discarded cards D are the hands F with H ⊆ F and
# F ∩ D = ∅; their number in each class is the sum over K ⊆ D of (-1)^|K| COUNTS[H ∪ K].

N_SMALL = int(SUBSET_OFFSET[5])  # subsets of 0..4 cards


@jit(inline=True)
def _class_of(hand, classes, card_keys, card_bits, flush, offsets, table):
    """The class of the five cards of ``hand`` (a 1-D array)."""
    key = KEY_BIAS
    bits = np.uint64(0)
    for j in range(5):
        key += card_keys[hand[j]]
        bits |= card_bits[hand[j]]
    return classes[lookup(key, bits, flush, offsets, table)]


class _SubsetSpace(NamedTuple):
    """One worker's arrays in :func:`_subset_counts_kernel`: its counts and its scratch."""

    counts: np.ndarray  # (N_SMALL, N_CLASSES) int32, zeroed
    hand: np.ndarray  # (5,) int64
    idx: np.ndarray  # (32,) int64


@jit(worker=True)
def _subset_counts_kernel(w, n_workers, classes, card_keys, card_bits, flush, offsets, table,
                          class5, counts, hand, idx):
    """Worker w's share of counting every five-card hand into the subsets it contains: the
    hands whose lowest card is w, w + W, ..., in lexicographic order, counted into its own
    ``counts`` (summed later), their classes into ``class5``; ``hand`` and ``idx`` its
    scratch (a :class:`_SubsetSpace`)."""
    for lowest in range(w, 48, n_workers):
        first_combination(hand, 5, lowest)
        while hand[0] == lowest:
            cls = _class_of(hand, classes, card_keys, card_bits, flush, offsets, table)
            subset_indices(hand, idx)
            for m in range(31):
                counts[idx[m], cls] += 1
            class5[idx[31] - N_SMALL] = cls
            if not next_combination(hand, 5, 52):
                break


@functools.cache
def subset_counts() -> tuple[np.ndarray, np.ndarray]:
    """(COUNTS, CLASS5) of the inclusion–exclusion method (see above); computed once."""
    t = tables()
    n_workers = workers()
    spaces = worker_copies(n_workers, _SubsetSpace,
                           counts=np.zeros((N_SMALL, N_CLASSES), np.int32),
                           hand=np.zeros(5, np.int64), idx=np.zeros(32, np.int64))
    class5 = np.empty(comb(52, 5), np.int8)
    args = (class_of_strength(), t.card_keys, t.card_bits, t.flush, t.offsets, t.hash, class5)
    on_workers(lambda w: _subset_counts_kernel(w, n_workers, *args, *spaces[w]), n_workers)
    total = np.array([space.counts for space in spaces]).sum(axis=0, dtype=np.int32)
    return total, class5


@jit(inline=True)
def _best_of_deal(hand, pay_small, pays, class5, idx, tot):
    """The best hold of a sorted hand: fills ``idx`` with the flat indices of its subsets,
    ``tot[m]`` with the total payout of hold m over its draws, and returns the best m
    (highest expectation; ties: the lowest m)."""
    subset_indices(hand, idx)
    for m in range(31):
        tot[m] = pay_small[idx[m]]
    tot[31] = pays[class5[idx[31] - N_SMALL]]
    for bit in range(5):  # superset Möbius transform: alternating sums over the discards
        b = 1 << bit
        for m in range(32):
            if not m & b:
                tot[m] -= tot[m | b]
    best = 0
    for m in range(1, 32):
        # tot[m] / draws[m] > tot[best] / draws[best], exactly for whole-number pays
        if tot[m] * _DRAWS_F[best] > tot[best] * _DRAWS_F[m]:
            best = m
    return best


_DRAWS_F = HOLD_DRAWS.astype(np.float64)


@jit(inline=True)
def _hold_class_counts(m, idx, counts, class5, out):
    """``out[class]``: the draws of hold m (of the hand whose subset indices are ``idx``) in
    each class, by inclusion–exclusion over the discarded cards."""
    out[:] = 0
    for s in range(32):
        if s & m != m:
            continue
        sign = 1 - 2 * ((SUBSET_SIZE[s] - SUBSET_SIZE[m]) & 1)
        if s == 31:
            out[class5[idx[31] - N_SMALL]] += sign
        else:
            for c in range(out.shape[0]):
                out[c] += sign * counts[idx[s], c]


class _GameSpace(NamedTuple):
    """One worker's arrays in :func:`_game_kernel`: its sums and its scratch."""

    totals: np.ndarray  # (6,) float64, zeroed
    finals: np.ndarray  # (6, N_CLASSES) int64, zeroed
    hand: np.ndarray  # (5,) int64
    idx: np.ndarray  # (32,) int64
    tot: np.ndarray  # (32,) float64
    cls: np.ndarray  # (N_CLASSES,) int64


@jit(worker=True)
def _game_kernel(w, n_workers, pay_small, pays, counts, class5, totals, finals, hand, idx, tot,
                 cls):
    """Worker w's share of playing every deal perfectly: the deals whose lowest card is w,
    w + W, ..., in lexicographic order. Its own ``totals[k]`` sums the best holds' total
    payouts by cards kept k, ``finals[k, class]`` their draws' classes; ``hand``, ``idx``,
    ``tot`` and ``cls`` are its scratch (a :class:`_GameSpace`)."""
    for lowest in range(w, 48, n_workers):
        first_combination(hand, 5, lowest)
        while hand[0] == lowest:
            m = _best_of_deal(hand, pay_small, pays, class5, idx, tot)
            k = SUBSET_SIZE[m]
            totals[k] += tot[m]
            _hold_class_counts(m, idx, counts, class5, cls)
            for c in range(cls.shape[0]):
                finals[k, c] += cls[c]
            if not next_combination(hand, 5, 52):
                break


@dataclass(frozen=True)
class VideoPokerReturn:
    """The return of a video poker game, exact (:func:`expected_return`) or simulated
    (:func:`simulate`): ``float(r)`` is the payout per coin bet. Each parameter is kept as the
    attribute of its name (``r.value``, ``r.final_hands``, ...).

    Parameters
    ----------
    value : float
        The payout per coin bet (0.995439 for 9/6 under perfect play).
    std_error : float
        Its standard error: 0 when exact.
    method : str
        "exact", "monte-carlo" or, for the estimate that Ctrl-C leaves, "monte-carlo
        (partial)".
    trials : int or None
        Deals played (Monte Carlo); None when exact.
    strategy : str
        "optimal" (the hold of highest expectation: perfect play) or "simple".
    paytable : PayTable
        The pay table played.
    final_hands : ResultFrame
        A frequency table of the final hands, best first: category, count (Monte Carlo
        only: the exact outcomes are weighted by the draws of each hold), probability,
        std_error, one_in, method, then ``pays`` and ``contribution`` (pays x probability).
    exact : Fraction or None, optional
        The exact return as a fraction, when exact and every payout is whole (None by
        default).
    seed : int, SeedSequence, Generator or None, optional
        The seed the deals came from (Monte Carlo; one drawn when none was given: pass it
        again for the same deals); None when exact. ``final_hands.attrs["seed"]`` too.
    """

    value: float
    std_error: float
    method: str
    trials: int | None
    strategy: str
    paytable: PayTable
    final_hands: pd.DataFrame
    exact: Fraction | None = None
    seed: object = None

    def __float__(self) -> float:
        return self.value

    def __repr__(self) -> str:
        game = f"{self.paytable.name} Jacks or Better"
        if self.method == "exact":
            return f"VideoPokerReturn({game}, perfect play: {100 * self.value:.4f}%, exact)"
        return (f"VideoPokerReturn({game}, {self.strategy} play, {self.trials:,} deals: return "
                f"{100 * self.value:.3f}% ± {100 * self.std_error:.3f}%, {self.method})")


def _final_hands(pt: PayTable, method: str, counts=None, probability=None) -> ResultFrame:
    """The frequency table of the final hands, best first, from ``counts`` (Monte Carlo) or,
    when exact, from each class's ``probability`` (Nothing first) without a count."""
    if counts is not None:
        frame = frequency_table(HAND_LABELS[::-1], counts[::-1], method, order=HAND_LABELS)
    else:
        p = np.asarray(probability, np.float64)[::-1]
        with np.errstate(divide="ignore"):
            frame = ResultFrame({
                "category": pd.Categorical(HAND_LABELS[::-1], categories=HAND_LABELS,
                                           ordered=True),
                "probability": p, "std_error": np.zeros(N_CLASSES), "one_in": 1 / p,
                "method": method})
        frame.attrs.update(method=method, partial=False)
    frame["pays"] = pt.pays[::-1]
    frame["contribution"] = frame.pays * frame.probability
    frame.attrs.update(paytable=pt.name)
    return frame


@functools.cache
def _expected_return(pays: tuple) -> tuple[Fraction | float, tuple]:
    counts, class5 = subset_counts()
    pay_arr = np.array(pays, np.float64)
    pay_small = counts @ pay_arr
    n_workers = workers()
    spaces = worker_copies(n_workers, _GameSpace, totals=np.zeros(6, np.float64),
                           finals=np.zeros((6, N_CLASSES), np.int64),
                           hand=np.zeros(5, np.int64), idx=np.zeros(32, np.int64),
                           tot=np.zeros(32, np.float64), cls=np.zeros(N_CLASSES, np.int64))
    args = (pay_small, pay_arr, counts, class5)
    on_workers(lambda w: _game_kernel(w, n_workers, *args, *spaces[w]), n_workers)
    # summed in worker order, as one (W, 6) array: a custom table's float total depends on it
    totals = np.array([space.totals for space in spaces]).sum(axis=0)
    finals = np.array([space.finals for space in spaces]).sum(axis=0)
    deals = comb(52, 5)
    integral = all(p == int(p) for p in pays)
    if integral:
        value = sum(Fraction(int(totals[k]), comb(47, 5 - k)) for k in range(6)) / deals
    else:
        value = sum(totals[k] / comb(47, 5 - k) for k in range(6)) / deals
    probs = tuple(sum(Fraction(int(finals[k, c]), comb(47, 5 - k)) for k in range(6)) / deals
                  for c in range(N_CLASSES))
    return value, probs


def expected_return(*, paytable=None) -> VideoPokerReturn:
    """The exact return of Jacks or Better under perfect play, over all 2,598,960 deals.

    Every deal is played with the hold of highest expectation. The total payout of a hold H
    over its draws is an alternating sum over the discarded cards D:
    ``sum over K ⊆ D of (-1)^|K| T(H ∪ K)``, T(S) being the total payout of the five-card hands
    that contain S; the T of all 2.9 million subsets of up to five cards come from one pass
    over the hands, so a deal costs 32 lookups and a 5-step transform. Ties between holds are
    broken towards the lowest subset of the sorted cards; the return does not depend on it,
    the final-hand probabilities may (slightly).

    Parameters
    ----------
    paytable : PayTable, name ("9/6", "9/5", "8/5") or mapping; default 9/6

    Returns
    -------
    VideoPokerReturn
        ``float(r)`` is the payout per coin (0.995439 for 9/6), ``r.std_error`` 0,
        ``r.method`` "exact"; ``r.exact`` the fraction; ``r.final_hands`` the frequency table
        of the final hands (no ``count``: each deal's draws are weighted), whose
        ``attrs["exact_probabilities"]`` are fractions.

    >>> r = expected_return(paytable="9/6")
    >>> f"{100 * float(r):.4f}%"
    '99.5439%'
    >>> r.final_hands.head(3)
             category probability std_error  one_in method pays contribution
    0     Royal Flush   0.002476%        0%  40,391  exact  800      0.01981
    1  Straight Flush    0.01093%        0%   9,148  exact   50     0.005465
    2  Four of a Kind     0.2363%        0%   423.3  exact   25      0.05906
    """
    pt = as_paytable(paytable)
    value, probs = _expected_return(pt.pays)
    frame = _final_hands(pt, "exact", probability=[float(x) for x in probs])
    frame.attrs.update(exact_probabilities=probs[::-1])
    exact = value if isinstance(value, Fraction) else None
    return VideoPokerReturn(float(value), 0.0, "exact", None, "optimal", pt, frame, exact)


# ---------------------------------------------------------------------------------------------
# Simulation

STRATEGIES = ("optimal", "simple")


@jit(inline=True)
def _sort_cards(cards):
    """Sort a few cards in place, lowest first (an insertion sort: ``ndarray.sort`` keeps its
    quicksort's stack in a list, which a worker kernel cannot allocate)."""
    for j in range(1, cards.shape[0]):
        c = cards[j]
        at = j
        while at > 0 and cards[at - 1] > c:
            cards[at] = cards[at - 1]
            at -= 1
        cards[at] = c


class _DealSpace(NamedTuple):
    """One worker's scratch in :func:`_simulate_kernel`."""

    dealt: np.ndarray  # (5,) int64
    idx: np.ndarray  # (32,) int64
    tot: np.ndarray  # (32,) float64


@jit(worker=True)
def _simulate_kernel(w, n_workers, cards, simple, pay_small, pays, class5, classes, card_keys,
                     card_bits, flush, offsets, table, payout, final, dealt, idx, tot):
    """Worker w's share of the rows: play each (cards 0..4 are the deal, 5..9 the draws in
    order) into ``payout[i]`` and ``final[i]``. ``simple`` holds a paying-or-pair hand's
    grouped cards (all five for a straight or better), else J, Q, K, A. ``dealt``, ``idx``
    and ``tot`` are the worker's scratch (a :class:`_DealSpace`)."""
    start, stop = share(w, n_workers, cards.shape[0])
    for i in range(start, stop):
        for j in range(5):
            dealt[j] = cards[i, j]
        _sort_cards(dealt)
        dealt_class = _class_of(dealt, classes, card_keys, card_bits, flush, offsets, table)
        if simple:
            mask = 0
            if dealt_class >= 5:
                mask = 31
            elif dealt_class >= 1:
                for j in range(5):
                    n = 0
                    for t in range(5):
                        n += (dealt[t] >> 2) == (dealt[j] >> 2)
                    if n >= 2:
                        mask |= 1 << j
            else:
                for j in range(5):
                    if dealt[j] >> 2 >= 9:
                        mask |= 1 << j
        else:
            mask = _best_of_deal(dealt, pay_small, pays, class5, idx, tot)
        key = KEY_BIAS
        bits = np.uint64(0)
        drawn = 5
        for j in range(5):
            c = dealt[j] if mask >> j & 1 else cards[i, drawn]
            if not mask >> j & 1:
                drawn += 1
            key += card_keys[c]
            bits |= card_bits[c]
        cls = classes[lookup(key, bits, flush, offsets, table)]
        final[i] = cls
        payout[i] = pays[cls]


def simulate(*, trials: int | None = None, strategy: str = "optimal", seed=None, paytable=None,
             target_stderr: float | None = None, client=None,
             chunk_size: int | None = None, progress: bool = False) -> VideoPokerReturn:
    """Play ``trials`` random deals with a strategy and measure the return.

    Parameters
    ----------
    trials : int >= 1, optional
        Number of deals; default ``config.DEFAULT_TRIALS`` (1,000,000), or with
        ``target_stderr`` a cap of ``config.MAX_TRIALS``. Deal i is row i of
        ``pokersim.deal(trials, 10, seed)``: five cards dealt, then the replacement cards in
        order.
    strategy : "optimal" or "simple"
        "optimal" takes the hold of highest expectation (as :func:`expected_return`);
        "simple" holds all five cards of a straight or better, the paired cards of a pair,
        two pair, trips or quads, else every jack, queen, king and ace.
    seed, paytable : as elsewhere
    target_stderr : float, optional
        Stop after the chunk of deals where the return's ``std_error`` is below it.
    client, chunk_size, progress
        The deals are played in chunks of ``chunk_size``, here or on ``client`` (a Dask
        ``Client`` or an executor, see :mod:`pokersim._core.runner`), with a progress bar on
        request; memory stays bounded however many deals. Ctrl-C raises
        :class:`~pokersim.SimulationInterrupted` whose ``partial`` is the result so far
        (method "monte-carlo (partial)").

    Returns
    -------
    VideoPokerReturn
        ``value`` (mean payout per coin), ``std_error``, ``method`` "monte-carlo",
        ``trials``, ``strategy``, ``paytable`` and ``final_hands``, the frequency table of
        the final hands (with ``count``).

    >>> r = simulate(trials=200_000, seed=1)
    >>> abs(r.value - 0.995439) < 4 * r.std_error
    True
    >>> simulate(trials=200_000, strategy="simple", seed=1).value < r.value
    True
    """
    seed = drawn_seed(seed)
    target_stderr = check_target_stderr(target_stderr)
    n = monte_carlo_trials(trials, target_stderr)
    if not isinstance(strategy, str) or strategy not in STRATEGIES:
        raise PokersimInputError(f"strategy must be one of {STRATEGIES}; got "
                                 f"{short_repr(strategy)}")
    pt = as_paytable(paytable)

    def summary(counts, method: str) -> VideoPokerReturn:
        total, total_sq, count = counts
        played = int(count.sum())
        value = float(total[0] / played)
        var = (total_sq[0] - played * value**2) / (played - 1) if played > 1 else float("nan")
        se = float(np.sqrt(max(var, 0.0) / played)) if played > 1 else float("nan")
        final = _final_hands(pt, method, counts=count)
        final.attrs.update(trials=played, seed=seed, strategy=strategy)
        return VideoPokerReturn(value, se, method, played, strategy, pt, final, seed=seed)

    def stop(counts) -> bool:  # the return known to within target_stderr
        assert target_stderr is not None  # the rule is given only with a target
        return summary(counts, "monte-carlo").std_error < target_stderr

    problem = (seed_key(seed), n, strategy, pt.array)
    run = montecarlo.run(_simulate_chunk, problem, n, config.DEAL_BLOCK, client=client,
                         chunk_size=chunk_size, progress=progress,
                         stop=None if target_stderr is None else stop,
                         desc="video poker deals", unit="deals")
    if run.interrupted:
        raise SimulationInterrupted(summary(run.counts, "monte-carlo (partial)"))
    return summary(run.counts, "monte-carlo")


def _simulate_chunk(problem: tuple, first: int, n_blocks: int) -> tuple:
    """Sum of payouts, sum of their squares and final-hand counts of deal blocks ``first ..
    first + n_blocks - 1`` (the rows of ``deal(hands, 10, seed)`` those blocks hold)."""
    key, hands, strategy, pay_arr = problem
    block = config.DEAL_BLOCK
    rows = min(hands, (first + n_blocks) * block) - first * block
    cards = deal_rows(key, first, rows, 10, live_cards())
    if strategy == "optimal":
        counts, class5 = subset_counts()
        pay_small = counts @ pay_arr
    else:
        class5 = np.zeros(1, np.int8)
        pay_small = np.zeros(1, np.float64)
    t = tables()
    payout = np.empty(rows, np.float64)
    final = np.empty(rows, np.int8)
    args = (cards, strategy == "simple", pay_small, pay_arr, class5, class_of_strength(),
            t.card_keys, t.card_bits, t.flush, t.offsets, t.hash, payout, final)
    n_workers = row_workers(rows)  # as on_rows, which takes one scratch array
    spaces = worker_copies(n_workers, _DealSpace, dealt=np.zeros(5, np.int64),
                           idx=np.zeros(32, np.int64), tot=np.zeros(32, np.float64))
    on_workers(lambda w: _simulate_kernel(w, n_workers, *args, *spaces[w]), n_workers)
    return (np.array([payout.sum()]), np.array([payout @ payout]),
            np.bincount(final, minlength=N_CLASSES).astype(np.int64))
