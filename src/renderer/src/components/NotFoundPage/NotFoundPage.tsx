// The page for an address that names nothing (a deleted post, a username no one has), worded
// as the network words it, with a link back to the home feed.

import type { ReactElement, ReactNode } from 'react'
import { MESSAGES } from '@shared/messages'
import { useStores } from '../../store'
import { HOME, routeHash } from '../../store/router/routes'
import { useMessage } from '../../i18n/messages'
import styles from './NotFoundPage.module.scss'

export function NotFoundPage({
  detail,
  top
}: {
  detail?: string
  /** A bar above the message (a profile's own Back). */
  top?: ReactNode
}): ReactElement {
  const { router } = useStores()
  const message = useMessage()
  return (
    <main className={styles.page} data-testid="not-found">
      {top}
      <h1 className={styles.title}>{message(MESSAGES.pageUnavailable)}</h1>
      <p className={styles.detail}>
        {message(detail ?? MESSAGES.pageUnavailableDetail)}{' '}
        <a
          className={styles.home}
          href={routeHash(HOME)}
          onClick={(event) => {
            event.preventDefault()
            router.getState().navigate(HOME)
          }}
        >
          {message(MESSAGES.backHome)}
        </a>
      </p>
    </main>
  )
}
