// Create's first step: an unsent post offered back, the drop zone (or the file picker), what went
// wrong with the last pick, and the other thing one creates, a story.

import type { ReactElement, ReactNode } from 'react'
import type { Draft } from '../DraftPrompt/useDraft'
import type { CreatePostDraft } from '../DraftPrompt/useCreateDraft'
import { DraftPrompt } from '../DraftPrompt/DraftPrompt'
import { DropZone } from '../DropZone/DropZone'
import type { ImagePicker } from '../../picking/useImagePicker'
import { useT } from '../../i18n'
import styles from './CreatePostModal.module.scss'

export interface PickStepProps {
  draft: Draft<CreatePostDraft>
  onRestore(): void
  picker: ImagePicker
  errorLine: ReactNode
  onStoryInstead(): void
}

export function PickStep({
  draft,
  onRestore,
  picker,
  errorLine,
  onStoryInstead
}: PickStepProps): ReactElement {
  const offered = draft.offer?.photos.length ?? 0
  const t = useT()
  return (
    <div className={styles.pickStep}>
      {draft.offer && (
        <DraftPrompt
          what={t('create.unsentPost', { count: offered })}
          onRestore={onRestore}
          onDiscard={draft.discard}
        />
      )}
      <DropZone picker={picker} inputLabel={t('create.chooseFile')} />
      {errorLine}
      {/* A story lives 24 hours. */}
      <button type="button" className={styles.storyInstead} onClick={onStoryInstead}>
        {t('create.storyInstead')}
      </button>
    </div>
  )
}
