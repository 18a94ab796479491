"""The terminal game, driven through Textual's pilot with key presses and clicks."""

from __future__ import annotations

import asyncio
import json
import os
import random
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pytest
from textual.geometry import Region
from textual.strip import Strip

from spades.actions import BLIND_NIL, Action
from spades.cards import Card, card_label, card_text, in_symbols, sorted_cards
from spades.errors import IllegalAction, SpadesError
from spades.eventlog import read_event
from spades.observation import Observation
from spades.record import game_record
from spades.tui import make_app
from spades.tui.app import GameScreen, SpadesApp, person_words
from spades.tui.prefs import TRICK_PAUSES, Preferences, load_preferences, save_preferences
from spades.tui.screens import (
    GameOverScreen,
    HandSummaryScreen,
    PreferencesScreen,
    QuitScreen,
    ResumeScreen,
    ScoreSheetScreen,
    when,
)
from spades.tui.session import (
    GAMES_DIR,
    HUMAN,
    OLD_SAVE_FILE,
    PlaySession,
    saved_games,
    warm_up_solver,
)
from spades.tui.widgets import CardWidget, OptionWidget

SIZE = (80, 24)
QUICK = {"speed": "instant", "trick_pause": "off"}  # the preferences of quick tests


@pytest.fixture(autouse=True, scope="module")
def compiled_solver() -> None:
    """The solver compiled (or loaded from numba's cache) before any app runs: a first
    compilation inside an app's analysis thread would stall the app for a long while."""
    warm_up_solver()


def run(coroutine: Callable[[], object]) -> None:
    asyncio.run(coroutine())  # type: ignore[arg-type]


def screen_text(app: SpadesApp) -> str:
    """Every character on the screen, row by row."""
    update = app.screen._compositor.render_full_update()
    return "\n".join(Strip.join(list(chop)).text for chop in update.strips)


def hidden_cards(session: PlaySession) -> set[Card]:
    """Cards the person may not know: other seats' hands and discards, less what she saw."""
    game, obs = session.game, session.observation()
    others: set[Card] = set()
    for seat in range(session.rules.players):
        if seat != HUMAN:
            others |= set(game.hand_of(seat))
    for log in game.hands[-1:]:
        others |= {discarded for seat, _, _, discarded in log.draft if seat != HUMAN}
    return others - {*obs.hand, *obs.discards, *obs.gave, *obs.received}


def assert_nothing_hidden_shown(app: SpadesApp) -> None:
    text = screen_text(app)
    hidden = hidden_cards(app.session)
    if isinstance(app.screen, HandSummaryScreen):  # the hand just over is public, its plays
        finished = app.session.game.hands[app.screen.summary.number - 1]
        hidden -= {card for trick in finished.tricks for card in trick.cards}
    shown = [card_label(c) for c in hidden if card_label(c) in text]
    assert not shown, f"hidden cards on screen: {shown}\n{text}"


def game_screen(app: SpadesApp) -> GameScreen:
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


async def wait_for(pilot, condition: Callable[[], bool], seconds: float = 120) -> None:
    """Let the app run until ``condition`` holds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not condition():
        assert loop.time() < deadline, "the app did not get there in time"
        await pilot.pause(0.01)


def person_to_act(app: SpadesApp) -> bool:
    """The person has a decision on the table, or a dialog waits for her."""
    screen = app.screen
    if isinstance(screen, HandSummaryScreen | GameOverScreen):
        return True
    obs = app.session.observation()
    return isinstance(screen, GameScreen) and obs.to_move == HUMAN and bool(obs.legal)


def new_app(tmp_path: Path, variant: str | None, seed: str = "1",
            **prefs: object) -> SpadesApp:
    config, data = tmp_path / "config", tmp_path / "data"
    save_preferences(Preferences(**{**QUICK, **prefs}), config)  # type: ignore[arg-type]
    return make_app(variant, "medium", seed=seed, config=config, data=data, warm_up=False)


def card_keys(card: Card, rng: random.Random | None = None) -> list[str]:
    """The keys that type a card: its rank then its suit, in lower case, or with ``rng``
    in any case (a ten as ``t``, ``T`` or ``1`` ``0``)."""
    label = card_label(card)
    rank, suit = label[:-1].lower(), "cdhs"["♣♦♥♠".index(label[-1])]
    if rng is None:
        return ["t" if rank == "10" else rank, suit]
    if rank == "10":
        rank = rng.choice(["10", "t", "T"])
    keys = [*rank, suit] if rank == "10" else [rank, suit]
    return [k.upper() if rng.random() < 0.5 else k for k in keys]


async def take_turn(app: SpadesApp, pilot, rng: random.Random) -> None:
    """Make the person's decision with keys and clicks, as a player would."""
    screen = app.screen
    if isinstance(screen, HandSummaryScreen):
        await pilot.press("enter")
        return
    obs = app.session.observation()
    table = game_screen(app)
    if obs.phase == "blind nil":
        await pilot.press(rng.choice("nnnb"))
    elif obs.phase == "draft":
        await pilot.press(rng.choice("kd"))
    elif obs.phase == "bidding":
        bid = rng.choice(obs.legal).tricks
        await pilot.press(*(["n"] if bid == 0 else list(str(bid))), "enter")
    elif obs.phase == "exchange":
        size = rng.choice(obs.rules.give_sizes)
        for card in rng.sample(obs.hand, size):
            widget = next(w for w in table.query(CardWidget) if w.card == card)
            await pilot.click(widget)
        await pilot.press("g")
    else:
        legal_cards = [a.card for a in obs.legal]
        if len(legal_cards) == 1 and table.prefs.auto_play_one:
            # a forced card plays itself: typing it would race with Auto Play One
            before = len(app.session.actions)
            await wait_for(pilot, lambda: len(app.session.actions) > before)
            return
        illegal = [c for c in obs.hand if c not in legal_cards]
        if illegal and len(legal_cards) > 1 and rng.random() < 0.2:
            # a wrong card explains itself and changes nothing (a forced card would play itself)
            before = len(app.session.actions)
            await pilot.press(*card_keys(illegal[0]), "enter")
            assert len(app.session.actions) == before
            assert "You cannot play" in screen_text(app)
        card = rng.choice(legal_cards)
        if rng.random() < 0.5:
            await pilot.press(*card_keys(card, rng), "enter")
        else:
            await pilot.click(next(w for w in table.query(CardWidget) if w.card == card))


def check_darker_cards(app: SpadesApp) -> None:
    """On the person's play turn, exactly the unplayable cards are drawn darker."""
    obs = app.session.observation()
    if obs.phase != "play" or obs.to_move != HUMAN:
        return
    legal = {a.card for a in obs.legal}
    for widget in game_screen(app).query(CardWidget):
        if widget.card is not None:
            assert widget.has_class("-unplayable") == (widget.card not in legal)


@pytest.mark.parametrize(("variant", "target"), [
    ("two-player-300", None), ("two-player", 200), ("partnership", 200)])
