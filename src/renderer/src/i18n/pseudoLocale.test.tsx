// The extraction test: the converted screens rendered in the pseudo-locale show no English. Every
// string they show goes through the catalog, so it comes out accented and in ⟦brackets⟧; what is
// left of plain ASCII words (englishLeft) can only be the fixtures' own data or a string someone
// wrote into a component.

import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { ReactElement } from 'react'
import type { Profile } from '@shared/domain'
import {
  createHarness,
  makeComment,
  makePost,
  openInPostView,
  renderWith,
  showInFeed,
  signedIn,
  type Harness
} from '../testing/fakes'
import { AuthModal } from '../components/AuthModal/AuthModal'
import { CreatePostModal } from '../components/CreatePostModal/CreatePostModal'
import { CaughtUp } from '../components/FeedView/CaughtUp'
import { FollowingEmpty } from '../components/FeedView/FollowingEmpty'
import { FeedTabs } from '../components/FeedTabs/FeedTabs'
import { Header } from '../components/Header/Header'
import { PostCard } from '../components/PostCard/PostCard'
import { PostView } from '../components/PostView/PostView'
import { ProfilePage } from '../components/ProfilePage/ProfilePage'
import { SettingsPage } from '../components/Settings/SettingsPage'
import { SidePanel } from '../components/SidePanel/SidePanel'
import { englishLeft, inPseudoLocale } from '../testing/englishLeft'

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

inPseudoLocale()

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
      profiles: AUTHOR,
      // The mark of a post that reached the feed through a followed hashtag has a label too.
      followed_tag: 'sunset'
    })
    showInFeed(harness.stores, [post])
    render(
      <>
        <FeedTabs />
        <PostCard postId={post.id} index={0} />
        <SidePanel />
        <FollowingEmpty />
        <CaughtUp olderBelow />
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

  it.each(['forgot', 'login-code', 'new-password', 'second-factor'] as const)(
    'the %s step',
    async (mode) => {
      const harness = createHarness()
      harness.api.account.recoveryCodeStatus.mockResolvedValue({ remaining: 3, total: 10 })
      harness.stores.ui.getState().openAuth('signin')
      harness.stores.ui.getState().setAuthMode(mode)
      render(<AuthModal />, harness)
      await act(async () => undefined)
      expect(englishLeft()).toEqual([])
    }
  )

  it('the code step, once the mail is sent', async () => {
    const harness = createHarness()
    harness.stores.ui.getState().openAuth('forgot')
    render(<AuthModal />, harness)
    const user = userEvent.setup()
    await user.type(screen.getByRole('textbox'), 'jane@example.test')
    await user.keyboard('{Enter}')
    await screen.findByRole('status')
    expect(englishLeft()).toEqual([])
  })
})
