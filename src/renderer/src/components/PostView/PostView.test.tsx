import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { PostIntent } from '../../store/post/postStore'
import {
  createHarness,
  makePost,
  PROFILE,
  renderWith,
  signedIn,
  openInPostView
} from '../../testing/fakes'
import { PostView } from './PostView'

function openWith(intent: PostIntent | null, userId = PROFILE.id) {
  const harness = createHarness({ snapshot: signedIn() })
  const post = makePost({ user_id: userId })
  openInPostView(harness.stores, post, { intent })
  renderWith(<PostView />, harness)
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
