// The stories strip (docs/product.md, "Stories"): eight sample stories; the ring says whether
// it was seen (grey) or not (gradient). Clicking has no behaviour, so they are not buttons.

import { useMemo, type ReactElement } from 'react'
import type { Story } from '@shared/domain'
import { createStories } from '../../services/sampleData'
import styles from './StoriesStrip.module.scss'

export function StoriesStrip({ stories }: { stories?: Story[] }): ReactElement {
  const items = useMemo(() => stories ?? createStories(), [stories])
  return (
    <section className={styles.strip} aria-label="Stories">
      {/* It scrolls sideways, so keyboard users must be able to focus it to scroll it. */}
      <ul className={styles.list} tabIndex={0}>
        {items.map((story) => (
          <li
            key={story.id}
            className={styles.story}
            aria-label={`${story.user.username}'s story${story.hasViewed ? ', viewed' : ''}`}
          >
            <span
              className={`${styles.ring} ${story.hasViewed ? styles['ring--viewed'] : styles['ring--unviewed']}`}
              data-testid="story-ring"
            >
              <img className={styles.avatar} src={story.user.avatar} alt="" draggable={false} />
            </span>
            <span className={styles.username}>{story.user.username}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
