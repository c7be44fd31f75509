// A GIF played by choice stops once it leaves the screen, and only then: the observer's batches
// are read by their newest entry, and a first "off screen" (before the first layout) is no leave.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { whenLeavesScreen } from './useAnimationHold'

type Callback = (entries: Array<{ isIntersecting: boolean }>) => void

let report: Callback
const disconnect = vi.fn()

beforeEach(() => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: Callback) {
        report = callback
      }
      observe(): void {}
      disconnect = disconnect
    }
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
  disconnect.mockClear()
})

const entries = (...states: boolean[]): Array<{ isIntersecting: boolean }> =>
  states.map((isIntersecting) => ({ isIntersecting }))

describe('whenLeavesScreen', () => {
  it('calls back once the box, seen on screen, leaves it', () => {
    const left = vi.fn()
    whenLeavesScreen(document.createElement('img'), left)
    report(entries(true))
    expect(left).not.toHaveBeenCalled()
    report(entries(false))
    expect(left).toHaveBeenCalledTimes(1)
  })

  it('reads a batch by its newest entry: off then on screen is no leave', () => {
    const left = vi.fn()
    whenLeavesScreen(document.createElement('img'), left)
    report(entries(false, true))
    expect(left).not.toHaveBeenCalled()
    report(entries(true, false))
    expect(left).toHaveBeenCalledTimes(1)
  })

  it('does not count a first report of being off screen', () => {
    const left = vi.fn()
    whenLeavesScreen(document.createElement('img'), left)
    report(entries(false))
    report(entries(true))
    expect(left).not.toHaveBeenCalled()
  })

  it('stops watching when stopped', () => {
    const stop = whenLeavesScreen(document.createElement('img'), vi.fn())
    stop()
    expect(disconnect).toHaveBeenCalledTimes(1)
  })
})
