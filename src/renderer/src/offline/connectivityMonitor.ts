// Feeds the connectivity store: every data request made through `reportingFetch` says whether
// the backend answered, the window's online/offline events are taken as hints, and while
// offline a small probe asks the backend every few seconds, so the app notices it is back
// even when the user does nothing.

import { isNetworkError, type ConnectivityStore } from './connectivityStore'

/** How often the backend is probed while offline. */
export const PROBE_INTERVAL_MS = 4000

/** A probe unanswered for this long counts as unreachable (a network that drops packets). */
export const PROBE_TIMEOUT_MS = 3000

/**
 * The error a request gets while the app is offline, without being sent. It is named
 * AbortError because supabase-js retries network failures of reads for seconds (1 s, 2 s,
 * 4 s) but never an aborted request; its message still reads as a network failure.
 */
export function offlineError(): Error {
  return new DOMException('Failed to fetch: the backend cannot be reached (offline)', 'AbortError')
}

export interface ReportingOptions {
  /**
   * While offline, fail at once instead of waiting on the network: the probe alone decides
   * when the backend is back. Off for the probe itself.
   */
  failFastWhileOffline?: boolean
}

/** `fetch` that reports each request's outcome to `store`: any answer means reachable. */
export function reportingFetch(
  store: ConnectivityStore,
  base: typeof fetch = fetch,
  options: ReportingOptions = {}
): typeof fetch {
  return async (input, init) => {
    if (options.failFastWhileOffline && store.getState().status === 'offline') throw offlineError()
    try {
      const response = await base(input, init)
      store.getState().reportReachable()
      return response
    } catch (error) {
      if (isNetworkError(error)) store.getState().reportUnreachable()
      throw error
    }
  }
}

export interface MonitorOptions {
  store: ConnectivityStore
  /** A reporting fetch that does not fail fast (see reportingFetch), so its answer counts. */
  fetch: typeof fetch
  /** The URL to probe: any answer from it means the backend is reachable. */
  probeUrl(): Promise<string>
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>
  /** What the system says at start (navigator.onLine): false makes the first probe now. */
  systemOnline?: boolean
  intervalMs?: number
  timeoutMs?: number
}

/** Starts watching; returns the function that stops it. */
export function startConnectivityMonitor(options: MonitorOptions): () => void {
  const { store } = options
  const target = options.target ?? window
  const intervalMs = options.intervalMs ?? PROBE_INTERVAL_MS
  const timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS
  let timer: ReturnType<typeof setInterval> | null = null
  let probing = false

  async function probe(): Promise<void> {
    if (probing) return
    probing = true
    try {
      await options.fetch(await options.probeUrl(), {
        method: 'GET',
        cache: 'no-store',
        signal: AbortSignal.timeout(timeoutMs)
      })
    } catch (error) {
      // The reporting fetch has said whether the network failed; a timeout it cannot tell.
      if ((error as { name?: unknown } | null)?.name === 'TimeoutError') {
        store.getState().reportUnreachable()
      }
    } finally {
      probing = false
    }
  }

  const follow = (): void => {
    const offline = store.getState().status === 'offline'
    if (offline && !timer) timer = setInterval(() => void probe(), intervalMs)
    if (!offline && timer) {
      clearInterval(timer)
      timer = null
    }
  }
  // The system's network events are hints: a local backend answers with no network at all,
  // and a network can be up with the backend unreachable. Either way the probe decides, at once.
  const onNetworkChange = (): void => void probe()

  target.addEventListener('offline', onNetworkChange)
  target.addEventListener('online', onNetworkChange)
  const unsubscribe = store.subscribe(follow)
  follow()
  if (options.systemOnline === false) void probe()
  return () => {
    target.removeEventListener('offline', onNetworkChange)
    target.removeEventListener('online', onNetworkChange)
    unsubscribe()
    if (timer) clearInterval(timer)
    timer = null
  }
}

/** What to probe: the REST root answers (even if only with 401) whenever the backend is up. */
export function probeUrlOf(backendUrl: string): string {
  return `${backendUrl.replace(/\/+$/, '')}/rest/v1/`
}
