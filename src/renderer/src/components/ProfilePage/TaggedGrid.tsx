// A profile's Tagged tab (`#/u/<name>/tagged`): the posts the person is tagged in and has
// approved, newest first, a page at a time as the grid's end comes near. What the viewer may
// see of them (blocks, private authors) is the database's to decide (tagged_page).

import { useCallback, useEffect, useState, type ReactElement } from 'react'
import type { PageCursor } from '../../services/types'
import { messageOr } from '@shared/errors'
import { useStores } from '../../store'
import { useEndSentinel } from '../../hooks/useEndSentinel'
import { ProfileGrid } from '../ProfileGrid/ProfileGrid'
import { useT } from '../../i18n'
import styles from './ProfilePage.module.scss'

interface TaggedState {
  ids: string[]
  next: PageCursor | null
  status: 'loading' | 'ready' | 'failed'
  error: string | null
}

const START: TaggedState = { ids: [], next: null, status: 'loading', error: null }

export function TaggedGrid({ profileId, own }: { profileId: string; own: boolean }): ReactElement {
  const { peopleTags, posts } = useStores()
  const [state, setState] = useState<TaggedState>(START)
  const t = useT()

  const load = useCallback(
    async (after: PageCursor | null, signal: { live: boolean }): Promise<void> => {
      setState((current) => ({ ...current, status: 'loading', error: null }))
      try {
        const page = await peopleTags.getState().services.taggedPosts(profileId, { after })
        if (!signal.live) return
        posts.getState().put(page.items)
        const ids = page.items.map((post) => post.id)
        setState((current) => ({
          ids: after ? [...current.ids, ...ids] : ids,
          next: page.next,
          status: 'ready',
          error: null
        }))
      } catch (error) {
        if (!signal.live) return
        setState((current) => ({ ...current, status: 'failed', error: messageOr(error, '') }))
      }
    },
    [peopleTags, posts, profileId]
  )

  useEffect(() => {
    const signal = { live: true }
    setState(START)
    void load(null, signal)
    return () => {
      signal.live = false
    }
  }, [load])

  const loadMore = useCallback(() => {
    if (state.next) void load(state.next, { live: true })
  }, [load, state.next])
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
        label={t('profile.tagged.label')}
        emptyTitle={t('profile.tagged.emptyTitle')}
        emptyText={own ? t('profile.tagged.emptyOwn') : t('profile.tagged.emptyOther')}
      />
      <div ref={sentinel} data-testid="tagged-grid-end" />
      {state.status === 'failed' && (
        <p className={styles.message} role="alert">
          {state.error}
        </p>
      )}
    </>
  )
}
