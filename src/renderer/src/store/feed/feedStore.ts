// The home feed (docs/product.md, "Feed"): loading → loaded (posts or empty), a new post of
// one's own prepended as it comes back from the server (nothing is re-read), and optimistic
// likes guarded per post. Posts arrive a page at a time (keyset on created_at, id): `load` reads
// the first page, `loadMore` the next one.

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
import { appendPage, pageHasMore, prependPage, trimWindow, unionIds } from './feedPages'
import { applyLike, markLiking, reconcileLikeCount } from './likeReducer'
import { reconcileCounters, sortCaughtUp } from './liveFeed'

export type FeedStatus = 'idle' | 'loading' | 'ready'

/** What a feed saves offline: its first pages and which of them the user liked. */
export interface FeedSnapshot {
  posts: Post[]
  likedIds: string[]
}

export interface FeedDeps {
  feed: Services['feed']
  likes: Services['likes']
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
  posts: Post[]
  status: FeedStatus
  likedIds: ReadonlySet<string>
  likingIds: ReadonlySet<string>
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
  toggleLike(postId: string): Promise<void>
  /** A post was created somewhere: someone else's waits behind the "New posts" pill. */
  postInserted(row: PostRow): void
  /** A post's counters changed: cards take them (but not likes while the user's own is pending). */
  postUpdated(row: PostRow): void
  /**
   * The live channel re-joined after a gap: re-reads the top of the feed, so posts created
   * meanwhile go behind the pill and the counters of the posts held there are current again.
   */
  catchUp(): Promise<void>
  /** Puts the posts behind the pill at the top, reading only those (no full reload). */
  showNewPosts(): Promise<void>
  /** A person changed their name or avatar: the posts held show the new ones. */
  authorChanged(author: Pick<Post, 'user_id'> & NonNullable<Post['profiles']>): void
}

export type FeedStore = StoreApi<FeedState>

