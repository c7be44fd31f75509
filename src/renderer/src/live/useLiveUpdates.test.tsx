import { act, render, waitFor } from '@testing-library/react'
import type { ReactElement } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SIGNED_OUT } from '@shared/auth-snapshot'
import { StoresProvider } from '../store'
import { createHarness, makePost, signedIn, showInFeed, feedPosts } from '../testing/fakes'
import { selectPostMissing } from '../store/openPost/openPostStore'
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

afterEach(() => vi.useRealTimers())

describe('live updates', () => {
  it('reads the feed, activity and the shown counts again after the machine slept', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    const harness = createHarness({ snapshot: signedIn() })
    const own = { ...signedIn().profile!, followers_count: 3, following_count: 2 }
    harness.services.people.fetchProfileByUsername.mockResolvedValue(own)
    await harness.stores.people.getState().loadProfile(own.username)
    showInFeed(harness.stores, [])
    mount(harness)
    const reads = () => ({
      feed: harness.services.feed.fetchPage.mock.calls.length,
      activity: harness.services.activity.fetchPage.mock.calls.length,
      profile: harness.services.people.fetchProfileByUsername.mock.calls.length
    })
    vi.advanceTimersByTime(60_000)
    const awake = reads()
    // Asleep for ten minutes: the clock jumps while no timer runs.
    vi.setSystemTime(Date.now() + 10 * 60_000)
    vi.advanceTimersByTime(5_000)
    const after = reads()
    expect(after.feed).toBe(awake.feed + 1)
    expect(after.activity).toBe(awake.activity + 1)
    expect(after.profile).toBe(awake.profile + 1)
  })

  it("follows the signed-in user's activity, and stops on sign-out", async () => {
    const harness = createHarness({ snapshot: signedIn() })
    mount(harness)
    expect(harness.services.live.activity).toHaveBeenCalledWith('user-1', expect.any(Object))
    expect(harness.services.live.activityListeners.size).toBe(1)
    act(() => harness.stores.session.setState({ snapshot: SIGNED_OUT }))
    expect(harness.services.live.activityListeners.size).toBe(0)
    expect(harness.stores.activity.getState().userId).toBeNull()
  })

  it("keeps the shown profile's counts live, and re-reads them after a gap", async () => {
    const harness = createHarness({ snapshot: signedIn() })
    const own = { ...signedIn().profile!, followers_count: 3, following_count: 2 }
    harness.services.people.fetchProfileByUsername.mockResolvedValue(own)
    await harness.stores.people.getState().loadProfile(own.username)
    mount(harness)
    expect(harness.services.live.profileCounts).toHaveBeenCalledWith(own.id, expect.any(Object))

    // Someone follows, then someone unfollows: each arrives as the row's new counts.
    act(() =>
      harness.services.live.changeCounts({ id: own.id, followers_count: 4, following_count: 2 })
    )
    expect(harness.stores.people.getState().followerCounts[own.id]).toBe(4)
    act(() =>
      harness.services.live.changeCounts({ id: own.id, followers_count: 3, following_count: 2 })
    )
    expect(harness.stores.people.getState().followerCounts[own.id]).toBe(3)

    harness.services.people.fetchProfileByUsername.mockResolvedValue({
      ...own,
      followers_count: 9,
      following_count: 1
    })
    act(() => harness.services.live.resyncCounts(own.id))
    await waitFor(() => expect(harness.stores.people.getState().followerCounts[own.id]).toBe(9))
    expect(harness.stores.people.getState().page?.profile?.following_count).toBe(1)
  })

  it('stops listening to a profile once another one is shown', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    const star = { ...signedIn().profile!, id: 'star-1', username: 'star' }
    harness.services.people.fetchProfileByUsername.mockResolvedValue(star)
    await harness.stores.people.getState().loadProfile('star')
    mount(harness)
    expect(harness.services.live.profileListeners.get('star-1')?.size).toBe(1)
    act(() => harness.stores.people.setState({ page: null }))
    expect(harness.services.live.profileListeners.get('star-1')?.size).toBe(0)
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
    expect(feedPosts(harness.stores)[0].likes_count).toBe(4)
  })

  it('drops a post its author deleted from every list showing it, and says so in the post view', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    const gone = makePost({ caption: '#sunset' })
    const kept = makePost()
    harness.services.feed.fetchPage.mockResolvedValue([gone, kept])
    harness.services.posts.tagPage.mockResolvedValue({ items: [gone], next: null })
    harness.services.posts.byId.mockResolvedValue(gone)
    await harness.stores.feed.getState().load()
    await harness.stores.browse.getState().openTag('sunset')
    await harness.stores.post.getState().openPost(gone.id)
    // Someone else's new post, deleted before "New posts" was pressed.
    const fresh = makePost({ user_id: 'someone' })
    mount(harness)
    act(() => harness.services.live.insertPost(fresh))
    expect(harness.stores.feed.getState().newPostIds).toEqual([fresh.id])

    act(() => harness.services.live.deletePost(gone.id))
    act(() => harness.services.live.deletePost(fresh.id))
    expect(harness.stores.feed.getState().ids).toEqual([kept.id])
    expect(harness.stores.feed.getState().newPostIds).toEqual([])
    expect(harness.stores.browse.getState().ids).toEqual([])
    expect(harness.stores.posts.getState().byId[gone.id]).toBeUndefined()
    expect(selectPostMissing(harness.stores.post.getState())).toBe(true)
  })

  it('re-reads the top of the feed when the posts channel re-joins after a gap', async () => {
    const harness = createHarness()
    const post = makePost()
    harness.services.feed.fetchPage.mockResolvedValue([post])
    await harness.stores.feed.getState().load()
    mount(harness)
    harness.services.feed.fetchPage.mockClear()
    act(() => harness.services.live.resyncPosts())
    expect(harness.services.feed.fetchPage).toHaveBeenCalledTimes(1)
  })

  it('opens the post when a desktop notification about a post is clicked', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    mount(harness)
    act(() => harness.api.emitOpen({ kind: 'post', postId: 'p1' }))
    expect(harness.stores.post.getState().openId).toBe('p1')
    expect(harness.stores.activity.getState().open).toBe(false)
  })

  it("shows the follower's profile when a follow notification is clicked", () => {
    const harness = createHarness({ snapshot: signedIn() })
    mount(harness)
    act(() => harness.api.emitOpen({ kind: 'profile', username: 'ana' }))
    expect(harness.stores.router.getState().route).toEqual({ name: 'profile', username: 'ana' })
  })

  it('opens the conversation when a direct-message notification is clicked', () => {
    const harness = createHarness({ snapshot: signedIn() })
    mount(harness)
    act(() => harness.api.emitOpen({ kind: 'direct', threadId: 't1' }))
    expect(harness.stores.router.getState().route).toEqual({ name: 'direct', thread: 't1' })
    expect(window.location.hash).toBe('#/direct/t1')
  })
})
