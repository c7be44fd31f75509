// Who liked a post: the likers list a page at a time, each liker held once in the people store,
// and the one liker each card names, asked for in batches and again when the count changes.

import { describe, expect, it, vi } from 'vitest'
import { createHarness } from '../../testing/fakes'

const liker = (id: string) => ({
  id,
  username: id,
  full_name: null,
  avatar_url: null,
  followers_count: 0,
  like_id: `like-${id}`,
  liked_at: '2026-11-20T10:00:00Z'
})

describe('likers store', () => {
  it('reads the likers page by page into the people store', async () => {
    const { stores, services } = createHarness()
    const cursor = { created_at: '2026-11-20T10:00:00Z', id: 'like-b' }
    services.likes.likers
      .mockResolvedValueOnce({ items: [liker('a'), liker('b')], next: cursor })
      .mockResolvedValueOnce({ items: [liker('b'), liker('c')], next: null })
    await stores.likers.getState().open('p1')
    expect(services.likes.likers).toHaveBeenCalledWith('p1', { after: null })
    expect(stores.people.getState().byId.a?.username).toBe('a')
    await stores.likers.getState().loadMore()
    expect(services.likes.likers).toHaveBeenLastCalledWith('p1', { after: cursor })
    expect(stores.likers.getState().list).toMatchObject({ ids: ['a', 'b', 'c'], status: 'ready' })
    await stores.likers.getState().loadMore()
    expect(services.likes.likers).toHaveBeenCalledTimes(2)
  })

  it('says why the likers could not be read', async () => {
    const { stores, services } = createHarness()
    services.likes.likers.mockRejectedValue(new Error("Couldn't load the likes"))
    await stores.likers.getState().open('p1')
    expect(stores.likers.getState().list).toMatchObject({
      status: 'error',
      error: "Couldn't load the likes"
    })
  })

  it('asks who each card names in one request, and again when the count changes', async () => {
    const { stores, services } = createHarness()
    services.likes.highlights.mockResolvedValue(new Map([['p1', 'ana']]))
    stores.likers.getState().watchNamed('p1', 3)
    stores.likers.getState().watchNamed('p2', 1)
    stores.likers.getState().watchNamed('p1', 3)
    await vi.waitFor(() => expect(stores.likers.getState().named.get('p1')).toBe('ana'))
    expect(services.likes.highlights).toHaveBeenCalledTimes(1)
    expect(services.likes.highlights).toHaveBeenCalledWith(['p1', 'p2'])

    services.likes.highlights.mockResolvedValue(new Map([['p1', 'ben']]))
    stores.likers.getState().watchNamed('p1', 4)
    await vi.waitFor(() => expect(stores.likers.getState().named.get('p1')).toBe('ben'))
    // No likes by others: nobody to name, and nothing to ask.
    stores.likers.getState().watchNamed('p1', 0)
    expect(stores.likers.getState().named.has('p1')).toBe(false)
    expect(services.likes.highlights).toHaveBeenCalledTimes(2)
  })
})
