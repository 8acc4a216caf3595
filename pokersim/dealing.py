"""Dealing: rows of distinct cards drawn uniformly from the deck less the dead cards.

>>> deal(2, 5, seed=7).shape
(2, 5)
>>> bool((deal(3, 7, seed=1) == deal(3, 7, seed=1)).all())
True
"""

from __future__ import annotations

import functools

import numpy as np

from . import config
from ._core.jit import jit, mul_wide, on_workers, worker_copies, workers
from ._core.specialise import Specialised
from ._core.streams import block_state, next_u64, seed_key
from ._core.validation import MAX_COUNT, byte_size, check_count, check_memory, named
from .cards import as_card_set, format_cards
from .errors import PokersimInputError
from .games.game import get as get_game

__all__ = ["DECKS", "deal"]

#: Draws taken from one 64-bit random number (the product of their ranges stays < 2**60).
BATCH = 10


def deal_plan(n_live: int, k: int) -> np.ndarray:
    """For dealing k of n_live cards: per batch of up to BATCH draws, the product P of the
    draws' ranges and the rejection threshold (2**64 - P) mod P, as a (batches, 2) uint64
    array that :func:`deal_row` takes."""
    plan = []
    for j in range(0, k, BATCH):
        product = 1
        for t in range(j, min(k, j + BATCH)):
            product *= n_live - t
        plan.append((product, (2**64 - product) % product))
    out = np.array(plan, dtype=np.uint64).reshape(-1, 2)
    out.flags.writeable = False  # as a kernel's compiled-in plan: one type for its helpers
    return out


@jit(inline=True)
def batch_number(state, plan, batch):
    """(new state, the 64-bit number r of batch ``batch`` of ``plan``): drawn again while the
    low word of ``r * P`` falls in the biased sliver (see :func:`deal_plan`)."""
    while True:
        state, r = next_u64(state)
        low = r * plan[batch, 0]  # the low word of r * P (wraps mod 2**64)
        if low >= plan[batch, 0] or low >= plan[batch, 1]:
            return state, r


@jit(inline=True)
def deal_row(state, deck, out, row, n_live, k, plan):
    """Deal ``out[row, :k]`` by a partial Fisher-Yates shuffle of ``deck``, in place.

    ``deck`` holds the ``n_live`` live cards in any order (it stays a permutation of them, so a
    block of rows reuses it). Up to BATCH draws come from one 64-bit random number ``r``: the
    indices are the mixed-radix digits of ``r * P / 2**64``, ``P`` the product of the draws'
    ranges. A number is rejected when the low word of ``r * P`` falls in the biased sliver
    (Lemire's method, batched; see :func:`deal_plan`), so every ordered k-tuple is exactly
    equally likely; the test comes first and costs one multiplication. Returns the new state.

    It takes a row index rather than a view ``out[row]`` (a view per row cost an atomic
    reference count in the parallel kernels this ran in first), and runs 2-4x faster when
    ``n_live`` and ``k`` are compile-time constants (see :func:`_deal_kernel`).
    """
    for batch in range(plan.shape[0]):
        j = batch * BATCH
        nb = min(BATCH, k - j)
        state, r = batch_number(state, plan, batch)
        for t in range(j, j + nb):
            hi, r = mul_wide(r, np.uint64(n_live - t))
            i = t + np.int64(hi)
            c = deck[i]
            deck[i] = deck[t]
            deck[t] = c
            out[row, t] = c
    return state


