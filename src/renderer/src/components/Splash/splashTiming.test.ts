import { describe, expect, it } from 'vitest'
import { holdSplash, type SplashClock } from './splashTiming'

/** A clock the test moves by hand: frames paint when told, timers fire when their time comes. */
function fakeClock(start = 0) {
  let time = start
  let frames: Array<() => void> = []
  let timers: Array<{ at: number; callback: () => void }> = []
  const clock: SplashClock = {
    now: () => time,
    afterNextPaint(callback) {
      frames.push(callback)
      return () => (frames = frames.filter((frame) => frame !== callback))
    },
    wait(ms, callback) {
      const timer = { at: time + ms, callback }
      timers.push(timer)
      return () => (timers = timers.filter((other) => other !== timer))
    }
  }
  return {
    clock,
    paint(at: number): void {
      time = at
      const due = frames
      frames = []
      for (const callback of due) callback()
    },
    /** Moves time to `at`, firing due timers; the first one `early` ms before its time. */
    advanceTo(at: number, early = 0): void {
      for (;;) {
        const next = timers.filter((timer) => timer.at - early <= at).sort((a, b) => a.at - b.at)[0]
        if (!next) break
        timers = timers.filter((timer) => timer !== next)
        time = Math.max(time, next.at - early)
        early = 0
        next.callback()
      }
      time = at
    },
    pendingFrames: () => frames.length
  }
}

const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

describe('holdSplash', () => {
  it('counts 1,000 ms from the first paint, not from the page load', async () => {
    // The page loaded at 0; code took 650 ms before the splash's first frame was painted.
    const fake = fakeClock(0)
    let doneAt: number | null = null
    holdSplash({
      durationMs: 1000,
      clock: fake.clock,
      onScreen: Promise.resolve(),
      done: () => (doneAt = fake.clock.now())
    })
    await flush()
    fake.advanceTo(650)
    expect(doneAt).toBeNull()
    fake.paint(650)
    fake.advanceTo(1000)
    expect(doneAt).toBeNull()
    fake.advanceTo(1649)
    expect(doneAt).toBeNull()
    fake.advanceTo(1650)
    expect(doneAt).toBe(1650)
  })

  it('waits for the window to be on screen before it starts counting', async () => {
    const fake = fakeClock(0)
    let shown: () => void = () => undefined
    let doneAt: number | null = null
    holdSplash({
      durationMs: 1000,
      clock: fake.clock,
      onScreen: new Promise((resolve) => (shown = resolve)),
      done: () => (doneAt = fake.clock.now())
    })
    await flush()
    expect(fake.pendingFrames()).toBe(0)
    fake.advanceTo(3000)
    expect(doneAt).toBeNull()
    shown()
    await flush()
    fake.paint(3016)
    fake.advanceTo(4015)
    expect(doneAt).toBeNull()
    fake.advanceTo(4016)
    expect(doneAt).toBe(4016)
  })

  it('never ends early when a timer fires before its time', async () => {
    const fake = fakeClock(0)
    let doneAt: number | null = null
    holdSplash({
      durationMs: 1000,
      clock: fake.clock,
      onScreen: Promise.resolve(),
      done: () => (doneAt = fake.clock.now())
    })
    await flush()
    fake.paint(100)
    // The 1,000 ms timer fires at 1,095 on the page's clock.
    fake.advanceTo(1099, 5)
    expect(doneAt).toBeNull()
    fake.advanceTo(1200)
    expect(doneAt).toBe(1100)
  })

  it('counts from the first paint when the window cannot say it is shown', async () => {
    const fake = fakeClock(0)
    let doneAt: number | null = null
    holdSplash({
      durationMs: 1000,
      clock: fake.clock,
      onScreen: Promise.reject(new Error('gone')),
      done: () => (doneAt = fake.clock.now())
    })
    await flush()
    fake.paint(10)
    fake.advanceTo(1010)
    expect(doneAt).toBe(1010)
  })

  it('stops when cancelled (the splash unmounted)', async () => {
    const fake = fakeClock(0)
    let done = false
    const cancel = holdSplash({
      durationMs: 1000,
      clock: fake.clock,
      onScreen: Promise.resolve(),
      done: () => (done = true)
    })
    await flush()
    fake.paint(5)
    cancel()
    fake.advanceTo(5000)
    expect(done).toBe(false)
  })
})
