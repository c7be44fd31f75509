// A profile's Reels tab (`#/u/<name>/reels`): the person's video posts, newest first, a page at a
// time as the grid's end comes near; a tile opens Reels at that reel (`#/reels/<id>`). What the
// viewer may see of them (blocks, private accounts) is the posts policy's.

import { useCallback, useEffect, useState, type ReactElement } from 'react'
import type { PageCursor } from '../../services/types'
import { useStores } from '../../store'
import { reelRoute } from '../../store/router/routes'
import { useEndSentinel } from '../../hooks/useEndSentinel'
import { ProfileGrid } from '../ProfileGrid/ProfileGrid'
import { useT } from '../../i18n'
import styles from './ProfilePage.module.scss'

interface ReelsGridState {
  ids: string[]
  next: PageCursor | null
  status: 'loading' | 'ready' | 'failed'
}

const START: ReelsGridState = { ids: [], next: null, status: 'loading' }

export function ReelsGrid({
  profileId,
  username,
  own
}: {
  profileId: string
  username: string
  own: boolean
}): ReactElement {
  const { reels, posts, router } = useStores()
  const [state, setState] = useState<ReelsGridState>(START)
  const t = useT()

  /** Reads the page after `after` (the first when null) into the grid, unless `live` ended. */
  const load = useCallback(
    (after: PageCursor | null, signal: { live: boolean }): void => {
      reels
        .getState()
        .profileReels(profileId, { after })
        .then(
          (page) => {
            if (!signal.live) return
            posts.getState().put(page.items)
            const ids = page.items.map((post) => post.id)
            setState((current) => ({
              ids: after ? [...current.ids, ...ids] : ids,
              next: page.next,
              status: 'ready'
            }))
          },
          () => {
            if (signal.live) setState((current) => ({ ...current, status: 'failed' }))
          }
        )
    },
    [reels, posts, profileId]
  )

  useEffect(() => {
    const signal = { live: true }
    load(null, signal)
    return () => {
      signal.live = false
    }
  }, [load])

  const loadFrom = useCallback(
    (after: PageCursor | null) => {
      setState((current) => ({ ...current, status: 'loading' }))
      load(after, { live: true })
    },
    [load]
  )
  const loadMore = useCallback(() => {
    if (state.next) loadFrom(state.next)
  }, [loadFrom, state.next])
  const sentinel = useEndSentinel(
    loadMore,
    state.status === 'ready' && state.next !== null,
    state.ids.length
  )

  return (
    <>
      <ProfileGrid
        ids={state.ids}
        loading={state.status === 'loading' && state.ids.length === 0}
        label={t('reels.reelsOf', { username })}
        emptyTitle={t('reels.empty')}
        emptyText={own ? t('reels.profileEmptyOwn') : t('reels.profileEmptyOther', { username })}
        onOpen={(postId) => router.getState().navigate(reelRoute(postId))}
      />
      <div ref={sentinel} data-testid="reels-grid-end" />
      {state.status === 'failed' && (
        <div className={styles.message} role="alert">
          <p>{t('reels.failed')}</p>
          <button type="button" onClick={() => loadFrom(null)}>
            {t('reels.retry')}
          </button>
        </div>
      )}
    </>
  )
}
