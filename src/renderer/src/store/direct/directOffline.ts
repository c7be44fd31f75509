// The direct messages' offline copy, in the same read cache as the feed and profiles: the inbox
// and Requests as last read, and each opened thread's newest messages, so all of them can be
// read with no network. Sign-out wipes them with the rest of the cache. Messages still waiting
// to be sent are never saved: they live in the sender's queue.

import type { DirectFolder, DirectMessage, DirectThread, PageCursor } from '../../services/types'
import type { SavedAnswers } from '../../offline/cache/savedAnswers'
import { cacheKeys } from '../../offline/cache/savedAnswers'

/** Messages kept per thread: the newest, which a thread opens on. */
export const SAVED_THREAD_MESSAGES = 100

export interface SavedThread {
  /** Oldest first, as shown. */
  messages: DirectMessage[]
  older: PageCursor | null
}

export interface DirectOffline {
  readFolder(folder: DirectFolder): Promise<DirectThread[] | null>
  writeFolder(folder: DirectFolder, threads: DirectThread[]): void
  readThread(threadId: string): Promise<SavedThread | null>
  /** Saves the newest messages shown, and where history before them starts. */
  writeThread(threadId: string, messages: DirectMessage[], older: PageCursor | null): void
}

/**
 * The newest `SAVED_THREAD_MESSAGES` sent messages of a thread as shown, and where the history
 * before them starts (the first kept message, when older ones were left out).
 */
export function newestSaved(messages: DirectMessage[], older: PageCursor | null): SavedThread {
  const sent = messages.filter((message) => !message.pending)
  const kept = sent.slice(-SAVED_THREAD_MESSAGES)
  const first = kept[0]
  const from =
    kept.length < sent.length && first ? { created_at: first.created_at, id: first.id } : older
  return { messages: kept, older: from }
}

export function directOffline(saved: SavedAnswers | undefined): DirectOffline {
  return {
    readFolder: async (folder) =>
      (await saved?.read<DirectThread[]>(cacheKeys.directFolder(folder))) ?? null,
    writeFolder: (folder, threads) => saved?.write(cacheKeys.directFolder(folder), threads),
    readThread: async (threadId) =>
      (await saved?.read<SavedThread>(cacheKeys.directThread(threadId))) ?? null,
    writeThread(threadId, messages, older) {
      // Trimmed: the history before the first kept message is read from there, online.
      saved?.write(cacheKeys.directThread(threadId), newestSaved(messages, older))
    }
  }
}
