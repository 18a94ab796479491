"""The pieces of the table: cards, options, and the text drawings of the table and the scores.

Everything here is drawn from the person's :class:`~spades.Observation` (and, for a
finished hand, its public summary): no other seat's cards ever reach a widget.
"""

from __future__ import annotations

import re

from rich.text import Text
from textual.message import Message
from textual.widgets import Static

from ..actions import BLIND_NIL, KEEP, Action
from ..cards import (
    RANK_LETTERS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    TEN,
    Card,
    parse_card,
    rank_of,
    suit_of,
)
from ..observation import Observation, TrickView

SUIT_COLOURS = {  # two colours, and four with the preference on
    False: ("default", "red", "red", "default"),
    True: ("green", "#2f7fff", "red", "default"),  # a colour Textual and Rich both read
}


def card_label(card: Card) -> str:
    """A card as the screen shows it: ``Q♥``, ``10♠``."""
    rank = rank_of(card)
    return ("10" if rank == TEN else RANK_LETTERS[rank]) + SUIT_SYMBOLS[suit_of(card)]


def in_symbols(text: str) -> str:
    """``text`` with every card in record notation (``TH``) written as on screen (``10♥``)."""
    return re.sub(r"\b(?:10|[2-9TJQKA])[CDHS]\b", lambda m: card_label(parse_card(m[0])), text)


def action_words(action: Action) -> str:
    """The person's action in words: "you played 10♥", "you bid nil", "you kept the card"."""
    kind = action.kind
    if kind == "play":
        return f"you played {card_label(action.card)}"
    if kind == "bid":
        return f"you bid {action.tricks or 'nil'}"
    if kind == "blind nil":
        return "you declared blind nil" if action == BLIND_NIL else "you declined blind nil"
    if kind == "draft":
        return "you kept the card" if action == KEEP else "you discarded the card"
    return f"you gave {' '.join(map(card_label, action.cards)) or 'nothing'}"


def card_text(card: Card, four_colour: bool, style: str = "") -> Text:
    """A card's label in its suit's colour."""
    colour = SUIT_COLOURS[four_colour][suit_of(card)]
    return Text(card_label(card), style=f"{colour} {style}".strip())


def cards_line(cards: tuple[Card, ...] | list[Card], four_colour: bool) -> Text:
    """Cards side by side, or a dash for none."""
    if not cards:
        return Text("—")
    return Text(" ").join(card_text(c, four_colour) for c in cards)


class CardWidget(Static):
    """One card of the person's hand; a click chooses it."""

    class Chosen(Message):
        """The card was clicked."""

        def __init__(self, card: Card) -> None:
            super().__init__()
            self.card = card

    def __init__(self, **kwargs: str) -> None:
        super().__init__("", **kwargs)
        self.card: Card | None = None

    def show(self, card: Card | None, four_colour: bool, playable: bool = True,
             selected: bool = False, picked: bool = False) -> None:
        """Draw ``card`` (None hides the slot) in its state."""
        self.card = card
        self.display = card is not None
        if card is None:
            return
        self.update(card_text(card, four_colour))
        self.set_class(not playable, "-unplayable")
        self.set_class(selected, "-selected")
        self.set_class(picked, "-picked")
        for suit in SUIT_NAMES:
            self.set_class(suit == SUIT_NAMES[suit_of(card)], suit)

    def on_click(self) -> None:
        if self.card is not None:
            self.post_message(self.Chosen(self.card))


