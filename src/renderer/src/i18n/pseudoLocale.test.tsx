// The extraction test: the converted screens rendered in the pseudo-locale show no English. Every
// string they show goes through the catalog, so it comes out accented and in ⟦brackets⟧; what is
// left of plain ASCII words (englishLeft) can only be the fixtures' own data or a string someone
// wrote into a component.

import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReactElement } from 'react'
import type { Profile } from '@shared/domain'
import {
  createHarness,
  makeComment,
  makePost,
  makeStory,
  makeStripEntry,
  openInPostView,
  pngFile,
  PROFILE,
  renderWith,
  showInFeed,
  signedIn,
  type Harness
} from '../testing/fakes'
import { ArchiveSection } from '../components/ArchiveSection/ArchiveSection'
import { BrowseView } from '../components/BrowseView/BrowseView'
import { AuthModal } from '../components/AuthModal/AuthModal'
import { CreateStoryModal } from '../components/CreateStoryModal/CreateStoryModal'
import { CreatePostModal } from '../components/CreatePostModal/CreatePostModal'
import { CaughtUp } from '../components/FeedView/CaughtUp'
import { FollowingEmpty } from '../components/FeedView/FollowingEmpty'
import { ExploreView } from '../components/ExploreView/ExploreView'
import { FeedTabs } from '../components/FeedTabs/FeedTabs'
import { Header } from '../components/Header/Header'
import { PostCard } from '../components/PostCard/PostCard'
import { PostView } from '../components/PostView/PostView'
import { ProfileHighlights } from '../components/ProfileHighlights/ProfileHighlights'
import { ProfilePage } from '../components/ProfilePage/ProfilePage'
import { SearchBox } from '../components/SearchBox/SearchBox'
import { SettingsPage } from '../components/Settings/SettingsPage'
import { SidePanel } from '../components/SidePanel/SidePanel'
import { StoriesStrip } from '../components/StoriesStrip/StoriesStrip'
import { StoryViewer } from '../components/StoryViewer/StoryViewer'
import { englishLeft } from '../testing/englishLeft'
import { applyLanguage, i18n, PSEUDO_LANGUAGE } from './index'

const STAR: Profile = {
  id: 'star-1',
  username: 'star',
  full_name: 'Star',
  avatar_url: null,
  bio: null,
  followers_count: 1200,
  following_count: 1
}
const HOURS_AGO = new Date(Date.now() - 5 * 3600_000).toISOString()
const AUTHOR = { username: 'sam', full_name: 'Sam', avatar_url: null }

function render(ui: ReactElement, harness: Harness = createHarness({ snapshot: signedIn() })) {
  renderWith(ui, harness)
  return harness
}

beforeAll(() => applyLanguage(PSEUDO_LANGUAGE))
afterAll(() => applyLanguage('en'))

describe('the pseudo-locale shows no English on the converted screens', () => {
  it('the header, signed in and signed out', () => {
    render(<Header />)
    render(<Header />, createHarness())
    expect(englishLeft()).toEqual([])
  })

  it('the feed: tabs, a post card, the side panel, the end of Following and its empty state', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    const post = makePost({
      caption: 'Golden hour',
      likes_count: 1234,
      comments_count: 3,
      created_at: HOURS_AGO,
      profiles: AUTHOR
    })
    showInFeed(harness.stores, [post])
    render(
      <>
        <FeedTabs />
        <PostCard postId={post.id} index={0} />
        <SidePanel />
        <FollowingEmpty />
        <CaughtUp />
      </>,
      harness
    )
    await screen.findByRole('textbox')
    expect(englishLeft()).toEqual([])
  })

  it('a profile with its counts, tabs and grid', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.services.people.fetchProfileByUsername.mockResolvedValue(STAR)
    render(<ProfilePage username="star" />, harness)
    await waitFor(() => expect(screen.getByRole('list', { name: /ŠŢ/i })).toBeInTheDocument())
    await act(async () => undefined)
    expect(englishLeft()).toEqual([])
  })

  it('the post view with a comment', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    const post = makePost({ caption: 'Golden hour', created_at: HOURS_AGO, profiles: AUTHOR })
    const comment = makeComment({ body: 'Nice one', created_at: HOURS_AGO, profiles: AUTHOR })
    const thread = { ...comment, replies: [makeComment({ profiles: AUTHOR, body: 'Nice one' })] }
    openInPostView(harness.stores, post, { comments: [thread], commentsStatus: 'ready' })
    render(<PostView />, harness)
    await screen.findByText('Nice one')
    expect(englishLeft()).toEqual([])
  })

  it('Create, its first step', () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.stores.ui.getState().openCreate()
    render(<CreatePostModal />, harness)
    expect(englishLeft()).toEqual([])
  })

  it.each(['appearance', 'accessibility', 'language'])('Settings › %s', (section) => {
    render(<SettingsPage section={section} />)
    expect(englishLeft()).toEqual([])
  })

  it.each(['signin', 'signup'] as const)('the %s form', (mode) => {
    const harness = createHarness()
    harness.stores.ui.getState().openAuth(mode)
    render(<AuthModal />, harness)
    expect(englishLeft()).toEqual([])
  })
})

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

describe('the pseudo-locale shows no English in search, Explore and hashtag pages', () => {
  it('the search box: recent, results and tags', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.services.people.searchPeople.mockResolvedValue([STAR])
    harness.services.peopleTags.searchHashtags.mockResolvedValue([{ tag: 'sunset', posts: 1234 }])
    render(<SearchBox />, harness)
    const user = userEvent.setup()
    await user.click(screen.getByRole('combobox'))
    expect(englishLeft()).toEqual([])
    await user.type(screen.getByRole('combobox'), 'st')
    await screen.findByRole('option', { name: /star/ })
    expect(englishLeft()).toEqual([])
    await user.click(screen.getByRole('tab', { name: i18n.t('search.tags') }))
    await screen.findByRole('option', { name: /sunset/ })
    expect(englishLeft()).toEqual([])
  })

  it('Explore, empty', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    render(<ExploreView />, harness)
    await screen.findByText(i18n.t('explore.emptyTitle'))
    expect(englishLeft()).toEqual([])
  })

  it('a hashtag page with its header, top and recent posts', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.services.hashtags.summary.mockResolvedValue({
      tag: 'sunset',
      posts: 1,
      following: false
    })
    harness.services.hashtags.topPosts.mockResolvedValue([makePost({ caption: 'Golden hour' })])
    render(<BrowseView tag="sunset" />, harness)
    await screen.findByText(i18n.t('hashtags.topPosts'))
    await screen.findByText(i18n.t('hashtags.posts', { count: 1, n: '1' }))
    expect(englishLeft()).toEqual([])
  })
})
