// Settings › Your information › Download your information: one button, a progress bar while the
// archive is written (main writes it to the file picked in the save dialog; a page downloads
// it), then what the archive holds.

import { useState, type ReactElement } from 'react'
import type { ExportProgress, ExportSummary } from '@shared/bridge-contract'
import type { TFunction } from 'i18next'
import { useLocale, useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import { useStores } from '../../store'
import { errorText, phrase, type Text } from '../../i18n/phrase'
import styles from '../Settings/SettingsSection.module.scss'
import own from './YourInformation.module.scss'

/** The archive's size in the language's own units and separators ("3.0 MB", "3,0 MB"). */
function formatBytes(bytes: number, locale: string): string {
  const [value, unit, digits] =
    bytes < 1024 * 1024
      ? [Math.max(1, Math.round(bytes / 1024)), 'kilobyte', 0]
      : [bytes / (1024 * 1024), 'megabyte', 1]
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits
  }).format(value)
}

export function summaryText(summary: ExportSummary, t: TFunction, locale: string): string {
  return t('information.export.saved', {
    posts: t('information.export.posts', { count: summary.posts }),
    photos: t('information.export.photos', { count: summary.photos }),
    size: formatBytes(summary.bytes, locale),
    missing: summary.missing > 0 ? t('information.export.missing', { count: summary.missing }) : ''
  })
}

export function ExportInformation(): ReactElement {
  const { api } = useStores()
  const [progress, setProgress] = useState<ExportProgress | null>(null)
  const [result, setResult] = useState<ExportSummary | null>(null)
  const [error, setError] = useState<Text | null>(null)
  const t = useT()
  const locale = useLocale()
  const translate = useMessage()

  const start = async (): Promise<void> => {
    setError(null)
    setResult(null)
    setProgress({ done: 0, total: 0 })
    const stop = api.data.onExportProgress(setProgress)
    try {
      const summary = await api.data.exportInformation()
      if (summary) setResult(summary)
    } catch (caught) {
      setError(errorText(caught, phrase('information.export.failed')))
    } finally {
      stop()
      setProgress(null)
    }
  }

  return (
    <section aria-labelledby="export-heading" className={own.block}>
      <h2 id="export-heading" className={own.heading}>
        {t('information.export.title')}
      </h2>
      <p className={styles.muted}>{t('information.export.intro')}</p>
      {progress ? (
        <div className={own.progress}>
          <progress
            aria-label={t('information.export.progress')}
            value={progress.total ? progress.done : undefined}
            max={progress.total || undefined}
          />
          <span className={styles.muted} aria-live="polite">
            {progress.total
              ? t('information.export.writing', { done: progress.done, count: progress.total })
              : t('information.export.gathering')}
          </span>
        </div>
      ) : (
        <button type="button" className={styles.primary} onClick={() => void start()}>
          {t('information.export.title')}
        </button>
      )}
      {result && (
        <p role="status" className={own.done}>
          {summaryText(result, t, locale)}
        </p>
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {translate(error)}
        </p>
      )}
    </section>
  )
}
