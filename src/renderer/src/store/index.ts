// All stores, built from the api and services they use, so tests pass fakes instead of
// mocking modules. Components reach them through StoresProvider and the hooks below.

import { createContext, createElement, useContext, type ReactNode, type ReactElement } from 'react'
import { useStore } from 'zustand'
import type { Api } from '@shared/bridge-contract'
import type { Services } from '../services'
import {
  createActivityStore,
  type ActivityState,
  type ActivityStore
} from './activity/activityStore'
import { createFeedStore, type FeedState, type FeedStore } from './feed/feedStore'
import { createPeopleStore, type PeopleState, type PeopleStore } from './people/peopleStore'
import { createProfileStore, type ProfileState, type ProfileStore } from './profile/profileStore'
import { createRouterStore, type RouterState, type RouterStore } from './router/routerStore'
import { createSessionStore, type SessionState, type SessionStore } from './session/sessionStore'
import { createStoriesStore, type StoriesState, type StoriesStore } from './stories/storiesStore'
import { createUiStore, type UiState, type UiStore } from './ui/uiStore'

export interface AppStores {
  api: Api
  /** The live channels, for the hook that connects them to the stores. */
  live: Services['live']
  session: SessionStore
  feed: FeedStore
  profile: ProfileStore
  stories: StoriesStore
  ui: UiStore
  activity: ActivityStore
  people: PeopleStore
  router: RouterStore
  /** The Following tab of the home feed: the same feed store over the Following feed. */
  followingFeed: FeedStore
}

export function createStores(api: Api, services: Services): AppStores {
  const session = createSessionStore(api.auth)
  const getUserId = (): string | null => session.getState().snapshot.user?.id ?? null
  const profile = createProfileStore(services.profile)
  // Your own new post is not in your Following feed, so it needs no onPostCreated.
  const followingFeed = createFeedStore({
    feed: services.followingFeed,
    likes: services.likes,
    createPost: (input) => api.posts.create(input),
    getUserId
  })
  const people = createPeopleStore({
    people: services.people,
    getUserId,
    onFollowChanged: () => followingFeed.getState().invalidate()
  })
  return {
    api,
    live: services.live,
    session,
    feed: createFeedStore({
      feed: services.feed,
      likes: services.likes,
      createPost: (input) => api.posts.create(input),
      onPostCreated: (post) => {
        profile.getState().postCreated(post)
        people.getState().postCreated(post)
      },
      getUserId
    }),
    profile,
    ui: createUiStore(),
    activity: createActivityStore({
      activity: services.activity,
      live: services.live,
      notifications: api.notifications,
      onNotification: (notification) => {
        const username = session.getState().snapshot.profile?.username
        if (notification.type === 'follow' && username)
          void people.getState().refreshFollowerCount(username)
      }
    }),
    people,
    router: createRouterStore(window),
    followingFeed,
    stories: createStoriesStore({
      stories: services.stories,
      getUserId: () => session.getState().snapshot.user?.id ?? null
    })
  }
}

const StoresContext = createContext<AppStores | null>(null)

export function StoresProvider(props: { stores: AppStores; children: ReactNode }): ReactElement {
  return createElement(StoresContext.Provider, { value: props.stores }, props.children)
}

export function useStores(): AppStores {
  const stores = useContext(StoresContext)
  if (!stores) throw new Error('useStores must be used inside StoresProvider')
  return stores
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

export function useFeed<T>(selector: (state: FeedState) => T): T {
  return useStore(useFeedStore(), selector)
}

export function usePeople<T>(selector: (state: PeopleState) => T): T {
  return useStore(useStores().people, selector)
}

export function useRouter<T>(selector: (state: RouterState) => T): T {
  return useStore(useStores().router, selector)
}

export function useProfile<T>(selector: (state: ProfileState) => T): T {
  return useStore(useStores().profile, selector)
}

export function useUi<T>(selector: (state: UiState) => T): T {
  return useStore(useStores().ui, selector)
}

export function useActivity<T>(selector: (state: ActivityState) => T): T {
  return useStore(useStores().activity, selector)
}

export function useStoriesStore<T>(selector: (state: StoriesState) => T): T {
  return useStore(useStores().stories, selector)
}
