"""The double-dummy solver against plain minimax, known positions and a live game."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np
import pytest

from spades import Contract, Game, parse_card, rules_for
from spades.bots.solver import (
    _OWNER,
    _WORK,
    Deal,
    _beats,
    _played,
    _score_search,
    _shape,
    _trick_search,
    _without,
    hand_value,
    score_values,
    trick_values,
)
from spades.cards import (
    SPADE_MASK,
    SPADES,
    SUIT_MASKS,
    card_text,
    mask_of,
    suit_of,
    winning_index,
)

FOUR = rules_for("partnership")
TWO = rules_for("two-player")


def cards(text: str) -> int:
    return mask_of(parse_card(w) for w in text.split())


# ------------------------------------------------------------ brute force


def _legal(hand: int, trick: list[int], broken: bool) -> list[int]:
    if trick:
        follow = hand & SUIT_MASKS[trick[0] // 13]
        mask = follow or hand
    elif broken:
        mask = hand
    else:
        mask = hand & ~SPADE_MASK or hand
    return [c for c in range(52) if mask >> c & 1]


def _winner(trick: list[int], leader: int, n: int) -> int:
    return (leader + winning_index(trick)) % n


def brute(deal: Deal, value, side: int, off: bool = False) -> dict[int, float]:
    """Plain minimax over every legal play: ``value(won)`` for ``side`` at the end."""
    n = deal.players

    def play(hands, leader, trick, won, broken, card):
        seat = (leader + len(trick)) % n
        hands = list(hands)
        hands[seat] &= ~(1 << card)
        trick = [*trick, card]
        broken = broken or card >= 39
        if len(trick) == n:
            taker = _winner(trick, leader, n)
            won = list(won)
            won[taker] += 1
            return search(hands, taker, [], won, broken)
        return search(hands, leader, trick, won, broken)

    def search(hands, leader, trick, won, broken):
        seat = (leader + len(trick)) % n
        if not hands[seat]:
            return value(tuple(won))
        values = [play(hands, leader, trick, won, broken, c)
                  for c in _legal(hands[seat], trick, broken or off)]
        return max(values) if seat % 2 == side else min(values)

    seat = deal.to_move
    return {c: play(deal.hands, deal.leader, list(deal.trick), deal.won, deal.spades_broken, c)
            for c in _legal(deal.hands[seat], list(deal.trick), deal.spades_broken or off)}


def random_deal(rng: random.Random, players: int, size: int, in_trick: int | None = None) -> Deal:
    """A random ending: ``size`` cards a seat before the current trick's cards are played."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [mask_of(deck[i * size:(i + 1) * size]) for i in range(players)]
    leader = rng.randrange(players)
    played = rng.randrange(players) if in_trick is None else in_trick
    trick: list[int] = []
    broken = rng.random() < 0.5
    for i in range(played):
        seat = (leader + i) % players
        card = rng.choice(_legal(hands[seat], trick, broken))
        hands[seat] &= ~(1 << card)
        trick.append(card)
    won = [0] * players
    for _ in range(13 - size):
        won[rng.randrange(players)] += 1
    return Deal(tuple(hands), leader, tuple(trick), tuple(won), broken, players)


def side_tricks(side: int, n: int):
    return lambda won: sum(won[side::2])


# ------------------------------------------------------------ the trick rule


def test_the_trick_rule_is_the_engines() -> None:
    """``_beats`` and ``_played`` against the engine's ``winning_index`` for every pair of
    cards (the card winning a trick so far, the next card played) and every suit led: a
    card wins a trick led in its suit, and a spade one it ruffed."""
    checked = set()
    for led in range(4):
        for best in range(52):
            for card in set(range(52)) - {best}:
                if suit_of(best) == led:
                    trick = [best]
                elif suit_of(best) == SPADES:
                    trick = [min(set(range(13 * led, 13 * led + 13)) - {card}), best]
                else:
                    continue  # no trick led in this suit is won so far by ``best``
                assert winning_index(trick) == len(trick) - 1
                winner = winning_index([*trick, card])
                assert _beats(card, best) == (winner == len(trick)), (led, best, card)
                won_by = [*trick, card][winner]
                same = sum(suit_of(c) == suit_of(best) for c in trick)
                assert _played(card, len(trick), best, len(trick) - 1, same) == (
                    won_by, winner, sum(suit_of(c) == suit_of(won_by) for c in [*trick, card]))
                checked.add((best, card))
    assert len(checked) == 52 * 51


