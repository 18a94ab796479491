"""Cards and actions as text and as integer codes (docs/record.md)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spades import Action, NotationError, card_text, parse_card
from spades.actions import END_GIVE, GIVE_BASE, NUM_ACTIONS, parse_give
from spades.cards import card_label, in_symbols
from spades.errors import quoted

ACE_OF_SPADES = 51
TEN_OF_HEARTS = 2 * 13 + 8
QUEEN_OF_SPADES = 3 * 13 + 10


# ------------------------------------------------------------ cards


def test_card_numbering_is_openspiels():
    assert parse_card("2C") == 0
    assert parse_card("AC") == 12
    assert parse_card("2D") == 13
    assert parse_card("2H") == 26
    assert parse_card("2S") == 39
    assert parse_card("AS") == ACE_OF_SPADES


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("AS", ACE_OF_SPADES),
        ("as", ACE_OF_SPADES),
        ("aS", ACE_OF_SPADES),
        ("A♠", ACE_OF_SPADES),
        ("TH", TEN_OF_HEARTS),
        ("th", TEN_OF_HEARTS),
        ("10h", TEN_OF_HEARTS),
        ("10H", TEN_OF_HEARTS),
        ("T♥", TEN_OF_HEARTS),
        ("10♥", TEN_OF_HEARTS),
        ("Q♠", QUEEN_OF_SPADES),
        ("q♠", QUEEN_OF_SPADES),
        ("QS", QUEEN_OF_SPADES),
        ("2♣", 0),
        ("K♦", 13 + 11),
        ("jd", 13 + 9),
    ],
)
def test_card_spellings(text, card):
    assert parse_card(text) == card


def test_every_card_round_trips_through_its_text():
    texts = [card_text(c) for c in range(52)]
    assert len(set(texts)) == 52
    for card, text in enumerate(texts):
        assert len(text) == 2 and text[0] in "23456789TJQKA" and text[1] in "SHDC"
        assert parse_card(text) == card
        assert parse_card(text.lower()) == card


def test_card_output_form():
    assert card_text(ACE_OF_SPADES) == "AS"
    assert card_text(parse_card("10h")) == "TH"
    assert card_text(parse_card("Q♠")) == "QS"


@pytest.mark.parametrize(
    "text", ["", "A", "S", "1S", "11H", "AX", "ZS", "AS2", "10", "TT", "ace", "0S", "♠A"]
)
def test_bad_card_raises_notation_error_quoting_input(text):
    with pytest.raises(NotationError) as info:
        parse_card(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)


@given(st.text(max_size=6))
def test_any_text_is_a_card_or_a_notation_error(text):
    try:
        card = parse_card(text)
    except NotationError as error:
        assert repr(text) in str(error)
    else:
        assert 0 <= card < 52


# ------------------------------------------------------------ actions as text


@pytest.mark.parametrize(
    ("text", "output"),
    [
        ("play AS", "play AS"),
        ("AS", "play AS"),
        ("as", "play AS"),
        ("PLAY as", "play AS"),
        ("play 10h", "play TH"),
        ("10h", "play TH"),
        ("Q♠", "play QS"),
        ("play T♥", "play TH"),
        ("bid 4", "bid 4"),
        ("BID 4", "bid 4"),
        ("  bid   4  ", "bid 4"),
        ("bid 13", "bid 13"),
        ("bid 1", "bid 1"),
        ("nil", "nil"),
        ("NIL", "nil"),
        ("bid 0", "nil"),
        ("bid nil", "nil"),
        ("blind nil", "blind nil"),
        ("Blind Nil", "blind nil"),
        ("no blind nil", "no blind nil"),
        ("keep", "keep"),
        ("KEEP", "keep"),
        ("discard", "discard"),
        ("give 10h", "give TH"),  # one step of an exchange
        ("GIVE kd", "give KD"),
        ("give", "give"),
    ],
)
def test_action_text_both_ways(text, output):
    action = Action.parse(text)
    assert str(action) == output
    assert Action.parse(output) == action


def test_action_kinds_and_values():
    assert Action.parse("play AS").kind == "play" and Action.parse("AS").card == 51
    assert Action.parse("bid 4").kind == "bid" and Action.parse("bid 4").tricks == 4
    assert Action.parse("nil").tricks == 0
    assert Action.parse("bid 0") == Action.parse("nil") == Action.bid(0)
    assert Action.parse("blind nil").kind == "blind nil"
    assert Action.parse("no blind nil").kind == "blind nil"
    assert Action.parse("blind nil") != Action.parse("no blind nil")
    assert Action.parse("keep").kind == Action.parse("discard").kind == "draft"
    assert Action.parse("keep") != Action.parse("discard")
    give = Action.parse("give QH")
    assert give.kind == "give" and give.card == parse_card("QH")
    assert Action.parse("give") == END_GIVE and Action.parse("give").kind == "give"


def test_action_codes_are_documented_numbers():
    assert Action.parse("2C") == 0 and Action.parse("AS") == 51
    assert Action.parse("nil") == 52
    assert [Action.bid(n) for n in range(14)] == list(range(52, 66))
    assert Action.parse("blind nil") == 66
    assert Action.parse("no blind nil") == 67
    assert Action.parse("keep") == 68
    assert Action.parse("discard") == 69
    assert Action.parse("give 2C") == 70
    assert Action.parse("give AS") == 121
    assert Action.parse("give") == 122


def test_action_constructors():
    assert Action.play(ACE_OF_SPADES) == Action.parse("AS")
    assert Action.bid(7) == Action.parse("bid 7")
    assert Action.give(parse_card("KD")) == Action.parse("give KD")


@pytest.mark.parametrize(
    "text",
    [
        "", "   ", "bid", "bid 14", "bid -1", "bid four", "bid 4 5", "bid ²", "play",
        "play XX", "play AS KS", "AS KS", "give 2C 2C", "give 2C 3C 4C 5C", "give XX",
        "give 2C QH KD", "give 2C QH",
        "pass", "blind", "keep it", "hello world",
    ],
)
def test_bad_action_text_raises_notation_error_quoting_input(text):
    with pytest.raises(NotationError) as info:
        Action.parse(text)
    assert repr(text) in str(info.value)


@given(st.text(max_size=12))
def test_any_text_is_an_action_or_a_notation_error(text):
    try:
        action = Action.parse(text)
    except NotationError as error:
        assert quoted(text) in str(error)  # the input, cut short if it is long
    else:
        assert 0 <= action < NUM_ACTIONS
        assert Action.parse(str(action)) == action


@pytest.mark.parametrize("value", [-1, 52, 100])
def test_play_of_a_non_card_raises(value):
    with pytest.raises(NotationError):
        Action.play(value)


@pytest.mark.parametrize("value", [-1, 14])
def test_bid_out_of_range_raises(value):
    with pytest.raises(NotationError):
        Action.bid(value)


@pytest.mark.parametrize("value", [-1, 52, 100])
def test_give_of_a_non_card_raises(value):
    with pytest.raises(NotationError):
        Action.give(value)


def test_a_whole_give_is_not_one_action_and_says_where_it_is_taken() -> None:
    with pytest.raises(NotationError) as info:
        Action.parse("give 2C QH KD")
    assert "'give 2C QH KD'" in str(info.value) and "Game.give" in str(info.value)


@pytest.mark.parametrize(("text", "cards"), [
    ("give 2C QH KD", ("2C", "QH", "KD")),  # in the order written
    ("GIVE kd 10h", ("KD", "TH")),
    ("give 2C", ("2C",)),
    ("  give  ", ()),
    ("play 2C", None),
    ("bid 4", None),
    ("", None),
])
def test_parse_give_reads_a_whole_give(text: str, cards: tuple[str, ...] | None) -> None:
    assert parse_give(text) == (None if cards is None else tuple(map(parse_card, cards)))


@pytest.mark.parametrize("text", ["give 2C 2c", "give XX", "give 2C QH ZZ"])
def test_parse_give_refuses_bad_or_repeated_cards(text: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_give(text)
    assert repr(text) in str(info.value)


# ------------------------------------------------------------ integer codes


BOUNDARY_CODES = [0, 1, 12, 13, 38, 39, 51, 52, 53, 65, 66, 67, 68, 69, 70, 71, 120, 121, 122,
                  NUM_ACTIONS - 2, NUM_ACTIONS - 1]


def check_code(code: int) -> None:
    action = Action.from_code(code)
    assert action == code and isinstance(action, Action)
    text = str(action)
    assert Action.parse(text) == action
    assert eval(repr(action), {"Action": Action}) == action
    if action.kind == "play":
        assert text == "play " + card_text(code)
    elif action == END_GIVE:
        assert text == "give"
    elif action.kind == "give":
        assert Action.give(action.card) == action and text == "give " + card_text(action.card)


@pytest.mark.parametrize("code", BOUNDARY_CODES)
def test_boundary_codes_round_trip(code):
    check_code(code)


def test_num_actions():
    # 52 plays, 14 bids, 2 declarations, 2 draft choices, 52 give steps and their end
    assert NUM_ACTIONS == 52 + 14 + 2 + 2 + 52 + 1 == 123
    assert Action.from_code(NUM_ACTIONS - 1) == Action.parse("give") == END_GIVE


@given(st.integers(min_value=0, max_value=NUM_ACTIONS - 1))
def test_codes_round_trip(code):
    check_code(code)


@pytest.mark.parametrize("card", range(52))
def test_give_step_codes_round_trip(card):
    action = Action.give(card)
    assert action.kind == "give" and action == GIVE_BASE + card and action.card == card
    assert Action.from_code(int(action)) == action
    assert Action.parse(str(action)) == action


@pytest.mark.parametrize("code", [-1, NUM_ACTIONS, NUM_ACTIONS + 5])
def test_out_of_range_code_raises(code):
    with pytest.raises(NotationError) as info:
        Action.from_code(code)
    assert repr(code) in str(info.value)


@pytest.mark.parametrize("text", ["play AS", "bid 4", "nil", "blind nil", "no blind nil",
                                  "keep", "discard", "give 2C", "give"])
def test_repr_is_runnable(text):
    action = Action.parse(text)
    assert eval(repr(action), {"Action": Action}) == action
    assert repr(action).startswith("Action.")


def test_cards_in_text_read_with_suit_symbols_and_words_stay_as_they_are() -> None:
    """What players read names cards as on the table, never in record notation."""
    assert in_symbols("play TH, not QS: 2C was led") == "play 10♥, not Q♠: 2♣ was led"
    assert in_symbols("THE ACE is high; AS") == "THE ACE is high; A♠"
    assert [card_label(parse_card(c)) for c in ("TD", "AS", "2c")] == ["10♦", "A♠", "2♣"]
