// Settings › Appearance. The light or dark theme follows the system's; the desktop app lets the
// user pin one in View › Theme (main remembers it and sets nativeTheme, which the page's
// prefers-color-scheme styles follow), so this section says where that choice lives.

import type { ReactElement } from 'react'
import styles from './SettingsSection.module.scss'

export function AppearanceSection(): ReactElement {
  return (
    <>
      <p className={styles.intro}>
        Instaframe is light or dark like your system: it follows your computer&apos;s appearance
        setting.
      </p>
      <div className={styles.row}>
        <div className={styles.grow}>
          <div>
            <strong>Theme</strong>
          </div>
          <div className={styles.muted}>
            In the desktop app, choose System, Light or Dark in the menu bar under View › Theme.
          </div>
        </div>
      </div>
    </>
  )
}
