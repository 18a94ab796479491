// The table's view drawn from the server's messages alone: the seats, the scores, the
// score sheet, a hand's summary and the game's end. ``t`` is the table page's state
// (table.js): its last ``state`` and ``welcome``, the ``summary`` on show, ``send``.
import { cardBack, cardLabel } from "./cards.js";
import { el, plural } from "./util.js";

export const NARROW = window.matchMedia("(max-width: 1099px)"); // chat behind its button

export const PHASE_TEXT = {
  "blind nil": "Blind nil?", draft: "Draft", exchange: "Blind nil exchange",
  bidding: "Bidding", play: "Play", "game over": "Game over",
};

const SUIT_RANK = { S: 0, H: 1, C: 2, D: 3 }; // the hand's order on the table
const RANKS = "AKQJT98765432";

// cards in the order the hand shows them (spades, hearts, clubs, diamonds, high first)
function inHandOrder(cards) {
  return [...cards].sort((a, b) => SUIT_RANK[a[1]] - SUIT_RANK[b[1]]
                                   || RANKS.indexOf(a[0]) - RANKS.indexOf(b[0]));
}

// a card's text with its suit's colour: "10♥" in red
export function cardSpan(card) {
  return el("span", { class: `suit-${card[1]}` }, cardLabel(card));
}

// cards as their coloured texts, a space between each (one flat list of nodes)
export function cardSpans(cards) {
  return cards.flatMap((card, i) => [i ? " " : "", cardSpan(card)]);
}

// points as a person reads them: "+51", "−200", "0"; a score: "120", "−70"
export function signed(points) {
  return `${points > 0 ? "+" : ""}${score(points)}`;
}
export function score(points) {
  return `${points < 0 ? "−" : ""}${Math.abs(points)}`;
}

export function seatName(t, seat) {
  return t.state.seats[seat].name;
}

// a seat's side, as the server's view says (Rules.side_of)
function sideOf(t, seat) {
  return t.state.view.sides[seat];
}

// whether ``side`` is this page's seat's
export function isMine(t, side) {
  return t.welcome.seat !== null && sideOf(t, t.welcome.seat) === side;
}

function seatsOf(t, side) {
  return [...Array(t.state.seats.length).keys()].filter((seat) => sideOf(t, seat) === side);
}

// a side's name: "Us (Ann & Bob)", or with ``short`` "Us" (the names on a wide screen)
export function sideName(t, side, short = false) {
  const names = seatsOf(t, side).map((seat) => seatName(t, seat)).join(" & ");
  if (t.state.seats.length !== 4 || t.welcome.seat === null) return names;
  const mine = isMine(t, side);
  return short ? (mine ? "Us" : "Them") : `${mine ? "Us" : "Them"} (${names})`;
}

function bidText(view, seat) {
  if (view.blind_nil.includes(seat)) return "blind nil";
  const bid = view.bids[seat];
  return bid === null ? "—" : bid === 0 ? "nil" : String(bid);
}

// a side's bids and tricks this hand: "bid 5 + nil · won 3" (nothing before a bid)
export function sideTally(t, view, side) {
  const seats = seatsOf(t, side);
  const bids = seats.map((seat) => view.bids[seat]).filter((bid) => bid !== null);
  if (!bids.length) return "";
  const tricks = bids.filter((bid) => bid > 0);
  const parts = [tricks.length ? String(tricks.reduce((a, b) => a + b, 0)) : null,
    ...seats.filter((seat) => view.bids[seat] === 0)
      .map((seat) => (view.blind_nil.includes(seat) ? "blind nil" : "nil"))];
  const won = seats.reduce((a, seat) => a + view.tricks_won[seat], 0);
  return `bid ${parts.filter(Boolean).join(" + ")} · won ${won}`;
}

