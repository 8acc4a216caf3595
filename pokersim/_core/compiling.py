"""Numba compiling pokersim's kernels: one line on stderr while a long first compile runs, and a
count of compiles for the progress bars.

Numba compiles a kernel on its first call in a process, and saves it to its disk cache (see
:mod:`pokersim._core.cache`), from which later processes load it, many times faster. With
the cache empty (a fresh install, a new image, an edit of the package) a first answer can
wait tens of seconds, in silence. A listener on Numba's ``"numba:compile"`` event
(:mod:`numba.core.event`) follows the compiles of pokersim's kernels: when the outermost one
(the kernel a public function called; the helpers it calls compile inside it) is still
running after :data:`NOTICE_AFTER` seconds and stderr is a terminal, one line says what is
compiling, at most once per kind of kernel (:func:`concept`) per process (:func:`notice`:
"pokersim: compiling the equity kernels (first run only; later runs load them from the
cache)...").

Numba compiles in the calling thread, holding its compiler lock; the line is printed by a
timer thread that touches nothing of Numba's. The environment variable
``POKERSIM_QUIET_COMPILE=1`` silences it, as does the command line's ``--quiet``
(:func:`silenced`). ``pokersim compile`` (:mod:`pokersim.tools.precompile`) fills the cache ahead.

:func:`compiles` counts the outermost compiles finished in this process, so that a progress
bar can start its clock after them (:mod:`pokersim._core.runner`).

>>> concept("pokersim.engine._games.boards"), concept("pokersim.rankings.omaha")
('equity', 'Omaha')
>>> concept("pokersim.evaluator.strengths")
'evaluator'
>>> concept("pokersim.rankings.new_game")
'new game'
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from collections.abc import Iterator

from numba.core import event

from .. import config
from . import cache as _cache

#: The environment variable that silences the line (any value but "", "0").
QUIET_ENV = "POKERSIM_QUIET_COMPILE"

#: Seconds a compile runs before the line is printed.
NOTICE_AFTER = 1.0

#: What the kernels of each module are, as the line names them (:func:`concept`).
CONCEPTS = {
    "pokersim.engine._games": "equity",
    "pokersim.engine.games": "equity",
    "pokersim.evaluator.strengths": "evaluator",
    "pokersim.evaluator.tables": "evaluator",
    "pokersim.evaluator._simd": "evaluator",
    "pokersim.rankings.hashed": "ranking",
    "pokersim.rankings.keys": "ranking",
    "pokersim.rankings.omaha": "Omaha",
    "pokersim.rankings.badugi": "badugi",
    "pokersim.dealing": "dealing",
    "pokersim._core.streams": "dealing",
    "pokersim.analysis.frequencies": "frequency",
    "pokersim._core.montecarlo": "Monte Carlo",
    "pokersim._core.combinatorics": "enumeration",
    "pokersim.analysis._strength": "hand-strength",
    "pokersim.analysis.strength": "hand-strength",
    "pokersim._isomorphism": "isomorphism",
    "pokersim.isomorphism": "isomorphism",
    "pokersim.engine._games.sweep": "ranges-on-a-board",
    "pokersim.cards": "card",
    "pokersim.games.draw5": "five-card draw",
    "pokersim.games.videopoker": "video poker",
    "pokersim.games.zhajinhua": "Zhajinhua",
    "pokersim.tools.bench": "benchmark",
}


def concept(module: str) -> str:
    """What the kernels of ``module`` are, for people: :data:`CONCEPTS` of the module or of
    the nearest package above it, else the module's last name without its leading
    underscores, words apart."""
    parts = module.split(".")
    for k in range(len(parts), 0, -1):
        if ".".join(parts[:k]) in CONCEPTS:
            return CONCEPTS[".".join(parts[:k])]
    return module.rsplit(".", 1)[-1].lstrip("_").replace("_", " ") or module


def notice(module: str) -> str:
    """The line printed while the kernels of ``module`` compile for over a second."""
    if config.JIT_OPTIONS.get("cache") and _cache.enabled():
        why = "first run only; later runs load them from the cache"
    else:
        why = "the disk cache is off: every run compiles them"
    return f"pokersim: compiling the {concept(module)} kernels ({why})..."


def is_pokersim(module) -> bool:
    """Whether ``module`` (a module's name) is pokersim or in it."""
    return isinstance(module, str) and (module == "pokersim" or module.startswith("pokersim."))


class _State:
    """What this process has seen; changed under :data:`_LOCK`."""

    def __init__(self) -> None:
        self.compiles = 0  # outermost compiles of pokersim's kernels finished
        self.seconds = 0.0  # and the time they took
        self.silenced = 0  # silenced() blocks open
        self.printed: set[str] = set()  # the concepts whose line was printed


_LOCK = threading.Lock()
_STATE = _State()
_THREAD = threading.local()  # per compiling thread: depth, start, timer


def compiles() -> int:
    """How many outermost compiles of pokersim's kernels have finished in this process (the
    kernels loaded from the cache are not compiled, and not counted)."""
    return _STATE.compiles


def compile_seconds() -> float:
    """The seconds those compiles took, in all."""
    return _STATE.seconds


@contextlib.contextmanager
def silenced(on: bool = True) -> Iterator[None]:
    """No line while this is open (where ``on``): the command line's ``--quiet``."""
    with _LOCK:
        _STATE.silenced += on
    try:
        yield
    finally:
        with _LOCK:
            _STATE.silenced -= on


def _quiet_env() -> bool:
    return os.environ.get(QUIET_ENV, "").strip() not in ("", "0")


def _wanted(concept_: str) -> bool:
    """Whether a compile of ``concept_`` that lasts would be announced."""
    if _STATE.silenced or concept_ in _STATE.printed or _quiet_env():
        return False
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError, OSError):  # no stderr, or a closed one
        return False


