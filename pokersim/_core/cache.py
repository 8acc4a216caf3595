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

Several processes sharing one cache (pytest's workers, a local Dask cluster, ``pokersim
compile``'s workers, two notebooks) take file locks in it, on POSIX systems (``fcntl``; on
Windows none are taken):

* a kernel called from Python and not in this process yet is compiled under its own lock
  (:func:`lock_compiles`): a second process that needs it meanwhile waits, then loads it
  from the cache instead of compiling it again (the first run of the test suite on two
  workers compiled a fifth of its kernels twice);
* each save to one of this package's indexes is done under a lock of its folder
  (:func:`_save`). Numba adds an entry by reading the index, picking the first free
  data-file number and writing both, with no lock: two processes saving *different* type
  signatures of one kernel at once could both pick one number, leaving an index whose
  entry names the other's data, which nothing checks on load (``numba/core/caching.py``,
  ``IndexDataCacheFile.save``, Numba 0.68).

A lock that cannot be taken (a folder the user cannot write) is skipped: never an error.

Where this cannot be guaranteed, :func:`enabled` is false and :func:`pokersim._core.jit.jit`
compiles without the disk cache (slower starts, never stale code): a Numba whose caching
module lacks the hooks used here, a package that is not a plain directory (in a zip), a
``NUMBA_CACHE_LOCATOR_CLASSES`` override that leaves this locator out, or nowhere to write
for some folder of the package (neither ``NUMBA_CACHE_DIR``, nor the package's folder, nor
the user-wide directory: a read-only install run by a user without a writable home, where
``cache=True`` would make Numba refuse to compile at all).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import threading
from collections.abc import Iterator
from typing import Any

import numba

try:
    import fcntl as _fcntl
except ImportError:  # Windows
    _fcntl = None  # type: ignore[assignment]

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


#: Numba's own ``IndexDataCacheFile.save``, which :func:`_save` wraps.
_NUMBA_SAVE: Any = None
#: The name of the lock file of a cache folder's saves.
SAVE_LOCK = "pokersim-save.lock"


def _save(self, key, data):
    """Numba's ``IndexDataCacheFile.save``, under the lock of the index's folder where the
    index is this package's (see the module docstring)."""
    if not _ours(self._source_stamp):
        return _NUMBA_SAVE(self, key, data)
    with file_lock(os.path.join(self._cache_path, SAVE_LOCK)):
        return _NUMBA_SAVE(self, key, data)


@contextlib.contextmanager
def file_lock(path: str) -> Iterator[None]:
    """An exclusive lock on the file ``path`` (created if need be) while this is open, shared
    with every process that locks the same file; nothing where the system has no ``fcntl`` or
    the file cannot be opened. The system lets the lock go if the process dies.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     with file_lock(os.path.join(folder, "a.lock")):
    ...         print("locked")
    locked
    """
    try:
        f = open(path, "a")  # noqa: SIM115  (closed below, after the lock)
    except OSError:
        yield
        return
    with f:
        if _fcntl is None:
            yield
            return
        _fcntl.flock(f, _fcntl.LOCK_EX)
        try:
            yield
        finally:
            _fcntl.flock(f, _fcntl.LOCK_UN)

#: Per thread: whether it is compiling under a kernel's lock (a kernel's helpers compile
#: inside it, and take no lock: a process never waits for a lock while it holds one).
_COMPILING = threading.local()


def lock_compiles(dispatcher) -> None:
    """Have ``dispatcher`` (a Numba dispatcher with the disk cache on) compile under a lock of
    its own in the cache (``<its index>.compile.lock``) when a thread compiles it outside any
    other kernel's compile: a process that needs it meanwhile waits, then finds it in the
    cache (see the module docstring). Nothing where its cache has no index file."""
    cache_file = getattr(getattr(dispatcher, "_cache", None), "_cache_file", None)
    index_path = getattr(cache_file, "_index_path", None)
    if _fcntl is None or not isinstance(index_path, str):
        return
    lock_path = index_path + ".compile.lock"
    compile_ = dispatcher.compile

    def compile(sig):
        if getattr(_COMPILING, "on", False):
            return compile_(sig)
        _COMPILING.on = True
        try:
            with file_lock(lock_path):
                return compile_(sig)
        finally:
            _COMPILING.on = False

    dispatcher.compile = compile


def has_compiled(dispatcher) -> bool:
    """Whether Numba's disk cache holds ``dispatcher``'s function compiled for this machine,
    for some type signature (with the values of its closure's cells: each kernel a factory
    makes is its own); false where it has no disk cache or its index does not read.

    >>> import numba
    >>> has_compiled(numba.njit(lambda x: x))   # no disk cache
    False
    """
    impl = getattr(dispatcher, "_cache", None)
    cache_file = getattr(impl, "_cache_file", None)
    if impl is None or cache_file is None:
        return False
    try:
        wanted = impl._index_key(None, dispatcher.targetctx.codegen())[1:]
        return any(key[1:] == wanted for key in cache_file._load_index())
    except Exception:  # an index from another Numba, a folder not readable: not compiled
        return False


def install() -> bool:
    """Put :class:`PackageLocator` first in Numba's list of locators, make this package's
    unreadable indexes stale (:func:`_load_index`) and its saves locked (:func:`_save`),
    once; whether the package can be cached safely at all (see the module docstring)."""
    global _NUMBA_LOAD_INDEX, _NUMBA_SAVE
    if _caching is None or not os.path.isdir(ROOT):
        return False
    locators = _IMPL._locator_classes
    index_file: Any = getattr(_caching, "IndexDataCacheFile", None)
    if not isinstance(locators, list) or not hasattr(index_file, "_load_index") or not hasattr(
            index_file, "save"):
        return False
    if index_file._load_index is not _load_index:
        _NUMBA_LOAD_INDEX = index_file._load_index
        index_file._load_index = _load_index
    if index_file.save is not _save:
        _NUMBA_SAVE = index_file.save
        index_file.save = _save
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
