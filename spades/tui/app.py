"""The terminal game: the table, the person's decisions, and the computer players' turns.

The screen shows the person's :class:`~spades.Observation` and nothing else; the
computer players think in a thread so that the screen stays alive. Every action is
saved at once, so a crash or a closed terminal loses nothing: ``spades play
--resume`` continues from the last action.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..actions import BLIND_NIL, END_GIVE, KEEP, Action, Kind
from ..bots.policy import BlindNilPolicy
from ..cards import SUIT_SYMBOLS, TEN, Card, card_label, in_symbols, parse_card, rank_of
from ..errors import IllegalAction, SpadesError
from ..observation import Observation, Phase, Trick
from .controls import Decision, controls_for
from .prefs import Preferences, save_preferences
from .screens import (
    GameOverScreen,
    HandSummaryScreen,
    HelpScreen,
    LastTrickScreen,
    PreferencesScreen,
    QuitScreen,
    ResumeScreen,
    ScoreSheetScreen,
    resumed_words,
)
from .session import HUMAN, PlaySession, SavedGame, start_solver_warm_up
from .widgets import (
    CardWidget,
    Drawn,
    OptionWidget,
    action_words,
    card_text,
    draw_plays,
    draw_scores,
    draw_table,
    give_words,
)

HAND_SLOTS = 13
OPTION_SLOTS = 14  # nil and bids 1..13
AUTO_PLAY_PAUSE = 0.4  # seconds a forced card waits before it plays itself
# typed cards, in either case; no command sits on any of these keys (nor on the digits)
RANK_KEYS = "23456789tjqka"
SUIT_KEYS = "cdhs"
SMALLEST = (80, 24)  # the terminal the table needs, in columns and rows


class GameScreen(Screen[None]):
    """The table and the person's decisions.

    The screen's size classes choose the layout: too small below 80 by 24 (a notice,
    and the game waits), large cards from 96 by 33."""

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (SMALLEST[0], "-normal-width"),  # noqa: RUF012
                              (96, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (SMALLEST[1], "-normal-height"),  # noqa: RUF012
                            (33, "-tall")]
    BINDINGS = [  # noqa: RUF012
        Binding("i", "hint", "Hint"),
        Binding("u", "undo", "Undo"),
        Binding("l", "last_trick", "Last trick"),
        Binding("r", "score_sheet", "Scores"),
        Binding("p", "preferences", "Prefs"),
        Binding("question_mark", "help", "Help"),
        Binding("x", "ask_to_quit", "Quit"),
    ]

    def __init__(self, session: PlaySession, prefs: Preferences, save_dir: Path,
                 on_prefs: Callable[[Preferences], None], greeting: str | None = None) -> None:
        super().__init__()
        self.session, self.prefs, self.save_dir = session, prefs, save_dir
        session.computer_blind_nil = BlindNilPolicy.parse(prefs.computer_blind_nil)
        self.on_prefs, self.greeting = on_prefs, greeting
        # the chosen card (play, exchange) or option (other decisions); -1 none
        self.selected = 0
        self.picked: set[int] = set()  # cards picked to give in an exchange
        self.typed = ""  # the start of a card or bid being typed
        self.rejected = False  # the card or bid typed last was refused: Enter waits
        self.confirming: Action | None = None  # a card waiting for its confirmation
        self.epoch = 0  # bumped by undo and new games: stale computer moves are dropped
        self.thinking = False
        self.results_seen = len(session.observation().results)
        self.options: list[tuple[str, Decision | None]] = []
        self.decision = -1  # the number of actions taken when the selection was last reset
        self.suggestion: Action | None = None  # the bid offered first
        # a finished trick kept on the table, and the last one let go, by (epoch, actions)
        self.holding: tuple[int, int] | None = None
        self.released: tuple[int, int] | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="board"):
            yield Static(id="title")
            with Horizontal(id="middle"):
                yield Drawn(id="table")
                yield Drawn(id="scores")
            yield Static(id="prompt")
            with Horizontal(id="options"):
                for index in range(OPTION_SLOTS):
                    yield OptionWidget(index, classes="option")
            yield Drawn(id="plays")
            with Horizontal(id="hand"):
                for _ in range(HAND_SLOTS):
                    yield CardWidget(classes="card")
            yield Static(id="status")
        yield Static(id="too-small")
        yield Footer()

    def on_resize(self, event: events.Resize) -> None:
        width, height = event.size
        self.query_one("#too-small", Static).update(
            f"The terminal is {width} columns by {height} rows: too small.\nThe table "
            f"needs at least {SMALLEST[0]} by {SMALLEST[1]}.\nMake the window larger; "
            "the game waits,\nand keys do nothing until then (x quits).")
        self.call_after_refresh(self.refresh_bindings)  # the size classes are set by now

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While the table is hidden as too small, only quitting is offered (the other
        commands show greyed out)."""
        return None if self.too_small and action != "ask_to_quit" else True

    @property
    def too_small(self) -> bool:
        """Whether the terminal is too small for the table (the game waits)."""
        return self.has_class("-narrow") or self.has_class("-short")

    def on_mount(self) -> None:
        if self.greeting:
            self.say(self.greeting)
        self.advance()

    # ------------------------------------------------------------ drawing

    @property
    def obs(self) -> Observation:
        """The person's view now."""
        return self.session.observation()

    def my_turn(self, obs: Observation) -> bool:
        return obs.to_move == HUMAN and bool(obs.legal)

    def shown_trick(self, obs: Observation) -> Trick | None:
        """The trick in play, or while the next is empty, the one just won."""
        if obs.trick is not None and obs.trick.cards:
            return obs.trick
        return obs.tricks[-1] if obs.tricks else None

    def refresh_view(self) -> None:
        """Draw everything from the person's observation."""
        obs, names, four = self.obs, self.session.names, self.prefs.four_colour
        rules = obs.rules
        if self.decision != len(self.session.actions):  # a new decision: start on a legal card
            self.decision = len(self.session.actions)
            self.selected = next((i for i, c in enumerate(obs.hand)
                                  if Action.play(c) in obs.legal), 0)
            self.suggestion = None
            if self.my_turn(obs):
                controls_for(obs.phase).start(self, obs)
        title = (f" Spades · {rules.variant} · {self.session.level} computer · hand "
                 f"{obs.hand_number}")
        self.query_one("#title", Static).update(Text(title, style="bold"))
        shown = self.shown_trick(obs)
        self.query_one("#table", Drawn).draw(
            lambda width, height: draw_table(obs, names, shown, four, width, height))
        self.query_one("#scores", Drawn).draw(
            lambda width, _: draw_scores(obs, names, four, width))
        self.query_one("#plays", Drawn).draw(
            lambda _, height: draw_plays(obs, names, four, height))
        self.options = self.current_options(obs)
        self.query_one("#options").display = bool(self.options)
        self.query_one("#plays").display = not self.options
        for widget in self.query(OptionWidget):
            index = widget.index
            if index < len(self.options):
                label, action = self.options[index]
                widget.show(label, selected=not self.choosing_cards(obs) and
                            index == self.selected, enabled=action is not None)
            else:
                widget.show(None)
        playable = {a.card for a in obs.legal if a.kind == Kind.PLAY}
        choosing = self.choosing_cards(obs)
        for index, widget in enumerate(self.query(CardWidget)):
            card = obs.hand[index] if index < len(obs.hand) else None
            widget.show(card, four, playable=card in playable or obs.phase != Phase.PLAY,
                        selected=choosing and index == self.selected,
                        picked=card in self.picked)
        self.query_one("#prompt", Static).update(self.prompt(obs))

    def choosing_cards(self, obs: Observation) -> bool:
        """Whether the person's decision now is about cards of the hand (play, exchange)."""
        return self.my_turn(obs) and controls_for(obs.phase).pick is not None

    def current_options(self, obs: Observation) -> list[tuple[str, Decision | None]]:
        """The options shown for the person's decision (not cards): label and action."""
        return controls_for(obs.phase).options(self, obs) if self.my_turn(obs) else []

    def give_choice(self, obs: Observation) -> tuple[Card, ...] | None:
        """The picked cards, lowest first, if the rules let the exchange give that many;
        else None."""
        return tuple(sorted(self.picked)) if len(self.picked) in obs.rules.give_sizes else None

    def prompt(self, obs: Observation) -> Text:
        """One line saying what happens now."""
        names = self.session.names
        if obs.phase == Phase.OVER:
            return Text("The game is over.", style="bold")
        if self.holding is not None and obs.tricks:
            winner = names[obs.tricks[-1].winner or 0]
            return Text(f"{winner} won the trick · any key goes on", style="bold")
        if not self.my_turn(obs):
            who = names[obs.to_move] if obs.to_move is not None else "nobody"
            return Text(f"{who} is thinking…", style="italic")
        if self.confirming is not None:
            return Text(f"Play {card_label(self.confirming.card)}? Enter or click again to "
                        "confirm, Esc to choose again", style="bold")
        return controls_for(obs.phase).prompt(self, obs)

    def say(self, message: str | Text, error: bool = False) -> None:
        """Show a message in the status line."""
        text = message if isinstance(message, Text) else Text(message)
        if error:
            text.stylize("bold red")
        self.query_one("#status", Static).update(text)

    # ------------------------------------------------------------ the flow of the game

    def advance(self) -> None:
        """After a change: redraw; then a hand summary, the end, a finished trick kept
        on the table, a computer turn, a forced card."""
        obs = self.obs
        held = self.hold_trick(obs)
        self.refresh_view()
        if len(obs.results) > self.results_seen:
            self.results_seen = len(obs.results)
            number = self.results_seen
            # the last hand's news is stale now
            self.say("The game is over." if obs.phase == Phase.OVER else f"Hand {number + 1}")
            summary = self.session.hand_summary(number)
            self.app.push_screen(
                HandSummaryScreen(obs.rules, self.session.names, summary,
                                  lambda: self.session.costly_plays(number),
                                  self.prefs.four_colour),
                callback=lambda _: self.advance())
            return
        if obs.phase == Phase.OVER:
            self.app.push_screen(GameOverScreen(self.game_over_message(obs)),
                                 callback=self.after_game_over)
            return
        if held:
            return
        if self.session.computer_to_move is not None:
            epoch = self.epoch
            self.after(self.prefs.delay, lambda: self.computer_turn(epoch))
            return
        if obs.phase == Phase.PLAY and len(obs.legal) == 1 and self.prefs.auto_play_one:
            epoch, forced = self.epoch, obs.legal[0]
            self.after(AUTO_PLAY_PAUSE, lambda: self.auto_play(epoch, forced))

    def hold_trick(self, obs: Observation) -> bool:
        """Whether the trick just finished stays on the table now: before a computer's
        or Auto Play One's next card, until a key is pressed or the preference's time
        has passed (the person's own lead waits for her anyway)."""
        if obs.phase != Phase.PLAY or not obs.tricks or (obs.trick is not None and obs.trick.cards):
            return False
        key, seconds = (self.epoch, len(self.session.actions)), self.prefs.trick_seconds
        automatic = self.session.computer_to_move is not None or (
            self.prefs.auto_play_one and len(obs.legal) == 1)
        if key == self.released or seconds == 0 or not automatic:
            return False
        if self.holding != key:
            self.holding = key
            if seconds is not None:
                self.set_timer(seconds, lambda: self.release(key))
        return True

    def release(self, key: tuple[int, int]) -> None:
        """Let the trick held on the table go, and the game on."""
        if self.holding == key:
            self.holding, self.released = None, key
            self.advance()

    def after(self, seconds: float, callback: Callable[[], None]) -> None:
        """Call ``callback`` in ``seconds`` (at once, after pending messages, for 0)."""
        if seconds > 0:
            self.set_timer(seconds, callback)
        else:
            self.call_later(callback)

    def game_over_message(self, obs: Observation) -> str:
        rules, names = obs.rules, self.session.names
        if rules.players == 2:
            winner = "You win" if obs.winner == HUMAN else f"{names[1]} wins"
        else:
            winner = "You and your partner win" if obs.winner == 0 else "West and East win"
        return f"{winner}, {max(obs.scores)} to {min(obs.scores)}."

    def after_game_over(self, again: bool | None) -> None:
        if again:
            self.app.new_game()  # type: ignore[attr-defined]
        else:
            self.app.leave()  # type: ignore[attr-defined]

    def computer_turn(self, epoch: int) -> None:
        """Start the computer seat's decision in a thread."""
        seat = self.session.computer_to_move
        if (epoch != self.epoch or seat is None or self.thinking or self.app.screen is not self
                or self.too_small):
            if epoch == self.epoch and seat is not None and not self.thinking:
                self.set_timer(0.1, lambda: self.computer_turn(epoch))  # a dialog is open
            return
        self.thinking = True
        observation = self.session.game.observation(seat)
        count = len(self.session.actions)
        session = self.session

        def think() -> None:
            try:
                action = session.computer_action(observation)
            except Exception:  # a bot's bug must not stop the game: take a legal action
                action = observation.legal[0]
            self.app.call_from_thread(self.computer_done, epoch, seat, count, action)

        self.run_worker(think, thread=True, group="computer", exit_on_error=False)

    def computer_done(self, epoch: int, seat: int, count: int, action: Action) -> None:
        """Apply a computer decision, unless the game moved on (undo, new game) meanwhile."""
        self.thinking = False
        if epoch != self.epoch or len(self.session.actions) != count:
            self.advance()
            return
        self.session.apply(action, seat)
        self.save()
        if action.kind == Kind.PLAY:
            self.say(Text(f"{self.session.names[seat]} played ") +
                     card_text(action.card, self.prefs.four_colour))
        elif action.kind in (Kind.BID, Kind.DECLARE):
            self.say(f"{self.session.names[seat]} {decision_words(action)}")
        self.advance()

    def auto_play(self, epoch: int, forced: Action) -> None:
        """Play the only legal card (Auto Play One), if it is still the person's decision."""
        obs = self.obs
        if epoch != self.epoch or not self.my_turn(obs) or list(obs.legal) != [forced]:
            return
        if self.too_small or self.app.screen is not self:  # wait until she can see it
            self.set_timer(0.1, lambda: self.auto_play(epoch, forced))
        else:
            self.act(forced, f"Auto Play One played {card_label(forced.card)}")

    def act(self, action: Decision, message: str | None = None) -> None:
        """Take the person's action, or give her cards (a whole exchange); an illegal one
        explains itself and changes nothing."""
        obs = self.obs
        if not self.my_turn(obs):
            self.say("Wait: it is not your turn.", error=True)
            return
        try:
            if isinstance(action, tuple):
                self.session.give(action, HUMAN)
            else:
                self.session.apply(action, HUMAN)
        except SpadesError as error:
            self.say(person_words(error), error=True)
            return
        self.save()
        self.selected, self.typed, self.rejected, self.confirming = 0, "", False, None
        self.picked.clear()
        self.say(message or self.describe(obs, action))
        self.advance()

    def describe(self, before: Observation, action: Decision) -> Text:
        """What the person's action did, in words (the draft's second card included)."""
        four = self.prefs.four_colour
        if isinstance(action, tuple):
            after = self.obs
            got = " ".join(map(card_label, after.received)) if after.received else "nothing yet"
            gave = give_words(action)
            return Text(f"{gave[0].upper()}{gave[1:]}; received {got}")
        if action.kind == Kind.DRAFT and before.offered is not None:
            after = self.obs
            other = [c for c in (*after.hand, *after.discards)
                     if c not in before.hand and c not in before.discards and c != before.offered]
            verb = "kept" if action == KEEP else "discarded"
            text = Text(f"You {verb} ") + card_text(before.offered, four)
            if other:
                text += Text("; the next card, ") + card_text(other[0], four) + Text(
                    ", was " + ("discarded" if action == KEEP else "kept"))
            return text
        if action.kind == Kind.PLAY:
            return Text("You played ") + card_text(action.card, four)
        words = action_words(action)
        return Text(words[0].upper() + words[1:])

    def save(self) -> None:
        try:
            self.session.save(self.save_dir)
        except OSError as error:
            self.say(f"The game could not be saved: {error}", error=True)

    # ------------------------------------------------------------ input

    def on_key(self, event: events.Key) -> None:
        """Arrows, Enter, space, typed cards and bids, and the decision keys."""
        if self.too_small:  # the table is hidden: no key acts, but x quits
            if event.key != "x":
                event.stop()
                event.prevent_default()
            return
        if self.holding is not None:  # the key lets the trick go (and does its command)
            self.release(self.holding)
            return
        obs = self.obs
        key, char = event.key, event.character or ""
        if not self.my_turn(obs):
            return
        handled = True
        if key in ("left", "right"):
            self.move(-1 if key == "left" else 1, obs)
        elif key == "enter":
            self.enter(obs)
        elif key == "escape" and self.confirming is not None:
            self.confirming = None
            self.refresh_view()
        else:  # the phase's own keys
            handled = controls_for(obs.phase).key(self, key, char, obs)
        if handled:
            event.stop()
            event.prevent_default()

    def move(self, step: int, obs: Observation) -> None:
        count = len(obs.hand) if self.choosing_cards(obs) else len(self.options)
        if count:
            start = self.selected if self.selected >= 0 else (-1 if step > 0 else count)
            self.selected = (start + step) % count
            self.typed, self.rejected, self.confirming = "", False, None
            self.refresh_view()

    def enter(self, obs: Observation) -> None:
        """Play or take the selection; nothing after a refused or half-typed card or bid."""
        if self.rejected:
            return
        if self.typed and self.choosing_cards(obs):
            self.say(f"{self.typed} needs its suit: c, d, h or s (← → to choose instead).",
                     error=True)
            return
        pick = controls_for(obs.phase).pick
        if pick is not None and self.my_turn(obs):
            if self.selected < len(obs.hand):
                pick(self, obs.hand[self.selected], obs)
        elif 0 <= self.selected < len(self.options):
            self.choose_option(self.selected)
        else:  # no bid is selected (a nil is never preselected)
            self.say("Choose your bid first: type it (n for nil) or use ← →.", error=True)

    def choose_option(self, index: int) -> None:
        label, action = self.options[index]
        if action is None:
            self.say(f"{label.strip().split(' (')[0]}: not possible now.", error=True)
        else:
            self.act(action)

    def choose_card(self, card: int, obs: Observation) -> None:
        """Play ``card`` (after a confirmation when the preference asks for one)."""
        action = Action.play(card)
        if action not in obs.legal:
            self.act(action)  # the engine says why, and nothing changes
            return
        if self.prefs.confirm_play and self.confirming != action:
            self.confirming = action
            self.selected = obs.hand.index(card)
            self.refresh_view()
            return
        self.act(action)

    def toggle(self, index: int, obs: Observation) -> None:
        if index < len(obs.hand):
            card = obs.hand[index]
            self.picked ^= {card}
            self.selected = index
            self.refresh_view()

    def type_bid(self, char: str, obs: Observation) -> None:
        """Digits choose a bid (``1`` then ``3`` is 13), ``n`` or ``0`` nil; a number
        no bid has (``1`` then ``4``) is refused, and Enter then waits for another."""
        text = "0" if char == "n" else (char if self.typed in ("", "0") else self.typed + char)
        bids = [i for i, (_, a) in enumerate(self.options)
                if isinstance(a, Action) and a.tricks == int(text)]
        if not bids:
            self.typed, self.rejected = "", True
            self.say(f"No bid {int(text)}: bids go from nil (0) to 13.", error=True)
            self.refresh_view()
            return
        self.selected, self.typed, self.rejected = bids[0], text, False
        self.refresh_view()

    def type_card(self, char: str, obs: Observation) -> bool:
        """A rank key (either case; ``1`` ``0`` or ``t`` a ten) selects a card of that
        rank; a suit key after it, that exact card. A card not held is refused, and
        Enter then waits for another. False if ``char`` is neither."""
        lower = char.lower()
        if self.typed and lower in SUIT_KEYS:
            typed, self.typed = self.typed, ""
            try:
                card = parse_card(typed + lower)
            except SpadesError:
                card = None
            if card is None or card not in obs.hand:
                self.rejected = True
                said = f"{typed}{SUIT_SYMBOLS[SUIT_KEYS.index(lower)]}"
                self.say(f"You do not hold {said}." if card is not None else
                         f"There is no card {said}: a ten is 10 or t.", error=True)
            else:
                self.selected, self.rejected, self.confirming = obs.hand.index(card), False, None
            self.refresh_view()
            return True
        if lower not in RANK_KEYS and char != "1" and not (char == "0" and self.typed == "1"):
            return False  # a 0 is a rank only as the end of "10"
        self.typed = "10" if char == "0" and self.typed == "1" else lower.upper()
        if self.typed == "1":  # the start of "10"
            return True
        rank = rank_of(parse_card(self.typed + "C"))  # the card parser reads the rank
        same = [i for i, c in enumerate(obs.hand) if rank_of(c) == rank]
        if same:
            later = [i for i in same if i > self.selected]
            self.selected = (later or same)[0] if self.selected in same else same[0]
            self.rejected, self.confirming = False, None
            self.typed = card_label(obs.hand[self.selected])[:-1]
        else:
            self.say(f"You hold no {'10' if rank == TEN else self.typed}.", error=True)
            self.typed, self.rejected = "", True
        self.refresh_view()
        return True

    def on_card_widget_chosen(self, message: CardWidget.Chosen) -> None:
        obs = self.obs
        pick = controls_for(obs.phase).pick
        if self.too_small or not self.my_turn(obs) or pick is None:
            self.say("That card cannot be chosen now.", error=True)
            return
        pick(self, message.card, obs)

    def on_option_widget_chosen(self, message: OptionWidget.Chosen) -> None:
        if not self.too_small and self.my_turn(self.obs) and message.index < len(self.options):
            self.choose_option(message.index)

    # ------------------------------------------------------------ commands

    def action_hint(self) -> None:
        obs = self.obs
        if not self.my_turn(obs):
            self.say("A hint is for your own turn.", error=True)
            return
        self.say(Text("Thinking about a hint…", style="italic"))
        epoch, session = self.epoch, self.session
        decision = len(session.actions)

        def think() -> None:
            try:
                action, reason = session.hint(obs)
                keys = own_keys(action)
                taking = f" ({keys} to take it)" if keys else ""
                text = Text(f"Hint: {in_symbols(str(action))}{taking} — {in_symbols(reason)}")
            except Exception as error:  # a hint must never stop the game
                action, text = None, Text(f"No hint: {error}")
            self.app.call_from_thread(self.show_hint, epoch, decision, text, action)

        self.run_worker(think, thread=True, group="hint", exit_on_error=False)

    def show_hint(self, epoch: int, decision: int, text: Text, action: Action | None) -> None:
        """Say the hint and, if the decision is still the one it was for, select its card
        or option (Enter then takes it). A hinted nil or blind nil is said, never
        selected: it takes its own key (n then Enter, or b), never Enter alone."""
        if epoch != self.epoch:
            return
        self.say(text)
        obs = self.obs
        if (action is None or own_keys(action) or decision != len(self.session.actions)
                or not self.my_turn(obs)):
            return
        options = [option for _, option in self.options]
        if action.kind in (Kind.PLAY, Kind.GIVE) and action.card in obs.hand:
            self.selected = obs.hand.index(action.card)
        elif action in options:
            self.selected = options.index(action)
        else:
            return
        self.typed, self.confirming = "", None
        self.refresh_view()

    def action_undo(self) -> None:
        try:
            taken_back = self.session.undo()
        except SpadesError as error:
            self.say(str(error), error=True)
            return
        self.epoch += 1
        self.thinking, self.holding = False, None
        self.selected, self.typed, self.confirming = 0, "", None
        self.picked.clear()
        self.results_seen = len(self.obs.results)
        self.save()
        gave = [a.card for a in taken_back if a.kind == Kind.GIVE and a != END_GIVE]
        words = (give_words(gave) if taken_back[0].kind == Kind.GIVE
                 else action_words(taken_back[0]))
        self.say(f"Undone: {words}.")
        self.advance()

    def action_last_trick(self) -> None:
        trick = self.session.last_trick()
        if trick is None:
            self.say("No trick has been played yet.")
            return
        names = self.session.names
        lines = []
        for index, (seat, card) in enumerate(trick.plays):
            lead = " (led)" if index == 0 else ""
            lines.append(Text(f"{names[seat]:>8}: ") + card_text(card, self.prefs.four_colour)
                         + Text(lead))
        lines.append(Text(f"Won by {names[trick.winner or 0]}", style="bold"))
        self.app.push_screen(LastTrickScreen(lines))

    def action_score_sheet(self) -> None:
        count = len(self.obs.results)
        summaries = [self.session.hand_summary(n) for n in range(1, count + 1)]
        self.app.push_screen(ScoreSheetScreen(self.session.rules, self.session.names, summaries))

    def action_preferences(self) -> None:
        self.app.push_screen(PreferencesScreen(self.prefs), callback=self.set_prefs)

    def set_prefs(self, prefs: Preferences | None) -> None:
        if prefs is None:
            return
        self.prefs = prefs
        self.session.level = prefs.level
        self.session.computer_blind_nil = BlindNilPolicy.parse(prefs.computer_blind_nil)
        self.on_prefs(prefs)
        self.save()
        self.say("Preferences saved.")
        self.advance()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())

    def action_ask_to_quit(self) -> None:
        """Quit after a confirmation that says where the game is saved."""
        self.save()
        self.app.push_screen(QuitScreen(self.app.farewell()),  # type: ignore[attr-defined]
                             callback=self.quit_or_stay)

    def quit_or_stay(self, leave: bool | None) -> None:
        if leave:
            self.app.leave()  # type: ignore[attr-defined]


