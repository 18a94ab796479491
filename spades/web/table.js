// A table: the websocket to the server, and the view of this seat drawn from its
// Observation alone (the server sends nothing else). Actions go out as text (docs/record.md).
import { cardBack, cardFace, cardLabel, withSymbols } from "./cards.js";
import { beep } from "./sound.js";
import { add, api, el, fill, forgetToken, inviteLink, plural, prefs, savedSeat, saveSeat,
         toast } from "./util.js";

// Invite links open this (``secret`` from the link; none for a free seat of a listed
// table): pick a name, take the seat (back, if it was yours on another device), go to it.
export function showJoin(root, table, seat, secret) {
  const name = el("input", { name: "name", maxlength: 24, value: prefs.name,
                             placeholder: "Your name" });
  const note = el("p", { class: "muted", id: "join-note" });
  const problem = el("p", { class: "problem", id: "join-error" });
  const join = async (event) => {
    event.preventDefault();
    prefs.name = name.value;
    fill(problem);
    try {
      const made = await api(`/api/tables/${table}/join`, { seat, name: name.value,
                                                            ...(secret ? { secret } : {}) });
      const invites = (savedSeat(table) || {}).invites; // a creator's, kept
      saveSeat(table, made.seat, made.token, { secret: made.secret, invites });
      location.hash = `#/table/${table}`;
    } catch (error) {
      fill(problem, error.message);
    }
  };
  api(`/api/tables/${table}`).then((t) => {
    const s = t.seats[seat];
    if (s && s.kind === "person" && s.claimed) {
      fill(note, `${s.name} holds this seat. If this link is yours, taking the seat moves `
                 + "it here, and the other device stops playing it.");
    }
  }).catch((error) => fill(problem, error.message));
  root.append(el("form", { class: "panel join", onsubmit: join },
    el("h2", {}, `Join table ${table}, seat ${seat + 1}`), note, name, " ",
    el("button", { type: "submit", class: "primary", id: "join" }, "Take the seat"), problem,
    el("p", {}, el("a", { href: `#/table/${table}` }, "Or watch the table"))));
  return () => {};
}

const PHASE_TEXT = {
  "blind nil": "Blind nil?", draft: "Draft", exchange: "Blind nil exchange",
  bidding: "Bidding", play: "Play", "game over": "Game over",
};

function actionCard(text) {
  const match = /^play (\w\w)$/.exec(text);
  return match ? match[1] : null;
}

const HOLD_MS = 1200; // a completed trick stays on the table this long, winner lit
const SWEEP_MS = 450; // then its cards sweep toward the winner
const SOUNDS_AFTER_MS = 150; // the trick's sound just after its last card's
const ANSWER_MS = 8000; // a move the server has not answered this long may be sent again
const QUIET_MS = 1500; // no "Connecting…" banner for a page that connects this fast

// The cards played so far in the hand of ``view``.
function playedCount(view) {
  return view.tricks.reduce((count, t) => count + t.cards.length, 0)
    + (view.trick ? view.trick.cards.length : 0);
}

