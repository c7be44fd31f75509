// A post's "More options" (⋯) sheet, as the network shows it: a column of choices over the page,
// the same from a card and from the open post. The author gets Delete, Archive, Edit (a card
// opens the post at that step; the post view takes it there) and Pin to your profile / Unpin;
// anyone else whom the signed-in user follows
// gets Unfollow; a signed-in person gets Save to collection (the save sheet); everyone gets Copy
// link and About this account, and a card Go to post; someone
// else's post also offers Report, Block and Mute (SafetyActions). ↑/↓ move between the choices;
// Cancel, Escape or a click outside closes it, and focus goes back to the ⋯ button.

import { useState, type KeyboardEvent, type ReactElement } from 'react'
import type { Post } from '@shared/domain'
import { usePeople, useSession, useStores } from '../../store'
import { selectUserId } from '../../store/session/sessionStore'
import { profileRoute } from '../../store/router/routes'
import { moveMenuFocus } from '../../hooks/menuKeys'
import { Modal } from '../Modal/Modal'
import { SafetyActions, type SafetyStep } from '../SafetyActions/SafetyActions'
import { useT } from '../../i18n'
import styles from './PostOptions.module.scss'

/**
 * The sheet is the card's, not a store-level dialog, so the window's shortcuts (l likes, j moves
 * on) would still hear its keys; only Escape and Tab go on to the dialog around it.
 */
function onSheetKeyDown(event: KeyboardEvent<HTMLElement>): void {
  moveMenuFocus(event)
  if (event.key !== 'Escape' && event.key !== 'Tab') event.stopPropagation()
}

interface Choice {
  label: string
  danger?: boolean
  run(): void
}

export interface PostOptionsProps {
  post: Pick<Post, 'id' | 'user_id' | 'profiles' | 'pin_slot'>
  /** The author's Edit and Delete: a card opens the post at that step, the post view goes there. */
  onEdit(): void
  onDelete(): void
  /** A card's Go to post (with its list for ←/→); the open post has none. */
  onGoToPost?(): void
  onClose(): void
}

export function PostOptions({
  post,
  onEdit,
  onDelete,
  onGoToPost,
  onClose
}: PostOptionsProps): ReactElement {
  const stores = useStores()
  const userId = useSession(selectUserId)
  const following = usePeople((state) => state.followedIds.has(post.user_id))
  // Known for everyone the store learned a follow state of; it moves by one on unfollow.
  const followers = usePeople((state) => state.followerCounts[post.user_id])
  const { copyLink } = stores.postActions
  const curation = stores.curation.getState()
  const pinned = post.pin_slot != null
  const [confirmingUnfollow, setConfirmingUnfollow] = useState(false)
  const [safetyStep, setSafetyStep] = useState<SafetyStep | null>(null)
  const t = useT()
  const username = post.profiles?.username ?? t('post.unknownAuthor')
  const own = userId !== null && userId === post.user_id

  // The sheet closes first, so focus is back on ⋯ before the next step takes it.
  const closeThen = (next: () => void) => (): void => {
    onClose()
    next()
  }
  const choices: Choice[] = [
    ...(own
      ? [
          { label: t('options.delete'), danger: true, run: closeThen(onDelete) },
          { label: t('options.archive'), run: closeThen(() => void curation.archive(post.id)) },
          { label: t('options.edit'), run: closeThen(onEdit) },
          {
            label: pinned ? t('options.unpin') : t('options.pin'),
            run: closeThen(() => void curation.setPinned(post.id, !pinned))
          }
        ]
      : []),
    // Report, block and mute someone else's post: the most asked-for way in.
    ...(!own && userId
      ? [
          { label: t('options.report'), danger: true, run: () => setSafetyStep('report') },
          { label: t('options.block'), danger: true, run: () => setSafetyStep('block') },
          { label: t('options.mute'), run: () => setSafetyStep('mute') }
        ]
      : []),
    ...(!own && userId && following && followers !== undefined
      ? [{ label: t('people.unfollow'), danger: true, run: () => setConfirmingUnfollow(true) }]
      : []),
    ...(userId
      ? [
          {
            label: t('collections.menuEntry'),
            run: closeThen(() => void stores.collections.getState().openSheet(post.id))
          }
        ]
      : []),
    ...(onGoToPost ? [{ label: t('options.goToPost'), run: closeThen(onGoToPost) }] : []),
    {
      label: t('post.copyLink'),
      run: () => {
        onClose()
        void copyLink(post.id)
      }
    },
    {
      label: t('options.aboutAccount'),
      run: () => {
        onClose()
        stores.router.getState().navigate(profileRoute(username))
      }
    },
    { label: t('common.cancel'), run: onClose }
  ]

  if (safetyStep) {
    return (
      <SafetyActions
        person={{ id: post.user_id, username }}
        target={{ type: 'post', id: post.id }}
        step={safetyStep}
        onClose={onClose}
      />
    )
  }

  if (confirmingUnfollow) {
    const unfollow = (): void => {
      onClose()
      void stores.people
        .getState()
        .setFollowing({ id: post.user_id, followers_count: followers ?? 0 }, false)
    }
    return (
      <Modal
        title={t('people.unfollowQuestion', { username })}
        showTitle={false}
        closeButton={false}
        onClose={onClose}
      >
        <div className={styles.sheet}>
          <p className={styles.question}>{t('people.unfollowQuestionAt', { username })}</p>
          <button type="button" className={`${styles.choice} ${styles.danger}`} onClick={unfollow}>
            {t('people.unfollow')}
          </button>
          <button type="button" className={styles.choice} onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </Modal>
    )
  }

  return (
    <Modal
      title={t('options.title', { username })}
      showTitle={false}
      closeButton={false}
      onClose={onClose}
    >
      <div
        className={styles.sheet}
        role="menu"
        aria-label={t('options.label')}
        onKeyDown={onSheetKeyDown}
      >
        {choices.map((choice) => (
          <button
            key={choice.label}
            type="button"
            role="menuitem"
            className={`${styles.choice} ${choice.danger ? styles.danger : ''}`}
            onClick={choice.run}
          >
            {choice.label}
          </button>
        ))}
      </div>
    </Modal>
  )
}
