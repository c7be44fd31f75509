// Wires the services to one data client. In the desktop app main owns the session, so the
// client borrows its access token per request; in a browser the platform's client holds it.

import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { Api } from '@shared/bridge-contract'
import { createFeedService, type FeedService } from './feed'
import { createLikesService, type LikesService } from './likes'
import { createProfileService, type ProfileService } from './profile'
import type { ClientProvider } from './types'

export interface Services {
  feed: FeedService
  profile: ProfileService
  likes: LikesService
  /** The data client itself, for stores that call the shared data operations directly. */
  getClient: ClientProvider
}

export function createClientProvider(
  api: Api,
  sessionClient: Promise<SupabaseClient> | null
): ClientProvider {
  let client: Promise<SupabaseClient> | null = sessionClient
  return () => {
    if (!client) {
      client = api.app.getConfig().then((config) =>
        createClient(config.backendUrl, config.anonKey, {
          accessToken: () => api.auth.getAccessToken()
        })
      )
      // A failed config read is retried on the next call rather than cached forever.
      client.catch(() => {
        client = null
      })
    }
    return client
  }
}

export function createServices(getClient: ClientProvider): Services {
  return {
    feed: createFeedService(getClient),
    profile: createProfileService(getClient),
    likes: createLikesService(getClient),
    getClient
  }
}
