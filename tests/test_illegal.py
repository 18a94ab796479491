"""Illegal and out-of-turn actions: an IllegalAction naming seat, action, phase and reason,
and the game unchanged afterwards."""

from __future__ import annotations

import pickle
import random
import re

import pytest

from spades import (
    Action,
    Game,
    IllegalAction,
    NotationError,
    Phase,
    Rules,
    SpadesError,
    card_text,
    parse_card,
    rules_for,
)
from spades.actions import END_GIVE, NUM_ACTIONS, parse_give
from spades.record import game_record

TWO = rules_for("two-player")
FOUR = rules_for("partnership")
FULL = [card_text(c) for c in range(52)]  # 2C 3C ... AS


def suit(letter: str) -> list[str]:
    return [rank + letter for rank in "23456789TJQKA"]


def partnership_deck(hands, dealer=3):
    deck = [None] * 52
    for seat, hand in enumerate(hands):
        hand = hand.split() if isinstance(hand, str) else hand
        for k, card in enumerate(hand):
            deck[4 * k + (seat - dealer - 1) % 4] = card
    return deck


LAYOUT = [  # dealt by seat 3: seat 0 leads, seat 1 has two hearts, seat 3 none
    "AH KH QH JH TH 2S 3S 4S 2C 3C 4C 5C 2D",
    "9H 8H 5S 6S 7S 6C 7C 8C 9C 3D 4D 5D 6D",
    "7H 6H 5H 4H 3H 2H 8S 9S TS TC JC QC KC",
    "JS QS KS AS AC 7D 8D 9D TD JD QD KD AD",
]


def snapshot(game: Game):
    """Everything visible about ``game``: its record, every seat's view, the hand log."""
    try:
        record = game_record(game)
    except ImportError:  # the record module may not exist yet
        record = None
    return (
        record,
        [game.observation(s) for s in range(game.rules.players)],
        repr(game.hands[-1]) if game.hands else None,
        repr(game),
        list(game.legal_actions()),
        list(game.scores),
        list(game.bag_totals),
    )


def assert_illegal(game: Game, action, message: str, seat: int | None = None) -> IllegalAction:
    """``action`` raises IllegalAction with exactly ``message`` from apply and verify, and
    can_apply says no; ``game`` is unchanged."""
    before = snapshot(game)
    with pytest.raises(IllegalAction) as info:
        game.apply(action, seat=seat)
    assert str(info.value) == message
    assert isinstance(info.value, ValueError)
    with pytest.raises(IllegalAction) as verified:
        game.verify(action, seat=seat)
    assert str(verified.value) == message
    assert game.can_apply(action, seat=seat) is False
    assert snapshot(game) == before
    return info.value


def at(phase: Phase, rules=None, **kwargs) -> Game:
    """A game waiting in ``phase`` (seat 0 declares blind nil to reach the exchange)."""
    variant_rules = rules or (FOUR if phase is Phase.EXCHANGE else TWO)
    game = Game(variant_rules, decks=[FULL], **kwargs)
    while game.phase is not phase:
        if game.phase is Phase.BLIND_NIL:
            game.apply("blind nil" if phase is Phase.EXCHANGE and game.to_move == 0
                       else "no blind nil")
        elif game.phase is Phase.DRAFT:
            game.apply("keep")
        elif game.phase is Phase.BIDDING:
            game.apply("bid 3")
        else:
            raise AssertionError(f"did not reach {phase}")
    return game


def playing(rules=FOUR) -> Game:
    game = Game(rules, decks=[partnership_deck(LAYOUT)])
    while game.phase is not Phase.PLAY:
        game.apply("no blind nil" if game.phase is Phase.BLIND_NIL else "bid 3")
    return game


def test_illegal_action_is_a_value_error():
    assert issubclass(IllegalAction, SpadesError)
    assert issubclass(IllegalAction, ValueError)
    assert issubclass(NotationError, ValueError)


