"""Every registered bot: legal, repeatable, blind to hidden cards; ``make_bot`` names.

Positions come from games played with random legal actions (random blind nils, so
exchanges happen), kept at sampled steps of every phase of every variant (and two
house-rule sets). Search bots get cheap budgets, and in two-player card play only
late positions (the solver is slow with many cards left).
"""

from __future__ import annotations

import copy
import functools
import random
from dataclasses import dataclass, replace

import pytest
from helpers import opponent_must_hold_drawn_cards

from spades import Action, Game, Observation, Phase, SpadesError, rules_for
from spades.bots import (
    BENCHMARK_BOTS,
    BOTS,
    check_bot_name,
    close_bot,
    make_bot,
    parse_bot_name,
    reveal_hands,
    search,
)
from spades.bots.rollout import Outcome, Rollout
from spades.bots.search import SearchBot
from spades.cards import DECK_SIZE, SUIT_MASKS, cards_in, mask_of, parse_card

CONFIGS = {
    "two-player": rules_for("two-player", target=200),
    "two-player-300": rules_for("two-player-300", target=150),
    "partnership": rules_for("partnership", target=200),
    # house rules: no nil at all (so no blind nil), spades led any time, one-card exchanges
    "partnership-no-nil": rules_for("partnership", nil=False, lead_spades_anytime=True,
                                    target=200),
    "two-player-house": rules_for("two-player", exchange_cards=1, lead_spades_anytime=True,
                                  target=200),
    "two-player-no-nil": rules_for("two-player", nil=False, target=200),
}
EXPECTED_PHASES = {
    "two-player": {"blind nil", "draft", "exchange", "bidding", "play"},
    "two-player-300": {"draft", "bidding", "play"},
    "partnership": {"blind nil", "exchange", "bidding", "play"},
    "partnership-no-nil": {"bidding", "play"},
    "two-player-house": {"blind nil", "draft", "exchange", "bidding", "play"},
    "two-player-no-nil": {"draft", "bidding", "play"},
}
CHEAP = {
    "hard": "hard:samples=2:dd=3:min_samples=1:bids=2:draft=2:early=2:leads=2",
    "expert": "expert:samples=2:dd=3:min_samples=1:bids=2:draft=2:early=2:leads=2",
    "cheat": "cheat:samples=2:dd=3:min_samples=1:bids=2:draft=2:early=2:leads=2",
}
SEARCHERS = ("hard", "expert", "cheat")
BLIND_TO_HIDDEN = ("random", "easy", "medium", "hard")
KEEP_RATE = {"blind nil": 1.0, "draft": 0.12, "exchange": 1.0, "bidding": 1.0, "play": 0.25}
LATE = 5  # two-player card play is searched only with this many cards or fewer


def spec_of(name: str) -> str:
    return CHEAP.get(name, name)


@dataclass(frozen=True)
class Spot:
    """A position: the game as it stood (a private copy) and the mover's observation."""

    label: str
    game: Game
    obs: Observation


@functools.cache
def spots(config: str) -> tuple[Spot, ...]:
    """Sampled positions of random games under ``config``'s rules."""
    rules = CONFIGS[config]
    found = []
    for seed in range(3):
        game = Game(rules, seed=f"bots:{config}:{seed}")
        rng = random.Random(seed)
        while not game.over and game.hand_number <= 2:
            obs = game.observation(game.to_move)
            late = obs.phase == "play" and len(obs.hand) <= LATE
            if rng.random() < (0.6 if late else KEEP_RATE[obs.phase]):
                label = f"{config} seed {seed} hand {obs.hand_number} {obs.phase} seat {obs.seat}"
                found.append(Spot(label, copy.deepcopy(game), obs))
            game.apply(rng.choice(obs.legal))
    return tuple(found)


def searchable(spot: Spot) -> bool:
    """Cheap enough for a search bot: not early two-player card play."""
    obs = spot.obs
    return not (obs.rules.players == 2 and obs.phase == "play" and len(obs.hand) > LATE)


def forbidden() -> list[int]:
    raise AssertionError("a bot other than cheat looked at the true hands")


def build(name: str, seed: int, game: Game | None = None):
    """A fresh bot; ``cheat`` is shown ``game``'s hands, the others a trap."""
    bot = make_bot(spec_of(name), seed, benchmark=True)
    if name == "cheat":
        assert game is not None
        reveal_hands(bot, game.hand_masks)
    else:
        reveal_hands(bot, forbidden)
    return bot


