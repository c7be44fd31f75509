// Pure helpers for live changes to posts, kept apart from the stores so they are easy to test.

import type { Post } from '@shared/domain'

/**
 * Sorts a fresh read of the top of the feed (after a gap in the live channel) into posts held,
 * whose counters may have moved, and posts created meanwhile: those newer than the first post
 * held that it does not hold yet.
 */
export function sortCaughtUp(held: readonly Post[], top: Post[]): { held: Post[]; fresh: Post[] } {
  const ids = new Set(held.map((post) => post.id))
  const first = held[0]
  const newer = (post: Post): boolean =>
    !first ||
    post.created_at > first.created_at ||
    (post.created_at === first.created_at && post.id > first.id)
  return {
    held: top.filter((post) => ids.has(post.id)),
    fresh: top.filter((post) => !ids.has(post.id) && newer(post))
  }
}
