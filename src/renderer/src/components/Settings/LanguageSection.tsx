// Settings › Language: the app speaks the system's language (when it has a catalog for it) until
// one is chosen here. The choice applies at once and is kept on this install with the other
// display preferences; each language is named in its own words, so anyone can find theirs.

import { useId, type ReactElement } from 'react'
import { LANGUAGE_NAMES, LANGUAGES, matchLanguage, systemLanguages, useT } from '../../i18n'
import type { Preferences } from '../../preferences/preferences'
import { preferencesStore, usePreferences } from '../../preferences/usePreferences'
import styles from './SettingsSection.module.scss'

export function LanguageSection(): ReactElement {
  const t = useT()
  const id = useId()
  const choice = usePreferences((state) => state.language)
  const system = matchLanguage(systemLanguages())
  return (
    <>
      <p className={styles.intro}>{t('settings.language.intro')}</p>
      <div className={styles.row}>
        <div className={styles.grow}>
          <label htmlFor={id}>
            <strong>{t('settings.language.label')}</strong>
          </label>
          <div className={styles.muted}>{t('settings.language.hint')}</div>
        </div>
        <select
          id={id}
          className={styles.select}
          value={choice}
          onChange={(event) =>
            preferencesStore
              .getState()
              .set('language', event.target.value as Preferences['language'])
          }
        >
          <option value="system">
            {t('settings.language.system', { language: LANGUAGE_NAMES[system] })}
          </option>
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </select>
      </div>
    </>
  )
}
