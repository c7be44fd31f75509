// Test doubles for the bridge and the data services, so component and store tests run with no
// network: every call is a vi.fn that a test can inspect or re-program.

import { render, type RenderResult } from '@testing-library/react'
import type { ReactElement } from 'react'
import { vi, type Mock } from 'vitest'
import type {
  ActivityReport,
  ActivityTarget,
  Api,
  CreateCarouselInput,
  AppCommand,
  CreatePostInput,
  CreatePostStage,
  ImageFile,
  OpenedFiles,
  SignUpResult,
  UpdateState
} from '@shared/bridge-contract'
import {
  SIGNED_OUT,
  type ActivityGroup,
  type AuthSnapshot,
  type LiveStory,
  type Post,
  type Profile,
  type StoryStripEntry
} from '@shared/domain'
import type { ActivityListener } from '@shared/data/activity'
import type { PostRow, PostsListener } from '@shared/data/live-posts'
import type { ProfileCounts, ProfileCountsListener } from '@shared/data/live-profiles'
import type { DeepLink } from '@shared/deep-links'
import type { Services } from '../services'
import { createStores, StoresProvider, type AppStores } from '../store'
import type { FeedStore } from '../store/feed/feedStore'
import type { PostState } from '../store/post/postStore'

export interface Deferred<T> {
  promise: Promise<T>
  resolve(value: T): void
  reject(error: unknown): void
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

export const PROFILE: Profile = {
  id: 'user-1',
  username: 'jane.doe',
  full_name: 'Jane Doe',
  avatar_url: null,
  bio: 'Coffee and film cameras'
}

export function signedIn(profile: Profile = PROFILE): AuthSnapshot {
  return {
    user: {
      id: profile.id,
      email: 'jane@example.com',
      user_metadata: { username: profile.username }
    },
    profile,
    accessToken: 'token',
    expiresAt: 9999999999
  }
}

let postSeq = 0
export function makePost(overrides: Partial<Post> = {}): Post {
  postSeq += 1
  return {
    id: `post-${postSeq}`,
    user_id: 'user-2',
    image_url: `https://example.test/${postSeq}.jpg`,
    caption: `Caption ${postSeq}`,
    likes_count: 0,
    comments_count: 0,
    created_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
    profiles: { username: 'sam', full_name: 'Sam Smith', avatar_url: null },
    ...overrides
  }
}

export interface FakeApi extends Api {
  auth: Api['auth'] & {
    getSession: Mock<() => Promise<AuthSnapshot>>
    signUp: Mock<Api['auth']['signUp']>
    signIn: Mock<Api['auth']['signIn']>
    signOut: Mock<Api['auth']['signOut']>
  }
  images: { pick: Mock<() => Promise<ImageFile | null>>; hasNativeDialog: boolean }
  posts: {
    create: Mock<(input: CreatePostInput) => Promise<Post>>
    createCarousel: Mock<(input: CreateCarouselInput) => Promise<Post>>
    onProgress: Api['posts']['onProgress']
  }
  notifications: Api['notifications'] & {
    report: Mock<(report: ActivityReport) => Promise<void>>
    getEnabled: Mock<() => Promise<boolean>>
    setEnabled: Mock<(enabled: boolean) => Promise<void>>
  }
  /** Sends a notifications:open event (a clicked native notification). */
  emitOpen(target: ActivityTarget): void
  /** Sends an auth:changed event to every listener. */
  emit(snapshot: AuthSnapshot): void
  /** Sends a posts:progress event to every listener. */
  emitProgress(stage: CreatePostStage): void
  app: Api['app'] & {
    ready: Mock<() => Promise<void>>
    restartToUpdate: Mock<() => Promise<void>>
  }
  /** Sends an app:deep-link, app:command or app:notice event, as main would. */
  emitDeepLink(link: DeepLink): void
  emitCommand(command: AppCommand): void
  emitNotice(notice: string): void
  emitUpdate(state: UpdateState): void
  /** Sends app:open-files, as main does for photos opened with the app. */
  emitOpenFiles(files: OpenedFiles): void
}

/** A subscribable event: listeners added and removed as the preload's subscribe does. */
function channel<T>(): { on(listener: (value: T) => void): () => void; emit(value: T): void } {
  const listeners = new Set<(value: T) => void>()
  return {
    on: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    emit: (value) => {
      for (const listener of listeners) listener(value)
    }
  }
}

let storyCounter = 0

export function makeStory(overrides: Partial<LiveStory> = {}): LiveStory {
  storyCounter += 1
  return {
    id: `story-${storyCounter}`,
    user_id: 'author-1',
    image_url: `http://127.0.0.1:1/storage/v1/object/public/images/stories/a/${storyCounter}.webp`,
    thumb_url: null,
    width: 1080,
    height: 1920,
    placeholder: null,
    caption: null,
    created_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
    expires_at: new Date(Date.now() + 22 * 3600_000).toISOString(),
    seen: false,
    profiles: { username: 'ann', full_name: 'Ann', avatar_url: null },
    ...overrides
  }
}

export function makeStripEntry(
  username: string,
  overrides: Partial<StoryStripEntry> = {}
): StoryStripEntry {
  return {
    user_id: username,
    username,
    full_name: null,
    avatar_url: null,
    has_unseen: true,
    story_count: 1,
    latest_at: '2026-11-23T10:00:00.000Z',
    ...overrides
  }
}

export function fakeApi(
  options: { snapshot?: AuthSnapshot; hasNativeDialog?: boolean } = {}
): FakeApi {
  let current = options.snapshot ?? SIGNED_OUT
  const listeners = new Set<(snapshot: AuthSnapshot) => void>()
  const progress = new Set<(stage: CreatePostStage) => void>()
  const opens = new Set<(target: ActivityTarget) => void>()
  const deepLinks = channel<DeepLink>()
  const commands = channel<AppCommand>()
  const notices = channel<string>()
  const updates = channel<UpdateState>()
  const openedFiles = channel<OpenedFiles>()
  return {
    auth: {
      getSession: vi.fn(async () => current),
      signUp: vi.fn(async (): Promise<SignUpResult> => ({ needsConfirmation: true })),
      signIn: vi.fn(async () => undefined),
      signOut: vi.fn(async () => undefined),
      getAccessToken: vi.fn(async () => current.accessToken),
      onChanged: (listener) => {
        listeners.add(listener)
        return () => listeners.delete(listener)
      }
    },
    images: { pick: vi.fn(async () => null), hasNativeDialog: options.hasNativeDialog ?? false },
    posts: {
      create: vi.fn(async () => makePost()),
      createCarousel: vi.fn(async () => makePost()),
      onProgress: (listener) => {
        progress.add(listener)
        return () => progress.delete(listener)
      }
    },
    app: {
      getConfig: vi.fn(async () => ({
        backendUrl: 'http://127.0.0.1:1',
        anonKey: 'anon',
        backendKind: 'local' as const,
        version: 'test',
        secretStorageWarning: null
      })),
      ready: vi.fn(async () => undefined),
      onDeepLink: (listener) => deepLinks.on(listener),
      onCommand: (listener) => commands.on(listener),
      onNotice: (listener) => notices.on(listener),
      onUpdate: (listener) => updates.on(listener),
      onOpenFiles: (listener) => openedFiles.on(listener),
      restartToUpdate: vi.fn(async () => undefined)
    },
    notifications: {
      native: options.hasNativeDialog ?? false,
      report: vi.fn(async () => undefined),
      getEnabled: vi.fn(async () => true),
      setEnabled: vi.fn(async () => undefined),
      onOpen: (listener) => {
        opens.add(listener)
        return () => opens.delete(listener)
      }
    },
    emitOpen(target) {
      for (const listener of opens) listener(target)
    },
    emitDeepLink: (link) => deepLinks.emit(link),
    emitCommand: (command) => commands.emit(command),
    emitNotice: (notice) => notices.emit(notice),
    emitUpdate: (state) => updates.emit(state),
    emitOpenFiles: (files) => openedFiles.emit(files),
    emit(snapshot) {
      current = snapshot
      for (const listener of listeners) listener(snapshot)
    },
    emitProgress(stage) {
      for (const listener of progress) listener(stage)
    }
  }
}

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

let groupSeq = 0
export function makeGroup(overrides: Partial<ActivityGroup> = {}): ActivityGroup {
  groupSeq += 1
  return {
    group_key: `like:post-g${groupSeq}`,
    type: 'like',
    post_id: `post-g${groupSeq}`,
    comment_id: null,
    latest_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    actor_count: 1,
    unread_count: 1,
    actors: [{ id: 'user-2', username: 'ana', full_name: 'Ana', avatar_url: null }],
    post_image_url: null,
    post_thumb_url: `https://example.test/thumb-${groupSeq}.jpg`,
    ...overrides
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
      fetchConnections: vi.fn(async () => []),
      fetchSuggestions: vi.fn(async () => []),
      fetchProfileByUsername: vi.fn(async () => null),
      fetchProfilePosts: vi.fn(async () => ({ posts: [] as Post[], next: null, total: 0 })),
      searchPeople: vi.fn(async () => []),
      updateProfile: vi.fn(async () => PROFILE),
      uploadAvatar: vi.fn(async () => PROFILE),
      usernameProblem: vi.fn(async () => null)
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
    }
  }
}