def test_the_refusal_names_seat_action_phase_and_reason_as_fields():
    game = playing()
    game.apply("AH")
    error = assert_illegal(game, "5S", "seat 1 cannot play 5S during play: must follow hearts")
    assert (error.seat, error.action, error.phase, error.reason) == (
        1, Action.parse("5S"), Phase.PLAY, "must follow hearts")
    turn = assert_illegal(game, "9H", "seat 2 cannot play 9H during play: it is seat 1's turn",
                          seat=2)
    assert (turn.seat, turn.reason) == (2, "it is seat 1's turn")
    over = assert_illegal(finished_game(), "keep",
                          "no seat can keep during game over: the game is over")
    assert (over.seat, over.phase, over.reason) == (None, Phase.OVER, "the game is over")
    again = pickle.loads(pickle.dumps(error))  # as an arena worker sends it back
    assert (str(again), again.seat, again.action, again.phase, again.reason) == (
        str(error), 1, Action.parse("5S"), Phase.PLAY, "must follow hearts")


def test_verify_returns_the_action_read_and_changes_nothing():
    game = playing()
    game.apply("AH")
    before = snapshot(game)
    for given in ("9h", "play 9H", Action.parse("9H"), int(Action.parse("9H"))):
        assert game.verify(given) == Action.parse("9H")
        assert game.verify(given, seat=1) == Action.parse("9H")
        assert game.can_apply(given) and game.can_apply(given, seat=1)
    assert snapshot(game) == before
    game.apply("9H")
    assert game.to_move == 2


@pytest.mark.parametrize("text", ["play ZZ", "bid 99"])
def test_verify_and_can_apply_refuse_unreadable_input_as_notation(text):
    game = playing()
    for ask in (game.verify, game.can_apply):
        with pytest.raises(NotationError):
            ask(text)


@pytest.mark.parametrize(("variant", "nil"),
                         [("two-player", True), ("partnership", True), ("partnership", False)])
def test_legal_actions_are_exactly_the_actions_verify_accepts(variant, nil):
    """At the start of every phase and at some plays, over every action code: the list
    and the check come from the same rules."""
    phases = {Phase.BLIND_NIL, Phase.EXCHANGE, Phase.BIDDING, Phase.PLAY} if nil else {
        Phase.BIDDING, Phase.PLAY}
    rng = random.Random(4)
    game = Game(rules_for(variant, nil=nil), seed=4)
    seen: list[Phase] = []
    while not phases <= set(seen) and len(game.hands) <= 6:
        legal = game.legal_actions()
        if game.phase not in seen or (game.phase is Phase.PLAY and rng.random() < 0.05):
            seen.append(game.phase)
            accepted = [a for a in range(NUM_ACTIONS) if game.can_apply(a)]
            assert accepted == sorted(legal), game
            other = (game.to_move + 1) % game.rules.players
            assert not any(game.can_apply(a, seat=other) for a in legal)
        game.apply(rng.choice(legal))
    assert phases <= set(seen)


# ------------------------------------------------------------ the wrong kind of action


@pytest.mark.parametrize(
    ("phase", "action", "message"),
    [
        (Phase.BLIND_NIL, "bid 4",
         "seat 0 cannot bid 4 during blind nil: expected 'blind nil' or 'no blind nil'"),
        (Phase.BLIND_NIL, "keep",
         "seat 0 cannot keep during blind nil: expected 'blind nil' or 'no blind nil'"),
        (Phase.DRAFT, "play 2C",
         "seat 0 cannot play 2C during draft: expected 'keep' or 'discard'"),
        (Phase.DRAFT, "blind nil",
         "seat 0 cannot blind nil during draft: expected 'keep' or 'discard'"),
        (Phase.BIDDING, "keep", "seat 1 cannot keep during bidding: expected a bid"),
        (Phase.BIDDING, "play 4C", "seat 1 cannot play 4C during bidding: expected a bid"),
        (Phase.BIDDING, "give 4C", "seat 1 cannot give 4C during bidding: expected a bid"),
        (Phase.PLAY, "bid 3", "seat 1 cannot bid 3 during play: expected a card to play"),
        (Phase.PLAY, "discard", "seat 1 cannot discard during play: expected a card to play"),
        (Phase.EXCHANGE, "nil",
         "seat 0 cannot nil during exchange: expected 'give' and a card"),
        (Phase.EXCHANGE, "play 2C",
         "seat 0 cannot play 2C during exchange: expected 'give' and a card"),
    ],
)
def test_wrong_kind_of_action_for_the_phase(phase, action, message):
    game = at(phase)
    assert game.phase is phase
    assert_illegal(game, action, message)
    assert_illegal(game, Action.parse(action), message)  # as an Action
    assert_illegal(game, int(Action.parse(action)), message)  # as an integer code


