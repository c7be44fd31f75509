// How far a share is, above Share (docs/product.md, "Create a post"): the clip's conversion or
// the post's upload as a bar with its percentage and, once it can be told, the time left; and
// Cancel, which stops it and keeps what was chosen and typed. Photos being processed show Cancel
// with a bar that does not yet know how far it is. Saving (the last, short step) cannot be
// stopped, so nothing shows then.

import type { ReactElement } from 'react'
import type { CreatePostStage } from '@shared/bridge-contract'
import type { SharingProgress } from '../../store/composer/composerStore'
import { clock } from '../../video/videoPlan'
import { useT } from '../../i18n'
import styles from './ShareProgress.module.scss'

export interface ShareProgressProps {
  stage: CreatePostStage | null
  progress: SharingProgress | null
  onCancel(): void
}

export function ShareProgress({
  stage,
  progress,
  onCancel
}: ShareProgressProps): ReactElement | null {
  const t = useT()
  if (stage === null || stage === 'saving') return null
  const step = progress?.step ?? (stage === 'uploading' ? 'uploading' : null)
  const percent = Math.round((progress?.fraction ?? 0) * 100)
  const left =
    progress?.secondsLeft != null
      ? ` · ${t('create.progress.timeLeft', { time: clock(progress.secondsLeft * 1000) })}`
      : ''
  return (
    <div className={styles.progress} role="status">
      {step && progress ? (
        <>
          <progress
            max={1}
            value={progress.fraction}
            aria-label={t(
              step === 'converting'
                ? 'create.progress.convertingLabel'
                : 'create.progress.uploadingLabel'
            )}
          />
          <span>
            {t(step === 'converting' ? 'create.progress.converting' : 'create.progress.uploading', {
              percent
            })}
            {left}
          </span>
        </>
      ) : (
        <progress aria-label={t('create.progress.preparingLabel')} />
      )}
      <button type="button" className={styles.cancel} onClick={onCancel}>
        {t('create.progress.cancel')}
      </button>
    </div>
  )
}
