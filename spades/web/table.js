// A table: the websocket to the server, and the view of this seat drawn from its
// Observation alone (the server sends nothing else). Actions go out as text (docs/record.md).
import { Announcer, playedCount } from "./announce.js";
import { Chat } from "./chat.js";
import { Connection } from "./connection.js";
import { controlsBar, controlsOf, handRow, verbOf } from "./controls.js";
import { beep } from "./sound.js";
import { cardWords, inWords, parseTyped } from "./speech.js";
import { TrickArea } from "./trick.js";
import { api, copyText, el, fill, forgetToken, inviteLink, plural, prefs, savedSeat, saveSeat,
         toast } from "./util.js";
import { cardSpans, gameOver, handSummary, NARROW, PHASE_TEXT, scoreLine, scoreSheet, seatBox,
         seatName } from "./view.js";

// A page for a link that leads nowhere: what is wrong, and the way back.
export function nowhere(root, title, words, table) {
  fill(root, el("div", { class: "panel nowhere", id: "nowhere" },
    el("h2", {}, title), el("p", {}, words),
    el("p", {}, el("a", { class: "button primary", id: "to-lobby", href: "#/" }, "Back to the lobby"),
       table ? el("a", { class: "button", id: "watch", href: `#/table/${table}` },
                  "Watch the table") : null)));
  const back = root.querySelector("#to-lobby");
  if (back) back.focus();
}

const GONE = "There is no such table here: it may have ended long ago, or the link is "
  + "mistyped. Ask for the link again, or start a table of your own.";

// Invite links open this (``secret`` from the link; none for a free seat of a listed
// table): pick a name, take the seat (back, if it was yours on another device), go to it.
export function showJoin(root, table, seat, secret) {
  let stopped = false;
  api(`/api/tables/${encodeURIComponent(table)}`).then((t) => {
    if (stopped) return;
    const s = Number.isInteger(seat) ? t.seats[seat] : undefined;
    if (!s) {
      nowhere(root, "This link names no seat", `Table ${table} has seats 1 `
        + `${t.seats.length === 2 ? "and" : "to"} ${t.seats.length}; this link names none of `
        + "them. Ask for the link again.", table);
    } else if (s.kind !== "person") {
      nowhere(root, `Seat ${seat + 1} is the computer's`, `The computer plays seat ${seat + 1} `
        + `of table ${table}: nobody can take it.`, table);
    } else {
      joinForm(root, table, seat, secret, s);
    }
  }).catch((error) => {
    if (stopped) return;
    if (error.message === "no such table") nowhere(root, "No such table", GONE);
    else nowhere(root, "Cannot reach the server", error.message);
  });
  return () => { stopped = true; };
}

function joinForm(root, table, seat, secret, s) {
  const name = el("input", { name: "name", maxlength: 24, value: prefs.name,
                             placeholder: "Your name", "aria-label": "Your name" });
  const note = el("p", { class: "muted", id: "join-note" }, s.claimed
    ? `${s.name} holds this seat. If this link is yours, taking the seat moves it here, and `
      + "the other device stops playing it." : "");
  const problem = el("p", { class: "problem", id: "join-error", role: "alert" });
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
  root.append(el("form", { class: "panel join", onsubmit: join },
    el("h2", {}, `Join table ${table}, seat ${seat + 1}`), note, name, " ",
    el("button", { type: "submit", class: "primary", id: "join" }, "Take the seat"), problem,
    el("p", {}, el("a", { href: `#/table/${table}` }, "Or watch the table"), " · ",
       el("a", { href: "#/" }, "Lobby"))));
  name.focus();
}

const SOUNDS_AFTER_MS = 150; // the trick's sound just after its last card's
const ANSWER_MS = 8000; // a move the server has not answered this long may be sent again
const QUIET_MS = 1500; // no "Connecting…" banner for a page that connects this fast

