// "Create a new password", after a recovery code or link signed the user in (and, with
// two-factor on, after its code: SecondFactorStep comes first): the password twice, then the
// account.

import { useState, type FormEvent, type ReactElement } from 'react'
import { AUTH_MESSAGES } from '@shared/auth-messages'
import { MESSAGES } from '@shared/messages'
import { useStores } from '../../store'
import { Field, useStepSubmit } from './AuthField'
import { SubmitButton } from './EmailCodeStep'
import styles from './AuthModal.module.scss'

export const NEW_PASSWORD_TEXT = {
  title: 'Create a new password',
  intro: 'Your password must be at least 6 characters.',
  password: 'New password',
  again: 'New password, again',
  save: 'Reset password'
} as const

export function NewPasswordStep(): ReactElement {
  const { api, session, ui } = useStores()
  const [password, setPassword] = useState('')
  const [again, setAgain] = useState('')
  const submit = useStepSubmit()

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault()
    if (password !== again) {
      submit.setError(AUTH_MESSAGES.passwordMismatch)
      return
    }
    void submit.run(async () => {
      await api.account.setNewPassword(password)
      await session.getState().reload()
      ui.getState().closeModal()
    }, MESSAGES.signInFailed)
  }

  return (
    <div className={styles.step}>
      <h2 className={styles.stepTitle}>{NEW_PASSWORD_TEXT.title}</h2>
      <form className={styles.form} onSubmit={onSubmit}>
        <p className={styles.stepText}>{NEW_PASSWORD_TEXT.intro}</p>
        <Field
          label={NEW_PASSWORD_TEXT.password}
          type="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="new-password"
          autoFocus
        />
        <Field
          label={NEW_PASSWORD_TEXT.again}
          type="password"
          value={again}
          onChange={(event) => setAgain(event.target.value)}
          autoComplete="new-password"
        />
        <SubmitButton busy={submit.busy} label={NEW_PASSWORD_TEXT.save} />
      </form>
      {submit.error && (
        <p className={styles.error} role="alert">
          {submit.error}
        </p>
      )}
    </div>
  )
}
