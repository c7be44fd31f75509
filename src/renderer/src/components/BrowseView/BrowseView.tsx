// A hashtag's posts or a mentioned person's posts, as a grid; "Load more" reads the next page.

import type { ReactElement } from 'react'
import { ArrowLeft } from 'lucide-react'
import { useBrowse, useStores } from '../../store'
import { ProfileGrid } from '../ProfileGrid/ProfileGrid'
import styles from './BrowseView.module.scss'

export function BrowseView(): ReactElement | null {
  const { browse } = useStores()
  const page = useBrowse((state) => state.page)
  const posts = useBrowse((state) => state.posts)
  const status = useBrowse((state) => state.status)
  const error = useBrowse((state) => state.error)
  const hasMore = useBrowse((state) => state.next !== null)
  if (!page) return null
  const title = page.kind === 'tag' ? `#${page.tag}` : `@${page.username}`

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
          posts={posts}
          loading={status === 'loading' && posts.length === 0}
          label={`Posts of ${title}`}
          emptyTitle="No posts yet"
          emptyText={
            page.kind === 'tag' ? `No post carries ${title} yet.` : `${title} has not posted yet.`
          }
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
