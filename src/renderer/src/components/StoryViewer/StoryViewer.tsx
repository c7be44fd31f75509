// The story viewer (docs/product.md, "Stories"): full-window, one person's stories in order
// with segmented bars (STORY_PHOTO_MS a photo), then on to the next person. Click the right or
// left part, or → and ←, to move; swipe sideways for the next or previous person; hold the photo
// or press Space to pause; Escape closes. The
// frame has a fixed 9:16 size, so nothing moves between stories, and the next photo is already
// in the page and decoded (preload.ts), so advancing never shows a blank frame. A live region
// says "Story 2 of 5 by name" at every step. What moves, pauses and closes it is the stories
// store's (storiesViewer.ts, storiesPlayback.ts); the sample people of an empty strip are one
// of its sources (storiesSources.ts), shown in the same frame without age, pause, options,
// viewers or replies. Highlights and one's archive are sources too, shown with the highlight's
// name in place of the author's. A video story plays its clip in the same frame (StoryVideo):
// its bar follows the clip, holding or Space pauses it, a sound switch sits beside the pause
// button, and its end moves on.

import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement
} from 'react'
import { ChevronLeft, ChevronRight, Pause, Play, Volume2, VolumeX, X } from 'lucide-react'
import type { LiveStory } from '@shared/domain'
import { relativeAge } from '@shared/format'
import { motionReduced } from '../../preferences/appliedPreferences'
import { useAutoplayAnimations } from '../../preferences/autoplay'
import { useSession, useStores, useStoriesStore } from '../../store'
import { selectPaused } from '../../store/stories/storiesStore'
import { Avatar } from '../Avatar/Avatar'
import { Spinner } from '../Spinner/Spinner'
import { DialogDepth, useDialogLayer } from '../../dialogs/useDialogLayer'
import { useFocusTrap } from '../../hooks/useFocusTrap'
import { preloadImage } from './preload'
import { StoryOptions } from './StoryOptions'
import { StoryOwnerBar } from './StoryOwnerBar'
import { DirectStoryReply } from '../DirectStoryReply/DirectStoryReply'
import { StoryImage } from './StoryImage'
import { StoryProgress } from './StoryProgress'
import { StoryVideo } from './StoryVideo'
import { useLocale, useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import styles from './StoryViewer.module.scss'

const MIRRORED: Record<string, string> = { ArrowLeft: 'ArrowRight', ArrowRight: 'ArrowLeft' }

/** In a right-to-left language → goes back and ← on, as the reading runs; other keys as they are. */
function readingKey(key: string, element: Element): string {
  return getComputedStyle(element).direction === 'rtl' ? (MIRRORED[key] ?? key) : key
}

export function StoryViewer(): ReactElement | null {
  const { stories: store } = useStores()
  const t = useT()
  const locale = useLocale()
  const message = useMessage()
  const viewer = useStoriesStore((state) => state.viewer)
  const strip = useStoriesStore((state) => state.strip)
  const signedInAs = useSession((state) => state.snapshot.user?.id ?? null)
  const paused = useStoriesStore(selectPaused)
  const toggled = useStoriesStore((state) => state.playback.toggled)
  const dialogRef = useRef<HTMLDivElement>(null)
  const trapFocus = useFocusTrap(dialogRef)
  const { depth } = useDialogLayer(viewer !== null)
  const autoplay = useAutoplayAnimations() && !motionReduced()
  // One sound switch while the viewer is open; how far the shown clip is, by its story.
  const [muted, setMuted] = useState(false)
  const [clip, setClip] = useState<{ id: string; fraction: number } | null>(null)
  const muteForced = useCallback(() => setMuted(true), [])

  const story = viewer?.status === 'ready' ? viewer.stories[viewer.index] : undefined
  const video = story?.video_url ? story : undefined
  const next = viewer?.status === 'ready' ? viewer.stories[viewer.index + 1] : undefined
  const person = viewer?.people[viewer.personIndex]
  const entry = strip.find((held) => held.user_id === person)
  const author = story?.profiles ?? entry ?? null
  const name = author?.username ?? ''
  const sample = viewer?.source === 'samples'
  // A highlight shows its name where a person's stories show the author's.
  const title = viewer?.titles?.[viewer.personIndex] ?? null
  // Sample people have no age, owner, options or replies: nothing of theirs is real.
  const me = sample ? null : signedInAs

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
  const setBusy = useCallback((on: boolean) => store.getState().setPause('busy', on), [store])
  const setOptionsOpen = useCallback(
    (on: boolean) => store.getState().setPause('options', on),
    [store]
  )

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    // `m` is the sound switch, as in Reels; the report dialog keeps its own keys.
    if ((event.key === 'm' || event.key === 'M') && video && !store.getState().playback.options) {
      if (!event.repeat) setMuted((on) => !on)
      event.preventDefault()
      return
    }
    const outcome = store.getState().viewerKey(readingKey(event.key, event.currentTarget))
    if (outcome === 'closed') event.stopPropagation()
    else if (outcome === 'handled') event.preventDefault()
    // Focus stays inside the viewer while it is open.
    else if (outcome === null) trapFocus(event)
  }

  const onPointerDown = (event: PointerEvent<HTMLDivElement>): void => {
    if (event.button === 0) store.getState().press(event.clientX, performance.now())
  }

  const onPointerUp = (event: PointerEvent<HTMLDivElement>): void => {
    const box = event.currentTarget.getBoundingClientRect()
    store.getState().release(event.clientX, performance.now(), box)
  }

  if (!viewer) return null
  const count = viewer.stories.length
  const announcement = story
    ? t('stories.announce', { position: viewer.index + 1, total: count, name })
    : ''
  const altOf = (shown: LiveStory, index: number): string =>
    sample
      ? t('stories.sampleAlt', { position: index + 1, name })
      : (shown.caption ?? t('stories.photo'))

  return (
    <DialogDepth.Provider value={depth}>
      <div
        ref={dialogRef}
        className={styles.overlay}
        role="dialog"
        aria-modal="true"
        aria-label={
          title
            ? t('highlights.named', { title })
            : name
              ? t('stories.by', { name })
              : t('stories.tray')
        }
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <p className={styles.announcer} aria-live="polite" aria-atomic="true">
          {announcement}
        </p>
        <button
          type="button"
          className={styles.close}
          aria-label={t('stories.close')}
          onClick={close}
        >
          <X size={28} aria-hidden />
        </button>
        <button
          type="button"
          className={`${styles.side} ${styles['side--previous']}`}
          aria-label={t('stories.previous')}
          disabled={!story || (viewer.index === 0 && viewer.personIndex === 0)}
          onClick={goPrevious}
        >
          <ChevronLeft size={24} aria-hidden className="rtl-mirror" />
        </button>
        <div className={styles.frame} data-testid="story-frame">
          {story && (
            <StoryProgress
              count={count}
              index={viewer.index}
              paused={paused}
              storyId={story.id}
              fraction={video ? (clip?.id === video.id ? clip.fraction : 0) : null}
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
            <span className={styles.name}>{title ?? name}</span>
            {story && !sample && (
              <span className={styles.age}>{relativeAge(story.created_at, undefined, locale)}</span>
            )}
            {video && (
              <button
                type="button"
                className={styles.sound}
                aria-label={muted ? t('stories.video.soundOn') : t('stories.video.soundOff')}
                aria-pressed={!muted}
                onClick={() => setMuted(!muted)}
              >
                {muted ? <VolumeX size={20} aria-hidden /> : <Volume2 size={20} aria-hidden />}
              </button>
            )}
            {!sample && (
              <button
                type="button"
                className={styles.pause}
                aria-label={toggled ? t('stories.play') : t('stories.pause')}
                aria-pressed={toggled}
                disabled={!story}
                onClick={() => store.getState().togglePause()}
              >
                {toggled ? <Play size={20} aria-hidden /> : <Pause size={20} aria-hidden />}
              </button>
            )}
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
            onPointerCancel={() => store.getState().cancelPress()}
          >
            {/* The shown photo and the next one, both in the page: advancing swaps which is
              visible, on the same element, so the browser has nothing left to load. */}
            {video && (
              <StoryVideo
                key={video.id}
                story={video}
                label={video.caption ?? t('stories.video.label')}
                paused={paused}
                autoplay={autoplay}
                muted={muted}
                onMuteForced={muteForced}
                onProgress={(fraction) => setClip({ id: video.id, fraction })}
                onEnded={goNext}
              />
            )}
            {story && !video && (
              <StoryImage key={story.id} story={story} shown alt={altOf(story, viewer.index)} />
            )}
            {next && <StoryImage key={next.id} story={next} shown={false} alt="" />}
            {viewer.status === 'loading' && (
              <div className={styles.loading}>
                <Spinner size={32} light />
              </div>
            )}
            {viewer.status === 'error' && (
              <p className={styles.loading} role="alert">
                {message(viewer.error ?? '')}
              </p>
            )}
            {story?.caption && <p className={styles.caption}>{story.caption}</p>}
          </div>
          {story && story.user_id === me && (
            <StoryOwnerBar key={story.id} story={story} onBusyChange={setBusy} />
          )}
          {story && me && story.user_id !== me && (
            <DirectStoryReply
              key={story.id}
              story={story}
              authorName={name}
              onBusyChange={setBusy}
            />
          )}
        </div>
        <button
          type="button"
          className={`${styles.side} ${styles['side--next']}`}
          aria-label={t('stories.next')}
          disabled={!story}
          onClick={goNext}
        >
          <ChevronRight size={24} aria-hidden className="rtl-mirror" />
        </button>
      </div>
    </DialogDepth.Provider>
  )
}
