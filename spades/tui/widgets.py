"""The pieces of the table: cards, options, and the text drawings of the table and the scores.

Everything here is drawn from the person's :class:`~spades.Observation` (and, for a
finished hand, its public summary): no other seat's cards ever reach a widget.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual.message import Message
from textual.widget import Widget

from ..actions import BLIND_NIL, END_GIVE, KEEP, Action, Kind
from ..cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    SPADES,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    Card,
    card_label,
    sorted_cards,
    suit_of,
)
from ..observation import Observation, Phase, Trick

SUIT_COLOURS = {  # two colours, and four with the preference on
    False: ("default", "red", "red", "default"),
    True: ("green", "#2f7fff", "red", "default"),  # a colour Textual and Rich both read
}


def action_words(action: Action) -> str:
    """The person's action in words: "you played 10♥", "you bid nil", "you kept the card"."""
    kind = action.kind
    if kind == Kind.PLAY:
        return f"you played {card_label(action.card)}"
    if kind == Kind.BID:
        return f"you bid {action.tricks or 'nil'}"
    if kind == Kind.DECLARE:
        return "you declared blind nil" if action == BLIND_NIL else "you declined blind nil"
    if kind == Kind.DRAFT:
        return "you kept the card" if action == KEEP else "you discarded the card"
    return give_words([] if action == END_GIVE else [action.card])


def give_words(cards: Sequence[Card]) -> str:
    """The person's exchange in words: "you gave 2♣ Q♥", "you gave nothing"."""
    return f"you gave {' '.join(map(card_label, cards)) or 'nothing'}"


def card_text(card: Card, four_colour: bool, style: str = "") -> Text:
    """A card's label in its suit's colour."""
    colour = SUIT_COLOURS[four_colour][suit_of(card)]
    return Text(card_label(card), style=f"{colour} {style}".strip())


def cards_line(cards: tuple[Card, ...] | list[Card], four_colour: bool) -> Text:
    """Cards side by side, or a dash for none."""
    if not cards:
        return Text("—")
    return Text(" ").join(card_text(c, four_colour) for c in cards)


def large_card(card: Card, four_colour: bool) -> list[Text]:
    """A card five wide and three high (inside its border): the rank in two corners,
    the suit in the middle."""
    label = card_label(card)
    rank, suit = label[:-1], label[-1]
    colour = SUIT_COLOURS[four_colour][suit_of(card)]
    return [Text(rank.ljust(5), style=colour), Text(suit.center(5), style=colour),
            Text(rank.rjust(5), style=colour)]


class Drawn(Widget):
    """A widget drawn by a function of its size (width, height), so that it fills
    whatever room the layout gives it."""

    def __init__(self, **kwargs: str) -> None:
        super().__init__(**kwargs)
        self.drawing: Callable[[int, int], Text] = lambda width, height: Text("")

    def draw(self, drawing: Callable[[int, int], Text]) -> None:
        """Draw with ``drawing`` from now on."""
        self.drawing = drawing
        self.refresh()

    def render(self) -> Text:
        return self.drawing(self.size.width, self.size.height)


class CardWidget(Widget):
    """One card of the person's hand, small or (with room for it) large; a click chooses it."""

    class Chosen(Message):
        """The card was clicked."""

        def __init__(self, card: Card) -> None:
            super().__init__()
            self.card = card

    def __init__(self, **kwargs: str) -> None:
        super().__init__(**kwargs)
        self.card: Card | None = None
        self.four_colour = False

    def show(self, card: Card | None, four_colour: bool, playable: bool = True,
             selected: bool = False, picked: bool = False) -> None:
        """Draw ``card`` (None hides the slot) in its state."""
        self.card, self.four_colour = card, four_colour
        self.display = card is not None
        if card is None:
            return
        self.set_class(not playable, "-unplayable")
        self.set_class(selected, "-selected")
        self.set_class(picked, "-picked")
        for suit in SUIT_NAMES:
            self.set_class(suit == SUIT_NAMES[suit_of(card)], suit)
        self.refresh()

    def render(self) -> Text:
        if self.card is None:
            return Text("")
        if self.size.height >= 3:
            return Text("\n").join(large_card(self.card, self.four_colour))
        return card_text(self.card, self.four_colour)

    def on_click(self) -> None:
        if self.card is not None:
            self.post_message(self.Chosen(self.card))


