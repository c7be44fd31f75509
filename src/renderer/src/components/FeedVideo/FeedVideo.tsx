// A video post's clip in the feed and the post view (docs/product.md, "Post card"): it plays
// muted and looping while at least half of it is on screen and pauses when it leaves, one video
// at a time in the window (onePlaying.ts); a tap turns the sound on or off; a bar shows how far
// it is. Autoplay follows "Autoplay animated images" and reduced motion (preferences/autoplay):
// when off, the poster stays until its play button is pressed. A clip with captions carries them
// as its captions track, shown at first, and a CC button hides or shows them (the track is read
// across origins, so the video is fetched with CORS, which the storage allows the app).

import { useEffect, useRef, useState, type ReactElement } from 'react'
import { Pause, Play, Volume2, VolumeX } from 'lucide-react'
import { useT } from '../../i18n'
import { useAutoplayAnimations } from '../../preferences/autoplay'
import { CaptionsButton, useCaptions } from './CaptionsButton'
import { playOnly, released, togglePlay } from './onePlaying'
import { VideoProgress } from './VideoProgress'
import { usePlayback } from './usePlayback'
import styles from './FeedVideo.module.scss'

export interface FeedVideoProps {
  src: string
  poster: string
  /** The item's alt text, or the caption fallback. */
  label: string
  /** The clip's WebVTT captions, when it has them. */
  captionsUrl?: string | null
  onLoad(): void
}

/** How much of the video must be on screen for it to play. */
const VISIBLE_SHARE = 0.5

export function FeedVideo({
  src,
  poster,
  label,
  captionsUrl,
  onLoad
}: FeedVideoProps): ReactElement {
  const t = useT()
  const ref = useRef<HTMLVideoElement>(null)
  const { track, shown: captionsShown, toggle: toggleCaptions } = useCaptions(captionsUrl)
  const autoplay = useAutoplayAnimations()
  const [muted, setMuted] = useState(true)
  const playback = usePlayback()
  const { playing, progress } = playback
  const [visible, setVisible] = useState(false)

  useEffect(() => {
    const video = ref.current
    if (!video || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      ([entry]) => setVisible(entry.intersectionRatio >= VISIBLE_SHARE),
      { threshold: [0, VISIBLE_SHARE] }
    )
    observer.observe(video)
    return () => {
      observer.disconnect()
      video.pause()
      released(video)
    }
  }, [])

  useEffect(() => {
    const video = ref.current
    if (!video) return
    if (visible && autoplay) void playOnly(video)
    else if (!visible) video.pause()
  }, [visible, autoplay])

  return (
    <div className={styles.frame}>
      <video
        ref={ref}
        className={styles.video}
        src={src}
        poster={poster}
        muted={muted}
        loop
        playsInline
        preload="metadata"
        crossOrigin={captionsUrl ? 'anonymous' : undefined}
        aria-label={label}
        data-testid="feed-video"
        onLoadedData={onLoad}
        {...playback.events}
        onClick={(event) => {
          // A tap is the sound's; the card's double-tap like still hears the second tap.
          event.stopPropagation()
          setMuted((on) => !on)
        }}
      >
        {track}
      </video>
      <button
        type="button"
        className={`${styles.control} ${styles.play}`}
        aria-label={playing ? t('video.pause') : t('video.play')}
        onClick={() => togglePlay(ref.current)}
      >
        {playing ? <Pause size={16} aria-hidden /> : <Play size={16} aria-hidden />}
      </button>
      <button
        type="button"
        className={`${styles.control} ${styles.sound}`}
        aria-label={muted ? t('video.soundOn') : t('video.soundOff')}
        aria-pressed={!muted}
        onClick={() => setMuted((on) => !on)}
      >
        {muted ? <VolumeX size={16} aria-hidden /> : <Volume2 size={16} aria-hidden />}
      </button>
      {captionsUrl && (
        <CaptionsButton
          shown={captionsShown}
          onToggle={toggleCaptions}
          className={`${styles.control} ${styles.cc}`}
        />
      )}
      <VideoProgress
        progress={progress}
        label={t('video.progress')}
        className={styles.progress}
        fillClassName={styles.progressFill}
      />
    </div>
  )
}
