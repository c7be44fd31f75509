// Events for the renderer that can happen before it listens: a deep link that started the app,
// or one that arrives while the window is (re)loading. They wait here until the renderer says it
// has subscribed (`app:ready`), then go out in order; events after that go out at once.

import type { EventChannel, EventContract } from '../../shared/bridge-contract'

export interface OutboxEvent<E extends EventChannel = EventChannel> {
  channel: E
  payload: EventContract[E]
}

export interface RendererOutbox {
  send<E extends EventChannel>(channel: E, payload: EventContract[E]): void
  /** The renderer has subscribed: deliver everything queued. */
  markReady(): void
  /** The page is gone or reloading: queue again until it says it is ready. */
  markNotReady(): void
}

/** Queued events kept at most; a flood of links while the window is closed keeps the newest. */
export const OUTBOX_LIMIT = 20

export function createRendererOutbox(deliver: (event: OutboxEvent) => void): RendererOutbox {
  let ready = false
  let queue: OutboxEvent[] = []
  return {
    send(channel, payload) {
      const event = { channel, payload } as OutboxEvent
      if (ready) {
        deliver(event)
        return
      }
      queue.push(event)
      if (queue.length > OUTBOX_LIMIT) queue = queue.slice(-OUTBOX_LIMIT)
    },
    markReady() {
      ready = true
      const pending = queue
      queue = []
      for (const event of pending) deliver(event)
    },
    markNotReady() {
      ready = false
    }
  }
}
