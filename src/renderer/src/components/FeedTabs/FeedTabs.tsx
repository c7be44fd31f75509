// "For you" (every post, the default) and "Following" above the home feed. Each tab is a route,
// so Back returns to the tab that was open.

import type { ReactElement } from 'react'
import { useRouter, useStores } from '../../store'
import type { FeedTab } from '../../store/router/routes'
import { useT } from '../../i18n'
import styles from './FeedTabs.module.scss'

const TABS: { tab: FeedTab; label: 'feed.tabs.forYou' | 'feed.tabs.following' }[] = [
  { tab: 'for-you', label: 'feed.tabs.forYou' },
  { tab: 'following', label: 'feed.tabs.following' }
]

export function FeedTabs(): ReactElement {
  const { router } = useStores()
  const t = useT()
  const current = useRouter((state) => (state.route.name === 'feed' ? state.route.tab : 'for-you'))
  return (
    <div className={styles.tabs} role="tablist" aria-label={t('feed.tabs.label')}>
      {TABS.map(({ tab, label }) => (
        <button
          key={tab}
          type="button"
          role="tab"
          aria-selected={current === tab}
          className={`${styles.tab} ${current === tab ? styles['tab--selected'] : ''}`}
          onClick={() => router.getState().navigate({ name: 'feed', tab })}
        >
          {t(label)}
        </button>
      ))}
    </div>
  )
}
