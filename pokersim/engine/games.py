"""Equity in every game: the game kernels for Omaha, stud, razz, the draw games, ... through
:func:`pokersim.equity` with ``game=``.

>>> from pokersim import equity
>>> df = equity(["As Ad Ks Kd", "Qh Qc Jh Jc"], board="2s 3d 4h 5c", game="omaha")
>>> df[["player", "equity", "outcomes", "method"]]
        player equity outcomes method
0  As Ad Ks Kd    90%       40  exact
1  Qh Qc Jh Jc    10%       40  exact

A player is a full hand of the game's hole cards, a *partial* hand (fewer cards: ``"As Ad"``
in Omaha, a stud player's known cards, a draw player's kept cards) completed at random from
the cards left, ``"random"``, or a list of hands (full or partial, of any sizes; text or card
arrays), a ``{hand: weight}`` dict or a list of ``(hand, weight)`` pairs (positive, finite
weights, within a factor :data:`WEIGHT_SPAN` of each other): one of them is dealt, with
chance proportional to its weight among the choices that share no card with the others, and
completed at random. A partial hand in a list stands for each of its completions, which share
its weight equally: a list mixing sizes is dealt from the list of every completion of its
shorter hands to its longest (at most :data:`MIXED_LIST_HANDS`; with two such lists, the
chance of a pair of choices also counts the completions each leaves the other). Two-card
games (Hold'em, short deck) also take ranges (``"QQ+, AKs"``, a
:class:`~pokersim.ranges.Range`). Draw games are valued after the draw: each player's kept
cards plus random cards. Stud's up-cards folded by others are ``dead`` cards. One parser
reads the players of every game (:mod:`pokersim.engine.question`).

:func:`pokersim.equity` reads and checks the question of every game the same way
(:func:`pokersim.engine.front.equity_on`), follows one rule for ``method="auto"`` (exact within
``config.EXACT_WORK`` hand evaluations) and makes one table (:mod:`pokersim.engine.outcomes`);
:func:`game_counts` counts the outcomes of every game, on the kernel its description calls
for.

The table is a win-rate table (``docs/api.md``). Split-pot (hi/lo) games add, after the
standard columns, ``high_win`` / ``high_tie`` (the chance of winning / sharing the high half;
when no hand qualifies for low, the high half is the whole pot), ``low_win`` / ``low_tie``
(the same for the low half; 0 when there is no low), ``scoop`` (the whole pot alone),
``high_equity`` and ``low_equity`` (the expected share of the pot taken from each half: they
sum to ``equity``). In every game ``win`` is the chance of taking the whole pot alone (a
scoop), ``tie`` of taking a part of it but not all (a shared half, a split of the halves, a
quarter), ``lose`` of taking nothing, and ``equity`` the expected share of the pot.

>>> hl = equity(["As 2s Kd Qd", "Ah 3h Kc Qc"], board="4c 5d 8h Ks Jd", game="omaha-hi-lo")
>>> hl[["player", "win", "tie", "equity", "high_tie", "low_win", "low_equity"]]
        player win   tie equity high_tie low_win low_equity
0  As 2s Kd Qd  0%  100%    75%     100%    100%        50%
1  Ah 3h Kc Qc  0%  100%    25%     100%      0%         0%

``categories=True`` adds a column per category of the game's ranking, strongest first (in
split-pot games, of the high hand): how often each player's final hand is of it.

>>> razz = equity(["As 2d 3c 4h 5s Kd", "Ah 2h 3h 4d 6c 7d"], game="razz", categories=True)
>>> razz[["player", "equity", "5-low", "6-low", "Pair"]]
              player  equity 5-low  6-low Pair
0  As 2d 3c 4h 5s Kd  96.25%  100%     0%   0%
1  Ah 2h 3h 4d 6c 7d   3.75%  7.5%  92.5%   0%
"""

from __future__ import annotations

import functools
import math
from contextlib import contextmanager
from dataclasses import dataclass, replace
from itertools import accumulate

import numba
import numpy as np

from .. import config, rankings
from .._core.combinatorics import binomials
from .._core.gaps import gap_words
from .._core.jit import HAS_PDEP, SERIAL_SHOWDOWNS, on_workers, workers_for
from .._core.streams import alias_rows, alias_tables, seed_key
from .._core.validation import drawn_seed, monte_carlo_trials
from ..dealing import deal_plan
from ..errors import PokersimInputError
from ..evaluator.strengths import game_strengths, kernel_args
from ..evaluator.tables import KEY_BIAS
from ..games.game import Game
from ..ranges import N_COMBOS, combo_indices
from ..rankings import BADUGI
from ..rankings.omaha import HOLE_BIAS
from ..rankings.omaha import tables as omaha_tables
from . import _games
from .choices import (
    exact_whole_weights,
    fixing_permutations,
    joint_choices,
    merge_isomorphic,
    no_choice,
    whole_weights,
)
from .lists import list_against_list_counts, row_by_row_counts
from .outcomes import Counted, codes_of_wins, exact_in_reach, shares
from .question import (
    MIXED_LIST_HANDS,
    WEIGHT_SPAN,
    Player,
    Question,
    card_mask,
    cards_left,
    deck_of,
)
from .runs import exact_counts, monte_carlo_counts

__all__ = ["EXACT_LIMIT", "MIXED_LIST_HANDS", "WEIGHT_SPAN", "game_counts", "shares"]


#: ``method="exact"`` refuses more players' hand evaluations than this (deals x players: a
#: minute or more of work; Monte Carlo answers such spots within a small standard error).
EXACT_LIMIT = 1_000_000_000
#: At most this many showdowns of the preflop kernel a joint choice (of the 1,712,304 boards
#: of two hands: the rank multisets no flush can touch, and the boards of a possible flush by
#: their suited cards and the others' ranks, ~41,500 for AhKh against QsQd), what
#: ``method="exact"`` counts against :data:`EXACT_LIMIT` there.
PREFLOP_SHOWDOWNS = 60_000
#: Deals per block of exact enumeration (chunks are whole blocks).
EXACT_BLOCK = 4096
#: With no board card to come, exact enumeration finds each hand a player may end with once
#: (its strengths, :class:`~pokersim.engine._games.Hands`) when all the players' together
#: number at most this many (some 40 bytes each), and deals then only compare them ...
PRIVATE_HANDS = 4_000_000
#: ... when there are at least this many deals a hand: finding a hand (its row of cards and
#: its strength) costs about what dealing and ranking it costs, so a single player dealt at
#: random (a hand a deal) is dealt as before (Omaha's river against a random hand: 1.2 ms
#: dealt, 2.6 ms found first).
PRIVATE_REUSE = 4


