// A hashtag's posts, as a grid; "Load more" reads the next page.

import type { ReactElement } from 'react'
import { ArrowLeft } from 'lucide-react'
import { useBrowse, useStores } from '../../store'
import { ProfileGrid } from '../ProfileGrid/ProfileGrid'
import styles from './BrowseView.module.scss'

export function BrowseView(): ReactElement | null {
  const { browse } = useStores()
  const page = useBrowse((state) => state.page)
  const ids = useBrowse((state) => state.ids)
  const status = useBrowse((state) => state.status)
  const error = useBrowse((state) => state.error)
  const hasMore = useBrowse((state) => state.next !== null)
  if (!page) return null
  const title = `#${page.tag}`

  return (
    <main className={styles.page}>
      <div className={styles.topBar}>
        <button
          type="button"
          className={styles.back}
          aria-label="Back"
          onClick={() => browse.getState().close()}
        >
          <ArrowLeft size={24} aria-hidden />
        </button>
        <h1 className={styles.title}>{title}</h1>
      </div>
      {status === 'error' ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : (
        <ProfileGrid
          ids={ids}
          loading={status === 'loading' && ids.length === 0}
          label={`Posts of ${title}`}
          emptyTitle="No posts yet"
          emptyText={`No post carries ${title} yet.`}
        />
      )}
      {hasMore && (
        <button
          type="button"
          className={styles.more}
          disabled={status === 'loading'}
          onClick={() => void browse.getState().loadMore()}
        >
          Load more
        </button>
      )}
    </main>
  )
}
