"""Kernels specialised to a shape, compiled only once they pay for their compile.

A loop such as dealing's runs 1.4-4x faster when its shape (the deck's size, the cards per
row) is compiled in as constants, but each shape is then a kernel of its own, a compile of
a second or more the first time a user asks about it. :class:`Specialised` serves every
shape from one *general* kernel (the shape as run-time values, the same results) and moves a
shape to its own kernel only where that costs the user no wait worth the name:

* at once for the shapes named ``at_once``: a function's default shape, which most first
  answers ask for, compiled in from the start as before (its first answer costs one compile
  either way, and its later runs the full speed from the first);
* at once when its kernel is already compiled: in this process, or in Numba's disk cache
  (:func:`pokersim._core.cache.has_compiled`; compiled by an earlier process, or ahead by
  ``pokersim compile``, which specialises every shape its tasks run);
* else once the general kernel has run that shape for :data:`pokersim.config.SPECIALISE_AFTER`
  seconds in this process (its own compiles not counted), about what a compile costs: the
  rule of renting skis until the rent paid would have bought them. A shape asked about once
  never waits for a compile of its own, and a shape run for long pays at most that much extra
  before it runs at full speed.

The general kernel takes the run-time values of the shape (``shape_args(*shape)``) where the
specialised one has them compiled in; :meth:`Specialised.pick` hands the caller the kernel
and those values (none for a specialised kernel).
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from .. import config
from . import cache as _cache
from . import compiling


class Specialised:
    """The kernels of one loop: ``general`` for every shape, and ``specialise(*shape)`` (a
    cached factory of Numba dispatchers) for a shape once it pays, or from the first call for
    the shapes ``at_once`` (see the module docstring).

    >>> import numba
    >>> general = numba.njit(lambda x, k: x * k)
    >>> loop = Specialised(lambda k: numba.njit(lambda x: x * k), general, lambda k: (k,))
    >>> with loop.pick(3) as (kernel, extra):
    ...     (kernel is general, kernel(2, *extra))
    (True, 6)
    """

    def __init__(self, specialise: Callable[..., Any], general: Any,
                 shape_args: Callable[..., tuple], at_once: Iterable[tuple] = ()):
        self.specialise = specialise
        self.general = general
        self.shape_args = shape_args
        self._spent: dict[tuple, float] = {}
        self._own: set[tuple] = set(at_once)
        #: per shape on a kernel of its own, what :meth:`pick` returns (a microsecond a call
        #: less than a fresh context: a bot's evaluate of two hands takes ten)
        self._ready: dict[tuple, contextlib.nullcontext] = {}
        self._lock = threading.Lock()

    def has_own(self, *shape) -> bool:
        """Whether ``shape`` runs on a kernel of its own now (deciding so where it pays)."""
        if shape in self._own:
            return True
        with self._lock:
            spent = self._spent.get(shape)
            if spent is None:  # first call: compiled already, here or on disk?
                kernel = self.specialise(*shape)
                if kernel.signatures or _cache.has_compiled(kernel):
                    self._own.add(shape)
                    return True
                self._spent[shape] = spent = 0.0
            if spent >= config.SPECIALISE_AFTER:
                self._own.add(shape)
                return True
        return False

    def pick(self, *shape) -> contextlib.AbstractContextManager[tuple[Any, tuple]]:
        """A context giving ``(kernel, extra)`` for a run of ``shape``: call ``kernel`` with
        ``*extra`` where the general kernel takes the shape's run-time values (``extra`` is
        empty for a kernel of the shape's own); the time the general kernel runs in it is
        counted to the shape."""
        ready = self._ready.get(shape)
        if ready is not None:
            return ready
        if self.has_own(*shape):
            ready = self._ready[shape] = contextlib.nullcontext((self.specialise(*shape), ()))
            return ready
        return self._rent(shape)

    @contextlib.contextmanager
    def _rent(self, shape: tuple) -> Iterator[tuple[Any, tuple]]:
        """:meth:`pick`'s context for a run on the general kernel."""
        start, compiling_before = time.perf_counter(), compiling.compile_seconds()
        try:
            yield self.general, self.shape_args(*shape)
        finally:  # the time it ran, not the time it compiled
            ran = (time.perf_counter() - start) - (compiling.compile_seconds() - compiling_before)
            with self._lock:
                self._spent[shape] += max(ran, 0.0)
