// All stores, built from the api and services they use, so tests pass fakes instead of
// mocking modules. Components reach them through StoresProvider and the hooks below.

import { createContext, createElement, useContext, type ReactNode, type ReactElement } from 'react'
import { useStore } from 'zustand'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Api } from '@shared/bridge-contract'
import type { Post } from '@shared/domain'
import type { Services } from '../services'
import { createFeedStore, type FeedState, type FeedStore } from './feed/feedStore'
import { createProfileStore, type ProfileState, type ProfileStore } from './profile/profileStore'
import { createSessionStore, type SessionState, type SessionStore } from './session/sessionStore'
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

export interface AppStores {
  api: Api
  session: SessionStore
  feed: FeedStore
  profile: ProfileStore
  ui: UiStore
  post: PostStore
  commentPreviews: CommentPreviewStore
  saved: SavedStore
  toast: ToastStore
  browse: BrowseStore
}

/** A copy of `posts` where the post with `changed`'s id is replaced by it. */
const replacing = (posts: Post[], changed: Post): Post[] =>
  posts.map((post) => (post.id === changed.id ? { ...post, ...changed } : post))

export function createStores(
  api: Api,
  services: Services,
  getClient: () => Promise<SupabaseClient>
): AppStores {
  const session = createSessionStore(api.auth)
  const getUserId = (): string | null => session.getState().snapshot.user?.id ?? null
  const profile = createProfileStore(services.profile)
  const feed = createFeedStore({
    feed: services.feed,
    likes: services.likes,
    createPost: (input) => api.posts.create(input),
    createCarousel: (input) => api.posts.createCarousel(input),
    pageExtras: async (posts) => {
      await Promise.all([
        saved.getState().prefetch(posts.map((item) => item.id)),
        commentPreviews.getState().prefetch(posts)
      ])
    },
    onPostCreated: (post) => {
      profile.getState().postCreated(post)
      // Nobody has saved one's brand-new post yet, and it has no comments to preview.
      saved.getState().markUnsaved([post.id])
    },
    getUserId
  })
  const commentPreviews = createCommentPreviewStore(getClient)
  // The post view's changes reach every list that shows the post, with no re-read.
  const post = createPostStore({
    getClient,
    getUserId,
    onPostChanged(changed) {
      feed.setState((state) => ({ posts: replacing(state.posts, changed) }))
      profile.setState((state) => ({ posts: replacing(state.posts, changed) }))
      commentPreviews.getState().refresh(changed.id)
    },
    onPostDeleted(postId) {
      const gone = (posts: Post[]): Post[] => posts.filter((item) => item.id !== postId)
      feed.setState((state) => ({ posts: gone(state.posts) }))
      profile.setState((state) => ({
        posts: gone(state.posts),
        stats:
          state.posts.length !== gone(state.posts).length
            ? { ...state.stats, posts: Math.max(state.stats.posts - 1, 0) }
            : state.stats
      }))
      saved.setState((state) => ({ posts: gone(state.posts) }))
    }
  })
  const saved = createSavedStore({ getClient, getUserId })
  return {
    api,
    session,
    feed,
    profile,
    ui: createUiStore(),
    post,
    commentPreviews,
    saved,
    toast: createToastStore(),
    browse: createBrowseStore(getClient)
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
