// A profile's tabs, each with its own route: Posts, Reels and Tagged for everyone who may see the
// profile's posts, and Saved for its owner only (`#/u/<name>/reels`, `/saved`, `/tagged`), with
// their collections (`#/u/<name>/saved/<id>`, SavedTab). ←/→ (along the reading direction), Home
// and End select and focus a tab, as ARIA's tabs pattern has them.

import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode
} from 'react'
import { useSaved, useStores } from '../../store'
import type { ProfileTab } from '../../store/router/routes'
import { ProfileGrid } from '../ProfileGrid/ProfileGrid'
import { SavedTab } from '../SaveCollections/SavedTab'
import { useT } from '../../i18n'
import { isRightToLeft, tabListIndex } from '../../keyboard/readingDirection'
import styles from './ProfilePage.module.scss'

// Loaded when the Tagged tab is first opened: the profile's start does not parse it.
const TaggedGrid = lazy(() =>
  import('./TaggedGrid').then((module) => ({ default: module.TaggedGrid }))
)
const ReelsGrid = lazy(() =>
  import('./ReelsGrid').then((module) => ({ default: module.ReelsGrid }))
)

const TAB_LABEL = {
  posts: 'profile.tabs.posts',
  reels: 'reels.tab',
  tagged: 'profile.tabs.tagged',
  saved: 'profile.tabs.saved'
} as const satisfies Record<ProfileTab, string>

function SavedGrid(): ReactElement {
  const { saved } = useStores()
  const savedIds = useSaved((state) => state.ids)
  const savedStatus = useSaved((state) => state.status)
  const t = useT()
  useEffect(() => {
    void saved.getState().loadPage()
  }, [saved])
  return (
    <ProfileGrid
      ids={savedIds}
      loading={savedStatus === 'loading' && savedIds.length === 0}
      label={t('profile.saved.label')}
      emptyTitle={t('profile.saved.emptyTitle')}
      emptyText={t('profile.saved.emptyText')}
    />
  )
}

export interface ProfileTabsProps {
  username: string
  profileId: string
  tab: ProfileTab
  /** The signed-in user's own profile: it has a Saved tab. */
  own: boolean
  /** The Posts tab's grid. */
  posts: ReactNode
}

export function ProfileTabs({
  username,
  profileId,
  tab,
  own,
  posts
}: ProfileTabsProps): ReactElement {
  const { router } = useStores()
  const t = useT()
  // Reels on every profile, with its empty state, as on the network.
  const tabs: ProfileTab[] = own
    ? ['posts', 'reels', 'tagged', 'saved']
    : ['posts', 'reels', 'tagged']
  const shown = tabs.includes(tab) ? tab : 'posts'
  const setTab = (name: ProfileTab): void =>
    router
      .getState()
      .navigate({ name: 'profile', username, tab: name === 'posts' ? undefined : name })
  const buttons = useRef<(HTMLButtonElement | null)[]>([])
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number): void => {
    const to = tabListIndex(event.key, index, tabs.length, isRightToLeft(event.currentTarget))
    if (to === null) return
    event.preventDefault()
    setTab(tabs[to])
    buttons.current[to]?.focus()
  }
  return (
    <>
      <div className={styles.tabs} role="tablist" aria-label={t('profile.tabs.label')}>
        {tabs.map((name, index) => (
          <button
            key={name}
            ref={(button) => void (buttons.current[index] = button)}
            type="button"
            id={`profile-tab-${name}`}
            className={`${styles.tab} ${shown === name ? styles['tab--selected'] : ''}`}
            role="tab"
            aria-selected={shown === name}
            aria-controls="profile-tab-panel"
            onClick={() => setTab(name)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {t(TAB_LABEL[name])}
          </button>
        ))}
      </div>
      <div id="profile-tab-panel" role="tabpanel" aria-labelledby={`profile-tab-${shown}`}>
        {shown === 'posts' ? (
          posts
        ) : shown === 'saved' ? (
          <SavedTab username={username} allPosts={<SavedGrid />} />
        ) : shown === 'reels' ? (
          <Suspense fallback={<ProfileGrid ids={[]} loading label={t('reels.tab')} />}>
            <ReelsGrid key={profileId} profileId={profileId} username={username} own={own} />
          </Suspense>
        ) : (
          <Suspense fallback={<ProfileGrid ids={[]} loading label={t('profile.tagged.label')} />}>
            <TaggedGrid profileId={profileId} own={own} />
          </Suspense>
        )}
      </div>
    </>
  )
}
