// The durable outbox: actions the server has not confirmed, kept in IndexedDB per user and sent
// one at a time, in the order they were made. A send that fails because the backend cannot be
// reached (or had a passing fault) waits with exponential back-off and jitter, and everything
// is sent at once when connectivity returns or the app starts. A send the server refuses is
// dropped with a message; one whose post was deleted meanwhile is dropped and said once.
//
// Stores stay as fast as they are online: `run` sends at once, and only when the network is the
// problem (or earlier actions are still waiting, so order holds) is the action queued instead.

import { createStore } from 'zustand/vanilla'
import { onConnectivity } from '../connectivityStore'
import type { OutboxAction, OutboxItem } from './actions'
import type { OutboxDb } from './outboxDb'
import { queueActions } from './outboxQueueing'
import { sendingActions } from './outboxSending'
import type { OutboxContext, OutboxDeps, OutboxState, OutboxStore, RunResult } from './outboxTypes'

// The actions live by concern in outboxQueueing.ts and outboxSending.ts; this composes them.
export type { OutboxDeps, OutboxState, OutboxStore, RunResult } from './outboxTypes'

export function createOutboxStore(deps: OutboxDeps): OutboxStore {
  let dbPromise: Promise<OutboxDb> | null = null
  const db = (): Promise<OutboxDb> => {
    dbPromise ??= deps.openDb().catch((error: unknown) => {
      dbPromise = null
      throw error
    })
    return dbPromise
  }

  return createStore<OutboxState>()((set, get) => {
    const ctx: OutboxContext = {
      deps,
      set,
      get,
      now: deps.now ?? Date.now,
      random: deps.random ?? Math.random,
      db,
      pass: { flushing: null, again: false, retryTimer: null },
      saidGone: new Set<string>()
    }
    const stopOnline = onConnectivity(deps.connectivity, 'online', () => void get().flush())
    const onBrowserOnline = (): void => void get().flush()
    globalThis.addEventListener?.('online', onBrowserOnline)

    return {
      userId: null,
      items: [],
      sendingSeq: null,
      ...queueActions(ctx),
      ...sendingActions(ctx),
      db,
      dispose() {
        if (ctx.pass.retryTimer) clearTimeout(ctx.pass.retryTimer)
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
