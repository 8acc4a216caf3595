"""Hand analysis: what a hand or a range is worth on a board.

* :mod:`~pokersim.analysis.strength`: Billings' measures of one hand, exact (hand strength,
  its distribution, the potentials) and their tables per starting-hand class
  (:func:`pokersim.hand_strength`, :func:`pokersim.hand_strength_table`);
* :mod:`~pokersim.analysis.distribution`: the equity of every combo of a range against
  another (:func:`pokersim.equity_distribution`);
* :mod:`~pokersim.analysis.breakdown`: what a range's combos make and draw to
  (:func:`pokersim.range_breakdown`);
* :mod:`~pokersim.analysis.next_card`: a hand's equity after each card to come, its outs
  (:func:`pokersim.outs`);
* their kernels, :mod:`~pokersim.analysis._strength` and (shared with the engine)
  :mod:`~pokersim.engine._games.sweep`.

The functions are read from ``pokersim`` itself; each module is imported on first use.

>>> import pokersim
>>> table = pokersim.range_breakdown("QQ+", board="Qh 7d 2c")
>>> int(table.combos.sum())  # QQ less the Qh: 3 combos; KK and AA: 6 each
15
"""

#: No names of its own: its public names are its modules (and their names, read from pokersim).
__all__: list[str] = []
