// The renderer's data services and live channels as test doubles: every call is a vi.fn a test
// can inspect or re-program, and live events can be fired by hand.

import { vi, type Mock } from 'vitest'
import type { Post } from '@shared/domain'
import type { ActivityListener } from '@shared/data/activity'
import type { PostRow, PostsListener } from '@shared/data/live-posts'
import type { ProfileCounts, ProfileCountsListener } from '@shared/data/live-profiles'
import type { Services } from '../services'
import { PROFILE } from './factories'

/** The live channels as the stores see them, with a way to send events through them. */
export interface FakeLive {
  activity: Mock<Services['live']['activity']>
  posts: Mock<Services['live']['posts']>
  profileCounts: Mock<Services['live']['profileCounts']>
  refreshAuth: Mock<() => Promise<void>>
  /** Listeners currently subscribed. */
  activityListeners: Set<ActivityListener>
  postsListeners: Set<PostsListener>
  /** Profile-count listeners by the profile id they listen to. */
  profileListeners: Map<string, Set<ProfileCountsListener>>
  insertPost(row: PostRow): void
  updatePost(row: PostRow): void
  resyncPosts(): void
  changeCounts(counts: ProfileCounts): void
  resyncCounts(profileId: string): void
}

export function fakeLive(): FakeLive {
  const activityListeners = new Set<ActivityListener>()
  const postsListeners = new Set<PostsListener>()
  const profileListeners = new Map<string, Set<ProfileCountsListener>>()
  const listenersOf = (profileId: string): Set<ProfileCountsListener> =>
    profileListeners.get(profileId) ?? new Set()
  return {
    activityListeners,
    postsListeners,
    profileListeners,
    activity: vi.fn((_userId: string, listener: ActivityListener) => {
      activityListeners.add(listener)
      return () => void activityListeners.delete(listener)
    }),
    posts: vi.fn((listener: PostsListener) => {
      postsListeners.add(listener)
      return () => void postsListeners.delete(listener)
    }),
    profileCounts: vi.fn((profileId: string, listener: ProfileCountsListener) => {
      profileListeners.set(profileId, listenersOf(profileId).add(listener))
      return () => void profileListeners.get(profileId)?.delete(listener)
    }),
    refreshAuth: vi.fn(async () => undefined),
    changeCounts: (counts) =>
      listenersOf(counts.id).forEach((listener) => listener.onCounts(counts)),
    resyncCounts: (profileId) => listenersOf(profileId).forEach((listener) => listener.onResync()),
    insertPost: (row) => postsListeners.forEach((listener) => listener.onInsert(row)),
    updatePost: (row) => postsListeners.forEach((listener) => listener.onUpdate(row)),
    resyncPosts: () => postsListeners.forEach((listener) => listener.onResync())
  }
}

export function fakeServices(): Services & {
  feed: { fetchPage: Mock; fetchNewer: Mock }
  followingFeed: { fetchPage: Mock; fetchNewer: Mock }
  likes: { likedPostIds: Mock; setLike: Mock }
  activity: { fetchPage: Mock; countUnread: Mock; markRead: Mock }
  live: FakeLive
  people: { [K in keyof Services['people']]: Mock }
  stories: {
    fetchStrip: Mock
    fetchUserStories: Mock
    markSeen: Mock
    fetchViewers: Mock
    post: Mock
    remove: Mock
  }
  direct: { [K in keyof Services['direct']]: Mock }
  peopleTags: { [K in keyof Services['peopleTags']]: Mock }
} {
  return {
    activity: {
      fetchPage: vi.fn(async () => ({ groups: [], next: null })),
      countUnread: vi.fn(async () => 0),
      markRead: vi.fn(async () => 0)
    },
    live: fakeLive(),
    feed: { fetchPage: vi.fn(async () => []), fetchNewer: vi.fn(async () => []) },
    followingFeed: { fetchPage: vi.fn(async () => []), fetchNewer: vi.fn(async () => []) },
    likes: {
      likedPostIds: vi.fn(async () => new Set<string>()),
      setLike: vi.fn(async () => {
        throw new Error('not programmed')
      })
    },
    people: {
      follow: vi.fn(async () => ({ followersCount: 1 })),
      unfollow: vi.fn(async () => ({ followersCount: 0 })),
      followedAmong: vi.fn(async () => new Set<string>()),
      followersAmong: vi.fn(async () => new Set<string>()),
      fetchConnections: vi.fn(async () => []),
      fetchSuggestions: vi.fn(async () => []),
      fetchProfileByUsername: vi.fn(async () => null),
      fetchProfilePosts: vi.fn(async () => ({ posts: [] as Post[], next: null })),
      searchPeople: vi.fn(async () => []),
      updateProfile: vi.fn(async () => PROFILE),
      uploadAvatar: vi.fn(async () => PROFILE),
      usernameProblem: vi.fn(async () => null)
    },
    peopleTags: {
      add: vi.fn(async () => undefined),
      fetch: vi.fn(async () => new Map()),
      approve: vi.fn(async () => undefined),
      remove: vi.fn(async () => undefined),
      taggedPosts: vi.fn(async () => ({ items: [] as Post[], next: null })),
      searchHashtags: vi.fn(async () => []),
      setManualApproval: vi.fn(async () => undefined)
    },
    stories: {
      fetchStrip: vi.fn(async () => []),
      fetchUserStories: vi.fn(async () => []),
      markSeen: vi.fn(async () => undefined),
      fetchViewers: vi.fn(async () => []),
      post: vi.fn(async () => {
        throw new Error('not programmed')
      }),
      remove: vi.fn(async () => undefined)
    },
    direct: {
      startThread: vi.fn(async () => 'thread-1'),
      fetchThreads: vi.fn(async () => ({ threads: [], next: null })),
      countUnread: vi.fn(async () => 0),
      accept: vi.fn(async () => undefined),
      leave: vi.fn(async () => undefined),
      markRead: vi.fn(async () => undefined),
      fetchHistory: vi.fn(async () => ({ items: [], next: null })),
      fetchNewerHistory: vi.fn(async () => ({ items: [], next: null })),
      fetchMessage: vi.fn(async () => null),
      send: vi.fn(async () => {
        throw new Error('not programmed')
      }),
      sendPhoto: vi.fn(async () => {
        throw new Error('not programmed')
      }),
      unsend: vi.fn(async () => undefined),
      setHeart: vi.fn(async () => undefined),
      sharePost: vi.fn(async () => []),
      live: vi.fn(() => () => undefined),
      room: vi.fn(() => ({ typing: vi.fn(), leave: vi.fn(async () => undefined) }))
    }
  }
}
