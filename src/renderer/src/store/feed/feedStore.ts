// The home feed (docs/product.md, "Feed"): loading → loaded (posts or empty), and a new post of
// one's own prepended as it comes back from the server (nothing is re-read). Posts arrive a page
// at a time (keyset on created_at, id): `load` reads the first page, `loadMore` the next one. The
// feed holds ids; the posts and their likes live once in the posts store.

import { createStore } from 'zustand/vanilla'
import { FEED_MAX_LOADED_POSTS, FEED_PAGE_SIZE } from '@shared/limits'
import { prependPage } from './feedPages'
import { firstPageActions, morePagesActions } from './feedPaging'
import { newPostsActions } from './newPosts'
import { publishingActions } from './publishing'
import {
  postsOf,
  type FeedContext,
  type FeedDeps,
  type FeedState,
  type FeedStore
} from './feedTypes'

export type { FeedDeps, FeedSnapshot, FeedState, FeedStatus, FeedStore } from './feedTypes'

export function createFeedStore(
  deps: FeedDeps,
  pageSize = FEED_PAGE_SIZE,
  maxLoaded = FEED_MAX_LOADED_POSTS
): FeedStore {
  return createStore<FeedState>()((set, get) => {
    const ctx: FeedContext = { deps, set, get, pageSize, maxLoaded, loadToken: { current: 0 } }

    return {
      ids: [],
      status: 'idle',
      hasMore: false,
      loadingMore: false,
      loadMoreFailed: false,
      trimmedAbove: 0,
      loadingNewer: false,
      newPostIds: [],
      fromCache: false,
      ...firstPageActions(ctx),
      ...morePagesActions(ctx),
      ...publishingActions(ctx),
      ...newPostsActions(ctx),

      postCreated(post) {
        // Only a list showing the top of the feed takes it; a loading one will read it anyway.
        if (get().status !== 'ready' || get().trimmedAbove > 0) return
        postsOf(ctx).put([post])
        // Nobody has liked one's brand-new post yet.
        postsOf(ctx).setLiked([post.id], new Set())
        set((state) => ({ ids: prependPage(state.ids, [post]) }))
      },

      invalidate() {
        ctx.loadToken.current++
        set({
          status: 'idle',
          ids: [],
          fromCache: false,
          loadingMore: false,
          loadingNewer: false
        })
      }
    }
  })
}
