"""Checks of the arguments every public function shares, in one place.

Each check returns the value in the form the code uses, or raises a
:class:`~pokersim.errors.PokersimInputError` whose message names the argument and quotes a
bounded excerpt of the value. Cards and hands are checked in :mod:`pokersim.cards`, clients in
:mod:`pokersim._core.runner`. The words and defaults these checks enforce are written down in
``docs/api.md``.

>>> choose_method("auto")
'exact'
>>> choose_method("auto", seed=1)
'monte-carlo'
>>> choose_method("exact", trials=10)
Traceback (most recent call last):
...
pokersim.errors.PokersimInputError: method='exact' enumerates every outcome: it takes no trials
"""

from __future__ import annotations

import errno
import math
import numbers
import os
import re
import stat
import sys
import tempfile
import warnings
from pathlib import Path
from types import FrameType

import numpy as np

from .. import config
from ..errors import PokersimDeprecationWarning, PokersimInputError

#: The largest count (rows, trials, rounds) a public function takes: counts run through the
#: kernels as int64, with room to add and multiply. More is an error, not an overflow.
MAX_COUNT = 2**62

#: How a result is computed: ``"auto"`` (exact when the function can enumerate cheaply and no
#: Monte Carlo option is given), ``"exact"`` or ``"monte-carlo"``.
METHODS = ("auto", "exact", "monte-carlo")


