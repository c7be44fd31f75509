// A post's live counters (likes, comments) are applied once, to the posts store, so every list
// showing the post follows. A new comment count also means the card's two latest comments
// changed, so those are read again.

import type { PostRow } from '../services/types'
import type { AppStores } from '../store'

type CounterStores = Pick<AppStores, 'posts' | 'commentPreviews'>

export function applyPostCounters(stores: CounterStores, row: PostRow): void {
  const held = stores.posts.getState().byId[row.id]
  const previewStale = held !== undefined && held.comments_count !== row.comments_count
  stores.posts.getState().countersChanged(row)
  if (previewStale) stores.commentPreviews.getState().refresh(row.id)
}
