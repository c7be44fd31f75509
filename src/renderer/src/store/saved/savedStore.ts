// Saved posts: the bookmark state of every post on screen (asked for in batches, one request
// per batch), the optimistic save/unsave, and the signed-in user's Saved tab.

import { createStore } from 'zustand/vanilla'
import { batchedLookup } from '../batchedLookup'
import { savedPages, savedTabActions, toggleActions } from './savedActions'
import type { SavedContext, SavedDeps, SavedState, SavedStore } from './savedTypes'

// Saving and the Saved tab live in savedActions.ts; this composes them with the batched
// bookmark lookups.
export type { SavedDeps, SavedState, SavedStore } from './savedTypes'

export function createSavedStore(deps: SavedDeps): SavedStore {
  return createStore<SavedState>()((set, get) => {
    const ctx: SavedContext = { deps, set, get }
    const pages = savedPages(ctx)
    const batches = batchedLookup(
      async (ids) => {
        if (!deps.getUserId()) return
        const saved = await deps.saves.savedIds(ids)
        set((state) => ({ savedIds: new Set([...state.savedIds, ...saved]) }))
      },
      // Only the bookmark icons are wrong; the next sight of these posts asks again.
      (error) => console.error('Error loading saved posts', error)
    )

    return {
      savedIds: new Set(),
      savingIds: new Set(),
      ids: [],
      next: null,
      status: 'idle',
      error: null,
      ...toggleActions(ctx),
      ...savedTabActions(ctx, pages),

      watch: (postIds) => batches.watch(postIds),

      async prefetch(postIds) {
        if (deps.getUserId()) await batches.prefetch(postIds)
      },

      markUnsaved: (postIds) => batches.markKnown(postIds),
      markSaved(postId) {
        set((state) => ({
          savedIds: new Set([...state.savedIds, postId]),
          ids:
            state.status === 'idle'
              ? state.ids
              : [postId, ...state.ids.filter((id) => id !== postId)]
        }))
      },

      clear() {
        batches.reset()
        pages.reset()
        set({ savedIds: new Set(), savingIds: new Set(), ids: [], next: null, status: 'idle' })
      }
    }
  })
}
