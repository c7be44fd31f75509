// A person's follower and following counts as the server has them now (a live change of their
// profiles row, or a re-read), taken into what the people store shows. Pure, so the rules for
// a toggle still in flight are easy to test.

import type { ProfileCounts } from '../../services/types'
import type { PeopleState } from './peopleTypes'

type CountsState = Pick<PeopleState, 'followerCounts' | 'ownFollowingDelta' | 'page' | 'pendingIds'>

export function applyProfileCounts(
  state: CountsState,
  counts: ProfileCounts,
  userId: string | null
): Partial<CountsState> {
  // The user's own follow or unfollow of this person settles the count with its answer.
  const followerCounts = state.pendingIds.has(counts.id)
    ? state.followerCounts
    : { ...state.followerCounts, [counts.id]: counts.followers_count }
  const page = state.page
  if (!page?.profile || page.profile.id !== counts.id) return { followerCounts }
  const isOwn = counts.id === userId
  // One's own following count shows the optimistic change while a toggle is in flight: the
  // row may or may not include it yet. Once none is, the server's count replaces it.
  if (isOwn && state.pendingIds.size > 0) return { followerCounts }
  return {
    followerCounts,
    ...(isOwn ? { ownFollowingDelta: 0 } : {}),
    page: {
      ...page,
      profile: {
        ...page.profile,
        followers_count: counts.followers_count,
        following_count: counts.following_count
      }
    }
  }
}
