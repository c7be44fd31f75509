// Explore's visit on the fakes: pages read through the explore service from the cursor the last
// page gave, held once in the posts store, never a post twice; a visit kept when the view comes
// back, replaced by refresh, and an answer for a replaced visit dropped.

import { describe, expect, it } from 'vitest'
import type { ExploreCursor, ExplorePage } from '../../services/types'
import { deferred, fakeServices, makePost } from '../../testing/fakes'
import { createPostsStore } from '../posts/postsStore'
import { createExploreStore, selectHasMore } from './exploreStore'

function setup() {
  const services = fakeServices()
  const entities = createPostsStore({
    likes: services.likes,
    posts: services.posts,
    getUserId: () => 'me'
  })
  const store = createExploreStore({ explore: services.explore, entities })
  return { services, entities, store }
}

const cursor = (id: string): ExploreCursor => ({
  asOf: '2026-11-29T17:00:00.000Z',
  rank: '1000',
  id,
  authors: ['a', 'b']
})

describe('explore store', () => {
  it('a page answered after a live count keeps that count (pagedList gives the read mark)', async () => {
    const { services, entities, store } = setup()
    const post = makePost({ likes_count: 3 })
    entities.getState().put([post])
    const page = deferred<ExplorePage>()
    services.explore.page.mockReturnValue(page.promise)
    const opening = store.getState().open()
    entities.getState().countersChanged({ ...post, likes_count: 4 })
    page.resolve({ items: [post], next: null })
    await opening
    expect(store.getState().ids).toEqual([post.id])
    expect(entities.getState().byId[post.id].likes_count).toBe(4)
  })

  it('opens a visit, holds its posts once and lists their ids', async () => {
    const { services, entities, store } = setup()
    const [a, b] = [makePost(), makePost()]
    services.explore.page.mockResolvedValue({ items: [a, b], next: cursor(b.id) })
    await store.getState().open()
    expect(services.explore.page).toHaveBeenCalledWith({ after: null })
    expect(store.getState()).toMatchObject({ status: 'ready', ids: [a.id, b.id] })
    expect(entities.getState().byId[a.id]).toEqual(a)
    expect(selectHasMore(store.getState())).toBe(true)
  })

  it('pages on from the cursor and never lists a post twice', async () => {
    const { services, store } = setup()
    const [a, b, c] = [makePost(), makePost(), makePost()]
    services.explore.page.mockResolvedValueOnce({ items: [a, b], next: cursor(b.id) })
    await store.getState().open()
    services.explore.page.mockResolvedValueOnce({ items: [b, c], next: cursor(c.id) })
    await store.getState().loadMore()
    expect(services.explore.page).toHaveBeenLastCalledWith({ after: cursor(b.id) })
    expect(store.getState().ids).toEqual([a.id, b.id, c.id])
  })

  it('ends the visit on an empty page and asks for no more', async () => {
    const { services, store } = setup()
    services.explore.page.mockResolvedValueOnce({ items: [makePost()], next: cursor('x') })
    await store.getState().open()
    services.explore.page.mockResolvedValueOnce({ items: [], next: null })
    await store.getState().loadMore()
    expect(store.getState().status).toBe('done')
    expect(selectHasMore(store.getState())).toBe(false)
    await store.getState().loadMore()
    expect(services.explore.page).toHaveBeenCalledTimes(2)
  })

  it('keeps the visit when the view opens again, and starts anew on refresh', async () => {
    const { services, store } = setup()
    const [a, b] = [makePost(), makePost()]
    services.explore.page.mockResolvedValueOnce({ items: [a], next: cursor(a.id) })
    await store.getState().open()
    await store.getState().open()
    expect(services.explore.page).toHaveBeenCalledTimes(1)
    services.explore.page.mockResolvedValueOnce({ items: [b], next: null })
    await store.getState().refresh()
    expect(services.explore.page).toHaveBeenLastCalledWith({ after: null })
    expect(store.getState().ids).toEqual([b.id])
  })

  it('says why a page could not be read, and tries again from the same cursor', async () => {
    const { services, store } = setup()
    const a = makePost()
    services.explore.page.mockResolvedValueOnce({ items: [a], next: cursor(a.id) })
    await store.getState().open()
    services.explore.page.mockRejectedValueOnce(new Error("Couldn't load Explore: offline"))
    await store.getState().loadMore()
    expect(store.getState()).toMatchObject({
      status: 'error',
      error: "Couldn't load Explore: offline",
      ids: [a.id]
    })
    await store.getState().loadMore()
    expect(services.explore.page).toHaveBeenLastCalledWith({ after: cursor(a.id) })
  })

  it('drops the answer for a visit that was reset meanwhile', async () => {
    const { services, store } = setup()
    const answer = deferred<ExplorePage>()
    services.explore.page.mockReturnValue(answer.promise)
    const opening = store.getState().open()
    store.getState().reset()
    answer.resolve({ items: [makePost()], next: null })
    await opening
    expect(store.getState()).toMatchObject({ ids: [], status: 'idle' })
  })
})
