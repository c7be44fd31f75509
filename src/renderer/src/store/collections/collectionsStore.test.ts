// Saved collections over fake services: the save sheet reads the list and its post's ticks, and a
// tap waits for them; filing ticks at once, marks the post saved and heads All posts, and a
// refusal takes the tick back with the words; a name the rules refuse never leaves the store;
// unticking takes the post out of the open grid; an unsaved post leaves the grid and the ticks;
// deleting a collection drops it from the list; a new user starts with nothing.

import { describe, expect, it } from 'vitest'
import type { SaveCollection } from '@shared/domain'
import { COLLECTION_MESSAGES } from '../../services/rules'
import { createHarness, deferred, makePost, signedIn } from '../../testing/fakes'

const collection = (id: string, name: string): SaveCollection => ({
  id,
  name,
  created_at: '2026-11-30T00:00:00Z',
  cover_post_id: null,
  cover_url: null
})

function signedInHarness() {
  return createHarness({ snapshot: signedIn() })
}

describe('collections store', () => {
  it('opens the sheet with the list and the ticks; a tap before the ticks are known waits', async () => {
    const { stores, services } = signedInHarness()
    services.collections.list.mockResolvedValue([
      collection('c1', 'Trips'),
      collection('c2', 'Food')
    ])
    const ticks = deferred<string[]>()
    services.collections.holding.mockReturnValueOnce(ticks.promise)
    const opening = stores.collections.getState().openSheet('p1')
    expect(stores.collections.getState().sheetPostId).toBe('p1')
    await stores.collections.getState().toggle('c2')
    expect(services.collections.add).not.toHaveBeenCalled()
    ticks.resolve(['c1'])
    await opening
    const state = stores.collections.getState()
    expect(state.sheetReady).toBe(true)
    expect([...state.holding]).toEqual(['c1'])
    expect(state.list.map((c) => c.name)).toEqual(['Trips', 'Food'])
    expect(services.collections.holding).toHaveBeenCalledWith('p1')
  })

  it('filing ticks at once, saves the post and heads All posts; a refusal takes it back', async () => {
    const { stores, services } = signedInHarness()
    services.collections.list.mockResolvedValue([collection('c1', 'Trips')])
    stores.posts.getState().put([makePost({ id: 'p1' }), makePost({ id: 'p0' })])
    stores.saved.setState({ ids: ['p0'], status: 'ready' })
    await stores.collections.getState().openSheet('p1')
    const sent = deferred<void>()
    services.collections.add.mockReturnValueOnce(sent.promise)
    const filing = stores.collections.getState().toggle('c1')
    expect(stores.collections.getState().holding.has('c1')).toBe(true)
    sent.resolve()
    await filing
    expect(services.collections.add).toHaveBeenCalledWith('c1', 'p1')
    expect(stores.saved.getState().savedIds.has('p1')).toBe(true)
    expect(stores.saved.getState().ids).toEqual(['p1', 'p0'])

    services.collections.take.mockRejectedValueOnce(new Error('permission denied'))
    await stores.collections.getState().toggle('c1')
    expect(stores.collections.getState().holding.has('c1')).toBe(true)
    expect(stores.collections.getState().sheetError).toBe('permission denied')
  })

  it('refuses a bad name before sending; makes a collection with the post in it', async () => {
    const { stores, services } = signedInHarness()
    await stores.collections.getState().openSheet('p1')
    for (const name of ['', '   ', 'x'.repeat(51)]) {
      expect(await stores.collections.getState().create(name, 'p1')).toBe(
        COLLECTION_MESSAGES.nameLength
      )
    }
    expect(services.collections.create).not.toHaveBeenCalled()
    services.collections.create.mockRejectedValueOnce(new Error(COLLECTION_MESSAGES.duplicate))
    expect(await stores.collections.getState().create('Trips', 'p1')).toBe(
      COLLECTION_MESSAGES.duplicate
    )
    services.collections.create.mockResolvedValueOnce('c9')
    services.collections.list.mockResolvedValue([collection('c9', 'Trips')])
    expect(await stores.collections.getState().create(' Trips ', 'p1')).toBeNull()
    expect(services.collections.create).toHaveBeenLastCalledWith(' Trips ', 'p1')
    expect(stores.collections.getState().holding.has('c9')).toBe(true)
    expect(stores.collections.getState().list.map((c) => c.id)).toEqual(['c9'])
    expect(stores.saved.getState().savedIds.has('p1')).toBe(true)
  })

  it('opens a collection into the posts store; unticking or unsaving takes a post out', async () => {
    const { stores, services } = signedInHarness()
    const [p1, p2] = [makePost({ id: 'p1' }), makePost({ id: 'p2' })]
    services.collections.page.mockResolvedValueOnce({ items: [p1, p2], next: null })
    await stores.collections.getState().openCollection('c1')
    expect(stores.collections.getState().open).toMatchObject({ id: 'c1', ids: ['p1', 'p2'] })
    expect(stores.posts.getState().byId.p2).toBeDefined()

    await stores.collections.getState().openSheet('p1')
    services.collections.holding.mockResolvedValueOnce(['c1'])
    await stores.collections.getState().openSheet('p1')
    services.collections.take.mockResolvedValueOnce(undefined)
    await stores.collections.getState().toggle('c1')
    expect(services.collections.take).toHaveBeenCalledWith('c1', 'p1')
    expect(stores.collections.getState().open?.ids).toEqual(['p2'])

    stores.saved.setState({ savedIds: new Set(['p2']) })
    stores.saved.setState({ savedIds: new Set() })
    expect(stores.collections.getState().open?.ids).toEqual([])
  })

  it('renames and deletes, saying a refusal; a new user starts with nothing', async () => {
    const { stores, services } = signedInHarness()
    services.collections.list.mockResolvedValue([collection('c1', 'Trips')])
    await stores.collections.getState().loadList()
    expect(await stores.collections.getState().rename('c1', '')).toBe(
      COLLECTION_MESSAGES.nameLength
    )
    services.collections.rename.mockResolvedValueOnce(undefined)
    expect(await stores.collections.getState().rename('c1', ' Road trips ')).toBeNull()
    expect(stores.collections.getState().list[0].name).toBe('Road trips')
    services.collections.remove.mockRejectedValueOnce(new Error('offline'))
    expect(await stores.collections.getState().remove('c1')).toBe('offline')
    expect(stores.collections.getState().list).toHaveLength(1)
    services.collections.remove.mockResolvedValueOnce(undefined)
    expect(await stores.collections.getState().remove('c1')).toBeNull()
    expect(stores.collections.getState().list).toEqual([])

    await stores.collections.getState().loadList()
    stores.collections.getState().clear()
    expect(stores.collections.getState()).toMatchObject({
      list: [],
      listStatus: 'idle',
      open: null
    })
  })
})
