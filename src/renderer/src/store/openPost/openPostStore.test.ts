// The open post: read through the posts service into the one posts store, its comments a page
// at a time, a comment written, deleted and liked with the post's count moved once, the
// author's edit and delete, and live comment counts while it is open.

import { describe, expect, it } from 'vitest'
import type { Post } from '@shared/domain'
import { MESSAGES } from '@shared/messages'
import { createHarness, deferred, makeComment, makePost, signedIn } from '../../testing/fakes'
import { selectPostMissing } from './openPostStore'

function open() {
  const harness = createHarness({ snapshot: signedIn() })
  const post = makePost({ comments_count: 1 })
  const first = makeComment({ post_id: post.id })
  harness.services.posts.byId.mockResolvedValue(post)
  harness.services.comments.page.mockResolvedValue({
    items: [{ ...first, replies: [] }],
    next: null
  })
  return { ...harness, post, first }
}

describe('open post store', () => {
  it('reads the post into the posts store, then its first page of comments', async () => {
    const { stores, services, post, first } = open()
    await stores.post.getState().openPost(post.id, [post.id])
    expect(services.posts.byId).toHaveBeenCalledWith(post.id)
    expect(stores.posts.getState().byId[post.id]).toEqual(post)
    expect(services.comments.page).toHaveBeenCalledWith(post.id, { order: 'newest', after: null })
    expect(stores.post.getState()).toMatchObject({ status: 'ready', commentsStatus: 'ready' })
    expect(stores.post.getState().comments.map((comment) => comment.id)).toEqual([first.id])
    expect(services.comments.likedIds).toHaveBeenCalledWith('user-1', [first.id])
  })

  it('says the post does not exist when it cannot be read', async () => {
    const { stores, services } = open()
    services.posts.byId.mockRejectedValue(new Error(MESSAGES.postNotFound))
    await stores.post.getState().openPost('gone')
    expect(selectPostMissing(stores.post.getState())).toBe(true)
  })

  it('sends the draft as a comment: shown at once, draft cleared, the count moved once', async () => {
    const { stores, services, post } = open()
    await stores.post.getState().openPost(post.id)
    const reply = makeComment({ post_id: post.id, body: 'lovely' })
    services.comments.add.mockResolvedValue(reply)
    stores.post.getState().setDraft('lovely')
    expect(await stores.post.getState().sendComment()).toBe(true)
    expect(services.comments.add).toHaveBeenCalledWith(
      expect.objectContaining({ postId: post.id, body: 'lovely', userId: 'user-1' })
    )
    expect(stores.post.getState().draft).toBe('')
    expect(stores.post.getState().comments[0].id).toBe(reply.id)
    expect(stores.posts.getState().byId[post.id].comments_count).toBe(2)
  })

  it('keeps the draft and says why when the comment is refused', async () => {
    const { stores, services, post } = open()
    await stores.post.getState().openPost(post.id)
    services.comments.add.mockRejectedValue(new Error('Commenting is turned off'))
    stores.post.getState().setDraft('hello')
    expect(await stores.post.getState().sendComment()).toBe(false)
    expect(stores.post.getState()).toMatchObject({
      draft: 'hello',
      actionError: 'Commenting is turned off'
    })
    expect(stores.posts.getState().byId[post.id].comments_count).toBe(1)
  })

  it('deletes a comment, and the count follows', async () => {
    const { stores, services, post, first } = open()
    await stores.post.getState().openPost(post.id)
    services.comments.remove.mockResolvedValue(undefined)
    await stores.post.getState().deleteComment(first)
    expect(services.comments.remove).toHaveBeenCalledWith(first.id)
    expect(stores.post.getState().comments).toEqual([])
    expect(stores.posts.getState().byId[post.id].comments_count).toBe(0)
  })

  it("keeps a count the user's own comment settled while the post was being read", async () => {
    const { stores, services, post } = open()
    stores.posts.getState().put([post])
    // The read is answered with the post as it was before the comment below.
    let answer: (read: typeof post) => void = () => undefined
    services.posts.byId.mockReturnValue(new Promise((resolve) => (answer = resolve)))
    const opening = stores.post.getState().openPost(post.id)
    services.comments.add.mockResolvedValue(makeComment({ post_id: post.id }))
    expect(await stores.post.getState().commentOn(post.id, 'from the card')).toBeNull()
    expect(stores.posts.getState().byId[post.id].comments_count).toBe(2)
    answer({ ...post, caption: 'read' })
    await opening
    expect(stores.posts.getState().byId[post.id]).toMatchObject({
      caption: 'read',
      comments_count: 2
    })
  })

  it('likes a comment at once and takes the server count; live counts follow', async () => {
    const { stores, services, post, first } = open()
    await stores.post.getState().openPost(post.id)
    services.comments.setLike.mockResolvedValue({ liked: true, likes_count: 7 })
    await stores.post.getState().likeComment(first.id, true)
    expect(services.comments.setLike).toHaveBeenCalledWith(first.id, true)
    expect(stores.post.getState().comments[0].likes_count).toBe(7)

    const stop = stores.post.getState().followComments(post.id)
    services.live.changeCommentLikes(post.id, first.id, 9)
    expect(stores.post.getState().comments[0].likes_count).toBe(9)
    stop()
    services.live.changeCommentLikes(post.id, first.id, 10)
    expect(stores.post.getState().comments[0].likes_count).toBe(9)
  })

  it('an edit answered after a live count keeps that count', async () => {
    const { stores, services, post } = open()
    await stores.post.getState().openPost(post.id, [post.id])
    const answer = deferred<Post>()
    services.posts.edit.mockReturnValue(answer.promise)
    const editing = stores.post.getState().edit({ caption: 'new words' })
    stores.posts.getState().countersChanged({ ...post, likes_count: 11, comments_count: 2 })
    answer.resolve({ ...post, caption: 'new words' })
    expect(await editing).toBe(true)
    expect(stores.posts.getState().byId[post.id]).toMatchObject({
      caption: 'new words',
      likes_count: 11,
      comments_count: 2
    })
  })

  it("edits the author's post once, for every list, and deletes it everywhere", async () => {
    const { stores, services, post } = open()
    await stores.post.getState().openPost(post.id, [post.id])
    const editedAt = new Date().toISOString()
    services.posts.edit.mockResolvedValue({
      caption: 'new words',
      alt_text: null,
      location: 'Porto',
      edited_at: editedAt
    })
    expect(await stores.post.getState().edit({ caption: 'new words', location: 'Porto' })).toBe(
      true
    )
    expect(services.posts.edit).toHaveBeenCalledWith(post.id, {
      caption: 'new words',
      location: 'Porto'
    })
    expect(stores.posts.getState().byId[post.id]).toMatchObject({
      caption: 'new words',
      location: 'Porto',
      edited_at: editedAt
    })

    services.posts.remove.mockResolvedValue({ id: post.id })
    expect(await stores.post.getState().deleteOpenPost()).toBe(true)
    expect(services.posts.remove).toHaveBeenCalledWith(post.id)
    expect(stores.post.getState().openId).toBeNull()
    expect(stores.posts.getState().byId[post.id]).toBeUndefined()
  })
})
