// The story archive and highlights over fake services: the archive pages newest first and
// opens in the story viewer at the story tapped, marking nothing seen; a highlight plays in the
// viewer under its name and walks on to the next one; a draft with a bad name or no stories is
// refused before any request; reordering is optimistic and rolled back on failure; a story
// deleted in the viewer leaves the archive and one's highlights are read again.

import { describe, expect, it, vi } from 'vitest'
import type { StoryHighlight } from '@shared/domain'
import { HIGHLIGHT_MESSAGES } from '@shared/data/story-highlights'
import { createHarness, makeStory, PROFILE, signedIn } from '../../testing/fakes'
import { HIGHLIGHT_TOASTS } from './highlightsStore'

const HOUR = 3600_000
const ago = (hours: number): string => new Date(Date.now() - hours * HOUR).toISOString()
const expiredStory = (hours: number) =>
  makeStory({
    user_id: PROFILE.id,
    created_at: ago(hours),
    expires_at: ago(hours - 24),
    seen: true
  })

const highlight = (id: string, title: string): StoryHighlight => ({
  id,
  title,
  cover_story_id: null,
  cover_url: null,
  story_count: 1
})

function signedInHarness() {
  return createHarness({ snapshot: signedIn() })
}

describe('highlights store', () => {
  it('pages the archive newest first, and opens it in the viewer at the story tapped', async () => {
    const { stores, services } = signedInHarness()
    const [newest, middle, oldest] = [expiredStory(30), expiredStory(50), expiredStory(70)]
    services.stories.archivePage
      .mockResolvedValueOnce({
        items: [newest, middle],
        next: { created_at: middle.created_at, id: middle.id }
      })
      .mockResolvedValueOnce({ items: [oldest], next: null })
    await stores.highlights.getState().loadArchive()
    await stores.highlights.getState().loadArchive(true)
    expect(services.stories.archivePage).toHaveBeenLastCalledWith(PROFILE.id, {
      after: { created_at: middle.created_at, id: middle.id }
    })
    expect(stores.highlights.getState().archive.map((story) => story.id)).toEqual([
      newest.id,
      middle.id,
      oldest.id
    ])

    await stores.highlights.getState().openArchived(middle.id)
    const viewer = stores.stories.getState().viewer!
    expect(viewer).toMatchObject({ source: 'archive', status: 'ready', index: 1, titles: null })
    // Oldest first, as stories play.
    expect(viewer.stories.map((story) => story.id)).toEqual([oldest.id, middle.id, newest.id])
    stores.stories.getState().next()
    expect(stores.stories.getState().viewer!.index).toBe(2)
    expect(services.stories.markSeen).not.toHaveBeenCalled()
  })

  it('plays a highlight under its name, then the next one; nothing is marked seen', async () => {
    const { stores, services } = signedInHarness()
    const first = makeStory({ user_id: 'ann', seen: true })
    const second = makeStory({ user_id: 'ann', seen: true })
    services.highlights.fetch.mockResolvedValue([highlight('h1', 'Trips'), highlight('h2', 'Food')])
    services.highlights.fetchStories.mockImplementation(async (id: string) =>
      id === 'h1' ? [first] : [second]
    )
    await stores.highlights.getState().loadHighlights('ann')
    await stores.highlights.getState().openHighlight('ann', 'h1')
    expect(stores.stories.getState().viewer).toMatchObject({
      source: 'highlight',
      people: ['h1', 'h2'],
      titles: ['Trips', 'Food'],
      personIndex: 0
    })
    expect(stores.stories.getState().viewer!.stories).toEqual([first])
    stores.stories.getState().next()
    await vi.waitFor(() => expect(stores.stories.getState().viewer?.personIndex).toBe(1))
    expect(stores.stories.getState().viewer!.stories).toEqual([second])
    expect(services.stories.markSeen).not.toHaveBeenCalled()
  })

  it('refuses a bad name or no stories before any request, and says the server’s refusal', async () => {
    const { stores, services } = signedInHarness()
    const save = stores.highlights.getState().save
    expect(await save({ title: '   ', storyIds: ['s1'], coverStoryId: null })).toBe(
      HIGHLIGHT_MESSAGES.nameLength
    )
    expect(await save({ title: 'x'.repeat(33), storyIds: ['s1'], coverStoryId: null })).toBe(
      HIGHLIGHT_MESSAGES.nameLength
    )
    expect(await save({ title: 'Trips', storyIds: [], coverStoryId: null })).toBe(
      HIGHLIGHT_MESSAGES.noStories
    )
    expect(services.highlights.create).not.toHaveBeenCalled()

    services.highlights.create.mockRejectedValueOnce(
      new Error('Only your own stories can go in your highlights')
    )
    expect(await save({ title: 'Trips', storyIds: ['s1'], coverStoryId: null })).toBe(
      'Only your own stories can go in your highlights'
    )
    services.highlights.create.mockResolvedValueOnce('h1')
    services.highlights.fetch.mockResolvedValue([highlight('h1', 'Trips')])
    expect(await save({ title: 'Trips', storyIds: ['s1'], coverStoryId: 's1' })).toBeNull()
    expect(services.highlights.create).toHaveBeenLastCalledWith({
      title: 'Trips',
      storyIds: ['s1'],
      coverStoryId: 's1'
    })
    expect(stores.highlights.getState().byPerson[PROFILE.id]).toEqual([highlight('h1', 'Trips')])
    expect(stores.toast.getState().message).toBe(HIGHLIGHT_TOASTS.created)
  })

  it('moves a highlight at once and puts it back when the server refuses', async () => {
    const { stores, services } = signedInHarness()
    services.highlights.fetch.mockResolvedValue([
      highlight('h1', 'One'),
      highlight('h2', 'Two'),
      highlight('h3', 'Three')
    ])
    await stores.highlights.getState().loadHighlights(PROFILE.id)
    const order = (): string[] =>
      stores.highlights.getState().byPerson[PROFILE.id].map((held) => held.id)

    await stores.highlights.getState().move('h3', -1)
    expect(order()).toEqual(['h1', 'h3', 'h2'])
    expect(services.highlights.reorder).toHaveBeenLastCalledWith(['h1', 'h3', 'h2'])

    services.highlights.reorder.mockRejectedValueOnce(new Error("Couldn't reorder your highlights"))
    await stores.highlights.getState().move('h1', 1)
    expect(order()).toEqual(['h1', 'h3', 'h2'])
    expect(stores.toast.getState().message).toBe("Couldn't reorder your highlights")
  })

  it('a story deleted in the viewer leaves the archive, and the strip keeps its live count', async () => {
    const { stores, services } = signedInHarness()
    const archived = expiredStory(40)
    services.stories.archivePage.mockResolvedValue({ items: [archived], next: null })
    services.stories.fetchStrip.mockResolvedValue([
      {
        user_id: PROFILE.id,
        username: PROFILE.username,
        full_name: null,
        avatar_url: null,
        has_unseen: false,
        story_count: 1,
        latest_at: ago(1)
      }
    ])
    await stores.stories.getState().loadStrip()
    await stores.highlights.getState().loadArchive()
    await stores.highlights.getState().openArchived(archived.id)
    services.highlights.fetch.mockClear()

    await stores.stories.getState().deleteStory(archived)

    expect(services.stories.remove).toHaveBeenCalledWith(archived)
    expect(stores.highlights.getState().archive).toEqual([])
    expect(stores.stories.getState().viewer).toBeNull()
    expect(stores.stories.getState().strip[0].story_count).toBe(1)
    // Its highlights may have lost a story, a cover, or themselves.
    expect(services.highlights.fetch).toHaveBeenCalledWith(PROFILE.id)
  })
})
