// A post's location as its header shows it (docs/product.md, "Location"): a small line under
// the author's username. Plain text, as there are no place pages to link to; screen readers
// hear what the line is.

import type { ReactElement } from 'react'
import styles from './PostLocation.module.scss'

export function PostLocation({ location }: { location: string }): ReactElement {
  return (
    <span className={styles.location} title={location} data-testid="post-location">
      <span className={styles.what}>Location: </span>
      {location}
    </span>
  )
}
