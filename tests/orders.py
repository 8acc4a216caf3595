"""Comparing two rankings of the same hands, for the tests that check an evaluator against an
oracle: random hands, dense ranks, and a failure that names two hands ordered differently.

Random hands come from ``np.random.default_rng`` with fixed seeds (not ``pokersim.deal``), so
every failure is reproducible and independent of the package's own dealing.
"""

import numpy as np
import pytest

from tests.naive import cards_to_text


def random_hands(seed, n, k):
    """(n, k) uint8: each row k distinct cards, uniformly drawn (argsort of random keys)."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


def dense_from_keys(keys):
    """Dense ranks 0..m-1 of comparable Python keys (equal keys -> equal rank)."""
    index = {key: i for i, key in enumerate(sorted(set(keys)))}
    return np.fromiter((index[key] for key in keys), dtype=np.int64, count=len(keys))


def dense_from_values(values):
    """Dense ranks of a numeric array, by np.unique."""
    _, inverse = np.unique(np.asarray(values), return_inverse=True)
    return inverse.reshape(-1).astype(np.int64)


def first_disagreement(expected_dense, got_dense):
    """A pair (i, j) ordered differently by the two rankings, or None if they agree.

    Walking the hands in expected order, the two rankings agree everywhere iff every
    consecutive pair has the same comparison sign on both sides.
    """
    order = np.argsort(expected_dense, kind="stable")
    de = np.sign(np.diff(expected_dense[order]))
    dg = np.sign(np.diff(got_dense[order]))
    bad = np.flatnonzero(de != dg)
    if bad.size == 0:
        return None
    return int(order[bad[0]]), int(order[bad[0] + 1])


def _show(value):
    return repr(value.item() if isinstance(value, np.generic) else value)


def assert_same_order(rows, expected_dense, got_dense, expected_label, got_label,
                      expected_values=None, got_values=None):
    """Fail, naming two hands, unless both dense rankings are identical."""
    assert len(expected_dense) == len(got_dense) == len(rows)
    pair = first_disagreement(expected_dense, got_dense)
    if pair is None:
        assert np.array_equal(expected_dense, got_dense)
        return
    lines = [f"{expected_label} and {got_label} order these two hands differently:"]
    for i in pair:
        ev = "" if expected_values is None else f" {expected_label}={_show(expected_values[i])}"
        gv = "" if got_values is None else f" {got_label}={_show(got_values[i])}"
        lines.append(f"  hand #{i}: {cards_to_text(rows[i])}{ev}{gv}")
    pytest.fail("\n".join(lines))
