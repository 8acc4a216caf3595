"""The exact kernels of the games of two hole cards ranked with the board's five (Hold'em,
the short decks: :func:`pokersim.engine.games.board_game`), every player's hand known in each
joint choice (a partial hand or "random" listed as its completions): each choice times every
runout of the board (:func:`runout_kernel`, keys summed along the runout), or with the whole
board to come, most boards decided by their ranks alone, each rank multiset evaluated once
(:func:`preflop_kernel`)."""

from __future__ import annotations

import itertools
from typing import NamedTuple

import numpy as np

from ..._core.combinatorics import BINOM, next_combination
from ..._core.gaps import gap_mode, no_taken, nth_left
from ..._core.jit import (
    HAS_PDEP,
    jit,
    mul_wide,
    nth_bit,
    popcount,
    take_next,
    trailing_zeros,
    worker_copies,
)
from ..._core.streams import block_state, sample_alias, sample_alias_row
from ...dealing import BATCH, batch_number
from ...evaluator.tables import KEY_BIAS, RANK_MASK, lookup
from .shared import (
    _U,
    ONE,
    chosen_slots,
    list_cards,
    settle_codes,
    tally_categories,
    tally_trial,
    tally_winners,
    with_hand,
)

assert BATCH % 2 == 0, "deal_unknown draws a seat's two cards from one batch"

#: Tasks per joint choice: the boards that no flush can touch, grouped by ranks, in two parts
#: (their lowest rank below :data:`RANK_SPLIT`, or not: about as many rank multisets each),
#: then the boards where a flush in suit 0, 1, 2 or 3 is possible.
PREFLOP_PARTS = 6
#: The lowest rank of the second part's rank multisets (3,183 of the 6,175 have a lower one).
RANK_SPLIT = 2
#: One coefficient's bits in :func:`_rank_boards`' packed word of three.
_TOP_FIELD = _U((1 << 21) - 1)
#: Every fourth bit: a card mask's cards of suit 0 (shifted right by s: of suit s).
_SUIT_BITS = _U(0x1111111111111)


class BoardSpace(NamedTuple):
    """One worker's own arrays (:func:`board_spaces`)."""

    masks: np.ndarray  # (mask_width,) float64: winner-mask counts (see tally)
    codes: np.ndarray  # (P (P + 1) (P + 2) or 0,) float64: outcome-code counts
    cats: np.ndarray  # (P or 0, categories) float64: the categories of the hands
    keys: np.ndarray  # (P,) uint64: each player's hole cards' key ...
    bits: np.ndarray  # (P,) uint64: ... and bits
    s_hi: np.ndarray  # (P,) int16: each player's strength on a board
    live: np.ndarray  # (64,) uint8: the cards left for the board, ascending
    ints: np.ndarray  # (648,) int64: scratch
    board: np.ndarray  # (6, 2) uint64: the key and bits of the board's first 0 .. 5 cards


def board_spaces(n_workers: int, n_players: int, masks: int, codes: int,
                 cats: tuple[int, int]):
    """A :class:`BoardSpace` per worker, with ``masks`` and ``codes`` zeroed counts (one of
    the two sizes 0; see :func:`~pokersim.engine._games.shared.mask_width`) and zeroed
    category counts of shape ``cats`` (no rows: not counted)."""
    return worker_copies(
        n_workers, BoardSpace, masks=np.zeros(masks), codes=np.zeros(codes),
        cats=np.zeros(cats), keys=np.zeros(n_players, np.uint64),
        bits=np.zeros(n_players, np.uint64), s_hi=np.zeros(n_players, np.int16),
        live=np.zeros(64, np.uint8),
        ints=np.zeros(648, np.int64), board=np.zeros((6, 2), np.uint64))


