"""Hidden information (docs/rules.md §5): an observation shows a seat what it may know, no more.

The main test takes many random positions of every variant and phase and, for each
seat, rewrites every card that seat has not seen: the other seats' hands, their draft
discards and exchanged cards, the cards waiting in a partnership exchange, the order of
the undrafted stock. The game stays a consistent position; the seat's observation and
its JSON must not change.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from helpers import tricks_so_far, visible

from spades import Action, Game, Kind, Phase, rules_for
from spades.cards import card_text, cards_in, mask_of, parse_card

VARIANTS = ("two-player", "two-player-300", "partnership")
CARD_TOKEN = re.compile(r"^[2-9TJQKA][SHDC]$")
BLIND, NO_BLIND = Action.parse("blind nil"), Action.parse("no blind nil")


def _card_set(cards: int | Any) -> set[int]:
    """A set of cards, from a mask or from a sequence of cards."""
    return set(cards_in(cards)) if isinstance(cards, int) else set(cards)


# ------------------------------------------------------------------ positions


def random_position(variant: str, seed: int, **options: Any) -> Game:
    """A game stopped at a random point of its first hands, blind nil often declared."""
    rng = random.Random(seed)
    game = Game(rules_for(variant, **options), seed=seed)
    stop = rng.randrange(0, 60 * rng.choice([1, 1, 2, 3]))
    for _ in range(stop):
        if game.over:
            break
        if game.phase is Phase.BLIND_NIL:
            action = BLIND if rng.random() < 0.4 else NO_BLIND
        else:
            action = rng.choice(game.legal_actions())
        game.apply(action)
    return game


def positions(variant: str, count: int) -> list[Game]:
    games = [random_position(variant, seed) for seed in range(count)]
    # the house rules change what is shown (exchange size, spades anytime)
    games += [random_position(variant, seed, lead_spades_anytime=True, exchange_cards=2)
              for seed in range(count, count + count // 4)]
    return games


# ------------------------------------------------------------------ what a seat has seen


def permute_cards(game: Game, mapping: dict[int, int]) -> None:
    """Rename cards everywhere in the current hand's state by ``mapping`` (a permutation)."""

    def m(card: int) -> int:
        return mapping.get(card, card)

    def mm(mask: int) -> int:
        return mask_of(m(c) for c in cards_in(mask))

    def ms(cards: Any) -> tuple[int, ...]:  # cards given: lowest first, as the engine keeps them
        return tuple(sorted(m(c) for c in cards))

    log = game.hands[-1]
    game._hands = [mm(h) for h in game._hands]
    game._discards = [mm(d) for d in game._discards]
    game._pile[:] = [m(c) for c in game._pile]
    game._pending = {seat: ms(cards) for seat, cards in game._pending.items()}
    log.deck[:] = [m(c) for c in log.deck]
    log.draft[:] = [(seat, m(o), m(k), m(d)) for seat, o, k, d in log.draft]
    log.exchanges[:] = [(seat, ms(g), None if r is None else tuple(map(m, r)))
                        for seat, g, r in log.exchanges]
    log.holdings[:] = [mm(h) if isinstance(h, int) else sorted(m(c) for c in h)
                       for h in log.holdings]
    log.tricks[:] = [t._replace(cards=tuple(map(m, t.cards))) for t in log.tricks]
    game._trick[:] = [m(c) for c in game._trick]


def hide_and_shuffle(game: Game, seat: int, rng: random.Random) -> dict[int, int]:
    """Shuffle every card ``seat`` has not seen among the places it could be."""
    hidden = sorted(set(range(52)) - visible(game, seat))
    shuffled = hidden[:]
    rng.shuffle(shuffled)
    mapping = dict(zip(hidden, shuffled, strict=True))
    permute_cards(game, mapping)
    return mapping


