/**
 * The kitchen's sounds: the app's own chime file (public/sounds/kitchen-chime.wav, made by
 * scripts/sounds/kitchen-chime.mjs). Browsers refuse sound before a tap on the page: the first tap unlocks it, and
 * `soundState` says plainly whether a chime can be heard.
 */
export const CHIME_FILE = "/sounds/kitchen-chime.wav";

export type SoundState = "unknown" | "ready" | "blocked";

type Listener = (state: SoundState) => void;

let audio: HTMLAudioElement | null = null;
let state: SoundState = "unknown";
const listeners = new Set<Listener>();

function setState(next: SoundState) {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener(state);
}

function element(): HTMLAudioElement | null {
  if (typeof Audio === "undefined") return null;
  audio ??= new Audio(CHIME_FILE);
  audio.preload = "auto";
  return audio;
}

export const soundState = () => state;

export function onSoundState(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Plays the chime once; a refusal (no tap yet) marks sound as blocked until the next tap. */
export async function playChime(): Promise<boolean> {
  const sound = element();
  if (!sound) {
    setState("blocked");
    return false;
  }
  try {
    sound.muted = false;
    sound.currentTime = 0;
    await sound.play();
    setState("ready");
    return true;
  } catch {
    setState("blocked");
    return false;
  }
}

/**
 * Before any chime: whether this browser would refuse sound now (no tap on this page yet), asked of a silent Web
 * Audio context, so that the screen says so while it is quiet and not only once the first order's chime is lost. It
 * only ever says "blocked": "ready" comes from a chime that played or from the unlocking tap.
 */
export async function probeSound(waitMs = 500): Promise<void> {
  if (state !== "unknown") return;
  const Constructor: typeof AudioContext | undefined =
    globalThis.AudioContext ??
    (globalThis as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Constructor) return;
  let context: AudioContext;
  try {
    context = new Constructor();
  } catch {
    return;
  }
  try {
    // Refused, a context stays suspended and its resume() waits for a tap: not answered within waitMs.
    if (context.state === "suspended")
      await Promise.race([
        context.resume().catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, waitMs)),
      ]);
    if (context.state === "suspended" && state === "unknown") setState("blocked");
  } finally {
    void context.close().catch(() => undefined);
  }
}

/** Called from a tap: a silent play/pause that tells the browser this page may make sound. */
export async function unlockSound(): Promise<void> {
  if (state === "ready") return;
  const sound = element();
  if (!sound) return;
  try {
    sound.muted = true;
    await sound.play();
    sound.pause();
    sound.currentTime = 0;
    sound.muted = false;
    setState("ready");
  } catch {
    sound.muted = false;
    setState("blocked");
  }
}
