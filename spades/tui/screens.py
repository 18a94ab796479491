"""The screens over the table: help, last trick, scores, preferences, hand summary, game over."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Checkbox, DataTable, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from ..analysis import PlayValue
from ..bots import BOTS
from ..bots.policy import CHOICES
from ..rules import Rules
from ..scoring import breakdown, contracts
from .prefs import SPEEDS, TRICK_PAUSES, Preferences
from .session import HandSummary, SavedGame
from .widgets import card_text, side_names

HELP = """\
[b]Keys[/b] (Esc closes this help)
  ← → Enter    choose a card or an option and take it (or click it)
  7h, KD, 10s  type a card, in any case (a ten: 10 or t), then Enter
  k / d        keep or discard the offered card (draft)
  b / n        blind nil or not (Enter alone: not)
  0-13, n      bid: type it, then Enter (a nil is never preselected)
  space, g     pick cards to give, then give them
  i            hint: the hard player's pick (Enter takes it, not nil)
  u            undo your last action (not once anything new was seen)
  l            the last trick
  r            the score sheet
  p            preferences
  ?            this help
  x            quit (the game is saved: spades play --resume)

[b]Play[/b]: follow the suit led if you can. Spades are trump, led only
once one was played on another suit (or you hold only spades). Cards
you may not play are drawn darker."""


class CloseableScreen(ModalScreen[None]):
    """A modal screen that Escape, Enter or q closes."""

    BINDINGS = [Binding("escape,enter,q", "dismiss", "Close")]  # noqa: RUF012

    def action_dismiss(self, result: None = None) -> None:  # type: ignore[override]
        """Close the screen."""
        self.dismiss(result)


class HelpScreen(CloseableScreen):
    """The keys and a reminder of the rules."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(HELP)


class LastTrickScreen(CloseableScreen):
    """The last finished trick: who played what, and who won it."""

    def __init__(self, lines: list[Text]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text("Last trick", style="bold"))
            yield Static(Text("\n").join(self.lines))
            yield Label("Esc closes", classes="hint")


class ScoreSheetScreen(CloseableScreen):
    """Every finished hand: bids, tricks, points, bags and penalties by side, the running score."""

    def __init__(self, rules: Rules, names: list[str], summaries: list[HandSummary]) -> None:
        super().__init__()
        self.rules, self.names, self.summaries = rules, names, summaries

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide"):
            yield Static(Text("Score sheet", style="bold"))
            yield DataTable(id="sheet", cursor_type="row", zebra_stripes=True)
            yield Static("bid:won for each player; totals with the bags carried (b).\nEsc closes",
                         classes="hint")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        sides = side_names(self.rules.players, self.names)
        table.add_columns("#", *(f"{name[:8]} {what}" if what == "bid:won" else what
                                 for name in sides for what in ("bid:won", "pts", "total")))
        for s in self.summaries:
            r = s.result
            row: list[str] = [str(s.number)]
            for side in range(self.rules.sides):
                seats = self.rules.seats_of(side)
                bid_won = "/".join(f"{bid_text(s, seat)}:{r.tricks[seat]}" for seat in seats)
                penalty = f" -{r.penalties[side]}" if r.penalties[side] else ""
                row += [bid_won, f"{r.points[side]:+d}{penalty}",
                        f"{r.scores[side]} ({r.bag_totals[side]}b)"]
            table.add_row(*row)
        if not self.summaries:
            table.add_row("—", *([""] * (3 * self.rules.sides)))


