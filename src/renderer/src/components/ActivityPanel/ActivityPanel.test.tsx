import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { Header } from '../Header/Header'
import { createHarness, makeGroup, renderWith, signedIn } from '../../testing/fakes'

const actor = (username: string) => ({
  id: `id-${username}`,
  username,
  full_name: username,
  avatar_url: null
})

function signedInHarness(options: { hasNativeDialog?: boolean } = {}) {
  const harness = createHarness({ snapshot: signedIn(), ...options })
  return harness
}

describe('activity in the header', () => {
  it('opens the post of a line, or the follower of a follow line, and closes the panel', async () => {
    const harness = signedInHarness()
    const likes = makeGroup({ post_id: 'post-9', actors: [actor('ana')] })
    const follow = makeGroup({ type: 'follow', post_id: null, actors: [actor('dee')] })
    harness.services.activity.fetchPage.mockResolvedValue({ groups: [likes, follow], next: null })
    renderWith(<Header />, harness)
    act(() => void harness.stores.activity.getState().start('user-1'))
    const user = userEvent.setup()
    const open = async (): Promise<HTMLElement> => {
      await user.click(screen.getByRole('button', { name: /^Notifications/ }))
      return screen.findByRole('dialog', { name: 'Notifications' })
    }

    await user.click(within(await open()).getByRole('button', { name: /ana liked your photo/ }))
    expect(harness.stores.post.getState().openId).toBe('post-9')
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument()

    await user.click(
      within(await open()).getByRole('button', { name: /dee started following you/ })
    )
    expect(harness.stores.router.getState().route).toEqual({ name: 'profile', username: 'dee' })
  })

  it('shows the unread dot when a notification arrives live, without a reload', async () => {
    const harness = signedInHarness()
    renderWith(<Header />, harness)
    act(() => void harness.stores.activity.getState().start('user-1'))
    await waitFor(() => expect(harness.stores.activity.getState().status).toBe('ready'))
    expect(screen.queryByTestId('activity-dot')).not.toBeInTheDocument()

    harness.services.activity.countUnread.mockResolvedValue(1)
    harness.services.activity.fetchPage.mockResolvedValue({ groups: [makeGroup()], next: null })
    act(() => {
      for (const listener of harness.services.live.activityListeners)
        listener.onNotification({} as never)
    })
    expect(await screen.findByTestId('activity-dot')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Notifications, new activity' })).toBeInTheDocument()
  })

  it('opens the panel with grouped lines, a thumbnail and age, and marks them read', async () => {
    const harness = signedInHarness()
    const likes = makeGroup({
      actors: [actor('ana'), actor('bob'), actor('cy')],
      actor_count: 4,
      latest_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
      post_thumb_url: 'https://example.test/t.jpg'
    })
    const follow = makeGroup({ type: 'follow', post_id: null, actors: [actor('dee')] })
    harness.services.activity.fetchPage.mockResolvedValue({ groups: [likes, follow], next: null })
    harness.services.activity.countUnread.mockResolvedValue(5)
    renderWith(<Header />, harness)
    act(() => void harness.stores.activity.getState().start('user-1'))
    await screen.findByTestId('activity-dot')

    await userEvent.setup().click(screen.getByRole('button', { name: /Notifications/ }))
    const panel = await screen.findByRole('dialog', { name: 'Notifications' })
    const rows = within(panel).getAllByRole('listitem')
    expect(rows[0]).toHaveTextContent('ana and 3 others liked your photo.')
    expect(rows[0]).toHaveTextContent('3h')
    expect(rows[0].querySelector('img[src="https://example.test/t.jpg"]')).not.toBeNull()
    expect(rows[1]).toHaveTextContent('dee started following you.')
    expect(harness.services.activity.markRead).toHaveBeenCalledWith(likes.latest_at)
    await waitFor(() => expect(screen.queryByTestId('activity-dot')).not.toBeInTheDocument())
  })

  it('closes the panel with Escape', async () => {
    const harness = signedInHarness()
    renderWith(<Header />, harness)
    act(() => void harness.stores.activity.getState().start('user-1'))
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: /Notifications/ }))
    await screen.findByRole('dialog', { name: 'Notifications' })
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('offers the desktop notification switch in the desktop app and saves a change', async () => {
    const harness = signedInHarness({ hasNativeDialog: true })
    renderWith(<Header />, harness)
    act(() => void harness.stores.activity.getState().start('user-1'))
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: /Notifications/ }))
    const toggle = await screen.findByRole('checkbox', { name: 'Desktop notifications' })
    expect(toggle).toBeChecked()
    await user.click(toggle)
    expect(harness.api.notifications.setEnabled).toHaveBeenCalledWith(false)
    expect(toggle).not.toBeChecked()
  })

  it('asks a visitor to log in instead of opening the panel', async () => {
    const harness = createHarness()
    renderWith(<Header />, harness)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Notifications' }))
    expect(harness.stores.ui.getState().modal).toBe('auth')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
