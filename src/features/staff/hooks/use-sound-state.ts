import { useEffect, useSyncExternalStore } from "react";
import { onSoundState, probeSound, soundState, unlockSound } from "../lib/chime";

/**
 * Whether the chime can be heard; the first tap or key anywhere on the page unlocks it. Asked on opening, so a
 * screen opened without a tap says sound is blocked before the first order arrives.
 */
export function useSoundState() {
  useEffect(() => {
    void probeSound();
    const unlock = () => void unlockSound();
    window.addEventListener("pointerdown", unlock, { capture: true });
    window.addEventListener("keydown", unlock, { capture: true });
    return () => {
      window.removeEventListener("pointerdown", unlock, { capture: true });
      window.removeEventListener("keydown", unlock, { capture: true });
    };
  }, []);
  return useSyncExternalStore(onSoundState, soundState, soundState);
}
