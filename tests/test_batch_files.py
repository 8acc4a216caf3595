"""pokersim.batch_equity_file: spots read from CSV or Parquet a chunk at a time and labelled.

Exact labels are checked against pokersim.equity called spot by spot (the engine, checked on
its own elsewhere); Monte Carlo labels against batch_equity on the same spots in memory, with
the same spot numbers and seed, whatever the chunk size, mixture of board sizes or executor.
"""

import concurrent.futures

import numpy as np
import pandas as pd
import pytest

import pokersim
from pokersim import SimulationInterrupted, batch_equity, batch_equity_file
from pokersim.cards import format_cards
from pokersim.engine import batch_files
from pokersim.errors import PokersimInputError
from pokersim.io import EXACT_CSV, read_table

#: Board sizes of the spots, mixed row by row: preflop (Monte Carlo), flop, turn, river.
SIZES = (0, 3, 4, 5)


def spots_frame(n, players=2, seed=0, dead=False):
    """n random spots: a column per player ("p0", "p1", ...), a board of a random size (one
    of SIZES) and, where asked, one dead card in every other row."""
    rng = np.random.default_rng(seed)
    rows = []
    for i in range(n):
        cards = rng.permutation(52)[:2 * players + 6].astype(np.uint8)
        size = SIZES[i % len(SIZES)]
        row = {f"p{p}": format_cards(cards[2 * p:2 * p + 2]).replace(" ", "")
               for p in range(players)}
        row["board"] = format_cards(cards[2 * players:2 * players + size]) if size else ""
        if dead:
            row["dead"] = format_cards(cards[-1:]) if i % 2 else ""
        rows.append(row)
    return pd.DataFrame(rows)


def read_labels(path):
    if str(path).endswith(".csv"):
        return pd.read_csv(path, **EXACT_CSV)
    return pd.read_parquet(path)


@pytest.mark.parametrize("fmt_in, fmt_out", [("csv", "csv"), ("parquet", "parquet"),
                                             ("csv", "parquet")])
def test_exact_labels_equal_equity_spot_by_spot(tmp_path, fmt_in, fmt_out):
    spots = spots_frame(24, players=3, seed=1, dead=True)
    spots = spots[spots.board != ""].reset_index(drop=True)  # exact rows only
    source = tmp_path / f"spots.{fmt_in}"
    spots.to_csv(source, index=False) if fmt_in == "csv" else spots.to_parquet(source)
    out = batch_equity_file(source, tmp_path / f"labels.{fmt_out}", chunk_size=5)
    labels = read_labels(out)
    assert len(labels) == 3 * len(spots)
    assert labels.spot.tolist() == np.repeat(np.arange(len(spots)), 3).tolist()
    assert labels.player.tolist() == ["p0", "p1", "p2"] * len(spots)
    for i, row in spots.iterrows():
        want = pokersim.equity([row.p0, row.p1, row.p2], board=row.board, dead=row.dead)
        got = labels[labels.spot == i]
        for column in ("win", "tie", "equity"):
            np.testing.assert_allclose(got[column], want[column], rtol=0, atol=1e-12)
        assert got.outcomes.tolist() == want.outcomes.tolist()
        assert set(got.method) == {"exact"}
    meta = read_table(out).attrs
    assert meta["partial"] is False and meta["game"] == "holdem"
    assert meta["players"] == ["p0", "p1", "p2"]


def test_monte_carlo_labels_do_not_depend_on_chunks_or_executor(tmp_path):
    spots = spots_frame(40, seed=2)
    source = tmp_path / "spots.csv"
    spots.to_csv(source, index=False)
    runs = []
    for chunk, client in ((7, None), (40, None), (3, "threads")):
        out = tmp_path / f"labels-{chunk}.csv"
        if client:
            with concurrent.futures.ThreadPoolExecutor(2) as executor:
                batch_equity_file(source, out, seed=5, trials=2_000, chunk_size=chunk,
                                  client=executor)
        else:
            batch_equity_file(source, out, seed=5, trials=2_000, chunk_size=chunk)
        runs.append(read_labels(out))
    for other in runs[1:]:
        pd.testing.assert_frame_equal(runs[0], other)
    # each board size's rows, in memory, numbered as in the file
    labels = runs[0]
    for size in SIZES:
        rows = np.flatnonzero(spots.board.str.count("[cdhs]") == size)
        group = spots.iloc[rows]
        want = batch_equity(group[["p0", "p1"]].to_numpy(str),
                            group.board.to_numpy(str) if size else None,
                            seed=5, trials=2_000, spot_ids=rows)
        got = labels[labels.spot.isin(rows)].reset_index(drop=True)
        np.testing.assert_array_equal(got.equity, want.equity)
        assert set(got.method) == {"monte-carlo"}


def test_auto_counts_boards_exactly_and_simulates_preflop(tmp_path):
    spots = spots_frame(8, seed=3)
    source = tmp_path / "spots.csv"
    spots.to_csv(source, index=False)
    labels = read_labels(batch_equity_file(source, tmp_path / "labels.csv"))
    method = labels.groupby("spot").method.first()
    assert (method == np.where(spots.board == "", "monte-carlo", "exact")).all()
    seed = read_table(tmp_path / "labels.csv").attrs["seed"]
    again = read_labels(batch_equity_file(source, tmp_path / "again.csv", seed=seed))
    preflop = labels.spot.isin(np.flatnonzero(spots.board == ""))
    np.testing.assert_array_equal(labels.equity[preflop], again.equity[preflop])


