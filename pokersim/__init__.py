"""pokersim: deal, evaluate and simulate poker hands by the million.

>>> import pokersim
>>> hands = pokersim.deal(1_000_000, 7, seed=1)
>>> strengths = pokersim.evaluate(hands)
>>> pokersim.describe(strengths.max())
'Royal Flush'
"""

# config first: it sets the thread pool's options; data: the shipped tables; isomorphism:
# pokersim.isomorphism.index, unindex and class_count
from . import config, data, isomorphism  # noqa: F401
from .breakdown import range_breakdown
from .cards import format_cards, parse_cards, parse_hands
from .deal import deal
from .display import CardView, show, with_symbols
from .distribution import equity_distribution
from .equity import equity, equity_vs_random
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
from .evaluate import Category, best_five, cactus_rank, category, describe, evaluate
from .frequencies import category_frequencies
from .hand_strength import hand_strength, hand_strength_table
from .next_card import outs
from .ranges import Range, parse_range
from .showdown import Showdown, showdown

__version__ = "0.1.0"

__all__ = [
    "CardError", "CardView", "Category", "DuplicateCardError", "HandShapeError",
    "PokersimDeprecationWarning", "PokersimInputError", "Range", "RangeError", "Showdown",
    "SimulationInterrupted", "TargetStderrWarning",
    "best_five", "cactus_rank", "category", "category_frequencies", "deal", "describe", "equity",
    "equity_distribution", "equity_vs_random", "evaluate", "format_cards", "hand_strength",
    "hand_strength_table", "outs", "parse_cards", "parse_hands", "parse_range", "range_breakdown",
    "show", "showdown", "with_symbols",
]
