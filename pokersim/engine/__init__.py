"""The equity engine: every game's equity question, read, answered and tabled one way.

* :mod:`~pokersim.engine.front`: the front door, :func:`~pokersim.engine.front.equity` and
  :func:`~pokersim.engine.front.equity_vs_random`, and the one way through them
  (:func:`~pokersim.engine.front.equity_on`);
* :mod:`~pokersim.engine.question`: the question read and checked, each player's choices;
* :mod:`~pokersim.engine.outcomes`: what every run counts, the rule for ``method="auto"``,
  and the table;
* :mod:`~pokersim.engine.games`: what counts the outcomes of every game
  (:func:`~pokersim.engine.games.game_counts`), on the kernels of
  :mod:`~pokersim.engine._games`;
* :mod:`~pokersim.engine.choices`: the players given as lists, as their joint choices;
* :mod:`~pokersim.engine.batch`: :func:`~pokersim.engine.batch.batch_equity`, many
  independent spots in one call, a row each, read by :mod:`~pokersim.engine.spots` and
  counted on the kernels of :mod:`pokersim.engine._games.batch` (Hold'em, the short decks),
  against a range by :mod:`~pokersim.engine.batch_ranges`, in every other game by
  :mod:`~pokersim.engine.batch_games`; :mod:`~pokersim.engine.batch_files`:
  :func:`~pokersim.engine.batch_files.batch_equity_file`, a file of spots labelled chunk by
  chunk.

>>> from pokersim.engine import equity
>>> equity(["AhKh", "QsQd"], board="2c 7d Qh 3h 9s").equity.tolist()
[0.0, 1.0]
"""

from .batch import batch_equity
from .batch_files import batch_equity_file
from .front import MAX_OPPONENTS, equity, equity_on, equity_vs_random

__all__ = ["MAX_OPPONENTS", "batch_equity", "batch_equity_file", "equity", "equity_on",
           "equity_vs_random"]
