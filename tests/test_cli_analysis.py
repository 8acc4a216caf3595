"""``pokersim hand-strength``, ``hand-strength-table`` and ``isomorphism``, in-process through
main(argv): the printed and written tables against published numbers (Waugh's class counts,
Billings et al.'s worked example) and a naive count with a peer evaluator (phevaluator), index
round trips, relabelled hands, one-line errors, --out that never clobbers, and Ctrl-C."""

import importlib
import io
import itertools

import numpy as np
import pandas as pd
import pytest
from phevaluator import evaluate_cards

import pokersim
from pokersim.cli import main
from pokersim.io import read_table
from tests.ctrl_c import after_first_chunk

#: Waugh, "A Fast and Optimal Hand Isomorphism Algorithm" (2013), Table 1.
PUBLISHED_CLASSES = {"preflop": 169, "flop": 1_286_792, "turn": 13_960_050,
                     "river": 123_156_254}
#: Billings, Davidson, Schaeffer, Szafron, "The challenge of poker" (2002), Table 2 (and
#: Papp's thesis, Table 5.1): A♦ Q♣ on 3♥ 4♣ J♥; the measures from its published counts (as in
#: tests/test_hand_strength.py).
BILLINGS = ("Ad Qc", "3h 4c Jh")
BILLINGS_MEASURES = dict(hs=(628 + 9 / 2) / 1081, ehs=(540_986 + 12_617 / 2) / 1_070_190,
                         ppot=(91_981 + 1_036 / 2) / (439_560 + 8_910 / 2),
                         npot=(169_504 + 540 / 2 + 3_211 / 2) / (621_720 + 8_910 / 2))
DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def run(capsys, *argv):
    """(status, stdout, stderr) of ``pokersim ARGV``; argparse's own errors exit."""
    try:
        rc = main([str(a) for a in argv])
    except SystemExit as e:
        rc = e.code
    out, err = capsys.readouterr()
    return rc, out, err


def relabel(text: str, suits: str) -> str:
    """``text`` with its suits c, d, h, s renamed to ``suits`` (in that order)."""
    return " ".join(card[0] + suits["cdhs".index(card[1])] for card in text.split())


def naive_turn(hole: str, board: str, bins: int) -> dict:
    """HS, EHS, EHS² and the river-HS histogram of a hand on a turn, by phevaluator over
    every river card and opponent hand (ties half; lower phevaluator ranks are better)."""
    hole_cards, board_cards = hole.split(), board.split()
    left = [c for c in DECK if c not in hole_cards + board_cards]

    def hs(cards: list[str], unseen: list[str]) -> float:
        mine = evaluate_cards(*hole_cards, *cards)
        theirs = [evaluate_cards(*pair, *cards) for pair in itertools.combinations(unseen, 2)]
        return np.mean([1.0 if mine < t else 0.5 if mine == t else 0.0 for t in theirs])

    river = np.array([hs(board_cards + [r], [c for c in left if c != r]) for r in left])
    hist = np.bincount(np.minimum((river * bins).astype(int), bins - 1), minlength=bins)
    return dict(hs=hs(board_cards, left), ehs=river.mean(), ehs2=(river**2).mean(),
                hist=hist.tolist())


# ------------------------------------------------------------------------------- hand-strength


def test_hand_strength_billings_example_and_a_turn_against_phevaluator(capsys, tmp_path):
    path = tmp_path / "hs.csv"
    turn = ("Th 9h", "8h 2c Jd Ks")
    rc, out, err = run(capsys, "hand-strength", *BILLINGS, *turn, "--bins", "8",
                       "--csv", path)
    assert rc == 0, err
    lines = out.splitlines()
    assert lines[0].split()[:5] == ["hole", "board", "hs", "ehs", "ehs2"]
    assert lines[1].split()[:9] == ["Ad", "Qc", "3h", "4c", "Jh", "0.5851", "0.5114",
                                    "0.3073", "0.2083"]  # hs, ehs, ppot as published (rounded)
    table = read_table(path)
    assert table.hole.tolist() == ["Ad Qc", "Th 9h"]
    assert table.attrs["command"].startswith("pokersim hand-strength 'Ad Qc'")
    assert table.attrs["round"] == ["flop", "turn"] and table.attrs["bins"] == 8
    assert table.attrs["method"] == "exact" and table.attrs["partial"] is False
    billings = table.iloc[0]
    for name, value in BILLINGS_MEASURES.items():
        assert billings[name] == pytest.approx(value, rel=1e-12), name
    assert sum(billings[f"hist_{i}"] for i in range(8)) == 1081  # C(47, 2) runouts
    truth = naive_turn(*turn, bins=8)
    for name in ("hs", "ehs", "ehs2"):
        assert table.iloc[1][name] == pytest.approx(truth[name], rel=1e-12), name
    assert [table.iloc[1][f"hist_{i}"] for i in range(8)] == truth["hist"]


