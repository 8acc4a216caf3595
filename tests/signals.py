"""Starting child processes that must see Ctrl-C."""

import signal


def interruptible() -> None:
    """``preexec_fn`` for a child that is sent SIGINT: a shell's background job starts with
    SIGINT ignored, and a Python started that way installs no KeyboardInterrupt handler, so the
    signal would do nothing. Restoring the default makes Python install its handler."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