@dataclass(frozen=True)
class _Boards:
    """What the board kernels (:mod:`pokersim.engine._games.boards`) deal: ``n_runout`` cards
    from those of ``live`` (a mask: the deck less the board and dead cards) that a joint
    choice leaves, to the known board (its summed ``key``, from 0, and ``bits``), and in
    Monte Carlo two cards to each of ``n_random`` random players first."""

    live: np.uint64
    key: np.uint64
    bits: np.uint64
    n_runout: int
    n_random: int = 0  # Monte Carlo: the random players, seated after the lists

    @property
    def n_live(self) -> int:
        """The cards of ``live``."""
        return int(self.live).bit_count()

    @property
    def by_ranks(self) -> bool:
        """Whether the boards are grouped by ranks (the whole board to come)."""
        return self.n_runout == 5 and config.MERGE_RANK_BOARDS


@dataclass(frozen=True)
class _Problem:
    """Everything a chunk needs (sent to workers as one object)."""

    omaha: bool
    hole: int
    flavor: int
    ranking: str
    has_low: bool
    n_live: int  # the cards left for the unknown ones
    n_unknown: int
    ways: np.ndarray  # (owners with unknown cards,) int64: the combinations of each, in order
    runouts: int  # the deals of one choice of the range players' hands
    choices: int  # the choices of the range players' hands
    n_players: int
    layout: _games.Layout | None = None  # for the kernels that deal (:func:`_with_layout`)
    ranged: _games.Ranged | None = None
    key: np.uint64 = np.uint64(0)
    block: int = 1
    trials: int = 0
    hands: _games.Hands | None = None  # exact, no board card to come: the private hands
    categories: bool = False  # count the categories of the players' high hands
    boards: _Boards | None = None  # exact in a board_game: every runout of each choice

    def tables(self) -> tuple:
        """(high, low, Omaha, badugi) tables, as the kernels take them."""
        return _tables(self.ranking, self.has_low, self.omaha)

    def shape(self) -> tuple:
        """What the kernels read of the game at run time: (hole cards, the ranking's lookup
        flavor, a low half); Omaha's two-plus-three rule picks the kernel."""
        return int(self.hole), int(self.flavor), bool(self.has_low)

    @property
    def deals(self) -> int:
        """Every deal an exact run enumerates: the runouts of each choice of the range
        players' hands (their joint choices once listed, see :func:`_exact_choices`; before,
        every combination, conflicting ones included)."""
        return self.runouts * self.choices

    def counts(self, dtype, workers: int) -> tuple[np.ndarray, np.ndarray]:
        """Zeroed (winner masks, outcome codes) per worker: one of the two is empty (see
        :mod:`pokersim.engine._games`)."""
        n = self.n_players
        width = _games.mask_width(n, self.has_low)
        return (np.zeros((workers, width), dtype),
                np.zeros((workers, 0 if width else n * (n + 1) * (n + 2)), dtype))

    def category_shape(self) -> tuple[int, int]:
        """The shape of the category counts: (players, the ranking's categories), no rows
        where they are not counted."""
        return (self.n_players if self.categories else 0,
                len(rankings.get(self.ranking).labels))

    def category_of(self) -> np.ndarray:
        """The category of each strength of the ranking (int8, read-only in every ranking:
        one kernel type)."""
        return rankings.get(self.ranking).category_of_strength

    def outcomes(self, masks: np.ndarray, codes: np.ndarray) -> np.ndarray:
        """The outcome-code counts (players, players + 1, players + 2) of a kernel's output."""
        if masks.shape[1]:
            return _games.codes_of_masks(masks.sum(0), self.n_players, self.has_low)
        n = self.n_players
        return codes.sum(0).reshape(n, n + 1, n + 2)


@functools.cache
def _tables(ranking: str, has_low: bool, omaha: bool) -> tuple:
    """(high, low, Omaha, badugi) tables as the kernels take them, of the same types in every
    game (one compiled kernel serves them all): a ranking's lookup tables, the low half's
    (the high ones again where there is none), Omaha's tables and badugi's three lookup
    tables; empty arrays of their types where the game does not read them (badugi's high
    tables but its card keys and bits)."""
    ht = tuple(kernel_args(ranking))
    bt = _NO_BADUGI
    if rankings.get(ranking).flavor == BADUGI:
        bt = tuple(np.array(x) for x in ht[2:])
        ht = (np.array(ht[0]), np.array(ht[1]), *_NO_HIGH)
    lt = tuple(kernel_args("eight-or-better")) if has_low else ht
    if not omaha:
        return ht, lt, _NO_OMAHA, bt
    t = omaha_tables()
    return ht, lt, (*t.board_args(), *t.hole_args()[2:], t.low_bits, t.low), bt


#: Omaha's tables (:meth:`pokersim.rankings.omaha.OmahaTables.board_args`, then its hole
#: tables, low bits and low table), empty, for the games that do not read them.
_NO_OMAHA = tuple(np.zeros(0, t) for t in (np.uint64, np.uint64, np.int32, np.int16, np.uint8,
                                            np.int16, np.int32, np.int16, np.uint8, np.uint8))
#: A ranking's flush, offsets and hash tables, empty (badugi's are of other types).
_NO_HIGH = tuple(np.zeros(0, t) for t in (np.int16, np.int32, np.int16))
#: Badugi's three lookup tables (:func:`pokersim.rankings.badugi.badugi_tables`), empty.
_NO_BADUGI = tuple(np.zeros(0, t) for t in (np.int32, np.int16, np.int16))


