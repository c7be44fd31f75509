// The direct-messages store's state: the inbox and Requests, the badge count, and the open
// thread's window of history (oldest first) with the messages still waiting to be sent.

import type { StoreApi } from 'zustand/vanilla'
import type { Api } from '@shared/bridge-contract'
import type { PersonSummary } from '@shared/domain'
import type {
  DirectFolder,
  DirectMessage,
  DirectThread,
  PageCursor,
  DirectPhoto
} from '../../services/types'
import type { DirectServices } from '../../services/direct'
import type { ConnectivityStore } from '../../offline/connectivityStore'
import type { SavedAnswers } from '../../offline/cache/savedAnswers'

export interface DirectDeps {
  direct: DirectServices
  connectivity: ConnectivityStore
  /** People search, to start a thread or address a share. */
  searchPeople(query: string, limit: number): Promise<PersonSummary[]>
  notify(message: string): void
  /** The offline copy of the inbox and opened threads (absent where nothing can be saved). */
  saved?: SavedAnswers
  /** The desktop's badge, tray and notifications: told each unread count and new message. */
  notifications?: Pick<Api['notifications'], 'reportDirect'>
}

export interface OpenThread {
  id: string
  /**
   * The window of history held (threadWindow.ts), oldest first, as shown; pending messages at
   * the end while the newest page is held.
   */
  messages: DirectMessage[]
  /** Where older history starts; null once the first message is loaded. */
  older: PageCursor | null
  /** Where the newer history dropped from the window starts; null while the newest is held. */
  newer: PageCursor | null
  status: 'loading' | 'ready' | 'error'
  loadingOlder: boolean
  loadingNewer: boolean
  /** Messages from others that arrived while the newest page was not held ("New messages"). */
  arrivedBelow: number
  /** Everyone present in the thread now (its presence room), the reader included. */
  present: string[]
  /** Who else is typing, until when (ms since epoch). */
  typingUntil: Record<string, number>
}

export interface DirectState {
  userId: string | null
  folders: Record<DirectFolder, DirectThread[]>
  folderStatus: Record<DirectFolder, 'idle' | 'loading' | 'ready' | 'error'>
  unreadCount: number
  open: OpenThread | null

  /** Follows the signed-in user's messages live; returns the stop function. */
  start(userId: string): () => void
  loadFolder(folder: DirectFolder): Promise<void>
  openThread(id: string | null): Promise<void>
  /**
   * Reads a thread's newest page ahead of opening it (the pointer is on its row in the inbox),
   * into the threads read lately, so the click shows it at once. Once per thread at most.
   */
  prefetchThread(id: string): Promise<void>
  loadOlder(): Promise<void>
  /** Reads the page below the window again (after it was dropped while reading far up). */
  loadNewer(): Promise<void>
  /** Holds the newest page again (the reader jumps to the latest messages). */
  showLatest(): Promise<void>
  /** Starts (or finds) the thread with these people and opens it; answers its id. */
  startWith(userIds: string[], name?: string): Promise<string | null>
  sendText(body: string): Promise<void>
  /** The reader is typing in the open thread (the others see "typing…"). */
  typing(): void
  sendPhoto(photo: DirectPhoto): Promise<void>
  unsend(messageId: string): Promise<void>
  toggleHeart(messageId: string): Promise<void>
  accept(threadId: string): Promise<void>
  deleteRequest(threadId: string): Promise<void>
  sharePost(share: {
    postId: string
    note: string
    threadIds: string[]
    recipientIds: string[]
  }): Promise<boolean>
  replyToStory(
    storyAuthorId: string,
    storyId: string,
    body: string,
    reaction?: boolean
  ): Promise<boolean>
  search(query: string, limit: number): Promise<PersonSummary[]>
  /** Re-reads the badge count, the folders shown and the open thread. */
  refresh(): Promise<void>
}

export type DirectStore = StoreApi<DirectState>
