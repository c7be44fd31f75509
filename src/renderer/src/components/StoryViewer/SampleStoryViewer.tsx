// The viewer of the sample stories a new user or a visitor sees (docs/product.md, "Stories"):
// the same dark frame, progress bars and controls as real stories, over frames drawn in code
// (services/sampleData.ts). Nothing is read or written: the samples are client-only.
// ←/→ or a click on the left third / the rest move between frames and then people; Space
// pauses and resumes; Escape closes.

import { useEffect, useRef, useState, type KeyboardEvent, type ReactElement } from 'react'
import { ChevronLeft, ChevronRight, X } from 'lucide-react'
import type { Story } from '@shared/domain'
import { useFocusTrap } from '../../hooks/useFocusTrap'
import { sampleStoryFrames } from '../../services/sampleData'
import { Avatar } from '../Avatar/Avatar'
import { StoryProgress } from './StoryProgress'
import styles from './StoryViewer.module.scss'

export interface SampleStoryViewerProps {
  stories: Story[]
  /** The sample person opened first. */
  startIndex: number
  /** Told of each person whose story was shown, so the strip greys their ring. */
  onSeen(storyId: string): void
  onClose(): void
}

export function SampleStoryViewer({
  stories,
  startIndex,
  onSeen,
  onClose
}: SampleStoryViewerProps): ReactElement | null {
  const [person, setPerson] = useState(startIndex)
  const [frame, setFrame] = useState(0)
  const [paused, setPaused] = useState(false)
  const dialogRef = useRef<HTMLDivElement>(null)
  const trapFocus = useFocusTrap(dialogRef)
  const story = stories[person]
  const frames = story ? sampleStoryFrames(story.user) : []

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null
    dialogRef.current?.focus()
    return () => opener?.focus?.()
  }, [])
  useEffect(() => {
    if (story) onSeen(story.id)
  }, [story, onSeen])

  if (!story) return null

  const goNext = (): void => {
    if (frame < frames.length - 1) setFrame(frame + 1)
    else if (person < stories.length - 1) {
      setPerson(person + 1)
      setFrame(0)
    } else onClose()
  }
  const goPrevious = (): void => {
    if (frame > 0) setFrame(frame - 1)
    else if (person > 0) {
      setPerson(person - 1)
      setFrame(0)
    }
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === 'Escape') onClose()
    else if (event.key === 'ArrowRight') goNext()
    else if (event.key === 'ArrowLeft') goPrevious()
    else if (event.key === ' ') setPaused((value) => !value)
    else {
      // Focus stays inside the viewer while it is open.
      trapFocus(event)
      return
    }
    event.preventDefault()
    event.stopPropagation()
  }
  const name = story.user.username

  return (
    <div
      ref={dialogRef}
      className={styles.overlay}
      role="dialog"
      aria-modal="true"
      aria-label={`Stories by ${name}`}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <p className={styles.announcer} aria-live="polite" aria-atomic="true">
        {`Story ${frame + 1} of ${frames.length} by ${name}`}
      </p>
      <button type="button" className={styles.close} aria-label="Close stories" onClick={onClose}>
        <X size={28} aria-hidden />
      </button>
      <button
        type="button"
        className={`${styles.side} ${styles['side--previous']}`}
        aria-label="Previous story"
        disabled={person === 0 && frame === 0}
        onClick={goPrevious}
      >
        <ChevronLeft size={22} aria-hidden />
      </button>
      <div className={styles.frame} data-testid="story-frame">
        <StoryProgress
          count={frames.length}
          index={frame}
          paused={paused}
          storyId={`${story.id}:${frame}`}
          onDone={goNext}
        />
        <div className={styles.top}>
          <Avatar
            src={story.user.avatar}
            name={name}
            personId={story.user.id}
            size={32}
            decorative
          />
          <span className={styles.name}>{name}</span>
        </div>
        <div
          className={styles.stage}
          onClick={(event) => {
            const box = event.currentTarget.getBoundingClientRect()
            if (event.clientX - box.left < box.width / 3) goPrevious()
            else goNext()
          }}
        >
          <img
            className={`${styles.photo} ${styles['photo--shown']}`}
            src={frames[frame]}
            alt={`Sample story ${frame + 1} by ${name}`}
            draggable={false}
          />
        </div>
      </div>
      <button
        type="button"
        className={`${styles.side} ${styles['side--next']}`}
        aria-label="Next story"
        onClick={goNext}
      >
        <ChevronRight size={22} aria-hidden />
      </button>
    </div>
  )
}
