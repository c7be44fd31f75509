// A place's page at #/loc/<id>: a header with a map pin, the place's name and how many of its
// posts the reader can see, then those posts as a grid, newest first; "Load more" reads the next
// page. The database decides which posts show (blocks, mutes, private and suspended people,
// sensitive media, hidden words).

import type { ReactElement } from 'react'
import { MapPin } from 'lucide-react'
import { useLocale, useT } from '../../i18n'
import { useBrowse, usePosts } from '../../store'
import { ProfileGrid } from '../ProfileGrid/ProfileGrid'
import { BrowseError, BrowseFrame } from './BrowseFrame'
import styles from './BrowseView.module.scss'

export function PlaceView({ placeId }: { placeId: string }): ReactElement | null {
  const t = useT()
  const locale = useLocale()
  const place = useBrowse((state) => state.place)
  const ids = useBrowse((state) => state.ids)
  const status = useBrowse((state) => state.status)
  const cover = usePosts((state) => (ids[0] ? state.byId[ids[0]] : undefined))
  const picture = cover?.thumb_url ?? cover?.image_url

  return (
    <BrowseFrame
      page={{ kind: 'place', placeId }}
      backLabel={t('places.back')}
      moreLabel={t('places.loadMore')}
    >
      {() =>
        status === 'missing' ? (
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
              <BrowseError />
            ) : (
              <ProfileGrid
                ids={ids}
                loading={status === 'loading' && ids.length === 0}
                label={t('places.postsOf', { name: place?.name ?? '' })}
                emptyTitle={t('places.noPosts')}
                emptyText={t('places.noPostsText', { name: place?.name ?? '' })}
              />
            )}
          </>
        )
      }
    </BrowseFrame>
  )
}