def accounted(game: Game) -> None:
    """Every card once: hands, tricks, discard pile and stock, cards waiting in an exchange."""
    log = game.hands[-1]
    places: list[int] = []
    for hand in game._hands:
        places += cards_in(hand)
    for trick in tricks_so_far(game):
        places += trick.cards
    if game.rules.players == 2:
        places += game._pile + log.deck[game._stock_pos:]
    for cards in game._pending.values():
        places += cards
    assert sorted(places) == list(range(52))
    assert sorted(log.deck) == list(range(52))
    if log.holdings:
        held = [c for h in log.holdings for c in _card_set(h)]
        assert len(held) == len(set(held)) == 13 * game.rules.players


def cards_named(value: Any) -> set[int]:
    """Every card written anywhere in a JSON value (cards, 'play AS', 'give 2C QH')."""
    if isinstance(value, str):
        return {parse_card(w) for w in value.split() if CARD_TOKEN.match(w)}
    if isinstance(value, dict):
        return set().union(set(), *map(cards_named, value.values()))
    if isinstance(value, list | tuple):
        return set().union(set(), *map(cards_named, value))
    return set()


# ------------------------------------------------------------------ the main property


@pytest.mark.parametrize("variant", VARIANTS)
def test_hidden_cards_do_not_change_the_observation(variant: str) -> None:
    phases: set[str] = set()
    changed = 0
    for game in positions(variant, 240):
        phases.add(str(game.phase))
        if game._pending:
            phases.add("half an exchange")
        if game.phase is Phase.EXCHANGE and game.hands[-1].exchanges:
            phases.add("second exchange")
        if game.phase is Phase.PLAY and game._trick:
            phases.add("mid-trick")
        for seat in range(game.rules.players):
            before = game.observation(seat)
            before_json = json.dumps(before.to_json(), sort_keys=True)
            for attempt in range(2):
                rng = random.Random(f"{variant}:{seat}:{attempt}:{game.hand_number}")
                others = [game._hands[s] for s in range(game.rules.players) if s != seat]
                hide_and_shuffle(game, seat, rng)
                accounted(game)
                changed += others != [game._hands[s] for s in range(game.rules.players)
                                      if s != seat]
                after = game.observation(seat)
                assert after == before, f"seat {seat} sees a hidden card in {game!r}"
                assert json.dumps(after.to_json(), sort_keys=True) == before_json
    assert changed > 100, "the shuffles should have changed the other seats' hands"
    expected = {"blind nil", "bidding", "play", "mid-trick", "exchange", "second exchange"}
    expected |= {"draft"} if variant.startswith("two") else {"half an exchange"}
    if variant == "two-player-300":
        expected -= {"blind nil", "exchange", "second exchange"}
    assert expected <= phases


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_seen_card_does_change_it(variant: str) -> None:
    """The check above can fail: swap a card of the seat's hand with a hidden one."""
    tried = 0
    for game in positions(variant, 30):
        if game.phase in (Phase.BLIND_NIL, Phase.OVER):
            continue
        seat = game.to_move if game.to_move is not None else 0
        own = sorted(cards_in(game._hands[seat]))
        hidden = sorted(set(range(52)) - visible(game, seat))
        if not own or not hidden:
            continue
        before = game.observation(seat)
        permute_cards(game, {own[0]: hidden[0], hidden[0]: own[0]})
        accounted(game)
        assert game.observation(seat) != before
        assert game.observation(seat).to_json() != before.to_json()
        tried += 1
    assert tried >= 10


@pytest.mark.parametrize("variant", VARIANTS)
def test_json_names_no_card_the_seat_has_not_seen(variant: str) -> None:
    for game in positions(variant, 80):
        for seat in range(game.rules.players):
            data = game.observation(seat).to_json()
            assert json.loads(json.dumps(data)) == data
            leaked = cards_named(data) - visible(game, seat)
            assert not leaked, f"seat {seat} is shown {sorted(map(card_text, leaked))}"


# ------------------------------------------------------------------ particular views


@pytest.mark.parametrize("variant", ["two-player", "partnership"])
def test_no_hand_before_the_cards_are_seen(variant: str) -> None:
    game = Game(rules_for(variant), seed=3)
    assert game.phase is Phase.BLIND_NIL
    seen = 0
    while game.phase is Phase.BLIND_NIL:
        for seat in range(game.rules.players):
            obs = game.observation(seat)
            assert obs.hand == ()
            assert obs.to_json()["hand"] == []
            assert obs.offered is None and obs.discards == ()
            seen += 1
        game.apply(BLIND if game.to_move == 0 else NO_BLIND)
    # the partnership cards are dealt already but shown only now
    if variant == "partnership":
        assert game.observation(1).hand != ()
        assert len(game.observation(1).hand) == 13
    assert seen >= game.rules.players


