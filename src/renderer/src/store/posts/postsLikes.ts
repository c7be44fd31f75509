// The signed-in user's likes: learning them for the posts a list reads, and the one like
// operation (optimistic, queued offline, reconciled with the server's count, undone if refused).

import { sendOrQueue } from '../../offline/outbox/outboxStore'
import { sendLatest } from '../sendLatest'
import {
  applyLike,
  withCountsSettled,
  withLikeCount,
  withLikedStates,
  withMember
} from './postEntities'
import { convergeCounts } from './postsCounts'
import type { PostsContext, PostsState } from './postsTypes'

export function likeActions(
  ctx: PostsContext
): Pick<PostsState, 'learnLikes' | 'setLiked' | 'toggleLike' | 'forgetLikes'> {
  const { deps, get, set } = ctx
  return {
    async learnLikes(posts) {
      const userId = deps.getUserId()
      if (!userId || posts.length === 0) return
      const ids = posts.map((post) => post.id)
      const mark = get().readMark()
      try {
        const likedIds = await deps.likes.likedPostIds(userId, ids)
        if (deps.getUserId() === userId) set((state) => withLikedStates(state, ids, likedIds, mark))
      } catch (error) {
        console.error('Error fetching likes', error)
      }
    },

    setLiked: (postIds, likedIds, mark) =>
      set((state) => withLikedStates(state, postIds, likedIds, mark)),

    async toggleLike(postId) {
      const userId = deps.getUserId()
      const shown = get().liked[postId]
      if (!userId || shown === undefined) return
      // Optimistic: every tap shows at once; the send in flight sends the latest when it ends.
      set((state) => applyLike(state, postId, !shown))
      if (get().likingIds.has(postId)) return
      set((state) => ({ likingIds: withMember(state.likingIds, postId, true) }))
      const outcome = await sendLatest({
        confirmed: shown,
        shown: () => (deps.getUserId() === userId ? get().liked[postId] : undefined),
        send: (liked) =>
          sendOrQueue(deps.queue, { kind: 'like', postId, liked }, () =>
            deps.likes.setLike(postId, liked)
          )
      })
      set((state) => ({
        likingIds: withMember(state.likingIds, postId, false),
        ...withCountsSettled(state, postId, ['likes_count'])
      }))
      if (deps.getUserId() !== userId) return
      if (outcome.error !== undefined) {
        // Like errors are only logged (docs/product.md). Undo the optimistic change.
        console.error('Error toggling like', outcome.error)
        set((state) => applyLike(state, postId, outcome.confirmed))
      } else if (outcome.result?.status === 'sent') {
        // The server's counter also counts other people's likes made meanwhile.
        const { likes_count } = outcome.result.result
        set((state) => withLikeCount(state, postId, likes_count))
      }
      // A live like count heard meanwhile (someone else's like too) was not taken.
      await convergeCounts(ctx, postId, 'likes_count')
    },

    forgetLikes: () => set({ liked: {} })
  }
}
