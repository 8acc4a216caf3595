"""``python -m pokersim.cli``: the command line, as ``python -m pokersim`` runs it."""

import sys

from . import main

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