def test_players_named_and_no_spots(tmp_path):
    source = tmp_path / "spots.csv"
    spots_frame(4, players=3).to_csv(source, index=False)
    labels = read_labels(batch_equity_file(source, tmp_path / "l.csv", players=["p2", "p0"],
                                           seed=1))
    assert labels.player.tolist() == ["p2", "p0"] * 4
    empty = tmp_path / "empty.csv"
    empty.write_text("a,b,board\n")
    for suffix in ("csv", "parquet"):
        got = read_labels(batch_equity_file(empty, tmp_path / f"none.{suffix}"))
        assert len(got) == 0 and "equity" in got.columns


def test_interrupted_run_keeps_the_chunks_done_marked_partial(tmp_path, monkeypatch):
    source = tmp_path / "spots.csv"
    spots_frame(12, seed=4).to_csv(source, index=False)
    calls = []

    def stop_on_the_fifth_call(*args, **kwargs):
        calls.append(1)
        if len(calls) == 6:  # the first call checks the options; then 4 groups a chunk
            raise KeyboardInterrupt
        return batch_equity(*args, **kwargs)

    monkeypatch.setattr(batch_files, "batch_equity", stop_on_the_fifth_call)
    for suffix in ("csv", "parquet"):
        calls.clear()
        out = tmp_path / f"labels.{suffix}"
        with pytest.raises(SimulationInterrupted) as e:
            batch_equity_file(source, out, seed=1, chunk_size=4)
        assert e.value.partial == out
        table = read_table(out)
        assert table.attrs["partial"] is True
        assert table.spot.tolist() == np.repeat(np.arange(4), 2).tolist()  # chunk 0 only


def test_bad_inputs_are_named(tmp_path):
    source = tmp_path / "spots.csv"
    spots = spots_frame(6, seed=5)
    spots.loc[4, "p1"] = spots.loc[4, "p0"]  # row 4 repeats a card
    spots.to_csv(source, index=False)
    with pytest.raises(PokersimInputError, match=r"spot 4: .* appears twice"):
        batch_equity_file(source, tmp_path / "l.csv", seed=1, chunk_size=4)
    assert not (tmp_path / "l.csv").exists()  # nothing left behind
    assert [p.name for p in tmp_path.iterdir()] == ["spots.csv"]
    good = tmp_path / "good.csv"
    spots_frame(2).to_csv(good, index=False)
    (tmp_path / "taken.csv").write_text("x\n")
    cases = [
        (dict(spots=tmp_path / "no.csv", out=tmp_path / "a.csv"), "no spots file"),
        (dict(spots=good, out=tmp_path / "a.json"), r"\.csv or \.parquet"),
        (dict(spots=good, out=good), "is the spots file"),
        (dict(spots=good, out=tmp_path / "taken.csv"), "exists; give overwrite"),
        (dict(spots=good, out=tmp_path / "a.csv", players=["p0", "nope"]), "no column 'nope'"),
        (dict(spots=good, out=tmp_path / "a.csv", players=["p0"]), "two players or more"),
        (dict(spots=good, out=tmp_path / "a.csv", method="exact", seed=1), "takes no seed"),
        (dict(spots=good, out=tmp_path / "no-folder" / "a.csv"), "no folder"),
    ]
    for kwargs, message in cases:
        with pytest.raises(PokersimInputError, match=message):
            batch_equity_file(**kwargs)
    assert (tmp_path / "taken.csv").read_text() == "x\n"
    batch_equity_file(good, tmp_path / "taken.csv", overwrite=True)
    assert len(read_labels(tmp_path / "taken.csv")) == 4


def test_the_command_line_writes_what_the_function_writes(tmp_path, capsys):
    from pokersim.cli import main

    source = tmp_path / "spots.csv"
    spots_frame(10, seed=6).to_csv(source, index=False)
    out = tmp_path / "cli.parquet"
    assert main(["batch-equity", str(source), "--out", str(out), "--seed", "9", "--chunk-size",
                 "3", "--quiet"]) == 0
    assert "labelled" in capsys.readouterr().out
    expected = read_labels(batch_equity_file(source, tmp_path / "fn.parquet", seed=9))
    pd.testing.assert_frame_equal(read_labels(out), expected)
    meta = read_table(out).attrs
    assert meta["command"].startswith("pokersim batch-equity") and meta["seed"] == 9
    assert main(["batch-equity", str(source), "--out", str(out)]) == 2
    assert "--overwrite" in capsys.readouterr().err
    bad = tmp_path / "bad.csv"
    bad.write_text("a,b,board\nAhKh,QsQd,2c 7d Qh\nAhKh,AhQd,2c 7d Qh\n")
    assert main(["batch-equity", str(bad), "--out", str(tmp_path / "b.csv")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pokersim: error: spot 1: Ah appears twice") and "Traceback" not in err
    assert not (tmp_path / "b.csv").exists()


def test_the_labels_file_has_a_new_files_mode_and_a_link_keeps_pointing(tmp_path):
    import os
    import stat

    source = tmp_path / "spots.csv"
    spots_frame(3, seed=8).to_csv(source, index=False)
    umask = os.umask(0)
    os.umask(umask)
    out = batch_equity_file(source, tmp_path / "labels.csv", seed=1)
    assert stat.S_IMODE(os.stat(out).st_mode) == 0o666 & ~umask  # not mkstemp's 0o600
    target = tmp_path / "target.parquet"
    target.write_bytes(b"old")
    os.chmod(target, 0o640)
    link = tmp_path / "link.parquet"
    link.symlink_to(target)
    batch_equity_file(source, link, seed=1, overwrite=True)
    assert link.is_symlink() and len(read_labels(target)) == 6
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o640  # the replaced file's mode kept
