"""The browser client in Debian's Chromium (/usr/bin/chromium), driven by Playwright.

A person plays a whole two-player-300 game against a computer player by clicking, with
the unplayable cards darker and Auto Play One; two browser contexts and two computer
players play a partnership game, with a blind nil exchange, and ask for a rematch; a
two-player exchange says how many cards it may give and keeps its picks through a reload; a
stranger is refused a private seat, and a seat moves to another browser with its link; a
completed trick stays on the table with its winner lit; a person out of time is played for,
leaves her seat and takes it back (from the hand's summary too, and after a restart); the
chat is shown as typed, spectators only read it unless the table lets them write, each
under a name; a dropped connection shows a banner and refuses moves until it is back.
The table fits a laptop's screen and a phone's (measured by the elements' boxes), a phone
plays a card on a second tap and opens the chat from a button that counts unread lines;
the hand summary gives each side's breakdown and running totals; a whole hand is played
by keyboard alone with every move said in the live region; a bad link says so and leads
back; invite links copy; a refused chat line stays in the box.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from spades.bots.policy import CHOICES
from spades.cards import card_text
from spades.record import game_record, replay
from spades.server.app import create_app
from spades.server.settings import Settings
from tests.test_server import CARD

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(),
                                reason="Debian's chromium is not installed (.ci/run installs it)")
HOME: list[Path] = []  # the browser's home, in the test run's temporary directory


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def running(app: Any, port: int) -> Iterator[None]:
    """``app`` served on 127.0.0.1:``port`` in a thread until the block ends."""
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                            ws="websockets-sansio")
    instance = uvicorn.Server(config)
    thread = threading.Thread(target=instance.run, daemon=True)
    thread.start()
    for _ in range(200):
        if instance.started:
            break
        time.sleep(0.05)
    try:
        yield
    finally:
        instance.should_exit = True
        thread.join(10)


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[str, Any]]:
    """A live server in a thread: its address and its tables."""
    port = free_port()
    app = create_app(":memory:", Settings(computer_delay=0.01, rate_burst=1000,
                                          create_burst=1000))
    with running(app, port):
        yield f"http://127.0.0.1:{port}", app.state.server


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Chromium with a home of its own (its crash reports and sound server's files stay
    in the temporary directory)."""
    from playwright.sync_api import sync_playwright

    home = tmp_path_factory.mktemp("chromium-home")
    HOME[:] = [home]
    env = {**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"),
           "XDG_CACHE_HOME": str(home / ".cache"), "XDG_DATA_HOME": str(home / ".local")}
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS,
                                              env=env)
        yield chromium
        chromium.close()


def sent_frames(page: Any) -> list[dict[str, Any]]:
    """The messages ``page`` sends on its websockets from now on, as they go."""
    frames: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framesent",
                                          lambda payload: frames.append(json.loads(payload))))
    return frames


def label(card: str) -> str:
    """A card as the page writes it: "TH" is "10♥"."""
    return ("10" if card[0] == "T" else card[0]) + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[1]]


def minus(points: int) -> str:
    """Points as the page writes them, with a minus sign: "\u221270"."""
    return str(points).replace("-", "\u2212")


def in_words(card: str) -> str:
    """A card as the live region says it: "TH" is "10 of hearts", "QS" "queen of spades"."""
    rank = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "10"}.get(card[0], card[0])
    return f"{rank} of {({'S': 'spades', 'H': 'hearts', 'D': 'diamonds', 'C': 'clubs'})[card[1]]}"


def board(page: Any) -> dict[str, str]:
    return page.evaluate("() => ({...(document.getElementById('board') || {}).dataset})")


def wait_moved(page: Any, seq: str) -> None:
    try:
        page.wait_for_function(
            "s => { const b = document.getElementById('board'); return b && b.dataset.seq !== s; }",
            arg=seq)
    except PlaywrightTimeout:
        shot = HOME[0] / "stuck.png"
        page.screenshot(path=str(shot))
        raise AssertionError(f"stuck at {board(page)} (see {shot}): "
                             f"{page.inner_text('#toast')!r}, "
                             f"{page.inner_text('#controls')!r}") from None


def hand_cards(page: Any) -> list[tuple[str, str, str]]:
    """Each card of the hand: its text, its classes, its drawn filter."""
    return page.eval_on_selector_all(".hand-card", "els => els.map(e => [e.dataset.card, "
                                     "e.className, getComputedStyle(e.querySelector('svg'))"
                                     ".filter])")


def covered_corners(page: Any) -> list[str]:
    """The hand's cards whose top-left corner (rank and suit) another card covers."""
    return page.eval_on_selector_all(".hand-card", """els => els.filter(e => {
        const box = e.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + 6, box.top + 16);
        return !top || top.closest('.hand-card') !== e;
    }).map(e => e.dataset.card)""")


def step(page: Any, rng: random.Random, tally: dict[str, int], legal: Any = None,
         blind: bool = False) -> bool:
    """Take this page's turn by clicking, if it is its turn; True if something happened."""
    if page.locator("#continue").count():  # the hand summary (the last hand's too)
        with contextlib.suppress(PlaywrightTimeout):
            tally["last summary"] = "the last" in page.inner_text("#summary-title")
            if not tally.get("summaries"):  # the first time, the plays that cost points
                page.click("#costly", timeout=2000)
                page.wait_for_selector("#costly-list")
                tally["analysed"] = 1
            page.click("#continue", timeout=2000)
            tally["summaries"] = tally.get("summaries", 0) + 1
        return True
    state = board(page)
    if state.get("over") == "yes" or state.get("myTurn") != "yes":
        return False
    phase, seq = state["phase"], state["seq"]
    if phase == "blind nil":
        page.click(f"[data-action='{'blind nil' if blind else 'no blind nil'}']")
    elif phase == "draft":
        page.click(f"[data-action='{rng.choice(['keep', 'discard'])}']")
    elif phase == "exchange":
        tally["exchange words"] = page.inner_text("#exchange-words")
        buttons = [(page.inner_text("#give"), page.is_disabled("#give"))]
        for card in page.locator(".hand-card").all()[:3]:
            card.click()
            buttons.append((page.inner_text("#give"), page.is_disabled("#give")))
        tally["give buttons"] = buttons
        page.click("#give")
        tally["exchanges"] = tally.get("exchanges", 0) + 1
    elif phase == "bidding":
        bids = page.locator("button.bid").all()
        rng.choice(bids[1:5]).click()
    elif phase == "play":
        cards = hand_cards(page)
        playable = [c for c, cls, _ in cards if "unplayable" not in cls]
        for _, cls, drawn in cards:  # the cards that may not be played are darker
            assert ("brightness" in drawn) == ("unplayable" in cls)
        assert not covered_corners(page), "a card's corner lies under its neighbour"
        if legal is not None:
            assert set(playable) == legal()
        if len(playable) == 1 and page.is_checked("#auto-play-one"):
            tally["auto"] = tally.get("auto", 0) + 1  # Auto Play One plays it
        else:
            card = f".hand-card[data-card='{rng.choice(playable)}']"
            page.click(card)
            if page.viewport_size["width"] < 700:  # a phone: a tap raises it, a second plays it
                assert board(page)["seq"] == seq and "raised" in page.get_attribute(card, "class")
                page.click(card)
            tally["clicks"] = tally.get("clicks", 0) + 1
    wait_moved(page, seq)
    return True


