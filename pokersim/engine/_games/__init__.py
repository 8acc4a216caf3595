"""The kernels of :mod:`pokersim.engine.games`: every deal of a game, its showdown and its pot.

A deal has *owners* of cards: the players 0 .. P - 1 and the board (owner P). Each owner has
known cards and unknown ones; a deal's unknown cards form one sequence, the board's first,
then each player's in turn: owner o's are ``drawn[lo[o]:hi[o]]`` (:class:`Layout`). Players
given as a list of hands (:class:`Ranged`) have their known cards chosen per deal.

A player's strength, by the kind of game:

* the best hand of all the player's and the board's cards (Hold'em, short deck, stud, razz,
  the draw games): the sum of the card keys and of the card bits of the player's and the
  board's cards (:mod:`pokersim.evaluator.tables`; a ranking's card bits are one distinct bit per
  card, so their OR over distinct cards is their sum), one lookup in the game's ranking
  (:func:`pokersim.evaluator.strengths.ranked_lookup`), and in hi/lo games one more in
  eight-or-better (whose keys ignore suits: one hash lookup,
  :func:`pokersim.evaluator.tables.nonflush_strength`). Monte Carlo adds each dealt card's key to
  its owner's known cards' (the board's once a trial), and sums bits from the 64-bit mask of the
  hand's cards, a table lookup per byte (:func:`byte_sum`), only where a flush is possible;
  exact enumeration keeps running sums along each owner's cards. No row of cards is written
  or read back.
* exactly two hole cards and three board cards (Omaha, Courchevel): each player's hole cards
  in a row for :mod:`pokersim.rankings.omaha`'s helpers, after the board's description
  (its key and bits summed as above, or its row of cards).

The pot: each showdown is summed up by its *winners*, a bit mask of the players holding the
best high hand, and in hi/lo games, shifted up by P bits, of those holding the best low (none
when no hand has a low). Kernels add each showdown's weight to ``masks[winners]`` (a short
array, no branch on who won) when P is small enough for it (:func:`mask_width`); else to
``counts[p, h, l]``, the *outcome code* of each player p: ``h`` the number of players sharing
the high half when p is one of them (0 when p is not), ``l`` the same for the low half, or
``P + 1`` when no hand has a low (the high half then takes the whole pot).
:func:`codes_of_masks` turns winner masks into outcome codes, which hold every pot share (see
:func:`pokersim.engine.games.shares`): wins, ties, scoops, each half's equity and the
standard error. Monte Carlo writes a trial's codes of the players holding a half only
(usually one player; :func:`~pokersim.engine._games.shared.tally_trial`), and each other
player's, (0, 0) or (0, P + 1), at the end of the kernel: the trials of that kind less those
the player held a half in (:func:`~pokersim.engine._games.shared.settle_codes`). Writing
every player's code every trial took 13-15% more time with 12 Hold'em players, 1-4% more
with 6 to 8 of Omaha hi/lo (CPU time of 2 M trials).

Monte Carlo counts are int64: block ``b`` of trials draws from stream ``block_state(key, b)``
(whatever the chunking or thread count), two trials at a time (:func:`draw_two`). A trial
chooses the range players' hands (:class:`Ranged`: a row of their joint choices with no card
in common, by an alias table, when there are at most ``config.JOINT_TUPLES``; else a hand a
player, a draw with a card in common drawn again), then deals the unknown cards without
replacement from the 64-bit mask of the cards left: each card the i-th set bit (one
``pdep``, :func:`pokersim._core.jit.nth_bit`; where ``pdep`` is slow, the same card by the
gaps of the cards taken, :func:`pokersim._core.gaps.nth_left`), i uniform, up to ten draws
from one 64-bit number (:func:`pokersim.dealing.batch_number`, no bias).

Exact counts are weighted (float64), over deals numbered 0 .. (the range players' joint
choices, most significant: those with no card in common, suit-isomorphic ones merged,
:mod:`pokersim.engine.choices`; then each owner's unknown cards in deal order, by the
lexicographic rank of their combination among the cards the owners before them left, the last
owner least significant). A worker unranks the first deal of its span, then steps from deal to
deal: the last owner's combination moves first, and only the owners whose cards changed are
evaluated again (a river against a random hand: one hand per deal).

With no board card to come (stud, razz, the draw games, a known board), a player's hand
depends on its own cards only: exact enumeration then ranks every hand each player may end
with once, in one call of the evaluator, and :func:`private_kernel` walks the deals as one hand
a player, no card in two, comparing strengths kept along the way (:class:`Hands`): a
deal costs a comparison, not an evaluation. Stud three-way on seventh street with one unknown
card each is 102 evaluations for 35,904 deals. Without a low half, the last player's hands,
sorted by strength, are counted rather than walked (:func:`count_last_level`): a choice of the
other players' hands costs two binary searches.

Categories (``categories=True``): each worker's space holds ``cats`` (players, the ranking's
categories), with no rows when they are not counted, tested at run time (one compiled kernel
either way). A player's category is its high strength's in the game's ranking
(``category_of``: :attr:`~pokersim.rankings.Ranking.category_of_strength`; Omaha's strengths
are the high ranking's, badugi's index its own table). The dealing kernels add each showdown's
weight to each player's category; :func:`private_kernel` adds the last level's hands one by
one where it walks them, a category at a time where it counts them (a category is a range of
strengths, so its hands are together: :func:`~pokersim.engine._games.private.
count_last_categories`), and the weight of every deal under another level's hand at once.

Each kernel is one worker's share of the work (``worker=True`` in :func:`pokersim._core.jit.jit`,
run by :func:`pokersim._core.jit.on_workers`), in arrays of its own (:func:`monte_carlo_spaces`,
:func:`exact_spaces`, :func:`private_spaces`). Kernels take their tables as tuples and unpack
them before their loops, and helpers take arrays one by one: an array taken from a tuple
inside the loop cost 30% more time per trial (measured on stud).

One compiled kernel serves every game of a family: the game's *shape* (hole cards, the
ranking's lookup flavor, a low half) and the number of players are values the kernels read at
run time, and every ranking's tables come in arrays of the same types (badugi's in a tuple of
their own, :func:`game_lookup`). The hand rule is the one constant: the games that rank all of
a player's and the board's cards, and Omaha's two-plus-three games, have a kernel each
(:func:`monte_carlo_kernel`, :func:`exact_kernel`), as testing it inside the innermost loop
cost exact Omaha 25%. A loop bound compiled in as a constant is kept where it pays more than
the compile it costs: Omaha's 4 hole cards (:func:`~pokersim.rankings.omaha.any_hole_high`).
Heads-up Monte Carlo with its loops over players unrolled ran 4-12% faster but took 4 s more
to compile, and is gone.

In the games of two hole cards ranked with the board's five (Hold'em, the short decks), where
every player is a hand, "random" or one partial hand, exact enumeration lists each player as
its two-card completions and walks each joint choice times every runout of the board
(:func:`runout_kernel`: the board's key summed along the runout, one addition and one lookup
a player a runout); with the whole board to come, most boards are decided by their ranks
alone and each rank multiset is ranked once (:func:`preflop_kernel`).

The modules: :mod:`~pokersim.engine._games.shared` (the arguments, the pot, one deal's
strengths), :mod:`~pokersim.engine._games.monte_carlo`, :mod:`~pokersim.engine._games.exact`,
:mod:`~pokersim.engine._games.private` and :mod:`~pokersim.engine._games.boards` (the
families of kernels); the names :mod:`pokersim.engine.games` reads are here.
"""

from .boards import (
    MULTISETS,
    board_monte_carlo_kernel,
    board_spaces,
    board_trial_spaces,
    preflop_kernel,
    runout_kernel,
)
from .exact import exact_kernel, exact_spaces
from .monte_carlo import monte_carlo_kernel, monte_carlo_spaces
from .private import (
    Hands,
    counting_order,
    private_kernel,
    private_rows,
    private_spaces,
    sorting_order,
)
from .shared import Layout, Ranged, codes_of_masks, mask_width

__all__ = ["board_monte_carlo_kernel", "board_spaces", "board_trial_spaces", "codes_of_masks",
           "counting_order", "exact_kernel", "exact_spaces", "Hands", "Layout", "mask_width",
           "monte_carlo_kernel", "monte_carlo_spaces", "MULTISETS", "preflop_kernel",
           "private_kernel", "private_rows", "private_spaces", "Ranged", "runout_kernel",
           "sorting_order"]
