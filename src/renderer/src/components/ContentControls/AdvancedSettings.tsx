// "Advanced settings" in the create flow: a disclosure holding the post's switches until the
// post exists; `usePostControlsDraft` keeps them, and the composer store sets them on the new
// post (store/composer).

import { useState, type ReactElement } from 'react'
import type { PostControls } from '../../services/types'
import { useT } from '../../i18n'
import styles from './ContentControls.module.scss'
import {
  NO_POST_CONTROLS,
  PostControlsFields,
  savedControls,
  type PostControlsValue
} from './PostControlsFields'

export interface PostControlsDraft {
  element: ReactElement
  /** The switches to set on the post once it exists; null when none is on. */
  chosen: PostControls | null
}

export function usePostControlsDraft(): PostControlsDraft {
  const [value, setValue] = useState<PostControlsValue>(NO_POST_CONTROLS)
  const t = useT()
  const chosen = savedControls(value)
  const element = (
    <details className={styles.advanced}>
      <summary>{t('controls.advanced')}</summary>
      <PostControlsFields value={value} onChange={setValue} />
    </details>
  )
  const noneOn = Object.entries(chosen).every(
    ([key, on]) => on === NO_POST_CONTROLS[key as keyof PostControlsValue]
  )
  return { element, chosen: noneOn ? null : chosen }
}