# The solver's values on deals of random_deal(Random(47), ...) before its trick rule was
# written once (commit 5d697c5): a refactor of the search must keep them.
FIXED = [
    (4, 13, "2C:2 3C:2 8C:2 9C:2 2D:2 7D:2 9D:2 2H:2 4H:2 6H:2 TH:2 7S:2 JS:2", ""),
    (4, 13, "3C:10 6C:10 TC:10 KC:9 4D:10 2H:10 8H:10 2S:10 5S:10 6S:10 8S:10 TS:10 KS:10", ""),
    (4, 12, "7C:6 8C:6 2D:6 4D:6 7D:6 KD:6 3H:6 6H:6 QH:6 6S:6 8S:6 AS:6", ""),
    (4, 10, "4C:7 5C:7 7C:7 2D:6 KD:8 AD:8", "4C:24 5C:24 7C:24 2D:23 KD:25 AD:25"),
    (4, 8, "3C:9 TC:9 3D:9 3H:9", "3C:-113 TC:-113 3D:-74 3H:-113"),
    (2, 13, "5C:6 6C:6 QC:6 2D:6 4D:6 7D:6 TD:6 3H:6 9H:6 QH:7", ""),
    (2, 11, "3C:8 5C:8 9C:8 JC:9 AC:9 2D:9 7D:9 9D:9 TH:9", ""),
    (2, 9, "3D:7 5D:7 8D:7 JD:7 KD:7 AD:7 TH:7 QH:7", "3D:1 5D:1 8D:1 JD:1 KD:1 AD:1 TH:1 QH:1"),
]


def test_fixed_deals_keep_their_values() -> None:
    def text(values: dict[int, float]) -> str:
        return " ".join(f"{card_text(c)}:{v:g}" for c, v in sorted(values.items()))

    rng = random.Random(47)
    for players, size, tricks, scores in FIXED:
        deal = random_deal(rng, players, size, in_trick=0)
        contracts = random_contracts(rng, players)
        assert text(trick_values(deal)) == tricks, deal
        if scores:
            assert text(score_values(deal, contracts, FOUR if players == 4 else TWO)) == scores


# ------------------------------------------------------------ trick mode


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("off", [False, True])
def test_trick_values_match_brute_force(players: int, off: bool) -> None:
    rng = random.Random(players * 10 + off)
    for _ in range(60 if players == 4 else 120):
        deal = random_deal(rng, players, rng.randint(2, 4 if players == 4 else 5))
        side = deal.to_move % 2
        expected = brute(deal, side_tricks(side, players), side, off)
        assert trick_values(deal, rules_off_broken=off) == expected, deal


def test_values_never_exceed_the_tricks_left() -> None:
    rng = random.Random(7)
    for _ in range(40):
        deal = random_deal(rng, 4, rng.randint(3, 6))
        side = deal.to_move % 2
        base = sum(deal.won[side::2])
        for value in trick_values(deal).values():
            assert base <= value <= base + deal.tricks_left


def test_all_top_cards_take_every_trick() -> None:
    top = cards("AS KS QS JS TS 9S 8S AH KH AD KD AC KC")
    rest = [c for c in range(52) if not top >> c & 1]
    hands = (top, mask_of(rest[0:13]), mask_of(rest[13:26]), mask_of(rest[26:39]))
    values = trick_values(Deal(hands, leader=0, spades_broken=True))
    assert values[parse_card("AS")] == 13
    assert max(trick_values(Deal(hands, leader=0)).values()) <= 13
    # a hand of nothing but top trumps takes every trick whatever it leads
    spades = mask_of(range(39, 52))
    hands = (spades, *(mask_of(range(13 * s, 13 * s + 13)) for s in range(3)))
    assert set(trick_values(Deal(hands, leader=0)).values()) == {13}
    # and the other side takes none, whoever is on lead
    assert set(trick_values(Deal(hands, leader=1)).values()) == {0}


def test_the_broken_rule() -> None:
    hands = (cards("2S 3H"), cards("AH KH"))
    deal = Deal(hands, leader=0, won=(0, 0), players=2)
    assert trick_values(deal) == {parse_card("3H"): 1}
    assert trick_values(deal, rules_off_broken=True) == {parse_card("3H"): 1,
                                                         parse_card("2S"): 1}


def test_from_game_agrees_with_a_live_game() -> None:
    game = Game(FOUR, seed=3)
    rng = random.Random(3)
    while game.phase != "play":
        legal = game.legal_actions()
        game.apply(legal[1] if game.phase == "bidding" else rng.choice(legal))
    for _ in range(30):
        deal = Deal.from_game(game)
        assert deal.to_move == game.to_move
        assert deal.hands == tuple(mask_of(game.hand_of(s)) for s in range(4))
        assert deal.legal() == mask_of(a.card for a in game.legal_actions())
        assert deal.won == tuple(game.observation(0).tricks_won)
        game.apply(rng.choice(game.legal_actions()))
    deal = Deal.from_game(game)
    values = trick_values(deal)
    side = deal.to_move % 2
    assert set(values) == {a.card for a in game.legal_actions()}
    assert all(sum(deal.won[side::2]) <= v <= sum(deal.won[side::2]) + deal.tricks_left
               for v in values.values())


