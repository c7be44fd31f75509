// A profile's Reels tab (`#/u/<name>/reels`): the person's video posts, newest first, a page at a
// time as the grid's end comes near; a tile opens Reels at that reel (`#/reels/<id>`). What the
// viewer may see of them (blocks, private accounts) is the posts policy's.

import { useCallback, type ReactElement } from 'react'
import type { PageCursor } from '../../services/types'
import { useStores } from '../../store'
import { reelRoute } from '../../store/router/routes'
import { ProfileGrid } from '../ProfileGrid/ProfileGrid'
import { useT } from '../../i18n'
import { usePagedGrid } from './usePagedGrid'
import styles from './ProfilePage.module.scss'

export function ReelsGrid({
  profileId,
  username,
  own
}: {
  profileId: string
  username: string
  own: boolean
}): ReactElement {
  const { reels, router } = useStores()
  const t = useT()
  const { ids, status, sentinel, retry } = usePagedGrid(
    useCallback(
      (after: PageCursor | null) => reels.getState().profileReels(profileId, { after }),
      [reels, profileId]
    )
  )

  return (
    <>
      <ProfileGrid
        ids={ids}
        loading={status === 'loading' && ids.length === 0}
        label={t('reels.reelsOf', { username })}
        emptyTitle={t('reels.empty')}
        emptyText={own ? t('reels.profileEmptyOwn') : t('reels.profileEmptyOther', { username })}
        onOpen={(postId) => router.getState().navigate(reelRoute(postId))}
      />
      <div ref={sentinel} data-testid="reels-grid-end" />
      {status === 'failed' && (
        <div className={styles.message} role="alert">
          <p>{t('reels.failed')}</p>
          <button type="button" onClick={retry}>
            {t('reels.retry')}
          </button>
        </div>
      )}
    </>
  )
}
