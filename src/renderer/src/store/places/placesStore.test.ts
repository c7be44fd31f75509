// The place search: what was typed, trimmed, is asked once; an older answer never replaces a
// newer query's; a failure says so and is asked again on the next try.

import { describe, expect, it } from 'vitest'
import { deferred, fakeServices } from '../../testing/fakes'
import { createPlacesStore } from './placesStore'

const place = (id: string, name: string) => ({ id, name })

function setup() {
  const services = fakeServices()
  return { services, store: createPlacesStore({ places: services.places }) }
}

describe('places store', () => {
  it('searches the trimmed text and holds the answer for it', async () => {
    const { services, store } = setup()
    services.places.search.mockResolvedValue([place('p1', 'Café de Flore')])
    await store.getState().searchPlaces('  cafe ')
    expect(services.places.search).toHaveBeenCalledWith('cafe')
    expect(store.getState().search).toEqual({
      query: 'cafe',
      status: 'ready',
      results: [place('p1', 'Café de Flore')]
    })
    // The same query again is not asked again.
    await store.getState().searchPlaces('cafe')
    expect(services.places.search).toHaveBeenCalledTimes(1)
    await store.getState().searchPlaces('   ')
    expect(store.getState().search).toEqual({ query: '', status: 'idle', results: [] })
  })

  it("drops an older query's late answer", async () => {
    const { services, store } = setup()
    const slow = deferred<{ id: string; name: string }[]>()
    services.places.search
      .mockReturnValueOnce(slow.promise)
      .mockResolvedValueOnce([place('p2', 'Café Marly')])
    const first = store.getState().searchPlaces('caf')
    await store.getState().searchPlaces('cafe m')
    slow.resolve([place('p1', 'Café de Flore')])
    await first
    expect(store.getState().search).toEqual({
      query: 'cafe m',
      status: 'ready',
      results: [place('p2', 'Café Marly')]
    })
  })

  it('says a search failed, and asks again on the next try', async () => {
    const { services, store } = setup()
    services.places.search.mockRejectedValueOnce(new Error('down'))
    await store.getState().searchPlaces('lisbon')
    expect(store.getState().search).toMatchObject({ query: 'lisbon', status: 'failed' })
    services.places.search.mockResolvedValueOnce([place('p3', 'Lisbon')])
    await store.getState().searchPlaces('lisbon')
    expect(store.getState().search.status).toBe('ready')
  })
})