class SpadesApp(App[str]):
    """``spades play``: one person against the computer, in the terminal.

    ``saved`` are the unfinished saved games (and the files that cannot be resumed),
    offered before the new game ``session`` starts; ``asked`` is the variant asked for
    (None: none was), whose newest game Enter resumes; ``greeting`` is said when the
    table opens. The app's result is the line said on leaving: where the game is saved
    and how to resume it."""

    CSS_PATH = "spades.tcss"
    TITLE = "Spades"

    def __init__(self, session: PlaySession, prefs: Preferences, config_dir: Path,
                 save_dir: Path, warm_up: bool = True, saved: list[SavedGame] | None = None,
                 asked: str | None = None, greeting: str | None = None) -> None:
        super().__init__()
        self.session, self.prefs = session, prefs
        self.config_dir, self.save_dir = config_dir, save_dir
        self.warm_up, self.saved, self.asked = warm_up, list(saved or ()), asked
        self.greeting = greeting

    def on_mount(self) -> None:
        if self.warm_up:
            start_solver_warm_up()
        if self.saved:
            self.push_screen(ResumeScreen(self.saved, self.session.rules.variant, self.asked),
                             callback=self.resume_or_not)
        else:
            self.push_screen(self.table())

    def resume_or_not(self, choice: SavedGame | str | None) -> None:
        """Open the table on the saved game chosen or the new one, or leave."""
        if isinstance(choice, SavedGame) and choice.session is not None:
            self.session = choice.session
            self.prefs = replace(self.prefs, level=self.session.level)
            self.saved.remove(choice)
            self.greeting = resumed_words(choice)
        elif choice != "new":
            self.leave()
            return
        self.push_screen(self.table())

    def farewell(self) -> str:
        """Where the game is saved and how to go on with it, in a line."""
        path = self.session.path
        if path is not None:
            if self.session.game.over:
                return (f"The game is over (its record stays in {path}); `spades play` "
                        "starts a new one.")
            return (f"Your game is saved in {path}; `spades play --variant "
                    f"{self.session.rules.variant} --resume` continues it.")
        others = sum(game.session is not None for game in self.saved)
        if others:
            games = ("saved game is kept: `spades play` offers it" if others == 1 else
                     f"{others} saved games are kept: `spades play` offers them")
            return f"Nothing of this game was saved (you had not made a move); your {games}."
        return "Nothing was saved: you had not made a move."

    def leave(self) -> None:
        """Leave, saying where the game is saved (every action was saved as taken)."""
        self.exit(self.farewell())

    async def action_quit(self) -> None:
        """Ctrl+Q: leave (see :meth:`leave`)."""
        self.leave()

    def table(self) -> GameScreen:
        greeting, self.greeting = self.greeting, None
        return GameScreen(self.session, self.prefs, self.save_dir, self.store_prefs, greeting)

    def store_prefs(self, prefs: Preferences) -> None:
        """Keep new preferences, on disk too."""
        self.prefs = prefs
        try:
            save_preferences(prefs, self.config_dir)
        except OSError as error:
            self.notify(f"Preferences could not be saved: {error}", severity="error")

    def new_game(self) -> None:
        """Start a new game of the finished one's variant and level (in a file of its own)."""
        old = self.session
        self.session = PlaySession.new(old.rules, self.prefs.level, name=old.name)
        self.switch_screen(self.table())


def own_keys(action: Action) -> str | None:
    """The keys a nil or a blind nil takes, never Enter alone ("b", "n then Enter");
    None for any other action."""
    if action == Action(BLIND_NIL):
        return "b"
    if action.kind == Kind.BID and action.tricks == 0:
        return "n then Enter"
    return None


def decision_words(action: Action) -> str:
    """A computer's bid or blind nil answer as said at the table: "bids 4", "bids nil",
    "declares blind nil", "does not declare blind nil"."""
    if action.kind == Kind.BID:
        return f"bids {action.tricks or 'nil'}"
    return "declares blind nil" if action == BLIND_NIL else "does not declare blind nil"


def person_words(error: SpadesError) -> str:
    """An engine error as said to the person, cards as on screen: her IllegalAction
    (seat 0) playing TH while she must follow clubs is "You cannot play 10♥: you must
    follow clubs"; any other error as it is."""
    if not isinstance(error, IllegalAction) or error.seat != HUMAN:
        return in_symbols(str(error))
    return in_symbols(f"You cannot {error.action}: {error.reason_to_seat}")
