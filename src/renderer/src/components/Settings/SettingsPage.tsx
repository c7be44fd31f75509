// Settings (account menu › Settings, Ctrl/Cmd+,): the sections' list on the left and the open
// section on the right, as on the network's own settings page; at 800 px and below the list stacks
// above the section. Each section comes from the registry in sections.ts.

import type { MouseEvent, ReactElement } from 'react'
import { useSession, useStores } from '../../store'
import { routeHash, settingsRoute } from '../../store/router/routes'
import { selectIsSignedIn } from '../../store/session/sessionStore'
import { SETTINGS_SECTIONS, findSection, type SettingsSection } from './sections'
import { useT } from '../../i18n'
import styles from './SettingsPage.module.scss'

export interface SettingsPageProps {
  section: string
  sections?: readonly SettingsSection[]
}

export function SettingsPage({
  section,
  sections = SETTINGS_SECTIONS
}: SettingsPageProps): ReactElement {
  const { router, ui } = useStores()
  const signedIn = useSession(selectIsSignedIn)
  const open = findSection(section, sections)
  const t = useT()

  if (!signedIn) {
    return (
      <main className={styles.signedOut}>
        <h1 className={styles.title}>{t('menu.settings')}</h1>
        <p>{t('settings.signedOut')}</p>
        <button type="button" className={styles.login} onClick={() => ui.getState().openAuth()}>
          {t('auth.logIn')}
        </button>
      </main>
    )
  }

  // Real links (hash URLs) that navigate through the router, so Back returns to the last section.
  const go = (event: MouseEvent<HTMLAnchorElement>, id: string): void => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return
    event.preventDefault()
    router.getState().navigate(settingsRoute(id))
  }

  const Content = open.component
  return (
    <main className={styles.page}>
      <nav className={styles.nav} aria-labelledby="settings-title">
        <h1 className={styles.title} id="settings-title">
          {t('menu.settings')}
        </h1>
        <ul className={styles.list}>
          {sections.map(({ id, title }) => (
            <li key={id}>
              <a
                href={routeHash(settingsRoute(id))}
                className={styles.link}
                aria-current={id === open.id ? 'page' : undefined}
                onClick={(event) => go(event, id)}
              >
                {t(title)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <section className={styles.content} aria-labelledby="settings-section-title">
        <h2 className={styles.sectionTitle} id="settings-section-title">
          {t(open.title)}
        </h2>
        <Content />
      </section>
    </main>
  )
}
