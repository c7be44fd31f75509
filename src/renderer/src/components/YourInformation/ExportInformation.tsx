// Settings › Your information › Download your information: one button, a progress bar while the
// archive is written (main writes it to the file picked in the save dialog; a page downloads
// it), then what the archive holds.

import { useState, type ReactElement } from 'react'
import type { ExportProgress, ExportSummary } from '@shared/bridge-contract'
import { messageOr } from '@shared/errors'
import { MESSAGES } from '@shared/messages'
import { useStores } from '../../store'
import styles from '../Settings/SettingsSection.module.scss'
import own from './YourInformation.module.scss'

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

export function summaryText(summary: ExportSummary): string {
  const missing = summary.missing > 0 ? `, ${summary.missing} could not be read` : ''
  return `Saved ${summary.posts} posts and ${summary.photos} photos (${formatBytes(summary.bytes)})${missing}.`
}

export function ExportInformation(): ReactElement {
  const { api } = useStores()
  const [progress, setProgress] = useState<ExportProgress | null>(null)
  const [result, setResult] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  const start = async (): Promise<void> => {
    setError(null)
    setResult(null)
    setProgress({ done: 0, total: 0 })
    const stop = api.data.onExportProgress(setProgress)
    try {
      const summary = await api.data.exportInformation()
      if (summary) setResult(summaryText(summary))
    } catch (caught) {
      setError(messageOr(caught, MESSAGES.exportFailed))
    } finally {
      stop()
      setProgress(null)
    }
  }

  return (
    <section aria-labelledby="export-heading" className={own.block}>
      <h2 id="export-heading" className={own.heading}>
        Download your information
      </h2>
      <p className={styles.muted}>
        A zip of your profile, posts with their captions and dates, comments, likes, followers,
        following and live stories, with every photo at the size it was shared.
      </p>
      {progress ? (
        <div className={own.progress}>
          <progress
            aria-label="Download progress"
            value={progress.total ? progress.done : undefined}
            max={progress.total || undefined}
          />
          <span className={styles.muted} aria-live="polite">
            {progress.total
              ? `Writing ${progress.done} of ${progress.total} files`
              : 'Gathering your information…'}
          </span>
        </div>
      ) : (
        <button type="button" className={styles.primary} onClick={() => void start()}>
          Download your information
        </button>
      )}
      {result && (
        <p role="status" className={own.done}>
          {result}
        </p>
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </section>
  )
}
