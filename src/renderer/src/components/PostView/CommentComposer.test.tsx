import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { createHarness, renderWith, signedIn } from '../../testing/fakes'
import { CommentComposer } from './CommentComposer'

describe('CommentComposer', () => {
  it('lets Escape from an empty field close the post, but never from a comment being written', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.stores.post.setState({ openId: 'p1' })
    // Stands in for the dialog around the composer, which closes on an Escape that reaches it.
    const dialogKeys = vi.fn<(key: string) => void>()
    renderWith(
      <div onKeyDown={(event) => dialogKeys(event.key)}>
        <CommentComposer />
      </div>,
      harness
    )
    const user = userEvent.setup()
    const field = screen.getByRole('textbox', { name: 'Add a comment' })
    await user.click(field)
    await user.keyboard('{Escape}')
    expect(dialogKeys).toHaveBeenCalledWith('Escape')

    dialogKeys.mockClear()
    await user.keyboard('Nice light')
    await user.keyboard('{Escape}')
    expect(dialogKeys).not.toHaveBeenCalled()
    expect(field).toHaveValue('Nice light')
  })
})
