// The controls of the seat to move, from one table keyed by the engine's phase (Phase):
// the bar over her hand, the words said when her turn comes, what a word typed then Enter
// does, and what a click on a card of her hand does. ``t`` is the table page's state
// (table.js): ``act`` sends a move, ``toggle`` and ``give`` choose an exchange's cards,
// ``say`` speaks in the live region, ``render`` draws the table again.
import { cardFace, cardLabel, withSymbols } from "./cards.js";
import { cardWords, parseTyped } from "./speech.js";
import { add, el, plural } from "./util.js";
import { seatName } from "./view.js";

const TAP_TO_RAISE = window.matchMedia("(max-width: 700px), (pointer: coarse)");

// the card an action plays ("play QS": "QS"), or null
function actionCard(text) {
  const match = /^play (\w\w)$/.exec(text);
  return match ? match[1] : null;
}

// Enter after one of ``keys`` ({ b: "blind nil", ... }) takes its action
function keyed(keys) {
  return (t, view, word) => {
    if (keys[word]) t.act(keys[word]);
    else t.say(`Type ${Object.keys(keys).join(" or ")}, then Enter.`);
  };
}

// Enter after a card typed (``text``) held in the hand does ``then(card)``
function typedCard(t, view, text, then) {
  const card = parseTyped(text);
  if (!card) t.say(`There is no card ${text}: type a rank and a suit, as 7h, KD or 10s.`);
  else if (!view.hand.includes(card)) t.say(`You do not hold the ${cardWords(card)}.`);
  else then(card);
}

// the exchange's button: what it gives, or how many cards are still to choose. How
// many may be given is the engine's rules.give_sizes (one size: exactly that many).
// The server takes the whole give at once: "give 2C QH KD", "give 2C" or "give".
function giveButton(t, view) {
  const sizes = view.rules.give_sizes;
  const most = sizes[sizes.length - 1];
  const exactly = sizes.length === 1;
  const chosen = t.selected.size;
  const allowed = exactly ? chosen === most : chosen <= most;
  const label = allowed ? (chosen ? `Give ${plural(chosen, "card")}` : "Give none")
    : exactly && chosen < most ? `${chosen} of ${most} chosen`
      : `${chosen} chosen: give ${exactly ? "exactly" : "at most"} ${most}`;
  return el("button", { class: "action primary", id: "give", disabled: !allowed,
                        onclick: () => t.give(view) }, label);
}

// what an exchange asks of its seat: how many cards, and where they go (two players:
// up to that many, replaced from the pile; partners: exactly that many, swapped)
function exchangeWords(t, view) {
  const sizes = view.rules.give_sizes;
  const most = sizes[sizes.length - 1];
  if (sizes.length === 1) {
    const partner = view.partner === null ? null : seatName(t, view.partner);
    return partner ? `Choose ${plural(most, "card")} to give ${partner}, who gives you as `
                     + "many, then: "
      : `Choose ${plural(most, "card")} to give, then: `;
  }
  return `Choose up to ${plural(most, "card")} to give (you draw as many from the `
    + "discards), then: ";
}