def test_a_whole_two_player_300_game_against_the_computer_by_clicking(server, browser, tmp_path):
    base, tables = server
    page = browser.new_page(viewport={"width": 390, "height": 844})  # a phone's screen
    page.set_default_timeout(20000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    sent = sent_frames(page)
    page.goto(base + "/")
    assert page.locator("#auto-play-one, #sound").count() == 0  # a seat's, not the lobby's
    page.fill("input[name=name]", "Ann")
    page.fill("input[name=target]", "30")
    page.fill("input[name=lose_threshold]", "-30")
    page.select_option("select[data-seat='1']", "computer:easy")
    page.click("#create-table")
    page.wait_for_selector("#board[data-seq]")
    table_id = page.url.rsplit("/", 1)[1]
    game = tables.tables[table_id].game

    def legal() -> set[str]:
        return {str(a)[5:] for a in game.legal_actions()}

    rng, tally = random.Random(5), {}
    deadline = time.monotonic() + 240
    checked = False
    while board(page).get("over") != "yes":
        assert time.monotonic() < deadline
        state = board(page)
        if not checked and state.get("phase") == "play" and state.get("myTurn") == "yes":
            checked = True
            # a hint from the hard player names a legal card
            page.click("#hint-button")
            hint = page.wait_for_selector("#hint[data-action^='play ']")
            assert hint.get_attribute("data-action")[5:] in legal()
            assert "Hint: play " in hint.inner_text() and not CARD.search(hint.inner_text())
            hinted = page.locator(".hand-card.hinted")  # the hinted card is marked, alone
            assert hinted.count() == 1
            assert hinted.get_attribute("data-card") == hint.get_attribute("data-action")[5:]
            # a reloaded page continues exactly where it was, with its own hand only
            hand = [c for c, _, _ in hand_cards(page)]
            page.reload()
            page.wait_for_selector(f"#board[data-seq='{state['seq']}']")
            assert [c for c, _, _ in hand_cards(page)] == hand
            # a spectator sees the table and no hand
            watcher = browser.new_page()
            watcher.goto(f"{base}/#/table/{table_id}")
            watcher.wait_for_selector("#board[data-seq]")
            assert watcher.locator(".hand-card").count() == 0
            assert "watching" in watcher.inner_text(".status-line")
            # a seat's own controls are at the seat only: not for a spectator
            assert watcher.locator("#auto-play-one, #sound, #leave-seat").count() == 0
            watcher.close()
            # Auto Play One is a preference kept in the browser
            page.uncheck("#auto-play-one")
            page.reload()
            page.wait_for_selector(f"#board[data-seq='{state['seq']}']")
            assert not page.is_checked("#auto-play-one")
            page.check("#auto-play-one")
        if not step(page, rng, tally, legal):
            page.wait_for_timeout(30)
    assert checked and tally.get("auto", 0) >= 1 and tally.get("clicks", 0) >= 5
    # Auto Play One's plays say so (the server never takes a seat back for one)
    autos = [f for f in sent if f["type"] == "action" and f.get("auto")]
    assert autos and all(f["action"].startswith("play ") for f in autos)
    # the last hand's summary comes before the result
    page.wait_for_selector("#hand-summary:has-text('the last')")
    step(page, rng, tally)
    assert tally["last summary"]
    page.wait_for_selector("#game-over")
    with page.expect_download() as download:
        page.click("#download")
    record = json.loads(Path(download.value.path()).read_text())
    assert replay(record).over and record["players"] == ["Ann", "Computer"]
    assert not errors
    page.close()


def test_two_browsers_and_two_computer_players_play_a_partnership_game(server, browser):
    base, _ = server
    contexts = [browser.new_context(viewport={"width": 1000, "height": 800}) for _ in range(2)]
    ann, bob = (context.new_page() for context in contexts)
    for page in (ann, bob):
        page.set_default_timeout(20000)
    ann.goto(base + "/")
    ann.wait_for_selector("#create-table")
    ann.select_option("select[name=variant]", "partnership")
    ann.fill("input[name=target]", "100")
    ann.fill("input[name=lose_threshold]", "-100")
    ann.select_option("select[data-seat='1']", "computer:random")
    ann.select_option("select[data-seat='2']", "person")
    ann.select_option("select[data-seat='3']", "computer:random")
    ann.click("#create-table")
    link = ann.get_attribute("input[data-invite='2']", "value")
    bob.goto(link)
    bob.fill("input[name=name]", "Bob")
    bob.click("#join")
    bob.wait_for_selector("#board[data-seq]")
    rng, tallies = random.Random(6), [{}, {}]
    deadline = time.monotonic() + 240
    first = True
    while not all(board(p).get("over") == "yes" for p in (ann, bob)):
        assert time.monotonic() < deadline
        moved = False
        for page, tally in zip((ann, bob), tallies, strict=True):
            blind = first and page is ann and board(page).get("phase") == "blind nil"
            if step(page, rng, tally, blind=blind):
                moved = True
                first = first and not blind
        if not moved:
            ann.wait_for_timeout(30)
    assert tallies[0].get("exchanges") == tallies[1].get("exchanges") == 1
    for tally, partner in zip(tallies, ("Bob", "Seat 1"), strict=True):
        assert tally["exchange words"] == (f"Choose 3 cards to give {partner}, who gives you as "
                                           "many, then:")
        assert tally["give buttons"] == [("0 of 3 chosen", True), ("1 of 3 chosen", True),
                                         ("2 of 3 chosen", True), ("Give 3 cards", False)]
    assert tallies[0].get("analysed") or tallies[1].get("analysed") or all(
        not t.get("summaries") for t in tallies)
    for page, tally in zip((ann, bob), tallies, strict=True):  # the last hand's summary
        page.wait_for_selector("#hand-summary, #game-over")
        step(page, rng, tally)
        page.wait_for_selector("#game-over")
        assert tally["last summary"]
    finished = ann.url.rsplit("/", 1)[1]
    ann.click("#rematch")
    ann.wait_for_function("old => !location.hash.includes(old)", arg=finished)
    ann.wait_for_selector("#board[data-seq]")
    assert board(ann)["over"] == "no"
    for context in contexts:
        context.close()


def test_the_lobby_can_allow_blind_nil_only_to_a_trailing_side(server, browser):
    """With a blind nil deficit from the lobby, nobody may declare at 0-0: bidding comes
    first; the computers' own blind nil policy is asked for too."""
    base, tables = server
    page = browser.new_page(viewport={"width": 1000, "height": 800})
    page.set_default_timeout(20000)
    page.goto(base + "/")
    page.wait_for_selector("#create-table")
    page.select_option("select[name=variant]", "partnership")
    page.fill("input[name=blind_nil_deficit]", "100")
    # the computers' blind nil: only when 100 behind unless the creator says otherwise
    choices = page.eval_on_selector_all("select[name=computer_blind_nil] option",
                                        "els => els.map(e => [e.textContent, e.value])")
    assert choices == [list(choice) for choice in CHOICES]  # the server's, in its words
    assert page.input_value("select[name=computer_blind_nil]") == "trailing-100"
    page.select_option("select[name=computer_blind_nil]", "never")
    with page.expect_request(lambda r: r.url.endswith("/api/tables")
                             and r.method == "POST") as request:
        page.click("#create-table")
    assert request.value.post_data_json["computer_blind_nil"] == "never"
    page.wait_for_selector("#board[data-seq]")
    game = tables.tables[page.url.rsplit("/", 1)[1]].game
    assert game.rules.blind_nil_deficit == 100
    assert game.hands[0].blind_nil == [] and game.phase == "bidding"
    page.close()


def new_private_table(page: Any, base: str) -> str:
    """Ann's two-player table with a person invited to seat 2 (private, as by default)."""
    page.goto(base + "/")
    page.select_option("select[name=variant]", "two-player")
    page.fill("input[name=name]", "Ann")
    page.select_option("select[data-seat='1']", "person")
    assert not page.is_checked("input[name=listed]")
    page.click("#create-table")
    page.wait_for_selector("#board[data-seq]")
    return page.url.rsplit("/", 1)[1]


def test_a_blind_nil_exchange_says_how_many_and_keeps_its_picks_through_a_reload(server,
                                                                                  browser):
    """Two players: the words say how many cards may be given and where the new ones come
    from; the cards picked (sent only with the give) are still picked after a reload, and
    the give gives them."""
    base, tables = server
    page = browser.new_page(viewport={"width": 1000, "height": 800})
    page.set_default_timeout(20000)
    page.goto(base + "/")
    page.select_option("select[name=variant]", "two-player")
    page.fill("input[name=name]", "Ann")
    page.select_option("select[data-seat='1']", "computer:easy")
    page.click("#create-table")
    page.wait_for_selector("#board[data-seq]")
    game = tables.tables[page.url.rsplit("/", 1)[1]].game
    rng, tally = random.Random(8), {}
    deadline = time.monotonic() + 60
    while (board(page).get("phase"), board(page).get("myTurn")) != ("exchange", "yes"):
        assert time.monotonic() < deadline and board(page).get("phase") != "bidding"
        if not step(page, rng, tally, blind=True):
            page.wait_for_timeout(30)
    assert page.inner_text("#exchange-words") == (
        "Choose up to 3 cards to give (you draw as many from the discards), then:")
    assert page.inner_text("#give") == "Give none"
    seq = board(page)["seq"]
    chosen = [card for card, _, _ in hand_cards(page)][3:5]
    for card in chosen:
        page.click(f".hand-card[data-card='{card}']")
    page.reload()
    page.wait_for_selector(f"#board[data-seq='{seq}']")
    picked = "els => els.map(e => e.dataset.card)"
    assert sorted(page.eval_on_selector_all(".hand-card.selected", picked)) == sorted(chosen)
    assert sorted(page.eval_on_selector_all(".hand-card[aria-pressed='true']", picked)) == sorted(
        chosen) and page.locator(".hand-card[aria-pressed='false']").count() == 11
    assert page.inner_text("#give") == "Give 2 cards"
    page.click("#give")
    wait_moved(page, seq)
    assert sorted(game.observation(0).to_json()["gave"]) == sorted(chosen)
    seen = game.observation(0).to_json()  # the cards given and received, as symbols
    received = ", received " + " ".join(map(label, seen["received"])) if seen["received"] else ""
    page.wait_for_selector(".discards:has-text('You gave')")
    assert page.inner_text(".discards:has-text('You gave')") == (
        "You gave " + " ".join(map(label, seen["gave"])) + received)
    page.reload()  # given: nothing is picked any more
    page.wait_for_selector("#board[data-seq]")
    assert not page.eval_on_selector_all(".hand-card.selected", picked)
    page.close()


def test_a_stranger_is_refused_a_private_seat(server, browser, tmp_path):
    base, tables = server
    ann_context, eve_context = (browser.new_context(viewport={"width": 1000, "height": 800})
                                for _ in range(2))
    ann, eve = ann_context.new_page(), eve_context.new_page()
    table_id = new_private_table(ann, base)
    link = ann.get_attribute("input[data-invite='1']", "value")
    assert link.startswith(f"{base}/#/join/{table_id}/1/") and len(link.rsplit("/", 1)[1]) > 20
    for guess, expected in [("", "seat 2 is private: it takes the invite link"),
                            ("/not-the-secret", "this invite link is not the one of seat 2")]:
        eve.goto(f"{base}/#/join/{table_id}/1{guess}")
        eve.fill("input[name=name]", "Eve")
        eve.click("#join")
        eve.wait_for_selector(f"#join-error:has-text('{expected}')")
    eve.screenshot(path=str(tmp_path / "stranger-refused.png"))
    seat = tables.tables[table_id].seats[1]
    assert seat.token_hash is None and seat.name == "Seat 2"
    # the lobby lists the table to nobody; Ann's lobby has it under her tables
    eve.goto(base + "/")
    eve.wait_for_selector("#tables:has-text('No open table')")
    assert table_id not in eve.inner_text("#tables")
    ann.goto(base + "/")
    ann.wait_for_selector(f"#my-tables .table-line[data-table='{table_id}']")
    assert table_id not in ann.inner_text("#tables")
    ann.screenshot(path=str(tmp_path / "my-tables.png"))
    for context in (ann_context, eve_context):
        context.close()


def test_a_seat_is_taken_back_from_another_browser_with_its_link(server, browser, tmp_path):
    base, tables = server
    contexts = [browser.new_context(viewport={"width": 1000, "height": 800}) for _ in range(3)]
    ann, laptop, phone = (context.new_page() for context in contexts)
    table_id = new_private_table(ann, base)
    link = ann.get_attribute("input[data-invite='1']", "value")
    laptop.goto(link)
    laptop.fill("input[name=name]", "Bob")
    laptop.click("#join")
    laptop.wait_for_selector("#board[data-seq]")
    assert laptop.locator(".hand-card").count() == 0  # blind nil: no cards seen yet
    assert "watching" not in laptop.inner_text(".status-line")
    # Bob's phone, with the same link: it says who holds the seat, then takes it
    phone.goto(link)
    phone.wait_for_selector("#join-note:has-text('Bob holds this seat')")
    phone.screenshot(path=str(tmp_path / "take-back.png"))
    phone.click("#join")
    phone.wait_for_selector("#board[data-seq]")
    laptop.wait_for_selector("#replaced:has-text('another device')")
    laptop.screenshot(path=str(tmp_path / "replaced.png"))
    seat = tables.tables[table_id].seats[1]
    assert seat.name == "Bob" and seat.connections == 1
    assert "watching" not in phone.inner_text(".status-line")
    # the laptop may watch; a reload does not take the seat back
    laptop.click("#watch-instead")
    laptop.wait_for_selector(".status-line:has-text('watching')")
    laptop.reload()
    laptop.wait_for_selector(".status-line:has-text('watching')")
    assert seat.connections == 1
    phone.screenshot(path=str(tmp_path / "phone.png"))
    # the phone is closed when the laptop takes the seat back: opened again, it watches
    phone.close()
    laptop.goto(link)
    laptop.click("#join")
    laptop.wait_for_selector(".status-line:not(:has-text('watching'))")
    phone = contexts[2].new_page()
    phone.goto(f"{base}/#/table/{table_id}")
    phone.wait_for_selector("#toast:has-text('taken on another device: you are watching')")
    phone.wait_for_selector(".status-line:has-text('watching')")
    assert seat.connections == 1 and phone.locator(".hand-card").count() == 0
    for context in contexts:
        context.close()


def partnership_with_computers(page: Any, base: str, checks: tuple[str, ...] = (),
                               **fields: str) -> str:
    """Ann's partnership table, three random computers, the lobby's ``fields`` filled in
    and its ``checks`` ticked."""
    page.goto(base + "/")
    page.wait_for_selector("#create-table")
    page.fill("input[name=name]", "Ann")
    page.select_option("select[name=variant]", "partnership")
    assert page.input_value("input[name=name]") == "Ann"  # kept across the variant's form
    for seat in (1, 2, 3):
        page.select_option(f"select[data-seat='{seat}']", "computer:random")
    for name, value in fields.items():
        page.fill(f"input[name={name}]", value)
    for name in checks:
        page.check(f"input[name={name}]")
    page.click("#create-table")
    page.wait_for_selector("#board[data-seq]")
    return page.url.rsplit("/", 1)[1]


def test_a_completed_trick_stays_on_the_table_with_its_winner_then_goes(server, browser,
                                                                          tmp_path):
    base, tables = server
    page = browser.new_page(viewport={"width": 1440, "height": 900})
    page.set_default_timeout(20000)
    table = tables.tables[partnership_with_computers(page, base)]
    page.click("[data-action='no blind nil']")
    page.click("button.bid[data-action='bid 3']")
    page.wait_for_selector(".hand-card.playable")
    page.click(".hand-card.playable")
    # all four cards stay, the winner's lit, though the server's trick is a new one
    done = page.wait_for_selector("#trick[data-shown=done]")
    page.screenshot(path=str(tmp_path / "completed-trick.png"))
    assert done.query_selector(".card").bounding_box()["width"] >= 80  # a desktop's cards
    assert done.eval_on_selector_all(".played", "els => els.length") == 4
    trick = table.game.observation(0).tricks[0]
    winner = done.query_selector(".played.winner")
    assert winner.get_attribute("data-seat") == str(trick.winner)
    assert page.inner_text("#trick-caption") == (
        "You win the trick" if trick.winner == 0 else f"{table.names[trick.winner]} wins the trick")
    assert len(table.game.observation(0).trick.cards) < 4
    # each card lies in front of its seat: mine below the centre, my partner's above it
    boxes = {int(e.get_attribute("data-seat")): e.bounding_box()
             for e in page.query_selector_all("#trick .played")}
    assert boxes[0]["y"] > boxes[2]["y"] and boxes[1]["x"] < boxes[3]["x"]
    assert page.evaluate("document.documentElement.dataset.lastSound") in ("card", "trick",
                                                                            "turn")
    page.wait_for_selector("#trick[data-shown=current]", timeout=4000)
    # sounds can be muted, and stay muted
    page.click("#sound")
    page.reload()
    page.wait_for_selector("#sound:has-text('Muted')")
    page.close()


def test_a_person_out_of_time_is_played_for_leaves_her_seat_and_takes_it_back(server,
                                                                               browser):
    base, tables = server
    page = browser.new_page(viewport={"width": 1000, "height": 800})
    page.set_default_timeout(20000)
    # (a game that lasts while the computers play every seat fast)
    table = tables.tables[partnership_with_computers(page, base, turn_seconds="1", target="2000",
                                                     lose_threshold="-2000")]
    assert page.inner_text(".seat[data-seat='0'] .clock").strip() in ("1 s", "0 s")
    # she does nothing: three decisions are the computer's, then the seat is away
    page.wait_for_selector("#away:has-text('You ran out of time 3 turns in a row')")
    assert table.seats[0].away
    page.click("#take-back")  # a real click: the hand's summary, if up, does not cover it
    page.wait_for_selector("#away", state="detached")
    assert not table.seats[0].away and table.seats[0].timeouts == 0
    # she leaves her seat to the computer, which plays on; then takes it back
    page.click("#leave-seat")
    page.wait_for_selector("#away:has-text('You left your seat')")
    seq = len(table.events)
    page.wait_for_function(f"() => Number(document.getElementById('board').dataset.seq) > {seq}")
    page.click("#take-back")
    page.wait_for_selector("#leave-seat")
    assert not table.seats[0].left
    page.close()


def test_chat_is_shown_as_typed_and_spectators_only_read_it(server, browser, tmp_path):
    base, _ = server
    contexts = [browser.new_context(viewport={"width": 1280, "height": 800}) for _ in range(3)]
    ann, bob, watcher = (context.new_page() for context in contexts)
    table_id = new_private_table(ann, base)
    bob.goto(ann.get_attribute("input[data-invite='1']", "value"))
    bob.fill("input[name=name]", "Bob")
    bob.click("#join")
    watcher.goto(f"{base}/#/table/{table_id}")
    for page in (bob, watcher):
        page.wait_for_selector("#board[data-seq]")
    hostile = "<img src=x onerror=alert(1)><b>hi</b> & bye"
    ann.fill("#chat-input", hostile)
    ann.press("#chat-input", "Enter")
    for page in (ann, bob, watcher):
        line = page.wait_for_selector("#chat-lines .chat-line")
        assert line.inner_text() == f"Ann: {hostile}"
        assert page.locator("#chat-lines img, #chat-lines b").count() == 0
    assert watcher.locator("#chat-input").is_hidden()
    assert "the players write" in watcher.inner_text("#chat-note")
    bob.fill("#chat-input", "hello Ann")
    bob.click("#chat-send")
    ann.wait_for_selector("#chat-lines .chat-line:has-text('Bob: hello Ann')")
    watcher.screenshot(path=str(tmp_path / "chat.png"))
    for context in contexts:
        context.close()


def test_the_way_back_to_a_seat_is_on_the_hand_summary_not_under_it(server, browser, tmp_path):
    base, tables = server
    page = browser.new_page(viewport={"width": 1000, "height": 800})
    page.set_default_timeout(20000)
    sent = sent_frames(page)
    table = tables.tables[partnership_with_computers(page, base, turn_seconds="0",
                                                     target="2000", lose_threshold="-2000")]
    page.click("#leave-seat")
    page.wait_for_selector("#away")
    left = len(sent)
    # the computers play the first hand fast, then stop (the summary waits for the last
    # trick's show, which each next trick starts again)
    deadline = time.monotonic() + 20
    while table.game.hand_number < 2:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    settings, delay = tables.settings, tables.settings.computer_delay
    settings.computer_delay = 3600
    try:
        page.wait_for_selector("#hand-summary")
        page.screenshot(path=str(tmp_path / "summary-while-away.png"))
        # Auto Play One played nothing for her while the computer had her seat (the 13th
        # trick's card at least was forced)
        assert [f for f in sent[left:] if f["type"] == "action"] == []
        # each side's hand in the engine's words, the hand's points and the running totals
        record = game_record(table.game, table.names)["hands"][0]
        result = record["result"]
        for side, items in enumerate(table.reveal(1)["breakdown"]):
            shown = page.inner_text(f"#hand-summary .side-summary[data-side='{side}']")
            for item in items:
                assert item["label"] in shown
            hand = result["points"][side] - result["penalties"][side]
            total = result["scores"][side]
            assert f"This hand\t{'+' if hand > 0 else ''}{minus(hand)}" in shown
            assert f"Total\t{minus(total)}" in shown
            assert f"bags {result['bag_totals'][side]}/10" in shown
        # the cards each held, in the hand's order (♠ ♥ ♣ ♦, high first) and colours
        held = page.eval_on_selector_all("#hand-summary .held", """rows => rows.map(r =>
            [...r.querySelectorAll('span')].map(s => [s.textContent,
                                                       getComputedStyle(s).color]))""")
        order = {"S": 0, "H": 1, "C": 2, "D": 3}
        for seat, row in enumerate(held):
            cards = sorted(record["holdings"][seat],
                           key=lambda c: (order[c[1]], "AKQJT98765432".index(c[0])))
            assert [text for text, _ in row] == [label(c) for c in cards]
            for (_, colour), card in zip(row, cards, strict=True):
                assert (colour == "rgb(192, 22, 44)") == (card[1] in "HD")
        page.click("#hand-summary #take-back", timeout=3000)  # a real click: not covered
        page.wait_for_selector("#hand-summary #away", state="detached")
        assert not table.seats[0].left and not table.seats[0].away
        page.click("#continue")
        page.wait_for_selector("#leave-seat")
        assert {"type": "summary_closed"} in sent  # the server may hold her clock till then
    finally:
        settings.computer_delay = delay
    page.close()


def test_spectators_the_table_lets_write_chat_each_under_a_name(server, browser, tmp_path):
    base, _ = server
    contexts = [browser.new_context(viewport={"width": 1280, "height": 800}) for _ in range(3)]
    ann, zoe, other = (context.new_page() for context in contexts)
    ann.goto(base + "/")
    ann.fill("input[name=name]", "Ann")
    ann.check("input[name=spectator_chat]")
    ann.click("#create-table")
    ann.wait_for_selector("#board[data-seq]")
    table_id = ann.url.rsplit("/", 1)[1]
    for page in (zoe, other):
        page.goto(f"{base}/#/table/{table_id}")
        page.wait_for_selector("#board[data-seq]")
    assert ann.locator("#chat-name").is_hidden()  # a player writes under her seat's name
    assert zoe.get_attribute("#chat-name", "placeholder") == "Spectator 1"
    assert "You write as Spectator 2" in other.inner_text("#chat-note")
    hostile = "<i>Zoe</i>"
    zoe.fill("#chat-name", hostile)
    assert zoe.inner_text("#chat-note") == f"You write as {hostile} (watching)."
    zoe.fill("#chat-input", "hi from the rail <b>!</b>")
    zoe.press("#chat-input", "Enter")
    ann.wait_for_selector("#chat-lines .chat-line")
    other.fill("#chat-input", "me too")
    other.click("#chat-send")
    for page in (ann, zoe, other):
        page.wait_for_selector("#chat-lines .chat-line:nth-child(2)")
        assert page.eval_on_selector_all("#chat-lines .chat-line", "els => els.map("
                                         "e => e.innerText)") == [
            f"{hostile} (watching): hi from the rail <b>!</b>", "Spectator 2 (watching): me too"]
        assert page.locator("#chat-lines i, #chat-lines b").count() == 0
    zoe.screenshot(path=str(tmp_path / "spectator-chat.png"))
    for context in contexts:
        context.close()


def test_a_dropped_connection_shows_a_banner_and_refuses_moves_until_it_is_back(server,
                                                                                  browser):
    base, _ = server
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.set_default_timeout(20000)
    routes, down = [], [False]

    def route(ws: Any) -> None:
        if down[0]:
            ws.close()
        else:
            routes.append(ws)
            ws.connect_to_server()

    page.route_web_socket(re.compile(r"/ws/"), route)
    partnership_with_computers(page, base, turn_seconds="0")
    assert page.locator("#reconnecting").is_hidden()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # fits a phone
    down[0] = True
    routes[-1].close()
    page.wait_for_selector("#reconnecting:has-text('reconnecting')")
    seq = board(page)["seq"]
    page.click("[data-action='no blind nil']")
    page.wait_for_selector("#toast:has-text('Not connected')")
    down[0] = False
    page.wait_for_selector("#reconnecting", state="hidden")
    assert board(page)["seq"] == seq and board(page)["myTurn"] == "yes"
    # one move in flight: a double click sends one
    page.dblclick("[data-action='no blind nil']")
    page.wait_for_function(f"() => document.getElementById('board').dataset.seq !== '{seq}'")
    page.wait_for_timeout(200)
    assert "cannot" not in page.inner_text("#toast")
    page.close()


def test_a_creator_whose_seat_moved_while_away_keeps_her_invite_links(server, browser):
    base, _ = server
    ann_context, phone_context = (browser.new_context(viewport={"width": 1000, "height": 800})
                                  for _ in range(2))
    ann, phone = ann_context.new_page(), phone_context.new_page()
    table_id = new_private_table(ann, base)
    invite = ann.get_attribute("input[data-invite='1']", "value")
    own = ann.get_attribute("#my-link", "value")
    ann.close()  # her seat moves to her phone while this browser is away
    phone.goto(own)
    phone.click("#join")
    phone.wait_for_selector("#board[data-seq]")
    ann = ann_context.new_page()
    ann.goto(f"{base}/#/table/{table_id}")
    ann.wait_for_selector(".status-line:has-text('watching')")
    assert ann.get_attribute("input[data-invite='1']", "value") == invite
    for context in (ann_context, phone_context):
        context.close()


def test_the_servers_turn_time_and_a_seat_left_to_the_computer_outlast_a_restart(browser,
                                                                                 tmp_path):
    db, port = tmp_path / "games.sqlite", free_port()
    base = f"http://127.0.0.1:{port}"

    def app() -> Any:  # computers that wait: nothing moves while the server is away
        return create_app(db, Settings(computer_delay=3600, turn_seconds=25))

    page = browser.new_page(viewport={"width": 1000, "height": 800})
    page.set_default_timeout(15000)
    with running(app(), port):
        page.goto(base + "/")
        page.wait_for_selector("#create-table")
        assert page.input_value("input[name=turn_seconds]") == "25"  # the server's default
        page.fill("input[name=name]", "Ann")
        page.click("#create-table")
        page.wait_for_selector("#board[data-seq]")
        assert "25 s a turn" in page.inner_text(".status-line")
        page.click("#leave-seat")
        page.wait_for_selector("#away:has-text('You left your seat')")
    page.wait_for_selector("#reconnecting:has-text('reconnecting')")
    with running(app(), port):
        page.wait_for_selector("#reconnecting", state="hidden")
        page.reload()  # a fresh page: all it shows comes from the restarted server
        page.wait_for_selector("#away:has-text('You left your seat')")
        assert page.locator("#leave-seat").count() == 0
        page.screenshot(path=str(tmp_path / "left-after-restart.png"))
        page.click("#take-back")
        page.wait_for_selector("#leave-seat")
    page.close()


# the elements of ``selector`` that are not wholly on the screen, or that something else
# covers where a person looks at them (a hand card: its corner, its index, its foot)
OFF_SCREEN = """selector => [...document.querySelectorAll(selector)].filter(e => {
    const b = e.getBoundingClientRect();
    if (!b.width || b.left < 0 || b.top < 0 || b.right > innerWidth || b.bottom > innerHeight) {
        return true;
    }
    const points = e.classList.contains('hand-card')
        ? [[b.left + 5, b.top + 5], [b.left + 8, b.top + 20], [b.left + 5, b.bottom - 5]]
        : [[b.left + b.width / 2, b.top + b.height / 2]];
    return points.some(([x, y]) => {
        const top = document.elementFromPoint(x, y);
        return !top || !(top === e || e.contains(top));
    });
}).map(e => e.dataset.card || e.id || e.className)"""


def my_first_play(page: Any) -> None:
    """No blind nil, bid 3, then wait for her turn to play with all 13 cards."""
    page.click("[data-action='no blind nil']")
    page.click("button.bid[data-action='bid 3']")
    page.wait_for_selector(".hand-card.playable")
    assert page.locator(".hand-card").count() == 13


@pytest.mark.parametrize("size", [(1280, 800), (1366, 768)])
def test_the_whole_table_fits_a_laptop_screen(server, browser, tmp_path, size):
    """The whole hand, every card fully shown, the trick and every control, unscrolled."""
    base, _ = server
    width, height = size
    page = browser.new_page(viewport={"width": width, "height": height})
    page.set_default_timeout(20000)
    partnership_with_computers(page, base, turn_seconds="0")
    my_first_play(page)
    page.mouse.move(0, 0)  # no card raised under the pointer
    page.click(".hand-card.playable")
    page.wait_for_selector("#trick .played")
    page.wait_for_selector(".hand-card.playable")  # the next trick: her turn again
    page.screenshot(path=str(tmp_path / f"table-{width}.png"))
    assert page.locator(".hand-card").count() == 12
    for selector in (".hand-card", "#trick", "#scores", "#controls", "#last-trick",
                     "#score-sheet", "#leave-seat", "#lobby", "#auto-play-one", "#sound",
                     "#chat-input"):
        assert page.locator(selector).count(), selector
        assert page.evaluate(OFF_SCREEN, selector) == [], selector
    assert page.evaluate("document.documentElement.scrollHeight") <= height
    assert page.evaluate("(b => b.scrollHeight <= b.clientHeight)"
                         "(document.getElementById('board'))")
    # the running totals with the bags toward the penalty, at all times
    assert re.search(r"Us \(Ann & North\) 0 · bags 0/10", page.inner_text("#scores"))
    page.close()


def test_a_phone_shows_the_hand_plays_a_card_on_a_second_tap_and_chat_from_a_button(
        server, browser, tmp_path):
    base, _ = server
    phone = browser.new_page(viewport={"width": 390, "height": 844})
    phone.set_default_timeout(20000)
    table_id = partnership_with_computers(phone, base, checks=("spectator_chat",),
                                          turn_seconds="0")
    my_first_play(phone)
    assert phone.evaluate(OFF_SCREEN, ".hand-card") == []
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    # the header and the scores are a small part of the screen
    head = phone.evaluate("""() => document.querySelector('.top').offsetHeight
                                   + document.querySelector('.head').offsetHeight""")
    assert head <= 844 * 0.12
    # a tap raises a card, a second plays it
    card = phone.get_attribute(".hand-card.playable", "data-card")
    seq = board(phone)["seq"]
    phone.click(f".hand-card[data-card='{card}']")
    phone.wait_for_selector(f".hand-card.raised[data-card='{card}']")
    assert board(phone)["seq"] == seq
    phone.click(f".hand-card[data-card='{card}']")
    wait_moved(phone, seq)
    phone.wait_for_selector(f"#trick .played .card[data-card='{card}']")
    # the chat waits behind a button that counts the lines not read yet
    assert phone.locator("#chat-input").is_hidden()
    watcher = browser.new_page(viewport={"width": 1280, "height": 800})
    watcher.goto(f"{base}/#/table/{table_id}")
    watcher.wait_for_selector("#board[data-seq]")
    for text in ("nice lead", "and again"):
        watcher.fill("#chat-input", text)
        watcher.press("#chat-input", "Enter")
    phone.wait_for_selector("#chat-button #unread:has-text('2')")
    assert phone.get_attribute("#chat-button", "aria-label") == "Chat, 2 unread messages"
    phone.screenshot(path=str(tmp_path / "phone.png"))
    phone.click("#chat-button")
    phone.wait_for_selector("#chat-lines:has-text('and again')")
    assert phone.evaluate(OFF_SCREEN, "#chat-input") == []
    assert phone.locator("#unread").count() == 0
    phone.click("#close-chat")
    assert phone.locator("#chat-input").is_hidden()
    watcher.close()
    phone.close()


def announced(page: Any) -> str:
    """What the live region has said, as the accessibility tree holds it."""
    assert page.get_attribute("#announce", "aria-live") == "polite"
    return page.locator("#announce").aria_snapshot()


def test_a_partnership_hand_by_keyboard_alone_with_every_move_announced(server, browser):
    """No mouse: Enter alone declares nothing, "n" Enter declines blind nil, digits bid,
    a card typed as in the terminal plays; the live region says each bid, card, trick
    winner and whose turn it is, in words."""
    base, tables = server
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.set_default_timeout(20000)
    table = tables.tables[partnership_with_computers(page, base, turn_seconds="0")]
    game = table.game
    page.wait_for_selector("#board[data-phase='blind nil'][data-my-turn='yes']")
    assert "Your turn: blind nil?" in announced(page)
    page.keyboard.press("Enter")  # Enter alone: nothing
    page.keyboard.type("x")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('announce').innerText"
                           ".includes('Type b or n, then Enter.')")
    page.keyboard.type("n")
    page.keyboard.press("Enter")
    page.wait_for_selector("#board[data-phase='bidding'][data-my-turn='yes']")
    assert 0 not in game.hands[0].blind_nil and 0 in game.hands[0].blind_nil_declined
    page.keyboard.type("14")  # no such bid: the legal bids are said
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('announce').innerText.includes("
                           "'No bid 14: type a number from 1 to 13, or n for nil, then Enter.')")
    page.keyboard.type("4")
    page.keyboard.press("Enter")
    page.wait_for_selector("#board[data-phase='play'][data-my-turn='yes']")
    assert game.hands[0].seat_bids(4)[0] == 4
    said = announced(page)
    assert "You bid 4." in said
    for seat in (1, 2, 3):
        bid = game.hands[0].seat_bids(4)[seat]
        words = "blind nil" if seat in game.hands[0].blind_nil else "nil" if bid == 0 else bid
        assert (f"{table.names[seat]} declares blind nil." if words == "blind nil"
                else f"{table.names[seat]} bids {words}.") in said
    assert "Your turn: type a card" in said
    # h, t and s then Enter read out the hand, the trick and the scores
    for key, words in [("h", "You hold 13 cards. "), ("s", "Us (Ann & North): 0 points, bags 0 of "
                                                        "10, bid ")]:
        page.keyboard.type(key)
        page.keyboard.press("Enter")
        page.wait_for_function("w => document.getElementById('announce').innerText.includes(w)",
                               arg=words)
    held = game.observation(0).hand
    missing = next(c for c in range(52) if c not in held)
    page.keyboard.type(card_text(missing).lower())  # a card she does not hold
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('announce').innerText"
                           ".includes('You do not hold the')")
    card = str(game.legal_actions()[0])[5:]
    typed = ("10" if card[0] == "T" else card[0].lower()) + card[1].lower()  # "10h", "kd"
    page.keyboard.type(typed)
    assert page.inner_text("#typed").startswith(f"⌨ {typed} ({label(card)})")
    seq = board(page)["seq"]
    page.keyboard.press("Enter")
    wait_moved(page, seq)
    words = in_words(card)
    page.wait_for_function("() => /wins? the trick/.test("
                           "document.getElementById('announce').innerText)")
    said = announced(page)
    assert f"You play the {words}." in said and "plays the" in said
    # the hand, as the accessibility tree gives it: each card a button named in words
    tree = page.locator("#hand").aria_snapshot()
    assert tree.startswith('- group "Your hand"') and f'"{words}"' not in tree
    for held in game.observation(0).hand:
        assert f'button "{in_words(card_text(held))}"' in tree
    page.close()


