"""How often each hand category occurs: exact, every hand counted by classes of hands that rank
alike (:func:`hand_classes`), or Monte Carlo.

>>> df = category_frequencies(cards=5)
>>> int(df.loc[df.category == "Royal Flush", "count"].iloc[0])
4
"""

from __future__ import annotations

import functools
from math import comb

import numpy as np
import pandas as pd

from .. import config, rankings
from .._core.combinatorics import subsets
from .._core.jit import jit
from .._core.montecarlo import chunk_counts, count_blocks, run
from .._core.runner import check_client
from .._core.specialise import Specialised
from .._core.streams import seed_key
from .._core.validation import (
    check_between,
    check_count,
    check_flag,
    check_target_stderr,
    choose_method,
    drawn_seed,
    monte_carlo_trials,
    seed_of,
    short_repr,
)
from ..dealing import deal_plan, deal_row, deal_rows, live_cards
from ..errors import PokersimInputError, SimulationInterrupted
from ..evaluator.strengths import evaluate, game_strengths, ranked_lookup, row_strength
from ..evaluator.tables import FLUSH_CHECK, SUIT_SHIFT, nonflush_strength
from ..games.game import get as get_game
from ..rankings import BADUGI, PLAIN
from ..rankings.badugi import badugi_counts
from ..results import ResultFrame, frequency_table

__all__ = ["category_frequencies", "strength_counts"]

#: Added to a key, makes bit 3 of a suit counter set if that suit already holds 4 cards: when
#: no suit does, one more card cannot make a flush and the flush test can be skipped.
ONE_PER_SUIT = np.uint64(0x1111 << SUIT_SHIFT)


# ---------------------------------------------------------------------------------------------
# Counting the hands of a partial hand and r more cards, one by one (video poker's holds)


@jit(inline=True)
def by_class(strength, classes, out):
    """Count a hand in ``out[classes[strength]]``."""
    out[classes[strength]] += 1


@jit(inline=True)
def _count_last_card(tally, key, bits, cards, start, card_keys, card_bits, flush, offsets,
                     table, classes, out, flavor):
    """Count the hands of the partial hand (key, bits) and one of ``cards[start:]``: one
    addition and one lookup each, the flush test skipped when no suit holds four cards."""
    if (key + ONE_PER_SUIT) & FLUSH_CHECK:
        for i in range(start, cards.shape[0]):
            c = cards[i]
            tally(ranked_lookup(flavor, key + card_keys[c], bits | card_bits[c], flush,
                                offsets, table), classes, out)
    else:
        for i in range(start, cards.shape[0]):
            tally(nonflush_strength(key + card_keys[cards[i]], offsets, table), classes, out)


@jit(inline="ir")  # see count_hands
def _count_last_cards(tally, key, bits, cards, start, r, card_keys, card_bits, flush, offsets,
                      table, classes, out, flavor):
    """Count the hands of the partial hand and ``r`` (1 to 3) of ``cards[start:]``, in
    loops."""
    if r == 1:
        _count_last_card(tally, key, bits, cards, start, card_keys, card_bits, flush, offsets,
                         table, classes, out, flavor)
        return
    for a in range(start, cards.shape[0] - r + 1):
        ka = key + card_keys[cards[a]]
        ba = bits | card_bits[cards[a]]
        if r == 2:
            _count_last_card(tally, ka, ba, cards, a + 1, card_keys, card_bits, flush, offsets,
                             table, classes, out, flavor)
            continue
        for b in range(a + 1, cards.shape[0] - 1):
            _count_last_card(tally, ka + card_keys[cards[b]], ba | card_bits[cards[b]], cards,
                             b + 1, card_keys, card_bits, flush, offsets, table, classes, out,
                             flavor)


