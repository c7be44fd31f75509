// The Moderation view's second list: the suspended accounts, each with "Lift suspension", which
// shows the account and everything it made again and lets it sign in and write (the database's
// moderation_lift_suspension; only moderators read suspended profiles at all).

import { useEffect, type ReactElement } from 'react'
import type { SuspendedAccount } from '../../services/types'
import { relativeAge } from '@shared/format'
import { useSafety, useStores } from '../../store'
import { useLocale, useT } from '../../i18n'
import { phrase } from '../../i18n/phrase'
import styles from './ModerationPage.module.scss'
import { useModerationAction } from './useModerationAction'

function SuspendedRow({ account }: { account: SuspendedAccount }): ReactElement {
  const { safety } = useStores()
  const { busy, run } = useModerationAction()
  const t = useT()
  const locale = useLocale()
  const lift = (): Promise<void> =>
    run(
      () => safety.getState().liftSuspension(account.id),
      phrase('moderation.lifted', { username: account.username })
    )
  return (
    <li
      className={styles.card}
      aria-label={t('moderation.suspendedAccount', { username: account.username })}
    >
      <div className={styles.head}>
        <strong>@{account.username}</strong>
        <span className={styles.muted}>
          {t('moderation.suspendedAge', {
            age: relativeAge(account.suspended_at, undefined, locale)
          })}
        </span>
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.secondary}
          disabled={busy}
          onClick={() => void lift()}
        >
          {t('moderation.lift')}
        </button>
      </div>
    </li>
  )
}

export function SuspendedAccounts(): ReactElement {
  const { safety } = useStores()
  const suspended = useSafety((state) => state.suspended)
  const status = useSafety((state) => state.status.suspended)
  const t = useT()
  useEffect(() => {
    void safety.getState().loadSuspended()
  }, [safety])
  return (
    <section className={styles.section} aria-labelledby="suspended-accounts">
      <h2 id="suspended-accounts" className={styles.title}>
        {t('moderation.suspendedTitle')}
      </h2>
      {status === 'ready' && suspended.length === 0 && (
        <p className={styles.muted}>{t('moderation.noSuspended')}</p>
      )}
      {suspended.length > 0 && (
        <ul className={styles.list} aria-label={t('moderation.suspendedTitle')}>
          {suspended.map((account) => (
            <SuspendedRow key={account.id} account={account} />
          ))}
        </ul>
      )}
    </section>
  )
}
