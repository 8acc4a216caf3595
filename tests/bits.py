"""Bits of numpy arrays for the tests, on every numpy the package supports
(``np.bitwise_count`` needs numpy 2)."""

import numpy as np


def bit_count(values) -> np.ndarray:
    """The set bits of each value (non-negative integers below 2**64), in the shape of
    ``values``.

    >>> bit_count(np.array([0, 1, 7, 2**63], np.uint64)).tolist()
    [0, 1, 3, 1]
    """
    values = np.asarray(values)
    octets = values.astype(np.uint64).view(np.uint8).reshape(*values.shape, 8)
    return np.unpackbits(octets, axis=-1).sum(axis=-1, dtype=np.int64)