def river_hs(hole: str, board: str) -> float:
    """A hand's HS on a river, by phevaluator over every opponent hand (ties half)."""
    cards = hole.split() + board.split()
    mine = evaluate_cards(*cards)
    theirs = [evaluate_cards(*pair, *board.split())
              for pair in itertools.combinations([c for c in DECK if c not in cards], 2)]
    return np.mean([1.0 if mine < t else 0.5 if mine == t else 0.0 for t in theirs])


def test_hand_strength_on_one_board_for_every_hole(capsys, tmp_path):
    board = "Ks Qs 2h 2c 9d"
    path = tmp_path / "hs.json"
    rc, out, err = run(capsys, "hand-strength", "As Ah", "7c 2d", "--board", board,
                       "--json", path)
    assert rc == 0, err
    table = read_table(path)
    assert table.hole.tolist() == ["As Ah", "7c 2d"] and table.board.tolist() == [board] * 2
    assert table.attrs["round"] == "river" and table.attrs["opponents"] == 990
    for row in table.itertuples():
        assert row.hs == pytest.approx(river_hs(row.hole, board), rel=1e-12)
        assert row.ehs == row.hs and row.ehs2 == pytest.approx(row.hs**2, rel=1e-12)
        assert row.ppot == 0 and row.npot == 0  # no card to come


@pytest.mark.parametrize("argv, words", [
    (["Ad Qc"], "'Ad Qc' has no board"),
    (["Ad Qc 3h", "4c Jh 5d"], "argument 1 'Ad Qc 3h' is 3 cards where a hole"),
    (["Ad Qc", "3h 4c Ad"], "repeats card 'Ad'"),
    (["Ad Qc", "3h 4c Xx"], "'Xx' is not a card"),
    (["Ad Qc", "3h 4c Jh", "--bins", "0"], "bins must be an integer from 1 to 1980"),
    (["Ad Qc", "3h 4c Jh", "--bins", "1981"], "got 1981"),
    (["Ad Qc", "Ks Qs", "--board", "3h 4c"], "a board is 3 to 5 cards; got 2"),
    (["Ad Qc", "3h 4c Jh", "--board", "3h 4c Jd"], "argument 2 '3h 4c Jh' is 3 cards"),
])
def test_hand_strength_bad_input_is_one_line(capsys, argv, words):
    rc, out, err = run(capsys, "hand-strength", *argv)
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("pokersim: error: ") and words in err, err


# ------------------------------------------------------------------------------- isomorphism


def test_count_prints_the_published_class_counts(capsys, tmp_path):
    path = tmp_path / "count.json"
    rc, out, err = run(capsys, "isomorphism", "count", "--json", path)
    assert rc == 0, err
    table = read_table(path)
    assert dict(zip(table["round"], table.classes, strict=True)) == PUBLISHED_CLASSES
    assert table.board_cards.tolist() == [0, 3, 4, 5]
    assert "123,156,254" in out.splitlines()[-1]
    rc, out, err = run(capsys, "isomorphism", "count", "flop")
    assert rc == 0 and out.split()[-1] == "1,286,792"


def test_preflop_indices_are_169_dense_classes(capsys, tmp_path):
    path = tmp_path / "pre.csv"
    holes = [f"{a} {b}" for a, b in itertools.combinations(DECK, 2)]
    rc, _, err = run(capsys, "isomorphism", "index", *holes, "--csv", path)
    assert rc == 0, err
    table = read_table(path)
    assert len(table) == 1326 and set(table["round"]) == {"preflop"}
    assert sorted(set(table["index"])) == list(range(PUBLISHED_CLASSES["preflop"]))
    # the classes are the rank pair and suitedness: 13 pairs, 78 suited, 78 offsuit
    kinds = {(a[0], b[0], a[1] == b[1]) for a, b in (h.split() for h in holes)}
    assert len(kinds) == 169
    by_kind = table.groupby([table.hole.str[0] + table.hole.str[3],
                             table.hole.str[1] == table.hole.str[4]])["index"].nunique()
    assert (by_kind == 1).all()


