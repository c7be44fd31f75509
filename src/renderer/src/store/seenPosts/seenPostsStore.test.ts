// The seen-posts store gathers the cards noted seen and sends them together: one request per
// flush interval, at most MAX_SEEN_POSTS_PER_CALL posts each, each post once, nothing for a
// visitor, a failed send kept for the next one, and nothing carried over to another user.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MAX_SEEN_POSTS_PER_CALL } from '@shared/limits'
import { fakeServices } from '../../testing/fakeServices'
import { createSeenPostsStore } from './seenPostsStore'

describe('seenPostsStore', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  function setup(userId: string | null = 'me') {
    const services = fakeServices()
    let user = userId
    const store = createSeenPostsStore({
      seenPosts: services.seenPosts,
      getUserId: () => user,
      flushMs: 1000
    })
    return { store, mark: services.seenPosts.mark, signIn: (id: string | null) => (user = id) }
  }

  it('sends the posts noted within the interval in one request, each once', async () => {
    const { store, mark } = setup()
    store.getState().mark('a')
    store.getState().mark('b')
    store.getState().mark('a')
    expect(mark).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1000)
    expect(mark).toHaveBeenCalledTimes(1)
    expect(mark).toHaveBeenCalledWith(['a', 'b'])
    // Seen again later: already sent.
    store.getState().mark('b')
    store.getState().mark('c')
    await vi.advanceTimersByTimeAsync(1000)
    expect(mark).toHaveBeenLastCalledWith(['c'])
    expect(mark).toHaveBeenCalledTimes(2)
  })

  it('sends at once when a batch is full', async () => {
    const { store, mark } = setup()
    for (let i = 0; i < MAX_SEEN_POSTS_PER_CALL; i++) store.getState().mark(`p${i}`)
    await vi.advanceTimersByTimeAsync(0)
    expect(mark).toHaveBeenCalledTimes(1)
    expect(mark.mock.calls[0][0]).toHaveLength(MAX_SEEN_POSTS_PER_CALL)
  })

  it('notes nothing for a visitor', async () => {
    const { store, mark } = setup(null)
    store.getState().mark('a')
    await vi.advanceTimersByTimeAsync(5000)
    expect(mark).not.toHaveBeenCalled()
    expect(store.getState().pending).toEqual([])
  })

  it('keeps a failed batch and sends it with the next post noted', async () => {
    const { store, mark } = setup()
    mark.mockRejectedValueOnce(new Error('offline'))
    store.getState().mark('a')
    await vi.advanceTimersByTimeAsync(1000)
    expect(store.getState().pending).toEqual(['a'])
    // No retry loop on its own.
    await vi.advanceTimersByTimeAsync(5000)
    expect(mark).toHaveBeenCalledTimes(1)
    store.getState().mark('b')
    await vi.advanceTimersByTimeAsync(1000)
    expect(mark).toHaveBeenLastCalledWith(['a', 'b'])
  })

  it('forgets what was pending when another user signs in', async () => {
    const { store, mark, signIn } = setup()
    store.getState().mark('a')
    store.getState().reset()
    signIn('someone-else')
    await vi.advanceTimersByTimeAsync(1000)
    expect(mark).not.toHaveBeenCalled()
    store.getState().mark('a')
    await vi.advanceTimersByTimeAsync(1000)
    expect(mark).toHaveBeenCalledWith(['a'])
  })
})
