"""One test per rule of docs/rules.md (play, bidding, the draft, blind nil, the variants)."""

from __future__ import annotations

import pytest

from spades import (
    Action,
    ChanceStep,
    Game,
    IllegalAction,
    NotationError,
    Phase,
    SpadesError,
    card_text,
    parse_card,
    rules_for,
)
from spades.actions import parse_give
from spades.chance import Chance

TWO = rules_for("two-player")
TWO_300 = rules_for("two-player-300")
FOUR = rules_for("partnership")
FULL = [card_text(c) for c in range(52)]  # 2C 3C ... AS: the stock or deal order


def cards(text: str) -> list[int]:
    return [parse_card(w) for w in text.split()]


def suit(letter: str, ranks: str = "23456789TJQKA") -> list[str]:
    return [rank + letter for rank in ranks]


def partnership_deck(hands, dealer=3):
    """The deck that deals ``hands`` (seat -> 13 cards) when ``dealer`` deals."""
    deck = [None] * 52
    for seat, hand in enumerate(hands):
        hand = hand.split() if isinstance(hand, str) else hand
        assert len(hand) == 13
        offset = (seat - dealer - 1) % 4
        for k, card in enumerate(hand):
            deck[4 * k + offset] = card
    return deck


def decline_blind_nil(game: Game) -> None:
    while game.phase is Phase.BLIND_NIL:
        game.apply("no blind nil")


def keep_all(game: Game) -> None:
    while game.phase is Phase.DRAFT:
        game.apply("keep")


def bid_all(game: Game, bids: dict[int, int] | None = None) -> None:
    while game.phase is Phase.BIDDING:
        game.apply(Action.bid((bids or {}).get(game.to_move, 3)))


def finish_hand(game: Game) -> None:
    """Play the current hand to its end, always the lowest legal card."""
    log = game.hands[-1]
    decline_blind_nil(game)
    keep_all(game)
    bid_all(game)
    while log.result is None:
        game.apply(game.legal_actions()[0])


def start_play(hands, rules=FOUR, bids=None) -> Game:
    game = Game(rules, decks=[partnership_deck(hands)])
    decline_blind_nil(game)
    bid_all(game, bids)
    assert game.phase is Phase.PLAY
    return game


def hand(game: Game, seat: int) -> set[int]:
    return set(game.observation(seat).hand)


# A partnership position, dealt by seat 3 so that seat 0 leads. Seat 0 holds spades
# and other suits; seat 1 has two hearts; seat 3 has no heart.
LAYOUT_A = [
    "AH KH QH JH TH 2S 3S 4S 2C 3C 4C 5C 2D",
    "9H 8H 5S 6S 7S 6C 7C 8C 9C 3D 4D 5D 6D",
    "7H 6H 5H 4H 3H 2H 8S 9S TS TC JC QC KC",
    "JS QS KS AS AC 7D 8D 9D TD JD QD KD AD",
]
# Seats 1 and 3 have no heart and both hold spades; seat 2 has one heart.
LAYOUT_B = [
    " ".join(suit("H", "3456789TJQKA")) + " 2C",
    " ".join(suit("S", "234567") + suit("D", "2345678")),
    "2H " + " ".join(suit("C", "3456789TJQKA")),
    " ".join(suit("S", "89TJQKA") + suit("D", "9TJQKA")),
]
# Each seat holds one whole suit: seat 0 spades.
ONE_SUIT_EACH = [suit("S"), suit("H"), suit("D"), suit("C")]


def test_layouts_are_dealt_as_written():
    game = start_play(LAYOUT_A)
    for seat, text in enumerate(LAYOUT_A):
        assert hand(game, seat) == set(cards(text))
        assert set(game.hand_of(seat)) == set(cards(text))


# ------------------------------------------------------------ bidding


def test_every_bid_from_nil_to_13_is_legal():
    game = Game(FOUR, decks=[FULL])
    decline_blind_nil(game)
    assert game.legal_actions() == [Action.bid(n) for n in range(14)]
    assert str(game.legal_actions()[0]) == "nil"


