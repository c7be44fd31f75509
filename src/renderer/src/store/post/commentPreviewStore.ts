// The two latest comments under each card ("View all N comments"), asked for in batches: every
// card that mounts in the same tick shares one request.

import type { SupabaseClient } from '@supabase/supabase-js'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Comment, Post } from '@shared/domain'
import { latestComments } from '@shared/data/comments'

export const PREVIEW_COMMENTS = 2

export interface CommentPreviewState {
  /** Newest first, at most PREVIEW_COMMENTS per post. */
  byPost: ReadonlyMap<string, Comment[]>
  /** Asks for these posts' latest comments; calls in the same tick share one request. */
  watch(posts: PreviewPost[]): void
  /** Asks at once for a page of posts, resolving when the answer is in (errors only logged). */
  prefetch(posts: PreviewPost[]): Promise<void>
  /** Reads a post's preview again (after a comment was added or deleted in the post view). */
  refresh(postId: string): void
}

export type CommentPreviewStore = StoreApi<CommentPreviewState>

/** A post without comments has nothing to preview, so it is never asked about. */
type PreviewPost = Pick<Post, 'id' | 'comments_count'>

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
      await lookUp(ids)
    }

    /** The posts not asked about yet that have comments to show; all are known from now on. */
    function fresh(posts: PreviewPost[]): string[] {
      const ids = posts
        .filter((post) => !known.has(post.id) && post.comments_count > 0)
        .map((post) => post.id)
      for (const post of posts) known.add(post.id)
      return ids
    }

    async function lookUp(ids: string[]): Promise<void> {
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
      watch(posts) {
        request(fresh(posts))
      },
      prefetch: (posts) => lookUp(fresh(posts)),
      refresh(postId) {
        known.add(postId)
        request([postId])
      }
    }
  })
}
