// The two latest comments under a card (oldest of the two first). "Reply" on one opens the post
// with the reply to it started, so it nests under its comment there as every reply does.

import type { ReactElement } from 'react'
import type { Comment } from '@shared/domain'
import { RichText } from '../RichText/RichText'
import { MutableText } from '../ContentControls/MutableText'
import { useT } from '../../i18n'
import styles from './PostCard.module.scss'

export function CardLatestComments({
  latest,
  onReply
}: {
  /** Newest first, as the comment previews store holds them. */
  latest: readonly Comment[]
  /** Absent for a visitor, who cannot reply. */
  onReply?(comment: Comment): void
}): ReactElement {
  const t = useT()
  return (
    <ul className={styles.latest} aria-label={t('post.latestComments')}>
      {[...latest].reverse().map((comment) => {
        const username = comment.profiles?.username ?? 'unknown'
        return (
          <li key={comment.id} className={styles.caption}>
            <span className={styles.username}>{username}</span>{' '}
            <MutableText text={comment.body} authorId={comment.user_id} what="Comment">
              <RichText text={comment.body} />
            </MutableText>
            {onReply && (
              <>
                {' '}
                <button
                  type="button"
                  className={styles.replyLink}
                  aria-label={t('post.replyTo', { username })}
                  onClick={() => onReply(comment)}
                >
                  {t('post.reply')}
                </button>
              </>
            )}
          </li>
        )
      })}
    </ul>
  )
}
