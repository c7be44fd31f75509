import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CrashScreen } from './CrashScreen'

afterEach(() => vi.restoreAllMocks())

function Broken(): never {
  throw new Error('a bug while drawing')
}

describe('CrashScreen', () => {
  it('shows its children while they draw', () => {
    render(
      <CrashScreen>
        <p>The feed</p>
      </CrashScreen>
    )
    expect(screen.getByText('The feed')).toBeInTheDocument()
  })

  it('shows the recover screen instead of a blank window, logs the error, and reloads', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const reload = vi.fn()
    render(
      <CrashScreen reload={reload}>
        <Broken />
      </CrashScreen>
    )
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('saved')
    expect(
      logged.mock.calls.some(
        (call) => call[0] === 'The page stopped drawing' && String(call[1]).includes('a bug')
      )
    ).toBe(true)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }))
    expect(reload).toHaveBeenCalledTimes(1)
  })
})
