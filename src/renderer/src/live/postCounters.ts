// A post's live counters (likes, comments) reach every list that shows the post: both feeds,
// the profile grid and the Saved grid. A new comment count also means the card's two latest
// comments changed, so those are read again.

import type { PostRow } from '@shared/data/live-posts'
import type { AppStores } from '../store'
import { commentCountChanged, reconcileCounters } from '../store/feed/liveFeed'

type CounterStores = Pick<
  AppStores,
  'feed' | 'followingFeed' | 'people' | 'saved' | 'commentPreviews'
>

export function applyPostCounters(stores: CounterStores, row: PostRow): void {
  const feeds = [stores.feed, stores.followingFeed]
  const previewStale = feeds.some((feed) => commentCountChanged(feed.getState().posts, row))
  // The feed stores keep the user's own like in flight; the grids have no like button.
  for (const feed of feeds) feed.getState().postUpdated(row)
  stores.people.setState(({ page }) => {
    if (!page) return {}
    const posts = reconcileCounters(page.posts, row)
    return posts === page.posts ? {} : { page: { ...page, posts } }
  })
  stores.saved.setState((state) => {
    const posts = reconcileCounters(state.posts, row)
    return posts === state.posts ? {} : { posts }
  })
  if (previewStale) stores.commentPreviews.getState().refresh(row.id)
}
