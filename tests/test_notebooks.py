"""Every notebook runs from top to bottom (with few trials), as a user would run it, and the
numbers it shows agree with independent ones: published counts and equities, or bounds that
any correct estimate meets."""

import json
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = sorted((Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))


def test_there_are_notebooks():
    assert NOTEBOOKS


#: Published category counts: every 5-card and every 7-card hand, strongest first.
FIVE_CARD_COUNTS = [4, 36, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540]
SEVEN_CARD_COUNTS = [4324, 37260, 224848, 3473184, 4047644, 6180020, 6461620, 31433400,
                     58627800, 23294460]

#: Per notebook: a last cell that prints, as JSON, numbers the notebook computed, and what they
#: must be: PokerStove's preflop equities against one random hand (AA 85.20%, AKs 67.04%,
#: 72o 34.58%), the perfect-play returns of Jacks or Better (9/6 99.5439%, 9/5 98.4498%, 8/5
#: 97.2984%), the three-card category counts, the five- and seven-card counts above.
SHOWN = {
    "01_hand_probabilities.ipynb": (
        'print(json.dumps({"five": five["count"].tolist(), "seven": seven["count"].tolist(),'
        ' "z": float(abs(z).max())}))',
        lambda got: (got["five"] == FIVE_CARD_COUNTS and got["seven"] == SEVEN_CARD_COUNTS
                     and got["z"] < 5)),
    "02_equity_vs_players.ipynb": (
        'print(json.dumps({h: heads_up[h] for h in ("AA", "AKs", "72o")}))',
        lambda got: all(abs(100 * got[h] - want) < 0.005
                        for h, want in (("AA", 85.20), ("AKs", 67.04), ("72o", 34.58)))),
    "03_draw_and_video_poker.ipynb": (
        'print(json.dumps({"returns": returns, "p": heads_up["probability"].tolist()}))',
        lambda got: ({k: round(v, 6) for k, v in got["returns"].items()}
                     == {"9/6": 0.995439, "9/5": 0.984498, "8/5": 0.972984}
                     and got["p"] == [c / 2598960 for c in FIVE_CARD_COUNTS])),
    "05_batch_equity.ipynb": (
        'print(json.dumps({"n": SPOTS, "mean": float(equity[:, 0].mean()),'
        ' "sd": float(equity[:, 0].std()), "sum": float(abs(equity.sum(axis=1) - 1).max()),'
        ' "made": np.bincount(made, minlength=10).tolist()}))',
        lambda got: (abs(got["mean"] - 0.5) < 5 * got["sd"] / got["n"] ** 0.5
                     and got["sum"] < 1e-12
                     and _category_z(got["made"][::-1], FIVE_CARD_COUNTS) < 5)),
    "04_zhajinhua.ipynb": (
        'print(json.dumps(count.to_dict()))',
        lambda got: got == {"Leopard": 52, "Straight Flush": 48, "Flush": 1096,
                            "Straight": 720, "Pair": 3744, "High Card": 16440}),
}


def _category_z(counts, published) -> float:
    """The largest z-score of sampled category counts against published exact counts."""
    n, total = sum(counts), sum(published)
    return max(abs(c - n * k / total) / (n * k / total * (1 - k / total)) ** 0.5
               for c, k in zip(counts, published, strict=True))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs(path, monkeypatch):
    monkeypatch.setenv("POKERSIM_NOTEBOOK_TRIALS", "200000")
    monkeypatch.setenv("POKERSIM_NOTEBOOK_SPOTS", "100000")
    monkeypatch.setenv("MPLBACKEND", "Agg")
    nb = nbformat.read(path, as_version=4)
    assert all(not cell.get("outputs") for cell in nb.cells if cell.cell_type == "code"), \
        "committed notebooks carry no outputs"
    shown, agrees = SHOWN[path.name]
    nb.cells.append(nbformat.v4.new_code_cell("import json\n" + shown))
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
              if o.output_type == "error"]
    assert not errors
    got = json.loads("".join(o.get("text", "") for o in nb.cells[-1].outputs))
    assert agrees(got), got


def test_every_notebook_has_its_numbers_checked():
    assert sorted(SHOWN) == [p.name for p in NOTEBOOKS]


def typed_places(notebook) -> list[str]:
    """Places such as "31st" typed in a notebook's text (a cell computes them instead)."""
    return [m.group(0) for cell in notebook.cells if cell.cell_type == "markdown"
            for m in re.finditer(r"\b\d+(st|nd|rd|th)\b", cell.source)]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_place_is_typed_in_the_text(path):
    # notebook 02 typed T9s 31st and 55 64th against five opponents; the table says 29th and
    # 63rd: the text now shows the places a cell computes
    assert typed_places(nbformat.read(path, as_version=4)) == []