# ------------------------------------------------------------ trick play


def test_card_not_held():
    game = playing()
    assert_illegal(game, "play 9H", "seat 0 cannot play 9H during play: does not hold 9H")
    assert_illegal(game, "AS", "seat 0 cannot play AS during play: does not hold AS")


def test_card_not_held_while_following():
    game = playing()
    game.apply("AH")
    assert_illegal(game, "KH", "seat 1 cannot play KH during play: does not hold KH")


def test_card_already_played():
    game = playing()
    for card in ("AH", "9H", "2H", "7D"):  # seat 0 wins and leads again
        game.apply(card)
    assert_illegal(game, "AH", "seat 0 cannot play AH during play: does not hold AH")


def test_must_follow_suit():
    game = playing()
    game.apply("AH")
    assert_illegal(game, "5S", "seat 1 cannot play 5S during play: must follow hearts")
    assert_illegal(game, "3D", "seat 1 cannot play 3D during play: must follow hearts")
    game.apply("9H")
    game.apply("2H")
    game.apply("7D")
    game.apply("2C")  # seat 0 leads clubs
    assert_illegal(game, "8H", "seat 1 cannot play 8H during play: must follow clubs")


def test_spades_not_broken():
    game = playing()
    assert_illegal(game, "2S", "seat 0 cannot play 2S during play: spades are not broken")
    assert_illegal(game, Action.play(41), "seat 0 cannot play 4S during play: "
                   "spades are not broken")


# ------------------------------------------------------------ bidding


@pytest.mark.parametrize("text", ["nil", "bid 0"])
def test_nil_bid_while_nil_disabled(text):
    game = Game(rules_for("two-player", nil=False), decks=[FULL])
    while game.phase is Phase.DRAFT:
        game.apply("keep")
    assert game.phase is Phase.BIDDING
    assert_illegal(game, text, "seat 1 cannot nil during bidding: nil is not allowed in this game")


def test_blind_nil_while_disabled():
    game = Game(rules_for("partnership", blind_nil=False), decks=[FULL])
    assert_illegal(game, "blind nil", "seat 0 cannot blind nil during bidding: expected a bid")


# ------------------------------------------------------------ exchanges


def assert_give_illegal(game: Game, text: str, message: str, seat: int | None = None) -> None:
    """The whole give ``text`` ('give 2C 6C') is refused with exactly ``message`` by apply,
    give and verify_give; ``game`` is unchanged."""
    cards = parse_give(text)
    assert cards is not None
    before = snapshot(game)
    for attempt in (lambda: game.apply(text, seat), lambda: game.give(cards, seat),
                    lambda: game.verify_give(cards, seat)):
        with pytest.raises(IllegalAction) as info:
            attempt()
        assert str(info.value) == message
        assert snapshot(game) == before


def test_partnership_may_not_end_an_exchange_before_three_cards():
    game = at(Phase.EXCHANGE)
    assert game.to_move == 0  # holds 2C 6C TC AC ...
    for chosen in ("give 2C", "give 6C", None):
        assert_illegal(game, "give", "seat 0 cannot give during exchange: must give exactly "
                       "3 cards")
        assert END_GIVE not in game.legal_actions()
        if chosen is not None:
            game.apply(chosen)
    assert game.phase is Phase.EXCHANGE and game.to_move == 0
    game.apply("give TC")  # the third card gives them all
    assert game.to_move == 2 and game.hands[-1].exchanges[0][:2] == (
        0, tuple(map(parse_card, ("2C", "6C", "TC"))))


