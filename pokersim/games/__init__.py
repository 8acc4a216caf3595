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

from .. import _moved, config

#: The modules of the package, imported on first use.
MODULES = ("game", "draw5", "videopoker", "zhajinhua")

# pokersim.games.equity moved to pokersim.engine.games (deprecated name, for one release), with
# its deprecated game_equity (pokersim.equity with game=) and EXACT_SHOWDOWNS (config.EXACT_WORK)
_moved.register(f"{__name__}.equity", "pokersim.engine.games", {
    "game_equity": lambda: importlib.import_module("pokersim.engine.front").game_equity,
    "EXACT_SHOWDOWNS": lambda: config.EXACT_WORK})


def __getattr__(name: str):
    if name in MODULES or name == "equity":  # (equity: the deprecated module above)
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *MODULES})