# ------------------------------------------------------------------ legal and repeatable


def test_registry_has_the_documented_bots() -> None:
    assert {"random", "easy", "medium", "hard", "expert"} <= set(BOTS)
    assert "cheat" in BENCHMARK_BOTS and "cheat" not in BOTS


def test_cheat_is_only_made_for_benchmarks() -> None:
    with pytest.raises(SpadesError, match="unknown bot 'cheat'"):
        make_bot("cheat", 0)
    assert make_bot("cheat", 0, benchmark=True) is not None


@pytest.mark.parametrize("config", CONFIGS)
def test_positions_cover_every_phase(config: str) -> None:
    phases = {spot.obs.phase for spot in spots(config)}
    assert phases == EXPECTED_PHASES[config]
    late = [s for s in spots(config) if s.obs.phase == "play" and len(s.obs.hand) <= 3]
    assert late, "no late card play position"


@pytest.mark.parametrize("name", [*BOTS, *BENCHMARK_BOTS])
@pytest.mark.parametrize("config", CONFIGS)
def test_every_bot_is_legal_and_repeatable(config: str, name: str) -> None:
    asked = set()
    for i, spot in enumerate(spots(config)):
        if name in SEARCHERS and not searchable(spot):
            continue
        obs = spot.obs
        action = build(name, i, spot.game).act(obs)
        assert action in obs.legal, (spot.label, name, action)
        again = build(name, i, spot.game).act(obs)
        assert again == action, (spot.label, name, action, again)
        asked.add(obs.phase)
    assert asked == EXPECTED_PHASES[config]


def test_whole_hands_repeat_from_the_same_seeds() -> None:
    """A whole hand of four bots per kind, twice from the same seeds: the same actions."""

    def play(spec: str) -> list[int]:
        game = Game(rules_for("partnership"), seed=11)
        bots = [make_bot(spec, f"whole:{seat}") for seat in range(4)]
        actions = []
        while game.hand_number == 1:
            action = bots[game.to_move].act(game.observation(game.to_move))
            actions.append(int(action))
            game.apply(action)
        return actions

    for name in ("random", "easy", "medium", "hard"):
        first = play(spec_of(name))
        assert len(first) >= 52
        assert play(spec_of(name)) == first, name


def test_search_bots_differ_from_medium_somewhere() -> None:
    """The cheap search budget still searches: in late positions it is not just medium."""
    late = [s for c in ("two-player", "partnership") for s in spots(c)
            if s.obs.phase == "play" and len(s.obs.legal) > 1 and searchable(s)
            and (s.obs.rules.players == 2 or len(s.obs.hand) <= 3)]
    assert len(late) >= 10
    differ = sum(build("hard", i).act(s.obs) != build("medium", i).act(s.obs)
                 for i, s in enumerate(late))
    assert differ > 0


# ------------------------------------------------------------------ hidden cards


def shown_voids(obs: Observation) -> list[int]:
    """Each seat's suits (as card masks) its plays showed it lacks: failures to follow,
    and everything but spades for a spade led before any spade was played."""
    n = obs.rules.players
    void = [0] * n
    spade_seen = obs.rules.lead_spades_anytime
    for trick in [*obs.tricks, *([obs.trick] if obs.trick else [])]:
        if not trick.cards:
            continue
        led = trick.cards[0] // 13
        if led == 3 and not spade_seen:
            void[trick.leader] |= SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2]
        for i, card in enumerate(trick.cards):
            if card // 13 != led:
                void[(trick.leader + i) % n] |= SUIT_MASKS[led]
            spade_seen = spade_seen or card // 13 == 3
    return void


def _fits(card: int, seat: int, void: list[int]) -> bool:
    return not (void[seat] >> card & 1)


