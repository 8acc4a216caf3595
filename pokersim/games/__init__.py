"""The other games of the seeds: five-card draw deals, Jacks-or-Better video poker, Zhajinhua."""

from . import draw5, videopoker  # noqa: F401
from . import zhajinhua  # noqa: F401
