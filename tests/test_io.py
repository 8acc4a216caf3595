"""pokersim.io: where a table is written (links, FIFOs, devices, standard output) and the
metadata block each format carries, read back by plain pandas and by read_table.

Expected contents are written out here by hand; files are read back with pandas' own readers
(``read_csv(comment="#")``, ``read_json(orient="table", precise_float=True)``,
``read_parquet``), as docs/api.md
tells users to.
"""

from __future__ import annotations

import io
import json
import os
import stat
import threading

import numpy as np
import pandas as pd
import pytest

import pokersim
from pokersim.errors import PokersimInputError
from pokersim.games.zhajinhua import Rules
from pokersim.io import EXACT_CSV, read_table, table_metadata, write_atomic, write_table


def small_table() -> pd.DataFrame:
    frame = pd.DataFrame({"hand": ["As Kd", "#1 seat", "豹子"], "count": [3, 1, 2],
                          "probability": [0.5, 1 / 6, 1 / 3]})
    frame.attrs.update(seed=np.int64(7), board="2c 7d Qh", rules=Rules(rule_235=True),
                       opponents=range(1, 4), target_stderr=None, partial=False)
    return frame


#: pandas reads a Parquet file's PANDAS_ATTRS as attrs from 2.1 (the docs say so)
PANDAS_READS_ATTRS = tuple(map(int, pd.__version__.split(".")[:2])) >= (2, 1)

EXPECTED_META = {"pokersim": pokersim.__version__, "seed": 7, "board": "2c 7d Qh",
                 "rules": {"a23": "between-jqk-qka", "rule_235": True, "ties": "split"},
                 "opponents": [1, 2, 3], "target_stderr": None, "partial": False}


def assert_same_rows(frame: pd.DataFrame, expected: pd.DataFrame) -> None:
    assert frame.columns.tolist() == expected.columns.tolist()
    assert frame.hand.tolist() == expected.hand.tolist()
    assert frame["count"].tolist() == expected["count"].tolist()
    assert frame.probability.tolist() == expected.probability.tolist()  # full precision


# ----------------------------------------------------------------------------- where it goes


def test_a_symlink_keeps_pointing_at_its_target_which_gets_the_table(tmp_path):
    target = tmp_path / "data" / "table.csv"
    target.parent.mkdir()
    target.write_text("old\n")
    target.chmod(0o640)
    link = tmp_path / "latest.csv"
    link.symlink_to(target)
    write_table(small_table(), link)
    assert link.is_symlink() and link.resolve() == target  # today: a regular file
    assert_same_rows(pd.read_csv(target, **EXACT_CSV), small_table())
    assert stat.S_IMODE(target.stat().st_mode) == 0o640  # a file replaced keeps its mode
    assert sorted(os.listdir(target.parent)) == ["table.csv"]  # the rename was beside it


def test_a_dangling_symlink_creates_its_target(tmp_path):
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "new.json")
    write_table(small_table(), link)
    assert link.is_symlink() and (tmp_path / "new.json").is_file()
    back = pd.read_json(tmp_path / "new.json", orient="table", precise_float=True)
    assert_same_rows(back, small_table())


def test_a_fifo_is_written_through_and_its_reader_gets_the_table(tmp_path):
    fifo = tmp_path / "pipe.csv"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # a reader waiting on the pipe
    got = []
    drain = threading.Thread(target=lambda: got.append(_read_all(reader)))
    drain.start()
    write_table(small_table(), fifo)
    drain.join(timeout=30)
    os.close(reader)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)  # today: replaced by a regular file
    assert_same_rows(pd.read_csv(io.StringIO(got[0].decode()), **EXACT_CSV), small_table())


def _read_all(fd: int) -> bytes:
    """Everything written to a FIFO until its writer closes it (the writer may not have opened
    it yet: an empty read before that is not the end)."""
    import select
    import time

    chunks, deadline = [], time.monotonic() + 10
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if not ready:
            continue
        data = os.read(fd, 65536)
        if data:
            chunks.append(data)
        elif chunks:  # end of file after the content
            break
        else:
            time.sleep(0.01)  # nobody has written yet
    return b"".join(chunks)


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")
def test_a_device_stays_a_device(tmp_path):
    """As root the rename replaced /dev/null itself with a regular file; here a null device of
    our own stands in for it."""
    null = tmp_path / "null"
    os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    write_table(small_table(), null, "csv")
    assert stat.S_ISCHR(os.stat(null).st_mode)
    assert os.listdir(tmp_path) == ["null"]


