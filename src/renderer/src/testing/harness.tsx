// The app's stores over the fakes, ready for a component or store test, and shortcuts to put
// posts where a test needs them (a feed, the post view).

import { render, type RenderResult } from '@testing-library/react'
import type { ReactElement } from 'react'
import { type Post } from '@shared/domain'
import { SIGNED_OUT, type AuthSnapshot } from '@shared/auth-snapshot'
import { createStores, StoresProvider, type AppStores } from '../store'
import type { FeedStore } from '../store/feed/feedStore'
import type { PostState } from '../store/openPost/openPostStore'
import { fakeApi, type FakeApi } from './fakeApi'
import { fakeServices } from './fakeServices'

export interface Harness {
  api: FakeApi
  services: ReturnType<typeof fakeServices>
  stores: AppStores
}

export function createHarness(
  options: { snapshot?: AuthSnapshot; hasNativeDialog?: boolean } = {}
): Harness {
  const api = fakeApi(options)
  // No backend in component tests: every data operation is a fake a test can program.
  const services = fakeServices()
  const stores = createStores(api, services)
  // Tests start from a known session instead of waiting for init().
  stores.session.setState({ snapshot: options.snapshot ?? SIGNED_OUT, status: 'ready' })
  return { api, services, stores }
}

export function renderWith(ui: ReactElement, harness: Harness): RenderResult {
  return render(<StoresProvider stores={harness.stores}>{ui}</StoresProvider>)
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
