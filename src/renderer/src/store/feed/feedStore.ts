// The home feed (docs/product.md, "Feed"): loading → loaded (posts or empty), and a new post of
// one's own prepended as it comes back from the server (nothing is re-read). Posts arrive a page
// at a time (keyset on created_at, id): `load` reads the first page, `loadMore` the next one. The
// feed holds ids; the posts and their likes live once in the posts store.

import { createStore, type StoreApi } from 'zustand/vanilla'
import type { CreateCarouselInput, CreatePostInput } from '@shared/bridge-contract'
import type { Post } from '@shared/domain'
import type { PostRow } from '@shared/data/live-posts'
import { cursorOf } from '@shared/data/feed'
import { newRowId } from '@shared/data/idempotent'
import { FEED_CACHED_POSTS, FEED_MAX_LOADED_POSTS, FEED_PAGE_SIZE } from '@shared/limits'
import type { Services } from '../../services'
import type { SavedAnswers } from '../../offline/cache/savedAnswers'
import { sendOrQueue, type ActionQueue } from '../../offline/outbox/outboxStore'
import { asCarouselInput, isPreviewPost } from '../../offline/outbox/previews'
import type { PostsStore } from '../posts/postsStore'
import { appendPage, pageHasMore, prependPage, trimWindow } from './feedPages'
import { sortCaughtUp } from './liveFeed'

export type FeedStatus = 'idle' | 'loading' | 'ready'

/** What a feed saves offline: its first pages and which of them the user liked. */
export interface FeedSnapshot {
  posts: Post[]
  likedIds: string[]
}

export interface FeedDeps {
  feed: Services['feed']
  /** Where the posts shown and their likes live. */
  posts: PostsStore
  createPost(input: CreatePostInput): Promise<Post>
  createCarousel(input: CreateCarouselInput): Promise<Post>
  /**
   * Reads what the cards of a page show besides the posts (saved state, latest comments), with
   * the likes and before the page is shown, so no card asks on its own.
   */
  pageExtras?(posts: Post[]): Promise<void>
  /** Told after one's own post was created, e.g. so the profile grid shows it too. */
  onPostCreated?(post: Post): void
  /** Read at call time, so a toggle always acts as whoever is signed in now. */
  getUserId(): string | null
  /** Where the first pages are saved for offline use, under `cacheKey`. */
  saved?: SavedAnswers
  cacheKey?: string
  /**
   * Where likes and new posts wait when the network is down, and how a queued post looks
   * meanwhile. Without it every action is sent at once.
   */
  outbox?: {
    queue: ActionQueue
    preview(input: CreateCarouselInput & { id: string }): Post
  }
}

export interface FeedState {
  /** The posts shown, newest first, by id (the posts store holds them). */
  ids: string[]
  status: FeedStatus
  /** More pages may follow the last one read. */
  hasMore: boolean
  loadingMore: boolean
  /** The last next-page read failed; the list offers a retry instead of looping. */
  loadMoreFailed: boolean
  /** Posts above the first one held, dropped to keep memory bounded; re-read on the way up. */
  trimmedAbove: number
  loadingNewer: boolean
  /** Other people's posts created since the feed was read: the "New posts" pill. */
  newPostIds: readonly string[]
  /** The posts shown are the saved copy (start-up or offline), not yet the backend's answer. */
  fromCache: boolean
  /** Shows a saved copy while nothing newer is shown; the next answer replaces it. */
  hydrate(snapshot: FeedSnapshot): void
  /** Reads the first page, replacing whatever was shown. */
  load(): Promise<void>
  /** Reads the page after the last post shown; a no-op while one is in flight or at the end. */
  loadMore(): Promise<void>
  /** Re-reads the page above the first post held, when posts were dropped there. */
  loadNewer(): Promise<void>
  /** Creates a post and shows it at the top: the server's row, with no re-read. */
  createPost(input: CreatePostInput): Promise<Post>
  /** Several photos in one post, prepended like createPost's. */
  createCarousel(input: CreateCarouselInput): Promise<Post>
  /** Puts a post just created at the top of the feed (once, even if told twice). */
  postCreated(post: Post): void
  /** What it holds is out of date (e.g. who is followed changed): the next view reloads it. */
  invalidate(): void
  /** A post was created somewhere: someone else's waits behind the "New posts" pill. */
  postInserted(row: PostRow): void
  /**
   * The live channel re-joined after a gap: re-reads the top of the feed, so posts created
   * meanwhile go behind the pill and the counters of the posts held there are current again.
   */
  catchUp(): Promise<void>
  /** Puts the posts behind the pill at the top, reading only those (no full reload). */
  showNewPosts(): Promise<void>
}

