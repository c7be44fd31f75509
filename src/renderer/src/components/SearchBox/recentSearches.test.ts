import { beforeEach, describe, expect, it } from 'vitest'
import {
  clearRecentPlaces,
  clearRecentSearches,
  clearRecentTags,
  loadRecentPlaces,
  loadRecentSearches,
  loadRecentTags,
  MAX_RECENT_SEARCHES,
  saveRecentPlace,
  saveRecentSearch,
  saveRecentTag
} from './recentSearches'

const person = (n: number) => ({
  id: `id-${n}`,
  username: `user_${n}`,
  full_name: `User ${n}`,
  avatar_url: null
})

describe('recent searches', () => {
  beforeEach(() => localStorage.clear())

  it('keeps the newest first, once each, per user, at most ten', () => {
    for (let n = 0; n < MAX_RECENT_SEARCHES + 2; n++) saveRecentSearch(localStorage, 'a', person(n))
    saveRecentSearch(localStorage, 'a', person(5))
    const list = loadRecentSearches(localStorage, 'a')
    expect(list).toHaveLength(MAX_RECENT_SEARCHES)
    expect(list[0].id).toBe('id-5')
    expect(list.filter((entry) => entry.id === 'id-5')).toHaveLength(1)
    expect(loadRecentSearches(localStorage, 'b')).toEqual([])
    expect(loadRecentSearches(localStorage, null)).toEqual([])
  })

  it('survives a corrupt entry and can be cleared', () => {
    localStorage.setItem('instaframe:recent-searches:a', '{not json')
    expect(loadRecentSearches(localStorage, 'a')).toEqual([])
    localStorage.setItem('instaframe:recent-searches:a', JSON.stringify([{ id: 1 }, person(1)]))
    expect(loadRecentSearches(localStorage, 'a')).toEqual([person(1)])
    clearRecentSearches(localStorage, 'a')
    expect(loadRecentSearches(localStorage, 'a')).toEqual([])
  })
})

describe('recent tag searches', () => {
  beforeEach(() => localStorage.clear())

  it('are a list of their own: newest first, once each, per user, cleared apart', () => {
    saveRecentSearch(localStorage, 'a', person(1))
    saveRecentTag(localStorage, 'a', 'harbour')
    saveRecentTag(localStorage, 'a', 'boats')
    saveRecentTag(localStorage, 'a', 'harbour')
    expect(loadRecentTags(localStorage, 'a')).toEqual(['harbour', 'boats'])
    expect(loadRecentTags(localStorage, 'b')).toEqual([])
    clearRecentTags(localStorage, 'a')
    expect(loadRecentTags(localStorage, 'a')).toEqual([])
    expect(loadRecentSearches(localStorage, 'a')).toHaveLength(1)
  })

  it('drop entries that are not tags', () => {
    localStorage.setItem('instaframe:recent-tag-searches:a', '["ok", "Not A Tag", 3]')
    expect(loadRecentTags(localStorage, 'a')).toEqual(['ok'])
  })
})

describe('recent place searches', () => {
  beforeEach(() => localStorage.clear())

  it('are a list of their own: newest first, once each, per user, cleared apart', () => {
    saveRecentTag(localStorage, 'a', 'harbour')
    saveRecentPlace(localStorage, 'a', { id: 'p1', name: 'Harbour' })
    saveRecentPlace(localStorage, 'a', { id: 'p2', name: 'Pier' })
    saveRecentPlace(localStorage, 'a', { id: 'p1', name: 'Harbour' })
    expect(loadRecentPlaces(localStorage, 'a')).toEqual([
      { id: 'p1', name: 'Harbour' },
      { id: 'p2', name: 'Pier' }
    ])
    expect(loadRecentPlaces(localStorage, 'b')).toEqual([])
    clearRecentPlaces(localStorage, 'a')
    expect(loadRecentPlaces(localStorage, 'a')).toEqual([])
    expect(loadRecentTags(localStorage, 'a')).toEqual(['harbour'])
  })

  it('drop entries that are not places', () => {
    localStorage.setItem(
      'instaframe:recent-place-searches:a',
      '[{"id":"p1","name":"Pier"}, {"id":3}, "Harbour"]'
    )
    expect(loadRecentPlaces(localStorage, 'a')).toEqual([{ id: 'p1', name: 'Pier' }])
  })
})
