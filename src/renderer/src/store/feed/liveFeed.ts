// Pure helpers for live changes to posts, kept apart from the stores so they are easy to test.

import type { Post } from '@shared/domain'
import type { PostRow } from '@shared/data/live-posts'

/**
 * Takes a changed row's like and comment counts into the post it is, if shown. With
 * `keepLikes` the like count stays: the user's own like is in flight, and its answer settles
 * the count (the event may predate it), while the comment count is still news.
 */
export function reconcileCounters(posts: Post[], row: PostRow, keepLikes = false): Post[] {
  const index = posts.findIndex((post) => post.id === row.id)
  const post = posts[index]
  if (!post) return posts
  const likes_count = keepLikes ? post.likes_count : row.likes_count
  if (post.likes_count === likes_count && post.comments_count === row.comments_count) return posts
  const next = posts.slice()
  next[index] = { ...post, likes_count, comments_count: row.comments_count }
  return next
}

/** Whether `row` brings a new comment count for a post in `posts` (its latest comments changed). */
export function commentCountChanged(posts: readonly Post[], row: PostRow): boolean {
  return posts.some((post) => post.id === row.id && post.comments_count !== row.comments_count)
}

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
