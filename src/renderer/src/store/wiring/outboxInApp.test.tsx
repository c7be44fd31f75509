// The outbox as the app uses it: a like and a comment made while the backend cannot be reached
// are shown at once, marked pending, kept on disk, sent when it is back, and sign-out warns
// about what is still unsent and wipes it.
import 'fake-indexeddb/auto'
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { AvatarMenu } from '../../components/AvatarMenu/AvatarMenu'
import { CommentList } from '../../components/PostView/CommentList'
import { PostCard } from '../../components/PostCard/PostCard'
import { FeedView } from '../../components/FeedView/FeedView'
import {
  createHarness,
  makePost,
  renderWith,
  signedIn,
  type Harness,
  showInFeed,
  openInPostView
} from '../../testing/fakes'
import { deleteDatabase } from '../../offline/idb'
import { OUTBOX_DB_NAME } from '../../offline/outbox/outboxDb'

const offline = (): TypeError => new TypeError('Failed to fetch')

async function ready(harness: Harness): Promise<void> {
  await waitFor(() => expect(harness.stores.outbox.getState().userId).toBe('user-1'))
}

describe('the outbox in the app', () => {
  afterEach(async () => {
    await deleteDatabase(OUTBOX_DB_NAME)
  })

  it('queues a like that fails for network reasons, keeps it shown, and sends it once back', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    await ready(harness)
    const post = makePost({ likes_count: 2 })
    showInFeed(harness.stores, [post])
    harness.services.likes.setLike
      .mockResolvedValue({ liked: true, likes_count: 3 })
      .mockRejectedValueOnce(offline())
    renderWith(<PostCard postId={post.id} index={0} />, harness)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Like' }))

    await waitFor(() => expect(harness.stores.outbox.getState().items).toHaveLength(1))
    expect(await screen.findByRole('button', { name: 'Unlike' })).toHaveAttribute(
      'aria-pressed',
      'true'
    )
    expect(harness.stores.connectivity.getState().status).toBe('offline')

    act(() => harness.stores.connectivity.getState().reportReachable())
    await waitFor(() => expect(harness.stores.outbox.getState().items).toEqual([]))
    expect(harness.services.likes.setLike.mock.calls).toEqual([
      [post.id, true],
      [post.id, true]
    ])
    expect(screen.getByRole('button', { name: 'Unlike' })).toBeInTheDocument()
  })

  it('shows a queued comment with a Pending clock instead of its age', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    await ready(harness)
    const post = makePost()
    harness.stores.connectivity.getState().reportUnreachable()
    openInPostView(harness.stores, post, {
      comments: [],
      commentsStatus: 'ready',
      draft: 'written on a train'
    })
    renderWith(<CommentList />, harness)
    await act(() => harness.stores.post.getState().sendComment())

    expect(await screen.findByRole('img', { name: 'Pending' })).toBeInTheDocument()
    expect(screen.getByText('written on a train')).toBeInTheDocument()
    const [item] = harness.stores.outbox.getState().items
    expect(item.action).toMatchObject({ kind: 'comment', postId: post.id })
  })

  it('shows a post shared offline (location and all) on top as pending, then the server row', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    await ready(harness)
    const older = makePost({ caption: 'Someone else' })
    harness.services.feed.fetchPage.mockResolvedValue([older])
    harness.api.posts.create.mockRejectedValue(offline())
    renderWith(<FeedView />, harness)
    await screen.findByText('Someone else')

    const image = { name: 'a.png', type: 'image/png', bytes: new Uint8Array([1, 2, 3]) }
    let created: Awaited<ReturnType<typeof harness.api.posts.create>> | null = null
    await act(async () => {
      created = await harness.stores.feed.getState().createPost({
        photos: [{ image, altText: '' }],
        caption: 'From a tunnel',
        location: 'Gotthard'
      })
    })
    const [first] = screen.getAllByRole('article')
    expect(first).toHaveTextContent("Will post when you're online")
    expect(first).toHaveTextContent('From a tunnel')
    expect(first).toHaveTextContent('Gotthard')
    const queued = harness.stores.outbox.getState().items[0].action
    expect(queued).toMatchObject({
      kind: 'post',
      input: { id: created!.id, caption: 'From a tunnel', location: 'Gotthard' }
    })

    harness.api.posts.create.mockResolvedValue(
      makePost({ id: created!.id, caption: 'From a tunnel', user_id: 'user-1' })
    )
    act(() => harness.stores.connectivity.getState().reportReachable())
    await waitFor(() => expect(screen.queryByText("Will post when you're online")).toBeNull())
    expect(harness.api.posts.create).toHaveBeenCalledWith(
      expect.objectContaining({ id: created!.id, caption: 'From a tunnel', location: 'Gotthard' })
    )
    expect(screen.getAllByRole('article')).toHaveLength(2)
    expect(screen.getAllByText('From a tunnel')).toHaveLength(1)
  })

  it('warns before signing out with unsent items, and wipes them when confirmed', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    await ready(harness)
    // Still unreachable when the outbox tries it (its start-up sends what is queued).
    harness.services.likes.setLike.mockRejectedValue(offline())
    harness.stores.connectivity.getState().reportUnreachable()
    await act(() =>
      harness.stores.outbox.getState().enqueue({ kind: 'like', postId: 'p1', liked: true })
    )
    renderWith(<AvatarMenu />, harness)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Account menu' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }))

    // The warning waits for the outbox's count of unsent items (a read of its database).
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have 1 unsent item (a like). Sign out anyway? They will be lost.'
    )
    expect(harness.api.auth.signOut).not.toHaveBeenCalled()
    await user.click(screen.getByRole('menuitem', { name: 'Sign out anyway' }))
    await waitFor(() => expect(harness.api.auth.signOut).toHaveBeenCalled())
    const db = await harness.stores.outbox.getState().db()
    expect(await db.list('user-1')).toEqual([])
  })
})