def test_whole_games_through_keys_and_clicks(tmp_path: Path, variant: str,
                                             target: int | None) -> None:
    async def main() -> None:
        config, data = tmp_path / "config", tmp_path / "data"
        save_preferences(Preferences(**QUICK), config)  # type: ignore[arg-type]
        rules = {} if target is None else {"target": target}
        app = make_app(variant, "medium", seed="whole", config=config, data=data, warm_up=False,
                       **rules)
        rng = random.Random(variant)
        summaries: list[int] = []  # the hand summaries shown, in order
        async with app.run_test(size=SIZE) as pilot:
            while not isinstance(app.screen, GameOverScreen):
                await wait_for(pilot, lambda: person_to_act(app))
                assert_nothing_hidden_shown(app)
                check_darker_cards(app)
                if isinstance(app.screen, HandSummaryScreen):
                    summaries.append(app.screen.summary.number)
                if not isinstance(app.screen, GameOverScreen):
                    await take_turn(app, pilot, rng)
            assert app.session.game.over
            assert "win" in screen_text(app)
            # every hand's summary, the last one's too, came before the game-over screen
            assert summaries == list(range(1, len(app.session.game.hands) + 1))
            assert app.session.path is not None
            saved = json.loads(app.session.path.read_text())
            assert saved["record"]["winner"] == app.session.game.winner
            finished = app.session
            await pilot.press("y")  # play again: a new game of the same variant
            await wait_for(pilot, lambda: person_to_act(app))
            assert app.session is not finished and app.session.rules == finished.rules
            assert app.session.observation().hand_number == 1
            await pilot.press("x", "y")
        assert app.return_code == 0

    run(main)


def forced_position(variant: str, seed: str) -> PlaySession:
    """A session where the person has exactly one legal card (her last, if not before)."""
    session = PlaySession.new(variant, "medium", seed=seed)
    rng = random.Random(seed)
    while True:
        obs = session.observation()
        if obs.phase == "play" and obs.to_move == HUMAN and len(obs.legal) == 1:
            return session
        seat = session.game.to_move
        assert seat is not None
        choice = rng.choice(session.game.observation(seat).legal)
        session.apply(choice, seat)


def app_for(session: PlaySession, tmp_path: Path, **prefs: object) -> SpadesApp:
    return SpadesApp(session, Preferences(**{**QUICK, **prefs}),  # type: ignore[arg-type]
                     tmp_path / "config", tmp_path / "data", warm_up=False)


def test_a_forced_card_plays_itself_with_auto_play_one(tmp_path: Path) -> None:
    async def main() -> None:
        session = forced_position("two-player-300", "forced")
        forced = session.observation().legal[0]
        count = len(session.actions)
        app = app_for(session, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: len(session.actions) > count, seconds=5)
            assert session.actions[count] == (HUMAN, str(forced))
            assert "Auto Play One" in screen_text(app)

    run(main)


def test_a_forced_card_waits_with_auto_play_one_off(tmp_path: Path) -> None:
    async def main() -> None:
        session = forced_position("partnership", "waits")
        forced = session.observation().legal[0]
        count = len(session.actions)
        app = app_for(session, tmp_path, auto_play_one=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause(1.0)
            assert len(session.actions) == count
            await pilot.press("enter")
            await wait_for(pilot, lambda: len(session.actions) > count, seconds=5)
            assert session.actions[count] == (HUMAN, str(forced))

    run(main)


def test_a_key_between_turns_is_a_command_and_the_game_goes_on_after_it(tmp_path: Path) -> None:
    """The score sheet key between turns opens the sheet; the computers wait behind it
    and play on once it is closed."""
    async def main() -> None:
        session = forced_position("partnership", "waits")
        count = len(session.actions)
        app = app_for(session, tmp_path, speed="slow")
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: len(session.actions) > count, seconds=5)
            assert session.observation().to_move != HUMAN
            await pilot.press("r")
            await wait_for(pilot, lambda: isinstance(app.screen, ScoreSheetScreen), seconds=5)
            await pilot.pause(1.5)  # longer than a slow computer's pause: it waits
            assert len(session.actions) == count + 1
            await pilot.press("escape")
            await wait_for(pilot, lambda: len(session.actions) > count + 1, seconds=10)
            assert isinstance(app.screen, GameScreen)

    run(main)


def test_the_keys_of_a_card_never_act_as_commands(tmp_path: Path) -> None:
    """The person types the forced card, which plays itself under her fingers: neither
    its suit key then nor any rank or suit key between turns opens a screen or quits."""
    async def main() -> None:
        session = forced_position("partnership", "waits")
        count = len(session.actions)
        app = app_for(session, tmp_path, speed="slow")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press(card_keys(session.observation().legal[0].card)[0])
            await wait_for(pilot, lambda: len(session.actions) > count, seconds=5)
            await pilot.press(*"cdhsCDHSqQkKaAjJtT1023456789")
            await pilot.pause(0.2)
            assert isinstance(app.screen, GameScreen) and app.is_running
            assert [seat for seat, _ in session.actions[count:]].count(HUMAN) == 1

    run(main)


def rendered_colour(widget: CardWidget) -> tuple[float, float, float]:
    """The colour the card's label is drawn in, as (r, g, b) from 0 to 1."""
    size = widget.outer_size
    strips = widget.render_lines(Region(0, 0, size.width, size.height))
    label = card_label(widget.card or 0)
    return next(seg.style.color.get_truecolor().normalized
                for strip in strips for seg in strip
                if seg.style and seg.style.color and seg.text.strip()
                and seg.text.strip() in label)


def colour_name(rgb: tuple[float, float, float]) -> str:
    """The strongest channel's name, or grey when none stands out."""
    if max(rgb) - min(rgb) < 0.2:
        return "grey"
    return ("red", "green", "blue")[rgb.index(max(rgb))]


