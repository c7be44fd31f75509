// Settings › Security › Two-factor authentication › Recovery codes: ten single-use codes that
// stand in for the authentication app at log in. Shown once, right after two-factor is turned on
// (and after "Get new codes"), with Copy and Download; otherwise how many are left. A server
// without recovery codes (a hosted Supabase project) shows nothing here.

import { useEffect, useState, type ReactElement } from 'react'
import type { RecoveryCodeStatus } from '@shared/bridge-contract'
import { ACCOUNT_FAILED } from '../../services/rules'
import { messageOr } from '@shared/errors'
import { useStores } from '../../store'
import { useStepSubmit } from '../AuthModal/AuthField'
import { downloadText } from './downloadText'
import { SubmitError } from './SubmitOutcome'
import { useT } from '../../i18n'
import en from '../../i18n/locales/en.json'
import styles from './SettingsSection.module.scss'
import codeStyles from './RecoveryCodes.module.scss'

/** The section's English words (tests find its controls by them), and the file's name. */
export const RECOVERY_CODES_TEXT = {
  ...en.settings.recoveryCodes,
  fileName: 'instaframe-recovery-codes.txt'
} as const

export interface RecoveryCodesProps {
  /** Two-factor was just turned on: make the first set straight away. */
  generateNow: boolean
}

export function RecoveryCodes({ generateNow }: RecoveryCodesProps): ReactElement | null {
  const { api } = useStores()
  // undefined while asking; null when the server offers none.
  const [status, setStatus] = useState<RecoveryCodeStatus | null | undefined>(undefined)
  const [codes, setCodes] = useState<string[] | null>(null)
  const [copied, setCopied] = useState(false)
  const submit = useStepSubmit()
  const t = useT()

  const { setError } = submit
  useEffect(() => {
    let live = true
    const load = async (): Promise<void> => {
      const found = await api.account.recoveryCodeStatus()
      if (!found || !generateNow) {
        if (live) setStatus(found)
        return
      }
      const fresh = await api.account.generateRecoveryCodes()
      if (!live) return
      setCodes(fresh)
      setStatus({ total: fresh.length, remaining: fresh.length })
    }
    load().catch((error: unknown) => {
      if (live) setError(messageOr(error, ACCOUNT_FAILED))
    })
    return () => {
      live = false
    }
  }, [api, generateNow, setError])

  const generate = (): void =>
    void submit.run(async () => {
      const fresh = await api.account.generateRecoveryCodes()
      setCodes(fresh)
      setCopied(false)
      setStatus({ total: fresh.length, remaining: fresh.length })
    }, ACCOUNT_FAILED)

  if (status === null || (status === undefined && !submit.error)) return null

  const error = <SubmitError submit={submit} />

  if (codes) {
    const text = `${t('settings.recoveryCodes.fileIntro')}\n\n${codes.join('\n')}\n`
    return (
      <div className={styles.enroll}>
        <h4 className={styles.subheading}>{t('settings.recoveryCodes.title')}</h4>
        <p className={styles.muted}>{t('settings.recoveryCodes.save')}</p>
        <ol className={codeStyles.codes} aria-label={t('settings.recoveryCodes.list')}>
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ol>
        <div className={codeStyles.actions}>
          <button
            type="button"
            className={styles.secondary}
            onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}
          >
            {copied ? t('settings.recoveryCodes.copied') : t('settings.recoveryCodes.copy')}
          </button>
          <button
            type="button"
            className={styles.secondary}
            onClick={() => downloadText(RECOVERY_CODES_TEXT.fileName, text)}
          >
            {t('settings.recoveryCodes.download')}
          </button>
          <button type="button" className={styles.primary} onClick={() => setCodes(null)}>
            {t('settings.recoveryCodes.done')}
          </button>
        </div>
        {error}
      </div>
    )
  }

  return (
    <div className={styles.row}>
      <div className={styles.grow}>
        <div>{t('settings.recoveryCodes.title')}</div>
        <div className={styles.muted}>
          {status && status.total > 0
            ? t('settings.recoveryCodes.left', {
                count: status.total,
                remaining: status.remaining
              })
            : t('settings.recoveryCodes.none')}{' '}
          {t('settings.recoveryCodes.replaces')}
        </div>
        {error}
      </div>
      <button type="button" className={styles.secondary} disabled={submit.busy} onClick={generate}>
        {t('settings.recoveryCodes.generate')}
      </button>
    </div>
  )
}
