// The desktop menus' words (application menu, right-click menu, tray, taskbar overlay) in the
// page's language. They live under `desktopMenu` in the renderer's catalogs, so each language
// keeps all its strings in one file and catalogs.test.ts holds every language to English's keys;
// main takes only that key of each file.

import { desktopMenu as ar } from '../../renderer/src/i18n/locales/ar.json'
import { desktopMenu as de } from '../../renderer/src/i18n/locales/de.json'
import { desktopMenu as en } from '../../renderer/src/i18n/locales/en.json'
import { desktopMenu as es } from '../../renderer/src/i18n/locales/es.json'
import { desktopMenu as ja } from '../../renderer/src/i18n/locales/ja.json'
import { matchLanguage, type Language } from '../../shared/languages'

type PluralBase<K> = K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`
  ? Base
  : K
export type MenuKey = PluralBase<keyof typeof en>

/** `{{name}}` values; `count` picks the plural form, `n` is the number as shown ("99+"). */
export type MenuValues = Record<string, string | number> & { count?: number }

/** Translates a desktopMenu key; English where a language lacks it. */
export interface MenuText {
  (key: MenuKey, values?: MenuValues): string
  readonly language: Language
}

const CATALOGS: Record<Language, Record<string, string>> = { en, es, de, ja, ar }

export function menuText(language: Language): MenuText {
  const strings = CATALOGS[language]
  const english: Record<string, string> = en
  const plurals = new Intl.PluralRules(language)
  const lookup = (key: string, count: number | undefined): string | undefined => {
    if (count === undefined) return strings[key] ?? english[key]
    return (
      strings[`${key}_${plurals.select(count)}`] ??
      strings[`${key}_other`] ??
      english[`${key}_other`]
    )
  }
  const translate = (key: MenuKey, values: MenuValues = {}): string =>
    (lookup(key, values.count) ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
      String(values[name] ?? '')
    )
  return Object.assign(translate, { language })
}

/** The menus' language for a BCP 47 tag (`app.getLocale()`): one the app speaks, else English. */
export function menuLanguage(tag: string): Language {
  return matchLanguage([tag])
}
