// The renderer's view of the data layer: every operation from src/shared/data, bound to one
// data client. In the desktop app main owns the session, so the client borrows its access token
// per request; in a browser the platform's client holds it. Stores depend on `Services`, so
// tests hand them fakes.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Api } from '@shared/bridge-contract'
import { fetchFeedNewer, fetchFeedPage } from '@shared/data/feed'
import {
  fetchConnections,
  fetchFollowingFeedNewer,
  fetchFollowingFeedPage,
  fetchSuggestions,
  follow,
  followedAmong,
  unfollow
} from '@shared/data/follows'
import { likedPostIds, setPostLike } from '@shared/data/likes'
import {
  fetchProfile,
  fetchProfileByUsername,
  fetchProfilePosts,
  fetchProfileStats,
  fetchUserPosts,
  searchPeople,
  updateProfile,
  uploadAvatar,
  usernameProblem
} from '@shared/data/profiles'

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
  /** The Following tab: the same shape as `feed`, over the posts of people you follow. */
  followingFeed: {
    fetchPage: Bound<typeof fetchFollowingFeedPage>
    fetchNewer: Bound<typeof fetchFollowingFeedNewer>
  }
  likes: { likedPostIds: Bound<typeof likedPostIds>; setLike: Bound<typeof setPostLike> }
  profile: {
    fetchProfile: Bound<typeof fetchProfile>
    fetchPosts: Bound<typeof fetchUserPosts>
    fetchStats: Bound<typeof fetchProfileStats>
  }
  people: {
    follow: Bound<typeof follow>
    unfollow: Bound<typeof unfollow>
    followedAmong: Bound<typeof followedAmong>
    fetchConnections: Bound<typeof fetchConnections>
    fetchSuggestions: Bound<typeof fetchSuggestions>
    fetchProfileByUsername: Bound<typeof fetchProfileByUsername>
    fetchProfilePosts: Bound<typeof fetchProfilePosts>
    searchPeople: Bound<typeof searchPeople>
    updateProfile: Bound<typeof updateProfile>
    uploadAvatar: Bound<typeof uploadAvatar>
    usernameProblem: Bound<typeof usernameProblem>
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
    followingFeed: {
      fetchPage: bind(fetchFollowingFeedPage),
      fetchNewer: bind(fetchFollowingFeedNewer)
    },
    likes: { likedPostIds: bind(likedPostIds), setLike: bind(setPostLike) },
    profile: {
      fetchProfile: bind(fetchProfile),
      fetchPosts: bind(fetchUserPosts),
      fetchStats: bind(fetchProfileStats)
    },
    people: {
      follow: bind(follow),
      unfollow: bind(unfollow),
      followedAmong: bind(followedAmong),
      fetchConnections: bind(fetchConnections),
      fetchSuggestions: bind(fetchSuggestions),
      fetchProfileByUsername: bind(fetchProfileByUsername),
      fetchProfilePosts: bind(fetchProfilePosts),
      searchPeople: bind(searchPeople),
      updateProfile: bind(updateProfile),
      uploadAvatar: bind(uploadAvatar),
      usernameProblem: bind(usernameProblem)
    }
  }
}
