import { describe, expect, it } from 'vitest'
import { waitFor } from '@testing-library/react'
import { createHarness, deferred, makeGroup, signedIn } from '../../testing/fakes'

function started(groups = [makeGroup()], unread = 1) {
  const harness = createHarness({ snapshot: signedIn() })
  harness.services.activity.fetchPage.mockResolvedValue({ groups, next: null })
  harness.services.activity.countUnread.mockResolvedValue(unread)
  const stop = harness.stores.activity.getState().start('user-1')
  return { ...harness, activity: harness.stores.activity, stop }
}

describe('activity store', () => {
  it('reads the first page and the unread count when started, and reports the count', async () => {
    const { activity, services, api } = started()
    await waitFor(() => expect(activity.getState().status).toBe('ready'))
    expect(activity.getState().unreadCount).toBe(1)
    expect(services.live.activity).toHaveBeenCalledWith('user-1', expect.any(Object))
    // What was there at start is not news: no native notification for it.
    expect(api.notifications.report).toHaveBeenCalledWith({ unreadCount: 1, alerts: [] })
  })

  it('re-reads when a notification arrives live, and announces the new line', async () => {
    const { activity, services, api } = started([], 0)
    await waitFor(() => expect(activity.getState().status).toBe('ready'))
    const like = makeGroup()
    services.activity.fetchPage.mockResolvedValue({ groups: [like], next: null })
    services.activity.countUnread.mockResolvedValue(1)
    for (const listener of services.live.activityListeners) listener.onNotification({} as never)
    await waitFor(() => expect(activity.getState().unreadCount).toBe(1))
    expect(activity.getState().groups).toEqual([like])
    expect(api.notifications.report).toHaveBeenLastCalledWith({
      unreadCount: 1,
      alerts: [expect.objectContaining({ body: 'ana liked your photo.' })]
    })
  })

  it('re-reads after the channel re-joins, replacing (never appending) the lines', async () => {
    const group = makeGroup()
    const { activity, services } = started([group])
    await waitFor(() => expect(activity.getState().status).toBe('ready'))
    for (const listener of services.live.activityListeners) listener.onResync()
    await waitFor(() => expect(services.activity.fetchPage).toHaveBeenCalledTimes(2))
    await waitFor(() => expect(activity.getState().groups).toEqual([group]))
  })

  it('marks what it shows read when the panel opens, up to the newest line', async () => {
    const group = makeGroup()
    const { activity, services, api } = started([group], 2)
    await activity.getState().openPanel()
    expect(services.activity.markRead).toHaveBeenCalledWith(group.latest_at)
    expect(activity.getState()).toMatchObject({ open: true, unreadCount: 0 })
    expect(api.notifications.report).toHaveBeenLastCalledWith({ unreadCount: 0, alerts: [] })
  })

  it('shows the reason when the read fails', async () => {
    const { activity, services } = started()
    services.activity.fetchPage.mockRejectedValue(new Error("Couldn't load your activity."))
    await activity.getState().refresh()
    expect(activity.getState().error).toBe("Couldn't load your activity.")
  })

  it('stops listening and forgets everything when stopped (sign-out)', async () => {
    const { activity, services, stop } = started()
    await waitFor(() => expect(activity.getState().status).toBe('ready'))
    stop()
    expect(services.live.activityListeners.size).toBe(0)
    expect(activity.getState()).toMatchObject({ userId: null, groups: [], unreadCount: 0 })
  })

  it('drops a read that finishes after the user changed', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    const slow = deferred<{ groups: ReturnType<typeof makeGroup>[]; next: null }>()
    harness.services.activity.fetchPage.mockReturnValueOnce(slow.promise)
    const stop = harness.stores.activity.getState().start('user-1')
    stop()
    harness.stores.activity.getState().start('user-9')
    slow.resolve({ groups: [makeGroup()], next: null })
    await waitFor(() => expect(harness.stores.activity.getState().status).toBe('ready'))
    expect(harness.stores.activity.getState().groups).toEqual([])
  })
})
