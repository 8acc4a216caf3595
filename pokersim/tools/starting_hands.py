"""Regenerate the shipped starting-hand table, every class against 1 to 9 random opponents
(after the heads-up matrix, :mod:`pokersim.tools.heads_up`, whose one-opponent column it
reads)::

    python -m pokersim.tools.starting_hands     # writes pokersim/data/starting_hands.csv
"""

import sys

from ..analysis.starting_hands import SHIPPED, save_starting_hands, starting_hand_table

if __name__ == "__main__":  # pragma: no cover
    print(f"wrote {save_starting_hands(starting_hand_table(progress=True), SHIPPED)}",
          file=sys.stderr)
