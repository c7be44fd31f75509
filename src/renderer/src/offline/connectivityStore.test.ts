import { describe, expect, it } from 'vitest'
import { createConnectivityStore, isNetworkError, onConnectivity } from './connectivityStore'

describe('connectivity store', () => {
  it('goes offline on an unreachable report and back online on a reachable one, once each', () => {
    const store = createConnectivityStore('online', () => 42)
    const cameBack: number[] = []
    onConnectivity(store, 'online', () => cameBack.push(1))
    store.getState().reportUnreachable()
    store.getState().reportUnreachable()
    expect(store.getState()).toMatchObject({ status: 'offline', offlineSince: 42 })
    store.getState().reportReachable()
    store.getState().reportReachable()
    expect(store.getState()).toMatchObject({ status: 'online', offlineSince: null })
    expect(cameBack).toHaveLength(1)
  })

  it('tells network failures from answers the backend gave', () => {
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(true)
    expect(
      isNetworkError({ message: 'TypeError: NetworkError when attempting to fetch resource.' })
    ).toBe(true)
    expect(isNetworkError({ name: 'AuthRetryableFetchError', message: '' })).toBe(true)
    expect(isNetworkError(new TypeError('x is not a function'))).toBe(false)
    expect(isNetworkError({ message: 'duplicate key value violates unique constraint' })).toBe(
      false
    )
    expect(isNetworkError(new TypeError('Load failed'))).toBe(true)
    // "Upload failed: …" is the server refusing an upload, not Safari's "Load failed".
    expect(isNetworkError(new Error('Upload failed: bucket is full'))).toBe(false)
    expect(isNetworkError(null)).toBe(false)
  })
})
