// "Restart to update": shown once main has downloaded a new version. Installing waits for the
// user (or the next quit), so nothing they are writing is lost to a surprise restart.

import { useState, type ReactElement } from 'react'
import { useStores, useUi } from '../../store'
import { BRAND_NAME } from '../../brand'
import { useT } from '../../i18n'
import styles from './UpdateBanner.module.scss'

export function UpdateBanner(): ReactElement | null {
  const { api } = useStores()
  const update = useUi((state) => state.update)
  const [error, setError] = useState<string | null>(null)
  const [restarting, setRestarting] = useState(false)
  const t = useT()
  if (update.status !== 'downloaded') return null

  const restart = (): void => {
    setRestarting(true)
    api.app.restartToUpdate().catch((reason: unknown) => {
      setRestarting(false)
      setError(reason instanceof Error ? reason.message : t('banners.restartFailed'))
    })
  }

  return (
    <div className={styles.banner} role="status">
      <p className={styles.text}>
        {error ?? t('banners.updateReady', { brand: BRAND_NAME, version: update.version })}
      </p>
      <button type="button" className={styles.restart} onClick={restart} disabled={restarting}>
        {t('banners.restart')}
      </button>
    </div>
  )
}
