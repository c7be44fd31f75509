// All stores, built from the api and services they use, so tests pass fakes instead of
// mocking modules. Components reach them through StoresProvider and the hooks below.

import { createContext, createElement, useContext, type ReactNode, type ReactElement } from 'react'
import { useStore, type StoreApi } from 'zustand'
import { useShallow } from 'zustand/react/shallow'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Api } from '@shared/bridge-contract'
import type { Post, PostAuthor } from '@shared/domain'
import type { Services } from '../services'
import {
  createActivityStore,
  type ActivityState,
  type ActivityStore
} from './activity/activityStore'
import { createFeedStore, type FeedState, type FeedStore } from './feed/feedStore'
import { createPostsStore, trackList, type PostsState, type PostsStore } from './posts/postsStore'
import { createPeopleStore, type PeopleState, type PeopleStore } from './people/peopleStore'
import type { Person } from './people/personEntities'
import { createRouterStore, type RouterState, type RouterStore } from './router/routerStore'
import {
  createSessionStore,
  selectAuthor,
  selectUserId,
  type SessionState,
  type SessionStore
} from './session/sessionStore'
import { createStoriesStore, type StoriesState, type StoriesStore } from './stories/storiesStore'
import { createUiStore, type UiState, type UiStore } from './ui/uiStore'
import { createPostStore, type PostState, type PostStore } from './post/postStore'
import {
  createCommentPreviewStore,
  type CommentPreviewState,
  type CommentPreviewStore
} from './post/commentPreviewStore'
import { createSavedStore, type SavedState, type SavedStore } from './saved/savedStore'
import { createBrowseStore, type BrowseState, type BrowseStore } from './browse/browseStore'
import { createToastStore, type ToastState, type ToastStore } from './toast/toastStore'
import {
  createConnectivityStore,
  type ConnectivityState,
  type ConnectivityStore
} from '../offline/connectivityStore'
import type { OfflineCache } from '../offline/cache'
import type { ImageRecorder } from '../offline/cache/imageRecorder'
import { cacheKeys, savedAnswers } from '../offline/cache/savedAnswers'
import { cacheScope } from '../offline/cache/cacheScope'
import { wipeCacheOnSignOut } from '../offline/cache/wipe'
import { createOutbox } from '../offline/outbox/createOutbox'
import type { OutboxState, OutboxStore } from '../offline/outbox/outboxStore'
import { previewPost } from '../offline/outbox/previews'
import { wireOutbox, type OutboxTargets } from '../offline/outbox/wireOutbox'

export interface AppStores {
  api: Api
  /** The live channels, for the hook that connects them to the stores. */
  live: Services['live']
  session: SessionStore
  /** One copy of each post shown anywhere, and its like; the lists below hold ids. */
  posts: PostsStore
  feed: FeedStore
  stories: StoriesStore
  ui: UiStore
  post: PostStore
  commentPreviews: CommentPreviewStore
  saved: SavedStore
  toast: ToastStore
  browse: BrowseStore
  activity: ActivityStore
  people: PeopleStore
  router: RouterStore
  /** The Following tab of the home feed: the same feed store over the Following feed. */
  followingFeed: FeedStore
  /** Whether the backend can be reached (the offline banner, cached reads). */
  connectivity: ConnectivityStore
  /** Saved answers and seen images; null where there is no IndexedDB (component tests). */
  offlineCache: OfflineCache | null
  /** Saves the images shown into `offlineCache`; null without one. */
  imageRecorder: ImageRecorder | null
  /** Actions made while the backend could not be reached, sent when it can. */
  outbox: OutboxStore
}

export interface OfflineParts {
  connectivity?: ConnectivityStore
  cache?: OfflineCache | null
  imageRecorder?: ImageRecorder | null
}

