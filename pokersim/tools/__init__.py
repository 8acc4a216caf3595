"""The builders of the shipped tables, the benchmark and the compile-ahead command."""
