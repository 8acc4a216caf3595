"""Zhajinhua's kernels and counting (the friendly API is :mod:`pokersim.games.zhajinhua`).

Hands are ranked by the ``"zhajinhua"`` rankings (:mod:`pokersim.rankings.zhajinhua_order`):
a strength 1..743 of one scale for both placements of A-2-3. The two house rules that are no
order of hands act here, at the table, through a *settle key* per seat: ``strength * 4 +
suit``, ``suit`` the order (♦ 0, ♣ 1, ♥ 2, ♠ 3) of the highest card's suit under
``ties="suit"`` and 0 under ``ties="split"``; and the 2-3-5 rule, read off the keys
(:data:`STRENGTH_235`, :data:`LEOPARD_MIN`). Keys are internal: never returned.

>>> from pokersim.rankings.zhajinhua_order import key, strength_of_key
>>> int(strength_of_key(key([3, 1, 0], False))) == STRENGTH_235
True
>>> int(strength_of_key(key([0, 0, 0], False))) == LEOPARD_MIN
True
"""

from __future__ import annotations

import numpy as np

from .._core.jit import jit
from .._core.montecarlo import count_blocks
from ..dealing import deal_row
from ..evaluator.tables import KEY_BIAS, lookup
from . import _by_category

#: The strength of the high card 5-3-2, the weakest hand: the 2-3-5 of the 2-3-5 rule (of
#: mixed suits; suited, it is a flush).
STRENGTH_235 = 1
#: The strength of the weakest leopard, 2-2-2 (the 13 leopards are the top strengths).
LEOPARD_MIN = 731


def _ranked_suit(cards):
    """``rank << 2 | suit order`` of cards (scalars or arrays): the suit order of ties="suit"
    is ♦ 0 < ♣ 1 < ♥ 2 < ♠ 3, the card's suit (c 0, d 1, h 2, s 3) with bit 0 flipped for
    clubs and diamonds. The largest of a hand's is its highest card's, in its best suit."""
    return cards ^ (~(cards >> 1) & 1)


_ranked_suit_inline = jit(inline=True)(_ranked_suit)


def settle_keys(strengths: np.ndarray, hands: np.ndarray, suit_ties: bool) -> np.ndarray:
    """The settle keys (int64) of hands (N, 3) of these strengths (see the module
    docstring)."""
    keys = strengths.astype(np.int64) * 4
    if suit_ties:
        r = _ranked_suit(hands)
        keys += np.maximum(np.maximum(r[:, 0], r[:, 1]), r[:, 2]) & 3
    return keys


@jit(inline=True)
def _seat_key(cards, p, players, card_keys, card_bits, flush, offsets, table, suit_ties):
    """The strength and settle key of seat p's cards ``cards[0, p + j * players]``, j = 0, 1,
    2 (dealt round the table), from the ranking's tables."""
    key = KEY_BIAS
    bits = np.uint64(0)
    highest = 0
    for j in range(3):
        c = cards[0, p + j * players]
        key += card_keys[c]
        bits |= card_bits[c]
        highest = max(highest, _ranked_suit_inline(np.int64(c)))
    s = lookup(key, bits, flush, offsets, table)
    return s, s * 4 + (highest & 3 if suit_ties else 0)


@jit(inline=True)
def settle(keys, row, rule_235, out):
    """Outcomes of the seats of table ``row``: ``out[row, p]`` = 2 win, 1 tie, 0 lose, from
    the settle keys ``keys[row, :]``.

    The best key wins. Under the 2-3-5 rule, when the best key is a leopard's and a 2-3-5
    (mixed suits) sits at the table, the 2-3-5 hands take the pot instead (equal ones split
    it, or the suit of their five decides under ties="suit")."""
    players = keys.shape[1]
    best = keys[row, 0]
    for p in range(1, players):
        best = max(best, keys[row, p])
    if rule_235 and best >= LEOPARD_MIN * 4:
        best_235 = np.int64(-1)
        for p in range(players):
            if (keys[row, p] >> 2) == STRENGTH_235:
                best_235 = max(best_235, np.int64(keys[row, p]))
        if best_235 >= 0:
            best = best_235
    n = 0
    for p in range(players):
        n += keys[row, p] == best
    for p in range(players):
        out[row, p] = (2 if n == 1 else 1) if keys[row, p] == best else 0


@jit
def showdown_kernel(keys, rule_235, out):
    """:func:`settle` every row of ``keys`` (R, P) into ``out`` (R, P)."""
    for r in range(keys.shape[0]):
        settle(keys, r, rule_235, out)


