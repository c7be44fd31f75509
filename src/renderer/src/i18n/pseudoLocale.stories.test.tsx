// The extraction test (pseudoLocale.test.tsx) on stories, highlights and the archive.

import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ArchiveSection } from '../components/ArchiveSection/ArchiveSection'
import { CreateStoryModal } from '../components/CreateStoryModal/CreateStoryModal'
import { ProfileHighlights } from '../components/ProfileHighlights/ProfileHighlights'
import { StoriesStrip } from '../components/StoriesStrip/StoriesStrip'
import { StoryViewer } from '../components/StoryViewer/StoryViewer'
import { englishLeft, inPseudoLocale } from '../testing/englishLeft'
import {
  createHarness,
  makePost,
  makeStory,
  makeStripEntry,
  pngFile,
  PROFILE,
  renderWith as render,
  signedIn
} from '../testing/fakes'
import { i18n } from './index'

const HOURS_AGO = new Date(Date.now() - 5 * 3600_000).toISOString()
const AUTHOR = { username: 'sam', full_name: 'Sam', avatar_url: null }

inPseudoLocale()

describe('the pseudo-locale shows no English in stories', () => {
  const entry = makeStripEntry

  it('the tray, signed out (the sample people) and signed in', () => {
    render(<StoriesStrip />, createHarness())
    const harness = createHarness({ snapshot: signedIn() })
    harness.stores.stories.setState({
      strip: [
        entry('me', { user_id: PROFILE.id }),
        entry('ann', { close_friends: true }),
        entry('ben', { has_unseen: false })
      ],
      stripLoaded: true
    })
    render(<StoriesStrip />, harness)
    expect(englishLeft()).toEqual([])
  })

  it("the viewer on someone's story, with its reply bar", async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.stores.stories.setState({ strip: [entry('ann')], stripLoaded: true })
    harness.services.stories.fetchUserStories.mockResolvedValue([
      makeStory({ user_id: 'ann' }),
      makeStory({ user_id: 'ann', caption: 'Beach day' })
    ])
    render(<StoryViewer />, harness)
    await act(() => harness.stores.stories.getState().openStories('ann'))
    expect(englishLeft()).toEqual([])
  })

  it('the viewer on one’s own story: viewers and deleting', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.stores.stories.setState({ strip: [entry('me', { user_id: PROFILE.id })] })
    harness.services.stories.fetchUserStories.mockResolvedValue([
      makeStory({ user_id: PROFILE.id, profiles: { ...AUTHOR, username: PROFILE.username } })
    ])
    harness.services.stories.fetchViewers.mockResolvedValue([
      { viewer_id: 'ann', viewed_at: HOURS_AGO, profiles: { ...AUTHOR, username: 'ann' } }
    ])
    render(<StoryViewer />, harness)
    await act(() => harness.stores.stories.getState().openStories(PROFILE.id))
    const user = userEvent.setup()
    await user.click(
      await screen.findByRole('button', { name: i18n.t('stories.seenBy', { count: 1 }) })
    )
    await user.click(screen.getByRole('button', { name: i18n.t('stories.deleteStory') }))
    expect(englishLeft()).toEqual([])
  })

  it('posting a story: the first step and the preview', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    render(<CreateStoryModal />, harness)
    expect(englishLeft()).toEqual([])
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!
    await userEvent.setup({ applyAccept: false }).upload(input, pngFile())
    await screen.findByRole('img', { name: i18n.t('stories.create.previewAlt') })
    expect(englishLeft()).toEqual([])
  })

  it('highlights on one’s profile, the editor and the archive', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    const story = makeStory({ user_id: PROFILE.id, caption: 'Beach day' })
    harness.services.highlights.fetch.mockResolvedValue([
      { id: 'h1', title: 'Trip', cover_story_id: null, cover_url: null, story_count: 1 }
    ])
    harness.services.stories.archivePage.mockResolvedValue({ items: [story], next: null })
    harness.services.curation.archivedPage.mockResolvedValue({
      items: [makePost({ caption: 'Golden hour' })],
      next: null
    })
    render(<ProfileHighlights personId={PROFILE.id} own />, harness)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: i18n.t('highlights.new') }))
    await screen.findByRole('button', { name: /Beach day/ })
    render(<ArchiveSection />, harness)
    await screen.findByRole('list', { name: i18n.t('archive.archivedPosts') })
    expect(englishLeft()).toEqual([])
    await user.click(screen.getByRole('tab', { name: i18n.t('archive.stories') }))
    await screen.findByRole('list', { name: i18n.t('archive.archivedStories') })
    expect(englishLeft()).toEqual([])
  })
})
