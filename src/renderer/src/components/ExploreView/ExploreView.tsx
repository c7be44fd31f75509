// Explore at #/explore (docs/product.md, "Explore"): a grid of posts from people the reader does
// not follow, as the database ranks them, read a page at a time as the grid's end comes near.
// A tile opens the post over this page, which stays mounted, so Back finds the same tile.

import { useCallback, useEffect, type ReactElement } from 'react'
import { useExplore, useStores } from '../../store'
import { selectHasMore } from '../../store/explore/exploreStore'
import { useEndSentinel } from '../../hooks/useEndSentinel'
import { ProfileGrid } from '../ProfileGrid/ProfileGrid'
import { useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import styles from './ExploreView.module.scss'

export function ExploreView(): ReactElement {
  const { explore } = useStores()
  const t = useT()
  const message = useMessage()
  const ids = useExplore((state) => state.ids)
  const status = useExplore((state) => state.status)
  const error = useExplore((state) => state.error)
  const hasMore = useExplore(selectHasMore)

  useEffect(() => {
    void explore.getState().open()
  }, [explore])
  const loadMore = useCallback(() => void explore.getState().loadMore(), [explore])
  const sentinel = useEndSentinel(loadMore, status === 'ready' && hasMore, ids.length)
  const failedFirst = status === 'error' && ids.length === 0

  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{t('nav.explore')}</h1>
      {failedFirst ? (
        <div className={styles.failure} role="alert">
          <p>{message(error ?? '')}</p>
          <button
            type="button"
            className={styles.retry}
            onClick={() => void explore.getState().refresh()}
          >
            {t('common.tryAgain')}
          </button>
        </div>
      ) : (
        <ProfileGrid
          ids={ids}
          loading={(status === 'loading' || status === 'idle') && ids.length === 0}
          label={t('explore.posts')}
          emptyTitle={t('explore.emptyTitle')}
          emptyText={t('explore.emptyText')}
        />
      )}
      <div ref={sentinel} data-testid="explore-grid-end" />
      {status === 'error' && ids.length > 0 && (
        <div className={styles.failure} role="alert">
          <p>{message(error ?? '')}</p>
          <button type="button" className={styles.retry} onClick={loadMore}>
            {t('common.tryAgain')}
          </button>
        </div>
      )}
    </main>
  )
}