def test_the_table_key_follows_the_cards_that_leave_play() -> None:
    """The key the search keeps (suit lengths and holders) as a trick's cards leave play
    is the key of the position after, made afresh."""
    rng = random.Random(11)
    for players in (2, 4):
        for _ in range(60):
            deal = random_deal(rng, players, rng.randint(1, 13), in_trick=0)
            work = np.zeros(_WORK, np.int64)
            work[:players] = deal.hands
            alive = 0
            for seat, hand in enumerate(deal.hands):
                alive |= hand
                for card in range(52):
                    if hand >> card & 1:
                        work[_OWNER + card] = seat
            key = _shape(work, players, alive)
            trick = 0
            for seat, hand in enumerate(deal.hands):
                card = rng.choice([c for c in range(52) if hand >> c & 1])
                trick |= 1 << card
                work[seat] ^= 1 << card
            assert _without(work, players, trick, alive, *key) == _shape(
                work, players, alive & ~trick), deal


# ------------------------------------------------------------ the pruning against a plain search


@pytest.mark.parametrize(("players", "sizes"), [(4, (5, 9)), (2, (8, 13))])
@pytest.mark.parametrize("off", [False, True])
def test_pruning_agrees_with_a_plain_search(players: int, sizes: tuple[int, int],
                                            off: bool) -> None:
    """Winning ranks in the transposition table, sure tricks and small-card skips give
    the values of a search on exact positions only, in fewer nodes."""
    rng = random.Random(players * 100 + off)
    fast_nodes = plain_nodes = 0
    for _ in range(40):
        deal = random_deal(rng, players, rng.randint(*sizes))
        fast, nodes = _trick_search(deal, off)
        plain, more = _trick_search(deal, off, plain=True)
        assert fast == plain, deal
        fast_nodes += nodes
        plain_nodes += more
    assert fast_nodes < plain_nodes


@pytest.mark.parametrize("players", [2, 4])
def test_score_pruning_agrees_with_a_plain_search(players: int) -> None:
    rng = random.Random(200 + players)
    rules = FOUR if players == 4 else TWO
    for _ in range(30):
        deal = random_deal(rng, players, rng.randint(5, 8 if players == 4 else 12))
        contracts = random_contracts(rng, players)
        assert (_score_search(deal, contracts, rules)
                == _score_search(deal, contracts, rules, plain=True)), (deal, contracts)


def test_full_deals_agree_with_dds() -> None:
    """Partnership deals of 9 to 13 cards a seat against DDS (endplay), spades trump."""
    pytest.importorskip("endplay")
    sys.path.insert(0, str(Path(__file__).parent.parent / "benchmarks"))
    from solver_vs_dds import dds_values
    from solver_vs_dds import random_deal as bench_deal

    rng = random.Random(13)
    for tricks in (9, 10, 11, 13):
        deal = bench_deal(rng, tricks)
        assert trick_values(deal, rules_off_broken=True) == dds_values(deal), deal


# ------------------------------------------------------------ score mode


def random_contracts(rng: random.Random, players: int) -> list[Contract]:
    return [Contract(rng.choice([0, 0, 1, 2, 3, 4, 5]), rng.random() < 0.2)
            for _ in range(players)]


@pytest.mark.parametrize("players", [2, 4])
def test_score_values_match_brute_force(players: int) -> None:
    rng = random.Random(100 + players)
    rules = FOUR if players == 4 else TWO
    for _ in range(50 if players == 4 else 80):
        deal = random_deal(rng, players, rng.randint(2, 4 if players == 4 else 5))
        contracts = random_contracts(rng, players)
        side = deal.to_move % 2
        expected = brute(deal, hand_value(contracts, rules, side), side)
        values = score_values(deal, contracts, rules)
        assert values == expected, (deal, contracts)
        # the best card by the solver's values is at least as good as any other
        best = max(values, key=values.get)
        assert all(values[best] >= v for v in values.values())


def test_score_values_with_an_evaluate_function() -> None:
    rng = random.Random(5)
    for _ in range(30):
        deal = random_deal(rng, 4, 3)
        side = deal.to_move % 2
        contracts = [Contract(3)] * 4

        def evaluate(won: tuple[int, ...], side: int = side) -> float:
            return sum(won[side::2]) ** 2 - 0.5 * won[side]

        assert score_values(deal, contracts, FOUR, evaluate) == brute(deal, evaluate, side)


def test_known_nil_endings() -> None:
    contracts = [Contract(5), Contract(0)]
    # seat 1 bid nil and must win the heart ace: 12 tricks and a failed nil
    deal = Deal((cards("KH 3D"), cards("AH 2D")), leader=0, won=(11, 0), players=2)
    assert score_values(deal, contracts, TWO) == {parse_card("KH"): 156.0,
                                                  parse_card("3D"): 156.0}
    # with the king under the ace, the nil is made whatever seat 0 leads
    deal = Deal((cards("AH 3D"), cards("KH 2D")), leader=0, won=(11, 0), players=2)
    assert set(score_values(deal, contracts, TWO).values()) == {58.0 - 100.0}
