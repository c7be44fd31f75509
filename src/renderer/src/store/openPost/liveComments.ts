// The open post as others change it: comments and replies written anywhere (another person, or
// the user on another device) appear, deleted ones leave, like counts follow, and a post its
// author deleted says so instead of vanishing from under the reader.

import { MESSAGES } from '@shared/messages'
import type { CommentRow } from '../../services/types'
import { hasComment, withoutComment, withReply } from './threads'
import type { PostContext, PostState } from './openPostTypes'

/** Reads a new comment back with its author and puts it where it belongs in the loaded list. */
async function commentAdded(ctx: PostContext, row: CommentRow): Promise<void> {
  const postId = row.post_id
  if (hasComment(ctx.get().comments, row.id)) return
  // Oldest first with pages still unread: a new top-level comment comes with the last page.
  if (!row.parent_id && ctx.get().commentsOrder === 'oldest' && ctx.get().commentsNext) return
  try {
    const comment = await ctx.deps.comments.byId(row.id)
    if (!comment || !ctx.isOpen(postId)) return
    ctx.set((state) =>
      hasComment(state.comments, comment.id)
        ? {}
        : { comments: withReply(state.comments, comment, state.commentsOrder) }
    )
  } catch (error) {
    console.error('Error loading a new comment', error)
  }
}

export function liveCommentActions(
  ctx: PostContext
): Pick<PostState, 'followComments' | 'postRemoved'> {
  return {
    followComments(postId) {
      return ctx.deps.postComments(postId, {
        onAdded: (row) => {
          if (ctx.isOpen(postId)) void commentAdded(ctx, row)
        },
        onRemoved: (commentId) => {
          if (!ctx.isOpen(postId) || !hasComment(ctx.get().comments, commentId)) return
          ctx.set((state) => ({ comments: withoutComment(state.comments, commentId).comments }))
        },
        onCount: (commentId, count) => {
          if (ctx.isOpen(postId)) ctx.get().commentCounted(commentId, count)
        },
        // After a gap comments and counts may be stale: re-read what is loaded.
        onResync: () => {
          if (ctx.isOpen(postId)) void ctx.get().setCommentsOrder(ctx.get().commentsOrder)
        }
      })
    },

    postRemoved(postId) {
      if (!ctx.isOpen(postId)) return
      ctx.set({
        status: 'error',
        error: MESSAGES.postNotFound,
        comments: [],
        commentsStatus: 'idle'
      })
    }
  }
}
