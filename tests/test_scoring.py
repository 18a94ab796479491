"""Scoring: docs/rules.md's worked examples, the end of the game, the house rules, whole hands."""

from __future__ import annotations

import pytest

from spades import (
    Action,
    Contract,
    Game,
    HandResult,
    Phase,
    SideScore,
    parse_card,
    rules_for,
    sandbag_penalty,
    score_hand,
    score_side,
    winner,
)
from spades.scoring import made

TWO = rules_for("two-player")
FOUR = rules_for("partnership")
NIL = Contract(0)
BLIND = Contract(0, blind=True)


def suit(letter: str, ranks: str = "23456789TJQKA") -> list[str]:
    return [rank + letter for rank in ranks]


def play_hands(rules, hands):
    """Score ``hands`` (contracts, tricks won) for one side in a row, as the game does.

    Returns per hand (points, bags, penalty, running score, bag total).
    """
    score = bags_total = 0
    out = []
    for contracts, won in hands:
        side = score_side(contracts, won, rules)
        penalty, bags_total = sandbag_penalty(bags_total, side.bags, rules)
        score += side.points - penalty
        out.append((side.points, side.bags, penalty, score, bags_total))
    return out


# ------------------------------------------------------------ the worked examples


def test_overtrick():
    assert score_side([Contract(7)], [8], TWO) == SideScore(71, 1)


def test_partnership_overtricks():
    assert score_side([Contract(3), Contract(2)], [4, 3], FOUR) == SideScore(52, 2)


def test_partnership_overtricks_count_whoever_won_them():
    assert score_side([Contract(3), Contract(2)], [7, 0], FOUR) == SideScore(52, 2)


def test_set():
    assert score_side([Contract(6)], [5], TWO) == SideScore(-60, 0)


def test_contract_made_exactly():
    assert score_side([Contract(6)], [6], TWO) == SideScore(60, 0)


def test_sandbagging():
    hands = [([Contract(4)], [7]), ([Contract(3)], [6]), ([Contract(4)], [9])]
    assert play_hands(TWO, hands) == [
        (43, 3, 0, 43, 3),
        (33, 3, 0, 76, 6),
        (45, 5, 100, 21, 1),
    ]


def test_sandbag_carry_over():
    # After the sandbagging example (1 bag carried), the player wins 9 more bags.
    hands = [([Contract(4)], [7]), ([Contract(3)], [6]), ([Contract(4)], [9]),
             ([Contract(2)], [11])]
    points, bags, penalty, score, total = play_hands(TWO, hands)[-1]
    assert (points, bags, penalty) == (29, 9, 100)
    assert total == 0
    assert score == 21 + 29 - 100


def test_nil_and_partner():
    assert score_side([NIL, Contract(4)], [0, 4], FOUR) == SideScore(140, 0)


def test_nil_partners_overtricks():
    assert score_side([NIL, Contract(4)], [0, 6], FOUR) == SideScore(142, 2)


def test_failed_nil():
    assert score_side([NIL, Contract(4)], [2, 4], FOUR) == SideScore(-58, 2)


def test_failed_nil_tricks_do_not_count_toward_partners_contract():
    # Partner bid 4 and won 2; the nil bidder's 2 tricks do not make it up to 4.
    assert score_side([NIL, Contract(4)], [2, 2], FOUR) == SideScore(-100 + 2 - 40, 2)


def test_failed_nil_partner_set():
    assert score_side([NIL, Contract(4)], [2, 3], FOUR) == SideScore(-138, 2)


def test_failed_nil_order_of_seats_does_not_matter():
    assert score_side([Contract(4), NIL], [3, 2], FOUR) == SideScore(-138, 2)


def test_two_player_failed_nil():
    assert score_side([NIL], [3], TWO) == SideScore(-97, 3)


def test_two_player_nil_made():
    assert score_side([NIL], [0], TWO) == SideScore(100, 0)


def test_both_nil_made():
    assert score_side([NIL, NIL], [0, 0], FOUR) == SideScore(200, 0)


