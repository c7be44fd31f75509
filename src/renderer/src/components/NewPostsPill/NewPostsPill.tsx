// "New posts": shown at the top of the feed when other people have posted since it was read.
// A click scrolls to the top and puts just those posts above the others (no full reload).

import type { ReactElement } from 'react'
import { ArrowUp } from 'lucide-react'
import { scrollBehavior } from '../../preferences/appliedPreferences'
import { useFeed, useFeedStore } from '../../store'
import { useT } from '../../i18n'
import styles from './NewPostsPill.module.scss'

export function NewPostsPill(): ReactElement | null {
  const feed = useFeedStore()
  const count = useFeed((state) => state.newPostIds.length)
  const t = useT()
  if (count === 0) return null
  const onClick = (): void => {
    window.scrollTo({ top: 0, behavior: scrollBehavior() })
    void feed.getState().showNewPosts()
  }
  return (
    <div className={styles.anchor}>
      <button type="button" className={styles.pill} onClick={onClick}>
        <ArrowUp size={16} aria-hidden />
        {t('feed.newPosts')}
      </button>
    </div>
  )
}
