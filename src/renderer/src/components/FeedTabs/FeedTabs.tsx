// "For you" (every post, the default) and "Following" above the home feed. Each tab is a route,
// so Back returns to the tab that was open. ←/→ (along the reading direction), Home and End
// select and focus a tab, as ARIA's tabs pattern has them.

import { useRef, type KeyboardEvent, type ReactElement } from 'react'
import { useRouter, useStores } from '../../store'
import type { FeedTab } from '../../store/router/routes'
import { useT } from '../../i18n'
import { isRightToLeft, tabListIndex } from '../../keyboard/readingDirection'
import styles from './FeedTabs.module.scss'

const TABS: { tab: FeedTab; label: 'feed.tabs.forYou' | 'feed.tabs.following' }[] = [
  { tab: 'for-you', label: 'feed.tabs.forYou' },
  { tab: 'following', label: 'feed.tabs.following' }
]

export function FeedTabs(): ReactElement {
  const { router } = useStores()
  const t = useT()
  const current = useRouter((state) => (state.route.name === 'feed' ? state.route.tab : 'for-you'))
  const buttons = useRef<(HTMLButtonElement | null)[]>([])
  const select = (tab: FeedTab): void => router.getState().navigate({ name: 'feed', tab })
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number): void => {
    const to = tabListIndex(event.key, index, TABS.length, isRightToLeft(event.currentTarget))
    if (to === null) return
    event.preventDefault()
    select(TABS[to].tab)
    buttons.current[to]?.focus()
  }
  return (
    <div className={styles.tabs} role="tablist" aria-label={t('feed.tabs.label')}>
      {TABS.map(({ tab, label }, index) => (
        <button
          key={tab}
          ref={(button) => void (buttons.current[index] = button)}
          type="button"
          role="tab"
          aria-selected={current === tab}
          className={`${styles.tab} ${current === tab ? styles['tab--selected'] : ''}`}
          onClick={() => select(tab)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {t(label)}
        </button>
      ))}
    </div>
  )
}
