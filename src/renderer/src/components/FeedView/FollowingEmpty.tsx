// The Following feed with nothing in it: it points to people to follow (the home feed keeps the
// spec's "No posts yet" / "Be the first to share a moment!"). A follow made here reloads the
// feed, so their posts arrive in place of this.

import type { ReactElement } from 'react'
import { useStores } from '../../store'
import { SuggestedPeople } from '../SuggestedPeople/SuggestedPeople'
import styles from './FeedView.module.scss'

export const FOLLOWING_EMPTY_TEXT = {
  title: 'Find people to follow',
  text: 'When you follow people, the photos they share will show up here.',
  seeAll: 'See all suggestions'
} as const

export function FollowingEmpty(): ReactElement {
  const { router } = useStores()
  return (
    <div className={`${styles.empty} ${styles['empty--following']}`}>
      <h2 className={styles.emptyTitle}>{FOLLOWING_EMPTY_TEXT.title}</h2>
      <p className={styles.emptyText}>{FOLLOWING_EMPTY_TEXT.text}</p>
      <SuggestedPeople label="Suggested people" />
      <button
        type="button"
        className={styles.retryButton}
        onClick={() => router.getState().navigate({ name: 'suggestions' })}
      >
        {FOLLOWING_EMPTY_TEXT.seeAll}
      </button>
    </div>
  )
}
