// The table's chat: its lines (shown as typed, never as markup), the form that writes
// one, and on a narrow screen the button that opens it over the table with the unread
// lines counted. ``t`` is the table page's state (table.js): ``welcome`` and ``send``.
import { el, fill, plural, prefs } from "./util.js";
import { NARROW } from "./view.js";

const CHAT_LIMIT = 200; // characters of a chat line (the server's limit)

export class Chat {
  constructor(t) {
    this.t = t;
    this.open = false; // the chat over the table (narrow screens)
    this.unread = 0; // chat lines come while it was closed
    this.sent = null; // the text sent, kept in the box until the server shows it
    this.lines = el("div", { class: "chat-lines", id: "chat-lines", role: "log",
                             "aria-label": "Chat" });
    this.input = el("input", { id: "chat-input", autocomplete: "off", "aria-label": "Message",
                               placeholder: "Say something…", oninput: () => this.cut() });
    // a spectator's name in the chat (a player's is her seat's): sent with each line
    this.name = el("input", { id: "chat-name", maxlength: 24, autocomplete: "off",
                              value: prefs.name || "", "aria-label": "Your name",
                              oninput: () => this.sayName() });
    this.form = el("form", { class: "chat-form", onsubmit: (event) => {
      event.preventDefault();
      const text = this.input.value.trim();
      const named = t.welcome.seat === null && this.name.value.trim()
        ? { name: this.name.value } : {};
      if (text && t.send({ type: "chat", text, ...named })) this.sent = text;
    } }, this.name, this.input, el("button", { type: "submit", id: "chat-send" }, "Send"));
    this.note = el("p", { class: "muted", id: "chat-note", role: "status" });
    this.box = el("section", { class: "panel chat", id: "chat" }, el("h3", {}, "Chat"),
                  this.lines, this.form, this.note);
    this.button = el("button", { id: "chat-button", class: "chat-button",
                                 onclick: () => this.show(!this.open) });
    this.drawButton();
  }

  // a paste longer than a line may be is cut to it, and says so
  cut() {
    const input = this.input;
    if (input.value.length <= CHAT_LIMIT) return;
    const was = input.value.length;
    input.value = input.value.slice(0, CHAT_LIMIT);
    fill(this.note, `Cut to ${CHAT_LIMIT} characters (a message has at most ${CHAT_LIMIT}; `
               + `you pasted ${was}).`);
  }

  // a line of the chat; ``fresh``: just written (counted unread while the chat is closed)
  add(line, fresh) {
    const seat = line.seat === null ? "spectator" : `seat${line.seat}`;
    // text nodes only: whatever a line holds is shown as typed, never as markup
    this.lines.append(el("div", { class: `chat-line ${seat}` },
                         el("strong", {}, `${line.name}${line.seat === null ? " (watching)" : ""}: `),
                         line.text));
    this.lines.scrollTop = this.lines.scrollHeight;
    if (this.sent !== null && line.text === this.sent && line.seat === this.t.welcome.seat) {
      if (this.input.value.trim() === this.sent) this.input.value = "";
      this.sent = null;
      this.sayName();
    }
    if (fresh && (!this.open && NARROW.matches)) {
      this.unread += 1;
      this.drawButton();
    }
  }

  // under the chat: who may write, and a spectator's name in it
  sayName() {
    const welcome = this.t.welcome;
    if (!welcome) return;
    const typed = this.name.value.trim();
    fill(this.note, !welcome.may_chat ? "Spectators read the chat; the players write."
      : welcome.seat !== null ? ""
        : typed ? `You write as ${typed} (watching).`
          : `You write as ${welcome.name} unless you type a name.`);
  }

  // a connection's welcome: the chat so far, and who may write
  welcome(message) {
    fill(this.lines);
    message.chat.forEach((line) => this.add(line, false));
    this.form.hidden = !message.may_chat;
    this.name.hidden = message.seat !== null;
    this.name.placeholder = message.name;
    this.sent = null;
    this.sayName();
  }

  // the server refused ``words``: if a line was in flight, it is kept in the box
  refused(words) {
    if (this.sent === null) return false;
    this.sent = null;
    fill(this.note, `Not sent: ${words}. Your message is still in the box.`);
    return true;
  }

  drawButton() {
    const unread = this.unread;
    fill(this.button, "Chat", unread ? el("span", { class: "badge", id: "unread" }, unread)
      : null);
    this.button.setAttribute("aria-label", unread
      ? `Chat, ${plural(unread, "unread message")}` : "Chat");
    this.button.setAttribute("aria-expanded", String(this.open));
  }

  // open the chat over the table, or close it
  show(open) {
    this.open = open;
    if (open) this.unread = 0;
    this.box.closest(".table-page").classList.toggle("chat-open", open);
    this.drawButton();
    if (open) this.input.focus({ preventScroll: true });
    else this.button.focus({ preventScroll: true });
  }
}