function seatStatus(s) {
  if (s.kind === "computer") return `computer · ${s.level}`;
  if (!s.claimed) return "free seat";
  if (s.left) return `left: the ${s.level} computer plays`;
  if (s.away) return s.out_of_time ? `out of time: the ${s.level} computer plays`
    : `away: the ${s.level} computer plays`;
  if (!s.connected) return "offline";
  return s.timeouts ? `ran out of time ${s.timeouts === 1 ? "once" : `${s.timeouts} times`}`
    : "";
}

export function seatBox(t, view, seat, me) {
  const s = t.state.seats[seat];
  const role = view.dealer === seat ? "dealer" : view.first_drawer === seat ? "first drawer" : "";
  const status = seatStatus(s);
  return el("div", { class: `seat${view.to_move === seat ? " to-move" : ""}${me ? " me" : ""}`
                            + `${s.away ? " away" : ""}`, "data-seat": seat },
    me ? null : el("div", { class: "back-icon" }, cardBack()),
    el("div", { class: "who" },
      el("div", { class: "name" }, el("span", { class: "text" }, s.name),
         role ? el("span", { class: "tag" }, role) : null,
         el("span", { class: "clock", "data-clock": seat })),
      el("div", { class: "meta" }, `bid ${bidText(view, seat)} · won ${view.tricks_won[seat]}`,
         view.exchanged[seat] !== null ? ` · exchanged ${view.exchanged[seat]}` : ""),
      status ? el("div", { class: "status" }, status) : null));
}

// bags toward the limit: "bags 3/10" ("bags 3" with no penalty)
export function bagsText(view, side) {
  const limit = view.rules.bag_limit;
  return `bags ${view.bag_totals[side]}${limit > 0 ? `/${limit}` : ""}`;
}

export function scoreLine(t, view) {
  return el("div", { class: "scores", id: "scores" }, [0, 1].map((side) => {
    const tally = sideTally(t, view, side);
    return el("div", { class: `side${isMine(t, side) ? " ours" : ""}`, "data-side": side },
      el("strong", { class: "side-name", title: sideName(t, side) },
         sideName(t, side, NARROW.matches)),
      el("span", { class: "points" }, ` ${score(view.scores[side])}`),
      el("span", { class: "bags", "data-bags": side }, ` · ${bagsText(view, side)}`),
      tally ? el("span", { class: "tally", "data-tally": side }, ` · ${tally}`) : null);
  }), el("span", { class: "muted hand-no" }, `Hand ${view.hand_number} · to ${view.rules.target}`));
}

export function scoreSheet(t, view) {
  return el("table", { class: "sheet", id: "sheet" },
    el("tr", {}, el("th", {}, "Hand"), [0, 1].map((side) => el("th", {}, sideName(t, side)))),
    view.results.length ? null : el("tr", {}, el("td", { colspan: 3, class: "muted" },
                                                 "No hand is finished yet.")),
    view.results.map((r, i) => el("tr", {}, el("td", {}, i + 1), [0, 1].map((side) =>
      el("td", {}, `${signed(r.points[side] - r.penalties[side])} → ${score(r.scores[side])}`
                   + ` (${plural(r.bags[side], "bag")}`
                   + `${r.penalties[side] ? `, −${r.penalties[side]}` : ""}`
                   + `; bags ${r.bag_totals[side]})`)))));
}

// one side's hand in words (the engine's breakdown), its points and the running total
function sideSummary(t, side, r) {
  const items = t.summary.breakdown[side];
  const hand = r.points[side] - r.penalties[side];
  return el("div", { class: "side-summary", "data-side": side },
    el("h3", {}, sideName(t, side)),
    el("table", { class: "breakdown" },
      // the engine's words as sent: they hold no card, but may hold a name ("KD")
      items.map((item) => el("tr", {}, el("td", {}, item.label),
        el("td", { class: `pts${item.points < 0 ? " minus" : ""}` },
           item.points === null || item.points === undefined ? "" : signed(item.points)))),
      el("tr", { class: "hand-total" }, el("td", {}, "This hand"),
         el("td", { class: "pts" }, signed(hand))),
      el("tr", { class: "running" }, el("td", {}, "Total"),
         el("td", { class: "pts" }, score(r.scores[side])))));
}

