// Reels (docs/product.md, "Reels"): one visit's video posts, newest first, a page at a time as
// the reader nears the end. A visit opened at a reel (a profile's Reels tab) shows that reel
// first and the rest of Reels after it. Returning to Reels keeps the visit; another start reel
// or another user begins a new one. Holds ids; the posts live once in the posts store.

import { createStore, type StoreApi } from 'zustand/vanilla'
import { errorText, phrase, type Text } from '../../i18n/phrase'
import type { Post } from '@shared/domain'
import type { Services } from '../../services'
import type { FeedCursor } from '../../services/types'
import type { PostsStore } from '../posts/postsStore'

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
    // Each visit is a token: an answer for a visit that was replaced meanwhile is dropped.
    let visit = 0

    async function load(more: boolean, startId: string | null): Promise<void> {
      const mine = more ? visit : ++visit
      const after = more ? get().next : null
      set(more ? { status: 'loading', error: null } : { ...EMPTY, startId, status: 'loading' })
      try {
        const [start, page] = await Promise.all([
          !more && startId ? posts.byId(startId) : Promise.resolve<Post | null>(null),
          reels.page({ after })
        ])
        if (mine !== visit) return
        const items = start ? [start, ...page.items] : page.items
        entities.getState().put(items)
        // The side's heart shows whether the reader likes each reel.
        void entities.getState().learnLikes(items)
        set((state) => {
          const held = new Set(state.ids)
          const fresh = items.map((post) => post.id).filter((id) => !held.has(id) && held.add(id))
          return {
            ids: [...state.ids, ...fresh],
            next: page.next,
            status: page.next ? 'ready' : 'done'
          }
        })
      } catch (error) {
        if (mine === visit)
          set({ status: 'error', error: errorText(error, phrase('errors.unknown')) })
      }
    }

    return {
      ...EMPTY,
      async open(startId = null) {
        const state = get()
        const fresh = state.status === 'idle' || (state.status === 'error' && !state.ids.length)
        // A start reel the visit already holds is scrolled to by the view, not reloaded.
        const elsewhere = startId !== null && !state.ids.includes(startId)
        if (fresh || elsewhere) await load(false, startId)
      },
      refresh: () => load(false, get().startId),
      async loadMore() {
        const { next, status } = get()
        if (next && (status === 'ready' || status === 'error')) await load(true, null)
      },
      reset() {
        visit++
        set({ ...EMPTY })
      },
      profileReels: (userId, options) => reels.ofProfile(userId, options)
    }
  })
}

/** Whether another page may follow. */
export const selectHasMore = (state: ReelsState): boolean =>
  state.next !== null && state.status !== 'done' && state.status !== 'loading'
