import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createHarness,
  makeStory,
  makeStripEntry,
  PROFILE,
  pngBytes,
  signedIn
} from '../../testing/fakes'
import { sortStrip } from './storiesStore'

afterEach(() => vi.restoreAllMocks())

function harnessWithStrip() {
  const harness = createHarness({ snapshot: signedIn() })
  harness.stores.stories.setState({
    strip: [makeStripEntry('ann'), makeStripEntry('ben'), makeStripEntry('cat')],
    stripLoaded: true
  })
  return harness
}

describe('stories store', () => {
  it('opens at the first unseen story and marks it seen, here and on the server', async () => {
    const { stores, services } = harnessWithStrip()
    const stories = [
      makeStory({ user_id: 'ann', seen: true }),
      makeStory({ user_id: 'ann' }),
      makeStory({ user_id: 'ann' })
    ]
    services.stories.fetchUserStories.mockResolvedValue(stories)
    await stores.stories.getState().openStories('ann')
    expect(services.stories.fetchUserStories).toHaveBeenCalledWith('ann', PROFILE.id)
    const viewer = stores.stories.getState().viewer!
    expect(viewer).toMatchObject({ status: 'ready', index: 1, people: ['ann', 'ben', 'cat'] })
    expect(viewer.stories[1].seen).toBe(true)
    expect(services.stories.markSeen).toHaveBeenCalledWith(stories[1].id)
    // One of Ann's three is still unseen.
    expect(stores.stories.getState().strip[0].has_unseen).toBe(true)
  })

  it('next walks the stories, then on to the next person, and closes after the last', async () => {
    const { stores, services } = harnessWithStrip()
    const ann = makeStory({ user_id: 'ann' })
    const ben = makeStory({ user_id: 'ben' })
    const cat = makeStory({ user_id: 'cat' })
    services.stories.fetchUserStories.mockImplementation(async (userId: string) =>
      userId === 'ann' ? [ann] : userId === 'ben' ? [ben] : [cat]
    )
    await stores.stories.getState().openStories('ben')
    expect(stores.stories.getState().strip.find((e) => e.user_id === 'ben')!.has_unseen).toBe(false)
    stores.stories.getState().next()
    await vi.waitFor(() => expect(stores.stories.getState().viewer?.stories[0]?.id).toBe(cat.id))
    stores.stories.getState().previous()
    await vi.waitFor(() => expect(stores.stories.getState().viewer?.stories[0]?.id).toBe(ben.id))
    stores.stories.getState().next()
    await vi.waitFor(() => expect(stores.stories.getState().viewer?.stories[0]?.id).toBe(cat.id))
    stores.stories.getState().next()
    expect(stores.stories.getState().viewer).toBeNull()
    // Closed: the strip is in the database's order again, seen people last.
    expect(stores.stories.getState().strip.map((entry) => entry.username)).toEqual([
      'ann',
      'ben',
      'cat'
    ])
    expect(stores.stories.getState().strip.map((entry) => entry.has_unseen)).toEqual([
      true,
      false,
      false
    ])
  })

  it("reads the next person's stories ahead, once, and names the story they start with", async () => {
    const { stores, services } = harnessWithStrip()
    const ann = makeStory({ user_id: 'ann' })
    const ben = [makeStory({ user_id: 'ben', seen: true }), makeStory({ user_id: 'ben' })]
    services.stories.fetchUserStories.mockImplementation(async (userId: string) =>
      userId === 'ann' ? [ann] : userId === 'ben' ? ben : []
    )
    await stores.stories.getState().openStories('ann')
    await vi.waitFor(() => expect(stores.stories.getState().viewer?.upcoming?.id).toBe(ben[1].id))
    stores.stories.getState().next()
    await vi.waitFor(() => expect(stores.stories.getState().viewer?.stories).toHaveLength(2))
    const calls = services.stories.fetchUserStories.mock.calls.map(([userId]) => userId)
    expect(calls.filter((userId) => userId === 'ben')).toHaveLength(1)
    expect(stores.stories.getState().viewer?.index).toBe(1)
  })

  it('skips a person whose stories expired since the strip was read', async () => {
    const { stores, services } = harnessWithStrip()
    const ben = makeStory({ user_id: 'ben' })
    services.stories.fetchUserStories.mockImplementation(async (userId: string) =>
      userId === 'ann' ? [] : [ben]
    )
    await stores.stories.getState().openStories('ann')
    expect(stores.stories.getState().viewer?.stories).toEqual([{ ...ben, seen: true }])
    expect(stores.stories.getState().strip.map((entry) => entry.username)).toEqual(['ben', 'cat'])
  })

  it('shows a load failure in the viewer instead of closing it', async () => {
    const { stores, services } = harnessWithStrip()
    services.stories.fetchUserStories.mockRejectedValue(new Error('network down'))
    await stores.stories.getState().openStories('ann')
    expect(stores.stories.getState().viewer).toMatchObject({
      status: 'error',
      error: 'network down'
    })
  })

  it('a posted story puts your own bubble first, unseen', async () => {
    const { stores, services } = harnessWithStrip()
    const story = makeStory({
      user_id: PROFILE.id,
      profiles: { username: PROFILE.username, full_name: null, avatar_url: null }
    })
    services.stories.post.mockResolvedValue(story)
    const image = { name: 'a.webp', type: 'image/webp', bytes: pngBytes() }
    const thumbnail = { name: 'a-thumb.webp', type: 'image/webp', bytes: pngBytes() }
    await stores.stories.getState().postStory({
      image,
      renditions: { thumbnail, width: 1080, height: 1920, placeholder: null },
      text: 'hi'
    })
    expect(services.stories.post).toHaveBeenCalledWith(
      expect.objectContaining({ userId: PROFILE.id, text: 'hi', declaredType: 'image/webp' })
    )
    expect(stores.stories.getState().strip[0]).toMatchObject({
      user_id: PROFILE.id,
      has_unseen: true,
      story_count: 1
    })
  })

  it('refuses to post a photo the pipeline could not prepare', async () => {
    const { stores, services } = harnessWithStrip()
    const image = { name: 'a.png', type: 'image/png', bytes: pngBytes() }
    await expect(stores.stories.getState().postStory({ image, text: '' })).rejects.toThrow(
      'This photo could not be prepared for a story'
    )
    expect(services.stories.post).not.toHaveBeenCalled()
  })

  it('deleting the last own story closes the viewer and drops the bubble', async () => {
    const { stores, services } = createHarness({ snapshot: signedIn() })
    stores.stories.setState({
      strip: [makeStripEntry('me', { user_id: PROFILE.id, story_count: 2 })],
      stripLoaded: true
    })
    const stories = [makeStory({ user_id: PROFILE.id }), makeStory({ user_id: PROFILE.id })]
    services.stories.fetchUserStories.mockResolvedValue(stories)
    await stores.stories.getState().openStories(PROFILE.id)
    await stores.stories.getState().deleteStory(stories[0])
    expect(stores.stories.getState().viewer?.stories.map((s) => s.id)).toEqual([stories[1].id])
    expect(stores.stories.getState().strip[0].story_count).toBe(1)
    await stores.stories.getState().deleteStory(stories[1])
    expect(services.stories.remove).toHaveBeenCalledTimes(2)
    expect(stores.stories.getState().viewer).toBeNull()
    expect(stores.stories.getState().strip).toEqual([])
  })

  it('sortStrip: self first, then unseen, then seen, newest first in each group', () => {
    const strip = [
      makeStripEntry('old-seen', { has_unseen: false, latest_at: '2026-11-23T01:00:00Z' }),
      makeStripEntry('new-unseen', { latest_at: '2026-11-23T09:00:00Z' }),
      makeStripEntry('me', { has_unseen: false, latest_at: '2026-11-23T00:00:00Z' }),
      makeStripEntry('old-unseen', { latest_at: '2026-11-23T02:00:00Z' }),
      makeStripEntry('new-seen', { has_unseen: false, latest_at: '2026-11-23T08:00:00Z' })
    ]
    expect(sortStrip(strip, 'me').map((entry) => entry.username)).toEqual([
      'me',
      'new-unseen',
      'old-unseen',
      'new-seen',
      'old-seen'
    ])
  })
})
