// Settings › Your information › Import from Instagram: choose the download (zip or folder), see
// the posts it would make and what is left out, then import them with their captions and dates.

import { useEffect, useMemo, useState, type ChangeEvent, type ReactElement } from 'react'
import { planInstagramImport, readDownload } from '../../services/instagramImport'
import type { ImportPlan } from '../../services/types'
import { useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import { useStores } from '../../store'
import { errorText, phrase, type Text } from '../../i18n/phrase'
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
  const t = useT()
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
    <ul className={own.grid} aria-label={t('information.import.toImport')}>
      {plan.posts.map((post, i) => (
        <li key={post.key} className={own.tile}>
          <img src={urls[i]} alt={post.caption || t('information.import.noCaptionPhoto')} />
          {post.photos.length > 1 && <span className={own.count}>{post.photos.length}</span>}
        </li>
      ))}
    </ul>
  )
}

function SkippedReport({ plan }: { plan: ImportPlan }): ReactElement | null {
  const t = useT()
  if (plan.skipped.length === 0) return null
  return (
    <details>
      <summary>{t('information.import.skipped', { count: plan.skipped.length })}</summary>
      <ul className={own.skipped} aria-label={t('information.import.skippedList')}>
        {plan.skipped.map((skip, i) => (
          <li key={`${skip.uri}-${i}`}>
            {t('information.import.skipLine', {
              file: skip.uri,
              reason: t(SKIP_REASONS[skip.reason])
            })}
          </li>
        ))}
      </ul>
    </details>
  )
}

export function ImportFromInstagram(): ReactElement {
  const { api } = useStores()
  const [step, setStep] = useState<Step>({ kind: 'choose' })
  const [error, setError] = useState<Text | null>(null)
  const t = useT()
  const translate = useMessage()

  const choose = async (event: ChangeEvent<HTMLInputElement>): Promise<void> => {
    const files = [...(event.target.files ?? [])]
    event.target.value = ''
    if (files.length === 0) return
    setError(null)
    setStep({ kind: 'reading' })
    try {
      setStep({ kind: 'preview', plan: await planInstagramImport(await readDownload(files)) })
    } catch (caught) {
      setError(errorText(caught, phrase('information.import.failed')))
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
        {t('information.import.title')}
      </h2>
      <p className={styles.muted}>{t('information.import.intro')}</p>
      {(step.kind === 'choose' || step.kind === 'done') && (
        <div className={own.choices}>
          <label className={styles.secondary}>
            {t('information.import.chooseZip')}
            <input
              className={own.hiddenInput}
              type="file"
              accept=".zip,application/zip"
              aria-label={t('information.import.zip')}
              onChange={(event) => void choose(event)}
            />
          </label>
          <label className={styles.secondary}>
            {t('information.import.chooseFolder')}
            <input
              className={own.hiddenInput}
              type="file"
              aria-label={t('information.import.folder')}
              multiple
              {...{ webkitdirectory: '' }}
              onChange={(event) => void choose(event)}
            />
          </label>
        </div>
      )}
      {step.kind === 'reading' && <p className={styles.muted}>{t('information.import.reading')}</p>}
      {step.kind === 'preview' && (
        <>
          <p>{t('information.import.ready', { count: step.plan.posts.length })}</p>
          <PreviewGrid plan={step.plan} />
          <SkippedReport plan={step.plan} />
          <div className={own.choices}>
            <button
              type="button"
              className={styles.primary}
              disabled={step.plan.posts.length === 0}
              onClick={() => void run(step.plan)}
            >
              {t('information.import.start', { count: step.plan.posts.length })}
            </button>
            <button
              type="button"
              className={styles.secondary}
              onClick={() => setStep({ kind: 'choose' })}
            >
              {t('common.cancel')}
            </button>
          </div>
        </>
      )}
      {step.kind === 'importing' && (
        <div className={own.progress}>
          <progress
            aria-label={t('information.import.progress')}
            value={step.done}
            max={step.plan.posts.length}
          />
          <span className={styles.muted} aria-live="polite">
            {t('information.import.importing', {
              done: step.done,
              count: step.plan.posts.length
            })}
          </span>
        </div>
      )}
      {step.kind === 'done' && (
        <div role="status" className={own.done}>
          {t('information.import.imported', { count: step.outcome.imported })}
          {step.outcome.failed.length > 0 && (
            <ul className={own.skipped} aria-label={t('information.import.notImported')}>
              {step.outcome.failed.map((failure, i) => (
                <li key={i}>
                  {t('information.import.failedLine', {
                    post: failure.caption || t('information.import.noCaptionPost'),
                    reason: translate(failure.message)
                  })}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {translate(error)}
        </p>
      )}
    </section>
  )
}
