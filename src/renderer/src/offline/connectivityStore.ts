// Whether the backend can be reached. One source of truth for the offline banner, the read
// cache (serve saved pages) and the outbox (when to send queued actions). Anything that sees a
// request fail for network reasons reports it; anything that sees one succeed reports that.

import { createStore, type StoreApi } from 'zustand/vanilla'

export type Connectivity = 'online' | 'offline'

export interface ConnectivityState {
  status: Connectivity
  /** When the app last went offline (ms since epoch), null while online. */
  offlineSince: number | null
  /** A request failed because the backend could not be reached. */
  reportUnreachable(): void
  /** A request reached the backend (whatever its answer). */
  reportReachable(): void
}

export type ConnectivityStore = StoreApi<ConnectivityState>

export function createConnectivityStore(
  initial: Connectivity = 'online',
  now: () => number = Date.now
): ConnectivityStore {
  return createStore<ConnectivityState>()((set, get) => ({
    status: initial,
    offlineSince: initial === 'offline' ? now() : null,
    reportUnreachable: () => {
      if (get().status !== 'offline') set({ status: 'offline', offlineSince: now() })
    },
    reportReachable: () => {
      if (get().status !== 'online') set({ status: 'online', offlineSince: null })
    }
  }))
}

/**
 * Calls `listener` each time the status changes to `to` (e.g. 'online': flush the outbox).
 * Returns the unsubscribe function.
 */
export function onConnectivity(
  store: ConnectivityStore,
  to: Connectivity,
  listener: () => void
): () => void {
  return store.subscribe((state, previous) => {
    if (state.status === to && previous.status !== to) listener()
  })
}

/**
 * True when `error` means the request never reached the backend (fetch's "Failed to fetch"
 * TypeError, supabase-js's wrapped fetch errors), as opposed to an answer the backend gave.
 */
export function isNetworkError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false
  const { name, message } = error as { name?: unknown; message?: unknown }
  if (name === 'AuthRetryableFetchError' || name === 'FetchError') return true
  return (
    typeof message === 'string' &&
    /failed to fetch|networkerror|network request failed|\bload failed|err_internet_disconnected|err_connection_refused/i.test(
      message
    )
  )
}
