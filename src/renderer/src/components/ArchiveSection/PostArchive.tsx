// Settings › Archive, Posts: the posts one archived, newest first, that only one sees, each
// with "Show on profile", which puts it back in its place in the grid with its likes and
// comments.

import { useEffect, type ReactElement } from 'react'
import { useCuration, useStores } from '../../store'
import { CachedImg } from '../CachedImg/CachedImg'
import { LoadMore } from '../LoadMore/LoadMore'
import { useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import styles from './ArchiveSection.module.scss'

export function PostArchive(): ReactElement {
  const { curation } = useStores()
  const t = useT()
  const message = useMessage()
  const archived = useCuration((state) => state.archived)
  const status = useCuration((state) => state.archiveStatus)
  const error = useCuration((state) => state.archiveError)
  const hasMore = useCuration((state) => state.archiveNext !== null)
  const busyIds = useCuration((state) => state.busyIds)
  useEffect(() => {
    void curation.getState().loadArchive()
  }, [curation])

  return (
    <>
      <p className={styles.intro}>{t('archive.postsIntro')}</p>
      {error && (
        <p className={styles.error} role="alert">
          {message(error)}
        </p>
      )}
      {status === 'ready' && archived.length === 0 && (
        <p className={styles.empty}>{t('archive.noPosts')}</p>
      )}
      {archived.length > 0 && (
        <ul className={styles.grid} aria-label={t('archive.archivedPosts')}>
          {archived.map((post) => (
            <li key={post.id} className={styles.item}>
              <CachedImg
                className={styles.photo}
                src={post.thumb_url ?? post.image_url}
                alt={post.alt_text?.trim() || post.caption?.trim() || t('archive.archivedPost')}
                loading="lazy"
                draggable={false}
              />
              <button
                type="button"
                className={styles.restore}
                disabled={busyIds.has(post.id)}
                aria-label={t('archive.showOnProfileNamed', {
                  caption: post.caption?.trim() || t('archive.aPost')
                })}
                onClick={() => void curation.getState().restore(post.id)}
              >
                {t('archive.showOnProfile')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        status={status}
        hasMore={hasMore}
        className={styles.more}
        label={t('archive.loadMore')}
        onMore={() => void curation.getState().loadArchive(true)}
      />
    </>
  )
}