def test_partnership_cards_dealt_during_blind_nil_are_hidden_from_their_holder() -> None:
    game = Game(rules_for("partnership"), seed=5)
    assert game.phase is Phase.BLIND_NIL
    assert game.hand_of(0)  # dealt
    obs = game.observation(0)
    data = obs.to_json()
    assert cards_named(data) == set()
    mapping = hide_and_shuffle(game, 0, random.Random(1))
    assert any(k != v for k, v in mapping.items())
    assert game.observation(0) == obs


def _draft_to_end(game: Game) -> None:
    while game.phase is Phase.DRAFT:
        game.apply("keep" if game.to_move == 0 else "discard")


def test_two_player_exchange_shows_the_opponent_only_the_count() -> None:
    game = Game(rules_for("two-player"), seed=11)
    game.apply(BLIND)  # seat 0, the first drawer, bids blind nil
    game.apply(NO_BLIND)
    _draft_to_end(game)
    assert game.phase is Phase.EXCHANGE and game.to_move == 0
    give = sorted(game.hand_of(0))[:2]
    game.give(give)
    log = game.hands[-1]
    seat, gave, received = log.exchanges[0]
    assert (seat, gave) == (0, tuple(give))
    mine, theirs = game.observation(0), game.observation(1)
    assert mine.gave == tuple(give) and mine.received == received
    assert set(received) <= set(mine.hand)
    assert theirs.exchanged == (2, None) and mine.exchanged == (2, None)
    assert theirs.gave == () and theirs.received == ()
    # seat 1 may have seen some of them among its own discards, but only there
    unseen = (set(give) | set(received)) - set(theirs.discards) - set(theirs.hand)
    assert unseen
    assert not cards_named(theirs.to_json()) & unseen
    assert json.dumps(theirs.to_json())


def test_two_player_exchange_of_nothing_counts_zero() -> None:
    game = Game(rules_for("two-player"), seed=12)
    game.apply(NO_BLIND)
    game.apply(BLIND)  # seat 1 bids blind nil
    _draft_to_end(game)
    assert game.phase is Phase.EXCHANGE and game.to_move == 1
    game.apply("give")
    assert game.observation(0).exchanged == (None, 0)
    assert game.observation(1).gave == () and game.observation(1).received == ()


def test_partnership_exchange_shows_cards_only_to_the_partners() -> None:
    game = Game(rules_for("partnership"), seed=13)
    # dealer 3: seat 0 declares first
    game.apply(BLIND)
    for _ in range(3):
        game.apply(NO_BLIND)
    assert game.phase is Phase.EXCHANGE and game.to_move == 0
    first = tuple(sorted(game.hand_of(0))[:3])
    game.give(first)
    # seat 0's cards wait for seat 2: seat 0 knows them, nobody else does
    assert game.observation(0).gave == first and game.observation(0).received == ()
    for seat in (1, 2, 3):
        obs = game.observation(seat)
        assert obs.exchanged[0] == 3 and obs.gave == () and obs.received == ()
        assert not cards_named(obs.to_json()) & set(first)
    assert len(game.observation(0).hand) == 10
    second = tuple(sorted(game.hand_of(2))[-3:])
    game.give(second)
    assert game.observation(0).received == second
    assert game.observation(2).received == first and game.observation(2).gave == second
    assert set(first) <= set(game.observation(2).hand)
    for seat in (1, 3):
        obs = game.observation(seat)
        assert obs.exchanged == (3, None, 3, None)
        assert not cards_named(obs.to_json()) & (set(first) | set(second))


