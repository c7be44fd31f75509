import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { whenShown } from '../../../src/main/window/when-shown'

function fakeWindow(visible: boolean) {
  const events = new EventEmitter()
  return {
    visible,
    events,
    isDestroyed: () => false,
    isVisible(): boolean {
      return this.visible
    },
    once(event: 'show' | 'closed', listener: () => void) {
      return events.once(event, listener)
    }
  }
}

const settled = async (promise: Promise<void>): Promise<boolean> => {
  let done = false
  void promise.then(() => (done = true))
  await new Promise((resolve) => setTimeout(resolve, 0))
  return done
}

describe('whenShown', () => {
  it('waits for a hidden window to be shown (ready-to-show shows it)', async () => {
    const window = fakeWindow(false)
    const shown = whenShown(window)
    expect(await settled(shown)).toBe(false)
    window.events.emit('show')
    expect(await settled(shown)).toBe(true)
  })

  it('answers at once for a window already on screen, and for one that closed unseen', async () => {
    expect(await settled(whenShown(fakeWindow(true)))).toBe(true)
    expect(await settled(whenShown(null))).toBe(true)
    const closing = fakeWindow(false)
    const shown = whenShown(closing)
    closing.events.emit('closed')
    expect(await settled(shown)).toBe(true)
  })
})
