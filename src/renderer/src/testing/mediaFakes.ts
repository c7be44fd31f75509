// What jsdom lacks for a player (a video's play and pause) or a press (PointerEvent), stood in
// for by a test file that needs it: called once at the file's top, it sets itself up and takes
// itself away again (later files share the window, vitest.config.mts).

import { afterAll, afterEach, beforeEach, vi } from 'vitest'

/** jsdom has no media playback: play and pause only flip `paused`, as a browser would. */
export function fakeMediaPlayback(): void {
  let paused = new WeakMap<HTMLMediaElement, boolean>()
  beforeEach(() => {
    paused = new WeakMap()
    vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (
      this: HTMLMediaElement
    ) {
      return paused.get(this) ?? true
    })
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async function (
      this: HTMLMediaElement
    ) {
      paused.set(this, false)
      this.dispatchEvent(new Event('play'))
    })
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
      this: HTMLMediaElement
    ) {
      if (paused.get(this) === false) {
        paused.set(this, true)
        this.dispatchEvent(new Event('pause'))
      }
    })
  })
  afterEach(() => vi.restoreAllMocks())
}

/** jsdom has no PointerEvent; a MouseEvent carries the same button and position. */
export function fakePointerEvent(): void {
  if ('PointerEvent' in window) return
  Object.defineProperty(window, 'PointerEvent', {
    value: class extends MouseEvent {},
    configurable: true
  })
  afterAll(() => {
    delete (window as { PointerEvent?: unknown }).PointerEvent
  })
}
