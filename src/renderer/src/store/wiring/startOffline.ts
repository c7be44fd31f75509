// Starts the offline machinery once the stores exist: the connectivity monitor, the memory of
// who was signed in last, and the start-up read of the saved feeds, which shows them while the
// backend has not answered yet (at a cold desktop start, before the local backend is up).

import type { Api } from '@shared/bridge-contract'
import type { AppStores } from '..'
import type { FeedSnapshot } from '../feed/feedStore'
import { cacheKeys, savedAnswers } from '../../offline/cache/savedAnswers'
import { cacheScope, rememberSessionUser } from '../../offline/cache/cacheScope'
import { keepOwnProfile } from '../session/ownProfile'
import { probeUrlOf, startConnectivityMonitor } from '../../offline/connectivityMonitor'
import { onConnectivity } from '../../offline/connectivityStore'

/** Shows the saved home and Following feeds in their stores, unless an answer came first. */
export async function hydrateFromCache(stores: AppStores): Promise<void> {
  if (!stores.offlineCache) return
  const answers = savedAnswers(stores.offlineCache.answers, cacheScope(stores.session))
  const [feed, following] = await Promise.all([
    answers.read<FeedSnapshot>(cacheKeys.feed),
    answers.read<FeedSnapshot>(cacheKeys.followingFeed)
  ])
  if (feed) stores.feed.getState().hydrate(feed)
  if (following) stores.followingFeed.getState().hydrate(following)
}

/** `probeFetch`: a reporting fetch that really asks the network even while offline. */
export function startOffline(stores: AppStores, api: Api, probeFetch: typeof fetch): void {
  startConnectivityMonitor({
    store: stores.connectivity,
    fetch: probeFetch,
    systemOnline: navigator.onLine,
    probeUrl: async () => probeUrlOf((await api.app.getConfig()).backendUrl)
  })
  // Back online: what shows a saved copy is read again, so fresh data replaces it.
  onConnectivity(stores.connectivity, 'online', () => {
    for (const feed of [stores.feed, stores.followingFeed]) {
      if (feed.getState().fromCache) void feed.getState().load()
    }
    if (stores.activity.getState().userId) void stores.activity.getState().refresh()
  })
  if (!stores.offlineCache) return
  rememberSessionUser(stores.session)
  keepOwnProfile(
    stores.session,
    savedAnswers(stores.offlineCache.answers, cacheScope(stores.session))
  )
  void hydrateFromCache(stores)
}