def other_world(game: Game, rng: random.Random) -> Game:
    """A copy of ``game`` whose hidden cards differ but where the mover sees the same.

    Cards the mover cannot see are moved: the whole deck before anyone has looked
    (blind nil); otherwise swaps between other seats' hands (four players), or between
    the opponent's hand and the cards the mover cannot place, the rest of the stock
    and the discard pile (two players). Swaps respect the voids the play has shown.
    """
    alt = copy.deepcopy(game)
    seat = alt.to_move
    obs = game.observation(seat)
    log = alt.hands[-1]
    n = alt.rules.players
    if obs.phase == "blind nil":
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)
        log.deck = deck
        if n == 4:
            for i in range(4):
                alt._hands[(log.dealer + 1 + i) % 4] = mask_of(deck[i::4])
        return alt
    void = shown_voids(obs)
    if n == 4:
        known_to_partner = mask_of(obs.gave)
        others = [s for s in range(4) if s != seat]
        for _ in range(30):
            a, b = rng.sample(others, 2)
            xs = [c for c in cards_in(alt._hands[a] & ~known_to_partner) if _fits(c, b, void)]
            ys = [c for c in cards_in(alt._hands[b] & ~known_to_partner) if _fits(c, a, void)]
            if xs and ys:
                x, y = rng.choice(xs), rng.choice(ys)
                alt._hands[a] ^= 1 << x | 1 << y
                alt._hands[b] ^= 1 << x | 1 << y
        return alt
    other = 1 - seat
    stock_from = alt._stock_pos + (1 if obs.phase == "draft" else 0)
    # the mover knows where its own discards and gifts went: leave them alone
    mine = mask_of(obs.discards) | mask_of(obs.gave)
    for _ in range(10):
        outside = [*alt._pile, *log.deck[stock_from:]]
        xs = list(cards_in(alt._hands[other] & ~mine))
        ys = [c for c in outside if _fits(c, other, void) and not mine >> c & 1]
        if not xs or not ys:
            break
        x, y = rng.choice(xs), rng.choice(ys)
        alt._hands[other] ^= 1 << x | 1 << y
        if y in alt._pile:
            alt._pile[alt._pile.index(y)] = x
            if alt._discards[other] >> y & 1:
                alt._discards[other] ^= 1 << x | 1 << y
        else:
            deck = list(log.deck)
            at_y, at_x = deck.index(y, stock_from), deck.index(x)
            deck[at_y], deck[at_x] = x, y
            log.deck = deck
    return alt


def _hidden_state(game: Game) -> tuple:
    log = game.hands[-1]
    return tuple(game._hands), tuple(log.deck), tuple(sorted(game._pile))


@pytest.mark.parametrize("config", ["two-player", "two-player-300", "partnership"])
def test_decisions_do_not_depend_on_hidden_cards(config: str) -> None:
    rng = random.Random(config)
    compared = 0
    for i, spot in enumerate(spots(config)):
        alt = other_world(spot.game, rng)
        seat = spot.game.to_move
        alt_obs = alt.observation(seat)
        assert alt_obs == spot.obs, spot.label
        if _hidden_state(alt) == _hidden_state(spot.game):
            continue  # nothing could be moved (e.g. one card left each)
        compared += 1
        for name in BLIND_TO_HIDDEN:
            if name in SEARCHERS and not searchable(spot):
                continue
            here = build(name, i).act(spot.obs)
            there = build(name, i).act(alt_obs)
            assert here == there, (spot.label, name, here, there)
    assert compared >= 20


def test_other_worlds_change_what_a_cheat_does() -> None:
    """The test above has teeth: the bot that sees the hidden cards plays differently."""
    rng = random.Random(5)
    differ = 0
    for config in ("two-player", "partnership"):
        for i, spot in enumerate(spots(config)):
            obs = spot.obs
            if obs.phase != "play" or len(obs.legal) < 2 or not searchable(spot):
                continue
            alt = other_world(spot.game, rng)
            here = build("cheat", i, spot.game).act(obs)
            there = build("cheat", i, alt).act(alt.observation(obs.seat))
            differ += here != there
    assert differ > 0


def test_other_world_keeps_its_cards_whole() -> None:
    """The helper itself: every card still in exactly one place, and hands really differ."""
    rng = random.Random(1)
    moved = 0
    for config in ("two-player", "partnership"):
        for spot in spots(config):
            alt = other_world(spot.game, rng)
            log = alt.hands[-1]
            n = alt.rules.players
            held = [alt._hands[s] for s in range(n)]
            assert [h.bit_count() for h in held] == [
                h.bit_count() for h in spot.game._hands]
            assert sorted(log.deck) == list(range(DECK_SIZE))
            union = 0
            for h in held:
                assert union & h == 0
                union |= h
            moved += alt._hands != spot.game._hands
    assert moved > 10