def short_repr(value, limit: int = 80) -> str:
    """``repr(value)``, cut to ``limit`` characters: error messages quote a bounded excerpt.

    >>> short_repr("X" * 1000, limit=12)
    "'XXXXXXXX..."
    """
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def check_count(value, name: str, minimum: int = 0) -> int:
    """``value`` as an int in ``minimum``..:data:`MAX_COUNT`, or an error naming it."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < minimum:
        raise PokersimInputError(f"{name} must be an integer >= {minimum}; got "
                                 f"{short_repr(value)}")
    if value > MAX_COUNT:  # type: ignore[operator]  # numbers.Integral types only < and <=
        raise PokersimInputError(f"{name} = {short_repr(value)} is too large (at most 2**62 = "
                                 f"{MAX_COUNT:,})")
    return int(value)


#: Characters of a path that an error message quotes (:func:`quoted_path`).
PATH_QUOTED = 160


def quoted_path(path) -> str:
    """A path as an error message quotes it: on one line, a bounded excerpt.

    >>> quoted_path("out/" + "x" * 1000 + ".csv")[-12:], len(quoted_path("x" * 1000))
    ('xxxxxxxxx...', 160)
    >>> print(quoted_path("two" + chr(10) + "lines.csv"))
    'two\\nlines.csv'
    """
    return short_repr(str(path), limit=PATH_QUOTED)


def cannot_write(path, error: OSError) -> str:
    """The message of a file that could not be written: the path quoted and the system's
    reason, without the path it repeats."""
    return f"cannot write {quoted_path(path)}: {error.strerror or short_repr(str(error))}"


def written_in_place(path) -> bool:
    """Whether a file written to ``path`` is written through in place (appended to, as the
    shell's ``>>`` does) instead of replaced by a whole new file: what ``path`` leads to is a
    FIFO, a device or a socket, or its links pass through an open descriptor's name
    (``/dev/stdout`` -> ``/proc/self/fd/1``, ``/dev/fd/2``), a pipe or a file the shell
    opened.

    >>> written_in_place("/dev/null"), written_in_place("/no/such/file"), written_in_place("/")
    (True, False, False)
    """
    try:
        st = os.stat(path)  # through links
    except (OSError, ValueError):
        return False
    if stat.S_ISDIR(st.st_mode):
        return False
    return not stat.S_ISREG(st.st_mode) or _names_a_descriptor(path)


#: The name of an open descriptor: ``/proc/<pid>/fd/<n>`` or ``/dev/fd/<n>``.
_DESCRIPTOR = re.compile(r"/(?:proc/[^/]+|dev)/fd/\d+")


def _names_a_descriptor(path) -> bool:
    """Whether ``path`` or a link on its way names an open descriptor (:data:`_DESCRIPTOR`)."""
    name = os.path.abspath(path)
    for _ in range(40):  # as many links as the system follows
        if _DESCRIPTOR.fullmatch(name):
            return True
        if not os.path.islink(name):
            return False
        name = os.path.normpath(os.path.join(os.path.dirname(name), os.readlink(name)))
    return False


def check_writable(path) -> Path:
    """``path`` as a Path once a file can be written there, checked before any work: it names
    no folder, its folder (a link's target's) exists, and a file can be made in that folder
    (or, for a FIFO or device, the file itself can be written); else an error naming it.

    >>> check_writable("/no/folder/t.csv")
    Traceback (most recent call last):
    ...
    pokersim.errors.PokersimInputError: cannot write '/no/folder/t.csv': no folder '/no/folder'
    """
    text = os.fspath(path) if isinstance(path, os.PathLike) else path
    if not isinstance(text, str):
        raise PokersimInputError(f"a path must be a str or path-like; got {short_repr(path)}")
    if "\0" in text:
        raise PokersimInputError(f"cannot write {quoted_path(text)}: a path has no NUL character")
    out = Path(text)
    if written_in_place(out):  # a FIFO, a device, /dev/stdout ...: no file made beside it
        if not os.access(out, os.W_OK):
            raise PokersimInputError(f"cannot write {quoted_path(text)}: "
                                     f"{os.strerror(errno.EACCES)}")
        return out
    try:
        if text.endswith(("/", os.sep)) or out.is_dir():
            raise PokersimInputError(f"cannot write {quoted_path(text)}: a folder, not a file "
                                     f"name")
        target = Path(os.path.realpath(out)) if out.is_symlink() else out
        folder = target.parent
        if not folder.is_dir():
            raise PokersimInputError(f"cannot write {quoted_path(text)}: no folder "
                                     f"{quoted_path(folder)}")
    except OSError as e:  # such as a name too long for the system
        raise PokersimInputError(cannot_write(text, e)) from None
    try:
        fd, probe = tempfile.mkstemp(prefix=f".{target.name[:80]}.", suffix=".probe",
                                     dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as e:  # a read-only folder, /proc ...
        why = e.strerror or short_repr(str(e))
        raise PokersimInputError(f"cannot write {quoted_path(text)}: no file can be made in "
                                 f"{quoted_path(folder)} ({why})") from None
    return out


def physical_memory() -> int | None:
    """This machine's memory in bytes, or None where the system does not say."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):  # not a POSIX system
        return None


def byte_size(n: int) -> str:
    """``n`` bytes for people: ``byte_size(7 * 2**40) == "7 TiB"``.

    >>> byte_size(512), byte_size(3 * 2**29), byte_size(7 * 2**40)
    ('512 bytes', '1.5 GiB', '7 TiB')
    """
    units = ("bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB")
    power = min(max(int(n).bit_length() - 1, 0) // 10, len(units) - 1)
    if power == 0:
        return f"{n} bytes"
    return f"{n / 1024**power:.3g} {units[power]}"


def check_memory(nbytes: int, what: str, hint: str) -> None:
    """Refuse, before allocating, an array of ``nbytes`` bytes larger than this machine's
    memory: ``what`` names the call and ``hint`` says what to do instead."""
    total = physical_memory()
    if total is not None and nbytes > total:
        raise PokersimInputError(f"{what} would take {byte_size(nbytes)} of memory, more than "
                                 f"this machine's {byte_size(total)}: {hint}")


def check_between(value, name: str, low: int, high: int, why: str = "") -> int:
    """``value`` as an int in low..high, or an error naming it (``why`` explains the bounds,
    e.g. how many players one deck can serve)."""
    if (isinstance(value, bool) or not isinstance(value, numbers.Integral)
            or not low <= value <= high):  # type: ignore[operator]
        raise PokersimInputError(f"{name} must be an integer from {low} to {high}{why}; "
                                 f"got {short_repr(value)}")
    return int(value)


def check_players(players, low: int, high: int, why: str = "") -> int:
    """The number of players, an int in low..high (``why`` says what bounds it)."""
    return check_between(players, "players", low, high, why)


def check_flag(value, name: str) -> bool:
    """``value`` as a bool: True or False (numpy's bools too), nothing else."""
    if not isinstance(value, (bool, np.bool_)):
        raise PokersimInputError(f"{name} must be True or False; got {short_repr(value)}")
    return bool(value)


def check_seed(seed) -> None:
    """Raise unless ``seed`` is None, an int >= 0, a SeedSequence or a numpy Generator."""
    if not (seed is None or isinstance(seed, (np.random.Generator, np.random.SeedSequence))
            or isinstance(seed, numbers.Integral) and not isinstance(seed, bool)
            and seed >= 0):  # type: ignore[operator]
        raise PokersimInputError(f"seed must be None, an integer >= 0, a SeedSequence or a "
                                 f"numpy Generator; got {short_repr(seed)}")


class DrawnSeed(int):
    """A seed drawn for a run given none (see :func:`drawn_seed`): an int, to pass as
    ``seed=`` for the same numbers, that :func:`choose_method` still counts as no seed."""

    __slots__ = ()


def drawn_seed(seed):
    """``seed`` (checked), or for None a fresh one: a :class:`DrawnSeed` below 2**63 drawn from
    the system's entropy (:class:`numpy.random.SeedSequence`). A random result records the
    seed it ran with in ``attrs["seed"]`` (see :func:`seed_of`), this one too, so that running
    it again with that seed gives the same numbers.

    >>> s = drawn_seed(None)
    >>> isinstance(s, int) and 0 <= s < 2**63, drawn_seed(7)
    (True, 7)
    """
    check_seed(seed)
    if seed is not None:
        return seed
    return DrawnSeed(int(np.random.SeedSequence().generate_state(1, np.uint64)[0]) >> 1)


def seed_of(seed, method: str | None):
    """The seed a result records: None for an exact result (one given no seed, as exact
    runs are), else ``seed``.

    >>> seed_of(DrawnSeed(5), "exact"), seed_of(DrawnSeed(5), "monte-carlo (partial)")
    (None, 5)
    """
    return None if method == "exact" else seed


def check_target_stderr(value) -> float | None:
    """None, or a standard error to reach: a real number strictly between 0 and 1 (numpy
    scalars included)."""
    if value is None:
        return None
    if (isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real)
            or not 0 < float(value) < 1 or math.isnan(float(value))):
        raise PokersimInputError(f"target_stderr must be a number in (0, 1); got "
                                 f"{short_repr(value)}")
    return float(value)


def check_method(method) -> str:
    """One of :data:`METHODS`."""
    if not isinstance(method, str) or method not in METHODS:
        raise PokersimInputError(f"method must be one of {', '.join(map(repr, METHODS))}; "
                                 f"got {short_repr(method)}")
    return method


def choose_method(method, *, trials=None, seed=None, target_stderr=None,
                  exact_possible: bool = True, why_not_exact: str = "") -> str:
    """``"exact"`` or ``"monte-carlo"``, as asked for by ``method`` and the Monte Carlo options.

    ``"auto"`` is exact when ``exact_possible`` and none of ``trials``, ``seed`` and
    ``target_stderr`` is given (a seed asks for a simulation; one drawn for a run given
    none, a :class:`DrawnSeed`, does not), else Monte Carlo. ``"exact"``
    refuses those options, and is an error when not ``exact_possible`` (``why_not_exact``
    says why). A function whose exact cost is known only later (``equity``) checks the
    options here and decides "auto" itself.
    """
    method = check_method(method)
    seed = None if isinstance(seed, DrawnSeed) else seed
    given = [name for name, value in (("trials", trials), ("seed", seed),
                                      ("target_stderr", target_stderr)) if value is not None]
    if method == "exact":
        if given:
            raise PokersimInputError(f"method='exact' enumerates every outcome: it takes no "
                                     f"{' or '.join(given)}")
        if not exact_possible:
            raise PokersimInputError(f"method='exact' is not possible here{why_not_exact}; "
                                     "use method='monte-carlo'")
        return "exact"
    if method == "auto":
        return "exact" if exact_possible and not given else "monte-carlo"
    return "monte-carlo"


def deprecated(old: str, new: str) -> None:
    """Warn that ``old`` (a name or spelling) is deprecated for one release in favour of
    ``new``, pointing at the first caller outside pokersim."""
    warn(f"{old} is deprecated and will be removed in the next release; use {new}",
         PokersimDeprecationWarning)


def warn(message: str, category: type[Warning]) -> None:
    """``warnings.warn``, pointing at the first caller outside pokersim (however deep in
    pokersim the warning arose: ``equity`` called by ``equity_vs_random``, say)."""
    frame: FrameType | None = sys._getframe(1)
    level = 2  # the caller of this function
    while frame is not None and frame.f_globals.get("__name__", "").split(".")[0] == "pokersim":
        frame, level = frame.f_back, level + 1
    warnings.warn(message, category, stacklevel=level)


#: Trials a second on one core that a refused run's cost is told at: heads-up Hold'em Monte
#: Carlo runs ~20 million (``pokersim bench``); more players, ranges and other games run fewer.
TRIALS_PER_CORE_SECOND = 20_000_000


def duration(seconds: float) -> str:
    """``seconds`` for people, in the largest unit that keeps it at least 1.

    >>> duration(42), duration(5400), duration(3 * 86400), duration(4e9)
    ('42 seconds', '1.5 hours', '3 days', '127 years')
    """
    for unit, size in (("years", 365.25 * 86400), ("days", 86400), ("hours", 3600),
                       ("minutes", 60)):
        if seconds >= size:
            return f"{seconds / size:.3g} {unit}"
    return f"{seconds:.3g} seconds"


def check_trials(trials, name: str = "trials") -> int:
    """``trials`` as an int from 1 to ``config.MAX_TRIALS``, or an error that says what more
    would cost and how to ask for it.

    >>> check_trials(10**6)
    1000000
    >>> try:
    ...     check_trials(10**15)
    ... except ValueError as e:
    ...     print(str(e)[:60])
    trials=1,000,000,000,000,000 is over the cap, config.MAX_TRI
    """
    n = check_count(trials, name, 1)
    if n > config.MAX_TRIALS:
        cores = os.cpu_count() or 1
        raise PokersimInputError(
            f"{name}={n:,} is over the cap, config.MAX_TRIALS = {config.MAX_TRIALS:,}: about "
            f"{duration(n / (TRIALS_PER_CORE_SECOND * cores))} on this machine's {cores} "
            f"cores at {TRIALS_PER_CORE_SECOND // 10**6} million heads-up Hold'em trials a "
            f"second each. To run it, raise the cap (pokersim.config.MAX_TRIALS; "
            f"--max-trials on the command line), on a Dask cluster (client=, --scheduler)")
    return n


def monte_carlo_trials(trials, target_stderr) -> int:
    """The trials a Monte Carlo run may take: ``trials`` checked (an int >= 1), or by default
    ``config.DEFAULT_TRIALS``, or with a ``target_stderr`` the cap ``config.MAX_TRIALS``.

    >>> monte_carlo_trials(None, None), monte_carlo_trials(None, 0.01), monte_carlo_trials(5, 0.01)
    (1000000, 10000000000, 5)
    """
    if trials is not None:
        return check_trials(trials)
    return config.MAX_TRIALS if target_stderr is not None else config.DEFAULT_TRIALS


def named(value, registry: dict, kind: str, cls: type | None = None, hint: str = ""):
    """The entry of ``registry`` that ``value`` names (or ``value`` itself, an instance of
    ``cls``); an unknown name is an error that lists the names.

    >>> named("short", {"full": 0, "short": 16}, "deck")
    16
    """
    if cls is not None and isinstance(value, cls):
        return value
    if isinstance(value, str) and value in registry:
        return registry[value]
    raise PokersimInputError(f"unknown {kind} {short_repr(value)}; choose one of "
                             f"{', '.join(registry)}{hint}")