def _byte_table(values: np.ndarray, combine=np.add) -> np.ndarray:
    """(7, 256) uint64: entry [j, b] combines (adds, or ORs) the values of the cards whose
    bits are set in b, cards 8j .. 8j + 7 (:func:`pokersim.engine._games.monte_carlo.byte_sum`)."""
    out = np.zeros((7, 256), np.uint64)
    b = np.arange(256, dtype=np.uint64)
    for c in range(52):
        j, bit = divmod(c, 8)
        out[j] = combine(out[j], np.where((b >> np.uint64(bit)) & np.uint64(1),
                                          np.uint64(values[c]), np.uint64(0)))
    return out


@functools.cache
def _byte_tables(ranking: str, has_low: bool, omaha: bool) -> np.ndarray:
    """(3, 7, 256) uint64: the byte tables of the card keys, card bits and low card keys
    (Omaha: the board keys, card bits and low rank bits, ORed) that Monte Carlo sums."""
    ht, lt, ot, _ = _tables(ranking, has_low, omaha)
    if omaha:
        return np.stack([_byte_table(ot[0]), _byte_table(ot[1]),
                         _byte_table(ot[8], np.bitwise_or)])
    return np.stack([_byte_table(ht[0]), _byte_table(ht[1]), _byte_table(lt[0])])


@contextmanager
def _threads(showdowns: int):
    """Run the parallel (Numba-threaded) kernel call inside on one thread when it has few
    ``showdowns`` (see :data:`SERIAL_SHOWDOWNS`)."""
    threads = numba.get_num_threads()
    if showdowns > SERIAL_SHOWDOWNS or threads == 1:
        yield
        return
    numba.set_num_threads(1)  # this calling thread's setting only
    try:
        yield
    finally:
        numba.set_num_threads(threads)


def _monte_carlo_chunk(p: _Problem, first: int, n: int):
    trials = min((first + n) * p.block, p.trials) - first * p.block
    n_workers = workers_for(trials)
    masks, codes = p.counts(np.int64, 1)
    if p.boards is not None:  # the board kernel (:func:`_board_trials`)
        b = p.boards
        spaces = _games.board_trial_spaces(n_workers, p.n_players, masks.shape[1],
                                           codes.shape[1], p.category_shape())
        n_lists = p.n_players - b.n_random
        args = (p.key, first, n, np.zeros(1, np.int64), p.block, p.trials, b.live, b.n_random,
                b.n_runout, deal_plan(b.n_live - 2 * n_lists, 2 * b.n_random + b.n_runout),
                b.key, b.bits, p.ranged, config.MAX_REJECTIONS, p.category_of(), p.tables()[0])
        stalled = on_workers(lambda w: _games.board_monte_carlo_kernel(
            w, n_workers, *args, spaces[w]), n_workers)
        return _merged(p, spaces), _categories(spaces), np.array([sum(stalled)])
    assert p.layout is not None  # Monte Carlo problems deal (:func:`_with_layout`)
    spaces = _games.monte_carlo_spaces(n_workers, p.layout, masks.shape[1], codes.shape[1],
                                        p.category_shape())
    kernel = _games.monte_carlo_kernel(p.omaha)
    args = (p.key, first, n, np.zeros(1, np.int64), p.block, p.trials, p.n_live, p.n_unknown,
            deal_plan(p.n_live, p.n_unknown), p.shape(), p.layout, p.ranged,
            config.MAX_REJECTIONS, _byte_tables(p.ranking, p.has_low, p.omaha),
            p.category_of(), *p.tables())
    stalled = on_workers(lambda w: kernel(w, n_workers, *args, spaces[w]), n_workers)
    return _merged(p, spaces), _categories(spaces), np.array([sum(stalled)])


