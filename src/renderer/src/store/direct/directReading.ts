// Reading the direct messages: a folder (Inbox, Requests) and a thread's newest page (the pages
// around it are read in directWindow.ts). Each shows its saved copy at once (all there is
// offline) and then the backend's answer, which is saved in turn; a reopened thread shows the
// messages still waiting to be sent in it after its history.

import type { DirectMessage, DirectThread } from '../../services/types'
import { directOffline } from './directOffline'
import type { RecentThreads } from './recentThreads'
import type { createRoomKeeper } from './directRoom'
import type { createSender } from './directSending'
import type { DirectDeps, DirectState, OpenThread } from './directTypes'

type Set = (partial: Partial<DirectState> | ((state: DirectState) => Partial<DirectState>)) => void

export interface ReadingContext {
  deps: DirectDeps
  set: Set
  get(): DirectState
  room: ReturnType<typeof createRoomKeeper>
  /** Threads read lately, as they were left: a reopened one shows at once. */
  recent: RecentThreads
  sender: ReturnType<typeof createSender>
  markOpenRead(): Promise<void>
  fail(error: unknown): void
}

const emptyThread = (id: string): OpenThread => ({
  id,
  messages: [],
  older: null,
  newer: null,
  status: 'loading',
  loadingOlder: false,
  loadingNewer: false,
  arrivedBelow: 0,
  present: [],
  typingUntil: {}
})

export function readingActions(
  ctx: ReadingContext
): Pick<DirectState, 'loadFolder' | 'openThread' | 'prefetchThread'> {
  const { deps, set, get, room, recent, sender, markOpenRead } = ctx
  const offline = directOffline(deps.saved)
  /** Threads being read ahead now (reader/thread), so a second hover does not read one again. */
  const readingAhead = new Set<string>()

  return {
    async loadFolder(folder) {
      const showing = get().folderStatus[folder] === 'ready'
      const setFolder = (threads: DirectThread[]): void =>
        set((state) => ({
          folders: { ...state.folders, [folder]: threads },
          folderStatus: { ...state.folderStatus, [folder]: 'ready' }
        }))
      if (!showing) {
        set((state) => ({ folderStatus: { ...state.folderStatus, [folder]: 'loading' } }))
      }
      // The saved copy shows at once; the backend's answer replaces it.
      const copy = showing ? Promise.resolve(null) : offline.readFolder(folder)
      void copy.then((threads) => {
        if (threads && get().folderStatus[folder] === 'loading') setFolder(threads)
      })
      try {
        const { threads } = await deps.direct.fetchThreads(folder)
        setFolder(threads)
        offline.writeFolder(folder, threads)
      } catch {
        const threads = await copy
        if (get().folderStatus[folder] === 'ready') return
        if (threads) setFolder(threads)
        else set((state) => ({ folderStatus: { ...state.folderStatus, [folder]: 'error' } }))
      }
    },

    async prefetchThread(id) {
      const reader = get().userId
      const key = `${reader}/${id}`
      if (!reader || get().open?.id === id || readingAhead.has(key)) return
      if (recent.get(reader, id)) return
      readingAhead.add(key)
      try {
        const page = await deps.direct.fetchHistory(id)
        // Not if the thread was opened (it reads its own) or the reader changed meanwhile.
        if (get().userId !== reader || get().open?.id === id) return
        recent.remember(reader, id, [...page.items].reverse(), page.next)
      } catch {
        // Read again on the next hover, or when the thread opens.
      } finally {
        readingAhead.delete(key)
      }
    },

    async openThread(id) {
      const leaving = get().open
      if (leaving?.id === id) return
      // Remembered as left when it shows the newest messages (a window far up is read again).
      if (leaving?.status === 'ready' && !leaving.newer) {
        recent.remember(get().userId, leaving.id, leaving.messages, leaving.older)
      }
      room.leave()
      if (!id) return set({ open: null })
      const remembered = recent.get(get().userId, id)
      set({
        open: remembered
          ? {
              ...emptyThread(id),
              messages: sender.withPending(id, remembered.messages),
              older: remembered.older,
              status: 'ready'
            }
          : emptyThread(id)
      })
      room.enter(id)
      const show = (history: DirectMessage[], older: OpenThread['older']): void =>
        set((state) => ({
          open: state.open && {
            ...state.open,
            messages: sender.withPending(id, history),
            newer: null,
            older,
            status: 'ready'
          }
        }))
      // The saved copy shows at once (and is all there is offline); the backend's replaces it.
      const copy = offline.readThread(id)
      void copy.then((saved) => {
        if (saved && get().open?.id === id && get().open!.status === 'loading') {
          show(saved.messages, saved.older)
        }
      })
      try {
        const page = await deps.direct.fetchHistory(id)
        if (get().open?.id !== id) return
        const history = [...page.items].reverse()
        show(history, page.next)
        offline.writeThread(id, history, page.next)
        await markOpenRead()
      } catch {
        await copy
        const open = get().open
        if (open?.id === id && open.status !== 'ready') set({ open: { ...open, status: 'error' } })
      }
    }
  }
}
