// Which language the desktop's own words speak (application menu, right-click menu, tray): the
// system's at start (`app.getLocale()`), then the one the page says it speaks once it has applied
// Settings › Language. A change hands the new words to whatever shows them.

import type { Language } from '../../shared/languages'
import { menuLanguage, menuText, type MenuText } from './menu-text'

export interface DesktopLanguage {
  /** The menus' words in the current language. */
  text(): MenuText
  /** The page speaks `language` now: rebuilds the menus when it differs. */
  set(language: Language): void
}

export function createDesktopLanguage(deps: {
  /** `app.getLocale()`. */
  systemLocale: string
  /** Rebuilds what shows words (the application menu, the tray). */
  onChange(text: MenuText): void
}): DesktopLanguage {
  let current = menuText(menuLanguage(deps.systemLocale))
  return {
    text: () => current,
    set(language) {
      if (language === current.language) return
      current = menuText(language)
      deps.onChange(current)
    }
  }
}
