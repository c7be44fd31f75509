// The post's edit: its author's switches, each saved as it changes (the reason when its field
// is left). A refusal puts the switch back and says why.

import { useState, type ReactElement } from 'react'
import type { Post } from '@shared/domain'
import { useStores } from '../../store'
import { useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import { errorText, phrase, type Text } from '../../i18n/phrase'
import styles from './ContentControls.module.scss'
import { PostControlsFields, savedControls, type PostControlsValue } from './PostControlsFields'

export function PostControlsEditor({ post }: { post: Post }): ReactElement {
  const { controls, posts } = useStores()
  const initial: PostControlsValue = {
    is_sensitive: post.is_sensitive ?? false,
    sensitive_reason: post.sensitive_reason ?? null,
    comments_disabled: post.comments_disabled ?? false,
    hide_like_count: post.hide_like_count ?? false
  }
  const [value, setValue] = useState(initial)
  const [saved, setSaved] = useState(initial)
  const [error, setError] = useState<Text | null>(null)
  const t = useT()
  const translate = useMessage()

  const save = async (next: PostControlsValue): Promise<void> => {
    const change = savedControls(next)
    setError(null)
    try {
      await controls.getState().setPostControls(post.id, change)
      setSaved(change)
      posts.getState().patch(post.id, (current) => ({ ...current, ...change }))
    } catch (caught) {
      setValue(saved)
      setError(errorText(caught, phrase('controls.changeFailed')))
    }
  }

  return (
    <fieldset className={styles.editor}>
      <legend className={styles.legend}>{t('controls.postSettings')}</legend>
      <PostControlsFields
        value={value}
        onChange={(next) => {
          setValue(next)
          // Typing a reason waits for the field to be left; a switch saves at once.
          if (next.sensitive_reason === value.sensitive_reason || !next.is_sensitive)
            void save(next)
        }}
        onReasonDone={() => void save(value)}
      />
      {error && (
        <p className={styles.error} role="alert">
          {translate(error)}
        </p>
      )}
    </fieldset>
  )
}
