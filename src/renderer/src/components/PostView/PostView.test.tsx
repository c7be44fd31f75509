import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { PostIntent } from '../../store/openPost/openPostStore'
import { postRoute } from '../../store/router/routes'
import {
  createHarness,
  makePost,
  PROFILE,
  renderWith,
  signedIn,
  openInPostView
} from '../../testing/fakes'
import { PostView } from './PostView'

function openWith(intent: PostIntent | null, userId = PROFILE.id, location: string | null = null) {
  const harness = createHarness({ snapshot: signedIn() })
  const post = makePost({ user_id: userId, location })
  openInPostView(harness.stores, post, { intent })
  renderWith(<PostView />, harness)
  return harness
}

describe('PostView opened from a card’s options', () => {
  it('starts at the delete confirmation when asked to delete', () => {
    openWith('delete')
    expect(screen.getByRole('dialog', { name: 'Delete post?' })).toBeInTheDocument()
  })

  it('starts in the edit form when asked to edit', () => {
    openWith('edit')
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument()
    expect(screen.queryByRole('dialog', { name: 'Delete post?' })).not.toBeInTheDocument()
  })

  it('ignores the intent on somebody else’s post, and opens plainly without one', () => {
    openWith('delete', 'someone-else')
    expect(screen.queryByRole('dialog', { name: 'Delete post?' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument()
  })
})

describe('PostView: the location', () => {
  it('shows under the author’s name as plain text', () => {
    openWith(null, 'someone-else', 'Lisbon, Portugal')
    const line = screen.getByText('Lisbon, Portugal', { exact: true })
    expect(line.closest('a')).toBeNull()
    expect(line.previousElementSibling).toHaveTextContent('sam')
  })

  it('is changed or cleared in the author’s edit form', async () => {
    const harness = openWith('edit', PROFILE.id, 'Lisbon')
    const edit = vi.spyOn(harness.stores.post.getState(), 'edit').mockResolvedValue(true)
    const user = userEvent.setup()
    const form = screen.getByRole('form', { name: 'Edit post' })
    const box = within(form).getByRole('combobox', { name: 'Location' })
    expect(box).toHaveValue('Lisbon')
    await user.clear(box)
    await user.type(box, 'Porto')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(edit).toHaveBeenCalledWith(expect.objectContaining({ location: 'Porto' }))
    expect(box).toHaveAttribute('maxLength', '100')
  })
})

describe('PostView under another dialog', () => {
  it('leaves the arrow keys to a dialog opened over it, and takes them back once it closes', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    const [first, second] = [makePost({ user_id: PROFILE.id }), makePost()]
    harness.stores.posts.getState().put([second])
    openInPostView(harness.stores, first, { intent: 'delete', siblings: [first.id, second.id] })
    renderWith(<PostView />, harness)
    const over = screen.getByRole('dialog', { name: 'Delete post?' })
    fireEvent.keyDown(document.body, { key: 'ArrowRight' })
    expect(harness.stores.router.getState().route).not.toEqual(postRoute(second.id))
    await userEvent.setup().click(within(over).getByRole('button', { name: 'Cancel' }))
    fireEvent.keyDown(document.body, { key: 'ArrowRight' })
    expect(harness.stores.router.getState().route).toEqual(postRoute(second.id))
  })
})
