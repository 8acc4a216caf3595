"""Ctrl-C in the middle of a simulation, in this process: a chunk function that computes its
first chunk, then raises KeyboardInterrupt as Ctrl-C would during the second."""


def after_first_chunk(monkeypatch, module, name: str) -> None:
    """Replace the chunk function ``module.name`` (see :mod:`pokersim._core.runner`) for the
    test."""
    compute = getattr(module, name)
    calls = []

    def first_then_ctrl_c(*args):
        calls.append(args)
        if len(calls) > 1:
            raise KeyboardInterrupt
        return compute(*args)

    monkeypatch.setattr(module, name, first_then_ctrl_c)
