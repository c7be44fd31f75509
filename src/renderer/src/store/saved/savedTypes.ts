// The saved store's shape and what its action modules share (savedStore.ts builds it).

import type { StoreApi } from 'zustand/vanilla'
import type { Services } from '../../services'
import type { PageCursor } from '../../services/types'
import type { PostsStore } from '../posts/postsStore'
import type { Text } from '../../i18n/phrase'
import type { ActionQueue } from '../../offline/outbox/outboxStore'

export interface SavedDeps {
  saves: Services['saves']
  /** Where the Saved tab's posts live (it holds their ids). */
  posts: PostsStore
  getUserId(): string | null
  /** Where a save waits when the network is down; without it every save is sent at once. */
  queue?: ActionQueue
}

export interface SavedState {
  savedIds: ReadonlySet<string>
  /** Posts whose save or unsave is in flight. */
  savingIds: ReadonlySet<string>
  /** The Saved tab: ids of the user's saved posts, most recently saved first. */
  ids: string[]
  next: PageCursor | null
  status: 'idle' | 'loading' | 'ready' | 'error'
  error: Text | null
  /** Asks whether these posts are saved; calls in the same tick share one request. */
  watch(postIds: string[]): void
  /** Asks at once for a page of posts, resolving when the answer is in (errors only logged). */
  prefetch(postIds: string[]): Promise<void>
  /** Posts known not to be saved (one's own just-created post): never asked about. */
  markUnsaved(postIds: string[]): void
  toggle(postId: string): Promise<void>
  /** A post saved elsewhere (filed in a collection): its bookmark fills, it heads the Saved tab. */
  markSaved(postId: string): void
  loadPage(more?: boolean): Promise<void>
  clear(): void
}

export type SavedStore = StoreApi<SavedState>

/** What the saved store's action modules share. */
export interface SavedContext {
  deps: SavedDeps
  set: SavedStore['setState']
  get: SavedStore['getState']
}
