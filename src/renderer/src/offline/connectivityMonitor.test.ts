import { afterEach, describe, expect, it, vi } from 'vitest'
import { createConnectivityStore, isNetworkError } from './connectivityStore'
import { reportingFetch, startConnectivityMonitor } from './connectivityMonitor'

afterEach(() => vi.useRealTimers())

const answer = (): Response => new Response('{}', { status: 401 })

describe('reporting fetch', () => {
  it('marks offline when a request cannot reach the backend, online on any answer', async () => {
    const store = createConnectivityStore()
    const base = vi.fn<typeof fetch>().mockRejectedValueOnce(new TypeError('Failed to fetch'))
    const reporting = reportingFetch(store, base)
    await expect(reporting('http://backend/rest/v1/posts')).rejects.toThrow('Failed to fetch')
    expect(store.getState().status).toBe('offline')
    base.mockResolvedValueOnce(answer())
    await reporting('http://backend/rest/v1/posts')
    expect(store.getState().status).toBe('online')
  })

  it('an error the backend answered with is not offline', async () => {
    const store = createConnectivityStore()
    const reporting = reportingFetch(store, vi.fn<typeof fetch>().mockResolvedValue(answer()))
    await reporting('http://backend/rest/v1/posts')
    expect(store.getState().status).toBe('online')
  })

  it('while offline, fails at once with a network error supabase-js does not retry', async () => {
    const store = createConnectivityStore('offline')
    const base = vi.fn<typeof fetch>()
    const reporting = reportingFetch(store, base, { failFastWhileOffline: true })
    const error: unknown = await reporting('http://backend/rest/v1/posts').catch((e) => e)
    expect(base).not.toHaveBeenCalled()
    expect(isNetworkError(error)).toBe(true)
    expect((error as Error).name).toBe('AbortError')
  })
})

describe('connectivity monitor', () => {
  it('probes the backend every few seconds while offline, and stops once it answers', async () => {
    vi.useFakeTimers()
    const store = createConnectivityStore()
    const base = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'))
    const target = new EventTarget()
    const stop = startConnectivityMonitor({
      store,
      fetch: reportingFetch(store, base),
      probeUrl: async () => 'http://backend/rest/v1/',
      target: target as unknown as Window,
      intervalMs: 4000
    })
    // The system's offline event is checked with a probe at once, which fails here.
    target.dispatchEvent(new Event('offline'))
    await vi.advanceTimersByTimeAsync(0)
    expect(base).toHaveBeenCalledTimes(1)
    expect(store.getState().status).toBe('offline')
    await vi.advanceTimersByTimeAsync(4000)
    expect(base).toHaveBeenCalledTimes(2)
    expect(store.getState().status).toBe('offline')

    base.mockResolvedValue(answer())
    await vi.advanceTimersByTimeAsync(4000)
    expect(store.getState().status).toBe('online')
    await vi.advanceTimersByTimeAsync(20_000)
    expect(base).toHaveBeenCalledTimes(3)
    stop()
  })

  it('trusts the backend over the system: a local backend answering keeps the app online', async () => {
    const store = createConnectivityStore()
    const base = vi.fn<typeof fetch>().mockResolvedValue(answer())
    const target = new EventTarget()
    const stop = startConnectivityMonitor({
      store,
      fetch: reportingFetch(store, base),
      probeUrl: async () => 'http://127.0.0.1:54321/rest/v1/',
      target: target as unknown as Window,
      systemOnline: false
    })
    target.dispatchEvent(new Event('offline'))
    await vi.waitFor(() => expect(base).toHaveBeenCalled())
    expect(store.getState().status).toBe('online')
    stop()
  })

  it('counts a probe nobody answers as unreachable', async () => {
    const store = createConnectivityStore()
    const hanging = vi.fn<typeof fetch>(
      (_input, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))
        )
    )
    const target = new EventTarget()
    const stop = startConnectivityMonitor({
      store,
      fetch: reportingFetch(store, hanging),
      probeUrl: async () => 'http://backend/rest/v1/',
      target: target as unknown as Window,
      timeoutMs: 20
    })
    target.dispatchEvent(new Event('offline'))
    await vi.waitFor(() => expect(store.getState().status).toBe('offline'))
    stop()
  })

  it('probes at once when the system says the network is back', async () => {
    const store = createConnectivityStore('offline')
    const base = vi.fn<typeof fetch>().mockResolvedValue(answer())
    const target = new EventTarget()
    const stop = startConnectivityMonitor({
      store,
      fetch: reportingFetch(store, base),
      probeUrl: async () => 'http://backend/rest/v1/',
      target: target as unknown as Window
    })
    target.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(store.getState().status).toBe('online'))
    stop()
  })
})
