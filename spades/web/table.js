// A table: the websocket to the server, and the view of this seat drawn from its
// Observation alone (the server sends nothing else). Actions go out as text (docs/record.md).
import { cardBack, cardFace, cardLabel, withSymbols } from "./cards.js";
import { beep } from "./sound.js";
import { cardWords, inWords, parseTyped } from "./speech.js";
import { add, api, copyText, el, fill, forgetToken, inviteLink, plural, prefs, savedSeat,
         saveSeat, toast } from "./util.js";

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
const CHAT_LIMIT = 200; // characters of a chat line (the server's limit)
const SUIT_RANK = { S: 0, H: 1, C: 2, D: 3 }; // the hand's order on the table
const RANKS = "AKQJT98765432";
const NARROW = window.matchMedia("(max-width: 1099px)"); // chat behind its button
const TAP_TO_RAISE = window.matchMedia("(max-width: 700px), (pointer: coarse)");

// cards in the order the hand shows them (spades, hearts, clubs, diamonds, high first)
function inHandOrder(cards) {
  return [...cards].sort((a, b) => SUIT_RANK[a[1]] - SUIT_RANK[b[1]]
                                   || RANKS.indexOf(a[0]) - RANKS.indexOf(b[0]));
}

// a card's text with its suit's colour: "10♥" in red
function cardSpan(card) {
  return el("span", { class: `suit-${card[1]}` }, cardLabel(card));
}

// The cards played so far in the hand of ``view``.
function playedCount(view) {
  return view.tricks.reduce((count, t) => count + t.cards.length, 0)
    + (view.trick ? view.trick.cards.length : 0);
}