def test_keys_typed_over_the_hand_summary_do_nothing_at_the_table_behind_it(server, browser):
    """The hand summary is a dialog over the table: "b" Enter typed over it declares no
    blind nil at the next hand's question behind it (Enter closes the summary, nothing
    typed waits); once it is closed the keys act again."""
    base, tables = server
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.set_default_timeout(20000)
    sent = sent_frames(page)
    table = tables.tables[partnership_with_computers(page, base, turn_seconds="0")]
    game = table.game
    deadline = time.monotonic() + 120
    while game.hand_number < 2:  # the first hand, by clicking the safe choices
        assert time.monotonic() < deadline
        state = board(page)
        if state.get("myTurn") != "yes" or game.to_move != 0 or game.hand_number > 1:
            page.wait_for_timeout(30)
            continue
        if state["phase"] == "blind nil":
            page.click("[data-action='no blind nil']")
        elif state["phase"] == "bidding":
            page.click("[data-action='bid 3']")
        else:
            playable = [c for c, cls, _ in hand_cards(page) if "unplayable" not in cls]
            page.click(f".hand-card[data-card='{playable[0]}']")
        wait_moved(page, state["seq"])
    page.wait_for_selector("#hand-summary")
    # the computers answer first; then her question waits behind the summary
    page.wait_for_selector("#board[data-phase='blind nil'][data-my-turn='yes']")
    before = len(sent)
    page.keyboard.type("b")
    page.keyboard.press("Enter")  # on the summary's Continue: it closes
    page.wait_for_selector("#hand-summary", state="detached")
    page.keyboard.press("Enter")  # Enter alone, nothing typed waiting: nothing
    page.keyboard.type("n")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('board').dataset.phase "
                           "!== 'blind nil' || document.getElementById('board')"
                           ".dataset.myTurn !== 'yes'")
    assert [f["action"] for f in sent[before:] if f["type"] == "action"] == ["no blind nil"]
    assert 0 not in game.hands[1].blind_nil and 0 in game.hands[1].blind_nil_declined
    page.close()


