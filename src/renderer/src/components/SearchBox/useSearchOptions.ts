// What the search panel lists for one tab: the tab's recent searches while the box is empty,
// else its results for what was typed (people for Accounts, hashtags for Tags, places for
// Places), and the line that says where the search stands.

import { useMemo } from 'react'
import { useHashtags, usePeople, usePeopleByIds, usePlaces } from '../../store'
import {
  loadRecentPlaces,
  loadRecentSearches,
  loadRecentTags,
  type RecentPerson,
  type RecentPlace
} from './recentSearches'

export type SearchTab = 'accounts' | 'tags' | 'places'

export type SearchOption =
  | { kind: 'person'; key: string; person: RecentPerson }
  | { kind: 'tag'; key: string; tag: string; posts?: number }
  | { kind: 'place'; key: string; place: RecentPlace }

export interface SearchOptions {
  options: SearchOption[]
  showingRecent: boolean
  /** The catalog key of the line that says where the search stands. */
  status: SearchStatus | null
}

export type SearchStatus =
  'search.noRecent' | 'search.failed' | 'search.noResults' | 'places.noPlaces' | 'search.searching'

const personOption = (person: RecentPerson): SearchOption => ({
  kind: 'person',
  key: person.id,
  person
})
const placeOption = (place: RecentPlace): SearchOption => ({
  kind: 'place',
  key: place.id,
  place
})
const tagOption = (tag: string, posts?: number): SearchOption => ({
  kind: 'tag',
  key: tag,
  tag,
  posts
})

/** What a search for a tag asks: the text without its '#', lower-case. */
export const tagQuery = (text: string): string => text.trim().replace(/^#/, '').toLowerCase()

export function useSearchOptions(
  tab: SearchTab,
  text: string,
  userId: string | null,
  /** Bumped when a stored recent list changes, so it is read again. */
  recentVersion: number
): SearchOptions {
  const peopleSearch = usePeople((state) => state.search)
  const tagSearch = useHashtags((state) => state.search)
  const placeSearch = usePlaces((state) => state.search)
  const found = usePeopleByIds(peopleSearch.results)
  const recent = useMemo(
    () => {
      if (tab === 'accounts') return loadRecentSearches(localStorage, userId).map(personOption)
      if (tab === 'places') return loadRecentPlaces(localStorage, userId).map(placeOption)
      return loadRecentTags(localStorage, userId).map((tag) => tagOption(tag))
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- recentVersion marks a write
    [tab, userId, recentVersion]
  )

  const query = tab === 'tags' ? tagQuery(text) : text.trim()
  const showingRecent = query === ''
  const search = { accounts: peopleSearch, tags: tagSearch, places: placeSearch }[tab]
  const current = search.query === query
  let options: SearchOption[] = []
  if (showingRecent) options = recent
  else if (current && tab === 'accounts') options = found.map(personOption)
  else if (current && tab === 'places') options = placeSearch.results.map(placeOption)
  else if (current) options = tagSearch.results.map((row) => tagOption(row.tag, row.posts))

  let status: SearchStatus | null = null
  if (showingRecent) status = recent.length === 0 ? 'search.noRecent' : null
  else if (current && search.status === 'failed') status = 'search.failed'
  else if (current && search.status === 'ready' && options.length === 0) {
    status = tab === 'places' ? 'places.noPlaces' : 'search.noResults'
  } else if (options.length === 0) status = 'search.searching'
  return { options, showingRecent, status }
}