// points as a person reads them: "+51", "−200", "0"; a score: "120", "−70"
function signed(points) {
  return `${points > 0 ? "+" : ""}${score(points)}`;
}
function score(points) {
  return `${points < 0 ? "−" : ""}${Math.abs(points)}`;
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
  let typed = ""; // what was typed at the table (a card, a bid, a key), until Enter
  let raised = null; // the card a first tap (or typing) raised; a second tap plays it
  let chatOpen = false; // the chat over the table (narrow screens)
  let unread = 0; // chat lines come while it was closed
  const spoken = new Set(); // the plays, bids and tricks already announced
  let turnSaid = ""; // the last turn announced
  const kept = new Map(); // name: { key, node }, parts kept while the computer plays on

  const banner = el("div", { class: "banner", id: "reconnecting", role: "status" });
  const head = el("div", { class: "head" });
  const slots = [0, 1, 2, 3].map((i) => el("div", { class: `slot pos${i}` }));
  const trickArea = el("div", { class: "trick-area", id: "trick" });
  const felt = el("div", { class: "felt" }, slots, el("div", { class: "center" }, trickArea));
  const foot = el("div", { class: "foot" });
  const overlay = el("div", { class: "overlays" });
  const board = el("div", { class: "board", id: "board", hidden: true }, head, felt, foot,
                   overlay);
  const waiting = el("div", { class: "panel waiting", id: "waiting" }, "Opening the table…");
  const announcer = el("div", { id: "announce", class: "sr-only", "aria-live": "polite",
                                "aria-label": "Table announcements" });
  const chat = chatPanel();
  const device = el("div", { class: "device" });
  const side = el("aside", { class: "side-panel", id: "side", "aria-label": "Chat" },
                  el("button", { class: "close-chat", id: "close-chat", "aria-label": "Close the chat",
                                 onclick: () => openChat(false) }, "✕"),
                  chat.box, device);
  const page = el("div", { class: "table-page" }, banner, waiting, board, side, announcer);
  root.append(page);
  document.body.classList.add("at-table");

  const rerender = () => render();
  NARROW.addEventListener("change", rerender);
  const opened = performance.now();
  const ticker = setInterval(() => { tick(); drawBanner(); }, 250);
  document.addEventListener("keydown", onKey);

  // the sounds are a seat's (its player may mute them); a spectator's page is silent
  function sound(kind) {
    if (welcome && welcome.seat !== null) beep(kind);
  }

  // a message to the server; false (and a visible refusal) while the socket is down
  function send(message) {
    if (!live) {
      toast("Not connected: nothing was sent. Reconnecting…"); // read out: a live region
      return false;
    }
    ws.send(JSON.stringify(message));
    return true;
  }
  // one move in flight at a time: a second click before the server answers does nothing;
  // whether the move went out. ``auto``: Auto Play One's, which never takes a seat back.
  function act(text, auto = false) {
    if (pending !== null || !send({ type: "action", action: text, ...(auto ? { auto } : {}) })) {
      return false;
    }
    const seq = pending = state.seq;
    hint = null;
    typed = "";
    raised = null;
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
  function toggle(card) {
    if (selected.has(card)) selected.delete(card); else selected.add(card);
    keepPicked();
    say(`${cardWords(card)} ${selected.has(card) ? "chosen" : "no longer chosen"}; `
        + `${plural(selected.size, "card")} chosen.`);
    render();
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
    if (message.type === "error" && message.message === "no such table") {
      closed = true;
      if (!state) {
        stop();
        nowhere(root, "No such table", GONE);
        return;
      }
      toast(message.message);
    } else if (message.type === "error" && !welcome && mine) { // a token that no longer holds a seat
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
      if (raised && !message.view.hand.includes(raised)) raised = null;
      follow(before);
      render();
    } else if (message.type === "hand_over") {
      summary = message; // shown once its last trick has been
      const tricks = message.record.tricks;
      const last = tricks[tricks.length - 1];
      if (last && heldKey !== undefined) {
        heldKey = `${message.hand}/${tricks.length}`;
        hold({ hand: message.hand, number: tricks.length, ...last });
        sound("card");
        setTimeout(() => sound("trick"), SOUNDS_AFTER_MS);
      }
      if (state) {
        tricks.forEach((t, i) => sayTrick(message.hand, i + 1, t));
        sayHandOver(message);
      }
      checkSeed(message);
    } else if (message.type === "hint") {
      hint = message;
      if (hint.action) say(`Hint: ${inWords(hint.action)}: ${inWords(hint.reason || "")}`);
      render();
    } else if (message.type === "costly") {
      if (summary && summary.hand === message.hand) summary.costly = message.plays;
      render();
    } else if (message.type === "rematch") {
      saveSeat(message.table, message.seat, message.token, { secret: message.secret });
      location.hash = `#/table/${message.table}`;
    } else if (message.type === "chat") {
      chat.add(message.line, true);
    } else if (message.type === "error") {
      pending = null;
      if (!chat.refused(message.message)) toast(message.message); // read out: a live region
      render();
    }
  }

  // --------------------------------------------------------------- announcements

  // ``words`` in the live region, read out by a screen reader (the last lines kept);
  // while ``gathering`` (one state's news), they make one line
  let gathering = null;
  function say(words) {
    if (!words) return;
    if (gathering) {
      gathering.push(words);
      return;
    }
    announcer.append(el("p", {}, words));
    while (announcer.childNodes.length > 30) announcer.firstChild.remove();
  }
  function gathered(run) {
    gathering = [];
    try { run(); } finally {
      const words = gathering.join(" ");
      gathering = null;
      say(words);
    }
  }

  function nameOf(seat) {
    return welcome && seat === welcome.seat ? "You" : state.seats[seat].name;
  }

  // the plays of trick ``number`` of hand ``hand`` not yet said, then its winner
  function sayTrick(hand, number, trick) {
    const n = state.seats.length;
    const parts = [];
    trick.cards.forEach((card, i) => {
      const key = `${hand}/${number}/${i}`;
      if (spoken.has(key)) return;
      spoken.add(key);
      const seat = (trick.leader + i) % n;
      parts.push(`${nameOf(seat)} ${seat === welcome.seat ? "play" : "plays"} the `
                 + `${cardWords(card)}.`);
    });
    const key = `${hand}/${number}/won`;
    if (trick.winner !== null && trick.winner !== undefined && !spoken.has(key)) {
      spoken.add(key);
      parts.push(`${nameOf(trick.winner)} ${trick.winner === welcome.seat ? "win" : "wins"} `
                 + "the trick.");
    }
    say(parts.join(" "));
  }

  function sayHandOver(message) {
    const r = message.record.result;
    if (!r) return;
    say(`Hand ${message.hand} is over. ` + [0, 1].map((side) =>
      `${sideName(side)} ${signed(r.points[side] - r.penalties[side])}, now ${score(r.scores[side])}`)
      .join("; ") + ".");
  }

  function bidWords(view, seat) {
    if (view.blind_nil.includes(seat)) return "blind nil";
    return view.bids[seat] === 0 ? "nil" : String(view.bids[seat]);
  }

  // what changed since ``before``, said in the live region: blind nils, bids, cards,
  // tricks won, whose turn it is (nothing of a page just opened but the turn)
  function announce(before) {
    const view = state.view;
    const hand = view.hand_number;
    const same = before && before.view.hand_number === hand;
    const n = state.seats.length;
    if (!before) { // what is on the table already was not seen happen: said as it stands
      view.tricks.forEach((t, i) => { t.cards.forEach((_, j) => spoken.add(`${hand}/${i + 1}/${j}`));
                                      spoken.add(`${hand}/${i + 1}/won`); });
      if (view.trick) view.trick.cards.forEach((_, j) => spoken.add(`${hand}/${view.tricks.length + 1}/${j}`));
    } else {
      if (!same) say(`Hand ${hand}.${view.dealer !== null ? ` ${nameOf(view.dealer)} `
                     + `${view.dealer === welcome.seat ? "deal" : "deals"}.` : ""}`);
      for (let seat = 0; seat < n; seat += 1) {
        const was = same ? before.view : null;
        if (view.blind_nil.includes(seat) && !(was && was.blind_nil.includes(seat))) {
          say(`${nameOf(seat)} ${seat === welcome.seat ? "declare" : "declares"} blind nil.`);
        } else if (view.bids[seat] !== null && !(was && was.bids[seat] !== null)
                   && !view.blind_nil.includes(seat)) {
          say(`${nameOf(seat)} ${seat === welcome.seat ? "bid" : "bids"} `
              + `${bidWords(view, seat)}.`);
        }
      }
      const last = state.last_trick;
      if (last && last.hand === hand) sayTrick(hand, last.number, last);
      view.tricks.forEach((t, i) => sayTrick(hand, i + 1, t));
      if (view.trick) sayTrick(hand, view.tricks.length + 1, view.trick);
    }
    const turn = turnWords(view);
    const key = `${hand}/${view.phase}/${view.to_move}/${playedCount(view)}`;
    if (turn && key !== turnSaid) {
      turnSaid = key;
      say(turn);
    }
  }

  function turnWords(view) {
    if (view.winner !== null) return `The game is over: ${sideName(view.winner)} won.`;
    if (view.to_move === null) return "";
    if (view.to_move !== welcome.seat || !view.legal.length) {
      return `${state.seats[view.to_move].name} to ${view.phase === "bidding" ? "bid" : "play"}.`;
    }
    return {
      "blind nil": "Your turn: blind nil? Type b and Enter for blind nil, n and Enter for no.",
      draft: `Your turn: keep or discard the ${view.offered ? cardWords(view.offered) : "card"}? `
        + "Type k or d, then Enter.",
      exchange: "Your turn: choose the cards to give by typing each and Enter, then g and Enter.",
      bidding: "Your turn to bid: type a number, or n for nil, then Enter.",
      play: "Your turn: type a card, as 7h or QS, then Enter (h reads your hand, "
        + "t the trick).",
    }[view.phase] || "Your turn.";
  }

  // what changed since ``before``: a completed trick to hold on the table, and sounds
  function follow(before) {
    if (welcome) gathered(() => announce(before));
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

  // --------------------------------------------------------------- the keyboard

  // Keys at the table (not in the chat's boxes): what is typed gathers until Enter, as in
  // the terminal: a card ("7h", "KD", "10s", "ts"), a bid (digits, n for nil), b or n at
  // the blind nil question, k or d in the draft, cards then g in an exchange. Esc clears.
  function onKey(event) {
    if (!state || !welcome || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "Escape" && chatOpen && !typed) {
      openChat(false);
      return;
    }
    const target = event.target;
    if (target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
    if (overlay.firstChild) { // a dialog over the table (the hand summary): its keys only
      if (typed) {
        typed = "";
        raised = null;
        render();
      }
      return; // Enter on its Continue closes it; nothing acts on the table behind
    }
    if (event.key === "Escape") {
      typed = "";
      raised = null;
      render();
      return;
    }
    if (event.key === "Backspace" && typed) {
      event.preventDefault();
      typed = typed.slice(0, -1);
      render();
      return;
    }
    if (event.key === "Enter") {
      if (!typed) return; // Enter alone clicks the button in focus, and nothing else
      event.preventDefault();
      const text = typed;
      typed = "";
      enter(text);
      render();
      return;
    }
    if (/^[0-9a-zA-Z]$/.test(event.key) && typed.length < 6) {
      event.preventDefault();
      typed += event.key;
      const card = parseTyped(typed);
      raised = card && state.view.hand.includes(card) ? card : null;
      render();
    }
  }

  // what ``text``, typed then Enter, does now (h, t and s read the hand, the trick and
  // the scores out, to anyone)
  function enter(text) {
    const view = state.view;
    const word = text.toLowerCase();
    const read = { h: handWords, t: trickWords, s: scoreWords }[word];
    if (read) {
      say(read(view));
      return;
    }
    if (welcome.seat === null) {
      say("You are watching: h, t and s then Enter read the hand, the trick and the scores.");
      return;
    }
    if (view.to_move !== welcome.seat || !view.legal.length) {
      say(view.to_move === null ? "Nobody is to move." : `It is not your turn: `
          + `${state.seats[view.to_move].name} is to ${view.phase === "bidding" ? "bid" : "play"}.`);
      return;
    }
    const phase = view.phase;
    const keys = { "blind nil": { b: "blind nil", n: "no blind nil" },
                   draft: { k: "keep", d: "discard" } }[phase];
    if (keys) {
      if (keys[word]) act(keys[word]);
      else say(`Type ${Object.keys(keys).join(" or ")}, then Enter.`);
    } else if (phase === "bidding") {
      const bid = word === "n" || word === "nil" || word === "0" ? "nil"
        : /^\d{1,2}$/.test(word) ? `bid ${Number(word)}` : null;
      if (bid && view.legal.includes(bid)) act(bid);
      else {
        const numbers = view.legal.filter((a) => a.startsWith("bid ")).map((a) => Number(a.slice(4)));
        const nil = view.legal.includes("nil") ? ", or n for nil" : "";
        say(`No bid ${text}: type a number from ${Math.min(...numbers)} to `
            + `${Math.max(...numbers)}${nil}, then Enter.`);
      }
    } else if (phase === "exchange" && word === "g") {
      give(view);
    } else {
      const card = parseTyped(text);
      if (!card) {
        say(`There is no card ${text}: type a rank and a suit, as 7h, KD or 10s.`);
      } else if (!view.hand.includes(card)) {
        say(`You do not hold the ${cardWords(card)}.`);
      } else if (phase === "exchange") {
        toggle(card);
      } else if (phase === "play") {
        act(`play ${card}`); // one not allowed now: the server says why, in words
      }
    }
  }

  // the hand in words, suit by suit: "Spades: ace, 7. Hearts: ..."
  function handWords(view) {
    if (welcome.seat === null) return "You are watching: you hold no cards.";
    if (!view.hand.length) return "You hold no cards now.";
    const suits = [];
    for (const card of view.hand) {
      const suit = cardWords(card).split(" of ")[1];
      const rank = cardWords(card).split(" of ")[0];
      const last = suits[suits.length - 1];
      if (last && last.suit === suit) last.ranks.push(rank);
      else suits.push({ suit, ranks: [rank] });
    }
    return `You hold ${plural(view.hand.length, "card")}. ` + suits.map(({ suit, ranks }) =>
      `${suit[0].toUpperCase()}${suit.slice(1)}: ${ranks.join(", ")}.`).join(" ");
  }

  // the trick on the table in words, who played each card
  function trickWords(view) {
    const trick = view.trick;
    if (!trick || !trick.cards.length) {
      return view.to_move === null ? "No card on the table."
        : `No card on the table: ${nameOf(view.to_move)} to lead.`;
    }
    const n = state.seats.length;
    return trick.cards.map((card, i) => `${nameOf((trick.leader + i) % n)}: `
      + `${cardWords(card)}${i ? "" : " (led)"}.`).join(" ");
  }

  // the scores in words, with the bags, this hand's bids and tricks
  function scoreWords(view) {
    return [0, 1].map((side) => {
      const tally = sideTally(view, side);
      return `${sideName(side)}: ${score(view.scores[side])} points, `
        + `${bagsText(view, side).replace("/", " of ")}${tally ? `, ${tally.replace("·", "and")}` : ""}.`;
    }).join(" ") + ` Hand ${view.hand_number}, playing to ${view.rules.target}.`;
  }

  // --------------------------------------------------------------- the chat

  function chatPanel() {
    const lines = el("div", { class: "chat-lines", id: "chat-lines", role: "log",
                              "aria-label": "Chat" });
    const input = el("input", { id: "chat-input", autocomplete: "off", "aria-label": "Message",
                                placeholder: "Say something…", oninput: () => cut() });
    // a spectator's name in the chat (a player's is her seat's): sent with each line
    const name = el("input", { id: "chat-name", maxlength: 24, autocomplete: "off",
                               value: prefs.name || "", "aria-label": "Your name",
                               oninput: () => sayName() });
    let sent = null; // the text sent, kept in the box until the server shows it
    const form = el("form", { class: "chat-form", onsubmit: (event) => {
      event.preventDefault();
      const text = input.value.trim();
      const named = welcome.seat === null && name.value.trim() ? { name: name.value } : {};
      if (text && send({ type: "chat", text, ...named })) sent = text;
    } }, name, input, el("button", { type: "submit", id: "chat-send" }, "Send"));
    const note = el("p", { class: "muted", id: "chat-note", role: "status" });
    const box = el("section", { class: "panel chat", id: "chat" }, el("h3", {}, "Chat"), lines,
                   form, note);
    // a paste longer than a line may be is cut to it, and says so
    function cut() {
      if (input.value.length <= CHAT_LIMIT) return;
      const was = input.value.length;
      input.value = input.value.slice(0, CHAT_LIMIT);
      fill(note, `Cut to ${CHAT_LIMIT} characters (a message has at most ${CHAT_LIMIT}; `
                 + `you pasted ${was}).`);
    }
    function add(line, fresh) {
      const seat = line.seat === null ? "spectator" : `seat${line.seat}`;
      // text nodes only: whatever a line holds is shown as typed, never as markup
      lines.append(el("div", { class: `chat-line ${seat}` },
                      el("strong", {}, `${line.name}${line.seat === null ? " (watching)" : ""}: `),
                      line.text));
      lines.scrollTop = lines.scrollHeight;
      if (sent !== null && line.text === sent && line.seat === welcome.seat) {
        if (input.value.trim() === sent) input.value = "";
        sent = null;
        sayName();
      }
      if (fresh && (!chatOpen && NARROW.matches)) {
        unread += 1;
        drawChatButton();
      }
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
      box, add, input,
      welcome(message) {
        fill(lines);
        message.chat.forEach((line) => add(line, false));
        form.hidden = !message.may_chat;
        name.hidden = message.seat !== null;
        name.placeholder = message.name;
        sent = null;
        sayName();
      },
      // the server refused ``words``: if a line was in flight, it is kept in the box
      refused(words) {
        if (sent === null) return false;
        sent = null;
        fill(note, `Not sent: ${words}. Your message is still in the box.`);
        return true;
      },
    };
  }

  const chatButton = el("button", { id: "chat-button", class: "chat-button",
                                    onclick: () => openChat(!chatOpen) });
  function drawChatButton() {
    fill(chatButton, "Chat", unread ? el("span", { class: "badge", id: "unread" }, unread)
      : null);
    chatButton.setAttribute("aria-label", unread ? `Chat, ${plural(unread, "unread message")}`
      : "Chat");
    chatButton.setAttribute("aria-expanded", String(chatOpen));
  }
  function openChat(open) {
    chatOpen = open;
    if (open) unread = 0;
    page.classList.toggle("chat-open", open);
    drawChatButton();
    if (open) chat.input.focus({ preventScroll: true });
    else chatButton.focus({ preventScroll: true });
  }
  drawChatButton();

  // --------------------------------------------------------------- drawing

  function seatName(seat) {
    return state.seats[seat].name;
  }

  // a seat's side, as Rules.side_of: seat % 2 (the seat itself with two players)
  function sideOf(seat) {
    return seat % 2;
  }

  // a side's name: "Us (Ann & Bob)", or with ``short`` "Us" (the names on a wide screen)
  function sideName(side, short = false) {
    const n = state.seats.length;
    const names = [...Array(n).keys()].filter((seat) => sideOf(seat) === side)
      .map(seatName).join(" & ");
    const mine = welcome.seat !== null && sideOf(welcome.seat) === side;
    if (n !== 4 || welcome.seat === null) return names;
    return short ? (mine ? "Us" : "Them") : `${mine ? "Us" : "Them"} (${names})`;
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
    if (s.left) return `left: the ${s.level} computer plays`;
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
      el("div", { class: "who" },
        el("div", { class: "name" }, el("span", { class: "text" }, s.name),
           role ? el("span", { class: "tag" }, role) : null,
           el("span", { class: "clock", "data-clock": seat })),
        el("div", { class: "meta" }, `bid ${bidText(view, seat)} · won ${view.tricks_won[seat]}`,
           view.exchanged[seat] !== null ? ` · exchanged ${view.exchanged[seat]}` : ""),
        status ? el("div", { class: "status" }, status) : null));
  }

  // the turn clock's seconds left, in the seat to move (and in the controls if it is mine);
  // it stands still while the server cannot be reached
  function tick() {
    if (!live && clock) clock.until += 250;
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
    fill(trickArea, el("div", { class: `trick${shown.done ? " done" : ""}${sweep}`,
                                role: "group", "aria-label": shown.done ? "The last trick"
                                  : "The trick on the table" }, cards, caption));
  }

  function handRow(view, mySeat) {
    const myTurn = view.to_move === mySeat && view.legal.length > 0;
    const playable = new Set(view.legal.map(actionCard).filter(Boolean));
    const hinted = hint && typeof hint === "object" ? actionCard(hint.action) : null;
    return el("div", { class: "hand", id: "hand", role: "group", "aria-label": "Your hand",
                       "data-count": view.hand.length }, view.hand.map((card) => {
      const face = cardFace(card);
      const wrapper = el("button", { class: "hand-card", "data-card": card,
                                     "aria-label": cardWords(card) }, face);
      if (card === raised) wrapper.classList.add("raised");
      if (view.phase === "play" && myTurn) {
        if (playable.has(card)) {
          wrapper.classList.add("playable");
          if (card === hinted) wrapper.classList.add("hinted");
          wrapper.addEventListener("click", () => {
            // on a phone a first tap raises the card, a second plays it
            if (TAP_TO_RAISE.matches && raised !== card) {
              raised = card;
              say(`The ${cardWords(card)}: tap it again to play it.`);
              render();
            } else {
              act(`play ${card}`);
            }
          });
        } else {
          wrapper.classList.add("unplayable");
          wrapper.disabled = true;
        }
      } else if (view.phase === "exchange" && myTurn) {
        if (selected.has(card)) wrapper.classList.add("selected");
        wrapper.setAttribute("aria-pressed", String(selected.has(card))); // picked, to a reader
        wrapper.addEventListener("click", () => toggle(card));
      } else {
        wrapper.disabled = true;
      }
      return wrapper;
    }));
  }

  function give(view) {
    const sizes = view.rules.give_sizes;
    const most = sizes[sizes.length - 1];
    const allowed = sizes.length === 1 ? selected.size === most : selected.size <= most;
    if (!allowed) {
      say(`Choose ${sizes.length === 1 ? "exactly" : "at most"} ${plural(most, "card")}: `
          + `${selected.size} chosen.`);
      return;
    }
    if (!act(["give", ...selected].join(" "))) return;
    selected = new Set();
    keepPicked();
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
    return el("button", { class: "action primary", id: "give", disabled: !allowed,
                          onclick: () => give(view) }, label);
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

  // what is typed so far, and what Enter will do with it
  function typedNote() {
    if (!typed) return null;
    const card = parseTyped(typed);
    return el("span", { class: "typed", id: "typed" }, `⌨ ${typed}`,
              card ? ` (${cardLabel(card)})` : "", " · Enter");
  }

  function controls(view, mySeat) {
    if (view.to_move !== mySeat || !view.legal.length) {
      const waiting = view.to_move === null ? "" : `Waiting for ${seatName(view.to_move)}…`;
      return el("div", { class: "controls", id: "controls" }, waiting, typedNote());
    }
    const box = el("div", { class: "controls mine", id: "controls" });
    if (view.phase === "blind nil") {
      add(box, el("span", {}, `Before you see your cards: blind nil (±${view.rules.blind_nil_points})? `),
        el("button", { class: "action", "data-action": "no blind nil", "aria-keyshortcuts": "N",
                       onclick: () => act("no blind nil") }, "No blind nil (n)"),
        el("button", { class: "action", "data-action": "blind nil", "aria-keyshortcuts": "B",
                       onclick: () => act("blind nil") }, "Bid blind nil (b)"));
    } else if (view.phase === "draft") {
      add(box, el("div", { class: "offered", id: "offered" }, cardFace(view.offered)),
        el("button", { class: "action", "data-action": "keep", onclick: () => act("keep") },
           "Keep (k)"),
        el("button", { class: "action", "data-action": "discard",
                       onclick: () => act("discard") }, "Discard (d)"),
        el("span", { class: "muted" }, ` ${plural(view.stock_left, "card")} left in the stock`));
    } else if (view.phase === "exchange") {
      add(box, el("span", { id: "exchange-words" }, exchangeWords(view)),
          giveButton(view), el("span", { class: "muted keys" }, " (type a card and Enter to "
                                                              + "choose it, g to give)"));
    } else if (view.phase === "bidding") {
      add(box, el("span", {}, "Your bid: "), view.legal.map((text) =>
        el("button", { class: "action bid", "data-action": text, onclick: () => act(text) },
           text === "nil" ? "Nil" : text.replace("bid ", ""))));
    } else if (view.phase === "play") {
      add(box, el("span", {}, view.trick && view.trick.cards.length ? "Your turn: play a card"
        : "Your lead: play a card"),
        el("span", { class: "muted keys" }, TAP_TO_RAISE.matches ? " (tap, then tap again)"
          : " (click, or type it: 7h, QS, 10d and Enter)"));
    }
    add(box, typedNote(), el("span", { class: "clock", "data-clock": mySeat }),
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

  // bags toward the limit: "bags 3/10" ("bags 3" with no penalty)
  function bagsText(view, side) {
    const limit = view.rules.bag_limit;
    return `bags ${view.bag_totals[side]}${limit > 0 ? `/${limit}` : ""}`;
  }

  function scoreLine(view) {
    return el("div", { class: "scores", id: "scores" }, [0, 1].map((side) => {
      const tally = sideTally(view, side);
      const mine = welcome.seat !== null && sideOf(welcome.seat) === side;
      return el("div", { class: `side${mine ? " ours" : ""}`, "data-side": side },
        el("strong", { class: "side-name", title: sideName(side) }, sideName(side, NARROW.matches)),
        el("span", { class: "points" }, ` ${score(view.scores[side])}`),
        el("span", { class: "bags", "data-bags": side }, ` · ${bagsText(view, side)}`),
        tally ? el("span", { class: "tally", "data-tally": side }, ` · ${tally}`) : null);
    }), el("span", { class: "muted hand-no" }, `Hand ${view.hand_number} · to ${view.rules.target}`));
  }

  function scoreSheet(view) {
    return el("table", { class: "sheet", id: "sheet" },
      el("tr", {}, el("th", {}, "Hand"), [0, 1].map((side) => el("th", {}, sideName(side)))),
      view.results.map((r, i) => el("tr", {}, el("td", {}, i + 1), [0, 1].map((side) =>
        el("td", {}, `${signed(r.points[side] - r.penalties[side])} → ${score(r.scores[side])}`
                     + ` (${plural(r.bags[side], "bag")}`
                     + `${r.penalties[side] ? `, −${r.penalties[side]}` : ""}`
                     + `; bags ${r.bag_totals[side]})`)))));
  }

  // one side's hand in words (the engine's breakdown), its points and the running total
  function sideSummary(side, r) {
    const items = summary.breakdown[side];
    const hand = r.points[side] - r.penalties[side];
    return el("div", { class: "side-summary", "data-side": side },
      el("h3", {}, sideName(side)),
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

  // ``away``: the way back to a seat the computer plays, on top (not under the summary)
  function handSummary(away) {
    const hand = summary.record;
    const n = state.seats.length;
    const bids = Array(n).fill("—");
    for (const seat of hand.blind_nil) bids[seat] = "blind nil";
    for (const b of hand.bids) bids[b.seat] = b.bid === 0 ? "nil" : String(b.bid);
    const r = hand.result;
    const last = state.view.winner !== null && state.view.hand_number === summary.hand;
    const close = () => {
      summary = null;
      if (welcome.seat !== null && live) ws.send(JSON.stringify({ type: "summary_closed" }));
      render();
    };
    const panel = el("div", { class: "panel summary", role: "dialog", "aria-modal": "true",
                              "aria-labelledby": "summary-title" },
      el("h2", { id: "summary-title" }, `Hand ${summary.hand}${last ? ", the last" : ""}`), away,
      el("div", { class: "sides" }, [0, 1].map((side) => sideSummary(side, r))),
      el("table", { class: "sheet players" },
        el("tr", {}, el("th", {}, "Player"), el("th", {}, "Bid"), el("th", {}, "Won"),
           el("th", {}, "Held")),
        [...Array(n).keys()].map((seat) => el("tr", {}, el("td", {}, seatName(seat)),
          el("td", {}, bids[seat]), el("td", {}, r.tricks[seat]),
          el("td", { class: "held" }, inHandOrder(hand.holdings[seat]).map((card, i) =>
            [i ? " " : "", cardSpan(card)]))))),
      welcome.seat === null ? null : costlyPlays(),
      el("p", { class: "seed" }, "Seed revealed: ", el("code", {}, summary.seed), " ",
         summary.verified === true ? "✓ matches the SHA-256 published at the deal"
           : summary.verified === false ? "✗ does not match!" : ""),
      el("div", { class: "summary-actions" }, el("button", { class: "primary", id: "continue",
                                                            onclick: close },
                                                  last ? "See the result" : "Continue")));
    return el("div", { class: "overlay", id: "hand-summary" }, panel);
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
      `Trick ${p.trick}: `, cardSpan(p.card), ` cost ${Math.round(p.cost * 10) / 10} points; `,
      cardSpan(p.best_card), " was best.")));
  }

  function gameOver(view, mySeat) {
    const side = view.winner;
    const won = mySeat !== null && sideOf(mySeat) === side;
    return el("div", { class: "overlay", id: "game-over" }, el("div", { class: "panel",
                                                                        role: "dialog" },
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

  // a link in a box, with a button that copies it
  function linkBox(link, label, attrs) {
    const box = el("input", { readonly: true, value: link, "aria-label": label, ...attrs,
                              onclick: (e) => e.target.select() });
    const button = el("button", { class: "copy", "data-copy": attrs["data-invite"] ?? "mine",
                                  onclick: async () => {
                                    const ok = await copyText(link, box);
                                    fill(button, ok ? "Copied ✓" : "Select and copy");
                                    say(ok ? `${label}: copied.` : "Could not copy: select the link.");
                                    setTimeout(() => fill(button, "Copy link"), 2500);
                                  } }, "Copy link");
    return [box, button];
  }

  // the invite links this browser knows for the free seats (a creator's)
  function invites() {
    const known = (savedSeat(table) || {}).invites || {}; // a creator's, kept without a seat
    const free = state.seats.map((s, seat) => ({ s, seat, link: inviteLink(table, seat, known[seat]) }))
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
    const s = state.seats[mySeat];
    if (s.kind !== "person" || !s.away) return null;
    const why = s.left ? "You left your seat" : s.timeouts >= 3
      ? `You ran out of time ${s.timeouts} turns in a row` : "You were away";
    return keep("away", `${why}/${s.level}`, () => el("div", { class: "panel away-note", id: "away" },
      `${why}: the ${s.level} computer plays for you. `,
      el("button", { class: "primary", id: "take-back",
                     onclick: () => send({ type: "seat", away: false }) }, "Take my seat back")));
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
    board.dataset.pending = pending === null ? "no" : "yes";
    board.dataset.players = n;
    fill(head,
      scoreLine(view),
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
    slots.forEach((slot, i) => fill(slot, i < n ? seatBox(view, order[i], i === 0 && seated)
      : null));
    drawTrick(order);
    const person = seated && state.seats[mySeat].kind === "person";
    const summed = !held && summary; // the hand summary is up (the last hand's too)
    const away = seated && running ? awayPanel(mySeat) : null; // in one place
    fill(foot,
      summed ? null : away,
      seated ? controls(view, mySeat) : null,
      seated ? handRow(view, mySeat) : null,
      view.discards.length ? el("div", { class: "discards" }, "Your discards: ",
                                view.discards.map((c, i) => [i ? " " : "", cardSpan(c)])) : null,
      view.gave.length ? el("div", { class: "discards" }, "You gave ",
        view.gave.map((c, i) => [i ? " " : "", cardSpan(c)]),
        view.received.length ? [", received ", view.received.map((c, i) => [i ? " " : "",
                                                                          cardSpan(c)])] : "") : null,
      el("div", { class: "buttons", id: "table-buttons" },
        el("button", { id: "last-trick", disabled: !state.last_trick,
                       onclick: () => { showLast = !showLast; render(); } },
           showLast ? "Current trick" : "Last trick"),
        el("button", { id: "score-sheet", "aria-expanded": String(showSheet),
                       onclick: () => { showSheet = !showSheet; render(); } },
           showSheet ? "Hide score sheet" : "Score sheet"),
        seated ? seatPrefs() : null,
        person && running && !state.seats[mySeat].away
          ? keep("leave", "", () => el("button", { id: "leave-seat", onclick: () =>
            send({ type: "seat", away: true }) }, "Let the computer play for me")) : null,
        NARROW.matches ? chatButton : null,
        el("a", { class: "button", id: "lobby", href: "#/" }, "Lobby")),
      showSheet ? el("div", { class: "sheet-box" }, scoreSheet(view)) : null);
    fill(overlay, held ? null  // the last trick of a hand first, then its summary
      : summed ? handSummary(away)
        : view.winner !== null ? gameOver(view, mySeat) : null);
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
        if (state.seq === seq && !state.seats[mySeat].away) act(only, true);
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
    closed = true;
    clearInterval(ticker);
    holdTimers.forEach(clearTimeout);
    NARROW.removeEventListener("change", rerender);
    document.removeEventListener("keydown", onKey);
    document.body.classList.remove("at-table");
    if (ws) ws.close();
  }

  connect();
  drawBanner();
  return stop;
}
