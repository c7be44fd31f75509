// "Sort comments" in the post view: the app's own small menu, not the platform's select.
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createHarness, makePost, openInPostView, renderWith, signedIn } from '../../testing/fakes'
import { PostView } from './PostView'

function openPost() {
  const harness = createHarness({ snapshot: signedIn() })
  const post = makePost()
  openInPostView(harness.stores, post, { commentsStatus: 'ready' })
  renderWith(<PostView />, harness)
  const sort = screen.getByRole('button', { name: 'Sort comments Newest first' })
  return { ...harness, post, sort, user: userEvent.setup() }
}

describe('CommentSort', () => {
  it('is a menu button, no select, named by its label and the order it shows', () => {
    const { sort } = openPost()
    expect(screen.queryByRole('combobox')).toBeNull()
    expect(sort).toHaveAttribute('aria-haspopup', 'menu')
    expect(sort).toHaveAttribute('aria-expanded', 'false')
  })

  it('offers both orders with the current one checked; a pick reloads the comments in it', async () => {
    const { sort, user, stores, services, post } = openPost()
    await user.click(sort)
    expect(sort).toHaveAttribute('aria-expanded', 'true')
    const menu = screen.getByRole('menu', { name: 'Sort comments' })
    const [newest, oldest] = within(menu).getAllByRole('menuitemradio')
    expect([newest.textContent, oldest.textContent]).toEqual(['Newest first', 'Oldest first'])
    expect(newest).toHaveAttribute('aria-checked', 'true')
    expect(oldest).toHaveAttribute('aria-checked', 'false')
    await user.click(oldest)
    expect(screen.queryByRole('menu')).toBeNull()
    expect(stores.post.getState().commentsOrder).toBe('oldest')
    await waitFor(() =>
      expect(services.comments.page).toHaveBeenLastCalledWith(
        post.id,
        expect.objectContaining({ order: 'oldest' })
      )
    )
    expect(screen.getByRole('button', { name: 'Sort comments Oldest first' })).toHaveFocus()
  })

  it('works from the keyboard, and Escape closes the menu but not the post', async () => {
    const { sort, user, stores } = openPost()
    act(() => sort.focus())
    await user.keyboard('{ArrowDown}')
    const menu = screen.getByRole('menu', { name: 'Sort comments' })
    expect(within(menu).getByRole('menuitemradio', { name: 'Newest first' })).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(within(menu).getByRole('menuitemradio', { name: 'Oldest first' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).toBeNull()
    expect(screen.getByRole('dialog', { name: 'Post by sam' })).toBeInTheDocument()
    expect(sort).toHaveFocus()
    expect(stores.post.getState().commentsOrder).toBe('newest')
    await user.keyboard('{Enter}')
    await user.keyboard('{End}{Enter}')
    expect(stores.post.getState().commentsOrder).toBe('oldest')
  })

  it('closes on a click outside it', async () => {
    const { sort, user } = openPost()
    await user.click(sort)
    expect(screen.getByRole('menu', { name: 'Sort comments' })).toBeInTheDocument()
    await user.click(screen.getByRole('region', { name: 'Comments' }))
    expect(screen.queryByRole('menu')).toBeNull()
  })
})