@jit(inline=True)
def _showdown(key, bits, keys, hole_bits, n_players, flush, offsets, table, category_of,
              s_hi, masks, codes, cats, weight):
    """Rank each player's hand with the board's ``key`` and ``bits``, keeping the best and
    its holders as the players go (:func:`~pokersim.engine._games.shared.with_hand`, in
    registers); tally the pot and, where ``cats`` has rows, the hands' categories."""
    if n_players == 2 and cats.shape[0] == 0:  # heads-up, the common case
        a = lookup(key + keys[0], bits | hole_bits[0], flush, offsets, table)
        b = lookup(key + keys[1], bits | hole_bits[1], flush, offsets, table)
        tally_winners(np.int64(a >= b) | (np.int64(b >= a) << 1), n_players, masks, codes,
                      weight)
        return
    best = np.int16(-1)
    holders = np.int64(0)
    for p in range(n_players):
        s = np.int16(lookup(key + keys[p], bits | hole_bits[p], flush, offsets, table))
        best, holders = with_hand(best, holders, s, np.int64(1) << p)
        s_hi[p] = s
    tally_winners(holders, n_players, masks, codes, weight)
    if cats.shape[0]:
        tally_categories(s_hi, n_players, category_of, cats, weight)


@jit(inline=True)
def _list_choice(t, live_mask, r_masks, r_keys, choices, keys, hole_bits, live):
    """Joint choice t's players' keys and bits into ``keys`` and ``hole_bits``, and the cards
    of ``live_mask`` it leaves into ``live``, ascending; returns how many."""
    left = live_mask
    for p in range(choices.shape[1]):
        j = choices[t, p]
        left &= ~r_masks[p, j]
        keys[p] = r_keys[p, j, 0]
        hole_bits[p] = r_keys[p, j, 1]
    return list_cards(left, live)


def _rank_multisets() -> tuple[np.ndarray, int]:
    """(rows, first): every multiset of 5 ranks, each at most 4 times, in lexicographic
    order of its ranks ascending, one row of uint8 each: how many distinct ranks it holds,
    those ranks d_0.. ascending, their multiplicities m_0.., and 2 (5 d_j + m_j) for each
    (where the ways to take them are in :func:`_rank_boards`' factors), zeros after;
    ``first`` is the first row whose lowest rank is :data:`RANK_SPLIT` or more."""
    ranks = np.fromiter(itertools.chain.from_iterable(
        itertools.combinations_with_replacement(range(13), 5)), np.int64).reshape(-1, 5)
    counts = (ranks[:, :, None] == np.arange(13)).sum(axis=1)
    counts = counts[counts.max(axis=1) <= 4]
    n_distinct = (counts > 0).sum(axis=1)
    distinct = np.argsort(counts == 0, axis=1, kind="stable")[:, :5]
    used = np.arange(5) < n_distinct[:, None]
    distinct = np.where(used, distinct, 0)
    mult = np.where(used, np.take_along_axis(counts, distinct, axis=1), 0)
    rows = np.column_stack([n_distinct, distinct, mult, 2 * (5 * distinct + mult)])
    rows = rows.astype(np.uint8)
    rows.setflags(write=False)
    return rows, int(np.argmax(distinct[:, 0] >= RANK_SPLIT))


#: The rank multisets of :func:`_rank_multisets` (6,175 rows) and the first of the second
#: part's (those whose lowest rank is :data:`RANK_SPLIT` or more).
MULTISETS, SPLIT_ROW = _rank_multisets()