class HandSummaryScreen(ModalScreen[None]):
    """After a hand: each side's bids and tricks, its breakdown (contract made or set, each nil
    and blind nil, bags, penalty) and score; the plays that cost points."""

    BINDINGS = [Binding("escape,enter,space", "dismiss", "Continue")]  # noqa: RUF012

    def __init__(self, rules: Rules, names: list[str], summary: HandSummary,
                 costly: Callable[[], list[PlayValue]], four_colour: bool) -> None:
        super().__init__()
        self.rules, self.names, self.summary = rules, names, summary
        self.costly, self.four_colour = costly, four_colour

    def compose(self) -> ComposeResult:
        s, r = self.summary, self.summary.result
        lines = [Text(f"Hand {s.number} is over", style="bold")]
        parts = breakdown(contracts(s.bids, s.blind_nil), r, self.rules, self.names)
        for side, name in enumerate(side_names(self.rules.players, self.names)):
            seats = self.rules.seats_of(side)
            bids = ", ".join(f"{self.names[seat]} {bid_text(s, seat)} won {r.tricks[seat]}"
                             for seat in seats)
            lines.append(Text(f"{name}: {bids}"))
            for item in parts[side]:
                points = "" if item.points is None else f"  {item.points:+d}"
                lines.append(Text(f"   {item.label}{points}"))
            lines.append(Text(f"   This hand {r.points[side] - r.penalties[side]:+d}"
                              f" → score {r.scores[side]}", style="bold"))
        last = s.last_trick
        trick = Text("Last trick: ")
        for seat, card in last.plays:
            trick += Text(f"{self.names[seat]} ") + card_text(card, self.four_colour) + Text("  ")
        if last.winner is not None:
            trick += Text(f"— {self.names[last.winner]} won it", style="bold")
        lines.append(trick)
        with Vertical(classes="dialog wide"):
            yield Static(Text("\n").join(lines))
            yield Static(Text("Looking at your plays…", style="italic"), id="costly")
            yield Label("Enter continues", classes="hint")

    def on_mount(self) -> None:
        self.analyse()

    @work(thread=True, exit_on_error=False)
    def analyse(self) -> None:
        """Find the person's costly plays in a thread; show them when found."""
        try:
            plays = self.costly()
        except Exception as error:  # the summary must never stop the game
            text = Text(f"Your plays could not be analysed: {error}", style="italic")
        else:
            text = costly_text(plays, self.four_colour)
        self.app.call_from_thread(self._show_costly, text)

    def _show_costly(self, text: Text) -> None:
        if self.is_attached:
            self.query_one("#costly", Static).update(text)

    def action_dismiss(self, result: None = None) -> None:  # type: ignore[override]
        """Go on to the next hand."""
        self.dismiss(result)


class GameOverScreen(ModalScreen[bool]):
    """The winner and the final score, and an offer to play again (True) or quit (False)."""

    BINDINGS = [Binding("enter,y", "again", "Play again"),  # noqa: RUF012
                Binding("q,n,escape", "leave", "Quit")]

    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.message, style="bold"))
            yield Static("Play again? Enter or y: a new game · q or n: quit")

    def action_again(self) -> None:
        """Start a new game."""
        self.dismiss(True)

    def action_leave(self) -> None:
        """Leave the app."""
        self.dismiss(False)


class QuitScreen(ModalScreen[bool]):
    """Quit (True) or stay (False), with where the game is saved said first."""

    BINDINGS = [Binding("y,enter", "answer(True)", "Quit"),  # noqa: RUF012
                Binding("n,escape", "answer(False)", "Stay")]

    def __init__(self, farewell: str) -> None:
        super().__init__()
        self.farewell = farewell

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text("Quit?", style="bold"))
            yield Static(self.farewell)
            yield Static("y or Enter: quit · n or Esc: go on playing")

    def action_answer(self, leave: bool) -> None:
        """Close with the answer."""
        self.dismiss(leave)


class ResumeScreen(ModalScreen[SavedGame | str]):
    """A new game of ``new_variant`` ("new"), then the unfinished saved games, newest
    first (the :class:`SavedGame` chosen), or quit ("quit"); files that cannot be
    resumed are named with the reason.

    The selection starts on the newest game of the variant asked for (``asked``; of any
    variant when none was), else on the new game: Enter alone never resumes a game of
    another variant than the one asked for."""

    BINDINGS = [Binding("n", "choose('new')", "New game"),  # noqa: RUF012
                Binding("q,escape", "choose('quit')", "Quit")]

    def __init__(self, saved: list[SavedGame], new_variant: str, asked: str | None) -> None:
        super().__init__()
        self.games = [game for game in saved if game.session is not None]
        self.broken = [game for game in saved if game.session is None]
        self.new_variant, self.asked = new_variant, asked

    def compose(self) -> ComposeResult:
        options: list[Option | None] = [Option(f"Start a new {self.new_variant} game",
                                               id="new")]
        for index, game in enumerate(self.games):  # a line between two games
            # Text, not markup: the line holds the player's name from the file
            options += [None, Option(Text(saved_game_line(game, "\n")), id=str(index))]
        with Vertical(classes="dialog wide"):
            yield Static(Text("Saved games" if self.games else "A saved game cannot be resumed",
                              style="bold"))
            yield OptionList(*options, id="saved")
            for game in self.broken:
                yield Static(Text(f"{game.problem} (the file is kept)"), classes="problem")
            yield Static("↑ ↓ choose, Enter or a click takes it · n: a new game · q or Esc: "
                         "quit. Every saved game is kept.", classes="hint")

    def on_mount(self) -> None:
        choices = self.query_one(OptionList)
        game = next((str(index) for index, game in enumerate(self.games)
                     if game.of(self.asked)), "new")
        choices.highlighted = choices.get_option_index(game)
        choices.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        chosen = event.option.id or "new"
        self.dismiss("new" if chosen == "new" else self.games[int(chosen)])

    def action_choose(self, choice: str) -> None:
        """Close with ``choice``: "new" or "quit"."""
        self.dismiss(choice)


