import { describe, expect, it } from 'vitest'
import type { Profile } from '@shared/domain'
import type { PeopleState } from './peopleStore'
import { applyProfileCounts } from './profileCounts'
import { loadingPage } from './profilePage'

const ME = 'user-1'
const STAR = 'star-1'

function pageOf(profile: Profile): PeopleState['page'] {
  return {
    ...loadingPage(profile.username),
    status: 'ready',
    profile,
    error: null
  }
}

const starPage = pageOf({
  id: STAR,
  username: 'star',
  full_name: null,
  avatar_url: null,
  bio: null,
  followers_count: 10,
  following_count: 3
})
const ownPage = pageOf({
  id: ME,
  username: 'jane.doe',
  full_name: null,
  avatar_url: null,
  bio: null,
  followers_count: 4,
  following_count: 5
})

function state(overrides: Partial<PeopleState> = {}) {
  return {
    followerCounts: { [STAR]: 10 },
    ownFollowingDelta: 0,
    page: starPage,
    pendingIds: new Set<string>(),
    ...overrides
  }
}

describe('live profile counts', () => {
  it("takes someone's new counts into the map and the page that shows them", () => {
    const next = applyProfileCounts(
      state(),
      { id: STAR, followers_count: 11, following_count: 4 },
      ME
    )
    expect(next.followerCounts?.[STAR]).toBe(11)
    expect(next.page?.profile).toMatchObject({ followers_count: 11, following_count: 4 })
  })

  it('keeps the optimistic count of a person whose follow by the user is in flight', () => {
    const next = applyProfileCounts(
      state({ pendingIds: new Set([STAR]), followerCounts: { [STAR]: 11 } }),
      { id: STAR, followers_count: 10, following_count: 3 },
      ME
    )
    expect(next.followerCounts?.[STAR]).toBe(11)
  })

  it('updates only the map for a person whose page is not shown', () => {
    const next = applyProfileCounts(
      state(),
      { id: 'other', followers_count: 2, following_count: 0 },
      ME
    )
    expect(next).toEqual({ followerCounts: { [STAR]: 10, other: 2 } })
  })

  it("replaces one's own optimistic following change with the server's count", () => {
    const next = applyProfileCounts(
      state({ page: ownPage, ownFollowingDelta: -1 }),
      { id: ME, followers_count: 6, following_count: 4 },
      ME
    )
    expect(next.ownFollowingDelta).toBe(0)
    expect(next.followerCounts?.[ME]).toBe(6)
    expect(next.page?.profile).toMatchObject({ followers_count: 6, following_count: 4 })
  })

  it("keeps one's own following change while a follow or unfollow is still in flight", () => {
    const next = applyProfileCounts(
      state({ page: ownPage, ownFollowingDelta: 1, pendingIds: new Set([STAR]) }),
      { id: ME, followers_count: 7, following_count: 5 },
      ME
    )
    // A new follower still shows at once; the following count waits for the toggle's answer.
    expect(next).toEqual({ followerCounts: { [STAR]: 10, [ME]: 7 } })
  })
})
