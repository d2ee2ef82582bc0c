import { useEffect, useSyncExternalStore } from "react";
import { onSoundState, soundState, unlockSound } from "../lib/chime";

/** Whether the chime can be heard; the first tap or key anywhere on the page unlocks it. */
export function useSoundState() {
  useEffect(() => {
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
