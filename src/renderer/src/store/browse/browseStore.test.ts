// A hashtag's page and a place's page. A hashtag's: its header and top posts, its recent posts read through the posts service,
// held once in the posts store, and paged on; an answer for a page that was left meanwhile is
// dropped.

import { describe, expect, it } from 'vitest'
import { deferred, fakeServices, makePost } from '../../testing/fakes'
import { createPostsStore } from '../posts/postsStore'
import { createBrowseStore } from './browseStore'

const PLACE_ID = '6f1e0b7c-8d1a-4a57-9a4e-3a1f3c2b1d00'

function setup() {
  const services = fakeServices()
  const entities = createPostsStore({
    likes: services.likes,
    posts: services.posts,
    getUserId: () => 'me'
  })
  const store = createBrowseStore({
    posts: services.posts,
    hashtags: services.hashtags,
    places: services.places,
    entities
  })
  return { services, entities, store }
}

describe('browse store', () => {
  it('opens a tag in lower case, holds its posts once and lists their ids', async () => {
    const { services, entities, store } = setup()
    const [a, b] = [makePost(), makePost()]
    services.posts.tagPage.mockResolvedValue({ items: [a, b], next: null })
    await store.getState().openTag('Sunset')
    expect(services.posts.tagPage).toHaveBeenCalledWith('sunset', { after: null })
    expect(store.getState()).toMatchObject({ status: 'ready', ids: [a.id, b.id] })
    expect(entities.getState().byId[a.id]).toEqual(a)
  })

  it('reads the header and the top posts beside the recent ones', async () => {
    const { services, entities, store } = setup()
    const [top, recent] = [makePost(), makePost()]
    services.hashtags.summary.mockResolvedValue({ tag: 'sunset', posts: 42, following: true })
    services.hashtags.topPosts.mockResolvedValue([top])
    services.posts.tagPage.mockResolvedValue({ items: [recent], next: null })
    await store.getState().openTag('Sunset')
    expect(services.hashtags.summary).toHaveBeenCalledWith('sunset')
    expect(services.hashtags.topPosts).toHaveBeenCalledWith('sunset')
    expect(store.getState()).toMatchObject({
      summary: { tag: 'sunset', posts: 42, following: true },
      topIds: [top.id],
      ids: [recent.id]
    })
    expect(entities.getState().byId[top.id]).toEqual(top)
  })

  it('shows the recent posts when the header or top posts cannot be read', async () => {
    const { services, store } = setup()
    const recent = makePost()
    services.hashtags.summary.mockRejectedValue(new Error('down'))
    services.hashtags.topPosts.mockRejectedValue(new Error('down'))
    services.posts.tagPage.mockResolvedValue({ items: [recent], next: null })
    await store.getState().openTag('sunset')
    expect(store.getState()).toMatchObject({
      status: 'ready',
      summary: null,
      topIds: [],
      ids: [recent.id]
    })
  })

  it('pages on from the cursor, without repeating a post', async () => {
    const { services, store } = setup()
    const [a, b, c] = [makePost(), makePost(), makePost()]
    const cursor = { created_at: b.created_at, id: b.id }
    services.posts.tagPage.mockResolvedValueOnce({ items: [a, b], next: cursor })
    await store.getState().openTag('sunset')
    services.posts.tagPage.mockResolvedValueOnce({ items: [b, c], next: null })
    await store.getState().loadMore()
    expect(services.posts.tagPage).toHaveBeenLastCalledWith('sunset', { after: cursor })
    expect(store.getState().ids).toEqual([a.id, b.id, c.id])
    await store.getState().loadMore()
    expect(services.posts.tagPage).toHaveBeenCalledTimes(2)
  })

  it('says why a page could not be read', async () => {
    const { services, store } = setup()
    services.posts.tagPage.mockRejectedValue(new Error("Couldn't load #sunset"))
    await store.getState().openTag('sunset')
    expect(store.getState()).toMatchObject({ status: 'error', error: "Couldn't load #sunset" })
  })

  it('drops the answer for a page that was closed meanwhile', async () => {
    const { services, store } = setup()
    const answer = deferred<{ items: ReturnType<typeof makePost>[]; next: null }>()
    services.posts.tagPage.mockReturnValue(answer.promise)
    const opening = store.getState().openTag('sunset')
    store.getState().close()
    answer.resolve({ items: [makePost()], next: null })
    await opening
    expect(store.getState()).toMatchObject({ page: null, ids: [], status: 'idle' })
  })

  it('opens a place: its header and its posts, held once, paged on from the cursor', async () => {
    const { services, entities, store } = setup()
    const [a, b] = [makePost(), makePost()]
    const place = {
      id: 'place-1',
      name: 'Café de Flore',
      latitude: null,
      longitude: null,
      posts: 2
    }
    services.places.summary.mockResolvedValue(place)
    services.places.page
      .mockResolvedValueOnce({ items: [a], next: { created_at: a.created_at, id: a.id } })
      .mockResolvedValueOnce({ items: [b], next: null })
    await store.getState().openPlace(PLACE_ID)
    expect(services.places.summary).toHaveBeenCalledWith(PLACE_ID)
    expect(services.places.page).toHaveBeenCalledWith(PLACE_ID, { after: null })
    expect(services.posts.tagPage).not.toHaveBeenCalled()
    expect(store.getState()).toMatchObject({ status: 'ready', place, ids: [a.id] })
    await store.getState().loadMore()
    expect(services.places.page).toHaveBeenLastCalledWith(PLACE_ID, {
      after: { created_at: a.created_at, id: a.id }
    })
    expect(store.getState()).toMatchObject({ ids: [a.id, b.id], next: null })
    expect(entities.getState().byId[b.id]).toEqual(b)
  })

  it('says a place is missing when it has no header, whichever answer comes first', async () => {
    const { services, store } = setup()
    const page = deferred<{ items: ReturnType<typeof makePost>[]; next: null }>()
    services.places.summary.mockResolvedValue(null)
    services.places.page.mockReturnValue(page.promise)
    const opening = store.getState().openPlace(PLACE_ID)
    await Promise.resolve()
    page.resolve({ items: [], next: null })
    await opening
    expect(store.getState()).toMatchObject({ status: 'missing', place: null, ids: [] })
  })

  it('calls a link that cannot name a place missing without asking', async () => {
    const { services, store } = setup()
    await store.getState().openPlace('not-a-place')
    expect(store.getState()).toMatchObject({ status: 'missing', page: { kind: 'place' } })
    expect(services.places.summary).not.toHaveBeenCalled()
    expect(services.places.page).not.toHaveBeenCalled()
  })
})
