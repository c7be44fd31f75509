// Posts grid (docs/product.md, "Profile"): three columns of square thumbnails; hovering (or focusing) one shows its likes
// and comments; a pinned post (at the top) carries a pin and a carousel a multi-photo marker. Nine grey tiles while loading.
// Tiles show the ~320 px thumbnail of the first photo; activating one opens the post, with
// ←/→ there moving through this grid.

import type { CSSProperties, ReactElement } from 'react'
import { Copy, Heart, MessageCircle, Pin, Play } from 'lucide-react'
import { formatLikeCount } from '@shared/format'
import { PROFILE_GRID_COLUMNS, PROFILE_PLACEHOLDER_COUNT } from '@shared/limits'
import { showPost } from '../../navigation/postRoute'
import { usePosts, useStores } from '../../store'
import { PendingPostNote, useIsQueued } from '../PendingMarker/PendingMarker'
import { useLocale, useT } from '../../i18n'
import styles from './ProfileGrid.module.scss'
import { CachedImg } from '../CachedImg/CachedImg'

/** A tile's note while its post waits in the outbox. */
function QueuedNote({ postId }: { postId: string }): ReactElement | null {
  return useIsQueued('post', postId) ? <PendingPostNote overlay /> : null
}

export interface ProfileGridProps {
  /** The posts shown, by id (the posts store holds them). */
  ids: readonly string[]
  loading: boolean
  /** What an empty grid says; the own posts' wording by default. */
  emptyTitle?: string
  emptyText?: string
  label?: string
  /** A person's own Posts grid marks its pinned posts; other grids do not. */
  showPins?: boolean
  /** What activating a tile does instead of opening the post (a Reels tab opens Reels). */
  onOpen?: (postId: string) => void
}

/** The column count lives in limits.ts with the other product numbers; the stylesheet reads it. */
const GRID_STYLE = { '--grid-columns': PROFILE_GRID_COLUMNS } as CSSProperties

/** One tile: the post's first photo, its counts on hover, and a carousel's marker. */
function GridTile({
  postId,
  ids,
  showPins,
  onOpen
}: {
  postId: string
  ids: readonly string[]
  showPins: boolean
  onOpen?: (postId: string) => void
}): ReactElement | null {
  const stores = useStores()
  const post = usePosts((state) => state.byId[postId])
  const t = useT()
  const locale = useLocale()
  if (!post) return null
  const likes = formatLikeCount(post.likes_count, locale)
  const comments = formatLikeCount(post.comments_count, locale)
  return (
    <li>
      <button
        type="button"
        className={styles.tile}
        onClick={() => (onOpen ? onOpen(post.id) : showPost(stores, post.id, ids))}
      >
        <CachedImg
          // The small square rendition when the post has one; older posts only have the photo.
          src={post.thumb_url ?? post.image_url}
          alt={post.alt_text?.trim() || post.caption?.trim() || t('grid.post')}
          loading="lazy"
          draggable={false}
        />
        <QueuedNote postId={post.id} />
        <span className={styles.badges}>
          {showPins && post.pin_slot != null && (
            <span className={styles.badge} role="img" aria-label={t('grid.pinned')}>
              <Pin size={20} fill="currentColor" aria-hidden />
            </span>
          )}
          {post.media_type === 'video' ? (
            <span className={styles.badge} role="img" aria-label={t('grid.video')}>
              <Play size={20} aria-hidden />
            </span>
          ) : (
            (post.image_count ?? 1) > 1 && (
              <span
                className={styles.badge}
                role="img"
                aria-label={t('grid.photos', { count: post.image_count ?? 1 })}
              >
                <Copy size={20} aria-hidden />
              </span>
            )
          )}
        </span>
        <div className={styles.overlay}>
          <span
            className={styles.stat}
            aria-label={t('grid.likes', { count: post.likes_count, n: likes })}
          >
            <Heart size={19} fill="currentColor" aria-hidden /> {likes}
          </span>
          <span
            className={styles.stat}
            aria-label={t('grid.comments', { count: post.comments_count, n: comments })}
          >
            <MessageCircle size={19} fill="currentColor" aria-hidden /> {comments}
          </span>
        </div>
      </button>
    </li>
  )
}

export function ProfileGrid({
  ids,
  loading,
  emptyTitle,
  emptyText,
  label,
  showPins = false,
  onOpen
}: ProfileGridProps): ReactElement {
  const t = useT()
  if (loading) {
    return (
      <div className={styles.grid} style={GRID_STYLE} role="status" aria-label={t('feed.loading')}>
        {Array.from({ length: PROFILE_PLACEHOLDER_COUNT }, (_, index) => (
          <div key={index} className={styles.placeholder} data-testid="profile-placeholder" />
        ))}
      </div>
    )
  }
  if (ids.length === 0) {
    return (
      <div className={styles.empty}>
        <h2 className={styles.emptyTitle}>{emptyTitle ?? t('messages.profileEmptyTitle')}</h2>
        <p className={styles.emptyText}>{emptyText ?? t('messages.profileEmptyText')}</p>
      </div>
    )
  }
  return (
    <ul className={styles.grid} style={GRID_STYLE} aria-label={label ?? t('grid.posts')}>
      {ids.map((id) => (
        <GridTile key={id} postId={id} ids={ids} showPins={showPins} onOpen={onOpen} />
      ))}
    </ul>
  )
}