@jit(inline="ir")  # its callers' constants shape its loops (1.4x, see pokersim._core.jit.jit)
def count_hands(tally, key, bits, cards, start, r, card_keys, card_bits, flush, offsets, table,
                classes, out, flavor=PLAIN):
    """Count, with ``tally(strength, classes, out)`` (:func:`by_class`), every hand made of
    the partial hand (``key``, ``bits``: a key from ``KEY_BIAS`` and its cards' keys, the OR
    of their bits) and ``r`` more cards (0 to 5) from
    ``cards[start:]`` (distinct cards, not in the partial hand), in the ranking of ``flavor``
    and the tables.

    The r-subsets of ``cards[start:]`` are walked in lexicographic order, in loops that
    build the keys card by card, so that each hand costs one addition and one lookup
    (:func:`_count_last_card`): walking every card by ``next_combination`` there would cost
    more than the hand itself (:mod:`pokersim.games.videopoker` counts every draw of a hold
    so).
    """
    n = cards.shape[0]
    if start + r > n:
        return
    if r == 0:
        tally(ranked_lookup(flavor, key, bits, flush, offsets, table), classes, out)
        return
    # the first m = r - 3 cards (0 to 2) at positions a (< b) below n - 3, in lexicographic
    # order, the last min(r, 3) in _count_last_cards: one call site, so that a kernel with r
    # known only at run time inlines its loops once (three sites cost 2x the compile time)
    m = r - 3 if r > 3 else 0
    a = start
    b = start + 1
    while True:
        first_key = key
        first_bits = bits
        rest = start
        if m >= 1:
            first_key += card_keys[cards[a]]
            first_bits |= card_bits[cards[a]]
            rest = a + 1
        if m == 2:
            first_key += card_keys[cards[b]]
            first_bits |= card_bits[cards[b]]
            rest = b + 1
        _count_last_cards(tally, first_key, first_bits, cards, rest, min(r, 3), card_keys,
                          card_bits, flush, offsets, table, classes, out, flavor)
        if m == 0:
            break
        if m == 1:
            a += 1
            if a >= n - 3:
                break
        else:
            b += 1
            if b >= n - 3:
                a += 1
                b = a + 1
                if b >= n - 3:
                    break


# ---------------------------------------------------------------------------------------------
# Counting every hand exactly: by classes of hands of one strength


