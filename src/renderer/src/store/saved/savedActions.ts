// The user's own saves: the optimistic save/unsave (queued offline) and the Saved tab's pages.

import { sendOrQueue } from '../../offline/outbox/outboxStore'
import { errorText, phrase } from '../../i18n/phrase'
import { sendLatest } from '../sendLatest'
import { appendNew, pagedList, type PagedList } from '../pagedList'
import type { PageCursor } from '../../services/types'
import type { SavedContext, SavedState } from './savedTypes'

const without = (ids: ReadonlySet<string>, id: string): Set<string> => {
  const next = new Set(ids)
  next.delete(id)
  return next
}

export function toggleActions({ deps, get, set }: SavedContext): Pick<SavedState, 'toggle'> {
  return {
    async toggle(postId) {
      const userId = deps.getUserId()
      if (!userId) return
      const wanted = !get().savedIds.has(postId)
      // Optimistic: every tap changes the icon at once; it changes back if the server refuses.
      const show = (saved: boolean): void =>
        set((state) => ({
          savedIds: saved ? new Set([...state.savedIds, postId]) : without(state.savedIds, postId)
        }))
      show(wanted)
      set({ error: null })
      // The send in flight sends this tap's state when it ends.
      if (get().savingIds.has(postId)) return
      set((state) => ({ savingIds: new Set([...state.savingIds, postId]) }))
      const outcome = await sendLatest({
        confirmed: !wanted,
        shown: () => (deps.getUserId() === userId ? get().savedIds.has(postId) : undefined),
        send: (saved) =>
          sendOrQueue(deps.queue, { kind: 'save', postId, saved }, async () => {
            if (saved) await deps.saves.save(userId, postId)
            else await deps.saves.unsave(userId, postId)
          })
      })
      set((state) => ({ savingIds: without(state.savingIds, postId) }))
      if (deps.getUserId() !== userId) return
      if (outcome.error !== undefined) {
        show(outcome.confirmed)
        set({ error: errorText(outcome.error, phrase('errors.unknown')) })
      }
      if (!outcome.confirmed) set((state) => ({ ids: state.ids.filter((id) => id !== postId) }))
    }
  }
}

/** The Saved tab's pages of the signed-in user's saves. */
export function savedPages({ deps, get, set }: SavedContext): PagedList<string> {
  return pagedList({
    read: (userId: string, after: PageCursor | null) => deps.saves.page(userId, { after }),
    cursor: () => get().next,
    loading: () => set({ status: 'loading', error: null }),
    readMark: () => deps.posts.getState().readMark(),
    arrived(page, more, _userId, mark) {
      deps.posts.getState().put(page.items, mark)
      set((state) => ({
        ids: appendNew(more ? state.ids : [], page.items),
        next: page.next,
        status: 'ready',
        savedIds: new Set([...state.savedIds, ...page.items.map((post) => post.id)])
      }))
    },
    failed: (error) => set({ status: 'error', error })
  })
}

export function savedTabActions(
  { deps, get }: SavedContext,
  pages: PagedList<string>
): Pick<SavedState, 'loadPage'> {
  return {
    async loadPage(more = false) {
      const userId = deps.getUserId()
      if (!userId || get().status === 'loading') return
      await (more ? pages.more() : pages.first(userId))
    }
  }
}
