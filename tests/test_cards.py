import numpy as np
import pytest

from pokersim import (
    CardError,
    DuplicateCardError,
    HandShapeError,
    format_cards,
    parse_cards,
    parse_hands,
)
from pokersim.cards import CARD_NAMES, as_hands


def test_encoding_matches_design():
    # docs/design.md, "Cards": 2c = 0, 2s = 3, Ac = 48, As = 51
    assert parse_cards("2c 2s Ac As").tolist() == [0, 3, 48, 51]
    assert parse_cards("Td").tolist() == [4 * 8 + 1]


@pytest.mark.parametrize("text", ["As Kd Th", "AsKdTh", "as,kd,th", "A♠ K♦ 10♥", "AS KD 10H",
                                  "  As\tKd\nTh ", "As, Kd, 10h"])
def test_text_forms(text):
    assert parse_cards(text).tolist() == [51, 45, 34]


def test_round_trip_every_card():
    arr = np.arange(52, dtype=np.uint8)
    assert parse_cards(format_cards(arr)).tolist() == list(range(52))
    assert format_cards(arr[:4]) == "2c 2d 2h 2s"


def test_parse_hands_and_format_many():
    arr = parse_hands(["As Ks", "2c 2d"])
    assert arr.dtype == np.uint8 and arr.shape == (2, 2)
    assert format_cards(arr) == ["As Ks", "2c 2d"]


def test_empty_text_is_no_cards():
    assert parse_cards("").size == 0


@pytest.mark.parametrize("text, message", [
    ("As Kd Xz", "card 3: 'Xz' is not a card"),
    ("As 1h", "card 2: '1h' is not a card"),
    ("AsKdZz", "card 3: 'Zz' is not a card"),
    ("As K", "card 2: 'K' is not a card"),
])
def test_bad_card_names_token_and_position(text, message):
    with pytest.raises(CardError, match=message):
        parse_cards(text)


def test_bad_card_in_hand_list_names_the_hand():
    texts = ["As Ks"] * 16 + ["As Kd Xz"]
    with pytest.raises(CardError, match="card 3 of hand 17: 'Xz' is not a card"):
        parse_hands(texts)


def test_duplicate_named():
    with pytest.raises(DuplicateCardError, match="card 3 of hand 2: 'As' repeats card 1"):
        parse_hands(["Kd Qd Jd", "As Kd AS"])
    with pytest.raises(DuplicateCardError, match="card 3: 'As' repeats card 1"):
        parse_cards("As Kd As")  # the usual spelling, read by its own quick path


def test_unequal_hands():
    with pytest.raises(HandShapeError, match="hand 2 has 3 cards but hand 1 has 2"):
        parse_hands(["As Ks", "2c 2d 2h"])


def test_not_text():
    with pytest.raises(CardError, match="must be text"):
        parse_cards(51)
    with pytest.raises(CardError, match="use parse_cards"):
        parse_hands("As Ks")
    with pytest.raises(HandShapeError, match="no hands"):
        parse_hands([])


def test_errors_are_value_errors():
    assert issubclass(CardError, ValueError) and issubclass(HandShapeError, ValueError)
    assert issubclass(DuplicateCardError, CardError)


def test_format_rejects_non_cards():
    with pytest.raises(CardError, match=r"cards\[1\] = 52 is not a card"):
        format_cards(np.array([0, 52]))
    with pytest.raises(CardError, match=r"cards\[0\] = -1"):
        format_cards(np.array([-1, 3]))
    with pytest.raises(HandShapeError):
        format_cards(np.zeros((1, 2, 3), np.uint8))
    with pytest.raises(HandShapeError):
        format_cards(np.array([1.0, 2.0]))


