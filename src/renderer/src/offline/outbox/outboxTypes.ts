// The outbox store's shape and what its action modules share (outboxStore.ts builds it).

import type { StoreApi } from 'zustand/vanilla'
import type { ConnectivityStore } from '../connectivityStore'
import type { OutboxAction, OutboxItem } from './actions'
import type { BackoffOptions } from './failures'
import type { OutboxDb } from './outboxDb'
import type { Text } from '../../i18n/phrase'

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
  notify(message: Text): void
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

/** What the outbox's action modules share: the store, its clock and the sending pass. */
export interface OutboxContext {
  deps: OutboxDeps
  set: OutboxStore['setState']
  get: OutboxStore['getState']
  now: () => number
  random: () => number
  /** The database, opened on first use (and again after a failed open). */
  db(): Promise<OutboxDb>
  /** Mutable, shared by the modules: the pass in flight and the pending retry. */
  pass: {
    flushing: Promise<void> | null
    /** Something was queued while a pass was finishing: look again once it ends. */
    again: boolean
    retryTimer: ReturnType<typeof setTimeout> | null
  }
  /** Posts already said to be gone, so several actions on one post give one message. */
  saidGone: Set<string>
}

/** Cancels the pending retry, if any. */
export function clearRetry(ctx: OutboxContext): void {
  if (ctx.pass.retryTimer) clearTimeout(ctx.pass.retryTimer)
  ctx.pass.retryTimer = null
}