@jit(inline=True)
def _rank_boards(n_players, live, n_live, low_ranks, threshold, weight, keys, hole_bits,
                 card_keys, flush, offsets, table, category_of, s_hi, masks, codes, cats,
                 scratch, rows):
    """Every 5-card board with no flush possible for any player whose lowest rank is below
    :data:`RANK_SPLIT` (``low_ranks``) or not, grouped by its ranks: one showdown per rank
    multiset, weighted by the number of boards that have those ranks and fewer than
    ``threshold[s]`` cards of every suit s (counted, not enumerated): the multisets are the
    ``rows`` (:data:`MULTISETS`). Uses ``scratch[:68]`` and ``scratch[128:648]``."""
    avail = scratch[0:13]
    present = scratch[16:68]  # card c = 4 * rank + suit of the live cards (no reshape: its
    # error path compiles Numba's text formatting: 0.25 s of a first preflop answer's 3.5 s)
    for i in range(68):  # avail and present
        scratch[i] = 0
    for i in range(n_live):
        c = live[i]
        avail[c >> 2] += 1
        present[c] = 1
    # the ways to take m of a rank's live cards without its card of suit s, and with it
    factors = scratch[128:648]  # at 2 * ((13 * s + rank) * 5 + m)
    for s in range(4):
        for r in range(13):
            e = present[4 * r + s]
            for m in range(1, 5):
                f = 2 * ((13 * s + r) * 5 + m)
                factors[f] = BINOM[avail[r] - e, m]
                factors[f + 1] = BINOM[avail[r] - 1, m - 1] if e else 0
    for row in range(0 if low_ranks else SPLIT_ROW, SPLIT_ROW if low_ranks else rows.shape[0]):
        n_distinct = rows[row, 0]
        total = 1
        key = _U(0)
        for j in range(n_distinct):
            r = rows[row, 1 + j]
            m = rows[row, 6 + j]
            total *= BINOM[avail[r], m]
            key += _U(m) * (card_keys[4 * r] & RANK_MASK)
        if total == 0:
            continue
        # boards with these ranks and >= threshold[s] cards of suit s
        flushy = np.int64(0)
        for s in range(4):
            least = threshold[s]
            if n_distinct < least:  # a flush needs as many ranks
                continue
            # the coefficients of x^least and up of prod_r (ways without r's s-card + ways
            # with it * x): the top three at most (least >= 3), top_k that of x^(j - k)
            # after j ranks, packed in 21 bits each of one word (none exceeds 6^5), each
            # rank's step two multiplications for the three: top_k * with + top_(k-1) * without
            top = _U(1)
            for j in range(n_distinct):
                f = 130 * s + rows[row, 11 + j]
                top = top * _U(factors[f + 1]) + (top << _U(21)) * _U(factors[f])
            over = n_distinct - least  # x^least is top_over
            flushy += np.int64(top & _TOP_FIELD)
            if over >= 1:
                flushy += np.int64((top >> _U(21)) & _TOP_FIELD)
            if over >= 2:
                flushy += np.int64((top >> _U(42)) & _TOP_FIELD)
        if total > flushy:
            _showdown(key, _U(0), keys, hole_bits, n_players, flush, offsets,
                      table, category_of, s_hi, masks, codes, cats,
                      weight * (total - flushy))


@jit(inline=True)
def _flush_boards(n_players, live, n_live, s, threshold, weight, keys, hole_bits, card_keys,
                  card_bits, flush, offsets, table, category_of, s_hi, masks, codes, cats,
                  scratch):
    """Every 5-card board with at least ``threshold`` (3 or more) cards of suit ``s`` (a
    flush in s is possible for some player): its cards of suit s one by one, its other cards
    (two at most) by their ranks, weighted by the ways to choose them, as no other suit can
    make a flush with them: their keys count their ranks alone (``RANK_MASK``), and their
    suits' bits are no flush's. Uses ``scratch[:37]``."""
    suited = scratch[0:13]
    others = scratch[16:29]  # the live cards of other suits, by rank
    n_suited = np.int64(0)
    for r in range(13):
        others[r] = 0
    for i in range(n_live):
        c = live[i]
        if (c & 3) == s:
            suited[n_suited] = c
            n_suited += 1
        else:
            others[c >> 2] += 1
    outer = scratch[32:37]
    for k in range(threshold, min(np.int64(5), n_suited) + 1):
        for i in range(k):
            outer[i] = i
        while True:
            key_k = _U(0)
            bits_k = _U(0)
            for i in range(k):
                key_k += card_keys[suited[outer[i]]]
                bits_k |= card_bits[suited[outer[i]]]
            if k == 5:
                _showdown(key_k, bits_k, keys, hole_bits, n_players, flush, offsets, table,
                          category_of, s_hi, masks, codes, cats, weight)
            for r0 in range(13 if k < 5 else 0):
                a = others[r0]
                if a == 0:
                    continue
                key_0 = key_k + (card_keys[4 * r0] & RANK_MASK)
                if k == 4:
                    _showdown(key_0, bits_k, keys, hole_bits, n_players, flush, offsets,
                              table, category_of, s_hi, masks, codes, cats, weight * a)
                    continue
                for r1 in range(r0, 13):  # k == 3
                    ways = a * (a - 1) // 2 if r1 == r0 else a * others[r1]
                    if ways:
                        _showdown(key_0 + (card_keys[4 * r1] & RANK_MASK), bits_k, keys,
                                  hole_bits, n_players, flush, offsets, table, category_of,
                                  s_hi, masks, codes, cats, weight * ways)
            if not next_combination(outer, k, n_suited):
                break


