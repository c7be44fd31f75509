// The signed-in user's likes: learning them for the posts a list reads, and the one like
// operation (optimistic, queued offline, reconciled with the server's count, undone if refused).

import { sendOrQueue } from '../../offline/outbox/outboxStore'
import { applyLike, withLikeCount, withLikedStates, withMember } from './postEntities'
import type { PostsContext, PostsState } from './postsTypes'

export function likeActions({
  deps,
  get,
  set
}: PostsContext): Pick<PostsState, 'learnLikes' | 'setLiked' | 'toggleLike' | 'forgetLikes'> {
  return {
    async learnLikes(posts) {
      const userId = deps.getUserId()
      if (!userId || posts.length === 0) return
      const ids = posts.map((post) => post.id)
      try {
        const likedIds = await deps.likes.likedPostIds(userId, ids)
        if (deps.getUserId() === userId) set((state) => withLikedStates(state, ids, likedIds))
      } catch (error) {
        console.error('Error fetching likes', error)
      }
    },

    setLiked: (postIds, likedIds) => set((state) => withLikedStates(state, postIds, likedIds)),

    async toggleLike(postId) {
      const userId = deps.getUserId()
      const wasLiked = get().liked[postId]
      if (!userId || wasLiked === undefined || get().likingIds.has(postId)) return
      set((state) => ({ likingIds: withMember(state.likingIds, postId, true) }))
      try {
        const outcome = await sendOrQueue(
          deps.queue,
          { kind: 'like', postId, liked: !wasLiked },
          () => deps.likes.setLike(postId, !wasLiked),
          () => set((state) => applyLike(state, postId, !wasLiked))
        )
        // The server's counter also counts other people's likes made meanwhile.
        if (outcome.status === 'sent') {
          set((state) => withLikeCount(state, postId, outcome.result.likes_count))
        }
      } catch (error) {
        // Like errors are only logged (docs/product.md). Undo the optimistic change.
        console.error('Error toggling like', error)
        set((state) => applyLike(state, postId, wasLiked))
      } finally {
        set((state) => ({ likingIds: withMember(state.likingIds, postId, false) }))
      }
    },

    forgetLikes: () => set({ liked: {} })
  }
}