def test_both_nil_one_wins_a_trick():
    assert score_side([NIL, NIL], [1, 0], FOUR) == SideScore(1, 1)
    assert score_side([NIL, NIL], [0, 1], FOUR) == SideScore(1, 1)


def test_both_nil_both_fail_taking_all_13():
    side = score_side([NIL, NIL], [6, 7], FOUR)
    assert side == SideScore(-187, 13)
    # ... then a sandbag penalty, 3 bags carried.
    assert sandbag_penalty(0, side.bags, FOUR) == (100, 3)


def test_both_blind_nil_made():
    assert score_side([BLIND, BLIND], [0, 0], FOUR) == SideScore(400, 0)


def test_both_blind_nil_one_wins_a_trick():
    assert score_side([BLIND, BLIND], [0, 1], FOUR) == SideScore(1, 1)


def test_blind_nil_made_and_failed():
    assert score_side([BLIND], [0], TWO) == SideScore(200, 0)
    assert score_side([BLIND], [2], TWO) == SideScore(-198, 2)


def test_blind_nil_and_nil_on_one_side_score_separately():
    assert score_side([BLIND, NIL], [0, 0], FOUR) == SideScore(300, 0)
    assert score_side([BLIND, NIL], [0, 1], FOUR) == SideScore(200 - 100 + 1, 1)
    assert score_side([BLIND, NIL], [1, 0], FOUR) == SideScore(-200 + 1 + 100, 1)


def test_set_side_earns_no_bags_but_failed_nil_still_does():
    assert score_side([Contract(5), Contract(5)], [4, 5], FOUR) == SideScore(-100, 0)
    assert score_side([NIL, Contract(5)], [3, 4], FOUR) == SideScore(-100 + 3 - 50, 3)


# ------------------------------------------------------------ the sandbag penalty


def test_sandbag_penalty_below_the_limit():
    assert sandbag_penalty(0, 9, TWO) == (0, 9)
    assert sandbag_penalty(5, 4, TWO) == (0, 9)


def test_sandbag_penalty_reaching_exactly_ten():
    assert sandbag_penalty(7, 3, TWO) == (100, 0)


def test_sandbag_penalty_twice_in_one_hand():
    assert sandbag_penalty(9, 13, FOUR) == (200, 2)


def test_sandbag_penalty_with_no_new_bags():
    assert sandbag_penalty(4, 0, TWO) == (0, 4)


# ------------------------------------------------------------ end of the game


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        ((0, 0), None),
        ((499, 480), None),
        ((500, 200), 0),
        ((200, 510), 1),
        ((520, 560), 1),  # both over: the higher wins
        ((560, 520), 0),
        ((510, 510), None),  # a tie at the top: another hand
        ((-1000, 499), None),  # no losing threshold by default
    ],
)
def test_winner_default_target(scores, expected):
    assert winner(scores, TWO) == expected
    assert winner(scores, FOUR) == expected


def test_lose_threshold():
    rules = rules_for("partnership", lose_threshold=-200)
    assert winner((-199, 50), rules) is None
    assert winner((-200, 50), rules) == 1  # at the threshold loses
    assert winner((40, -350), rules) == 0
    assert winner((-250, -300), rules) == 0  # both under: the higher wins
    assert winner((-250, -250), rules) is None  # tied: another hand


def test_target_option():
    rules = rules_for("two-player", target=100)
    assert winner((99, 0), rules) is None
    assert winner((100, 0), rules) == 0
    assert winner((100, 120), rules) == 1


def test_two_player_300_target():
    rules = rules_for("two-player-300")
    assert rules.target == 300
    assert winner((299, 250), rules) is None
    assert winner((250, 300), rules) == 1


def test_default_targets_are_500():
    assert rules_for("two-player").target == 500
    assert rules_for("partnership").target == 500
    assert winner((499, 0), FOUR) is None


# ------------------------------------------------------------ house rules


