// #/u/<username>/followers and /following: the list, newest first, searchable, a page at a
// time, each row with its own follow button.

import { useEffect, useState, type ReactElement } from 'react'
import type { ConnectionDirection } from '@shared/domain'
import { usePeople, useStores } from '../../store'
import { profileRoute } from '../../store/router/routes'
import { PersonRow } from '../PersonRow/PersonRow'
import { useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import styles from './ConnectionsPage.module.scss'

const SEARCH_DELAY_MS = 200

export function ConnectionsPage(props: {
  username: string
  direction: ConnectionDirection
}): ReactElement {
  const { username, direction } = props
  const { people, router } = useStores()
  const t = useT()
  const message = useMessage()
  const followers = direction === 'followers'
  const page = usePeople((state) => state.page)
  const list = usePeople((state) => state.list)
  const [query, setQuery] = useState('')
  const [settled, setSettled] = useState('')
  const profile = page?.username === username ? page.profile : null
  const title = t(followers ? 'shell.followers' : 'shell.following')

  useEffect(() => {
    if (page?.username !== username) void people.getState().loadProfile(username)
  }, [people, page?.username, username])

  useEffect(() => {
    const timer = setTimeout(() => setSettled(query), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [query])

  useEffect(() => {
    if (profile) void people.getState().loadConnections(profile.id, direction, settled)
  }, [people, profile, direction, settled])

  const notFound = page?.username === username && page.status === 'not-found'
  return (
    <main className={styles.page}>
      <div className={styles.top}>
        <button
          type="button"
          className={styles.owner}
          onClick={() => router.getState().navigate(profileRoute(username))}
        >
          {username}
        </button>
        <h1 className={styles.title}>{title}</h1>
      </div>
      {notFound ? (
        <p className={styles.message}>{t('shell.noUser', { username })}</p>
      ) : (
        <>
          <input
            className={styles.search}
            type="search"
            placeholder={t('shell.searchPlaceholder')}
            aria-label={t(followers ? 'shell.searchFollowers' : 'shell.searchFollowing')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <ul className={styles.list} aria-label={title}>
            {(list?.rows ?? []).map((row) => (
              <PersonRow key={row.id} personId={row.id} />
            ))}
          </ul>
          {list?.loading && (
            <p className={styles.message} role="status">
              {t('shell.loading')}
            </p>
          )}
          {list && !list.loading && list.rows.length === 0 && !list.error && (
            <p className={styles.message}>
              {settled.trim()
                ? t('shell.noResults')
                : t(followers ? 'shell.noFollowers' : 'shell.noFollowing')}
            </p>
          )}
          {list?.error && (
            <p className={styles.message} role="alert">
              {message(list.error)}
            </p>
          )}
          {list?.hasMore && !list.loading && profile && (
            <button
              type="button"
              className={styles.more}
              onClick={() =>
                void people.getState().loadConnections(profile.id, direction, settled, true)
              }
            >
              {t('shell.loadMore')}
            </button>
          )}
        </>
      )}
    </main>
  )
}