def test_bid_0_is_nil():
    game = Game(FOUR, decks=[FULL])
    decline_blind_nil(game)
    game.apply("bid 0")
    assert game.observation(1).bids == (0, None, None, None)
    assert game.hands[-1].bids == [(0, 0)]


def test_one_round_of_bidding_no_pass_bids_need_not_increase():
    game = Game(FOUR, decks=[FULL])
    decline_blind_nil(game)
    for seat, bid in [(0, 6), (1, 1), (2, 0), (3, 13)]:
        assert game.phase is Phase.BIDDING and game.to_move == seat
        game.apply(Action.bid(bid))
    assert game.phase is Phase.PLAY
    assert game.observation(0).bids == (6, 1, 0, 13)
    with pytest.raises(NotationError):
        Action.parse("pass")  # nobody may pass


# ------------------------------------------------------------ play


def test_must_follow_suit():
    game = start_play(LAYOUT_A)
    game.apply("AH")
    assert game.to_move == 1
    assert set(game.legal_actions()) == {Action.parse("9H"), Action.parse("8H")}
    with pytest.raises(IllegalAction, match="must follow hearts"):
        game.apply("5S")
    with pytest.raises(IllegalAction, match="must follow hearts"):
        game.apply("6C")
    game.apply("8H")
    assert game.observation(2).trick.cards == tuple(cards("AH 8H"))


def test_must_follow_suit_two_player():
    game = Game(TWO, decks=[FULL])
    decline_blind_nil(game)
    keep_all(game)
    bid_all(game)
    # keeping every card: seat 0 holds the stock's cards 0, 4, 8, ...; seat 1 2, 6, 10, ...
    assert hand(game, 1) == set(range(2, 52, 4))
    game.apply("4C")  # seat 1 leads
    assert game.legal_actions() == [Action.parse(t) for t in ("2C", "6C", "TC", "AC")]
    with pytest.raises(IllegalAction, match="must follow clubs"):
        game.apply("5D")


def test_void_player_may_play_any_card_and_need_not_trump():
    game = start_play(LAYOUT_A)
    for card in ("AH", "9H", "2H"):
        game.apply(card)
    assert game.to_move == 3
    assert set(game.legal_actions()) == set(map(Action.play, cards(LAYOUT_A[3])))
    game.apply("7D")  # not obliged to play a spade
    assert game.observation(0).tricks[0].winner == 0
    assert not game.observation(0).spades_broken


def test_spades_cannot_be_led_until_broken():
    game = start_play(LAYOUT_A)
    legal = game.legal_actions()
    assert legal and all(a.card < 39 for a in legal)  # no spade
    assert set(legal) == set(map(Action.play, cards(LAYOUT_A[0]))) - set(
        map(Action.play, cards("2S 3S 4S")))
    with pytest.raises(IllegalAction, match="spades are not broken"):
        game.apply("2S")
    assert not game.observation(0).spades_broken


def test_leader_holding_only_spades_may_lead_one_and_breaks_spades():
    game = start_play(ONE_SUIT_EACH)
    assert game.to_move == 0
    assert set(game.legal_actions()) == set(map(Action.play, cards(" ".join(suit("S")))))
    assert not game.observation(0).spades_broken
    game.apply("5S")
    assert game.observation(1).spades_broken
    assert game.observation(1).trick.cards == (parse_card("5S"),)


def test_spade_on_another_suit_breaks_spades():
    game = start_play(LAYOUT_A)
    for card in ("AH", "9H", "2H"):
        game.apply(card)
    assert not game.observation(3).spades_broken
    game.apply("JS")
    assert game.observation(0).spades_broken
    # seat 3 won and leads; with spades broken it may lead one from a mixed hand
    assert game.to_move == 3
    legal = set(game.legal_actions())
    assert {Action.parse("QS"), Action.parse("AS")} <= legal
    game.apply("QS")
    assert game.observation(0).trick.cards == (parse_card("QS"),)


