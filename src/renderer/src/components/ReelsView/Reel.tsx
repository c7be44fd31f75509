// One reel (docs/product.md, "Reels"): the clip filling the screen's height, looping, with the
// author and caption over its foot, a sound button, a play button while it is paused and a bar
// of how far it is; beside it like, comment (opens the post's comments), share and save, as on
// the network. Only the reel on screen plays (onePlaying.ts); reels far from it show their
// poster alone, so the page holds a few video elements however far the reader goes. A clip with
// captions shows them (its captions track, fetched with CORS as the storage allows the app) and a
// CC button hides or shows them. A reel whose caption holds one of the reader's muted words is
// the feed's placeholder until "Show", its clip neither loaded nor played.

import { memo, useCallback, useEffect, useRef, useState } from 'react'
import type { ReactElement, ReactNode } from 'react'
import { Play, Volume2, VolumeX } from 'lucide-react'
import { formatLikeCount } from '@shared/format'
import { usePosts, useSession, useStores } from '../../store'
import { selectIsSignedIn } from '../../store/session/sessionStore'
import { useLocale, useT } from '../../i18n'
import { PersonLink } from '../PersonLink/PersonLink'
import { RichText } from '../RichText/RichText'
import { SensitiveMedia } from '../ContentControls/SensitiveMedia'
import { MutedPlaceholder } from '../ContentControls/MutedPlaceholder'
import { useLikeCountHidden, useMutedWord } from '../ContentControls/useContentControls'
import { CaptionsButton, useCaptions } from '../FeedVideo/CaptionsButton'
import { playOnly, togglePlay } from '../FeedVideo/onePlaying'
import { VideoProgress } from '../FeedVideo/VideoProgress'
import { usePlayback } from '../FeedVideo/usePlayback'
import {
  CommentButton,
  LikeButton,
  SaveButton,
  ShareButton
} from '../PostActionButtons/PostActionButtons'
import styles from './ReelsView.module.scss'
import { AuthorAvatar } from '../Avatar/Avatar'

export interface ReelProps {
  postId: string
  /** The reel on screen: it plays (when autoplay allows) and every other one is paused. */
  active: boolean
  /** Near the one on screen: its video element is made, so moving to it starts at once. */
  near: boolean
  muted: boolean
  autoplay: boolean
  /** The ids of the reels, for the post view's ←/→. */
  siblings: readonly string[]
  onToggleMute(): void
  /** Tells the page which video element this reel's is (null when it goes). */
  registerVideo(postId: string, video: HTMLVideoElement | null): void
}

