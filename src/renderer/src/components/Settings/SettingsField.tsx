// A labelled text input in a settings form (visible label above, as the network's settings do).

import { useId, type ReactElement } from 'react'
import styles from './SettingsSection.module.scss'

export interface SettingsFieldProps {
  label: string
  value: string
  type?: string
  autoComplete: string
  inputMode?: 'numeric'
  onChange(value: string): void
}

export function SettingsField({
  label,
  value,
  type = 'text',
  autoComplete,
  inputMode,
  onChange
}: SettingsFieldProps): ReactElement {
  const id = useId()
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={styles.input}
        type={type}
        value={value}
        required
        autoComplete={autoComplete}
        inputMode={inputMode}
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  )
}
