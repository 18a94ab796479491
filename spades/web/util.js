// Small helpers shared by the pages: elements, the server's API, stored tokens and prefs.

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  return fill(node, ...children);
}

// Replace ``node``'s children; null, undefined and false are left out, arrays flattened.
export function fill(node, ...children) {
  node.replaceChildren();
  return add(node, ...children);
}

// Append ``children`` to ``node`` as :func:`fill` does.
export function add(node, ...children) {
  for (const child of children.flat(2)) {
    if (child !== null && child !== undefined && child !== false) {
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  }
  return node;
}

export async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
  return data;
}

const TOKENS = "spades.tokens";

function seats() {
  return JSON.parse(localStorage.getItem(TOKENS) || "{}");
}

// This browser's seat at ``table``: { seat, token, secret (the seat's invite secret),
// invites (a creator's: every person seat's secret) }, or null.
export function savedSeat(table) {
  return seats()[table] || null;
}

export function saveSeat(table, seat, token, more = {}) {
  const all = seats();
  all[table] = { seat, token, ...more };
  localStorage.setItem(TOKENS, JSON.stringify(all));
}

export function forgetSeat(table) {
  const all = seats();
  delete all[table];
  localStorage.setItem(TOKENS, JSON.stringify(all));
}

// Forget this browser's seat at ``table`` (taken on another device) but not a creator's
// invite links, which still take the other seats.
export function forgetToken(table) {
  const invites = (savedSeat(table) || {}).invites;
  if (invites) saveSeat(table, null, null, { invites }); else forgetSeat(table);
}

// The tables this browser holds seats at, the latest last.
export function myTables() {
  return Object.keys(seats());
}

// The link that takes ``seat`` of ``table`` with its invite secret (null: none known).
export function inviteLink(table, seat, secret) {
  return secret ? `${location.origin}/#/join/${table}/${seat}/${secret}` : null;
}

export const prefs = {
  get autoPlayOne() { return localStorage.getItem("spades.autoPlayOne") !== "false"; },
  set autoPlayOne(on) { localStorage.setItem("spades.autoPlayOne", on ? "true" : "false"); },
  get name() { return localStorage.getItem("spades.name") || ""; },
  set name(text) { localStorage.setItem("spades.name", text); },
  get sound() { return localStorage.getItem("spades.sound") !== "off"; },
  set sound(on) { localStorage.setItem("spades.sound", on ? "on" : "off"); },
};

// ``n`` and its noun, plural unless one: plural(1, "bag") is "1 bag".
export function plural(n, noun) {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

// Copy ``text`` to the clipboard (``box``, an input holding it, is the way without one);
// whether it was copied.
export async function copyText(text, box) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    box.select();
    try { return document.execCommand("copy"); } catch { return false; }
  }
}

let toastTimer = 0;
export function toast(text) {
  const box = document.getElementById("toast");
  box.textContent = text;
  box.classList.add("shown");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => box.classList.remove("shown"), 4000);
}
