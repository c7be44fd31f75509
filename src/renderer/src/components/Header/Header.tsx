// Header: brand with Back/Forward, the people search (desktop widths), six icons, and Log in
// or the avatar menu. The add-post icon asks a visitor to log in first.

import { lazy, memo, Suspense, type ReactElement } from 'react'
import { Clapperboard, Compass, Heart, Home, PlusSquare, Send } from 'lucide-react'
import { BRAND_NAME } from '../../brand'
import { useActivity, useDirect, useRouter, useSession, useStores } from '../../store'
import { selectHasUnread } from '../../store/activity/activityStore'
import { selectIsSignedIn } from '../../store/session/sessionStore'
import { goHome } from '../../navigation/home'
import { EXPLORE, REELS } from '../../store/router/routes'
import { useT } from '../../i18n'
import { AvatarMenu } from '../AvatarMenu/AvatarMenu'
import { HistoryNav } from '../HistoryNav/HistoryNav'
import { SearchBox } from '../SearchBox/SearchBox'
import styles from './Header.module.scss'

// Opened on demand, so the panel is not part of the first screen's code.
const ActivityPanel = lazy(() =>
  import('../ActivityPanel/ActivityPanel').then((module) => ({ default: module.ActivityPanel }))
)

/** Memoised: it reads what it shows from the stores, so App's other changes need not re-render it. */
export const Header = memo(function Header(): ReactElement {
  const stores = useStores()
  const { ui, activity, router } = stores
  const home = (): void => goHome(stores)
  const signedIn = useSession(selectIsSignedIn)
  const hasUnread = useActivity(selectHasUnread)
  const panelOpen = useActivity((state) => state.open)
  const unreadThreads = useDirect((state) => state.unreadCount)
  const onExplore = useRouter((state) => state.page.name === 'explore')
  const onReels = useRouter((state) => state.page.name === 'reels')
  const t = useT()

  const onAddPost = (): void => {
    if (signedIn) ui.getState().openCreate()
    else ui.getState().openAuth('signin')
  }

  const onActivity = (): void => {
    if (!signedIn) ui.getState().openAuth('signin')
    else if (activity.getState().open) activity.getState().closePanel()
    else void activity.getState().openPanel()
  }

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <div className={styles.start}>
          <HistoryNav />
          <h1 className={styles.brandTitle}>
            <button type="button" className={styles.brand} onClick={home}>
              {BRAND_NAME}
            </button>
          </h1>
        </div>
        <SearchBox />
        <nav className={styles.nav} aria-label={t('nav.main')}>
          <button type="button" className={styles.icon} aria-label={t('nav.home')} onClick={home}>
            <Home size={24} aria-hidden />
          </button>
          <button
            type="button"
            className={styles.icon}
            aria-label={t('nav.explore')}
            aria-current={onExplore ? 'page' : undefined}
            onClick={() => router.getState().navigate(EXPLORE)}
          >
            <Compass size={24} aria-hidden />
          </button>
          <button
            type="button"
            className={styles.icon}
            aria-label={t('reels.title')}
            aria-current={onReels ? 'page' : undefined}
            onClick={() => router.getState().navigate(REELS)}
          >
            <Clapperboard size={24} aria-hidden />
          </button>
          <button
            type="button"
            className={styles.icon}
            aria-label={t('nav.newPost')}
            onClick={onAddPost}
          >
            <PlusSquare size={24} aria-hidden />
          </button>
          <button
            type="button"
            className={`${styles.icon} ${styles.direct}`}
            aria-label={
              unreadThreads ? t('nav.messagesUnread', { count: unreadThreads }) : t('nav.messages')
            }
            onClick={() =>
              signedIn
                ? router.getState().navigate({ name: 'direct', thread: null })
                : ui.getState().openAuth('signin')
            }
          >
            <Send size={24} aria-hidden />
            {unreadThreads > 0 && (
              <span className={styles.count} data-testid="direct-count" aria-hidden>
                {unreadThreads > 99 ? '99+' : unreadThreads}
              </span>
            )}
          </button>
          <div className={styles.activity}>
            <button
              type="button"
              className={styles.icon}
              aria-label={hasUnread ? t('nav.notificationsNew') : t('nav.notifications')}
              aria-expanded={signedIn ? panelOpen : undefined}
              data-activity-toggle
              onClick={onActivity}
            >
              <Heart size={24} aria-hidden />
              {hasUnread && <span className={styles.dot} data-testid="activity-dot" />}
            </button>
            {panelOpen && signedIn && (
              <Suspense fallback={null}>
                <ActivityPanel />
              </Suspense>
            )}
          </div>
          {signedIn ? (
            <AvatarMenu />
          ) : (
            <button
              type="button"
              className={styles.login}
              onClick={() => ui.getState().openAuth('signin')}
            >
              {t('auth.logIn')}
            </button>
          )}
        </nav>
      </div>
    </header>
  )
})
