// Followed hashtags on the fakes: the list read through the hashtags service, Follow and Unfollow
// changed at once and undone with a message when the server refuses, the Following feed told
// only of changes that were kept.

import { describe, expect, it, vi } from 'vitest'
import { deferred, fakeServices } from '../../testing/fakes'
import { createHashtagsStore } from './hashtagsStore'

function setup() {
  const services = fakeServices()
  const notify = vi.fn()
  const onChanged = vi.fn()
  const store = createHashtagsStore({
    hashtags: services.hashtags,
    searchHashtags: services.peopleTags.searchHashtags,
    notify,
    onChanged
  })
  return { services, notify, onChanged, store }
}

describe('hashtags store', () => {
  it('loads the followed tags and knows each is followed', async () => {
    const { services, store } = setup()
    services.hashtags.followed.mockResolvedValue(['boats', 'harbour'])
    await store.getState().load()
    expect(store.getState()).toMatchObject({
      status: 'ready',
      followed: ['boats', 'harbour'],
      following: { boats: true, harbour: true }
    })
  })

  it('follows at once, puts the tag first and tells the Following feed once saved', async () => {
    const { services, onChanged, store } = setup()
    services.hashtags.followed.mockResolvedValue(['boats'])
    await store.getState().load()
    const saved = deferred<void>()
    services.hashtags.setFollowed.mockReturnValue(saved.promise)
    const following = store.getState().setFollowing('harbour', true)
    expect(store.getState().following.harbour).toBe(true)
    expect(store.getState().followed).toEqual(['harbour', 'boats'])
    expect(store.getState().busy.has('harbour')).toBe(true)
    expect(onChanged).not.toHaveBeenCalled()
    saved.resolve()
    await following
    expect(services.hashtags.setFollowed).toHaveBeenCalledWith('harbour', true)
    expect(store.getState().busy.size).toBe(0)
    expect(onChanged).toHaveBeenCalledTimes(1)
  })

  it('undoes an unfollow the server refused, and says why', async () => {
    const { services, notify, onChanged, store } = setup()
    services.hashtags.followed.mockResolvedValue(['boats', 'harbour'])
    await store.getState().load()
    services.hashtags.setFollowed.mockRejectedValue(new Error("Couldn't unfollow #boats: offline"))
    await store.getState().setFollowing('boats', false)
    expect(store.getState()).toMatchObject({
      followed: ['boats', 'harbour'],
      following: { boats: true }
    })
    expect(notify).toHaveBeenCalledWith("Couldn't unfollow #boats: offline")
    expect(onChanged).not.toHaveBeenCalled()
  })

  it('searches tags without the #, and drops an answer to an older query', async () => {
    const { services, store } = setup()
    const older = deferred<{ tag: string; posts: number }[]>()
    services.peopleTags.searchHashtags.mockReturnValueOnce(older.promise)
    const first = store.getState().searchTags('#Sun')
    services.peopleTags.searchHashtags.mockResolvedValueOnce([{ tag: 'sunset', posts: 3 }])
    await store.getState().searchTags('suns')
    older.resolve([{ tag: 'sun', posts: 9 }])
    await first
    expect(services.peopleTags.searchHashtags).toHaveBeenCalledWith('sun', 8)
    expect(store.getState().search).toEqual({
      query: 'suns',
      status: 'ready',
      results: [{ tag: 'sunset', posts: 3 }]
    })
  })

  it('says why the list could not be read', async () => {
    const { services, store } = setup()
    services.hashtags.followed.mockRejectedValue(new Error("Couldn't load your followed hashtags"))
    await store.getState().load()
    expect(store.getState()).toMatchObject({
      status: 'error',
      error: "Couldn't load your followed hashtags"
    })
  })
})
