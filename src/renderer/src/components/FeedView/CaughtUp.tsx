// The end of the Following feed (docs/product.md, "Feed"): "You're all caught up" under a
// checkmark circle, then suggested posts from Explore's ranking (the same visit the Explore page
// shows), as the network closes its followed posts.

import { useEffect, type ReactElement } from 'react'
import { CircleCheck } from 'lucide-react'
import { EXPLORE_PAGE_SIZE } from '@shared/limits'
import { useExplore, useStores } from '../../store'
import { EXPLORE } from '../../store/router/routes'
import { ProfileGrid } from '../ProfileGrid/ProfileGrid'
import styles from './CaughtUp.module.scss'

export const CAUGHT_UP_TEXT = {
  title: "You're all caught up",
  text: "You've seen all new posts from people you follow.",
  suggested: 'Suggested posts',
  more: 'See more in Explore'
} as const

export function CaughtUp(): ReactElement {
  const { explore, router } = useStores()
  const ids = useExplore((state) => state.ids)
  const status = useExplore((state) => state.status)
  useEffect(() => {
    void explore.getState().open()
  }, [explore])
  const shown = ids.slice(0, EXPLORE_PAGE_SIZE)

  return (
    <section className={styles.caughtUp} aria-labelledby="caught-up-title">
      <div className={styles.marker}>
        <span className={styles.check}>
          <CircleCheck size={72} strokeWidth={1} aria-hidden />
        </span>
        <h2 id="caught-up-title" className={styles.title}>
          {CAUGHT_UP_TEXT.title}
        </h2>
        <p className={styles.text}>{CAUGHT_UP_TEXT.text}</p>
      </div>
      {(shown.length > 0 || status === 'loading' || status === 'idle') && (
        <>
          <h3 className={styles.suggested}>{CAUGHT_UP_TEXT.suggested}</h3>
          <ProfileGrid ids={shown} loading={shown.length === 0} label={CAUGHT_UP_TEXT.suggested} />
          <button
            type="button"
            className={styles.more}
            onClick={() => router.getState().navigate(EXPLORE)}
          >
            {CAUGHT_UP_TEXT.more}
          </button>
        </>
      )}
    </section>
  )
}
