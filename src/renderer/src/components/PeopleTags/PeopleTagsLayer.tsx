// The people tagged on the photo being shown (docs/product.md, "People tags and caption suggestions"): a small person
// button in the photo's corner says there are some; it (or a click on the photo, which the
// carousel forwards) shows each username at its point, a link to the profile. Points are
// fractions of the photo, placed on the photo's pixels whatever the box does to it (photoRect).

import { useRef, type ReactElement } from 'react'
import { UserRound } from 'lucide-react'
import type { PeopleTag } from '@shared/domain'
import { useT } from '../../i18n'
import { PersonLink } from '../PersonLink/PersonLink'
import { photoContentRect, pointInBox, type PhotoFit, type PhotoSize } from './photoRect'
import { useBoxSize } from './useBoxSize'
import styles from './PeopleTags.module.scss'

export interface PeopleTagsLayerProps {
  /** The tags of the photo being shown. */
  tags: readonly PeopleTag[]
  shown: boolean
  onToggle(): void
  /** The photo's stored size, when known. */
  photo: PhotoSize | null
  fit: PhotoFit
}

export function PeopleTagsLayer({
  tags,
  shown,
  onToggle,
  photo,
  fit
}: PeopleTagsLayerProps): ReactElement | null {
  const layer = useRef<HTMLDivElement>(null)
  const box = useBoxSize(layer, shown)
  const t = useT()
  if (tags.length === 0) return null
  const rect = photoContentRect(box, photo, fit)
  return (
    <div ref={layer} className={styles.layer} data-testid="people-tags">
      {shown &&
        tags.map((tag) => {
          const name = tag.profiles?.username
          if (!name) return null
          const point = pointInBox(rect, tag.x, tag.y)
          return (
            <span
              key={`${tag.user_id}:${tag.position}`}
              className={`${styles.label} ${tag.status === 'pending' ? styles['label--pending'] : ''}`}
              style={{ left: point.left, top: point.top }}
            >
              <PersonLink username={name} className={styles.labelLink}>
                {name}
              </PersonLink>
              {tag.status === 'pending' && (
                <span className={styles.pending}> {t('post.tagPending')}</span>
              )}
            </span>
          )
        })}
      <button
        type="button"
        className={styles.toggle}
        aria-pressed={shown}
        aria-label={
          shown ? t('post.hideTaggedPeople') : t('post.showTaggedPeople', { total: tags.length })
        }
        onClick={(event) => {
          // The photo's own click toggles too: one click must not toggle twice.
          event.stopPropagation()
          onToggle()
        }}
      >
        <UserRound size={14} aria-hidden strokeWidth={2.5} />
      </button>
    </div>
  )
}
