// Saved collections on screen: holding a card's save button opens the save sheet and the click
// that ends the hold saves nothing; the sheet is a labelled dialog whose rows say which
// collections hold the post (aria-pressed), files on a click, refuses a bad name in words and
// closes on Escape; an open collection is renamed, and deleted only after "Delete collection?".

import { act, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SaveCollection } from '@shared/domain'
import { createHarness, makePost, renderWith, showInFeed, signedIn } from '../../testing/fakes'
import { PostCard } from '../PostCard/PostCard'
import { SaveToCollectionSheet } from './SaveToCollectionSheet'
import { SavedTab } from './SavedTab'

const collection = (id: string, name: string): SaveCollection => ({
  id,
  name,
  created_at: '2026-11-30T00:00:00Z',
  cover_post_id: null,
  cover_url: null
})

afterEach(() => {
  vi.useRealTimers()
})

describe('saved collections', () => {
  it('holding the save button opens the sheet, and the click that ends it saves nothing', async () => {
    vi.useFakeTimers()
    const harness = createHarness({ snapshot: signedIn() })
    const post = makePost({ id: 'p1', user_id: 'someone' })
    showInFeed(harness.stores, [post])
    renderWith(<PostCard postId="p1" index={0} />, harness)
    const save = screen.getByRole('button', { name: 'Save' })
    fireEvent.pointerDown(save, { button: 0 })
    await act(async () => {
      vi.advanceTimersByTime(499)
    })
    expect(harness.stores.collections.getState().sheetPostId).toBeNull()
    await act(async () => {
      vi.advanceTimersByTime(1)
    })
    expect(harness.stores.collections.getState().sheetPostId).toBe('p1')
    fireEvent.pointerUp(save)
    fireEvent.click(save)
    expect(harness.services.saves.save).not.toHaveBeenCalled()
    expect(save).toHaveAttribute('aria-pressed', 'false')
  })

  it('the sheet ticks what holds the post, files on a click, says a refused name, closes on Escape', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    const { services, stores } = harness
    services.collections.list.mockResolvedValue([
      collection('c1', 'Trips'),
      collection('c2', 'Food')
    ])
    services.collections.holding.mockResolvedValue(['c1'])
    services.collections.add.mockResolvedValue(undefined)
    renderWith(<SaveToCollectionSheet postId="p1" />, harness)
    const sheet = screen.getByRole('dialog', { name: 'Save to collection' })
    const food = await within(sheet).findByRole('button', { name: 'Food' })
    expect(within(sheet).getByRole('button', { name: 'Trips' })).toHaveAttribute(
      'aria-pressed',
      'true'
    )
    expect(food).toHaveAttribute('aria-pressed', 'false')
    const user = userEvent.setup()
    await user.click(food)
    expect(services.collections.add).toHaveBeenCalledWith('c2', 'p1')
    expect(food).toHaveAttribute('aria-pressed', 'true')
    expect(food).toHaveFocus()

    await user.click(within(sheet).getByRole('button', { name: 'New collection' }))
    const field = within(sheet).getByRole('textbox', { name: 'Collection name' })
    expect(field).toHaveFocus()
    await user.click(within(sheet).getByRole('button', { name: 'Create' }))
    expect(within(sheet).getByRole('alert')).toHaveTextContent(
      'A collection name is 1 to 50 characters'
    )
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(services.collections.create).not.toHaveBeenCalled()
    await user.click(within(sheet).getByRole('button', { name: 'Cancel' }))
    expect(within(sheet).getByRole('button', { name: 'New collection' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(stores.collections.getState().sheetPostId).toBeNull()
  })

  it('an open collection is renamed, and deleted only after Delete collection?', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    const { services, stores } = harness
    services.collections.list.mockResolvedValue([collection('c1', 'Trips')])
    services.collections.page.mockResolvedValue({ items: [makePost({ id: 'p1' })], next: null })
    services.collections.rename.mockResolvedValue(undefined)
    services.collections.remove.mockResolvedValue(undefined)
    stores.router
      .getState()
      .navigate({ name: 'profile', username: 'me', tab: 'saved', collection: 'c1' })
    renderWith(<SavedTab username="me" allPosts={<p>All my saved posts</p>} />, harness)
    expect(await screen.findByRole('heading', { name: 'Trips' })).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Posts in Trips' })).toBeInTheDocument()
    const user = userEvent.setup()

    await user.click(screen.getByRole('button', { name: 'Rename' }))
    const rename = screen.getByRole('dialog', { name: 'Rename collection' })
    const field = within(rename).getByRole('textbox', { name: 'Collection name' })
    await user.clear(field)
    await user.type(field, 'Road trips')
    await user.click(within(rename).getByRole('button', { name: 'Save' }))
    expect(services.collections.rename).toHaveBeenCalledWith('c1', 'Road trips')
    expect(await screen.findByRole('heading', { name: 'Road trips' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Delete collection' }))
    const confirm = screen.getByRole('dialog', { name: 'Delete collection?' })
    expect(confirm).toHaveTextContent('Its posts stay saved in All posts.')
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(services.collections.remove).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Delete collection' }))
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete collection?' })).getByRole('button', {
        name: 'Delete'
      })
    )
    expect(services.collections.remove).toHaveBeenCalledWith('c1')
    expect(await screen.findByText('All my saved posts')).toBeInTheDocument()
    expect(stores.router.getState().route).toEqual({
      name: 'profile',
      username: 'me',
      tab: 'saved'
    })
  })
})
