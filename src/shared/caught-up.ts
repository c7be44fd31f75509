// Where the Following feed says "You're all caught up" (docs/product.md, "Feed"): right after the
// last post of the past CAUGHT_UP_WINDOW_DAYS the reader had not seen when its page was read
// (public.seen, selected with each page). Posts below it are seen or older: "Older posts".

import type { Post } from './domain'
import { CAUGHT_UP_WINDOW_DAYS } from './limits'

/** The moment before which a post is no longer new. */
export function caughtUpWindowStart(now: number): number {
  return now - CAUGHT_UP_WINDOW_DAYS * 24 * 60 * 60 * 1000
}

/**
 * Where the marker goes in a feed read newest first: the index of the last post of the window
 * the reader had not seen (-1: before the first post), or null while it is not known yet (no
 * post older than the window has been read and more pages may follow).
 */
export function caughtUpAfter(
  posts: readonly Pick<Post, 'created_at' | 'seen'>[],
  complete: boolean,
  now: number
): number | null {
  const start = caughtUpWindowStart(now)
  const isNew = (post: Pick<Post, 'created_at'>): boolean => Date.parse(post.created_at) >= start
  if (!complete && posts.every(isNew)) return null
  let last = -1
  for (const [index, post] of posts.entries()) if (isNew(post) && post.seen === false) last = index
  return last
}
