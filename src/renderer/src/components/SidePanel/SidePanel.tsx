// Side panel (large screens only): who is signed in, five suggestions from real users with See
// All, and the footer text: this app's own words, no product names of the network it is styled
// after. The spec's sample people remain for a visitor and for an instance with no one else to
// suggest.

import { useMemo, type ReactElement } from 'react'
import { SUGGESTION_COUNT } from '@shared/limits'
import { BRAND_NAME, COPYRIGHT_YEAR } from '../../brand'
import { createSuggestions } from '../../services/sampleData'
import { useSession, useStores } from '../../store'
import {
  selectOwnFullName,
  selectOwnUsername,
  selectProfile,
  selectUser
} from '../../store/session/sessionStore'
import { Avatar } from '../Avatar/Avatar'
import { PersonLink } from '../PersonLink/PersonLink'
import { PersonRow } from '../PersonRow/PersonRow'
import { useSuggestions } from './useSuggestions'
import styles from './SidePanel.module.scss'
import { followedByText } from './suggestionText'
import { useT } from '../../i18n'

const FOOTER_LINKS = [
  'footer.about',
  'footer.help',
  'footer.privacy',
  'footer.terms',
  'footer.api',
  'footer.openSource'
] as const

function CurrentUser(): ReactElement {
  const { ui } = useStores()
  const user = useSession(selectUser)
  const profile = useSession(selectProfile)
  const username = useSession(selectOwnUsername) ?? ''
  const fullName = useSession(selectOwnFullName) ?? ''
  const t = useT()
  if (!user) {
    return (
      <div className={styles.signedOut}>
        <p>{t('feed.sidePanel.signedOut')}</p>
        <button
          type="button"
          className={styles.link}
          onClick={() => ui.getState().openAuth('signin')}
        >
          {t('auth.logIn')}
        </button>
      </div>
    )
  }
  return (
    <div className={styles.row}>
      <PersonLink username={username} duplicate>
        <Avatar
          src={profile?.avatar_url}
          name={username || '?'}
          personId={user.id}
          size={44}
          decorative
        />
      </PersonLink>
      <div className={styles.names}>
        <PersonLink username={username} className={styles.username}>
          {username}
        </PersonLink>
        <span className={styles.fullName}>{fullName}</span>
      </div>
    </div>
  )
}

function SampleSuggestions(): ReactElement {
  const { ui } = useStores()
  const suggestions = useMemo(() => createSuggestions(), [])
  const t = useT()
  return (
    <ul className={styles.list}>
      {suggestions.map((person) => (
        <li key={person.username} className={styles.row}>
          <Avatar src={person.avatar} name={person.username} personId={null} size={32} decorative />
          <div className={styles.names}>
            <span className={styles.username}>{person.username}</span>
            <span className={styles.fullName}>{person.fullName}</span>
          </div>
          <button
            type="button"
            className={styles.link}
            aria-label={t('people.followNamed', { username: person.username })}
            onClick={() => ui.getState().openAuth('signin')}
          >
            {t('people.follow')}
          </button>
        </li>
      ))}
    </ul>
  )
}

export function SidePanel(): ReactElement {
  const { router, ui } = useStores()
  const { userId, suggestions, suggestionsStatus: status } = useSuggestions()
  const t = useT()

  const real = userId !== null && status === 'ready' && suggestions.length > 0
  const seeAll = (): void => {
    if (userId) router.getState().navigate({ name: 'suggestions' })
    else ui.getState().openAuth('signin')
  }
  return (
    <aside className={styles.panel} aria-label={t('feed.sidePanel.label')}>
      <CurrentUser />
      <div className={styles.suggestionsHeader}>
        <h2 className={styles.heading}>{t('feed.sidePanel.title')}</h2>
        <button type="button" className={styles.seeAll} onClick={seeAll}>
          {t('feed.sidePanel.seeAll')}
        </button>
      </div>
      {real ? (
        <ul className={styles.list}>
          {suggestions.slice(0, SUGGESTION_COUNT).map((person) => (
            <PersonRow
              key={person.id}
              personId={person.id}
              avatarSize={32}
              followVariant="link"
              detail={(shown) => followedByText(t, person.followed_by_count, shown.full_name)}
            />
          ))}
        </ul>
      ) : userId && status !== 'ready' ? null : (
        <SampleSuggestions />
      )}
      <footer className={styles.footer}>
        <p className={styles.links}>{FOOTER_LINKS.map((key) => t(key)).join(' · ')}</p>
        <p className={styles.copyright}>
          © {COPYRIGHT_YEAR} {BRAND_NAME.toUpperCase()}
        </p>
      </footer>
    </aside>
  )
}
