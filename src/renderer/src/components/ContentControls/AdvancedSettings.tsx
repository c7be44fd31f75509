// "Advanced settings" in the create flow: a disclosure holding the post's switches until the
// post exists; `usePostControlsDraft` keeps them and applies them to the new post.

import { useState, type ReactElement } from 'react'
import { messageOr } from '@shared/errors'
import type { Post } from '@shared/domain'
import { useStores } from '../../store'
import styles from './ContentControls.module.scss'
import {
  NO_POST_CONTROLS,
  PostControlsFields,
  savedControls,
  type PostControlsValue
} from './PostControlsFields'

export interface PostControlsDraft {
  element: ReactElement
  /** Sets the chosen switches on the post just created (nothing to do when none is on). */
  apply(post: Post): Promise<void>
}

export function usePostControlsDraft(): PostControlsDraft {
  const { controls, posts, toast } = useStores()
  const [value, setValue] = useState<PostControlsValue>(NO_POST_CONTROLS)
  const chosen = savedControls(value)
  const element = (
    <details className={styles.advanced}>
      <summary>Advanced settings</summary>
      <PostControlsFields value={value} onChange={setValue} />
    </details>
  )
  const apply = async (post: Post): Promise<void> => {
    if (
      Object.entries(chosen).every(
        ([key, on]) => on === NO_POST_CONTROLS[key as keyof PostControlsValue]
      )
    )
      return
    try {
      await controls.getState().setPostControls(post.id, chosen)
      posts.getState().patch(post.id, (current) => ({ ...current, ...chosen }))
      setValue(NO_POST_CONTROLS)
    } catch (caught) {
      // The post is shared; only its settings are missing, and its edit can set them.
      toast
        .getState()
        .show(messageOr(caught, "Your post was shared, but its settings weren't saved"))
    }
  }
  return { element, apply }
}
