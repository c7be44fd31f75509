// The side panel (docs/product.md, "Side panel"; large screens only): who is signed in, five sample
// suggestions whose buttons have no behaviour, and the footer text.

import { useMemo, type ReactElement } from 'react'
import { BRAND_NAME, COPYRIGHT_YEAR } from '../../brand'
import { createSuggestions } from '../../services/sampleData'
import { useSession, useStores } from '../../store'
import { selectProfile, selectUser } from '../../store/session/sessionStore'
import { Avatar } from '../Avatar/Avatar'
import styles from './SidePanel.module.scss'

const FOOTER_LINKS = [
  'About',
  'Help',
  'Press',
  'API',
  'Jobs',
  'Privacy',
  'Terms',
  'Locations',
  'Language',
  'Meta Verified'
]

function CurrentUser(): ReactElement {
  const { ui } = useStores()
  const user = useSession(selectUser)
  const profile = useSession(selectProfile)
  if (!user) {
    return (
      <div className={styles.signedOut}>
        <p>Log in to share photos and like posts from people you follow.</p>
        <button
          type="button"
          className={styles.link}
          onClick={() => ui.getState().openAuth('signin')}
        >
          Log in
        </button>
      </div>
    )
  }
  const username = profile?.username ?? (user.user_metadata.username as string | undefined) ?? ''
  const fullName = profile?.full_name ?? (user.user_metadata.full_name as string | undefined) ?? ''
  return (
    <div className={styles.row}>
      <Avatar src={profile?.avatar_url} name={username || '?'} size={44} decorative />
      <div className={styles.names}>
        <span className={styles.username}>{username}</span>
        <span className={styles.fullName}>{fullName}</span>
      </div>
    </div>
  )
}

export function SidePanel(): ReactElement {
  const suggestions = useMemo(() => createSuggestions(), [])
  return (
    <aside className={styles.panel} aria-label="Suggestions">
      <CurrentUser />
      <div className={styles.suggestionsHeader}>
        <h2 className={styles.heading}>Suggestions For You</h2>
        <button type="button" className={styles.seeAll}>
          See All
        </button>
      </div>
      <ul className={styles.list}>
        {suggestions.map((person) => (
          <li key={person.username} className={styles.row}>
            <Avatar src={person.avatar} name={person.username} size={32} decorative />
            <div className={styles.names}>
              <span className={styles.username}>{person.username}</span>
              <span className={styles.fullName}>{person.fullName}</span>
            </div>
            <button type="button" className={styles.link} aria-label={`Follow ${person.username}`}>
              Follow
            </button>
          </li>
        ))}
      </ul>
      <footer className={styles.footer}>
        <p className={styles.links}>{FOOTER_LINKS.join(' · ')}</p>
        <p className={styles.copyright}>
          © {COPYRIGHT_YEAR} {BRAND_NAME.toUpperCase()}
        </p>
      </footer>
    </aside>
  )
}