def test_a_step_of_a_card_chosen_or_not_held_is_refused_and_changes_nothing():
    game = at(Phase.EXCHANGE)
    assert_illegal(game, "give 3C", "seat 0 cannot give 3C during exchange: does not hold 3C")
    game.apply("give 2C")
    error = assert_illegal(game, "give 2C",
                           "seat 0 cannot give 2C during exchange: already chose 2C")
    assert (error.seat, error.action, error.phase, error.reason) == (
        0, Action.parse("give 2C"), Phase.EXCHANGE, "already chose 2C")
    assert Action.parse("give 2C") not in game.legal_actions()


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("give 2C 6C", "seat 0 cannot give during exchange: must give exactly 3 cards"),
        ("give 3C 6C TC", "seat 0 cannot give 3C during exchange: does not hold 3C"),
        ("give 2C 6C 3C", "seat 0 cannot give 3C during exchange: does not hold 3C"),
        ("give 2C 6C TC AC", "seat 0 cannot give AC during exchange: must give exactly 3 cards"),
    ],
)
def test_partnership_whole_give_wrong_count_or_cards_not_held(action, message):
    game = at(Phase.EXCHANGE)
    assert_give_illegal(game, action, message)


def test_a_whole_give_of_repeated_cards_or_after_a_step_is_refused():
    game = at(Phase.EXCHANGE)
    two = parse_card("2C")
    assert_give_illegal(game, "give 2C 6C TC", "seat 2 cannot give 2C during exchange: "
                        "it is seat 0's turn", seat=2)
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="already chose 2C"):
        game.give([two, two, parse_card("6C")])
    assert snapshot(game) == before
    game.apply("give 2C")
    assert_give_illegal(game, "give 6C TC AC", "seat 0 cannot give 6C during exchange: "
                        "already chose 2C: a whole give starts with none chosen")
    with pytest.raises(SpadesError, match="not the text"):
        game.give("6C TC AC")  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        game.give([52])


def test_partnership_partner_cannot_give_the_cards_she_has_not_received():
    game = at(Phase.EXCHANGE)
    game.apply("give 2C 6C TC")
    assert game.to_move == 2  # seat 0's partner, who holds 4C 8C QC ...
    assert_give_illegal(game, "give 2C 4C 8C",
                        "seat 2 cannot give 2C during exchange: does not hold 2C")


def test_two_player_give_more_than_the_house_limit_or_not_held():
    game = Game(rules_for("two-player", exchange_cards=2), decks=[FULL])
    game.apply("blind nil")
    game.apply("no blind nil")
    while game.phase is Phase.DRAFT:
        game.apply("keep")
    assert game.phase is Phase.EXCHANGE and game.to_move == 0
    assert_give_illegal(game, "give 2C 6C TC",
                        "seat 0 cannot give TC during exchange: must give at most 2 cards")
    assert_illegal(game, "give 3C", "seat 0 cannot give 3C during exchange: does not hold 3C")
    game.apply("give 2C 6C")  # two is within the limit
    assert game.phase is Phase.BIDDING


def test_two_player_may_end_an_exchange_with_fewer_cards_at_each_step():
    game = at(Phase.EXCHANGE, TWO)
    assert game.to_move == 0
    for card in ("2C", "6C"):
        assert END_GIVE in game.legal_actions() and game.can_apply("give")
        game.apply(f"give {card}")
        assert game.phase is Phase.EXCHANGE and game.to_move == 0
    game.apply("give")
    assert game.hands[-1].exchanges[0][:2] == (0, (parse_card("2C"), parse_card("6C")))


def test_two_player_cannot_give_a_discard():
    game = Game(TWO, decks=[FULL])
    game.apply("blind nil")
    game.apply("no blind nil")
    while game.phase is Phase.DRAFT:
        game.apply("keep")
    discard = card_text(game.observation(0).discards[0])
    assert_illegal(game, f"give {discard}",
                   f"seat 0 cannot give {discard} during exchange: does not hold {discard}")


# ------------------------------------------------------------ out of turn


def test_out_of_turn_play():
    game = playing()
    assert game.to_move == 0
    assert_illegal(game, "9H", "seat 1 cannot play 9H during play: it is seat 0's turn", seat=1)
    # even an action that is legal for the seat to move
    assert_illegal(game, "AH", "seat 2 cannot play AH during play: it is seat 0's turn", seat=2)
    game.apply("AH", seat=0)  # the right seat is accepted
    assert game.to_move == 1


