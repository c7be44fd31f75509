// Recent searches, kept per user on this device (localStorage): the people opened from search
// results, newest first. Nothing secret: usernames and public profile fields only.

import type { PersonSummary } from '@shared/domain'

export const MAX_RECENT_SEARCHES = 10
const KEY_PREFIX = 'instaframe:recent-searches:'

export type RecentPerson = Pick<PersonSummary, 'id' | 'username' | 'full_name' | 'avatar_url'>

function keyFor(userId: string | null): string {
  return KEY_PREFIX + (userId ?? 'visitor')
}

function isRecentPerson(value: unknown): value is RecentPerson {
  const v = value as Partial<RecentPerson> | null
  return !!v && typeof v.id === 'string' && typeof v.username === 'string'
}

export function loadRecentSearches(storage: Storage, userId: string | null): RecentPerson[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(keyFor(userId)) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter(isRecentPerson).slice(0, MAX_RECENT_SEARCHES) : []
  } catch {
    return []
  }
}

export function saveRecentSearch(
  storage: Storage,
  userId: string | null,
  person: RecentPerson
): RecentPerson[] {
  const { id, username, full_name, avatar_url } = person
  const next = [
    { id, username, full_name, avatar_url },
    ...loadRecentSearches(storage, userId).filter((entry) => entry.id !== id)
  ].slice(0, MAX_RECENT_SEARCHES)
  try {
    storage.setItem(keyFor(userId), JSON.stringify(next))
  } catch {
    // A full or blocked storage only costs the history.
  }
  return next
}

export function clearRecentSearches(storage: Storage, userId: string | null): void {
  try {
    storage.removeItem(keyFor(userId))
  } catch {
    // Nothing to do: the list is gone from view either way.
  }
}
