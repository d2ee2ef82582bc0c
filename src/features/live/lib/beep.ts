/** A short beep for a status change: Web Audio first, the bundled sound file when that cannot play. */
export const BEEP_FILE = "/sounds/notification.wav";

type AudioContextConstructor = typeof AudioContext;

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Constructor: AudioContextConstructor | undefined =
    globalThis.AudioContext ??
    (globalThis as unknown as { webkitAudioContext?: AudioContextConstructor }).webkitAudioContext;
  if (!Constructor) return null;
  try {
    context = new Constructor();
  } catch {
    return null;
  }
  return context;
}

/**
 * How long a suspended context may take to resume. A browser that refuses (no gesture yet) leaves resume() waiting
 * until a tap rather than rejecting it, which would hold back the sound file's try for good.
 */
export const RESUME_WAIT_MS = 300;

async function oscillatorBeep(): Promise<boolean> {
  const ctx = audioContext();
  if (!ctx) return false;
  if (ctx.state === "suspended")
    await Promise.race([
      ctx.resume().catch(() => undefined),
      new Promise((done) => setTimeout(done, RESUME_WAIT_MS)),
    ]);
  if (ctx.state !== "running") return false;
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = "sine";
  oscillator.frequency.value = 880;
  const start = ctx.currentTime;
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.25, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.25);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(start);
  oscillator.stop(start + 0.26);
  return true;
}

async function fileBeep(): Promise<boolean> {
  if (typeof Audio === "undefined") return false;
  try {
    await new Audio(BEEP_FILE).play();
    return true;
  } catch {
    return false;
  }
}

/** Resolves with how the beep played, or 'none' when the browser allowed neither (no gesture yet). */
export async function playBeep(): Promise<"oscillator" | "file" | "none"> {
  if (await oscillatorBeep().catch(() => false)) return "oscillator";
  if (await fileBeep()) return "file";
  return "none";
}

/** Browsers start audio suspended until a gesture: wake it on the first one so later beeps can play. */
export function unlockAudioOnFirstGesture(): () => void {
  const unlock = () => {
    const ctx = audioContext();
    if (ctx?.state === "suspended") void ctx.resume().catch(() => undefined);
    remove();
  };
  const remove = () => {
    window.removeEventListener("pointerdown", unlock);
    window.removeEventListener("keydown", unlock);
  };
  window.addEventListener("pointerdown", unlock, { once: true });
  window.addEventListener("keydown", unlock, { once: true });
  return remove;
}
