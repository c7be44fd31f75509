// How long the splash stays: the spec's 1,000 ms from the moment it is on screen. The count
// starts once the window is shown (the desktop app shows it on ready-to-show, its first paint)
// and a frame with the splash has been painted: time spent loading code before that is time
// nobody saw the splash, so it does not count.

export interface SplashClock {
  /** Milliseconds on the page's clock (performance.now()). */
  now(): number
  /** Calls back once a frame showing the current page has been painted; returns a cancel. */
  afterNextPaint(callback: () => void): () => void
  /** Calls back after about `ms`; returns a cancel. */
  wait(ms: number, callback: () => void): () => void
}

export interface SplashHold {
  durationMs: number
  clock: SplashClock
  /** Resolves once the window is on screen (at once in a browser tab). */
  onScreen: Promise<void>
  /** The splash has been on screen for durationMs: the app may replace it. */
  done(): void
}

/** Starts the count; returns a cancel (the splash unmounted first). */
export function holdSplash({ durationMs, clock, onScreen, done }: SplashHold): () => void {
  let cancelled = false
  let cancelStep: () => void = () => undefined
  const waitUntil = (end: number): void => {
    const left = end - clock.now()
    // A timer may fire a little early on the page's clock: wait out the rest.
    if (left > 0) cancelStep = clock.wait(left, () => waitUntil(end))
    else done()
  }
  const start = (): void => {
    if (cancelled) return
    cancelStep = clock.afterNextPaint(() => waitUntil(clock.now() + durationMs))
  }
  // If the window cannot say it is shown, the splash still counts from its first paint.
  onScreen.then(start, start)
  return () => {
    cancelled = true
    cancelStep()
  }
}

/**
 * The browser's clock. A frame paints right after its animation-frame callbacks, in the same
 * task, so a task queued from one runs once that frame is painted (hidden tabs run no frames
 * until shown).
 */
export const pageSplashClock: SplashClock = {
  now: () => performance.now(),
  afterNextPaint(callback) {
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(callback, 0)
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  },
  wait(ms, callback) {
    const timer = setTimeout(callback, ms)
    return () => clearTimeout(timer)
  }
}
