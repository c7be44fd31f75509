// The place search behind the location picker (create and edit a post) and the search box's
// Places tab: places whose name starts with or contains what was typed, case and accents
// ignored. An answer to an older query never replaces a newer one.

import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Services } from '../../services'
import type { PlaceResult } from '../../services/types'

export interface PlaceSearch {
  /** The query the results answer, trimmed. */
  query: string
  status: 'idle' | 'loading' | 'ready' | 'failed'
  results: PlaceResult[]
}

export interface PlacesState {
  search: PlaceSearch
  searchPlaces(query: string): Promise<void>
  clear(): void
}

export type PlacesStore = StoreApi<PlacesState>

const IDLE: PlaceSearch = { query: '', status: 'idle', results: [] }

export function createPlacesStore({
  places
}: {
  places: Pick<Services['places'], 'search'>
}): PlacesStore {
  return createStore<PlacesState>()((set, get) => ({
    search: IDLE,

    async searchPlaces(query) {
      const wanted = query.trim()
      if (!wanted) {
        set({ search: IDLE })
        return
      }
      if (get().search.query === wanted && get().search.status !== 'failed') return
      set((state) => ({ search: { ...state.search, query: wanted, status: 'loading' } }))
      try {
        const results = await places.search(wanted)
        if (get().search.query === wanted) {
          set({ search: { query: wanted, status: 'ready', results } })
        }
      } catch {
        if (get().search.query === wanted) {
          set({ search: { query: wanted, status: 'failed', results: [] } })
        }
      }
    },

    clear: () => set({ search: IDLE })
  }))
}