@pytest.mark.parametrize("variant", ["two-player", "two-player-300"])
def test_offered_card_only_for_the_drawer(variant: str) -> None:
    game = Game(rules_for(variant), seed=21)
    while game.phase is Phase.BLIND_NIL:
        game.apply(NO_BLIND)
    rng = random.Random(0)
    while game.phase is Phase.DRAFT:
        log, mover = game.hands[-1], game.to_move
        offered = log.deck[game._stock_pos]
        assert game.observation(mover).offered == offered
        assert game.observation(mover).to_json()["offered"] == card_text(offered)
        assert game.observation(1 - mover).offered is None
        assert game.observation(1 - mover).to_json()["offered"] is None
        # the card under it is nobody's to see
        under = log.deck[game._stock_pos + 1]
        for seat in (0, 1):
            assert under not in cards_named(game.observation(seat).to_json())
        assert game.observation(1 - mover).stock_left == 52 - 2 * len(log.draft)
        game.apply(rng.choice(["keep", "discard"]))
    assert all(game.observation(s).offered is None for s in (0, 1))


def test_two_player_discards_are_each_seats_own() -> None:
    game = Game(rules_for("two-player-300"), seed=8)
    rng = random.Random(8)
    while game.phase is Phase.DRAFT:
        game.apply(rng.choice(["keep", "discard"]))
    log = game.hands[-1]
    for seat in (0, 1):
        obs = game.observation(seat)
        mine = {d for who, _, _, d in log.draft if who == seat}
        theirs = {d for who, _, _, d in log.draft if who != seat}
        assert set(obs.discards) == mine and len(mine) == 13
        assert not cards_named(obs.to_json()) & theirs
        assert set(obs.hand) == {k for who, _, k, _ in log.draft if who == seat}


@pytest.mark.parametrize("variant", VARIANTS)
def test_public_facts_are_the_same_for_every_seat(variant: str) -> None:
    private = {"seat", "hand", "offered", "discards", "gave", "received", "giving", "legal",
               "partner"}
    for game in positions(variant, 40):
        views = [game.observation(s).to_json() for s in range(game.rules.players)]
        for key in views[0]:
            if key not in private:
                assert all(v[key] == views[0][key] for v in views), key
        for seat, view in enumerate(views):
            assert view["seat"] == seat
            expected = [str(a) for a in game.legal_actions()] if game.to_move == seat else []
            assert view["legal"] == expected
            assert view["phase"] == str(game.phase)


@pytest.mark.parametrize("variant", VARIANTS)
def test_observation_json_is_plain_json(variant: str) -> None:
    for game in positions(variant, 20):
        for seat in range(game.rules.players):
            data = game.observation(seat).to_json()
            text = json.dumps(data, allow_nan=False)
            assert json.loads(text) == data
            assert set(data) >= {"seat", "rules", "phase", "to_move", "hand", "offered",
                                 "discards", "bids", "tricks", "trick", "legal", "scores"}
            assert data["rules"]["variant"] == variant


@pytest.mark.parametrize("variant", VARIANTS)
def test_observation_json_writes_cards_and_actions_as_text(variant: str) -> None:
    seen: set[str] = set()
    for game in positions(variant, 60):
        for seat in range(game.rules.players):
            obs = game.observation(seat)
            data = obs.to_json()
            for key in ("hand", "discards", "gave", "received"):
                assert data[key] == [card_text(c) for c in getattr(obs, key)], key
                if data[key]:
                    seen.add(key)
            assert data["offered"] == (None if obs.offered is None else card_text(obs.offered))
            assert data["legal"] == [str(a) for a in obs.legal]
            assert [Action.parse(text) for text in data["legal"]] == list(obs.legal)
            views = [*obs.tricks, *([obs.trick] if obs.trick else [])]
            assert [*data["tricks"], *([data["trick"]] if data["trick"] else [])] == [
                {"leader": t.leader, "cards": [card_text(c) for c in t.cards],
                 "winner": t.winner, "seats": [seat for seat, _ in t.plays]} for t in views]
            assert data["results"] == [r.to_json() for r in obs.results]
            for key in ("scores", "bag_totals", "bids", "tricks_won", "exchanged", "blind_nil"):
                assert data[key] == list(getattr(obs, key)), key
    expected = {"hand", "gave", "received"} | ({"discards"} if variant != "partnership" else set())
    if variant == "two-player-300":
        expected -= {"gave", "received"}
    assert expected <= seen