@jit(inline=True)
def _flush_order(threshold, order):
    """The order of a choice's flush tasks (parts 2 to 5) in ``order``: the suits by the
    boards they walk, the most first (the lowest ``threshold``; by suit where equal), then
    the second placed before it, so that two workers (parts 0, 2, 4 and 1, 3, 5) share them
    evenly: the first rank part, the larger, with the second and third suits; the second
    with the first and fourth."""
    for s in range(4):
        place = 0
        for other in range(4):
            place += (threshold[other] < threshold[s]
                      or threshold[other] == threshold[s] and other < s)
        order[place] = s
    order[0], order[1] = order[1], order[0]


@jit(worker=True)
def preflop_kernel(w, n_workers, first, last, live_mask, ranged, category_of, ht, multisets,
                   space):
    """Worker w's share of joint choices ``first .. last - 1`` of ``ranged`` (every player's
    two cards, :class:`~pokersim.engine._games.shared.Ranged`) times every 5-card board of
    the cards of ``live_mask`` they leave, weighted, into ``space.masks`` or ``space.codes``
    (see :func:`~pokersim.engine._games.shared.tally`), and each hand's category
    (``category_of`` its strength) into ``space.cats`` where it has rows, in far fewer
    showdowns than boards.

    A player can make a flush in suit s only if the board holds at least 5 - h of its
    cards, h the most cards of s a player holds: ``threshold[s]`` (3 or more, so at most one
    suit a board reaches it). Boards that reach it in suit s are walked by their cards of
    suit s, the others by their ranks (parts 2 to 5 of the choice's tasks, a suit each in the
    order of :func:`_flush_order`, :func:`_flush_boards`); every other board is decided by
    its ranks alone, so each rank multiset is ranked once, weighted by how many such boards
    share it (parts 0 and 1, by the multiset's lowest rank, :func:`_rank_boards`, over the
    rows of ``multisets``: :data:`MULTISETS`, an argument rather than a global, which Numba
    would compile into the kernel as a constant). AhKh
    against QsQd is 41,518 showdowns instead of 1,712,304 (~200,000 when the flush boards'
    other cards were walked one by one). Worker w takes tasks
    w, w + W, ... of the span's :data:`PREFLOP_PARTS` a choice. Returns the tasks it did."""
    card_keys, card_bits, flush, offsets, table = ht
    r_masks, r_keys, choices, choice_weights = (ranged.masks, ranged.keys, ranged.choices,
                                                ranged.choice_weights)
    masks, codes, cats, keys, hole_bits, s_hi, live, scratch, _ = space
    n_players = choices.shape[1]
    threshold = scratch[112:116]
    order = scratch[116:120]
    listed = -1  # the choice whose live cards ``live`` holds
    n_live = 0
    done = 0
    for task in range(first * PREFLOP_PARTS + w, last * PREFLOP_PARTS, n_workers):
        t = task // PREFLOP_PARTS
        part = task % PREFLOP_PARTS
        if t != listed:
            n_live = _list_choice(t, live_mask, r_masks, r_keys, choices, keys, hole_bits,
                                  live)
            for s in range(4):
                most = np.int64(0)
                for p in range(n_players):
                    held = popcount((r_masks[p, choices[t, p]] >> _U(s)) & _SUIT_BITS)
                    most = max(most, np.int64(held))
                threshold[s] = 5 - most
            _flush_order(threshold, order)
            listed = t
        if part < 2:
            _rank_boards(n_players, live, n_live, part == 0, threshold, choice_weights[t],
                         keys, hole_bits, card_keys, flush, offsets, table, category_of, s_hi,
                         masks, codes, cats, scratch, multisets)
        else:
            s = order[part - 2]
            _flush_boards(n_players, live, n_live, s, threshold[s], choice_weights[t], keys,
                          hole_bits, card_keys, card_bits, flush, offsets, table, category_of,
                          s_hi, masks, codes, cats, scratch)
        done += 1
    return done


