// "Forgot password?" and "Send me a login code" (docs/product.md, "Account recovery and
// security"): the email first, then the 6-digit code from the mail (the mail's link works too).
// A recovery code leads on to "Create a new password"; a login code signs in (then asks for the
// second factor if the account has one).

import { useState, type FormEvent, type ReactElement } from 'react'
import { LockKeyhole, Mail } from 'lucide-react'
import { MESSAGES } from '@shared/messages'
import { useStores } from '../../store'
import { Spinner } from '../Spinner/Spinner'
import { CodeField, Field, StepError, useStepSubmit } from './AuthField'
import { useT } from '../../i18n'
import styles from './AuthModal.module.scss'

/** The step's words, as catalog keys. */
export const EMAIL_CODE_TEXT = {
  forgot: {
    title: 'auth.recovery.forgotTitle',
    intro: 'auth.recovery.forgotIntro',
    send: 'auth.recovery.forgotSend'
  },
  'login-code': {
    title: 'auth.recovery.codeTitle',
    intro: 'auth.recovery.codeIntro',
    send: 'auth.sendLoginCode'
  },
  code: 'auth.recovery.code',
  confirm: 'auth.recovery.continue',
  resend: 'auth.recovery.resend',
  resent: 'auth.recovery.resent'
} as const

export function EmailCodeStep({ kind }: { kind: 'forgot' | 'login-code' }): ReactElement {
  const { api, session, ui } = useStores()
  const t = useT()
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const submit = useStepSubmit()
  const text = EMAIL_CODE_TEXT[kind]
  const Icon = kind === 'forgot' ? LockKeyhole : Mail

  const send = (address: string): Promise<void> =>
    kind === 'forgot'
      ? api.account.requestPasswordReset(address)
      : api.account.sendLoginCode(address)

  const onSend = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault()
    void submit.run(async () => {
      await send(email)
      setSentTo(email.trim())
    }, MESSAGES.signInFailed)
  }

  const onVerify = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault()
    if (!sentTo) return
    void submit.run(async () => {
      const recovery = kind === 'forgot'
      await api.account.verifyEmailCode({
        email: sentTo,
        code,
        kind: recovery ? 'recovery' : 'login'
      })
      const snapshot = await session.getState().reload()
      // With two-factor on, the code from the app comes first: only an aal2 session may set a
      // new password (the server refuses it before, as GoTrue does).
      if (snapshot.pending === 'second-factor') ui.getState().setAuthMode('second-factor')
      else if (recovery) ui.getState().setAuthMode('new-password')
      else ui.getState().closeModal()
    }, MESSAGES.signInFailed)
  }

  const onResend = (): void => {
    if (!sentTo) return
    setNotice(null)
    void submit.run(async () => {
      await send(sentTo)
      setNotice(t(EMAIL_CODE_TEXT.resent))
    }, MESSAGES.signInFailed)
  }

  return (
    <div className={styles.step}>
      <Icon className={styles.stepIcon} size={56} strokeWidth={1.2} aria-hidden />
      <h2 className={styles.stepTitle}>{t(text.title)}</h2>
      {sentTo === null ? (
        <form className={styles.form} onSubmit={onSend}>
          <p className={styles.stepText}>{t(text.intro)}</p>
          <Field
            label={t('auth.email')}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            autoComplete="email"
            autoFocus
          />
          <SubmitButton busy={submit.busy} label={t(text.send)} />
        </form>
      ) : (
        <form className={styles.form} onSubmit={onVerify}>
          <p className={styles.stepText} role="status">
            {t('auth.recovery.emailSent', { email: sentTo })}
          </p>
          <CodeField
            label={t(EMAIL_CODE_TEXT.code)}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <SubmitButton busy={submit.busy} label={t(EMAIL_CODE_TEXT.confirm)} />
          <button type="button" className={styles.linkButton} onClick={onResend}>
            {t(EMAIL_CODE_TEXT.resend)}
          </button>
          {notice && <p className={styles.stepText}>{notice}</p>}
        </form>
      )}
      <StepError error={submit.error} />
    </div>
  )
}

export function SubmitButton({ busy, label }: { busy: boolean; label: string }): ReactElement {
  return (
    <button type="submit" className={styles.submit} disabled={busy} aria-busy={busy}>
      {busy && <Spinner size={16} light />}
      {label}
    </button>
  )
}
