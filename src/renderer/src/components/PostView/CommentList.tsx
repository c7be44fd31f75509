// The comments of the open post: threads with their replies (behind "View replies (n)", as the
// network's), newest or oldest first, paged.
// Reply on any comment; delete on your own, and on every comment of your own post; report, block
// or mute the author of someone else's (More). A small heart likes a comment ("N likes" under
// it); a visitor's heart asks them to log in. On your own post, comments your hidden words caught
// are listed apart under "Hidden comments".

import { useEffect, useState, type ReactElement } from 'react'
import { Heart } from 'lucide-react'
import type { Comment, CommentThread } from '@shared/domain'
import { formatLikeCount, relativeAge } from '@shared/format'
import { useOpenPost, usePost, useSession, useStores } from '../../store'
import { selectUserId } from '../../store/session/sessionStore'
import { AuthorAvatar } from '../Avatar/Avatar'
import { RichText } from '../RichText/RichText'
import { PendingClock, useIsQueued } from '../PendingMarker/PendingMarker'
import { MutableText } from '../ContentControls/MutableText'
import { SafetyActions } from '../SafetyActions/SafetyActions'
import { CommentSort } from './CommentSort'
import { useLocale, useT } from '../../i18n'
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
  const t = useT()
  const locale = useLocale()
  const username = comment.profiles?.username ?? t('post.unknownAuthor')
  const toggleLike = (): void => {
    if (signedIn) void post.getState().likeComment(comment.id, !liked)
    else ui.getState().openAuth('signin')
  }
  const [safetyOpen, setSafetyOpen] = useState(false)
  return (
    <article className={styles.comment} aria-label={t('postView.commentBy', { username })}>
      <AuthorAvatar of={comment} username={username} />
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
            <time dateTime={comment.created_at}>
              {relativeAge(new Date(comment.created_at), undefined, locale)}
            </time>
          )}
          {comment.likes_count > 0 && (
            <span className={styles.commentLikes}>
              {t('post.likes', {
                count: comment.likes_count,
                n: formatLikeCount(comment.likes_count, locale)
              })}
            </span>
          )}
          {canReply && (
            <button
              type="button"
              className={styles.linkButton}
              aria-label={t('post.replyTo', { username })}
              onClick={() => post.getState().setReplyTo(comment)}
            >
              {t('post.reply')}
            </button>
          )}
          {canDelete && (
            <button
              type="button"
              className={styles.linkButton}
              aria-label={t('postView.deleteCommentBy', { username })}
              onClick={() => void post.getState().deleteComment(comment)}
            >
              {t('postView.delete')}
            </button>
          )}
          {userId && comment.user_id !== userId && (
            <button
              type="button"
              className={styles.linkButton}
              aria-label={t('postView.reportOrBlock', { username })}
              onClick={() => setSafetyOpen(true)}
            >
              {t('postView.more')}
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
          aria-label={
            liked
              ? t('postView.unlikeCommentBy', { username })
              : t('postView.likeCommentBy', { username })
          }
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
  const t = useT()
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
          {shownReplies.has(thread.id)
            ? t('postView.hideReplies')
            : t('postView.viewReplies', { count: thread.replies.length })}
        </button>
      )}
      {thread.replies.length > 0 && shownReplies.has(thread.id) && (
        <ul
          className={styles.replies}
          aria-label={t('postView.repliesTo', {
            username: thread.profiles?.username ?? t('postView.aComment')
          })}
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
    <section className={styles.comments} aria-label={t('postView.comments')}>
      <CommentSort order={order} onChange={(next) => void post.getState().setCommentsOrder(next)} />
      {status === 'ready' && comments.length === 0 && (
        <p className={styles.muted}>{t('postView.noComments')}</p>
      )}
      <ul className={styles.threads}>{shown.map(renderThread)}</ul>
      {hidden.length > 0 && (
        <details className={styles.hiddenComments}>
          <summary>{t('postView.hiddenComments', { count: hidden.length })}</summary>
          <p className={styles.muted}>{t('postView.hiddenCommentsText')}</p>
          <ul className={styles.threads}>{hidden.map(renderThread)}</ul>
        </details>
      )}
      {status === 'loading' && (
        <p className={styles.muted} role="status">
          {t('postView.loadingComments')}
        </p>
      )}
      {hasMore && status !== 'loading' && (
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => void post.getState().loadMoreComments()}
        >
          {t('postView.loadMoreComments')}
        </button>
      )}
    </section>
  )
}
