// The signed-in person's content controls: read once signed in, each change shown at once and
// put back, with the reason, when the server refuses it.

import { describe, expect, it } from 'vitest'
import { fakeServices } from '../../testing/fakes'
import { createControlsStore } from './controlsStore'
import { inEnglish } from '../../testing/inEnglish'

function setup(userId: string | null = 'me') {
  const services = fakeServices()
  const store = createControlsStore({
    controls: services.controls,
    searchPeople: services.people.searchPeople,
    getUserId: () => userId
  })
  return { services, store }
}

describe('controls store', () => {
  it('reads the words and switches of the signed-in person, nothing for a visitor', async () => {
    const { services, store } = setup()
    services.controls.fetchMine.mockResolvedValue({
      words: { mute: ['spoiler'], hide_comments: [] },
      settings: {
        show_sensitive_media: false,
        hide_like_counts: true,
        hide_offensive_comments: true
      }
    })
    await store.getState().load()
    expect(store.getState()).toMatchObject({
      status: 'ready',
      words: { mute: ['spoiler'] },
      settings: { hide_like_counts: true }
    })
    const visitor = setup(null)
    await visitor.store.getState().load()
    expect(visitor.services.controls.fetchMine).not.toHaveBeenCalled()
  })

  it('adds a word at once, as it is kept, and puts the list back when refused', async () => {
    const { services, store } = setup()
    expect(await store.getState().addWord('mute', '  Spoiler ')).toBe(true)
    expect(services.controls.addWord).toHaveBeenCalledWith('mute', 'spoiler')
    expect(store.getState().words.mute).toEqual(['spoiler'])

    services.controls.addWord.mockRejectedValue(new Error('permission denied'))
    expect(await store.getState().addWord('mute', 'ending')).toBe(false)
    expect(store.getState().words.mute).toEqual(['spoiler'])
    expect(store.getState().error).toBe('permission denied')
  })

  it('refuses an empty word without asking the server', async () => {
    const { services, store } = setup()
    expect(await store.getState().addWord('hide_comments', '   ')).toBe(false)
    expect(inEnglish(store.getState().error)).toBe('Enter a word of at most 100 characters')
    expect(services.controls.addWord).not.toHaveBeenCalled()
  })

  it('saves a switch with the others, and puts it back when refused', async () => {
    const { services, store } = setup()
    const before = store.getState().settings
    services.controls.saveSettings.mockRejectedValue(new Error('offline'))
    await store.getState().setSetting('hide_like_counts', !before.hide_like_counts)
    expect(services.controls.saveSettings).toHaveBeenCalledWith('me', {
      ...before,
      hide_like_counts: !before.hide_like_counts
    })
    expect(store.getState().settings).toEqual(before)
    expect(store.getState().error).toBe('offline')
  })

  it('finds people to add to close friends, never oneself, and adds and removes them', async () => {
    const { services, store } = setup()
    const ana = { id: 'ana', username: 'ana', full_name: null, avatar_url: null }
    services.people.searchPeople.mockResolvedValue([ana, { ...ana, id: 'me', username: 'me' }])
    expect(await store.getState().findPeople('a')).toEqual([ana])
    expect(services.people.searchPeople).toHaveBeenCalledWith('a', 8)

    await store.getState().addCloseFriend(ana)
    expect(services.controls.addCloseFriend).toHaveBeenCalledWith('ana')
    expect(store.getState().closeFriends).toEqual([ana])
    services.controls.removeCloseFriend.mockRejectedValue(new Error('nope'))
    await store.getState().removeCloseFriend('ana')
    expect(store.getState().closeFriends).toEqual([ana])
    expect(store.getState().error).toBe('nope')
  })
})
