// Reels at #/reels (docs/product.md, "Reels"): video posts one per screen, full height, snapping,
// newest first from the people one follows and others, read a page at a time as the end nears.
// #/reels/<id> opens the visit at that reel (a profile's Reels tab). The reel on screen plays
// (unless autoplay is off: Settings › Accessibility or reduced motion, then a play button) and
// every other one is paused; the sound is one switch for all of them, off at first.

import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react'
import { Clapperboard } from 'lucide-react'
import { useReels, useStores } from '../../store'
import { selectHasMore } from '../../store/reels/reelsStore'
import { useAutoplayAnimations } from '../../preferences/autoplay'
import { useT } from '../../i18n'
import { playOnly } from '../FeedVideo/onePlaying'
import { Spinner } from '../Spinner/Spinner'
import { Reel } from './Reel'
import { useReelNavigation } from './useReelNavigation'
import styles from './ReelsView.module.scss'

/** Reels on either side of the one on screen that get their video element. */
const NEAR = 1
/** The next page is read when the reader is this many reels from the end. */
const READ_AHEAD = 2

export function ReelsView({ startId }: { startId: string | null }): ReactElement {
  const { reels } = useStores()
  const ids = useReels((state) => state.ids)
  const status = useReels((state) => state.status)
  const hasMore = useReels(selectHasMore)
  const autoplay = useAutoplayAnimations()
  const [muted, setMuted] = useState(true)
  const videos = useRef(new Map<string, HTMLVideoElement>())
  const t = useT()

  useEffect(() => {
    void reels.getState().open(startId)
  }, [reels, startId])

  const registerVideo = useCallback((postId: string, video: HTMLVideoElement | null) => {
    if (video) videos.current.set(postId, video)
    else videos.current.delete(postId)
  }, [])
  const toggleMute = useCallback(() => setMuted((on) => !on), [])
  // The reel on screen, for Space: set by the navigation below, read when the key comes.
  const activeId = useRef<string | null>(null)
  const togglePlay = useCallback(() => {
    const video = activeId.current ? videos.current.get(activeId.current) : undefined
    if (!video) return
    if (video.paused) void playOnly(video)
    else video.pause()
  }, [])

  const { scroller, active, jumpTo } = useReelNavigation(ids.length, {
    toggleMute,
    togglePlay
  })
  useEffect(() => {
    activeId.current = ids[active] ?? null
  }, [ids, active])

  // Opened at a reel: it is on screen first, wherever the visit holds it.
  const jumped = useRef<string | null>(null)
  useEffect(() => {
    if (!startId || jumped.current === startId) return
    const index = ids.indexOf(startId)
    if (index < 0) return
    jumped.current = startId
    jumpTo(index)
  }, [ids, startId, jumpTo])

  useEffect(() => {
    if (hasMore && active >= ids.length - READ_AHEAD) void reels.getState().loadMore()
  }, [active, ids.length, hasMore, reels])

  // The page takes the keys' focus, so Space is the reel's and not the header button's.
  useEffect(() => scroller.current?.focus({ preventScroll: true }), [scroller])

  const loadingFirst = (status === 'idle' || status === 'loading') && ids.length === 0
  const failedFirst = status === 'error' && ids.length === 0
  const empty = status === 'done' && ids.length === 0

  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{t('reels.title')}</h1>
      <div
        ref={scroller}
        className={styles.scroller}
        tabIndex={-1}
        aria-label={t('reels.title')}
        aria-busy={status === 'loading' || undefined}
        data-testid="reels"
      >
        {ids.map((id, index) => (
          <Reel
            key={id}
            postId={id}
            active={index === active}
            near={Math.abs(index - active) <= NEAR}
            muted={muted}
            autoplay={autoplay}
            siblings={ids}
            onToggleMute={toggleMute}
            registerVideo={registerVideo}
          />
        ))}
        {loadingFirst && (
          <div className={styles.state}>
            <Spinner size={32} />
          </div>
        )}
        {empty && (
          <div className={styles.state}>
            <Clapperboard size={48} aria-hidden />
            <h2 className={styles.stateTitle}>{t('reels.empty')}</h2>
            <p>{t('reels.emptyText')}</p>
          </div>
        )}
        {status === 'error' && (
          <div className={failedFirst ? styles.state : styles.more} role="alert">
            <p>{t('reels.failed')}</p>
            <button
              type="button"
              className={styles.retry}
              onClick={() =>
                void (failedFirst ? reels.getState().refresh() : reels.getState().loadMore())
              }
            >
              {t('reels.retry')}
            </button>
          </div>
        )}
      </div>
    </main>
  )
}
