// "Create a new password", after a recovery code or link signed the user in (and, with
// two-factor on, after its code: SecondFactorStep comes first): the password twice, then the
// account.

import { useState, type FormEvent, type ReactElement } from 'react'
import { AUTH_MESSAGES } from '@shared/auth-messages'
import { MESSAGES } from '@shared/messages'
import { useStores } from '../../store'
import { Field, StepError, useStepSubmit } from './AuthField'
import { SubmitButton } from './EmailCodeStep'
import { useT } from '../../i18n'
import styles from './AuthModal.module.scss'

/** The step's words, as catalog keys. */
export const NEW_PASSWORD_TEXT = {
  title: 'auth.newPassword.title',
  intro: 'auth.newPassword.intro',
  password: 'auth.newPassword.password',
  again: 'auth.newPassword.again',
  save: 'auth.newPassword.save'
} as const

export function NewPasswordStep(): ReactElement {
  const { api, session, ui } = useStores()
  const t = useT()
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
      <h2 className={styles.stepTitle}>{t(NEW_PASSWORD_TEXT.title)}</h2>
      <form className={styles.form} onSubmit={onSubmit}>
        <p className={styles.stepText}>{t(NEW_PASSWORD_TEXT.intro)}</p>
        <Field
          label={t(NEW_PASSWORD_TEXT.password)}
          type="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="new-password"
          autoFocus
        />
        <Field
          label={t(NEW_PASSWORD_TEXT.again)}
          type="password"
          value={again}
          onChange={(event) => setAgain(event.target.value)}
          autoComplete="new-password"
        />
        <SubmitButton busy={submit.busy} label={t(NEW_PASSWORD_TEXT.save)} />
      </form>
      <StepError error={submit.error} />
    </div>
  )
}