export const Reel = memo(function Reel({
  postId,
  active,
  near,
  muted,
  autoplay,
  siblings,
  onToggleMute,
  registerVideo
}: ReelProps): ReactElement | null {
  const stores = useStores()
  const actions = stores.postActions
  const post = usePosts((state) => state.byId[postId])
  const signedIn = useSession(selectIsSignedIn)
  const countHidden = useLikeCountHidden(post)
  const [showMuted, setShowMuted] = useState(false)
  const hidden = useMutedWord(post?.caption, post?.user_id) !== null && !showMuted
  const playback = usePlayback()
  const captionsUrl = post?.post_images?.find((image) => image.position === 0)?.captions_url
  const { track, shown: captionsShown, toggle: toggleCaptions } = useCaptions(captionsUrl)
  const { playing, progress } = playback
  const video = useRef<HTMLVideoElement | null>(null)
  const t = useT()
  const locale = useLocale()

  const setVideo = useCallback(
    (element: HTMLVideoElement | null) => {
      video.current = element
      registerVideo(postId, element)
    },
    [postId, registerVideo]
  )

  useEffect(() => {
    const element = video.current
    if (!element) return
    if (active && autoplay) void playOnly(element)
    else if (!active) element.pause()
    // Shown after its placeholder, the reel's video element is new.
  }, [active, autoplay, near, hidden])

  // The reel on screen asks for what its page's read did not bring (saved state, comments).
  const commentCount = post?.comments_count ?? 0
  useEffect(() => {
    if (active) actions.watch(postId, commentCount)
  }, [actions, active, postId, commentCount, signedIn])

  if (!post) return null
  const username = post.profiles?.username ?? t('post.unknownAuthor')
  const label = post.post_images?.[0]?.alt_text ?? post.caption ?? t('reels.reelBy', { username })
  if (hidden) {
    return (
      <ReelGroup label={t('post.hiddenBy', { username })} active={active}>
        <div className={`${styles.frame} ${styles.hidden}`}>
          <MutedPlaceholder what="Post" onShow={() => setShowMuted(true)} />
        </div>
      </ReelGroup>
    )
  }
  const onPlayClick = (): void => togglePlay(video.current)

  return (
    <ReelGroup label={t('reels.reelBy', { username })} active={active}>
      <div className={styles.frame}>
        <SensitiveMedia post={post} fill>
          {near && post.video_url ? (
            <video
              ref={setVideo}
              className={styles.video}
              src={post.video_url}
              poster={post.image_url}
              muted={muted}
              loop
              playsInline
              preload="metadata"
              crossOrigin={captionsUrl ? 'anonymous' : undefined}
              aria-label={label}
              data-testid="reel-video"
              onClick={onPlayClick}
              {...playback.events}
            >
              {track}
            </video>
          ) : (
            <img className={styles.video} src={post.image_url} alt={label} />
          )}
        </SensitiveMedia>
        {near && !playing && (
          <button
            type="button"
            className={styles.playOverlay}
            aria-label={t('reels.play')}
            onClick={onPlayClick}
          >
            <Play size={36} aria-hidden fill="currentColor" />
          </button>
        )}
        <button
          type="button"
          className={styles.sound}
          aria-label={muted ? t('reels.soundOn') : t('reels.soundOff')}
          aria-pressed={!muted}
          onClick={onToggleMute}
        >
          {muted ? <VolumeX size={18} aria-hidden /> : <Volume2 size={18} aria-hidden />}
        </button>
        {near && captionsUrl && (
          <CaptionsButton
            shown={captionsShown}
            onToggle={toggleCaptions}
            className={`${styles.sound} ${styles.cc}`}
            size={18}
          />
        )}
        <div className={styles.about}>
          <PersonLink username={username} className={styles.author}>
            <AuthorAvatar of={post} username={username} />
            <span>{username}</span>
          </PersonLink>
          {post.caption && (
            <p className={styles.caption}>
              <RichText text={post.caption} />
            </p>
          )}
        </div>
        <VideoProgress
          progress={progress}
          label={t('reels.progress')}
          className={styles.progress}
          fillClassName={styles.progressFill}
        />
      </div>
      <div className={styles.side}>
        <LikeButton
          postId={postId}
          className={styles.action}
          likedClassName={styles.liked}
          size={26}
        >
          {!countHidden && <span aria-hidden>{formatLikeCount(post.likes_count, locale)}</span>}
        </LikeButton>
        <CommentButton
          className={styles.action}
          size={26}
          onClick={() => actions.open(postId, siblings, { focusComment: true })}
        >
          <span aria-hidden>{formatLikeCount(post.comments_count, locale)}</span>
        </CommentButton>
        <ShareButton postId={postId} className={styles.action} size={26} />
        <SaveButton postId={postId} className={styles.action} size={26} />
      </div>
    </ReelGroup>
  )
})

/** A reel's screen in the page, named for assistive technology; the one on screen is current. */
function ReelGroup({
  label,
  active,
  children
}: {
  label: string
  active: boolean
  children: ReactNode
}): ReactElement {
  return (
    // A group, not a region: a reader's reels by one author would be landmarks of one name.
    <div
      role="group"
      className={styles.reel}
      aria-label={label}
      aria-current={active || undefined}
      data-testid="reel"
    >
      {children}
    </div>
  )
}
