// Home (the header's icon, the logo, the g h keys): the home feed; pressed on the feed itself,
// back to its top, smoothly unless the reader asked for less motion, and refreshed there as the
// network does (posts made since it was read come in at the top).

import type { AppStores } from '../store'
import { HOME, routeHash } from '../store/router/routes'

export function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
}

export function goHome(stores: Pick<AppStores, 'router' | 'feed'>): void {
  const { route } = stores.router.getState()
  if (routeHash(route) !== routeHash(HOME)) {
    stores.router.getState().navigate(HOME)
    return
  }
  window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
  void refreshToTop(stores.feed)
}

async function refreshToTop(feed: AppStores['feed']): Promise<void> {
  if (feed.getState().newPostIds.length === 0) await feed.getState().catchUp()
  if (feed.getState().newPostIds.length > 0) await feed.getState().showNewPosts()
}
