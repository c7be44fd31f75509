// Lists of people: search results, suggestions, and anyone's followers or following (paged and
// searchable). Each holds ids; the people store holds the people, and learns whom the user
// follows among them.

import { errorText, phrase } from '../../i18n/phrase'
import { CONNECTIONS_PAGE_SIZE, SEARCH_RESULT_COUNT } from '@shared/limits'
import type { GetPeople, PeopleDeps, PeopleState, SetPeople } from './peopleTypes'

const idsOf = (rows: readonly { id: string }[]): string[] => rows.map((row) => row.id)

export function findingActions(
  deps: PeopleDeps,
  set: SetPeople,
  get: GetPeople
): Pick<PeopleState, 'searchPeople' | 'loadSuggestions'> {
  return {
    async searchPeople(query) {
      const trimmed = query.trim()
      if (!trimmed) {
        set({ search: { query: '', status: 'idle', results: [] } })
        return
      }
      set((state) => ({ search: { ...state.search, query: trimmed, status: 'loading' } }))
      try {
        const results = await deps.people.searchPeople(trimmed, SEARCH_RESULT_COUNT)
        if (get().search.query === trimmed) {
          get().put(results)
          set({ search: { query: trimmed, status: 'ready', results: idsOf(results) } })
        }
      } catch (error) {
        console.error('Error searching people', error)
        if (get().search.query === trimmed) {
          set({ search: { query: trimmed, status: 'failed', results: [] } })
        }
      }
    },

    async loadSuggestions(limit) {
      set({ suggestionsStatus: 'loading' })
      try {
        const suggestions = await deps.people.fetchSuggestions(limit)
        get().put(suggestions)
        set({
          suggestions: suggestions.map(({ id, followed_by_count }) => ({ id, followed_by_count })),
          suggestionsStatus: 'ready'
        })
        await get().learn(suggestions)
      } catch (error) {
        console.error('Error loading suggestions', error)
        set({ suggestionsStatus: 'failed' })
      }
    }
  }
}

/** Anyone's followers or following, a page at a time, searchable. */
export function connectionActions(
  deps: PeopleDeps,
  set: SetPeople,
  get: GetPeople
): Pick<PeopleState, 'loadConnections'> {
  return {
    async loadConnections(profileId, direction, query, more = false) {
      const key = `${profileId}/${direction}/${query.trim()}`
      const current = get().list
      if (more && (!current || current.key !== key || current.loading || !current.hasMore)) return
      const before = more && current ? current.rows[current.rows.length - 1] : undefined
      set({
        list: {
          key,
          rows: more && current ? current.rows : [],
          hasMore: false,
          loading: true,
          error: null
        }
      })
      try {
        const rows = await deps.people.fetchConnections({
          profileId,
          direction,
          query,
          before,
          limit: CONNECTIONS_PAGE_SIZE
        })
        if (get().list?.key !== key) return
        get().put(rows)
        set((state) => ({
          list: {
            key,
            rows: [
              ...(state.list?.rows ?? []),
              ...rows.map(({ id, followed_at }) => ({ id, followed_at }))
            ],
            hasMore: rows.length === CONNECTIONS_PAGE_SIZE,
            loading: false,
            error: null
          }
        }))
        await get().learn(rows)
      } catch (error) {
        if (get().list?.key !== key) return
        set((state) => ({
          list: {
            ...state.list!,
            loading: false,
            error: errorText(error, phrase('errors.unknown'))
          }
        }))
      }
    }
  }
}