export interface Harness {
  api: FakeApi
  services: ReturnType<typeof fakeServices>
  stores: AppStores
}

export function createHarness(
  options: { snapshot?: AuthSnapshot; hasNativeDialog?: boolean } = {}
): Harness {
  const api = fakeApi(options)
  const services = fakeServices()
  // No backend in component tests: the data client is refused, and what the cards read through
  // it (saved state, latest comments) stays empty.
  const stores = createStores(api, services, () => Promise.reject(new Error('no backend in tests')))
  // Tests start from a known session instead of waiting for init().
  stores.session.setState({ snapshot: options.snapshot ?? SIGNED_OUT, status: 'ready' })
  return { api, services, stores }
}

export function renderWith(ui: ReactElement, harness: Harness): RenderResult {
  return render(<StoresProvider stores={harness.stores}>{ui}</StoresProvider>)
}

/** A real PNG signature, so the magic-byte check accepts it. */
export function pngBytes(extra = 16): Uint8Array {
  const bytes = new Uint8Array(8 + extra)
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return bytes
}

export function pngFile(name = 'photo.png'): File {
  return new File([pngBytes() as Uint8Array<ArrayBuffer>], name, { type: 'image/png' })
}

/**
 * Shows `posts` in a feed as a loaded page would: the posts in the posts store (with the user's
 * likes among them known) and their ids in the feed.
 */
export function showInFeed(
  stores: AppStores,
  posts: Post[],
  options: { liked?: string[]; feed?: FeedStore } = {}
): void {
  const feed = options.feed ?? stores.feed
  stores.posts.getState().put(posts)
  stores.posts.getState().setLiked(
    posts.map((post) => post.id),
    new Set(options.liked ?? [])
  )
  feed.setState({ status: 'ready', ids: posts.map((post) => post.id) })
}

/** The posts a feed shows, in order, as the posts store holds them. */
export function feedPosts(stores: AppStores, feed: FeedStore = stores.feed): Post[] {
  return feed.getState().ids.map((id) => stores.posts.getState().byId[id])
}

/** Opens `post` in the post view as if it had been read. */
export function openInPostView(
  stores: AppStores,
  post: Post,
  state: Partial<PostState> = {}
): void {
  stores.posts.getState().put([post])
  stores.post.setState({ openId: post.id, status: 'ready', ...state })
}
