// The story viewer (docs/product.md, "Stories"): full-window, one person's stories in order
// with segmented bars (STORY_PHOTO_MS a photo), then on to the next person. Click the right or
// left part, or → and ←, to move; swipe sideways for the next or previous person; hold the photo
// or press Space to pause; Escape closes. The
// frame has a fixed 9:16 size, so nothing moves between stories, and the next photo is already
// in the page and decoded (preload.ts), so advancing never shows a blank frame. A live region
// says "Story 2 of 5 by name" at every step.

import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement
} from 'react'
import { ChevronLeft, ChevronRight, Pause, Play, X } from 'lucide-react'
import type { LiveStory } from '@shared/domain'
import { relativeAge } from '@shared/format'
import { placeholderDataUrl } from '../../imaging/placeholder'
import { useSession, useStores, useStoriesStore } from '../../store'
import { Avatar } from '../Avatar/Avatar'
import { Spinner } from '../Spinner/Spinner'
import { useFocusTrap } from '../../hooks/useFocusTrap'
import { preloadImage } from './preload'
import { StoryOptions } from './StoryOptions'
import { StoryOwnerBar } from './StoryOwnerBar'
import { DirectStoryReply } from '../DirectStoryReply/DirectStoryReply'
import { StoryProgress } from './StoryProgress'
import styles from './StoryViewer.module.scss'

/** A press on the photo shorter than this is a tap (move on); longer is a hold (pause). */
const HOLD_MS = 250
/** A press that travels this far sideways is a swipe to the next or previous person. */
const SWIPE_PX = 60

function StoryImage({ story, shown }: { story: LiveStory; shown: boolean }): ReactElement {
  const preview = useMemo(() => placeholderDataUrl(story.placeholder), [story.placeholder])
  return (
    <img
      className={`${styles.photo} ${shown ? styles['photo--shown'] : ''}`}
      src={story.image_url}
      alt={shown ? (story.caption ?? 'Story photo') : ''}
      aria-hidden={!shown}
      data-current={shown ? 'true' : undefined}
      data-story-id={story.id}
      decoding="sync"
      draggable={false}
      style={preview ? { backgroundImage: `url("${preview}")` } : undefined}
    />
  )
}

