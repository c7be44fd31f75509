// Noticing that the machine slept. Timers stop while a laptop is asleep, so a check that should
// run every few seconds finds far more wall-clock time gone when it runs again. The app then
// re-reads what a sleep may have hidden (new posts, activity, counts) at once, instead of when
// realtime-js's heartbeat next notices a dead connection, which takes up to a minute. It needs
// no help from the operating system, so the browser build gets it too.

export interface WakeOptions {
  /** How often the clock is checked. */
  intervalMs?: number
  /** More time than this between two checks means the machine was asleep. */
  gapMs?: number
  now?: () => number
}

/** Calls `onWake` after each sleep; returns the function that stops watching. */
export function watchForWake(onWake: () => void, options: WakeOptions = {}): () => void {
  const { intervalMs = 5_000, gapMs = 30_000, now = Date.now } = options
  let last = now()
  const timer = setInterval(() => {
    const at = now()
    const gap = at - last
    last = at
    if (gap > gapMs) onWake()
  }, intervalMs)
  return () => clearInterval(timer)
}