@pytest.mark.parametrize(
    ("phase", "action", "seat", "message"),
    [
        (Phase.BLIND_NIL, "blind nil", 1,
         "seat 1 cannot blind nil during blind nil: it is seat 0's turn"),
        (Phase.DRAFT, "keep", 1, "seat 1 cannot keep during draft: it is seat 0's turn"),
        (Phase.BIDDING, "bid 3", 0, "seat 0 cannot bid 3 during bidding: it is seat 1's turn"),
        (Phase.PLAY, "play 2C", 0, "seat 0 cannot play 2C during play: it is seat 1's turn"),
        (Phase.EXCHANGE, "give 4C", 2,
         "seat 2 cannot give 4C during exchange: it is seat 0's turn"),
    ],
)
def test_out_of_turn_in_every_phase(phase, action, seat, message):
    game = at(phase)
    assert_illegal(game, action, message, seat=seat)


# ------------------------------------------------------------ after the game


def finished_game() -> Game:
    """A partnership game won by side 1 in one hand (seat 3 holds every spade)."""
    deck = partnership_deck([suit("H"), suit("C"), suit("D"), suit("S")])
    game = Game(rules_for("partnership", target=50), decks=[deck, FULL])
    while game.phase is Phase.BLIND_NIL:
        game.apply("no blind nil")
    for bid in ("bid 1", "bid 3", "bid 1", "bid 4"):
        game.apply(bid)
    while not game.over:
        game.apply(game.legal_actions()[0])
    return game


def test_actions_after_the_game_is_over():
    game = finished_game()
    assert game.winner == 1 and game.phase is Phase.OVER and game.to_move is None
    assert game.scores == [-20, 76]
    assert game.legal_actions() == []
    for action in ("play AS", "bid 3", "keep", "blind nil", "give", "2H"):
        assert_illegal(game, action,
                       f"no seat can {Action.parse(action)} during game over: the game is over")
    assert_illegal(game, "bid 3", "seat 0 cannot bid 3 during game over: it is nobody's turn",
                   seat=0)


def test_actions_while_waiting_for_a_deal():
    game = Game(TWO)  # no seed, no deck: waits
    assert game.phase is Phase.DEAL and game.to_move is None
    assert_illegal(game, "keep", "no seat can keep during deal: the hand has not been dealt")
    assert_illegal(game, "blind nil",
                   "no seat can blind nil during deal: the hand has not been dealt")
    game.deal(FULL)
    assert game.phase is Phase.BLIND_NIL


def test_deal_when_no_deck_is_needed():
    game = Game(TWO, decks=[FULL])
    before = snapshot(game)
    with pytest.raises(SpadesError, match="no deck is needed now"):
        game.deal(FULL)
    assert snapshot(game) == before


# ------------------------------------------------------------ bad input


@pytest.mark.parametrize("text", ["", "hello", "play ZZ", "bid 99", "give AS AS", "AS AS", "1S"])
def test_garbage_text_raises_notation_error_quoting_input(text):
    game = playing()
    before = snapshot(game)
    with pytest.raises(NotationError) as info:
        game.apply(text)
    assert repr(text) in str(info.value)
    assert snapshot(game) == before


@pytest.mark.parametrize("code", [-1, NUM_ACTIONS, 10**9])
def test_bad_integer_code_raises_notation_error(code):
    game = playing()
    before = snapshot(game)
    with pytest.raises(NotationError) as info:
        game.apply(code)
    assert repr(code) in str(info.value)
    assert snapshot(game) == before


def test_a_code_too_long_to_print_is_quoted_short():
    game = playing()
    before = snapshot(game)
    with pytest.raises(NotationError, match="not an action code: <an integer of 16610 bits>"):
        game.apply(10**5000)
    assert snapshot(game) == before


@pytest.mark.parametrize("card", [None, 1.5, True, [0]])
def test_a_deck_of_things_that_are_not_cards(card):
    deck = [*range(51), card]
    with pytest.raises(SpadesError, match=re.escape(f"not {card!r}")):
        Game(TWO, decks=[deck])
    game = Game(TWO)
    with pytest.raises(SpadesError, match="a deck holds cards"):
        game.deal(deck)
    assert game.phase is Phase.DEAL


