// The renderer's view of the data layer: every operation from src/shared/data, bound to one
// data client. The platform (main, or the page's AccountSessions) owns the sessions, so the
// client borrows the current account's access token per request. Stores depend on `Services`, so
// tests hand them fakes.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Api } from '@shared/bridge-contract'
import {
  countUnreadActivity,
  fetchActivityPage,
  markActivityRead,
  subscribeToActivity,
  type ActivityListener
} from '@shared/data/activity'
import { fetchFeedNewer, fetchFeedPage } from '@shared/data/feed'
import { refreshRealtimeAuth, subscribeToPosts, type PostsListener } from '@shared/data/live-posts'
import { subscribeToProfileCounts, type ProfileCountsListener } from '@shared/data/live-profiles'
import {
  fetchConnections,
  fetchFollowingFeedNewer,
  fetchFollowingFeedPage,
  fetchSuggestions,
  follow,
  followedAmong,
  followersAmong,
  unfollow
} from '@shared/data/follows'
import { likedPostIds, setPostLike } from '@shared/data/likes'
import { fetchProfileByUsername, fetchProfilePosts, searchPeople } from '@shared/data/profiles'
import type { updateProfile, uploadAvatar, usernameProblem } from '@shared/data/profile-edits'
import { later } from './later'
import type {
  addPeopleTags,
  approvePeopleTag,
  fetchPeopleTags,
  fetchTaggedPosts,
  removePeopleTag,
  searchHashtags,
  setManualTagApproval
} from '@shared/data/people-tags'
import { createPeopleTagsServices } from './peopleTags'
import { createDirectServices, type DirectServices } from './direct'
import {
  deleteStory,
  fetchStoryStrip,
  fetchStoryViewers,
  fetchUserStories,
  markStorySeen,
  postStory
} from '@shared/data/stories'

// Editing one's profile loads with its first use (the edit form): the start does not parse it.
const profileEdits = (): Promise<typeof import('@shared/data/profile-edits')> =>
  import('@shared/data/profile-edits')

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

/** Stops a live subscription; safe to call before it has even started. */
export type Unsubscribe = () => void

/**
 * Binds a subscription: the client may not exist yet, so the returned stop function cancels
 * a subscription that is still being set up as well as a running one.
 */
function subscriber(getClient: ClientProvider) {
  return <A extends unknown[]>(
      subscribe: (client: SupabaseClient, ...args: A) => () => Promise<void>
    ): ((...args: A) => Unsubscribe) =>
    (...args) => {
      let stopped = false
      let stop: (() => Promise<void>) | null = null
      getClient().then(
        async (client) => {
          // A channel joins with the token realtime holds: make it the current one first.
          await refreshRealtimeAuth(client).catch(() => undefined)
          if (!stopped) stop = subscribe(client, ...args)
        },
        (error: unknown) => console.error('Error starting live updates', error)
      )
      return () => {
        stopped = true
        void stop?.()
      }
    }
}

