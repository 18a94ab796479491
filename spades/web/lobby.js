// The lobby: create a table (variant, house rules, a person or a computer level per seat,
// private or listed here), this browser's own tables, the listed tables' free seats.
import { api, el, fill, forgetSeat, myTables, prefs, saveSeat, toast } from "./util.js";

const SEAT_NAMES = { 2: ["You", "Opponent"], 4: ["You", "Left", "Partner", "Right"] };

export function showLobby(root) {
  let stopped = false;
  let options = null;
  const form = el("form", { class: "panel create", id: "create" });
  const mine = el("div", { class: "panel tables", id: "my-tables" });
  const list = el("div", { class: "panel tables", id: "tables" });
  root.append(el("div", { class: "lobby" }, form, el("div", {}, mine, list)));

  function seatRows(variant) {
    const players = options.variants[variant].players;
    return SEAT_NAMES[players].map((label, seat) => {
      const choice = el("select", { name: `seat${seat}`, "data-seat": seat },
        seat === 0 ? null : el("option", { value: "person" }, "Person (invite)"),
        options.levels.map((level) => el("option", { value: `computer:${level}`,
                                                      selected: level === "medium" },
                                         `Computer: ${level}`)));
      if (seat === 0) {
        choice.prepend(el("option", { value: "person", selected: true }, "You"));
        choice.disabled = true;
      }
      return el("label", { class: "row" }, `Seat ${seat + 1} (${label}) `, choice);
    });
  }

  // the form for ``variant``'s rules; what was typed that does not depend on it is kept
  function fillForm() {
    const variant = form.variant ? form.variant.value : "two-player-300";
    const rules = options.variants[variant].rules;
    const typed = form.variant ? { name: form.name.value, turn: form.turn_seconds.value,
                                   listed: form.listed.checked,
                                   spectators: form.spectator_chat.checked,
                                   blind: form.computer_blind_nil.value }
      : { name: prefs.name, turn: String(options.turn_seconds_default ?? 60), listed: false,
          spectators: false, blind: options.computer_blind_nil_default };
    fill(form,
      el("h2", {}, "New table"),
      el("label", { class: "row" }, "Your name ",
         el("input", { name: "name", maxlength: 24, value: typed.name, placeholder: "You" })),
      el("label", { class: "row" }, "Variant ",
         el("select", { name: "variant", onchange: fillForm },
            Object.keys(options.variants).map((v) => el("option", { value: v,
                                                                   selected: v === variant }, v)))),
      el("fieldset", {}, el("legend", {}, "House rules"),
        el("label", { class: "row" }, "Target score ",
           el("input", { name: "target", type: "number", value: rules.target, min: 1 })),
        el("label", { class: "row" }, "Lose at or below ",
           el("input", { name: "lose_threshold", type: "number", placeholder: "none",
                         value: rules.lose_threshold ?? "" })),
        el("label", { class: "row" }, "Bags for a penalty (0: none) ",
           el("input", { name: "bag_limit", type: "number", value: rules.bag_limit, min: 0 })),
        el("label", { class: "check" }, el("input", { name: "nil", type: "checkbox",
                                                      checked: rules.nil }), " Nil allowed"),
        el("label", { class: "check" }, el("input", { name: "blind_nil", type: "checkbox",
                                                      checked: rules.blind_nil }),
           " Blind nil allowed"),
        el("label", { class: "row" }, "Blind nil only when trailing by (0: at any score) ",
           el("input", { name: "blind_nil_deficit", type: "number",
                         value: rules.blind_nil_deficit, min: 0 })),
        el("label", { class: "check" }, el("input", { name: "lead_spades_anytime",
                                                      type: "checkbox",
                                                      checked: rules.lead_spades_anytime }),
           " Spades may be led before they are broken")),
      el("fieldset", {}, el("legend", {}, "Seats"), seatRows(variant),
        // the server's policies, in its words: "only when trailing by 100", ...
        el("label", { class: "row" }, "The computers declare blind nil ",
          el("select", { name: "computer_blind_nil" },
             options.computer_blind_nil.map(([label, value]) => el("option", {
               value, selected: value === typed.blind }, label))))),
      el("label", { class: "row" }, "Seconds a person has for each decision (0: no limit) ",
         el("input", { name: "turn_seconds", type: "number", value: typed.turn, min: 0,
                       max: 600 })),
      el("label", { class: "check" }, el("input", { name: "listed", type: "checkbox",
                                                    checked: typed.listed }),
         " List it here: anyone may take a free seat (otherwise only your invite links)"),
      el("label", { class: "check" }, el("input", { name: "spectator_chat", type: "checkbox",
                                                    checked: typed.spectators }),
         " Spectators may write in the chat (they always read it)"),
      el("button", { type: "submit", class: "primary", id: "create-table" }, "Create table"));
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const variant = form.variant.value;
    const defaults = options.variants[variant].rules;
    const rules = {};
    for (const key of ["target", "bag_limit", "blind_nil_deficit"]) {
      const value = Number(form[key].value);
      if (value !== defaults[key]) rules[key] = value;
    }
    if (form.lose_threshold.value !== "") rules.lose_threshold = Number(form.lose_threshold.value);
    for (const key of ["nil", "blind_nil", "lead_spades_anytime"]) {
      if (form[key].checked !== defaults[key]) rules[key] = form[key].checked;
    }
    const seats = [...form.querySelectorAll("select[data-seat]")].map((select) => {
      const [kind, level] = select.value.split(":");
      return kind === "person" ? { kind } : { kind, level };
    });
    prefs.name = form.name.value;
    try {
      const made = await api("/api/tables", {
        // no name typed: the server names the seat ("Seat 1"), since the others see it too
        variant, rules, seats, seat: 0, name: form.name.value.trim() || undefined,
        listed: form.listed.checked, spectator_chat: form.spectator_chat.checked,
        turn_seconds: Number(form.turn_seconds.value),
        computer_blind_nil: form.computer_blind_nil.value });
      saveSeat(made.table, made.seat, made.token,
               { secret: made.invites[made.seat], invites: made.invites });
      location.hash = `#/table/${made.table}`;
    } catch (error) {
      toast(error.message);
    }
  });

  function myLine(t) {
    const status = t.ended ? "ended" : t.over ? "game over" : `hand ${t.hand}`;
    return el("div", { class: "table-line", "data-table": t.table },
      el("strong", {}, t.variant), ` · ${status} · scores ${t.scores.join(" : ")} · `,
      t.seats.map((s) => s.name).join(", "), " ",
      el("a", { class: "button", href: `#/table/${t.table}` },
         t.ended || t.over ? "Look" : "Back to the table"));
  }

  async function refreshMine() {
    const ids = myTables().slice(-100);
    mine.hidden = !ids.length;
    if (!ids.length) {
      fill(mine);
      return;
    }
    const tables = await api(`/api/tables?mine=${ids.map(encodeURIComponent).join(",")}`);
    const known = new Set(tables.map((t) => t.table));
    for (const id of ids) if (!known.has(id)) forgetSeat(id); // gone from the server
    fill(mine, el("h2", {}, "My tables"), tables.reverse().map(myLine));
  }

  async function refresh() {
    try {
      await refreshMine();
      const tables = await api("/api/tables");
      fill(list, el("h2", {}, "Open tables"),
        tables.length ? null : el("p", { class: "muted" },
                                  "No open table: create one (and list it) or use an invite."),
        tables.map((t) => el("div", { class: "table-line", "data-table": t.table },
          el("strong", {}, t.variant), ` to ${t.rules.target}, hand ${t.hand}, `,
          `scores ${t.scores.join(" : ")} `,
          el("span", { class: "seats" }, t.seats.map((s, seat) => {
            if (s.kind === "person" && !s.claimed) {
              return el("a", { class: "button", href: `#/join/${t.table}/${seat}` },
                        `Join seat ${seat + 1}`);
            }
            return el("span", { class: "seat-tag" }, s.kind !== "computer" ? s.name
              : s.name === "Computer" ? `Computer (${s.level})` : `${s.name} (computer, ${s.level})`);
          })),
          el("a", { class: "button", href: `#/table/${t.table}` }, "Watch"))));
    } catch (error) {
      fill(list, el("p", {}, `Cannot reach the server: ${error.message}`));
    }
  }

  api("/api/options").then((data) => {
    options = data;
    fillForm();
  }).catch((error) => toast(error.message));
  refresh();
  const timer = setInterval(() => { if (!stopped) refresh(); }, 3000);
  return () => { stopped = true; clearInterval(timer); };
}
