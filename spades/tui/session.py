"""A game against the computer, apart from any screen: who plays, undo, save and resume.

The person sits in seat 0; every other seat is a computer player of one level. A
game is its seed (which deals its hands) and its event log (:mod:`spades.eventlog`: the
actions taken, each an engine step, a give step by step): a resumed game is rebuilt by
the log's replay, and an undo takes events back and returns the engine to its state
before them (:meth:`Game.undo`), so both land exactly where they should; each computer
decision is seeded by the seed and the number of actions before it: a resumed game plays
on as it would have.

The screen reads the person's :class:`~spades.Observation` and, once a hand is over,
its public part (bids, cards played, result) from :meth:`PlaySession.hand_summary`.

Each game is saved in a file of its own under the data directory's ``games`` folder,
from its first action on, so that a new game never replaces another; a finished game's
file stays as its record, and is not offered again (:func:`saved_games`).
"""

from __future__ import annotations

import json
import os
import random
import re
import secrets
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from ..actions import BLIND_NIL, Action, Kind
from ..analysis import PlayValue, analyze
from ..bots import BOTS, make_bot
from ..bots.policy import AT_A_PERSONS_TABLE, BlindNilPolicy
from ..bots.search import hard
from ..bots.solver import Deal, trick_values
from ..cards import Card, card_label
from ..errors import SpadesError
from ..eventlog import Act, EventError, Give, Move, Replay, read_event, read_text
from ..game import Game
from ..observation import Observation, Trick
from ..record import game_record
from ..rules import Rules, rules_for
from ..scoring import HandResult
from .prefs import write_atomically

HUMAN = 0
SAVE_FORMAT = "spades-saved-game"
SAVE_VERSION = 3  # from 3 the game is its event log (spades.eventlog), as a table's is
STEP_GIVES = 2  # the actions' texts, a give step by step: "give 2C" one card, "give" ends it
WHOLE_GIVES = 1  # the actions' texts, every give whole ("give 2C": that card only)
GAMES_DIR = "games"  # in the data directory: each game in a file of its own
OLD_SAVE_FILE = "saved-game.json"  # the single save of earlier versions, moved into GAMES_DIR
_NAME = re.compile(r"[a-z0-9-]{1,40}")  # a variant's name as a part of a file name


@dataclass(frozen=True)
class HandSummary:
    """A finished hand's public facts: bids, blind nils, tricks per seat, the score by side."""

    number: int
    bids: tuple[int | None, ...]
    blind_nil: tuple[int, ...]
    result: HandResult
    last_trick: Trick


def seen_cards(obs: Observation) -> set[Card]:
    """Every card of the hand in play that ``obs``'s seat has seen."""
    played = {card for trick in obs.tricks_so_far for card in trick.cards}
    offered = set() if obs.offered is None else {obs.offered}
    return {*obs.hand, *obs.discards, *obs.gave, *obs.received, *played} | offered


def seen_since(before: Observation, now: Observation, names: list[str]) -> str | None:
    """What has come into the person's view between ``before`` and ``now`` (the same
    seat, later in the game), as the reason an undo back to ``before`` is refused;
    None if nothing has."""
    if now.hand_number != before.hand_number or len(now.results) != len(before.results):
        return "You cannot undo: the hand has been scored since."
    on_table = {card for trick in before.tricks_so_far for card in trick.cards}
    for trick in now.tricks_so_far:
        for seat, card in trick.plays:
            if seat != now.seat and card not in on_table:
                return f"You cannot undo: {names[seat]} has played {card_label(card)} since."
    if now.received != before.received:
        got = " ".join(map(card_label, now.received))
        return f"You cannot undo: you have received {got} in the exchange since."
    new = sorted(seen_cards(now) - seen_cards(before))
    if not new:
        return None
    if not before.hand and len(now.hand) > 1:
        return "You cannot undo: you have seen your cards since."
    return (f"You cannot undo: you have seen {' '.join(map(card_label, new))} from the "
            "stock since.")


def done_words(action: Action) -> str:
    """Another seat's action as seen by the person, after its name: "has bid 4", "has
    bid nil", "has declared blind nil", "has drawn from the stock", "has given cards"."""
    if action.kind is Kind.BID:
        return f"has bid {action.tricks or 'nil'}"
    if action.kind is Kind.DECLARE:
        return ("has declared blind nil" if action == Action(BLIND_NIL)
                else "has answered the blind nil question")
    if action.kind is Kind.DRAFT:
        return "has drawn from the stock"
    if action.kind is Kind.GIVE:
        return "has given cards"
    return f"has played {card_label(action.card)}"


def warm_up_solver() -> None:
    """Compile (or load from numba's cache) the double-dummy solver with a one-trick deal."""
    trick_values(Deal((1 << 0, 1 << 1), 0, (), (0, 0), False, 2))


