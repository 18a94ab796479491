// A table: the websocket to the server, and the view of this seat drawn from its
// Observation alone (the server sends nothing else). Actions go out in RECORD.md's text.
import { cardBack, cardFace, cardLabel } from "./cards.js";
import { add, api, el, fill, forgetSeat, inviteLink, prefs, savedSeat, saveSeat,
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

function giveSet(text) {
  return text.split(" ").slice(1).sort().join(" ");
}

export function showTable(root, table) {
  let mine = savedSeat(table);
  let replaced = null; // the server's words when this seat was taken on another device
  let ws = null;
  let closed = false;
  let state = null;
  let welcome = null;
  let selected = new Set(); // cards chosen for a blind nil exchange
  let autoSeq = -1;
  let summary = null; // the last hand_over message, shown until dismissed
  let hint = null;
  let showSheet = false;
  let showLast = false;

  const board = el("div", { class: "board", id: "board" });
  root.append(board);

  const rerender = () => render();
  window.addEventListener("spades-prefs", rerender);

  function send(message) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  }
  function act(text) {
    hint = null;
    send({ type: "action", action: text });
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    welcome = null; // each connection is welcomed anew: an error before it refuses the token
    ws = new WebSocket(`${scheme}://${location.host}/ws/${table}`);
    ws.onopen = () => ws.send(JSON.stringify(mine ? { type: "hello", token: mine.token }
                                                   : { type: "hello" }));
    ws.onmessage = (event) => receive(JSON.parse(event.data));
    ws.onclose = () => { if (!closed) setTimeout(connect, 1000); };
  }

  function receive(message) {
    if (message.type === "error" && !welcome && mine) { // a token that no longer holds a seat
      forgetSeat(table);
      mine = null;
      toast("Your seat here was taken on another device: you are watching.");
      send({ type: "hello" });
    } else if (message.type === "replaced") {
      forgetSeat(table);
      mine = null;
      closed = true;
      replaced = message.message;
      render();
    } else if (message.type === "welcome") welcome = message;
    else if (message.type === "state") {
      if (state && message.view.hand_number !== state.view.hand_number) selected = new Set();
      state = message;
      render();
    } else if (message.type === "hand_over") {
      summary = message;
      checkSeed(message);
    } else if (message.type === "hint") {
      hint = `${message.action}: ${message.reason}`;
      render();
    } else if (message.type === "costly") {
      if (summary && summary.hand === message.hand) summary.costly = message.plays;
      render();
    } else if (message.type === "rematch") {
      saveSeat(message.table, message.seat, message.token, { secret: message.secret });
      location.hash = `#/table/${message.table}`;
    } else if (message.type === "error") {
      toast(message.message);
      if (message.message === "no such table") closed = true;
    }
  }

  async function checkSeed(message) {
    if (!crypto.subtle) return;
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(message.seed));
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    message.verified = hex === message.sha256;
    render();
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

  function seatBox(view, seat, me) {
    const s = state.seats[seat];
    const role = view.dealer === seat ? "dealer" : view.first_drawer === seat ? "first drawer" : "";
    const status = s.kind === "computer" ? `computer (${s.level})`
      : !s.claimed ? "free seat" : s.away ? `away: ${s.level} plays` : s.connected ? "" : "offline";
    return el("div", { class: `seat${view.to_move === seat ? " to-move" : ""}${me ? " me" : ""}`,
                       "data-seat": seat },
      me ? null : el("div", { class: "back-icon" }, cardBack()),
      el("div", { class: "name" }, s.name, role ? el("span", { class: "tag" }, role) : null),
      el("div", { class: "meta" }, `bid ${bidText(view, seat)} · won ${view.tricks_won[seat]}`,
         view.exchanged[seat] !== null ? ` · exchanged ${view.exchanged[seat]}` : ""),
      status ? el("div", { class: "status" }, status) : null);
  }

  function trickCards(trick, order) {
    if (!trick) return el("div", { class: "trick empty" });
    return el("div", { class: "trick" }, trick.cards.map((card, i) => {
      const seat = (trick.leader + i) % order.length;
      return el("div", { class: `played pos${order.indexOf(seat)}`, "data-seat": seat },
                cardFace(card), el("span", { class: "who" }, seatName(seat)));
    }));
  }

  function handRow(view, mySeat) {
    const myTurn = view.to_move === mySeat && view.legal.length > 0;
    const playable = new Set(view.legal.map(actionCard).filter(Boolean));
    return el("div", { class: "hand", id: "hand" }, view.hand.map((card) => {
      const face = cardFace(card);
      const wrapper = el("button", { class: "hand-card", "data-card": card,
                                     "aria-label": cardLabel(card) }, face);
      if (view.phase === "play" && myTurn) {
        if (playable.has(card)) {
          wrapper.classList.add("playable");
          wrapper.addEventListener("click", () => act(`play ${card}`));
        } else {
          wrapper.classList.add("unplayable");
          wrapper.disabled = true;
        }
      } else if (view.phase === "exchange" && myTurn) {
        if (selected.has(card)) wrapper.classList.add("selected");
        wrapper.addEventListener("click", () => {
          if (selected.has(card)) selected.delete(card); else selected.add(card);
          render();
        });
      } else {
        wrapper.disabled = true;
      }
      return wrapper;
    }));
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
        el("span", { class: "muted" }, ` ${view.stock_left} cards left in the stock`));
    } else if (view.phase === "exchange") {
      const choice = [...selected].sort().join(" ");
      const legal = view.legal.find((text) => giveSet(text) === choice);
      add(box, el("span", {}, "Choose the cards to give, then: "),
        el("button", { class: "action primary", id: "give", disabled: !legal,
                       onclick: () => { selected = new Set(); act(legal); } },
           selected.size ? `Give ${selected.size}` : "Give none"));
    } else if (view.phase === "bidding") {
      add(box, el("span", {}, "Your bid: "), view.legal.map((text) =>
        el("button", { class: "action bid", "data-action": text, onclick: () => act(text) },
           text === "nil" ? "Nil" : text.replace("bid ", ""))));
    } else if (view.phase === "play") {
      add(box, el("span", {}, "Your turn: play a card."));
    }
    add(box, el("button", { class: "hint", id: "hint-button",
                              onclick: () => { hint = "thinking…"; render();
                                               send({ type: "hint" }); } }, "Hint"));
    if (hint) add(box, el("div", { class: "hint-text", id: "hint" }, `Hint: ${hint}`));
    return box;
  }

  function scoreLine(view) {
    return el("div", { class: "scores", id: "scores" }, [0, 1].map((side) =>
      el("span", { class: "side", "data-side": side },
         el("strong", {}, sideName(side)), ` ${view.scores[side]} (${view.bag_totals[side]} bags)`)),
      el("span", { class: "muted" }, ` · hand ${view.hand_number} · to ${view.rules.target}`));
  }

  function scoreSheet(view) {
    return el("table", { class: "sheet", id: "sheet" },
      el("tr", {}, el("th", {}, "Hand"), [0, 1].map((side) => el("th", {}, sideName(side)))),
      view.results.map((r, i) => el("tr", {}, el("td", {}, i + 1), [0, 1].map((side) =>
        el("td", {}, `${r.points[side] - r.penalties[side] >= 0 ? "+" : ""}`
                     + `${r.points[side] - r.penalties[side]} → ${r.scores[side]}`
                     + ` (${r.bags[side]} bags${r.penalties[side] ? `, −${r.penalties[side]}` : ""})`)))));
  }

  function handSummary() {
    const hand = summary.record;
    const n = state.seats.length;
    const bids = Array(n).fill("—");
    for (const seat of hand.blind_nil) bids[seat] = "blind nil";
    for (const b of hand.bids) bids[b.seat] = b.bid === 0 ? "nil" : String(b.bid);
    const r = hand.result;
    return el("div", { class: "overlay", id: "hand-summary" }, el("div", { class: "panel" },
      el("h2", {}, `Hand ${summary.hand}`),
      el("table", { class: "sheet" },
        el("tr", {}, el("th", {}, "Player"), el("th", {}, "Bid"), el("th", {}, "Won"),
           el("th", {}, "Held")),
        [...Array(n).keys()].map((seat) => el("tr", {}, el("td", {}, seatName(seat)),
          el("td", {}, bids[seat]), el("td", {}, r.tricks[seat]),
          el("td", { class: "held" }, hand.holdings[seat].map(cardLabel).join(" "))))),
      el("p", {}, [0, 1].map((side) => `${sideName(side)}: ${r.points[side] >= 0 ? "+" : ""}`
        + `${r.points[side]}${r.penalties[side] ? ` −${r.penalties[side]} penalty` : ""}`
        + `, ${r.bags[side]} bags. `)),
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
        summary.costly = null;
        render();
        send({ type: "costly", hand: summary.hand });
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
    const known = (mine && mine.invites) || {};
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

  function replacedNote() {
    return el("div", { class: "overlay", id: "replaced" }, el("div", { class: "panel" },
      el("h2", {}, "Your seat moved"), el("p", {}, replaced),
      el("button", { class: "primary", id: "watch-instead", onclick: () => {
        replaced = null;
        closed = false;
        connect();
      } }, "Watch the table"),
      el("a", { class: "button", href: "#/" }, "Lobby")));
  }

  function render() {
    if (replaced) {
      fill(board, replacedNote());
      return;
    }
    if (!state || !welcome) return;
    const view = state.view;
    const mySeat = welcome.seat;
    const n = state.seats.length;
    const base = mySeat ?? 0;
    const order = [...Array(n).keys()].map((i) => (base + i) % n); // me first, then clockwise
    const last = view.tricks.length ? view.tricks[view.tricks.length - 1] : null; // all won
    const myTurn = mySeat !== null && view.to_move === mySeat && view.legal.length > 0;
    board.dataset.phase = view.phase;
    board.dataset.myTurn = myTurn ? "yes" : "no";
    board.dataset.seq = state.seq;
    board.dataset.over = view.winner !== null ? "yes" : "no";
    fill(board,
      scoreLine(view),
      el("div", { class: "status-line" }, PHASE_TEXT[view.phase] || view.phase,
         view.spades_broken ? " · spades broken" : "",
         state.commit ? el("span", { class: "commit", title: state.commit.sha256 },
                           ` · deal committed: SHA-256 ${state.commit.sha256.slice(0, 12)}…`) : "",
         mySeat === null ? " · watching" : ""),
      state.ended ? el("div", { class: "panel ended", id: "ended" },
                       `This table has ended: ${state.ended}.`) : null,
      invites(),
      el("div", { class: `felt players${n}` },
        order.map((seat, i) => el("div", { class: `slot pos${i}` }, seatBox(view, seat, i === 0
                                                                             && mySeat !== null))),
        el("div", { class: "center" },
          showLast && last ? el("div", { class: "last" }, el("div", { class: "muted" },
                                 `Last trick, won by ${seatName(last.winner)}`),
                                trickCards(last, order))
            : trickCards(view.trick, order))),
      mySeat === null ? null : controls(view, mySeat),
      mySeat === null ? null : handRow(view, mySeat),
      view.discards.length ? el("div", { class: "discards" }, "Your discards: ",
                                view.discards.map(cardLabel).join(" ")) : null,
      view.gave.length ? el("div", { class: "discards" },
        `You gave ${view.gave.map(cardLabel).join(" ")}`,
        view.received.length ? `, received ${view.received.map(cardLabel).join(" ")}` : "") : null,
      el("div", { class: "buttons" },
        el("button", { id: "last-trick", disabled: !last,
                       onclick: () => { showLast = !showLast; render(); } },
           showLast ? "Current trick" : "Last trick"),
        el("button", { id: "score-sheet", onclick: () => { showSheet = !showSheet; render(); } },
           showSheet ? "Hide score sheet" : "Score sheet"),
        view.phase === "blind nil" && mySeat !== null ? null
          : el("span", { class: "muted" }, mySeat === null ? "" : ` ${view.hand.length} cards`)),
      showSheet ? scoreSheet(view) : null,
      summary && view.winner === null ? handSummary() : null,
      view.winner !== null ? gameOver(view, mySeat) : null);
    if (myTurn && view.phase === "play" && view.legal.length === 1 && prefs.autoPlayOne
        && autoSeq !== state.seq) {
      autoSeq = state.seq;
      const only = view.legal[0];
      const seq = state.seq;
      setTimeout(() => { if (state.seq === seq) act(only); }, 350);
    }
  }

  connect();
  return () => {
    closed = true;
    window.removeEventListener("spades-prefs", rerender);
    if (ws) ws.close();
  };
}
