// Rows the arrow keys move through, in right-to-left text (Arabic): the tabs of the feed, a
// profile and search, and the emoji grid run from the right, so ← moves on and → goes back.

import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, renderWith, signedIn } from '../testing/fakes'
import { FeedTabs } from '../components/FeedTabs/FeedTabs'
import { ProfileTabs } from '../components/ProfilePage/ProfileTabs'
import { SearchBox } from '../components/SearchBox/SearchBox'
import { EmojiPicker } from '../components/EmojiPicker/EmojiPicker'
import { EMOJI } from '../components/EmojiPicker/emoji'

describe('rows in right-to-left text', () => {
  beforeEach(() => void (document.documentElement.dir = 'rtl'))
  afterEach(() => document.documentElement.removeAttribute('dir'))

  it('the feed’s tabs: ← selects the next tab and focuses it, → the previous', () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<FeedTabs />, harness)
    const forYou = screen.getByRole('tab', { name: 'For you' })
    fireEvent.keyDown(forYou, { key: 'ArrowLeft' })
    expect(harness.stores.router.getState().route).toMatchObject({ name: 'feed', tab: 'following' })
    expect(screen.getByRole('tab', { name: 'Following' })).toHaveFocus()
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Following' }), { key: 'ArrowRight' })
    expect(harness.stores.router.getState().route).toMatchObject({ name: 'feed', tab: 'for-you' })
    expect(forYou).toHaveFocus()
  })

  it('a profile’s tabs: ← moves on, → goes back, Home and End jump', () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(
      <ProfileTabs username="ana" profileId="p1" tab="posts" own={false} posts={<p>grid</p>} />,
      harness
    )
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Posts' }), { key: 'ArrowLeft' })
    expect(harness.stores.router.getState().route).toMatchObject({ username: 'ana', tab: 'reels' })
    expect(screen.getByRole('tab', { name: 'Reels' })).toHaveFocus()
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Reels' }), { key: 'ArrowRight' })
    expect(harness.stores.router.getState().route).toMatchObject({
      username: 'ana',
      tab: undefined
    })
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Posts' }), { key: 'End' })
    expect(harness.stores.router.getState().route).toMatchObject({ tab: 'tagged' })
  })

  it('search’s tabs: ← moves on, → goes back', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<SearchBox />, harness)
    const user = userEvent.setup()
    await user.click(screen.getByRole('combobox', { name: 'Search people' }))
    await user.tab()
    expect(screen.getByRole('tab', { name: 'Accounts' })).toHaveFocus()
    await user.keyboard('{ArrowLeft}')
    expect(screen.getByRole('tab', { name: 'Tags' })).toHaveFocus()
    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Places' })).toHaveFocus()
  })

  it('the emoji grid: ← moves to the next emoji, → back', () => {
    render(<EmojiPicker onPick={() => undefined} />)
    fireEvent.click(screen.getByRole('button', { name: 'Emoji' }))
    const press = (key: string): boolean => fireEvent.keyDown(document.activeElement!, { key })
    press('ArrowLeft')
    press('ArrowLeft')
    expect(screen.getByRole('button', { name: EMOJI[2].name })).toHaveFocus()
    press('ArrowRight')
    expect(screen.getByRole('button', { name: EMOJI[1].name })).toHaveFocus()
  })
})