def test_nil_points_option():
    rules = rules_for("partnership", nil_points=50)
    assert score_side([NIL, Contract(4)], [0, 4], rules) == SideScore(90, 0)
    assert score_side([NIL, Contract(4)], [2, 4], rules) == SideScore(-50 + 40 + 2, 2)
    # blind nil keeps its own value
    assert score_side([BLIND], [0], rules_for("two-player", nil_points=50)) == SideScore(200, 0)


def test_blind_nil_points_option():
    rules = rules_for("two-player", blind_nil_points=300)
    assert score_side([BLIND], [0], rules) == SideScore(300, 0)
    assert score_side([BLIND], [1], rules) == SideScore(-299, 1)
    assert score_side([NIL], [0], rules) == SideScore(100, 0)


def test_bag_limit_and_penalty_options():
    rules = rules_for("two-player", bag_limit=5, bag_penalty=50)
    assert sandbag_penalty(3, 1, rules) == (0, 4)
    assert sandbag_penalty(3, 2, rules) == (50, 0)
    assert sandbag_penalty(3, 8, rules) == (100, 1)


def test_bag_penalty_option_alone():
    rules = rules_for("partnership", bag_penalty=150)
    assert sandbag_penalty(8, 3, rules) == (150, 1)


def test_bag_limit_zero_means_no_penalty():
    rules = rules_for("two-player", bag_limit=0)
    assert sandbag_penalty(0, 13, rules) == (0, 13)
    assert sandbag_penalty(95, 10, rules) == (0, 105)


def test_lose_threshold_option_is_off_by_default():
    assert rules_for("two-player").lose_threshold is None
    assert rules_for("two-player", lose_threshold=-100).lose_threshold == -100


# ------------------------------------------------------------ whole hands

# Two-player: if both players keep every offered card, the first drawer holds the
# stock's cards 0, 4, 8, ... and discards 1, 5, 9, ...; the other holds 2, 6, ...
# and discards 3, 7, ...
HIGH_HEARTS = suit("H", "89TJQKA") + suit("D", "234567")  # 7 hearts, 6 diamonds
HIGH_DIAMONDS = suit("H", "234567") + suit("D", "89TJQKA")  # 6 hearts, 7 diamonds


def keep_all_stock(first_hand, first_discards, second_hand, second_discards):
    stock = []
    for cards in zip(first_hand, first_discards, second_hand, second_discards, strict=True):
        stock += cards
    return stock


# The first drawer holds HIGH_HEARTS; clubs and spades are discarded.
STOCK = keep_all_stock(HIGH_HEARTS, suit("C"), HIGH_DIAMONDS, suit("S"))


def lowest_card(game: Game) -> None:
    game.apply(game.legal_actions()[0])


def play_two_player_hand(game: Game, bids: dict[int, int]) -> None:
    """Decline blind nil, keep every card, bid ``bids``, always play the lowest legal card."""
    number = game.hand_number
    while game.phase is Phase.BLIND_NIL:
        game.apply("no blind nil")
    while game.phase is Phase.DRAFT:
        game.apply("keep")
    while game.phase is Phase.BIDDING:
        game.apply(Action.bid(bids[game.to_move]))
    while game.hands[number - 1].result is None:
        lowest_card(game)


def test_stock_gives_the_intended_hands():
    game = Game(TWO, decks=[STOCK])
    while game.phase is Phase.BLIND_NIL:
        game.apply("no blind nil")
    while game.phase is Phase.DRAFT:
        game.apply("keep")
    assert sorted(game.observation(0).hand) == sorted(map(parse_card, HIGH_HEARTS))
    assert sorted(game.observation(1).hand) == sorted(map(parse_card, HIGH_DIAMONDS))


def test_whole_two_player_hand_contracts():
    # The second drawer (seat 1) leads: six diamond tricks, then AD (seat 0 throws
    # a heart), then seat 0's six high hearts win the rest: 6 tricks to 7.
    game = Game(TWO, decks=[STOCK])
    play_two_player_hand(game, {1: 7, 0: 5})
    assert game.hands[0].result == HandResult(
        tricks=(6, 7), points=(51, 70), bags=(1, 0), penalties=(0, 0),
        scores=(51, 70), bag_totals=(1, 0),
    )
    assert game.scores == [51, 70]
    assert game.bag_totals == [1, 0]
    assert game.phase is Phase.DEAL and game.winner is None  # waits for the next deck