export function createStores(
  api: Api,
  services: Services,
  getClient: () => Promise<SupabaseClient>,
  offline: OfflineParts = {}
): AppStores {
  const connectivity = offline.connectivity ?? createConnectivityStore()
  const offlineCache = offline.cache ?? null
  const toast = createToastStore()
  // The outbox's callbacks reach stores made below; they only run once it has sent something.
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
  const queue = outbox.getState()
  const session = createSessionStore(api.auth, {
    beforeSignOut: (userId) => outbox.getState().wipe(userId),
    afterSignOut: (userId) => wipeCacheOnSignOut(offlineCache, userId)
  })
  const answers = offlineCache ? savedAnswers(offlineCache.answers, cacheScope(session)) : undefined
  const getUserId = (): string | null => selectUserId(session.getState())
  const getAuthor = (): PostAuthor | null => selectAuthor(session.getState())
  // Likes and new posts wait in the outbox when the network is down, a new post as a preview.
  const feedOutbox = {
    queue,
    preview: (input: Parameters<typeof previewPost>[0]): Post =>
      previewPost(input, getUserId() ?? '', getAuthor(), Date.now())
  }
  const posts = createPostsStore({ likes: services.likes, getUserId, queue })
  // Likes are the signed-in user's: another user learns their own.
  let likesOf = getUserId()
  session.subscribe(() => {
    if (getUserId() === likesOf) return
    likesOf = getUserId()
    posts.getState().forgetLikes()
  })
  const commentPreviews = createCommentPreviewStore(getClient)
  const saved = createSavedStore({ getClient, getUserId, queue, posts })
  // Saved state and the latest comments are read with each page of either feed.
  const pageExtras = async (posts: Post[]): Promise<void> => {
    await Promise.all([
      saved.getState().prefetch(posts.map((item) => item.id)),
      commentPreviews.getState().prefetch(posts)
    ])
  }
  // Your own new post is not in your Following feed, so it needs no onPostCreated.
  const followingFeed = createFeedStore({
    feed: services.followingFeed,
    posts,
    createPost: (input) => api.posts.create(input),
    createCarousel: (input) => api.posts.createCarousel(input),
    pageExtras,
    getUserId,
    saved: answers,
    cacheKey: cacheKeys.followingFeed,
    outbox: feedOutbox
  })
  const people = createPeopleStore({
    people: services.people,
    posts,
    getUserId,
    saved: answers,
    queue,
    onFollowChanged: () => followingFeed.getState().invalidate()
  })
  const feed = createFeedStore({
    feed: services.feed,
    posts,
    createPost: (input) => api.posts.create(input),
    createCarousel: (input) => api.posts.createCarousel(input),
    pageExtras,
    outbox: feedOutbox,
    onPostCreated: (post) => {
      people.getState().postCreated(post)
      // Nobody has saved one's brand-new post yet, and it has no comments to preview.
      saved.getState().markUnsaved([post.id])
    },
    getUserId,
    saved: answers,
    cacheKey: cacheKeys.feed
  })
  const post = createPostStore({
    getClient,
    getUserId,
    posts,
    saved: answers,
    queue,
    getAuthor,
    onPostChanged: (changed) => commentPreviews.getState().refresh(changed.id)
  })
  const browse = createBrowseStore(getClient, posts)
  // Every list tells the posts store what it holds, and drops a post that is gone.
  const dropFrom =
    <S extends { ids: string[] }>(store: StoreApi<S>) =>
    (postId: string): void =>
      store.setState((state) => ({ ids: state.ids.filter((id) => id !== postId) }) as Partial<S>)
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
  targets = { session, posts, feed, people, post, saved }
  wireOutbox(outbox, targets)
  return {
    api,
    outbox,
    live: services.live,
    session,
    posts,
    feed,
    ui: createUiStore(),
    post,
    commentPreviews,
    saved,
    toast,
    browse,
    activity: createActivityStore({
      activity: services.activity,
      live: services.live,
      notifications: api.notifications,
      saved: answers
    }),
    people,
    router: createRouterStore(window),
    followingFeed,
    connectivity,
    offlineCache,
    imageRecorder: offline.imageRecorder ?? null,
    stories: createStoriesStore({
      stories: services.stories,
      getUserId
    })
  }
}

const NO_IDS: readonly string[] = []

const StoresContext = createContext<AppStores | null>(null)

export function StoresProvider(props: { stores: AppStores; children: ReactNode }): ReactElement {
  return createElement(StoresContext.Provider, { value: props.stores }, props.children)
}

export function useStores(): AppStores {
  const stores = useContext(StoresContext)
  if (!stores) throw new Error('useStores must be used inside StoresProvider')
  return stores
}

export function useOutbox<T>(selector: (state: OutboxState) => T): T {
  return useStore(useStores().outbox, selector)
}

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(useStores().session, selector)
}

/**
 * Which feed store the feed components show: the home feed, unless a FeedSourceProvider
 * above them picks another (the Following tab).
 */
const FeedSourceContext = createContext<FeedStore | null>(null)

export function FeedSourceProvider(props: { feed: FeedStore; children: ReactNode }): ReactElement {
  return createElement(FeedSourceContext.Provider, { value: props.feed }, props.children)
}

export function useFeedStore(): FeedStore {
  const stores = useStores()
  return useContext(FeedSourceContext) ?? stores.feed
}

export function usePosts<T>(selector: (state: PostsState) => T): T {
  return useStore(useStores().posts, selector)
}

/** The open post as the posts store holds it; null while none is open or it is loading. */
export function useOpenPost(): Post | null {
  const openId = usePost((state) => state.openId)
  return usePosts((state) => (openId ? (state.byId[openId] ?? null) : null))
}

export function useFeed<T>(selector: (state: FeedState) => T): T {
  return useStore(useFeedStore(), selector)
}

export function usePeople<T>(selector: (state: PeopleState) => T): T {
  return useStore(useStores().people, selector)
}

/** The person with this id as the people store holds them; undefined while unknown. */
export function usePerson(id: string): Person | undefined {
  return usePeople((state) => state.byId[id])
}

/** The people a list holds by id, in its order (ids not held are left out). */
export function usePeopleByIds(ids: readonly string[]): Person[] {
  return usePeople(
    useShallow((state) => ids.flatMap((id) => (state.byId[id] ? [state.byId[id]] : [])))
  )
}

export function useRouter<T>(selector: (state: RouterState) => T): T {
  return useStore(useStores().router, selector)
}

export function useUi<T>(selector: (state: UiState) => T): T {
  return useStore(useStores().ui, selector)
}

export function usePost<T>(selector: (state: PostState) => T): T {
  return useStore(useStores().post, selector)
}

export function useCommentPreviews<T>(selector: (state: CommentPreviewState) => T): T {
  return useStore(useStores().commentPreviews, selector)
}

export function useSaved<T>(selector: (state: SavedState) => T): T {
  return useStore(useStores().saved, selector)
}

export function useToast<T>(selector: (state: ToastState) => T): T {
  return useStore(useStores().toast, selector)
}

export function useBrowse<T>(selector: (state: BrowseState) => T): T {
  return useStore(useStores().browse, selector)
}

export function useActivity<T>(selector: (state: ActivityState) => T): T {
  return useStore(useStores().activity, selector)
}

export function useConnectivity<T>(selector: (state: ConnectivityState) => T): T {
  return useStore(useStores().connectivity, selector)
}

export function useStoriesStore<T>(selector: (state: StoriesState) => T): T {
  return useStore(useStores().stories, selector)
}
