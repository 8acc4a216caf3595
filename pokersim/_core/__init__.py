"""Internals shared by every part: the Numba jit and its cache, the compile notice, validation
at the public boundary, random streams, combinatorics, the chunk runner and the Monte Carlo
block loop."""
