// Reels' visit on the fakes: pages read through the reels service from the last reel's cursor,
// held once in the posts store, never a reel twice; a visit opened at a reel shows it first; a
// visit kept when the view comes back; a failure that Try again recovers; an answer for a
// replaced visit dropped.

import { describe, expect, it } from 'vitest'
import type { Post } from '@shared/domain'
import { deferred, fakeServices, makePost } from '../../testing/fakes'
import { createPostsStore } from '../posts/postsStore'
import { createReelsStore, selectHasMore } from './reelsStore'

function setup() {
  const services = fakeServices()
  const entities = createPostsStore({
    likes: services.likes,
    posts: services.posts,
    getUserId: () => 'me'
  })
  const store = createReelsStore({ reels: services.reels, posts: services.posts, entities })
  return { services, entities, store }
}

const cursorOf = (post: Post) => ({ created_at: post.created_at, id: post.id })

describe('reels store', () => {
  it('opens a visit, holds its reels once and pages on from the last one', async () => {
    const { services, entities, store } = setup()
    const [a, b, c] = [makePost(), makePost(), makePost()]
    services.reels.page.mockResolvedValueOnce({ items: [a, b], next: cursorOf(b) })
    await store.getState().open()
    expect(services.reels.page).toHaveBeenCalledWith({ after: null })
    expect(store.getState()).toMatchObject({ status: 'ready', ids: [a.id, b.id] })
    expect(entities.getState().byId[a.id]).toEqual(a)
    expect(services.likes.likedPostIds).toHaveBeenCalledWith('me', [a.id, b.id])
    expect(selectHasMore(store.getState())).toBe(true)

    services.reels.page.mockResolvedValueOnce({ items: [b, c], next: null })
    await store.getState().loadMore()
    expect(services.reels.page).toHaveBeenLastCalledWith({ after: cursorOf(b) })
    expect(store.getState()).toMatchObject({ status: 'done', ids: [a.id, b.id, c.id] })
    expect(selectHasMore(store.getState())).toBe(false)
    await store.getState().loadMore()
    expect(services.reels.page).toHaveBeenCalledTimes(2)
  })

  it('keeps the visit when Reels opens again', async () => {
    const { services, store } = setup()
    services.reels.page.mockResolvedValueOnce({ items: [makePost()], next: null })
    await store.getState().open()
    await store.getState().open()
    expect(services.reels.page).toHaveBeenCalledTimes(1)
  })

  it('opened at a reel, shows it first and Reels after it, once', async () => {
    const { services, store } = setup()
    const [start, a] = [makePost(), makePost()]
    services.posts.byId.mockResolvedValueOnce(start)
    services.reels.page.mockResolvedValueOnce({ items: [a, start], next: null })
    await store.getState().open(start.id)
    expect(services.posts.byId).toHaveBeenCalledWith(start.id)
    expect(store.getState()).toMatchObject({ startId: start.id, ids: [start.id, a.id] })
    // A reel the visit holds is not read again.
    await store.getState().open(a.id)
    expect(services.reels.page).toHaveBeenCalledTimes(1)
  })

  it('says what failed, and Try again reads the visit afresh', async () => {
    const { services, store } = setup()
    services.reels.page.mockRejectedValueOnce(new Error("Couldn't load Reels"))
    await store.getState().open()
    expect(store.getState()).toMatchObject({ status: 'error', error: "Couldn't load Reels" })
    const reel = makePost()
    services.reels.page.mockResolvedValueOnce({ items: [reel], next: null })
    await store.getState().refresh()
    expect(store.getState()).toMatchObject({ status: 'done', ids: [reel.id], error: null })
  })

  it('drops the answer of a visit replaced meanwhile', async () => {
    const { services, store } = setup()
    const slow = deferred<{ items: Post[]; next: null }>()
    services.reels.page.mockReturnValueOnce(slow.promise)
    const first = store.getState().open()
    store.getState().reset()
    const fresh = makePost()
    services.reels.page.mockResolvedValueOnce({ items: [fresh], next: null })
    await store.getState().open()
    slow.resolve({ items: [makePost()], next: null })
    await first
    expect(store.getState().ids).toEqual([fresh.id])
  })
})
