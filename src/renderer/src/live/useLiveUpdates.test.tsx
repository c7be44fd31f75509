import { act, render, waitFor } from '@testing-library/react'
import type { ReactElement } from 'react'
import { describe, expect, it } from 'vitest'
import { SIGNED_OUT, type Notification } from '@shared/domain'
import { StoresProvider } from '../store'
import { createHarness, makePost, signedIn } from '../testing/fakes'
import { useLiveUpdates } from './useLiveUpdates'

function Live(): ReactElement | null {
  useLiveUpdates()
  return null
}

function mount(harness: ReturnType<typeof createHarness>) {
  return render(
    <StoresProvider stores={harness.stores}>
      <Live />
    </StoresProvider>
  )
}

describe('live updates', () => {
  it("follows the signed-in user's activity, and stops on sign-out", async () => {
    const harness = createHarness({ snapshot: signedIn() })
    mount(harness)
    expect(harness.services.live.activity).toHaveBeenCalledWith('user-1', expect.any(Object))
    expect(harness.services.live.activityListeners.size).toBe(1)
    act(() => harness.stores.session.setState({ snapshot: SIGNED_OUT }))
    expect(harness.services.live.activityListeners.size).toBe(0)
    expect(harness.stores.activity.getState().userId).toBeNull()
  })

  it("re-reads the user's follower count when a new follower arrives live", async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.services.people.fetchProfileByUsername.mockResolvedValue({
      ...signedIn().profile,
      followers_count: 7
    })
    mount(harness)
    act(() => {
      for (const listener of harness.services.live.activityListeners)
        listener.onNotification({ type: 'follow' } as Notification)
    })
    expect(harness.services.people.fetchProfileByUsername).toHaveBeenCalledWith('jane.doe')
    await waitFor(() => expect(harness.stores.people.getState().followerCounts['user-1']).toBe(7))
  })

  it('sends realtime the new token whenever the session changes', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    mount(harness)
    expect(harness.services.live.refreshAuth).toHaveBeenCalledTimes(1)
    act(() =>
      harness.stores.session.setState({ snapshot: { ...signedIn(), accessToken: 'refreshed' } })
    )
    expect(harness.services.live.refreshAuth).toHaveBeenCalledTimes(2)
  })

  it('takes live counter changes into the feed', async () => {
    const harness = createHarness()
    const post = makePost({ likes_count: 1 })
    harness.services.feed.fetchPage.mockResolvedValue([post])
    await harness.stores.feed.getState().load()
    mount(harness)
    act(() => harness.services.live.updatePost({ ...post, likes_count: 4 }))
    expect(harness.stores.feed.getState().posts[0].likes_count).toBe(4)
  })

  it('opens the activity panel when a desktop notification about a post is clicked', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    mount(harness)
    act(() => harness.api.emitOpen({ kind: 'post', postId: 'p1' }))
    await waitFor(() => expect(harness.stores.activity.getState().open).toBe(true))
  })

  it("shows the follower's profile when a follow notification is clicked", () => {
    const harness = createHarness({ snapshot: signedIn() })
    mount(harness)
    act(() => harness.api.emitOpen({ kind: 'profile', username: 'ana' }))
    expect(harness.stores.router.getState().route).toEqual({ name: 'profile', username: 'ana' })
  })
})