def test_spades_may_be_led_by_anyone_once_broken():
    game = start_play(LAYOUT_A)
    for card in ("AH", "9H", "2H", "JS"):  # seat 3 breaks spades and wins
        game.apply(card)
    for card in ("AC", "2C", "6C", "TC"):  # seat 3 leads AC, wins; then seat 3 leads again
        game.apply(card)
    for card in ("AD", "2D", "3D", "TS"):  # seat 2 trumps the ace of diamonds
        game.apply(card)
    assert game.to_move == 2
    assert {Action.parse("8S"), Action.parse("9S")} <= set(game.legal_actions())


def test_highest_spade_wins_trick():
    game = start_play(LAYOUT_B)
    for card in ("AH", "7S", "2H", "8S"):
        game.apply(card)
    trick = game.observation(0).tricks[0]
    assert trick.cards == tuple(cards("AH 7S 2H 8S"))
    assert trick.winner == 3  # 8S over-trumps 7S; the ace of hearts loses to both
    assert game.observation(0).tricks_won == (0, 0, 0, 1)


def test_lower_spade_wins_over_ace_of_suit_led():
    game = start_play(LAYOUT_B)
    for card in ("AH", "2S", "2H", "9D"):
        game.apply(card)
    assert game.observation(0).tricks[0].winner == 1


def test_highest_card_of_suit_led_wins_without_spades():
    game = start_play(LAYOUT_B)
    for card in ("3H", "8D", "2H", "AD"):  # higher diamonds do not beat the heart led
        game.apply(card)
    assert game.observation(0).tricks[0].winner == 0
    game = start_play(LAYOUT_A)
    for card in ("2C", "9C", "KC", "AC"):
        game.apply(card)
    assert game.observation(0).tricks[0].winner == 3


def test_winner_leads_next_trick():
    game = start_play(LAYOUT_A)
    for card in ("2C", "9C", "KC", "AC"):
        game.apply(card)
    assert game.to_move == 3
    obs = game.observation(0)
    assert obs.trick.leader == 3 and obs.trick.cards == ()
    for card in ("KD", "2D", "6D"):
        game.apply(card)
    assert game.to_move == 2
    game.apply("8S")  # seat 2 has no diamond: trumps and wins
    assert game.to_move == 2
    assert game.observation(0).trick.leader == 2


def test_hand_is_13_tricks_then_scored_and_next_hand_starts():
    game = Game(FOUR, decks=[FULL, FULL])
    finish_hand(game)
    log = game.hands[0]
    assert len(log.tricks) == 13
    assert all(len(t.cards) == 4 for t in log.tricks)
    assert sum(log.result.tricks) == 13
    assert game.hand_number == 2
    assert game.phase is Phase.BLIND_NIL
    assert game.observation(0).tricks == () and game.observation(0).tricks_won == (0,) * 4


# ------------------------------------------------------------ two-player draft


def two_player(rules=TWO, decks=(FULL,), **kwargs) -> Game:
    game = Game(rules, decks=list(decks), **kwargs)
    decline_blind_nil(game)
    return game


def test_draft_keep_then_discard_next():
    game = two_player()
    assert game.phase is Phase.DRAFT and game.to_move == 0
    assert game.observation(0).offered == parse_card(FULL[0])
    assert game.observation(1).offered is None
    assert game.legal_actions() == [Action.parse("keep"), Action.parse("discard")]
    game.apply("keep")
    obs = game.observation(0)
    assert obs.hand == (parse_card(FULL[0]),)
    assert obs.discards == (parse_card(FULL[1]),)
    assert obs.stock_left == 50
    assert game.to_move == 1
    assert game.observation(1).offered == parse_card(FULL[2])
    assert game.observation(0).offered is None


def test_draft_discard_then_must_keep_next():
    game = two_player()
    game.apply("discard")
    obs = game.observation(0)
    assert obs.hand == (parse_card(FULL[1]),)
    assert obs.discards == (parse_card(FULL[0]),)
    # no second choice: the next card was kept, and it is the other player's turn
    assert game.to_move == 1
    assert game.hands[0].draft == [(0, parse_card(FULL[0]), parse_card(FULL[1]),
                                    parse_card(FULL[0]))]


