// Writes public/sounds/notification.wav: a 0.25 s, 880 Hz beep (8 kHz, 8-bit mono, ~2 KB) used when
// Web Audio cannot play. Run: node scripts/generate-beep.mjs
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SAMPLE_RATE = 8000;
const SECONDS = 0.25;
const FREQUENCY = 880;
const samples = Math.round(SAMPLE_RATE * SECONDS);

const data = Buffer.alloc(samples);
for (let i = 0; i < samples; i += 1) {
  const t = i / SAMPLE_RATE;
  // Quick fade in and out so the beep does not click.
  const envelope = Math.min(1, t / 0.01, (SECONDS - t) / 0.05);
  data[i] = Math.round(128 + 90 * envelope * Math.sin(2 * Math.PI * FREQUENCY * t));
}

const header = Buffer.alloc(44);
header.write("RIFF", 0);
header.writeUInt32LE(36 + data.length, 4);
header.write("WAVE", 8);
header.write("fmt ", 12);
header.writeUInt32LE(16, 16); // PCM chunk size
header.writeUInt16LE(1, 20); // PCM
header.writeUInt16LE(1, 22); // mono
header.writeUInt32LE(SAMPLE_RATE, 24);
header.writeUInt32LE(SAMPLE_RATE, 28); // byte rate (1 byte per sample)
header.writeUInt16LE(1, 32); // block align
header.writeUInt16LE(8, 34); // bits per sample
header.write("data", 36);
header.writeUInt32LE(data.length, 40);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.join(root, "public/sounds/notification.wav");
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, Buffer.concat([header, data]));
console.log(`${out}: ${header.length + data.length} bytes`);
