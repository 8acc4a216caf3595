"""Module paths that moved, importable under their old names for one release.

``sys.modules`` holds a :class:`MovedModule` under each old name (registered by the package
that held it), so ``from pokersim.equity import equity_vs_random`` still works, with a
:class:`~pokersim.errors.PokersimDeprecationWarning` naming the new place. The new module is
imported on first use only: registering costs nothing at ``import pokersim``.
"""

from __future__ import annotations

import importlib
import sys
import types
import warnings
from collections.abc import Callable

from .errors import PokersimDeprecationWarning


class MovedModule(types.ModuleType):
    """The module once at ``old``, now at ``new``: each name read from it is ``new``'s (or
    one of ``renamed``, a function giving the value), with a deprecation warning.

    >>> moved = MovedModule("pokersim.old_errors", "pokersim.errors")
    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     name = moved.CardError.__name__
    >>> name, str(caught[0].message).split(" and ")[0]
    ('CardError', 'the module pokersim.old_errors is deprecated')
    """

    _new: str
    _renamed: dict[str, Callable[[], object]]

    def __init__(self, old: str, new: str,
                 renamed: dict[str, Callable[[], object]] | None = None) -> None:
        super().__init__(old, f"Deprecated: moved to {new}.")
        self.__dict__["_new"] = new
        self.__dict__["_renamed"] = renamed or {}

    def __getattr__(self, name: str) -> object:
        if name.startswith("__"):
            raise AttributeError(name)
        warnings.warn(f"the module {self.__name__} is deprecated and will be removed in the "
                      f"next release; use {self._new}", PokersimDeprecationWarning, stacklevel=2)
        if name in self._renamed:
            return self._renamed[name]()
        return getattr(importlib.import_module(self._new), name)


def register(old: str, new: str, renamed: dict[str, Callable[[], object]] | None = None
             ) -> None:
    """Make ``old`` a :class:`MovedModule` pointing at ``new`` (unless something holds the
    name already)."""
    sys.modules.setdefault(old, MovedModule(old, new, renamed))