def test_unplayable_cards_are_drawn_darker(tmp_path: Path) -> None:
    def brightness(widget: CardWidget) -> float:
        return sum(rendered_colour(widget))

    def red(card: Card) -> bool:
        return card_label(card)[-1] in "♥♦"

    async def main() -> None:
        session = PlaySession.new("two-player-300", "medium", seed="dark")
        rng = random.Random(3)
        while True:  # the person must follow suit, and holds an unplayable card of that colour
            obs = session.observation()
            legal = {a.card for a in obs.legal}
            if (obs.phase == "play" and obs.to_move == HUMAN and len(legal) > 1 and any(
                    red(c) == red(next(iter(legal))) for c in obs.hand if c not in legal)):
                break
            seat = session.game.to_move
            session.apply(rng.choice(session.game.observation(seat).legal), seat)
        app = app_for(session, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause(0.2)
            cards = [w for w in game_screen(app).query(CardWidget) if w.card is not None]
            colour = red(next(iter(legal)))
            same = [w for w in cards if red(w.card or 0) == colour]
            playable = [brightness(w) for w in same if w.card in legal]
            unplayable = [brightness(w) for w in same if w.card not in legal]
            assert unplayable and max(unplayable) < min(playable)

    run(main)


def test_confirm_before_play_asks_once_more(tmp_path: Path) -> None:
    async def main() -> None:
        session = PlaySession.new("partnership", "medium", seed="confirm")
        rng = random.Random(4)
        while not (session.observation().phase == "play" and session.game.to_move == HUMAN
                   and len(session.observation().legal) > 1):
            seat = session.game.to_move
            session.apply(rng.choice(session.game.observation(seat).legal), seat)
        count = len(session.actions)
        app = app_for(session, tmp_path, confirm_play=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("enter")
            assert len(session.actions) == count and "Enter or click again" in screen_text(app)
            await pilot.press("escape", "right", "enter")
            chosen = session.observation().hand[game_screen(app).selected]
            assert f"Play {card_label(chosen)}?" in screen_text(app)
            await pilot.press("enter")
            await wait_for(pilot, lambda: len(session.actions) > count)
            assert session.actions[count] == (HUMAN, str(Action.play(chosen)))

    run(main)


def test_preferences_survive_a_restart(tmp_path: Path) -> None:
    async def main() -> None:
        app = new_app(tmp_path, "two-player-300")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("p")
            await wait_for(pilot, lambda: isinstance(app.screen, PreferencesScreen))
            await pilot.click("#auto_play_one")
            await pilot.click("#four_colour")
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
            assert not app.prefs.auto_play_one and app.prefs.four_colour
        saved = load_preferences(tmp_path / "config")
        assert saved.auto_play_one is False and saved.four_colour is True
        again = make_app("two-player-300", seed="2", config=tmp_path / "config",
                         data=tmp_path / "data", warm_up=False)
        assert again.prefs == saved
        async with again.run_test(size=SIZE) as pilot:
            await pilot.press("k")  # keep a card, so that the hand shows one
            await wait_for(pilot, lambda: person_to_act(again))
            widget = next(w for w in game_screen(again).query(CardWidget) if w.card is not None)
            colour = rendered_colour(widget)
            suit = card_label(widget.card or 0)[-1]
            expected = {"♣": "green", "♦": "blue", "♥": "red", "♠": "grey"}[suit]
            assert colour_name(colour) == expected, (suit, colour)

    run(main)


def test_quit_saves_and_resume_continues_the_same_game(tmp_path: Path) -> None:
    async def main() -> None:
        app = new_app(tmp_path, "partnership", seed="resume")
        rng = random.Random(5)
        async with app.run_test(size=SIZE) as pilot:
            while len(app.session.actions) < 30:
                await wait_for(pilot, lambda: person_to_act(app))
                await take_turn(app, pilot, rng)
            await wait_for(pilot, lambda: person_to_act(app))
            before = app.session.observation()
            actions = list(app.session.actions)
            await pilot.press("x", "y")
        assert app.return_code == 0
        resumed = make_app(resume=True, config=tmp_path / "config", data=tmp_path / "data",
                           warm_up=False)
        assert resumed.session.actions == actions
        assert resumed.session.observation() == before
        async with resumed.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: person_to_act(resumed))
            await take_turn(resumed, pilot, rng)
            await wait_for(pilot, lambda: len(resumed.session.actions) > len(actions))

    run(main)


def test_undo_takes_back_a_bid_until_a_computer_bids_but_not_a_seen_card(
        tmp_path: Path) -> None:
    async def main() -> None:
        app = new_app(tmp_path, "two-player-300", seed="undo")
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: person_to_act(app))
            await pilot.press("u")
            assert "Nothing to undo" in screen_text(app)
            await pilot.press("k")
            await wait_for(pilot, lambda: person_to_act(app))
            actions = list(app.session.actions)
            await pilot.press("u")
            assert "You cannot undo: you have seen" in screen_text(app)
            assert app.session.actions == actions
        session = PlaySession.new("partnership", "medium", seed="undo")
        play_until(session, phase_is("bidding"))
        app = app_for(session, tmp_path, speed="slow")
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: person_to_act(app))
            before = session.observation()
            await pilot.press("3", "enter", "u")  # before West's bid: nothing new seen
            await wait_for(pilot, lambda: "Undone: you bid 3." in screen_text(app))
            assert app.session.observation() == before
            await pilot.press("3", "enter")
            await wait_for(pilot, lambda: session.observation().phase == "play"
                           and person_to_act(app))  # the computers bid; the person leads
            actions = list(session.actions)
            await pilot.press("u")
            await wait_for(pilot, lambda: "You cannot undo: West has bid" in screen_text(app))
            assert session.actions == actions and session.observation().phase == "play"

    run(main)


def test_bad_keys_and_clicks_change_nothing(tmp_path: Path) -> None:
    async def main() -> None:
        app = new_app(tmp_path, "two-player-300", seed="bad")
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: person_to_act(app))
            before = list(app.session.actions)
            await pilot.press("x", "z", "1", "left", "g", "space", "0", "b", "n")
            assert app.session.actions == before
            await pilot.click(OptionWidget)  # "Keep" is a legal click: it acts
            await wait_for(pilot, lambda: len(app.session.actions) > len(before))

    run(main)


def test_a_zero_alone_at_her_card_is_no_rank_and_changes_nothing(tmp_path: Path) -> None:
    """A 0 is a rank only after a 1 (10); alone it is refused quietly (it stopped the game
    once: the card "0C" was read)."""
    async def main() -> None:
        session = play_position("two-player-300", "zero", lambda o: len(o.legal) > 1)
        app = app_for(session, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: person_to_act(app))
            before = list(app.session.actions)
            await pilot.press("0", "0")
            await pilot.pause(0.1)
            assert app.is_running and app.session.actions == before

    run(main)


def test_hint_names_a_legal_action_with_a_reason(tmp_path: Path) -> None:
    async def main() -> None:
        app = new_app(tmp_path, "two-player-300", seed="hint")
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: person_to_act(app))
            legal = app.session.observation().legal
            await pilot.press("i")
            await wait_for(pilot, lambda: "Hint:" in screen_text(app), seconds=60)
            line = next(row for row in screen_text(app).splitlines() if "Hint:" in row)
            assert any(f"Hint: {in_symbols(str(a))} " in line for a in legal)

    run(main)


def test_the_hint_selects_its_choice_and_enter_takes_it(tmp_path: Path) -> None:
    """The hinted card (or option) becomes the selection, wherever it was before."""
    async def main() -> None:
        session = play_position("two-player-300", "hint-card", lambda o: len(o.legal) > 2)
        obs = session.observation()
        hinted = session.hint(obs)[0]  # the hint is repeatable from the game's seed
        count = len(session.actions)
        app = app_for(session, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            table = game_screen(app)
            while obs.hand[table.selected] == hinted.card:
                await pilot.press("right")
            await pilot.press("i")
            await wait_for(pilot, lambda: "Hint:" in screen_text(app), seconds=60)
            assert obs.hand[table.selected] == hinted.card
            await pilot.press("enter")
            await wait_for(pilot, lambda: len(session.actions) > count)
            assert session.actions[count] == (HUMAN, str(hinted))

    run(main)


def test_a_corrupt_save_is_refused_with_its_reason(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("{not json")
    with pytest.raises(SpadesError, match="cannot be resumed"):
        PlaySession.load(path)
    session = PlaySession.new("two-player-300", "medium", seed="s")
    session.apply("keep", 0)
    data = session.to_json()
    data["events"].append({"kind": "action", "seat": 1, "action": "play AS"})
    path.write_text(json.dumps(data))
    with pytest.raises(SpadesError, match="cannot be resumed: seat 1 cannot play AS"):
        PlaySession.load(path)
    with pytest.raises(SpadesError, match="no saved game"):
        PlaySession.load(tmp_path / "nowhere.json")
    # a file that is not text at all: named among the saved games, no traceback
    binary = tmp_path / "data" / GAMES_DIR / "binary.json"
    binary.parent.mkdir(parents=True)
    binary.write_bytes(b"\xff\xfe not UTF-8")
    [game] = saved_games(tmp_path / "data")
    assert game.session is None and "cannot be resumed" in (game.problem or "")


def test_engine_errors_are_said_to_the_person() -> None:
    session = PlaySession.new("two-player-300", "medium", seed="words")
    with pytest.raises(SpadesError) as error:
        session.apply(Action.play(0), 0)
    assert person_words(error.value).startswith("You cannot play 2♣:")
    play_th = Action.parse("play TH")
    said = {"must follow clubs": "You cannot play 10♥: you must follow clubs",
            "does not hold TH": "You cannot play 10♥: you do not hold 10♥",
            "spades are not broken": "You cannot play 10♥: spades are not broken"}
    for reason, words in said.items():
        assert person_words(IllegalAction(HUMAN, play_th, "play", reason)) == words
    assert person_words(SpadesError("no saved game")) == "no saved game"


def test_a_house_rule_reaches_the_terminal_game(tmp_path: Path) -> None:
    """Blind nil only for a side trailing by 100: at 0-0 the hand starts with the bidding."""
    app = make_app("partnership", "medium", seed="house", config=tmp_path / "config",
                   data=tmp_path / "data", warm_up=False, blind_nil_deficit=100)
    assert app.session.rules.blind_nil_deficit == 100
    assert app.session.observation().phase == "bidding"


# ------------------------------------------------------------ saves that are never lost


def saved_game(tmp_path: Path, variant: str = "two-player-300", seed: str = "old",
               actions: int = 3, hours_ago: float = 1) -> PlaySession:
    """A game of ``actions`` actions saved in ``tmp_path / "data"`` ``hours_ago``."""
    session = PlaySession.new(variant, "medium", seed=seed)
    rng = random.Random(seed)
    while len(session.actions) < actions:
        seat = session.game.to_move
        session.apply(rng.choice(session.game.observation(seat).legal), seat)
    path = session.save(tmp_path / "data")
    assert path is not None
    then = time.time() - hours_ago * 3600
    os.utime(path, (then, then))
    return session


def saved_files(tmp_path: Path) -> dict[Path, str]:
    """Every saved game's file and its text."""
    return {path: path.read_text() for path in (tmp_path / "data" / GAMES_DIR).glob("*")}


def test_a_saved_game_is_offered_by_variant_name_and_date_and_resumed(tmp_path: Path) -> None:
    async def main() -> None:
        old = saved_game(tmp_path)
        assert old.path is not None
        app = new_app(tmp_path, "two-player-300", seed="new")
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, ResumeScreen))
            text = screen_text(app)
            saved = datetime.fromtimestamp(old.path.stat().st_mtime)
            assert "two-player-300 · You against the medium computer" in text
            assert "hand 1" in text and f"saved {when(saved)}" in text
            await pilot.press("enter")  # the newest game of the variant asked for
            await wait_for(pilot, lambda: person_to_act(app))
            assert app.session.actions[:len(old.actions)] == old.actions
            assert app.session.rules == old.rules and app.session.path == old.path
            assert "Resumed your two-player-300 game saved" in screen_text(app)
            await pilot.press("x", "y")
        assert app.return_value == (f"Your game is saved in {old.path}; `spades play --variant "
                                    "two-player-300 --resume` continues it.")

    run(main)


