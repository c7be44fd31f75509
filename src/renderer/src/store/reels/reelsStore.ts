// Reels (docs/product.md, "Reels"): one visit's video posts, newest first, a page at a time as
// the reader nears the end. A visit opened at a reel (a profile's Reels tab) shows that reel
// first and the rest of Reels after it. Returning to Reels keeps the visit; another start reel
// or another user begins a new one. Holds ids; the posts live once in the posts store.

import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Text } from '../../i18n/phrase'
import type { Post } from '@shared/domain'
import type { Services } from '../../services'
import type { FeedCursor } from '../../services/types'
import type { PostsStore } from '../posts/postsStore'
import { appendNew, pagedList } from '../pagedList'

export interface ReelsState {
  ids: string[]
  next: FeedCursor | null
  /** 'idle' until a visit starts; 'done' once the last page came. */
  status: 'idle' | 'loading' | 'ready' | 'done' | 'error'
  error: Text | null
  /** The reel this visit opened at, or null for Reels from the top. */
  startId: string | null
  /** Starts a visit (at `startId` when given) unless that visit is under way. */
  open(startId?: string | null): Promise<void>
  /** The same visit from the top again (Try again after a failed first page). */
  refresh(): Promise<void>
  loadMore(): Promise<void>
  reset(): void
  /** A profile's Reels tab: that person's video posts, a page at a time (the tab holds them). */
  profileReels: Services['reels']['ofProfile']
}

export type ReelsStore = StoreApi<ReelsState>

const EMPTY = {
  ids: [],
  next: null,
  status: 'idle',
  error: null,
  startId: null
} satisfies Partial<ReelsState>

export interface ReelsDeps {
  reels: Pick<Services['reels'], 'page' | 'ofProfile'>
  /** Reads the reel a visit opens at. */
  posts: Pick<Services['posts'], 'byId'>
  entities: PostsStore
}

export function createReelsStore({ reels, posts, entities }: ReelsDeps): ReelsStore {
  return createStore<ReelsState>()((set, get) => {
    // Each visit is a list of its own: a page for a visit that was replaced meanwhile is dropped.
    const pages = pagedList({
      async read(startId: string | null, after: FeedCursor | null) {
        const [start, page] = await Promise.all([
          !after && startId ? posts.byId(startId) : Promise.resolve<Post | null>(null),
          reels.page({ after })
        ])
        return { items: start ? [start, ...page.items] : page.items, next: page.next }
      },
      cursor: () => get().next,
      loading: (more, startId) =>
        set(more ? { status: 'loading', error: null } : { ...EMPTY, startId, status: 'loading' }),
      readMark: () => entities.getState().readMark(),
      arrived(page, _more, _startId, mark) {
        entities.getState().put(page.items, mark)
        // The side's heart shows whether the reader likes each reel.
        void entities.getState().learnLikes(page.items)
        set((state) => ({
          ids: appendNew(state.ids, page.items),
          next: page.next,
          status: page.next ? 'ready' : 'done'
        }))
      },
      failed: (error) => set({ status: 'error', error })
    })

    return {
      ...EMPTY,
      async open(startId = null) {
        const state = get()
        const fresh = state.status === 'idle' || (state.status === 'error' && !state.ids.length)
        // A start reel the visit already holds is scrolled to by the view, not reloaded.
        const elsewhere = startId !== null && !state.ids.includes(startId)
        if (fresh || elsewhere) await pages.first(startId)
      },
      refresh: () => pages.first(get().startId),
      // Past the end (no cursor) or while a page is on its way, this asks nothing.
      loadMore: () => pages.more(),
      reset() {
        pages.reset()
        set({ ...EMPTY })
      },
      profileReels: (userId, options) => reels.ofProfile(userId, options)
    }
  })
}

/** Whether another page may follow. */
export const selectHasMore = (state: ReelsState): boolean =>
  state.next !== null && state.status !== 'done' && state.status !== 'loading'
