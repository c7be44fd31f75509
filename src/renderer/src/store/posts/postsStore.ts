// One copy of each post in the renderer: posts by id with the signed-in user's likes, and the one
// like operation that the card, the post view, the keyboard and the outbox all use. Lists (the
// feeds, profile grids, tag pages, Saved) hold ids and cursors only, so a like, an edit, a
// delete, a live count or a new avatar is applied here once and every view shows it.
//
// Lists say which ids they hold (`hold`); posts no list holds are dropped, so memory stays
// bounded by what the lists keep. A deleted post is announced (`onRemoved`) and every list
// drops its id.

import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Post } from '@shared/domain'
import type { PostRow } from '@shared/data/live-posts'
import type { Services } from '../../services'
import { sendOrQueue, type ActionQueue } from '../../offline/outbox/outboxStore'
import {
  applyLike,
  retained,
  withCounters,
  withLikeCount,
  withLikedStates,
  withMember,
  withPosts,
  type PostEntities
} from './postEntities'

export interface PostsDeps {
  likes: Services['likes']
  /** Read at call time, so a like always acts as whoever is signed in now. */
  getUserId(): string | null
  /** Where a like waits when the network is down; without it every like is sent at once. */
  queue?: ActionQueue
}

export type PostAuthorChange = Pick<Post, 'user_id'> & NonNullable<Post['profiles']>

export interface PostsState extends PostEntities {
  /** Takes posts read from the server (a page, a post opened, a sent post's row). */
  put(posts: readonly Post[]): void
  /** Reads the signed-in user's likes of these posts in one query (errors only cost hearts). */
  learnLikes(posts: readonly Post[]): Promise<void>
  /** What a list knows of the liked state (a saved copy, a queued like) without asking. */
  setLiked(postIds: readonly string[], likedIds: ReadonlySet<string>): void
  /** Changes one post (an edit, a comment count); a no-op for a post not held. */
  patch(postId: string, change: (post: Post) => Post): void
  /** A post is gone: every list drops it. */
  remove(postId: string): void
  onRemoved(listener: (postId: string) => void): () => void
  /** A post's live counters changed (likes wait while the user's own like is in flight). */
  countersChanged(row: PostRow): void
  /** A person changed their name or avatar: every post of theirs shows the new ones. */
  authorChanged(author: PostAuthorChange): void
  /** The ids `owner` (a list) holds now; posts no owner holds are dropped. */
  hold(owner: string, ids: readonly string[]): void
  /**
   * Likes or unlikes: optimistic, ignored while that post's like is in flight, while its state
   * is unknown or when signed out; queued offline; reconciled with the server's count; undone
   * when refused.
   */
  toggleLike(postId: string): Promise<void>
  /** Another user signed in: likes are theirs to learn. */
  forgetLikes(): void
  /**
   * A comment (or a deletion) of the user's is on its way to `postId`: returns the function to
   * call when it settles, with how the count changed (0 when it failed).
   */
  beginCommentChange(postId: string): (delta: number) => void
}

export type PostsStore = StoreApi<PostsState>

