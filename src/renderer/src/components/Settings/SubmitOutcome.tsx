// The end of a settings form, the same in every section: its submit button (disabled and
// aria-busy while the step runs), the error the step failed with, and what it did.

import type { ReactElement } from 'react'
import type { StepSubmit } from '../AuthModal/AuthField'
import { useMessage } from '../../i18n/messages'
import styles from './SettingsSection.module.scss'

/** The step's error as an alert, or nothing. */
export function SubmitError({ submit }: { submit: StepSubmit }): ReactElement | null {
  const translate = useMessage()
  if (!submit.error) return null
  return (
    <p className={styles.error} role="alert">
      {translate(submit.error)}
    </p>
  )
}

export function SubmitOutcome({
  submit,
  label,
  danger = false,
  done = null
}: {
  submit: StepSubmit
  label: string
  /** The button of a step that cannot be undone (deleting the account). */
  danger?: boolean
  /** What the step did, once it did it. */
  done?: string | null
}): ReactElement {
  return (
    <>
      <div>
        <button
          type="submit"
          className={danger ? styles.danger : styles.primary}
          disabled={submit.busy}
          aria-busy={submit.busy}
        >
          {label}
        </button>
      </div>
      <SubmitError submit={submit} />
      {done && (
        <p className={styles.muted} role="status">
          {done}
        </p>
      )}
    </>
  )
}
