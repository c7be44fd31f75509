// The two latest comments under each card ("View all N comments"), asked for in batches: every
// card that mounts in the same tick shares one request.

import type { SupabaseClient } from '@supabase/supabase-js'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Comment } from '@shared/domain'
import { latestComments } from '@shared/data/comments'

export const PREVIEW_COMMENTS = 2

export interface CommentPreviewState {
  /** Newest first, at most PREVIEW_COMMENTS per post. */
  byPost: ReadonlyMap<string, Comment[]>
  watch(postIds: string[]): void
  /** Reads a post's preview again (after a comment was added or deleted in the post view). */
  refresh(postId: string): void
}

export type CommentPreviewStore = StoreApi<CommentPreviewState>

export function createCommentPreviewStore(
  getClient: () => Promise<SupabaseClient>
): CommentPreviewStore {
  return createStore<CommentPreviewState>()((set) => {
    const known = new Set<string>()
    let pending = new Set<string>()
    let queued = false

    async function flush(): Promise<void> {
      queued = false
      const ids = [...pending]
      pending = new Set()
      if (ids.length === 0) return
      try {
        const latest = await latestComments(await getClient(), ids, PREVIEW_COMMENTS)
        set((state) => ({ byPost: new Map([...state.byPost, ...latest]) }))
      } catch (error) {
        for (const id of ids) known.delete(id)
        console.error('Error loading comments', error)
      }
    }

    function request(ids: string[]): void {
      for (const id of ids) pending.add(id)
      if (pending.size > 0 && !queued) {
        queued = true
        queueMicrotask(() => void flush())
      }
    }

    return {
      byPost: new Map(),
      watch(postIds) {
        const fresh = postIds.filter((id) => !known.has(id))
        for (const id of fresh) known.add(id)
        request(fresh)
      },
      refresh(postId) {
        known.add(postId)
        request([postId])
      }
    }
  })
}
