"""The other games of the seeds: five-card draw deals, Jacks-or-Better video poker, Zhajinhua."""

from . import (  # noqa: F401
    draw5,
    videopoker,
    zhajinhua,  # noqa: F401
)
