// The table in words, for a screen reader: what changed since the last state said in a
// live region (blind nils, bids, cards, tricks, whose turn), and the hand, the trick and
// the scores read out on request. ``t`` is the table page's state (table.js).
import { controlsOf, verbOf } from "./controls.js";
import { cardWords } from "./speech.js";
import { el, plural } from "./util.js";
import { bagsText, score, seatName, sideName, sideTally, signed } from "./view.js";

// The cards played so far in the hand of ``view``.
export function playedCount(view) {
  return view.tricks.reduce((count, t) => count + t.cards.length, 0)
    + (view.trick ? view.trick.cards.length : 0);
}

export class Announcer {
  constructor(t) {
    this.t = t;
    this.node = el("div", { id: "announce", class: "sr-only", "aria-live": "polite",
                            "aria-label": "Table announcements" });
    this.spoken = new Set(); // the plays, bids and tricks already announced
    this.turnSaid = ""; // the last turn announced
    this.gathering = null; // while one state's news is said: its words, said as one line
  }

  // ``words`` in the live region, read out by a screen reader (the last lines kept);
  // while gathering (one state's news), they make one line
  say(words) {
    if (!words) return;
    if (this.gathering) {
      this.gathering.push(words);
      return;
    }
    this.node.append(el("p", {}, words));
    while (this.node.childNodes.length > 30) this.node.firstChild.remove();
  }

  gathered(run) {
    this.gathering = [];
    try { run(); } finally {
      const words = this.gathering.join(" ");
      this.gathering = null;
      this.say(words);
    }
  }

  nameOf(seat) {
    const t = this.t;
    return t.welcome && seat === t.welcome.seat ? "You" : seatName(t, seat);
  }

  // the plays of trick ``number`` of hand ``hand`` not yet said, then its winner
  trick(hand, number, trick) {
    const me = this.t.welcome.seat;
    const parts = [];
    trick.cards.forEach((card, i) => {
      const key = `${hand}/${number}/${i}`;
      if (this.spoken.has(key)) return;
      this.spoken.add(key);
      const seat = trick.seats[i];
      parts.push(`${this.nameOf(seat)} ${seat === me ? "play" : "plays"} the `
                 + `${cardWords(card)}.`);
    });
    const key = `${hand}/${number}/won`;
    if (trick.winner !== null && trick.winner !== undefined && !this.spoken.has(key)) {
      this.spoken.add(key);
      parts.push(`${this.nameOf(trick.winner)} ${trick.winner === me ? "win" : "wins"} `
                 + "the trick.");
    }
    this.say(parts.join(" "));
  }

  // a hand_over message: its tricks not yet said, and the hand's points
  handOver(message) {
    message.tricks.forEach((trick, i) => this.trick(message.hand, i + 1, trick));
    const r = message.record.result;
    if (!r) return;
    this.say(`Hand ${message.hand} is over. ` + [0, 1].map((side) =>
      `${sideName(this.t, side)} ${signed(r.points[side] - r.penalties[side])}, now `
      + `${score(r.scores[side])}`).join("; ") + ".");
  }

  // what changed since ``before`` (a state message), said in the live region: blind
  // nils, bids, cards, tricks won, whose turn it is (nothing of a page just opened but
  // the turn)
  changes(before) {
    this.gathered(() => this.news(before));
  }

  news(before) {
    const { state, welcome } = this.t;
    const view = state.view;
    const hand = view.hand_number;
    const same = before && before.view.hand_number === hand;
    const n = state.seats.length;
    if (!before) { // what is on the table already was not seen happen: said as it stands
      view.tricks.forEach((t, i) => {
        t.cards.forEach((_, j) => this.spoken.add(`${hand}/${i + 1}/${j}`));
        this.spoken.add(`${hand}/${i + 1}/won`);
      });
      if (view.trick) {
        view.trick.cards.forEach((_, j) => this.spoken.add(`${hand}/${view.tricks.length + 1}/${j}`));
      }
    } else {
      if (!same) this.say(`Hand ${hand}.${view.dealer !== null ? ` ${this.nameOf(view.dealer)} `
                          + `${view.dealer === welcome.seat ? "deal" : "deals"}.` : ""}`);
      for (let seat = 0; seat < n; seat += 1) {
        const was = same ? before.view : null;
        const verb = (word) => (seat === welcome.seat ? word : `${word}s`);
        if (view.blind_nil.includes(seat) && !(was && was.blind_nil.includes(seat))) {
          this.say(`${this.nameOf(seat)} ${verb("declare")} blind nil.`);
        } else if (view.bids[seat] !== null && !(was && was.bids[seat] !== null)
                   && !view.blind_nil.includes(seat)) {
          this.say(`${this.nameOf(seat)} ${verb("bid")} ${view.bids[seat] === 0 ? "nil"
            : String(view.bids[seat])}.`);
        }
      }
      const last = state.last_trick;
      if (last && last.hand === hand) this.trick(hand, last.number, last);
      view.tricks.forEach((t, i) => this.trick(hand, i + 1, t));
      if (view.trick) this.trick(hand, view.tricks.length + 1, view.trick);
    }
    const turn = this.turnWords(view);
    const key = `${hand}/${view.phase}/${view.to_move}/${playedCount(view)}`;
    if (turn && key !== this.turnSaid) {
      this.turnSaid = key;
      this.say(turn);
    }
  }

  turnWords(view) {
    const t = this.t;
    if (view.winner !== null) return `The game is over: ${sideName(t, view.winner)} won.`;
    if (view.to_move === null) return "";
    if (view.to_move !== t.welcome.seat || !view.legal.length) {
      return `${seatName(t, view.to_move)} to ${verbOf(view.phase)}.`;
    }
    return controlsOf(view.phase).turn(view);
  }

  // the hand in words, suit by suit: "Spades: ace, 7. Hearts: ..."
  handWords(view) {
    if (this.t.welcome.seat === null) return "You are watching: you hold no cards.";
    if (!view.hand.length) return "You hold no cards now.";
    const suits = [];
    for (const card of view.hand) {
      const [rank, suit] = cardWords(card).split(" of ");
      const last = suits[suits.length - 1];
      if (last && last.suit === suit) last.ranks.push(rank);
      else suits.push({ suit, ranks: [rank] });
    }
    return `You hold ${plural(view.hand.length, "card")}. ` + suits.map(({ suit, ranks }) =>
      `${suit[0].toUpperCase()}${suit.slice(1)}: ${ranks.join(", ")}.`).join(" ");
  }

  // the trick on the table in words, who played each card
  trickWords(view) {
    const trick = view.trick;
    if (!trick || !trick.cards.length) {
      return view.to_move === null ? "No card on the table."
        : `No card on the table: ${this.nameOf(view.to_move)} to lead.`;
    }
    return trick.cards.map((card, i) => `${this.nameOf(trick.seats[i])}: `
      + `${cardWords(card)}${i ? "" : " (led)"}.`).join(" ");
  }

  // the scores in words, with the bags, this hand's bids and tricks
  scoreWords(view) {
    const t = this.t;
    return [0, 1].map((side) => {
      const tally = sideTally(t, view, side);
      return `${sideName(t, side)}: ${score(view.scores[side])} points, `
        + `${bagsText(view, side).replace("/", " of ")}${tally ? `, ${tally.replace("·", "and")}` : ""}.`;
    }).join(" ") + ` Hand ${view.hand_number}, playing to ${view.rules.target}.`;
  }
}