def test_whole_two_player_hand_failed_nil_and_set():
    game = Game(TWO, decks=[STOCK])
    play_two_player_hand(game, {1: 9, 0: 0})
    assert game.hands[0].result == HandResult(
        tricks=(6, 7), points=(-94, -90), bags=(6, 0), penalties=(0, 0),
        scores=(-94, -90), bag_totals=(6, 0),
    )


def test_whole_two_player_hands_sandbag_penalty_across_hands():
    # Hand 2: seat 1 draws first, so seat 0 holds HIGH_DIAMONDS, leads and wins 7.
    game = Game(TWO, decks=[STOCK, STOCK])
    play_two_player_hand(game, {1: 9, 0: 0})
    play_two_player_hand(game, {0: 3, 1: 6})
    assert game.hands[1].first_drawer == 1
    assert game.hands[1].result == HandResult(
        tricks=(7, 6), points=(34, 60), bags=(4, 0), penalties=(100, 0),
        scores=(-94 + 34 - 100, -90 + 60), bag_totals=(0, 0),
    )


def test_whole_two_player_hand_lose_threshold_ends_game():
    game = Game(rules_for("two-player", lose_threshold=-90), decks=[STOCK, STOCK])
    play_two_player_hand(game, {1: 9, 0: 0})
    # Both sides fell to the threshold: the higher score (seat 1, -90) wins.
    assert game.over and game.phase is Phase.OVER
    assert game.winner == 1
    assert game.to_move is None
    assert game.hand_number == 1
    assert game.legal_actions() == []


def test_whole_two_player_hand_target_ends_game():
    game = Game(rules_for("two-player", target=70), decks=[STOCK])
    play_two_player_hand(game, {1: 7, 0: 5})
    assert game.winner == 1  # 70 reached exactly
    assert game.observation(0).winner == 1


def test_whole_two_player_hand_tie_at_the_top_plays_on():
    game = Game(rules_for("two-player", target=60), decks=[STOCK, STOCK])
    play_two_player_hand(game, {1: 6, 0: 6})
    # seat 0: bid 6 won 6 = 60; seat 1: bid 6 won 7 = 61 -> seat 1 wins
    assert game.winner == 1
    game = Game(rules_for("two-player", target=60, bag_limit=1, bag_penalty=1),
                decks=[STOCK, STOCK])
    play_two_player_hand(game, {1: 6, 0: 6})
    # now seat 1's bag costs its point back: 60 to 60, a tie at the top
    assert game.hands[0].result.scores == (60, 60)
    assert game.winner is None and not game.over
    assert game.hand_number == 2


def partnership_deck(hands, dealer=3):
    """The deck that deals ``hands`` (seat -> 13 cards) when ``dealer`` deals."""
    deck = [None] * 52
    for seat, hand in enumerate(hands):
        offset = (seat - dealer - 1) % 4
        for k, card in enumerate(hand):
            deck[4 * k + offset] = card
    return deck


# Seat 3 holds every spade and wins every trick.
SPADES_TO_3 = partnership_deck([suit("H"), suit("C"), suit("D"), suit("S")])


def play_partnership_hand(game, bids, blind=(), gives=None):
    number = game.hand_number
    while game.phase is Phase.BLIND_NIL:
        game.apply("blind nil" if game.to_move in blind else "no blind nil")
    while game.phase is Phase.EXCHANGE:
        game.apply("give " + gives[game.to_move])
    while game.phase is Phase.BIDDING:
        game.apply(Action.bid(bids[game.to_move]))
    while game.hands[number - 1].result is None:
        lowest_card(game)


