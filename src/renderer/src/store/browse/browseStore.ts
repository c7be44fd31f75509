// A hashtag's or a place's page, reached from links and search. A hashtag's: its header (post
// count, whether the reader follows it), its top posts, then its recent posts; a place's: its
// header (name, post count) and its posts. Posts are keyset-paged. Shown over the current view
// until closed; a route can open it with one call. It holds ids; the posts live once in the
// posts store.

import { createStore, type StoreApi } from 'zustand/vanilla'
import { errorText, phrase, type Text } from '../../i18n/phrase'
import type { Services } from '../../services'
import type { PlaceSummary } from '@shared/domain'
import type { PageCursor, TagSummary } from '../../services/types'
import type { PostsStore } from '../posts/postsStore'
import { appendNew, pagedList } from '../pagedList'

export type BrowsePage = { kind: 'tag'; tag: string } | { kind: 'place'; placeId: string }

export interface BrowseState {
  page: BrowsePage | null
  /** A hashtag's header; null until it arrives (or when it could not be read). */
  summary: TagSummary | null
  /** A place's header; null until it arrives, or when there is no such place ('missing'). */
  place: PlaceSummary | null
  /** The most engaged recent posts, above the recent ones. */
  topIds: string[]
  ids: string[]
  next: PageCursor | null
  status: 'idle' | 'loading' | 'ready' | 'error' | 'missing'
  error: Text | null
  openTag(tag: string): Promise<void>
  openPlace(placeId: string): Promise<void>
  loadMore(): Promise<void>
  close(): void
}

export type BrowseStore = StoreApi<BrowseState>

const EMPTY = {
  summary: null,
  place: null,
  topIds: [],
  ids: [],
  next: null,
  status: 'idle',
  error: null
} satisfies Partial<BrowseState>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface BrowseDeps {
  posts: Pick<Services['posts'], 'tagPage'>
  hashtags: Pick<Services['hashtags'], 'summary' | 'topPosts'>
  places: Pick<Services['places'], 'summary' | 'page'>
  /** Where the page's posts are held once (the page holds their ids). */
  entities: PostsStore
}

export function createBrowseStore({ posts, hashtags, places, entities }: BrowseDeps): BrowseStore {
  return createStore<BrowseState>()((set, get) => {
    const pages = pagedList({
      read: (page: BrowsePage, after: PageCursor | null) =>
        page.kind === 'tag'
          ? posts.tagPage(page.tag, { after })
          : places.page(page.placeId, { after }),
      cursor: () => get().next,
      loading: () => set({ status: 'loading', error: null }),
      readMark: () => entities.getState().readMark(),
      arrived(result, more, _page, mark) {
        entities.getState().put(result.items, mark)
        set((state) => ({
          ids: appendNew(more ? state.ids : [], result.items),
          next: result.next,
          // A place found missing stays so, whichever answer came first.
          status: state.status === 'missing' ? 'missing' : 'ready'
        }))
      },
      failed: (error) => set({ status: 'error', error })
    })

    // The header and top posts are extras: the recent posts show without them.
    async function loadTop(page: BrowsePage): Promise<void> {
      if (page.kind === 'place') return loadPlace(page)
      const mark = entities.getState().readMark()
      const [summary, top] = await Promise.allSettled([
        hashtags.summary(page.tag),
        hashtags.topPosts(page.tag)
      ])
      if (get().page !== page) return
      if (summary.status === 'fulfilled') set({ summary: summary.value })
      if (top.status === 'fulfilled') {
        entities.getState().put(top.value, mark)
        set({ topIds: top.value.map((post) => post.id) })
      }
    }

    // A place's header names it; without one there is no such place (or it could not be read).
    async function loadPlace(page: Extract<BrowsePage, { kind: 'place' }>): Promise<void> {
      try {
        const place = await places.summary(page.placeId)
        if (get().page !== page) return
        if (place) set({ place })
        else set({ status: 'missing', ids: [], next: null })
      } catch (error) {
        if (get().page === page)
          set({ status: 'error', error: errorText(error, phrase('errors.unknown')) })
      }
    }

    async function open(page: BrowsePage): Promise<void> {
      set({ ...EMPTY, page })
      await Promise.all([loadTop(page), pages.first(page)])
    }

    return {
      ...EMPTY,
      page: null,
      openTag: (tag) => open({ kind: 'tag', tag: tag.toLowerCase() }),
      async openPlace(placeId) {
        // A link that cannot name a place (not a uuid) is missing without asking.
        if (!UUID.test(placeId)) {
          pages.reset()
          set({ ...EMPTY, page: { kind: 'place', placeId }, status: 'missing' })
        } else await open({ kind: 'place', placeId })
      },
      loadMore: () => pages.more(),
      close() {
        pages.reset()
        set({ ...EMPTY, page: null })
      }
    }
  })
}
