// A hashtag's page, reached from links inside text: its posts, keyset-paged. Shown over the
// current view until closed; a route can open it with one call. It holds ids; the posts live
// once in the posts store.

import { createStore, type StoreApi } from 'zustand/vanilla'
import { messageOr } from '@shared/errors'
import type { Services } from '../../services'
import type { PageCursor } from '../../services/types'
import type { PostsStore } from '../posts/postsStore'

export interface BrowsePage {
  kind: 'tag'
  tag: string
}

export interface BrowseState {
  page: BrowsePage | null
  ids: string[]
  next: PageCursor | null
  status: 'idle' | 'loading' | 'ready' | 'error'
  error: string | null
  openTag(tag: string): Promise<void>
  loadMore(): Promise<void>
  close(): void
}

export type BrowseStore = StoreApi<BrowseState>

const EMPTY = { ids: [], next: null, status: 'idle', error: null } satisfies Partial<BrowseState>

export interface BrowseDeps {
  posts: Pick<Services['posts'], 'tagPage'>
  /** Where the page's posts are held once (the page holds their ids). */
  entities: PostsStore
}

export function createBrowseStore({ posts, entities }: BrowseDeps): BrowseStore {
  return createStore<BrowseState>()((set, get) => {
    async function load(page: BrowsePage, more: boolean): Promise<void> {
      set({ status: 'loading', error: null })
      try {
        const result = await posts.tagPage(page.tag, { after: more ? get().next : null })
        if (get().page !== page) return
        entities.getState().put(result.items)
        const ids = result.items.map((post) => post.id)
        set((state) => ({
          ids: more ? [...state.ids, ...ids.filter((id) => !state.ids.includes(id))] : ids,
          next: result.next,
          status: 'ready'
        }))
      } catch (error) {
        if (get().page === page) set({ status: 'error', error: messageOr(error, 'Error') })
      }
    }

    function open(page: BrowsePage): Promise<void> {
      set({ ...EMPTY, page })
      return load(page, false)
    }

    return {
      ...EMPTY,
      page: null,
      openTag: (tag) => open({ kind: 'tag', tag: tag.toLowerCase() }),
      async loadMore() {
        const { page, next, status } = get()
        if (page && next && status !== 'loading') await load(page, true)
      },
      close: () => set({ ...EMPTY, page: null })
    }
  })
}
