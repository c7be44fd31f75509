// All stores, built from the api and services they use, so tests pass fakes instead of
// mocking modules. Components reach them through StoresProvider and the hooks (hooks.ts).

import type { StoreApi } from 'zustand'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Api } from '@shared/bridge-contract'
import type { Post } from '@shared/domain'
import type { Services } from '../services'
import { createActivityStore } from './activity/activityStore'
import { createDirectStore } from './direct/directStore'
import { createFeedStore, type FeedDeps } from './feed/feedStore'
import { createPostsStore, trackList, type PostsStore } from './posts/postsStore'
import { createPeopleStore } from './people/peopleStore'
import { createRouterStore } from './router/routerStore'
import {
  createSessionStore,
  selectAuthor,
  selectOwnUsername,
  selectUserId,
  type SessionStore
} from './session/sessionStore'
import { createSafetyStore } from './safety/safetyStore'
import { createStoriesStore } from './stories/storiesStore'
import { createUiStore } from './ui/uiStore'
import { createPostStore } from './post/postStore'
import { createCommentPreviewStore } from './post/commentPreviewStore'
import { createSavedStore } from './saved/savedStore'
import { createControlsStore } from './controls/controlsStore'
import { createBrowseStore } from './browse/browseStore'
import { createToastStore, type ToastStore } from './toast/toastStore'
import { createConnectivityStore, type ConnectivityStore } from '../offline/connectivityStore'
import type { OfflineCache } from '../offline/cache'
import type { ImageRecorder } from '../offline/cache/imageRecorder'
import { cacheKeys, savedAnswers, type SavedAnswers } from '../offline/cache/savedAnswers'
import { cacheScope } from '../offline/cache/cacheScope'
import { wipeCacheOnSignOut } from '../offline/cache/wipe'
import { createOutbox } from '../offline/outbox/createOutbox'
import type { ActionQueue, OutboxStore } from '../offline/outbox/outboxStore'
import { previewPost } from '../offline/outbox/previews'
import { wireOutbox, type OutboxTargets } from '../offline/outbox/wireOutbox'
import type { AppStores } from './appStores'
import { createLikersStore } from './likers/likersStore'
import { createPeopleTagsStore, type PeopleTagsStore } from './peopleTags/peopleTagsStore'

export interface OfflineParts {
  connectivity?: ConnectivityStore
  cache?: OfflineCache | null
  imageRecorder?: ImageRecorder | null
}

/** The session and what every other store is built on: the outbox, saved answers, toasts. */
interface Foundation {
  session: SessionStore
  outbox: OutboxStore
  queue: ActionQueue
  toast: ToastStore
  connectivity: ConnectivityStore
  offlineCache: OfflineCache | null
  answers: SavedAnswers | undefined
  getUserId(): string | null
  /** Where the outbox's callbacks find the stores made after it. */
  setTargets(targets: OutboxTargets): void
}

function createFoundation(
  api: Api,
  services: Services,
  getClient: () => Promise<SupabaseClient>,
  offline: OfflineParts
): Foundation {
  const connectivity = offline.connectivity ?? createConnectivityStore()
  const offlineCache = offline.cache ?? null
  const toast = createToastStore()
  // The outbox's callbacks reach stores made later; they only run once it has sent something.
  let targets: OutboxTargets | null = null
  const outbox = createOutbox({
    api,
    services,
    getClient,
    getUserId: () => selectUserId(session.getState()),
    connectivity,
    notify: (message) => toast.getState().show(message),
    targets: () => targets!
  })
  const session = createSessionStore(api.auth, {
    beforeSignOut: (userId) => outbox.getState().wipe(userId),
    afterSignOut: (userId, othersRemain) => wipeCacheOnSignOut(offlineCache, userId, othersRemain)
  })
  return {
    session,
    outbox,
    queue: outbox.getState(),
    toast,
    connectivity,
    offlineCache,
    answers: offlineCache ? savedAnswers(offlineCache.answers, cacheScope(session)) : undefined,
    getUserId: () => selectUserId(session.getState()),
    setTargets: (wired) => {
      targets = wired
    }
  }
}

/** The one copy of each post, whose likes are the signed-in user's: another user learns theirs. */
function createPosts(services: Services, base: Foundation): PostsStore {
  const { getUserId } = base
  const posts = createPostsStore({ likes: services.likes, getUserId, queue: base.queue })
  let likesOf = getUserId()
  base.session.subscribe(() => {
    if (getUserId() === likesOf) return
    likesOf = getUserId()
    posts.getState().forgetLikes()
  })
  return posts
}

/** What both feeds share: creation through main, the page extras, the outbox, the user. */
function feedDeps(
  api: Api,
  base: Foundation,
  posts: PostsStore,
  pageExtras: FeedDeps['pageExtras']
): Omit<FeedDeps, 'feed' | 'cacheKey' | 'onPostCreated'> {
  return {
    posts,
    createPost: (input) => api.posts.create(input),
    pageExtras,
    getUserId: base.getUserId,
    saved: base.answers,
    // Likes and new posts wait in the outbox when the network is down, a new post as a preview.
    outbox: {
      queue: base.queue,
      preview: (input): Post =>
        previewPost(
          input,
          base.getUserId() ?? '',
          selectAuthor(base.session.getState()),
          Date.now()
        )
    }
  }
}

type ListStores = Pick<
  AppStores,
  'feed' | 'followingFeed' | 'saved' | 'browse' | 'people' | 'post' | 'commentPreviews' | 'likers'
>

