"""The hand summary's breakdown in words (spades.scoring.breakdown): each side's contract
made or set, each nil and blind nil, the bags toward the limit and the penalty, worth in
all what the hand's result says."""

from __future__ import annotations

from spades import Contract, rules_for, score_hand
from spades.scoring import breakdown

FOUR = rules_for("partnership")
NAMES = ["Ann", "Left", "Bob", "Right"]


def words(contracts, won, bag_totals=(0, 0), scores=(0, 0)):
    result, _ = score_hand(contracts, won, scores, bag_totals, FOUR)
    sides = breakdown(contracts, result, FOUR, NAMES)
    for side, items in enumerate(sides):  # the parts add up to the hand's points
        assert sum(i.points or 0 for i in items) == result.points[side] - result.penalties[side]
    return [[i.to_json() for i in items] for items in sides]


def test_a_made_contract_with_a_failed_blind_nil_and_a_set_beside_a_made_nil():
    contracts = [Contract(5), Contract(0), Contract(0, blind=True), Contract(6)]
    assert words(contracts, [6, 0, 2, 5], bag_totals=(3, 0)) == [
        [{"label": "Bid 5, took 6: made", "points": 50},
         {"label": "Blind nil by Bob: failed, took 2", "points": -200},
         {"label": "3 bags this hand · bags 6/10", "points": 3}],
        [{"label": "Bid 6, took 5: set", "points": -60},
         {"label": "Nil by Left: made", "points": 100},
         {"label": "No bags this hand · bags 0/10", "points": None}]]


def test_the_bags_that_reach_the_limit_cost_the_penalty():
    contracts = [Contract(3), Contract(4), Contract(2), Contract(4)]
    sides = words(contracts, [4, 4, 3, 2], bag_totals=(8, 2))
    assert sides[0] == [{"label": "Bid 5, took 7: made", "points": 50},
                        {"label": "2 bags this hand · bags 0/10", "points": 2},
                        {"label": "Bag penalty (every 10 bags)", "points": -100}]
    assert sides[1][0] == {"label": "Bid 8, took 6: set", "points": -80}
