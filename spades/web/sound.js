// Short beeps made with WebAudio (no sound files): a card played, a trick won, your turn.
// Muted or not is a preference kept in this browser (prefs.sound).
import { prefs } from "./util.js";

const NOTES = { // [frequency (Hz), seconds] played one after the other
  card: [[520, 0.05]],
  trick: [[660, 0.08], [880, 0.14]],
  turn: [[440, 0.09], [660, 0.12]],
};
let audio = null;

export function beep(kind) {
  document.documentElement.dataset.lastSound = prefs.sound ? kind : "muted";
  if (!prefs.sound) return;
  try {
    audio = audio || new AudioContext();
  } catch {
    return; // no WebAudio here: silence
  }
  if (audio.state === "suspended") audio.resume().catch(() => {}); // before any click: silence
  let at = audio.currentTime;
  for (const [frequency, seconds] of NOTES[kind]) {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.08, at);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + seconds);
    tone.connect(gain).connect(audio.destination);
    tone.start(at);
    tone.stop(at + seconds);
    at += seconds;
  }
}
