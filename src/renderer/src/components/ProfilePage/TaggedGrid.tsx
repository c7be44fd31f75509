// A profile's Tagged tab (`#/u/<name>/tagged`): the posts the person is tagged in and has
// approved, newest first, a page at a time as the grid's end comes near. What the viewer may
// see of them (blocks, private authors) is the database's to decide (tagged_page).

import { useCallback, type ReactElement } from 'react'
import type { PageCursor } from '../../services/types'
import { useStores } from '../../store'
import { ProfileGrid } from '../ProfileGrid/ProfileGrid'
import { useT } from '../../i18n'
import { usePagedGrid } from './usePagedGrid'
import styles from './ProfilePage.module.scss'

export function TaggedGrid({ profileId, own }: { profileId: string; own: boolean }): ReactElement {
  const { peopleTags } = useStores()
  const t = useT()
  const { ids, status, error, sentinel } = usePagedGrid(
    useCallback(
      (after: PageCursor | null) =>
        peopleTags.getState().services.taggedPosts(profileId, { after }),
      [peopleTags, profileId]
    )
  )

  return (
    <>
      <ProfileGrid
        ids={ids}
        loading={status === 'loading' && ids.length === 0}
        label={t('profile.tagged.label')}
        emptyTitle={t('profile.tagged.emptyTitle')}
        emptyText={own ? t('profile.tagged.emptyOwn') : t('profile.tagged.emptyOther')}
      />
      <div ref={sentinel} data-testid="tagged-grid-end" />
      {status === 'failed' && (
        <p className={styles.message} role="alert">
          {error}
        </p>
      )}
    </>
  )
}
