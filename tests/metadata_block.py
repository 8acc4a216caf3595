"""The metadata block of a Parquet file, read where :func:`pokersim.io.write_table` puts it, on
every pandas the package supports (pandas 2.1 and later also read it as ``attrs``)."""

import json

from pokersim.io import PARQUET_KEY


def parquet_metadata(path) -> dict:
    """The JSON object stored under ``PANDAS_ATTRS`` in the file's schema metadata."""
    import pyarrow.parquet as pq

    return json.loads(pq.read_schema(path).metadata[PARQUET_KEY])
