// A hashtag's page at #/t/<tag>: its header (TagHeader), its top posts, then its recent posts as
// a grid; "Load more" reads the next page of recent posts.

import type { ReactElement } from 'react'
import { useBrowse } from '../../store'
import { ProfileGrid } from '../ProfileGrid/ProfileGrid'
import { BrowseError, BrowseFrame } from './BrowseFrame'
import { TagHeader } from './TagHeader'
import { useT } from '../../i18n'
import styles from './BrowseView.module.scss'

export function BrowseView({ tag }: { tag: string }): ReactElement | null {
  const t = useT()
  const page = useBrowse((state) => state.page)
  const summary = useBrowse((state) => state.summary)
  const topIds = useBrowse((state) => state.topIds)
  const ids = useBrowse((state) => state.ids)
  const status = useBrowse((state) => state.status)

  return (
    <BrowseFrame
      page={{ kind: 'tag', tag }}
      backLabel={t('nav.back')}
      moreLabel={t('hashtags.loadMore')}
    >
      {() => {
        if (page?.kind !== 'tag') return null
        const title = `#${page.tag}`
        return (
          <>
            <TagHeader tag={page.tag} summary={summary} coverId={topIds[0]} />
            {status === 'error' ? (
              <BrowseError />
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
          </>
        )
      }}
    </BrowseFrame>
  )
}
