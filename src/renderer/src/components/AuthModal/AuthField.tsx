// One labelled input of the auth screens, and the submit-with-spinner-and-error pattern every
// step shares (a pending step locks its button; a failure shows the app's sentence).

import { useEffect, useRef, useState, type ReactElement } from 'react'
import { messageOr } from '@shared/errors'
import { useMessage } from '../../i18n/messages'
import styles from './AuthModal.module.scss'

export interface FieldProps {
  label: string
  value: string
  type?: string
  autoComplete: string
  /** Digits only, for the 6-digit codes: the numeric keyboard and one-time-code autofill. */
  inputMode?: 'numeric'
  maxLength?: number
  /**
   * Takes focus when it appears: the first field of each step, so after one step (the password,
   * the email, the code) typing goes on in the next without reaching for the mouse.
   */
  autoFocus?: boolean
  onChange(event: { target: { value: string } }): void
}

export function Field({
  label,
  value,
  type = 'text',
  autoComplete,
  inputMode,
  maxLength,
  autoFocus = false,
  onChange
}: FieldProps): ReactElement {
  const inputRef = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (autoFocus) inputRef.current?.focus()
    // Only as it appears: focus is the user's from then on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return (
    <label className={styles.field}>
      <span className={styles.label}>{label}</span>
      <input
        ref={inputRef}
        className={styles.input}
        type={type}
        value={value}
        placeholder={label}
        required
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        // Names, usernames and addresses are not dictionary words: no red underlines.
        spellCheck={false}
        onChange={onChange}
      />
    </label>
  )
}

/** A 6-digit code (an app's or an email's): the numeric keyboard and one-time-code autofill. */
export function CodeField({
  label,
  value,
  onChange
}: Pick<FieldProps, 'label' | 'value' | 'onChange'>): ReactElement {
  return (
    <Field
      label={label}
      value={value}
      inputMode="numeric"
      maxLength={12}
      onChange={onChange}
      autoComplete="one-time-code"
      autoFocus
    />
  )
}

/** The step's failure, in the app's sentence. */
export function StepError({ error }: { error: string | null }): ReactElement | null {
  const message = useMessage()
  if (!error) return null
  return (
    <p className={styles.error} role="alert">
      {message(error)}
    </p>
  )
}

export interface StepSubmit {
  busy: boolean
  error: string | null
  setError(error: string | null): void
  /** Runs `work` unless one is running; its failure's message becomes the error. */
  run(work: () => Promise<void>, fallback: string): Promise<void>
}

export function useStepSubmit(): StepSubmit {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  return {
    busy,
    error,
    setError,
    async run(work, fallback) {
      if (busy) return
      setBusy(true)
      setError(null)
      try {
        await work()
      } catch (caught) {
        setError(messageOr(caught, fallback))
      }
      setBusy(false)
    }
  }
}
