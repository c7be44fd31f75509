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
import styles from './SettingsSection.module.scss'
import codeStyles from './RecoveryCodes.module.scss'

export const RECOVERY_CODES_TEXT = {
  title: 'Recovery codes',
  save: "Save these recovery codes somewhere safe. If you can't use your authentication app, each code logs you in once. You won't see them again.",
  list: 'Your recovery codes',
  copy: 'Copy codes',
  copied: 'Codes copied',
  download: 'Download',
  done: "I've saved them",
  left: (remaining: number, total: number): string =>
    `${remaining} of ${total} recovery codes left.`,
  none: 'No recovery codes yet.',
  generate: 'Get new codes',
  replaces: 'Getting new codes turns off the ones you have now.',
  fileName: 'instaframe-recovery-codes.txt',
  fileIntro: 'Instaframe recovery codes. Each code logs you in once, in place of your app.'
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
    const text = `${RECOVERY_CODES_TEXT.fileIntro}\n\n${codes.join('\n')}\n`
    return (
      <div className={styles.enroll}>
        <h4 className={styles.subheading}>{RECOVERY_CODES_TEXT.title}</h4>
        <p className={styles.muted}>{RECOVERY_CODES_TEXT.save}</p>
        <ol className={codeStyles.codes} aria-label={RECOVERY_CODES_TEXT.list}>
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
            {copied ? RECOVERY_CODES_TEXT.copied : RECOVERY_CODES_TEXT.copy}
          </button>
          <button
            type="button"
            className={styles.secondary}
            onClick={() => downloadText(RECOVERY_CODES_TEXT.fileName, text)}
          >
            {RECOVERY_CODES_TEXT.download}
          </button>
          <button type="button" className={styles.primary} onClick={() => setCodes(null)}>
            {RECOVERY_CODES_TEXT.done}
          </button>
        </div>
        {error}
      </div>
    )
  }

  return (
    <div className={styles.row}>
      <div className={styles.grow}>
        <div>{RECOVERY_CODES_TEXT.title}</div>
        <div className={styles.muted}>
          {status && status.total > 0
            ? RECOVERY_CODES_TEXT.left(status.remaining, status.total)
            : RECOVERY_CODES_TEXT.none}{' '}
          {RECOVERY_CODES_TEXT.replaces}
        </div>
        {error}
      </div>
      <button type="button" className={styles.secondary} disabled={submit.busy} onClick={generate}>
        {RECOVERY_CODES_TEXT.generate}
      </button>
    </div>
  )
}