def _exact_chunk(p: _Problem, first: int, n: int):
    """Blocks of :data:`EXACT_BLOCK` deals; with private hands, a block for each hand of the
    last level; for the board kernels, a block for each joint choice (see
    :func:`_exact_blocks`)."""
    if p.boards is not None:
        last = min(first + n, p.choices)
        showdowns = (last - first) * p.runouts
    elif p.hands is None:
        first, last = first * EXACT_BLOCK, min((first + n) * EXACT_BLOCK, p.deals)
        showdowns = last - first
    else:
        last = min(first + n, _last_level_hands(p.hands))
        showdowns = (last - first) * -(-p.deals // _last_level_hands(p.hands))
    n_workers = workers_for(showdowns)
    masks, codes = p.counts(np.float64, 1)
    args: tuple
    if p.boards is not None:
        spaces = _games.board_spaces(n_workers, p.n_players, masks.shape[1], codes.shape[1],
                                     p.category_shape())
        b = p.boards
        if b.by_ranks:
            kernel = _games.preflop_kernel
            args = (first, last, b.live, p.ranged, p.category_of(), p.tables()[0],
                    _games.MULTISETS)
        else:
            kernel = _games.runout_kernel
            args = (first, last, b.live, b.key, b.bits, b.n_runout, p.ranged, p.category_of(),
                    p.tables()[0])
    elif p.hands is None:
        assert p.layout is not None  # no private hands: the kernel deals (:func:`_with_layout`)
        spaces = _games.exact_spaces(n_workers, p.layout, masks.shape[1], codes.shape[1],
                                      p.category_shape())
        kernel = _games.exact_kernel(p.omaha)
        args = (first, last, p.runouts, p.ways, p.shape(), p.layout, p.ranged, _BINOM,
                p.category_of(), *p.tables())
    else:
        spaces = _games.private_spaces(n_workers, p.n_players, masks.shape[1],
                                        codes.shape[1], p.category_shape())
        kernel = _games.private_kernel
        args = (first, last, p.hands, p.has_low)
    dealt = on_workers(lambda w: kernel(w, n_workers, *args, spaces[w]), n_workers)
    return _merged(p, spaces), _categories(spaces), np.array([sum(dealt)])


def _merged(p: _Problem, spaces) -> np.ndarray:
    """The outcome codes of the workers' counts together."""
    return p.outcomes(np.array([space.masks for space in spaces]),  # (np.stack: 4 us more)
                      np.array([space.codes for space in spaces]))


def _categories(spaces) -> np.ndarray:
    """The category counts of the workers together (no rows where not counted)."""
    if spaces[0].cats.shape[0] == 0:
        return spaces[0].cats.copy()
    return np.stack([space.cats for space in spaces]).sum(0)


def _last_level_hands(hands: _games.Hands) -> int:
    return int(hands.start[-1] - hands.start[-2])


def _private_plan(game: Game, players: list[Player], board: np.ndarray, dead: np.ndarray,
                  deals: int) -> tuple[np.ndarray, list[int]] | None:
    """(the live cards, the most hands of each player) of :func:`_private_hands`, or None
    where it does not serve: a board card to come, more than :data:`PRIVATE_HANDS` hands,
    or fewer than :data:`PRIVATE_REUSE` ``deals`` a hand."""
    if board.size < game.board:
        return None
    single = [p.cards[0] for p in players if len(p.cards) == 1]
    live = cards_left(deck_of(game), np.concatenate([board, dead, *single]).astype(np.uint8))
    most = [len(p.cards) * math.comb(live.size, game.hole - p.cards.shape[1]) for p in players]
    if sum(most) > min(PRIVATE_HANDS, deals // PRIVATE_REUSE):
        return None
    return live, most


def _private_hands(game: Game, players: list[Player], board: np.ndarray,
                   plan: tuple[np.ndarray, list[int]]) -> _games.Hands:
    """Every hand each player may end with, when no board card is to come (``plan`` from
    :func:`_private_plan`): its known cards (each of a list's hands) with every combination
    of the cards left for its unknown ones, less those holding a card twice, and their
    strengths in the game, found in one call, and the categories of their high hands. The
    player with the most hands is the last level; in a game without a low half its hands are
    sorted by strength, with their running weights, an index by card and where each
    category's hands are, to be counted (see :func:`~pokersim.engine._games.private.
    count_last_level`)."""
    live, most = plan
    level = sorted(range(len(players)), key=most.__getitem__)
    rows = np.empty((sum(most), game.hole + game.board), np.uint8)
    masks = np.empty(sum(most), np.uint64)
    hand = np.empty(sum(most), np.int64)
    start, each = [0], []
    for p in (players[i] for i in level):
        n = _games.private_rows(np.ascontiguousarray(p.cards),  # C order: one compile
                                 live, game.hole - p.cards.shape[1], board,
                                 rows[start[-1]:], masks[start[-1]:], hand[start[-1]:])
        each.append(p.weights[hand[start[-1]:start[-1] + n]])
        start.append(start[-1] + n)
    everyone = rows[:start[-1]]
    with _threads(everyone.shape[0]):
        high, low = game_strengths(everyone, game)
    masks, weights = masks[:start[-1]], np.concatenate(each)
    last = slice(start[-2], start[-1])
    ranking = rankings.get(game.ranking)
    if low is None:  # the last level counted: its hands by strength, their weights summed
        others = np.bitwise_or.reduce(masks[:last.start])  # the cards that may clash
        counted = _games.counting_order(masks[last], high[last], weights[last], last.start,
                                         others)
        lowest, highest = _category_strengths(ranking.name)
        spans = last.start + np.stack([np.searchsorted(high[last], lowest, "left"),
                                       np.searchsorted(high[last], highest, "right")])
        counted = (*counted, spans)
    else:  # walked
        counted = (np.zeros(0), np.zeros(65, np.int64), np.zeros(0, np.int64),
                   np.zeros((2, 0), np.int64))
    cumulative, card_start, card_hands, category_span = counted
    return _games.Hands(np.array(level, np.int64), np.array(start, np.int64), masks, high,
                         np.zeros_like(high) if low is None else low, weights,
                         ranking.category_of_strength[high], cumulative, card_start,
                         card_hands, category_span)


@functools.cache
def _category_strengths(ranking: str) -> tuple[np.ndarray, np.ndarray]:
    """(lowest, highest) strength of each category of ``ranking`` (a category is a range of
    strengths; one without a strength: lowest above highest)."""
    r = rankings.get(ranking)
    first = 0 if r.has_no_hand else 1  # (strength 0 is a hand's in eight-or-better alone)
    strengths = np.arange(first, r.category_of_strength.size)
    codes = r.category_of_strength[first:]
    lowest = np.full(len(r.labels), strengths[-1] + 1)
    highest = np.full(len(r.labels), -1)
    np.minimum.at(lowest, codes, strengths)
    np.maximum.at(highest, codes, strengths)
    return lowest, highest


_BINOM = binomials(64, 11)


def _keys(cards: np.ndarray, ht: tuple, lt: tuple, bias: np.uint64) -> np.ndarray:
    """(..., 3) uint64: key (from ``bias``), bits and low key (from ``bias``) of each row of
    ``cards`` (..., n), as the kernels sum them."""
    c = np.asarray(cards, np.intp)
    out = np.empty(c.shape[:-1] + (3,), np.uint64)
    for x, table in enumerate((ht[0], ht[1], lt[0])):
        out[..., x] = (bias if x != 1 else np.uint64(0)) + table[c].sum(axis=-1, dtype=np.uint64)
    return out


def _fixed_hands(players: list[Player], board: np.ndarray, game: Game) -> dict:
    """The Layout's cards in place and what the Monte Carlo kernel keeps of each fixed hand
    (one hand of every hole card): the flags, and in Omaha games the slots of its pairs, its
    suit counters and its mask of low ranks, as :func:`~pokersim.rankings.omaha.hole_high`
    and :func:`~pokersim.rankings.omaha.low_mask` find them."""
    n, h = len(players), game.hole
    cards = np.zeros((n + 1, max(h, 5)), np.uint8)
    cards[n, :board.size] = board
    fixed = np.array([len(p.cards) == 1 and p.cards.shape[1] == h for p in players])
    slots = np.zeros((n, 15), np.uint64)
    counters = np.zeros(n, np.uint64)
    hole_low = np.zeros(n, np.uint64)
    for i, p in enumerate(players):
        if len(p.cards) == 1:
            cards[i, :p.cards.shape[1]] = p.cards[0]
        if fixed[i] and game.two_plus_three:
            t = omaha_tables()
            c = p.cards[0].astype(np.intp)
            pairs = [(a, b) for a in range(h) for b in range(a + 1, h)]
            slots[i, :len(pairs)] = [t.pair_slot[c[a] << 6 | c[b]] for a, b in pairs]
            counters[i] = HOLE_BIAS + t.board_keys[c].sum(dtype=np.uint64)
            hole_low[i] = np.bitwise_or.reduce(t.low_bits[c])
    return dict(cards=cards, fixed=fixed, slots=slots, counters=counters, hole_low=hole_low)


def _problem(game: Game, players: list[Player], board: np.ndarray, dead: np.ndarray
             ) -> _Problem:
    """The deal's shape and count: each owner's unknown cards, in deal order (the board's,
    then each player's), and the ways to deal them (no layout yet: :func:`_with_layout`)."""
    n, h = len(players), game.hole
    ranking = rankings.get(game.ranking)
    known = [p.cards.shape[1] for p in players] + [board.size]
    missing = [h - k for k in known[:n]] + [game.board - board.size]
    taken = board.size + dead.size + sum(p.cards.shape[1] for p in players)
    n_live = deck_of(game).size - taken
    n_unknown = sum(missing)
    if n_unknown > n_live:
        raise PokersimInputError(f"{n} players and the board need {n_unknown} more cards but "
                                 f"only {n_live} are left in the deck")
    sizes = [missing[o] for o in _deal_order(missing)]
    left = [n_live - b for b in accumulate(sizes, initial=0)][:-1]  # the cards left for each's
    ways = np.array([math.comb(a, k) for a, k in zip(left, sizes, strict=True)], np.int64)
    return _Problem(
        omaha=game.two_plus_three, hole=h, flavor=ranking.flavor, ranking=ranking.name,
        has_low=game.low is not None, n_live=n_live, n_unknown=n_unknown, ways=ways,
        runouts=math.prod(int(w) for w in ways),
        choices=math.prod(len(p.cards) for p in players), n_players=n)


def _deal_order(missing: list[int]) -> list[int]:
    """The owners with unknown cards in deal order: the board (owner P), then the players."""
    n = len(missing) - 1
    return ([n] if missing[n] else []) + [i for i in range(n) if missing[i]]


def _with_layout(problem: _Problem, game: Game, players: list[Player], board: np.ndarray,
                 dead: np.ndarray, choices=None) -> _Problem:
    """The problem with what the dealing kernels read: the known cards in place, the unknown
    ones in deal order, the range players' hands and their joint ``choices`` (exact
    enumeration's, from :func:`_exact_choices`; Monte Carlo's listed here when few enough,
    see :class:`~pokersim.engine._games.Ranged`)."""
    n, h = len(players), game.hole
    ht, lt, _, _ = _tables(problem.ranking, problem.has_low, problem.omaha)
    known = np.array([p.cards.shape[1] for p in players] + [board.size], np.int64)
    missing = np.array([h] * n + [game.board], np.int64) - known
    order = np.array(_deal_order(missing.tolist()), np.int64)
    lo = np.zeros(n + 1, np.int64)
    lo[order] = np.cumsum(missing[order]) - missing[order]
    hi = lo + missing
    keys = np.zeros((3, n + 1), np.uint64)
    keys[:, n] = _keys(board, ht, lt, np.uint64(0))
    masks = np.zeros(n + 1, np.uint64)
    masks[n] = card_mask(board)
    single = [p for p in players if len(p.cards) == 1]
    for i, p in enumerate(players):
        if len(p.cards) == 1:
            keys[:, i] = _keys(p.cards[0], ht, lt, KEY_BIAS)
            masks[i] = card_mask(p.cards[0])
    taken = np.concatenate([board, dead, *[p.cards[0] for p in single]]).astype(np.uint8)
    ranged_players = [i for i, p in enumerate(players) if len(p.cards) > 1]
    ranged = [players[i] for i in ranged_players]
    if choices is None:  # Monte Carlo: the joint choices listed when few enough
        choices = joint_choices([card_mask(p.cards) for p in ranged],
                                [p.weights for p in ranged], config.JOINT_TUPLES) \
            if ranged else None
        if choices is not None and len(choices[0]) == 0:
            raise no_choice()
        listed, drawn = choices, choices is not None
    else:
        listed, drawn = choices, False
    live = card_mask(cards_left(deck_of(game), taken))
    return replace(
        problem,
        layout=_games.Layout(live=live, lo=lo, hi=hi,
                              order=order, known=known, keys=keys, masks=masks,
                              **_fixed_hands(players, board, game)),
        ranged=_ranged(ranged_players, ranged, h, ht, lt, listed, drawn, live))


def _ranged(indices: list[int], ranged: list[Player], h: int, ht: tuple, lt: tuple,
            choices, drawn: bool, live: int | np.uint64 = 0) -> _games.Ranged:
    """The :class:`~pokersim.engine._games.Ranged` of players ``indices`` given as lists
    (``ranged``), with their joint ``choices`` (choices, weights; None: not listed), and
    their alias tables where Monte Carlo draws them (``drawn``: from the cards of the mask
    ``live``)."""
    width = max((len(p.cards) for p in ranged), default=1)
    cards = np.zeros((len(ranged), width, max(h, 1)), np.uint8)
    masks = np.zeros((len(ranged), width), np.uint64)
    keys = np.zeros((len(ranged), width, 3), np.uint64)
    for r, p in enumerate(ranged):
        cards[r, :len(p.cards), :p.cards.shape[1]] = p.cards
        masks[r, :len(p.cards)] = card_mask(p.cards)
        keys[r, :len(p.cards)] = _keys(p.cards, ht, lt, KEY_BIAS)
    listed = choices or (np.zeros((0, len(ranged)), np.int64), np.zeros(0))
    # alias tables only where Monte Carlo draws from them (arrays of the same types either
    # way): a hand a list when the choices are not listed, else the choices when ``drawn``
    threshold, alias = alias_tables([p.weights for p in ranged] if choices is None else [])
    joint = np.zeros((0, 8), np.uint64)
    if drawn:
        # each choice's payload: the mask of the cards held, each player's key and bits, then
        # the slots of the cards held, read by the portable deal alone (not where pdep is);
        # a player's column at a time (numpy's fancy indexing of the lot: 4x as long)
        n_choices = len(listed[0])
        gaps = np.zeros((n_choices, 0), np.uint64) if HAS_PDEP else gap_words(np.hstack(
            [cards[r, listed[0][:, r], :p.cards.shape[1]] for r, p in enumerate(ranged)]), live)
        payload = np.zeros((n_choices, 1 + 2 * len(ranged) + gaps.shape[1]), np.uint64)
        for r in range(len(ranged)):
            chosen = listed[0][:, r]
            payload[:, 0] |= masks[r].take(chosen)
            payload[:, 1 + 2 * r:3 + 2 * r] = keys[r, :, :2].take(chosen, axis=0)
        payload[:, 1 + 2 * len(ranged):] = gaps
        joint = alias_rows(listed[1], payload)
    return _games.Ranged(
        players=np.array(indices, np.int64), cards=cards, masks=masks, keys=keys,
        sizes=np.array([len(p.cards) for p in ranged], np.int64), threshold=threshold,
        alias=alias, choices=listed[0].astype(np.int64),
        choice_weights=listed[1].astype(np.float64), joint=joint)


def game_counts(q: Question, *, wanted: str, forced: bool, trials, seed, target_stderr,
                categories: bool, client, chunk_size, progress) -> Counted:
    """The outcome counts of question ``q`` (see :func:`pokersim.engine.front.equity_on`) in
    every game. Exact when ``wanted`` and in reach (:func:`pokersim.engine.outcomes.
    exact_in_reach` of deals x players; with no board card to come, where each hand a player
    may end with is ranked once: those hands, and a comparison a deal), or ``forced`` (up to
    :data:`EXACT_LIMIT` hand evaluations), on this module's kernels: the private kernel with
    no board card to come, the board kernels in the two-card games (:func:`board_game`;
    heads-up on a flop, turn or river, the list kernels of :func:`_list_against_list`), the
    dealing kernel otherwise. Monte Carlo otherwise: the board kernel in the two-card games,
    the general one in the others. With ``categories``, the category of each player's high
    hand in the game's ranking too.

    >>> from pokersim.engine import equity_on
    >>> razz = equity_on(game_counts, ["As 2d 3c 4h 5s Kd", "Ah 2h 3h 4d 6c 7d"], game="razz")
    >>> razz.method.iloc[0], int(razz.outcomes.iloc[0])
    ('exact', 1560)
    """
    g, specs = q.game, q.players
    if wanted == "exact" and not categories and client is None:
        counted = _list_against_list(q, forced)
        if counted is not None:
            return counted
    problem = replace(_problem(g, specs, q.board, q.dead), categories=categories)
    plan = (_private_plan(g, specs, q.board, q.dead, problem.deals) if wanted == "exact"
            else None)
    choices, dealt = None, problem
    if wanted == "exact" and plan is None and board_game(g):
        problem, choices = _board_problem(problem, q, forced)
    elif wanted == "exact" and plan is None:  # the dealing kernel walks the joint choices
        ranged = [p for p in specs if len(p.cards) > 1]
        fixed = [q.board, q.dead, *(p.cards[0] for p in specs if len(p.cards) == 1)]
        choices = _exact_choices(ranged, fixed, problem.runouts, len(specs), forced)
        if choices is not None:
            problem = replace(problem, choices=len(choices[0]))
    deals = problem.deals
    by_ranks = problem.boards is not None and problem.boards.by_ranks
    work = (problem.choices * PREFLOP_SHOWDOWNS if by_ranks else deals) * len(specs)
    if forced and work > EXACT_LIMIT:
        raise PokersimInputError(f"method='exact' would evaluate {work:,} hands "
                                 f"({deals:,} deals of {len(specs)}), more than "
                                 f"{EXACT_LIMIT:,}; use method='monte-carlo'")
    cost = deals * len(specs) if plan is None else sum(plan[1]) + deals
    exact = (plan is not None or choices is not None) and (forced or exact_in_reach(cost))
    if exact:
        if plan is not None:
            problem = replace(problem, hands=_private_hands(g, specs, q.board, plan))
        elif problem.boards is None:
            assert choices is not None  # exact: the joint choices are listed
            problem = _with_layout(problem, g, specs, q.board, q.dead, choices[:2])
        return _exact(problem, deals, None if choices is None else choices[2], client,
                      progress)
    seed = drawn_seed(seed)  # (an exact run records none)
    if board_game(g):
        seated, dealt = _board_trials(dealt, q)
    else:
        seated, dealt = None, _with_layout(dealt, g, specs, q.board, q.dead)
    counted = _monte_carlo(dealt, g.low is not None, trials, seed, target_stderr, client,
                           chunk_size, progress)
    if seated is None:
        return counted
    back = np.argsort(seated)  # rows in the players' order
    return replace(counted, codes=counted.codes[back],
                   categories=None if counted.categories is None else counted.categories[back])


def _board_trials(problem: _Problem, q: Question) -> tuple[list[int], _Problem]:
    """(the seats of the players, the problem) of a Monte Carlo run of the board kernel
    (:func:`~pokersim.engine._games.board_monte_carlo_kernel`): the players with hands
    first, as lists of two-card hands (:func:`_completions`) whose joint choices are
    listed when there are at most ``config.JOINT_TUPLES``, then the random ones."""
    seated = [i for i, p in enumerate(q.players) if p.cards.shape[1] > 0]
    seated += [i for i, p in enumerate(q.players) if p.cards.shape[1] == 0]
    dealt = [q.players[i] for i in seated if q.players[i].cards.shape[1] > 0]
    boards, lists = _boards_of(q, dealt)
    choices = joint_choices([card_mask(p.cards) for p in lists], [p.weights for p in lists],
                            config.JOINT_TUPLES) if lists else None
    if choices is not None and len(choices[0]) == 0:
        raise no_choice()
    ht, lt, _, _ = _tables(problem.ranking, False, False)
    return seated, replace(problem, boards=replace(boards, n_random=len(seated) - len(lists)),
                           ranged=_ranged(list(range(len(lists))), lists, 2, ht, lt, choices,
                                          choices is not None, boards.live))


def _boards_of(q: Question, players: list[Player]) -> tuple[_Boards, list[Player]]:
    """What the board kernels deal in question ``q`` (of a :func:`board_game`), and
    ``players`` as lists of two-card hands (:func:`_completions`, from the cards left by the
    board, the dead cards and every single hand)."""
    single = [p.cards[0] for p in q.players if len(p.cards) == 1]
    live = cards_left(deck_of(q.game), q.blocked)
    left = cards_left(live, np.concatenate(single).astype(np.uint8)) if single else live
    ht, lt, _, _ = _tables(q.game.ranking, False, False)
    key, bits, _ = _keys(q.board, ht, lt, np.uint64(0))
    return (_Boards(live=card_mask(live), key=key, bits=bits,
                    n_runout=q.game.board - q.board.size),
            [_completions(p, left) for p in players])


def _exact_choices(ranged: list[Player], fixed: list[np.ndarray], runouts: int,
                   n_players: int, forced: bool):
    """(the joint choices of the players given as lists, ``ranged``, their weights, the deals
    they stand for) that exact enumeration walks (see
    :class:`~pokersim.engine._games.Ranged`): every choice of one hand a list with no card in
    common, of whole weights where they can be
    (:func:`~pokersim.engine.choices.whole_weights`: sums exact), those that a relabelling of
    suits fixing each set of ``fixed`` cards turns into one another merged when the work of
    ``n_players`` players over ``runouts`` deals a choice is large enough to pay for it
    (``config.ISOMORPHISM_MIN_WORK``). None when there are more than ``config.EXACT_TUPLES``
    (an error when ``forced``), or more than could be in reach however few the merge would
    leave (a choice stands for at most as many as the relabellings:
    :func:`~pokersim.engine.outcomes.exact_in_reach`, or forced :data:`EXACT_LIMIT`, an
    error): neither the list nor the merge is made then (a million choices took seconds
    before Monte Carlo answered, or the error)."""
    if all(len(p.cards) == 1 for p in ranged):  # a hand each (distinct: parse_players)
        return np.zeros((1, len(ranged)), np.int64), np.ones(1), runouts
    masks = [card_mask(p.cards) for p in ranged]
    # past this many choices the work is out of reach however few the merge leaves (a choice
    # stands for at most as many as the relabellings): exact_in_reach, or forced EXACT_LIMIT
    # (the work a choice at least: its runouts, or the preflop kernel's showdowns); the list
    # is asked for four times as many (joint_choices gives up on the pairs it would look at,
    # conflicts included)
    relabellings = len(fixing_permutations(fixed)) if config.SUIT_ISOMORPHISM else 1
    reach = (EXACT_LIMIT // max(1, min(runouts, PREFLOP_SHOWDOWNS) * n_players) if forced
             else config.EXACT_WORK // max(1, runouts * n_players))
    limit = min(config.EXACT_TUPLES, relabellings * reach)
    asked = min(config.EXACT_TUPLES, 4 * limit)
    joint = joint_choices(masks, [whole_weights(p.weights) for p in ranged], asked)
    if joint is not None and float(joint[1].sum()) * runouts >= 2**53:  # sums not exact
        joint = joint_choices(masks, [p.weights for p in ranged], asked)
    if joint is not None and len(joint[0]) > limit:
        joint = None
    if joint is None and forced:
        why = ("" if limit == config.EXACT_TUPLES else
               f"method='exact' would evaluate more than {EXACT_LIMIT:,} hands, ")
        raise PokersimInputError(f"{why}exact enumeration is out of reach here (more than "
                                 f"{limit:,} combinations of the players' hands); use "
                                 f"method='monte-carlo'")
    if joint is None:
        return None
    rows, weights = joint
    if len(rows) == 0:
        raise no_choice()
    outcomes = len(rows) * runouts  # before merging: every deal counts once, unweighted
    if config.SUIT_ISOMORPHISM and outcomes * n_players >= config.ISOMORPHISM_MIN_WORK:
        keep, weights = merge_isomorphic([p.cards[rows[:, r]] for r, p in enumerate(ranged)],
                                         weights, fixed)
        rows = rows[keep]
    return rows, weights, outcomes


def board_game(game: Game) -> bool:
    """Whether exact enumeration of ``game`` may take the board kernels
    (:mod:`pokersim.engine._games.boards`): two hole cards ranked with the board's five in
    one plain ranking with suits, no low half (Hold'em, the short decks)."""
    r = rankings.get(game.ranking)
    return (game.hole == 2 and game.board == 5 and not game.two_plus_three
            and game.low is None and not game.draw and r.flavor == rankings.PLAIN
            and r.suits)


def _board_problem(problem: _Problem, q: Question, forced: bool):
    """The problem of an exact run of the board kernels, each player a list of two-card
    hands (:func:`_completions`: a partial hand's completions; "random", every two cards
    left), and its joint choices (:func:`_exact_choices`); (problem, None) when there are
    too many of them."""
    boards, lists = _boards_of(q, q.players)
    n = len(lists)
    runouts = math.comb(boards.n_live - 2 * n, boards.n_runout)
    choices = _exact_choices(lists, [q.board, q.dead], runouts, n, forced)
    if choices is None:
        return problem, None
    ht, lt, _, _ = _tables(problem.ranking, False, False)
    return replace(problem, runouts=runouts, choices=len(choices[0]), boards=boards,
                   ranged=_ranged(list(range(n)), lists, 2, ht, lt, choices[:2], False)), \
        choices


def _list_against_list(q: Question, forced: bool) -> Counted | None:
    """The exact counts of a heads-up question of a :func:`board_game` on a flop, turn or
    river by the kernel expected to answer first (:mod:`pokersim.engine.lists`: the runout
    kernel or the sweep, else the range kernel),
    with no board problem to build: each player a list of two-card hands
    (:func:`_completions`: a range, "random", a partial hand, a hand), the shorter list's
    hands as the rows, the other's (those of weight above 0) as the columns; the rows' counts
    summed by their weights. The same counts as the board kernels to the bit: the lists'
    weights made whole (:func:`~pokersim.engine.choices.whole_weights`, as the board kernels
    make them) sum exactly in any order.

    None where this is not such a question (a longer list that holds a hand twice included);
    where the combinations of the two lists number more than ``config.EXACT_TUPLES``, or
    their deals (each combination times each runout, two players) are out of reach
    (:func:`~pokersim.engine.outcomes.exact_in_reach`; forced: past :data:`EXACT_LIMIT`):
    the board kernels, which count the combinations that share no card and merge their suit
    classes, decide; or where the weights are not whole numbers (fractions of large
    denominators) or their products sum to 2**53 or more over the runouts: the board kernels
    count those in their order."""
    players, game = q.players, q.game
    if len(players) != 2 or q.board.size < 3 or not board_game(game):
        return None
    live = cards_left(deck_of(game), q.blocked)
    lists = [_completions(p, live) for p in players]
    rows = 0 if len(lists[0].cards) <= len(lists[1].cards) else 1
    mine, theirs = lists[rows], lists[1 - rows]
    n_runout = game.board - q.board.size
    runouts = math.comb(live.size - 4, n_runout)
    work = 2 * len(mine.cards) * len(theirs.cards) * runouts
    if len(mine.cards) * len(theirs.cards) > config.EXACT_TUPLES or not (
            work <= EXACT_LIMIT if forced else exact_in_reach(work)):
        return None
    row_weights, weights = exact_whole_weights(mine.weights), exact_whole_weights(theirs.weights)
    if (row_weights is None or weights is None
            or float(row_weights.sum()) * float(weights.sum()) * runouts >= 2**53):
        return None
    ht = tuple(kernel_args(game.ranking))
    columns = theirs.cards
    if not (weights > 0).all():
        columns, weights = columns[weights > 0], weights[weights > 0]
    by_combo = np.zeros(N_COMBOS)
    by_combo[combo_indices(columns)] = weights
    if np.count_nonzero(by_combo) < len(columns):  # a list that holds a hand twice
        return None
    counted = list_against_list_counts(q.board, live, mine.cards, columns, weights, ht,
                                       work // 2)
    if counted is None:
        counted = row_by_row_counts(q.board, q.dead, game, mine.cards, by_combo, work, ht)
    counts, pairs = counted
    won, tied, met = row_weights @ counts  # whole numbers: exact in any order
    deals = int(pairs.sum())
    if deals == 0:
        raise no_choice()
    wins = np.array([won, met - won - tied])[[rows, 1 - rows]]
    return Counted(codes_of_wins(wins, np.array([[0.0, tied], [0.0, tied]]), met), float(met),
                   deals, None, "exact")


def _completions(player: Player, live: np.ndarray) -> Player:
    """``player`` as a list of whole two-card hands: each one-card hand's completions from
    the ``live`` cards, of its weight (the choices that share a card left out, each
    completion left is as likely as a card dealt at random), "random" every two of them,
    each as likely."""
    cards, weights = player.cards, player.weights
    if cards.shape[1] == 0:
        hi, lo = np.triu_indices(live.size, 1)
        cards = np.stack([live[hi], live[lo]], axis=1)
        weights = np.ones(len(cards))
    elif cards.shape[1] == 1:
        rows, columns = np.nonzero(live[None, :] != cards)  # (hands, live)
        cards = np.stack([cards[rows, 0], live[columns]], axis=1)
        weights = weights[rows]
    return Player(player.label, cards.astype(np.uint8), weights)


def _exact(problem: _Problem, deals: int, outcomes: int | None, client, progress) -> Counted:
    """The exact counts of ``problem``: ``outcomes`` deals (None: the deals the private kernel
    counted)."""
    n_blocks, block = _exact_blocks(problem)
    showdowns = PREFLOP_SHOWDOWNS if problem.boards and problem.boards.by_ranks else block
    per_chunk = max(1, config.EXACT_CHUNK_WORK // (showdowns * problem.n_players))
    counts, cats, dealt = exact_counts(_exact_chunk, problem, n_blocks, per_chunk,
                                       client=client, progress=progress, block_size=block,
                                       total=deals)
    if dealt[0] == 0:
        raise no_choice()
    return Counted(counts, float(counts[0].sum()), int(dealt[0]) if outcomes is None
                   else outcomes, None, "exact",
                   categories=cats if problem.categories else None)


def _exact_blocks(problem: _Problem) -> tuple[int, int]:
    """(blocks, deals a block) of an exact run: blocks of :data:`EXACT_BLOCK` deals, or with
    private hands, a block for each hand of the last level (deals a block: on average)."""
    if problem.boards is not None:
        return problem.choices, problem.runouts
    if problem.hands is None:
        return -(-problem.deals // EXACT_BLOCK), EXACT_BLOCK
    n = _last_level_hands(problem.hands)
    return n, max(1, -(-problem.deals // n))


def _monte_carlo(problem: _Problem, split, trials, seed, target_stderr, client, chunk_size,
                 progress) -> Counted:
    trials = monte_carlo_trials(trials, target_stderr)
    block = config.EQUITY_BLOCK
    problem = replace(problem, key=seed_key(seed), block=block, trials=trials)
    return monte_carlo_counts(_monte_carlo_chunk, problem, trials, block, split=split,
                              seed=seed, target_stderr=target_stderr, client=client,
                              chunk_size=chunk_size, progress=progress)
