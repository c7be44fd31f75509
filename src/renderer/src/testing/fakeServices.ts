// The renderer's data services and live channels as test doubles: every call is a vi.fn a test
// can inspect or re-program, and live events can be fired by hand.

import type { SupabaseClient } from '@supabase/supabase-js'
import { vi, type Mock } from 'vitest'
import type { LiveStory, PlaceSummary, Post, SaveCollection, StoryHighlight } from '@shared/domain'
import { createServices, type Services } from '../services'
import { DEFAULT_CONTENT_SETTINGS } from '../services/rules'
import type {
  ActivityListener,
  CommentRow,
  PostCommentsListener,
  PostCounts,
  PostRow,
  PostsListener,
  ProfileCounts,
  ProfileCountsListener
} from '../services/types'
import { PROFILE } from './factories'

/** The live channels as the stores see them, with a way to send events through them. */
export interface FakeLive {
  activity: Mock<Services['live']['activity']>
  posts: Mock<Services['live']['posts']>
  profileCounts: Mock<Services['live']['profileCounts']>
  postComments: Mock<Services['live']['postComments']>
  refreshAuth: Mock<() => Promise<void>>
  /** Listeners currently subscribed. */
  activityListeners: Set<ActivityListener>
  postsListeners: Set<PostsListener>
  /** Profile-count listeners by the profile id they listen to. */
  profileListeners: Map<string, Set<ProfileCountsListener>>
  /** Post-comments listeners by the post id they listen to. */
  commentListeners: Map<string, Set<PostCommentsListener>>
  insertPost(row: PostRow): void
  updatePost(row: PostRow): void
  deletePost(postId: string): void
  resyncPosts(): void
  changeCounts(counts: ProfileCounts): void
  resyncCounts(profileId: string): void
  changeCommentLikes(postId: string, commentId: string, likesCount: number): void
  resyncComments(postId: string): void
  addComment(row: CommentRow): void
  removeComment(postId: string, commentId: string): void
}

export function fakeLive(): FakeLive {
  const activityListeners = new Set<ActivityListener>()
  const postsListeners = new Set<PostsListener>()
  const profileListeners = new Map<string, Set<ProfileCountsListener>>()
  const commentListeners = new Map<string, Set<PostCommentsListener>>()
  const listenersOf = (profileId: string): Set<ProfileCountsListener> =>
    profileListeners.get(profileId) ?? new Set()
  const commentListenersOf = (postId: string): Set<PostCommentsListener> =>
    commentListeners.get(postId) ?? new Set()
  return {
    activityListeners,
    postsListeners,
    profileListeners,
    commentListeners,
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
    postComments: vi.fn((postId: string, listener: PostCommentsListener) => {
      commentListeners.set(postId, commentListenersOf(postId).add(listener))
      return () => void commentListeners.get(postId)?.delete(listener)
    }),
    refreshAuth: vi.fn(async () => undefined),
    changeCounts: (counts) =>
      listenersOf(counts.id).forEach((listener) => listener.onCounts(counts)),
    resyncCounts: (profileId) => listenersOf(profileId).forEach((listener) => listener.onResync()),
    changeCommentLikes: (postId, commentId, likesCount) =>
      commentListenersOf(postId).forEach((listener) => listener.onCount(commentId, likesCount)),
    resyncComments: (postId) =>
      commentListenersOf(postId).forEach((listener) => listener.onResync()),
    addComment: (row) =>
      commentListenersOf(row.post_id).forEach((listener) => listener.onAdded(row)),
    removeComment: (postId, commentId) =>
      commentListenersOf(postId).forEach((listener) => listener.onRemoved(commentId)),
    insertPost: (row) => postsListeners.forEach((listener) => listener.onInsert(row)),
    updatePost: (row) => postsListeners.forEach((listener) => listener.onUpdate(row)),
    deletePost: (postId) => postsListeners.forEach((listener) => listener.onDelete(postId)),
    resyncPosts: () => postsListeners.forEach((listener) => listener.onResync())
  }
}

/** Every operation of a group of services as a Mock a test can inspect or re-program. */
type Mocked<G> = { [K in keyof G]: Mock }

/** The data services as fakes: reads answer empty, writes that answer a row are not programmed. */
export type FakeServices = Services & {
  [G in Exclude<keyof Services, 'live'>]: Mocked<Services[G]>
} & { live: FakeLive }

const notProgrammed = async (): Promise<never> => {
  throw new Error('not programmed')
}

