"""The rule-based bots: legal and repeatable everywhere, and the classic rules in set positions."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spades import Action, Game, Observation, Trick, parse_card, rules_for
from spades.bots import RandomBot
from spades.bots.rules_based import EasyBot, MediumBot, Table, estimate_tricks
from spades.cards import Card, mask_of

VARIANTS = ("two-player", "two-player-300", "partnership")
BOT_CLASSES = (EasyBot, MediumBot)


def cards(text: str) -> tuple[int, ...]:
    """Cards from their text, e.g. ``'AS KH 2C'``."""
    return tuple(parse_card(word) for word in text.split())


# ------------------------------------------------------------------ whole games


def _walk(variant: str, seed: int, steps: int = 900) -> list[Observation]:
    """Observations of the seat to move along a game driven by a mix of bots and chance."""
    rules = rules_for(variant, target=300)
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    drivers = [MediumBot(random.Random(seed)), EasyBot(random.Random(seed)),
               RandomBot(random.Random(seed))]
    seen = []
    for _ in range(steps):
        if game.over:
            break
        seat = game.to_move
        obs = game.observation(seat)
        seen.append(obs)
        driver = drivers[rng.randrange(3)] if obs.phase != "blind nil" else drivers[2]
        game.apply(driver.act(obs))
    return seen


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_decision_is_legal_and_repeatable(variant: str) -> None:
    phases: set[str] = set()
    for seed in range(4):
        for obs in _walk(variant, seed):
            phases.add(obs.phase)
            for cls in BOT_CLASSES:
                action = cls(random.Random(seed)).act(obs)
                assert action in obs.legal, (cls.__name__, obs.phase, action)
                assert cls(random.Random(seed)).act(obs) == action
    expected = {"bidding", "play"} | ({"draft"} if variant.startswith("two") else set())
    if variant != "two-player-300":
        expected |= {"blind nil", "exchange"}
    assert expected <= phases


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("cls", BOT_CLASSES)
def test_whole_games_between_bots_finish(variant: str, cls: type) -> None:
    rules = rules_for(variant, target=200)
    for seed in range(2):
        game = Game(rules, seed=seed)
        bots = [cls(random.Random(seed * 10 + s)) for s in range(rules.players)]
        while not game.over and game.hand_number < 30:
            seat = game.to_move
            game.apply(bots[seat].act(game.observation(seat)))
        assert game.hand_number >= 1


# ------------------------------------------------------------------ set positions


def _legal_plays(hand: tuple[int, ...], trick: tuple[int, ...], broken: bool) -> tuple[Action, ...]:
    if trick:
        follow = [c for c in hand if c // 13 == trick[0] // 13]
        if follow:
            return tuple(Action.play(c) for c in sorted(follow))
    elif not broken:
        side = [c for c in hand if c // 13 != 3]
        if side:
            return tuple(Action.play(c) for c in sorted(side))
    return tuple(Action.play(c) for c in sorted(hand))


def obs_for(
    variant: str = "partnership",
    *,
    seat: int = 0,
    phase: str = "play",
    hand: str = "",
    trick: str = "",
    leader: int | None = None,
    bids: tuple[int | None, ...] | None = None,
    tricks_won: tuple[int, ...] | None = None,
    discards: str = "",
    offered: str | None = None,
    broken: bool = False,
    **extra: Any,
) -> Observation:
    """A hand-made observation for ``seat``; plays are made legal by the rules of play."""
    rules = rules_for(variant)
    n = rules.players
    held = cards(hand)
    played = cards(trick)
    if leader is None:
        leader = (seat - len(played)) % n
    legal: tuple[Action, ...]
    if phase == "play":
        legal = _legal_plays(held, played, broken)
    elif phase == "bidding":
        legal = tuple(Action.bid(b) for b in range(14))
    elif phase == "draft":
        legal = (Action.parse("keep"), Action.parse("discard"))
    else:
        legal = extra.pop("legal")
    fields: dict[str, Any] = dict(
        seat=seat, rules=rules, phase=phase, to_move=seat, hand_number=1,
        dealer=3 if n == 4 else None, first_drawer=0 if n == 2 else None,
        scores=(0, 0), bag_totals=(0, 0), hand=held,
        offered=parse_card(offered) if offered else None, discards=cards(discards),
        stock_left=0, blind_nil=(), gave=(), received=(), giving=(), exchanged=(None,) * n,
        bids=bids if bids is not None else (3,) * n,
        tricks=(), trick=Trick.of(leader, played, n) if phase == "play" else None,
        tricks_won=tricks_won if tricks_won is not None else (0,) * n,
        spades_broken=broken, legal=legal, results=(), winner=None,
    )
    fields.update(extra)
    return Observation(**fields)


def medium_play(obs: Observation) -> str:
    action = MediumBot(random.Random(0)).act(obs)
    assert action in obs.legal
    return str(action)


def test_second_hand_low() -> None:
    obs = obs_for(seat=1, hand="KH 3H 9C 8C 7D 6D 5S", trick="5H")
    assert medium_play(obs) == "play 3H"


def test_third_hand_high_with_the_lower_of_touching_cards() -> None:
    obs = obs_for(seat=2, hand="KH QH 2H 9C 8C 7D 5S", trick="3H 6H")
    assert medium_play(obs) == "play QH"


def test_last_hand_wins_cheaply() -> None:
    obs = obs_for(seat=3, hand="AD KD TD 2D 9C 4S", trick="5D 3D 9D")
    assert medium_play(obs) == "play TD"


def test_no_overtaking_a_partner_sure_to_win() -> None:
    obs = obs_for(seat=2, hand="KD 2D 9C 4S", trick="AD 3D")
    assert medium_play(obs) == "play 2D"


def test_ruffs_when_void_and_overruffs_cheaply() -> None:
    ruff = obs_for(seat=3, hand="2S 7S QS 4H 9C", trick="5D 3D KD")
    assert medium_play(ruff) == "play 2S"
    over = obs_for(seat=3, hand="3S 7S QS 4H 9C", trick="5D KD 5S")
    assert medium_play(over) == "play 7S"


def test_no_ruff_over_a_partner_winning_for_sure() -> None:
    obs = obs_for(seat=3, hand="2S 7S 4H 9C", trick="5D AD 3D")
    assert medium_play(obs) == "play 4H"


def test_ducks_once_the_contract_is_made_and_safe() -> None:
    obs = obs_for(seat=3, hand="AD 8D 2D 9C", trick="5D 3D 9D",
                  bids=(2, 2, 2, 2), tricks_won=(3, 2, 2, 2))
    assert medium_play(obs) == "play 8D"


def test_nil_bidder_plays_the_highest_card_that_loses() -> None:
    obs = obs_for(seat=1, hand="KC 8C 2C 9H", trick="9C", bids=(3, 0, 3, 3))
    assert medium_play(obs) == "play 8C"
    void = obs_for(seat=1, hand="KH 3H 2S", trick="9C", bids=(3, 0, 3, 3))
    assert medium_play(void) == "play KH"


def test_covers_a_partner_nil() -> None:
    obs = obs_for(seat=3, hand="AC 5C 2C", trick="4C 9C 3C", bids=(3, 0, 3, 3))
    assert medium_play(obs) == "play AC"  # seat 1 (partner) wins with 9C: go over it


def test_does_not_overtake_a_nil_bidder() -> None:
    obs = obs_for(seat=2, hand="AC 5C 2C", trick="3C 9C", bids=(3, 0, 3, 3))
    assert medium_play(obs) == "play 5C"


def _done(leader: int, played: str, winner: int) -> Trick:
    """A finished trick of the hand so far, at a table of four."""
    return Trick.of(leader, cards(played), 4, winner)


def test_leads_low_into_a_nil_in_a_suit_her_partner_can_follow() -> None:
    # seat 3, the nil bidder's partner, showed a void in hearts: a heart would be ruffed
    # and the nil bidder would throw anything under it
    obs = obs_for(seat=0, hand="2H 4H 5D 9D TD JD 7S", bids=(3, 0, 3, 3),
                  tricks=(_done(2, "3H 2C AH 8H", 0),), tricks_won=(1, 0, 0, 0))
    assert medium_play(obs) == "play 5D"


def test_keeps_the_card_to_beat_low_before_a_nil_bidder() -> None:
    # the partner leads low, seat 3 (nil) plays last: stay under, do not play third hand high
    low = obs_for(seat=2, hand="KD 7D 5D 9C", trick="4D 2D", bids=(3, 3, 3, 0))
    assert medium_play(low) == "play 5D"
    # void: no ruff over the partner, throw a high side card and keep the low ones to lead
    void = obs_for(seat=2, hand="KH 3H 9C 2C 5S", trick="4D 2D", bids=(3, 3, 3, 0))
    assert medium_play(void) == "play KH"


def test_cover_leads_a_suit_the_nil_bidder_is_void_in() -> None:
    obs = obs_for(seat=3, hand="QC 4C AD 3D 8H", bids=(3, 0, 3, 3),
                  tricks=(_done(0, "5C 2H 9C AC", 3),), tricks_won=(0, 0, 0, 1))
    assert medium_play(obs) == "play QC"


def test_cover_leads_a_card_the_nil_bidder_likely_holds_cards_under() -> None:
    # four clubs are out, all above the 2: she may well hold only clubs above it; the 9
    # of diamonds has six diamonds out below it
    obs = obs_for(seat=0, hand="2C 7D 9D 5H", bids=(3, 3, 0, 2), tricks_won=(2, 0, 0, 0),
                  tricks=(_done(0, "AC KC QC JC", 0), _done(0, "TC 9C 8C 6C", 0)))
    assert medium_play(obs) == "play 9D"


def _bid(hand: str, variant: str = "partnership", **extra: Any) -> int:
    obs = obs_for(variant, phase="bidding", hand=hand, bids=(None,) * rules_for(variant).players,
                  **extra)
    return MediumBot(random.Random(0)).act(obs).tricks


def test_bids_more_with_more_aces_and_spades() -> None:
    weak = _bid("5S 3S 9H 7H 4H 8D 6D 3D 2D JC 9C 5C 2C")
    aces = _bid("5S 3S AH 7H 4H AD 6D 3D 2D AC 9C 5C 2C")
    spades = _bid("AS KS QS 8S 6S 3S 9H 7H 8D 6D 3D 9C 2C")
    assert weak < aces and weak < spades
    assert spades >= 5


def test_bids_nil_with_a_clear_nil_hand() -> None:
    assert _bid("2S 3S 9H 7H 4H 2H 8D 6D 3D 2D 6C 4C 3C") == 0
    assert _bid("AS 3S 9H 7H 4H 2H 8D 6D 3D 2D 6C 4C 3C") > 0


def test_keeps_the_ace_of_spades_in_the_draft() -> None:
    for hand in ("", "2C 3D 4H", "AH KH QH JH TH 9H"):
        obs = obs_for("two-player", phase="draft", hand=hand, offered="AS")
        assert str(MediumBot(random.Random(0)).act(obs)) == "keep"
        assert str(EasyBot(random.Random(1)).act(obs)) in ("keep", "discard")


def test_discards_a_low_card_in_the_draft() -> None:
    obs = obs_for("two-player", phase="draft", hand="AS KS 4H", offered="3C")
    assert str(MediumBot(random.Random(0)).act(obs)) == "discard"


@pytest.mark.parametrize(("offered", "kept"), [("2S", "keep"), ("KH", "keep"), ("QH", "discard"),
                                               ("JC", "discard")])
def test_drafts_spades_aces_and_kings(offered: str, kept: str) -> None:
    obs = obs_for("two-player", phase="draft", hand="AS 4H 7D", offered=offered)
    assert str(MediumBot(random.Random(0)).act(obs)) == kept


def test_a_two_player_bid_reads_hers() -> None:
    hand = "AS KS 8S 6S 3S AH 7H 8D 6D 3D KC 9C 2C"

    def bid_after(hers: int | None) -> int:
        obs = obs_for("two-player", phase="bidding", hand=hand, bids=(None, hers))
        return MediumBot(random.Random(0)).act(obs).tricks
    assert bid_after(10) < bid_after(None) < bid_after(2)


def test_remembers_its_discards() -> None:
    hand = "KS JS 4S AH 7H 4H KD 6D 3D 2D JC 9C 5C"
    plain = _bid(hand, "two-player-300", discards="2H")
    knows = _bid(hand, "two-player-300", discards="AS")
    assert knows > plain
    out = obs_for("two-player-300", hand="KS 4S 9H", discards="AS", broken=True)
    assert Table(out).is_master(parse_card("KS"))
    assert estimate_tricks(cards(hand), mask_of(cards("AS")), 2) > estimate_tricks(
        cards(hand), 0, 2)


def test_blind_nil_only_when_far_behind() -> None:
    legal = (Action.parse("blind nil"), Action.parse("no blind nil"))
    behind = obs_for(phase="blind nil", legal=legal, scores=(50, 300))
    level = obs_for(phase="blind nil", legal=legal, scores=(250, 300))
    assert str(MediumBot(random.Random(0)).act(behind)) == "blind nil"
    assert str(MediumBot(random.Random(0)).act(level)) == "no blind nil"
    assert str(EasyBot(random.Random(0)).act(behind)) == "no blind nil"


def partnership_give(bot: Any, hand: str, seat: int) -> list[Card]:
    """The cards ``bot`` gives, step by step, in a partnership exchange of ``hand`` (seat 0
    bid blind nil): each step's observation holds the cards chosen before it."""
    chosen: list[Card] = []
    while len(chosen) < 3:
        legal = tuple(Action.give(c) for c in cards(hand) if c not in chosen)
        obs = obs_for(seat=seat, phase="exchange", hand=hand, legal=legal, blind_nil=(0,),
                      giving=tuple(chosen))
        step = bot.act(obs)
        assert step in legal
        chosen.append(step.card)
    return chosen


def test_blind_nil_exchange_gives_danger_away_and_low_cards_to_partner() -> None:
    hand = "AS KS 2S 9H 7H 4H 8D 6D 3D 2D 6C 4C 3C"
    assert set(partnership_give(MediumBot(random.Random(0)), hand, 0)) >= set(cards("AS KS"))
    given = partnership_give(MediumBot(random.Random(0)), hand, 2)
    assert all(c % 13 <= 2 and c // 13 != 3 for c in given)
    easy = partnership_give(EasyBot(random.Random(0)), hand, 0)
    assert sorted(easy) == sorted(cards("AS KS 9H"))