// the summary of the hand just finished (``t.summary``, a hand_over message); ``away``:
// the way back to a seat the computer plays, on top (not under the summary); ``close``
// dismisses it
export function handSummary(t, away, close) {
  const summary = t.summary;
  const hand = summary.record;
  const n = t.state.seats.length;
  const bids = Array(n).fill("—");
  for (const seat of hand.blind_nil) bids[seat] = "blind nil";
  for (const b of hand.bids) bids[b.seat] = b.bid === 0 ? "nil" : String(b.bid);
  const r = hand.result;
  const last = t.state.view.winner !== null && t.state.view.hand_number === summary.hand;
  const panel = el("div", { class: "panel summary", role: "dialog", "aria-modal": "true",
                            "aria-labelledby": "summary-title" },
    el("h2", { id: "summary-title" }, `Hand ${summary.hand}${last ? ", the last" : ""}`), away,
    el("div", { class: "sides" }, [0, 1].map((side) => sideSummary(t, side, r))),
    el("table", { class: "sheet players" },
      el("tr", {}, el("th", {}, "Player"), el("th", {}, "Bid"), el("th", {}, "Won"),
         el("th", {}, "Held")),
      [...Array(n).keys()].map((seat) => el("tr", {}, el("td", {}, seatName(t, seat)),
        el("td", {}, bids[seat]), el("td", {}, r.tricks[seat]),
        el("td", { class: "held" }, cardSpans(inHandOrder(hand.holdings[seat])))))),
    t.welcome.seat === null ? null : costlyPlays(t),
    el("p", { class: "seed" }, "Seed revealed: ", el("code", {}, summary.seed), " ",
       summary.verified === true ? "✓ matches the SHA-256 published at the deal"
         : summary.verified === false ? "✗ does not match!" : ""),
    el("div", { class: "summary-actions" }, el("button", { class: "primary", id: "continue",
                                                          onclick: close },
                                                last ? "See the result" : "Continue")));
  return el("div", { class: "overlay", id: "hand-summary" }, panel);
}

// the seat's plays of the summarised hand that cost points, all cards known
function costlyPlays(t) {
  const summary = t.summary;
  if (summary.costly === undefined) {
    return el("p", {}, el("button", { id: "costly", onclick: () => {
      if (!t.send({ type: "costly", hand: summary.hand })) return;
      summary.costly = null;
      t.render();
    } }, "Plays that cost points"));
  }
  if (summary.costly === null) return el("p", { class: "muted" }, "Analysing the hand…");
  if (!summary.costly.length) return el("p", { id: "costly-list" }, "No play of yours cost points.");
  return el("ul", { id: "costly-list" }, summary.costly.map((p) => el("li", {},
    `Trick ${p.trick}: `, cardSpan(p.card), ` cost ${Math.round(p.cost * 10) / 10} points; `,
    cardSpan(p.best_card), " was best.")));
}

export function gameOver(t, view) {
  const mySeat = t.welcome.seat;
  const side = view.winner;
  return el("div", { class: "overlay", id: "game-over" }, el("div", { class: "panel",
                                                                      role: "dialog" },
    el("h2", {}, mySeat === null ? `${sideName(t, side)} won`
      : isMine(t, side) ? "You won!" : "You lost"),
    scoreLine(t, view), scoreSheet(t, view),
    el("div", { class: "buttons" },
      mySeat !== null && t.state.seats[mySeat].kind === "person"
        ? el("button", { class: "primary", id: "rematch",
                         onclick: () => t.send({ type: "rematch" }) },
             t.state.rematch ? "Join the rematch" : "Rematch") : null,
      el("a", { class: "button", id: "download", href: `/api/tables/${t.table}/record`,
                download: `spades-${t.table}.json` }, "Download the record"),
      el("a", { class: "button", href: "#/" }, "Lobby"))));
}
