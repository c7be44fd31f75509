// The feed store's shape and what its action modules share (feedStore.ts builds it).

import type { StoreApi } from 'zustand/vanilla'
import type { CreatePostInput } from '@shared/bridge-contract'
import type { Post } from '@shared/domain'
import type { PostRow } from '../../services/types'
import type { Services } from '../../services'
import type { SavedAnswers } from '../../offline/cache/savedAnswers'
import type { ActionQueue } from '../../offline/outbox/outboxStore'
import type { PostsStore } from '../posts/postsStore'

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
    preview(input: CreatePostInput & { id: string }): Post
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

/** What the feed's action modules share: the store, its sizes and the load generation. */
export interface FeedContext {
  deps: FeedDeps
  set: FeedStore['setState']
  get: FeedStore['getState']
  pageSize: number
  maxLoaded: number
  /** Bumped by every (re)load: an answer for an older generation is dropped. */
  loadToken: { current: number }
}

export const postsOf = (ctx: FeedContext): ReturnType<PostsStore['getState']> =>
  ctx.deps.posts.getState()

/** The held posts, in order. */
export const heldPosts = (ctx: FeedContext): Post[] =>
  ctx.get().ids.flatMap((id) => postsOf(ctx).byId[id] ?? [])

/** Reads what the cards of a page show besides the posts: likes, saved state, comments. */
export const extrasOf = (ctx: FeedContext, page: Post[]): Promise<unknown> =>
  Promise.all([postsOf(ctx).learnLikes(page), ctx.deps.pageExtras?.(page)])
