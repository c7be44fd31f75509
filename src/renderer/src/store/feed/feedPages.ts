// Pure helpers for the paged feed, kept apart from the store so they are easy to test. A feed
// holds ids only; the posts themselves live once in the posts store.

import type { Post } from '@shared/domain'

/**
 * Appends a page, dropping posts already shown. Keyset pages cannot overlap, but a reload racing
 * a page fetch, or a post edited between pages, must never show one post twice.
 */
export function appendPage(ids: readonly string[], page: readonly Post[]): string[] {
  const seen = new Set(ids)
  const fresh = page.filter((post) => !seen.has(post.id)).map((post) => post.id)
  return fresh.length === 0 ? (ids as string[]) : [...ids, ...fresh]
}

/** Puts a page of newer posts (newest first) above the window, dropping any already held. */
export function prependPage(ids: readonly string[], page: readonly Post[]): string[] {
  const seen = new Set(ids)
  const fresh = page.filter((post) => !seen.has(post.id)).map((post) => post.id)
  return fresh.length === 0 ? (ids as string[]) : [...fresh, ...ids]
}

/** A full page means there may be more; a short one is the end of the feed. */
export function pageHasMore(page: readonly Post[], pageSize: number): boolean {
  return page.length >= pageSize
}

export interface FeedWindow {
  ids: string[]
  /** Posts dropped above the first one held, still in the feed. */
  trimmedAbove: number
  hasMore: boolean
}

/**
 * Holds at most `max` posts: a long session keeps a bounded window of the feed in memory and
 * re-reads what it dropped when the user scrolls back. `from` is the end that gets dropped.
 */
export function trimWindow(window: FeedWindow, max: number, from: 'top' | 'bottom'): FeedWindow {
  const excess = window.ids.length - max
  if (excess <= 0) return window
  return {
    ids: from === 'top' ? window.ids.slice(excess) : window.ids.slice(0, max),
    trimmedAbove: window.trimmedAbove + (from === 'top' ? excess : 0),
    hasMore: from === 'bottom' ? true : window.hasMore
  }
}
