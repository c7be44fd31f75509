// The two latest comments under each card ("View all N comments"), asked for in batches
// (batchedLookup.ts): every card that mounts in the same tick shares one request.

import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Comment, Post } from '@shared/domain'
import type { Services } from '../../services'
import { batchedLookup } from '../batchedLookup'

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
  /** Puts a comment just written on a card at the top of its post's preview. */
  show(comment: Comment): void
}

export type CommentPreviewStore = StoreApi<CommentPreviewState>

/** A post without comments has nothing to preview, so it is never asked about. */
type PreviewPost = Pick<Post, 'id' | 'comments_count'>

export function createCommentPreviewStore(
  comments: Pick<Services['comments'], 'latest'>
): CommentPreviewStore {
  return createStore<CommentPreviewState>()((set) => {
    const batches = batchedLookup(
      async (ids) => {
        const latest = await comments.latest(ids, PREVIEW_COMMENTS)
        set((state) => ({ byPost: new Map([...state.byPost, ...latest]) }))
      },
      (error) => console.error('Error loading comments', error)
    )
    /** Only posts with comments are asked about; every post is known from now on. */
    const withComments = (posts: PreviewPost[]): string[] =>
      posts.filter((post) => post.comments_count > 0).map((post) => post.id)
    const ids = (posts: PreviewPost[]): string[] => posts.map((post) => post.id)

    return {
      byPost: new Map(),
      watch(posts) {
        batches.watch(withComments(posts))
        batches.markKnown(ids(posts))
      },
      prefetch(posts) {
        const asked = batches.prefetch(withComments(posts))
        batches.markKnown(ids(posts))
        return asked
      },
      refresh: (postId) => batches.refresh([postId]),
      // A new comment (its id is new), so it is put on top without looking for it first.
      show: (comment) =>
        set((state) => ({
          byPost: new Map(state.byPost).set(
            comment.post_id,
            [comment, ...(state.byPost.get(comment.post_id) ?? [])].slice(0, PREVIEW_COMMENTS)
          )
        }))
    }
  })
}