def test_enter_never_resumes_a_game_of_another_variant_and_both_are_kept(
        tmp_path: Path) -> None:
    """The issue's case: a two-player game saved, `spades play --variant partnership`,
    Enter: a new partnership game, in a file of its own; each can be resumed."""
    async def main() -> None:
        old = saved_game(tmp_path)
        before = saved_files(tmp_path)
        app = new_app(tmp_path, "partnership", seed="new")
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, ResumeScreen))
            assert "Start a new partnership game" in screen_text(app)
            await pilot.press("enter")
            await wait_for(pilot, lambda: person_to_act(app))
            assert app.session.rules.variant == "partnership" and app.session.seed == "new"
            await pilot.press("enter")  # the blind nil question: no
            await wait_for(pilot, lambda: app.session.path is not None)
            await pilot.press("x", "y")
        new = app.session.path
        assert new is not None and new != old.path
        after = saved_files(tmp_path)
        assert set(after) == {old.path, new} and after[old.path] == before[old.path]
        resumed = make_app("two-player-300", resume=True, config=tmp_path / "config",
                           data=tmp_path / "data", warm_up=False)
        assert resumed.session.path == old.path and resumed.session.actions == old.actions
        assert make_app("partnership", resume=True, config=tmp_path / "config",
                        data=tmp_path / "data", warm_up=False).session.path == new
        newest = make_app(resume=True, config=tmp_path / "config", data=tmp_path / "data",
                          warm_up=False)
        assert newest.session.path == new and newest.greeting is not None
        assert newest.greeting.startswith("Resumed your partnership game saved")

    run(main)


def test_resume_takes_the_newest_of_the_variant_or_says_what_is_saved(tmp_path: Path) -> None:
    async def main() -> None:
        saved_game(tmp_path, seed="older", hours_ago=5)
        newer = saved_game(tmp_path, seed="newer", hours_ago=2)
        saved_game(tmp_path, "partnership", seed="four", hours_ago=1)
        app = make_app("two-player-300", resume=True, config=tmp_path / "config",
                       data=tmp_path / "data", warm_up=False)
        assert app.session.seed == "newer" and app.session.actions == newer.actions
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: person_to_act(app))
            assert "Resumed your two-player-300 game saved" in screen_text(app)
        with pytest.raises(SpadesError, match="no unfinished two-player game is saved; to "
                           "resume another: spades play --variant partnership --resume or "
                           "spades play --variant two-player-300 --resume"):
            make_app("two-player", resume=True, config=tmp_path / "config",
                     data=tmp_path / "data", warm_up=False)

    run(main)


def test_a_new_game_never_replaces_a_saved_one(tmp_path: Path) -> None:
    async def main() -> None:
        old = saved_game(tmp_path)
        before = saved_files(tmp_path)
        app = new_app(tmp_path, "two-player-300", seed="new")
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, ResumeScreen))
            await pilot.press("n")
            await wait_for(pilot, lambda: person_to_act(app))
            assert app.session.seed == "new"
            await pilot.press("p")  # preferences saved: the new game has no file yet
            await wait_for(pilot, lambda: isinstance(app.screen, PreferencesScreen))
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
            assert saved_files(tmp_path) == before
            await pilot.press("x", "y")
        assert app.return_value == ("Nothing of this game was saved (you had not made a "
                                    "move); your saved game is kept: `spades play` offers it.")
        again = new_app(tmp_path, "two-player-300", seed="newer")
        async with again.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(again.screen, ResumeScreen))
            await pilot.press("n")
            await wait_for(pilot, lambda: person_to_act(again))
            await pilot.press("k")
            await wait_for(pilot, lambda: again.session.path is not None)
        after = saved_files(tmp_path)
        assert len(after) == 2 and after[old.path] == before[old.path]
        assert json.loads(after[again.session.path])["seed"] == "newer"
        assert [g.session.seed for g in saved_games(tmp_path / "data")
                if g.session] == ["newer", "old"]

    run(main)


def test_quitting_at_the_offer_changes_nothing(tmp_path: Path) -> None:
    async def main() -> None:
        saved_game(tmp_path)
        before = saved_files(tmp_path)
        app = new_app(tmp_path, "two-player-300", seed="new")
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, ResumeScreen))
            await pilot.press("escape")
        assert saved_files(tmp_path) == before
        assert app.return_value is not None and "saved game is kept" in app.return_value

    run(main)


def test_a_finished_game_is_not_offered(tmp_path: Path) -> None:
    session = PlaySession.new("two-player-300", "medium", seed="over", target=10)
    rng = random.Random(1)
    while not session.game.over:
        seat = session.game.to_move
        session.apply(rng.choice(session.game.observation(seat).legal), seat)
    assert session.save(tmp_path / "data") is not None
    app = new_app(tmp_path, "two-player-300")
    assert app.saved == []
    with pytest.raises(SpadesError, match="no unfinished game is saved"):
        make_app(resume=True, config=tmp_path / "config", data=tmp_path / "data",
                 warm_up=False)