def test_whole_partnership_hand_nil_and_partner_set():
    game = Game(FOUR, decks=[SPADES_TO_3])
    play_partnership_hand(game, {0: 0, 1: 3, 2: 2, 3: 4})
    assert game.hands[0].result == HandResult(
        tricks=(0, 0, 0, 13), points=(80, 76), bags=(0, 6), penalties=(0, 0),
        scores=(80, 76), bag_totals=(0, 6),
    )
    assert game.hands[0].bids == [(0, 0), (1, 3), (2, 2), (3, 4)]


def test_whole_partnership_hand_blind_nil_wins_the_game():
    rules = rules_for("partnership", target=150)
    game = Game(rules, decks=[SPADES_TO_3])
    play_partnership_hand(game, {1: 3, 2: 1, 3: 4}, blind={0},
                          gives={0: "2H 3H 4H", 2: "2D 3D 4D"})
    result = game.hands[0].result
    assert result == HandResult(
        tricks=(0, 0, 0, 13), points=(190, 76), bags=(0, 6), penalties=(0, 0),
        scores=(190, 76), bag_totals=(0, 6),
    )
    assert game.winner == 0 and game.over


def test_whole_partnership_hands_bag_penalty():
    # Side 1 makes 6 bags a hand: the second hand costs it 100 and leaves 2 bags.
    # Hand 2 is dealt by seat 0, so deal the same hands again from seat 0.
    second = partnership_deck([suit("H"), suit("C"), suit("D"), suit("S")], dealer=0)
    game = Game(FOUR, decks=[SPADES_TO_3, second])
    play_partnership_hand(game, {0: 0, 1: 3, 2: 2, 3: 4})
    play_partnership_hand(game, {0: 1, 1: 4, 2: 1, 3: 3})
    assert game.hands[1].dealer == 0
    assert game.hands[1].result == HandResult(
        tricks=(0, 0, 0, 13), points=(-20, 76), bags=(0, 6), penalties=(0, 100),
        scores=(60, 52), bag_totals=(0, 2),
    )


def test_whole_two_player_hands_bag_limit_zero_never_penalises():
    game = Game(rules_for("two-player", bag_limit=0), decks=[STOCK, STOCK])
    play_two_player_hand(game, {1: 9, 0: 0})
    play_two_player_hand(game, {0: 3, 1: 6})
    assert game.hands[1].result == HandResult(
        tricks=(7, 6), points=(34, 60), bags=(4, 0), penalties=(0, 0),
        scores=(-94 + 34, -90 + 60), bag_totals=(10, 0),
    )


# ------------------------------------------------------------ a whole hand in one call


def test_score_hand_composes_both_sides_penalties_and_the_match_end() -> None:
    # side 0 (seats 0, 2): 4 + 3 bid, 9 won with 9 bags carried: 72, then -100; side 1
    # (seats 1, 3): a nil made and a 4 set
    result, won = score_hand([Contract(4), NIL, Contract(3), Contract(4)], [5, 0, 4, 4],
                             scores=(300, 120), bag_totals=(9, 2), rules=FOUR)
    assert result == HandResult(tricks=(5, 0, 4, 4), points=(72, 140), bags=(2, 0),
                                penalties=(100, 0), scores=(272, 260), bag_totals=(1, 2))
    assert won is None
    _, won = score_hand([Contract(4), NIL, Contract(3), Contract(4)], [5, 0, 4, 4],
                        scores=(300, 400), bag_totals=(0, 0), rules=FOUR)
    assert won == 1  # 540 against 372
    result, won = score_hand([BLIND, Contract(6)], [0, 13], (0, 0), (0, 0), TWO)
    assert result.points == (200, 67) and won is None


def test_made_says_which_contracts_were_made() -> None:
    outcome = made([NIL, Contract(4), BLIND, Contract(2)], [1, 3, 0, 2])
    assert (outcome.contract, outcome.toward, outcome.nils_made) == (6, 5, (False, True))
    assert outcome.contract_set
    assert not made([NIL], [0]).contract_set and made([NIL], [0]).contract == 0
