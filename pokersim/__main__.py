"""``python -m pokersim``: the ``pokersim`` command line (see :mod:`pokersim.cli`)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
