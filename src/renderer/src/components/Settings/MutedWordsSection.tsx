// Settings › Muted words: words and hashtags whose posts and comments are hidden from the user
// (behind a placeholder they can open). Private to them; nobody else is affected.

import type { ReactElement } from 'react'
import styles from './SettingsSection.module.scss'
import { WordList } from './WordList'

export function MutedWordsSection(): ReactElement {
  return (
    <>
      <p className={styles.intro}>
        Posts and comments that contain these words or hashtags are hidden from you, with a Show
        button. Only you see this list.
      </p>
      <WordList
        kind="mute"
        label="Add a muted word or hashtag"
        empty="You haven't muted any words."
      />
    </>
  )
}
