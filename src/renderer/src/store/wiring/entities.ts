// What keeps the one copy of each post and the per-user lists right: the posts store forgets
// the likes it learnt when another user signs in, every list tells it which posts it holds (and
// drops a post that is gone), and who follows whom is read afresh for a new user.

import type { StoreApi } from 'zustand'
import type { Services } from '../../services'
import { createPostsStore, trackList, type PostsStore } from '../posts/postsStore'
import type { Foundation } from './foundation'
import type { ListStores } from './lists'

/** The one copy of each post, whose likes are the signed-in user's: another user learns theirs. */
export function createPosts(services: Services, base: Foundation): PostsStore {
  const { getUserId } = base
  const posts = createPostsStore({
    likes: services.likes,
    posts: services.posts,
    getUserId,
    queue: base.queue
  })
  base.onUserChange(() => posts.getState().forgetLikes())
  return posts
}

/**
 * Who follows whom is per user: a new user (a sign-in, a switch of account) starts from nothing,
 * and so does who a card names. Done as the session changes, before any view reloads for the
 * new user (an effect in App ran after the open profile's own reload and wiped it).
 */
export function forgetPeopleOnUserChange(base: Foundation, lists: ListStores): void {
  base.onUserChange(() => {
    lists.people.getState().reset()
    lists.likers.getState().reset()
    lists.explore.getState().reset()
    lists.reels.getState().reset()
  })
}

const NO_IDS: readonly string[] = []

/** Every list tells the posts store what it holds, and drops a post that is gone. */
export function trackLists(posts: PostsStore, lists: ListStores): void {
  const dropFrom =
    <S extends { ids: string[] }>(store: StoreApi<S>) =>
    (postId: string): void =>
      store.setState((state) => ({ ids: state.ids.filter((id) => id !== postId) }) as Partial<S>)
  const { feed, followingFeed, saved, browse, explore, reels, people, post } = lists
  trackList(
    posts,
    'feed',
    feed,
    (state) => state.ids,
    (postId) => {
      dropFrom(feed)(postId)
      // A new post deleted before "New posts" was pressed is no longer new.
      feed.setState((state) => ({ newPostIds: state.newPostIds.filter((id) => id !== postId) }))
    }
  )
  trackList(posts, 'following', followingFeed, (state) => state.ids, dropFrom(followingFeed))
  trackList(posts, 'saved', saved, (state) => state.ids, dropFrom(saved))
  // A tag page holds its top posts and its recent posts; a deleted post leaves both.
  trackList(
    posts,
    'browse',
    browse,
    (state) => [...state.topIds, ...state.ids],
    (postId) => {
      dropFrom(browse)(postId)
      browse.setState((state) => ({ topIds: state.topIds.filter((id) => id !== postId) }))
    }
  )
  trackList(posts, 'explore', explore, (state) => state.ids, dropFrom(explore))
  trackList(posts, 'reels', reels, (state) => state.ids, dropFrom(reels))
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
    (postId) => post.getState().postRemoved(postId)
  )
}