# ------------------------------------------------------------------ names and budgets


def test_make_bot_parses_budgets() -> None:
    assert parse_bot_name("hard:samples=3:dd=4") == ("hard", {"samples": 3, "dd": 4})
    assert parse_bot_name("hard:time=0.5") == ("hard", {"time": 0.5})
    bot = make_bot("hard:samples=3:dd=4", 0)
    assert isinstance(bot, SearchBot)
    assert (bot.samples, bot.dd, bot.time_budget) == (3, 4, None)
    assert make_bot("hard:time=0.25", 0).time_budget == 0.25
    default = make_bot("hard", 0)
    expert = make_bot("expert", 0)
    assert expert.samples > default.samples and expert.dd >= default.dd
    assert (make_bot("expert:samples=5", 0).samples, make_bot("expert:samples=5", 0).dd) == (
        5, expert.dd)


@pytest.mark.parametrize("spec", [
    "nobody", "", "Hard", "hard:samples", "hard:=3", "hard:bogus=1", "random:samples=3",
    "medium:dd=2", "cheat:foo=1",
])
def test_make_bot_rejects_unknown_bots_and_parameters(spec: str) -> None:
    with pytest.raises(SpadesError):
        make_bot(spec, 0)


def test_check_bot_name() -> None:
    for spec in ("random", "hard:samples=3:dd=4", "cmd:python bot.py"):
        check_bot_name(spec)
    for spec in ("nobody", "hard:samples", "hard:bogus=1", "hard:samples=0"):
        with pytest.raises(SpadesError):
            check_bot_name(spec)


def test_make_bot_rejects_a_budget_that_is_not_a_number() -> None:
    for spec in ("hard:samples=abc", "hard:draft=-1", "hard:draft=0.5", "hard:samples=0",
                 "hard:own_bags=-1", "hard:own_bags=x"):
        with pytest.raises(SpadesError):
            make_bot(spec, 0)
    assert make_bot("hard:draft=0", 0).draft_samples == 0


def test_a_made_contract_charges_each_further_bag_its_share_of_the_penalty() -> None:
    """With ``own_bags``, once the side has taken its bid, a bag costs a tenth of the
    sandbag penalty (the penalty the hand pays counted back); before, nothing changes."""
    from spades.bots.search import match_value
    from spades.scoring import contracts, score_hand

    seen = set()
    for spot in spots("two-player"):
        obs = spot.obs
        if obs.phase != "play" or None in obs.bids or 0 in obs.bids:
            continue
        asked = [contracts(obs.bids, obs.blind_nil)]
        if obs.tricks_won[obs.seat]:  # the same position, had the seat bid what it has
            bids = list(obs.bids)
            bids[obs.seat] = obs.tricks_won[obs.seat]
            asked.append(contracts(bids, obs.blind_nil))
        for bids in asked:
            made = obs.tricks_won[obs.seat] >= bids[obs.seat].tricks
            plain, charged = match_value(obs, bids), match_value(obs, bids, own_bags=1.0)
            left = 13 - sum(obs.tricks_won)
            for mine in range(left + 1):
                won = [mine, left - mine] if obs.seat == 0 else [left - mine, mine]
                won = [w + t for w, t in zip(won, obs.tricks_won, strict=True)]
                result, _ = score_hand(bids, won, obs.scores, obs.bag_totals, obs.rules)
                cost = 10 * result.bags[obs.seat] - result.penalties[obs.seat] if made else 0
                assert charged(tuple(won)) == plain(tuple(won)) - cost, spot.label
            seen.add(made)
    assert seen == {True, False}
    # the hint says so once the contract is made
    spot = next(s for s in spots("two-player") if s.obs.phase == "play" and searchable(s)
                and len(s.obs.legal) > 1 and 0 not in s.obs.bids
                and 0 < s.obs.tricks_won[s.obs.seat] < s.obs.bids[s.obs.seat])
    bids = list(spot.obs.bids)
    bids[spot.obs.seat] = spot.obs.tricks_won[spot.obs.seat]
    made = replace(spot.obs, bids=tuple(bids))
    assert "a bag counted as 10 points" in build("hard", 0).explain(made)[1]
    assert "bag" not in build("hard", 0).explain(spot.obs)[1]
    # with four hands too, once the side's bids are taken; the hint says whose contract
    def side_taken(obs: Observation) -> int:
        return sum(obs.tricks_won[s] for s in obs.rules.seats_of(obs.rules.side_of(obs.seat)))

    four = next(s for s in spots("partnership") if s.obs.phase == "play"
                and len(s.obs.legal) > 1 and len(s.obs.hand) <= 3  # the cheap bot's dd
                and not s.obs.blind_nil and side_taken(s.obs) >= 2)
    mine, partner = four.obs.seat, four.obs.rules.partner_of(four.obs.seat)
    assert partner is not None
    bids = list(four.obs.bids)
    bids[mine], bids[partner] = 1, side_taken(four.obs) - 1  # made exactly
    why = build("hard", 0).explain(replace(four.obs, bids=tuple(bids)))[1]
    assert "a bag counted as 10 points now that your side's contract is made" in why
    bids[mine] = 2  # a trick short: no charge yet
    assert "bag" not in build("hard", 0).explain(replace(four.obs, bids=tuple(bids)))[1]
    # the default: a share, with two players and with four; cheat plays as before
    assert make_bot("hard", 0).OWN_BAGS == 1.0
    assert make_bot("cheat", 0, benchmark=True).OWN_BAGS == 0.0