def start_solver_warm_up() -> subprocess.Popen[bytes]:
    """Compile the solver into numba's disk cache in another process, so that the first
    hint, hard decision or hand analysis finds it ready, and the screen never waits on
    a compilation holding the interpreter."""
    return subprocess.Popen(
        [sys.executable, "-c", "from spades.tui.session import warm_up_solver; warm_up_solver()"],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def seat_names(rules: Rules, name: str) -> list[str]:
    """The names shown for each seat: the person, then the computer players clockwise."""
    if rules.players == 2:
        return [name, "Computer"]
    return [name, "West", "Partner", "East"]


class PlaySession:
    """One person (seat 0) against computer players of ``level``; see the module docstring.

    ``events`` are replayed (:mod:`spades.eventlog`; a whole give is taken step by step).
    ``computer_blind_nil`` is the blind nil policy of every computer seat, partner and
    opponents alike (a preference: it is not saved with the game, whose actions are).
    ``path`` is the game's file once it is saved."""

    computer_blind_nil: BlindNilPolicy = AT_A_PERSONS_TABLE

    def __init__(self, rules: Rules, seed: str, level: str, name: str = "You",
                 events: Sequence[Move] = ()) -> None:
        if level not in BOTS:
            raise SpadesError(f"unknown level {level!r}; valid: {', '.join(BOTS)}")
        self.rules, self.seed, self.level, self.name = rules, seed, level, name
        self.path: Path | None = None  # the game's file, from its first save on
        self.log = Replay(Game(rules, seed=seed, undoable=True))
        self.game = self.log.game
        for event in events:
            if isinstance(event, Give):
                self.give(event.cards, event.seat)
            else:
                self.log.apply(event)

    @classmethod
    def new(cls, rules: Rules | str, level: str, seed: str | None = None, name: str = "You",
            **house_rules: Any) -> PlaySession:
        """A new game of ``rules`` (or a variant's name with house rules); without ``seed``
        a random one (kept, so the game can be rebuilt)."""
        if isinstance(rules, str):
            rules = rules_for(rules, **house_rules)
        return cls(rules, seed if seed is not None else secrets.token_hex(8), level, name)

    # ------------------------------------------------------------ the position

    @property
    def actions(self) -> list[tuple[int, str]]:
        """The actions taken, in order: each seat with the action's text."""
        return [(kept["seat"], kept["action"]) for kept in self.log.events]

    @property
    def names(self) -> list[str]:
        """The name of each seat."""
        return seat_names(self.rules, self.name)

    def observation(self) -> Observation:
        """What the person may know now."""
        return self.game.observation(HUMAN)

    @property
    def computer_to_move(self) -> int | None:
        """The computer seat that decides next, or None (the person's turn, or game over)."""
        seat = self.game.to_move
        return None if seat is None or seat == HUMAN else seat

    def hand_summary(self, number: int) -> HandSummary:
        """The public facts of finished hand ``number`` (from 1)."""
        log = self.game.hands[number - 1]
        if log.result is None:
            raise SpadesError(f"hand {number} is not over")
        return HandSummary(number, log.seat_bids(self.rules.players), tuple(log.blind_nil),
                           log.result, log.tricks[-1])

    def last_trick(self) -> Trick | None:
        """The last finished trick, of this hand or, before its first, of the hand before."""
        return self.observation().last_trick

    # ------------------------------------------------------------ acting

    def apply(self, action: Action | str, seat: int) -> Action:
        """Take ``action`` for ``seat``; raises IllegalAction and changes nothing if illegal."""
        taken = action if isinstance(action, Action) else Action.parse(action)
        self.log.apply(Act(seat, taken))
        return taken

    def give(self, cards: Sequence[Card], seat: int) -> list[Action]:
        """Give ``cards`` as ``seat``'s whole exchange (:meth:`Game.give`); its steps are
        kept as actions, one each. Raises IllegalAction and changes nothing if illegal."""
        steps = self.game.verify_give(cards, seat)
        for step in steps:
            self.log.apply(Act(seat, step))
        return steps

    def computer_action(self, observation: Observation) -> Action:
        """The computer's choice for the seat of ``observation`` (safe to run in a thread),
        within :attr:`computer_blind_nil`."""
        bot = make_bot(self.level, seed=f"{self.seed}/{len(self.actions)}",
                       blind_nil=self.computer_blind_nil)
        return bot.act(observation)

    def suggested_bid(self, observation: Observation) -> Action:
        """A quick bid for the person to start from: the ``medium`` player's."""
        return make_bot("medium", seed=f"{self.seed}/bid/{len(self.actions)}").act(observation)

    def hint(self, observation: Observation) -> tuple[Action, str]:
        """What ``hard`` would do for the person, with a one-line reason."""
        bot = hard(random.Random(f"{self.seed}/hint/{len(self.actions)}"))
        return bot.explain(observation)

    def undo_refusal(self) -> str | None:
        """Why the person cannot undo now, in a line; None if she can.

        Undo takes back her last decision only while nothing has come into view since:
        no card drawn, offered, received, dealt or played by another seat, no new hand,
        and no other seat's action at all (a bid is information like a card). A blind
        nil decision is therefore never re-opened once she has seen a card."""
        last = self._last_own()
        if last is None:
            return "Nothing to undo: you have not acted yet."
        before = self.game.copy()
        before.undo(len(self.actions) - last)
        seen = seen_since(before.observation(HUMAN), self.observation(), self.names)
        if seen is not None:
            return seen
        other = next((act for act in self._acts(last) if act.seat != HUMAN), None)
        if other is None:
            return None
        return f"You cannot undo: {self.names[other.seat]} {done_words(other.action)} since."

    def can_undo(self) -> bool:
        """Whether undo may take back the person's last decision (see :meth:`undo_refusal`)."""
        return self.undo_refusal() is None

    def undo(self) -> list[Action]:
        """Take back the person's last decision (an action, or the steps of her whole
        give) and every computer action after it, and return her actions taken back;
        raises SpadesError with :meth:`undo_refusal`'s reason when it may not."""
        refusal = self.undo_refusal()
        last = self._last_own()
        if refusal is not None or last is None:
            raise SpadesError(refusal or "Nothing to undo.")
        taken_back = [act.action for act in self._acts(last) if act.seat == HUMAN]
        self.log.undo(len(self.actions) - last)  # one engine step per action kept
        return taken_back

    def _last_own(self) -> int | None:
        """The index in ``actions`` of the person's last decision, or None: her last
        action, or the first step of her last exchange (its steps follow one another)."""
        last = max((i for i, (seat, _) in enumerate(self.actions) if seat == HUMAN),
                   default=None)
        while last and self._gives(last) and self._gives(last - 1):
            last -= 1
        return last

    def _gives(self, index: int) -> bool:
        """Whether action ``index`` is a step of the person's exchange."""
        [act] = self._acts(index, index + 1)
        return act.seat == HUMAN and act.action.kind is Kind.GIVE

    def _acts(self, start: int, stop: int | None = None) -> list[Act]:
        """The actions taken, numbers ``start`` to ``stop`` (default: the last), as the
        log's events (read by their codes)."""
        return [Act(kept["seat"], Action.from_code(kept["code"]))
                for kept in self.log.events[start:stop]]

    def costly_plays(self, number: int) -> list[PlayValue]:
        """The person's plays of finished hand ``number`` that cost points, all cards known."""
        plays = analyze(game_record(self.game, self.names), hand=number)
        return [p for p in plays if p.seat == HUMAN and p.cost > 0]

    # ------------------------------------------------------------ saving

    def to_json(self) -> dict[str, Any]:
        """The saved game: how to rebuild it (its seed and event log), and its record
        (docs/record.md) for other tools."""
        return {
            "format": SAVE_FORMAT, "version": SAVE_VERSION,
            "variant": self.rules.variant, "rules": self.rules.to_dict(),
            "seed": self.seed, "level": self.level, "name": self.name,
            "events": list(self.log.events),
            "record": game_record(self.game, self.names),
        }

    @classmethod
    def from_json(cls, data: Any) -> PlaySession:
        """Rebuild a saved game, of this version or an earlier one (its actions' texts);
        raises SpadesError saying what is wrong with it."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SpadesError(f"not a {SAVE_FORMAT} document")
        version = data.get("version")
        if version not in (WHOLE_GIVES, STEP_GIVES, SAVE_VERSION):
            raise SpadesError(f"unsupported {SAVE_FORMAT} version {version!r}")
        log = "events" if version == SAVE_VERSION else "actions"
        for key, kind in (("variant", str), ("rules", dict), ("seed", str), ("level", str),
                          ("name", str), (log, list)):
            if not isinstance(data.get(key), kind):
                raise SpadesError(f"the saved game's {key!r} must be a {kind.__name__}")
        rules = rules_for(data["variant"], **data["rules"])
        return cls(rules, data["seed"], data["level"], data["name"],
                   saved_events(data[log], version))

    def save(self, directory: Path) -> Path | None:
        """Write the game to its file under ``directory``; a crash mid-write leaves the
        previous save whole.

        A new game gets a file of its own at its first action (None before then), named
        by the time and its variant, so that starting one never replaces a saved game."""
        if not self.actions and self.path is None:
            return None
        if self.path is None:
            self.path = new_save_path(directory / GAMES_DIR, self.rules.variant)
        write_atomically(self.path, json.dumps(self.to_json()))
        return self.path

    @classmethod
    def load(cls, path: Path) -> PlaySession:
        """The game saved in file ``path``; raises SpadesError if it is missing or bad."""
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise SpadesError(f"no saved game to resume (looked for {path})") from None
        except OSError as error:
            raise SpadesError(f"cannot read the saved game {path}: {error}") from None
        except UnicodeDecodeError:
            raise SpadesError(f"the saved game {path} cannot be resumed: it is not text "
                              "(UTF-8)") from None
        try:
            session = cls.from_json(json.loads(text))
        except ValueError as error:  # SpadesError is a ValueError too
            raise SpadesError(f"the saved game {path} cannot be resumed: {error}") from None
        session.path = path
        return session


def saved_events(saved: list[Any], version: int) -> list[Move]:
    """The events of a saved game's log (``events``), or of the actions' texts saved by
    earlier versions (``actions``: [seat, text] pairs); raises SpadesError."""
    if version == SAVE_VERSION:
        events = [read_event(kept) for kept in saved]
        moves = [event for event in events if isinstance(event, Act | Give)]
        if len(moves) != len(events):  # a deal: the game's seed deals its hands
            raise EventError("the saved game's events must be actions and gives")
        return moves
    if not all(isinstance(a, list) and len(a) == 2 and isinstance(a[0], int)
               and isinstance(a[1], str) for a in saved):
        raise SpadesError("the saved game's actions must be [seat, text] pairs")
    return [read_text(seat, text, whole_gives=version == WHOLE_GIVES) for seat, text in saved]


@dataclass(frozen=True)
class SavedGame:
    """A saved game's file: when it was last saved, and its game, or why it cannot be
    resumed (``problem``)."""

    path: Path
    saved: datetime
    session: PlaySession | None = None
    problem: str | None = None

    def of(self, variant: str | None) -> bool:
        """Whether this is a resumable game of ``variant`` (of any variant for None)."""
        return self.session is not None and variant in (None, self.session.rules.variant)


def new_save_path(folder: Path, variant: object, when: datetime | None = None) -> Path:
    """A file name no other game has, made of the time (default: now) and ``variant``
    (the file is created empty, so that another game started at once takes another)."""
    folder.mkdir(parents=True, exist_ok=True)
    stamp = (when or datetime.now()).strftime("%Y%m%d-%H%M%S")
    kind = variant if isinstance(variant, str) and _NAME.fullmatch(variant) else "game"
    for number in range(1, 1000):
        path = folder / f"{stamp}-{kind}{'' if number == 1 else f'-{number}'}.json"
        try:
            path.open("x").close()
        except FileExistsError:
            continue
        return path
    raise SpadesError(f"cannot name a new saved game in {folder}")


def move_old_save(directory: Path) -> None:
    """Move the single save of earlier versions (``saved-game.json``) into the games
    folder, as one saved game among the others; its time is kept."""
    old = directory / OLD_SAVE_FILE
    if not old.exists():
        return
    try:
        variant = json.loads(old.read_text(encoding="utf-8"))["variant"]
    except (OSError, ValueError, KeyError, TypeError):
        variant = None
    try:
        saved = datetime.fromtimestamp(old.stat().st_mtime)
        os.replace(old, new_save_path(directory / GAMES_DIR, variant, saved))
    except (OSError, SpadesError):  # a directory not writable: the save is read where it is
        pass


def saved_games(directory: Path) -> list[SavedGame]:
    """The games saved under ``directory`` that are not over, newest first: each with
    its game, or why it cannot be resumed. An empty file (a game about to be written)
    is left out, and so is a finished game (its file stays as its record)."""
    move_old_save(directory)
    old = directory / OLD_SAVE_FILE
    games = []
    for path in [*(directory / GAMES_DIR).glob("*.json"), *([old] if old.exists() else [])]:
        try:
            stat = path.stat()
        except OSError:
            continue
        if stat.st_size == 0:
            continue
        saved = datetime.fromtimestamp(stat.st_mtime)
        if finished(path):
            continue
        try:
            session = PlaySession.load(path)
        except SpadesError as error:
            games.append(SavedGame(path, saved, problem=str(error)))
            continue
        if not session.game.over:
            games.append(SavedGame(path, saved, session))
    return sorted(games, key=lambda g: (g.saved, g.path.name), reverse=True)


def finished(path: Path) -> bool:
    """Whether the file says its game has a winner (read without replaying it)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    record = data.get("record") if isinstance(data, dict) else None
    return isinstance(record, dict) and record.get("winner") is not None
