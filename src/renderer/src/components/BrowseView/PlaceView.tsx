// A place's page at #/loc/<id>: a header with a map pin, the place's name and how many of its
// posts the reader can see, then those posts as a grid, newest first; "Load more" reads the next
// page. The database decides which posts show (blocks, mutes, private and suspended people,
// sensitive media, hidden words).

import { useEffect, type ReactElement } from 'react'
import { ArrowLeft, MapPin } from 'lucide-react'
import { useLocale, useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import { useBrowse, usePosts, useStores } from '../../store'
import { ProfileGrid } from '../ProfileGrid/ProfileGrid'
import styles from './BrowseView.module.scss'

export function PlaceView({ placeId }: { placeId: string }): ReactElement | null {
  const { browse, router } = useStores()
  const t = useT()
  const message = useMessage()
  const locale = useLocale()
  const page = useBrowse((state) => state.page)
  const place = useBrowse((state) => state.place)
  const ids = useBrowse((state) => state.ids)
  const status = useBrowse((state) => state.status)
  const error = useBrowse((state) => state.error)
  const hasMore = useBrowse((state) => state.next !== null)
  const cover = usePosts((state) => (ids[0] ? state.byId[ids[0]] : undefined))
  useEffect(() => {
    void browse.getState().openPlace(placeId)
    return () => browse.getState().close()
  }, [browse, placeId])
  if (page?.kind !== 'place') return null
  const picture = cover?.thumb_url ?? cover?.image_url

  return (
    <main className={styles.page}>
      <div className={styles.topBar}>
        <button
          type="button"
          className={styles.back}
          aria-label={t('places.back')}
          onClick={() => router.getState().back()}
        >
          <ArrowLeft size={24} aria-hidden className="rtl-mirror" />
        </button>
      </div>
      {status === 'missing' ? (
        <div className={styles.missing} role="status">
          <h1 className={styles.title}>{t('places.missing')}</h1>
          <p>{t('places.missingText')}</p>
        </div>
      ) : (
        <>
          <header className={styles.header}>
            <div className={styles.cover} aria-hidden>
              {picture ? <img src={picture} alt="" /> : <MapPin size={40} strokeWidth={1.5} />}
            </div>
            <div className={styles.headerText}>
              <h1 className={styles.title}>{place?.name ?? '\u00a0'}</h1>
              <p className={styles.count}>
                {place
                  ? t('places.posts', {
                      count: place.posts,
                      n: new Intl.NumberFormat(locale).format(place.posts)
                    })
                  : '\u00a0'}
              </p>
            </div>
          </header>
          {status === 'error' ? (
            <p className={styles.error} role="alert">
              {message(error ?? '')}
            </p>
          ) : (
            <ProfileGrid
              ids={ids}
              loading={status === 'loading' && ids.length === 0}
              label={t('places.postsOf', { name: place?.name ?? '' })}
              emptyTitle={t('places.noPosts')}
              emptyText={t('places.noPostsText', { name: place?.name ?? '' })}
            />
          )}
          {hasMore && (
            <button
              type="button"
              className={styles.more}
              disabled={status === 'loading'}
              onClick={() => void browse.getState().loadMore()}
            >
              {t('places.loadMore')}
            </button>
          )}
        </>
      )}
    </main>
  )
}
