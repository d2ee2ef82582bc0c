import { afterEach, describe, expect, it, vi } from "vitest";

/** A Web Audio context as a browser without a gesture gives it: suspended, and resume() waits for a tap. */
class RefusedAudioContext {
  state = "suspended";
  resume = () => new Promise<void>(() => undefined);
}

/** One that may play: resume() answers and the context runs. */
class AllowedAudioContext {
  state = "suspended";
  currentTime = 0;
  destination = {};
  started = 0;
  resume = async () => {
    this.state = "running";
  };
  createOscillator = () => ({
    type: "",
    frequency: { value: 0 },
    connect: (next: unknown) => next,
    start: () => {
      this.started += 1;
    },
    stop: () => undefined,
  });
  createGain = () => ({
    gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
    connect: (next: unknown) => next,
  });
}

async function freshBeep() {
  vi.resetModules();
  return import("@/features/live/lib/beep");
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the status beep", () => {
  it("falls back to the sound file when the browser leaves Web Audio suspended (resume() never answers)", async () => {
    const played: string[] = [];
    vi.stubGlobal("AudioContext", RefusedAudioContext);
    vi.stubGlobal(
      "Audio",
      class {
        constructor(readonly src: string) {}
        play() {
          played.push(this.src);
          return Promise.resolve();
        }
      },
    );
    const { playBeep, BEEP_FILE } = await freshBeep();
    // Before, this waited for a tap that never came (the test's own timeout).
    await expect(playBeep()).resolves.toBe("file");
    expect(played).toEqual([BEEP_FILE]);
  });

  it("says 'none' when neither may play, instead of waiting for a tap", async () => {
    vi.stubGlobal("AudioContext", RefusedAudioContext);
    vi.stubGlobal(
      "Audio",
      class {
        play() {
          return Promise.reject(new Error("NotAllowedError"));
        }
      },
    );
    const { playBeep } = await freshBeep();
    await expect(playBeep()).resolves.toBe("none");
  });

  it("plays through Web Audio when the context resumes", async () => {
    vi.stubGlobal("AudioContext", AllowedAudioContext);
    const { playBeep } = await freshBeep();
    await expect(playBeep()).resolves.toBe("oscillator");
  });
});
