// The post card (docs/product.md, "Post card"): author, image, like (optimistic, see store/feed),
// inert comment, share and bookmark buttons, formatted like count, caption and relative age.

import { memo, useMemo, useState, type CSSProperties, type ReactElement } from 'react'
import { Bookmark, Heart, MessageCircle, MoreHorizontal, Send } from 'lucide-react'
import { formatLikesLabel, relativeAge } from '@shared/format'
import { ANIMATION_STEP_SECONDS } from '@shared/limits'
import { useFeed, useFeedStore } from '../../store'
import { placeholderDataUrl } from '../../imaging/placeholder'
import { Avatar } from '../Avatar/Avatar'
import { PersonLink } from '../PersonLink/PersonLink'
import styles from './PostCard.module.scss'

/** Cap the stagger so the 40th post does not wait four seconds to appear. */
const MAX_STAGGERED_ITEMS = 10

export function fadeInDelay(index: number): string {
  return `${(Math.min(index, MAX_STAGGERED_ITEMS) * ANIMATION_STEP_SECONDS).toFixed(1)}s`
}

/**
 * The image box: its aspect ratio comes from the stored dimensions so the card has its final
 * height before the image loads (no layout shift, and the windowed list can trust it); posts
 * made without dimensions (before renditions existed) stay square.
 */
function PostMedia(props: {
  src: string
  alt: string
  width?: number | null
  height?: number | null
  placeholder?: string | null
}): ReactElement {
  const [loaded, setLoaded] = useState(false)
  const preview = useMemo(() => placeholderDataUrl(props.placeholder), [props.placeholder])
  const sized = Boolean(props.width && props.height)
  const style: CSSProperties = {}
  if (sized) style.aspectRatio = `${props.width} / ${props.height}`
  if (preview && !loaded) style.backgroundImage = `url(${preview})`
  return (
    <div className={styles.media} style={style} data-testid="post-media">
      <img
        src={props.src}
        alt={props.alt}
        width={props.width ?? undefined}
        height={props.height ?? undefined}
        loading="lazy"
        decoding="async"
        draggable={false}
        className={loaded ? undefined : styles['media--loading']}
        onLoad={() => setLoaded(true)}
      />
    </div>
  )
}

export const PostCard = memo(function PostCard({
  postId,
  index
}: {
  postId: string
  index: number
}): ReactElement | null {
  const feed = useFeedStore()
  const post = useFeed((state) => state.posts.find((item) => item.id === postId))
  const liked = useFeed((state) => state.likedIds.has(postId))
  const busy = useFeed((state) => state.likingIds.has(postId))
  if (!post) return null

  const username = post.profiles?.username ?? 'unknown'
  const created = new Date(post.created_at)

  return (
    <article
      className={`${styles.card} ${index >= MAX_STAGGERED_ITEMS ? styles['card--static'] : ''}`}
      style={{ animationDelay: fadeInDelay(index) }}
      aria-label={`Post by ${username}`}
    >
      <header className={styles.header}>
        <PersonLink username={username} duplicate className={styles.avatarLink}>
          <Avatar src={post.profiles?.avatar_url} name={username} size={32} decorative />
        </PersonLink>
        <PersonLink username={username} className={styles.username}>
          {username}
        </PersonLink>
        <span className={styles.dot} aria-hidden>
          •
        </span>
        <time
          className={styles.ageInline}
          dateTime={post.created_at}
          title={created.toLocaleString()}
        >
          {relativeAge(created)}
        </time>
        <button type="button" className={`${styles.icon} ${styles.more}`} aria-label="More options">
          <MoreHorizontal size={20} aria-hidden />
        </button>
      </header>
      <PostMedia
        src={post.image_url}
        alt={post.caption?.trim() ? post.caption : `Photo by ${username}`}
        width={post.width}
        height={post.height}
        placeholder={post.placeholder}
      />
      <div className={styles.body}>
        <div className={styles.actions}>
          <button
            type="button"
            className={`${styles.icon} ${liked ? styles['icon--liked'] : ''}`}
            aria-label={liked ? 'Unlike' : 'Like'}
            aria-pressed={liked}
            aria-busy={busy || undefined}
            onClick={() => void feed.getState().toggleLike(postId)}
          >
            <Heart size={24} aria-hidden fill={liked ? 'currentColor' : 'none'} />
          </button>
          <button type="button" className={styles.icon} aria-label="Comment">
            <MessageCircle size={24} aria-hidden />
          </button>
          <button type="button" className={styles.icon} aria-label="Share">
            <Send size={24} aria-hidden />
          </button>
          <button type="button" className={`${styles.icon} ${styles.bookmark}`} aria-label="Save">
            <Bookmark size={24} aria-hidden />
          </button>
        </div>
        <p className={styles.likes}>{formatLikesLabel(post.likes_count)}</p>
        {post.caption && (
          <p className={styles.caption}>
            <span className={styles.username}>{username}</span> {post.caption}
          </p>
        )}
        <time className={styles.age} dateTime={post.created_at}>
          {relativeAge(created)}
        </time>
      </div>
    </article>
  )
})