@jit(worker=True)
def runout_kernel(w, n_workers, first, last, live_mask, board_key, board_bits, n_runout,
                  ranged, category_of, ht, space):
    """Worker w's share of joint choices ``first .. last - 1`` of ``ranged`` (as
    :func:`preflop_kernel` takes them) times every runout of ``n_runout`` cards (0 to 5) to
    the known board (its key ``board_key``, from 0, and ``board_bits``), weighted, into
    ``space``'s counts. Tasks are (choice, position of the runout's lowest card) pairs;
    worker w takes tasks w, w + W, .... The board's key grows card by card along the
    runout, so a runout costs one addition and one lookup a player. Returns the tasks it
    did."""
    card_keys, card_bits, flush, offsets, table = ht
    r_masks, r_keys, choices, choice_weights = (ranged.masks, ranged.keys, ranged.choices,
                                                ranged.choice_weights)
    masks, codes, cats, keys, hole_bits, s_hi, live, scratch, board = space
    n_players = choices.shape[1]
    n_live = np.int64(popcount(live_mask)) - 2 * n_players  # every choice leaves as many
    per_choice = n_live if n_runout > 0 else 1
    pos = scratch[:6]
    listed = -1
    done = 0
    board[0, 0] = board_key
    board[0, 1] = board_bits
    for task in range(first * per_choice + w, last * per_choice, n_workers):
        t = task // per_choice
        weight = choice_weights[t]
        if t != listed:
            _list_choice(t, live_mask, r_masks, r_keys, choices, keys, hole_bits, live)
            listed = t
        done += 1
        if n_runout == 0:
            _showdown(board_key, board_bits, keys, hole_bits, n_players, flush, offsets, table,
                      category_of, s_hi, masks, codes, cats, weight)
            continue
        lowest = task % per_choice
        if lowest > n_live - n_runout:
            continue
        board[1, 0] = board_key + card_keys[live[lowest]]
        board[1, 1] = board_bits | card_bits[live[lowest]]
        if n_runout == 1:
            _showdown(board[1, 0], board[1, 1], keys, hole_bits, n_players, flush, offsets,
                      table, category_of, s_hi, masks, codes, cats, weight)
            continue
        # depth-first over positions 2 .. n_runout - 1 of the runout, increasing; the last
        # card runs in a plain loop. board[d] is the board with d runout cards.
        d = 2
        pos[1] = lowest
        pos[2] = lowest
        while d >= 2:
            if d == n_runout:
                key = board[d - 1, 0]
                bits = board[d - 1, 1]
                for i in range(pos[d - 1] + 1, n_live):
                    c = live[i]
                    _showdown(key + card_keys[c], bits | card_bits[c], keys, hole_bits,
                              n_players, flush, offsets, table, category_of, s_hi,
                              masks, codes, cats, weight)
                d -= 1
                continue
            pos[d] += 1
            if pos[d] > n_live - 1 - (n_runout - d):
                d -= 1
                continue
            c = live[pos[d]]
            board[d, 0] = board[d - 1, 0] + card_keys[c]
            board[d, 1] = board[d - 1, 1] | card_bits[c]
            d += 1
            pos[d] = pos[d - 1]
    return done


# ---------------------------------------------------------------------------------------------
# Monte Carlo

#: The two trials dealt side by side, as run-time int64 values (literals 0 and 1 would compile
#: each helper once per value, see :data:`~pokersim.engine._games.shared.ONE`).
FIRST = np.int64(0)
SECOND = np.int64(1)


class BoardTrialSpace(NamedTuple):
    """One Monte Carlo worker's own arrays (:func:`board_trial_spaces`)."""

    masks: np.ndarray  # (mask_width,) int64: winner-mask counts (see tally_trial)
    codes: np.ndarray  # (P (P + 1) (P + 2) or 0,) int64: outcome-code counts (see tally_trial)
    cats: np.ndarray  # (P or 0, categories) int64: the categories of the hands
    s_hi: np.ndarray  # (P,) int16: each player's strength in a trial
    seat_keys: np.ndarray  # (2, P) uint64: the hole cards' key of each seat, two trials
    seat_bits: np.ndarray  # (2, P) uint64: ... and bits
    cards: np.ndarray  # (64,) uint8: the cards dealt from, ascending (see deal_unknown)


