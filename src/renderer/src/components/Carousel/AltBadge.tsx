// The "ALT" badge on a photo that has alt text, as Mastodon and Pixelfed show it: a small dark
// pill at the bottom left; hovering or focusing it shows the description over the photo. The
// <img> carries the same text as its alt, so the badge's description is for sighted readers.

import { useId, type ReactElement } from 'react'
import { useT } from '../../i18n'
import styles from './AltBadge.module.scss'

export function AltBadge({
  text,
  className = ''
}: {
  text: string
  className?: string
}): ReactElement {
  const tipId = useId()
  const t = useT()
  return (
    <span className={`${styles.badge} ${className}`}>
      <button
        type="button"
        className={styles.button}
        aria-describedby={tipId}
        // The badge is the photo's own control: a click shows the text (by focusing it) and
        // neither opens the post nor, with a second click, likes it.
        onClick={(event) => event.stopPropagation()}
      >
        {t('shell.alt')}
      </button>
      <span id={tipId} role="tooltip" className={styles.tip}>
        {text}
      </span>
    </span>
  )
}
