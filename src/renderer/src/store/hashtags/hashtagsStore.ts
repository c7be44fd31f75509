// Hashtags for the reader: the search panel's Tags tab, and the tags they follow (the list
// Settings shows, Follow / Following on a hashtag page). Following changes optimistically and rolls back with a message when refused; the
// database keeps the list private to its owner. A change also changes the Following feed.

import { createStore, type StoreApi } from 'zustand/vanilla'
import { SEARCH_RESULT_COUNT } from '@shared/limits'
import type { Services } from '../../services'
import type { HashtagSuggestion } from '../../services/types'
import { errorText, phrase, type Text } from '../../i18n/phrase'

export interface TagSearch {
  /** The query the results answer (trimmed, without '#'). */
  query: string
  status: 'idle' | 'loading' | 'ready' | 'failed'
  results: HashtagSuggestion[]
}

export interface HashtagsState {
  /** Followed tags, most recently followed first; null until loaded. */
  followed: string[] | null
  status: 'idle' | 'loading' | 'ready' | 'error'
  error: Text | null
  /** Whether the reader follows a tag, as this session last learnt it (the list, a change). */
  following: Record<string, boolean>
  /** Tags whose follow is being changed. */
  busy: ReadonlySet<string>
  /** The Tags tab's search: tags starting with what was typed, the most used first. */
  search: TagSearch
  load(): Promise<void>
  searchTags(query: string): Promise<void>
  setFollowing(tag: string, follow: boolean): Promise<void>
  clear(): void
}

export type HashtagsStore = StoreApi<HashtagsState>

export interface HashtagsDeps {
  hashtags: Pick<Services['hashtags'], 'followed' | 'setFollowed'>
  searchHashtags: Services['peopleTags']['searchHashtags']
  /** Says why a change was undone. */
  notify(message: Text): void
  /** After a change the server accepted: the Following feed reads again. */
  onChanged(): void
}

const EMPTY = {
  followed: null,
  status: 'idle',
  error: null,
  following: {},
  busy: new Set<string>(),
  search: { query: '', status: 'idle', results: [] }
} satisfies Partial<HashtagsState>

function withTag(list: string[] | null, tag: string, follow: boolean): string[] | null {
  if (!list) return list
  const rest = list.filter((entry) => entry !== tag)
  return follow ? [tag, ...rest] : rest
}

export function createHashtagsStore({
  hashtags,
  searchHashtags,
  notify,
  onChanged
}: HashtagsDeps): HashtagsStore {
  return createStore<HashtagsState>()((set, get) => ({
    ...EMPTY,

    async load() {
      set({ status: 'loading', error: null })
      try {
        const followed = await hashtags.followed()
        set((state) => ({
          followed,
          status: 'ready',
          following: {
            ...state.following,
            ...Object.fromEntries(followed.map((tag) => [tag, true]))
          }
        }))
      } catch (error) {
        set({ status: 'error', error: errorText(error, phrase('errors.hashtags.load')) })
      }
    },

    async searchTags(query) {
      const wanted = query.trim().replace(/^#/, '').toLowerCase()
      if (!wanted) {
        set({ search: { query: '', status: 'idle', results: [] } })
        return
      }
      set((state) => ({ search: { ...state.search, query: wanted, status: 'loading' } }))
      try {
        const results = await searchHashtags(wanted, SEARCH_RESULT_COUNT)
        if (get().search.query === wanted)
          set({ search: { query: wanted, status: 'ready', results } })
      } catch {
        if (get().search.query === wanted) {
          set({ search: { query: wanted, status: 'failed', results: [] } })
        }
      }
    },

    async setFollowing(tag, follow) {
      if (get().busy.has(tag)) return
      const before = { followed: get().followed, was: get().following[tag] ?? !follow }
      set((state) => ({
        busy: new Set(state.busy).add(tag),
        following: { ...state.following, [tag]: follow },
        followed: withTag(state.followed, tag, follow)
      }))
      const settle = (): Set<string> => {
        const busy = new Set(get().busy)
        busy.delete(tag)
        return busy
      }
      try {
        await hashtags.setFollowed(tag, follow)
        set({ busy: settle() })
        onChanged()
      } catch (error) {
        set((state) => ({
          busy: settle(),
          following: { ...state.following, [tag]: before.was },
          followed: before.followed
        }))
        notify(errorText(error, phrase('errors.hashtags.change', { tag })))
      }
    },

    clear: () => set({ ...EMPTY, busy: new Set() })
  }))
}