// The table page: ``t`` holds what the page knows (the server's last ``state`` and this
// connection's ``welcome``, the hand ``summary`` on show) and what the person is doing
// (the cards ``selected`` for an exchange, the card ``raised``, what is ``typed``, the
// move ``pending``); the modules draw from it: view.js the seats and scores, trick.js the
// trick, controls.js the controls of each phase, chat.js the chat, announce.js the words.
export function showTable(root, table) {
  const saved = savedSeat(table);
  let mine = saved && saved.token ? saved : null; // this browser's seat here, if any
  let replaced = null; // the server's words when this seat was taken on another device
  let autoSeq = -1;
  let clock = null; // the turn clock: { seat, until (performance.now()), of }
  const kept = new Map(); // name: { key, node }, parts kept while the computer plays on
  const t = {
    table,
    state: null,
    welcome: null,
    summary: null, // the last hand_over message, shown until dismissed
    hint: null, // { action, reason } or "thinking…"
    pending: null, // the seq a move was sent at, until a later state or an error
    selected: new Set(), // cards chosen for a blind nil exchange (kept in the tab: picked())
    typed: "", // what was typed at the table (a card, a bid, a key), until Enter
    raised: null, // the card a first tap (or typing) raised; a second tap plays it
    showSheet: false,
    showLast: false,
    send: (message) => conn.send(message),
    act,
    toggle,
    give,
    say: (words) => announcer.say(words),
    render: () => render(),
  };

  const conn = new Connection(table, mine && mine.token, {
    opening: () => { t.welcome = null; }, // each connection is welcomed anew
    received: receive,
    dropped: () => {
      t.pending = null; // the state after reconnecting tells whether it went through
      drawBanner();
    },
  });
  const trick = new TrickArea(() => render());
  const announcer = new Announcer(t);
  const chat = new Chat(t);
  const banner = el("div", { class: "banner", id: "reconnecting", role: "status" });
  const head = el("div", { class: "head" });
  const slots = [0, 1, 2, 3].map((i) => el("div", { class: `slot pos${i}` }));
  const felt = el("div", { class: "felt" }, slots, el("div", { class: "center" }, trick.node));
  const foot = el("div", { class: "foot" });
  const overlay = el("div", { class: "overlays" });
  const board = el("div", { class: "board", id: "board", hidden: true }, head, felt, foot,
                   overlay);
  const waiting = el("div", { class: "panel waiting", id: "waiting" }, "Opening the table…");
  const device = el("div", { class: "device" });
  const side = el("aside", { class: "side-panel", id: "side", "aria-label": "Chat" },
                  el("button", { class: "close-chat", id: "close-chat", "aria-label": "Close the chat",
                                 onclick: () => chat.show(false) }, "✕"),
                  chat.box, device);
  const page = el("div", { class: "table-page" }, banner, waiting, board, side, announcer.node);
  root.append(page);
  document.body.classList.add("at-table");

  const rerender = () => render();
  NARROW.addEventListener("change", rerender);
  const opened = performance.now();
  const ticker = setInterval(() => { tick(); drawBanner(); }, 250);
  document.addEventListener("keydown", onKey);

  // the sounds are a seat's (its player may mute them); a spectator's page is silent
  function sound(kind) {
    if (t.welcome && t.welcome.seat !== null) beep(kind);
  }

  // one move in flight at a time: a second click before the server answers does nothing;
  // whether the move went out. ``auto``: Auto Play One's, which never takes a seat back.
  function act(text, auto = false) {
    if (t.pending !== null || !conn.send({ type: "action", action: text,
                                           ...(auto ? { auto } : {}) })) {
      return false;
    }
    const seq = t.pending = t.state.seq;
    t.hint = null;
    t.typed = "";
    t.raised = null;
    setTimeout(() => {
      if (t.pending !== seq) return;
      t.pending = null;
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
      if (t.selected.size && t.state) {
        sessionStorage.setItem(PICKED, JSON.stringify({ seat: t.state.view.seat,
          hand: t.state.view.hand_number, cards: [...t.selected] }));
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
  function toggle(card) {
    const selected = t.selected;
    if (selected.has(card)) selected.delete(card); else selected.add(card);
    keepPicked();
    announcer.say(`${cardWords(card)} ${selected.has(card) ? "chosen" : "no longer chosen"}; `
                  + `${plural(selected.size, "card")} chosen.`);
    render();
  }
  function give(view) {
    const sizes = view.rules.give_sizes;
    const most = sizes[sizes.length - 1];
    const chosen = t.selected.size;
    const allowed = sizes.length === 1 ? chosen === most : chosen <= most;
    if (!allowed) {
      announcer.say(`Choose ${sizes.length === 1 ? "exactly" : "at most"} `
                    + `${plural(most, "card")}: ${chosen} chosen.`);
      return;
    }
    if (!act(["give", ...t.selected].join(" "))) return;
    t.selected = new Set();
    keepPicked();
  }

  // this browser holds no seat here any more: it watches
  function forget() {
    forgetToken(table);
    mine = null;
    conn.token = null;
  }

  function receive(message) {
    if (message.type === "error" && message.message === "no such table") {
      conn.closed = true;
      if (!t.state) {
        stop();
        nowhere(root, "No such table", GONE);
        return;
      }
      toast(message.message);
    } else if (message.type === "error" && !t.welcome && mine) { // a token that no longer holds a seat
      forget();
      toast("Your seat here was taken on another device: you are watching.");
      conn.hello(null);
    } else if (message.type === "replaced") {
      forget();
      conn.closed = true;
      replaced = message.message;
      render();
    } else if (message.type === "welcome") {
      t.welcome = message;
      conn.welcomed();
      chat.welcome(message);
    } else if (message.type === "state") {
      const before = t.state;
      if (!before) t.selected = picked(message.view); // a reload keeps the cards chosen
      else if (message.view.hand_number !== before.view.hand_number) t.selected = new Set();
      t.state = message;
      if (t.pending !== null && message.seq > t.pending) t.pending = null;
      clock = message.clock && { seat: message.clock.seat, of: message.clock.of,
                                 until: performance.now() + message.clock.seconds * 1000 };
      if (t.raised && !message.view.hand.includes(t.raised)) t.raised = null;
      follow(before);
      render();
    } else if (message.type === "hand_over") {
      t.summary = message; // shown once its last trick has been
      const tricks = message.tricks;
      const last = tricks[tricks.length - 1];
      if (last && trick.following) {
        trick.see(`${message.hand}/${tricks.length}`);
        trick.hold({ hand: message.hand, number: tricks.length, ...last });
        sound("card");
        setTimeout(() => sound("trick"), SOUNDS_AFTER_MS);
      }
      if (t.state) announcer.handOver(message);
      checkSeed(message);
    } else if (message.type === "hint") {
      t.hint = message;
      if (t.hint.action) {
        announcer.say(`Hint: ${inWords(t.hint.action)}: ${inWords(t.hint.reason || "")}`);
      }
      render();
    } else if (message.type === "costly") {
      if (t.summary && t.summary.hand === message.hand) t.summary.costly = message.plays;
      render();
    } else if (message.type === "rematch") {
      saveSeat(message.table, message.seat, message.token, { secret: message.secret });
      location.hash = `#/table/${message.table}`;
    } else if (message.type === "chat") {
      chat.add(message.line, true);
    } else if (message.type === "error") {
      t.pending = null;
      if (!chat.refused(message.message)) toast(message.message); // read out: a live region
      render();
    }
  }

  // what changed since ``before``: a completed trick to hold on the table, and sounds
  function follow(before) {
    if (t.welcome) announcer.changes(before);
    const state = t.state;
    const last = state.last_trick;
    const key = last ? `${last.hand}/${last.number}` : "";
    if (!trick.following) { // the first state: nothing was followed yet
      trick.see(key);
      return;
    }
    const view = state.view;
    const mySeat = t.welcome.seat;
    if (trick.see(key)) {
      if (last) {
        trick.hold(last);
        sound("card");
        setTimeout(() => sound("trick"), SOUNDS_AFTER_MS);
      }
    } else if (before.view.hand_number === view.hand_number
               && playedCount(view) > playedCount(before.view)) {
      sound("card");
    }
    const myTurn = (s) => mySeat !== null && s.view.to_move === mySeat && s.view.legal.length > 0;
    if (myTurn(state) && !myTurn(before)) setTimeout(() => sound("turn"), 2 * SOUNDS_AFTER_MS);
  }

  async function checkSeed(message) {
    if (!crypto.subtle) return;
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(message.seed));
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    message.verified = hex === message.sha256;
    render();
  }

  // --------------------------------------------------------------- the keyboard

  // Keys at the table (not in the chat's boxes): what is typed gathers until Enter, as in
  // the terminal: a card ("7h", "KD", "10s", "ts"), a bid (digits, n for nil), b or n at
  // the blind nil question, k or d in the draft, cards then g in an exchange. Esc clears.
  function onKey(event) {
    if (!t.state || !t.welcome || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "Escape" && chat.open && !t.typed) {
      chat.show(false);
      return;
    }
    const target = event.target;
    if (target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
    if (overlay.firstChild) { // a dialog over the table (the hand summary): its keys only
      if (t.typed) {
        t.typed = "";
        t.raised = null;
        render();
      }
      return; // Enter on its Continue closes it; nothing acts on the table behind
    }
    if (event.key === "Escape") {
      t.typed = "";
      t.raised = null;
      render();
      return;
    }
    if (event.key === "Backspace" && t.typed) {
      event.preventDefault();
      t.typed = t.typed.slice(0, -1);
      render();
      return;
    }
    if (event.key === "Enter") {
      if (!t.typed) return; // Enter alone clicks the button in focus, and nothing else
      event.preventDefault();
      const text = t.typed;
      t.typed = "";
      enter(text);
      render();
      return;
    }
    if (/^[0-9a-zA-Z]$/.test(event.key) && t.typed.length < 6) {
      event.preventDefault();
      t.typed += event.key;
      const card = parseTyped(t.typed);
      t.raised = card && t.state.view.hand.includes(card) ? card : null;
      render();
    }
  }

  // what ``text``, typed then Enter, does now (h, t and s read the hand, the trick and
  // the scores out, to anyone; the rest is the phase's, on this seat's turn)
  function enter(text) {
    const view = t.state.view;
    const word = text.toLowerCase();
    const read = { h: "handWords", t: "trickWords", s: "scoreWords" }[word];
    if (read) {
      announcer.say(announcer[read](view));
    } else if (t.welcome.seat === null) {
      announcer.say("You are watching: h, t and s then Enter read the hand, the trick and "
                    + "the scores.");
    } else if (view.to_move !== t.welcome.seat || !view.legal.length) {
      announcer.say(view.to_move === null ? "Nobody is to move." : "It is not your turn: "
        + `${seatName(t, view.to_move)} is to ${verbOf(view.phase)}.`);
    } else {
      controlsOf(view.phase).enter(t, view, word, text);
    }
  }

  // --------------------------------------------------------------- drawing

  // the turn clock's seconds left, in the seat to move (and in the controls if it is mine);
  // it stands still while the server cannot be reached
  function tick() {
    if (!conn.live && clock) clock.until += 250;
    const left = clock && Math.max(0, Math.ceil((clock.until - performance.now()) / 1000));
    for (const node of board.querySelectorAll("[data-clock]")) {
      const on = clock && Number(node.dataset.clock) === clock.seat;
      node.textContent = on ? `${left} s` : "";
      node.classList.toggle("low", Boolean(on && left <= 10));
    }
  }

  // a link in a box, with a button that copies it
  function linkBox(link, label, attrs) {
    const box = el("input", { readonly: true, value: link, "aria-label": label, ...attrs,
                              onclick: (e) => e.target.select() });
    const button = el("button", { class: "copy", "data-copy": attrs["data-invite"] ?? "mine",
                                  onclick: async () => {
                                    const ok = await copyText(link, box);
                                    fill(button, ok ? "Copied ✓" : "Select and copy");
                                    announcer.say(ok ? `${label}: copied.`
                                      : "Could not copy: select the link.");
                                    setTimeout(() => fill(button, "Copy link"), 2500);
                                  } }, "Copy link");
    return [box, button];
  }

  // the invite links this browser knows for the free seats (a creator's)
  function invites() {
    const known = (savedSeat(table) || {}).invites || {}; // a creator's, kept without a seat
    const free = t.state.seats.map((s, seat) => ({ s, seat, link: inviteLink(table, seat, known[seat]) }))
      .filter(({ s, link }) => s.kind === "person" && !s.claimed && link);
    if (!free.length) return null;
    return keep("invites", JSON.stringify(free), () => el("div", { class: "invites", id: "invites" },
      el("span", {}, "Invite a friend:"),
      free.map(({ seat, link }) => el("span", { class: "invite" }, `seat ${seat + 1}`,
                                      linkBox(link, `Invite link of seat ${seat + 1}`,
                                              { "data-invite": seat })))));
  }

  // the link that moves this seat to another device (beside the chat)
  function deviceLink() {
    const own = mine && inviteLink(table, mine.seat, mine.secret);
    return own ? keep("device", own, () => el("details", { class: "panel" },
      el("summary", {}, "Play from another device"),
      el("p", {}, "Open this link there to move your seat; keep it to yourself."),
      linkBox(own, "Your seat's own link", { id: "my-link" }))) : null;
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
    const s = t.state.seats[mySeat];
    if (s.kind !== "person" || !s.away) return null;
    const why = s.left ? "You left your seat" : s.out_of_time
      ? `You ran out of time ${s.timeouts} turns in a row` : "You were away";
    return keep("away", `${why}/${s.level}`, () => el("div", { class: "panel away-note", id: "away" },
      `${why}: the ${s.level} computer plays for you. `,
      el("button", { class: "primary", id: "take-back",
                     onclick: () => conn.send({ type: "seat", away: false }) }, "Take my seat back")));
  }

  // the seat's own preferences: Auto Play One and the sounds (kept in this browser)
  function seatPrefs() {
    return keep("prefs", `${prefs.autoPlayOne}/${prefs.sound}`, () => [
      el("label", { class: "pref", title: "Play the only card you may play by itself" },
        el("input", { type: "checkbox", id: "auto-play-one", checked: prefs.autoPlayOne,
                      onchange: (event) => {
                        prefs.autoPlayOne = event.target.checked;
                        render();
                      } }), " Auto Play One"),
      el("button", { id: "sound", class: "pref", "aria-pressed": String(!prefs.sound),
                     title: "Sounds: a card played, a trick won, your turn",
                     onclick: () => { prefs.sound = !prefs.sound; render(); } },
         prefs.sound ? "♪ Sound on" : "♪ Muted")]);
  }

  function replacedNote() {
    return el("div", { class: "overlay", id: "replaced" }, el("div", { class: "panel" },
      el("h2", {}, "Your seat moved"), el("p", {}, replaced),
      el("button", { class: "primary", id: "watch-instead", onclick: () => {
        replaced = null;
        conn.closed = false;
        fill(overlay);
        conn.connect();
      } }, "Watch the table"),
      el("a", { class: "button", href: "#/" }, "Lobby")));
  }

  function drawBanner() {
    banner.hidden = conn.live || conn.closed
      || (!conn.everLive && performance.now() - opened < QUIET_MS);
    fill(banner, conn.everLive ? "Connection lost: reconnecting…" : "Connecting…");
  }

  function closeSummary() {
    t.summary = null;
    if (t.welcome.seat !== null && conn.live) conn.send({ type: "summary_closed" });
    render();
  }

  function render() {
    drawBanner();
    if (replaced) {
      fill(overlay, replacedNote());
      return;
    }
    const { state, welcome } = t;
    if (!state || !welcome) return;
    const focused = focusKey(); // the same control keeps the focus once redrawn
    waiting.hidden = true;
    board.hidden = false;
    const view = state.view;
    const mySeat = welcome.seat;
    const n = state.seats.length;
    const base = mySeat ?? 0;
    const order = [...Array(n).keys()].map((i) => (base + i) % n); // me first, then clockwise
    const myTurn = mySeat !== null && view.to_move === mySeat && view.legal.length > 0;
    const running = view.winner === null && !state.ended;
    const seated = mySeat !== null;
    board.dataset.phase = view.phase;
    board.dataset.myTurn = myTurn ? "yes" : "no";
    board.dataset.seq = state.seq;
    board.dataset.over = view.winner !== null ? "yes" : "no";
    board.dataset.pending = t.pending === null ? "no" : "yes";
    board.dataset.players = n;
    fill(head,
      scoreLine(t, view),
      el("div", { class: "status-line" }, PHASE_TEXT[view.phase] || view.phase,
         view.spades_broken ? " · spades broken" : "",
         welcome.turn_seconds ? ` · ${welcome.turn_seconds} s a turn` : "",
         seated ? "" : " · watching",
         state.commit ? el("span", { class: "commit", title: state.commit.sha256 },
                           ` · deal committed: SHA-256 ${state.commit.sha256.slice(0, 12)}…`) : ""),
      state.ended ? el("div", { class: "panel ended", id: "ended" },
                       `This table has ended: ${state.ended}.`) : null,
      invites());
    fill(device, deviceLink());
    felt.className = `felt players${n}`;
    slots.forEach((slot, i) => fill(slot, i < n ? seatBox(t, view, order[i], i === 0 && seated)
      : null));
    trick.draw({ current: view.trick, last: state.last_trick, asked: t.showLast, order,
                 names: state.seats.map((s) => s.name),
                 winnerWords: (winner, asked) => (asked ? `Last trick: ${seatName(t, winner)} won it`
                   : welcome.seat === winner ? "You win the trick"
                     : `${seatName(t, winner)} wins the trick`) });
    const person = seated && state.seats[mySeat].kind === "person";
    const summed = !trick.held && t.summary; // the hand summary is up (the last hand's too)
    const away = seated && running ? awayPanel(mySeat) : null; // in one place
    fill(foot,
      summed ? null : away,
      seated ? controlsBar(t, view, mySeat) : null,
      seated ? handRow(t, view, mySeat) : null,
      view.discards.length ? el("div", { class: "discards" }, "Your discards: ",
                                cardSpans(view.discards)) : null,
      view.gave.length ? el("div", { class: "discards" }, "You gave ", cardSpans(view.gave),
        view.received.length ? [", received ", ...cardSpans(view.received)] : "") : null,
      el("div", { class: "buttons", id: "table-buttons" },
        el("button", { id: "last-trick", disabled: !state.last_trick,
                       onclick: () => { t.showLast = !t.showLast; render(); } },
           t.showLast ? "Current trick" : "Last trick"),
        el("button", { id: "score-sheet", "aria-expanded": String(t.showSheet),
                       onclick: () => { t.showSheet = !t.showSheet; render(); } },
           t.showSheet ? "Hide score sheet" : "Score sheet"),
        seated ? seatPrefs() : null,
        person && running && !state.seats[mySeat].away
          ? keep("leave", "", () => el("button", { id: "leave-seat", onclick: () =>
            conn.send({ type: "seat", away: true }) }, "Let the computer play for me")) : null,
        NARROW.matches ? chat.button : null,
        el("a", { class: "button", id: "lobby", href: "#/" }, "Lobby")),
      t.showSheet ? el("div", { class: "sheet-box" }, scoreSheet(t, view)) : null);
    fill(overlay, trick.held ? null  // the last trick of a hand first, then its summary
      : summed ? handSummary(t, away, closeSummary)
        : view.winner !== null ? gameOver(t, view) : null);
    const cont = overlay.querySelector("#continue");
    const focus = document.activeElement;
    if (cont && (focus === document.body || (board.contains(focus) && !overlay.contains(focus)))) {
      cont.focus({ preventScroll: true }); // Enter closes the summary
    } else if (focused && !board.contains(document.activeElement)) {
      const again = board.querySelector(focused);
      if (again) again.focus({ preventScroll: true });
    }
    tick();
    if (myTurn && view.phase === "play" && view.legal.length === 1 && prefs.autoPlayOne
        && !state.seats[mySeat].away && autoSeq !== state.seq) {
      autoSeq = state.seq;
      const only = view.legal[0];
      const seq = state.seq;
      // only while she plays her seat herself: never for a seat left to the computer
      setTimeout(() => {
        if (t.state.seq === seq && !t.state.seats[mySeat].away) act(only, true);
      }, 350);
    }
  }

  // a selector for the control in focus on the board, to find it again once redrawn
  function focusKey() {
    const node = document.activeElement;
    if (!node || !board.contains(node)) return null;
    if (node.id) return `#${node.id}`;
    if (node.dataset.card) return `.hand-card[data-card="${node.dataset.card}"]`;
    if (node.dataset.action) return `[data-action="${node.dataset.action}"]`;
    return null;
  }

  function stop() {
    conn.close();
    clearInterval(ticker);
    trick.stop();
    NARROW.removeEventListener("change", rerender);
    document.removeEventListener("keydown", onKey);
    document.body.classList.remove("at-table");
  }

  conn.connect();
  drawBanner();
  return stop;
}
