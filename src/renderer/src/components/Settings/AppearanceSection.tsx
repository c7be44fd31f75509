// Settings › Appearance. The light or dark theme follows the system's; the desktop app lets the
// user pin one in View › Theme (main remembers it and sets nativeTheme, which the page's
// prefers-color-scheme styles follow), so this section says where that choice lives.

import type { ReactElement } from 'react'
import { useT } from '../../i18n'
import styles from './SettingsSection.module.scss'

export function AppearanceSection(): ReactElement {
  const t = useT()
  return (
    <>
      <p className={styles.intro}>{t('settings.appearance.intro')}</p>
      <div className={styles.row}>
        <div className={styles.grow}>
          <div>
            <strong>{t('settings.appearance.theme')}</strong>
          </div>
          <div className={styles.muted}>{t('settings.appearance.themeHint')}</div>
        </div>
      </div>
    </>
  )
}
