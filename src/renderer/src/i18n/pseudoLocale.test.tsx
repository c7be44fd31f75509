// The extraction test: the converted screens rendered in the pseudo-locale show no English. Every
// string they show goes through the catalog, so it comes out accented and in ⟦brackets⟧; what is
// left of plain ASCII words can only be the fixtures' own data (names, captions) or a string
// someone wrote into a component. Screens not converted yet (stories, search, explore, messages,
// activity, most Settings sections) are not rendered here.

import { act, screen, waitFor } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReactElement } from 'react'
import type { Profile } from '@shared/domain'
import { BRAND_NAME } from '../brand'
import {
  createHarness,
  makeComment,
  makePost,
  openInPostView,
  PROFILE,
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
import { createSuggestions } from '../services/sampleData'
import { applyLanguage, PSEUDO_LANGUAGE } from './index'

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

/** The fixtures' own words, which are data and stay as they are in every language: names and
 * their initials, captions, the sample suggestions a visitor sees. */
const DATA = [
  BRAND_NAME,
  BRAND_NAME.toUpperCase(),
  PROFILE.username,
  PROFILE.full_name,
  PROFILE.bio!
]
  .concat(['star', 'Star', 'ST', 'sam', 'SA', 'JD', 'Golden hour', 'Nice one'])
  .concat(createSuggestions().flatMap((person) => [person.username, person.fullName]))
  .filter((text): text is string => Boolean(text))
  .sort((a, b) => b.length - a.length)

/** Not this phase's: the people search (another change is rewriting it). Elements with their own
 * `lang` (a language named in itself) and Intl's dates in `<time title>` are not catalog text. */
function skipped(element: Element): boolean {
  return (
    element.closest('body [lang]') !== null ||
    element.tagName === 'TIME' ||
    element.closest('div:has(> input[type="search"])') !== null
  )
}

/** What a person sees or hears: text, and the labels, placeholders and titles of elements. */
function shownStrings(root: HTMLElement): string[] {
  const strings: string[] = []
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  while (walker.nextNode()) {
    const parent = walker.currentNode.parentElement
    if (parent && !skipped(parent)) strings.push(walker.currentNode.textContent ?? '')
  }
  for (const element of root.querySelectorAll('*')) {
    if (skipped(element)) continue
    for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
      const value = element.getAttribute(name)
      if (value) strings.push(value)
    }
  }
  return strings
}

/** Every English word left on screen once the catalog's (bracketed) text and the data are out. */
function englishLeft(root: HTMLElement = document.body): string[] {
  const words: string[] = []
  for (const text of shownStrings(root)) {
    let rest = text.replace(/⟦[^⟧]*⟧/g, ' ')
    for (const data of DATA) rest = rest.split(data).join(' ')
    words.push(...(rest.match(/[A-Za-z]{2,}/g) ?? []).map((word) => `${word} (in "${text}")`))
  }
  return words
}

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
