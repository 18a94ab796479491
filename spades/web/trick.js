// The trick in the middle of the table: the one being played, the last one when asked
// for, and a trick just completed, held with its winner lit and then swept toward her.
import { cardFace } from "./cards.js";
import { el, fill } from "./util.js";

const HOLD_MS = 1200; // a completed trick stays on the table this long, winner lit
const SWEEP_MS = 450; // then its cards sweep toward the winner

export class TrickArea {
  // ``redraw`` is called as the held trick starts to sweep and when it is gone
  constructor(redraw) {
    this.node = el("div", { class: "trick-area", id: "trick" });
    this.redraw = redraw;
    this.held = null; // the completed trick on show: { trick, sweeping }
    this.seen = undefined; // "hand/number" of the last completed trick seen (none yet)
    this.timers = [];
    this.key = null; // what the area shows, to redraw it only when it changes
  }

  // whether a state was followed yet (the first state's last trick is not held: it was
  // on the table before the page came)
  get following() {
    return this.seen !== undefined;
  }

  // Whether ``key`` ("hand/number" of a completed trick, "" for none) is not the one
  // seen last; it is now.
  see(key) {
    const fresh = key !== this.seen;
    this.seen = key;
    return fresh;
  }

  // Hold ``trick`` (a completed one: leader, cards, winner) on the table, then sweep it.
  hold(trick) {
    this.timers.forEach(clearTimeout);
    this.held = { trick, sweeping: false };
    this.timers = [
      setTimeout(() => { this.held.sweeping = true; this.redraw(); }, HOLD_MS),
      setTimeout(() => { this.held = null; this.redraw(); }, HOLD_MS + SWEEP_MS),
    ];
  }

  // Draw the held trick, else ``last`` (the last completed, when ``asked`` for), else
  // ``current`` (the trick being played); each card in front of the seat that played it
  // (``order``: the seats from the bottom of the table, clockwise). ``winnerWords`` says
  // who won a completed trick, ``asked`` whether it is the last one asked for.
  draw({ current, last, asked, order, names, winnerWords }) {
    const held = this.held;
    const shown = held ? { trick: held.trick, done: true, sweeping: held.sweeping }
      : asked && last ? { trick: last, done: true, asked: true }
        : { trick: current, done: false };
    const t = shown.trick;
    const key = JSON.stringify([t, shown, order, names]);
    if (key === this.key) return; // redrawn only when it changes: an animation runs on
    this.key = key;
    this.node.dataset.shown = shown.done ? "done" : "current";
    if (!t) {
      fill(this.node);
      return;
    }
    const cards = t.cards.map((card, i) => {
      const seat = t.seats[i];
      const winner = shown.done && seat === t.winner;
      return el("div", { class: `played pos${order.indexOf(seat)}${winner ? " winner" : ""}`,
                         "data-seat": seat }, cardFace(card));
    });
    const caption = shown.done ? el("div", { class: "caption", id: "trick-caption" },
                                    winnerWords(t.winner, Boolean(shown.asked))) : null;
    const sweep = shown.sweeping ? ` sweep to${order.indexOf(t.winner)}` : "";
    fill(this.node, el("div", { class: `trick${shown.done ? " done" : ""}${sweep}`,
                                role: "group", "aria-label": shown.done ? "The last trick"
                                  : "The trick on the table" }, cards, caption));
  }

  stop() {
    this.timers.forEach(clearTimeout);
  }
}