def versus(ka, kb, rule_235: bool) -> np.ndarray:
    """+1 where settle key ka beats kb, -1 where it loses, 0 for a tie, with the 2-3-5 rule
    (arrays broadcast; int8)."""
    ka, kb = np.broadcast_arrays(np.asarray(ka, np.int64), np.asarray(kb, np.int64))
    out = np.sign(ka - kb).astype(np.int8)
    if rule_235:
        out[((ka >> 2) == STRENGTH_235) & (kb >= LEOPARD_MIN * 4)] = 1
        out[((kb >> 2) == STRENGTH_235) & (ka >= LEOPARD_MIN * 4)] = -1
    return out


def table_buffers(players: int, n_categories: int) -> tuple:
    """A worker's scratch arrays for :func:`_win_rates_kernel`: the cards dealt, the seats'
    settle keys, outcomes and categories, and :func:`_by_category.scratch`."""
    return (np.empty((1, 3 * players), np.uint8), np.empty((1, players), np.int64),
            np.empty((1, players), np.int8), np.empty(players, np.int64),
            *_by_category.scratch(n_categories))


@jit(inline=True)
def _deal_and_settle(state, n_trials, deck, scratch, params, local):
    """Trials of the win rates: deal a table, settle it and add its sums by category
    (:func:`_by_category.add_table`) to ``local``."""
    players, plan, cat_of, card_keys, card_bits, flush, offsets, table, suit_ties, rule_235 = \
        params
    cards, keys, out, cats, x, n = scratch
    for _ in range(n_trials):
        state = deal_row(state, deck, cards, 0, 52, 3 * players, plan)
        for p in range(players):  # dealt one card at a time round the table
            s, k = _seat_key(cards, p, players, card_keys, card_bits, flush, offsets, table,
                             suit_ties)
            keys[0, p] = k
            cats[p] = cat_of[s]
        settle(keys, 0, rule_235, out)
        _by_category.add_table(cats, out[0], players, x, n, local)


@jit(worker=True)
def _win_rates_kernel(w, n_workers, key, first_block, n_blocks, claimed, block, trials, params,
                      space):
    """Worker w's sums by category (see :func:`_by_category.add_table`) of blocks of tables
    (see :mod:`pokersim._core.montecarlo`); ``params`` is (players, deal plan, the ranking's
    category of each strength and its five tables, suit_ties, rule_235)."""
    count_blocks(_deal_and_settle, key, first_block, n_blocks, claimed, block, trials,
                 params, space)


def heads_up_counts(hands: np.ndarray, keys: np.ndarray, rule_235: bool,
                    opponents: int) -> np.ndarray:
    """Heads-up wins, ties and losses (int64 (N, 3)) of every hand of ``hands`` (all three-card
    hands, N of them) against the ``opponents`` hands of the other 49 cards, from their settle
    keys.

    Counting, not enumerating: the opponents weaker than a hand h are the weaker hands of the
    whole deck, less those sharing a card with h, by inclusion-exclusion over h's three
    cards (the hands that hold card c, those that hold two of h's cards, and h itself); each
    term is a binary search in keys sorted per card and per pair of cards. The 2-3-5 rule
    then turns the losses of each 2-3-5 to the leopards it does not touch into wins."""
    s = keys
    span = np.int64(s.max() + 1)

    def below(keys_of_groups, group_of_query):
        """Per query (group g, key s[h]): how many members of g are < and <= s[h]."""
        keys = np.sort(np.concatenate([g * span + s for g in keys_of_groups]))
        lt = np.zeros(len(s), np.int64)
        le = np.zeros(len(s), np.int64)
        for g in group_of_query:
            start = np.searchsorted(keys, g * span, "left")
            lt += np.searchsorted(keys, g * span + s, "left") - start
            le += np.searchsorted(keys, g * span + s, "right") - start
        return lt, le

    h = hands.astype(np.int64)
    whole = np.sort(s)
    lt = np.searchsorted(whole, s, "left")
    le = np.searchsorted(whole, s, "right")
    cards = [h[:, 0], h[:, 1], h[:, 2]]
    lt_c, le_c = below(cards, cards)
    pairs = [h[:, 0] * 52 + h[:, 1], h[:, 0] * 52 + h[:, 2], h[:, 1] * 52 + h[:, 2]]
    lt_p, le_p = below(pairs, pairs)
    lt_d = lt - lt_c + lt_p  # h itself is not below itself
    le_d = le - le_c + le_p - 1  # h itself is <= itself
    counts = np.stack([lt_d, le_d - lt_d, opponents - le_d], axis=1)
    if rule_235:
        masks = (np.uint64(1) << h.astype(np.uint64)).sum(axis=1, dtype=np.uint64)
        i235 = np.flatnonzero((s >> 2) == STRENGTH_235)
        ileo = np.flatnonzero(s >= LEOPARD_MIN * 4)
        apart = (masks[i235, None] & masks[None, ileo]) == 0
        flips = apart.sum(axis=1)
        counts[i235, 0] += flips
        counts[i235, 2] -= flips
        flips = apart.sum(axis=0)
        counts[ileo, 0] -= flips
        counts[ileo, 2] += flips
    return counts