@pytest.mark.parametrize("seat", [4, -1, None, 1.0, True, "0"])
def test_observation_of_a_seat_that_does_not_exist(seat):
    game = playing()
    before = snapshot(game)
    for ask in (game.observation, game.hand_of):
        with pytest.raises(SpadesError, match=re.escape(f"no seat {seat!r}")):
            ask(seat)
    assert snapshot(game) == before


def test_rules_for_unknown_variant_lists_valid_names():
    with pytest.raises(SpadesError) as info:
        rules_for("three-player")
    message = str(info.value)
    assert "'three-player'" in message
    for name in ("two-player", "two-player-300", "partnership"):
        assert name in message


def test_rules_for_unknown_option_lists_valid_names():
    with pytest.raises(SpadesError) as info:
        rules_for("partnership", bags=5)
    message = str(info.value)
    assert "'bags'" in message
    for name in ("target", "lose_threshold", "nil", "nil_points", "blind_nil",
                 "blind_nil_points", "blind_nil_deficit", "bag_limit", "bag_penalty",
                 "lead_spades_anytime"):
        assert name in message


@pytest.mark.parametrize(
    ("option", "value"),
    [("target", "500"), ("nil", 1), ("lead_spades_anytime", None), ("bag_limit", True),
     ("target", None), ("nil_points", 1.5)],
)
def test_rules_for_option_of_the_wrong_type(option, value):
    with pytest.raises(SpadesError) as info:
        rules_for("two-player", **{option: value})
    assert option in str(info.value) and repr(value) in str(info.value)


def test_rules_for_accepts_valid_options():
    rules = rules_for("two-player", target=300, lose_threshold=-200, nil=False)
    assert (rules.target, rules.lose_threshold, rules.nil) == (300, -200, False)
    assert rules_for("two-player", lose_threshold=None).lose_threshold is None


@pytest.mark.parametrize(("options", "message"), [
    ({"variant": "x"}, "unknown rule option 'variant'"),
    ({"nil_points": -5}, "nil_points must be from 0 to 1000000, not -5"),
    ({"blind_nil_points": -1}, "blind_nil_points must be from 0 to 1000000"),
    ({"blind_nil_deficit": -100}, "blind_nil_deficit must be from 0 to 1000000, not -100"),
    ({"bag_limit": -1}, "bag_limit must be from 0 to 1000000"),
    ({"bag_penalty": 10**7}, "bag_penalty must be from 0 to 1000000, not 10000000"),
    ({"target": 0}, "target must be above 0"),
    ({"target": 10**5000}, "target must be above 0 (at most 1000000), not <an integer of"),
    ({"lose_threshold": 500}, "lose_threshold must be below the target"),
    ({"lose_threshold": -10**7}, "lose_threshold must be below the target (at least -1000000)"),
    ({"exchange_cards": 4}, "exchange_cards must be 0..3, not 4"),
    ({"first_drawer_bids_first": True}, "first_drawer_bids_first is False in 'partnership'"),
])
def test_rules_for_out_of_range_options(options, message):
    with pytest.raises(SpadesError) as info:
        rules_for("partnership", **options)
    assert message in str(info.value)


@pytest.mark.parametrize("variant", [None, 3, {"name": "partnership"}, ["partnership"]])
def test_rules_for_a_variant_that_is_not_a_name(variant):
    with pytest.raises(SpadesError, match="unknown variant"):
        rules_for(variant)


def test_a_variant_keeps_its_own_order_of_play():
    """first_drawer_bids_first is what makes two-player-300: stated only at its value."""
    assert rules_for("two-player-300", first_drawer_bids_first=True).first_drawer_bids_first
    assert not rules_for("two-player", first_drawer_bids_first=False).first_drawer_bids_first
    with pytest.raises(SpadesError, match="is True in 'two-player-300', not False"):
        rules_for("two-player-300", first_drawer_bids_first=False)


def test_rules_built_directly_are_checked_too():
    with pytest.raises(SpadesError, match="players must be 2 or 4, not 3"):
        Rules("two-player", players=3)
    with pytest.raises(SpadesError, match=re.escape("target must be an integer, not 1.5")):
        Rules("two-player", players=2, target=1.5)