def test_draft_alternates_and_ends_with_13_cards_each():
    game = two_player()
    for step in range(26):
        assert game.phase is Phase.DRAFT
        assert game.to_move == step % 2
        assert game.observation(step % 2).stock_left == 52 - 2 * step
        game.apply("keep" if step % 3 else "discard")
    assert game.phase is Phase.BIDDING
    held = [hand(game, s) for s in (0, 1)]
    discards = [set(game.observation(s).discards) for s in (0, 1)]
    assert [len(h) for h in held] == [13, 13]
    assert [len(d) for d in discards] == [13, 13]
    assert set().union(*held, *discards) == set(range(52))
    # the discards are out of play: no one holds one
    assert not (held[0] | held[1]) & (discards[0] | discards[1])
    assert game.observation(0).stock_left == 0


def test_draft_each_player_sees_only_her_own_discards():
    game = two_player()
    keep_all(game)
    assert set(game.observation(0).discards) == set(range(1, 52, 4))
    assert set(game.observation(1).discards) == set(range(3, 52, 4))


def test_first_drawer_alternates_each_hand():
    game = Game(TWO, decks=[FULL] * 3)
    for number, first in [(1, 0), (2, 1), (3, 0)]:
        assert game.hand_number == number
        assert game.hands[-1].first_drawer == first
        assert game.observation(1 - first).first_drawer == first
        assert game.observation(0).dealer is None
        assert game.to_move == first  # declares blind nil first
        decline_blind_nil(game)
        assert game.phase is Phase.DRAFT and game.to_move == first
        assert game.observation(first).offered == parse_card(FULL[0])
        finish_hand(game)


def test_two_player_second_drawer_bids_and_leads_first():
    game = Game(TWO, decks=[FULL, FULL])
    for first in (0, 1):
        decline_blind_nil(game)
        keep_all(game)
        second = 1 - first
        assert game.phase is Phase.BIDDING and game.to_move == second
        game.apply("bid 3")
        assert game.to_move == first
        game.apply("bid 4")
        assert game.phase is Phase.PLAY and game.to_move == second
        assert game.observation(0).trick.leader == second
        assert game.hands[-1].bids == [(second, 3), (first, 4)]
        assert TWO.bidding_order(None, first) == [second, first]
        finish_hand(game)


def test_two_player_300_first_drawer_bids_and_leads_first():
    game = Game(TWO_300, decks=[FULL, FULL])
    for first in (0, 1):
        keep_all(game)
        assert game.phase is Phase.BIDDING and game.to_move == first
        game.apply("bid 3")
        assert game.to_move == 1 - first
        game.apply("bid 4")
        assert game.phase is Phase.PLAY and game.to_move == first
        assert game.observation(1).trick.leader == first
        assert TWO_300.bidding_order(None, first) == [first, 1 - first]
        finish_hand(game)


def test_partnership_bidding_and_the_first_lead_go_clockwise_from_the_dealer_s_left():
    game = Game(rules_for("partnership", blind_nil=False), decks=[FULL] * 4)
    for _ in range(4):
        dealer = game.hands[-1].dealer
        order = FOUR.bidding_order(dealer, None)
        assert order == [(dealer + k) % 4 for k in (1, 2, 3, 4)]
        for seat in order:
            assert game.to_move == seat
            game.apply("bid 3")
        assert game.observation(0).trick.leader == order[0]
        finish_hand(game)


def test_two_player_300_has_no_blind_nil():
    assert TWO_300.blind_nil is False and TWO.blind_nil is True
    game = Game(TWO_300, decks=[FULL])
    assert game.phase is Phase.DRAFT  # no declarations
    keep_all(game)
    assert Action.parse("nil") in game.legal_actions()  # plain nil stays
    assert Action.parse("blind nil") not in game.legal_actions()
    with pytest.raises(IllegalAction):
        game.apply("blind nil")


def test_two_player_300_target_is_300():
    assert TWO_300.target == 300 and TWO.target == 500
    assert TWO_300.players == 2