@functools.cache
def _deal_kernel(n_live: int, k: int):
    """The dealing worker kernel for k of n_live cards, with both (and the plan) compiled in
    as constants; run it with :func:`_on_blocks`. Compiled once per (n_live, k) and cached on
    disk by Numba."""
    plan = deal_plan(n_live, k)

    @jit(worker=True)
    def kernel(w, n_workers, key, live, out, block, first_block, deck):
        """Fill worker w's blocks of ``out`` (w, w + W, ...), rows of blocks ``first_block
        ..`` (block b from stream b), shuffling ``deck``, the worker's own."""
        n = out.shape[0]
        for b in range(w, (n + block - 1) // block, n_workers):
            state = block_state(key, first_block + b)
            for j in range(live.size):  # not deck[:] = live: that may copy
                deck[j] = live[j]
            for i in range(b * block, min(n, (b + 1) * block)):
                state = deal_row(state, deck, out, i, n_live, k, plan)

    return kernel


@jit(worker=True)
def _deal_any_kernel(w, n_workers, key, live, out, block, first_block, deck, plan):
    """:func:`_deal_kernel`'s loop with ``n_live``, ``k`` and the plan as run-time values: one
    compiled kernel for every shape, 2-4x slower per card, giving the same rows."""
    n, k = out.shape
    for b in range(w, (n + block - 1) // block, n_workers):
        state = block_state(key, first_block + b)
        for j in range(live.size):
            deck[j] = live[j]
        for i in range(b * block, min(n, (b + 1) * block)):
            state = deal_row(state, deck, out, i, live.size, k, plan)


def _on_blocks(kernel, key, live: np.ndarray, out: np.ndarray, first_block: int, *plan):
    """Run a dealing kernel on as many workers as there are blocks of rows (up to
    :func:`pokersim._core.jit.workers`), each with a deck of its own."""
    block = config.DEAL_BLOCK
    n_workers = max(1, min(workers(), -(-out.shape[0] // block)))
    decks = worker_copies(n_workers, lambda deck: deck, deck=live)
    on_workers(lambda w: kernel(w, n_workers, key, live, out, block, first_block, decks[w],
                                *plan), n_workers)


#: The dealing loops: :func:`_deal_any_kernel` for every shape, and a kernel of a (deck size,
#: k) shape's own (:func:`_deal_kernel`, 2-4x faster) once it pays (see
#: :mod:`pokersim._core.specialise`).
DEALING = Specialised(_deal_kernel, _deal_any_kernel, lambda n_live, k: (deal_plan(n_live, k),))


#: The decks, by name: the lowest card id of each (the short deck starts at the six).
DECKS = {"full": 0, "short": 16}


def check_deck(deck) -> int:
    """The first card id of a deck given by name ("full": 52 cards, "short": 36, six to ace)."""
    return named(deck, DECKS, "deck")


def live_cards(dead=None, deck: str = "full") -> np.ndarray:
    """The deck (0..51, or the short deck's 16..51) less ``dead``, as a sorted uint8 array."""
    first = check_deck(deck)
    dead = as_card_set(dead, "dead")
    if dead.size and dead.min() < first:
        raise PokersimInputError(f"dead card {format_cards(dead[dead < first][:1])} is not in "
                                 f"the {deck} deck")
    mask = np.zeros(52, bool)
    mask[first:] = True
    mask[dead] = False
    return np.flatnonzero(mask).astype(np.uint8)


def deal(n: int, k: int | None = None, *, seed=None, dead=None, deck: str = "full",
         game=None, players: int = 2) -> np.ndarray:
    """Deal ``n`` rows of ``k`` distinct cards, uniformly from the deck less ``dead``; or,
    with ``game``, ``n`` whole deals of that game for ``players`` players.

    Parameters
    ----------
    n, k : int
        Rows and cards per row (1 <= k <= cards left in the deck). With ``game``, leave ``k``
        out: a row is a whole deal.
    seed : None, int, SeedSequence or numpy Generator
        The same seed gives the same array whatever the number of threads. None deals from
        fresh entropy, and an array records no seed: to deal the same cards again, pass a
        seed (the tables of :mod:`pokersim.games`, given none, draw one and record it).
    dead : text or array of cards, optional
        Cards removed from the deck first (e.g. cards already seen).
    deck : {"full", "short"}
        The 52-card deck, or the short deck's 36 (six to ace: card ids 16..51).
    game : str or pokersim.games.game.Game, optional
        A game's deals, from its deck: each row holds player 0's hole cards (stud: all seven;
        draw games: the hand before the draw), then player 1's, ..., then the board (the
        up cards, such as Courchevel's first board card, first). Player p's hand with the
        board is ``row[p * hole : (p + 1) * hole]`` and ``row[players * hole:]``.
    players : int
        Players at the table, with ``game`` (default 2).

    Returns
    -------
    numpy.ndarray of uint8, shape (n, k), or (n, players * hole + board) with ``game``

    >>> from pokersim import format_cards
    >>> hand = deal(1, 2, seed=3, dead="As Ks")[0]
    >>> {"As", "Ks"} & set(format_cards(hand).split())
    set()
    >>> int(deal(1000, 7, seed=1, deck="short").min()) >= 16
    True
    >>> deal(4, game="omaha", players=3, seed=1).shape   # 3 x 4 hole cards, 5 board cards
    (4, 17)
    """
    if game is not None:
        g = get_game(game)
        if k is not None or deck != "full":
            raise PokersimInputError(f"deal(game={g.name!r}) deals whole deals from the "
                                     f"game's deck: give no k and no deck")
        players = check_count(players, "players", 1)
        k, deck = players * g.hole + g.board, g.deck
    elif k is None:
        raise PokersimInputError("deal needs k, the cards per row (or a game)")
    n = check_count(n, "n")
    k = check_count(k, "k", 1)
    live = live_cards(dead, deck)
    if k > live.size:
        raise PokersimInputError(f"cannot deal k={k} cards: only {live.size} are left in the deck")
    if n * k > MAX_COUNT:
        raise PokersimInputError(f"cannot deal n={n} rows of k={k} cards: n * k is more than "
                                 f"2**62 cards")
    check_memory(n * k, f"deal(n={n:,}, k={k}): {n:,} rows of {k} one-byte cards",
                 "deal fewer rows at a time")
    return deal_rows(seed_key(seed), 0, n, k, live)


def deal_rows(key, first_block: int, n: int, k: int, live: np.ndarray) -> np.ndarray:
    """Rows ``first_block * DEAL_BLOCK ..`` (``n`` of them) of what :func:`deal` deals from the
    seed key ``key``: a long deal made piece by piece, the same rows whatever the pieces
    (inputs already checked)."""
    try:
        out = np.empty((n, k), np.uint8)
    except MemoryError:  # less free memory than the machine has (check_memory passed)
        raise PokersimInputError(f"deal(n={n:,}, k={k}) needs {byte_size(n * k)} of memory, "
                                 f"more than is free: deal fewer rows at a time") from None
    with DEALING.pick(live.size, k) as (kernel, shape_args):
        _on_blocks(kernel, key, live, out, first_block, *shape_args)
    return out
