// The profile's posts grid (docs/product.md, "Profile"): three columns of square thumbnails;
// hovering (or focusing) one shows its likes and comments. Nine grey tiles while loading. Tiles
// show the ~320 px thumbnail.

import type { CSSProperties, ReactElement } from 'react'
import { Heart, MessageCircle } from 'lucide-react'
import type { Post } from '@shared/domain'
import { formatLikeCount } from '@shared/format'
import { PROFILE_GRID_COLUMNS, PROFILE_PLACEHOLDER_COUNT } from '@shared/limits'
import { MESSAGES } from '@shared/messages'
import styles from './ProfileGrid.module.scss'

export interface ProfileGridProps {
  posts: Post[]
  loading: boolean
}

/** The column count lives in limits.ts with the other product numbers; the stylesheet reads it. */
const GRID_STYLE = { '--grid-columns': PROFILE_GRID_COLUMNS } as CSSProperties

export function ProfileGrid({ posts, loading }: ProfileGridProps): ReactElement {
  if (loading) {
    return (
      <div className={styles.grid} style={GRID_STYLE} role="status" aria-label="Loading posts">
        {Array.from({ length: PROFILE_PLACEHOLDER_COUNT }, (_, index) => (
          <div key={index} className={styles.placeholder} data-testid="profile-placeholder" />
        ))}
      </div>
    )
  }
  if (posts.length === 0) {
    return (
      <div className={styles.empty}>
        <h2 className={styles.emptyTitle}>{MESSAGES.profileEmptyTitle}</h2>
        <p className={styles.emptyText}>{MESSAGES.profileEmptyText}</p>
      </div>
    )
  }
  return (
    <ul className={styles.grid} style={GRID_STYLE} aria-label="Posts">
      {posts.map((post) => (
        <li key={post.id} className={styles.tile} tabIndex={0}>
          <img
            // The small square rendition when the post has one; older posts only have the photo.
            src={post.thumb_url ?? post.image_url}
            alt={post.caption?.trim() || 'Post'}
            loading="lazy"
            draggable={false}
          />
          <div className={styles.overlay}>
            <span className={styles.stat} aria-label={`${formatLikeCount(post.likes_count)} likes`}>
              <Heart size={19} fill="currentColor" aria-hidden />{' '}
              {formatLikeCount(post.likes_count)}
            </span>
            <span
              className={styles.stat}
              aria-label={`${formatLikeCount(post.comments_count)} comments`}
            >
              <MessageCircle size={19} fill="currentColor" aria-hidden />{' '}
              {formatLikeCount(post.comments_count)}
            </span>
          </div>
        </li>
      ))}
    </ul>
  )
}
