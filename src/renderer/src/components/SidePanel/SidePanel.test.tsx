import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createHarness, renderWith, signedIn } from '../../testing/fakes'
import { SidePanel } from './SidePanel'

describe('SidePanel', () => {
  it("ends with the app's own footer words and the 2025 copyright, no Meta product names", () => {
    renderWith(<SidePanel />, createHarness())
    const footer = screen.getByRole('contentinfo')
    expect(footer).toHaveTextContent('About · Help · Privacy · Terms · API · Open source')
    expect(footer).not.toHaveTextContent(/Meta|Instagram|Threads|Facebook/)
    expect(screen.getByText('© 2025 INSTAFRAME')).toBeInTheDocument()
  })

  it('names the signed-in user by what they chose at sign-up when their profile row is missing', () => {
    const snapshot = signedIn()
    const harness = createHarness({
      snapshot: {
        ...snapshot,
        profile: null,
        user: {
          ...snapshot.user!,
          user_metadata: { username: 'Jane.Doe', full_name: 'Jane Doe' }
        }
      }
    })
    renderWith(<SidePanel />, harness)
    const panel = screen.getByRole('complementary', { name: 'Suggestions' })
    expect(panel).toHaveTextContent('jane.doe')
    expect(panel).toHaveTextContent('Jane Doe')
  })
})
