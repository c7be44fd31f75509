import { afterEach, describe, expect, it, vi } from 'vitest'
import { watchForWake } from './wakeDetector'

afterEach(() => vi.useRealTimers())

describe('watchForWake', () => {
  it('stays quiet while the clock and the timer agree', () => {
    vi.useFakeTimers()
    const onWake = vi.fn()
    const stop = watchForWake(onWake, { intervalMs: 5_000, gapMs: 30_000 })
    vi.advanceTimersByTime(5 * 60_000)
    expect(onWake).not.toHaveBeenCalled()
    stop()
  })

  it('calls once after a sleep, when the clock jumped far past the timer', () => {
    vi.useFakeTimers()
    let clock = 1_000_000
    const onWake = vi.fn()
    const stop = watchForWake(onWake, { intervalMs: 5_000, gapMs: 30_000, now: () => clock })
    clock += 5_000
    vi.advanceTimersByTime(5_000)
    expect(onWake).not.toHaveBeenCalled()
    // Asleep for ten minutes: the timer fires once, late.
    clock += 10 * 60_000
    vi.advanceTimersByTime(5_000)
    expect(onWake).toHaveBeenCalledTimes(1)
    clock += 5_000
    vi.advanceTimersByTime(5_000)
    expect(onWake).toHaveBeenCalledTimes(1)
    stop()
    clock += 10 * 60_000
    vi.advanceTimersByTime(5_000)
    expect(onWake).toHaveBeenCalledTimes(1)
  })
})
