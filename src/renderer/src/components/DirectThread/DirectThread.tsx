// One open thread: its people, the history (windowed, so a thread of 10,000 messages keeps a
// small DOM; it opens at the last message, and pages load at the top and bottom without moving
// what is on screen, while the store drops those far from it), "New messages" while the newest
// is not held, "Seen", and the composer. A photo dropped anywhere on it is sent.

import {
  useCallback,
  useLayoutEffect,
  useMemo,
  useState,
  type DragEvent,
  type ReactElement
} from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { DirectMessage as DirectMessageData } from '../../services/types'
import { useDirect, useSession, useStores } from '../../store'
import { selectUserId } from '../../store/session/sessionStore'
import { Avatar } from '../Avatar/Avatar'
import { DirectMessage } from '../DirectMessage/DirectMessage'
import { threadTitle } from '../DirectInbox/threadTitle'
import { DirectComposer, sendPhotoFiles } from './DirectComposer'
import { senderShown } from './messageRuns'
import { seenLabel } from './seenLabel'
import { useWindowedList } from '../FeedView/useWindowedList'
import { useThreadScroll } from './useThreadScroll'
import { useT } from '../../i18n'
import styles from './DirectThread.module.scss'

/** How close to the top (or bottom) the reader must scroll, in px, for the page there to load. */
const LOAD_PAGE_AT = 200
const NO_MESSAGES: DirectMessageData[] = []
/** Pixels of history rendered above and below the view. */
const OVERSCAN_PX = 600

/** A message's height before it is measured: a line of text, or a photo or post preview. */
function estimateMessageHeight(message: DirectMessageData | undefined): number {
  if (!message) return 40
  if (message.kind === 'photo') return 260
  if (message.kind === 'post' || message.kind === 'story_reply') return 220
  return message.body && message.body.length > 60 ? 64 : 40
}

export function DirectThread({ threadId }: { threadId: string }): ReactElement {
  const stores = useStores()
  const { direct } = stores
  const t = useT()
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
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null)
  const [listElement, setListElement] = useState<HTMLOListElement | null>(null)
  const keys = useMemo(() => messages.map((message) => message.id), [messages])
  const estimateHeight = useCallback(
    (index: number) => estimateMessageHeight(messages[index]),
    [messages]
  )
  const windowed = useWindowedList({
    keys,
    estimateHeight,
    overscan: OVERSCAN_PX,
    scroller,
    ownerKeepsPlace: true,
    measureBeforePaint: true
  })
  const { attachList } = windowed
  const attachMessages = useCallback(
    (element: HTMLOListElement | null) => {
      attachList(element)
      setListElement(element)
    },
    [attachList]
  )
  const atLatest = !open?.newer
  const place = useThreadScroll({
    scroller,
    list: listElement,
    keys,
    offsets: windowed.offsets,
    atLatest,
    onMoved: windowed.refresh
  })

  // Before the first paint: a thread read lately is in memory, and shows in the click's frame.
  useLayoutEffect(() => {
    void direct.getState().openThread(threadId)
    return () => void direct.getState().openThread(null)
  }, [direct, threadId])

  const onScroll = (): void => {
    if (!scroller) return
    place.record()
    if (scroller.scrollTop < LOAD_PAGE_AT) void direct.getState().loadOlder()
    const fromBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight
    if (fromBottom < LOAD_PAGE_AT) void direct.getState().loadNewer()
  }
  const jumpToLatest = (): void => {
    place.toEnd()
    void direct.getState().showLatest()
  }

  const onDragOver = (event: DragEvent): void => {
    if (event.dataTransfer.types.includes('Files')) event.preventDefault()
  }
  const onDrop = (event: DragEvent): void => {
    if (event.dataTransfer.files.length === 0) return
    event.preventDefault()
    void sendPhotoFiles(event.dataTransfer.files, 'dropped', stores)
  }

  // "Seen" is about the last message: only shown while it is held.
  const seen =
    thread && atLatest ? seenLabel(messages, thread.people, userId, thread.is_group, t) : null
  const others = thread?.people ?? []
  const activeNow = others.some((person) => open?.present.includes(person.id))
  // The store drops a typist once their time lapses.
  const typists = others.filter((person) => open?.typingUntil[person.id] !== undefined)
  const isRequest = thread?.state === 'request'

  return (
    <section
      className={styles.thread}
      aria-label={
        thread
          ? t('direct.conversationWith', { title: threadTitle(thread, t) })
          : t('direct.conversation')
      }
      onDragOver={onDragOver}
      onDrop={onDrop}
    >
      <header className={styles.header}>
        {thread && (
          <>
            <Avatar
              src={thread.people[0]?.avatar_url}
              name={thread.people[0]?.username ?? 'you'}
              personId={thread.people[0]?.id}
              size={32}
              decorative
            />
            <div className={styles.titles}>
              <h2 className={styles.title}>{threadTitle(thread, t)}</h2>
              {activeNow && <p className={styles.active}>{t('direct.activeNow')}</p>}
            </div>
          </>
        )}
      </header>
      <div
        className={styles.history}
        ref={setScroller}
        onScroll={onScroll}
        data-testid="direct-history"
      >
        {open?.loadingOlder && <p className={styles.loadingOlder}>{t('direct.loading')}</p>}
        {open?.status === 'error' && <p className={styles.note}>{t('direct.threadFailed')}</p>}
        <ol
          className={styles.messages}
          aria-label={t('nav.messages')}
          ref={attachMessages}
          style={{ paddingTop: windowed.paddingTop, paddingBottom: windowed.paddingBottom }}
        >
          {messages.slice(windowed.start, windowed.end).map((message, offset) => (
            <DirectMessage
              key={message.id}
              message={message}
              own={message.sender_id === userId}
              readerId={userId}
              seen={seen?.id === message.id ? seen.label : null}
              itemRef={windowed.attachItem}
              sender={senderShown(messages, windowed.start + offset, others)}
            />
          ))}
        </ol>
        {open?.loadingNewer && <p className={styles.loadingNewer}>{t('direct.loading')}</p>}
        <p className={styles.typing} aria-live="polite">
          {typists.length > 0 &&
            t('direct.typing', { names: typists.map((person) => person.username).join(', ') })}
        </p>
        {open && open.arrivedBelow > 0 && (
          <div className={styles.newBelowBar}>
            <button type="button" className={styles.newBelow} onClick={jumpToLatest}>
              {t('direct.newBelow')}
            </button>
          </div>
        )}
      </div>
      {isRequest ? (
        <div className={styles.request}>
          <p>{t('direct.acceptToReply')}</p>
          <button
            type="button"
            className={styles.send}
            onClick={() => void direct.getState().accept(threadId)}
          >
            {t('direct.accept')}
          </button>
          <button
            type="button"
            className={styles.decline}
            onClick={() => void direct.getState().deleteRequest(threadId)}
          >
            {t('direct.delete')}
          </button>
        </div>
      ) : (
        <DirectComposer disabled={open?.status !== 'ready'} />
      )}
    </section>
  )
}
