// A hashtag's posts at #/t/<tag>, as a grid; "Load more" reads the next page.

import { useEffect, type ReactElement } from 'react'
import { ArrowLeft } from 'lucide-react'
import { useBrowse, useStores } from '../../store'
import { ProfileGrid } from '../ProfileGrid/ProfileGrid'
import styles from './BrowseView.module.scss'

export function BrowseView({ tag }: { tag: string }): ReactElement | null {
  const { browse, router } = useStores()
  const page = useBrowse((state) => state.page)
  const ids = useBrowse((state) => state.ids)
  const status = useBrowse((state) => state.status)
  const error = useBrowse((state) => state.error)
  const hasMore = useBrowse((state) => state.next !== null)
  useEffect(() => {
    void browse.getState().openTag(tag)
    return () => browse.getState().close()
  }, [browse, tag])
  if (!page) return null
  const title = `#${page.tag}`

  return (
    <main className={styles.page}>
      <div className={styles.topBar}>
        <button
          type="button"
          className={styles.back}
          aria-label="Back"
          onClick={() => router.getState().back()}
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
