// Reading the feed a page at a time (keyset on created_at, id): the first page (`load`), the
// next one (`loadMore`), the one above what is held (`loadNewer`), and the saved copy shown
// until the backend answers (`hydrate`), with the first pages saved for offline use.

import { cursorOf } from '../../services/rules'
import { FEED_CACHED_POSTS } from '@shared/limits'
import type { Post } from '@shared/domain'
import { isPreviewPost } from '../../offline/outbox/previews'
import { appendPage, pageHasMore, prependPage, trimWindow } from './feedPages'
import { SAVED_COPY } from '../posts/postEntities'
import {
  extrasOf,
  heldPosts,
  postsOf,
  type FeedContext,
  type FeedSnapshot,
  type FeedState
} from './feedTypes'

/** Saves the top of the feed, when what is held is the backend's answer from the top. */
function saveFirstPages(ctx: FeedContext): void {
  const { trimmedAbove, fromCache } = ctx.get()
  if (!ctx.deps.saved || !ctx.deps.cacheKey || fromCache || trimmedAbove > 0) return
  // A queued post's stand-in shows blob: images that die with the page; the outbox puts it
  // back after a reload.
  const top = heldPosts(ctx)
    .filter((post) => !isPreviewPost(post.id))
    .slice(0, FEED_CACHED_POSTS)
  const { liked } = postsOf(ctx)
  const snapshot: FeedSnapshot = {
    posts: top,
    likedIds: top.filter((post) => liked[post.id]).map((post) => post.id)
  }
  ctx.deps.saved.write(ctx.deps.cacheKey, snapshot)
}

export function firstPageActions(ctx: FeedContext): Pick<FeedState, 'hydrate' | 'load'> {
  return {
    hydrate(snapshot) {
      const state = ctx.get()
      if (state.status === 'ready' && !state.fromCache) return
      postsOf(ctx).put(snapshot.posts, SAVED_COPY)
      postsOf(ctx).setLiked(
        snapshot.posts.map((post) => post.id),
        new Set(snapshot.likedIds),
        SAVED_COPY
      )
      ctx.set({
        ids: appendPage([], snapshot.posts),
        status: 'ready',
        fromCache: true,
        hasMore: false,
        trimmedAbove: 0
      })
    },

    async load() {
      const token = ++ctx.loadToken.current
      ctx.set({
        // A saved copy stays on screen until the answer replaces it: no spinner over it.
        status: ctx.get().fromCache ? 'ready' : 'loading',
        loadingMore: false,
        loadingNewer: false,
        loadMoreFailed: false,
        newPostIds: []
      })
      let page: Post[] = []
      let failed = false
      const mark = postsOf(ctx).readMark()
      try {
        page = await ctx.deps.feed.fetchPage({ limit: ctx.pageSize })
      } catch (error) {
        // Logged only; the feed shows as empty (docs/product.md).
        console.error('Error fetching posts', error)
        failed = true
      }
      await extrasOf(ctx, page)
      // A newer load (new post, other user) has started meanwhile: its answer wins.
      if (token !== ctx.loadToken.current) return
      // Unreachable backend: the saved copy is better than an empty feed.
      if (failed && ctx.get().fromCache) return
      postsOf(ctx).put(page, mark)
      ctx.set({
        ids: appendPage([], page),
        status: 'ready',
        fromCache: false,
        trimmedAbove: 0,
        hasMore: !failed && pageHasMore(page, ctx.pageSize)
      })
      if (!failed) saveFirstPages(ctx)
    }
  }
}

/** Reading on from what is held: the next page, or the one above after a trim. */
export function morePagesActions(ctx: FeedContext): Pick<FeedState, 'loadMore' | 'loadNewer'> {
  return {
    async loadMore() {
      const state = ctx.get()
      if (state.status !== 'ready' || !state.hasMore || state.loadingMore) return
      const last = postsOf(ctx).byId[state.ids[state.ids.length - 1] ?? '']
      if (!last) return
      const token = ctx.loadToken.current
      ctx.set({ loadingMore: true, loadMoreFailed: false })
      const mark = postsOf(ctx).readMark()
      try {
        const page = await ctx.deps.feed.fetchPage({ before: cursorOf(last), limit: ctx.pageSize })
        await extrasOf(ctx, page)
        // A reload replaced the list meanwhile: this page belongs to the old one.
        if (token !== ctx.loadToken.current) return
        postsOf(ctx).put(page, mark)
        ctx.set((current) => ({
          ...trimWindow(
            {
              ids: appendPage(current.ids, page),
              trimmedAbove: current.trimmedAbove,
              hasMore: pageHasMore(page, ctx.pageSize)
            },
            ctx.maxLoaded,
            'top'
          ),
          loadingMore: false
        }))
        if (state.ids.length < FEED_CACHED_POSTS) saveFirstPages(ctx)
      } catch (error) {
        console.error('Error fetching posts', error)
        if (token === ctx.loadToken.current) ctx.set({ loadingMore: false, loadMoreFailed: true })
      }
    },

    async loadNewer() {
      const state = ctx.get()
      if (state.status !== 'ready' || state.trimmedAbove === 0 || state.loadingNewer) return
      const first = postsOf(ctx).byId[state.ids[0] ?? '']
      if (!first) return
      const token = ctx.loadToken.current
      ctx.set({ loadingNewer: true })
      const mark = postsOf(ctx).readMark()
      try {
        const page = await ctx.deps.feed.fetchNewer({ after: cursorOf(first), limit: ctx.pageSize })
        await extrasOf(ctx, page)
        if (token !== ctx.loadToken.current) return
        postsOf(ctx).put(page, mark)
        ctx.set((current) => ({
          ...trimWindow(
            {
              ids: prependPage(current.ids, page),
              // A short page means the top of the feed was reached.
              trimmedAbove: pageHasMore(page, ctx.pageSize)
                ? Math.max(0, current.trimmedAbove - page.length)
                : 0,
              hasMore: current.hasMore
            },
            ctx.maxLoaded,
            'bottom'
          ),
          loadingNewer: false
        }))
      } catch (error) {
        console.error('Error fetching posts', error)
        if (token === ctx.loadToken.current) ctx.set({ loadingNewer: false })
      }
    }
  }
}
