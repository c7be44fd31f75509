// One open thread: its people, the history (older pages load at the top without moving what
// is on screen), "Seen", and the composer. A photo dropped anywhere on it is sent.

import { useEffect, useLayoutEffect, useRef, type DragEvent, type ReactElement } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { DIRECT_MESSAGES, type DirectMessage as DirectMessageData } from '@shared/data/direct/types'
import { useDirect, useSession, useStores } from '../../store'
import { selectUserId } from '../../store/session/sessionStore'
import { Avatar } from '../Avatar/Avatar'
import { DirectMessage } from '../DirectMessage/DirectMessage'
import { threadTitle } from '../DirectInbox/threadTitle'
import { DirectComposer, sendPhotoFiles } from './DirectComposer'
import { seenLabel } from './seenLabel'
import styles from './DirectThread.module.scss'

/** How close to the top (px) the reader must scroll for the older page to load. */
const LOAD_OLDER_AT = 200
const NO_MESSAGES: DirectMessageData[] = []

export function DirectThread({ threadId }: { threadId: string }): ReactElement {
  const stores = useStores()
  const { direct } = stores
  const userId = useSession(selectUserId)
  const open = useDirect((state) => (state.open?.id === threadId ? state.open : null))
  const messages = useDirect((state) =>
    state.open?.id === threadId ? state.open.messages : NO_MESSAGES
  )
  const thread = useDirect(
    useShallow((state) =>
      [...state.folders.inbox, ...state.folders.requests].find((t) => t.id === threadId)
    )
  )
  const list = useRef<HTMLDivElement>(null)
  const anchor = useRef<{ firstId: string | null; fromBottom: number; count: number }>({
    firstId: null,
    fromBottom: 0,
    count: 0
  })

  useEffect(() => {
    void direct.getState().openThread(threadId)
    return () => void direct.getState().openThread(null)
  }, [direct, threadId])

  // Older messages went in above: keep the distance from the bottom, so nothing moves. A new
  // message at the bottom: follow it when the reader was at the bottom.
  useLayoutEffect(() => {
    const element = list.current
    if (!element) return
    const before = anchor.current
    const firstId = messages[0]?.id ?? null
    if (before.firstId && firstId !== before.firstId && messages.length > before.count) {
      element.scrollTop = element.scrollHeight - before.fromBottom
    } else if (before.fromBottom < 80 || before.count === 0) {
      element.scrollTop = element.scrollHeight
    }
    anchor.current = {
      firstId,
      fromBottom: element.scrollHeight - element.scrollTop - element.clientHeight,
      count: messages.length
    }
  }, [messages])

  const onScroll = (): void => {
    const element = list.current
    if (!element) return
    anchor.current.fromBottom = element.scrollHeight - element.scrollTop - element.clientHeight
    if (element.scrollTop < LOAD_OLDER_AT) void direct.getState().loadOlder()
  }

  const onDragOver = (event: DragEvent): void => {
    if (event.dataTransfer.types.includes('Files')) event.preventDefault()
  }
  const onDrop = (event: DragEvent): void => {
    if (event.dataTransfer.files.length === 0) return
    event.preventDefault()
    void sendPhotoFiles(event.dataTransfer.files, 'dropped', stores)
  }

  const seen = thread ? seenLabel(messages, thread.people, userId, thread.is_group) : null
  const others = thread?.people ?? []
  const activeNow = others.some((person) => open?.present.includes(person.id))
  // The store drops a typist once their time lapses.
  const typists = others.filter((person) => open?.typingUntil[person.id] !== undefined)
  const isRequest = thread?.state === 'request'

  return (
    <section
      className={styles.thread}
      aria-label={thread ? `Conversation with ${threadTitle(thread)}` : 'Conversation'}
      onDragOver={onDragOver}
      onDrop={onDrop}
    >
      <header className={styles.header}>
        {thread && (
          <>
            <Avatar
              src={thread.people[0]?.avatar_url}
              name={thread.people[0]?.username ?? 'you'}
              size={32}
              decorative
            />
            <div className={styles.titles}>
              <h2 className={styles.title}>{threadTitle(thread)}</h2>
              {activeNow && <p className={styles.active}>{DIRECT_MESSAGES.activeNow}</p>}
            </div>
          </>
        )}
      </header>
      <div className={styles.history} ref={list} onScroll={onScroll} data-testid="direct-history">
        {open?.loadingOlder && <p className={styles.note}>Loading…</p>}
        {open?.status === 'error' && <p className={styles.note}>Couldn&apos;t load messages.</p>}
        <ol className={styles.messages} aria-label="Messages">
          {messages.map((message) => (
            <DirectMessage
              key={message.id}
              message={message}
              own={message.sender_id === userId}
              readerId={userId}
              seen={seen?.id === message.id ? seen.label : null}
            />
          ))}
        </ol>
        <p className={styles.typing} aria-live="polite">
          {typists.length > 0 &&
            `${typists.map((person) => person.username).join(', ')} ${DIRECT_MESSAGES.typing}`}
        </p>
      </div>
      {isRequest ? (
        <div className={styles.request}>
          <p>Accept this request to reply.</p>
          <button
            type="button"
            className={styles.send}
            onClick={() => void direct.getState().accept(threadId)}
          >
            Accept
          </button>
          <button
            type="button"
            className={styles.decline}
            onClick={() => void direct.getState().deleteRequest(threadId)}
          >
            Delete
          </button>
        </div>
      ) : (
        <DirectComposer disabled={open?.status !== 'ready'} />
      )}
    </section>
  )
}
