import type { ReactElement } from 'react'
import { useT } from '../../i18n'
import styles from './Spinner.module.scss'

export function Spinner({
  size = 18,
  light = false
}: {
  size?: number
  light?: boolean
}): ReactElement {
  const t = useT()
  return (
    <span
      className={`${styles.spinner} ${light ? styles['spinner--light'] : ''}`}
      style={{ width: size, height: size }}
      role="status"
      aria-label={t('common.loading')}
    />
  )
}
