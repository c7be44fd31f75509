import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SIGNED_OUT } from '@shared/domain'
import {
  createHarness,
  deferred,
  makePost,
  PROFILE,
  renderWith,
  signedIn
} from '../../testing/fakes'
import { ProfileView } from './ProfileView'

afterEach(() => vi.restoreAllMocks())

function setup() {
  const harness = createHarness({ snapshot: signedIn() })
  harness.stores.ui.getState().showProfile()
  return harness
}

describe('ProfileView', () => {
  it("shows 'Loading profile...' before the profile loads", () => {
    const harness = createHarness({ snapshot: { ...signedIn(), profile: null } })
    harness.services.profile.fetchProfile.mockReturnValue(deferred().promise)
    renderWith(<ProfileView />, harness)
    expect(screen.getByText('Loading profile...')).toBeInTheDocument()
  })

  it('shows 9 placeholder tiles while the posts load', () => {
    const harness = setup()
    harness.services.profile.fetchPosts.mockReturnValue(deferred().promise)
    renderWith(<ProfileView />, harness)
    const loading = screen.getByRole('status', { name: 'Loading posts' })
    expect(within(loading).getAllByTestId('profile-placeholder')).toHaveLength(9)
  })

  it("shows 'No Posts Yet' and the hint when the user has none", async () => {
    renderWith(<ProfileView />, setup())
    expect(await screen.findByRole('heading', { name: 'No Posts Yet' })).toBeInTheDocument()
    expect(
      screen.getByText("When you share photos, they'll appear on your profile.")
    ).toBeInTheDocument()
  })

  it('shows the username as title, Edit profile, counts, full name and bio', async () => {
    const harness = setup()
    harness.services.profile.fetchStats.mockResolvedValue({
      posts: 2,
      followers: 1500,
      following: 1
    })
    renderWith(<ProfileView />, harness)
    expect(screen.getByRole('heading', { level: 1, name: PROFILE.username })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Edit profile' })).toBeInTheDocument()
    const stats = await screen.findByRole('list', { name: 'Profile stats' })
    await vi.waitFor(() => expect(stats).toHaveTextContent('2 posts1,500 followers1 following'))
    expect(screen.getByText('Jane Doe')).toBeInTheDocument()
    expect(screen.getByText('Coffee and film cameras')).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Posts' })).toBeInTheDocument()
  })

  it('falls back to 0 counts when the stats fail', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const harness = setup()
    harness.services.profile.fetchStats.mockRejectedValue(new Error('down'))
    renderWith(<ProfileView />, harness)
    const stats = await screen.findByRole('list', { name: 'Profile stats' })
    await screen.findByRole('heading', { name: 'No Posts Yet' })
    expect(stats).toHaveTextContent('0 posts0 followers0 following')
  })

  it('shows own posts in the grid with their likes and comments counts', async () => {
    const harness = setup()
    harness.services.profile.fetchPosts.mockResolvedValue([
      makePost({ caption: 'Beach', likes_count: 12, comments_count: 3 })
    ])
    renderWith(<ProfileView />, harness)
    const grid = await screen.findByRole('list', { name: 'Posts' })
    expect(within(grid).getByRole('img', { name: 'Beach' })).toBeInTheDocument()
    expect(within(grid).getByLabelText('12 likes')).toBeInTheDocument()
    expect(within(grid).getByLabelText('3 comments')).toBeInTheDocument()
  })

  it('goes back to the feed', async () => {
    const harness = setup()
    renderWith(<ProfileView />, harness)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }))
    expect(harness.stores.ui.getState().view).toBe('feed')
    await screen.findByRole('heading', { name: 'No Posts Yet' })
  })

  it('loads nothing for a visitor', () => {
    const harness = createHarness({ snapshot: SIGNED_OUT })
    renderWith(<ProfileView />, harness)
    expect(harness.services.profile.fetchPosts).not.toHaveBeenCalled()
  })
})