export interface Services {
  feed: { fetchPage: Bound<typeof fetchFeedPage>; fetchNewer: Bound<typeof fetchFeedNewer> }
  /** The Following tab: the same shape as `feed`, over the posts of people you follow. */
  followingFeed: {
    fetchPage: Bound<typeof fetchFollowingFeedPage>
    fetchNewer: Bound<typeof fetchFollowingFeedNewer>
  }
  likes: { likedPostIds: Bound<typeof likedPostIds>; setLike: Bound<typeof setPostLike> }
  activity: {
    fetchPage: Bound<typeof fetchActivityPage>
    countUnread: Bound<typeof countUnreadActivity>
    markRead: Bound<typeof markActivityRead>
  }
  live: {
    activity(userId: string, listener: ActivityListener): Unsubscribe
    posts(listener: PostsListener): Unsubscribe
    /** One person's follower and following counts, as follows and unfollows happen. */
    profileCounts(profileId: string, listener: ProfileCountsListener): Unsubscribe
    /** Sends the current access token to realtime (after a session change). */
    refreshAuth: Bound<typeof refreshRealtimeAuth>
  }
  people: {
    follow: Bound<typeof follow>
    unfollow: Bound<typeof unfollow>
    followedAmong: Bound<typeof followedAmong>
    followersAmong: Bound<typeof followersAmong>
    fetchConnections: Bound<typeof fetchConnections>
    fetchSuggestions: Bound<typeof fetchSuggestions>
    fetchProfileByUsername: Bound<typeof fetchProfileByUsername>
    fetchProfilePosts: Bound<typeof fetchProfilePosts>
    searchPeople: Bound<typeof searchPeople>
    updateProfile: Bound<typeof updateProfile>
    uploadAvatar: Bound<typeof uploadAvatar>
    usernameProblem: Bound<typeof usernameProblem>
  }
  /** People tags on photos, the Tagged tab, and hashtag suggestions for the caption. */
  peopleTags: {
    add: Bound<typeof addPeopleTags>
    fetch: Bound<typeof fetchPeopleTags>
    approve: Bound<typeof approvePeopleTag>
    remove: Bound<typeof removePeopleTag>
    taggedPosts: Bound<typeof fetchTaggedPosts>
    searchHashtags: Bound<typeof searchHashtags>
    setManualApproval: Bound<typeof setManualTagApproval>
  }
  stories: {
    fetchStrip: Bound<typeof fetchStoryStrip>
    fetchUserStories: Bound<typeof fetchUserStories>
    markSeen: Bound<typeof markStorySeen>
    fetchViewers: Bound<typeof fetchStoryViewers>
    post: Bound<typeof postStory>
    remove: Bound<typeof deleteStory>
  }
  /** Direct messages (services/direct.ts). */
  direct: DirectServices
}

export function createClientProvider(
  api: Api,
  /** The fetch the client sends with (one that reports whether the backend answered). */
  fetchImpl?: typeof fetch
): ClientProvider {
  let client: Promise<SupabaseClient> | null = null
  return () => {
    if (!client) {
      // supabase-js is a chunk of its own, fetched while the first screen paints.
      client = Promise.all([api.app.getConfig(), import('@supabase/supabase-js')]).then(
        ([config, { createClient }]) =>
          createClient(config.backendUrl, config.anonKey, {
            accessToken: () => api.auth.getAccessToken(),
            ...(fetchImpl ? { global: { fetch: fetchImpl } } : {})
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
  const subscribe = subscriber(getClient)
  return {
    feed: { fetchPage: bind(fetchFeedPage), fetchNewer: bind(fetchFeedNewer) },
    followingFeed: {
      fetchPage: bind(fetchFollowingFeedPage),
      fetchNewer: bind(fetchFollowingFeedNewer)
    },
    likes: { likedPostIds: bind(likedPostIds), setLike: bind(setPostLike) },
    activity: {
      fetchPage: bind(fetchActivityPage),
      countUnread: bind(countUnreadActivity),
      markRead: bind(markActivityRead)
    },
    live: {
      activity: subscribe(subscribeToActivity),
      posts: subscribe(subscribeToPosts),
      profileCounts: subscribe(subscribeToProfileCounts),
      refreshAuth: bind(refreshRealtimeAuth)
    },
    people: {
      follow: bind(follow),
      unfollow: bind(unfollow),
      followedAmong: bind(followedAmong),
      followersAmong: bind(followersAmong),
      fetchConnections: bind(fetchConnections),
      fetchSuggestions: bind(fetchSuggestions),
      fetchProfileByUsername: bind(fetchProfileByUsername),
      fetchProfilePosts: bind(fetchProfilePosts),
      searchPeople: bind(searchPeople),
      updateProfile: bind(later(profileEdits, 'updateProfile')),
      uploadAvatar: bind(later(profileEdits, 'uploadAvatar')),
      usernameProblem: bind(later(profileEdits, 'usernameProblem'))
    },
    peopleTags: createPeopleTagsServices(getClient),
    // Stories are posted from the page with the same client as every read: the upload needs
    // nothing of main's but the access token, which the client already borrows per request.
    stories: {
      fetchStrip: bind(fetchStoryStrip),
      fetchUserStories: bind(fetchUserStories),
      markSeen: bind(markStorySeen),
      fetchViewers: bind(fetchStoryViewers),
      post: bind(postStory),
      remove: bind(deleteStory)
    },
    direct: createDirectServices(bind, subscribe, getClient)
  }
}
