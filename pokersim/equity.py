"""Equity of hands and ranges: exact enumeration when it is cheap, Monte Carlo otherwise.

>>> df = equity(["AhKh", "QsQd"], board="2c 7d Qh")  # 43 of 990 turn-river pairs save AhKh
>>> df[["player", "win", "tie", "equity", "method"]].round(4)
  player     win  tie  equity method
0   AhKh  0.0434  0.0  0.0434  exact
1   QsQd  0.9566  0.0  0.9566  exact

Each player is a hand (``"AhKh"``), a range (``"QQ+, AKs"``, see :func:`parse_range`) or
``"random"``. ``win`` is the chance of holding the best hand alone, ``tie`` of sharing it,
``equity`` the expected share of the pot (ties split).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numba
import numpy as np
import pandas as pd

from . import config
from ._equity import exact_kernel, exact_preflop_kernel, monte_carlo_kernel
from ._random import alias_table, seed_key
from .cards import as_array, as_card_set, parse_cards
from .deal import deal_plan
from .errors import (
    CardError,
    DuplicateCardError,
    PokersimInputError,
    RangeError,
    SimulationInterrupted,
)
from .evaluate import CATEGORY_LABELS, category_of_strength, tables
from .ranges import Range, parse_range
from .runner import check_client, chunk_blocks, run_chunks
from .validation import check_between, check_count, check_seed, short_repr

RANDOM_WORDS = ("random", "any", "*")


@dataclass(frozen=True)
class _Player:
    label: str
    combos: np.ndarray | None  # (M, 2) uint8; None for a random player
    weights: np.ndarray | None


def _as_player(spec, i: int, blocked: np.ndarray) -> _Player:
    """A hand, a range or "random", less the combos that use board or dead cards."""
    if isinstance(spec, Range):
        rng, label = spec, spec.text
    elif isinstance(spec, str) and spec.strip().lower() in RANDOM_WORDS:
        return _Player(spec.strip().lower(), None, None)
    elif isinstance(spec, str):
        label = spec.strip()
        try:
            hand = parse_cards(label)
        except CardError:
            hand = None
        if hand is not None and hand.size == 2:
            if np.isin(hand, blocked).any():
                raise DuplicateCardError(f"player {i + 1} {label!r} holds a board or dead card")
            return _Player(label, np.sort(hand)[::-1][None, :].copy(), np.ones(1))
        try:
            rng = parse_range(label)
        except RangeError as e:
            raise RangeError(f"player {i + 1}: {e}") from None
    else:
        arr = as_array(spec, f"player {i + 1}", "a hand, a range or 'random'",
                       PokersimInputError)
        if arr.shape != (2,) or arr.dtype.kind not in "iu":
            raise PokersimInputError(f"player {i + 1} must be a hand, a range or 'random'; "
                                     f"got {spec!r}")
        hand = as_card_set(arr, f"player {i + 1}")
        if np.isin(hand, blocked).any():
            raise DuplicateCardError(f"player {i + 1} holds a board or dead card")
        from .cards import format_cards

        return _Player(format_cards(hand),  # type: ignore[arg-type]  # one hand: a str
                       np.sort(hand)[::-1][None, :].copy(), np.ones(1))
    rng = rng.remove(blocked) if blocked.size else rng
    if len(rng) == 0:
        raise PokersimInputError(f"player {i + 1} {label!r}: no combo is left once the board "
                                 "and dead cards are removed")
    return _Player(label, rng.combos, rng.weights)


def _joint_tuples(players: list[_Player], limit: int):
    """Every combination of one combo per player with no card in common, and its weight
    (the product of the combos' weights); None if there would be more than ``limit``."""
    masks = [_card_masks(p.combos) for p in players]
    # every player here has combos (random players were given every combo)
    tuples = np.arange(len(players[0].combos))[:, None]  # type: ignore[arg-type]
    weights = players[0].weights.copy()  # type: ignore[union-attr]  # players with combos
    used = masks[0].copy()
    for p, m in zip(players[1:], masks[1:], strict=True):
        if len(tuples) * len(m) > 4 * limit:
            return None
        ok = (used[:, None] & m[None, :]) == 0
        t_idx, c_idx = np.nonzero(ok)
        if len(t_idx) > limit:
            return None
        tuples = np.hstack([tuples[t_idx], c_idx[:, None]])
        weights = weights[t_idx] * p.weights[c_idx]  # type: ignore[index]  # players with combos
        used = used[t_idx] | m[c_idx]
    return tuples, weights


def equity_and_error(wins, ties, total, trials) -> tuple[np.ndarray, np.ndarray]:
    """Each player's equity (pot share, ties split) and its Monte Carlo standard error, from
    merged counts: a trial's pot share is 1 for a win, 1 / (j + 1) for a tie with j others."""
    wins = np.asarray(wins, float)
    ties = np.asarray(ties, float)
    share = 1.0 / np.arange(1, ties.shape[1] + 1)
    eq = (wins + ties @ share) / total
    var = np.maximum((wins + ties @ share**2) / total - eq**2, 0.0)
    return eq, np.sqrt(var / trials)


def summarise(labels, wins, ties, cats, total, trials, method: str,
              categories: bool = False) -> pd.DataFrame:
    """The result frame from merged counts (see :mod:`pokersim._equity`)."""
    wins = np.asarray(wins, float)
    ties = np.asarray(ties, float)
    win, tie = wins / total, ties.sum(axis=1) / total
    eq, se = equity_and_error(wins, ties, total, trials)
    if method == "exact":
        se = np.zeros(len(labels))
    frame = pd.DataFrame({"player": list(labels), "win": win, "tie": tie,
                          "lose": 1.0 - win - tie, "equity": eq, "std_error": se,
                          "outcomes": total, "method": method})
    if categories:
        for c, name in enumerate(CATEGORY_LABELS):
            frame[name] = np.asarray(cats, float)[:, c] / total
    return frame


def equity(players, board="", dead="", trials: int | None = None, exact: bool | None = None,
           seed=None, target_stderr: float | None = None, categories: bool = False, *,
           client=None, chunk_size: int | None = None, progress: bool = False
           ) -> pd.DataFrame:
    """Win, tie and equity of each player.

    Parameters
    ----------
    players : list of str or Range
        Two or more players: hands (``"AhKh"``), ranges (``"QQ+, AKs"``) or ``"random"``.
    board, dead : str or array of cards
        0, 3, 4 or 5 board cards; dead cards are out of play.
    trials : int, optional
        Monte Carlo trials (default 1,000,000 when Monte Carlo is used without
        ``target_stderr``).
    exact : bool, optional
        True enumerates every outcome (an error if that is out of reach), False forces Monte
        Carlo. By default the result is exact when at most ``config.EXACT_WORK`` hand
        evaluations do it and neither ``trials`` nor ``target_stderr`` is given.
    seed : int, SeedSequence or Generator, optional
        Monte Carlo seed: the same seed gives the same numbers whatever the thread count.
    target_stderr : float, optional
        Stop once every player's equity standard error is below it (checked after each chunk
        of trials); ``trials`` then caps the run.
    categories : bool
        Add one column per hand category: how often the player's final hand is of it.
    client : dask.distributed.Client or concurrent.futures.Executor, optional
        Run the chunks of work there instead of on this machine's threads (see
        :mod:`pokersim.runner`); the numbers are the same.
    chunk_size : int, optional
        Monte Carlo trials per chunk (default ``config.CHUNK_TRIALS``), rounded up to whole
        blocks of ``config.EQUITY_BLOCK``. ``target_stderr`` is checked after each chunk, so
        with it the result depends on the seed and the chunk size, nothing else.
    progress : bool
        Show a progress bar on stderr for runs over a second.

    Returns
    -------
    pandas.DataFrame
        One row per player: player, win, tie, lose, equity, std_error (0 when exact),
        outcomes (runouts weighted, or trials), method.

    Raises
    ------
    SimulationInterrupted
        On Ctrl-C during Monte Carlo (within a few milliseconds: trials run in short chunks);
        a ``KeyboardInterrupt`` whose ``partial`` attribute is the frame of the trials done,
        method ``"monte-carlo (partial)"``.
    """
    board_cards = as_card_set(board, "board")
    if board_cards.size not in (0, 3, 4, 5):
        raise PokersimInputError(f"the board has 0, 3, 4 or 5 cards; got {board_cards.size}")
    dead_cards = as_card_set(dead, "dead")
    blocked = np.concatenate([board_cards, dead_cards])
    if len(set(blocked.tolist())) < blocked.size:
        raise DuplicateCardError("a dead card is also on the board")
    if not isinstance(players, (list, tuple, np.ndarray)) or len(players) < 2:
        raise PokersimInputError(f"equity needs a list of at least two players; got "
                                 f"{short_repr(players)}")
    specs = [_as_player(p, i, blocked) for i, p in enumerate(players)]
    n_players = len(specs)
    n_runout = 5 - board_cards.size
    n_live = 52 - blocked.size
    if 2 * n_players + n_runout > n_live:
        raise PokersimInputError(f"{n_players} players need {2 * n_players + n_runout} cards "
                                 f"but only {n_live} are left in the deck")
    if trials is not None:
        trials = check_count(trials, "trials", 1)
    if target_stderr is not None and not (isinstance(target_stderr, (int, float))
                                          and 0 < target_stderr < 1):
        raise PokersimInputError(f"target_stderr must be a number in (0, 1); got "
                                 f"{target_stderr!r}")
    if exact is not None and not isinstance(exact, (bool, np.bool_)):
        raise PokersimInputError(f"exact must be True, False or None; got {short_repr(exact)}")
    if not isinstance(categories, (bool, np.bool_)):
        raise PokersimInputError(f"categories must be True or False; got "
                                 f"{short_repr(categories)}")
    exact = None if exact is None else bool(exact)
    check_client(client)
    check_seed(seed)
    if exact is True and (trials is not None or target_stderr is not None):
        raise PokersimInputError("exact=True enumerates every outcome: it takes no trials or "
                                 "target_stderr")

    order = [i for i, p in enumerate(specs) if p.combos is not None]
    order += [i for i, p in enumerate(specs) if p.combos is None]  # random players last
    ordered = [specs[i] for i in order]
    n_random = sum(p.combos is None for p in ordered)
    runouts = math.comb(n_live - 2 * n_players, n_runout)
    want_exact = exact is True or (exact is None and trials is None and target_stderr is None)
    result = None
    if want_exact:
        result = _try_exact(ordered, blocked, board_cards, n_runout, runouts, exact is True,
                            categories, client, progress)
    if result is None:
        result = _monte_carlo(ordered, n_random, board_cards, blocked, n_runout, trials, seed,
                              target_stderr, categories, client, chunk_size, progress)
    wins, ties, cats, total, n_trials, method = result
    back = np.argsort(order)  # rows in the callers' order
    frame = summarise([ordered[i].label for i in back], wins[back], ties[back],
                      cats[back] if categories else cats,
                      total, n_trials, method, categories)
    frame.attrs.update(board=board, dead=dead, seed=seed, partial=method.endswith("(partial)"))
    if frame.attrs["partial"]:
        raise SimulationInterrupted(frame)
    return frame


def _board_key(board_cards):
    t = tables()
    key = np.uint64(0x3333 << 32)  # KEY_BIAS
    bits = np.uint64(0)
    for c in board_cards.tolist():
        key += t.card_keys[c]
        bits |= t.card_bits[c]
    return key, bits


def _card_masks(cards) -> np.ndarray:
    """Bit c set for each card c, OR-ed along the last axis: a mask per combo of an (N, 2)
    array, one mask for a 1-D set of cards."""
    bits = np.uint64(1) << np.asarray(cards).astype(np.uint64)
    return np.bitwise_or.reduce(bits, axis=-1, initial=np.uint64(0))


def _hole_tables(combos: np.ndarray):
    """Key, rank bits and card mask of each combo."""
    t = tables()
    a = combos[:, 0].astype(np.int64)
    b = combos[:, 1].astype(np.int64)
    keys = t.card_keys[a] + t.card_keys[b]
    bits = t.card_bits[a] | t.card_bits[b]
    masks = _card_masks(combos)
    return keys, bits, masks


def _counts(n_workers, n_players, dtype, categories):
    return (np.zeros((n_workers, n_players), dtype),
            np.zeros((n_workers, n_players, max(n_players, 2)), dtype),
            np.zeros((n_workers, n_players if categories else 0, 10), dtype))


def _try_exact(players, blocked, board_cards, n_runout, runouts, forced, categories, client,
               progress):
    """Exact counts, or None when the enumeration is larger than ``config.EXACT_WORK``."""
    full = [p if p.combos is not None else _Player(p.label, *_all_combos(blocked))
            for p in players]
    joint = _joint_tuples(full, config.EXACT_TUPLES)
    if joint is None:
        if forced:
            raise PokersimInputError("exact enumeration is out of reach here (too many "
                                     "combinations of hands); use Monte Carlo")
        return None
    tuples, weights = joint
    if len(tuples) == 0:
        raise _no_deal()
    offsets: np.ndarray = np.cumsum([0] + [len(p.combos)  # type: ignore[arg-type]
                                           for p in full[:-1]])  # players with combos
    combos = np.concatenate([p.combos for p in full])
    if config.SUIT_ISOMORPHISM:
        keep, weights = merge_isomorphic(combos[tuples + offsets[None, :]], weights,
                                         board_cards, blocked)
        tuples = tuples[keep]
    if not forced and len(tuples) * runouts * len(players) > config.EXACT_WORK:
        return None
    hole_keys, hole_bits, _ = _hole_tables(combos)
    tuples = (tuples + offsets[None, :]).astype(np.int64)
    taken = np.zeros((len(tuples), 52), bool)  # per tuple: board, dead and hole cards
    taken[:, blocked] = True
    rows = np.arange(len(tuples))[:, None]
    taken[rows, combos[tuples, 0]] = True
    taken[rows, combos[tuples, 1]] = True
    live_cards = np.nonzero(~taken)[1].reshape(len(tuples), -1).astype(np.uint8)
    bkey, bbits = _board_key(board_cards)
    problem = _ExactProblem(tuples, weights.astype(np.float64), hole_keys, hole_bits,
                            live_cards, bkey, bbits, n_runout, categories)
    per_chunk = max(1, config.EXACT_CHUNK_WORK // (runouts * len(players)))
    run = run_chunks(_exact_chunk, problem, len(tuples), per_chunk, client=client,
                     progress=progress, desc="exact equity", unit="hands")
    if run.interrupted:
        raise KeyboardInterrupt  # an exact answer has no partial form
    wins, ties, cats = run.counts  # type: ignore[misc]  # not None: tuples >= 1
    total = float(weights.sum()) * runouts
    return wins, ties, cats, total, total, "exact"


@dataclass(frozen=True)
class _ExactProblem:
    """Everything a chunk of exact enumeration needs (sent to workers as one object)."""

    tuples: np.ndarray
    weights: np.ndarray
    hole_keys: np.ndarray
    hole_bits: np.ndarray
    live_cards: np.ndarray
    board_key: np.uint64
    board_bits: np.uint64
    n_runout: int
    categories: bool


def _exact_chunk(p: _ExactProblem, first: int, n: int):
    """Weighted counts of hole-card tuples ``first .. first + n - 1`` over every runout."""
    t = tables()
    n_workers = numba.get_num_threads()
    span = slice(first, first + n)
    wins, ties, cats = _counts(n_workers, p.tuples.shape[1], np.float64, p.categories)
    if p.n_runout == 5 and config.MERGE_RANK_BOARDS:
        exact_preflop_kernel(p.tuples[span], p.weights[span], p.hole_keys, p.hole_bits,
                             p.live_cards[span], t.card_keys, t.card_bits, t.flush, t.offsets,
                             t.hash, category_of_strength(), n_workers, wins, ties, cats)
    else:
        exact_kernel(p.tuples[span], p.weights[span], p.hole_keys, p.hole_bits,
                     p.live_cards[span], p.board_key, p.board_bits, p.n_runout, t.card_keys,
                     t.card_bits, t.flush, t.offsets, t.hash, category_of_strength(),
                     n_workers, wins, ties, cats)
    return wins.sum(0), ties.sum(0), cats.sum(0)


_SUIT_PERMUTATIONS = np.array(list(itertools.permutations(range(4))), np.int64)


def merge_isomorphic(hole_cards: np.ndarray, weights: np.ndarray, board: np.ndarray,
                     blocked: np.ndarray):
    """Merge hole-card tuples that a relabelling of suits turns into one another.

    A permutation of the suits that maps the board onto itself and the dead cards onto
    themselves maps every runout of one tuple onto a runout of its image with the same
    strengths, so the two tuples have the same outcomes: keep one and add up their weights.
    ``hole_cards`` is (tuples, players, 2). Returns (indices of the kept tuples, their
    weights). Used for up to 5 players (the code of a tuple must fit in 64 bits).
    """
    n, n_players, _ = hole_cards.shape
    if n_players > 5 or n < 2:
        return np.arange(n), weights
    dead = np.setdiff1d(blocked, board)
    cards = hole_cards.astype(np.int64)
    best = None
    for perm in _SUIT_PERMUTATIONS:
        if not all(np.array_equal(np.sort(4 * (s >> 2) + perm[s & 3]), np.sort(s))
                   for s in (board.astype(np.int64), dead.astype(np.int64))):
            continue
        mapped = 4 * (cards >> 2) + perm[cards & 3]
        hi, lo = mapped.max(axis=2), mapped.min(axis=2)
        code = np.zeros(n, np.int64)
        for p in range(n_players):
            code = code * 2704 + hi[:, p] * 52 + lo[:, p]
        best = code if best is None else np.minimum(best, code)
    _, keep, inverse = np.unique(best,  # type: ignore[call-overload]  # not None: identity
                                 return_index=True, return_inverse=True)
    return keep, np.bincount(inverse.ravel(), weights=weights)


def _no_deal():
    return PokersimInputError("no combination of the players' hands is possible: every choice "
                              "gives two players a card in common")


def _all_combos(blocked):
    live = np.setdiff1d(np.arange(52), blocked)
    hi, lo = np.triu_indices(live.size, 1)
    combos = np.stack([live[lo], live[hi]], axis=1).astype(np.uint8)  # higher card first
    return combos, np.ones(len(combos))


@dataclass(frozen=True)
class _MonteCarloProblem:
    """Everything a chunk of Monte Carlo trials needs (sent to workers as one object)."""

    key: np.uint64
    block: int
    trials: int
    tuples: np.ndarray
    tuple_threshold: np.ndarray
    tuple_alias: np.ndarray
    player_combos: np.ndarray
    player_threshold: np.ndarray
    player_alias: np.ndarray
    player_sizes: np.ndarray
    n_random: int
    masks: np.ndarray
    hole_keys: np.ndarray
    hole_bits: np.ndarray
    live_mask: np.uint64
    plan: np.ndarray
    board_key: np.uint64
    board_bits: np.uint64
    n_runout: int
    n_players: int
    categories: bool
    max_rejections: int


def _monte_carlo_chunk(p: _MonteCarloProblem, first: int, n: int):
    """Counts of blocks ``first .. first + n - 1``: wins, ties, categories, and the number of
    workers that gave up on conflicting ranges."""
    t = tables()
    n_workers = numba.get_num_threads()
    wins, ties, cats = _counts(n_workers, p.n_players, np.int64, p.categories)
    stalled = monte_carlo_kernel(
        p.key, first, n, p.block, p.trials, p.tuples, p.tuple_threshold, p.tuple_alias,
        p.player_combos, p.player_threshold, p.player_alias, p.player_sizes, p.n_random,
        p.masks, p.hole_keys, p.hole_bits, p.live_mask, p.plan, p.board_key,
        p.board_bits, p.n_runout, t.card_keys, t.card_bits, t.flush, t.offsets, t.hash,
        category_of_strength(), n_workers, p.max_rejections, wins, ties, cats)
    return wins.sum(0), ties.sum(0), cats.sum(0), np.array([stalled])


def _alias_rows(weight_rows) -> tuple[np.ndarray, np.ndarray]:
    """Alias tables (see :func:`pokersim._random.alias_table`) of each list of weights,
    stacked into rows padded to the longest."""
    width = max((len(w) for w in weight_rows), default=1)
    threshold = np.zeros((len(weight_rows), width), np.uint64)
    alias = np.zeros((len(weight_rows), width), np.int64)
    for i, w in enumerate(weight_rows):
        threshold[i, :len(w)], alias[i, :len(w)] = alias_table(np.asarray(w, np.float64))
    return threshold, alias


def _monte_carlo(players, n_random, board_cards, blocked, n_runout, trials, seed,
                 target_stderr, categories, client, chunk_size, progress):
    fixed = [p for p in players if p.combos is not None]
    n_players = len(players)
    combos = (np.concatenate([p.combos for p in fixed]) if fixed
              else np.zeros((0, 2), np.uint8))
    hole_keys, hole_bits, masks = _hole_tables(combos)
    offsets: np.ndarray | list = (np.cumsum([0] + [len(p.combos) for p in fixed[:-1]])
                                  if fixed else [])
    joint = _joint_tuples(fixed, config.JOINT_TUPLES) if fixed else None
    if joint is not None:
        if len(joint[0]) == 0:
            raise _no_deal()
        tuples = (joint[0] + np.asarray(offsets)[None, :]).astype(np.int64)
        tuple_threshold, tuple_alias = _alias_rows([joint[1]])
        player_combos = np.zeros((0, 1), np.int64)
        player_sizes = np.zeros(0, np.int64)
        player_threshold, player_alias = _alias_rows([])
    else:
        tuples = np.zeros((0, max(len(fixed), 1)), np.int64)
        tuple_threshold, tuple_alias = _alias_rows([])
        player_sizes = np.array([len(p.combos) for p in fixed], np.int64)
        player_combos = np.zeros((len(fixed), player_sizes.max(initial=1)), np.int64)
        for i, p in enumerate(fixed):
            player_combos[i, :len(p.combos)] = offsets[i] + np.arange(len(p.combos))
        player_threshold, player_alias = _alias_rows([p.weights for p in fixed])
    if trials is None:
        trials = config.MAX_TRIALS if target_stderr is not None else config.DEFAULT_TRIALS
    live = np.setdiff1d(np.arange(52), blocked)
    live_mask = _card_masks(live)
    plan = deal_plan(live.size - 2 * len(fixed), 2 * n_random + n_runout)
    bkey, bbits = _board_key(board_cards)
    block = config.EQUITY_BLOCK
    problem = _MonteCarloProblem(
        seed_key(seed), block, trials, tuples, tuple_threshold, tuple_alias, player_combos,
        player_threshold, player_alias, player_sizes, n_random, masks, hole_keys, hole_bits,
        live_mask, plan, bkey, bbits, n_runout, n_players, categories,  # type: ignore[arg-type]
        config.MAX_REJECTIONS)  # live_mask: _card_masks of a 1-D array is one np.uint64

    def stop(counts) -> bool:
        wins, ties, cats, stalled = counts
        if stalled[0] or target_stderr is None:
            return bool(stalled[0])
        n_done = trials_counted(wins, ties)
        return bool((equity_and_error(wins, ties, n_done, n_done)[1] < target_stderr).all())

    run = run_chunks(_monte_carlo_chunk, problem, -(-trials // block),
                     chunk_blocks(chunk_size, block), client=client, stop=stop,
                     progress=progress, block_size=block, total=trials,
                     open_ended=target_stderr is not None, desc="equity")
    wins, ties, cats, stalled = run.counts  # type: ignore[misc]  # not None: trials >= 1
    if stalled[0]:
        raise PokersimInputError(
            f"the players' ranges conflict too often: {problem.max_rejections:,} draws "
            "in a row gave two players a card in common; narrow or widen them")
    n_done = min(run.blocks * block, trials)
    method = "monte-carlo (partial)" if run.interrupted else "monte-carlo"
    return wins, ties, cats, n_done, n_done, method


def trials_counted(wins, ties) -> int:
    """Trials behind Monte Carlo counts: each has one sole winner or a j+1-way tie counted
    j+1 times (works whenever the run stopped, even inside a chunk)."""
    ways = np.arange(1, ties.shape[-1] + 1)
    return int(wins.sum() + (ties.sum(axis=tuple(range(ties.ndim - 1))) // ways)[1:].sum())


#: Most opponents of one hand: 2 * (22 + 1) hole cards and a 5-card board use 51 cards.
MAX_OPPONENTS = 22


def equity_vs_random(hand, opponents=range(1, 10), board="", dead="", trials=None,
                     seed=None, target_stderr=None, *, client=None, chunk_size=None,
                     progress=False) -> pd.DataFrame:
    """Win, tie and equity of one hand against 1, 2, ... random opponents.

    >>> equity_vs_random("AsAd", opponents=[1], board="Ac Ah 2d 7s 9c").equity.round(4).tolist()
    [1.0]
    """
    if isinstance(opponents, (str, bytes)) or not hasattr(opponents, "__iter__"):
        raise PokersimInputError(f"opponents must be a list of opponent counts, such as "
                                 f"range(1, 10); got {short_repr(opponents)}")
    # each count checked as it is read: range(1, 10**30) stops at 23, not after 10**30 items
    counts = [check_between(n, "opponents", 1, MAX_OPPONENTS,
                            " (one deck holds 2 cards each and a 5-card board for 23 players)")
              for n in opponents]
    if not counts:
        raise PokersimInputError("opponents is empty: give at least one opponent count")
    rows = []
    for n in counts:
        frame = equity([hand] + ["random"] * n, board=board, dead=dead, trials=trials,
                       seed=seed, target_stderr=target_stderr, client=client,
                       chunk_size=chunk_size, progress=progress)
        row = frame.iloc[0].to_dict()
        row["opponents"] = n
        rows.append(row)
    cols = ["opponents", "player", "win", "tie", "lose", "equity", "std_error", "outcomes",
            "method"]
    return pd.DataFrame(rows)[cols]
