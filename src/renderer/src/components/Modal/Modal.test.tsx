import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Modal } from './Modal'

function setup(props: { closeDisabled?: boolean } = {}) {
  const onClose = vi.fn()
  render(
    <Modal title="Example" onClose={onClose} {...props}>
      <input aria-label="First" />
      <button type="button">Last</button>
    </Modal>
  )
  return { onClose, user: userEvent.setup() }
}

describe('Modal', () => {
  it('is a labelled modal dialog with focus inside', () => {
    setup()
    const dialog = screen.getByRole('dialog', { name: 'Example' })
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(screen.getByRole('textbox', { name: 'First' })).toHaveFocus()
  })

  it('moves focus in without scrolling the page under it', () => {
    const focus = vi.spyOn(HTMLElement.prototype, 'focus')
    setup()
    expect(screen.getByRole('textbox', { name: 'First' })).toHaveFocus()
    expect(focus).toHaveBeenCalledWith({ preventScroll: true })
    focus.mockRestore()
  })

  it('closes on Escape, on the close button and on a backdrop click, not on a click inside', async () => {
    const { onClose, user } = setup()
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('button', { name: 'Close' }))
    fireEvent.mouseDown(screen.getByRole('dialog'))
    expect(onClose).toHaveBeenCalledTimes(2)
    fireEvent.mouseDown(screen.getByTestId('modal-backdrop'))
    expect(onClose).toHaveBeenCalledTimes(3)
  })

  it('keeps Tab inside the dialog', async () => {
    const { user } = setup()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus()
    await user.tab({ shift: true })
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus()
  })

  it('ignores every way out while closing is disabled', async () => {
    const { onClose, user } = setup({ closeDisabled: true })
    await user.keyboard('{Escape}')
    fireEvent.mouseDown(screen.getByTestId('modal-backdrop'))
    expect(onClose).not.toHaveBeenCalled()
  })
})