def test_two_player_blind_nil_declared_before_cards_seen():
    game = Game(TWO, decks=[FULL])
    assert game.phase is Phase.BLIND_NIL and game.to_move == 0
    for seat in (0, 1):
        obs = game.observation(seat)
        assert obs.hand == () and obs.offered is None and obs.stock_left == 52
    assert game.legal_actions() == [Action.parse("blind nil"), Action.parse("no blind nil")]
    game.apply("blind nil")
    assert game.to_move == 1 and game.phase is Phase.BLIND_NIL
    obs = game.observation(1)
    assert obs.hand == () and obs.blind_nil == (0,) and obs.bids == (0, None)
    game.apply("no blind nil")
    assert game.phase is Phase.DRAFT and game.to_move == 0


class RecordingChance(Chance):
    """Explicit decks, and a note of the pile each exchange draws from."""

    def __init__(self, decks):
        super().__init__(None, decks)
        self.piles: list[list[int]] = []

    def draw(self, pile, count, deck):
        self.piles.append(list(pile))
        return super().draw(pile, count, deck)


def test_two_player_blind_nil_exchange_against_discard_pile():
    chance = RecordingChance([FULL])
    game = Game(TWO, chance=chance)
    game.apply("blind nil")
    game.apply("no blind nil")
    keep_all(game)
    assert game.phase is Phase.EXCHANGE and game.to_move == 0
    # up to three cards, chosen one by one: each card held, or the end
    legal = game.legal_actions()
    assert legal == [Action.give(c) for c in sorted(hand(game, 0))] + [Action.parse("give")]
    before = hand(game, 0)
    other_before = game.observation(1)
    pile = set(range(1, 52, 4)) | set(range(3, 52, 4))  # both players' discards
    gave = set(cards("2C 6C TC"))
    game.apply("give 2C 6C TC")
    assert [set(p) for p in chance.piles] == [pile]  # the pile as it stood before she gave
    obs = game.observation(0)
    assert set(obs.gave) == gave
    received = set(obs.received)
    assert len(received) == 3 and received <= pile
    assert hand(game, 0) == before - gave | received
    # the other player learns only how many cards were exchanged
    other = game.observation(1)
    assert other.exchanged == (3, None)
    assert other.gave == () and other.received == ()
    assert other.hand == other_before.hand
    assert obs.exchanged == (3, None)
    # the blind nil bidder does not bid; the second drawer bids and leads
    assert game.phase is Phase.BIDDING and game.to_move == 1
    game.apply("bid 4")
    assert game.phase is Phase.PLAY and game.to_move == 1


@pytest.mark.parametrize("steps", [["give"], ["give 2C", "give"], ["give 2C 6C"]])
def test_two_player_blind_nil_exchange_may_give_fewer_than_three(steps):
    game = Game(TWO, decks=[FULL])
    game.apply("blind nil")
    game.apply("no blind nil")
    keep_all(game)
    before = hand(game, 0)
    gave = {c for text in steps for c in parse_give(text) or ()}
    for text in steps:
        game.apply(text)
    obs = game.observation(0)
    assert len(obs.received) == len(gave)
    assert len(hand(game, 0)) == 13
    assert hand(game, 0) - set(obs.received) == before - gave
    assert game.observation(1).exchanged == (len(gave), None)


def test_two_player_both_blind_nil_first_drawer_exchanges_first_and_nobody_bids():
    chance = RecordingChance([FULL])
    game = Game(TWO, chance=chance)
    game.apply("blind nil")
    game.apply("blind nil")
    keep_all(game)
    assert game.phase is Phase.EXCHANGE and game.to_move == 0
    game.apply("give 2C 6C TC")
    assert game.phase is Phase.EXCHANGE and game.to_move == 1
    received0 = set(game.observation(0).received)
    game.apply("give 4C")
    game.apply("give")
    first_pile, second_pile = map(set, chance.piles)
    # the second exchange draws from the pile as it then stood: the first's gift in it
    assert second_pile == first_pile - received0 | set(cards("2C 6C TC"))
    assert set(game.observation(1).received) <= second_pile
    assert game.observation(0).exchanged == (3, 1)
    # both bid blind nil: no bidding, the second drawer leads
    assert game.phase is Phase.PLAY and game.to_move == 1
    assert game.observation(0).bids == (0, 0)
    assert game.hands[-1].bids == []


