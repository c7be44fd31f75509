// "…" on someone else's story: report the story, block or mute its author (issue #25), with the
// same dialog as a post's or a profile's. The story pauses while the dialog is open, and a block
// closes the viewer, since the author's stories are gone from it.

import { lazy, Suspense, useEffect, useState, type ReactElement } from 'react'
import { MoreHorizontal } from 'lucide-react'
import type { LiveStory } from '@shared/domain'
import { useT } from '../../i18n'
import styles from './StoryViewer.module.scss'

const SafetyActions = lazy(() =>
  import('../SafetyActions/SafetyActions').then((module) => ({ default: module.SafetyActions }))
)

export interface StoryOptionsProps {
  story: LiveStory
  authorName: string
  /** The viewer pauses, and leaves keys to the dialog, while it is open. */
  onOpenChange(open: boolean): void
  onBlocked(): void
}

export function StoryOptions({
  story,
  authorName,
  onOpenChange,
  onBlocked
}: StoryOptionsProps): ReactElement {
  const t = useT()
  const [open, setOpen] = useState(false)
  useEffect(() => onOpenChange(open), [open, onOpenChange])
  return (
    <>
      <button
        type="button"
        className={styles.options}
        aria-label={t('postView.reportOrBlock', { username: authorName })}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <MoreHorizontal size={20} aria-hidden />
      </button>
      {open && (
        <Suspense fallback={null}>
          <SafetyActions
            person={{ id: story.user_id, username: authorName }}
            target={{ type: 'story', id: story.id }}
            onClose={() => setOpen(false)}
            onBlocked={onBlocked}
          />
        </Suspense>
      )}
    </>
  )
}
