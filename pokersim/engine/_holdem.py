"""The Monte Carlo kernel of Hold'em and the short decks: hole-card tuples and runouts
(:mod:`pokersim.engine.holdem`; exact enumeration is :mod:`pokersim.engine._games.boards`').

The kernel returns counts that merge by addition (per worker, per chunk, per machine):

* ``wins[p]``: outcomes where player p alone holds the best hand;
* ``ties[p, j]``: outcomes where p shares the best hand with j others (j = 1 .. P-1);
* ``cats[p, c]``: outcomes where p's final hand is of category c.

They count trials (int64). Equity, tie share and standard errors are computed once, from
the merged counts (:func:`pokersim.engine.outcomes.summarise`).

What makes Monte Carlo fast (measured on 2 cores; see ``pokersim bench``):

* hole-card tuples are drawn from an alias table, in constant time whatever the range;
* unknown cards are drawn without rejection from a 64-bit mask of the cards still available
  (``nth_bit``: one BMI2 ``pdep``), several draws from one random number;
* the outcome is scored without a branch on who wins (a bit mask of the winners), and
  heads-up counts stay in registers;
* each worker counts into arrays of its own (:class:`Workspace`, padded apart): workers
  writing to neighbouring entries of one array shared cache lines and ran up to 1.5x slower.

The kernel is one worker's share of the work (``worker=True`` in :func:`pokersim._core.jit.jit`):
:func:`run_workers` calls it once per worker on threads, worker w taking tasks w, w + W, ..., so the
merged counts do not depend on the number of workers.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .._core.jit import (
    jit,
    mul_wide,
    nth_bit,
    on_workers,
    popcount,
    trailing_zeros,
    worker_copies,
    workers,
)
from .._core.streams import block_state, sample_alias
from ..dealing import BATCH, batch_number
from ..evaluator.tables import lookup

# ---------------------------------------------------------------------------------------------
# The kernels' arguments, in named groups. Each group is its own Numba type and a kernel reads
# its fields by name, so groups passed in the wrong place, or a missing field, fail to compile
# instead of running with swapped arrays; build them by keyword.


class Evaluator(NamedTuple):
    """The evaluator's tables (see :mod:`pokersim.evaluator.tables`) and the category of each
    strength (:func:`pokersim.evaluator.strengths.category_of_strength`)."""

    card_keys: np.ndarray
    card_bits: np.ndarray
    flush: np.ndarray
    offsets: np.ndarray
    table: np.ndarray
    category_of: np.ndarray


class Board(NamedTuple):
    """The known board cards (summed key and OR of bits; ``KEY_BIAS`` and 0 for none) and how
    many cards the runout adds."""

    key: np.uint64
    bits: np.uint64
    n_runout: int


class Blocks(NamedTuple):
    """The Monte Carlo trials of one call: blocks ``first .. first + n_blocks - 1`` of ``size``
    trials, block b drawn from stream b of ``key``, ``trials`` in the whole run (its last
    block short)."""

    key: np.uint64
    first: int
    n_blocks: int
    size: int
    trials: int


class HandSampler(NamedTuple):
    """How the players with a hand or a range get their hole cards (see
    :func:`_choose_hands`): by weight from the joint ``tuples`` when they are listed (one
    alias table row), else one combo per player from ``player_combos`` (alias table row p
    for player p, ``player_sizes[p]`` combos), a draw with a card in common rejected, at most
    ``max_rejections`` times in a row. ``combo_masks``, ``hole_keys`` and ``hole_bits`` are
    indexed by the entries of ``tuples`` and ``player_combos``."""

    tuples: np.ndarray  # (T, fixed players) int64, or no rows
    tuple_threshold: np.ndarray  # (1 or 0, T) uint64
    tuple_alias: np.ndarray  # (1 or 0, T) int64
    player_combos: np.ndarray  # (fixed players or 0, most combos) int64
    player_threshold: np.ndarray
    player_alias: np.ndarray
    player_sizes: np.ndarray  # (fixed players or 0,) int64
    combo_masks: np.ndarray  # (combos,) uint64: bit c for each card c
    hole_keys: np.ndarray
    hole_bits: np.ndarray
    max_rejections: int


class UnknownCards(NamedTuple):
    """What Monte Carlo deals after the hole cards of :class:`HandSampler`: two cards to each
    of the last ``n_random`` players, then the runout, from the cards of ``live_mask`` (not
    on the board nor dead) left; ``plan`` from :func:`pokersim.dealing.deal_plan`."""

    n_random: int
    live_mask: np.uint64
    plan: np.ndarray


class Workspace(NamedTuple):
    """One worker's own arrays (see :func:`workspaces`): where it adds its counts (see the
    module docstring; ``cats`` has no rows when categories are not wanted) and its scratch
    (a worker kernel allocates nothing)."""

    wins: np.ndarray  # (players,)
    ties: np.ndarray  # (players, max(players, 2))
    cats: np.ndarray  # (players or 0, 10)
    strengths: np.ndarray  # (players,) int64: each player's strength in one outcome
    seat_keys: np.ndarray  # (2, players) uint64: hole cards of two Monte Carlo trials
    seat_bits: np.ndarray  # (2, players) uint64


#: Run-time int64 values for the helpers' arguments that would otherwise be literals: Numba
#: compiles a helper once per literal value it is called with (and once more for a variable
#: first typed as its literal initial value), where LLVM, inlining the one compile, folds
#: the constant anyway. Each extra compile cost 0.3-0.5 s of a first answer.
ONE = np.int64(1)
FIRST = np.int64(0)
SECOND = np.int64(1)


def workspaces(n_workers: int, n_players: int, dtype, categories: bool) -> list[Workspace]:
    """A zeroed :class:`Workspace` per worker (:func:`pokersim._core.jit.worker_copies`), its
    counts of ``dtype`` (float64 for exact weights, int64 for trials)."""
    return worker_copies(
        n_workers, Workspace, wins=np.zeros(n_players, dtype),
        ties=np.zeros((n_players, max(n_players, 2)), dtype),
        cats=np.zeros((n_players if categories else 0, 10), dtype),
        strengths=np.zeros(n_players, np.int64), seat_keys=np.zeros((2, n_players), np.uint64),
        seat_bits=np.zeros((2, n_players), np.uint64))


def run_workers(kernel, n_players: int, dtype, categories: bool, *args):
    """``kernel(w, W, *args, workspace)`` for each of W workers at once (W from
    :func:`pokersim._core.jit.workers`); (wins, ties, cats) summed over the workers, and each
    worker's return value."""
    n_workers = workers()
    spaces = workspaces(n_workers, n_players, dtype, categories)
    returned = on_workers(lambda w: kernel(w, n_workers, *args, spaces[w]), n_workers)
    counts = tuple(sum(getattr(space, name) for space in spaces)
                   for name in ("wins", "ties", "cats"))
    return counts, returned


