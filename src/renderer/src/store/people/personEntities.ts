// One copy of each person in the renderer (see peopleStore.ts): who they are by id, which lists of
// people (suggestions, search results, followers and following) hold by id. Pure, so the merge
// rules are easy to test.

import type { Connection, PersonSummary, Profile, SuggestedPerson } from '@shared/domain'

/** Who a person is, as every view of them shows it; the bio once their profile was read. */
export type Person = Pick<Profile, 'id' | 'username' | 'full_name' | 'avatar_url'> &
  Partial<Pick<Profile, 'bio'>>

/** A suggestion: the person's id and why they are suggested. */
export type SuggestionRow = Pick<SuggestedPerson, 'id' | 'followed_by_count'>

/** A followers or following row: the person's id and the list's keyset cursor. */
export type ConnectionRow = Pick<Connection, 'id' | 'followed_at'>

/**
 * `byId` with these rows' people taken in. Rows carry list-specific columns (counts, cursors) that
 * stay with their list; only who the person is is kept here, and a row without a bio keeps the
 * one known.
 */
export function withPeople(
  byId: Readonly<Record<string, Person>>,
  rows: readonly Person[]
): Readonly<Record<string, Person>> {
  if (rows.length === 0) return byId
  const next = { ...byId }
  for (const { id, username, full_name, avatar_url, bio } of rows) {
    const person: Person = { ...next[id], id, username, full_name, avatar_url }
    if (bio !== undefined) person.bio = bio
    next[id] = person
  }
  return next
}

/** A person with the follower count the people store shows for them. */
export function summaryOf(
  person: Person,
  followerCounts: Readonly<Record<string, number>>
): PersonSummary {
  return {
    id: person.id,
    username: person.username,
    full_name: person.full_name,
    avatar_url: person.avatar_url,
    followers_count: followerCounts[person.id] ?? 0
  }
}

/** The profile row with the person's current identity laid over it (a rename, a new avatar). */
export function withIdentity(profile: Profile, person: Person | undefined): Profile {
  return person ? { ...profile, ...person } : profile
}
