// The Moderation view at #/moderation (issue #25): the open reports, one per reported thing, with
// the content as it is now, and the three answers: Dismiss, Remove (the content and its photos)
// and Suspend (the author); then the suspended accounts, each of which may be lifted. Only
// moderators reach it from the account menu, and only they get anything from the database:
// anyone else sees the refusal.

import { useEffect, type ReactElement } from 'react'
import type { ParseKeys } from 'i18next'
import type { ModerationAction, ModerationReport, ReportReason } from '../../services/types'
import { relativeAge } from '@shared/format'
import { useSafety, useStores } from '../../store'
import { useMessage } from '../../i18n/messages'
import { useLocale, useT } from '../../i18n'
import { phrase } from '../../i18n/phrase'
import styles from './ModerationPage.module.scss'
import { SuspendedAccounts } from './SuspendedAccounts'
import { useModerationAction } from './useModerationAction'

const REASON_LABELS: Record<ReportReason, ParseKeys> = {
  spam: 'moderation.reasons.spam',
  nudity: 'moderation.reasons.nudity',
  harassment: 'moderation.reasons.harassment',
  violence: 'moderation.reasons.violence',
  other: 'moderation.reasons.other'
}
const ACTION_DONE: Record<ModerationAction, ParseKeys> = {
  dismiss: 'moderation.dismissed',
  remove: 'moderation.removed',
  suspend: 'moderation.suspended'
}

function ReportCard({ report }: { report: ModerationReport }): ReactElement {
  const { safety } = useStores()
  const { busy, run } = useModerationAction()
  const t = useT()
  const locale = useLocale()
  const act = (action: ModerationAction): Promise<void> =>
    run(() => safety.getState().resolve(report.report_id, action), phrase(ACTION_DONE[action]))
  const what = t(`moderation.targets.${report.target_type}`)
  const author = report.author_username ?? t('moderation.unknown')
  return (
    <li className={styles.card} aria-label={t('moderation.reportLabel', { what, author })}>
      <div className={styles.head}>
        <strong>
          {REASON_LABELS[report.reason] ? t(REASON_LABELS[report.reason]) : report.reason} · {what}
        </strong>
        <span className={styles.muted}>
          {report.report_count > 1
            ? `${t('moderation.reports', { count: report.report_count })} · `
            : ''}
          {t('moderation.reported', { age: relativeAge(report.reported_at, undefined, locale) })}
        </span>
      </div>
      <div className={styles.content}>
        {report.content_image_url && (
          <img
            className={styles.image}
            src={report.content_image_url}
            alt={t('moderation.reportedContent', { what })}
          />
        )}
        <div>
          <div>
            {t('moderation.by')}{' '}
            <strong>@{report.author_username ?? t('moderation.deleted')}</strong>
            {report.author_suspended ? ` ${t('moderation.suspendedMark')}` : ''}
          </div>
          {report.content_text ? (
            <p className={styles.text}>{report.content_text}</p>
          ) : (
            <p className={styles.muted}>{t('moderation.noText')}</p>
          )}
          {report.details && (
            <p className={styles.muted}>
              {t('moderation.note', {
                reporter: report.reporter_username ?? t('moderation.unknown'),
                details: report.details
              })}
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
          {t('moderation.dismiss')}
        </button>
        {report.target_type !== 'profile' && (
          <button
            type="button"
            className={styles.danger}
            disabled={busy}
            onClick={() => void act('remove')}
          >
            {t('moderation.remove', { what })}
          </button>
        )}
        <button
          type="button"
          className={styles.danger}
          disabled={busy || report.author_suspended === true || !report.author_id}
          onClick={() => void act('suspend')}
        >
          {t('moderation.suspend')}
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
  const t = useT()
  useEffect(() => {
    void safety.getState().loadReports()
  }, [safety])
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{t('menu.moderation')}</h1>
      {status === 'failed' && (
        <p className={styles.error} role="alert">
          {error && translate(error)}
        </p>
      )}
      {status === 'loading' && reports.length === 0 && (
        <p role="status">{t('moderation.loading')}</p>
      )}
      {status === 'ready' && reports.length === 0 && (
        <p className={styles.muted}>{t('moderation.none')}</p>
      )}
      {reports.length > 0 && (
        <ul className={styles.list} aria-label={t('moderation.open')}>
          {reports.map((report) => (
            <ReportCard key={report.report_id} report={report} />
          ))}
        </ul>
      )}
      {status !== 'failed' && <SuspendedAccounts />}
    </main>
  )
}