def test_write_atomic_writes_through_a_non_regular_file_and_renames_a_regular_one(tmp_path):
    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    write_atomic(fifo, lambda f: f.write("through\n"))
    assert os.read(reader, 100) == b"through\n"
    os.close(reader)
    regular = tmp_path / "r"
    regular.write_text("old")
    inode = regular.stat().st_ino
    write_atomic(regular, lambda f: f.write("new"))
    assert regular.read_text() == "new" and regular.stat().st_ino != inode  # renamed over


@pytest.mark.skipif(not os.path.isdir("/dev/shm"), reason="no /dev/shm here")
def test_a_regular_file_under_dev_is_replaced_and_only_a_descriptor_name_appended_to():
    """Only names of open descriptors (/dev/stdout, /proc/self/fd/N) are appended to: a file
    of /dev/shm is replaced whole, as any file (appending wrote a second table after the
    first)."""
    import tempfile

    folder = tempfile.mkdtemp(dir="/dev/shm")
    path = os.path.join(folder, "t.csv")
    try:
        for text in ("first", "second"):
            write_atomic(path, lambda f, text=text: f.write(text))
        with open(path) as f:
            assert f.read() == "second"
        r, w = os.pipe()
        try:
            write_atomic(f"/proc/self/fd/{w}", lambda f: f.write("piped"))
            assert os.read(r, 100) == b"piped"
        finally:
            os.close(r)
            os.close(w)
    finally:
        for name in os.listdir(folder):
            os.unlink(os.path.join(folder, name))
        os.rmdir(folder)


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_dash_is_standard_output(capsys, tmp_path, monkeypatch, fmt):
    monkeypatch.chdir(tmp_path)
    assert write_table(small_table(), "-", fmt) == "-"
    out = capsys.readouterr().out
    assert os.listdir(tmp_path) == []  # no file named "-"
    back = (pd.read_csv(io.StringIO(out), **EXACT_CSV) if fmt == "csv"
            else pd.read_json(io.StringIO(out), orient="table", precise_float=True))
    assert_same_rows(back, small_table())


def test_dash_is_standard_output_for_parquet_too(capsysbinary):
    write_table(small_table(), "-", "parquet")
    back = pd.read_parquet(io.BytesIO(capsysbinary.readouterr().out))
    assert_same_rows(back, small_table())
    if PANDAS_READS_ATTRS:
        assert back.attrs == EXPECTED_META


# ----------------------------------------------------------------------------- metadata


def test_csv_metadata_is_a_commented_header_pandas_skips(tmp_path):
    path = write_table(small_table(), tmp_path / "t.csv")
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == '# pokersim table; read it with pandas.read_csv(path, comment="#")'
    assert lines[1:8] == [f"# pokersim: {json.dumps(pokersim.__version__)}", "# seed: 7",
                          '# board: "2c 7d Qh"',
                          '# rules: {"a23": "between-jqk-qka", "rule_235": true, '
                          '"ties": "split"}',
                          "# opponents: [1, 2, 3]", "# target_stderr: null", "# partial: false"]
    # a cell holding the comment character is quoted, so comment="#" does not cut it
    assert '"#1 seat"' in lines[10]
    assert_same_rows(pd.read_csv(path, **EXACT_CSV), small_table())
    back = read_table(path)
    assert_same_rows(back, small_table())
    assert back.attrs == EXPECTED_META


def test_every_float_comes_back_to_the_bit_from_csv(tmp_path):
    # pandas before 3.0 parsed a third of these a unit off in the last bit (read_table, and
    # the options EXACT_CSV says, failed on pandas 2.0-2.3)
    values = np.concatenate([[1 / 6, 1 / 3, 0.1, 2 / 3, 1e-300, 5e-324, 1.7976931348623157e308],
                             np.random.default_rng(4).random(10_000) * 10.0 ** np.arange(-8, 8)
                             .repeat(625)])
    path = write_table(pd.DataFrame({"p": values}), tmp_path / "f.csv")
    assert read_table(path).p.tolist() == values.tolist()
    assert pd.read_csv(path, **EXACT_CSV).p.tolist() == values.tolist()