@pytest.mark.parametrize("suits", ["dchs", "shdc", "hsdc"])
def test_relabelled_hands_print_the_same_index(capsys, suits):
    hands = [("As Ks", "Qh 7d 2c"), ("Qs Qc", ""), ("Ah Kh", "Qh 7d 2c 5s"),
             ("Td 9d", "8d 7c 2h 2s Jd"), ("7c 2d", "Qh 7d 2c")]
    argv = [part for hand in hands for part in hand if part]
    renamed = [relabel(part, suits) for part in argv]
    # the hole cards and the board cards in another order too
    shuffled = [" ".join(reversed(part.split())) for part in renamed]
    tables = []
    for given in (argv, renamed, shuffled):
        rc, out, err = run(capsys, "isomorphism", "index", *given, "--json", "-")
        assert rc == 0, err
        tables.append(pd.read_json(io.StringIO(out), orient="table"))
    assert tables[0]["index"].tolist() == tables[1]["index"].tolist() == tables[2][
        "index"].tolist()
    assert tables[0].canonical.tolist() == tables[2].canonical.tolist()
    # the rows in the order given, though each round is indexed apart
    assert tables[0]["round"].tolist() == ["flop", "preflop", "turn", "river", "flop"]
    assert tables[0].hole.tolist() == [hole for hole, _ in hands]
    # and hands that a relabelling does not map onto each other do not share it
    rc, out, _ = run(capsys, "isomorphism", "index", "As Ks", "Qh 7d 2c", "As Ks", "Qs 7d 2c")
    assert rc == 0 and len(set(line.split()[-6] for line in out.splitlines()[1:])) == 2


@pytest.mark.parametrize("round, indices", [
    ("preflop", [0, 12, 88, 168]), ("flop", [0, 1, 643_396, 1_286_791]),
    ("turn", [0, 7_000_000, 13_960_049]), ("river", [0, 61_578_127, 123_156_253])])
def test_unindex_then_index_round_trips(capsys, tmp_path, round, indices):
    path = tmp_path / "un.csv"
    rc, out, err = run(capsys, "isomorphism", "unindex", round, *indices, "--csv", path)
    assert rc == 0, err
    table = read_table(path)
    assert table["index"].tolist() == indices and set(table["round"]) == {round}
    assert str(indices[-1]) in out  # printed as typed, without separators
    hands = [part for row in table.itertuples() for part in (row.hole, row.board)
             if isinstance(part, str)]
    rc, _, err = run(capsys, "isomorphism", "index", *hands, "--csv", path)
    assert rc == 0, err
    back = read_table(path)
    assert back["index"].tolist() == indices and set(back["round"]) == {round}


@pytest.mark.parametrize("argv, words", [
    (["unindex", "flop", "1286792"], "1286792 is not a flop class (they run 0..1,286,791)"),
    (["unindex", "preflop", "-1"], "-1 is not a preflop class"),
    (["unindex", "river", str(2**64)], f"{2**64} is not a river class"),  # past int64
    (["unindex", "flop", "9" * 23], f"{'9' * 23} is not a flop class"),
    (["unindex", "flip", "3"], "invalid choice: 'flip'"),
    (["unindex", "river", "x"], "invalid int value: 'x'"),
    (["count", "flip"], "unknown round 'flip'"),
    (["index", "As Ks Qs"], "argument 1 'As Ks Qs' is 3 cards where a hole"),
    (["index", "As"], "argument 1 'As' is 1 card where a hole"),
    (["index", "As As"], "'As' repeats card 1"),
    (["index", "As Ks", "Qh 7d 2c As"], "repeats card 'As'"),
])
def test_isomorphism_bad_input_is_one_line(capsys, argv, words):
    rc, out, err = run(capsys, "isomorphism", *argv)
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("pokersim: error: ") and words in err, err


# ------------------------------------------------------------------------- hand-strength-table


def fake_table(round, *, bins=None, client=None, chunk_size=None, progress=False):
    """A three-row stand-in for the table (the whole one takes minutes): what the command
    writes is what the function returns."""
    frame = pokersim.results.ResultFrame({"class": np.arange(3), "hs": [0.25, 0.5, 0.75]})
    frame.attrs.update(method="exact", round=round, bins=bins, chunk_size=chunk_size)
    return frame


