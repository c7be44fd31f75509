// The Moderation view at #/moderation (issue #25): the open reports, one per reported thing, with
// the content as it is now, and the three answers: Dismiss, Remove (the content and its photos)
// and Suspend (the author); then the suspended accounts, each of which may be lifted. Only
// moderators reach it from the account menu, and only they get anything from the database:
// anyone else sees the refusal.

import { useEffect, useState, type ReactElement } from 'react'
import { messageOr } from '@shared/errors'
import { REPORT_REASONS } from '../../services/safetyRules'
import type { ModerationAction, ModerationReport } from '../../services/types'
import { relativeAge } from '@shared/format'
import { useSafety, useStores } from '../../store'
import { useMessage } from '../../i18n/messages'
import styles from './ModerationPage.module.scss'
import { SuspendedAccounts } from './SuspendedAccounts'

const REASON_LABELS = Object.fromEntries(REPORT_REASONS.map((r) => [r.value, r.label]))
const ACTION_DONE: Record<ModerationAction, string> = {
  dismiss: 'Report dismissed',
  remove: 'Content removed',
  suspend: 'Account suspended'
}

function ReportCard({ report }: { report: ModerationReport }): ReactElement {
  const { safety, toast } = useStores()
  const [busy, setBusy] = useState(false)
  const act = async (action: ModerationAction): Promise<void> => {
    setBusy(true)
    try {
      await safety.getState().resolve(report.report_id, action)
      toast.getState().show(ACTION_DONE[action])
    } catch (caught) {
      toast.getState().show(messageOr(caught, 'unknown error'))
      setBusy(false)
    }
  }
  const what = report.target_type === 'profile' ? 'account' : report.target_type
  return (
    <li
      className={styles.card}
      aria-label={`Report on a ${what} by ${report.author_username ?? 'unknown'}`}
    >
      <div className={styles.head}>
        <strong>
          {REASON_LABELS[report.reason] ?? report.reason} · {what}
        </strong>
        <span className={styles.muted}>
          {report.report_count > 1 ? `${report.report_count} reports · ` : ''}
          reported {relativeAge(report.reported_at)}
        </span>
      </div>
      <div className={styles.content}>
        {report.content_image_url && (
          <img className={styles.image} src={report.content_image_url} alt={`Reported ${what}`} />
        )}
        <div>
          <div>
            by <strong>@{report.author_username ?? 'deleted'}</strong>
            {report.author_suspended ? ' (suspended)' : ''}
          </div>
          {report.content_text ? (
            <p className={styles.text}>{report.content_text}</p>
          ) : (
            <p className={styles.muted}>No text</p>
          )}
          {report.details && (
            <p className={styles.muted}>
              Reporter&apos;s note ({report.reporter_username ?? 'unknown'}): {report.details}
            </p>
          )}
        </div>
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.secondary}
          disabled={busy}
          onClick={() => void act('dismiss')}
        >
          Dismiss
        </button>
        {report.target_type !== 'profile' && (
          <button
            type="button"
            className={styles.danger}
            disabled={busy}
            onClick={() => void act('remove')}
          >
            Remove {what}
          </button>
        )}
        <button
          type="button"
          className={styles.danger}
          disabled={busy || report.author_suspended === true || !report.author_id}
          onClick={() => void act('suspend')}
        >
          Suspend account
        </button>
      </div>
    </li>
  )
}

export function ModerationPage(): ReactElement {
  const { safety } = useStores()
  const reports = useSafety((state) => state.reports)
  const status = useSafety((state) => state.status.reports)
  const error = useSafety((state) => state.error)
  const translate = useMessage()
  useEffect(() => {
    void safety.getState().loadReports()
  }, [safety])
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>Moderation</h1>
      {status === 'failed' && (
        <p className={styles.error} role="alert">
          {error && translate(error)}
        </p>
      )}
      {status === 'loading' && reports.length === 0 && <p role="status">Loading reports…</p>}
      {status === 'ready' && reports.length === 0 && (
        <p className={styles.muted}>No open reports.</p>
      )}
      {reports.length > 0 && (
        <ul className={styles.list} aria-label="Open reports">
          {reports.map((report) => (
            <ReportCard key={report.report_id} report={report} />
          ))}
        </ul>
      )}
      {status !== 'failed' && <SuspendedAccounts />}
    </main>
  )
}
