// Spec §2/§4 feed: loading → loaded (posts or empty), a refresh counter that reloads it after a
// new post, and optimistic likes guarded per post.

import { createStore, type StoreApi } from 'zustand/vanilla'
import type { CreatePostInput } from '@shared/bridge-contract'
import type { Post } from '@shared/domain'
import type { FeedService } from '../../services/feed'
import type { LikesService } from '../../services/likes'
import { applyLike, markLiking, reconcileLikeCount } from './likeReducer'

export type FeedStatus = 'idle' | 'loading' | 'ready'

export interface FeedDeps {
  feed: FeedService
  likes: LikesService
  createPost(input: CreatePostInput): Promise<Post>
  /** Read at call time, so a toggle always acts as whoever is signed in now. */
  getUserId(): string | null
}

export interface FeedState {
  posts: Post[]
  status: FeedStatus
  refreshCounter: number
  likedIds: ReadonlySet<string>
  likingIds: ReadonlySet<string>
  load(): Promise<void>
  refresh(): void
  createPost(input: CreatePostInput): Promise<Post>
  toggleLike(postId: string): Promise<void>
}

export type FeedStore = StoreApi<FeedState>

export function createFeedStore(deps: FeedDeps): FeedStore {
  return createStore<FeedState>()((set, get) => {
    let loadToken = 0

    return {
      posts: [],
      status: 'idle',
      refreshCounter: 0,
      likedIds: new Set(),
      likingIds: new Set(),

      async load() {
        const token = ++loadToken
        const userId = deps.getUserId()
        set({ status: 'loading' })
        let posts: Post[] = []
        try {
          posts = await deps.feed.fetchAll()
        } catch (error) {
          // Spec §8: logged only; the feed shows as empty.
          console.error('Error fetching posts', error)
        }
        let likedIds: ReadonlySet<string> = new Set()
        if (userId && posts.length > 0) {
          try {
            likedIds = await deps.likes.likedPostIds(
              userId,
              posts.map((post) => post.id)
            )
          } catch (error) {
            console.error('Error fetching likes', error)
          }
        }
        // A newer load (new post, other user) has started meanwhile: its answer wins.
        if (token !== loadToken) return
        set({ posts, likedIds, status: 'ready' })
      },

      refresh() {
        set((state) => ({ refreshCounter: state.refreshCounter + 1 }))
      },

      async createPost(input) {
        const post = await deps.createPost(input)
        get().refresh()
        return post
      },

      async toggleLike(postId) {
        const userId = deps.getUserId()
        // Spec §4: clicks are ignored when signed out or while this post's toggle is in flight.
        if (!userId || get().likingIds.has(postId)) return
        const wasLiked = get().likedIds.has(postId)
        set((state) => ({
          ...applyLike(state, postId, !wasLiked),
          likingIds: markLiking(state.likingIds, postId, true)
        }))
        try {
          if (wasLiked) await deps.likes.unlike(userId, postId)
          else await deps.likes.like(userId, postId)
          try {
            const count = await deps.likes.readLikesCount(postId)
            set((state) => ({ posts: reconcileLikeCount(state.posts, postId, count) }))
          } catch (error) {
            // The like itself succeeded; the optimistic ±1 stands.
            console.error('Error reading likes count', error)
          }
        } catch (error) {
          // Spec §8: like errors are only logged. Undo the optimistic change.
          console.error('Error toggling like', error)
          set((state) => applyLike(state, postId, wasLiked))
        } finally {
          set((state) => ({ likingIds: markLiking(state.likingIds, postId, false) }))
        }
      }
    }
  })
}

export const selectPosts = (state: FeedState): Post[] => state.posts
export const selectFeedStatus = (state: FeedState): FeedStatus => state.status
export const selectRefreshCounter = (state: FeedState): number => state.refreshCounter