def test_an_unreadable_save_is_shown_and_kept(tmp_path: Path) -> None:
    async def main() -> None:
        path = tmp_path / "data" / GAMES_DIR / "broken.json"
        path.parent.mkdir(parents=True)
        path.write_text("{not json")
        app = new_app(tmp_path, "two-player-300", seed="new")
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, ResumeScreen))
            assert "cannot be resumed" in screen_text(app)
            await pilot.press("enter")  # the only choice: the new game
            await wait_for(pilot, lambda: person_to_act(app))
            await pilot.press("k")
            await wait_for(pilot, lambda: app.session.path is not None)
        assert path.read_text() == "{not json" and app.session.path != path

    run(main)


def test_names_and_reasons_from_saved_files_are_shown_as_typed_not_as_markup(
        tmp_path: Path) -> None:
    """A name and a refused action read from the saved files ("[/]" and "[bold") are
    shown as they are: they never style the screen nor stop it from opening."""
    session = PlaySession.new("two-player-300", "medium", seed="old", name="[/]Eve[bold")
    session.apply(session.observation().legal[0], HUMAN)
    session.save(tmp_path / "data")
    broken = tmp_path / "data" / GAMES_DIR / "broken.json"
    data = session.to_json()
    data["events"].append({"kind": "action", "seat": 1, "action": "play [/]"})
    broken.write_text(json.dumps(data))

    async def main() -> None:
        app = new_app(tmp_path, "two-player-300", seed="new")
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, ResumeScreen))
            text = screen_text(app)
            assert "[/]Eve[bold against the medium computer" in text
            assert "'play [/]'" in text

    run(main)


def test_the_single_save_of_earlier_versions_is_kept_among_the_games(tmp_path: Path) -> None:
    session = PlaySession.new("partnership", "medium", seed="earlier")
    session.apply("no blind nil", HUMAN)
    old = tmp_path / "data" / OLD_SAVE_FILE
    old.parent.mkdir(parents=True)
    text = json.dumps(session.to_json())
    old.write_text(text)
    app = new_app(tmp_path, "two-player-300", seed="new")
    assert not old.exists()
    [game] = app.saved
    assert game.session is not None and game.session.actions == session.actions
    assert game.path.parent == tmp_path / "data" / GAMES_DIR and game.path.read_text() == text
    old.write_text(json.dumps({**session.to_json(), "variant": "../../elsewhere"}))
    games = saved_games(tmp_path / "data")  # a name from the file never makes a path
    assert not old.exists() and len(games) == 2 and not list(tmp_path.glob("elsewhere*"))
    broken = next(g for g in games if g.session is None)
    assert broken.path.parent == tmp_path / "data" / GAMES_DIR
    assert "cannot be resumed" in (broken.problem or "")


# ------------------------------------------------------------ undo that reveals nothing


def play_until(session: PlaySession, ready: Callable[[PlaySession], bool],
               person: Callable[[PlaySession], Action] | None = None, seed: int = 1) -> None:
    """Random legal actions, the computers never declaring blind nil (``person`` chooses
    the person's), until ``ready`` holds."""
    rng = random.Random(seed)
    while not ready(session):
        seat = session.game.to_move
        assert seat is not None, "the game ended first"
        legal = [a for a in session.game.observation(seat).legal if a != Action(BLIND_NIL)]
        choice = person(session) if person and seat == HUMAN else rng.choice(legal)
        session.apply(choice, seat)


def person_acts(session: PlaySession, action: Action | str) -> None:
    session.apply(action, HUMAN)


def refused(session: PlaySession, words: str) -> None:
    """Undo is refused with ``words`` in its reason, and the game is untouched."""
    actions = list(session.actions)
    assert not session.can_undo()
    with pytest.raises(SpadesError, match=words):
        session.undo()
    assert session.actions == actions


def undone(session: PlaySession) -> None:
    """Undo goes back to the position before the person's last action, exactly."""
    last = session._last_own()  # her last action, or the first step of her last give
    assert last is not None
    expected = PlaySession(session.rules, session.seed, session.level,
                           events=[read_event(e) for e in session.log.events[:last]]
                           ).observation()
    assert session.can_undo()
    session.undo()
    assert session.observation() == expected


def blind_nil_person(answer: str) -> Callable[[PlaySession], Action]:
    """The person answers ``answer`` to blind nil and otherwise takes her first legal action."""
    def choose(session: PlaySession) -> Action:
        obs = session.observation()
        return Action.parse(answer) if obs.phase == "blind nil" else obs.legal[0]
    return choose


def phase_is(phase: str, to_move: int | None = HUMAN) -> Callable[[PlaySession], bool]:
    def ready(session: PlaySession) -> bool:
        obs = session.observation()
        return obs.phase == phase and (to_move is None or obs.to_move == to_move)
    return ready


def test_undo_refuses_after_a_draft_decision_showed_the_next_card() -> None:
    session = PlaySession.new("two-player-300", "medium", seed="u1")
    refused(session, "Nothing to undo")
    person_acts(session, "discard")
    refused(session, "you have seen .* from the stock")  # the next card, kept
    play_until(session, phase_is("draft"))  # the computer drew; a new offer
    refused(session, "from the stock")


def test_undo_never_reopens_blind_nil_once_a_card_was_seen() -> None:
    session = PlaySession.new("two-player", "medium", seed="u2")
    person_acts(session, "no blind nil")
    assert session.observation().to_move != HUMAN  # the computer answers: nothing seen yet
    undone(session)
    person_acts(session, "no blind nil")
    play_until(session, phase_is("draft"))  # the first card is offered
    refused(session, "you have seen .* from the stock")
    four = PlaySession.new("partnership", "medium", seed="u3")
    play_until(four, phase_is("bidding"), blind_nil_person("no blind nil"))
    refused(four, "you have seen your cards")


def test_undo_refuses_after_a_pile_draw_or_an_exchange() -> None:
    two = PlaySession.new("two-player", "medium", seed="u4")
    play_until(two, phase_is("exchange"), blind_nil_person("blind nil"))
    two.give(two.observation().hand[:2], HUMAN)  # two steps and the end: one decision
    refused(two, "you have received")
    four = PlaySession.new("partnership", "medium", seed="u5")
    play_until(four, phase_is("exchange"), blind_nil_person("blind nil"))
    before = four.observation()
    four.give(before.hand[:3], HUMAN)
    assert four.actions[-3:] == [(HUMAN, f"give {card_text(c)}") for c in before.hand[:3]]
    if not four.observation().received:  # the partner has not given yet: nothing seen
        undone(four)  # the three steps of her give at once
        assert four.observation() == before and four.observation().giving == ()
        four.give(before.hand[:3], HUMAN)
        play_until(four, lambda s: bool(s.observation().received))
    refused(four, "you have received")


def test_undo_takes_back_a_bid_but_not_once_another_seat_bid_or_played() -> None:
    session = PlaySession.new("partnership", "medium", seed="u6")
    play_until(session, phase_is("bidding"))
    assert session.observation().hand_number == 1
    person_acts(session, "bid 3")
    undone(session)  # no one has bid since: nothing new seen
    person_acts(session, "bid 3")
    west = session.game.observation(1).legal[-1]
    session.apply(west, 1)
    refused(session, f"West has bid {west.tricks} since")  # a bid is information too
    play_until(session, lambda s: s.observation().phase == "play")  # the other two bids
    assert session.observation().to_move == HUMAN  # seat 0 leads the first hand
    person_acts(session, session.observation().legal[0])
    assert session.can_undo()  # her lead alone: nothing new seen
    play_until(session, lambda s: len(s.observation().trick.cards) == 2)
    refused(session, "West has played .* since")


