// The comments of the open post: threads with their replies (behind "View replies (n)", as the
// network's), newest or oldest first, paged.
// Reply on any comment; delete on your own, and on every comment of your own post; report, block
// or mute the author of someone else's (More). A small heart likes a comment ("N likes" under
// it); a visitor's heart asks them to log in. On your own post, comments your hidden words caught
// are listed apart under "Hidden comments".

import { useEffect, useState, type ReactElement } from 'react'
import { Heart } from 'lucide-react'
import type { Comment, CommentThread } from '@shared/domain'
import { formatLikesLabel, relativeAge } from '@shared/format'
import { useOpenPost, usePost, useSession, useStores } from '../../store'
import { selectUserId } from '../../store/session/sessionStore'
import { Avatar } from '../Avatar/Avatar'
import { RichText } from '../RichText/RichText'
import { PendingClock, useIsQueued } from '../PendingMarker/PendingMarker'
import { MutableText } from '../ContentControls/MutableText'
import { SafetyActions } from '../SafetyActions/SafetyActions'
import { CommentSort } from './CommentSort'
import styles from './PostView.module.scss'

function CommentItem({
  comment,
  canDelete,
  canReply
}: {
  comment: Comment
  canDelete: boolean
  canReply: boolean
}): ReactElement {
  const { post, ui } = useStores()
  const userId = useSession(selectUserId)
  const queued = useIsQueued('comment', comment.id)
  const signedIn = useSession(selectUserId) !== null
  const liked = usePost((state) => state.likedCommentIds.has(comment.id))
  const liking = usePost((state) => state.likingCommentIds.has(comment.id))
  const username = comment.profiles?.username ?? 'unknown'
  const toggleLike = (): void => {
    if (signedIn) void post.getState().likeComment(comment.id, !liked)
    else ui.getState().openAuth('signin')
  }
  const [safetyOpen, setSafetyOpen] = useState(false)
  return (
    <article className={styles.comment} aria-label={`Comment by ${username}`}>
      <Avatar
        src={comment.profiles?.avatar_url}
        name={username}
        personId={comment.user_id}
        size={32}
        decorative
      />
      <div className={styles.commentBody}>
        <p className={styles.commentText}>
          <span className={styles.username}>{username}</span>{' '}
          <MutableText text={comment.body} authorId={comment.user_id} what="Comment">
            <RichText text={comment.body} />
          </MutableText>
        </p>
        <p className={styles.commentMeta}>
          {queued ? (
            <PendingClock />
          ) : (
            <time dateTime={comment.created_at}>{relativeAge(new Date(comment.created_at))}</time>
          )}
          {comment.likes_count > 0 && (
            <span className={styles.commentLikes}>{formatLikesLabel(comment.likes_count)}</span>
          )}
          {canReply && (
            <button
              type="button"
              className={styles.linkButton}
              aria-label={`Reply to ${username}`}
              onClick={() => post.getState().setReplyTo(comment)}
            >
              Reply
            </button>
          )}
          {canDelete && (
            <button
              type="button"
              className={styles.linkButton}
              aria-label={`Delete comment by ${username}`}
              onClick={() => void post.getState().deleteComment(comment)}
            >
              Delete
            </button>
          )}
          {userId && comment.user_id !== userId && (
            <button
              type="button"
              className={styles.linkButton}
              aria-label={`Report or block ${username}`}
              onClick={() => setSafetyOpen(true)}
            >
              More
            </button>
          )}
        </p>
        {safetyOpen && (
          <SafetyActions
            person={{ id: comment.user_id, username }}
            target={{ type: 'comment', id: comment.id }}
            onClose={() => setSafetyOpen(false)}
          />
        )}
      </div>
      {!queued && (
        <button
          type="button"
          className={`${styles.commentHeart} ${liked ? styles['commentHeart--liked'] : ''}`}
          aria-label={`${liked ? 'Unlike' : 'Like'} comment by ${username}`}
          aria-pressed={liked}
          aria-busy={liking || undefined}
          onClick={toggleLike}
        >
          <Heart size={12} aria-hidden fill={liked ? 'currentColor' : 'none'} />
        </button>
      )}
    </article>
  )
}

export function CommentList(): ReactElement {
  const { post } = useStores()
  const userId = useSession(selectUserId)
  const postAuthor = useOpenPost()?.user_id
  const comments = usePost((state) => state.comments)
  const order = usePost((state) => state.commentsOrder)
  const hasMore = usePost((state) => state.commentsNext !== null)
  const status = usePost((state) => state.commentsStatus)
  const openId = usePost((state) => state.openId)
  useEffect(() => (openId ? post.getState().followComments(openId) : undefined), [post, openId])
  const canDelete = (comment: Comment): boolean =>
    Boolean(userId) && (comment.user_id === userId || postAuthor === userId)
  // On one's own post, comments hidden by one's words wait apart, under "Hidden comments".
  const ownPost = Boolean(userId) && postAuthor === userId
  const shown = ownPost ? comments.filter((thread) => !thread.hidden) : comments
  const hidden = ownPost ? comments.filter((thread) => thread.hidden) : []

  const shownReplies = usePost((state) => state.shownReplies)

  const renderThread = (thread: CommentThread): ReactElement => (
    <li key={thread.id}>
      <CommentItem comment={thread} canDelete={canDelete(thread)} canReply={Boolean(userId)} />
      {thread.replies.length > 0 && (
        <button
          type="button"
          className={styles.viewReplies}
          aria-expanded={shownReplies.has(thread.id)}
          onClick={() => post.getState().toggleReplies(thread.id)}
        >
          {shownReplies.has(thread.id) ? 'Hide replies' : `View replies (${thread.replies.length})`}
        </button>
      )}
      {thread.replies.length > 0 && shownReplies.has(thread.id) && (
        <ul
          className={styles.replies}
          aria-label={`Replies to ${thread.profiles?.username ?? 'comment'}`}
        >
          {thread.replies.map((reply) => (
            <li key={reply.id}>
              <CommentItem
                comment={reply}
                canDelete={canDelete(reply)}
                canReply={Boolean(userId)}
              />
            </li>
          ))}
        </ul>
      )}
    </li>
  )

  return (
    <section className={styles.comments} aria-label="Comments">
      <CommentSort order={order} onChange={(next) => void post.getState().setCommentsOrder(next)} />
      {status === 'ready' && comments.length === 0 && (
        <p className={styles.muted}>No comments yet.</p>
      )}
      <ul className={styles.threads}>{shown.map(renderThread)}</ul>
      {hidden.length > 0 && (
        <details className={styles.hiddenComments}>
          <summary>Hidden comments ({hidden.length})</summary>
          <p className={styles.muted}>
            These contain your hidden words: only you and their writers see them.
          </p>
          <ul className={styles.threads}>{hidden.map(renderThread)}</ul>
        </details>
      )}
      {status === 'loading' && (
        <p className={styles.muted} role="status">
          Loading comments…
        </p>
      )}
      {hasMore && status !== 'loading' && (
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => void post.getState().loadMoreComments()}
        >
          Load more comments
        </button>
      )}
    </section>
  )
}
