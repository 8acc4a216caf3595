"""The equity engine: every game's equity question, read, answered and tabled one way.

* :mod:`~pokersim.engine.front`: the front door, :func:`~pokersim.engine.front.equity` and
  :func:`~pokersim.engine.front.equity_vs_random`, and the one way through them
  (:func:`~pokersim.engine.front.equity_on`);
* :mod:`~pokersim.engine.question`: the question read and checked, each player's choices;
* :mod:`~pokersim.engine.outcomes`: what every run counts, the rule for ``method="auto"``,
  and the table;
* the two kernel families that count: :mod:`~pokersim.engine.holdem` (Hold'em and the short
  decks, kernels in :mod:`~pokersim.engine._holdem`) and :mod:`~pokersim.engine.games`
  (every game, kernels in :mod:`~pokersim.engine._games`).

>>> from pokersim.engine import equity
>>> equity(["AhKh", "QsQd"], board="2c 7d Qh 3h 9s").equity.tolist()
[0.0, 1.0]
"""

from .front import MAX_OPPONENTS, equity, equity_on, equity_vs_random

__all__ = ["MAX_OPPONENTS", "equity", "equity_on", "equity_vs_random"]
