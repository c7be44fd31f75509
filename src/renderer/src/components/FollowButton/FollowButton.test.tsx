import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createHarness, renderWith, signedIn } from '../../testing/fakes'
import { FollowButton } from './FollowButton'

const STAR = { id: 'star-1', username: 'star', avatar_url: null, followers_count: 3 }

describe('FollowButton', () => {
  it('follows at once, and asks before unfollowing', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<FollowButton person={STAR} />, harness)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Follow star' }))
    const following = await screen.findByRole('button', { name: 'Following star' })
    expect(following).toHaveAttribute('aria-pressed', 'true')
    expect(harness.services.people.follow).toHaveBeenCalledWith('user-1', 'star-1')

    await user.click(following)
    const dialog = screen.getByRole('dialog', { name: 'Unfollow star?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(harness.services.people.unfollow).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Following star' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Following star' }))
    await user.click(
      within(screen.getByRole('dialog', { name: 'Unfollow star?' })).getByRole('button', {
        name: 'Unfollow'
      })
    )
    expect(await screen.findByRole('button', { name: 'Follow star' })).toBeInTheDocument()
    expect(harness.services.people.unfollow).toHaveBeenCalledWith('user-1', 'star-1')
  })

  it('asks a visitor to log in, and shows no button on your own profile', async () => {
    const visitor = createHarness()
    const { unmount } = renderWith(<FollowButton person={STAR} />, visitor)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Follow star' }))
    expect(visitor.stores.ui.getState().modal).toBe('auth')
    unmount()

    const me = createHarness({ snapshot: signedIn() })
    renderWith(<FollowButton person={{ ...STAR, id: 'user-1' }} />, me)
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })
})
