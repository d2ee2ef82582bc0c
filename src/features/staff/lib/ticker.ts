/**
 * One shared one-second clock for the kitchen. Ticket ages subscribe and write their own text; the board itself
 * never re-renders for the tick (200 tickets would otherwise re-render 200 cards every second).
 */
type Listener = (now: number) => void;

const listeners = new Set<Listener>();
let timer: ReturnType<typeof setInterval> | undefined;

function tick() {
  const now = Date.now();
  for (const listener of listeners) listener(now);
}

export function onTick(listener: Listener): () => void {
  listeners.add(listener);
  if (timer === undefined) timer = setInterval(tick, 1000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** How many subscribers the clock has (tests). */
export const tickListenerCount = () => listeners.size;
