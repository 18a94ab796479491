// The table's websocket: the hello (with this browser's seat token, if it holds one),
// the messages both ways, and a new connection a second after a drop until it is closed.
import { toast } from "./util.js";

export class Connection {
  // ``token``: the seat's token (null: watching); ``opening()`` is called before each
  // connection, ``received(message)`` with each message, ``dropped()`` when it drops
  constructor(table, token, { opening, received, dropped }) {
    this.table = table;
    this.token = token;
    this.handlers = { opening, received, dropped };
    this.ws = null;
    this.closed = false; // no new connection after a drop
    this.live = false; // welcomed on an open socket
    this.everLive = false;
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    this.handlers.opening();
    const ws = this.ws = new WebSocket(`${scheme}://${location.host}/ws/${this.table}`);
    ws.onopen = () => this.hello(this.token);
    ws.onmessage = (event) => this.handlers.received(JSON.parse(event.data));
    ws.onclose = () => {
      this.live = false;
      this.handlers.dropped();
      if (!this.closed) setTimeout(() => this.connect(), 1000);
    };
  }

  // say hello, as the seat of ``token`` (null: as a spectator)
  hello(token) {
    this.token = token;
    this.ws.send(JSON.stringify(token ? { type: "hello", token } : { type: "hello" }));
  }

  // the server welcomed this connection: messages may go out
  welcomed() {
    this.live = this.everLive = true;
  }

  // a message to the server; false (and a visible refusal) while the socket is down
  send(message) {
    if (!this.live) {
      toast("Not connected: nothing was sent. Reconnecting…"); // read out: a live region
      return false;
    }
    this.ws.send(JSON.stringify(message));
    return true;
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
  }
}
