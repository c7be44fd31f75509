// The last few threads read, kept in memory as they were left (their newest messages), so
// reopening one shows it in the same frame as the click, before the saved copy (IndexedDB) or
// the backend answers. Bounded, kept per reader (a thread is only ever shown to the person who
// read it, whatever order sign-out and sign-in run in), and forgotten when a session starts.

import type { PageCursor, DirectMessage } from '../../services/types'
import { newestSaved, type SavedThread } from './directOffline'

/** Threads remembered at most; the least recently read is forgotten first. */
export const RECENT_THREADS = 8

export interface RecentThreads {
  get(reader: string | null, threadId: string): SavedThread | null
  remember(
    reader: string | null,
    threadId: string,
    messages: DirectMessage[],
    older: PageCursor | null
  ): void
  forget(): void
}

export function createRecentThreads(capacity = RECENT_THREADS): RecentThreads {
  // A Map iterates in insertion order: re-inserting on use keeps the oldest first.
  const threads = new Map<string, SavedThread>()
  return {
    get(reader, threadId) {
      const key = `${reader}/${threadId}`
      const thread = reader ? threads.get(key) : undefined
      if (!thread) return null
      threads.delete(key)
      threads.set(key, thread)
      return thread
    },
    remember(reader, threadId, messages, older) {
      if (!reader) return
      const key = `${reader}/${threadId}`
      threads.delete(key)
      threads.set(key, newestSaved(messages, older))
      for (const oldest of threads.keys()) {
        if (threads.size <= capacity) break
        threads.delete(oldest)
      }
    },
    forget: () => threads.clear()
  }
}
