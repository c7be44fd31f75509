// The Following feed with nothing in it: it points to people to follow (the home feed keeps the
// spec's "No posts yet" / "Be the first to share a moment!"). A follow made here reloads the
// feed, so their posts arrive in place of this.

import type { ReactElement } from 'react'
import { useStores } from '../../store'
import { SuggestedPeople } from '../SuggestedPeople/SuggestedPeople'
import { useT } from '../../i18n'
import styles from './FeedView.module.scss'

export function FollowingEmpty(): ReactElement {
  const { router } = useStores()
  const t = useT()
  return (
    <div className={`${styles.empty} ${styles['empty--following']}`}>
      <h2 className={styles.emptyTitle}>{t('feed.followingEmpty.title')}</h2>
      <p className={styles.emptyText}>{t('feed.followingEmpty.text')}</p>
      <SuggestedPeople label={t('feed.followingEmpty.suggestedPeople')} />
      <button
        type="button"
        className={styles.retryButton}
        onClick={() => router.getState().navigate({ name: 'suggestions' })}
      >
        {t('feed.followingEmpty.seeAll')}
      </button>
    </div>
  )
}