class OptionWidget(Widget):
    """One choice of the current decision (keep, a bid, give…); a click takes it."""

    class Chosen(Message):
        """The option was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, index: int, **kwargs: str) -> None:
        super().__init__(**kwargs)
        self.index = index
        self.label = ""

    def show(self, label: str | None, selected: bool = False, enabled: bool = True) -> None:
        """Draw the option (None hides it)."""
        self.display = label is not None
        if label is not None:
            self.label = label
            self.set_class(selected, "-selected")
            self.set_class(not enabled, "-unplayable")
            self.refresh(layout=True)

    def render(self) -> Text:
        return Text(self.label)

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

    def centre(self, y: int, text: Text | str, middle: int | None = None) -> None:
        """Write ``text`` centred on column ``middle`` (the canvas's middle), kept inside."""
        middle = self.width // 2 if middle is None else middle
        length = len(text.plain if isinstance(text, Text) else text)
        self.put(min(max(1, middle - length // 2), max(0, self.width - length - 1)), y, text)

    def card(self, x: int, y: int, card: Card, four_colour: bool, large: bool,
             winner: bool = False) -> None:
        """A card on the table, small (three rows) or large (five); the trick's winner
        in a heavy yellow border."""
        style = "bold yellow" if winner else ""
        lines = large_card(card, four_colour) if large else [card_text(card, four_colour)]
        width = 5 if large else 3
        left, right, top, bottom, side = ("┏", "┓", "┗", "┛", "┃") if winner else \
            ("╭", "╮", "╰", "╯", "│")
        line = "━" if winner else "─"
        self.put(x, y, Text(left + line * width + right, style=style))
        for row, label in enumerate(lines, start=1):
            pad = Text(" " * (width - len(label.plain)))
            self.put(x, y + row, Text(side, style=style) + label + pad + Text(side, style=style))
        self.put(x, y + len(lines) + 1, Text(top + line * width + bottom, style=style))

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
    if obs.phase == Phase.PLAY or any(obs.tricks_won):
        parts.append(f"won {obs.tricks_won[seat]}")
    style = "bold reverse" if obs.to_move == seat else "bold"
    return Text(" · ".join(parts), style=style)


def large_table(width: int, height: int, players: int) -> bool:
    """Whether a table of this size has room for large cards."""
    return width >= 60 and height >= (17 if players == 2 else 18)


def draw_table(obs: Observation, names: list[str], shown: Trick | None,
               four_colour: bool, width: int, height: int) -> Text:
    """The table, centred in ``width`` by ``height``: each seat with its bid and tricks,
    the cards of ``shown`` by seat (large where there is room); in two-player the
    person's discards, all hand long; the cards of a blind nil exchange.

    ``shown`` is the trick in play, or the trick just finished (its winner marked).
    During the draft the centre shows the offered card large, the stock and discards.
    """
    canvas = Canvas(width, height)
    players = obs.rules.players
    large = large_table(width, height, players)
    cw, ch = (7, 5) if large else (5, 3)  # a card's width and height on the table
    needed = 2 * ch + 7 if players == 2 else 3 * ch + 3
    top, middle = max(0, (height - needed) // 2), width // 2
    spread = min(24 if large else 18, middle - cw)
    # each seat: (its label's row, the middle column of its label and card, its card's row)
    bottom = top + needed - 1
    if players == 2:
        spots = {0: (bottom, middle, top + ch + 5), 1: (top, middle, top + 1)}
    else:
        side = top + ch + 1
        spots = {0: (bottom, middle, top + 2 * ch + 1), 1: (side, middle - spread, side + 1),
                 2: (top, middle, top + 1), 3: (side, middle + spread, side + 1)}
    for seat, (row, x, _) in spots.items():
        canvas.centre(row, seat_line(obs, seat, names), x)
    corner = spots[0][2] + players // 4  # the first row of the corners beside her card
    _draw_exchange(canvas, obs, names, corner)
    if obs.phase == Phase.DRAFT:
        _draw_draft(canvas, obs, names, four_colour, top)
        return canvas.text()
    if players == 2 and obs.discards:
        canvas.centre(top + ch + 2, Text("Your discards (out of play)", style="dim"))
        canvas.centre(top + ch + 3, cards_line(obs.discards, four_colour))
    if shown is not None:
        for seat, card in shown.plays:
            _, x, y = spots[seat]
            canvas.card(x - cw // 2, y, card, four_colour, large, shown.winner == seat)
        caption = (f"{names[shown.leader]} led" if shown.winner is None else
                   f"{names[shown.winner]} won the trick")
        canvas.centre(spots[0][2] + ch, Text(caption, style="italic"),
                      (middle + cw + width) // 2)
    return canvas.text()


def _draw_exchange(canvas: Canvas, obs: Observation, names: list[str], row: int) -> None:
    """A blind nil exchange, left of the person's card: what she gave and got, and
    how many cards others exchanged."""
    lines = []
    if obs.gave or obs.received:
        lines.append(Text("Gave " + (" ".join(map(card_label, obs.gave)) or "none")))
        lines.append(Text("Got  " + (" ".join(map(card_label, obs.received)) or "none")))
    for seat, count in enumerate(obs.exchanged):
        if count is not None and seat != obs.seat:
            lines.append(Text(f"{names[seat]} swapped {count}", style="dim"))
    for offset, line in enumerate(lines):
        canvas.put(1, row + offset, line)


def _draw_draft(canvas: Canvas, obs: Observation, names: list[str], four_colour: bool,
                top: int) -> None:
    """The draft: the offered card large, the stock, and the person's discards so far."""
    canvas.centre(top + 2, f"Draft · {obs.stock_left} cards left in the stock")
    if obs.offered is not None:
        x, y = canvas.width // 2 - 3, top + 3
        canvas.card(x, y, obs.offered, four_colour, large=True)
    elif obs.to_move is not None:
        canvas.centre(top + 5, Text(f"{names[obs.to_move]} is drawing…", style="italic"))
    canvas.centre(top + 9, Text("Your discards (out of play)", style="dim"))
    canvas.centre(top + 10, cards_line(obs.discards, four_colour))


def side_bid(obs: Observation, seats: list[int]) -> str:
    """A side's bid: its contract, and each nil and blind nil on it ("5 + nil")."""
    bids = [(seat, obs.bids[seat]) for seat in seats if obs.bids[seat] is not None]
    if not bids:
        return "—"
    parts = [str(sum(bid for _, bid in bids if bid))]
    parts += ["blind nil" if seat in obs.blind_nil else "nil" for seat, bid in bids if bid == 0]
    if parts[0] == "0" and len(parts) > 1:
        parts = parts[1:]
    return " + ".join(parts)


def played_line(cards: list[Card], suit: int, four_colour: bool, width: int) -> Text:
    """A suit's played cards, high first, spaced if they fit in ``width``."""
    colour = SUIT_COLOURS[four_colour][suit]
    line = Text(SUIT_SYMBOLS[suit] + " ", style=colour)
    ranks = [card_label(c)[:-1] for c in cards]
    if not ranks:
        return line + Text("not broken" if suit == SPADES else "—", style="dim")
    spaced = " ".join(ranks)
    return line + Text(spaced if len(spaced) + 2 <= width else "".join(ranks), style=colour)


def draw_scores(obs: Observation, names: list[str], four_colour: bool, width: int) -> Text:
    """The side panel: hand number, target, each side's score, bags, total bid and
    tricks won, and the cards played this hand by suit."""
    rules = obs.rules
    lines = [Text(f"Hand {obs.hand_number} · to {rules.target}", style="bold")]
    for side in range(rules.sides):
        who = side_names(rules.players, names)[side]
        seats = rules.seats_of(side)
        won = sum(obs.tricks_won[seat] for seat in seats)
        lines.append(Text(f"{who:<8}{obs.scores[side]:>5}") +
                     Text(f" · bags {obs.bag_totals[side]}", style="dim"))
        bid = f"  bid {side_bid(obs, seats)}"
        if len(bid) + len(f" · won {won}") <= width:
            lines.append(Text(f"{bid} · won {won}"))
        else:  # a long bid ("3 + blind nil") at 80 columns: the tricks on their own line
            lines += [Text(bid), Text(f"  won {won}")]
    played = [card for trick in obs.tricks_so_far for card in trick.cards]
    lines.append(Text("Played this hand", style="bold"))
    for card_suit in (SPADES, HEARTS, CLUBS, DIAMONDS):  # the hand's order
        cards = sorted_cards(c for c in played if suit_of(c) == card_suit)
        lines.append(played_line(cards, card_suit, four_colour, width))
    panel = Text("\n").join(lines)
    panel.no_wrap, panel.overflow = True, "ellipsis"
    return panel


def draw_plays(obs: Observation, names: list[str], four_colour: bool, count: int) -> Text:
    """This hand's last ``count`` tricks, one a line, the cards in the order played:
    "Trick 4: West led 3♣ · Partner 2♣ · East A♣ · You K♣ — East won"."""
    lines = []
    tricks = [t for t in obs.tricks_so_far if t.cards]
    for number, trick in list(enumerate(tricks, start=1))[-count:]:
        line = Text(f"Trick {number}: ", style="dim")
        for index, (seat, card) in enumerate(trick.plays):
            line += Text(" · " if index else "") + Text(names[seat] + (" led " if index == 0
                                                                      else " "))
            line += card_text(card, four_colour)
        if trick.winner is not None:
            line += Text(f" — {names[trick.winner]} won", style="bold")
        lines.append(line)
    plays = Text("\n").join(lines)
    plays.no_wrap, plays.overflow = True, "ellipsis"
    return plays


def side_names(players: int, names: list[str]) -> list[str]:
    """A name per side: the player in two-player, "Us" and "Them" with partners."""
    return list(names[:2]) if players == 2 else ["Us", "Them"]
