// Pure helpers for live changes to the feed, kept apart from the store so they are easy to test.

import type { Post } from '@shared/domain'
import type { PostRow } from '@shared/data/live-posts'

/** Takes a changed row's like and comment counts into the post it is, if shown. */
export function reconcileCounters(posts: Post[], row: PostRow): Post[] {
  const index = posts.findIndex((post) => post.id === row.id)
  const post = posts[index]
  if (!post) return posts
  if (post.likes_count === row.likes_count && post.comments_count === row.comments_count)
    return posts
  const next = posts.slice()
  next[index] = { ...post, likes_count: row.likes_count, comments_count: row.comments_count }
  return next
}