class OptionWidget(Static):
    """One choice of the current decision (keep, a bid, give…); a click takes it."""

    class Chosen(Message):
        """The option was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, index: int, **kwargs: str) -> None:
        super().__init__("", **kwargs)
        self.index = index

    def show(self, label: str | None, selected: bool = False, enabled: bool = True) -> None:
        """Draw the option (None hides it)."""
        self.display = label is not None
        if label is not None:
            self.update(label)
            self.set_class(selected, "-selected")
            self.set_class(not enabled, "-unplayable")

    def on_click(self) -> None:
        self.post_message(self.Chosen(self.index))


class Canvas:
    """A grid of styled characters, drawn into and then turned into one Rich text."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.rows: list[list[tuple[str, str]]] = [[(" ", "")] * width for _ in range(height)]

    def put(self, x: int, y: int, text: Text | str) -> None:
        """Write ``text`` (one line) from column ``x`` of row ``y``, clipped to the grid."""
        text = Text(text) if isinstance(text, str) else text
        if not 0 <= y < self.height:
            return
        styles = [str(text.style or "")] * len(text.plain)
        for span in text.spans:
            for offset in range(span.start, min(span.end, len(styles))):
                styles[offset] = f"{styles[offset]} {span.style}".strip()
        for offset, char in enumerate(text.plain):
            column = x + offset
            if 0 <= column < self.width:
                self.rows[y][column] = (char, styles[offset])

    def centre(self, y: int, text: Text | str, left: int = 0, right: int | None = None) -> None:
        """Write ``text`` centred between columns ``left`` and ``right``."""
        right = self.width if right is None else right
        length = len(text.plain if isinstance(text, Text) else text)
        self.put(left + max(0, (right - left - length) // 2), y, text)

    def box(self, x: int, y: int, label: Text, style: str = "") -> None:
        """A small card: a rounded box three rows high around a label."""
        width = max(3, len(label.plain))
        self.put(x, y, Text("╭" + "─" * width + "╮", style=style))
        self.put(x, y + 1, Text("│", style=style) + label + Text(
            " " * (width - len(label.plain)) + "│", style=style))
        self.put(x, y + 2, Text("╰" + "─" * width + "╯", style=style))

    def text(self) -> Text:
        """The grid as Rich text."""
        out = Text()
        for number, row in enumerate(self.rows):
            for char, style in row:
                out.append(char, style=style or None)
            if number < self.height - 1:
                out.append("\n")
        return out


def seat_line(obs: Observation, seat: int, names: list[str]) -> Text:
    """A seat's label: its name, bid, tricks won, and a marker on the seat to move."""
    parts = [names[seat]]
    bid = obs.bids[seat]
    if seat in obs.blind_nil:
        parts.append("blind nil")
    elif bid is not None:
        parts.append("nil" if bid == 0 else f"bid {bid}")
    if obs.phase == "play" or any(obs.tricks_won):
        parts.append(f"won {obs.tricks_won[seat]}")
    style = "bold reverse" if obs.to_move == seat else "bold"
    return Text(" · ".join(parts), style=style)


def draw_table(obs: Observation, names: list[str], shown: TrickView | None,
               four_colour: bool, width: int = 52, height: int = 12) -> Text:
    """The table: each seat with its bid and tricks, the cards of ``shown`` by seat.

    ``shown`` is the trick in play, or the trick just finished (its winner marked).
    During the draft the centre shows the offered card large, the stock and discards.
    """
    canvas = Canvas(width, height)
    players = obs.rules.players
    # where each seat sits, relative to the person at the bottom: (label row, card x, card y)
    spots = ({0: (11, width // 2 - 2, 7), 1: (0, width // 2 - 2, 1)} if players == 2 else
             {0: (11, width // 2 - 2, 7), 1: (4, 6, 5), 2: (0, width // 2 - 2, 1),
              3: (4, width - 11, 5)})
    for seat in range(players):
        row, x, _ = spots[seat]
        label = seat_line(obs, seat, names)
        if players == 4 and seat in (1, 3):
            left = x + 2 - len(label.plain) // 2
            canvas.put(min(max(0, left), width - len(label.plain)), row, label)
        else:
            canvas.centre(row, label)
    if obs.phase == "draft":
        _draw_draft(canvas, obs, names, four_colour)
        return canvas.text()
    if shown is not None:
        for index, card in enumerate(shown.cards):
            seat = (shown.leader + index) % players
            _, x, y = spots[seat]
            style = "bold yellow" if shown.winner == seat else ""
            canvas.box(x, y, card_text(card, four_colour), style)
        caption = (f"{names[shown.leader]} led" if shown.winner is None else
                   f"{names[shown.winner]} won the trick")
        canvas.put(1, height - 2, Text(caption, style="italic"))
    return canvas.text()


def _draw_draft(canvas: Canvas, obs: Observation, names: list[str], four_colour: bool) -> None:
    """The draft: the offered card large, the stock, and the person's discards so far."""
    canvas.centre(2, f"Draft · {obs.stock_left} cards left in the stock")
    if obs.offered is not None:
        label = card_text(obs.offered, four_colour, "bold")
        x = canvas.width // 2 - 4
        canvas.put(x, 3, "╭───────╮")
        canvas.put(x, 4, "│       │")
        canvas.put(x, 5, Text("│  ") + label + Text(" " * (5 - len(label.plain)) + "│"))
        canvas.put(x, 6, "│       │")
        canvas.put(x, 7, "╰───────╯")
    elif obs.to_move is not None:
        canvas.centre(5, Text(f"{names[obs.to_move]} is drawing…", style="italic"))
    canvas.put(1, 9, Text("Your discards: ") + cards_line(obs.discards, four_colour))


def draw_scores(obs: Observation, names: list[str]) -> Text:
    """The side panel: hand number, target, each side's score and bags, spades broken."""
    rules = obs.rules
    lines = [Text(f"Hand {obs.hand_number} · to {rules.target}", style="bold")]
    for side in range(rules.sides):
        who = side_names(rules.players, names)[side]
        lines.append(Text(f"{who:<9}{obs.scores[side]:>6}"))
        lines.append(Text(f"  bags {obs.bag_totals[side]}", style="dim"))
    if rules.players == 4:
        lines.append(Text("Us: you + partner", style="dim"))
    lines.append(Text(""))
    lines.append(Text("Spades " + ("broken" if obs.spades_broken else "not broken")))
    if obs.gave or obs.received:
        lines.append(Text("Gave: " + (" ".join(map(card_label, obs.gave)) or "none")))
        got = " ".join(map(card_label, obs.received)) if obs.received else "none"
        lines.append(Text("Got:  " + got))
    for seat, count in enumerate(obs.exchanged):
        if count is not None and seat != obs.seat:
            lines.append(Text(f"{names[seat]} swapped {count}", style="dim"))
    return Text("\n").join(lines)


def side_names(players: int, names: list[str]) -> list[str]:
    """A name per side: the player in two-player, "Us" and "Them" with partners."""
    return list(names[:2]) if players == 2 else ["Us", "Them"]
