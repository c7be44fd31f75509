// What a person does to a post, without a DOM: like, like from the photo, save, open, copy the
// link and what a card asks for when it shows; a visitor is asked to sign in instead.

import { afterEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '@shared/messages'
import { createHarness, makePost, showInFeed, signedIn } from '../../testing/fakes'
import { postRoute } from '../router/routes'
import { inEnglish } from '../../testing/inEnglish'

afterEach(() => vi.restoreAllMocks())

function signedInWith(liked: boolean) {
  const harness = createHarness({ snapshot: signedIn() })
  const post = makePost({ likes_count: 3 })
  showInFeed(harness.stores, [post], { liked: liked ? [post.id] : [] })
  harness.services.likes.setLike.mockResolvedValue({ liked: !liked, likes_count: 4 })
  return { ...harness, post }
}

describe('post actions', () => {
  it('likes and unlikes through the one like of the posts store', () => {
    const { stores, services, post } = signedInWith(false)
    stores.postActions.toggleLike(post.id)
    expect(services.likes.setLike).toHaveBeenCalledWith(post.id, true)
    expect(stores.posts.getState().liked[post.id]).toBe(true)
  })

  it('a like from the photo only ever likes', async () => {
    const { stores, services, post } = signedInWith(true)
    expect(stores.postActions.likeFromPhoto(post.id)).toBe(true)
    expect(services.likes.setLike).not.toHaveBeenCalled()
    expect(stores.posts.getState().liked[post.id]).toBe(true)
  })

  it('asks a visitor to sign in instead of liking or saving', () => {
    const harness = createHarness()
    const post = makePost()
    showInFeed(harness.stores, [post])
    for (const act of [
      () => harness.stores.postActions.toggleLike(post.id),
      () => expect(harness.stores.postActions.likeFromPhoto(post.id)).toBe(false),
      () => harness.stores.postActions.toggleSave(post.id)
    ]) {
      harness.stores.ui.getState().closeModal()
      act()
      expect(harness.stores.ui.getState()).toMatchObject({ modal: 'auth', authMode: 'signin' })
    }
    expect(harness.services.likes.setLike).not.toHaveBeenCalled()
    expect(harness.services.saves.save).not.toHaveBeenCalled()
  })

  it('saves as the signed-in user', () => {
    const { stores, services, post } = signedInWith(false)
    services.saves.save.mockResolvedValue(undefined)
    stores.postActions.toggleSave(post.id)
    expect(stores.saved.getState().savedIds.has(post.id)).toBe(true)
    expect(services.saves.save).toHaveBeenCalledWith('user-1', post.id)
  })

  it('opens the post over the page, with its list for the arrows', () => {
    const { stores, post } = signedInWith(false)
    stores.postActions.open(post.id, ['a', post.id], { focusComment: true })
    expect(stores.router.getState().route).toEqual(postRoute(post.id))
    expect(stores.post.getState()).toMatchObject({
      openId: post.id,
      siblings: ['a', post.id],
      focusComment: true
    })
  })

  it('copies the link and says so, or says it could not', async () => {
    const { stores, post } = signedInWith(false)
    const toasts = vi.spyOn(stores.toast.getState(), 'show')
    const writeText = vi.fn(async (_text: string) => undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await stores.postActions.copyLink(post.id)
    expect(writeText.mock.calls[0][0]).toContain(post.id)
    expect(toasts).toHaveBeenLastCalledWith(MESSAGES.linkCopied)
    writeText.mockRejectedValue(new Error('denied'))
    await stores.postActions.copyLink(post.id)
    expect(inEnglish(toasts.mock.lastCall?.[0])).toBe("Couldn't copy the link")
  })

  it('a card asks for its comments and tags, and its saved state only when signed in', async () => {
    const visitor = createHarness()
    visitor.stores.postActions.watch('p1', 2)
    const member = signedInWith(false)
    member.stores.postActions.watch('p1', 0)
    await vi.waitFor(() => expect(member.services.peopleTags.fetch).toHaveBeenCalledWith(['p1']))
    expect(member.services.saves.savedIds).toHaveBeenCalledWith(['p1'])
    await vi.waitFor(() => expect(visitor.services.comments.latest).toHaveBeenCalledWith(['p1'], 2))
    expect(visitor.services.saves.savedIds).not.toHaveBeenCalled()
    // No comments, nothing to preview.
    expect(member.services.comments.latest).not.toHaveBeenCalled()
  })
})
