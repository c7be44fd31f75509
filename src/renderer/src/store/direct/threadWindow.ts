// The open thread holds a bounded window of its history, as the feed holds a bounded window of
// posts: a few pages around the view. A page read above drops the newest messages held past the
// bound (they are read again, by keyset, when the reader comes back down); a page read below
// drops the oldest. Pure, so the bound is easy to test.

import { DIRECT_PAGE_SIZE } from '../../services/rules'
import type { DirectMessage, Page, PageCursor } from '../../services/types'

/** Messages an open thread holds at most: four pages, several screenfuls around the view. */
export const THREAD_MAX_LOADED_MESSAGES = 4 * DIRECT_PAGE_SIZE

export interface ThreadWindow {
  /** Oldest first; messages still waiting to be sent at the end, only when `newer` is null. */
  messages: DirectMessage[]
  /** Where the history before the first message held starts; null once the first is held. */
  older: PageCursor | null
  /** Where the history after the last message held starts; null while the newest is held. */
  newer: PageCursor | null
}

const cursorOf = (message: DirectMessage): PageCursor => ({
  created_at: message.created_at,
  id: message.id
})

/** Holds at most `max` sent messages; `from` is the end that gets dropped. */
export function trimThreadWindow(
  window: ThreadWindow,
  max: number,
  from: 'top' | 'bottom'
): ThreadWindow {
  const sent = window.messages.filter((message) => !message.pending)
  const excess = sent.length - max
  if (excess <= 0) return window
  if (from === 'top') {
    const messages = window.messages.slice(excess)
    return { ...window, messages, older: cursorOf(messages[0]) }
  }
  // Messages waiting to be sent sit below the newest: they go with the bottom (the sender's
  // queue keeps them and they show again with the newest page).
  const messages = sent.slice(0, max)
  return { ...window, messages, newer: cursorOf(messages[messages.length - 1]) }
}

const notHeld = (window: ThreadWindow) => {
  const held = new Set(window.messages.map((message) => message.id))
  return (message: DirectMessage): boolean => !held.has(message.id)
}

/** Puts a page read above (newest first, as `fetchHistory` answers) on top of the window. */
export function withOlderPage(
  window: ThreadWindow,
  page: Page<DirectMessage>,
  max = THREAD_MAX_LOADED_MESSAGES
): ThreadWindow {
  const above = [...page.items].reverse().filter(notHeld(window))
  return trimThreadWindow(
    { ...window, messages: [...above, ...window.messages], older: page.next },
    max,
    'bottom'
  )
}

/** Puts a page read below (oldest first, as `fetchNewerHistory` answers) under the window. */
export function withNewerPage(
  window: ThreadWindow,
  page: Page<DirectMessage>,
  max = THREAD_MAX_LOADED_MESSAGES
): ThreadWindow {
  const below = page.items.filter(notHeld(window))
  return trimThreadWindow(
    { ...window, messages: [...window.messages, ...below], newer: page.next },
    max,
    'top'
  )
}
