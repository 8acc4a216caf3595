"""Numba's disk cache, keyed on the whole package rather than on each kernel's own file.

Numba stamps a cached kernel with its own source file only, but a pokersim kernel also
compiles in constants (``HASH_SHIFT``, ``RANK_MASK``), inlined helpers and intrinsics from
other modules: after an edit there, the cached kernel would keep the old code against the
new tables (wrong strengths, or reads out of bounds, as kernels skip bounds checks).

:class:`PackageLocator` is put first in Numba's list of cache locators. It claims only the
functions defined in a file of this package and wraps the locator Numba would have chosen
for them, so the cache goes where Numba puts it (``NUMBA_CACHE_DIR``, else ``__pycache__``
next to the file, else the user-wide directory) under the same names; only the *source
stamp*, saved in each index and compared on load, changes: Numba's own stamp for the file
together with :func:`package_digest`, a hash of every file of the package (sources, shipped
tables and data), computed once per process (a few milliseconds). Any edit anywhere in the
package thus makes every index stale on load, and each kernel recompiles once and is saved
again; an unchanged package loads as before (the index keys, with the closures' cells, are
untouched). An index of this package that no longer unpickles (it names a function, the type
of a kernel's argument, that a new version of the package renamed or moved: Numba unpickles
the index before comparing stamps) is stale too, not an error (:func:`_load_index`).

A package installed where its user cannot write (a system or read-only site-packages) is
cached where Numba's own chain puts it then: under ``NUMBA_CACHE_DIR`` if set and writable,
else in Numba's user-wide directory (``$XDG_CACHE_HOME/numba``, by default
``~/.cache/numba`` on Linux), in a folder per folder of the package (its name and a SHA-1 of
its full path, ``pokersim_<sha1>``, so that two installs never share one), still keyed on
the digest, which only reads the package. Nothing is written next to the package then.

Where this cannot be guaranteed, :func:`enabled` is false and :func:`pokersim._core.jit.jit`
compiles without the disk cache (slower starts, never stale code): a Numba whose caching
module lacks the hooks used here, a package that is not a plain directory (in a zip), a
``NUMBA_CACHE_LOCATOR_CLASSES`` override that leaves this locator out, or nowhere to write
for some folder of the package (neither ``NUMBA_CACHE_DIR``, nor the package's folder, nor
the user-wide directory: a read-only install run by a user without a writable home, where
``cache=True`` would make Numba refuse to compile at all).
"""

from __future__ import annotations

import functools
import hashlib
import os
from typing import Any

import numba

try:
    from numba.core import caching as _caching

    _LOCATOR_BASE = _caching._CacheLocator
    _IMPL = _caching.CacheImpl
    _DEFAULT_LOCATORS = tuple(_IMPL._locator_classes)
except (ImportError, AttributeError):  # a Numba whose cache we do not know
    _caching = None
    _LOCATOR_BASE = object
    _DEFAULT_LOCATORS = ()

#: The package's folder, as the kernels' ``__code__.co_filename`` name it.
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the package, above _core
#: Folders (Python's and Numba's caches) and files not hashed into the digest.
_SKIP_DIRS = ("__pycache__",)
_SKIP_SUFFIXES = (".pyc", ".pyo", ".nbi", ".nbc")


@functools.cache
def package_digest() -> str:
    """SHA-256 over the relative path and bytes of every file of the package (hidden files,
    ``__pycache__`` and compiled files excepted), in sorted order."""
    h = hashlib.sha256()
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(d for d in dirs if d not in _SKIP_DIRS and not d.startswith("."))
        for name in sorted(files):
            if name.startswith(".") or name.endswith(_SKIP_SUFFIXES):
                continue
            path = os.path.join(folder, name)
            h.update(os.path.relpath(path, ROOT).encode() + b"\0")
            with open(path, "rb") as f:
                h.update(hashlib.sha256(f.read()).digest())
    return h.hexdigest()


