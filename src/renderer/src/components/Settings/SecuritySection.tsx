// Settings › Security (docs/product.md, "Account recovery and security"): change the password
// (the current one first), change the email (confirmed from a mail to the new address), and
// two-factor authentication.

import { useState, type FormEvent, type ReactElement } from 'react'
import { AUTH_MESSAGES } from '@shared/auth-messages'
import { ACCOUNT_FAILED } from '../../services/rules'
import { useSession, useStores } from '../../store'
import { selectUser } from '../../store/session/sessionStore'
import { useStepSubmit } from '../AuthModal/AuthField'
import { SettingsField } from './SettingsField'
import { SubmitOutcome } from './SubmitOutcome'
import { TwoFactorSettings } from './TwoFactorSettings'
import styles from './SettingsSection.module.scss'

export const SECURITY_TEXT = {
  password: 'Change password',
  current: 'Current password',
  next: 'New password',
  again: 'New password, again',
  email: 'Change email',
  newEmail: 'New email',
  save: 'Save'
} as const

function PasswordForm(): ReactElement {
  const { api } = useStores()
  const [fields, setFields] = useState({ current: '', next: '', again: '' })
  const [done, setDone] = useState(false)
  const submit = useStepSubmit()
  const set = (name: keyof typeof fields) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }))

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault()
    setDone(false)
    if (fields.next !== fields.again) {
      submit.setError(AUTH_MESSAGES.passwordMismatch)
      return
    }
    void submit.run(async () => {
      await api.account.changePassword({
        currentPassword: fields.current,
        newPassword: fields.next
      })
      setFields({ current: '', next: '', again: '' })
      setDone(true)
    }, ACCOUNT_FAILED)
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-labelledby="security-password">
      <h3 className={styles.subheading} id="security-password">
        {SECURITY_TEXT.password}
      </h3>
      <SettingsField
        label={SECURITY_TEXT.current}
        type="password"
        value={fields.current}
        autoComplete="current-password"
        onChange={set('current')}
      />
      <SettingsField
        label={SECURITY_TEXT.next}
        type="password"
        value={fields.next}
        autoComplete="new-password"
        onChange={set('next')}
      />
      <SettingsField
        label={SECURITY_TEXT.again}
        type="password"
        value={fields.again}
        autoComplete="new-password"
        onChange={set('again')}
      />
      <SubmitOutcome
        submit={submit}
        label={SECURITY_TEXT.save}
        done={done ? AUTH_MESSAGES.passwordChanged : null}
      />
    </form>
  )
}

function EmailForm(): ReactElement {
  const { api } = useStores()
  const user = useSession(selectUser)
  const [email, setEmail] = useState('')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const submit = useStepSubmit()

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault()
    setSentTo(null)
    void submit.run(async () => {
      await api.account.changeEmail(email)
      setSentTo(email.trim())
      setEmail('')
    }, ACCOUNT_FAILED)
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-labelledby="security-email">
      <h3 className={styles.subheading} id="security-email">
        {SECURITY_TEXT.email}
      </h3>
      <p className={styles.muted}>Your email is {user?.email ?? '—'}.</p>
      <SettingsField
        label={SECURITY_TEXT.newEmail}
        type="email"
        value={email}
        autoComplete="email"
        onChange={setEmail}
      />
      <SubmitOutcome
        submit={submit}
        label={SECURITY_TEXT.save}
        done={sentTo ? AUTH_MESSAGES.emailChangeSent(sentTo) : null}
      />
    </form>
  )
}

export function SecuritySection(): ReactElement {
  return (
    <>
      <PasswordForm />
      <EmailForm />
      <TwoFactorSettings />
    </>
  )
}
