// What the search panel lists for one tab: the tab's recent searches while the box is empty,
// else its results for what was typed (people for Accounts, hashtags for Tags), and the line
// that says where the search stands.

import { useMemo } from 'react'
import { useHashtags, usePeople, usePeopleByIds } from '../../store'
import { loadRecentSearches, loadRecentTags, type RecentPerson } from './recentSearches'

export type SearchTab = 'accounts' | 'tags'

export type SearchOption =
  | { kind: 'person'; key: string; person: RecentPerson }
  | { kind: 'tag'; key: string; tag: string; posts?: number }

export interface SearchOptions {
  options: SearchOption[]
  showingRecent: boolean
  /** The catalog key of the line that says where the search stands. */
  status: SearchStatus | null
}

export type SearchStatus =
  'search.noRecent' | 'search.failed' | 'search.noResults' | 'search.searching'

const personOption = (person: RecentPerson): SearchOption => ({
  kind: 'person',
  key: person.id,
  person
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
  const found = usePeopleByIds(peopleSearch.results)
  const recent = useMemo(
    () =>
      tab === 'accounts'
        ? loadRecentSearches(localStorage, userId).map(personOption)
        : loadRecentTags(localStorage, userId).map((tag) => tagOption(tag)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- recentVersion marks a write
    [tab, userId, recentVersion]
  )

  const query = tab === 'accounts' ? text.trim() : tagQuery(text)
  const showingRecent = query === ''
  const search = tab === 'accounts' ? peopleSearch : tagSearch
  const current = search.query === query
  let options: SearchOption[] = []
  if (showingRecent) options = recent
  else if (current && tab === 'accounts') options = found.map(personOption)
  else if (current) options = tagSearch.results.map((row) => tagOption(row.tag, row.posts))

  let status: SearchStatus | null = null
  if (showingRecent) status = recent.length === 0 ? 'search.noRecent' : null
  else if (current && search.status === 'failed') status = 'search.failed'
  else if (current && search.status === 'ready' && options.length === 0) status = 'search.noResults'
  else if (options.length === 0) status = 'search.searching'
  return { options, showingRecent, status }
}
