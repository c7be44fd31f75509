// A post's "More options" (⋯) sheet, as the network shows it: a column of choices over the page,
// the same from a card and from the open post. The author gets Delete, Archive, Edit (a card
// opens the post at that step; the post view takes it there) and Pin to your profile / Unpin;
// anyone else whom the signed-in user follows
// gets Unfollow; everyone gets Copy link and About this account, and a card Go to post; someone
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
  const username = post.profiles?.username ?? 'unknown'
  const own = userId !== null && userId === post.user_id

  // The sheet closes first, so focus is back on ⋯ before the next step takes it.
  const closeThen = (next: () => void) => (): void => {
    onClose()
    next()
  }
  const choices: Choice[] = [
    ...(own
      ? [
          { label: 'Delete', danger: true, run: closeThen(onDelete) },
          { label: 'Archive', run: closeThen(() => void curation.archive(post.id)) },
          { label: 'Edit', run: closeThen(onEdit) },
          {
            label: pinned ? 'Unpin' : 'Pin to your profile',
            run: closeThen(() => void curation.setPinned(post.id, !pinned))
          }
        ]
      : []),
    // Report, block and mute someone else's post: the most asked-for way in.
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
    ...(onGoToPost ? [{ label: 'Go to post', run: closeThen(onGoToPost) }] : []),
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