def draft_offer(offered: str, variant: str = "two-player-300") -> Observation:
    """The first draft decision of a hand whose deck starts with ``offered``."""
    rest = [c for c in range(DECK_SIZE) if c != parse_card(offered)]
    random.Random(offered).shuffle(rest)
    game = Game(rules_for(variant), decks=[[parse_card(offered), *rest]])
    while game.phase != "draft":
        game.apply("no blind nil")
    return game.observation(game.to_move or 0)


@pytest.mark.parametrize("offered", ["AS", "KS", "AH"])
def test_hard_keeps_a_strong_card_by_sampling_the_rest_of_the_draft(offered: str) -> None:
    action, reason = make_bot("hard:draft=8", 1).explain(draft_offer(offered))
    assert str(action) == "keep"
    assert f"keeping {offered}" in reason and "over 8 sampled stocks" in reason


def test_hard_passes_a_weak_card_by_sampling_the_rest_of_the_draft() -> None:
    action, reason = make_bot("hard:draft=8", 1).explain(draft_offer("2C"))
    assert str(action) == "discard", reason


def test_cheat_needs_reveal_hands() -> None:
    spot = next(s for s in spots("two-player") if s.obs.phase == "play"
                and len(s.obs.legal) > 1 and searchable(s))
    with pytest.raises(SpadesError, match="reveal"):
        make_bot(spec_of("cheat"), 0, benchmark=True).act(spot.obs)
    bot = make_bot(spec_of("cheat"), 0, benchmark=True)
    reveal_hands(bot, spot.game.hand_masks)
    assert bot.act(spot.obs) in spot.obs.legal


def test_cheat_plays_the_true_deal() -> None:
    """With the hands shown, cheat searches the one true deal: its card is a best card
    of that deal (the same as a search bot whose only sample is the truth)."""
    from spades.bots.search import match_value
    from spades.bots.solver import Deal, score_values
    from spades.scoring import contracts

    checked = 0
    for spot in spots("two-player"):
        obs = spot.obs
        if obs.phase != "play" or len(obs.legal) < 2 or not searchable(spot):
            continue
        action = build("cheat", 0, spot.game).act(obs)
        trick = obs.trick
        deal = Deal(tuple(spot.game.hand_masks()), trick.leader if trick else obs.seat,
                    trick.cards if trick else (), tuple(obs.tricks_won),
                    obs.spades_broken or obs.rules.lead_spades_anytime, 2)
        values = score_values(deal, contracts(obs.bids, obs.blind_nil), obs.rules,
                              match_value(obs, contracts(obs.bids, obs.blind_nil)))
        assert values[action.card] == max(values[a.card] for a in obs.legal), spot.label
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_four_cheats_bid_what_their_sides_take(seed: int) -> None:
    """With four hands cheat bids its side's double-dummy tricks (half of them first, the
    rest second) and searches from the first trick: four of them make their contracts
    exactly, no set and no bag, unless a side can take fewer than its two least bids."""
    game = Game(rules_for("partnership", blind_nil_deficit=100), seed=seed)
    bots = [make_bot("cheat", seat, benchmark=True) for seat in range(4)]
    for bot in bots:
        reveal_hands(bot, game.hand_masks)
    while game.hand_number == 1:
        game.apply(bots[game.to_move].act(game.observation(game.to_move)))
    hand = game.hands[0]
    assert hand.result is not None
    bids = hand.seat_bids(4)
    for side in (0, 1):
        side_bids = [b for b in bids[side::2] if b is not None]
        bid, won = sum(side_bids), sum(hand.result.tricks[side::2])
        assert 0 not in side_bids
        assert won == bid or (won < 2 and bid == 2), (side, bid, won)