def board_trial_spaces(n_workers: int, n_players: int, masks: int, codes: int,
                       cats: tuple[int, int]):
    """A :class:`BoardTrialSpace` per worker, with zeroed counts (see :func:`board_spaces`)."""
    return worker_copies(
        n_workers, BoardTrialSpace, masks=np.zeros(masks, np.int64),
        codes=np.zeros(codes, np.int64), cats=np.zeros(cats, np.int64),
        s_hi=np.zeros(n_players, np.int16), seat_keys=np.zeros((2, n_players), np.uint64),
        seat_bits=np.zeros((2, n_players), np.uint64), cards=np.zeros(64, np.uint8))


@jit(inline=True)
def _choose_hands(state, row, r_masks, r_keys, sizes, threshold, alias, joint,
                  max_rejections, seat_keys, seat_bits):
    """The hands of the players given as lists (seats 0 .. R - 1), into row ``row`` of
    ``seat_keys`` and ``seat_bits``: a joint choice drawn by weight when they are listed
    (its mask, keys and bits read from its row of ``joint``), else a hand a player, the
    whole draw rejected on a card in common. Returns (state, the mask of their cards, False
    if ``max_rejections`` draws in a row conflicted, the row of ``joint`` drawn)."""
    used = _U(0)
    if joint.shape[0] > 0:
        state, t = sample_alias_row(state, joint)
        for p in range(sizes.shape[0]):
            seat_keys[row, p] = joint[t, 3 + 2 * p]
            seat_bits[row, p] = joint[t, 4 + 2 * p]
        return state, joint[t, 2], True, t
    for _ in range(max_rejections):
        used = _U(0)
        ok = True
        for p in range(sizes.shape[0]):
            state, j = sample_alias(state, threshold, alias, p, sizes[p])
            m = r_masks[p, j]
            if used & m:
                ok = False
                break
            used |= m
            seat_keys[row, p] = r_keys[p, j, 0]
            seat_bits[row, p] = r_keys[p, j, 1]
        if ok:
            return state, used, True, _U(0)
    return state, used, False, _U(0)


@jit(inline=True)
def _next_card(r, n, avail, slots, slot, by_gaps, cards):
    """(r, the card, avail, slots) of one draw of :func:`deal_unknown`: the i-th card of the
    mask ``avail``, i uniform below ``n`` from the number ``r`` (its next digit), taken out of
    ``avail``; or by the gaps (``by_gaps``) the card at position ``nth_left(slots, i,
    slot)`` of ``cards``, its slot taken."""
    i, r = mul_wide(r, n)
    if by_gaps:
        p, slots = nth_left(slots, i, slot)
        return r, _U(cards[p]), avail, slots
    bit = nth_bit(avail, i)
    return r, trailing_zeros(bit), avail ^ bit, slots


