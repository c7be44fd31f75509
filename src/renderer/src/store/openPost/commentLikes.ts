// Likes on the open post's comments: which ones the user likes (learnt with each page of
// comments), a like or unlike changed optimistically and reconciled with the server's count (or
// rolled back and said), and live counts applied to whichever comment they belong to.

import { errorText, phrase } from '../../i18n/phrase'
import type { CommentThread } from '@shared/domain'
import { commentIdsOf, findComment, withCommentLikes } from './threads'
import type { PostContext, PostState } from './openPostTypes'

const withId = (ids: ReadonlySet<string>, id: string, on: boolean): Set<string> => {
  const next = new Set(ids)
  if (on) next.add(id)
  else next.delete(id)
  return next
}

/** Learns which of these comments (and their replies) the signed-in user likes. */
export async function learnCommentLikes(
  ctx: PostContext,
  postId: string,
  threads: CommentThread[]
): Promise<void> {
  const userId = ctx.deps.getUserId()
  const ids = commentIdsOf(threads)
  if (!userId || ids.length === 0) return
  try {
    const liked = await ctx.deps.comments.likedIds(userId, ids)
    if (!ctx.isOpen(postId)) return
    ctx.set((state) => {
      const next = new Set(state.likedCommentIds)
      // A like in flight keeps its optimistic state.
      for (const id of ids) if (!state.likingCommentIds.has(id)) next.delete(id)
      for (const id of liked) if (!state.likingCommentIds.has(id)) next.add(id)
      return { likedCommentIds: next }
    })
  } catch (error) {
    console.error('Error reading comment likes', error)
  }
}

export function commentLikeActions(
  ctx: PostContext
): Pick<PostState, 'likeComment' | 'commentCounted'> {
  return {
    async likeComment(commentId, liked) {
      const state = ctx.get()
      const comment = findComment(state.comments, commentId)
      if (!comment || !ctx.deps.getUserId() || state.likingCommentIds.has(commentId)) return
      if (state.likedCommentIds.has(commentId) === liked) return
      const previous = comment.likes_count
      const postId = comment.post_id
      ctx.set((current) => ({
        likedCommentIds: withId(current.likedCommentIds, commentId, liked),
        likingCommentIds: withId(current.likingCommentIds, commentId, true),
        comments: withCommentLikes(
          current.comments,
          commentId,
          Math.max(0, previous + (liked ? 1 : -1))
        ),
        actionError: null
      }))
      try {
        const answer = await ctx.deps.comments.setLike(commentId, liked)
        if (ctx.isOpen(postId))
          ctx.set((current) => ({
            comments: withCommentLikes(current.comments, commentId, answer.likes_count)
          }))
      } catch (error) {
        if (ctx.isOpen(postId))
          ctx.set((current) => ({
            likedCommentIds: withId(current.likedCommentIds, commentId, !liked),
            comments: withCommentLikes(current.comments, commentId, previous),
            actionError: errorText(error, phrase('postView.likeCommentFailed'))
          }))
      } finally {
        ctx.set((current) => ({
          likingCommentIds: withId(current.likingCommentIds, commentId, false)
        }))
      }
    },

    commentCounted(commentId, likesCount) {
      // A like of one's own in flight is reconciled by its own answer.
      if (ctx.get().likingCommentIds.has(commentId)) return
      ctx.set((state) => ({ comments: withCommentLikes(state.comments, commentId, likesCount) }))
    }
  }
}