export function createPostsStore(deps: PostsDeps): PostsStore {
  return createStore<PostsState>()((set, get) => {
    const holders = new Map<string, readonly string[]>()
    const removedListeners = new Set<(postId: string) => void>()

    return {
      byId: {},
      liked: {},
      likingIds: new Set(),
      commentingIds: {},

      put: (posts) => set((state) => withPosts(state, posts)),

      async learnLikes(posts) {
        const userId = deps.getUserId()
        if (!userId || posts.length === 0) return
        const ids = posts.map((post) => post.id)
        try {
          const likedIds = await deps.likes.likedPostIds(userId, ids)
          if (deps.getUserId() === userId) set((state) => withLikedStates(state, ids, likedIds))
        } catch (error) {
          console.error('Error fetching likes', error)
        }
      },

      setLiked: (postIds, likedIds) => set((state) => withLikedStates(state, postIds, likedIds)),

      patch(postId, change) {
        set((state) => {
          const post = state.byId[postId]
          return post ? { byId: { ...state.byId, [postId]: change(post) } } : {}
        })
      },

      remove(postId) {
        set((state) => {
          if (!(postId in state.byId)) return {}
          const byId = { ...state.byId }
          delete byId[postId]
          return { byId }
        })
        for (const listener of removedListeners) listener(postId)
      },

      onRemoved(listener) {
        removedListeners.add(listener)
        return () => removedListeners.delete(listener)
      },

      countersChanged: (row) => set((state) => withCounters(state, row)),

      authorChanged({ user_id, username, full_name, avatar_url }) {
        set((state) => {
          const byId = { ...state.byId }
          let changed = false
          for (const post of Object.values(state.byId)) {
            if (post.user_id !== user_id) continue
            byId[post.id] = { ...post, profiles: { username, full_name, avatar_url } }
            changed = true
          }
          return changed ? { byId } : {}
        })
      },

      hold(owner, ids) {
        // Lists tell this on every change of theirs (a draft typed in the post view too): only a
        // change of the ids held is worth a look at what to drop.
        const before = holders.get(owner)
        if (before && before.length === ids.length && before.every((id, at) => id === ids[at])) {
          return
        }
        holders.set(owner, ids)
        const held = new Set<string>()
        for (const list of holders.values()) for (const id of list) held.add(id)
        for (const id of get().likingIds) held.add(id)
        const state = get()
        if (Object.keys(state.byId).every((id) => held.has(id))) return
        set(retained(state, held))
      },

      async toggleLike(postId) {
        const userId = deps.getUserId()
        const wasLiked = get().liked[postId]
        if (!userId || wasLiked === undefined || get().likingIds.has(postId)) return
        set((state) => ({ likingIds: withMember(state.likingIds, postId, true) }))
        try {
          const outcome = await sendOrQueue(
            deps.queue,
            { kind: 'like', postId, liked: !wasLiked },
            () => deps.likes.setLike(postId, !wasLiked),
            () => set((state) => applyLike(state, postId, !wasLiked))
          )
          // The server's counter also counts other people's likes made meanwhile.
          if (outcome.status === 'sent') {
            set((state) => withLikeCount(state, postId, outcome.result.likes_count))
          }
        } catch (error) {
          // Like errors are only logged (docs/product.md). Undo the optimistic change.
          console.error('Error toggling like', error)
          set((state) => applyLike(state, postId, wasLiked))
        } finally {
          set((state) => ({ likingIds: withMember(state.likingIds, postId, false) }))
        }
      },

      forgetLikes: () => set({ liked: {} }),

      beginCommentChange(postId) {
        const count = (state: PostEntities): number => state.commentingIds[postId] ?? 0
        set((state) => ({
          commentingIds: { ...state.commentingIds, [postId]: count(state) + 1 }
        }))
        return (delta) =>
          set((state) => {
            const commentingIds = { ...state.commentingIds, [postId]: count(state) - 1 }
            if (commentingIds[postId] <= 0) delete commentingIds[postId]
            const post = state.byId[postId]
            if (!post || delta === 0) return { commentingIds }
            const comments_count = Math.max(post.comments_count + delta, 0)
            return { commentingIds, byId: { ...state.byId, [postId]: { ...post, comments_count } } }
          })
      }
    }
  })
}

/** Keeps `posts` told which ids a list store holds, and drops deleted posts from it. */
export function trackList<S>(
  posts: PostsStore,
  owner: string,
  list: StoreApi<S>,
  idsOf: (state: S) => readonly string[],
  drop: (postId: string) => void
): void {
  posts.getState().hold(owner, idsOf(list.getState()))
  list.subscribe((state) => posts.getState().hold(owner, idsOf(state)))
  posts.getState().onRemoved(drop)
}