@pytest.mark.parametrize("suffix", ["csv", "json", "parquet"])
def test_table_is_written_to_out_with_its_metadata(capsys, tmp_path, monkeypatch, suffix):
    monkeypatch.setattr(pokersim, "hand_strength_table", fake_table)
    path = tmp_path / f"t.{suffix}"
    rc, out, err = run(capsys, "hand-strength-table", "turn", "--bins", "3", "--chunk-size",
                       "7", "--out", path)
    assert rc == 0, err
    assert err == f"pokersim: wrote {path}\n"
    assert out.startswith("hand strength of every turn class: 3 rows (class, hs)")
    table = read_table(path)
    assert table.to_dict("list") == {"class": [0, 1, 2], "hs": [0.25, 0.5, 0.75]}
    assert table.attrs["command"].startswith("pokersim hand-strength-table turn --bins 3")
    assert (table.attrs["round"], table.attrs["bins"], table.attrs["chunk_size"]) == ("turn",
                                                                                      3, 7)
    assert "overwrite" not in table.attrs and "out" not in table.attrs


def test_table_never_replaces_a_file_unless_told(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(pokersim, "hand_strength_table", fake_table)
    path = tmp_path / "t.csv"
    path.write_text("mine\n")
    rc, out, err = run(capsys, "hand-strength-table", "river", "--out", path)
    assert rc == 2 and out == "" and path.read_text() == "mine\n"
    assert err == f"pokersim: error: --out {str(path)!r}: the file exists; give --overwrite to " \
                  "replace it\n"
    rc, _, err = run(capsys, "hand-strength-table", "river", "--out", path, "--overwrite")
    assert rc == 0, err
    assert read_table(path).hs.tolist() == [0.25, 0.5, 0.75]


@pytest.mark.parametrize("argv, words", [
    (["preflop", "--out", "t.csv"], "invalid choice: 'preflop'"),
    (["flop"], "the following arguments are required: --out"),
    (["flop", "--out", "t.txt"], "--out 't.txt': name a file ending in .csv, .json, .parquet"),
    (["flop", "--out", "-"], "--out '-': name a file ending in"),
    (["flop", "--out", "no/such/folder/t.csv"], "no folder 'no/such/folder'"),
    # found before the work, not after it with the success line printed (5 minutes lost)
    (["flop", "--bins", "50", "--out", "/proc/t.parquet"], "no file can be made in '/proc'"),
    (["river", "--bins", "4", "--out", "t.csv"], "on the river a hand has one runout"),
    (["flop", "--bins", "0", "--out", "t.csv"], "bins must be an integer from 1 to 1980"),
    (["turn", "--chunk-size", "0", "--out", "t.csv"], "chunk_size"),
])
def test_table_bad_input_is_one_line(capsys, tmp_path, monkeypatch, argv, words):
    monkeypatch.chdir(tmp_path)
    rc, out, err = run(capsys, "hand-strength-table", *argv)
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("pokersim: error: ") and words in err, err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("existing", [False, True])
def test_ctrl_c_leaves_no_half_written_table(capsys, tmp_path, monkeypatch, existing):
    after_first_chunk(monkeypatch, importlib.import_module("pokersim.analysis.strength"),
                      "_table_chunk")
    path = tmp_path / "flop.parquet"
    if existing:
        path.write_bytes(b"old")
    rc, out, err = run(capsys, "hand-strength-table", "flop", "--out", path,
                       *(["--overwrite"] if existing else []))
    assert rc == 130 and out == "" and err == "pokersim: interrupted\n"
    assert [p.name for p in tmp_path.iterdir()] == (["flop.parquet"] if existing else [])
    if existing:
        assert path.read_bytes() == b"old"


@pytest.mark.slow
def test_flop_table_holds_every_class_and_billings_example(capsys, tmp_path):
    # the suite's one whole flop table (a minute of two cores; the written table is the
    # returned one: tests/test_hand_strength.py, on the turn)
    path = tmp_path / "flop.parquet"
    rc, out, err = run(capsys, "hand-strength-table", "flop", "--bins", 4, "--out", path,
                       "--quiet")
    assert rc == 0, err
    table = read_table(path)
    assert table.attrs["bins"] == 4
    assert list(table.columns[-4:]) == [f"hist_{i}" for i in range(4)]
    assert len(table) == PUBLISHED_CLASSES["flop"]
    assert table["class"].tolist() == list(range(len(table)))
    assert table.attrs["round"] == "flop" and table.attrs["command"].startswith(
        "pokersim hand-strength-table flop")
    rc, out, err = run(capsys, "isomorphism", "index", *BILLINGS, "--json", tmp_path / "i.json")
    assert rc == 0, err
    row = table.iloc[int(read_table(tmp_path / "i.json")["index"].iloc[0])]
    for name, value in BILLINGS_MEASURES.items():
        assert row[name] == pytest.approx(value, rel=1e-12), name
