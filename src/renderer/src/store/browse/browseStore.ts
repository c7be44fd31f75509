// Pages reached from links inside text: a hashtag's posts and a mentioned person's posts,
// keyset-paged. Shown over the current view until closed; a route can open them with one call.

import type { SupabaseClient } from '@supabase/supabase-js'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Post } from '@shared/domain'
import type { Page, PageCursor } from '@shared/data/keyset'
import { tagPage, userPostsPage } from '@shared/data/post-reads'
import { messageOr } from '@shared/errors'
import { withCurrentImageOrigin } from '@shared/data/storage-urls'

export type BrowsePage = { kind: 'tag'; tag: string } | { kind: 'user'; username: string }

export interface BrowseState {
  page: BrowsePage | null
  posts: Post[]
  next: PageCursor | null
  status: 'idle' | 'loading' | 'ready' | 'error'
  error: string | null
  openTag(tag: string): Promise<void>
  openUser(username: string): Promise<void>
  loadMore(): Promise<void>
  close(): void
}

export type BrowseStore = StoreApi<BrowseState>

const EMPTY = { posts: [], next: null, status: 'idle', error: null } satisfies Partial<BrowseState>

export function createBrowseStore(getClient: () => Promise<SupabaseClient>): BrowseStore {
  return createStore<BrowseState>()((set, get) => {
    async function read(page: BrowsePage, after: PageCursor | null): Promise<Page<Post>> {
      const client = await getClient()
      let result: Page<Post>
      if (page.kind === 'tag') {
        result = await tagPage(client, page.tag, { after })
      } else {
        const found = await userPostsPage(client, page.username, { after })
        if (!found) throw new Error(`Nobody is called @${page.username}`)
        result = found.page
      }
      return { ...result, items: result.items.map((post) => withCurrentImageOrigin(client, post)) }
    }

    async function load(page: BrowsePage, more: boolean): Promise<void> {
      set({ status: 'loading', error: null })
      try {
        const result = await read(page, more ? get().next : null)
        if (get().page !== page) return
        set((state) => ({
          posts: more ? [...state.posts, ...result.items] : result.items,
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
      openUser: (username) => open({ kind: 'user', username: username.toLowerCase() }),
      async loadMore() {
        const { page, next, status } = get()
        if (page && next && status !== 'loading') await load(page, true)
      },
      close: () => set({ ...EMPTY, page: null })
    }
  })
}
