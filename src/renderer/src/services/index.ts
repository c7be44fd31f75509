// The renderer's view of the data layer: every operation from src/shared/data, bound to one
// data client. In the desktop app main owns the session, so the client borrows its access token
// per request; in a browser the platform's client holds it. Stores depend on `Services`, so
// tests hand them fakes.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Api } from '@shared/bridge-contract'
import { fetchFeedNewer, fetchFeedPage } from '@shared/data/feed'
import { likedPostIds, setPostLike } from '@shared/data/likes'
import { fetchProfile, fetchProfileStats, fetchUserPosts } from '@shared/data/profiles'
import {
  deleteStory,
  fetchStoryStrip,
  fetchStoryViewers,
  fetchUserStories,
  markStorySeen,
  postStory
} from '@shared/data/stories'

/** Lazily resolves the data client, so the UI can render before the backend config is known. */
export type ClientProvider = () => Promise<SupabaseClient>

/** A data operation with its client argument supplied. */
export type Bound<F> = F extends (client: SupabaseClient, ...args: infer A) => infer R
  ? (...args: A) => R
  : never

function binder(getClient: ClientProvider) {
  return <A extends unknown[], R>(
      operation: (client: SupabaseClient, ...args: A) => Promise<R>
    ): ((...args: A) => Promise<R>) =>
    async (...args) =>
      operation(await getClient(), ...args)
}

export interface Services {
  feed: { fetchPage: Bound<typeof fetchFeedPage>; fetchNewer: Bound<typeof fetchFeedNewer> }
  likes: { likedPostIds: Bound<typeof likedPostIds>; setLike: Bound<typeof setPostLike> }
  profile: {
    fetchProfile: Bound<typeof fetchProfile>
    fetchPosts: Bound<typeof fetchUserPosts>
    fetchStats: Bound<typeof fetchProfileStats>
  }
  stories: {
    fetchStrip: Bound<typeof fetchStoryStrip>
    fetchUserStories: Bound<typeof fetchUserStories>
    markSeen: Bound<typeof markStorySeen>
    fetchViewers: Bound<typeof fetchStoryViewers>
    post: Bound<typeof postStory>
    remove: Bound<typeof deleteStory>
  }
}

export function createClientProvider(
  api: Api,
  sessionClient: Promise<SupabaseClient> | null
): ClientProvider {
  let client: Promise<SupabaseClient> | null = sessionClient
  return () => {
    if (!client) {
      // supabase-js is a chunk of its own, fetched while the first screen paints.
      client = Promise.all([api.app.getConfig(), import('@supabase/supabase-js')]).then(
        ([config, { createClient }]) =>
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
  const bind = binder(getClient)
  return {
    feed: { fetchPage: bind(fetchFeedPage), fetchNewer: bind(fetchFeedNewer) },
    likes: { likedPostIds: bind(likedPostIds), setLike: bind(setPostLike) },
    profile: {
      fetchProfile: bind(fetchProfile),
      fetchPosts: bind(fetchUserPosts),
      fetchStats: bind(fetchProfileStats)
    },
    // Stories are posted from the page with the same client as every read: the upload needs
    // nothing of main's but the access token, which the client already borrows per request.
    stories: {
      fetchStrip: bind(fetchStoryStrip),
      fetchUserStories: bind(fetchUserStories),
      markSeen: bind(markStorySeen),
      fetchViewers: bind(fetchStoryViewers),
      post: bind(postStory),
      remove: bind(deleteStory)
    }
  }
}
