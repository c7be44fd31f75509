// Settings › Your information › Import from Instagram: choose the download (zip or folder), see
// the posts it would make and what is left out, then import them with their captions and dates.

import { useEffect, useMemo, useState, type ChangeEvent, type ReactElement } from 'react'
import { planInstagramImport, readDownload } from '../../services/instagramImport'
import type { ImportPlan } from '../../services/types'
import { messageOr } from '@shared/errors'
import { MESSAGES } from '@shared/messages'
import { useStores } from '../../store'
import styles from '../Settings/SettingsSection.module.scss'
import { importPosts, SKIP_REASONS, type ImportOutcome } from './importRunner'
import own from './YourInformation.module.scss'

type Step =
  | { kind: 'choose' }
  | { kind: 'reading' }
  | { kind: 'preview'; plan: ImportPlan }
  | { kind: 'importing'; plan: ImportPlan; done: number }
  | { kind: 'done'; outcome: ImportOutcome }

function PreviewGrid({ plan }: { plan: ImportPlan }): ReactElement {
  const urls = useMemo(
    () =>
      plan.posts.map((post) =>
        URL.createObjectURL(
          new Blob([new Uint8Array(post.photos[0].bytes)], { type: post.photos[0].type })
        )
      ),
    [plan]
  )
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls])
  return (
    <ul className={own.grid} aria-label="Posts to import">
      {plan.posts.map((post, i) => (
        <li key={post.key} className={own.tile}>
          <img src={urls[i]} alt={post.caption || 'Photo without a caption'} />
          {post.photos.length > 1 && <span className={own.count}>{post.photos.length}</span>}
        </li>
      ))}
    </ul>
  )
}

function SkippedReport({ plan }: { plan: ImportPlan }): ReactElement | null {
  if (plan.skipped.length === 0) return null
  return (
    <details>
      <summary>
        {plan.skipped.length} {plan.skipped.length === 1 ? 'file' : 'files'} will be skipped
      </summary>
      <ul className={own.skipped} aria-label="Skipped files">
        {plan.skipped.map((skip, i) => (
          <li key={`${skip.uri}-${i}`}>
            {skip.uri}: {SKIP_REASONS[skip.reason]}
          </li>
        ))}
      </ul>
    </details>
  )
}

export function ImportFromInstagram(): ReactElement {
  const { api } = useStores()
  const [step, setStep] = useState<Step>({ kind: 'choose' })
  const [error, setError] = useState<string | null>(null)

  const choose = async (event: ChangeEvent<HTMLInputElement>): Promise<void> => {
    const files = [...(event.target.files ?? [])]
    event.target.value = ''
    if (files.length === 0) return
    setError(null)
    setStep({ kind: 'reading' })
    try {
      setStep({ kind: 'preview', plan: await planInstagramImport(await readDownload(files)) })
    } catch (caught) {
      setError(messageOr(caught, MESSAGES.importFailed))
      setStep({ kind: 'choose' })
    }
  }

  const run = async (plan: ImportPlan): Promise<void> => {
    setStep({ kind: 'importing', plan, done: 0 })
    const outcome = await importPosts(api, plan.posts, (done) =>
      setStep({ kind: 'importing', plan, done })
    )
    setStep({ kind: 'done', outcome })
  }

  return (
    <section aria-labelledby="import-heading" className={own.block}>
      <h2 id="import-heading" className={own.heading}>
        Import from Instagram
      </h2>
      <p className={styles.muted}>
        Choose your Instagram data download (the zip, or the folder you unzipped). Your photos keep
        their captions and the dates you first shared them.
      </p>
      {(step.kind === 'choose' || step.kind === 'done') && (
        <div className={own.choices}>
          <label className={styles.secondary}>
            Choose zip…
            <input
              className={own.hiddenInput}
              type="file"
              accept=".zip,application/zip"
              aria-label="Instagram download (zip)"
              onChange={(event) => void choose(event)}
            />
          </label>
          <label className={styles.secondary}>
            Choose folder…
            <input
              className={own.hiddenInput}
              type="file"
              aria-label="Instagram download (folder)"
              multiple
              {...{ webkitdirectory: '' }}
              onChange={(event) => void choose(event)}
            />
          </label>
        </div>
      )}
      {step.kind === 'reading' && <p className={styles.muted}>Reading your download…</p>}
      {step.kind === 'preview' && (
        <>
          <p>
            {step.plan.posts.length} {step.plan.posts.length === 1 ? 'post' : 'posts'} ready to
            import.
          </p>
          <PreviewGrid plan={step.plan} />
          <SkippedReport plan={step.plan} />
          <div className={own.choices}>
            <button
              type="button"
              className={styles.primary}
              disabled={step.plan.posts.length === 0}
              onClick={() => void run(step.plan)}
            >
              Import {step.plan.posts.length} {step.plan.posts.length === 1 ? 'post' : 'posts'}
            </button>
            <button
              type="button"
              className={styles.secondary}
              onClick={() => setStep({ kind: 'choose' })}
            >
              Cancel
            </button>
          </div>
        </>
      )}
      {step.kind === 'importing' && (
        <div className={own.progress}>
          <progress aria-label="Import progress" value={step.done} max={step.plan.posts.length} />
          <span className={styles.muted} aria-live="polite">
            Importing {step.done} of {step.plan.posts.length}
          </span>
        </div>
      )}
      {step.kind === 'done' && (
        <div role="status" className={own.done}>
          Imported {step.outcome.imported} {step.outcome.imported === 1 ? 'post' : 'posts'}.
          {step.outcome.failed.length > 0 && (
            <ul className={own.skipped} aria-label="Posts not imported">
              {step.outcome.failed.map((failure, i) => (
                <li key={i}>
                  {failure.caption || 'A post without a caption'}: {failure.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </section>
  )
}
