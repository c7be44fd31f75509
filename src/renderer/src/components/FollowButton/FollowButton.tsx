// Follow / Follow back / Following for one person ("Follow back" when they follow the user).
// Following is optimistic (the people store rolls back on failure); unfollowing asks first, as
// the network does, naming the person once. A visitor is asked to log in, and the signed-in
// user gets no button for themselves.

import { useState, type ReactElement } from 'react'
import type { PersonSummary } from '@shared/domain'
import { usePeople, useSession, useStores } from '../../store'
import { selectUserId } from '../../store/session/sessionStore'
import { PersonAvatar } from '../Avatar/Avatar'
import { Modal } from '../Modal/Modal'
import { useT } from '../../i18n'
import styles from './FollowButton.module.scss'

export interface FollowButtonProps {
  person: Pick<PersonSummary, 'id' | 'username' | 'avatar_url' | 'followers_count'>
  /** A text-style button (side panel) instead of a filled one. */
  variant?: 'button' | 'link'
}

export function FollowButton({
  person,
  variant = 'button'
}: FollowButtonProps): ReactElement | null {
  const { people, ui } = useStores()
  const userId = useSession(selectUserId)
  const following = usePeople((state) => state.followedIds.has(person.id))
  const pending = usePeople((state) => state.pendingIds.has(person.id))
  const followsYou = usePeople((state) => state.followerIds.has(person.id))
  const requested = usePeople((state) => state.requestedIds.has(person.id))
  const [confirming, setConfirming] = useState(false)
  const t = useT()
  if (userId === person.id) return null

  const onClick = (): void => {
    if (!userId) ui.getState().openAuth('signin')
    else if (requested) void people.getState().withdrawRequest(person.id)
    else if (following) setConfirming(true)
    else void people.getState().setFollowing(person, true)
  }
  const unfollow = (): void => {
    setConfirming(false)
    void people.getState().setFollowing(person, false)
  }
  const label = following
    ? t('people.following')
    : requested
      ? t('people.requested')
      : followsYou
        ? t('people.followBack')
        : t('people.follow')
  // Following (and Requested) is the grey button alone: the blue one's hover would darken it
  // under dark text.
  const className =
    variant === 'link'
      ? styles.link
      : following || requested
        ? styles['button--following']
        : styles.button

  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={t('people.buttonFor', { label, username: person.username })}
        aria-pressed={following || requested}
        aria-busy={pending || undefined}
        onClick={onClick}
      >
        {label}
      </button>
      {confirming && (
        <Modal
          title={t('people.unfollowQuestion', { username: person.username })}
          showTitle={false}
          onClose={() => setConfirming(false)}
        >
          <div className={styles.confirm}>
            <PersonAvatar person={person} size={90} />
            <p>{t('people.unfollowQuestionAt', { username: person.username })}</p>
            <button type="button" className={styles.danger} onClick={unfollow}>
              {t('people.unfollow')}
            </button>
            <button type="button" className={styles.cancel} onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </button>
          </div>
        </Modal>
      )}
    </>
  )
}
