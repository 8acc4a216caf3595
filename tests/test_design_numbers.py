"""The sizes of the evaluator's hash table that docs/design.md ("The evaluator") and the
module docstring of pokersim/evaluator/tables.py state are those of the shipped tables."""

import re
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "pokersim" / "evaluator" / "evaluator_tables.npz"
TEXTS = [ROOT / "docs" / "design.md", ROOT / "pokersim" / "evaluator" / "tables.py"]
SENTENCE = re.compile(
    r"a table of ([\d,]+) `{1,2}(\w+)`{1,2} strengths\s+\(([\d,]+) bytes, about (\d+) KB; the "
    r"offsets are ([\d,]+) `{1,2}(\w+)`{1,2}, ([\d,]+) bytes more\)")


def _number(text: str) -> int:
    return int(text.replace(",", ""))


def test_the_hash_table_is_as_big_as_the_text_says():
    with np.load(SHIPPED) as z:
        table, offsets = z["hash"], z["offsets"]
    for path in TEXTS:
        text = " ".join(path.read_text(encoding="utf-8").split())
        found = SENTENCE.search(text)
        assert found, f"{path.name}: no sentence giving the hash table's size"
        size, dtype, nbytes, kb, n_offsets, offsets_dtype, offsets_bytes = found.groups()
        assert _number(size) == table.size and dtype == table.dtype.name
        assert _number(nbytes) == table.nbytes and int(kb) == round(table.nbytes / 1000)
        assert _number(n_offsets) == offsets.size and offsets_dtype == offsets.dtype.name
        assert _number(offsets_bytes) == offsets.nbytes
