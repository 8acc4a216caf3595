"""``python -m pokersim`` and the ``pokersim`` command: the command line (see
:mod:`pokersim.cli`)."""

import sys


def run() -> int:
    """The command line's exit status; Ctrl-C while it is still being imported (seconds on a
    busy machine) ends it as Ctrl-C does later, with one line and status 130."""
    try:
        from .cli import main
    except KeyboardInterrupt:
        print("pokersim: interrupted", file=sys.stderr)
        return 130
    return main()


if __name__ == "__main__":
    sys.exit(run())