function createLists(
  api: Api,
  services: Services,
  getClient: () => Promise<SupabaseClient>,
  base: Foundation,
  posts: PostsStore,
  peopleTags: PeopleTagsStore
): ListStores {
  const { getUserId, queue, answers } = base
  const commentPreviews = createCommentPreviewStore(getClient)
  const saved = createSavedStore({ getClient, getUserId, queue, posts })
  // Saved state, the latest comments and people tags are read with each page of either feed.
  const pageExtras = async (page: Post[]): Promise<void> => {
    await Promise.all([
      saved.getState().prefetch(page.map((item) => item.id)),
      commentPreviews.getState().prefetch(page),
      peopleTags.getState().prefetch(page.map((item) => item.id))
    ])
  }
  const shared = feedDeps(api, base, posts, pageExtras)
  // Your own new post is not in your Following feed, so it needs no onPostCreated.
  const followingFeed = createFeedStore({
    ...shared,
    feed: services.followingFeed,
    cacheKey: cacheKeys.followingFeed
  })
  const people = createPeopleStore({
    people: services.people,
    posts,
    getUserId,
    getOwnUsername: () => selectOwnUsername(base.session.getState()),
    saved: answers,
    queue,
    onFollowChanged: () => followingFeed.getState().invalidate()
  })
  const feed = createFeedStore({
    ...shared,
    feed: services.feed,
    cacheKey: cacheKeys.feed,
    onPostCreated: (post) => {
      people.getState().postCreated(post)
      // Nobody has saved one's brand-new post yet, it has no comments to preview, and the
      // people tagged on it (if any) are added, and read, after it is created.
      saved.getState().markUnsaved([post.id])
      peopleTags.getState().markUntagged([post.id])
    }
  })
  const post = createPostStore({
    getClient,
    getUserId,
    posts,
    saved: answers,
    queue,
    getAuthor: () => selectAuthor(base.session.getState()),
    onPostChanged: (changed) => commentPreviews.getState().refresh(changed.id),
    onCommentAdded: (comment) => commentPreviews.getState().show(comment)
  })
  const browse = createBrowseStore(getClient, posts)
  const likers = createLikersStore(getClient, people)
  return { feed, followingFeed, saved, browse, people, post, commentPreviews, likers }
}

/**
 * Who follows whom is per user: a new user (a sign-in, a switch of account) starts from nothing,
 * and so does who a card names. Done as the session changes, before any view reloads for the
 * new user (an effect in App ran after the open profile's own reload and wiped it).
 */
function forgetPeopleOnUserChange(base: Foundation, lists: ListStores): void {
  let userId = base.getUserId()
  base.session.subscribe(() => {
    if (base.getUserId() === userId) return
    userId = base.getUserId()
    lists.people.getState().reset()
    lists.likers.getState().reset()
  })
}

const NO_IDS: readonly string[] = []

/** Every list tells the posts store what it holds, and drops a post that is gone. */
function trackLists(posts: PostsStore, lists: ListStores): void {
  const dropFrom =
    <S extends { ids: string[] }>(store: StoreApi<S>) =>
    (postId: string): void =>
      store.setState((state) => ({ ids: state.ids.filter((id) => id !== postId) }) as Partial<S>)
  const { feed, followingFeed, saved, browse, people, post } = lists
  trackList(posts, 'feed', feed, (state) => state.ids, dropFrom(feed))
  trackList(posts, 'following', followingFeed, (state) => state.ids, dropFrom(followingFeed))
  trackList(posts, 'saved', saved, (state) => state.ids, dropFrom(saved))
  trackList(posts, 'browse', browse, (state) => state.ids, dropFrom(browse))
  trackList(
    posts,
    'profile',
    people,
    (state) => state.page?.ids ?? NO_IDS,
    (postId) => people.getState().postRemoved(postId)
  )
  trackList(
    posts,
    'post',
    post,
    (state) => (state.openId ? [state.openId] : NO_IDS),
    () => {}
  )
}

export function createStores(
  api: Api,
  services: Services,
  getClient: () => Promise<SupabaseClient>,
  offline: OfflineParts = {}
): AppStores {
  const base = createFoundation(api, services, getClient, offline)
  const { session, outbox, toast, connectivity, offlineCache } = base
  const posts = createPosts(services, base)
  const peopleTags = createPeopleTagsStore({ peopleTags: services.peopleTags })
  const lists = createLists(api, services, getClient, base, posts, peopleTags)
  trackLists(posts, lists)
  forgetPeopleOnUserChange(base, lists)
  const targets = { session, posts, ...lists }
  base.setTargets(targets)
  wireOutbox(outbox, targets)
  const stories = createStoriesStore({ stories: services.stories, getUserId: base.getUserId })
  const safety = createSafetyStore({
    getClient,
    getUserId: base.getUserId,
    // A block or a mute changes what the feeds and the strip may show: read them again.
    onVisibilityChanged: () => {
      lists.followingFeed.getState().invalidate()
      void lists.feed.getState().load()
      void stories.getState().loadStrip()
    }
  })
  return {
    api,
    outbox,
    live: services.live,
    session,
    posts,
    ...lists,
    ui: createUiStore(),
    toast,
    activity: createActivityStore({
      activity: services.activity,
      live: services.live,
      notifications: api.notifications,
      saved: base.answers
    }),
    direct: createDirectStore({
      direct: services.direct,
      connectivity,
      searchPeople: services.people.searchPeople,
      notify: (message) => toast.getState().show(message),
      notifications: api.notifications,
      saved: base.answers
    }),
    router: createRouterStore(window),
    peopleTags,
    connectivity,
    offlineCache,
    imageRecorder: offline.imageRecorder ?? null,
    stories,
    safety,
    controls: createControlsStore({ getClient, getUserId: base.getUserId })
  }
}
