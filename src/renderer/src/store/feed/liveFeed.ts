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
