"""pokersim.display: hands as text with suit symbols and as HTML cards.

Expected strings are written out by hand from docs/design.md's encoding (card = 4 * rank + suit,
suits c d h s): 51 is the ace of spades, 46 the king of hearts, 0 the deuce of clubs.
"""

import re

import numpy as np
import pandas as pd
import pytest

import pokersim as ps
from pokersim.display import CardView, show, with_symbols
from pokersim.errors import CardError, DuplicateCardError, HandShapeError

RED, BLACK = "#c8102e", "#000000"


def html_cards(html: str) -> list[tuple[str, str, str]]:
    """(title, colour, face) of each card span in the HTML."""
    return re.findall(r'<span title="(\w\w)" style="[^"]*color:(#[0-9a-f]{6})">([^<]*)</span>',
                      html)


def test_text_form_one_hand():
    view = show("As Kh Td 2c")
    assert str(view) == "A♠ K♥ T♦ 2♣"
    assert repr(view) == "A♠ K♥ T♦ 2♣"
    assert view.single and len(view) == 1


def test_text_form_accepts_integer_ids():
    assert str(show(np.array([51, 46, 33, 0]))) == "A♠ K♥ T♦ 2♣"
    assert str(show([3, 48])) == "2♠ A♣"


def test_html_symbols_and_colours():
    html = show("As Kh Td 2c")._repr_html_()
    assert html_cards(html) == [("As", BLACK, "A♠"), ("Kh", RED, "K♥"), ("Td", RED, "10♦"),
                                ("2c", BLACK, "2♣")]
    assert html.count('<div style="white-space:nowrap">') == 1  # one row
    assert "<script" not in html and "http" not in html and "<link" not in html


def test_two_dimensional_input_one_row_per_hand():
    hands = np.array([[51, 50], [1, 2], [48, 37]], np.uint8)  # As Ah / 2d 2h / Ac Jd
    view = show(hands)
    assert isinstance(view, CardView) and not view.single and len(view) == 3
    assert str(view).splitlines() == ["A♠ A♥", "2♦ 2♥", "A♣ J♦"]
    html = view._repr_html_()
    assert html.count('<div style="white-space:nowrap">') == 3
    assert [c[2] for c in html_cards(html)] == ["A♠", "A♥", "2♦", "2♥", "A♣", "J♦"]
    assert [c[1] for c in html_cards(html)] == [BLACK, RED, RED, RED, BLACK, RED]


def test_list_of_texts_and_series():
    assert str(show(["AsKs", "2c 2d"])) == "A♠ K♠\n2♣ 2♦"
    assert str(show(pd.Series(["7h 8h", "9c Tc"]))) == "7♥ 8♥\n9♣ T♣"


def test_deal_output_matches_format_cards():
    hands = ps.deal(5, 7, seed=3)
    expected = [t.replace("c", "♣").replace("d", "♦").replace("h", "♥").replace("s", "♠")
                for t in ps.format_cards(hands)]
    assert str(show(hands)).splitlines() == expected


def test_long_input_is_cut_with_a_count():
    view = show(ps.deal(50, 2, seed=1), max_rows=3)
    lines = str(view).splitlines()
    assert len(lines) == 4 and lines[-1] == "... 47 more hands"
    html = view._repr_html_()
    assert html.count('<div style="white-space:nowrap">') == 3 and "47 more hands" in html


@pytest.mark.parametrize("cards, error, words", [
    ("As Xx", CardError, "'Xx'"),
    ("As As", DuplicateCardError, "repeats"),
    (np.array([51, 52]), CardError, "52"),
    (np.array([[1, 2], [3, 3]]), DuplicateCardError, "cards[1]"),
    (np.array([[1, 2], [3, 60]]), CardError, "cards[1, 1]"),
    (np.array([1.0, 2.0]), HandShapeError, "float64"),
    (np.zeros((2, 2, 2), np.uint8), HandShapeError, "(2, 2, 2)"),
    (["As Ks", "2c"], HandShapeError, "hand 2"),
])
def test_bad_input_raises_the_package_errors(cards, error, words):
    with pytest.raises(error) as info:
        show(cards)
    assert words in str(info.value)
    assert isinstance(info.value, ValueError)


def test_bad_max_rows():
    with pytest.raises(HandShapeError, match="max_rows"):
        show("As", max_rows=0)


def test_with_symbols_rewrites_card_columns_only():
    frame = pd.DataFrame({"cards": ["As Kd", "2c 3h"], "hand": ["Ace high", "Three high"],
                          "n": [1, 2], "note": ["", ""]})
    out = with_symbols(frame)
    assert out.cards.tolist() == ["A♠ K♦", "2♣ 3♥"]
    assert out.hand.tolist() == frame.hand.tolist()
    assert out.note.tolist() == ["", ""] and out.n.tolist() == [1, 2]
    assert frame.cards.tolist() == ["As Kd", "2c 3h"]  # the input is unchanged


def test_with_symbols_named_columns_and_errors():
    frame = pd.DataFrame({"a": ["As"], "b": ["Kd"]})
    assert with_symbols(frame, columns="b").to_dict("list") == {"a": ["As"], "b": ["K♦"]}
    with pytest.raises(CardError, match="no column 'c'"):
        with_symbols(frame, columns=["c"])
    with pytest.raises(CardError, match="column 'hand'"):
        with_symbols(pd.DataFrame({"hand": ["Pair of Sixes"]}), columns=["hand"])
    with pytest.raises(HandShapeError, match="DataFrame"):
        with_symbols(["As"])


def test_top_level_exports():
    assert ps.show is show and ps.with_symbols is with_symbols and ps.CardView is CardView



def test_category_shares_print_as_percentages():
    """equity(categories=True) adds a column per category, each a share of the outcomes:
    printed as percentages, as win and equity are (the numbers are checked elsewhere; here
    their print), in a selection too."""
    import pokersim

    frame = pokersim.equity(["AhKh", "QsQd"], board="2c 7d Qh", categories=True)
    flush = frame["Flush"].iloc[0]
    assert 0 < flush < 0.1
    for shown in (frame, frame[frame.player == "AhKh"]):
        row = repr(shown).splitlines()[1].split()
        assert f"{100 * flush:.4g}%" in row
        assert not any(re.fullmatch(r"0\.\d+", cell) for cell in row)  # no bare fraction
