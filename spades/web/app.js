// The browser client's entry: a tiny hash router between the lobby, joining and a table.
import { showLobby } from "./lobby.js";
import { showJoin, showTable } from "./table.js";
import { el, prefs } from "./util.js";

let dispose = () => {};

function route() {
  dispose();
  const root = document.getElementById("app");
  root.replaceChildren();
  const [page, id, seat, secret] = location.hash.replace(/^#\/?/, "").split("/");
  if (page === "table" && id) dispose = showTable(root, id);
  else if (page === "join" && id) dispose = showJoin(root, id, Number(seat), secret || null);
  else dispose = showLobby(root);
}

// Auto Play One: play the only legal card by itself; a preference kept in this browser
document.getElementById("prefs").append(el("label", { class: "pref" },
  el("input", { type: "checkbox", id: "auto-play-one", checked: prefs.autoPlayOne,
                onchange: (event) => {
                  prefs.autoPlayOne = event.target.checked;
                  window.dispatchEvent(new Event("spades-prefs"));
                } }),
  " Auto Play One"));

// Sounds (a card played, a trick won, your turn), or muted: kept in this browser too
function soundButton() {
  return el("button", { id: "sound", class: "pref", "aria-pressed": String(!prefs.sound),
                        title: "Sounds: a card played, a trick won, your turn",
                        onclick: (event) => {
                          prefs.sound = !prefs.sound;
                          event.currentTarget.replaceWith(soundButton());
                        } }, prefs.sound ? "♪ Sound on" : "♪ Muted");
}
document.getElementById("prefs").append(soundButton());

window.addEventListener("hashchange", route);
route();
