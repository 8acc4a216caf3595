"""The examples of docs/api.md, run as doctests one section at a time."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

PAGE = Path(__file__).parent.parent / "docs" / "api.md"


def run_section_example(heading: str) -> doctest.TestResults:
    """Run the first ```python block of the section ``## heading`` of docs/api.md; returns
    (failed, attempted)."""
    page = PAGE.read_text(encoding="utf-8")
    section = page.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]
    example = re.search(r"```python\n(.*?)```", section, re.S)[1]
    test = doctest.DocTestParser().get_doctest(example, {}, f"api.md: {heading}", str(PAGE), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    return runner.summarize(verbose=False)
