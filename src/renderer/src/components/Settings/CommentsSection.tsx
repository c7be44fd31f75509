// Settings › Comments and likes: hidden words (the user's own and the default offensive-words
// filter) that hide comments on their posts into "Hidden comments", and hiding like counts on
// other people's posts.

import type { ReactElement } from 'react'
import { useControls, useStores } from '../../store'
import { useT } from '../../i18n'
import styles from './SettingsSection.module.scss'
import { Toggle } from './Toggle'
import { WordList } from './WordList'

export function CommentsSection(): ReactElement {
  const { controls } = useStores()
  const settings = useControls((state) => state.settings)
  const t = useT()
  return (
    <>
      <Toggle
        label={t('settings.comments.offensive')}
        hint={t('settings.comments.offensiveHint')}
        checked={settings.hide_offensive_comments}
        onChange={(on) => void controls.getState().setSetting('hide_offensive_comments', on)}
      />
      <h3 className={styles.subtitle}>{t('settings.comments.hiddenWords')}</h3>
      <p className={styles.intro}>{t('settings.comments.hiddenWordsIntro')}</p>
      <WordList
        kind="hide_comments"
        label={t('settings.comments.addWord')}
        empty={t('settings.comments.noWords')}
      />
      <h3 className={styles.subtitle}>{t('settings.comments.likes')}</h3>
      <Toggle
        label={t('settings.comments.hideLikes')}
        hint={t('settings.comments.hideLikesHint')}
        checked={settings.hide_like_counts}
        onChange={(on) => void controls.getState().setSetting('hide_like_counts', on)}
      />
    </>
  )
}