export function StoryViewer(): ReactElement | null {
  const { stories: store } = useStores()
  const viewer = useStoriesStore((state) => state.viewer)
  const strip = useStoriesStore((state) => state.strip)
  const me = useSession((state) => state.snapshot.user?.id ?? null)
  const [heldOrToggled, setPaused] = useState(false)
  const [ownerBusy, setOwnerBusy] = useState(false)
  const [optionsOpen, setOptionsOpen] = useState(false)
  const dialogRef = useRef<HTMLDivElement>(null)
  const trapFocus = useFocusTrap(dialogRef)
  const pressedAt = useRef<{ time: number; x: number } | null>(null)

  const story = viewer?.status === 'ready' ? viewer.stories[viewer.index] : undefined
  const next = viewer?.status === 'ready' ? viewer.stories[viewer.index + 1] : undefined
  const person = viewer?.people[viewer.personIndex]
  const entry = strip.find((held) => held.user_id === person)
  const author = story?.profiles ?? entry ?? null
  const name = author?.username ?? ''
  const paused = heldOrToggled || ownerBusy || optionsOpen

  // Focus moves into the viewer when it opens and back to what opened it when it closes.
  const isOpen = viewer !== null
  useEffect(() => {
    if (!isOpen) return
    const opener = document.activeElement as HTMLElement | null
    dialogRef.current?.focus()
    return () => opener?.focus?.()
  }, [isOpen])

  // The photo after this one is decoded now, while this one shows; after a person's last
  // story, that is the next person's first.
  const upcoming = next ?? viewer?.upcoming ?? null
  useEffect(() => {
    if (upcoming) void preloadImage(upcoming.image_url)
  }, [upcoming])

  const close = useCallback(() => store.getState().closeStories(), [store])
  const goNext = useCallback(() => store.getState().next(), [store])
  const goPrevious = useCallback(() => store.getState().previous(), [store])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    // The report and block dialog handles its own keys (Escape closes it, not the stories).
    if (optionsOpen) return
    if (event.key === 'Escape') {
      event.stopPropagation()
      close()
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      goNext()
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault()
      goPrevious()
    } else if (event.key === ' ') {
      event.preventDefault()
      setPaused((value) => !value)
    } else {
      // Focus stays inside the viewer while it is open.
      trapFocus(event)
    }
  }

  const onPointerDown = (event: PointerEvent<HTMLDivElement>): void => {
    if (event.button !== 0) return
    pressedAt.current = { time: performance.now(), x: event.clientX }
    setPaused(true)
  }

  const onPointerUp = (event: PointerEvent<HTMLDivElement>): void => {
    const pressed = pressedAt.current
    pressedAt.current = null
    setPaused(false)
    if (pressed === null) return
    const travelled = event.clientX - pressed.x
    if (Math.abs(travelled) >= SWIPE_PX) {
      // Swiping left brings the next person in, as on a phone.
      if (travelled < 0) store.getState().nextPerson()
      else store.getState().previousPerson()
      return
    }
    if (performance.now() - pressed.time >= HOLD_MS) return
    const box = event.currentTarget.getBoundingClientRect()
    if (event.clientX - box.left < box.width / 3) goPrevious()
    else goNext()
  }

  if (!viewer) return null
  const count = viewer.stories.length
  const announcement = story ? `Story ${viewer.index + 1} of ${count} by ${name}` : ''

  return (
    <div
      ref={dialogRef}
      className={styles.overlay}
      role="dialog"
      aria-modal="true"
      aria-label={name ? `Stories by ${name}` : 'Stories'}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <p className={styles.announcer} aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      <button type="button" className={styles.close} aria-label="Close stories" onClick={close}>
        <X size={28} aria-hidden />
      </button>
      <button
        type="button"
        className={`${styles.side} ${styles['side--previous']}`}
        aria-label="Previous story"
        disabled={!story || (viewer.index === 0 && viewer.personIndex === 0)}
        onClick={goPrevious}
      >
        <ChevronLeft size={24} aria-hidden />
      </button>
      <div className={styles.frame} data-testid="story-frame">
        {story && (
          <StoryProgress
            count={count}
            index={viewer.index}
            paused={paused}
            storyId={story.id}
            onDone={goNext}
          />
        )}
        <div className={styles.top}>
          <Avatar
            src={author?.avatar_url ?? null}
            name={name}
            personId={story?.user_id ?? entry?.user_id}
            size={32}
            decorative
          />
          <span className={styles.name}>{name}</span>
          {story && <span className={styles.age}>{relativeAge(story.created_at)}</span>}
          <button
            type="button"
            className={styles.pause}
            aria-label={heldOrToggled ? 'Play story' : 'Pause story'}
            aria-pressed={heldOrToggled}
            disabled={!story}
            onClick={() => setPaused((value) => !value)}
          >
            {heldOrToggled ? <Play size={20} aria-hidden /> : <Pause size={20} aria-hidden />}
          </button>
          {story && me && story.user_id !== me && (
            <StoryOptions
              key={story.id}
              story={story}
              authorName={name}
              onOpenChange={setOptionsOpen}
              onBlocked={close}
            />
          )}
        </div>
        <div
          className={styles.stage}
          data-testid="story-stage"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => setPaused(false)}
        >
          {/* The shown photo and the next one, both in the page: advancing swaps which is
              visible, on the same element, so the browser has nothing left to load. */}
          {story && <StoryImage key={story.id} story={story} shown />}
          {next && <StoryImage key={next.id} story={next} shown={false} />}
          {viewer.status === 'loading' && (
            <div className={styles.loading}>
              <Spinner size={32} light />
            </div>
          )}
          {viewer.status === 'error' && (
            <p className={styles.loading} role="alert">
              {viewer.error}
            </p>
          )}
          {story?.caption && <p className={styles.caption}>{story.caption}</p>}
        </div>
        {story && story.user_id === me && (
          <StoryOwnerBar key={story.id} story={story} onBusyChange={setOwnerBusy} />
        )}
        {story && me && story.user_id !== me && (
          <DirectStoryReply
            key={story.id}
            story={story}
            authorName={name}
            onBusyChange={setOwnerBusy}
          />
        )}
      </div>
      <button
        type="button"
        className={`${styles.side} ${styles['side--next']}`}
        aria-label="Next story"
        disabled={!story}
        onClick={goNext}
      >
        <ChevronRight size={24} aria-hidden />
      </button>
    </div>
  )
}
