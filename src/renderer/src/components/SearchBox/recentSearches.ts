// Recent searches, kept per user and per search tab on this device (localStorage), newest first:
// the people opened from the Accounts tab, the hashtags opened from the Tags tab and the places
// opened from the Places tab. Nothing secret: usernames, public profile fields, tags and place
// names only.

import type { PersonSummary, Place } from '@shared/domain'

export const MAX_RECENT_SEARCHES = 10
const KEY_PREFIX = 'instaframe:recent-searches:'
const TAGS_KEY_PREFIX = 'instaframe:recent-tag-searches:'
const PLACES_KEY_PREFIX = 'instaframe:recent-place-searches:'

export type RecentPerson = Pick<PersonSummary, 'id' | 'username' | 'full_name' | 'avatar_url'>
export type RecentPlace = Pick<Place, 'id' | 'name'>

/** One tab's list: where it is kept, what a valid entry is, and what makes two entries one. */
interface RecentList<T> {
  prefix: string
  isEntry(value: unknown): value is T
  key(entry: T): string
}

function isRecentPerson(value: unknown): value is RecentPerson {
  const v = value as Partial<RecentPerson> | null
  return !!v && typeof v.id === 'string' && typeof v.username === 'string'
}

const PEOPLE: RecentList<RecentPerson> = {
  prefix: KEY_PREFIX,
  isEntry: isRecentPerson,
  key: (person) => person.id
}

const TAGS: RecentList<string> = {
  prefix: TAGS_KEY_PREFIX,
  isEntry: (value): value is string =>
    typeof value === 'string' && /^[a-z0-9_]{1,100}$/.test(value),
  key: (tag) => tag
}

const PLACES: RecentList<RecentPlace> = {
  prefix: PLACES_KEY_PREFIX,
  isEntry: (value): value is RecentPlace => {
    const v = value as Partial<RecentPlace> | null
    return !!v && typeof v.id === 'string' && typeof v.name === 'string'
  },
  key: (place) => place.id
}

const keyFor = (list: RecentList<unknown>, userId: string | null): string =>
  list.prefix + (userId ?? 'visitor')

function load<T>(list: RecentList<T>, storage: Storage, userId: string | null): T[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(keyFor(list, userId)) ?? '[]')
    return Array.isArray(parsed)
      ? parsed.filter((entry) => list.isEntry(entry)).slice(0, MAX_RECENT_SEARCHES)
      : []
  } catch {
    return []
  }
}

function save<T>(list: RecentList<T>, storage: Storage, userId: string | null, entry: T): T[] {
  const next = [
    entry,
    ...load(list, storage, userId).filter((held) => list.key(held) !== list.key(entry))
  ].slice(0, MAX_RECENT_SEARCHES)
  try {
    storage.setItem(keyFor(list, userId), JSON.stringify(next))
  } catch {
    // A full or blocked storage only costs the history.
  }
  return next
}

function clear(list: RecentList<unknown>, storage: Storage, userId: string | null): void {
  try {
    storage.removeItem(keyFor(list, userId))
  } catch {
    // Nothing to do: the list is gone from view either way.
  }
}

export function loadRecentSearches(storage: Storage, userId: string | null): RecentPerson[] {
  return load(PEOPLE, storage, userId)
}

export function saveRecentSearch(
  storage: Storage,
  userId: string | null,
  person: RecentPerson
): RecentPerson[] {
  const { id, username, full_name, avatar_url } = person
  return save(PEOPLE, storage, userId, { id, username, full_name, avatar_url })
}

export function clearRecentSearches(storage: Storage, userId: string | null): void {
  clear(PEOPLE, storage, userId)
}

export function loadRecentTags(storage: Storage, userId: string | null): string[] {
  return load(TAGS, storage, userId)
}

export function saveRecentTag(storage: Storage, userId: string | null, tag: string): string[] {
  return save(TAGS, storage, userId, tag)
}

export function clearRecentTags(storage: Storage, userId: string | null): void {
  clear(TAGS, storage, userId)
}

export function loadRecentPlaces(storage: Storage, userId: string | null): RecentPlace[] {
  return load(PLACES, storage, userId)
}

export function saveRecentPlace(
  storage: Storage,
  userId: string | null,
  place: RecentPlace
): RecentPlace[] {
  return save(PLACES, storage, userId, { id: place.id, name: place.name })
}

export function clearRecentPlaces(storage: Storage, userId: string | null): void {
  clear(PLACES, storage, userId)
}