export function showTable(root, table) {
  const saved = savedSeat(table);
  let mine = saved && saved.token ? saved : null; // this browser's seat here, if any
  let replaced = null; // the server's words when this seat was taken on another device
  let ws = null;
  let closed = false;
  let live = false; // welcomed on an open socket
  let everLive = false;
  let state = null;
  let welcome = null;
  let pending = null; // the seq a move was sent at, until a later state or an error
  let selected = new Set(); // cards chosen for a blind nil exchange (kept in the tab: picked())
  let autoSeq = -1;
  let summary = null; // the last hand_over message, shown until dismissed
  let hint = null; // { action, reason } or "thinking…"
  let showSheet = false;
  let showLast = false;
  let held = null; // the completed trick on show: { trick, sweeping }
  let heldKey; // "hand/number" of the last completed trick seen (undefined: no state yet)
  let holdTimers = [];
  let clock = null; // the turn clock: { seat, until (performance.now()), of }
  let trickKey = null; // what the trick area shows, to redraw it only when it changes
  const kept = new Map(); // name: { key, node }, parts kept while the computer plays on

  const banner = el("div", { class: "banner", id: "reconnecting", role: "status" });
  const head = el("div", { class: "head" });
  const slots = [0, 1, 2, 3].map((i) => el("div", { class: `slot pos${i}` }));
  const trickArea = el("div", { class: "trick-area", id: "trick" });
  const felt = el("div", { class: "felt" }, slots, el("div", { class: "center" }, trickArea));
  const foot = el("div", { class: "foot" });
  const overlay = el("div", { class: "overlays" });
  const board = el("div", { class: "board", id: "board" }, banner, head, felt, foot, overlay);
  const chat = chatPanel();
  root.append(el("div", { class: "table-page" }, board, chat.box));

  const rerender = () => render();
  window.addEventListener("spades-prefs", rerender);
  const opened = performance.now();
  const ticker = setInterval(() => { tick(); drawBanner(); }, 250);

  // a message to the server; false (and a visible refusal) while the socket is down
  function send(message) {
    if (!live) {
      toast("Not connected: nothing was sent. Reconnecting…");
      return false;
    }
    ws.send(JSON.stringify(message));
    return true;
  }
  // one move in flight at a time: a second click before the server answers does nothing;
  // whether the move went out
  function act(text) {
    if (pending !== null || !send({ type: "action", action: text })) return false;
    const seq = pending = state.seq;
    hint = null;
    setTimeout(() => {
      if (pending !== seq) return;
      pending = null;
      toast("No answer from the server yet: try again.");
      render();
    }, ANSWER_MS);
    render();
    return true;
  }

  // The cards chosen for an exchange are sent only with the give: until then this tab
  // keeps them (sessionStorage, as { seat, hand, cards }) so that a reload does not lose
  // them. picked(view): those still to be given in ``view`` (none once the give is made).
  const PICKED = `spades.giving.${table}`;
  function keepPicked() {
    try {
      if (selected.size && state) {
        sessionStorage.setItem(PICKED, JSON.stringify({ seat: state.view.seat,
          hand: state.view.hand_number, cards: [...selected] }));
      } else {
        sessionStorage.removeItem(PICKED);
      }
    } catch { /* no storage: the choice lives in the page only */ }
  }
  function picked(view) {
    let kept = null;
    try { kept = JSON.parse(sessionStorage.getItem(PICKED) || "null"); } catch { kept = null; }
    const mine = kept && view.phase === "exchange" && view.to_move === view.seat
      && kept.seat === view.seat && kept.hand === view.hand_number;
    return new Set(mine ? kept.cards.filter((card) => view.hand.includes(card)) : []);
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    welcome = null; // each connection is welcomed anew: an error before it refuses the token
    ws = new WebSocket(`${scheme}://${location.host}/ws/${table}`);
    ws.onopen = () => ws.send(JSON.stringify(mine ? { type: "hello", token: mine.token }
                                                   : { type: "hello" }));
    ws.onmessage = (event) => receive(JSON.parse(event.data));
    ws.onclose = () => {
      live = false;
      pending = null; // the state after reconnecting tells whether it went through
      drawBanner();
      if (!closed) setTimeout(connect, 1000);
    };
  }

  function receive(message) {
    if (message.type === "error" && !welcome && mine) { // a token that no longer holds a seat
      forgetToken(table);
      mine = null;
      toast("Your seat here was taken on another device: you are watching.");
      ws.send(JSON.stringify({ type: "hello" }));
    } else if (message.type === "replaced") {
      forgetToken(table);
      mine = null;
      closed = true;
      replaced = message.message;
      render();
    } else if (message.type === "welcome") {
      welcome = message;
      live = everLive = true;
      chat.welcome(message);
    } else if (message.type === "state") {
      const before = state;
      if (!before) selected = picked(message.view); // a reload keeps the cards chosen
      else if (message.view.hand_number !== before.view.hand_number) selected = new Set();
      state = message;
      if (pending !== null && message.seq > pending) pending = null;
      clock = message.clock && { seat: message.clock.seat, of: message.clock.of,
                                 until: performance.now() + message.clock.seconds * 1000 };
      follow(before);
      render();
    } else if (message.type === "hand_over") {
      summary = message; // shown once its last trick has been
      const last = message.record.tricks[message.record.tricks.length - 1];
      if (last && heldKey !== undefined) {
        heldKey = `${message.hand}/${message.record.tricks.length}`;
        hold({ hand: message.hand, number: message.record.tricks.length, ...last });
        beep("card");
        setTimeout(() => beep("trick"), SOUNDS_AFTER_MS);
      }
      checkSeed(message);
    } else if (message.type === "hint") {
      hint = message;
      render();
    } else if (message.type === "costly") {
      if (summary && summary.hand === message.hand) summary.costly = message.plays;
      render();
    } else if (message.type === "rematch") {
      saveSeat(message.table, message.seat, message.token, { secret: message.secret });
      location.hash = `#/table/${message.table}`;
    } else if (message.type === "chat") {
      chat.add(message.line);
    } else if (message.type === "error") {
      pending = null;
      toast(message.message);
      if (message.message === "no such table") closed = true;
      render();
    }
  }

  // what changed since ``before``: a completed trick to hold on the table, and sounds
  function follow(before) {
    const last = state.last_trick;
    const key = last ? `${last.hand}/${last.number}` : "";
    if (heldKey === undefined) { // the first state: nothing was followed yet
      heldKey = key;
      return;
    }
    const view = state.view;
    const mySeat = welcome.seat;
    if (key !== heldKey) {
      heldKey = key;
      if (last) {
        hold(last);
        beep("card");
        setTimeout(() => beep("trick"), SOUNDS_AFTER_MS);
      }
    } else if (before.view.hand_number === view.hand_number
               && playedCount(view) > playedCount(before.view)) {
      beep("card");
    }
    const myTurn = (s) => mySeat !== null && s.view.to_move === mySeat && s.view.legal.length > 0;
    if (myTurn(state) && !myTurn(before)) setTimeout(() => beep("turn"), 2 * SOUNDS_AFTER_MS);
  }

  function hold(trick) {
    holdTimers.forEach(clearTimeout);
    held = { trick, sweeping: false };
    holdTimers = [
      setTimeout(() => { held.sweeping = true; render(); }, HOLD_MS),
      setTimeout(() => { held = null; render(); }, HOLD_MS + SWEEP_MS),
    ];
  }

  async function checkSeed(message) {
    if (!crypto.subtle) return;
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(message.seed));
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    message.verified = hex === message.sha256;
    render();
  }

  // --------------------------------------------------------------- the chat

  function chatPanel() {
    const lines = el("div", { class: "chat-lines", id: "chat-lines", "aria-live": "polite" });
    const input = el("input", { id: "chat-input", maxlength: 200, autocomplete: "off",
                                placeholder: "Say something…" });
    // a spectator's name in the chat (a player's is her seat's): sent with each line
    const name = el("input", { id: "chat-name", maxlength: 24, autocomplete: "off",
                               value: prefs.name || "", "aria-label": "Your name",
                               oninput: () => sayName() });
    const form = el("form", { class: "chat-form", onsubmit: (event) => {
      event.preventDefault();
      const text = input.value.trim();
      const named = welcome.seat === null && name.value.trim() ? { name: name.value } : {};
      if (text && send({ type: "chat", text, ...named })) input.value = "";
    } }, name, input, el("button", { type: "submit", id: "chat-send" }, "Send"));
    const note = el("p", { class: "muted", id: "chat-note" });
    const box = el("section", { class: "panel chat", id: "chat" }, el("h3", {}, "Chat"), lines,
                   form, note);
    function add(line) {
      const seat = line.seat === null ? "spectator" : `seat${line.seat}`;
      // text nodes only: whatever a line holds is shown as typed, never as markup
      lines.append(el("div", { class: `chat-line ${seat}` },
                      el("strong", {}, `${line.name}${line.seat === null ? " (watching)" : ""}: `),
                      line.text));
      lines.scrollTop = lines.scrollHeight;
    }
    // under the chat: who may write, and a spectator's name in it
    function sayName() {
      if (!welcome) return;
      const typed = name.value.trim();
      fill(note, !welcome.may_chat ? "Spectators read the chat; the players write."
        : welcome.seat !== null ? ""
          : typed ? `You write as ${typed} (watching).`
            : `You write as ${welcome.name} unless you type a name.`);
    }
    return {
      box, add,
      welcome(message) {
        fill(lines);
        message.chat.forEach(add);
        form.hidden = !message.may_chat;
        name.hidden = message.seat !== null;
        name.placeholder = message.name;
        sayName();
      },
    };
  }

  // --------------------------------------------------------------- drawing

  function seatName(seat) {
    return state.seats[seat].name;
  }

  // a seat's side, as Rules.side_of: seat % 2 (the seat itself with two players)
  function sideOf(seat) {
    return seat % 2;
  }

  function sideName(side) {
    const n = state.seats.length;
    const names = [...Array(n).keys()].filter((seat) => sideOf(seat) === side)
      .map(seatName).join(" & ");
    const mine = welcome.seat !== null && sideOf(welcome.seat) === side;
    return n === 4 && welcome.seat !== null ? `${mine ? "Us" : "Them"} (${names})` : names;
  }

  function bidText(view, seat) {
    if (view.blind_nil.includes(seat)) return "blind nil";
    const bid = view.bids[seat];
    return bid === null ? "—" : bid === 0 ? "nil" : String(bid);
  }

  // a side's bids and tricks this hand: "bid 5 + nil · won 3" (nothing before a bid)
  function sideTally(view, side) {
    const seats = [...Array(state.seats.length).keys()].filter((seat) => sideOf(seat) === side);
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
    if (s.left) return `left the seat: the ${s.level} computer plays`;
    if (s.away) return s.timeouts >= 3 ? `out of time: the ${s.level} computer plays`
      : `away: the ${s.level} computer plays`;
    if (!s.connected) return "offline";
    return s.timeouts ? `ran out of time ${s.timeouts === 1 ? "once" : `${s.timeouts} times`}`
      : "";
  }

  function seatBox(view, seat, me) {
    const s = state.seats[seat];
    const role = view.dealer === seat ? "dealer" : view.first_drawer === seat ? "first drawer" : "";
    const status = seatStatus(s);
    return el("div", { class: `seat${view.to_move === seat ? " to-move" : ""}${me ? " me" : ""}`
                              + `${s.away ? " away" : ""}`, "data-seat": seat },
      me ? null : el("div", { class: "back-icon" }, cardBack()),
      el("div", { class: "name" }, s.name, role ? el("span", { class: "tag" }, role) : null,
         el("span", { class: "clock", "data-clock": seat })),
      el("div", { class: "meta" }, `bid ${bidText(view, seat)} · won ${view.tricks_won[seat]}`,
         view.exchanged[seat] !== null ? ` · exchanged ${view.exchanged[seat]}` : ""),
      status ? el("div", { class: "status" }, status) : null);
  }

  // the turn clock's seconds left, in the seat to move (and in the controls if it is mine)
  function tick() {
    const left = clock && Math.max(0, Math.ceil((clock.until - performance.now()) / 1000));
    for (const node of board.querySelectorAll("[data-clock]")) {
      const on = clock && Number(node.dataset.clock) === clock.seat;
      node.textContent = on ? `${left} s` : "";
      node.classList.toggle("low", Boolean(on && left <= 10));
    }
  }

  // the trick on the table: the completed one held (its winner lit, then swept toward
  // her), the last one when asked for, else the one being played; each card in front of
  // the seat that played it
  function drawTrick(order) {
    const last = state.last_trick;
    const shown = held ? { trick: held.trick, done: true, sweeping: held.sweeping }
      : showLast && last ? { trick: last, done: true, asked: true }
        : { trick: state.view.trick, done: false };
    const t = shown.trick;
    const key = JSON.stringify([t, shown, order, state.seats.map((s) => s.name)]);
    if (key === trickKey) return; // redrawn only when it changes: an animation runs on
    trickKey = key;
    trickArea.dataset.shown = shown.done ? "done" : "current";
    if (!t) {
      fill(trickArea);
      return;
    }
    const n = order.length;
    const cards = t.cards.map((card, i) => {
      const seat = (t.leader + i) % n;
      const winner = shown.done && seat === t.winner;
      return el("div", { class: `played pos${order.indexOf(seat)}${winner ? " winner" : ""}`,
                         "data-seat": seat }, cardFace(card));
    });
    const caption = shown.done ? el("div", { class: "caption", id: "trick-caption" },
      shown.asked ? `Last trick: ${seatName(t.winner)} won it`
        : welcome.seat === t.winner ? "You win the trick"
          : `${seatName(t.winner)} wins the trick`) : null;
    const sweep = shown.sweeping ? ` sweep to${order.indexOf(t.winner)}` : "";
    fill(trickArea, el("div", { class: `trick${shown.done ? " done" : ""}${sweep}` },
                       cards, caption));
  }

  function handRow(view, mySeat) {
    const myTurn = view.to_move === mySeat && view.legal.length > 0;
    const playable = new Set(view.legal.map(actionCard).filter(Boolean));
    const hinted = hint && typeof hint === "object" ? actionCard(hint.action) : null;
    return el("div", { class: "hand", id: "hand" }, view.hand.map((card) => {
      const face = cardFace(card);
      const wrapper = el("button", { class: "hand-card", "data-card": card,
                                     "aria-label": cardLabel(card) }, face);
      if (view.phase === "play" && myTurn) {
        if (playable.has(card)) {
          wrapper.classList.add("playable");
          if (card === hinted) wrapper.classList.add("hinted");
          wrapper.addEventListener("click", () => act(`play ${card}`));
        } else {
          wrapper.classList.add("unplayable");
          wrapper.disabled = true;
        }
      } else if (view.phase === "exchange" && myTurn) {
        if (selected.has(card)) wrapper.classList.add("selected");
        wrapper.setAttribute("aria-pressed", String(selected.has(card))); // picked, to a reader
        wrapper.addEventListener("click", () => {
          if (selected.has(card)) selected.delete(card); else selected.add(card);
          keepPicked();
          render();
        });
      } else {
        wrapper.disabled = true;
      }
      return wrapper;
    }));
  }

  // the exchange's button: what it gives, or how many cards are still to choose. How
  // many may be given is the engine's rules.give_sizes (one size: exactly that many).
  // The server takes the whole give at once: "give 2C QH KD", "give 2C" or "give".
  function giveButton(view) {
    const sizes = view.rules.give_sizes;
    const most = sizes[sizes.length - 1];
    const exactly = sizes.length === 1;
    const allowed = exactly ? selected.size === most : selected.size <= most;
    const label = allowed ? (selected.size ? `Give ${plural(selected.size, "card")}` : "Give none")
      : exactly && selected.size < most ? `${selected.size} of ${most} chosen`
        : `${selected.size} chosen: give ${exactly ? "exactly" : "at most"} ${most}`;
    const give = ["give", ...selected].join(" ");
    return el("button", { class: "action primary", id: "give", disabled: !allowed,
                          onclick: () => {
                            if (!act(give)) return;
                            selected = new Set();
                            keepPicked();
                          } }, label);
  }

  // what an exchange asks of its seat: how many cards, and where they go (two players:
  // up to that many, replaced from the pile; partners: exactly that many, swapped)
  function exchangeWords(view) {
    const sizes = view.rules.give_sizes;
    const most = sizes[sizes.length - 1];
    if (sizes.length === 1) {
      const partner = view.partner === null ? null : seatName(view.partner);
      return partner ? `Choose ${plural(most, "card")} to give ${partner}, who gives you as `
                       + "many, then: "
        : `Choose ${plural(most, "card")} to give, then: `;
    }
    return `Choose up to ${plural(most, "card")} to give (you draw as many from the `
      + "discards), then: ";
  }

  function controls(view, mySeat) {
    if (view.to_move !== mySeat || !view.legal.length) {
      const waiting = view.to_move === null ? "" : `Waiting for ${seatName(view.to_move)}…`;
      return el("div", { class: "controls", id: "controls" }, waiting);
    }
    const box = el("div", { class: "controls mine", id: "controls" });
    if (view.phase === "blind nil") {
      add(box, el("span", {}, "Before you see your cards: "),
        el("button", { class: "action", "data-action": "blind nil",
                       onclick: () => act("blind nil") }, "Bid blind nil"),
        el("button", { class: "action", "data-action": "no blind nil",
                       onclick: () => act("no blind nil") }, "No blind nil"));
    } else if (view.phase === "draft") {
      add(box, el("div", { class: "offered", id: "offered" }, cardFace(view.offered)),
        el("button", { class: "action", "data-action": "keep", onclick: () => act("keep") },
           "Keep"),
        el("button", { class: "action", "data-action": "discard",
                       onclick: () => act("discard") }, "Discard"),
        el("span", { class: "muted" }, ` ${plural(view.stock_left, "card")} left in the stock`));
    } else if (view.phase === "exchange") {
      add(box, el("span", { id: "exchange-words" }, exchangeWords(view)),
          giveButton(view));
    } else if (view.phase === "bidding") {
      add(box, el("span", {}, "Your bid: "), view.legal.map((text) =>
        el("button", { class: "action bid", "data-action": text, onclick: () => act(text) },
           text === "nil" ? "Nil" : text.replace("bid ", ""))));
    } else if (view.phase === "play") {
      add(box, el("span", {}, "Your turn: play a card."));
    }
    add(box, el("span", { class: "clock", "data-clock": mySeat }),
      el("button", { class: "hint", id: "hint-button", onclick: () => {
        if (send({ type: "hint" })) { hint = "thinking…"; render(); }
      } }, "Hint"));
    if (hint) {
      add(box, el("div", { class: "hint-text", id: "hint", "data-action": hint.action || "" },
                  typeof hint === "string" ? `Hint: ${hint}`
                    : `Hint: ${withSymbols(hint.action)}: ${withSymbols(hint.reason)}`));
    }
    return box;
  }

  function scoreLine(view) {
    return el("div", { class: "scores", id: "scores" }, [0, 1].map((side) => {
      const tally = sideTally(view, side);
      return el("span", { class: "side", "data-side": side },
        el("strong", {}, sideName(side)),
        ` ${view.scores[side]} (${plural(view.bag_totals[side], "bag")})`,
        tally ? el("span", { class: "tally", "data-tally": side }, ` · ${tally}`) : null);
    }), el("span", { class: "muted" }, ` · hand ${view.hand_number} · to ${view.rules.target}`));
  }

  function scoreSheet(view) {
    return el("table", { class: "sheet", id: "sheet" },
      el("tr", {}, el("th", {}, "Hand"), [0, 1].map((side) => el("th", {}, sideName(side)))),
      view.results.map((r, i) => el("tr", {}, el("td", {}, i + 1), [0, 1].map((side) =>
        el("td", {}, `${r.points[side] - r.penalties[side] >= 0 ? "+" : ""}`
                     + `${r.points[side] - r.penalties[side]} → ${r.scores[side]}`
                     + ` (${plural(r.bags[side], "bag")}`
                     + `${r.penalties[side] ? `, −${r.penalties[side]}` : ""})`)))));
  }

  // ``away``: the way back to a seat the computer plays, on top (not under the summary)
  function handSummary(away) {
    const hand = summary.record;
    const n = state.seats.length;
    const bids = Array(n).fill("—");
    for (const seat of hand.blind_nil) bids[seat] = "blind nil";
    for (const b of hand.bids) bids[b.seat] = b.bid === 0 ? "nil" : String(b.bid);
    const r = hand.result;
    return el("div", { class: "overlay", id: "hand-summary" }, el("div", { class: "panel" },
      el("h2", {}, `Hand ${summary.hand}`), away,
      el("table", { class: "sheet" },
        el("tr", {}, el("th", {}, "Player"), el("th", {}, "Bid"), el("th", {}, "Won"),
           el("th", {}, "Held")),
        [...Array(n).keys()].map((seat) => el("tr", {}, el("td", {}, seatName(seat)),
          el("td", {}, bids[seat]), el("td", {}, r.tricks[seat]),
          el("td", { class: "held" }, hand.holdings[seat].map(cardLabel).join(" "))))),
      el("p", {}, [0, 1].map((side) => `${sideName(side)}: ${r.points[side] >= 0 ? "+" : ""}`
        + `${r.points[side]}${r.penalties[side] ? ` −${r.penalties[side]} penalty` : ""}`
        + `, ${plural(r.bags[side], "bag")}. `)),
      el("p", { class: "seed" }, "Seed revealed: ", el("code", {}, summary.seed), " ",
         summary.verified === true ? "✓ matches the SHA-256 published at the deal"
           : summary.verified === false ? "✗ does not match!" : ""),
      welcome.seat === null ? null : costlyPlays(),
      el("button", { class: "primary", id: "continue",
                     onclick: () => { summary = null; render(); } }, "Continue")));
  }

  // the seat's plays of the summarised hand that cost points, all cards known
  function costlyPlays() {
    if (summary.costly === undefined) {
      return el("p", {}, el("button", { id: "costly", onclick: () => {
        if (!send({ type: "costly", hand: summary.hand })) return;
        summary.costly = null;
        render();
      } }, "Plays that cost points"));
    }
    if (summary.costly === null) return el("p", { class: "muted" }, "Analysing the hand…");
    if (!summary.costly.length) return el("p", { id: "costly-list" }, "No play of yours cost points.");
    return el("ul", { id: "costly-list" }, summary.costly.map((p) => el("li", {},
      `Trick ${p.trick}: ${cardLabel(p.card)} cost ${Math.round(p.cost * 10) / 10} points;`
      + ` ${cardLabel(p.best_card)} was best.`)));
  }

  function gameOver(view, mySeat) {
    const side = view.winner;
    const won = mySeat !== null && sideOf(mySeat) === side;
    return el("div", { class: "overlay", id: "game-over" }, el("div", { class: "panel" },
      el("h2", {}, mySeat === null ? `${sideName(side)} won` : won ? "You won!" : "You lost"),
      scoreLine(view), scoreSheet(view),
      el("div", { class: "buttons" },
        mySeat !== null && state.seats[mySeat].kind === "person"
          ? el("button", { class: "primary", id: "rematch",
                           onclick: () => send({ type: "rematch" }) },
               state.rematch ? "Join the rematch" : "Rematch") : null,
        el("a", { class: "button", id: "download", href: `/api/tables/${table}/record`,
                  download: `spades-${table}.json` }, "Download the record"),
        el("a", { class: "button", href: "#/" }, "Lobby"))));
  }

  function linkBox(link, attrs) {
    return el("input", { readonly: true, value: link, size: 40, ...attrs,
                         onclick: (e) => e.target.select() });
  }

  // the invite links this browser knows for the free seats (a creator's), and the link
  // that moves this seat to another device
  function invites() {
    const known = (savedSeat(table) || {}).invites || {}; // a creator's, kept without a seat
    const free = state.seats.map((s, seat) => ({ s, seat, link: inviteLink(table, seat, known[seat]) }))
      .filter(({ s, link }) => s.kind === "person" && !s.claimed && link);
    const own = mine && inviteLink(table, mine.seat, mine.secret);
    if (!free.length && !own) return null;
    return el("div", { class: "invites panel" },
      free.length ? el("div", {}, "Send each friend the link of a seat: ",
        free.map(({ seat, link }) => el("span", { class: "invite" }, `seat ${seat + 1} `,
                                        linkBox(link, { "data-invite": seat })))) : null,
      own ? el("details", {}, el("summary", {}, "Play from another device"),
        "Open this link there to move your seat; keep it to yourself. ",
        linkBox(own, { id: "my-link" })) : null);
  }

  // the node ``build`` makes, the same one while ``key`` is: a button stays the button
  // being clicked while the states of a computer's quick plays redraw the rest
  function keep(name, key, build) {
    const old = kept.get(name);
    if (old && old.key === key) return old.node;
    const node = build();
    kept.set(name, { key, node });
    return node;
  }

  // a person whose seat the computer plays: why, and the way back
  function awayPanel(mySeat) {
    const s = state.seats[mySeat];
    if (s.kind !== "person" || !s.away) return null;
    const why = s.left ? "You left your seat" : s.timeouts >= 3
      ? `You ran out of time ${s.timeouts} turns in a row` : "You were away";
    return keep("away", `${why}/${s.level}`, () => el("div", { class: "panel away-note", id: "away" },
      `${why}: the ${s.level} computer plays for you. `,
      el("button", { class: "primary", id: "take-back",
                     onclick: () => send({ type: "seat", away: false }) }, "Take my seat back")));
  }

  function replacedNote() {
    return el("div", { class: "overlay", id: "replaced" }, el("div", { class: "panel" },
      el("h2", {}, "Your seat moved"), el("p", {}, replaced),
      el("button", { class: "primary", id: "watch-instead", onclick: () => {
        replaced = null;
        closed = false;
        fill(overlay);
        connect();
      } }, "Watch the table"),
      el("a", { class: "button", href: "#/" }, "Lobby")));
  }

  function drawBanner() {
    banner.hidden = live || closed || (!everLive && performance.now() - opened < QUIET_MS);
    fill(banner, everLive ? "Connection lost: reconnecting…" : "Connecting…");
  }

  function render() {
    drawBanner();
    if (replaced) {
      fill(overlay, replacedNote());
      return;
    }
    if (!state || !welcome) return;
    const view = state.view;
    const mySeat = welcome.seat;
    const n = state.seats.length;
    const base = mySeat ?? 0;
    const order = [...Array(n).keys()].map((i) => (base + i) % n); // me first, then clockwise
    const myTurn = mySeat !== null && view.to_move === mySeat && view.legal.length > 0;
    const running = view.winner === null && !state.ended;
    board.dataset.phase = view.phase;
    board.dataset.myTurn = myTurn ? "yes" : "no";
    board.dataset.seq = state.seq;
    board.dataset.over = view.winner !== null ? "yes" : "no";
    board.dataset.pending = pending === null ? "no" : "yes";
    fill(head,
      scoreLine(view),
      el("div", { class: "status-line" }, PHASE_TEXT[view.phase] || view.phase,
         view.spades_broken ? " · spades broken" : "",
         state.commit ? el("span", { class: "commit", title: state.commit.sha256 },
                           ` · deal committed: SHA-256 ${state.commit.sha256.slice(0, 12)}…`) : "",
         welcome.turn_seconds ? ` · ${welcome.turn_seconds} s a turn` : "",
         mySeat === null ? " · watching" : ""),
      state.ended ? el("div", { class: "panel ended", id: "ended" },
                       `This table has ended: ${state.ended}.`) : null,
      invites());
    felt.className = `felt players${n}`;
    slots.forEach((slot, i) => fill(slot, i < n ? seatBox(view, order[i], i === 0
                                                                  && mySeat !== null) : null));
    drawTrick(order);
    const person = mySeat !== null && state.seats[mySeat].kind === "person";
    const summed = !held && summary && view.winner === null; // the hand summary is up
    const away = mySeat !== null && running ? awayPanel(mySeat) : null; // in one place
    fill(foot,
      summed ? null : away,
      mySeat === null ? null : controls(view, mySeat),
      mySeat === null ? null : handRow(view, mySeat),
      view.discards.length ? el("div", { class: "discards" }, "Your discards: ",
                                view.discards.map(cardLabel).join(" ")) : null,
      view.gave.length ? el("div", { class: "discards" },
        `You gave ${view.gave.map(cardLabel).join(" ")}`,
        view.received.length ? `, received ${view.received.map(cardLabel).join(" ")}` : "") : null,
      el("div", { class: "buttons" },
        el("button", { id: "last-trick", disabled: !state.last_trick,
                       onclick: () => { showLast = !showLast; render(); } },
           showLast ? "Current trick" : "Last trick"),
        el("button", { id: "score-sheet", onclick: () => { showSheet = !showSheet; render(); } },
           showSheet ? "Hide score sheet" : "Score sheet"),
        person && running && !state.seats[mySeat].away
          ? keep("leave", "", () => el("button", { id: "leave-seat", onclick: () =>
            send({ type: "seat", away: true }) }, "Let the computer play for me")) : null,
        view.phase === "blind nil" && mySeat !== null ? null
          : el("span", { class: "muted" }, mySeat === null ? "" : ` ${plural(view.hand.length, "card")}`)),
      showSheet ? scoreSheet(view) : null);
    fill(overlay, held ? null  // the last trick of a hand first, then its summary
      : summed ? handSummary(away)
        : view.winner !== null ? gameOver(view, mySeat) : null);
    tick();
    if (myTurn && view.phase === "play" && view.legal.length === 1 && prefs.autoPlayOne
        && autoSeq !== state.seq) {
      autoSeq = state.seq;
      const only = view.legal[0];
      const seq = state.seq;
      setTimeout(() => { if (state.seq === seq) act(only); }, 350);
    }
  }

  connect();
  drawBanner();
  return () => {
    closed = true;
    clearInterval(ticker);
    holdTimers.forEach(clearTimeout);
    window.removeEventListener("spades-prefs", rerender);
    if (ws) ws.close();
  };
}