def test_undo_of_the_last_card_of_a_trick_the_person_takes() -> None:
    """Her card ends a trick and she leads next: nothing new is seen, she may undo it."""
    for seed in range(40):
        session = PlaySession.new("two-player-300", "medium", seed=f"u7-{seed}")
        play_until(session, lambda s: s.observation().phase == "play" and len(
            s.observation().tricks) >= 1 and s.observation().to_move == HUMAN
            and s.actions[-1][0] == HUMAN, seed=seed)
        if session.observation().hand_number == 1:
            undone(session)
            return
    raise AssertionError("no trick ended by the person found")


def test_undo_never_crosses_into_a_new_hand() -> None:
    session = PlaySession.new("two-player-300", "medium", seed="u8")
    play_until(session, lambda s: s.observation().hand_number == 2)
    refused(session, "the hand has been scored")


# ------------------------------------------------------------ typing that never misplays


def play_position(variant: str, seed: str, ready: Callable[[Observation], bool]) -> PlaySession:
    """The person to play, with several legal cards and ``ready`` true of her view."""
    session = PlaySession.new(variant, "medium", seed=seed)
    play_until(session, lambda s: (o := s.observation()).phase == "play" and o.to_move == HUMAN
               and len(o.legal) > 1 and ready(o))
    return session


