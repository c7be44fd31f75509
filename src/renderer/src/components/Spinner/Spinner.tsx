import type { ReactElement } from 'react'
import styles from './Spinner.module.scss'

export function Spinner({
  size = 18,
  light = false
}: {
  size?: number
  light?: boolean
}): ReactElement {
  return (
    <span
      className={`${styles.spinner} ${light ? styles['spinner--light'] : ''}`}
      style={{ width: size, height: size }}
      role="status"
      aria-label="Loading"
    />
  )
}