def test_two_player_exchange_draw_is_the_callers_chance_step_after_her_deal():
    """A game with no seed waits for its deal, then for each exchange's draw: the pile
    and how many cards, nothing moved until the cards come."""
    game = Game(TWO)
    assert game.chance_step == ChanceStep(tuple(range(52)), 52)
    game.deal(FULL)
    assert game.chance_step is None
    game.apply("blind nil")
    game.apply("no blind nil")
    keep_all(game)
    before, pile = hand(game, 0), set(range(1, 52, 4)) | set(range(3, 52, 4))
    game.apply("give 2C 6C TC")
    assert game.phase is Phase.DRAW and game.to_move is None and game.legal_actions() == []
    step = game.chance_step
    assert step is not None and set(step.cards) == pile and step.count == 3
    assert len(step.cards) == 26
    assert hand(game, 0) == before and game.observation(0).gave == ()
    with pytest.raises(IllegalAction) as refused:
        game.apply("bid 4")
    assert str(refused.value) == ("no seat can bid 4 during draw: the cards drawn from the "
                                  "discard pile are awaited")
    not_in_pile = cards("2C")
    for bad in (step.cards[:2], [step.cards[0]] * 3, [*step.cards[:2], *not_in_pile],
                step.cards[:4]):
        with pytest.raises(SpadesError, match="must be 3 different cards of the discard pile"):
            game.draw(bad)
        assert game.phase is Phase.DRAW and hand(game, 0) == before
    with pytest.raises(SpadesError, match="a draw holds cards"):
        game.draw([None, *step.cards[:2]])
    drawn = [card_text(c) for c in step.cards[-3:]]
    game.draw(drawn)  # as text, like a deck
    assert hand(game, 0) == before - set(cards("2C 6C TC")) | set(step.cards[-3:])
    assert game.observation(0).received == step.cards[-3:]
    assert game.observation(1).exchanged == (3, None)
    assert game.phase is Phase.BIDDING and game.to_move == 1
    with pytest.raises(SpadesError, match="no draw is needed now: the game is in phase bidding"):
        game.draw(drawn)


def test_two_player_second_exchange_draws_from_the_pile_the_first_left():
    game = Game(TWO)
    game.deal(FULL)
    game.apply("blind nil")
    game.apply("blind nil")
    keep_all(game)
    game.apply("give 2C 6C TC")
    first = game.chance_step
    assert first is not None
    game.draw(first.cards[:3])
    assert game.phase is Phase.EXCHANGE and game.to_move == 1
    game.apply("give 4C")
    assert game.phase is Phase.EXCHANGE and game.chance_step is None  # one card chosen
    game.apply("give")
    second = game.chance_step
    assert second is not None and second.count == 1
    assert set(second.cards) == set(first.cards) - set(first.cards[:3]) | set(cards("2C 6C TC"))
    game.draw(second.cards[-1:])  # the 10C seat 0 gave
    assert game.observation(1).received == (parse_card("TC"),)
    assert game.phase is Phase.PLAY


def test_two_player_give_of_no_card_draws_nothing():
    game = Game(TWO)
    game.deal(FULL)
    game.apply("blind nil")
    game.apply("no blind nil")
    keep_all(game)
    game.apply("give")
    assert game.phase is Phase.BIDDING and game.chance_step is None
    assert game.hands[-1].exchanges == [(0, (), ())]


def test_two_player_draws_follow_the_hands_deck_when_the_game_has_it():
    """Given decks (and seeds) draw by themselves, from a generator seeded by the deck:
    the same cards as the caller drawing from that generator after her own deal."""
    given = Game(TWO, decks=[FULL])
    dealt, chance = Game(TWO), Chance(None)
    dealt.deal(FULL)
    for game in (given, dealt):
        game.apply("blind nil")
        game.apply("no blind nil")
        keep_all(game)
        game.apply("give 2C 6C TC")
    assert given.phase is Phase.BIDDING and dealt.phase is Phase.DRAW
    step = dealt.chance_step
    assert step is not None
    dealt.draw(chance.draw(step.cards, step.count, dealt.hands[-1].deck))
    assert dealt.hands[-1].exchanges == given.hands[-1].exchanges


