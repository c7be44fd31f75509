// The post card's paper-plane: send the post to one or more people or recent threads with an
// optional note, or copy its link.

import { useEffect, useState, type ReactElement } from 'react'
import type { PersonSummary } from '@shared/domain'
import { MAX_DIRECT_TEXT_LENGTH } from '../../services/rules'
import { useDirect, useSession, useStores } from '../../store'
import { selectUserId } from '../../store/session/sessionStore'
import { Avatar } from '../Avatar/Avatar'
import { threadTitle } from '../DirectInbox/threadTitle'
import { DirectPeoplePicker } from '../DirectPeoplePicker/DirectPeoplePicker'
import { Modal } from '../Modal/Modal'
import { useT } from '../../i18n'
import styles from './DirectShareSheet.module.scss'

const RECENT_THREADS = 6

export function DirectShareSheet({
  postId,
  onClose
}: {
  postId: string
  onClose(): void
}): ReactElement {
  const { direct, toast, postActions } = useStores()
  const t = useT()
  const userId = useSession(selectUserId)
  const recent = useDirect((state) => state.folders.inbox)
  const { copyLink } = postActions
  const [people, setPeople] = useState<PersonSummary[]>([])
  const [threads, setThreads] = useState<string[]>([])
  const [note, setNote] = useState('')
  const [sending, setSending] = useState(false)

  useEffect(() => {
    void direct.getState().loadFolder('inbox')
  }, [direct])

  const toggleThread = (id: string): void =>
    setThreads((current) =>
      current.includes(id) ? current.filter((t) => t !== id) : [...current, id]
    )
  const send = async (): Promise<void> => {
    setSending(true)
    const sent = await direct.getState().sharePost({
      postId,
      note,
      threadIds: threads,
      recipientIds: people.map((person) => person.id)
    })
    setSending(false)
    if (sent) {
      toast.getState().show(t('direct.sent'))
      onClose()
    }
  }
  const chosen = people.length + threads.length

  return (
    <Modal
      title={t('post.share')}
      onClose={onClose}
      closeDisabled={sending}
      className={styles.sheet}
    >
      <div className={styles.body}>
        {recent.length > 0 && (
          <ul className={styles.recent} aria-label={t('direct.recentConversations')}>
            {recent.slice(0, RECENT_THREADS).map((thread) => (
              <li key={thread.id}>
                <button
                  type="button"
                  className={styles.recentThread}
                  aria-pressed={threads.includes(thread.id)}
                  onClick={() => toggleThread(thread.id)}
                >
                  <Avatar
                    src={thread.people[0]?.avatar_url}
                    name={thread.people[0]?.username ?? 'you'}
                    personId={thread.people[0]?.id}
                    size={48}
                    decorative
                  />
                  <span className={styles.recentName}>{threadTitle(thread, t)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <DirectPeoplePicker
          picked={people}
          onChange={setPeople}
          exclude={userId ? [userId] : []}
          label={t('direct.sendTo')}
        />
        <textarea
          className={styles.note}
          aria-label={t('direct.writeMessage')}
          placeholder={t('direct.writeMessagePlaceholder')}
          maxLength={MAX_DIRECT_TEXT_LENGTH}
          rows={2}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        <div className={styles.buttons}>
          <button type="button" className={styles.copy} onClick={() => void copyLink(postId)}>
            {t('post.copyLink')}
          </button>
          <button
            type="button"
            className={styles.send}
            disabled={chosen === 0 || sending}
            onClick={() => void send()}
          >
            {chosen > 1 ? t('direct.sendSeparately') : t('direct.send')}
          </button>
        </div>
      </div>
    </Modal>
  )
}