def test_cheat_without_reveal_fails_at_its_first_decision() -> None:
    spot = next(s for s in spots("partnership") if s.obs.phase == "bidding")
    with pytest.raises((RuntimeError, SpadesError), match="reveal"):
        make_bot(spec_of("cheat"), 0, benchmark=True).act(spot.obs)


def test_hard_plays_when_the_opponent_must_hold_drawn_cards() -> None:
    # seat 1 drew the QS KS AS that seat 0 discarded and must hold them
    game = opponent_must_hold_drawn_cards()
    obs = game.observation(0)
    # six samples: each has about 1 chance in 9 of drawing all three spades from the pile
    assert make_bot("hard:samples=6:dd=3:min_samples=6", 0).act(obs) in obs.legal


def test_close_bot_of_builtin_bots_reports_no_problems() -> None:
    for name in [*BOTS, *BENCHMARK_BOTS]:
        assert close_bot(make_bot(spec_of(name), 0, benchmark=True)) == []


def test_reveal_hands_is_ignored_by_fair_bots() -> None:
    calls: list[int] = []

    def spy() -> list[int]:
        calls.append(1)
        return [0, 0]

    spot = next(s for s in spots("two-player") if s.obs.phase == "play"
                and len(s.obs.legal) > 1 and searchable(s))
    for name in (*BLIND_TO_HIDDEN, "expert"):
        bot = make_bot(spec_of(name), 0)
        reveal_hands(bot, spy)
        bot.act(spot.obs)
    assert calls == []



