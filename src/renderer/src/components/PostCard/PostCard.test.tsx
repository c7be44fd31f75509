import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Post } from '@shared/domain'
import {
  createHarness,
  deferred,
  makePost,
  renderWith,
  signedIn,
  showInFeed
} from '../../testing/fakes'
import { CommentComposer } from '../PostView/CommentComposer'
import { fadeInDelay, PostCard } from './PostCard'

afterEach(() => vi.restoreAllMocks())

function setup(post: Post, options: { signedIn?: boolean; liked?: boolean } = {}) {
  const harness = createHarness({ snapshot: options.signedIn === false ? undefined : signedIn() })
  showInFeed(harness.stores, [post], { liked: options.liked ? [post.id] : [] })
  renderWith(<PostCard postId={post.id} index={0} />, harness)
  return { ...harness, user: userEvent.setup() }
}

describe('PostCard', () => {
  it('shows the author, a square lazy image, the caption after the bold username and the age once', () => {
    const post = makePost({
      caption: 'Golden hour',
      likes_count: 1234,
      created_at: new Date(Date.now() - 5 * 3600_000).toISOString(),
      profiles: { username: 'sam', full_name: 'Sam', avatar_url: null }
    })
    setup(post)
    const card = screen.getByRole('article', { name: 'Post by sam' })
    const image = within(card).getByRole('img', { name: 'Golden hour' })
    expect(image).toHaveAttribute('loading', 'lazy')
    expect(within(card).getByText('1,234 likes')).toBeInTheDocument()
    expect(
      within(card).getByText(
        (_, element) => element?.tagName === 'P' && element.textContent === 'sam Golden hour'
      )
    ).toBeInTheDocument()
    expect(within(card).getAllByText('5h')).toHaveLength(1)
  })

  it("links the location under the username to its place's page", async () => {
    const { user, stores } = setup(makePost({ location: 'Lisbon, Portugal', place_id: 'place-9' }))
    const header = screen.getByRole('article', { name: 'Post by sam' }).querySelector('header')!
    const link = within(header).getByRole('link', { name: 'Lisbon, Portugal' })
    expect(link).toHaveAttribute('href', '#/loc/place-9')
    expect(link.previousElementSibling).toHaveTextContent('2h')
    await user.click(link)
    expect(stores.router.getState().route).toEqual({ name: 'place', placeId: 'place-9' })
  })

  it('shows a location without a place as plain text, and no line without one', () => {
    setup(makePost({ location: 'Lisbon, Portugal' }))
    const card = screen.getByRole('article', { name: 'Post by sam' })
    const header = card.querySelector('header')!
    const line = within(header).getByText('Lisbon, Portugal', { exact: true })
    expect(line.tagName).toBe('P')
    // Not a link when the post names no place (a row read before places).
    expect(line.closest('a')).toBeNull()
    expect(within(header).queryByRole('link', { name: /Lisbon/ })).toBeNull()
    // Under the name and age: after them, in the same byline.
    expect(line.parentElement).toHaveTextContent(/^sam•2hLisbon, Portugal$/)
    expect(line.previousElementSibling).toHaveTextContent('2h')
  })

  it('has no location line when the post has none', () => {
    setup(makePost({ location: null }))
    const header = screen.getByRole('article', { name: 'Post by sam' }).querySelector('header')!
    expect(header.querySelector('p')).toBeNull()
  })

  it('renders mentions and hashtags in the caption as links', () => {
    setup(makePost({ caption: 'with @bob_1 at #beach' }))
    expect(screen.getByRole('link', { name: '@bob_1' })).toHaveAttribute('href', '#/u/bob_1')
    expect(screen.getByRole('link', { name: '#beach' })).toHaveAttribute('href', '#/t/beach')
  })

  it('shows a long caption up to "… more", which opens the rest in place', async () => {
    const caption = `${'sunset '.repeat(20)}#finally here`
    const { user } = setup(
      makePost({ caption, profiles: { username: 'sam', full_name: 'Sam', avatar_url: null } })
    )
    const card = screen.getByRole('article', { name: 'Post by sam' })
    const more = within(card).getByRole('button', { name: 'more of the caption' })
    expect(more).toHaveTextContent('more')
    expect(within(card).queryByRole('link', { name: '#finally' })).toBeNull()
    await user.click(more)
    expect(within(card).queryByRole('button', { name: 'more of the caption' })).toBeNull()
    expect(within(card).getByRole('link', { name: '#finally' })).toBeInTheDocument()
  })

  it('offers "View all N comments" once a post has comments, and opens the post with it', async () => {
    const post = makePost({ comments_count: 12 })
    const { user, stores } = setup(post)
    await user.click(screen.getByRole('button', { name: 'View all 12 comments' }))
    expect(stores.post.getState().openId).toBe(post.id)
  })

  it('Comment opens the post to comment, the time opens it to read, a click on the photo opens nothing', async () => {
    const post = makePost()
    const { user, stores } = setup(post)
    const card = screen.getByRole('article', { name: 'Post by sam' })
    await user.click(within(card).getByRole('button', { name: 'Comment' }))
    expect(stores.post.getState()).toMatchObject({ openId: post.id, focusComment: true })
    expect(window.location.hash).toBe(`#/p/${post.id}`)
    stores.post.getState().close()
    await user.click(within(card).getByRole('img'))
    expect(stores.post.getState().openId).toBeNull()
    await user.click(card.querySelector('time')!)
    expect(stores.post.getState()).toMatchObject({ openId: post.id, focusComment: false })
  })

  it('a double-click on the photo likes the post, and a second one never unlikes it', async () => {
    const { user, services } = setup(makePost({ likes_count: 4 }))
    services.likes.setLike.mockResolvedValue({ liked: true, likes_count: 5 })
    const card = screen.getByRole('article', { name: 'Post by sam' })
    await user.dblClick(within(card).getByRole('img'))
    expect(await within(card).findByRole('button', { name: 'Unlike' })).toBeInTheDocument()
    expect(within(card).getByText('5 likes')).toBeInTheDocument()
    expect(screen.getByTestId('like-burst')).toBeInTheDocument()
    await user.dblClick(within(card).getByRole('img'))
    expect(services.likes.setLike).toHaveBeenCalledTimes(1)
    expect(within(card).getByRole('button', { name: 'Unlike' })).toBeInTheDocument()
  })

  it('a double-click asks a visitor to log in', async () => {
    const { user, stores, services } = setup(makePost(), { signedIn: false })
    await user.dblClick(within(screen.getByRole('article')).getByRole('img'))
    expect(stores.ui.getState().modal).toBe('auth')
    expect(services.likes.setLike).not.toHaveBeenCalled()
  })

  it('the comment field takes focus when the post was opened to comment', () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.stores.post.setState({ openId: 'p1', focusComment: true })
    renderWith(<CommentComposer />, harness)
    expect(screen.getByRole('textbox', { name: 'Add a comment' })).toHaveFocus()
  })

  it('pages through a carousel with the arrows, each photo with its own alt text', async () => {
    const image = (position: number): NonNullable<Post['post_images']>[number] => ({
      post_id: 'p',
      position,
      image_url: `https://example.test/${position}.jpg`,
      thumb_url: null,
      width: 8,
      height: 8,
      placeholder: null,
      alt_text: `photo ${position + 1}`
    })
    const { user } = setup(
      makePost({ image_count: 3, post_images: [image(0), image(1), image(2)] })
    )
    const photos = screen.getByRole('group', { name: 'Photos, 1 of 3' })
    expect(within(photos).getByRole('img', { name: 'photo 1' })).toBeInTheDocument()
    expect(within(photos).queryByRole('button', { name: 'Previous photo' })).toBeNull()
    await user.click(within(photos).getByRole('button', { name: 'Next photo' }))
    await user.click(within(photos).getByRole('button', { name: 'Next photo' }))
    expect(screen.getByRole('group', { name: 'Photos, 3 of 3' })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'photo 3' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Next photo' })).toBeNull()
  })

  it('shows a gradient placeholder when the author has no avatar', () => {
    setup(makePost({ profiles: { username: 'sam', full_name: null, avatar_url: null } }))
    expect(screen.getByText('SA')).toBeInTheDocument()
  })

  it('has labelled comment, share and save buttons', () => {
    setup(makePost())
    for (const name of ['Comment', 'Share', 'Save']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument()
    }
  })

  it('likes optimistically: the heart fills and the count goes up before the server answers', async () => {
    const post = makePost({ likes_count: 999 })
    const { user, services } = setup(post)
    const call = deferred<{ liked: boolean; likes_count: number }>()
    services.likes.setLike.mockReturnValue(call.promise)

    await user.click(screen.getByRole('button', { name: 'Like' }))
    expect(screen.getByRole('button', { name: 'Unlike', pressed: true })).toBeInTheDocument()
    expect(screen.getByText('1,000 likes')).toBeInTheDocument()
    call.resolve({ liked: true, likes_count: 1000 })
  })

  it('unlikes: the count goes down by one', async () => {
    const { user, services } = setup(makePost({ likes_count: 2 }), { liked: true })
    services.likes.setLike.mockResolvedValue({ liked: false, likes_count: 1 })
    await user.click(screen.getByRole('button', { name: 'Unlike' }))
    expect(await screen.findByText('1 like')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Like', pressed: false })).toBeInTheDocument()
  })

  it('rolls back when the like fails, showing nothing to the user', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { user, services } = setup(makePost({ likes_count: 7 }))
    services.likes.setLike.mockRejectedValue(new Error('nope'))
    await user.click(screen.getByRole('button', { name: 'Like' }))
    expect(await screen.findByRole('button', { name: 'Like', pressed: false })).toBeInTheDocument()
    expect(screen.getByText('7 likes')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows a second click made while the first is on its way, then sends it', async () => {
    const { user, services } = setup(makePost({ likes_count: 7 }))
    const call = deferred<{ liked: boolean; likes_count: number }>()
    services.likes.setLike
      .mockReturnValueOnce(call.promise)
      .mockResolvedValueOnce({ liked: false, likes_count: 7 })
    await user.click(screen.getByRole('button', { name: 'Like' }))
    await user.click(screen.getByRole('button', { name: 'Unlike' }))
    expect(screen.getByRole('button', { name: 'Like' })).toBeInTheDocument()
    expect(screen.getByText('7 likes')).toBeInTheDocument()
    expect(services.likes.setLike).toHaveBeenCalledTimes(1)
    call.resolve({ liked: true, likes_count: 8 })
    await waitFor(() => expect(services.likes.setLike).toHaveBeenCalledTimes(2))
    expect(services.likes.setLike).toHaveBeenLastCalledWith(expect.any(String), false)
    expect(await screen.findByText('7 likes')).toBeInTheDocument()
  })

  it('ignores clicks when signed out', async () => {
    const { user, services } = setup(makePost({ likes_count: 7 }), { signedIn: false })
    await user.click(screen.getByRole('button', { name: 'Like' }))
    expect(services.likes.setLike).not.toHaveBeenCalled()
    expect(screen.getByText('7 likes')).toBeInTheDocument()
  })
})

describe('fadeInDelay', () => {
  it('steps by 0.1 s per item and stops growing after ten', () => {
    expect(fadeInDelay(0)).toBe('0.0s')
    expect(fadeInDelay(3)).toBe('0.3s')
    expect(fadeInDelay(50)).toBe('1.0s')
  })
})
