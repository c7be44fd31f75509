import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import {
  createHarness,
  makePost,
  openInPostView,
  PROFILE,
  renderWith,
  signedIn
} from '../../testing/fakes'
import { PostView } from './PostView'

function openPost(userId = PROFILE.id) {
  const harness = createHarness({ snapshot: signedIn() })
  const post = makePost({ user_id: userId, caption: 'Hello' })
  openInPostView(harness.stores, post)
  renderWith(<PostView />, harness)
  const view = screen.getByRole('dialog', { name: 'Post by sam' })
  return { ...harness, post, view, user: userEvent.setup() }
}

const more = (view: HTMLElement): HTMLElement =>
  within(view).getByRole('button', { name: 'More options' })
const menuLabels = (): string[] =>
  within(screen.getByRole('menu', { name: 'Post options' }))
    .getAllByRole('menuitem')
    .map((item) => item.textContent ?? '')

describe('PostView: the ⋯ menu', () => {
  it('gives the author the card’s options without Go to post, and no text links', async () => {
    const { view, user } = openPost()
    expect(within(view).queryByRole('button', { name: 'Edit' })).toBeNull()
    expect(within(view).queryByRole('button', { name: 'Delete' })).toBeNull()
    await user.click(more(view))
    expect(menuLabels()).toEqual([
      'Delete',
      'Archive',
      'Edit',
      'Pin to your profile',
      'Save to collection',
      'Copy link',
      'About this account',
      'Cancel'
    ])
  })

  it('offers someone else’s post Report, Block and Mute, never Edit or Delete', async () => {
    const { view, user } = openPost('someone-else')
    await user.click(more(view))
    expect(menuLabels()).toEqual([
      'Report',
      'Block',
      'Mute',
      'Save to collection',
      'Copy link',
      'About this account',
      'Cancel'
    ])
  })

  it('Edit opens the form with the caret in the caption; leaving it gives focus back to ⋯', async () => {
    const { view, user } = openPost()
    await user.click(more(view))
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }))
    expect(screen.queryByRole('menu')).toBeNull()
    const form = within(view).getByRole('form', { name: 'Edit post' })
    expect(within(form).getByRole('textbox', { name: 'Caption' })).toHaveFocus()
    await user.click(within(form).getByRole('button', { name: 'Cancel' }))
    expect(more(view)).toHaveFocus()
  })

  it('Delete asks "Delete post?"; Cancel there gives focus back to ⋯', async () => {
    const { view, user } = openPost()
    await user.click(more(view))
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }))
    const confirm = screen.getByRole('dialog', { name: 'Delete post?' })
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog', { name: 'Delete post?' })).toBeNull()
    expect(more(view)).toHaveFocus()
  })

  it('works from the keyboard: ↓/↑ move, Enter picks, Escape closes the menu only', async () => {
    const { view, user, stores } = openPost()
    act(() => more(view).focus())
    await user.keyboard('{Enter}')
    const menu = screen.getByRole('menu', { name: 'Post options' })
    expect(within(menu).getByRole('menuitem', { name: 'Delete' })).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(within(menu).getByRole('menuitem', { name: 'Archive' })).toHaveFocus()
    await user.keyboard('{ArrowUp}{ArrowUp}')
    expect(within(menu).getByRole('menuitem', { name: 'Cancel' })).toHaveFocus()
    await user.keyboard('{Home}')
    expect(within(menu).getByRole('menuitem', { name: 'Delete' })).toHaveFocus()
    // The post view's own arrows (the next post) are not heard while the menu is open.
    const route = stores.router.getState().route
    await user.keyboard('{ArrowRight}')
    expect(stores.router.getState().route).toEqual(route)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).toBeNull()
    expect(screen.getByRole('dialog', { name: 'Post by sam' })).toBeInTheDocument()
    expect(more(view)).toHaveFocus()
  })

  it('Copy link copies the post’s link and closes the menu', async () => {
    const { view, user, post } = openPost('someone-else')
    const writeText = vi.spyOn(navigator.clipboard, 'writeText')
    await user.click(more(view))
    await user.click(screen.getByRole('menuitem', { name: 'Copy link' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(expect.stringContaining(post.id)))
    expect(screen.queryByRole('menu')).toBeNull()
  })
})
