// The author's switches for one post: sensitive (with an optional reason), turn off commenting
// and hide the like count. Controlled: the create flow keeps them until the post exists, the
// post's edit saves each change at once.

import type { ReactElement } from 'react'
import type { PostControls } from '../../services/types'
import { Toggle } from '../Settings/Toggle'
import { useT } from '../../i18n'
import styles from './ContentControls.module.scss'

export type PostControlsValue = Required<PostControls>

export const NO_POST_CONTROLS: PostControlsValue = {
  is_sensitive: false,
  sensitive_reason: null,
  comments_disabled: false,
  hide_like_count: false
}

export const MAX_SENSITIVE_REASON_LENGTH = 100

export function PostControlsFields({
  value,
  onChange,
  onReasonDone
}: {
  value: PostControlsValue
  onChange(next: PostControlsValue): void
  /** The reason field lost focus (the edit saves it then, not at every key). */
  onReasonDone?(): void
}): ReactElement {
  const t = useT()
  return (
    <div className={styles.fields}>
      <Toggle
        label={t('controls.sensitive')}
        hint={t('controls.sensitiveHint')}
        checked={value.is_sensitive}
        onChange={(on) =>
          onChange({
            ...value,
            is_sensitive: on,
            sensitive_reason: on ? value.sensitive_reason : null
          })
        }
      />
      {value.is_sensitive && (
        <input
          className={styles.reason}
          aria-label={t('controls.reason')}
          placeholder={t('controls.reasonPlaceholder')}
          maxLength={MAX_SENSITIVE_REASON_LENGTH}
          value={value.sensitive_reason ?? ''}
          onChange={(event) =>
            onChange({
              ...value,
              sensitive_reason: event.target.value.trim() ? event.target.value : null
            })
          }
          onBlur={onReasonDone}
          onKeyDown={(event) => event.stopPropagation()}
        />
      )}
      <Toggle
        label={t('controls.commentsOff')}
        hint={t('controls.commentsOffHint')}
        checked={value.comments_disabled}
        onChange={(on) => onChange({ ...value, comments_disabled: on })}
      />
      <Toggle
        label={t('controls.hideLikes')}
        hint={t('controls.hideLikesHint')}
        checked={value.hide_like_count}
        onChange={(on) => onChange({ ...value, hide_like_count: on })}
      />
    </div>
  )
}

/** The reason as saved: trimmed, null when empty or when the post is not sensitive. */
export function savedControls(value: PostControlsValue): PostControlsValue {
  const reason = value.sensitive_reason?.trim() ?? ''
  return { ...value, sensitive_reason: value.is_sensitive && reason ? reason : null }
}
