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
import { useLocale, useT } from '../../i18n'
import en from '../../i18n/locales/en.json'
import styles from './SettingsSection.module.scss'

/** The section's English words (tests find its controls by them). */
export const TWO_FACTOR_TEXT = en.settings.twoFactor

export function TwoFactorSettings(): ReactElement {
  const { api } = useStores()
  const [methods, setMethods] = useState<TwoFactorMethod[] | null>(null)
  const [enrollment, setEnrollment] = useState<TotpEnrollment | null>(null)
  const [code, setCode] = useState('')
  const [copied, setCopied] = useState(false)
  /** Turned on in this visit: the first recovery codes are made and shown at once. */
  const [justEnabled, setJustEnabled] = useState(false)
  const submit = useStepSubmit()
  const t = useT()
  const locale = useLocale()

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
        {t('settings.twoFactor.title')}
      </h3>
      {methods && methods.length > 0 ? (
        <>
          <p role="status">{t('settings.twoFactor.on')}</p>
          {methods.map((method) => (
            <div className={styles.row} key={method.id}>
              <div className={styles.grow}>
                <div>{method.name}</div>
                <div className={styles.muted}>
                  {t('settings.twoFactor.added', {
                    date: new Date(method.createdAt).toLocaleDateString(locale)
                  })}
                </div>
              </div>
              <button
                type="button"
                className={styles.secondary}
                disabled={submit.busy}
                onClick={() => remove(method.id)}
              >
                {t('settings.twoFactor.remove')}
              </button>
            </div>
          ))}
          <RecoveryCodes generateNow={justEnabled} />
        </>
      ) : enrollment ? (
        <form className={styles.enroll} onSubmit={confirm}>
          <p className={styles.muted}>{t('settings.twoFactor.scan')}</p>
          <img className={styles.qr} src={enrollment.qrCodeSvg} alt={t('settings.twoFactor.qr')} />
          <div className={styles.row}>
            <code
              className={`${styles.grow} ${styles.secret}`}
              aria-label={t('settings.twoFactor.key')}
            >
              {enrollment.secret}
            </code>
            <button
              type="button"
              className={styles.secondary}
              onClick={() => copy(enrollment.secret)}
            >
              {copied ? t('settings.twoFactor.copied') : t('settings.twoFactor.copy')}
            </button>
          </div>
          <SettingsField
            label={t('settings.twoFactor.code')}
            value={code}
            inputMode="numeric"
            autoComplete="one-time-code"
            onChange={setCode}
          />
          <div>
            <button type="submit" className={styles.primary} disabled={submit.busy}>
              {t('settings.twoFactor.confirm')}
            </button>
          </div>
        </form>
      ) : (
        <div className={styles.row}>
          <p className={`${styles.grow} ${styles.muted}`}>{t('settings.twoFactor.off')}</p>
          <button
            type="button"
            className={styles.primary}
            disabled={submit.busy || methods === null}
            onClick={start}
          >
            {t('settings.twoFactor.start')}
          </button>
        </div>
      )}
      <SubmitError submit={submit} />
    </section>
  )
}
