// Settings › Security › Two-factor authentication: turn it on with an authenticator app (scan
// the QR code or copy the secret, then enter its first code), see it on with its recovery codes
// (RecoveryCodes.tsx), and turn it off.

import { useEffect, useState, type FormEvent, type ReactElement } from 'react'
import type { TotpEnrollment, TwoFactorMethod } from '@shared/bridge-contract'
import { ACCOUNT_FAILED } from '../../services/rules'
import { messageOr } from '@shared/errors'
import { useStores } from '../../store'
import { useStepSubmit } from '../AuthModal/AuthField'
import { RecoveryCodes } from './RecoveryCodes'
import { SettingsField } from './SettingsField'
import { SubmitError } from './SubmitOutcome'
import styles from './SettingsSection.module.scss'

export const TWO_FACTOR_TEXT = {
  title: 'Two-factor authentication',
  off: 'Add a second step when you log in: a 6-digit code from an authentication app.',
  start: 'Turn on',
  scan: 'Scan this QR code with your authentication app, or enter the key below.',
  qr: 'QR code for your authentication app',
  code: 'Code from the app',
  confirm: 'Turn on two-factor authentication',
  on: 'Two-factor authentication is on.',
  remove: 'Turn off',
  copy: 'Copy key',
  copied: 'Key copied'
} as const

export function TwoFactorSettings(): ReactElement {
  const { api } = useStores()
  const [methods, setMethods] = useState<TwoFactorMethod[] | null>(null)
  const [enrollment, setEnrollment] = useState<TotpEnrollment | null>(null)
  const [code, setCode] = useState('')
  const [copied, setCopied] = useState(false)
  /** Turned on in this visit: the first recovery codes are made and shown at once. */
  const [justEnabled, setJustEnabled] = useState(false)
  const submit = useStepSubmit()

  // Bumped after a change, so the list is read again.
  const [version, setVersion] = useState(0)
  const { setError } = submit
  useEffect(() => {
    let live = true
    api.account.listTwoFactor().then(
      (list) => {
        if (live) setMethods(list)
      },
      (error: unknown) => {
        if (live) setError(messageOr(error, ACCOUNT_FAILED))
      }
    )
    return () => {
      live = false
    }
  }, [api, version, setError])
  const load = async (): Promise<void> => setVersion((value) => value + 1)

  const start = (): void =>
    void submit.run(async () => setEnrollment(await api.account.enrollTwoFactor()), ACCOUNT_FAILED)

  const confirm = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault()
    if (!enrollment) return
    void submit.run(async () => {
      await api.account.confirmTwoFactor({ factorId: enrollment.factorId, code })
      setEnrollment(null)
      setCode('')
      setJustEnabled(true)
      await load()
    }, ACCOUNT_FAILED)
  }

  const remove = (factorId: string): void =>
    void submit.run(async () => {
      await api.account.removeTwoFactor(factorId)
      setJustEnabled(false)
      await load()
    }, ACCOUNT_FAILED)

  const copy = (secret: string): void => {
    void navigator.clipboard?.writeText(secret).then(() => setCopied(true))
  }

  return (
    <section className={styles.form} aria-labelledby="security-two-factor">
      <h3 className={styles.subheading} id="security-two-factor">
        {TWO_FACTOR_TEXT.title}
      </h3>
      {methods && methods.length > 0 ? (
        <>
          <p role="status">{TWO_FACTOR_TEXT.on}</p>
          {methods.map((method) => (
            <div className={styles.row} key={method.id}>
              <div className={styles.grow}>
                <div>{method.name}</div>
                <div className={styles.muted}>
                  Added {new Date(method.createdAt).toLocaleDateString()}
                </div>
              </div>
              <button
                type="button"
                className={styles.secondary}
                disabled={submit.busy}
                onClick={() => remove(method.id)}
              >
                {TWO_FACTOR_TEXT.remove}
              </button>
            </div>
          ))}
          <RecoveryCodes generateNow={justEnabled} />
        </>
      ) : enrollment ? (
        <form className={styles.enroll} onSubmit={confirm}>
          <p className={styles.muted}>{TWO_FACTOR_TEXT.scan}</p>
          <img className={styles.qr} src={enrollment.qrCodeSvg} alt={TWO_FACTOR_TEXT.qr} />
          <div className={styles.row}>
            <code className={`${styles.grow} ${styles.secret}`} aria-label="Setup key">
              {enrollment.secret}
            </code>
            <button
              type="button"
              className={styles.secondary}
              onClick={() => copy(enrollment.secret)}
            >
              {copied ? TWO_FACTOR_TEXT.copied : TWO_FACTOR_TEXT.copy}
            </button>
          </div>
          <SettingsField
            label={TWO_FACTOR_TEXT.code}
            value={code}
            inputMode="numeric"
            autoComplete="one-time-code"
            onChange={setCode}
          />
          <div>
            <button type="submit" className={styles.primary} disabled={submit.busy}>
              {TWO_FACTOR_TEXT.confirm}
            </button>
          </div>
        </form>
      ) : (
        <div className={styles.row}>
          <p className={`${styles.grow} ${styles.muted}`}>{TWO_FACTOR_TEXT.off}</p>
          <button
            type="button"
            className={styles.primary}
            disabled={submit.busy || methods === null}
            onClick={start}
          >
            {TWO_FACTOR_TEXT.start}
          </button>
        </div>
      )}
      <SubmitError submit={submit} />
    </section>
  )
}
