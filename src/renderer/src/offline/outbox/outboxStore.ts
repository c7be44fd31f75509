// The durable outbox: actions the server has not confirmed, kept in IndexedDB per user and sent
// one at a time, in the order they were made. A send that fails because the backend cannot be
// reached (or had a passing fault) waits with exponential back-off and jitter, and everything
// is sent at once when connectivity returns or the app starts. A send the server refuses is
// dropped with a message; one whose post was deleted meanwhile is dropped and said once.
//
// Stores stay as fast as they are online: `run` sends at once, and only when the network is the
// problem (or earlier actions are still waiting, so order holds) is the action queued instead.

import { createStore, type StoreApi } from 'zustand/vanilla'
import { messageOr } from '@shared/errors'
import type { ConnectivityStore } from '../connectivityStore'
import { onConnectivity } from '../connectivityStore'
import {
  collapse,
  describeAction,
  targetPostId,
  type OutboxAction,
  type OutboxItem
} from './actions'
import { backoffDelay, classifyFailure, DEFAULT_BACKOFF, type BackoffOptions } from './failures'
import type { OutboxDb } from './outboxDb'

export interface OutboxDeps {
  openDb(): Promise<OutboxDb>
  /** Sends one action as the signed-in user; resolves with the server's answer. */
  send(action: OutboxAction): Promise<unknown>
  connectivity: ConnectivityStore
  /** The server confirmed a queued action: lists take its row in place of the optimistic one. */
  onSent?(action: OutboxAction, result: unknown): void
  /** A queued action will never be sent: its optimistic change is undone. */
  onDropped?(action: OutboxAction): void
  /** Tells the user, once, why something queued was not sent. */
  notify(message: string): void
  now?: () => number
  random?: () => number
  backoff?: BackoffOptions
}

export type RunResult<T> = { status: 'sent'; result: T } | { status: 'queued' }

export interface OutboxState {
  userId: string | null
  /** The signed-in user's unsent actions, oldest first. */
  items: OutboxItem[]
  /** The item being sent now, which can no longer be cancelled by a later action. */
  sendingSeq: number | null
  /** Loads `userId`'s queue (null: signed out) and starts sending it. */
  start(userId: string | null): Promise<void>
  /**
   * Sends `action` now with `send`, after `apply` showed it; queues it instead (written to disk
   * before `apply` runs) while offline or behind earlier queued actions, or when `send` fails
   * for network reasons. Other failures are thrown, for the caller to undo `apply`.
   */
  run<T>(action: OutboxAction, send: () => Promise<T>, apply?: () => void): Promise<RunResult<T>>
  /** Queues `action` (collapsing it with a queued opposite) and tries to send. */
  enqueue(action: OutboxAction): Promise<void>
  /** Sends what is queued, in order, until it is empty or the network fails again. */
  flush(): Promise<void>
  /** Removes every queued action and draft of `userId` (sign-out). */
  wipe(userId: string): Promise<void>
  /** The open database, for the drafts that share it. */
  db(): Promise<OutboxDb>
  /** Stops timers and listeners (tests, teardown). */
  dispose(): void
}

export type OutboxStore = StoreApi<OutboxState>

