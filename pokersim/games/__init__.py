"""The games: their descriptions (:mod:`~pokersim.games.game`; their equity is
:mod:`pokersim.engine`'s), and the other games of the seeds:
five-card draw deals (:mod:`~pokersim.games.draw5`), Jacks-or-Better video poker
(:mod:`~pokersim.games.videopoker`), Zhajinhua (:mod:`~pokersim.games.zhajinhua`).

Each module is imported on first use (``pokersim.games.draw5`` as an attribute, or ``from
pokersim.games import draw5``), so that the core modules can read a game's description
(``pokersim.games.game``) without importing the games built on them.

>>> import pokersim.games
>>> pokersim.games.draw5.__name__
'pokersim.games.draw5'
"""

import importlib

#: No names of its own: its public names are its modules, below.
__all__: list[str] = []

#: The modules of the package, imported on first use.
MODULES = ("game", "draw5", "videopoker", "zhajinhua")


def __getattr__(name: str):
    if name in MODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *MODULES})
