// A post's "More options" (⋯) sheet, as the network shows it: a column of choices over the page.
// The author gets Edit and Delete (which open the post at that step); anyone else whom the
// signed-in user follows gets Unfollow; everyone gets Go to post, Copy link and About this
// account; someone else's post also offers Report, Block and Mute (SafetyActions). Cancel, Escape
// or a click outside closes it.

import { useState, type KeyboardEvent, type ReactElement } from 'react'
import type { Post } from '@shared/domain'
import { usePeople, useSession, useStores } from '../../store'
import { selectUserId } from '../../store/session/sessionStore'
import type { PostIntent } from '../../store/openPost/openPostStore'
import { profileRoute } from '../../store/router/routes'
import { Modal } from '../Modal/Modal'
import { SafetyActions, type SafetyStep } from '../SafetyActions/SafetyActions'
import styles from './PostOptions.module.scss'

/**
 * The sheet is the card's, not a store-level dialog, so the window's shortcuts (l likes, j moves
 * on) would still hear its keys; only Escape and Tab go on to the dialog around it.
 */
function keepKeysInSheet(event: KeyboardEvent): void {
  if (event.key !== 'Escape' && event.key !== 'Tab') event.stopPropagation()
}

interface Choice {
  label: string
  danger?: boolean
  run(): void
}

export function PostOptions({
  post,
  onOpenPost,
  onClose
}: {
  post: Pick<Post, 'id' | 'user_id' | 'profiles'>
  /** Opens the post as the card would (with the card's list for ←/→), at `intent`'s step. */
  onOpenPost(intent?: PostIntent): void
  onClose(): void
}): ReactElement {
  const stores = useStores()
  const userId = useSession(selectUserId)
  const following = usePeople((state) => state.followedIds.has(post.user_id))
  // Known for everyone the store learned a follow state of; it moves by one on unfollow.
  const followers = usePeople((state) => state.followerCounts[post.user_id])
  const { copyLink } = stores.postActions
  const [confirmingUnfollow, setConfirmingUnfollow] = useState(false)
  const [safetyStep, setSafetyStep] = useState<SafetyStep | null>(null)
  const username = post.profiles?.username ?? 'unknown'
  const own = userId !== null && userId === post.user_id

  const openPost = (intent?: PostIntent): void => {
    onClose()
    onOpenPost(intent)
  }
  const choices: Choice[] = [
    ...(own
      ? [
          { label: 'Delete', danger: true, run: () => openPost('delete') },
          { label: 'Edit', run: () => openPost('edit') }
        ]
      : []),
    // Report, block and mute someone else's post (issue #25): the most asked-for way in.
    ...(!own && userId
      ? [
          { label: 'Report', danger: true, run: () => setSafetyStep('report') },
          { label: 'Block', danger: true, run: () => setSafetyStep('block') },
          { label: 'Mute', run: () => setSafetyStep('mute') }
        ]
      : []),
    ...(!own && userId && following && followers !== undefined
      ? [{ label: 'Unfollow', danger: true, run: () => setConfirmingUnfollow(true) }]
      : []),
    { label: 'Go to post', run: () => openPost() },
    {
      label: 'Copy link',
      run: () => {
        onClose()
        void copyLink(post.id)
      }
    },
    {
      label: 'About this account',
      run: () => {
        onClose()
        stores.router.getState().navigate(profileRoute(username))
      }
    },
    { label: 'Cancel', run: onClose }
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
        title={`Unfollow ${username}?`}
        showTitle={false}
        closeButton={false}
        onClose={onClose}
      >
        <div className={styles.sheet}>
          <p className={styles.question}>Unfollow @{username}?</p>
          <button type="button" className={`${styles.choice} ${styles.danger}`} onClick={unfollow}>
            Unfollow
          </button>
          <button type="button" className={styles.choice} onClick={onClose}>
            Cancel
          </button>
        </div>
      </Modal>
    )
  }

  return (
    <Modal
      title={`Options for the post by ${username}`}
      showTitle={false}
      closeButton={false}
      onClose={onClose}
    >
      <div
        className={styles.sheet}
        role="menu"
        aria-label="Post options"
        onKeyDown={keepKeysInSheet}
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
