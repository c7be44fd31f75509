// The calm offline notice (docs/product.md, "Offline"): shown while the backend cannot be
// reached, gone as soon as it answers again. Not an alert: nothing went wrong that the user
// must act on, and what they saw before stays browsable.

import type { ReactElement } from 'react'
import { WifiOff } from 'lucide-react'
import { useConnectivity } from '../../store'
import { useT } from '../../i18n'
import styles from './OfflineBanner.module.scss'

export function OfflineBanner(): ReactElement | null {
  const offline = useConnectivity((state) => state.status === 'offline')
  const t = useT()
  if (!offline) return null
  return (
    <div className={styles.banner} role="status">
      <WifiOff size={16} aria-hidden />
      <p className={styles.text}>{t('messages.offlineBanner')}</p>
    </div>
  )
}
