"""``pokersim distribution``, ``breakdown`` and ``outs``, in-process through main(argv): the
same tables as the functions, the output files, the plot, and one-line errors."""

import json

import matplotlib

matplotlib.use("Agg")

import pandas as pd  # noqa: E402
import pytest  # noqa: E402

from pokersim import equity_distribution, outs, range_breakdown  # noqa: E402
from pokersim.cli import main  # noqa: E402


def run(capsys, *argv):
    rc = main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


def test_distribution_prints_writes_and_plots(capsys, tmp_path):
    csv, png = tmp_path / "d.csv", tmp_path / "d.png"
    rc, out, err = run(capsys, "distribution", "QQ+, AK", "JJ-99, AQs", "--board", "Qh 7d 2c",
                       "--csv", str(csv), "--plot", str(png))
    assert rc == 0, err
    table = equity_distribution("QQ+, AK", "JJ-99, AQs", board="Qh 7d 2c")
    assert out.splitlines()[0] == ("on Qh 7d 2c: A 'QQ+, AK' "
                                   f"{100 * table.attrs['equity_a']:.2f}% (31 combos), B "
                                   f"'JJ-99, AQs' {100 * table.attrs['equity_b']:.2f}% "
                                   "(21 combos)")
    pd.testing.assert_frame_equal(pd.read_csv(csv, comment="#"), pd.DataFrame(table),
                                  check_dtype=False)
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_breakdown_counts_and_by_combo(capsys, tmp_path):
    path = tmp_path / "b.json"
    rc, out, err = run(capsys, "breakdown", "QQ+, AK, JTs", "--board", "Qh Jd 2h", "--json",
                       str(path))
    assert rc == 0, err
    assert out.splitlines()[0] == "'QQ+, AK, JTs' on Qh Jd 2h: 34 combos"
    table = range_breakdown("QQ+, AK, JTs", board="Qh Jd 2h")
    saved = pd.DataFrame(json.loads(path.read_text())["data"])
    assert saved.combos.tolist() == table.combos.tolist()
    rc, out, err = run(capsys, "breakdown", "AhKh, 9h8h", "--board", "Qh Jh 2c", "--by-combo")
    assert rc == 0 and "nut_flush_draw" in out.splitlines()[1]


def test_outs_against_a_hand_a_range_and_random_opponents(capsys):
    rc, out, err = run(capsys, "outs", "Ah Kh", "--opponents", "Qs Qd", "--board", "Qh 7h 2c")
    assert rc == 0, err
    assert out.splitlines()[0] == ("Ah Kh on Qh 7h 2c against Qs Qd: equity now 25.56%; 8 outs "
                                   "(Jh Th 9h 8h 6h 5h 4h 3h)")
    rc, out, err = run(capsys, "outs", "Ah Kh", "--opponents", "2", "--board", "Qh 7h 2c 5d",
                       "--trials", "2000", "--seed", "1")
    assert rc == 0, err
    table = outs("Ah Kh", 2, board="Qh 7h 2c 5d", trials=2000, seed=1)
    assert f"equity now {100 * table.attrs['equity_now']:.2f}%" in out.splitlines()[0]


@pytest.mark.parametrize("argv, message", [
    (["distribution", "AA", "KK", "--board", "Qh 7d"], "needs a board of 3, 4 or 5 cards"),
    (["breakdown", "AAx", "--board", "Qh 7d 2c"], "range"),
    (["outs", "Ah Kh", "--board", "Qh 7h 2c", "--opponents", "30"], "opponents"),
    (["outs", "Ah Kh", "--board", "Qh 7h 2c", "--method", "exact", "--seed", "1"], "seed"),
])
def test_bad_input_is_one_line_and_status_2(capsys, argv, message):
    rc, out, err = run(capsys, *argv)
    assert rc == 2 and out == ""
    assert err.startswith("pokersim: error: ") and message in err and err.count("\n") == 1
