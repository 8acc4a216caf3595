"""The evaluator: the strength of a hand in a ranking, for millions of hands at once.

* :mod:`~pokersim.evaluator.strengths`: :func:`pokersim.evaluate`, :func:`pokersim.best_five`,
  :func:`pokersim.describe`, :func:`pokersim.category`, :func:`pokersim.cactus_rank`, their
  kernels and the helpers the other kernels share (the tables as the kernels take them,
  the category of a strength, a game's strengths).

The lookup tables and the lookup itself are :mod:`pokersim.evaluator.tables` (and its AVX2 step
:mod:`pokersim.evaluator._simd`); the rankings are :mod:`pokersim.rankings`.

>>> import pokersim
>>> int(pokersim.evaluate("As Ks Qs Js Ts")) == 7462  # the royal flush: the strongest hand
True
"""

#: No names of its own: its public names are its modules (and their names, read from pokersim).
__all__: list[str] = []
