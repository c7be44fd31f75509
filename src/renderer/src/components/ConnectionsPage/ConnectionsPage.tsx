// #/u/<username>/followers and /following: the list, newest first, searchable, a page at a
// time, each row with its own follow button.

import { useEffect, useState, type ReactElement } from 'react'
import type { ConnectionDirection } from '@shared/domain'
import { usePeople, useStores } from '../../store'
import { profileRoute } from '../../store/router/routes'
import { PersonRow } from '../PersonRow/PersonRow'
import styles from './ConnectionsPage.module.scss'

const SEARCH_DELAY_MS = 200

export function ConnectionsPage(props: {
  username: string
  direction: ConnectionDirection
}): ReactElement {
  const { username, direction } = props
  const { people, router } = useStores()
  const page = usePeople((state) => state.page)
  const list = usePeople((state) => state.list)
  const [query, setQuery] = useState('')
  const [settled, setSettled] = useState('')
  const profile = page?.username === username ? page.profile : null
  const title = direction === 'followers' ? 'Followers' : 'Following'

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
        <p className={styles.message}>No one has the username @{username}.</p>
      ) : (
        <>
          <input
            className={styles.search}
            type="search"
            placeholder="Search"
            aria-label={`Search ${title.toLowerCase()}`}
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
              Loading…
            </p>
          )}
          {list && !list.loading && list.rows.length === 0 && !list.error && (
            <p className={styles.message}>
              {settled.trim() ? 'No results' : `No ${title.toLowerCase()} yet`}
            </p>
          )}
          {list?.error && (
            <p className={styles.message} role="alert">
              {list.error}
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
              Load more
            </button>
          )}
        </>
      )}
    </main>
  )
}