def test_tricks_so_far_lists_every_card_played_this_hand_in_order() -> None:
    game = Game(rules_for("partnership", blind_nil=False), seed=5)
    played: list[int] = []
    while game.phase is not Phase.PLAY:
        game.apply(Action.bid(3))
    for _ in range(6):  # a trick and a half
        card = game.observation(game.to_move).legal[0].card
        played.append(card)
        game.apply(Action.play(card))
        for seat in range(4):
            tricks = game.observation(seat).tricks_so_far
            assert [c for trick in tricks for c in trick.cards] == played


PRIVATE = ("seat", "hand", "offered", "discards", "gave", "received", "giving", "legal",
           "partner")


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_spectator_sees_the_public_part_of_every_seats_view(variant: str) -> None:
    for seed in range(40):
        game = random_position(variant, seed)
        watching = game.spectator_observation().to_json()
        assert all(watching[name] is None for name in ("seat", "offered", "partner"))
        assert all(watching[name] == [] for name in PRIVATE
                   if name not in ("seat", "offered", "partner"))
        for seat in range(game.rules.players):
            view = game.observation(seat).to_json()
            assert {k: v for k, v in view.items() if k not in PRIVATE} == {
                k: v for k, v in watching.items() if k not in PRIVATE}


def test_phase_and_action_kinds_are_enums_whose_json_is_their_text() -> None:
    game = Game(rules_for("two-player"), seed=3)
    obs = game.observation(game.to_move)
    assert obs.phase is Phase.BLIND_NIL and obs.to_json()["phase"] == "blind nil"
    assert json.loads(json.dumps(obs.to_json()))["phase"] == "blind nil"
    assert {a.kind for a in obs.legal} == {Kind.DECLARE}
    assert [Action.parse(t).kind for t in ("play AS", "bid 4", "keep", "give 2C")] == [
        Kind.PLAY, Kind.BID, Kind.DRAFT, Kind.GIVE]


@pytest.mark.parametrize("variant", ["partnership", "two-player"])
def test_the_cards_chosen_so_far_are_seen_by_their_seat_alone(variant: str) -> None:
    """Each step of an exchange changes the chooser's view only: the other seats and a
    spectator see neither which cards nor how many until the exchange is over."""
    game = Game(rules_for(variant), seed=17)
    game.apply(BLIND)
    while game.phase is not Phase.EXCHANGE:
        game.apply(NO_BLIND if game.phase is Phase.BLIND_NIL else "keep")
    seat = game.to_move
    others = [s for s in range(game.rules.players) if s != seat]
    before = [game.observation(s) for s in others], game.spectator_observation()
    chosen = game.hand_of(seat)[-2:]
    for card in chosen:
        game.apply(Action.give(card))
        assert ([game.observation(s) for s in others], game.spectator_observation()) == before
    mine = game.observation(seat)
    assert mine.giving == tuple(chosen) and set(chosen) <= set(mine.hand)
    assert mine.exchanged[seat] is None and mine.to_json()["giving"] == [
        card_text(c) for c in chosen]


@pytest.mark.parametrize(("variant", "sizes", "partners", "sides"),
                         [("two-player", [0, 1, 2, 3], [None, None], [0, 1]),
                          ("partnership", [3], [2, 3, 0, 1], [0, 1, 0, 1])])
def test_json_tells_a_client_the_partner_the_sides_and_the_exchange_sizes(
        variant: str, sizes: list[int], partners: list[int | None], sides: list[int]) -> None:
    """A client reads the partner, each seat's side and how many cards an exchange gives
    from the view instead of working them out (the web table does)."""
    game = Game(rules_for(variant), seed=3)
    for seat, partner in enumerate(partners):
        data = game.observation(seat).to_json()
        assert data["partner"] == partner
        assert data["sides"] == sides
        assert data["rules"]["give_sizes"] == sizes
    watching = game.spectator_observation().to_json()
    assert watching["partner"] is None and watching["sides"] == sides