def _say(module: str, token: object) -> None:
    """The timer's work: print the line if the compile it was started for still runs (and
    nothing printed it meanwhile)."""
    name = concept(module)
    with _LOCK:
        if token not in _RUNNING or name in _STATE.printed or _STATE.silenced:
            return
        _STATE.printed.add(name)
    with contextlib.suppress(Exception):  # a closed or broken stderr: no line, no error
        print(notice(module), file=sys.stderr, flush=True)


#: The outermost compiles running now that would be announced, each by its token: a timer
#: that fires as its compile ends finds its token gone and prints nothing.
_RUNNING: set[object] = set()


def _module_of(data) -> str | None:
    """The module of the dispatcher compiling, if it is pokersim's."""
    dispatcher = data.get("dispatcher") if isinstance(data, dict) else None
    module = getattr(getattr(dispatcher, "py_func", None), "__module__", None)
    return module if is_pokersim(module) else None


class _Listener(event.Listener):
    """Follows the ``"numba:compile"`` events of pokersim's kernels (see the module
    docstring); never raises into Numba."""

    def on_start(self, ev) -> None:
        with contextlib.suppress(Exception):
            module = _module_of(ev.data)
            if module is None:
                return
            depth = getattr(_THREAD, "depth", 0)
            _THREAD.depth = depth + 1
            if depth:
                return  # a helper of the kernel compiling
            _THREAD.start = time.perf_counter()
            _THREAD.timer = None
            if _wanted(concept(module)):
                token = object()
                with _LOCK:
                    _RUNNING.add(token)
                timer = threading.Timer(NOTICE_AFTER, _say, args=(module, token))
                timer.daemon = True
                _THREAD.timer = timer, token
                timer.start()

    def on_end(self, ev) -> None:
        with contextlib.suppress(Exception):
            if _module_of(ev.data) is None or not getattr(_THREAD, "depth", 0):
                return
            _THREAD.depth -= 1
            if _THREAD.depth:
                return
            running = getattr(_THREAD, "timer", None)
            if running is not None:
                timer, token = running
                timer.cancel()
                with _LOCK:
                    _RUNNING.discard(token)
                _THREAD.timer = None
            with _LOCK:
                _STATE.compiles += 1
                _STATE.seconds += time.perf_counter() - _THREAD.start


_LISTENER = _Listener()


def install() -> bool:
    """Listen to Numba's compiles (once per process); whether the listener is on."""
    global _INSTALLED
    if not _INSTALLED:
        event.register("numba:compile", _LISTENER)
        _INSTALLED = True
    return _INSTALLED


_INSTALLED = False
install()
