import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Post } from '@shared/domain'
import {
  createHarness,
  makePost,
  PROFILE,
  renderWith,
  signedIn,
  showInFeed
} from '../../testing/fakes'
import { PostCard } from '../PostCard/PostCard'

function setup(post: Post, options: { signedIn?: boolean; following?: boolean } = {}) {
  const harness = createHarness({ snapshot: options.signedIn === false ? undefined : signedIn() })
  showInFeed(harness.stores, [post])
  if (options.following) {
    harness.stores.people.setState({
      followedIds: new Set([post.user_id]),
      followerCounts: { [post.user_id]: 10 }
    })
  }
  renderWith(<PostCard postId={post.id} index={0} />, harness)
  return { ...harness, user: userEvent.setup() }
}

async function openOptions(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  await user.click(screen.getByRole('button', { name: 'More options' }))
  // The sheet's code loads on the first open.
  return screen.findByRole('menu', { name: 'Post options' })
}

const labels = (menu: HTMLElement): string[] =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent ?? '')

describe('PostOptions (the card’s More options)', () => {
  it('offers a visitor Go to post, Copy link, About this account and Cancel', async () => {
    const { user } = setup(makePost(), { signedIn: false })
    const menu = await openOptions(user)
    expect(labels(menu)).toEqual(['Go to post', 'Copy link', 'About this account', 'Cancel'])
    await user.click(within(menu).getByRole('menuitem', { name: 'Cancel' }))
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    await openOptions(user)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
  })

  it('Go to post opens the post; About this account opens the author’s profile', async () => {
    const post = makePost()
    const { user, stores } = setup(post)
    await user.click(within(await openOptions(user)).getByRole('menuitem', { name: 'Go to post' }))
    expect(stores.post.getState()).toMatchObject({ openId: post.id, intent: null })
    stores.post.getState().close()
    await user.click(
      within(await openOptions(user)).getByRole('menuitem', { name: 'About this account' })
    )
    expect(stores.router.getState().route).toEqual({ name: 'profile', username: 'sam' })
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
  })

  it('Copy link puts the post’s link on the clipboard and says so', async () => {
    const post = makePost()
    const { user, stores } = setup(post)
    const writeText = vi.spyOn(navigator.clipboard, 'writeText')
    await user.click(within(await openOptions(user)).getByRole('menuitem', { name: 'Copy link' }))
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining(post.id))
    expect(stores.toast.getState().message).toBe('Link copied')
  })

  it('the author gets Delete and Edit, which open the post at that step', async () => {
    const post = makePost({ user_id: PROFILE.id })
    const { user, stores } = setup(post)
    const menu = await openOptions(user)
    expect(labels(menu).slice(0, 4)).toEqual(['Delete', 'Archive', 'Edit', 'Pin to your profile'])
    expect(labels(menu)).not.toContain('Unfollow')
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }))
    expect(stores.post.getState()).toMatchObject({ openId: post.id, intent: 'delete' })
    stores.post.getState().close()
    await user.click(within(await openOptions(user)).getByRole('menuitem', { name: 'Edit' }))
    expect(stores.post.getState()).toMatchObject({ openId: post.id, intent: 'edit' })
  })

  it('the author archives, pins and unpins through the curation store', async () => {
    const post = makePost({ user_id: PROFILE.id })
    const { user, stores } = setup(post)
    const archive = vi.spyOn(stores.curation.getState(), 'archive').mockResolvedValue(true)
    const pin = vi.spyOn(stores.curation.getState(), 'setPinned').mockResolvedValue(true)
    await user.click(within(await openOptions(user)).getByRole('menuitem', { name: 'Archive' }))
    expect(archive).toHaveBeenCalledWith(post.id)
    await user.click(
      within(await openOptions(user)).getByRole('menuitem', { name: 'Pin to your profile' })
    )
    expect(pin).toHaveBeenCalledWith(post.id, true)
    stores.posts.getState().patch(post.id, (shown) => ({ ...shown, pin_slot: 1, pinned_at: 'x' }))
    await user.click(within(await openOptions(user)).getByRole('menuitem', { name: 'Unpin' }))
    expect(pin).toHaveBeenCalledWith(post.id, false)
  })

  it('offers Unfollow for someone followed, and asks before unfollowing', async () => {
    const post = makePost()
    const { user, stores, services } = setup(post, { following: true })
    await user.click(within(await openOptions(user)).getByRole('menuitem', { name: 'Unfollow' }))
    const dialog = screen.getByRole('dialog', { name: 'Unfollow sam?' })
    await user.click(within(dialog).getByRole('button', { name: 'Unfollow' }))
    await waitFor(() => expect(stores.people.getState().followedIds.has(post.user_id)).toBe(false))
    expect(services.people.unfollow).toHaveBeenCalledWith(PROFILE.id, post.user_id)
  })
})
