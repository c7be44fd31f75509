// An activity line "tagged you in a post." while the tag waits for approval (the user approves
// tags manually): Approve shows it on the post and in the Tagged tab, Remove takes it off.

import { useEffect, type ReactElement } from 'react'
import { errorText, phrase } from '../../i18n/phrase'
import { usePeopleTags, useSession, useStores } from '../../store'
import { selectUserId } from '../../store/session/sessionStore'
import { useT } from '../../i18n'
import styles from './ActivityPanel.module.scss'

export function TagActions({ postId }: { postId: string }): ReactElement | null {
  const { peopleTags, toast } = useStores()
  const t = useT()
  const userId = useSession(selectUserId)
  const pending = usePeopleTags((state) =>
    (state.byPost.get(postId) ?? []).some(
      (tag) => tag.user_id === userId && tag.status === 'pending'
    )
  )
  useEffect(() => peopleTags.getState().watch([postId]), [peopleTags, postId])
  if (!pending || !userId) return null
  const act = (action: 'approve' | 'remove'): void => {
    peopleTags
      .getState()
      [action](postId, userId)
      .catch((caught: unknown) =>
        toast.getState().show(errorText(caught, phrase('errors.unknown')))
      )
  }
  return (
    <span className={styles.tagActions}>
      <button type="button" className={styles.approve} onClick={() => act('approve')}>
        {t('activity.approve')}
      </button>
      <button type="button" className={styles.removeTag} onClick={() => act('remove')}>
        {t('activity.remove')}
      </button>
    </span>
  )
}