@jit(inline=True)
def deal_unknown(state, avail0, avail1, cards, taken0, taken1, n_random, n_draw, plan,
                 board_key, board_bits, card_keys, card_bits, seat_keys, seat_bits):
    """Deal two trials at once: for trial k (0, 1), two cards to each of the last
    ``n_random`` seats of row k of ``seat_keys`` and ``seat_bits`` (their keys from
    ``KEY_BIAS``, as a hand's are), and the rest of the board (``n_draw`` cards in all),
    without replacement and uniformly from the cards of ``avail0`` or ``avail1``. Returns
    (state, board key and bits of trial 0, of trial 1).

    Up to ``BATCH`` draws come from one 64-bit number, as in
    :func:`pokersim.dealing.deal_row` (``plan`` from :func:`pokersim.dealing.deal_plan`):
    draw t takes the i-th card still available, i uniform below the number left (no
    rejection), found with :func:`~pokersim._core.jit.nth_bit` where ``pdep`` is fast, else
    as position ``nth_left(...)`` of ``cards`` (the cards of ``avail0 | avail1`` and of the
    slots taken in ``taken0`` and ``taken1``, ascending; :func:`~pokersim._core.gaps.nth_left`,
    each ``taken`` (slots, count) from :func:`~pokersim._core.gaps.taken_slots`): the
    same card, in a chain of steps as short as ``pdep``'s. Each draw waits on the one before
    (the mask or the slots of the cards taken): two trials side by side give the CPU two
    such chains to overlap (1.2x). A seat's two cards are drawn in one step of the loop and
    its key and bits written once (a batch holds an even number of draws, so never one card
    of a seat): 3-6% more trials a second than a draw a step, on both paths."""
    n_left = popcount(avail0)  # the same for both: as many hole cards are taken in each
    first_seat = seat_keys.shape[1] - n_random
    key0 = key1 = board_key
    bits0 = bits1 = board_bits
    slots0, n_taken = taken0
    slots1, _ = taken1
    by_gaps = gap_mode(n_taken, n_draw)
    t = 0
    for batch in range(plan.shape[0]):
        state, r0 = batch_number(state, plan, batch)
        state, r1 = batch_number(state, plan, batch)
        end = min(n_draw, (batch + 1) * BATCH)
        while t < min(end, 2 * n_random):  # a seat's two cards (BATCH is even: one batch)
            r0, a0, avail0, slots0 = _next_card(r0, n_left - _U(t), avail0, slots0,
                                                _U(n_taken + t), by_gaps, cards)
            r1, a1, avail1, slots1 = _next_card(r1, n_left - _U(t), avail1, slots1,
                                                _U(n_taken + t), by_gaps, cards)
            r0, b0, avail0, slots0 = _next_card(r0, n_left - _U(t + 1), avail0, slots0,
                                                _U(n_taken + t + 1), by_gaps, cards)
            r1, b1, avail1, slots1 = _next_card(r1, n_left - _U(t + 1), avail1, slots1,
                                                _U(n_taken + t + 1), by_gaps, cards)
            seat = _U(first_seat + t // 2)  # unsigned: no wraparound code
            seat_keys[0, seat] = KEY_BIAS + card_keys[a0] + card_keys[b0]
            seat_bits[0, seat] = card_bits[a0] | card_bits[b0]
            seat_keys[1, seat] = KEY_BIAS + card_keys[a1] + card_keys[b1]
            seat_bits[1, seat] = card_bits[a1] | card_bits[b1]
            t += 2
        while t < end:  # the board's
            r0, c0, avail0, slots0 = _next_card(r0, n_left - _U(t), avail0, slots0,
                                                _U(n_taken + t), by_gaps, cards)
            r1, c1, avail1, slots1 = _next_card(r1, n_left - _U(t), avail1, slots1,
                                                _U(n_taken + t), by_gaps, cards)
            key0 += card_keys[c0]
            bits0 |= card_bits[c0]
            key1 += card_keys[c1]
            bits1 |= card_bits[c1]
            t += 1
    return state, key0, bits0, key1, bits1


@jit(inline=True)
def _trial(key, bits, seat_keys, seat_bits, row, n_players, heads_up, flush, offsets, table,
           category_of, s_hi, masks, codes, cats):
    """One trial (row ``row`` of the seats). Heads-up, returns whether each player won and
    whether they tied, for counts kept in registers (no branch on the winner); otherwise
    tallies the trial (and its categories where ``cats`` has rows) and returns zeros."""
    if heads_up:
        a = lookup(key + seat_keys[row, 0], bits | seat_bits[row, 0], flush, offsets, table)
        b = lookup(key + seat_keys[row, 1], bits | seat_bits[row, 1], flush, offsets, table)
        return a > b, b > a, a == b
    best = np.int16(-1)
    holders = np.int64(0)
    for p in range(n_players):
        s = np.int16(lookup(key + seat_keys[row, p], bits | seat_bits[row, p], flush, offsets,
                            table))
        best, holders = with_hand(best, holders, s, np.int64(1) << p)
        s_hi[p] = s
    tally_trial(holders, n_players, masks, codes)
    if cats.shape[0]:
        tally_categories(s_hi, n_players, category_of, cats, ONE)
    return False, False, False


@jit(worker=True)
def board_monte_carlo_kernel(w, n_workers, key, first, n_blocks, claimed, block, trials,
                             live_mask, n_random, n_runout, plan, board_key, board_bits, ranged,
                             max_rejections, category_of, ht, space):
    """Worker w's share of the Monte Carlo trials of blocks ``first .. first + n_blocks - 1``
    (each worker takes the next block left as it finishes one: ``claimed``, a shared counter
    from 0, :func:`~pokersim._core.jit.take_next`; block b of ``block`` trials, ``trials`` in
    the run, draws from stream b of ``key``, whoever takes it), added to ``space``'s counts. The
    players given as lists sit first (:func:`_choose_hands`, from ``ranged``), then
    ``n_random`` random players; their cards and the ``n_runout`` cards to the known board (its key
    ``board_key``, from 0, and ``board_bits``) are dealt from the cards of ``live_mask`` the
    lists' hands leave (:func:`deal_unknown`), two trials at once: a block of an odd number
    of trials deals one more and does not count it. Returns 1 if the worker gave up after
    ``max_rejections`` conflicting draws in a row (0 normally)."""
    card_keys, card_bits, flush, offsets, table = ht
    r_masks, r_keys, sizes, threshold, alias = (ranged.masks, ranged.keys, ranged.sizes,
                                                ranged.threshold, ranged.alias)
    joint = ranged.joint
    masks, codes, cats, s_hi, seat_keys, seat_bits, cards = space
    list_cards(live_mask, cards)
    n_players = s_hi.shape[0]
    n_draw = 2 * n_random + n_runout
    n_lists = sizes.shape[0]
    heads_up = n_players == 2 and cats.shape[0] == 0
    one_choice = joint.shape[0] == 1
    stalled = 0
    while True:
        b = first + take_next(claimed)
        if b >= first + n_blocks:
            break
        state = block_state(key, b)
        first_wins = 0
        second_wins = 0
        both = 0
        used0 = used1 = _U(0)
        taken0 = taken1 = no_taken()
        n_trials = min(block, trials - b * block)
        for trial in range(0, n_trials, 2):
            if not one_choice or trial == 0:  # one choice: its cards never change
                state, used0, ok0, t0 = _choose_hands(
                    state, FIRST, r_masks, r_keys, sizes, threshold, alias, joint,
                    max_rejections, seat_keys, seat_bits)
                state, used1, ok1, t1 = _choose_hands(
                    state, SECOND, r_masks, r_keys, sizes, threshold, alias, joint,
                    max_rejections, seat_keys, seat_bits)
                if not (ok0 and ok1):
                    stalled = 1
                    break
                if not HAS_PDEP:
                    taken0 = chosen_slots(joint, t0, n_lists, 2 * n_lists, used0, live_mask)
                    taken1 = chosen_slots(joint, t1, n_lists, 2 * n_lists, used1, live_mask)
            state, key0, bits0, key1, bits1 = deal_unknown(
                state, live_mask & ~used0, live_mask & ~used1, cards, taken0, taken1,
                n_random, n_draw, plan, board_key, board_bits, card_keys, card_bits,
                seat_keys, seat_bits)
            won, lost, tied = _trial(key0, bits0, seat_keys, seat_bits, FIRST, n_players,
                                     heads_up, flush, offsets, table, category_of, s_hi,
                                     masks, codes, cats)
            first_wins += won
            second_wins += lost
            both += tied
            if trial + 1 < n_trials:
                won, lost, tied = _trial(key1, bits1, seat_keys, seat_bits, SECOND,
                                         n_players, heads_up, flush, offsets, table,
                                         category_of, s_hi, masks, codes, cats)
                first_wins += won
                second_wins += lost
                both += tied
        if heads_up:  # winner masks 1, 2 and 3 (see tally_winners)
            masks[1] += first_wins
            masks[2] += second_wins
            masks[3] += both
        if stalled:
            break
    if codes.shape[0]:
        settle_codes(codes, n_players)
    return stalled