def test_a_two_player_draft_and_exchange_by_keyboard(server, browser):
    """b Enter declares blind nil, k or d Enter keeps or discards in the draft, a card
    typed with Enter picks it for the exchange and g Enter gives."""
    base, tables = server
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.set_default_timeout(20000)
    page.goto(base + "/")
    page.select_option("select[name=variant]", "two-player")
    page.select_option("select[data-seat='1']", "computer:random")
    page.click("#create-table")
    page.wait_for_selector("#board[data-seq]")
    game = tables.tables[page.url.rsplit("/", 1)[1]].game
    drafted = 0
    deadline = time.monotonic() + 60
    while (board(page).get("phase"), board(page).get("myTurn")) != ("exchange", "yes"):
        assert time.monotonic() < deadline
        state = board(page)
        if state.get("myTurn") == "yes" and state["phase"] in ("blind nil", "draft"):
            key = "b" if state["phase"] == "blind nil" else "kd"[drafted % 2]
            drafted += state["phase"] == "draft"
            page.keyboard.type(key)
            page.keyboard.press("Enter")
            wait_moved(page, state["seq"])
        else:
            page.wait_for_timeout(30)
    assert 0 in game.hands[0].blind_nil and drafted == 13
    hand = [c for c, _, _ in hand_cards(page)]
    chosen = hand[:2]
    for card in chosen:
        page.keyboard.type(card.lower())
        page.keyboard.press("Enter")
    picked = page.eval_on_selector_all(".hand-card[aria-pressed='true']",
                                       "els => els.map(e => e.dataset.card)")
    assert sorted(picked) == sorted(chosen)
    seq = board(page)["seq"]
    page.keyboard.type("g")
    page.keyboard.press("Enter")
    wait_moved(page, seq)
    assert sorted(game.observation(0).to_json()["gave"]) == sorted(chosen)
    page.close()


