// The browser client's entry: a tiny hash router between the lobby, joining and a table.
import { showLobby } from "./lobby.js";
import { showJoin, showTable } from "./table.js";

let dispose = () => {};

function route() {
  dispose();
  const root = document.getElementById("app");
  root.replaceChildren();
  const [page, id, seat, secret] = location.hash.replace(/^#\/?/, "").split("/");
  if (page === "table" && id) dispose = showTable(root, id);
  // a seat is a whole number in the link ("abc" names none: the join page says so)
  else if (page === "join" && id) {
    dispose = showJoin(root, id, /^\d+$/.test(seat || "") ? Number(seat) : null, secret || null);
  }
  else dispose = showLobby(root);
}

window.addEventListener("hashchange", route);
route();
