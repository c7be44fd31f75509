// The thread list: Inbox or Requests, newest first, with the other people's avatars, the last
// message and its time; unread threads in bold. A request can be accepted or deleted.

import { useEffect, useState, type ReactElement } from 'react'
import { relativeAge } from '@shared/format'
import type { DirectFolder } from '../../services/types'
import { useDirect, useSession, useStores } from '../../store'
import { selectUserId } from '../../store/session/sessionStore'
import { Avatar } from '../Avatar/Avatar'
import { previewParts, threadTitle } from './threadTitle'
import { useLocale, useT } from '../../i18n'
import styles from './DirectInbox.module.scss'

export interface DirectInboxProps {
  selected: string | null
  onNewMessage(): void
}

export function DirectInbox({ selected, onNewMessage }: DirectInboxProps): ReactElement {
  const { direct, router } = useStores()
  const t = useT()
  const locale = useLocale()
  const userId = useSession(selectUserId)
  const [folder, setFolder] = useState<DirectFolder>('inbox')
  const threads = useDirect((state) => state.folders[folder])
  const status = useDirect((state) => state.folderStatus[folder])
  const requestCount = useDirect((state) => state.folders.requests.length)

  useEffect(() => {
    void direct.getState().loadFolder(folder)
    if (folder === 'inbox') void direct.getState().loadFolder('requests')
  }, [direct, folder, userId])

  return (
    <section className={styles.inbox} aria-label={t('direct.conversations')}>
      <div className={styles.top}>
        <h2 className={styles.heading}>{t('nav.messages')}</h2>
        <button type="button" className={styles.newButton} onClick={onNewMessage}>
          {t('direct.newMessage')}
        </button>
      </div>
      <div className={styles.tabs} role="tablist" aria-label={t('direct.folders')}>
        {(['inbox', 'requests'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={folder === name}
            className={styles.tab}
            onClick={() => setFolder(name)}
          >
            {name === 'inbox'
              ? t('direct.inbox')
              : requestCount
                ? t('direct.requestsCount', { count: requestCount })
                : t('direct.requests')}
          </button>
        ))}
      </div>
      {status === 'error' && <p className={styles.empty}>{t('direct.loadFailed')}</p>}
      {status === 'ready' && threads.length === 0 && (
        <p className={styles.empty}>
          {folder === 'inbox' ? t('direct.inboxEmpty') : t('direct.requestsEmpty')}
        </p>
      )}
      <ul className={styles.list}>
        {threads.map((thread) => (
          <li key={thread.id} className={styles.row}>
            <button
              type="button"
              className={`${styles.thread} ${thread.id === selected ? styles.selected : ''} ${
                thread.unread ? styles.unread : ''
              }`}
              aria-current={thread.id === selected ? 'true' : undefined}
              onClick={() => router.getState().navigate({ name: 'direct', thread: thread.id })}
              onPointerEnter={() => void direct.getState().prefetchThread(thread.id)}
              onFocus={() => void direct.getState().prefetchThread(thread.id)}
            >
              <Avatar
                src={thread.people[0]?.avatar_url}
                name={thread.people[0]?.username ?? 'you'}
                personId={thread.people[0]?.id}
                size={44}
                decorative
              />
              <span className={styles.text}>
                <span className={styles.title}>
                  {threadTitle(thread, t)}
                  {thread.unread && <span className={styles.hidden}>{t('direct.unread')}</span>}
                </span>
                <span className={styles.preview}>
                  <PreviewText parts={previewParts(thread, userId, t)} />
                  <span aria-hidden>·</span>
                  <time dateTime={thread.last_message_at}>
                    {relativeAge(thread.last_message_at, undefined, locale)}
                  </time>
                </span>
              </span>
              {thread.unread && <span className={styles.dot} aria-hidden />}
            </button>
            {folder === 'requests' && (
              <span className={styles.requestActions}>
                <button
                  type="button"
                  className={styles.accept}
                  onClick={() => void direct.getState().accept(thread.id)}
                >
                  {t('direct.accept')}
                </button>
                <button
                  type="button"
                  className={styles.delete}
                  onClick={() => void direct.getState().deleteRequest(thread.id)}
                >
                  {t('direct.delete')}
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The preview line in the page's direction, the message's own words isolated in it (`<bdi>`):
 * each keeps its own direction and neither reorders the other. */
function PreviewText({ parts }: { parts: ReturnType<typeof previewParts> }): ReactElement {
  const [before, body, after] = parts
  return (
    <span className={styles.previewText}>
      {before}
      {body !== null && <bdi>{body}</bdi>}
      {after}
    </span>
  )
}