export function fakeServices(): FakeServices {
  return {
    activity: {
      fetchPage: vi.fn(async () => ({ groups: [], next: null })),
      countUnread: vi.fn(async () => 0),
      markRead: vi.fn(async () => 0)
    },
    live: fakeLive(),
    feed: { fetchPage: vi.fn(async () => []), fetchNewer: vi.fn(async () => []) },
    followingFeed: { fetchPage: vi.fn(async () => []), fetchNewer: vi.fn(async () => []) },
    explore: { page: vi.fn(async () => ({ items: [] as Post[], next: null })) },
    seenPosts: { mark: vi.fn(async () => undefined) },
    reels: {
      page: vi.fn(async () => ({ items: [] as Post[], next: null })),
      ofProfile: vi.fn(async () => ({ items: [] as Post[], next: null }))
    },
    likes: {
      likedPostIds: vi.fn(async () => new Set<string>()),
      setLike: vi.fn(notProgrammed),
      likers: vi.fn(async () => ({ items: [], next: null })),
      highlights: vi.fn(async () => new Map<string, string>())
    },
    posts: {
      byId: vi.fn(notProgrammed),
      counts: vi.fn(async (): Promise<PostCounts | null> => null),
      tagPage: vi.fn(async () => ({ items: [] as Post[], next: null })),
      edit: vi.fn(notProgrammed),
      remove: vi.fn(notProgrammed)
    },
    hashtags: {
      summary: vi.fn(async (tag: string) => ({ tag, posts: 0, following: false })),
      topPosts: vi.fn(async () => [] as Post[]),
      followed: vi.fn(async () => [] as string[]),
      setFollowed: vi.fn(async () => undefined)
    },
    places: {
      search: vi.fn(async () => [] as { id: string; name: string }[]),
      summary: vi.fn(async () => null as PlaceSummary | null),
      page: vi.fn(async () => ({ items: [] as Post[], next: null }))
    },
    curation: {
      setArchived: vi.fn(notProgrammed),
      setPinned: vi.fn(notProgrammed),
      archivedPage: vi.fn(async () => ({ items: [] as Post[], next: null }))
    },
    comments: {
      page: vi.fn(async () => ({ items: [], next: null })),
      byId: vi.fn(async () => null),
      add: vi.fn(notProgrammed),
      remove: vi.fn(notProgrammed),
      latest: vi.fn(async () => new Map()),
      likedIds: vi.fn(async () => new Set<string>()),
      setLike: vi.fn(notProgrammed)
    },
    saves: {
      save: vi.fn(notProgrammed),
      unsave: vi.fn(notProgrammed),
      savedIds: vi.fn(async () => new Set<string>()),
      page: vi.fn(async () => ({ items: [] as Post[], next: null }))
    },
    collections: {
      list: vi.fn(async () => [] as SaveCollection[]),
      create: vi.fn(notProgrammed),
      rename: vi.fn(notProgrammed),
      remove: vi.fn(notProgrammed),
      add: vi.fn(notProgrammed),
      take: vi.fn(notProgrammed),
      holding: vi.fn(async () => [] as string[]),
      page: vi.fn(async () => ({ items: [] as Post[], next: null }))
    },
    safety: {
      isModerator: vi.fn(async () => false),
      fetchBlocked: vi.fn(async () => []),
      fetchMutes: vi.fn(async () => []),
      fetchFollowRequests: vi.fn(async () => []),
      fetchReports: vi.fn(async () => []),
      block: vi.fn(async () => undefined),
      unblock: vi.fn(async () => undefined),
      setMute: vi.fn(async () => undefined),
      report: vi.fn(async () => undefined),
      setPrivate: vi.fn(async () => undefined),
      hasRequestedToFollow: vi.fn(async () => false),
      approveFollowRequest: vi.fn(async () => undefined),
      deleteFollowRequest: vi.fn(async () => undefined),
      resolveReport: vi.fn(async () => undefined),
      fetchSuspended: vi.fn(async () => []),
      liftSuspension: vi.fn(async () => undefined)
    },
    controls: {
      fetchMine: vi.fn(async () => ({
        words: { mute: [], hide_comments: [] },
        settings: DEFAULT_CONTENT_SETTINGS
      })),
      addWord: vi.fn(async () => undefined),
      removeWord: vi.fn(async () => undefined),
      saveSettings: vi.fn(async () => undefined),
      fetchCloseFriends: vi.fn(async () => []),
      addCloseFriend: vi.fn(async () => undefined),
      removeCloseFriend: vi.fn(async () => undefined),
      setPostControls: vi.fn(async () => undefined)
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
      post: vi.fn(notProgrammed),
      remove: vi.fn(async () => undefined),
      archivePage: vi.fn(async () => ({ items: [] as LiveStory[], next: null }))
    },
    highlights: {
      fetch: vi.fn(async () => [] as StoryHighlight[]),
      fetchStories: vi.fn(async () => [] as LiveStory[]),
      create: vi.fn(notProgrammed),
      edit: vi.fn(notProgrammed),
      reorder: vi.fn(async () => undefined),
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
      send: vi.fn(notProgrammed),
      sendPhoto: vi.fn(notProgrammed),
      unsend: vi.fn(async () => undefined),
      setHeart: vi.fn(async () => undefined),
      sharePost: vi.fn(async () => []),
      live: vi.fn(() => () => undefined),
      room: vi.fn(() => ({ typing: vi.fn(), leave: vi.fn(async () => undefined) }))
    }
  }
}

/**
 * The real services over a stand-in client: for a store test that checks what reaches the
 * client (the requests a batch makes, the data layer's own messages).
 */
export function servicesOver(client: SupabaseClient): Services {
  return createServices(async () => client)
}
