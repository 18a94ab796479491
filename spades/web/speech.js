// Cards in words for the live region ("the queen of spades"), and cards typed as in the
// terminal ("7h", "KD", "10s" or "ts") read back into their text in docs/record.md ("7H", "TS").
const RANK_WORDS = { A: "ace", K: "king", Q: "queen", J: "jack", T: "10" };
const SUIT_WORDS = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };

// "QS" as said aloud: "queen of spades".
export function cardWords(card) {
  return `${RANK_WORDS[card[0]] || card[0]} of ${SUIT_WORDS[card[1]]}`;
}

// ``text`` with each card in it in words: "play TH" becomes "play 10 of hearts".
export function inWords(text) {
  return text.replace(/\b[2-9TJQKA][SHDC]\b/g, cardWords);
}

// The card typed as ``text`` ("7h", "KD", "10s", "ts"), or null if it names none.
export function parseTyped(text) {
  const match = /^(10|[2-9tjqka])([shdc])$/i.exec(text.trim());
  if (!match) return null;
  const rank = match[1] === "10" ? "T" : match[1].toUpperCase();
  return rank + match[2].toUpperCase();
}
