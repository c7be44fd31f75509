// The open thread's window over its history (threadWindow.ts): the page above it as the reader
// scrolls up, the page below it as they scroll back down (both by keyset, each dropping what
// falls out of the window at the other end), and the newest page again when they jump to the
// latest messages (or send while reading far up).

import type { ReadingContext } from './directReading'
import type { DirectState, OpenThread } from './directTypes'
import { withNewerPage, withOlderPage } from './threadWindow'

type WindowContext = Pick<
  ReadingContext,
  'deps' | 'set' | 'get' | 'sender' | 'markOpenRead' | 'fail'
>

export function windowActions(
  ctx: WindowContext
): Pick<DirectState, 'loadOlder' | 'loadNewer' | 'showLatest'> {
  const { deps, set, get, sender, markOpenRead, fail } = ctx
  /** Applies `change` if the thread `id` is still the open one. */
  const patch = (id: string, change: (open: OpenThread) => Partial<OpenThread>): void =>
    set((state) =>
      state.open?.id === id ? { open: { ...state.open, ...change(state.open) } } : {}
    )

  return {
    async loadOlder() {
      const open = get().open
      if (!open || !open.older || open.loadingOlder) return
      const cursor = open.older
      patch(open.id, () => ({ loadingOlder: true }))
      try {
        const page = await deps.direct.fetchHistory(open.id, cursor)
        // A jump to the latest meanwhile replaced the window: this page no longer borders it.
        patch(open.id, (current) =>
          current.older?.id === cursor.id
            ? { ...withOlderPage(current, page), loadingOlder: false }
            : { loadingOlder: false }
        )
      } catch (error) {
        patch(open.id, () => ({ loadingOlder: false }))
        fail(error)
      }
    },

    async loadNewer() {
      const open = get().open
      if (!open || !open.newer || open.loadingNewer) return
      const cursor = open.newer
      patch(open.id, () => ({ loadingNewer: true }))
      try {
        const page = await deps.direct.fetchNewerHistory(open.id, cursor)
        patch(open.id, (current) => {
          if (current.newer?.id !== cursor.id) return { loadingNewer: false }
          const window = withNewerPage(current, page)
          if (window.newer) return { ...window, loadingNewer: false }
          // The newest is held again: what waits to be sent shows under it, as on opening.
          return {
            ...window,
            messages: sender.withPending(open.id, window.messages),
            loadingNewer: false,
            arrivedBelow: 0
          }
        })
        if (!page.next && document.visibilityState === 'visible') await markOpenRead()
      } catch (error) {
        patch(open.id, () => ({ loadingNewer: false }))
        fail(error)
      }
    },

    async showLatest() {
      const open = get().open
      if (!open || !open.newer) return
      // Marked as reading below, so the reader's scrolling reads no page meanwhile.
      patch(open.id, () => ({ loadingNewer: true }))
      try {
        const page = await deps.direct.fetchHistory(open.id)
        const history = [...page.items].reverse()
        patch(open.id, () => ({
          messages: sender.withPending(open.id, history),
          older: page.next,
          newer: null,
          loadingNewer: false,
          arrivedBelow: 0
        }))
        await markOpenRead()
      } catch (error) {
        patch(open.id, () => ({ loadingNewer: false }))
        fail(error)
      }
    }
  }
}