# ------------------------------------------------------------ partnership


def test_partnership_sides_are_opposite_seats():
    assert [FOUR.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert [TWO.side_of(s) for s in range(2)] == [0, 1]


def test_dealer_seat_3_first_then_rotates_left():
    game = Game(FOUR, decks=[FULL] * 5)
    for number, dealer in enumerate([3, 0, 1, 2, 3], start=1):
        assert game.hand_number == number
        assert game.hands[-1].dealer == dealer
        assert game.observation(2).dealer == dealer
        assert game.observation(2).first_drawer is None
        finish_hand(game)


def test_deal_order_deck0_to_dealers_left():
    game = Game(FOUR, decks=[FULL, FULL])
    for seat in range(4):  # dealer 3: deck[0] to seat 0
        assert game.hand_of(seat) == list(range(seat, 52, 4))
    finish_hand(game)
    for seat in range(4):  # dealer 0: deck[0] to seat 1
        assert game.hand_of(seat) == list(range((seat - 1) % 4, 52, 4))


def test_bidding_from_dealers_left_clockwise():
    game = Game(FOUR, decks=[FULL, FULL])
    for order in ([0, 1, 2, 3], [1, 2, 3, 0]):
        decline_blind_nil(game)
        for seat in order:
            assert game.phase is Phase.BIDDING and game.to_move == seat
            game.apply("bid 2")
        assert [s for s, _ in game.hands[-1].bids] == order
        finish_hand(game)


def test_first_lead_from_dealers_left():
    game = Game(FOUR, decks=[FULL, FULL])
    for leader in (0, 1):
        decline_blind_nil(game)
        bid_all(game, {leader: 1, (leader + 2) % 4: 9})  # the highest bidder does not lead
        assert game.phase is Phase.PLAY and game.to_move == leader
        assert game.observation(3).trick.leader == leader
        finish_hand(game)


def test_partnership_blind_nil_declared_before_cards_seen():
    game = Game(FOUR, decks=[FULL, FULL])
    for order in ([0, 1, 2, 3], [1, 2, 3, 0]):
        for seat in order:
            assert game.phase is Phase.BLIND_NIL and game.to_move == seat
            assert all(game.observation(s).hand == () for s in range(4))
            game.apply("no blind nil")
        assert game.phase is Phase.BIDDING
        assert all(len(game.observation(s).hand) == 13 for s in range(4))
        finish_hand(game)


def test_blind_nil_swap_with_partner_each_choosing_unseen():
    game = Game(FOUR, decks=[FULL])
    dealt = {s: set(game.hand_of(s)) for s in range(4)}
    for answer in ("no blind nil", "blind nil", "no blind nil", "no blind nil"):
        game.apply(answer)
    # the blind nil bidder (seat 1) chooses first, then her partner (seat 3)
    assert game.phase is Phase.EXCHANGE and game.to_move == 1
    # exactly three cards, chosen one by one: never the end of the exchange
    assert game.legal_actions() == [Action.give(c) for c in sorted(dealt[1])]
    assert hand(game, 1) == dealt[1]  # she sees her cards now
    game.apply("give 3C 7C JC")
    assert game.to_move == 3
    # the partner chooses without seeing what she will receive
    partner = game.observation(3)
    assert partner.received == () and hand(game, 3) == dealt[3]
    assert not set(cards("3C 7C JC")) & set(partner.hand)
    assert not {a.card for a in game.legal_actions()} & set(cards("3C 7C JC"))
    game.apply("give 5C 9C KC")
    assert hand(game, 1) == dealt[1] - set(cards("3C 7C JC")) | set(cards("5C 9C KC"))
    assert hand(game, 3) == dealt[3] - set(cards("5C 9C KC")) | set(cards("3C 7C JC"))
    assert set(game.observation(1).received) == set(cards("5C 9C KC"))
    assert set(game.observation(3).received) == set(cards("3C 7C JC"))
    assert game.observation(0).exchanged == (None, 3, None, 3)
    assert game.observation(0).received == ()
    assert game.phase is Phase.BIDDING and game.to_move == 0


def test_no_exchange_when_both_partners_bid_blind_nil():
    game = Game(FOUR, decks=[FULL])
    for answer in ("blind nil", "no blind nil", "blind nil", "no blind nil"):
        game.apply(answer)
    assert game.phase is Phase.BIDDING and game.to_move == 1
    assert all(game.hand_of(s) == list(range(s, 52, 4)) for s in range(4))
    assert game.observation(1).exchanged == (None,) * 4
    game.apply("bid 4")
    assert game.to_move == 3
    game.apply("bid 4")
    assert game.phase is Phase.PLAY and game.to_move == 0
    assert game.observation(2).bids == (0, 4, 0, 4)
    assert game.observation(2).blind_nil == (0, 2)


def test_blind_nil_bidders_skip_bidding():
    game = Game(FOUR, decks=[FULL])
    for answer in ("blind nil", "no blind nil", "no blind nil", "no blind nil"):
        game.apply(answer)
    game.apply("give 2C 5D 4H")  # seat 0
    game.apply("give 5S 9S KS")  # seat 2
    bidders = []
    while game.phase is Phase.BIDDING:
        bidders.append(game.to_move)
        game.apply("bid 3")
    assert bidders == [1, 2, 3]
    assert game.to_move == 0  # the blind nil bidder still leads from the dealer's left
    assert game.hands[-1].blind_nil == [0]


def test_nil_disabled_bids_start_at_one():
    rules = rules_for("partnership", nil=False)
    game = Game(rules, decks=[FULL])
    assert game.phase is Phase.BIDDING  # no blind nil without nil
    assert game.legal_actions() == [Action.bid(n) for n in range(1, 14)]
    with pytest.raises(IllegalAction, match="nil is not allowed"):
        game.apply("nil")
    game.apply("bid 1")
    assert game.to_move == 1


def test_blind_nil_disabled_keeps_nil():
    game = Game(rules_for("partnership", blind_nil=False), decks=[FULL])
    assert game.phase is Phase.BIDDING
    assert game.legal_actions()[0] == Action.parse("nil")


@pytest.mark.parametrize(("deficit", "may_declare"), [(212, [2, 0]), (213, [])])
def test_blind_nil_deficit(deficit, may_declare):
    rules = rules_for("partnership", blind_nil_deficit=deficit)
    # seat 3 holds every spade and wins every trick
    deck = partnership_deck([suit("H"), suit("C"), suit("D"), suit("S")])
    game = Game(rules, decks=[deck, FULL])
    assert game.phase is Phase.BIDDING  # 0 to 0: nobody trails
    bid_all(game, {0: 5, 1: 6, 2: 5, 3: 5})
    while game.hands[0].result is None:
        game.apply(game.legal_actions()[0])
    assert game.scores == [-100, 112]  # side 0 trails by 212
    declared = []
    while game.phase is Phase.BLIND_NIL:
        declared.append(game.to_move)
        game.apply("no blind nil")
    assert declared == may_declare  # in bidding order from dealer 0's left
    assert game.phase is Phase.BIDDING


def test_lead_spades_anytime():
    game = start_play(LAYOUT_A, rules=rules_for("partnership", lead_spades_anytime=True))
    assert set(game.legal_actions()) == set(map(Action.play, cards(LAYOUT_A[0])))
    game.apply("3S")
    assert game.observation(1).trick.cards == (parse_card("3S"),)


def test_partnership_target_option():
    rules = rules_for("partnership", target=300)
    assert rules.target == 300 and rules.players == 4
    assert rules_for("partnership").target == 500


def test_observation_shows_only_own_hand():
    game = start_play(LAYOUT_A)
    for seat in range(4):
        obs = game.observation(seat)
        assert set(obs.hand) == set(cards(LAYOUT_A[seat]))
        assert obs.legal == (tuple(game.legal_actions()) if seat == 0 else ())
