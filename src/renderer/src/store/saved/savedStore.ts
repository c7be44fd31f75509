// Saved posts: the bookmark state of every post on screen (asked for in batches, one request
// per batch), the optimistic save/unsave, and the signed-in user's Saved tab.

import type { SupabaseClient } from '@supabase/supabase-js'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { PageCursor } from '@shared/data/keyset'
import type { PostsStore } from '../posts/postsStore'
import { sendOrQueue, type ActionQueue } from '../../offline/outbox/outboxStore'
import { savedPage, savedPostIds, savePost, unsavePost } from '@shared/data/saves'
import { messageOr } from '@shared/errors'
import { withCurrentImageOrigin } from '@shared/data/storage-urls'
import { batchedLookup } from '../batchedLookup'

export interface SavedDeps {
  getClient(): Promise<SupabaseClient>
  /** Where the Saved tab's posts live (it holds their ids). */
  posts: PostsStore
  getUserId(): string | null
  /** Where a save waits when the network is down; without it every save is sent at once. */
  queue?: ActionQueue
}

export interface SavedState {
  savedIds: ReadonlySet<string>
  /** Posts whose save or unsave is in flight. */
  savingIds: ReadonlySet<string>
  /** The Saved tab: ids of the user's saved posts, most recently saved first. */
  ids: string[]
  next: PageCursor | null
  status: 'idle' | 'loading' | 'ready' | 'error'
  error: string | null
  /** Asks whether these posts are saved; calls in the same tick share one request. */
  watch(postIds: string[]): void
  /** Asks at once for a page of posts, resolving when the answer is in (errors only logged). */
  prefetch(postIds: string[]): Promise<void>
  /** Posts known not to be saved (one's own just-created post): never asked about. */
  markUnsaved(postIds: string[]): void
  toggle(postId: string): Promise<void>
  loadPage(more?: boolean): Promise<void>
  clear(): void
}

export type SavedStore = StoreApi<SavedState>

const without = (ids: ReadonlySet<string>, id: string): Set<string> => {
  const next = new Set(ids)
  next.delete(id)
  return next
}

export function createSavedStore(deps: SavedDeps): SavedStore {
  return createStore<SavedState>()((set, get) => {
    const batches = batchedLookup(
      async (ids) => {
        if (!deps.getUserId()) return
        const saved = await savedPostIds(await deps.getClient(), ids)
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

      watch: (postIds) => batches.watch(postIds),

      async prefetch(postIds) {
        if (deps.getUserId()) await batches.prefetch(postIds)
      },

      markUnsaved: (postIds) => batches.markKnown(postIds),

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
              const client = await deps.getClient()
              if (wasSaved) await unsavePost(client, userId, postId)
              else await savePost(client, userId, postId)
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
      },

      async loadPage(more = false) {
        const userId = deps.getUserId()
        if (!userId || get().status === 'loading' || (more && !get().next)) return
        set({ status: 'loading', error: null })
        try {
          const client = await deps.getClient()
          const page = await savedPage(client, userId, { after: more ? get().next : null })
          const posts = page.items.map((post) => withCurrentImageOrigin(client, post))
          const ids = posts.map((post) => post.id)
          deps.posts.getState().put(posts)
          set((state) => ({
            ids: more ? [...state.ids, ...ids.filter((id) => !state.ids.includes(id))] : ids,
            next: page.next,
            status: 'ready',
            savedIds: new Set([...state.savedIds, ...ids])
          }))
        } catch (error) {
          set({ status: 'error', error: messageOr(error, 'Error') })
        }
      },

      clear() {
        batches.reset()
        set({ savedIds: new Set(), savingIds: new Set(), ids: [], next: null, status: 'idle' })
      }
    }
  })
}
