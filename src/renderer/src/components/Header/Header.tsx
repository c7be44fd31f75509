// Header: brand with Back/Forward, the people search (desktop widths), four icons, and Log in
// or the avatar menu. The add-post icon asks a visitor to log in first.

import type { ReactElement } from 'react'
import { Heart, Home, PlusSquare, Send } from 'lucide-react'
import { BRAND_NAME } from '../../brand'
import { useSession, useStores } from '../../store'
import { selectIsSignedIn } from '../../store/session/sessionStore'
import { HOME } from '../../store/router/routes'
import { AvatarMenu } from '../AvatarMenu/AvatarMenu'
import { HistoryNav } from '../HistoryNav/HistoryNav'
import { SearchBox } from '../SearchBox/SearchBox'
import styles from './Header.module.scss'

export function Header(): ReactElement {
  const { ui, router } = useStores()
  const home = (): void => router.getState().navigate(HOME)
  const signedIn = useSession(selectIsSignedIn)

  const onAddPost = (): void => {
    if (signedIn) ui.getState().openCreate()
    else ui.getState().openAuth('signin')
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
        <nav className={styles.nav} aria-label="Main">
          <button type="button" className={styles.icon} aria-label="Home" onClick={home}>
            <Home size={24} aria-hidden />
          </button>
          <button type="button" className={styles.icon} aria-label="Messages">
            <Send size={24} aria-hidden />
          </button>
          <button type="button" className={styles.icon} aria-label="New post" onClick={onAddPost}>
            <PlusSquare size={24} aria-hidden />
          </button>
          <button type="button" className={styles.icon} aria-label="Notifications">
            <Heart size={24} aria-hidden />
          </button>
          {signedIn ? (
            <AvatarMenu />
          ) : (
            <button
              type="button"
              className={styles.login}
              onClick={() => ui.getState().openAuth('signin')}
            >
              Log in
            </button>
          )}
        </nav>
      </div>
    </header>
  )
}
