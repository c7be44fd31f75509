// One copy of each post in the renderer: posts by id with the signed-in user's likes, and the one
// like operation that the card, the post view, the keyboard and the outbox all use. Lists (the
// feeds, profile grids, tag pages, Saved) hold ids and cursors only, so a like, an edit, a
// delete, a live count or a new avatar is applied here once and every view shows it.
//
// Lists say which ids they hold (`hold`); posts no list holds are dropped, so memory stays
// bounded by what the lists keep. A deleted post is announced (`onRemoved`) and every list
// drops its id.

import { createStore, type StoreApi } from 'zustand/vanilla'
import { withPosts } from './postEntities'
import { countActions } from './postsCounts'
import { holdingActions } from './postsHolding'
import { likeActions } from './postsLikes'
import type { PostsContext, PostsDeps, PostsState, PostsStore } from './postsTypes'

// Likes live in postsLikes.ts, counts in postsCounts.ts and what is kept in postsHolding.ts;
// this composes them with the plain changes to posts held.
export type { PostAuthorChange, PostsDeps, PostsState, PostsStore } from './postsTypes'

export function createPostsStore(deps: PostsDeps): PostsStore {
  return createStore<PostsState>()((set, get) => {
    const ctx: PostsContext = { deps, set, get }
    return {
      byId: {},
      liked: {},
      likingIds: new Set(),
      commentingIds: {},
      ...likeActions(ctx),
      ...holdingActions(ctx),
      ...countActions(ctx),

      put: (posts, mark) => set((state) => withPosts(state, posts, mark)),

      patch(postId, change) {
        set((state) => {
          const post = state.byId[postId]
          return post ? { byId: { ...state.byId, [postId]: change(post) } } : {}
        })
      },

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