// Each phase: ``bar`` (the controls over the hand), ``turn`` (said when the turn comes),
// ``enter`` (a word typed then Enter), ``card`` (a card of the hand, its button given:
// how it answers a click; none: the hand is not played from), ``verb`` (what another
// seat to move does: "Ann to bid.").
export const CONTROLS = {
  "blind nil": {
    bar: (t, view) => [
      el("span", {}, `Before you see your cards: blind nil (±${view.rules.blind_nil_points})? `),
      el("button", { class: "action", "data-action": "no blind nil", "aria-keyshortcuts": "N",
                     onclick: () => t.act("no blind nil") }, "No blind nil (n)"),
      el("button", { class: "action", "data-action": "blind nil", "aria-keyshortcuts": "B",
                     onclick: () => t.act("blind nil") }, "Bid blind nil (b)")],
    turn: () => "Your turn: blind nil? Type b and Enter for blind nil, n and Enter for no.",
    enter: keyed({ b: "blind nil", n: "no blind nil" }),
  },
  draft: {
    bar: (t, view) => [
      el("span", { id: "draft-words" }, "Keep this card (the next one is discarded) or discard "
                                        + "it (the next one is kept)? "),
      el("div", { class: "offered", id: "offered" }, cardFace(view.offered)),
      el("button", { class: "action", "data-action": "keep", onclick: () => t.act("keep") },
         "Keep (k)"),
      el("button", { class: "action", "data-action": "discard",
                     onclick: () => t.act("discard") }, "Discard (d)"),
      el("span", { class: "muted" }, ` ${plural(view.stock_left, "card")} left in the stock, `
                                     + "this one included")],
    turn: (view) => `Your turn: keep or discard the ${view.offered ? cardWords(view.offered)
      : "card"}? Type k or d, then Enter.`,
    enter: keyed({ k: "keep", d: "discard" }),
  },
  exchange: {
    bar: (t, view) => [
      el("span", { id: "exchange-words" }, exchangeWords(t, view)), giveButton(t, view),
      el("span", { class: "muted keys" }, " (type a card and Enter to choose it, g to give)")],
    turn: () => "Your turn: choose the cards to give by typing each and Enter, then g and Enter.",
    enter: (t, view, word, text) => {
      if (word === "g") t.give(view);
      else typedCard(t, view, text, (card) => t.toggle(card));
    },
    card: (t, view, card, button) => {
      if (t.selected.has(card)) button.classList.add("selected");
      button.setAttribute("aria-pressed", String(t.selected.has(card))); // picked, to a reader
      button.addEventListener("click", () => t.toggle(card));
    },
  },
  bidding: {
    verb: "bid",
    bar: (t, view) => [el("span", {}, "Your bid: "), view.legal.map((text) =>
      el("button", { class: "action bid", "data-action": text, onclick: () => t.act(text) },
         text === "nil" ? "Nil" : text.replace("bid ", "")))],
    turn: () => "Your turn to bid: type a number, or n for nil, then Enter.",
    enter: (t, view, word, text) => {
      const bid = word === "n" || word === "nil" || word === "0" ? "nil"
        : /^\d{1,2}$/.test(word) ? `bid ${Number(word)}` : null;
      if (bid && view.legal.includes(bid)) {
        t.act(bid);
        return;
      }
      const numbers = view.legal.filter((a) => a.startsWith("bid ")).map((a) => Number(a.slice(4)));
      const nil = view.legal.includes("nil") ? ", or n for nil" : "";
      t.say(`No bid ${text}: type a number from ${Math.min(...numbers)} to `
            + `${Math.max(...numbers)}${nil}, then Enter.`);
    },
  },
  play: {
    bar: (t, view) => [
      el("span", {}, view.trick && view.trick.cards.length ? "Your turn: play a card"
        : "Your lead: play a card"),
      el("span", { class: "muted keys" }, TAP_TO_RAISE.matches ? " (tap, then tap again)"
        : " (click, or type it: 7h, QS, 10d and Enter)")],
    turn: () => "Your turn: type a card, as 7h or QS, then Enter (h reads your hand, "
      + "t the trick).",
    // one not allowed now: the server says why, in words
    enter: (t, view, word, text) => typedCard(t, view, text, (card) => t.act(`play ${card}`)),
    card: (t, view, card, button) => {
      if (!view.legal.includes(`play ${card}`)) {
        button.classList.add("unplayable");
        button.disabled = true;
        return;
      }
      button.classList.add("playable");
      if (t.hint && typeof t.hint === "object" && actionCard(t.hint.action) === card) {
        button.classList.add("hinted");
      }
      button.addEventListener("click", () => {
        // on a phone a first tap raises the card, a second plays it
        if (TAP_TO_RAISE.matches && t.raised !== card) {
          t.raised = card;
          t.say(`The ${cardWords(card)}: tap it again to play it.`);
          t.render();
        } else {
          t.act(`play ${card}`);
        }
      });
    },
  },
};
const NO_DECISION = { bar: () => null, turn: () => "Your turn.", enter: () => {} };

// the controls of ``phase``
export function controlsOf(phase) {
  return CONTROLS[phase] || NO_DECISION;
}

// what the seat to move in ``phase`` does, in "Ann to bid": "bid" or "play"
export function verbOf(phase) {
  return controlsOf(phase).verb || "play";
}

// what is typed so far, and what Enter will do with it
function typedNote(t) {
  if (!t.typed) return null;
  const card = parseTyped(t.typed);
  return el("span", { class: "typed", id: "typed" }, `⌨ ${t.typed}`,
            card ? ` (${cardLabel(card)})` : "", " · Enter");
}

// The controls over the hand of ``mySeat``: her phase's when it is her turn (with the
// typed note, her clock, the hint), else whom the table waits for.
export function controlsBar(t, view, mySeat) {
  if (view.to_move !== mySeat || !view.legal.length) {
    const waiting = view.to_move === null ? "" : `Waiting for ${seatName(t, view.to_move)}…`;
    return el("div", { class: "controls", id: "controls" }, waiting, typedNote(t));
  }
  const box = el("div", { class: "controls mine", id: "controls" });
  add(box, controlsOf(view.phase).bar(t, view), typedNote(t),
      el("span", { class: "clock", "data-clock": mySeat }),
      el("button", { class: "hint", id: "hint-button", onclick: () => {
        if (t.send({ type: "hint" })) { t.hint = "thinking…"; t.render(); }
      } }, "Hint"));
  if (t.hint) {
    add(box, el("div", { class: "hint-text", id: "hint", "data-action": t.hint.action || "" },
                typeof t.hint === "string" ? `Hint: ${t.hint}`
                  : `Hint: ${withSymbols(t.hint.action)}: ${withSymbols(t.hint.reason)}`));
  }
  return box;
}

// the hand of ``mySeat``, each card a button that does what her phase's ``card`` says
// on her turn (and nothing otherwise)
export function handRow(t, view, mySeat) {
  const myTurn = view.to_move === mySeat && view.legal.length > 0;
  const card = myTurn ? controlsOf(view.phase).card : null;
  return el("div", { class: "hand", id: "hand", role: "group", "aria-label": "Your hand",
                     "data-count": view.hand.length }, view.hand.map((text) => {
    const button = el("button", { class: "hand-card", "data-card": text,
                                  "aria-label": cardWords(text) }, cardFace(text));
    if (text === t.raised) button.classList.add("raised");
    if (card) card(t, view, text, button);
    else button.disabled = true;
    return button;
  }));
}
