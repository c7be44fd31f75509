// Settings › Muted words: words and hashtags whose posts and comments are hidden from the user
// (behind a placeholder they can open). Private to them; nobody else is affected.

import type { ReactElement } from 'react'
import styles from './SettingsSection.module.scss'
import { WordList } from './WordList'
import { useT } from '../../i18n'

export function MutedWordsSection(): ReactElement {
  const t = useT()
  return (
    <>
      <p className={styles.intro}>{t('settings.mutedWords.intro')}</p>
      <WordList
        kind="mute"
        label={t('settings.mutedWords.add')}
        empty={t('settings.mutedWords.empty')}
      />
    </>
  )
}