def test_a_card_typed_in_any_case_is_that_card(tmp_path: Path) -> None:
    """Two cards of one rank: the suit typed decides, in either case, not the highlight."""
    def pair(obs: Observation) -> bool:
        legal = [a.card for a in obs.legal]
        return any(card_label(a)[:-1] == card_label(b)[:-1] for a in legal for b in legal
                   if a != b)

    async def main() -> None:
        session = play_position("partnership", "case", pair)
        obs = session.observation()
        legal = [a.card for a in obs.legal]
        first, second = next((a, b) for a in legal for b in legal
                             if a < b and card_label(a)[:-1] == card_label(b)[:-1])
        count = len(session.actions)
        app = app_for(session, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            table = game_screen(app)
            rank, suit = card_keys(second)
            await pilot.press(rank.upper())  # the first of that rank is highlighted
            assert obs.hand[table.selected] == first
            await pilot.press(suit.upper(), "enter")
            await wait_for(pilot, lambda: len(session.actions) > count)
            assert session.actions[count] == (HUMAN, str(Action.play(second)))

    run(main)


def test_enter_after_a_refused_or_half_typed_card_does_nothing(tmp_path: Path) -> None:
    async def main() -> None:
        session = play_position("two-player-300", "refused", lambda o: True)
        obs = session.observation()
        missing = next(c for c in range(52) if c not in obs.hand and card_label(c)[:-1] in {
            card_label(h)[:-1] for h in obs.hand})
        count = len(session.actions)
        app = app_for(session, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press(*card_keys(missing), "enter")
            assert f"You do not hold {card_label(missing)}." in screen_text(app)
            await pilot.press("enter")
            await pilot.press(card_keys(obs.hand[0])[0], "enter")  # a rank alone
            assert "needs its suit" in screen_text(app)
            absent = next(r for r in "23456789tjqka" if all(
                card_keys(h)[0] != r for h in obs.hand))
            await pilot.press(absent, "enter")
            assert "You hold no" in screen_text(app)
            await pilot.press("1", "h", "enter")
            assert "There is no card 1♥" in screen_text(app)
            await pilot.pause(0.2)
            assert len(session.actions) == count
            await pilot.press(*card_keys(obs.legal[0].card), "enter")  # a card typed whole
            await wait_for(pilot, lambda: len(session.actions) > count, seconds=5)

    run(main)


def test_a_bid_out_of_range_is_refused_not_clamped(tmp_path: Path) -> None:
    async def main() -> None:
        session = PlaySession.new("two-player-300", "medium", seed="bids")
        play_until(session, phase_is("bidding"))
        count = len(session.actions)
        app = app_for(session, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("1", "4")
            assert "No bid 14: bids go from nil (0) to 13." in screen_text(app)
            await pilot.press("enter", "2", "0", "enter")
            assert "No bid 20" in screen_text(app)
            await pilot.pause(0.2)
            assert len(session.actions) == count
            await pilot.press("1", "3", "enter")
            await wait_for(pilot, lambda: len(session.actions) > count)
            assert session.actions[count] == (HUMAN, "bid 13")

    run(main)


def test_quitting_asks_first_and_says_where_the_game_is(tmp_path: Path) -> None:
    async def main() -> None:
        app = new_app(tmp_path, "two-player-300", seed="quit")
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: person_to_act(app))
            await pilot.press("k")
            await wait_for(pilot, lambda: person_to_act(app))
            await pilot.press("x")
            await wait_for(pilot, lambda: isinstance(app.screen, QuitScreen))
            await pilot.pause(0.1)
            assert "Your game is saved in" in screen_text(app) and "--resume" in screen_text(app)
            await pilot.press("n")
            await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
            assert app.is_running
            await pilot.press("x", "enter")
        assert app.session.path is not None
        assert app.session.path.parent == tmp_path / "data" / GAMES_DIR
        assert app.return_value == (f"Your game is saved in {app.session.path}; `spades play "
                                    "--variant two-player-300 --resume` continues it.")

    run(main)


def test_four_colour_suits_draw_each_suit_in_its_colour(tmp_path: Path) -> None:
    async def main() -> None:
        session = play_position("two-player-300", "colours", lambda o: len(
            {card_label(c)[-1] for c in o.hand} & {"♣", "♦", "♥"}) == 3)
        app = app_for(session, tmp_path, four_colour=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause(0.2)
            for widget in game_screen(app).query(CardWidget):
                if widget.card is not None and widget.has_class("-unplayable") is False:
                    suit = card_label(widget.card)[-1]
                    expected = {"♣": "green", "♦": "blue", "♥": "red", "♠": "grey"}[suit]
                    assert colour_name(rendered_colour(widget)) == expected, suit

    run(main)


# ------------------------------------------------------------ a trick you can follow


def trick_just_won(session: PlaySession) -> bool:
    """A trick of this hand has just been finished, and the next has no card yet."""
    obs = session.observation()
    return obs.phase == "play" and bool(obs.tricks) and not (obs.trick and obs.trick.cards)


def held_position(variant: str, seed: str, person_next: bool = False) -> PlaySession:
    """A trick just finished; a computer leads the next, or with ``person_next`` the
    person must lead her last card (Auto Play One would play it)."""
    def ready(session: PlaySession) -> bool:
        obs = session.observation()
        if not trick_just_won(session):
            return False
        return (obs.to_move == HUMAN and len(obs.legal) == 1) if person_next else \
            obs.to_move != HUMAN
    session = PlaySession.new(variant, "medium", seed=seed)
    play_until(session, ready)
    return session


def table_text(app: SpadesApp, widget: str) -> str:
    """The text of one drawn part of the table (``#table``, ``#scores``, ``#plays``)."""
    return game_screen(app).query_one(widget).render().plain  # type: ignore[union-attr]


def test_a_finished_trick_stays_until_a_key_is_pressed(tmp_path: Path) -> None:
    async def main() -> None:
        session = held_position("partnership", "held")
        trick, count = session.observation().tricks[-1], len(session.actions)
        winner = session.names[trick.winner or 0]
        app = app_for(session, tmp_path, trick_pause="until a key")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause(1.0)  # the computers are instant, yet the trick stays
            assert len(session.actions) == count
            assert f"{winner} won the trick · any key goes on" in screen_text(app)
            table = table_text(app, "#table")
            assert all(card_label(card) in table for card in trick.cards)
            assert "┏" in table  # the winning card in a heavy border
            await pilot.press("space")
            await wait_for(pilot, lambda: len(session.actions) > count, seconds=5)
            assert "any key goes on" not in screen_text(app)

    run(main)


def test_a_finished_trick_goes_on_after_the_preferred_time(tmp_path: Path) -> None:
    async def main() -> None:
        session = held_position("two-player", "held")
        count = len(session.actions)
        app = app_for(session, tmp_path, trick_pause="short")
        started = time.monotonic()
        async with app.run_test(size=SIZE) as pilot:
            # no key is pressed; the game goes on, but not before "short" (0.8 s) has
            # passed (a lower bound only: a loaded machine may take longer, never less)
            await wait_for(pilot, lambda: len(session.actions) > count, seconds=10)
            assert time.monotonic() - started >= TRICK_PAUSES["short"]

    run(main)


def test_with_auto_play_one_the_trick_before_a_forced_lead_is_seen(tmp_path: Path) -> None:
    async def main() -> None:
        session = held_position("two-player-300", "forced lead", person_next=True)
        count = len(session.actions)
        app = app_for(session, tmp_path, trick_pause="until a key")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause(1.0)
            assert len(session.actions) == count and "won the trick" in screen_text(app)
            await pilot.press("space")
            await wait_for(pilot, lambda: len(session.actions) > count, seconds=5)
            assert session.actions[count][0] == HUMAN

    run(main)


def test_the_last_plays_are_listed_and_the_played_cards_shown_by_suit(tmp_path: Path) -> None:
    async def main() -> None:
        session = play_position("partnership", "listed",
                                lambda o: len(o.tricks) >= 3 and bool(o.trick and o.trick.cards))
        obs, names = session.observation(), session.names
        app = app_for(session, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause(0.2)
            plays = table_text(app, "#plays").splitlines()
            assert len(plays) == 3  # the current trick and the two before it, in order
            for line, trick in zip(plays, obs.tricks_so_far[-3:], strict=True):
                said = " · ".join(
                    f"{names[(trick.leader + i) % 4]}{' led' if i == 0 else ''} "
                    f"{card_label(card)}" for i, card in enumerate(trick.cards))
                assert said in line
                assert line.endswith(" won") == (trick.winner is not None)
                if trick.winner is not None:
                    assert line.endswith(f"— {names[trick.winner]} won")
            panel = table_text(app, "#scores").splitlines()
            played = sorted_cards(c for t in obs.tricks_so_far for c in t.cards)
            for symbol in "♠♥♣♦":  # high cards first; none: a dash, or spades not broken
                line = next(row for row in panel if row.startswith(symbol + " "))
                mine = [card_label(c)[:-1] for c in played if card_label(c)[-1] == symbol]
                empty = "not broken" if symbol == "♠" else "—"
                assert line[2:] in ((" ".join(mine), "".join(mine)) if mine else (empty,))
            assert_nothing_hidden_shown(app)

    run(main)


def test_partnership_shows_each_sides_bid_and_tricks(tmp_path: Path) -> None:
    async def main() -> None:
        session = play_position("partnership", "sides", lambda o: len(o.tricks) >= 4)
        obs = session.observation()
        app = app_for(session, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause(0.2)
            panel = table_text(app, "#scores").replace("\n  won", " · won")  # one line
            for seats in ((0, 2), (1, 3)):
                bid = sum(obs.bids[s] or 0 for s in seats)
                nils = [s for s in seats if obs.bids[s] == 0]
                words = " + ".join(([str(bid)] if bid or not nils else []) +
                                   ["blind nil" if s in obs.blind_nil else "nil" for s in nils])
                won = sum(obs.tricks_won[s] for s in seats)
                assert f"bid {words} · won {won}" in panel, panel

    run(main)


def test_two_player_discards_stay_visible_all_hand(tmp_path: Path) -> None:
    async def main() -> None:
        session = play_position("two-player", "discards", lambda o: len(o.tricks) >= 6)
        discards = session.observation().discards
        assert len(discards) == 13
        app = app_for(session, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause(0.2)
            table = table_text(app, "#table")
            assert "Your discards (out of play)" in table
            assert all(card_label(card) in table for card in discards)

    run(main)


def test_the_selection_shows_on_a_darkened_card(tmp_path: Path) -> None:
    async def main() -> None:
        session = play_position("two-player-300", "cursor", lambda o: len(o.legal) < len(o.hand))
        legal = {a.card for a in session.observation().legal}
        app = app_for(session, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause(0.2)
            cards = [w for w in game_screen(app).query(CardWidget) if w.card is not None]
            while not (selected := next(w for w in cards if w.has_class("-selected"))).has_class(
                    "-unplayable"):
                await pilot.press("right")
            assert selected.card not in legal
            size = selected.outer_size
            top = selected.render_lines(Region(0, 0, size.width, size.height))[0].text
            assert top.startswith("┏"), top  # the selection's heavy border, darkened or not

    run(main)


def test_the_table_is_centred_scales_and_says_when_the_terminal_is_too_small(
        tmp_path: Path) -> None:
    async def main() -> None:
        session = play_position("partnership", "sizes", lambda o: len(o.tricks) >= 1)
        count = len(session.actions)
        app = app_for(session, tmp_path, speed="slow")
        async with app.run_test(size=(160, 48)) as pilot:
            await pilot.pause(0.2)
            board = game_screen(app).query_one("#board").region
            assert abs(board.x - (160 - board.right)) <= 1 and board.width < 160
            assert abs(board.y - (47 - board.bottom)) <= 1  # centred above the footer
            card = next(w for w in game_screen(app).query(CardWidget) if w.card is not None)
            assert card.outer_size.height == 5  # large cards where there is room
            assert "╭─────╮" in screen_text(app)
            await pilot.resize_terminal(80, 24)
            await pilot.pause(0.2)
            assert card.outer_size.height == 3 and "too small" not in screen_text(app)
            await pilot.press(*card_keys(session.observation().legal[0].card), "enter")
            await pilot.resize_terminal(70, 20)
            await wait_for(pilot, lambda: "70 columns by 20 rows" in screen_text(app), seconds=5)
            assert "needs at least 80 by 24" in screen_text(app).replace("\n", " ")
            played = len(session.actions)
            assert played == count + 1 and session.computer_to_move is not None
            await pilot.pause(1.5)  # longer than a slow computer's pause
            assert len(session.actions) == played  # the computers wait while it is too small
            await pilot.resize_terminal(80, 24)
            await wait_for(pilot, lambda: len(session.actions) > played, seconds=5)
            assert "too small" not in screen_text(app) and len(session.actions) > count

    run(main)


def test_the_trick_pause_is_a_preference() -> None:
    assert Preferences().trick_pause == "normal" and Preferences().trick_seconds == 1.5
    assert Preferences(trick_pause="until a key").trick_seconds is None
    with pytest.raises(ValueError, match="trick_pause"):
        Preferences(trick_pause="forever")


@pytest.mark.parametrize(("prefs", "declaring"), [
    ({}, set()),
    ({"computer_blind_nil": "never"}, set()),
    ({"computer_blind_nil": "always"}, {"West", "Partner"}),
    ({"partner_blind_nil": "always"}, {"West", "Partner"}),  # a file of earlier versions
])
def test_the_computers_blind_nil_follows_the_preference_and_is_announced(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, prefs: dict[str, str],
        declaring: set[str]) -> None:
    """hard declares blind nil at 0-0 in this hand, for any seat its policy lets it; every
    computer, partner and opponents alike, waits until its side trails by 100 unless the
    preference says otherwise, and every computer's answer is said in words."""
    said: list[str] = []
    original = GameScreen.say

    def say(self: GameScreen, message: object, error: bool = False) -> None:
        said.append(str(message))
        original(self, message, error)  # type: ignore[arg-type]

    monkeypatch.setattr(GameScreen, "say", say)

    async def main() -> None:
        config = tmp_path / "config"
        config.mkdir()
        (config / "preferences.json").write_text(json.dumps({**QUICK, **prefs}))
        app = make_app("partnership", "hard", seed="policy", config=config,
                       data=tmp_path / "data", warm_up=False)
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: person_to_act(app))
            await pilot.press("n")  # no blind nil
            await wait_for(pilot, lambda: app.session.observation().phase != "blind nil")
        answers = {line.split()[0]: line for line in said if "blind nil" in line
                   and line.split()[0] in ("West", "Partner", "East")}
        assert set(answers) >= {"West", "Partner"}, said
        declared = {name for name, line in answers.items() if line.endswith("declares blind nil")
                    and "not" not in line}
        assert declared >= declaring and (declaring or not declared), said
        record = game_record(app.session.game, app.session.names)
        assert HUMAN not in record["hands"][0].get("blind_nil", [])

    run(main)


# ------------------------------------------------------------ nothing of weight by a default


@pytest.mark.parametrize("variant", ["two-player", "partnership"])
def test_enter_at_the_blind_nil_question_declares_no_blind_nil(tmp_path: Path,
                                                               variant: str) -> None:
    async def main() -> None:
        app = new_app(tmp_path, variant, seed="enter")
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: person_to_act(app))
            assert app.session.observation().phase == "blind nil"
            selected = next(w for w in game_screen(app).query(OptionWidget)
                            if w.has_class("-selected"))
            assert "No blind nil" in str(selected.render())
            await pilot.press("enter")
            await wait_for(pilot, lambda: bool(app.session.actions))
        hand = game_record(app.session.game, app.session.names)["hands"][0]
        assert app.session.actions[0] == (HUMAN, "no blind nil")
        assert HUMAN not in hand["blind_nil"] and HUMAN in hand["blind_nil_declined"]

    run(main)


def test_a_suggested_nil_is_not_selected_and_enter_alone_bids_nothing(tmp_path: Path) -> None:
    """medium would bid nil with this hand: the prompt says so, but nothing is selected;
    Enter alone asks for a bid; n then Enter bids nil."""
    async def main() -> None:
        session = PlaySession.new("partnership", "medium", seed="nil0")
        play_until(session, phase_is("bidding"), blind_nil_person("no blind nil"))
        assert session.suggested_bid(session.observation()).tricks == 0
        count = len(session.actions)
        app = app_for(session, tmp_path, speed="slow")
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: person_to_act(app))
            assert "(suggested: Nil)" in screen_text(app)
            assert not any(w.has_class("-selected") for w in game_screen(app).query(OptionWidget))
            await pilot.press("enter")
            await pilot.pause(0.2)
            assert len(session.actions) == count
            assert "Choose your bid first" in screen_text(app)
            await pilot.press("n", "enter")
            await wait_for(pilot, lambda: len(session.actions) > count)
            assert session.actions[count] == (HUMAN, "nil")

    run(main)


def test_a_hinted_blind_nil_is_said_but_enter_alone_declines_it(tmp_path: Path) -> None:
    """hard declares blind nil at 0-0 in this hand: its hint says blind nil, and the
    selection stays on "No"; Enter then declines, b would declare."""
    async def main() -> None:
        app = new_app(tmp_path, "partnership", seed="policy")
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: person_to_act(app))
            await pilot.press("i")
            await wait_for(pilot, lambda: "Hint: blind nil" in screen_text(app))
            assert "Hint: blind nil (b to take it)" in screen_text(app)
            await pilot.press("enter")
            await wait_for(pilot, lambda: bool(app.session.actions))
        assert app.session.actions[0] == (HUMAN, "no blind nil")

    run(main)


def test_enter_in_the_exchange_picks_a_card_but_never_gives(tmp_path: Path) -> None:
    async def main() -> None:
        session = PlaySession.new("partnership", "medium", seed="give")
        play_until(session, phase_is("exchange"), blind_nil_person("blind nil"))
        count = len(session.actions)
        app = app_for(session, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: person_to_act(app))
            await pilot.press("enter", "right", "enter", "right", "enter")  # three cards
            await pilot.press("enter")  # a fourth Enter toggles the third card off
            await pilot.pause(0.2)
            assert len(session.actions) == count and len(game_screen(app).picked) == 2
            await pilot.press("enter", "g")  # the third again, then g gives them
            await wait_for(pilot, lambda: len(session.actions) >= count + 3)

    run(main)


def test_no_key_acts_while_the_table_is_hidden_as_too_small(tmp_path: Path) -> None:
    """The issue's case: at 70x20 `qc` Enter played Q♣ unseen. While the notice hides the
    table, card keys, Enter, bids, undo and hints do nothing; x still quits."""
    async def main() -> None:
        session = play_position("two-player-300", "small", lambda o: True)
        count = len(session.actions)
        app = app_for(session, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: person_to_act(app))
            table = game_screen(app)
            selected = table.selected
            await pilot.resize_terminal(70, 20)
            await wait_for(pilot, lambda: "70 columns by 20 rows" in screen_text(app), seconds=5)
            assert "keys do nothing until then" in screen_text(app).replace("\n", " ")
            legal = session.observation().legal
            await pilot.press(*card_keys(legal[-1].card), "enter", "enter", "right", "u", "i")
            await pilot.pause(0.3)
            assert len(session.actions) == count and isinstance(app.screen, GameScreen)
            assert table.typed == "" and table.selected == selected
            assert table.check_action("undo", ()) is None  # shown greyed out in the footer
            assert table.check_action("ask_to_quit", ())
            await pilot.resize_terminal(80, 24)
            await wait_for(pilot, lambda: "too small" not in screen_text(app), seconds=5)
            assert len(session.actions) == count and "Hint:" not in screen_text(app)
            await pilot.resize_terminal(70, 20)
            await wait_for(pilot, lambda: "too small" in screen_text(app), seconds=5)
            await pilot.press("x")
            await wait_for(pilot, lambda: isinstance(app.screen, QuitScreen))

    run(main)


def test_a_save_from_before_gives_were_steps_resumes_the_same_game(tmp_path: Path) -> None:
    """Version 1 saved a give whole: ``give 2C`` gave that card alone and ended the
    exchange. Such a save resumes the game it was, not one stuck mid-exchange."""
    session = PlaySession.new("two-player", "medium", seed="one card")
    session.apply("blind nil", HUMAN)
    while session.game.phase != "exchange":
        phase = session.game.phase
        session.apply("no blind nil" if phase == "blind nil" else "keep", session.game.to_move)
    card = card_text(session.game.hand_of(HUMAN)[0])
    session.give([card], HUMAN)
    saved = session.to_json()
    actions = [[seat, text] for seat, text in session.actions]
    assert [text for _, text in actions[-2:]] == [f"give {card}", "give"]
    old = {**saved, "version": 1, "actions": actions[:-1]}
    (tmp_path / "game.json").write_text(json.dumps(old))
    resumed = PlaySession.load(tmp_path / "game.json")
    assert resumed.game.phase == "bidding"
    assert game_record(resumed.game) == game_record(session.game)
