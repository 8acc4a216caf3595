"""Plots, headless: each call returns Axes with the expected artists and labels."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402

import pokersim as ps  # noqa: E402
from pokersim import plots  # noqa: E402
from pokersim.data import starting_hands  # noqa: E402
from pokersim.games import draw5  # noqa: E402


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


def test_category_frequencies_bars_and_error_bars():
    exact = ps.category_frequencies(5)
    mc = ps.category_frequencies(5, method="monte-carlo", trials=20_000, seed=3)
    ax = plots.category_frequencies(exact, mc)
    assert len(ax.patches) == 10  # one bar per category
    assert [t.get_text() for t in ax.get_yticklabels()] == [str(c) for c in exact.category]
    assert ax.get_xscale() == "log" and ax.get_xlabel() == "probability (%)"
    heights = sorted(p.get_width() for p in ax.patches)
    assert heights[-1] == pytest.approx(100 * exact.probability.max())
    ax2 = plots.category_frequencies(exact, log=False)
    assert ax2.get_xscale() == "linear" and len(ax2.get_legend().get_texts()) == 1


def test_equity_vs_players_lines():
    table = starting_hands()
    ax = plots.equity_vs_players(table, ["AA", "KK", "72o"])
    lines = ax.get_lines()
    assert len(lines) == 4  # three hands and the fair-share line
    assert list(lines[0].get_xdata()) == list(range(1, 10))
    assert lines[0].get_ydata()[0] == pytest.approx(85.2, abs=0.01)
    assert ax.get_ylabel() == "equity (%)"
    frame = ps.equity_vs_random("AsAd", opponents=[1, 2], trials=5_000, seed=1)
    assert len(plots.equity_vs_players(frame).get_lines()) == 2



def test_equity_vs_players_gives_every_line_its_own_colour():
    """Notebook 02's twelve hands, and all 169 hands by default: no two hands' lines share a
    colour (matplotlib's 10-colour cycle repeats from the eleventh line); a legend names the
    twelve, not the 169."""
    from matplotlib.colors import to_rgba

    twelve = ["AA", "KK", "QQ", "JJ", "TT", "77", "22", "AKs", "AKo", "KQs", "T9s", "72o"]
    for hands, n in ((twelve, 12), (None, 169)):
        ax = plots.equity_vs_players(starting_hands(), hands)
        lines = [line for line in ax.get_lines() if line.get_label() != "fair share 1/(n+1)"]
        assert len(lines) == n
        assert len({to_rgba(line.get_color()) for line in lines}) == n
        assert len(ax.get_legend().get_texts()) == (n + 1 if hands else 1)

def test_equity_vs_players_takes_one_hand_as_text():
    # "AA" is one hand, not the hands "A" and "A"
    lines = plots.equity_vs_players(starting_hands(), "AA").get_lines()
    assert len(lines) == 2 and lines[0].get_label() == "AA"


def test_starting_hand_grid_image_and_labels():
    ax = plots.starting_hand_grid(starting_hands())
    assert len(ax.images) == 1 and ax.images[0].get_array().shape == (13, 13)
    texts = [t.get_text() for t in ax.texts]
    assert len(texts) == 169 and texts[0] == "AA" and texts[1] == "AKs" and texts[13] == "AKo"


def test_win_rates_stacked_bars():
    frame = draw5.win_rates(2)
    ax = plots.win_rates(frame)
    assert len(ax.patches) == 3 * len(frame)
    totals = {}
    for p in ax.patches:
        totals.setdefault(round(p.get_y(), 6), 0.0)
        totals[round(p.get_y(), 6)] += p.get_width()
    assert all(t == pytest.approx(100) for t in totals.values())


def test_missing_columns_are_named():
    with pytest.raises(ps.PokersimInputError, match="missing"):
        plots.win_rates(pd.DataFrame({"category": ["x"]}))
    with pytest.raises(ps.PokersimInputError, match="no rows for hand 'ZZ'"):
        plots.equity_vs_players(starting_hands(), ["ZZ"])


def test_readme_figure_command_writes_a_png(tmp_path):
    """``python -m pokersim.plots PATH``, the command the README names, writes a PNG."""
    import struct
    import subprocess
    import sys
    from pathlib import Path

    path = tmp_path / "figure.png"
    proc = subprocess.run([sys.executable, "-m", "pokersim.plots", str(path)],
                          cwd=Path(__file__).resolve().parents[1], capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert str(path) in proc.stdout
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])  # the IHDR chunk
    assert width > 2 * height > 600


def test_the_figure_command_writes_in_the_working_directory_and_makes_no_folder(
        tmp_path, monkeypatch, capsys):
    """Run outside the repository, it made ./docs/ and wrote there."""
    from pokersim.plots import main

    monkeypatch.chdir(tmp_path)
    assert main([]) == 0
    assert [p.name for p in tmp_path.iterdir()] == ["equity_vs_players.png"]
    assert capsys.readouterr().out == "wrote equity_vs_players.png\n"
    assert main(["no/such/folder/f.png"]) == 2
    assert capsys.readouterr().err == ("pokersim.plots: error: cannot write "
                                       "'no/such/folder/f.png': no folder 'no/such/folder'\n")
    assert main(["a.png", "b.png"]) == 2 and "usage" in capsys.readouterr().err
    assert [p.name for p in tmp_path.iterdir()] == ["equity_vs_players.png"]
