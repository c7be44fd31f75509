// One message in a thread: text, a photo, a shared post (with its note), a story reply quoting
// the story ("Story unavailable" once it expired) or a story reaction; its hearts, a heart
// button, Unsend on one's own, and the pending mark while it waits to be sent. One's own
// bubbles are blue on the right; the others' sit beside their sender's avatar, shown once, at
// the last message of each run of theirs, as the network does.

import { memo, type ReactElement } from 'react'
import { Heart } from 'lucide-react'
import type { DirectMessage as Message, DirectPerson } from '../../services/types'
import { useStores } from '../../store'
import { Avatar } from '../Avatar/Avatar'
import { useT } from '../../i18n'
import styles from './DirectMessage.module.scss'

export interface DirectMessageProps {
  message: Message
  own: boolean
  readerId: string | null
  /** "Seen" (or "Seen by …") under this message, when it is the last one the others read. */
  seen: string | null
  /** Measures the row while it is mounted (the thread's windowed history). */
  itemRef?: (element: HTMLLIElement | null) => void
  /** The sender beside someone else's message, at the last of their run; null leaves a gap. */
  sender?: DirectPerson | null
}

function Quoted({ message }: { message: Message }): ReactElement | null {
  const { post } = useStores()
  const t = useT()
  if (message.kind === 'post') {
    if (!message.post) return <p className={styles.unavailable}>{t('direct.postUnavailable')}</p>
    return (
      <button
        type="button"
        className={styles.post}
        aria-label={t('direct.openPostBy', {
          username: message.post.profiles?.username ?? t('direct.someoneLower')
        })}
        onClick={() => void post.getState().openPost(message.post!.id, [])}
      >
        <img src={message.post.thumb_url ?? message.post.image_url} alt="" loading="lazy" />
        <span className={styles.postAuthor}>{message.post.profiles?.username}</span>
      </button>
    )
  }
  if (message.kind === 'story_reply' || message.kind === 'story_reaction') {
    if (!message.story) return <p className={styles.unavailable}>{t('direct.storyUnavailable')}</p>
    return (
      <img
        className={styles.story}
        src={message.story.thumb_url ?? message.story.image_url}
        alt={t('direct.storyRepliedTo')}
        loading="lazy"
      />
    )
  }
  return null
}

function DirectMessageView({
  message,
  own,
  readerId,
  seen,
  itemRef,
  sender = null
}: DirectMessageProps): ReactElement {
  const { direct } = useStores()
  const t = useT()
  const hearted = readerId !== null && message.hearts.includes(readerId)
  const label =
    message.kind === 'story_reaction'
      ? t('direct.preview.storyReaction', { body: message.body ?? '' })
      : message.kind === 'story_reply'
        ? t('direct.repliedToStory')
        : null
  return (
    <li
      className={`${styles.row} ${own ? styles.own : styles.theirs}`}
      data-message-id={message.id}
      data-key={message.id}
      ref={itemRef}
    >
      {label && <p className={styles.label}>{label}</p>}
      <div className={styles.bubbleLine}>
        {!own && (
          <span className={styles.sender} data-testid={sender ? 'message-sender' : undefined}>
            {sender && (
              <Avatar
                src={sender.avatar_url}
                name={sender.username}
                personId={sender.id}
                size={28}
                decorative
              />
            )}
          </span>
        )}
        <div
          className={`${styles.bubble} ${message.kind === 'photo' ? styles.photoBubble : ''}`}
          onDoubleClick={() => void direct.getState().toggleHeart(message.id)}
        >
          <Quoted message={message} />
          {message.kind === 'photo' && message.image_url && (
            <img
              className={styles.photo}
              src={message.image_url}
              alt={t('direct.photo')}
              width={message.width ?? undefined}
              height={message.height ?? undefined}
              loading="lazy"
            />
          )}
          {message.body && message.kind !== 'story_reaction' && (
            <p className={styles.body} dir="auto">
              {message.body}
            </p>
          )}
        </div>
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.action}
            aria-label={hearted ? t('direct.removeHeart') : t('direct.heart')}
            aria-pressed={hearted}
            disabled={message.pending}
            onClick={() => void direct.getState().toggleHeart(message.id)}
          >
            <Heart size={14} aria-hidden fill={hearted ? 'currentColor' : 'none'} />
          </button>
          {own && !message.pending && (
            <button
              type="button"
              className={styles.action}
              onClick={() => void direct.getState().unsend(message.id)}
            >
              {t('direct.unsend')}
            </button>
          )}
        </div>
      </div>
      {message.hearts.length > 0 && (
        <p
          className={styles.hearts}
          aria-label={t('direct.hearts', { count: message.hearts.length })}
        >
          ❤️{message.hearts.length > 1 ? ` ${message.hearts.length}` : ''}
        </p>
      )}
      {message.pending && (
        <p className={styles.status} role="status">
          {t('direct.sending')}
        </p>
      )}
      {seen && <p className={styles.status}>{seen}</p>}
    </li>
  )
}

export const DirectMessage = memo(DirectMessageView)
