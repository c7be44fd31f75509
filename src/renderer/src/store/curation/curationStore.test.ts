// The author's curation over fake services: archiving takes a post out of every list and the
// grid's count and into the Archive; "Show on profile" puts it back in its place and count;
// pins go to the top of the grid, newest first, and the fourth pin's refusal is said.

import { describe, expect, it } from 'vitest'
import type { Post } from '@shared/domain'
import { CURATION_MESSAGES } from '@shared/data/post-curation'
import { createHarness, makePost, PROFILE, showInFeed, signedIn } from '../../testing/fakes'
import { CURATION_TOASTS } from './curationStore'

const at = (minutesAgo: number): string => new Date(Date.now() - minutesAgo * 60_000).toISOString()

async function ownProfileWith(posts: Post[]) {
  const harness = createHarness({ snapshot: signedIn() })
  const { services, stores } = harness
  services.people.fetchProfileByUsername.mockResolvedValue({
    ...PROFILE,
    posts_count: posts.length
  })
  services.people.fetchProfilePosts.mockResolvedValue({ posts, next: null })
  showInFeed(stores, posts)
  await stores.people.getState().loadProfile(PROFILE.username)
  const grid = (): string[] => stores.people.getState().page?.ids ?? []
  const total = (): number | undefined => stores.people.getState().page?.postsTotal
  return { ...harness, grid, total }
}

const own = (minutesAgo: number): Post =>
  makePost({ user_id: PROFILE.id, created_at: at(minutesAgo) })

describe('curation store', () => {
  it('archives: the post leaves the feed and the grid, the count drops, the Archive has it', async () => {
    const [newest, middle, oldest] = [own(1), own(2), own(3)]
    const { stores, services, grid, total } = await ownProfileWith([newest, middle, oldest])
    await stores.curation.getState().loadArchive()
    services.curation.setArchived.mockResolvedValue({ ...middle, archived_at: at(0) })

    expect(await stores.curation.getState().archive(middle.id)).toBe(true)

    expect(services.curation.setArchived).toHaveBeenCalledWith(middle.id, true)
    expect(stores.feed.getState().ids).toEqual([newest.id, oldest.id])
    expect(grid()).toEqual([newest.id, oldest.id])
    expect(total()).toBe(2)
    expect(stores.curation.getState().archived.map((post) => post.id)).toEqual([middle.id])
    expect(stores.toast.getState().message).toBe(CURATION_TOASTS.archived)
  })

  it('restores a post to its place in the grid and the count', async () => {
    const [newest, middle, oldest] = [own(1), own(2), own(3)]
    const { stores, services, grid, total } = await ownProfileWith([newest, oldest])
    services.curation.archivedPage.mockResolvedValue({
      items: [{ ...middle, archived_at: at(0) }],
      next: null
    })
    await stores.curation.getState().loadArchive()
    services.curation.setArchived.mockResolvedValue({ ...middle, archived_at: null })

    expect(await stores.curation.getState().restore(middle.id)).toBe(true)

    expect(services.curation.setArchived).toHaveBeenCalledWith(middle.id, false)
    expect(grid()).toEqual([newest.id, middle.id, oldest.id])
    expect(total()).toBe(3)
    expect(stores.curation.getState().archived).toEqual([])
  })

  it('pins to the top of the grid, newest pin first, and unpins back to its date', async () => {
    const posts = [own(1), own(2), own(3)]
    const { stores, services, grid } = await ownProfileWith(posts)
    const pin = (post: Post, minutesAgo: number, slot: number): void => {
      services.curation.setPinned.mockResolvedValueOnce({
        ...post,
        pinned_at: at(minutesAgo),
        pin_slot: slot
      })
    }
    pin(posts[2], 2, 1)
    await stores.curation.getState().setPinned(posts[2].id, true)
    pin(posts[1], 1, 2)
    await stores.curation.getState().setPinned(posts[1].id, true)
    expect(grid()).toEqual([posts[1].id, posts[2].id, posts[0].id])
    expect(stores.posts.getState().byId[posts[1].id].pin_slot).toBe(2)

    services.curation.setPinned.mockResolvedValueOnce({
      ...posts[1],
      pinned_at: null,
      pin_slot: null
    })
    await stores.curation.getState().setPinned(posts[1].id, false)
    expect(grid()).toEqual([posts[2].id, posts[0].id, posts[1].id])
    expect(stores.toast.getState().message).toBe(CURATION_TOASTS.unpinned)
  })

  it('says why a fourth pin was refused and leaves the grid as it was', async () => {
    const posts = [own(1), own(2)]
    const { stores, services, grid } = await ownProfileWith(posts)
    services.curation.setPinned.mockRejectedValue(new Error(CURATION_MESSAGES.pinLimit))

    expect(await stores.curation.getState().setPinned(posts[1].id, true)).toBe(false)

    expect(stores.toast.getState().message).toBe(CURATION_MESSAGES.pinLimit)
    expect(grid()).toEqual([posts[0].id, posts[1].id])
    expect(stores.curation.getState().busyIds.size).toBe(0)
  })
})