@jit(inline=True)
def _kernel_arguments(evaluator, space):
    """The fields of ``evaluator`` and of a worker's ``space`` as locals."""
    return (evaluator.card_keys, evaluator.card_bits, evaluator.flush, evaluator.offsets,
            evaluator.table, evaluator.category_of, space.wins, space.ties, space.cats,
            space.strengths)


@jit(inline=True)
def count_outcome(strengths, best, n_players, category_of, weight, wins, ties, cats):
    """Add ``weight`` to the counts of one outcome, given every player's strength and the
    best of them (and to ``cats`` unless it has no rows)."""
    winners = np.uint64(0)  # bit p: player p holds the best hand (no branch per player)
    for p in range(n_players):
        winners |= np.uint64(strengths[p] == best) << np.uint64(p)
    if winners & (winners - np.uint64(1)) == 0:
        wins[trailing_zeros(winners)] += weight
    else:
        n_best = popcount(winners)
        for p in range(n_players):
            if strengths[p] == best:
                ties[p, n_best - 1] += weight
    if cats.shape[0] > 0:
        for p in range(n_players):
            cats[p, category_of[strengths[p]]] += weight


@jit(inline=True)
def _choose_hands(state, row, tuples, tuple_threshold, tuple_alias, player_combos,
                  player_threshold, player_alias, player_sizes, combo_masks, hole_keys,
                  hole_bits, max_rejections, seat_keys, seat_bits):
    """Hole cards for the players with a hand or a range, into row ``row`` of ``seat_keys``
    and ``seat_bits``: a tuple drawn by weight from the alias table of ``tuples`` or, when
    there is no list of tuples, one combo per player, the whole draw rejected on a conflict.
    Returns (state, mask of the cards used, False if ``max_rejections`` draws conflicted)."""
    used = np.uint64(0)
    if tuples.shape[0] > 0:
        state, t = sample_alias(state, tuple_threshold, tuple_alias, 0, tuples.shape[0])
        for p in range(tuples.shape[1]):
            h = np.uint64(tuples[t, p])  # unsigned: no wraparound code
            used |= combo_masks[h]
            seat_keys[row, p] = hole_keys[h]
            seat_bits[row, p] = hole_bits[h]
        return state, used, True
    for _ in range(max_rejections):
        used = np.uint64(0)
        ok = True
        for p in range(player_combos.shape[0]):
            state, i = sample_alias(state, player_threshold, player_alias, p, player_sizes[p])
            h = np.uint64(player_combos[p, i])
            m = combo_masks[h]
            if used & m:
                ok = False
                break
            used |= m
            seat_keys[row, p] = hole_keys[h]
            seat_bits[row, p] = hole_bits[h]
        if ok:
            return state, used, True
    return state, used, False


