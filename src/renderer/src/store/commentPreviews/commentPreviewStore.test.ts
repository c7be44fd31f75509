// The two latest comments under each card: asked for in batches, only for posts with comments,
// read again after a change in the post view, and a comment written on the card on top at once.

import { describe, expect, it, vi } from 'vitest'
import { fakeServices, makeComment } from '../../testing/fakes'
import { createCommentPreviewStore } from './commentPreviewStore'

function setup() {
  const services = fakeServices()
  return { services, store: createCommentPreviewStore(services.comments) }
}

describe('comment preview store', () => {
  it('asks once for the posts with comments watched in the same tick', async () => {
    const { services, store } = setup()
    const latest = [makeComment({ post_id: 'p1' })]
    services.comments.latest.mockResolvedValue(new Map([['p1', latest]]))
    store.getState().watch([
      { id: 'p1', comments_count: 3 },
      { id: 'p2', comments_count: 0 }
    ])
    store.getState().watch([{ id: 'p1', comments_count: 3 }])
    await vi.waitFor(() => expect(store.getState().byPost.get('p1')).toEqual(latest))
    expect(services.comments.latest).toHaveBeenCalledTimes(1)
    expect(services.comments.latest).toHaveBeenCalledWith(['p1'], 2)
  })

  it('reads a post again when asked to refresh it', async () => {
    const { services, store } = setup()
    await store.getState().prefetch([{ id: 'p1', comments_count: 1 }])
    store.getState().refresh('p1')
    await vi.waitFor(() => expect(services.comments.latest).toHaveBeenCalledTimes(2))
  })

  it('puts a comment written on a card on top, keeping two', () => {
    const { store } = setup()
    const [a, b, c] = [1, 2, 3].map(() => makeComment({ post_id: 'p1' }))
    store.getState().show(a)
    store.getState().show(b)
    store.getState().show(c)
    expect(store.getState().byPost.get('p1')).toEqual([c, b])
  })
})