def when(saved: datetime) -> str:
    """A save's time as a person reads it: ``Mon 7 Dec 17:40``."""
    return f"{saved:%a} {saved.day} {saved:%b %H:%M}"


def saved_game_line(game: SavedGame, between: str = " · ") -> str:
    """A saved game in a line (or two, with ``between`` a new line): variant, player,
    level, target, hand, scores, time saved."""
    assert game.session is not None
    session = game.session
    obs = session.observation()
    sides = side_names(session.rules.players, session.names)
    scores = ", ".join(f"{name} {score}" for name, score in zip(sides, obs.scores, strict=True))
    return (f"{session.rules.variant} · {session.name} against the {session.level} computer, "
            f"to {session.rules.target}{between}hand {obs.hand_number}: {scores} · saved "
            f"{when(game.saved)}")


def resumed_words(game: SavedGame) -> str:
    """What was resumed, in a line short enough for the status line."""
    assert game.session is not None
    return (f"Resumed your {game.session.rules.variant} game saved {when(game.saved)} "
            f"(hand {game.session.observation().hand_number}).")


class PreferencesScreen(ModalScreen[Preferences]):
    """Auto Play One, the computer's speed and level, how long a finished trick stays,
    four-colour suits, confirm before play, the computers' blind nil policy."""

    BINDINGS = [Binding("escape", "done", "Close")]  # noqa: RUF012

    def __init__(self, prefs: Preferences) -> None:
        super().__init__()
        self.prefs = prefs

    def compose(self) -> ComposeResult:
        p = self.prefs
        policies = list(CHOICES)
        if all(value != p.computer_blind_nil for _, value in policies):
            policies.append((p.computer_blind_nil, p.computer_blind_nil))  # hand-edited
        pauses = [(name if seconds is None else f"{name} ({seconds:g} s)", name)
                  for name, seconds in TRICK_PAUSES.items()]
        with Vertical(classes="dialog"):
            yield Static(Text("Preferences", style="bold"))
            for key, label in (("auto_play_one", "Auto Play One (play a forced card)"),
                               ("four_colour", "Four-colour suits"),
                               ("confirm_play", "Confirm before playing a card")):
                yield Checkbox(label, getattr(p, key), id=key, compact=True, classes="pref")
            for key, choices, label in (
                    ("speed", [(name, name) for name in SPEEDS], "Computer speed"),
                    ("trick_pause", pauses, "A finished trick stays on the table"),
                    ("level", [(name, name) for name in BOTS],
                     "Computer level (from the next decision)"),
                    ("computer_blind_nil", policies,
                     "Computers' blind nil (partner and opponents)")):
                with Horizontal(classes="pref"):
                    yield Select(choices, value=getattr(p, key), id=key, allow_blank=False,
                                 compact=True)
                    yield Label(label)
            yield Label("Esc closes and saves", classes="hint")

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self.prefs = _replace(self.prefs, event.checkbox.id or "", event.value)

    def on_select_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str):
            self.prefs = _replace(self.prefs, event.select.id or "", event.value)

    def action_done(self) -> None:
        """Close, handing back the preferences chosen."""
        self.dismiss(self.prefs)


def _replace(prefs: Preferences, key: str, value: object) -> Preferences:
    return replace(prefs, **{key: value})


# ------------------------------------------------------------ shared text


def bid_text(summary: HandSummary, seat: int) -> str:
    """A seat's bid as a word: ``4``, ``nil``, ``blind nil``."""
    if seat in summary.blind_nil:
        return "blind nil"
    bid = summary.bids[seat]
    return "nil" if bid == 0 else str(bid)


def costly_text(plays: list[PlayValue], four_colour: bool) -> Text:
    """The person's plays that cost points, one a line."""
    if not plays:
        return Text("None of your analysed plays cost points.")
    lines = [Text("Plays that cost you points (every card known):")]
    for p in plays:
        lines.append(Text(f"  trick {p.trick:>2}: you played ") + card_text(p.card, four_colour)
                     + Text("; ") + card_text(p.best_card, four_colour)
                     + Text(f" was worth {p.cost:.0f} more"))
    return Text("\n").join(lines)