@jit(inline=True)
def _deal_unknown(state, avail0, avail1, n_random, n_draw, plan, board_key, board_bits,
                  card_keys, card_bits, seat_keys, seat_bits):
    """Deal two trials at once: for trial k (0, 1), two cards to each of the last
    ``n_random`` seats of row k of ``seat_keys`` and ``seat_bits``, and the rest of the board
    (``n_draw`` cards in all), without replacement and uniformly from the cards whose bits
    are set in ``avail0`` or ``avail1``. Returns (state, board key and bits of trial 0, of
    trial 1).

    Up to BATCH draws come from one 64-bit number, as in :func:`pokersim.dealing.deal_row`
    (``plan`` from :func:`pokersim.dealing.deal_plan`): draw t takes the i-th card still
    available, i uniform below the number left, found with :func:`nth_bit` (no rejection).
    Each draw waits on the one before (the mask of cards left): two trials side by side give
    the CPU two such chains to overlap (1.2x)."""
    n_left = popcount(avail0)  # the same for both: as many hole cards are taken in each
    first_seat = seat_keys.shape[1] - n_random
    key0 = key1 = board_key
    bits0 = bits1 = board_bits
    for batch in range(plan.shape[0]):
        state, r0 = batch_number(state, plan, batch)
        state, r1 = batch_number(state, plan, batch)
        for t in range(batch * BATCH, min(n_draw, (batch + 1) * BATCH)):
            i, r0 = mul_wide(r0, n_left - np.uint64(t))
            j, r1 = mul_wide(r1, n_left - np.uint64(t))
            bit = nth_bit(avail0, i)
            avail0 ^= bit
            c0 = trailing_zeros(bit)
            bit = nth_bit(avail1, j)
            avail1 ^= bit
            c1 = trailing_zeros(bit)
            if t >= 2 * n_random:
                key0 += card_keys[c0]
                bits0 |= card_bits[c0]
                key1 += card_keys[c1]
                bits1 |= card_bits[c1]
            elif t % 2 == 0:
                seat = np.uint64(first_seat + t // 2)  # unsigned: no wraparound code
                seat_keys[0, seat] = card_keys[c0]
                seat_bits[0, seat] = card_bits[c0]
                seat_keys[1, seat] = card_keys[c1]
                seat_bits[1, seat] = card_bits[c1]
            else:  # the second card of the seat that draw t - 1 started
                seat_keys[0, seat] += card_keys[c0]
                seat_bits[0, seat] |= card_bits[c0]
                seat_keys[1, seat] += card_keys[c1]
                seat_bits[1, seat] |= card_bits[c1]
    return state, key0, bits0, key1, bits1


@jit(inline=True)
def _score_trial(key, bits, seat_keys, seat_bits, row, n_players, heads_up, flush, offsets,
                 table, category_of, strengths, wins, ties, cats):
    """Score one trial (row ``row`` of the seats). Heads-up, returns whether each player
    won and whether they tied, for counts kept in registers (no branch on the winner);
    otherwise adds the trial to ``wins``, ``ties`` and ``cats`` and returns zeros."""
    if heads_up:
        a = lookup(key + seat_keys[row, 0], bits | seat_bits[row, 0], flush, offsets, table)
        b = lookup(key + seat_keys[row, 1], bits | seat_bits[row, 1], flush, offsets, table)
        return a > b, b > a, a == b
    best = np.int64(0)  # (a literal 0 would compile count_outcome for it too)
    for p in range(n_players):
        s = lookup(key + seat_keys[row, p], bits | seat_bits[row, p], flush, offsets, table)
        strengths[p] = s
        best = max(best, s)
    count_outcome(strengths, best, n_players, category_of, ONE, wins, ties, cats)
    return False, False, False


@jit(worker=True)
def monte_carlo_kernel(w, n_workers, blocks: Blocks, hands: HandSampler, board: Board,
                       unknown: UnknownCards, evaluator: Evaluator, space: Workspace):
    """Worker w's share of the Monte Carlo trials of ``blocks`` (blocks w, w + W, ... of
    them), added to ``space``'s counts; block b draws from stream b, so the counts do not
    depend on the number of workers. Trials go in twos (:func:`_deal_unknown`); a block of an
    odd number of trials deals one more and does not count it.

    Hole cards of the players with a hand or a range come from ``hands``
    (:func:`_choose_hands`), then the ``unknown`` cards are dealt: the random players' two
    each and the ``board.n_runout`` board cards. Returns 1 if the worker gave up after
    ``hands.max_rejections`` conflicting draws in a row (0 normally).
    """
    key, first_block, n_blocks = blocks.key, blocks.first, blocks.n_blocks
    block, trials = blocks.size, blocks.trials
    tuples, tuple_threshold, tuple_alias = hands.tuples, hands.tuple_threshold, hands.tuple_alias
    player_combos, player_threshold = hands.player_combos, hands.player_threshold
    player_alias, player_sizes = hands.player_alias, hands.player_sizes
    combo_masks, hole_keys, hole_bits = hands.combo_masks, hands.hole_keys, hands.hole_bits
    max_rejections = hands.max_rejections
    n_random, live_mask, plan = unknown.n_random, unknown.live_mask, unknown.plan
    board_key, board_bits, n_runout = board.key, board.bits, board.n_runout
    card_keys, card_bits, flush, offsets, table, category_of, wins, ties, cats, strengths = \
        _kernel_arguments(evaluator, space)
    seat_keys, seat_bits = space.seat_keys, space.seat_bits  # hole cards of two trials
    stalled = 0
    n_tuples = tuples.shape[0]
    n_fixed = tuples.shape[1] if n_tuples > 0 else player_combos.shape[0]
    n_players = n_fixed + n_random
    n_draw = 2 * n_random + n_runout
    heads_up = n_players == 2 and cats.shape[0] == 0
    for b in range(first_block + w, first_block + n_blocks, n_workers):
        state = block_state(key, b)
        first_wins = 0
        second_wins = 0
        both = 0
        used0 = used1 = np.uint64(0)
        n_trials = min(block, trials - b * block)
        for trial in range(0, n_trials, 2):
            if n_tuples != 1 or trial == 0:  # one tuple: its cards never change
                state, used0, ok0 = _choose_hands(
                    state, FIRST, tuples, tuple_threshold, tuple_alias, player_combos,
                    player_threshold, player_alias, player_sizes, combo_masks, hole_keys,
                    hole_bits, max_rejections, seat_keys, seat_bits)
                state, used1, ok1 = _choose_hands(
                    state, SECOND, tuples, tuple_threshold, tuple_alias, player_combos,
                    player_threshold, player_alias, player_sizes, combo_masks, hole_keys,
                    hole_bits, max_rejections, seat_keys, seat_bits)
                if not (ok0 and ok1):
                    stalled += 1
                    break
            state, key0, bits0, key1, bits1 = _deal_unknown(
                state, live_mask & ~used0, live_mask & ~used1, n_random, n_draw, plan,
                board_key, board_bits, card_keys, card_bits, seat_keys, seat_bits)
            won, lost, tied = _score_trial(key0, bits0, seat_keys, seat_bits, FIRST, n_players,
                                           heads_up, flush, offsets, table, category_of,
                                           strengths, wins, ties, cats)
            first_wins += won
            second_wins += lost
            both += tied
            if trial + 1 < n_trials:
                won, lost, tied = _score_trial(key1, bits1, seat_keys, seat_bits, SECOND,
                                               n_players, heads_up, flush, offsets, table,
                                               category_of, strengths, wins, ties, cats)
                first_wins += won
                second_wins += lost
                both += tied
        if heads_up:
            wins[0] += first_wins
            wins[1] += second_wins
            ties[0, 1] += both
            ties[1, 1] += both
        if stalled:
            break
    return stalled