def test_a_bad_table_link_says_so_and_leads_back(server, browser):
    base, _ = server
    page = browser.new_page(viewport={"width": 1000, "height": 800})
    page.set_default_timeout(20000)
    table_id = partnership_with_computers(page, base)
    for link, title in [("#/table/no-such-table", "No such table"),
                        ("#/join/no-such-table/1", "No such table"),
                        (f"#/join/{table_id}/abc", "This link names no seat"),
                        (f"#/join/{table_id}/7/secret", "This link names no seat"),
                        (f"#/join/{table_id}/1", "Seat 2 is the computer's")]:
        page.goto(f"{base}/{link}")
        page.wait_for_selector(f"#nowhere h2:has-text(\"{title}\")")
        text = page.inner_text("main")
        assert "NaN" not in text and "undefined" not in text
        assert page.locator("#board:visible, .felt:visible").count() == 0
        page.click("#to-lobby")
        page.wait_for_selector("#create-table")
    page.close()


def test_an_invite_link_has_a_copy_button(server, browser):
    base, _ = server
    context = browser.new_context(viewport={"width": 1280, "height": 800},
                                  permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    new_private_table(page, base)
    link = page.get_attribute("input[data-invite='1']", "value")
    page.click("button[data-copy='1']")
    page.wait_for_selector("button[data-copy='1']:has-text('Copied')")
    assert page.evaluate("navigator.clipboard.readText()") == link
    context.close()


def test_chat_keeps_a_refused_line_and_says_when_a_paste_is_cut(server, browser):
    base, _ = server
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.set_default_timeout(20000)
    new_private_table(page, base)
    refused = None
    for number in range(8):  # quicker than the server takes them: some are refused
        text = f"quick line {number}"
        page.fill("#chat-input", text)
        page.press("#chat-input", "Enter")
        page.wait_for_function("""text => document.getElementById('chat-input').value === ''
            || document.getElementById('chat-note').innerText.startsWith('Not sent')""", arg=text)
        if page.input_value("#chat-input"):
            refused = text
            break
    assert refused is not None, "the server took eight quick lines"
    assert page.input_value("#chat-input") == refused  # kept, to send again
    assert "Your message is still in the box" in page.inner_text("#chat-note")
    page.fill("#chat-input", "x" * 300)  # a paste longer than a line may be
    assert len(page.input_value("#chat-input")) == 200
    assert "Cut to 200 characters" in page.inner_text("#chat-note")
    page.close()
