// Writes public/sounds/kitchen-chime.wav: the kitchen's own new-order chime (two bell-like notes, E6 then B5),
// synthesised here so the app ships no downloaded sound. 16 kHz, 16-bit mono, ~0.9 s. Run: node scripts/sounds/kitchen-chime.mjs
import { writeFileSync } from "node:fs";

const rate = 16_000;
const seconds = 0.9;
const samples = Math.round(rate * seconds);
const notes = [
  { at: 0, frequency: 1318.5 },
  { at: 0.28, frequency: 987.8 },
];
const data = Buffer.alloc(samples * 2);
for (let index = 0; index < samples; index += 1) {
  const t = index / rate;
  let value = 0;
  for (const note of notes) {
    const local = t - note.at;
    if (local < 0) continue;
    const attack = Math.min(1, local / 0.004);
    const envelope = attack * Math.exp(-local * 5.5);
    // A bell: the fundamental with a quieter octave and an inharmonic partial.
    value +=
      envelope *
      (Math.sin(2 * Math.PI * note.frequency * local) +
        0.35 * Math.sin(2 * Math.PI * note.frequency * 2 * local) +
        0.12 * Math.sin(2 * Math.PI * note.frequency * 2.76 * local));
  }
  const fade = Math.min(1, (samples - index) / (rate * 0.05));
  data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, value * 0.45 * fade)) * 32_767), index * 2);
}
const header = Buffer.alloc(44);
header.write("RIFF", 0);
header.writeUInt32LE(36 + data.length, 4);
header.write("WAVE", 8);
header.write("fmt ", 12);
header.writeUInt32LE(16, 16);
header.writeUInt16LE(1, 20);
header.writeUInt16LE(1, 22);
header.writeUInt32LE(rate, 24);
header.writeUInt32LE(rate * 2, 28);
header.writeUInt16LE(2, 32);
header.writeUInt16LE(16, 34);
header.write("data", 36);
header.writeUInt32LE(data.length, 40);
writeFileSync(
  new URL("../../public/sounds/kitchen-chime.wav", import.meta.url),
  Buffer.concat([header, data]),
);
