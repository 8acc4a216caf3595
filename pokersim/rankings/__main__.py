"""``python -m pokersim.rankings``: rebuild the shipped tables of every ranking but the high
one (``pokersim/rankings/tables.npz``) from the five-card rules."""

from . import SHIPPED, save_tables

save_tables()
print(f"wrote {SHIPPED}")
