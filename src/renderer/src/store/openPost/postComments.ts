// The open post's comments: read a page at a time in either order, written (queued offline,
// shown as a preview meanwhile), replied to and deleted, each write moving the post's comment
// count once in the posts store.

import type { Comment } from '@shared/domain'
import { messageOr } from '@shared/errors'
import { errorText, phrase } from '../../i18n/phrase'
import { MESSAGES } from '@shared/messages'
import { checkCommentBody, newRowId } from '../../services/rules'
import type { PageCursor } from '../../services/types'
import { sendOrQueue } from '../../offline/outbox/outboxStore'
import { previewComment } from '../../offline/outbox/previews'
import { hasComment, withoutComment, withReply } from './threads'
import { learnCommentLikes } from './commentLikes'
import type { PostContext, PostState } from './openPostTypes'

/** Reads a page of the open post's comments (the first when `after` is null). */
export async function loadComments(
  ctx: PostContext,
  postId: string,
  after: PageCursor | null
): Promise<void> {
  ctx.set({ commentsStatus: 'loading' })
  try {
    const page = await ctx.deps.comments.page(postId, { order: ctx.get().commentsOrder, after })
    if (!ctx.isOpen(postId)) return
    ctx.set((state) => ({
      comments: after ? [...state.comments, ...page.items] : page.items,
      commentsNext: page.next,
      commentsStatus: 'ready'
    }))
    await learnCommentLikes(ctx, postId, page.items)
  } catch (error) {
    if (ctx.isOpen(postId)) ctx.set({ commentsStatus: 'error', actionError: messageOr(error, '') })
  }
}

/** Runs a comment write, moving the post's comment count once by the `delta` it reports. */
async function changingComments<T>(
  ctx: PostContext,
  postId: string,
  write: () => Promise<{ delta: number; value: T }>
): Promise<T> {
  const settle = ctx.deps.posts.getState().beginCommentChange(postId)
  let delta = 0
  try {
    const written = await write()
    delta = written.delta
    return written.value
  } finally {
    settle(delta)
    const post = ctx.deps.posts.getState().byId[postId]
    if (delta !== 0 && post) ctx.deps.onPostChanged(post)
  }
}

export function commentReadingActions(
  ctx: PostContext
): Pick<
  PostState,
  'setCommentsOrder' | 'loadMoreComments' | 'setReplyTo' | 'toggleReplies' | 'setDraft'
> {
  return {
    async setCommentsOrder(order) {
      const { openId } = ctx.get()
      ctx.set({ commentsOrder: order })
      if (openId) await loadComments(ctx, openId, null)
    },

    async loadMoreComments() {
      const { openId, commentsNext, commentsStatus } = ctx.get()
      if (openId && commentsNext && commentsStatus !== 'loading') {
        await loadComments(ctx, openId, commentsNext)
      }
    },

    setReplyTo(comment) {
      if (!comment) return ctx.set({ replyTo: null })
      // Answering oneself names nobody.
      if (comment.user_id === ctx.deps.getUserId()) return ctx.set({ replyTo: comment })
      const mention = `@${comment.profiles?.username ?? ''} `
      ctx.set((state) => ({
        replyTo: comment,
        draft: state.draft.startsWith(mention) ? state.draft : mention + state.draft
      }))
    },

    toggleReplies: (threadId) =>
      ctx.set((state) => {
        const shown = new Set(state.shownReplies)
        if (!shown.delete(threadId)) shown.add(threadId)
        return { shownReplies: shown }
      }),

    setDraft: (draft) => ctx.set({ draft })
  }
}

/**
 * Sends (or, offline, queues) one comment on `postId`, moving its comment count once; resolves
 * with the comment as it is shown (a preview while queued). Throws what the check or the database
 * refused (empty, too long, commenting turned off, a block).
 */
async function writeComment(
  ctx: PostContext,
  postId: string,
  body: string,
  parentId: string | null
): Promise<Comment> {
  const userId = ctx.deps.getUserId()
  if (!userId) throw new Error(MESSAGES.signInRequired)
  // The id is chosen here, so a resend after a lost answer finds this comment.
  const action = {
    kind: 'comment' as const,
    id: newRowId(),
    postId,
    body: checkCommentBody(body),
    parentId
  }
  return changingComments(ctx, postId, async () => {
    const outcome = await sendOrQueue(ctx.deps.queue, action, () =>
      ctx.deps.comments.add({ ...action, userId })
    )
    const shown =
      outcome.status === 'sent'
        ? outcome.result
        : previewComment(action, userId, ctx.deps.getAuthor?.() ?? null, Date.now())
    return { delta: 1, value: shown }
  })
}

/** Writing: a comment or reply sent (or queued) from the post view or a card, a comment deleted. */
export function commentWritingActions(
  ctx: PostContext
): Pick<PostState, 'sendComment' | 'commentOn' | 'deleteComment'> {
  return {
    async sendComment() {
      const { openId, replyTo, draft: body } = ctx.get()
      if (!openId || !ctx.deps.getUserId() || ctx.get().sending) return false
      ctx.set({ sending: true, actionError: null })
      // One level, as the network's: a reply to a reply goes under the same comment.
      const threadId = replyTo ? (replyTo.parent_id ?? replyTo.id) : null
      try {
        const comment = await writeComment(ctx, openId, body, threadId)
        if (ctx.isOpen(openId)) {
          ctx.set((state) => ({
            comments: hasComment(state.comments, comment.id)
              ? state.comments
              : withReply(state.comments, comment, state.commentsOrder),
            // The reply just written shows, its thread open.
            shownReplies: threadId ? new Set(state.shownReplies).add(threadId) : state.shownReplies,
            replyTo: null,
            draft: ''
          }))
        }
        return true
      } catch (error) {
        ctx.set({ actionError: errorText(error, phrase('errors.unknown')) })
        return false
      } finally {
        ctx.set({ sending: false })
      }
    },

    async commentOn(postId, body) {
      try {
        const comment = await writeComment(ctx, postId, body, null)
        ctx.deps.onCommentAdded?.(comment)
        // The same post open in the post view shows it too.
        if (ctx.isOpen(postId)) {
          ctx.set((state) =>
            hasComment(state.comments, comment.id)
              ? {}
              : { comments: withReply(state.comments, comment, state.commentsOrder) }
          )
        }
        return null
      } catch (error) {
        return errorText(error, phrase('errors.unknown'))
      }
    },

    async deleteComment(comment) {
      ctx.set({ actionError: null })
      // Counted when asked (the comment and the replies shown with it, at least the one): the
      // live channel may take them off the list before the answer lands, and the count must
      // still move by them, since it ignores the post's live counts until then.
      const removed = Math.max(withoutComment(ctx.get().comments, comment.id).removed, 1)
      try {
        await changingComments(ctx, comment.post_id, async () => {
          await ctx.deps.comments.remove(comment.id)
          ctx.set((state) => ({ comments: withoutComment(state.comments, comment.id).comments }))
          return { delta: -removed, value: undefined }
        })
      } catch (error) {
        ctx.set({ actionError: errorText(error, phrase('errors.unknown')) })
      }
    }
  }
}
