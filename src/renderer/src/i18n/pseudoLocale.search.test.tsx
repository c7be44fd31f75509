// The extraction test (pseudoLocale.test.tsx) on the search box, Explore and hashtag pages.

import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Profile } from '@shared/domain'
import { BrowseView } from '../components/BrowseView/BrowseView'
import { ExploreView } from '../components/ExploreView/ExploreView'
import { SearchBox } from '../components/SearchBox/SearchBox'
import { englishLeft, inPseudoLocale } from '../testing/englishLeft'
import { createHarness, makePost, renderWith as render, signedIn } from '../testing/fakes'
import { i18n } from './index'

const STAR: Profile = {
  id: 'star-1',
  username: 'star',
  full_name: 'Star',
  avatar_url: null,
  bio: null,
  followers_count: 1200,
  following_count: 1
}

inPseudoLocale()

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