def _in_package(py_file: str) -> bool:
    return os.path.abspath(py_file).startswith(ROOT + os.sep)


class PackageLocator(_LOCATOR_BASE):  # type: ignore[misc, valid-type]  # Numba's, or object
    """Numba's own locator for a package file, with :func:`package_digest` in its stamp."""

    def __init__(self, inner):
        self._inner = inner

    def __getattr__(self, name):  # _py_file and whatever else Numba reads off a locator
        if name == "_inner":
            raise AttributeError(name)
        return getattr(self._inner, name)

    def ensure_cache_path(self):
        """Create the cache folder (as Numba's locator does)."""
        return self._inner.ensure_cache_path()

    def get_cache_path(self):
        """The folder Numba's own locator picks."""
        return self._inner.get_cache_path()

    def get_disambiguator(self):
        """Numba's (the function's first line)."""
        return self._inner.get_disambiguator()

    def get_source_stamp(self):
        """Numba's stamp for the function's file, and the digest of the whole package."""
        return self._inner.get_source_stamp(), package_digest()

    @classmethod
    def from_function(cls, py_func, py_file):
        """A locator for a function of this package, or None (Numba then tries its own)."""
        if not _in_package(py_file):
            return None
        for other in _DEFAULT_LOCATORS:
            inner = other.from_function(py_func, py_file)
            if inner is not None:
                return cls(inner)
        return None


#: Numba's own ``IndexDataCacheFile._load_index``, which :func:`_load_index` wraps.
_NUMBA_LOAD_INDEX: Any = None


def _ours(stamp) -> bool:
    """Whether an index's expected stamp is :class:`PackageLocator`'s (of this package)."""
    return isinstance(stamp, tuple) and len(stamp) == 2 and stamp[1] == package_digest()


def _load_index(self):
    """Numba's ``IndexDataCacheFile._load_index``, except that an index of this package that
    fails to unpickle is stale (empty: the kernel compiles and its index is written anew)."""
    try:
        return _NUMBA_LOAD_INDEX(self)
    except Exception:  # AttributeError, ImportError, UnpicklingError, EOFError...
        if _ours(self._source_stamp):
            return {}
        raise


def install() -> bool:
    """Put :class:`PackageLocator` first in Numba's list of locators and make this package's
    unreadable indexes stale (:func:`_load_index`), once; whether the package can be cached
    safely at all (see the module docstring)."""
    global _NUMBA_LOAD_INDEX
    if _caching is None or not os.path.isdir(ROOT):
        return False
    locators = _IMPL._locator_classes
    index_file: Any = getattr(_caching, "IndexDataCacheFile", None)
    if not isinstance(locators, list) or not hasattr(index_file, "_load_index"):
        return False
    if index_file._load_index is not _load_index:
        _NUMBA_LOAD_INDEX = index_file._load_index
        index_file._load_index = _load_index
    if PackageLocator not in locators:
        locators.insert(0, PackageLocator)
    return True


_INSTALLED = install()


@functools.cache
def _writable() -> bool:
    """Whether Numba's locators find a cache folder they can write for every folder of the
    package that holds a module (they try to, creating it, as Numba does for each kernel)."""
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(d for d in dirs if d not in _SKIP_DIRS and not d.startswith("."))
        modules = sorted(name for name in files if name.endswith(".py"))
        if modules and PackageLocator.from_function(
                install, os.path.join(folder, modules[0])) is None:
            return False
    return True


def enabled() -> bool:
    """Whether kernels may use the disk cache now: the locator is installed, no
    ``NUMBA_CACHE_LOCATOR_CLASSES`` override (newer Numba versions read one) bypasses it, and
    there is somewhere to write the cache (else Numba would refuse to compile a kernel with
    ``cache=True``); the last is checked once per process."""
    override = getattr(numba.config, "CACHE_LOCATOR_CLASSES", "") or ""
    return (_INSTALLED
            and (not override.strip() or f"{__name__}.PackageLocator" in override)
            and _writable())
