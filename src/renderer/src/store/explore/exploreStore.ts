// Explore (docs/product.md, "Explore"): one visit's grid of posts from people the reader does not
// follow, as the database ranks and filters them, a page at a time. The visit lasts until the
// reader starts another (or another user signs in), so a post opened from it and closed again,
// or a page left and returned to, finds the same tiles. Holds ids; the posts live once in the
// posts store.

import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Text } from '../../i18n/phrase'
import type { Services } from '../../services'
import type { ExploreCursor } from '../../services/types'
import type { PostsStore } from '../posts/postsStore'
import { appendNew, pagedList } from '../pagedList'

export interface ExploreState {
  ids: string[]
  next: ExploreCursor | null
  /** 'idle' until a visit starts; 'done' once a page comes back empty. */
  status: 'idle' | 'loading' | 'ready' | 'done' | 'error'
  error: Text | null
  /** Starts a visit unless one is under way (returning to Explore keeps its tiles). */
  open(): Promise<void>
  /** A new visit from the top: what ranks best now. */
  refresh(): Promise<void>
  loadMore(): Promise<void>
  reset(): void
}

export type ExploreStore = StoreApi<ExploreState>

const EMPTY = { ids: [], next: null, status: 'idle', error: null } satisfies Partial<ExploreState>

export interface ExploreDeps {
  explore: Pick<Services['explore'], 'page'>
  /** Where the grid's posts are held once (the grid holds their ids). */
  entities: PostsStore
}

export function createExploreStore({ explore, entities }: ExploreDeps): ExploreStore {
  return createStore<ExploreState>()((set, get) => {
    // Each visit is a list of its own: a page for a visit that was replaced meanwhile is dropped.
    const pages = pagedList({
      read: (_visit: null, after: ExploreCursor | null) => explore.page({ after }),
      // A visit ends at its first empty page.
      cursor: () => (get().status === 'done' ? null : get().next),
      loading: (more) =>
        set(more ? { status: 'loading', error: null } : { ...EMPTY, status: 'loading' }),
      readMark: () => entities.getState().readMark(),
      arrived(page, _more, _visit, mark) {
        entities.getState().put(page.items, mark)
        // The database pages by a rank fixed for the visit; a post whose count fell since it
        // was shown could rank again, and a visit never shows a post twice.
        set((state) => ({
          ids: appendNew(state.ids, page.items),
          next: page.next,
          status: page.items.length === 0 ? 'done' : 'ready'
        }))
      },
      failed: (error) => set({ status: 'error', error })
    })

    return {
      ...EMPTY,
      async open() {
        if (get().status === 'idle' || (get().status === 'error' && get().ids.length === 0)) {
          await pages.first(null)
        }
      },
      refresh: () => pages.first(null),
      // Past the end (no cursor) or while a page is on its way, this asks nothing.
      loadMore: () => pages.more(),
      reset() {
        pages.reset()
        set({ ...EMPTY })
      }
    }
  })
}

/** Whether another page may follow (the grid's "Load more" and its scroll trigger). */
export const selectHasMore = (state: ExploreState): boolean =>
  state.next !== null && state.status !== 'done'