def partnership_game(seat_zero: str, until: str, bid: str = "bid 3") -> Game:
    """A partnership hand in which seat 0 holds ``seat_zero``, at seat 0's first
    decision in phase ``until`` (seat 0 bids ``bid``, the others 3)."""
    mine = [parse_card(c) for c in seat_zero.split()]
    rest = [c for c in range(DECK_SIZE) if c not in mine]
    random.Random(seat_zero).shuffle(rest)
    deck = [mine[i // 4] if i % 4 == 0 else rest[i - 1 - i // 4] for i in range(DECK_SIZE)]
    game = Game(rules_for("partnership"), decks=[deck])
    while game.phase != until:
        game.apply("no blind nil" if game.phase == "blind nil"
                   else bid if game.to_move == 0 else "bid 3")
    assert game.to_move == 0 and sorted(game.hand_of(0)) == sorted(mine)
    return game


def partnership_deal(seat_zero: str, until: str) -> Observation:
    """Seat 0's observation in :func:`partnership_game`."""
    return partnership_game(seat_zero, until).observation(0)


def test_hard_bids_nil_in_partnership_with_a_hand_of_low_cards() -> None:
    obs = partnership_deal("2C 3C 4C 2D 3D 4D 5D 2H 3H 4H 5H 2S 3S", "bidding")
    action, reason = make_bot("hard:bids=8", 1).explain(obs)
    assert str(action) == "nil", reason
    assert "over 8 sampled deals played out" in reason


def test_hard_bids_high_in_partnership_with_a_hand_of_high_cards() -> None:
    obs = partnership_deal("AS KS QS JS TS AH KH QH AD KD AC KC QC", "bidding")
    action, reason = make_bot("hard:bids=8", 1).explain(obs)
    assert action.kind == "bid" and action.tricks >= 10, reason


@pytest.mark.parametrize("variant", ["two-player", "partnership"])
def test_the_true_deal_agrees_with_the_bids_of_medium_players(variant: str) -> None:
    """The check behind the search's samples models the medium player's bids exactly."""
    rules = rules_for(variant, blind_nil=False)
    for seed in range(30):
        game = Game(rules, seed=seed)
        bots = [make_bot("medium", seat) for seat in range(rules.players)]
        while game.phase != "play" or len(game.observation(0).tricks) < seed % 10:
            game.apply(bots[game.to_move].act(game.observation(game.to_move)))
        obs = game.observation(game.to_move)
        at_bidding = [hand | cards for hand, cards in zip(game.hand_masks(), obs.played_by(),
                                                          strict=True)]
        assert SearchBot(random.Random(seed))._bids_fit(obs, at_bidding)


def test_hard_samples_deals_that_agree_with_the_bids_made() -> None:
    game = partnership_game("AS 7S 2H 9H KH 3D 8D JD 4C 6C TC QC AC", "play")
    obs = game.observation(0)
    played = obs.played_by()

    def agreeing(bot: SearchBot) -> int:
        samples = [bot._sample(obs) for _ in range(30)]
        return sum(Rollout(obs.rules, [h | p for h, p in zip(hands, played, strict=True)],
                           game.hands[0].dealer).fits(obs.bids, seed, unchecked={0})
                   for seed, hands in enumerate(samples))

    fitted, unfitted = agreeing(SearchBot(random.Random(1))), agreeing(
        SearchBot(random.Random(1), fit=1))
    assert fitted >= 2 * unfitted + 5


def test_hard_values_early_partnership_cards_by_deals_played_out() -> None:
    obs = partnership_deal("AS 7S 2H 9H KH 3D 8D JD 4C 6C TC QC AC", "play")
    action, reason = make_bot("hard:early=4", 1).explain(obs)
    assert action in obs.legal and "over 4 sampled deals played out" in reason


def test_hard_plays_equal_cards_as_medium_does_without_playing_them_out() -> None:
    obs = partnership_deal("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "play")
    action, reason = make_bot("hard:early=4", 1).explain(obs)
    assert action == make_bot("medium", 1).act(obs)
    assert reason == "these cards are all worth the same"


def test_hard_declares_blind_nil_in_partnership_when_the_sampled_deals_say_it_pays() -> None:
    """At 0-0 a blind nil with its three-card exchange is worth far more than a bid
    against medium players; with the partner's blind nil already declared (no exchange
    then) a second is not."""
    game = Game(rules_for("partnership"), seed=2)
    first = game.to_move
    action, reason = make_bot("hard:bids=8", 1).explain(game.observation(first))
    assert str(action) == "blind nil" and "more on average declaring blind nil" in reason
    game.apply("blind nil")
    while game.to_move != (first + 2) % 4:
        game.apply("no blind nil")
    action, reason = make_bot("hard:bids=8", 1).explain(game.observation(game.to_move))
    assert str(action) == "no blind nil", reason


def test_hard_bids_after_a_blind_nil_on_rollouts_that_score_it_as_one(monkeypatch) -> None:
    game = Game(rules_for("partnership"), seed=2)
    declarer = game.to_move
    game.apply("blind nil")
    while game.phase != "bidding":
        game.apply("no blind nil" if game.phase == "blind nil"
                   else make_bot("medium", 0).act(game.observation(game.to_move)))
    outcomes: list[Outcome] = []
    played_value = search._played_value

    def recording(obs: Observation, outcome: Outcome) -> float:
        outcomes.append(outcome)
        return played_value(obs, outcome)

    monkeypatch.setattr(search, "_played_value", recording)
    make_bot("hard:bids=2", 1).act(game.observation(game.to_move))
    assert outcomes and all(outcome.blind_nil == (declarer,) for outcome in outcomes)
    assert all(outcome.bids[declarer] == 0 for outcome in outcomes)


def test_a_blind_nil_made_in_a_rollout_is_worth_twice_a_nil() -> None:
    obs = Game(rules_for("partnership"), seed=2).observation(0)
    bids, tricks = [0, 3, 4, 3], [0, 4, 5, 4]
    blind = search._played_value(obs, Outcome(bids, (0,), tricks))
    assert blind - search._played_value(obs, Outcome(bids, (), tricks)) == 100


def two_player_bidding() -> Observation:
    """The first bid of a two-player hand whose draft medium players made."""
    game = Game(rules_for("two-player"), seed=4)
    bots = [make_bot("medium", seat) for seat in range(2)]
    while game.phase != "bidding":
        obs = game.observation(game.to_move)
        game.apply("no blind nil" if obs.phase == "blind nil" else bots[obs.seat].act(obs))
    return game.observation(game.to_move)


def test_a_two_player_bid_solves_the_deals_its_budget_names() -> None:
    """256 solved deals by default (512 for expert), ``bids=N`` of them, and medium's
    rule with ``bids=0``."""
    obs = two_player_bidding()
    assert "over 256 sampled deals" in make_bot("hard", 1).explain(obs)[1]
    assert "over 512 sampled deals" in make_bot("expert", 1).explain(obs)[1]
    assert "over 10 sampled deals" in make_bot("hard:bids=10", 1).explain(obs)[1]
    action, reason = make_bot("hard:bids=0", 1).explain(obs)
    assert action == make_bot("medium", 1).act(obs) and "rule of thumb" in reason


def test_a_lead_samples_more_deals_than_an_answer_early_in_the_hand() -> None:
    """Two players, first trick: the lead is valued on ``leads`` deals (48 by default, 96
    for expert), the answer to it on a third of ``samples`` (8)."""
    game = Game(rules_for("two-player"), seed=4)
    bots = [make_bot("medium", seat) for seat in range(2)]
    while game.phase != "play":
        obs = game.observation(game.to_move)
        game.apply("no blind nil" if obs.phase == "blind nil" else bots[obs.seat].act(obs))
    lead = game.observation(game.to_move)
    assert "over 48 sampled deals" in make_bot("hard", 1).explain(lead)[1]
    assert "over 96 sampled deals" in make_bot("expert", 1).explain(lead)[1]
    assert "over 5 sampled deals" in make_bot("hard:leads=5:samples=3", 1).explain(lead)[1]
    game.apply(bots[lead.seat].act(lead))
    answer = game.observation(game.to_move)
    assert "over 8 sampled deals" in make_bot("hard", 1).explain(answer)[1]


def test_a_two_player_bid_counts_on_the_tricks_a_drafting_opponent_leaves() -> None:
    """With the opponent's hand sampled as a draft that keeps spades and honours, hard
    expects fewer tricks than uniform samples of her hand would give it."""
    obs = two_player_bidding()
    uniform = SearchBot(random.Random(1))
    uniform._sample = lambda o: search.sample_hands(o, uniform.rng)  # type: ignore[method-assign]
    drafted = make_bot("hard:belief=uniform", 1)
    assert drafted.act(obs).tricks < uniform.act(obs).tricks


def test_a_hint_says_equal_cards_are_worth_as_much() -> None:
    """Two cards of the same worth read "as much as", not "0.0 more than"; a clear
    winner reads how much more; a preferred card kept within its margin reads less."""
    jack, ten = Action.play(parse_card("JH")), Action.play(parse_card("TH"))
    assert search._best_card({jack: 30.0, ten: 30.0}, 10, "deals")[1].endswith(
        "as much as TH")
    assert search._best_card({jack: 30.0, ten: 10.0}, 10, "deals")[1].endswith(
        "2.0 more than TH")
    assert search._best_card({jack: 10.0, ten: 20.0}, 10, "deals", prefer=jack, margin=2.0
                             )[1].endswith("1.0 less than TH")


@pytest.mark.parametrize("nil", [True, False])
def test_hards_bid_check_accepts_the_true_deal(nil: bool) -> None:
    """``hard`` keeps a sampled two-player deal only if ``medium`` holding it would have bid
    what she bid: the true deal always passes, in a game without nil too (where her bid
    was chosen among 1 to 13)."""
    rules = rules_for("two-player", nil=nil)
    checked = 0
    for seed in range(12):
        game, medium = Game(rules, seed=seed), make_bot("medium", seed)
        hard = make_bot("hard", seed)
        assert isinstance(hard, SearchBot)
        while game.phase is not Phase.BIDDING or game.to_move is None:
            game.apply(medium.act(game.observation(game.to_move)))
        first = game.to_move
        game.apply(medium.act(game.observation(first)))
        obs = game.observation(1 - first)
        if obs.blind_nil or obs.received:
            continue  # after an exchange nothing is checked
        hands = [mask_of(game.hand_of(seat)) for seat in range(2)]
        assert hard._bids_fit(obs, hands)
        checked += 1
    assert checked >= 8
