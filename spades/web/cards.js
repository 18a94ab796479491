// Playing cards drawn as SVG by our own code: a face for "AS", "TH", ... and a back.
import { cardWords } from "./speech.js";

const SVG = "http://www.w3.org/2000/svg";
export const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RED = new Set(["H", "D"]);

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

export function rankText(card) {
  return card[0] === "T" ? "10" : card[0];
}

export function cardLabel(card) {
  return rankText(card) + SUIT_SYMBOLS[card[1]];
}

// An <svg> card face; `card` is its text in docs/record.md ("QS", "TH").
export function cardFace(card) {
  const suit = card[1];
  const color = RED.has(suit) ? "#c0162c" : "#111";
  const root = svg("svg", { viewBox: "0 0 60 84", class: "card", "data-card": card,
                            role: "img", "aria-label": cardWords(card) });
  root.append(svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, fill: "#fff",
                            stroke: "#333", "stroke-width": 1 }));
  const corner = (x, y, rotate) => {
    const g = svg("g", { fill: color, transform: rotate ? `rotate(180 30 42)` : "" });
    g.append(svg("text", { x, y, "font-size": 14, "font-weight": 700,
                           "text-anchor": "middle", "font-family": "sans-serif" },
                 rankText(card)));
    g.append(svg("text", { x, y: y + 13, "font-size": 13, "text-anchor": "middle" },
                 SUIT_SYMBOLS[suit]));
    return g;
  };
  root.append(corner(10, 16, false), corner(10, 16, true));
  root.append(svg("text", { x: 30, y: 52, "font-size": 30, "text-anchor": "middle",
                            fill: color }, SUIT_SYMBOLS[suit]));
  return root;
}

// A face-down card.
export function cardBack() {
  const root = svg("svg", { viewBox: "0 0 60 84", class: "card back", "aria-label": "card" });
  root.append(svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, fill: "#1d3f8f",
                            stroke: "#0d1d44" }));
  root.append(svg("rect", { x: 6, y: 6, width: 48, height: 72, rx: 4, fill: "none",
                            stroke: "#9fb4e8", "stroke-width": 2 }));
  root.append(svg("text", { x: 30, y: 50, "font-size": 22, "text-anchor": "middle",
                            fill: "#9fb4e8" }, "♠"));
  return root;
}

// ``text`` with its cards as a person reads them: "play TH" becomes "play 10♥".
export function withSymbols(text) {
  return text.replace(/\b[2-9TJQKA][SHDC]\b/g, cardLabel);
}