class TestAsHands:
    def test_any_integer_dtype_and_layout(self):
        base = parse_hands(["As Ks Qs Js Ts 2c 3d", "Ah Kh Qh Jh Th 2d 3c"])
        for dtype in (np.int8, np.int16, np.int32, np.int64, np.uint16, np.uint64):
            arr, single = as_hands(base.astype(dtype), (7,))
            assert arr.dtype == np.uint8 and arr.flags.c_contiguous and not single
            assert (arr == base).all()
        fortran = np.asfortranarray(base.astype(np.int64))
        assert (as_hands(fortran, (7,))[0] == base).all()
        strided = np.repeat(base, 2, axis=0)[::2]
        assert (as_hands(strided, (7,))[0] == base).all()

    def test_out_of_range_names_position(self):
        arr = np.tile(np.arange(7), (3, 1))
        arr[2, 4] = 60
        with pytest.raises(CardError, match=r"hands\[2, 4\] = 60 is not a card"):
            as_hands(arr, (7,))
        arr[2, 4] = -3
        with pytest.raises(CardError, match=r"hands\[2, 4\] = -3"):
            as_hands(arr, (7,))
        arr = arr.astype(np.uint8)
        arr[1, 0] = 200
        with pytest.raises(CardError, match=r"hands\[1, 0\] = 200"):
            as_hands(arr, (7,))

    def test_value_past_uint8_is_not_wrapped(self):
        arr = np.tile(np.arange(7), (2, 1)).astype(np.int64)
        arr[1, 1] = 256 + 3  # would wrap to 3 as uint8
        with pytest.raises(CardError, match="259"):
            as_hands(arr, (7,))

    def test_duplicate_in_row(self):
        arr = np.tile(np.arange(7, dtype=np.uint8), (5, 1))
        arr[3, 6] = 2
        with pytest.raises(DuplicateCardError,
                           match=r"hands\[3\] repeats card '2h' \(2\) at positions 2 and 6"):
            as_hands(arr, (7,))

    @pytest.mark.parametrize("bad", [np.zeros((3, 4), np.uint8), np.zeros((2, 2, 7), np.uint8),
                                     np.zeros(()), np.zeros((3, 7), np.float64),
                                     np.zeros((3, 7), bool), np.array([["As"] * 7], object)])
    def test_shape_and_dtype(self, bad):
        with pytest.raises((HandShapeError, CardError)):
            as_hands(bad, (5, 6, 7))

    def test_text_inputs(self):
        arr, single = as_hands("As Ks Qs Js Ts", (5,))
        assert single and arr.shape == (1, 5)
        arr, single = as_hands(["As Ks Qs Js Ts", "2c 3c 4c 5c 7d"], (5,))
        assert not single and arr.shape == (2, 5)

    def test_empty_batch(self):
        arr, _ = as_hands(np.zeros((0, 7), np.int64), (7,))
        assert arr.shape == (0, 7) and arr.dtype == np.uint8


def test_card_names_table():
    assert CARD_NAMES[0] == "2c" and CARD_NAMES[51] == "As" and len(set(CARD_NAMES)) == 52


def test_plain_card_texts_read_as_parse_cards_reads_them():
    """The vectorised reading of plain card texts agrees with parse_cards text by text, and
    declines (None) whatever it does not read: parse_cards then names the bad text."""
    from pokersim.cards import CARD_NAMES, parse_cards, plain_card_texts

    rng = np.random.default_rng(5)
    for k in (1, 2, 3, 5):
        cards = np.stack([rng.permutation(52)[:k] for _ in range(300)])
        texts = []
        for row in cards:
            names = [CARD_NAMES[c] for c in row]
            names = [n.lower() if rng.random() < 0.3 else n.upper() if rng.random() < 0.2
                     else n for n in names]
            texts.append((" " if rng.random() < 0.5 else "").join(names))
        got = plain_card_texts(np.array(texts))
        assert got is not None and got.dtype == np.uint8
        assert got.tolist() == [parse_cards(t).tolist() for t in texts]
    for odd in (["Ah Kh", "10h 9h"], ["A♠K♠"], ["Ah,Kh"], ["AhKh", "Ah"], ["Ax Kh"], [""],
                ["1h2h"]):
        assert plain_card_texts(np.array(odd)) is None, odd
