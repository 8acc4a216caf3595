"""Equity of many spots in one call: :func:`batch_equity`, a row a spot, for the people who
label millions of them (training poker bots, studying ranges).

>>> table = batch_equity([["AhKh", "QsQd"], ["7c7d", "As2s"]], ["2c 7d Qh", "Ks Qs 2d"])
>>> table[["spot", "player", "win", "equity", "outcomes", "method"]]
  spot player     win  equity outcomes method
0    0      0  4.343%  4.343%      990  exact
1    0      1  95.66%  95.66%      990  exact
2    1      0  46.57%  46.57%      990  exact
3    1      1  53.43%  53.43%      990  exact

The spots are checked here, at once (a 64-bit card mask a row, in a kernel), and counted by the
kernels of :mod:`pokersim.engine._games.batch` on every worker, in chunks of rows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .._core.jit import on_workers, workers
from .._core.runner import run_chunks
from .._core.streams import seed_key
from .._core.validation import (
    check_count,
    check_flag,
    check_trials,
    choose_method,
    drawn_seed,
    seed_of,
    short_repr,
)
from ..cards import CARD_NAMES, parse_cards
from ..dealing import deal_plan
from ..errors import (
    CardError,
    DuplicateCardError,
    HandShapeError,
    PokersimInputError,
    SimulationInterrupted,
)
from ..evaluator.strengths import kernel_args
from ..games.game import Game
from ..games.game import get as get_game
from ..results import ResultFrame, win_rate_table
from ._games import batch as _kernels
from .batch_games import batch_game_equity
from .batch_ranges import batch_against
from .games import board_game
from .question import deck_of

__all__ = ["BATCH_TRIALS", "batch_equity"]

#: Monte Carlo trials a spot when ``trials`` is not given: a standard error of equity of at
#: most 0.5% (0.005 = sqrt(0.25 / 10,000)).
BATCH_TRIALS = 10_000
#: Rows per chunk by default, heads-up (divided by (P / 2)^2 for P players): their counts take
#: 8 MiB.
CHUNK_ROWS = 262_144
#: A kernel call of at most this many showdowns runs on one worker (waking a thread costs
#: ~0.15 ms).
SERIAL_SHOWDOWNS = 100_000
#: Rows worth a worker of their own when the spots are checked.
CHECK_ROWS_PER_WORKER = 65_536
#: ``_BIT[c]``: card c's bit in a card mask.
_BIT = np.uint64(1) << np.arange(64, dtype=np.uint64)


class BatchGameError(PokersimInputError):
    """What :func:`batch_equity` does not cover yet in a game beyond Hold'em and the short
    decks: Monte Carlo, a range to play against."""


def batch_equity(hands, boards=None, dead=None, *, against=None, game="holdem",
                 method: str = "auto",
                 trials: int | None = None, seed=None, target_stderr: float | None = None,
                 client=None, chunk_size: int | None = None, progress: bool = False,
                 as_array: bool = False, spot_ids=None):
    """Win, tie and equity of every player of many independent spots, a row each.

    Parameters
    ----------
    hands : array_like
        (N, P, 2) card ids (uint8 saves a copy): N spots of P >= 2 players' hole cards; or
        text, (N, P) hands such as ``"AhKh"``.
        With ``against``: (N, 2) card ids or N texts, a hand a spot.
    boards : array_like, optional
        (N, b) card ids, one board size b for the call (0 to 5); or N texts such as
        ``"2c 7d Qh"``; one board (1-D, or a string) serves every spot. None: preflop.
    dead : array_like, optional
        (N, d) card ids out of play in each spot, or N texts, as ``boards``. None: none.
    against : str, Range or array_like, optional
        A range each hand meets on its board (3 to 5 cards), exactly: range text (``"QQ+,
        AK"``), a :class:`~pokersim.ranges.Range`, or weights of the 1,326 two-card combos
        (in :mod:`pokersim.ranges`' order), shape (1326,) or (N, 1326) for a range a spot.
        Each row's combos that hold one of its cards are left out; a row left with none is
        a :class:`~pokersim.errors.RangeError` naming it. The table's player 0 is the hand,
        player 1 the range (see :mod:`pokersim.engine.batch_ranges`).
    game : str or Game, optional
        ``"holdem"`` (the default) or any game of :mod:`pokersim.games.game` (``hands`` then
        holds its hole cards: Omaha's four, stud's seven). Beyond Hold'em and the short
        decks the spots are counted exactly, every runout of the board
        (:mod:`pokersim.engine.batch_games`: up to 50,000 a spot, so Omaha from the flop on);
        Monte Carlo and ``against`` there raise :class:`BatchGameError` (not covered yet).
    method : {"auto", "exact", "monte-carlo"}
        ``"auto"`` is exact with a board of 3, 4 or 5 cards (990, 44 or 1 runouts
        heads-up), Monte Carlo with fewer (preflop, or 1 or 2 board cards) or with
        ``trials`` or ``seed``;
        ``"exact"`` enumerates every runout whatever the board (slow preflop: 1,712,304
        runouts a spot), and refuses ``trials`` and ``seed``.
    trials : int, optional
        Monte Carlo trials a spot (default :data:`BATCH_TRIALS`, 10,000).
    seed : int, SeedSequence or Generator, optional
        Monte Carlo seed: spot i draws from stream i of it, so the numbers do not depend on
        ``chunk_size`` or the thread count.
    target_stderr : float, optional
        Not taken yet: must be None.
    client : optional
        Not taken yet (the spots run on this machine's threads): must be None.
    chunk_size : int, optional
        Spots per chunk (default 262,144 heads-up, fewer with more players): the memory
        a chunk's counts take.
    progress : bool
        Show a progress bar over the spots on stderr for runs over a second.
    as_array : bool
        Return only the (N, P) float64 equities (no table built): the fast path.
    spot_ids : array_like of int, optional
        Each row's number, 0 or more (default 0 .. N - 1): the table's ``spot``, the name of
        a bad row in an error, and the random stream the row draws from, so that spots
        labelled in pieces (a file, chunk by chunk) get the numbers of one call.

    Returns
    -------
    ResultFrame or numpy.ndarray
        A win-rate table, a row per spot and player (spot by spot): spot, player (the index
        of the hand in its spot, from 0), win, tie, lose, equity, std_error (0 when exact),
        outcomes (runouts or trials a spot), method; ``attrs`` hold game, method, seed,
        trials (a spot's; None when exact) and partial. With ``as_array``, the equities.

    Raises
    ------
    PokersimInputError
        A bad argument; a card that is no card of the game's deck (:class:`CardError`) or
        that repeats within a spot (:class:`DuplicateCardError`), named with its spot's
        row; a wrong shape (:class:`HandShapeError`).
    SimulationInterrupted
        On Ctrl-C: ``partial`` is the table of the spots finished (whole chunks).

    Examples
    --------
    >>> batch_equity([["AhKh", "QsQd"]], ["2c 7d Qh"], as_array=True).round(4)
    array([[0.0434, 0.9566]])
    >>> mc = batch_equity([["AhKh", "QsQd"], ["AsAd", "7c2d"]], trials=20_000, seed=1)
    >>> mc.attrs["method"], mc.outcomes.tolist()
    ('monte-carlo', [20000, 20000, 20000, 20000])
    """
    g = get_game(game)
    for name, value in (("target_stderr", target_stderr), ("client", client)):
        if value is not None:
            raise PokersimInputError(f"batch_equity does not take {name} yet; got "
                                     f"{short_repr(value)}")
    as_array = check_flag(as_array, "as_array")
    check_flag(progress, "progress")
    if not board_game(g):
        if against is not None:
            raise BatchGameError(f"against a range is for the games of two hole cards "
                                 f"(Hold'em, the short decks); not {g.name!r}")
        if choose_method(method, trials=trials, seed=seed) != "exact":
            raise BatchGameError(f"batch_equity counts {g.name} exactly so far: it takes no "
                                 f"trials or seed there, and method 'auto' or 'exact'")
        return batch_game_equity(hands, boards, dead, g, chunk_size=chunk_size,
                                 progress=progress, as_array=as_array, spot_ids=spot_ids)
    if against is not None:
        if choose_method(method, trials=trials, seed=seed) != "exact":
            raise PokersimInputError("against a range, batch_equity is exact (every runout "
                                     "of a board of 3 to 5 cards): it takes no trials or "
                                     "seed, and method 'auto' or 'exact'")
        return batch_against(hands, boards, dead, against, g, chunk_size=chunk_size,
                             progress=progress, as_array=as_array, spot_ids=spot_ids)
    spots = read_spots(hands, boards, dead, g, spot_ids)
    if trials is not None:
        trials = check_trials(trials)
    wanted = choose_method(method, trials=trials, seed=seed,
                           exact_possible=spots.boards.shape[1] >= 3 or method == "exact")
    key = np.uint64(0)
    if wanted == "monte-carlo":
        seed = drawn_seed(seed)
        trials = BATCH_TRIALS if trials is None else trials
        key = seed_key(seed)
    n, p = spots.hands.shape[:2]
    rows = (max(1, CHUNK_ROWS * 4 // (p * p)) if chunk_size is None
            else check_count(chunk_size, "chunk_size", 1))
    run = _Run(spots, g, wanted, trials or 0, key)
    out = np.empty((1 if as_array else 5, n, p), np.float64)
    done = 0
    if n:
        counted = run_chunks(lambda _, first, k: run.chunk(first, k, out), None,
                             n_blocks=n, chunk_blocks=rows, progress=progress, unit="spots")
        done = min(counted.blocks, n)
        if counted.interrupted:
            raise SimulationInterrupted(out[0, :done] if as_array else
                                        _table(out[:, :done], run, seed, True))
    return out[0] if as_array else _table(out, run, seed, False)


@dataclass(frozen=True)
class Spots:
    """The spots, checked: ``hands`` (N, P, 2), ``boards`` (N, b) and ``dead`` (N, d), each
    C-contiguous uint8, every row's cards distinct cards of the game's deck."""

    hands: np.ndarray
    boards: np.ndarray
    dead: np.ndarray
    ids: np.ndarray  # (N,) int64: each row's spot number


def read_spots(hands, boards, dead, game: Game, spot_ids=None, min_players: int = 2) -> Spots:
    """The :class:`Spots` of :func:`batch_equity`'s arguments, or an error naming the row
    (by its spot number where ``spot_ids`` gives them); at least ``min_players`` a spot."""
    ids = _spot_ids(spot_ids, hands)
    named = None if spot_ids is None else ids  # rows named by their spot numbers
    h = _card_rows(hands, "hands", None, 3, named)
    n = h.shape[0]
    if h.ndim != 3 or h.shape[1] < min_players or h.shape[2] != game.hole:
        want = (f"(N, {game.hole}) (a hand a spot) or N texts" if min_players == 1 else
                f"(N, P, {game.hole}) (N spots of P >= 2 players) or (N, P) texts")
        raise HandShapeError(f"hands must have shape {want} such as 'AhKh'; got shape "
                             f"{h.shape if min_players > 1 else h.shape[::2]}")
    b = _card_rows(boards, "boards", n, 2, named)
    d = _card_rows(dead, "dead", n, 2, named)
    if b.shape[1] > game.board:
        raise HandShapeError(f"{game.name} has {game.board} board cards; boards has "
                             f"{b.shape[1]} a spot")
    deck = deck_of(game)
    need = h.shape[1] * game.hole + game.board + d.shape[1]
    if need > deck.size:
        raise PokersimInputError(f"{h.shape[1]} players of {game.name} need {need} cards with "
                                 f"the board and {d.shape[1]} dead cards a spot, but the deck "
                                 f"has {deck.size}")
    parts = [("hands", h.reshape(n, h.shape[1] * h.shape[2])), ("boards", b), ("dead", d)]
    for name, cards in parts:
        if cards.dtype != np.uint8:  # values past 255 checked before they wrap
            _check_values(cards, name, int(deck[0]), game, 0, named)
    parts = [(name, np.ascontiguousarray(cards, np.uint8)) for name, cards in parts]
    _check_rows(parts, int(deck[0]), game, named)
    return Spots(parts[0][1].reshape(h.shape), parts[1][1], parts[2][1], ids)


def _spot_ids(spot_ids, hands) -> np.ndarray:
    """(N,) int64 spot numbers, N the rows of ``hands``: ``spot_ids`` checked (whole numbers
    0 or more, one a row), or 0 .. N - 1."""
    try:
        n = len(hands)
    except TypeError:
        raise HandShapeError(f"hands must be (N, P, 2) card ids or (N, P) texts; got "
                             f"{short_repr(hands)}") from None
    if spot_ids is None:
        return np.arange(n, dtype=np.int64)
    ids = np.asarray(spot_ids)
    if ids.shape != (n,) or ids.size and (ids.dtype.kind not in "iu" or ids.min() < 0
                                          or ids.max() > np.iinfo(np.int64).max):
        raise PokersimInputError(f"spot_ids must be {n} whole numbers 0 or more (one a row); "
                                 f"got {short_repr(spot_ids)}")
    return ids.astype(np.int64)


def _row(row: int, ids: np.ndarray | None) -> str:
    """Row ``row`` as an error names it: by its spot number where the caller gave them."""
    return f"row {row}" if ids is None else f"spot {ids[row]}"


def _card_rows(value, name: str, n: int | None, ndim: int,
               named: np.ndarray | None = None) -> np.ndarray:
    """``value`` as an integer array of card ids: text parsed (a hand a string, or a board),
    None as no cards, one board (1-D or a string) repeated for each of ``n`` rows."""
    if value is None:
        return np.zeros((n or 0, 0), np.uint8)
    if isinstance(value, str):
        value = [value] * n if n is not None else value
    try:
        arr = np.asarray(value)
    except (ValueError, TypeError) as e:
        raise HandShapeError(f"{name} cannot be read as cards ({short_repr(str(e))}); got "
                             f"{short_repr(value)}") from None
    if arr.dtype.kind in "USO" and arr.size:
        arr = _parse_texts(arr, name, named)
        if arr.ndim == ndim + 1 and arr.shape[-1] == 1:  # a text a card, not a hand a text
            arr = arr.reshape(arr.shape[:-1])
        if n is not None and arr.ndim == 2 and arr.shape[0] == 1 and n != 1:
            arr = np.broadcast_to(arr, (n, arr.shape[1]))
    elif arr.size == 0 and n is not None:
        arr = np.zeros((n, 0), np.uint8)
    if arr.dtype.kind not in "iu":
        raise HandShapeError(f"{name} must be card ids (integers 0..51) or text; got dtype "
                             f"{arr.dtype}: use .astype(np.uint8)")
    if n is not None and arr.ndim == 1:  # one board for every spot
        arr = np.broadcast_to(arr, (n, arr.size))
    if arr.ndim != ndim or n is not None and arr.shape[0] != n:
        want = "(N, P, 2)" if ndim == 3 else f"(N, {'b' if name == 'boards' else 'd'})"
        raise HandShapeError(f"{name} must have shape {want}{'' if n is None else f' with N = {n}'}"
                             f" (a row a spot); got shape {arr.shape}")
    return arr


def _parse_texts(arr: np.ndarray, name: str, named: np.ndarray | None = None) -> np.ndarray:
    """An array of texts, each a few cards (all as many), as card ids of shape ``arr.shape +
    (k,)``; each distinct text parsed once. A bad text is named by its row."""
    if not all(isinstance(t, str) for t in arr.flat):
        raise HandShapeError(f"{name} mixes text and other values: give text such as 'AhKh' "
                             f"or card ids")
    texts, inverse = np.unique(arr.astype(str).reshape(-1), return_inverse=True)
    inverse = inverse.reshape(-1)
    parsed = []
    for i, text in enumerate(texts.tolist()):
        try:
            parsed.append(parse_cards(text))
        except CardError as e:
            raise type(e)(f"{_where(arr, inverse, i, name, named)}: {e}") from None
    sizes = [len(p) for p in parsed]
    if len(set(sizes)) > 1:
        i = next(j for j, s in enumerate(sizes) if s != sizes[inverse[0]])
        first = _where(arr, inverse, inverse[0], name, named)
        raise HandShapeError(f"{_where(arr, inverse, i, name, named)} has {sizes[i]} cards and "
                             f"{first} {sizes[inverse[0]]}: "
                             f"every {'hand' if name == 'hands' else 'row'} of a call holds "
                             f"as many cards")
    ids = np.array(parsed, np.uint8).reshape(len(parsed), sizes[0])
    return ids[inverse].reshape(arr.shape + (sizes[0],))


def _where(arr: np.ndarray, inverse: np.ndarray, i: int, name: str,
           named: np.ndarray | None = None) -> str:
    """Where text ``i`` (of the distinct texts) first stands in ``arr``: its row, and player."""
    at = np.unravel_index(int(np.flatnonzero(inverse == i)[0]), arr.shape)
    return _row(int(at[0]), named) + (f", player {at[1]}" if name == "hands" and len(at) > 1 else
                             f" of {name}")


def _owner(name: str, column: int) -> str:
    return f"player {column // 2}" if name == "hands" else \
        "the board" if name == "boards" else "the dead cards"


def _check_values(cards: np.ndarray, name: str, first_card: int, game: Game,
                  offset: int, named: np.ndarray | None = None) -> None:
    """A :class:`CardError` naming the first row of ``cards`` (N, k; row ``offset`` the first)
    holding a value that is no card of the game's deck (ids ``first_card`` .. 51)."""
    if cards.size == 0 or cards.min() >= first_card and cards.max() <= 51:
        return
    bad = (cards < first_card) | (cards > 51)
    row, column = (int(i) for i in np.argwhere(bad)[0])
    c = int(cards[row, column])
    what = (f"{CARD_NAMES[c]} ({c}), not a card of {game.name}'s deck (card ids "
            f"{first_card}..51)" if 0 <= c <= 51 else f"{c}, not a card (cards are "
            f"integers 0..51)")
    raise CardError(f"{_row(offset + row, named)}: {_owner(name, column)} holds {what}")


def _check_rows(parts: list[tuple[str, np.ndarray]], first_card: int, game: Game,
                named: np.ndarray | None = None) -> None:
    """An error naming the first row whose cards (its hands', board's and dead cards,
    ``parts``, uint8) hold a value that is no card of the game's deck (:class:`CardError`) or
    a card twice (:class:`DuplicateCardError`), which card and where. The rows are checked
    by a kernel on every worker (:func:`~pokersim.engine._games.batch.first_bad_row`: a
    64-bit card mask a row), the row found here."""
    arrays = tuple(cards for _, cards in parts)
    n = arrays[0].shape[0]
    n_workers = max(1, min(workers(), n // CHECK_ROWS_PER_WORKER))
    found = [r for r in on_workers(lambda w: _kernels.first_bad_row(
        w, n_workers, *arrays, np.uint8(first_card)), n_workers) if r >= 0]
    if not found:
        return
    row = found[0]
    for name, cards in parts:
        _check_values(cards[row:row + 1], name, first_card, game, row, named)
    held: dict[int, str] = {}
    for name, cards in parts:
        for column, c in enumerate(cards[row].tolist()):
            owner = _owner(name, column)
            if c in held:
                where = f"twice in {owner}" if held[c] == owner else f"{held[c]} and {owner}"
                raise DuplicateCardError(f"{_row(row, named)}: {CARD_NAMES[c]} appears twice "
                                         f"({where})")
            held[c] = owner
    raise AssertionError(f"row {row} was found bad but holds distinct cards")  # pragma: no cover


@dataclass
class _Run:
    """One call's spots and what their kernels take; :meth:`chunk` counts rows."""

    spots: Spots
    game: Game
    method: str
    trials: int  # a spot's, in Monte Carlo (0 when exact)
    key: np.uint64  # the seed's, in Monte Carlo

    def __post_init__(self):
        h, b, d = self.spots.hands, self.spots.boards, self.spots.dead
        deck = deck_of(self.game)
        self.deck = np.uint64(np.bitwise_or.reduce(_BIT[deck]))
        self.n_runout = self.game.board - b.shape[1]
        n_live = deck.size - h.shape[1] * h.shape[2] - b.shape[1] - d.shape[1]
        #: the runouts (exact) or trials of a row
        self.per_row = math.comb(n_live, self.n_runout) if self.method == "exact" else self.trials
        self.plan = deal_plan(n_live, self.n_runout)
        self.ht = tuple(kernel_args(self.game.ranking))
        self.counts = np.empty((0, h.shape[1], h.shape[1]), np.int64)  # a chunk's, reused

    def chunk(self, first: int, k: int, out: np.ndarray) -> tuple[np.ndarray]:
        """Count rows ``first .. first + k - 1`` into ``out`` (1, N, P), the equities, or
        (5, N, P), the columns win, tie, lose, equity and std_error."""
        s = self.spots
        hands, boards, dead = (a[first:first + k] for a in (s.hands, s.boards, s.dead))
        n_players = hands.shape[1]
        if self.counts.shape[0] < k:
            self.counts = np.empty((k, n_players, n_players), np.int64)
        counts = self.counts[:k]
        showdowns = k * self.per_row * n_players
        n_workers = 1 if showdowns <= SERIAL_SHOWDOWNS else min(workers(), k)
        spaces = _kernels.row_spaces(n_workers, n_players)
        part = out[:, first:first + k]
        shares = 1.0 / np.arange(1, n_players + 1)

        def work(w: int) -> None:  # the counts of worker w's rows, then their columns
            if self.method == "exact":
                _kernels.exact_rows(w, n_workers, hands, boards, dead, self.deck,
                                    self.n_runout, self.ht, counts, spaces[w])
            else:
                _kernels.monte_carlo_rows(w, n_workers, self.key, s.ids[first:first + k],
                                          hands, boards, dead, self.deck, self.n_runout,
                                          self.trials, self.plan, self.ht, counts, spaces[w])
            _kernels.row_columns(w, n_workers, counts, float(self.per_row), self.trials,
                                 shares, part)

        on_workers(work, n_workers)
        return (np.array([k]),)


def _table(columns: np.ndarray, run: _Run, seed, partial: bool) -> ResultFrame:
    """The win-rate table of the five columns (win, tie, lose, equity, std_error) of each
    spot and player."""
    n, p = columns.shape[1:]
    method = "monte-carlo (partial)" if partial and run.method == "monte-carlo" else run.method
    win, tie, lose, equity, std_error = (c.reshape(-1) for c in columns)
    frame = win_rate_table(
        {"spot": np.repeat(run.spots.ids[:n], p),
         "player": np.tile(np.arange(p, dtype=np.int64), n)},
        win, tie, lose, equity, std_error, np.full(n * p, run.per_row, np.int64), method)
    frame.attrs.update(game=run.game.name, seed=seed_of(seed, run.method),
                       trials=run.trials or None, partial=partial)
    return frame