def test_csv_without_a_comment_character_in_any_cell_is_not_quoted(tmp_path):
    frame = pd.DataFrame({"hand": ["As Kd"], "n": [1]})
    assert write_table(frame, tmp_path / "t.csv").read_text().splitlines()[-2:] == \
        ["hand,n", "As Kd,1"]


def test_json_is_pandas_table_layout_with_the_metadata_beside_it(tmp_path):
    path = write_table(small_table(), tmp_path / "t.json")
    document = json.loads(path.read_text(encoding="utf-8"))
    assert list(document) == ["metadata", "schema", "data"]
    assert document["metadata"] == EXPECTED_META
    assert document["data"][2] == {"hand": "豹子", "count": 2, "probability": 1 / 3}
    # precise_float: pandas' default float parser drops the last digits
    assert_same_rows(pd.read_json(path, orient="table", precise_float=True), small_table())
    assert read_table(path).attrs == EXPECTED_META


def test_parquet_metadata_is_pandas_attrs(tmp_path):
    path = write_table(small_table(), tmp_path / "t.parquet")
    back = pd.read_parquet(path)
    assert_same_rows(back, small_table())
    if PANDAS_READS_ATTRS:
        assert back.attrs == EXPECTED_META
    assert read_table(path).attrs == EXPECTED_META  # any pandas


def test_metadata_values_become_json_values():
    frame = pd.DataFrame({"n": [1]})
    frame.attrs.update(flag=np.bool_(True), x=np.float64(0.25), missing=float("nan"),
                       cards=np.array([[0, 1]], np.uint8), seed=np.random.SeedSequence(5),
                       nested={"a": (1, 2)})
    meta = table_metadata(frame, command="pokersim x")
    assert list(meta)[:2] == ["pokersim", "command"]
    assert {k: meta[k] for k in ("flag", "x", "missing", "cards", "nested")} == {
        "flag": True, "x": 0.25, "missing": None, "cards": [[0, 1]], "nested": {"a": [1, 2]}}
    assert "entropy=5" in meta["seed"]
    json.dumps(meta, allow_nan=False)  # all of it is JSON


@pytest.mark.parametrize("where, why", [
    ("no/such/folder/x.csv", "no folder 'no/such/folder'"),
    ("/proc/x.json", "no file can be made in '/proc'"),  # a folder that takes no new file
    ("somedir/", "a folder, not a file name"),  # was "unknown table format ''"
    (".", "a folder, not a file name"),
])
def test_a_path_that_cannot_be_written_is_named_before_anything_is_written(
        tmp_path, monkeypatch, where, why):
    """Not a raw FileNotFoundError naming a hidden temporary file: one input error naming
    the path given, raised before the table is turned into text."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "somedir").mkdir()
    frame = small_table()
    monkeypatch.setattr(pd.DataFrame, "to_csv", None)  # reached: a TypeError, not the error
    with pytest.raises(PokersimInputError) as info:
        write_table(frame, where)
    assert str(info.value).startswith(f"cannot write {where!r}: {why}")
    assert sorted(os.listdir(tmp_path)) == ["somedir"]


def test_a_failed_write_names_the_path_given(tmp_path, monkeypatch):
    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(pd.DataFrame, "to_csv", full)
    with pytest.raises(PokersimInputError, match="cannot write '.*t.csv': No space left"):
        write_table(small_table(), tmp_path / "t.csv")
    assert os.listdir(tmp_path) == []  # the temporary file is gone


@pytest.mark.parametrize("name, why", [("missing.csv", "No such file or directory"),
                                       ("folder.json", "Is a directory")])
def test_a_table_that_cannot_be_read_is_named(tmp_path, name, why):
    (tmp_path / "folder.json").mkdir()
    with pytest.raises(PokersimInputError) as info:
        read_table(tmp_path / name)
    assert str(info.value) == f"cannot read {str(tmp_path / name)!r}: {why}"


@pytest.mark.parametrize("suffix", ["csv", "json", "parquet"])
def test_a_table_read_back_prints_as_pokersim_prints_it(tmp_path, suffix):
    """read_table gave a plain DataFrame that printed raw floats."""
    frame = pokersim.equity(["AhKh", "QsQd"], board="2c 7d Qh")
    back = read_table(write_table(frame, tmp_path / f"t.{suffix}"))
    assert isinstance(back, pokersim.results.ResultFrame)
    assert repr(back) == repr(frame)
