"""The person's decision in each phase, as one table keyed by :class:`~spades.Phase`:
what the prompt says, which options are shown, what the phase's own keys do and
whether the decision is about cards of the hand.

The screen (:class:`~spades.tui.app.GameScreen`) keeps what every phase shares (the
arrows, Enter, Esc, the commands) and asks :func:`controls_for` for the rest."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from rich.text import Text

from ..actions import BLIND_NIL, DISCARD, KEEP, NO_BLIND_NIL, Action
from ..cards import Card
from ..observation import Observation, Phase
from .session import PlaySession

Decision = Action | tuple[Card, ...]  # an action, or the cards of her whole exchange
Options = list[tuple[str, Decision | None]]


class GameScreen(Protocol):
    """What a phase's controls use of the game's screen (:class:`spades.tui.app.GameScreen`)."""

    options: Options
    picked: set[int]
    selected: int
    session: PlaySession
    suggestion: Action | None

    def act(self, action: Decision, message: str | None = None) -> None: ...
    def choose_card(self, card: int, obs: Observation) -> None: ...
    def give_choice(self, obs: Observation) -> tuple[Card, ...] | None: ...
    def say(self, message: str | Text, error: bool = False) -> None: ...
    def toggle(self, index: int, obs: Observation) -> None: ...
    def type_bid(self, char: str, obs: Observation) -> None: ...
    def type_card(self, char: str, obs: Observation) -> bool: ...


def _no_options(screen: GameScreen, obs: Observation) -> Options:
    return []


def _no_key(screen: GameScreen, key: str, char: str, obs: Observation) -> bool:
    return False


def _no_start(screen: GameScreen, obs: Observation) -> None:
    return None


@dataclass(frozen=True)
class Controls:
    """One phase's decision. ``prompt`` is the line said on the person's turn;
    ``options`` the options shown (label and action, None when not possible now);
    ``key`` does the phase's own key (True if it was one); ``pick`` takes a card of the
    hand chosen by Enter or a click, when ``pick`` is set the decision is about cards;
    ``start`` sets up a new decision (the bid offered first)."""

    prompt: Callable[[GameScreen, Observation], Text]
    options: Callable[[GameScreen, Observation], Options] = _no_options
    key: Callable[[GameScreen, str, str, Observation], bool] = _no_key
    pick: Callable[[GameScreen, Card, Observation], None] | None = None
    start: Callable[[GameScreen, Observation], None] = _no_start


def _letters(actions: dict[str, int]) -> Callable[[GameScreen, str, str, Observation], bool]:
    """The keys of a phase whose letters each take an action (``{"k": KEEP, ...}``)."""

    def key(screen: GameScreen, key: str, char: str, obs: Observation) -> bool:
        if char not in actions:
            return False
        screen.act(Action(actions[char]))
        return True

    return key


# ------------------------------------------------------------ blind nil


def _blind_nil_prompt(screen: GameScreen, obs: Observation) -> Text:
    points = obs.rules.blind_nil_points
    return Text(f"Blind nil? Bid nil before seeing a card: ±{points} points. "
                "b: yes, n or Enter: no")


def _blind_nil_options(screen: GameScreen, obs: Observation) -> Options:
    # "No" first: the selection starts on it
    return [(" No blind nil: see my cards (n) ", Action(NO_BLIND_NIL)),
            (" Blind nil (b) ", Action(BLIND_NIL))]


# ------------------------------------------------------------ draft


def _draft_prompt(screen: GameScreen, obs: Observation) -> Text:
    return Text("Keep this card (the next is discarded) or discard it (the next is "
                "kept)? k / d")


def _draft_options(screen: GameScreen, obs: Observation) -> Options:
    return [(" Keep (k) ", Action(KEEP)), (" Discard (d) ", Action(DISCARD))]


# ------------------------------------------------------------ exchange


def _exchange_prompt(screen: GameScreen, obs: Observation) -> Text:
    sizes = obs.rules.give_sizes
    many = f"exactly {sizes[0]}" if len(sizes) == 1 else f"up to {sizes[-1]}"
    return Text(f"Blind nil exchange: pick {many} cards to give (space or click), then g")


def _exchange_options(screen: GameScreen, obs: Observation) -> Options:
    return [(f" Give {len(screen.picked)} (g) ", screen.give_choice(obs))]


def _exchange_key(screen: GameScreen, key: str, char: str, obs: Observation) -> bool:
    if key == "space":
        screen.toggle(screen.selected, obs)
    elif char == "g":
        give = screen.give_choice(obs)
        if give is None:
            screen.say(f"You cannot give {len(screen.picked)} cards now.", error=True)
        else:
            screen.act(give)
    else:
        return bool(char) and screen.type_card(char, obs)
    return True


def _exchange_pick(screen: GameScreen, card: Card, obs: Observation) -> None:
    screen.toggle(obs.hand.index(card), obs)


# ------------------------------------------------------------ bidding


def _bidding_start(screen: GameScreen, obs: Observation) -> None:
    # a nil is never preselected: Enter alone must not bid it
    screen.suggestion = screen.session.suggested_bid(obs)
    screen.selected = -1 if screen.suggestion.tricks == 0 else obs.legal.index(
        screen.suggestion)


def _bidding_prompt(screen: GameScreen, obs: Observation) -> Text:
    advice = ("" if screen.suggestion is None else
              f" (suggested: {screen.options[obs.legal.index(screen.suggestion)][0]})")
    return Text(f"Your bid{advice}: ← → or type it, n for nil; Enter bids")


def _bidding_options(screen: GameScreen, obs: Observation) -> Options:
    return [("Nil" if a.tricks == 0 else str(a.tricks), a) for a in obs.legal]


def _bidding_key(screen: GameScreen, key: str, char: str, obs: Observation) -> bool:
    if not char or not (char.isdigit() or char == "n"):
        return False
    screen.type_bid(char, obs)
    return True


# ------------------------------------------------------------ play


def _play_prompt(screen: GameScreen, obs: Observation) -> Text:
    leads = obs.trick is None or not obs.trick.cards
    return Text(("Your lead" if leads else "Your turn") +
                ": ← → or type a card (7h, Qs), Enter or click plays")


def _play_key(screen: GameScreen, key: str, char: str, obs: Observation) -> bool:
    return bool(char) and screen.type_card(char, obs)


def _play_pick(screen: GameScreen, card: Card, obs: Observation) -> None:
    screen.choose_card(card, obs)


def _no_prompt(screen: GameScreen, obs: Observation) -> Text:
    return Text("")


CONTROLS: dict[Phase, Controls] = {
    Phase.BLIND_NIL: Controls(_blind_nil_prompt, _blind_nil_options,
                              _letters({"b": BLIND_NIL, "n": NO_BLIND_NIL})),
    Phase.DRAFT: Controls(_draft_prompt, _draft_options, _letters({"k": KEEP, "d": DISCARD})),
    Phase.EXCHANGE: Controls(_exchange_prompt, _exchange_options, _exchange_key,
                             pick=_exchange_pick),
    Phase.BIDDING: Controls(_bidding_prompt, _bidding_options, _bidding_key,
                            start=_bidding_start),
    Phase.PLAY: Controls(_play_prompt, key=_play_key, pick=_play_pick),
}
NO_DECISION = Controls(_no_prompt)  # the phases where the person never decides


def controls_for(phase: Phase) -> Controls:
    """The person's controls in ``phase``."""
    return CONTROLS.get(phase, NO_DECISION)
