import { describe, expect, it } from 'vitest'
import { summaryOf, withIdentity, withPeople } from './personEntities'
import { PROFILE } from '../../testing/fakes'

describe('person entities', () => {
  it('keeps who a person is and leaves the list columns to the list', () => {
    const row = { ...PROFILE, bio: undefined, followers_count: 3, followed_at: '2026-01-01' }
    const byId = withPeople({}, [row])
    expect(byId[PROFILE.id]).toEqual({
      id: PROFILE.id,
      username: PROFILE.username,
      full_name: PROFILE.full_name,
      avatar_url: PROFILE.avatar_url
    })
  })

  it('a row without a bio keeps the one known; a newer name and avatar replace the old', () => {
    const known = withPeople({}, [PROFILE])
    const renamed = withPeople(known, [
      { id: PROFILE.id, username: 'jane', full_name: 'Jane', avatar_url: 'a.png' }
    ])
    expect(renamed[PROFILE.id]).toMatchObject({
      username: 'jane',
      avatar_url: 'a.png',
      bio: PROFILE.bio
    })
    expect(withPeople(known, [])).toBe(known)
  })

  it('lays the current identity over a profile row, and shows the follower count held', () => {
    const profile = { ...PROFILE, followers_count: 7 }
    const person = { id: PROFILE.id, username: 'jane', full_name: null, avatar_url: 'b.png' }
    expect(withIdentity(profile, person)).toMatchObject({
      username: 'jane',
      avatar_url: 'b.png',
      bio: PROFILE.bio,
      followers_count: 7
    })
    expect(withIdentity(profile, undefined)).toBe(profile)
    expect(summaryOf(person, { [PROFILE.id]: 12 }).followers_count).toBe(12)
  })
})
