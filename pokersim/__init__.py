"""pokersim: deal, evaluate and simulate poker hands by the million.

>>> import pokersim
>>> hands = pokersim.deal(1_000_000, 7, seed=1)
>>> strengths = pokersim.evaluate(hands)
>>> pokersim.describe(strengths.max())
'Royal Flush'
"""

import importlib
from typing import TYPE_CHECKING

# config (plain settings) now; the rest is imported on first use (PEP 562): pandas, Numba and
# the kernels cost ~1.5 s to import.
from . import config  # noqa: F401

if TYPE_CHECKING:  # the names as mypy and editors see them
    # data: the shipped tables; isomorphism: pokersim.isomorphism.index, unindex, class_count
    from . import data, isomorphism  # noqa: F401
    from .analysis.breakdown import range_breakdown
    from .analysis.distribution import equity_distribution
    from .analysis.frequencies import category_frequencies
    from .analysis.next_card import outs
    from .analysis.strength import hand_strength, hand_strength_table, write_hand_strength_table
    from .cards import format_cards, parse_cards, parse_hands
    from .dealing import deal
    from .display import CardView, show, with_symbols
    from .engine import batch_equity, batch_equity_file, equity, equity_vs_random
    from .errors import (
        CardError,
        DuplicateCardError,
        HandShapeError,
        PokersimDeprecationWarning,
        PokersimInputError,
        RangeError,
        SimulationInterrupted,
        TargetStderrWarning,
    )
    from .evaluator.showdowns import Showdown, showdown
    from .evaluator.strengths import (
        Category,
        best_five,
        cactus_rank,
        category,
        describe,
        evaluate,
    )
    from .ranges import Range, parse_range

__version__ = "0.1.0"

__all__ = [
    "CardError", "CardView", "Category", "DuplicateCardError", "HandShapeError",
    "PokersimDeprecationWarning", "PokersimInputError", "Range", "RangeError", "Showdown",
    "SimulationInterrupted", "TargetStderrWarning",
    "batch_equity", "batch_equity_file", "best_five", "cactus_rank", "category",
    "category_frequencies", "deal", "describe", "equity", "equity_distribution",
    "equity_vs_random", "evaluate", "format_cards",
    "hand_strength", "hand_strength_table", "outs", "parse_cards", "parse_hands", "parse_range",
    "range_breakdown", "show", "showdown", "with_symbols", "write_hand_strength_table",
]

# The public names by the submodule that defines them (as in the TYPE_CHECKING block above).
_SOURCES = {
    "analysis.breakdown": ("range_breakdown",),
    "cards": ("format_cards", "parse_cards", "parse_hands"),
    "dealing": ("deal",),
    "display": ("CardView", "show", "with_symbols"),
    "analysis.distribution": ("equity_distribution",),
    "engine": ("batch_equity", "batch_equity_file", "equity", "equity_vs_random"),
    "errors": ("CardError", "DuplicateCardError", "HandShapeError", "PokersimDeprecationWarning",
               "PokersimInputError", "RangeError", "SimulationInterrupted", "TargetStderrWarning"),
    "evaluator.strengths": ("Category", "best_five", "cactus_rank", "category", "describe",
                            "evaluate"),
    "analysis.frequencies": ("category_frequencies",),
    "analysis.strength": ("hand_strength", "hand_strength_table", "write_hand_strength_table"),
    "analysis.next_card": ("outs",),
    "ranges": ("Range", "parse_range"),
    "evaluator.showdowns": ("Showdown", "showdown"),
}
_SOURCE = {name: module for module, names in _SOURCES.items() for name in names}


def __getattr__(name: str) -> object:
    """A public name, imported from its submodule on first use and kept; or a submodule
    (``pokersim.data``, ``pokersim.isomorphism``, ...), imported."""
    if name in _SOURCE:
        value = getattr(importlib.import_module(f"{__name__}.{_SOURCE[name]}"), name)
        globals()[name] = value
        return value
    if not name.startswith("__"):
        try:
            return importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as e:
            if e.name != f"{__name__}.{name}":
                raise
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__, "data", "isomorphism"})

