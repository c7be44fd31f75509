// Settings › Comments and likes: hidden words (the user's own and the default offensive-words
// filter) that hide comments on their posts into "Hidden comments", and hiding like counts on
// other people's posts.

import type { ReactElement } from 'react'
import { useControls, useStores } from '../../store'
import styles from './SettingsSection.module.scss'
import { Toggle } from './Toggle'
import { WordList } from './WordList'

export function CommentsSection(): ReactElement {
  const { controls } = useStores()
  const settings = useControls((state) => state.settings)
  return (
    <>
      <Toggle
        label="Hide offensive comments"
        hint="Comments on your posts with common offensive words go to Hidden comments."
        checked={settings.hide_offensive_comments}
        onChange={(on) => void controls.getState().setSetting('hide_offensive_comments', on)}
      />
      <h3 className={styles.subtitle}>Hidden words</h3>
      <p className={styles.intro}>
        Comments on your posts that contain these words, earlier ones too, go to Hidden comments:
        only you and their writer see them.
      </p>
      <WordList
        kind="hide_comments"
        label="Add a hidden word"
        empty="You haven't added any hidden words."
      />
      <h3 className={styles.subtitle}>Likes</h3>
      <Toggle
        label="Hide like counts on others' posts"
        hint={'You see "Liked by others" instead of the number.'}
        checked={settings.hide_like_counts}
        onChange={(on) => void controls.getState().setSetting('hide_like_counts', on)}
      />
    </>
  )
}
