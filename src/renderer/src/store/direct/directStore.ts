// The inbox, Requests, the paper-plane badge and the open thread. A live event is a hint: a new
// message is read back by id (with its embeds) when its thread is open or to word its desktop
// notification, and the inbox and the count are re-read; a re-join after a gap re-reads
// everything shown. Every count and new message is reported to the desktop (badge, tray,
// notifications). Reading (with the offline copy) lives in directReading.ts, the open thread's
// bounded window in directWindow.ts, sending in directSending.ts. While the reader is far up
// (the newest page not held), a new message is only counted.

import { createStore } from 'zustand/vanilla'
import type { DirectFolder, DirectMessage } from '../../services/types'
import { createDesktopReporter } from './directDesktop'
import { readingActions } from './directReading'
import { createRoomKeeper } from './directRoom'
import { createSender } from './directSending'
import { windowActions } from './directWindow'
import { createRecentThreads } from './recentThreads'
import { THREAD_MAX_LOADED_MESSAGES, trimThreadWindow } from './threadWindow'
import type { DirectDeps, DirectState, DirectStore } from './directTypes'

export type { DirectState, DirectStore, DirectDeps } from './directTypes'

const emptyFolders = () => ({ inbox: [], requests: [] })

export function createDirectStore(deps: DirectDeps): DirectStore {
  return createStore<DirectState>()((set, get) => {
    const sender = createSender(deps, set, get)
    const room = createRoomKeeper(deps, set, get)
    const desktop = createDesktopReporter(deps, get)
    const fail = (error: unknown): void =>
      deps.notify(error instanceof Error ? error.message : String(error))

    const patchOpen = (update: (messages: DirectMessage[]) => DirectMessage[]): void =>
      set((state) =>
        state.open ? { open: { ...state.open, messages: update(state.open.messages) } } : {}
      )

    async function countUnread(): Promise<void> {
      const count = await deps.direct.countUnread()
      set({ unreadCount: count })
      desktop.report([])
    }

    async function markOpenRead(): Promise<void> {
      const { open, userId } = get()
      if (!open || !userId) return
      await deps.direct.markRead(open.id, userId)
      await countUnread()
    }

    const reloadShown = async (): Promise<void> => {
      const loaded = (Object.keys(get().folderStatus) as DirectFolder[]).filter(
        (folder) => get().folderStatus[folder] === 'ready'
      )
      await Promise.all([countUnread(), ...loaded.map((folder) => get().loadFolder(folder))])
    }

    async function messageArrived(row: { id: string; thread_id: string; sender_id: string }) {
      const { open, userId } = get()
      // Their message is what they were typing: "typing…" goes with its arrival.
      if (open?.id === row.thread_id && open.typingUntil[row.sender_id] !== undefined) {
        const { [row.sender_id]: _done, ...typingUntil } = open.typingUntil
        set({ open: { ...open, typingUntil } })
      }
      if (open?.id === row.thread_id && open.newer && row.sender_id !== userId) {
        // The reader is far up and the newest page is not held: counted, read on the way down.
        set((state) =>
          state.open ? { open: { ...state.open, arrivedBelow: state.open.arrivedBelow + 1 } } : {}
        )
      } else if (open?.id === row.thread_id && !open.messages.some((m) => m.id === row.id)) {
        const message = await deps.direct.fetchMessage(row.id)
        const current = get().open
        if (
          message &&
          current?.id === row.thread_id &&
          !current.newer &&
          !current.messages.some((m) => m.id === message.id)
        ) {
          // The window stays bounded however long the reader stays at the newest.
          set({
            open: {
              ...current,
              ...trimThreadWindow(
                { ...current, messages: [...current.messages, message] },
                THREAD_MAX_LOADED_MESSAGES,
                'top'
              )
            }
          })
        }
        if (row.sender_id !== userId && document.visibilityState === 'visible') await markOpenRead()
      }
      if (row.sender_id !== userId) await desktop.announce(row).catch(() => undefined)
      await reloadShown()
    }

    const recent = createRecentThreads()
    const reading = readingActions({ deps, set, get, room, recent, sender, markOpenRead, fail })
    const paging = windowActions({ deps, set, get, sender, markOpenRead, fail })
    /** Sending while reading far up: the newest page comes back first, to show the message. */
    const sendInOpen = (send: (threadId: string) => Promise<void>): Promise<void> => {
      const open = get().open
      if (!open) return Promise.resolve()
      // Held at once when the newest is held: the message shows before this returns.
      if (!open.newer) return send(open.id)
      return get()
        .showLatest()
        .then(() => send(open.id))
    }

    return {
      userId: null,
      folders: emptyFolders(),
      folderStatus: { inbox: 'idle', requests: 'idle' },
      unreadCount: 0,
      open: null,
      ...reading,
      ...paging,

      start(userId) {
        // A thread route shown before the session was known (a reload on it, offline too) is
        // read again as this user, with its room.
        const shown = get().open?.id ?? null
        recent.forget()
        set({
          userId,
          folders: emptyFolders(),
          folderStatus: { inbox: 'idle', requests: 'idle' },
          open: null
        })
        if (shown) void get().openThread(shown)
        void countUnread().catch(() => undefined)
        return deps.direct.live({
          onMessage: (row) => void messageArrived(row).catch(() => undefined),
          onUnsend: (row) => patchOpen((messages) => messages.filter((m) => m.id !== row.id)),
          onHeart: (row, hearted) =>
            patchOpen((messages) =>
              messages.map((m) =>
                m.id !== row.message_id
                  ? m
                  : {
                      ...m,
                      hearts: hearted
                        ? [...new Set([...m.hearts, row.user_id])]
                        : m.hearts.filter((id) => id !== row.user_id)
                    }
              )
            ),
          onParticipant: () => void reloadShown().catch(() => undefined),
          onResync: () => void get().refresh()
        })
      },

      async startWith(userIds, name) {
        try {
          const id = await deps.direct.startThread(userIds, { name })
          await get().loadFolder('inbox')
          return id
        } catch (error) {
          fail(error)
          return null
        }
      },

      sendText: (body) => sendInOpen((id) => sender.sendDraft(id, { kind: 'text', body })),
      typing: () => room.typing(),
      sendPhoto: (photo) => sendInOpen((id) => sender.sendPhoto(id, photo, '')),

      async unsend(messageId) {
        const before = get().open?.messages
        patchOpen((messages) => messages.filter((m) => m.id !== messageId))
        try {
          await deps.direct.unsend(messageId)
        } catch (error) {
          if (before) patchOpen(() => before)
          fail(error)
        }
      },

      async toggleHeart(messageId) {
        const userId = get().userId
        const message = get().open?.messages.find((m) => m.id === messageId)
        if (!userId || !message || message.pending) return
        const hearted = !message.hearts.includes(userId)
        const apply = (on: boolean): void =>
          patchOpen((messages) =>
            messages.map((m) =>
              m.id === messageId
                ? {
                    ...m,
                    hearts: on
                      ? [...new Set([...m.hearts, userId])]
                      : m.hearts.filter((id) => id !== userId)
                  }
                : m
            )
          )
        apply(hearted)
        try {
          await deps.direct.setHeart(messageId, userId, hearted)
        } catch (error) {
          apply(!hearted)
          fail(error)
        }
      },

      async accept(threadId) {
        const userId = get().userId
        if (!userId) return
        await deps.direct.accept(threadId, userId).catch(fail)
        await Promise.all([get().loadFolder('inbox'), get().loadFolder('requests'), countUnread()])
      },

      async deleteRequest(threadId) {
        const userId = get().userId
        if (!userId) return
        await deps.direct.leave(threadId, userId).catch(fail)
        if (get().open?.id === threadId) set({ open: null })
        await get().loadFolder('requests')
      },

      async sharePost({ postId, note, threadIds, recipientIds }) {
        const userId = get().userId
        if (!userId) return false
        try {
          await deps.direct.sharePost({ senderId: userId, postId, note, threadIds, recipientIds })
          return true
        } catch (error) {
          fail(error)
          return false
        }
      },

      async replyToStory(authorId, storyId, body, reaction = false) {
        const threadId = await get().startWith([authorId])
        if (!threadId) return false
        const draft = reaction
          ? ({ kind: 'story_reaction', storyId, body } as const)
          : ({ kind: 'story_reply', storyId, body } as const)
        await sender.sendDraft(threadId, draft)
        return true
      },

      search: (query, limit) => deps.searchPeople(query, limit),

      async refresh() {
        await reloadShown().catch(() => undefined)
        const open = get().open
        if (open) {
          set({ open: null })
          await get().openThread(open.id)
        }
      }
    }
  })
}
