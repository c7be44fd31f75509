import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Profile } from '@shared/domain'
import { createHarness, deferred, PROFILE, renderWith, signedIn } from '../../testing/fakes'
import { ProfilePage } from './ProfilePage'

const STAR: Profile = {
  id: 'star-1',
  username: 'star',
  full_name: 'Star',
  avatar_url: null,
  bio: null,
  followers_count: 10,
  following_count: 2
}

const stats = (): HTMLElement => screen.getByRole('list', { name: 'Profile stats' })

describe('ProfilePage counts', () => {
  it("changes the person's follower count at once on unfollow and follow, then takes the server's", async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.services.people.fetchProfileByUsername.mockResolvedValue(STAR)
    harness.services.people.followedAmong.mockResolvedValue(new Set([STAR.id]))
    renderWith(<ProfilePage username="star" />, harness)
    const user = userEvent.setup()
    await waitFor(() => expect(stats()).toHaveTextContent('10 followers'))

    const unfollowed = deferred<{ followersCount: number }>()
    harness.services.people.unfollow.mockReturnValueOnce(unfollowed.promise)
    await user.click(await screen.findByRole('button', { name: 'Following star' }))
    const dialog = screen.getByRole('dialog', { name: 'Unfollow star?' })
    await user.click(within(dialog).getByRole('button', { name: 'Unfollow' }))
    expect(stats()).toHaveTextContent('9 followers')
    // Someone else followed meanwhile: the server's count wins.
    await act(async () => unfollowed.resolve({ followersCount: 10 }))
    expect(stats()).toHaveTextContent('10 followers')

    harness.services.people.follow.mockResolvedValueOnce({ followersCount: 11 })
    await user.click(screen.getByRole('button', { name: 'Follow star' }))
    await waitFor(() => expect(stats()).toHaveTextContent('11 followers'))
  })

  it('shows your own following count moving at once, and your follower count live', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    const own = { ...PROFILE, followers_count: 4, following_count: 5 }
    harness.services.people.fetchProfileByUsername.mockResolvedValue(own)
    harness.services.people.followedAmong.mockResolvedValue(new Set([STAR.id]))
    renderWith(<ProfilePage username={own.username} />, harness)
    await waitFor(() => expect(stats()).toHaveTextContent('5 following'))

    // An unfollow from anywhere in the app (a list, the side panel) while this page shows.
    await harness.stores.people.getState().learn([STAR as Required<Profile>])
    const unfollowed = deferred<{ followersCount: number }>()
    harness.services.people.unfollow.mockReturnValueOnce(unfollowed.promise)
    const pending = harness.stores.people.getState().setFollowing(STAR as Required<Profile>, false)
    await waitFor(() => expect(stats()).toHaveTextContent('4 following'))
    await act(async () => {
      unfollowed.resolve({ followersCount: 9 })
      await pending
    })
    expect(stats()).toHaveTextContent('4 following')

    // Someone follows you: the row's new counts arrive live.
    act(() =>
      harness.stores.people
        .getState()
        .countsChanged({ id: own.id, followers_count: 5, following_count: 4 })
    )
    expect(stats()).toHaveTextContent('5 followers')
    expect(stats()).toHaveTextContent('4 following')
  })
})

describe('ProfilePage failure states (only logged)', () => {
  /** Signed in, with the profile row unread: only what sign-up gave is known. */
  function withoutProfileRow() {
    const snapshot = signedIn()
    return createHarness({
      snapshot: {
        ...snapshot,
        profile: null,
        user: { ...snapshot.user!, user_metadata: { username: 'jane.doe', full_name: 'Jane Doe' } }
      }
    })
  }

  async function expectEmptyOwnProfile(): Promise<void> {
    const main = screen.getByRole('main')
    await waitFor(() => expect(stats()).toHaveTextContent('0 posts0 followers0 following'))
    expect(within(main).getByRole('button', { name: 'Back' })).toBeInTheDocument()
    expect(within(main).getByRole('heading', { level: 1, name: 'jane.doe' })).toBeInTheDocument()
    expect(within(main).getByRole('button', { name: 'Edit profile' })).toBeInTheDocument()
    expect(within(main).getByText('Jane Doe')).toBeInTheDocument()
    expect(await screen.findByText('No Posts Yet')).toBeInTheDocument()
    expect(screen.queryByText(/Couldn't load/)).not.toBeInTheDocument()
  }

  it('keeps your own bar whole when your profile cannot be read: Edit profile, full name, zeros', async () => {
    const harness = withoutProfileRow()
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    harness.services.people.fetchProfileByUsername.mockRejectedValue(new Error('boom'))
    renderWith(<ProfilePage username="jane.doe" />, harness)
    await expectEmptyOwnProfile()
  })

  it("shows your own profile empty when the backend is unreachable, someone else's as offline", async () => {
    const harness = withoutProfileRow()
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    harness.services.people.fetchProfileByUsername.mockRejectedValue(
      new TypeError('Failed to fetch')
    )
    const { unmount } = renderWith(<ProfilePage username="jane.doe" />, harness)
    await expectEmptyOwnProfile()
    expect(errors.mock.calls.map(([line]) => line)).toContain('Error fetching profile')
    unmount()

    renderWith(<ProfilePage username="star" />, harness)
    expect(await screen.findByText("Couldn't load this profile")).toBeInTheDocument()
  })
})
