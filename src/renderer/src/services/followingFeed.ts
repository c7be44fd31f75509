// The Following tab's posts as a FeedService, so the home feed's store, paging and windowed list
// serve both tabs unchanged.

import { fetchFollowingFeedNewer, fetchFollowingFeedPage } from '@shared/data/follows'
import type { FeedService } from './feed'
import type { ClientProvider } from './types'

export function createFollowingFeedService(getClient: ClientProvider): FeedService {
  return {
    async fetchPage({ before, limit }) {
      return fetchFollowingFeedPage(await getClient(), { before, limit })
    },
    async fetchNewer({ after, limit }) {
      return fetchFollowingFeedNewer(await getClient(), { after, limit })
    }
  }
}
