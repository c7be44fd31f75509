// Pure helpers for the paged feed, kept apart from the store so they are easy to test.

import type { Post } from '@shared/domain'

/**
 * Appends a page, dropping posts already shown. Keyset pages cannot overlap, but a reload racing
 * a page fetch, or a post edited between pages, must never show one post twice.
 */
export function appendPage(posts: Post[], page: Post[]): Post[] {
  if (page.length === 0) return posts
  const seen = new Set(posts.map((post) => post.id))
  const fresh = page.filter((post) => !seen.has(post.id))
  return fresh.length === 0 ? posts : [...posts, ...fresh]
}

/** A full page means there may be more; a short one is the end of the feed. */
export function pageHasMore(page: readonly Post[], pageSize: number): boolean {
  return page.length >= pageSize
}

export function unionIds(a: ReadonlySet<string>, b: ReadonlySet<string>): ReadonlySet<string> {
  if (b.size === 0) return a
  const next = new Set(a)
  for (const id of b) next.add(id)
  return next
}

export interface FeedWindow {
  posts: Post[]
  likedIds: ReadonlySet<string>
  /** Posts dropped above the first one held, still in the feed. */
  trimmedAbove: number
  hasMore: boolean
}

function keepLiked(likedIds: ReadonlySet<string>, posts: Post[]): ReadonlySet<string> {
  const kept = new Set<string>()
  for (const post of posts) if (likedIds.has(post.id)) kept.add(post.id)
  return kept.size === likedIds.size ? likedIds : kept
}

/**
 * Holds at most `max` posts: a long session keeps a bounded window of the feed in memory and
 * re-reads what it dropped when the user scrolls back. `from` is the end that gets dropped.
 */
export function trimWindow(window: FeedWindow, max: number, from: 'top' | 'bottom'): FeedWindow {
  const excess = window.posts.length - max
  if (excess <= 0) return window
  const posts = from === 'top' ? window.posts.slice(excess) : window.posts.slice(0, max)
  return {
    posts,
    likedIds: keepLiked(window.likedIds, posts),
    trimmedAbove: window.trimmedAbove + (from === 'top' ? excess : 0),
    hasMore: from === 'bottom' ? true : window.hasMore
  }
}

/** Puts a page of newer posts (newest first) above the window, dropping any already held. */
export function prependPage(posts: Post[], page: Post[]): Post[] {
  const seen = new Set(posts.map((post) => post.id))
  const fresh = page.filter((post) => !seen.has(post.id))
  return fresh.length === 0 ? posts : [...fresh, ...posts]
}
