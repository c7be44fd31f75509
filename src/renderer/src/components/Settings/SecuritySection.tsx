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
import { useT } from '../../i18n'
import en from '../../i18n/locales/en.json'
import styles from './SettingsSection.module.scss'

/** The section's English words (tests find its controls by them). */
export const SECURITY_TEXT = en.settings.security

function PasswordForm(): ReactElement {
  const { api } = useStores()
  const [fields, setFields] = useState({ current: '', next: '', again: '' })
  const [done, setDone] = useState(false)
  const submit = useStepSubmit()
  const t = useT()
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
        {t('settings.security.password')}
      </h3>
      <SettingsField
        label={t('settings.security.current')}
        type="password"
        value={fields.current}
        autoComplete="current-password"
        onChange={set('current')}
      />
      <SettingsField
        label={t('settings.security.next')}
        type="password"
        value={fields.next}
        autoComplete="new-password"
        onChange={set('next')}
      />
      <SettingsField
        label={t('settings.security.again')}
        type="password"
        value={fields.again}
        autoComplete="new-password"
        onChange={set('again')}
      />
      <SubmitOutcome
        submit={submit}
        label={t('settings.security.save')}
        done={done ? t('settings.security.passwordChanged') : null}
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
  const t = useT()

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
        {t('settings.security.email')}
      </h3>
      <p className={styles.muted}>
        {t('settings.security.yourEmail', { email: user?.email ?? '—' })}
      </p>
      <SettingsField
        label={t('settings.security.newEmail')}
        type="email"
        value={email}
        autoComplete="email"
        onChange={setEmail}
      />
      <SubmitOutcome
        submit={submit}
        label={t('settings.security.save')}
        done={sentTo ? t('settings.security.emailChangeSent', { email: sentTo }) : null}
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
