// A labelled on/off switch for a setting: a real checkbox (role="switch"), so the keyboard and
// screen readers work as with any checkbox, with the hint read as its description.

import { useId, type ReactElement } from 'react'
import styles from './Toggle.module.scss'

export interface ToggleProps {
  label: string
  hint?: string
  checked: boolean
  onChange(checked: boolean): void
}

export function Toggle({ label, hint, checked, onChange }: ToggleProps): ReactElement {
  const id = useId()
  return (
    <div className={styles.row}>
      <label className={styles.text} htmlFor={id}>
        <span className={styles.label}>{label}</span>
        {hint && (
          <span className={styles.hint} id={`${id}-hint`}>
            {hint}
          </span>
        )}
      </label>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className={styles.switch}
        checked={checked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
    </div>
  )
}