export function createFeedStore(
  deps: FeedDeps,
  pageSize = FEED_PAGE_SIZE,
  maxLoaded = FEED_MAX_LOADED_POSTS
): FeedStore {
  return createStore<FeedState>()((set, get) => {
    let loadToken = 0

    /** The liked state of one page in one query; an error only costs the hearts. */
    async function likedIn(userId: string | null, posts: Post[]): Promise<ReadonlySet<string>> {
      if (!userId || posts.length === 0) return new Set()
      try {
        return await deps.likes.likedPostIds(
          userId,
          posts.map((post) => post.id)
        )
      } catch (error) {
        console.error('Error fetching likes', error)
        return new Set()
      }
    }

    /** Saves the top of the feed, when what is held is the backend's answer from the top. */
    function saveFirstPages(): void {
      const { posts, likedIds, trimmedAbove, fromCache } = get()
      if (!deps.saved || !deps.cacheKey || fromCache || trimmedAbove > 0) return
      // A queued post's stand-in shows blob: images that die with the page; the outbox puts it
      // back after a reload.
      const top = posts.filter((post) => !isPreviewPost(post.id)).slice(0, FEED_CACHED_POSTS)
      const snapshot: FeedSnapshot = {
        posts: top,
        likedIds: top.filter((post) => likedIds.has(post.id)).map((post) => post.id)
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
      posts: [],
      status: 'idle',
      likedIds: new Set(),
      likingIds: new Set(),
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
        set({
          posts: appendPage([], snapshot.posts),
          likedIds: new Set(snapshot.likedIds),
          status: 'ready',
          fromCache: true,
          hasMore: false,
          trimmedAbove: 0
        })
      },

      async load() {
        const token = ++loadToken
        const userId = deps.getUserId()
        set({
          // A saved copy stays on screen until the answer replaces it: no spinner over it.
          status: get().fromCache ? 'ready' : 'loading',
          loadingMore: false,
          loadingNewer: false,
          loadMoreFailed: false,
          newPostIds: []
        })
        let posts: Post[] = []
        let failed = false
        try {
          posts = await deps.feed.fetchPage({ limit: pageSize })
        } catch (error) {
          // Logged only; the feed shows as empty (docs/product.md).
          console.error('Error fetching posts', error)
          failed = true
        }
        const [likedIds] = await Promise.all([likedIn(userId, posts), deps.pageExtras?.(posts)])
        // A newer load (new post, other user) has started meanwhile: its answer wins.
        if (token !== loadToken) return
        // Unreachable backend: the saved copy is better than an empty feed.
        if (failed && get().fromCache) return
        set({
          posts: appendPage([], posts),
          likedIds,
          status: 'ready',
          fromCache: false,
          trimmedAbove: 0,
          hasMore: !failed && pageHasMore(posts, pageSize)
        })
        if (!failed) saveFirstPages()
      },

      async loadMore() {
        const state = get()
        if (state.status !== 'ready' || !state.hasMore || state.loadingMore) return
        const last = state.posts[state.posts.length - 1]
        if (!last) return
        const token = loadToken
        const userId = deps.getUserId()
        set({ loadingMore: true, loadMoreFailed: false })
        try {
          const page = await deps.feed.fetchPage({ before: cursorOf(last), limit: pageSize })
          const [liked] = await Promise.all([likedIn(userId, page), deps.pageExtras?.(page)])
          // A reload replaced the list meanwhile: this page belongs to the old one.
          if (token !== loadToken) return
          set((current) => ({
            ...trimWindow(
              {
                posts: appendPage(current.posts, page),
                likedIds: unionIds(current.likedIds, liked),
                trimmedAbove: current.trimmedAbove,
                hasMore: pageHasMore(page, pageSize)
              },
              maxLoaded,
              'top'
            ),
            loadingMore: false
          }))
          if (state.posts.length < FEED_CACHED_POSTS) saveFirstPages()
        } catch (error) {
          console.error('Error fetching posts', error)
          if (token === loadToken) set({ loadingMore: false, loadMoreFailed: true })
        }
      },

      async loadNewer() {
        const state = get()
        if (state.status !== 'ready' || state.trimmedAbove === 0 || state.loadingNewer) return
        const first = state.posts[0]
        if (!first) return
        const token = loadToken
        const userId = deps.getUserId()
        set({ loadingNewer: true })
        try {
          const page = await deps.feed.fetchNewer({ after: cursorOf(first), limit: pageSize })
          const [liked] = await Promise.all([likedIn(userId, page), deps.pageExtras?.(page)])
          if (token !== loadToken) return
          set((current) => ({
            ...trimWindow(
              {
                posts: prependPage(current.posts, page),
                likedIds: unionIds(current.likedIds, liked),
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
        set((state) => ({ posts: prependPage(state.posts, [post]) }))
      },

      invalidate() {
        loadToken++
        set({
          status: 'idle',
          posts: [],
          fromCache: false,
          loadingMore: false,
          loadingNewer: false
        })
      },

      authorChanged({ user_id, username, full_name, avatar_url }) {
        set((state) => ({
          posts: state.posts.map((post) =>
            post.user_id === user_id
              ? { ...post, profiles: { username, full_name, avatar_url } }
              : post
          )
        }))
      },

      async toggleLike(postId) {
        const userId = deps.getUserId()
        // Clicks are ignored when signed out or while this post's like is in flight.
        if (!userId || get().likingIds.has(postId)) return
        const wasLiked = get().likedIds.has(postId)
        set((state) => ({ likingIds: markLiking(state.likingIds, postId, true) }))
        try {
          const outcome = await sendOrQueue(
            deps.outbox?.queue,
            { kind: 'like', postId, liked: !wasLiked },
            () => deps.likes.setLike(postId, !wasLiked),
            () => set((state) => applyLike(state, postId, !wasLiked))
          )
          // The server's counter also counts other people's likes made meanwhile.
          if (outcome.status === 'sent') {
            const count = outcome.result.likes_count
            set((state) => ({ posts: reconcileLikeCount(state.posts, postId, count) }))
          }
        } catch (error) {
          // Like errors are only logged (docs/product.md). Undo the optimistic change.
          console.error('Error toggling like', error)
          set((state) => applyLike(state, postId, wasLiked))
        } finally {
          set((state) => ({ likingIds: markLiking(state.likingIds, postId, false) }))
        }
      },

      postInserted(row) {
        const state = get()
        // One's own post is already at the top (postCreated); a loading feed will read it.
        if (state.status !== 'ready' || row.user_id === deps.getUserId()) return
        if (state.newPostIds.includes(row.id) || state.posts.some((post) => post.id === row.id))
          return
        set({ newPostIds: [...state.newPostIds, row.id] })
      },

      postUpdated(row) {
        const keepLikes = get().likingIds.has(row.id)
        set((state) => {
          const posts = reconcileCounters(state.posts, row, keepLikes)
          return posts === state.posts ? state : { posts }
        })
      },

      async catchUp() {
        // Scrolled so far that the top was dropped: it is re-read on the way back up anyway.
        if (get().status !== 'ready' || get().trimmedAbove > 0) return
        const token = loadToken
        try {
          const top = await deps.feed.fetchPage({ limit: pageSize })
          if (token !== loadToken) return
          const { held, fresh } = sortCaughtUp(get().posts, top)
          for (const post of held) get().postUpdated(post)
          for (const post of fresh) get().postInserted(post)
        } catch (error) {
          console.error('Error fetching posts', error)
        }
      },

      async showNewPosts() {
        const state = get()
        const first = state.posts[0]
        if (state.status !== 'ready' || state.newPostIds.length === 0) return
        // Scrolled far enough that the top was dropped, or nothing shown yet: read from the top.
        if (!first || state.trimmedAbove > 0) return get().load()
        const token = loadToken
        const userId = deps.getUserId()
        try {
          const page = await deps.feed.fetchNewer({
            after: cursorOf(first),
            limit: Math.max(pageSize, state.newPostIds.length)
          })
          const liked = await likedIn(userId, page)
          if (token !== loadToken) return
          set((current) => ({
            ...trimWindow(
              {
                posts: prependPage(current.posts, page),
                likedIds: unionIds(current.likedIds, liked),
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