export function createOutboxStore(deps: OutboxDeps): OutboxStore {
  const now = deps.now ?? Date.now
  const random = deps.random ?? Math.random
  let dbPromise: Promise<OutboxDb> | null = null
  let flushing: Promise<void> | null = null
  /** Something was queued while a pass was finishing: look again once it ends. */
  let again = false
  let retryTimer: ReturnType<typeof setTimeout> | null = null
  /** Posts already said to be gone, so several actions on one post give one message. */
  const saidGone = new Set<string>()

  const db = (): Promise<OutboxDb> => {
    dbPromise ??= deps.openDb().catch((error: unknown) => {
      dbPromise = null
      throw error
    })
    return dbPromise
  }

  return createStore<OutboxState>()((set, get) => {
    const removeItem = async (item: OutboxItem): Promise<void> => {
      await (await db()).remove(item.seq)
      set((state) => ({ items: state.items.filter((other) => other.seq !== item.seq) }))
    }

    const scheduleRetry = (attempts: number): void => {
      if (retryTimer) clearTimeout(retryTimer)
      retryTimer = setTimeout(
        () => {
          retryTimer = null
          void get().flush()
        },
        backoffDelay(attempts, random, deps.backoff ?? DEFAULT_BACKOFF)
      )
    }

    const drop = async (item: OutboxItem, kind: 'gone' | 'refused', error: unknown) => {
      await removeItem(item)
      deps.onDropped?.(item.action)
      const what = describeAction(item.action)
      if (kind === 'refused') {
        deps.notify(`Your ${what} couldn't be sent: ${messageOr(error, 'the server refused it')}`)
        return
      }
      const postId = targetPostId(item.action) ?? what
      if (saidGone.has(postId)) return
      saidGone.add(postId)
      deps.notify(
        item.action.kind === 'follow'
          ? `That account no longer exists, so your ${what} wasn't sent`
          : `That post was deleted, so your ${what} wasn't sent`
      )
    }

    /** Sends the head of the queue; false when the network failed and sending must pause. */
    const sendHead = async (item: OutboxItem, userId: string): Promise<boolean> => {
      set({ sendingSeq: item.seq })
      let result: unknown
      try {
        result = await deps.send(item.action)
      } catch (error) {
        const kind = classifyFailure(error)
        if (kind !== 'retry') {
          await drop(item, kind, error)
          return true
        }
        const failed = { ...item, attempts: item.attempts + 1 }
        await (await db()).update(failed)
        if (get().userId === userId) {
          set((state) => ({
            items: state.items.map((other) => (other.seq === item.seq ? failed : other))
          }))
        }
        deps.connectivity.getState().reportUnreachable()
        scheduleRetry(failed.attempts)
        return false
      }
      deps.connectivity.getState().reportReachable()
      await removeItem(item)
      deps.onSent?.(item.action, result)
      return true
    }

    const sendAll = async (): Promise<void> => {
      const userId = get().userId
      if (!userId) return
      try {
        for (;;) {
          const head = get().items[0]
          // Signed out or switched user meanwhile: the other user's queue is not ours to send.
          if (!head || get().userId !== userId) return
          if (!(await sendHead(head, userId))) return
        }
      } finally {
        set({ sendingSeq: null })
      }
    }

    const stopOnline = onConnectivity(deps.connectivity, 'online', () => void get().flush())
    const onBrowserOnline = (): void => void get().flush()
    globalThis.addEventListener?.('online', onBrowserOnline)

    return {
      userId: null,
      items: [],
      sendingSeq: null,

      async start(userId) {
        if (retryTimer) clearTimeout(retryTimer)
        retryTimer = null
        set({ userId, items: [], sendingSeq: null })
        if (!userId) return
        let items: OutboxItem[]
        try {
          items = await (await db()).list(userId)
        } catch (error) {
          // No IndexedDB (a locked-down browser): actions are still sent, just not kept.
          console.warn('The outbox is unavailable:', messageOr(error, 'unknown error'))
          return
        }
        if (get().userId !== userId) return
        set({ items })
        await get().flush()
      },

      async run(action, send, apply) {
        const offline = deps.connectivity.getState().status === 'offline'
        if (offline || get().items.length > 0) {
          await get().enqueue(action)
          apply?.()
          return { status: 'queued' }
        }
        apply?.()
        try {
          return { status: 'sent', result: await send() }
        } catch (error) {
          if (classifyFailure(error) !== 'retry') throw error
          deps.connectivity.getState().reportUnreachable()
          await get().enqueue(action)
          return { status: 'queued' }
        }
      },

      async enqueue(action) {
        const userId = get().userId
        if (!userId) throw new Error('Sign in to do that')
        const waiting = get().items.filter((item) => item.seq !== get().sendingSeq)
        const { cancel, append } = collapse(waiting, action)
        if (cancel) await removeItem(cancel)
        if (append) {
          const item = await (await db()).add(userId, action, now())
          if (get().userId === userId) set((state) => ({ items: [...state.items, item] }))
        }
        // Behind a failing send, wait for its back-off. Offline, the back-off's retry is how the
        // outbox finds out the backend is back even when nothing else tells it.
        if (retryTimer) return
        if (deps.connectivity.getState().status === 'online') void get().flush()
        else scheduleRetry(Math.max(get().items[0]?.attempts ?? 1, 1))
      },

      flush() {
        if (retryTimer) clearTimeout(retryTimer)
        retryTimer = null
        // One pass at a time; a call during a pass makes it look again when it ends.
        if (flushing) {
          again = true
          return flushing
        }
        flushing = (async () => {
          do {
            again = false
            try {
              await sendAll()
            } catch (error) {
              // The database failed (quota, closed): the items stay for the next start.
              console.error('Could not send queued actions', error)
              return
            }
          } while (again && !retryTimer)
        })().finally(() => {
          flushing = null
        })
        return flushing
      },

      async wipe(userId) {
        await (await db()).wipeUser(userId)
        if (get().userId === userId) set({ items: [] })
      },

      db,

      dispose() {
        if (retryTimer) clearTimeout(retryTimer)
        stopOnline()
        globalThis.removeEventListener?.('online', onBrowserOnline)
      }
    }
  })
}

/** What a store needs of the outbox to send an action or queue it. */
export type ActionQueue = Pick<OutboxState, 'run'>

/**
 * `queue.run` when there is an outbox (the app), or a plain send after `apply` (tests and
 * code paths that have none).
 */
export async function sendOrQueue<T>(
  queue: ActionQueue | null | undefined,
  action: OutboxAction,
  send: () => Promise<T>,
  apply?: () => void
): Promise<RunResult<T>> {
  if (queue) return queue.run(action, send, apply)
  apply?.()
  return { status: 'sent', result: await send() }
}

/** Ids of queued new posts and comments, for the pending markers. */
export function pendingIds(items: readonly OutboxItem[], kind: 'post' | 'comment'): Set<string> {
  const ids = new Set<string>()
  for (const { action } of items) {
    if (action.kind === 'post' && kind === 'post') ids.add(action.input.id)
    if (action.kind === 'comment' && kind === 'comment') ids.add(action.id)
  }
  return ids
}
