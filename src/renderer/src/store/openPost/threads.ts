// Pure changes to a loaded list of comment threads, so the post view follows a write without
// re-reading the comments.

import type { Comment, CommentThread } from '@shared/domain'
import type { PageOrder } from '../../services/types'

/** The list with `comment` added: a reply at the end of its thread, a comment where it sorts. */
export function withReply(
  threads: CommentThread[],
  comment: Comment,
  order: PageOrder
): CommentThread[] {
  if (comment.parent_id) {
    return threads.map((thread) =>
      thread.id === comment.parent_id
        ? { ...thread, replies: [...thread.replies, comment] }
        : thread
    )
  }
  const thread: CommentThread = { ...comment, replies: [] }
  return order === 'newest' ? [thread, ...threads] : [...threads, thread]
}

/** The list without a comment (a thread takes its replies along) and how many comments left. */
export function withoutComment(
  threads: CommentThread[],
  commentId: string
): { comments: CommentThread[]; removed: number } {
  const thread = threads.find((item) => item.id === commentId)
  if (thread) {
    return {
      comments: threads.filter((item) => item.id !== commentId),
      removed: 1 + thread.replies.length
    }
  }
  let removed = 0
  const comments = threads.map((item) => {
    const replies = item.replies.filter((reply) => reply.id !== commentId)
    removed += item.replies.length - replies.length
    return replies.length !== item.replies.length ? { ...item, replies } : item
  })
  return { comments, removed }
}

/** Whether the comment (or reply) is in the list already, e.g. put back from the outbox. */
export function hasComment(threads: CommentThread[], commentId: string): boolean {
  return threads.some(
    (thread) => thread.id === commentId || thread.replies.some((reply) => reply.id === commentId)
  )
}

/** Every comment id in the list, replies included (to learn which the user likes). */
export function commentIdsOf(threads: CommentThread[]): string[] {
  return threads.flatMap((thread) => [thread.id, ...thread.replies.map((reply) => reply.id)])
}

/** The list with one comment's like count set (a reply's too); unchanged threads are kept. */
export function withCommentLikes(
  threads: CommentThread[],
  commentId: string,
  likesCount: number
): CommentThread[] {
  const counted = <C extends Comment>(comment: C): C =>
    comment.id === commentId && comment.likes_count !== likesCount
      ? { ...comment, likes_count: likesCount }
      : comment
  return threads.map((thread) => {
    const replies = thread.replies.map(counted)
    const next = counted(thread)
    const repliesChanged = replies.some((reply, index) => reply !== thread.replies[index])
    if (next === thread && !repliesChanged) return thread
    return { ...next, replies }
  })
}

/** The comment (or reply) with this id, if the list holds it. */
export function findComment(threads: CommentThread[], commentId: string): Comment | undefined {
  for (const thread of threads) {
    if (thread.id === commentId) return thread
    const reply = thread.replies.find((item) => item.id === commentId)
    if (reply) return reply
  }
  return undefined
}
