"""The exceptions pokersim raises for bad input. All are ``ValueError`` subclasses."""

__all__ = ["CardError", "DuplicateCardError", "HandShapeError", "PokersimDeprecationWarning",
           "PokersimInputError", "RangeError", "SimulationInterrupted", "TargetStderrWarning"]


class PokersimInputError(ValueError):
    """Base class: an argument pokersim cannot use. The message names the value."""


class CardError(PokersimInputError):
    """A card that is not a card: bad text, or an integer outside 0..51."""


class DuplicateCardError(CardError):
    """The same card twice in one hand (or in a hand and the dead cards)."""


class HandShapeError(PokersimInputError):
    """A card array of the wrong shape or dtype."""


class RangeError(PokersimInputError):
    """Range text that cannot be parsed, such as ``"AKx"`` or ``"QQ@150"``; the message names
    the part and its position in the comma-separated list."""


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a Monte Carlo run; ``partial`` holds the estimate from the trials done
    so far. Before the first chunk of trials finishes there is no estimate, and Ctrl-C raises a
    plain ``KeyboardInterrupt``.

    Parameters
    ----------
    partial : DataFrame, ndarray or None
        The estimate so far, kept as ``partial``: the run's table, with its standard errors
        (its ``attrs["partial"]`` is True), or the counts so far of
        :func:`~pokersim.analysis.frequencies.strength_counts`.

    Examples
    --------
    >>> try:
    ...     raise SimulationInterrupted(None)
    ... except KeyboardInterrupt as e:
    ...     e.partial is None
    True
    """

    def __init__(self, partial):
        super().__init__("simulation interrupted; the estimate so far is in .partial")
        self.partial = partial


class PokersimDeprecationWarning(DeprecationWarning):
    """A name or spelling that still works for one release; the message says what replaces
    it."""


class TargetStderrWarning(RuntimeWarning):
    """A run with ``target_stderr`` used up its trials (``trials``, or ``config.MAX_TRIALS``)
    before every standard error fell below the target. The result stands, less precise than
    asked; its ``attrs["target_stderr_met"]`` is False."""
