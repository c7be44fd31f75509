// All stores, built from the api and services they use, so tests pass fakes instead of
// mocking modules. Components reach them through StoresProvider and the hooks below.

import { createContext, createElement, useContext, type ReactNode, type ReactElement } from 'react'
import { useStore } from 'zustand'
import type { Api } from '@shared/bridge-contract'
import type { Services } from '../services'
import { createFeedStore, type FeedState, type FeedStore } from './feed/feedStore'
import { createProfileStore, type ProfileState, type ProfileStore } from './profile/profileStore'
import { createSessionStore, type SessionState, type SessionStore } from './session/sessionStore'
import { createStoriesStore, type StoriesState, type StoriesStore } from './stories/storiesStore'
import { createUiStore, type UiState, type UiStore } from './ui/uiStore'

export interface AppStores {
  api: Api
  session: SessionStore
  feed: FeedStore
  profile: ProfileStore
  stories: StoriesStore
  ui: UiStore
}

export function createStores(api: Api, services: Services): AppStores {
  const session = createSessionStore(api.auth)
  const profile = createProfileStore(services.profile)
  return {
    api,
    session,
    feed: createFeedStore({
      feed: services.feed,
      likes: services.likes,
      createPost: (input) => api.posts.create(input),
      onPostCreated: (post) => profile.getState().postCreated(post),
      getUserId: () => session.getState().snapshot.user?.id ?? null
    }),
    profile,
    stories: createStoriesStore({
      stories: services.stories,
      getUserId: () => session.getState().snapshot.user?.id ?? null
    }),
    ui: createUiStore()
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

export function useFeed<T>(selector: (state: FeedState) => T): T {
  return useStore(useStores().feed, selector)
}

export function useProfile<T>(selector: (state: ProfileState) => T): T {
  return useStore(useStores().profile, selector)
}

export function useUi<T>(selector: (state: UiState) => T): T {
  return useStore(useStores().ui, selector)
}

export function useStoriesStore<T>(selector: (state: StoriesState) => T): T {
  return useStore(useStores().stories, selector)
}