def _exact_counts(cards: int, r: rankings.Ranking) -> np.ndarray:
    """How many hands of ``cards`` cards of the ranking's deck have each strength: a hand of
    each class (:func:`hand_classes`) ranked, times the hands of its class. Badugi's by a
    dynamic programme over the ranks."""
    if r.flavor == BADUGI:
        return badugi_counts(cards)
    hands, ways = hand_classes(cards, r.first_card // 4, min(5, min(r.hand_sizes)))
    strengths = evaluate(hands, ranking=r)
    return np.bincount(strengths, weights=ways, minlength=r.n_strengths + 1).astype(np.int64)


def hand_classes(k: int, low_rank: int = 0, flush: int = 5) -> tuple[np.ndarray, np.ndarray]:
    """Every k-card hand of the deck of ranks ``low_rank`` .. 12 in classes of hands that rank
    alike in a ranking whose flush is ``flush`` cards of one suit (five; Zhajinhua's three),
    k < 2 ``flush`` (one suit at most holds a flush): (a hand of each class (C, k) uint8, the
    hands in it (C,) float64, whole numbers).

    * Hands with fewer than ``flush`` cards of every suit rank by their ranks alone: a class
      for each multiset of ranks, holding its suits but those that make a flush.
    * Hands with a flush (f cards of one suit, ``flush`` <= f <= k) rank by the flush's ranks
      and the other cards' ranks (at most ``flush`` - 1 cards, of the other three suits: they
      make no flush): a class for each set of f ranks and each multiset of the others' ranks,
      its hands in four suits.

    Seven cards of 52: 190,346 classes for 133,784,560 hands.

    >>> hands, ways = hand_classes(5)
    >>> len(hands), int(ways.sum())  # C(52, 5) hands
    (7462, 2598960)
    """
    n = 13 - low_rank
    ways4, ways3 = (np.array([comb(s, m) for m in range(5)], np.float64) for s in (4, 3))
    ranks, counts = _rank_multisets(n, k, 4)
    # by_suited[:, i]: a multiset's hands with i cards of suit 0, each rank's suits chosen
    # apart (C(3, m) ways without suit 0, C(3, m - 1) with it), over its distinct ranks
    by_suited = np.zeros((k + 1, ranks.shape[0]))
    by_suited[0] = 1
    with_suit = np.concatenate([[0], ways3[:-1]])  # C(3, m - 1)
    for m in -np.sort(-counts, axis=1)[:, :k].T:  # the distinct ranks' counts, most first
        without, with_ = ways3[m], with_suit[m]
        by_suited[1:] = by_suited[1:] * without + by_suited[:-1] * with_
        by_suited[0] *= without
    plain = np.prod(ways4[counts], axis=1) - 4 * by_suited[flush:].sum(axis=0)
    keep = plain > 0
    position = np.arange(k)
    hands = [4 * (low_rank + ranks[keep]) + position % 4]  # ranks ascending: no suit > 2 cards
    ways = [plain[keep]]
    for f in range(flush, k + 1):
        suited = subsets(n, f).astype(np.int64)  # (A, f), of suit 0
        others, other_counts = _rank_multisets(n, k - f, 3)  # (B, k - f), of suits 1 .. 3
        a, b = suited.shape[0], others.shape[0]
        hands.append(np.concatenate([
            np.repeat(4 * (low_rank + suited), b, axis=0),
            np.tile(4 * (low_rank + others) + 1 + position[:k - f] % 3, (a, 1))], axis=1))
        ways.append(np.tile(4 * np.prod(ways3[other_counts], axis=1), a))
    return np.concatenate(hands).astype(np.uint8), np.concatenate(ways)


def _rank_multisets(n: int, k: int, most: int) -> tuple[np.ndarray, np.ndarray]:
    """Every multiset of k of ``n`` ranks with at most ``most`` of each: its ranks ascending
    (M, k) and how many of each rank it holds (M, n), both int64. A k-subset of n + k - 1
    positions less 0, 1, .. k - 1 is a multiset (stars and bars)."""
    ranks = subsets(n + k - 1, k).astype(np.int64) - np.arange(k)
    if k > most:
        ranks = ranks[(ranks[:, most:] != ranks[:, :-most]).all(axis=1)]
    counts = np.bincount((np.arange(ranks.shape[0])[:, None] * n + ranks).reshape(-1),
                         minlength=ranks.shape[0] * n).reshape(-1, n)
    return ranks, counts


# ---------------------------------------------------------------------------------------------
# Monte Carlo


@jit(inline=True, constants=True)
def _deal_and_count(state, n, deck, scratch, params, local):
    """Deal ``n`` k-card hands from the ranking's deck (the cards of ``deck``, sorted, from
    ``first_card`` on) and count their strengths (``scratch``: a (1, k) hand)."""
    k, plan, first_card, flavor, card_keys, card_bits, flush, offsets, table = params
    hand = scratch[0]
    live = deck[first_card:]
    for _ in range(n):
        state = deal_row(state, live, hand, 0, 52 - first_card, k, plan)
        local[row_strength(hand, 0, k, card_keys, card_bits, flush, offsets, table,
                            flavor)] += 1


@functools.cache
def _monte_carlo_kernel(k: int, first_card: int, flavor: int):
    """The Monte Carlo worker kernel for k-card hands of a ranking (k, the deal plan, the
    deck's first card and the lookup flavor compiled in: 2.3x as fast as
    :func:`_monte_carlo_any_kernel` on 7 cards): strength counts of blocks of hands, see
    :mod:`pokersim._core.montecarlo`."""
    plan = deal_plan(52 - first_card, k)

    @jit(worker=True)
    def kernel(w, n_workers, key, first_block, n_blocks, claimed, block, trials, tables, space):
        card_keys, card_bits, flush, offsets, table = tables
        count_blocks(_deal_and_count, key, first_block, n_blocks, claimed, block, trials,
                     (k, plan, first_card, flavor, card_keys, card_bits, flush, offsets, table),
                     space)

    return kernel


@jit(worker=True)
def _monte_carlo_any_kernel(w, n_workers, key, first_block, n_blocks, claimed, block, trials,
                            params, space):
    """:func:`_monte_carlo_kernel`'s loop for every shape: ``params`` is ``(k, plan,
    first_card, flavor)`` followed by the ranking's tables, all run-time values."""
    count_blocks(_deal_and_count, key, first_block, n_blocks, claimed, block, trials,
                 params, space)


#: The Monte Carlo loops: one for every shape, and one of a shape's own once it pays (see
#: :mod:`pokersim._core.specialise`), from the first call for the default, 7 cards from the
#: full deck in the high ranking (``pokersim frequencies --cards 7 --method monte-carlo``
#: warm: 0.97 s a run, against 1.23 s on the general kernel).
MONTE_CARLO = Specialised(
    _monte_carlo_kernel, _monte_carlo_any_kernel,
    lambda k, first_card, flavor: (k, deal_plan(52 - first_card, k), first_card, flavor),
    at_once=[(7, 0, PLAIN)])


def _monte_carlo_chunk(problem: tuple, first: int, n: int) -> tuple[np.ndarray]:
    """Strength counts of blocks ``first .. first + n - 1`` of a Monte Carlo run."""
    cards, ranking, key, trials = problem
    r = rankings.get(ranking)
    with MONTE_CARLO.pick(cards, r.first_card, r.flavor) as (kernel, shape_args):
        return (chunk_counts(kernel, key, first, n, config.MC_BLOCK, trials,
                             shape_args + r.tables.kernel_args(), (r.n_strengths + 1,),
                             (np.empty((1, cards), np.uint8),)),)


# ---------------------------------------------------------------------------------------------
# Public functions


def strength_counts(cards: int = 7, method: str = "auto", trials: int | None = None,
                    seed=None, target_stderr: float | None = None, *, ranking="high",
                    client=None, chunk_size: int | None = None, progress: bool = False
                    ) -> np.ndarray:
    """How many hands of ``cards`` cards have each strength of the ranking: an int64 array
    of ``n_strengths + 1`` counts (index 0: hands with no strength, eight-or-better's no low).

    The options are those of :func:`category_frequencies` (``target_stderr`` applies to the
    categories' probabilities; an array records no seed, so ``seed=None`` is not drawn and
    recorded as there); on Ctrl-C a Monte Carlo run raises
    :class:`SimulationInterrupted` whose ``partial`` holds the counts so far.

    >>> int((strength_counts(5) > 0).sum())
    7462
    """
    counts, method = _strength_counts(cards, method, trials, seed, target_stderr, ranking,
                                      client, chunk_size, progress)
    if method == "monte-carlo (partial)":
        raise SimulationInterrupted(counts)
    return counts


def category_frequencies(cards: int | None = None, *, method: str = "auto",
                         trials: int | None = None, seed=None,
                         target_stderr: float | None = None, ranking="high", game=None,
                         client=None, chunk_size: int | None = None, progress: bool = False
                         ) -> ResultFrame:
    """Frequency of each hand category among all hands of ``cards`` cards, by the best five
    (badugi: the best four) of the ranking; or among one player's hands in a game.

    Parameters
    ----------
    cards : int, default 7
        5..7 (badugi: 4..7; Zhajinhua: 3, its default). With ``game``, the game's hole and
        board cards.
    method : {"auto", "exact", "monte-carlo"}
        "exact" counts every hand of the ranking's deck (7 cards: a hand of each of 190,346
        classes ranked, in tens of milliseconds); "monte-carlo"
        deals hands at random; "auto" is exact unless ``trials``, ``seed`` or
        ``target_stderr`` is given.
    trials : int, optional
        Hands to deal (Monte Carlo): default ``config.DEFAULT_TRIALS``, or with
        ``target_stderr`` a cap of ``config.MAX_TRIALS``.
    seed : None, int, SeedSequence or numpy Generator
        The same seed gives the same counts whatever the thread count, chunking or executor.
    target_stderr : float in (0, 1), optional
        Stop after the first chunk of hands at which every probability's standard error is
        below it.
    ranking : str or Ranking, default "high"
        How hands rank (see :mod:`pokersim.rankings`); hands come from its deck (the short
        decks: 36 cards). Lows count by the highest card of the low ("8-low").
    game : str or pokersim.games.game.Game, optional
        Instead of a ranking, one player's hands in a game (:mod:`pokersim.games.game`),
        made as the game makes them. A split-pot game lists the high categories, then the
        low ones (column ``half``: "high" or "low"), each half's probabilities summing to 1.
        Exact where every hand of the game's cards is a hand of its ranking (stud, razz,
        Hold'em as 7 cards, the draw games); the Omaha family is Monte Carlo only (4 + 5
        cards make 463,563,500,400 hands).
    client, chunk_size, progress
        Monte Carlo runs in chunks of ``chunk_size`` hands, here or on ``client`` (a Dask
        ``Client`` or an executor, see :mod:`pokersim._core.runner`), with a progress bar on
        request. Ctrl-C raises :class:`SimulationInterrupted` whose ``partial`` is the frame
        of the hands dealt so far (method "monte-carlo (partial)").

    Returns
    -------
    ResultFrame, a frequency table (see ``docs/api.md``), best category first
        ``category`` (ordered categorical), ``count``, ``probability``, ``std_error`` (0 when
        exact), ``one_in`` (1 / probability; the odds against are ``one_in - 1`` to 1) and
        ``method``. ``attrs`` holds ``cards``, ``ranking``, ``method``, ``trials`` (the hands
        dealt; None when exact), ``seed``, ``target_stderr``, ``outcomes`` (the hands
        counted) and ``partial``.

    >>> category_frequencies(5)[["category", "count", "one_in"]].head(3)
             category count   one_in
    0     Royal Flush     4  649,740
    1  Straight Flush    36   72,193
    2  Four of a Kind   624    4,165
    >>> category_frequencies(5, ranking="eight-or-better")[["category", "count"]]
      category      count
    0    5-low      1,024
    1    6-low      5,120
    2    7-low     15,360
    3    8-low     35,840
    4   No low  2,541,616
    """
    seed = drawn_seed(seed)
    if game is not None:
        return _game_frequencies(cards, method, trials, seed, target_stderr, ranking, game,
                                 client, chunk_size, progress)
    r = rankings.get(ranking)
    cards = max(r.hand_sizes) if cards is None else cards  # 7, or Zhajinhua's 3
    counts, method = _strength_counts(cards, method, trials, seed, target_stderr, r, client,
                                      chunk_size, progress)
    strongest_first = list(r.order)
    frame = frequency_table([r.labels[c] for c in strongest_first],
                            category_counts(counts, r)[strongest_first], method,
                            order=[r.labels[c] for c in strongest_first[::-1]])
    hands = frame.attrs["outcomes"]
    frame.attrs.update(cards=int(cards), ranking=r.name,
                       trials=None if method == "exact" else hands,
                       seed=seed_of(seed, method), target_stderr=target_stderr)
    deck = 52 - r.first_card
    if method == "exact" and hands != comb(deck, cards):
        raise AssertionError(  # pragma: no cover
            f"enumerated {hands} hands, expected C({deck}, {cards})")
    if method == "monte-carlo (partial)":
        raise SimulationInterrupted(frame)
    return frame


def category_counts(counts_by_strength: np.ndarray, ranking="high") -> np.ndarray:
    """Counts by category code (``rankings.get(ranking).labels``; the :class:`Category`
    codes in the high order) from counts by strength.

    >>> category_counts(strength_counts(5)).tolist()[-2:]
    [36, 4]
    """
    r = rankings.get(ranking)
    return np.bincount(r.category_of_strength, weights=counts_by_strength,
                       minlength=len(r.labels)).astype(np.int64)


def _strength_counts(cards, method, trials, seed, target_stderr, ranking, client, chunk_size,
                     progress) -> tuple[np.ndarray, str]:
    """(counts by strength, method label) after checking every argument."""
    r = rankings.get(ranking)
    low, high = min(r.hand_sizes), max(r.hand_sizes)
    cards = check_between(cards, "cards", low, high, f" (cards in a {r.name} hand)")
    method = choose_method(method, trials=trials, seed=seed, target_stderr=target_stderr)
    target_stderr = check_target_stderr(target_stderr)
    check_client(client)
    progress = check_flag(progress, "progress")
    if method == "exact":
        return _exact_counts(cards, r), method
    trials = monte_carlo_trials(trials, target_stderr)
    stop = None if target_stderr is None else functools.partial(_below, target_stderr, r.name)
    result = run(_monte_carlo_chunk, (cards, r.name, seed_key(seed), trials), trials,
                 config.MC_BLOCK, client=client, chunk_size=chunk_size, progress=progress,
                 stop=stop, desc=f"{cards}-card hands", unit="hands", whole=True)
    return result.counts[0], "monte-carlo (partial)" if result.interrupted else "monte-carlo"


def _below(target_stderr: float, ranking: str, counts: tuple) -> bool:
    """Whether every category probability's standard error is below ``target_stderr``."""
    by_category = category_counts(counts[0], ranking)
    n = by_category.sum()
    p = by_category / n
    return bool((np.sqrt(p * (1 - p) / n) < target_stderr).all())


# ---------------------------------------------------------------------------------------------
# Games


def _game_frequencies(cards, method, trials, seed, target_stderr, ranking, game, client,
                      chunk_size, progress) -> ResultFrame:
    """category_frequencies(game=...): both halves' counts, exact or Monte Carlo."""
    g = get_game(game)
    if ranking != "high":
        raise PokersimInputError(f"give a ranking or a game, not both "
                                 f"(ranking={short_repr(ranking)}, "
                                 f"game={g.name!r})")
    if cards is not None and check_count(cards, "cards") != g.cards:
        raise PokersimInputError(f"{g.name} hands have {g.cards} cards (hole and board); got "
                                 f"cards={short_repr(cards)}")
    halves = [g.ranking] + ([g.low] if g.low else [])
    method = choose_method(method, trials=trials, seed=seed, target_stderr=target_stderr,
                           exact_possible=not g.two_plus_three,
                           why_not_exact=f" for {g.name}: two hole and three board cards "
                                         f"make too many hands to enumerate")
    if method == "exact":
        counts = [strength_counts(g.cards, "exact", ranking=r) for r in halves]
    else:
        target_stderr = check_target_stderr(target_stderr)
        check_client(client)
        trials = monte_carlo_trials(trials, target_stderr)
        stop = None if target_stderr is None else functools.partial(_halves_below,
                                                                     target_stderr, halves)
        result = run(_game_chunk, (g, seed_key(seed), trials), trials, config.DEAL_BLOCK,
                     client=client, chunk_size=chunk_size,
                     progress=check_flag(progress, "progress"), stop=stop,
                     desc=f"{g.name} hands", unit="hands", whole=True)
        counts = list(result.counts[:len(halves)])
        method = "monte-carlo (partial)" if result.interrupted else "monte-carlo"
    frames = []
    for half, r_name, c in zip(("high", "low"), halves, counts, strict=False):
        r = rankings.get(r_name)
        order = list(r.order)
        frames.append(frequency_table([r.labels[i] for i in order],
                                      category_counts(c, r)[order], method,
                                      **({"half": half} if g.low else {})))
    frame = ResultFrame(pd.concat(frames, ignore_index=True))
    labels = [label for f in frames[::-1] for label in f.category.cat.categories]
    frame["category"] = pd.Categorical(frame.category.astype(str), categories=labels,
                                       ordered=True)
    hands = int(counts[0].sum())
    frame.attrs.update(cards=g.cards, game=g.name, method=method,
                       trials=None if method == "exact" else hands,
                       seed=seed_of(seed, method), target_stderr=target_stderr, outcomes=hands,
                       partial=method == "monte-carlo (partial)")
    if method == "monte-carlo (partial)":
        raise SimulationInterrupted(frame)
    return frame


def _game_chunk(problem: tuple, first: int, n: int) -> tuple[np.ndarray, ...]:
    """Strength counts (high, and low for split-pot games) of the deals of blocks ``first ..
    first + n - 1`` (blocks of ``config.DEAL_BLOCK`` deals: the rows :func:`deal` would deal
    from the same seed, whatever the chunks)."""
    g, key, trials = problem
    start = first * config.DEAL_BLOCK
    rows = deal_rows(key, first, min((first + n) * config.DEAL_BLOCK, trials) - start,
                     g.cards, live_cards(deck=g.deck))
    high, low = game_strengths(rows, g)
    halves = (high,) if low is None else (high, low)
    sizes = [rankings.get(g.ranking).n_strengths + 1, rankings.get("eight-or-better").n_strengths
             + 1]
    return tuple(np.bincount(s, minlength=size).astype(np.int64)
                 for s, size in zip(halves, sizes, strict=False))


def _halves_below(target_stderr: float, halves: list, counts: tuple) -> bool:
    """Whether every category probability of every half is known to ``target_stderr``."""
    return all(_below(target_stderr, r, (c,)) for r, c in zip(halves, counts, strict=False))
