// The user's own saves: the optimistic save/unsave (queued offline) and the Saved tab's pages.

import { sendOrQueue } from '../../offline/outbox/outboxStore'
import { messageOr } from '@shared/errors'
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
      if (!userId || get().savingIds.has(postId)) return
      const wasSaved = get().savedIds.has(postId)
      set((state) => ({ savingIds: new Set([...state.savingIds, postId]), error: null }))
      // Optimistic: the icon changes at once and changes back if the server refuses.
      const apply = (): void =>
        set((state) => ({
          savedIds: wasSaved
            ? without(state.savedIds, postId)
            : new Set([...state.savedIds, postId])
        }))
      try {
        await sendOrQueue(
          deps.queue,
          { kind: 'save', postId, saved: !wasSaved },
          async () => {
            if (wasSaved) await deps.saves.unsave(userId, postId)
            else await deps.saves.save(userId, postId)
          },
          apply
        )
        if (wasSaved) set((state) => ({ ids: state.ids.filter((id) => id !== postId) }))
      } catch (error) {
        set((state) => ({
          savedIds: wasSaved
            ? new Set([...state.savedIds, postId])
            : without(state.savedIds, postId),
          error: messageOr(error, 'Error')
        }))
      } finally {
        set((state) => ({ savingIds: without(state.savingIds, postId) }))
      }
    }
  }
}

export function savedTabActions({ deps, get, set }: SavedContext): Pick<SavedState, 'loadPage'> {
  return {
    async loadPage(more = false) {
      const userId = deps.getUserId()
      if (!userId || get().status === 'loading' || (more && !get().next)) return
      set({ status: 'loading', error: null })
      try {
        const page = await deps.saves.page(userId, { after: more ? get().next : null })
        const ids = page.items.map((post) => post.id)
        deps.posts.getState().put(page.items)
        set((state) => ({
          ids: more ? [...state.ids, ...ids.filter((id) => !state.ids.includes(id))] : ids,
          next: page.next,
          status: 'ready',
          savedIds: new Set([...state.savedIds, ...ids])
        }))
      } catch (error) {
        set({ status: 'error', error: messageOr(error, 'Error') })
      }
    }
  }
}
