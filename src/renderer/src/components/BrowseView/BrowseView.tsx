// A hashtag's page at #/t/<tag>: its header (TagHeader), its top posts, then its recent posts as
// a grid; "Load more" reads the next page of recent posts.

import { useEffect, type ReactElement } from 'react'
import { ArrowLeft } from 'lucide-react'
import { useBrowse, useStores } from '../../store'
import { ProfileGrid } from '../ProfileGrid/ProfileGrid'
import { TagHeader } from './TagHeader'
import { useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import styles from './BrowseView.module.scss'

export function BrowseView({ tag }: { tag: string }): ReactElement | null {
  const { browse, router } = useStores()
  const t = useT()
  const message = useMessage()
  const page = useBrowse((state) => state.page)
  const summary = useBrowse((state) => state.summary)
  const topIds = useBrowse((state) => state.topIds)
  const ids = useBrowse((state) => state.ids)
  const status = useBrowse((state) => state.status)
  const error = useBrowse((state) => state.error)
  const hasMore = useBrowse((state) => state.next !== null)
  useEffect(() => {
    void browse.getState().openTag(tag)
    return () => browse.getState().close()
  }, [browse, tag])
  if (page?.kind !== 'tag') return null
  const title = `#${page.tag}`

  return (
    <main className={styles.page}>
      <div className={styles.topBar}>
        <button
          type="button"
          className={styles.back}
          aria-label={t('nav.back')}
          onClick={() => router.getState().back()}
        >
          <ArrowLeft size={24} aria-hidden className="rtl-mirror" />
        </button>
      </div>
      <TagHeader tag={page.tag} summary={summary} coverId={topIds[0]} />
      {status === 'error' ? (
        <p className={styles.error} role="alert">
          {message(error ?? '')}
        </p>
      ) : (
        <>
          {topIds.length > 0 && (
            <section aria-labelledby="tag-top-posts">
              <h2 id="tag-top-posts" className={styles.section}>
                {t('hashtags.topPosts')}
              </h2>
              <ProfileGrid
                ids={topIds}
                loading={false}
                label={t('hashtags.topPostsOf', { tag: title })}
              />
            </section>
          )}
          <section aria-labelledby="tag-recent-posts">
            <h2 id="tag-recent-posts" className={styles.section}>
              {t('hashtags.recentPosts')}
            </h2>
            <ProfileGrid
              ids={ids}
              loading={status === 'loading' && ids.length === 0}
              label={t('hashtags.recentPostsOf', { tag: title })}
              emptyTitle={t('messages.feedEmptyTitle')}
              emptyText={t('hashtags.empty', { tag: title })}
            />
          </section>
        </>
      )}
      {hasMore && (
        <button
          type="button"
          className={styles.more}
          disabled={status === 'loading'}
          onClick={() => void browse.getState().loadMore()}
        >
          {t('hashtags.loadMore')}
        </button>
      )}
    </main>
  )
}