export type FeedStore = StoreApi<FeedState>

export function createFeedStore(
  deps: FeedDeps,
  pageSize = FEED_PAGE_SIZE,
  maxLoaded = FEED_MAX_LOADED_POSTS
): FeedStore {
  return createStore<FeedState>()((set, get) => {
    let loadToken = 0

    const posts = (): ReturnType<PostsStore['getState']> => deps.posts.getState()
    /** The held posts, in order. */
    const held = (): Post[] => get().ids.flatMap((id) => posts().byId[id] ?? [])
    /** Reads what the cards of a page show besides the posts: likes, saved state, comments. */
    const extrasOf = (page: Post[]): Promise<unknown> =>
      Promise.all([posts().learnLikes(page), deps.pageExtras?.(page)])

    /** Saves the top of the feed, when what is held is the backend's answer from the top. */
    function saveFirstPages(): void {
      const { trimmedAbove, fromCache } = get()
      if (!deps.saved || !deps.cacheKey || fromCache || trimmedAbove > 0) return
      // A queued post's stand-in shows blob: images that die with the page; the outbox puts it
      // back after a reload.
      const top = held()
        .filter((post) => !isPreviewPost(post.id))
        .slice(0, FEED_CACHED_POSTS)
      const { liked } = posts()
      const snapshot: FeedSnapshot = {
        posts: top,
        likedIds: top.filter((post) => liked[post.id]).map((post) => post.id)
      }
      deps.saved.write(deps.cacheKey, snapshot)
    }

    /** Sends a new post, or queues it and shows its preview; either way it goes on top. */
    async function publish(
      input: CreateCarouselInput & { id: string },
      send: () => Promise<Post>
    ): Promise<Post> {
      const outcome = await sendOrQueue(deps.outbox?.queue, { kind: 'post', input }, send)
      const post = outcome.status === 'sent' ? outcome.result : deps.outbox!.preview(input)
      get().postCreated(post)
      deps.onPostCreated?.(post)
      return post
    }

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

      hydrate(snapshot) {
        const state = get()
        if (state.status === 'ready' && !state.fromCache) return
        posts().put(snapshot.posts)
        posts().setLiked(
          snapshot.posts.map((post) => post.id),
          new Set(snapshot.likedIds)
        )
        set({
          ids: appendPage([], snapshot.posts),
          status: 'ready',
          fromCache: true,
          hasMore: false,
          trimmedAbove: 0
        })
      },

      async load() {
        const token = ++loadToken
        set({
          // A saved copy stays on screen until the answer replaces it: no spinner over it.
          status: get().fromCache ? 'ready' : 'loading',
          loadingMore: false,
          loadingNewer: false,
          loadMoreFailed: false,
          newPostIds: []
        })
        let page: Post[] = []
        let failed = false
        try {
          page = await deps.feed.fetchPage({ limit: pageSize })
        } catch (error) {
          // Logged only; the feed shows as empty (docs/product.md).
          console.error('Error fetching posts', error)
          failed = true
        }
        await extrasOf(page)
        // A newer load (new post, other user) has started meanwhile: its answer wins.
        if (token !== loadToken) return
        // Unreachable backend: the saved copy is better than an empty feed.
        if (failed && get().fromCache) return
        posts().put(page)
        set({
          ids: appendPage([], page),
          status: 'ready',
          fromCache: false,
          trimmedAbove: 0,
          hasMore: !failed && pageHasMore(page, pageSize)
        })
        if (!failed) saveFirstPages()
      },

      async loadMore() {
        const state = get()
        if (state.status !== 'ready' || !state.hasMore || state.loadingMore) return
        const last = posts().byId[state.ids[state.ids.length - 1] ?? '']
        if (!last) return
        const token = loadToken
        set({ loadingMore: true, loadMoreFailed: false })
        try {
          const page = await deps.feed.fetchPage({ before: cursorOf(last), limit: pageSize })
          await extrasOf(page)
          // A reload replaced the list meanwhile: this page belongs to the old one.
          if (token !== loadToken) return
          posts().put(page)
          set((current) => ({
            ...trimWindow(
              {
                ids: appendPage(current.ids, page),
                trimmedAbove: current.trimmedAbove,
                hasMore: pageHasMore(page, pageSize)
              },
              maxLoaded,
              'top'
            ),
            loadingMore: false
          }))
          if (state.ids.length < FEED_CACHED_POSTS) saveFirstPages()
        } catch (error) {
          console.error('Error fetching posts', error)
          if (token === loadToken) set({ loadingMore: false, loadMoreFailed: true })
        }
      },

      async loadNewer() {
        const state = get()
        if (state.status !== 'ready' || state.trimmedAbove === 0 || state.loadingNewer) return
        const first = posts().byId[state.ids[0] ?? '']
        if (!first) return
        const token = loadToken
        set({ loadingNewer: true })
        try {
          const page = await deps.feed.fetchNewer({ after: cursorOf(first), limit: pageSize })
          await extrasOf(page)
          if (token !== loadToken) return
          posts().put(page)
          set((current) => ({
            ...trimWindow(
              {
                ids: prependPage(current.ids, page),
                // A short page means the top of the feed was reached.
                trimmedAbove: pageHasMore(page, pageSize)
                  ? Math.max(0, current.trimmedAbove - page.length)
                  : 0,
                hasMore: current.hasMore
              },
              maxLoaded,
              'bottom'
            ),
            loadingNewer: false
          }))
        } catch (error) {
          console.error('Error fetching posts', error)
          if (token === loadToken) set({ loadingNewer: false })
        }
      },

      async createPost(input) {
        // The id is chosen here, so a resend of this post can never make a second one.
        const withId = { ...input, id: input.id ?? newRowId() }
        return publish({ ...asCarouselInput(withId), id: withId.id }, () => deps.createPost(withId))
      },

      async createCarousel(input) {
        const withId = { ...input, id: input.id ?? newRowId() }
        return publish(withId, () => deps.createCarousel(withId))
      },

      postCreated(post) {
        // Only a list showing the top of the feed takes it; a loading one will read it anyway.
        if (get().status !== 'ready' || get().trimmedAbove > 0) return
        posts().put([post])
        // Nobody has liked one's brand-new post yet.
        posts().setLiked([post.id], new Set())
        set((state) => ({ ids: prependPage(state.ids, [post]) }))
      },

      invalidate() {
        loadToken++
        set({
          status: 'idle',
          ids: [],
          fromCache: false,
          loadingMore: false,
          loadingNewer: false
        })
      },

      postInserted(row) {
        const state = get()
        // One's own post is already at the top (postCreated); a loading feed will read it.
        if (state.status !== 'ready' || row.user_id === deps.getUserId()) return
        if (state.newPostIds.includes(row.id) || state.ids.includes(row.id)) return
        set({ newPostIds: [...state.newPostIds, row.id] })
      },

      async catchUp() {
        // Scrolled so far that the top was dropped: it is re-read on the way back up anyway.
        if (get().status !== 'ready' || get().trimmedAbove > 0) return
        const token = loadToken
        try {
          const top = await deps.feed.fetchPage({ limit: pageSize })
          if (token !== loadToken) return
          const caught = sortCaughtUp(held(), top)
          for (const post of caught.held) posts().countersChanged(post)
          for (const post of caught.fresh) get().postInserted(post)
        } catch (error) {
          console.error('Error fetching posts', error)
        }
      },

      async showNewPosts() {
        const state = get()
        const first = posts().byId[state.ids[0] ?? '']
        if (state.status !== 'ready' || state.newPostIds.length === 0) return
        // Scrolled far enough that the top was dropped, or nothing shown yet: read from the top.
        if (!first || state.trimmedAbove > 0) return get().load()
        const token = loadToken
        try {
          const page = await deps.feed.fetchNewer({
            after: cursorOf(first),
            limit: Math.max(pageSize, state.newPostIds.length)
          })
          await posts().learnLikes(page)
          if (token !== loadToken) return
          posts().put(page)
          set((current) => ({
            ...trimWindow(
              {
                ids: prependPage(current.ids, page),
                trimmedAbove: current.trimmedAbove,
                hasMore: current.hasMore
              },
              maxLoaded,
              'bottom'
            ),
            newPostIds: []
          }))
        } catch (error) {
          console.error('Error fetching posts', error)
        }
      }
    }
  })
}
