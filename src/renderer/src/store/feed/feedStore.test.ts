import { afterEach, describe, expect, it, vi } from 'vitest'
import { createHarness, deferred, makePost, PROFILE, signedIn } from '../../testing/fakes'
import type { Post } from '@shared/domain'
import type { AppStores } from '..'
import { loadingPage } from '../people/profilePage'
import type { FeedStore } from './feedStore'
import { SAVED_COPY } from '../posts/postEntities'

afterEach(() => vi.restoreAllMocks())

/** The posts a feed shows, in order, as the posts store holds them. */
const shownIn = (stores: Pick<AppStores, 'posts'>, feed: FeedStore) =>
  feed.getState().ids.map((id) => stores.posts.getState().byId[id])

async function loadedFeed(posts = [makePost({ likes_count: 10 })], liked: string[] = []) {
  const harness = createHarness({ snapshot: signedIn() })
  harness.services.feed.fetchPage.mockResolvedValue(posts)
  harness.services.likes.likedPostIds.mockResolvedValue(new Set(liked))
  await harness.stores.feed.getState().load()
  const { stores } = harness
  return {
    ...harness,
    feed: stores.feed,
    posts: stores.posts,
    post: posts[0],
    shown: () => shownIn(stores, stores.feed)
  }
}

describe('feed store: loading', () => {
  it('ends ready with the posts, newest first as the service returned them', async () => {
    const posts = [makePost(), makePost()]
    const { feed, shown } = await loadedFeed(posts)
    expect(feed.getState().status).toBe('ready')
    expect(shown()).toEqual(posts)
  })

  it('reads the liked state of all visible posts in one query', async () => {
    const posts = [makePost(), makePost(), makePost()]
    const { posts: cache, services } = await loadedFeed(posts, [posts[1].id])
    expect(services.likes.likedPostIds).toHaveBeenCalledTimes(1)
    expect(services.likes.likedPostIds).toHaveBeenCalledWith(
      'user-1',
      posts.map((post) => post.id)
    )
    expect(cache.getState().liked).toEqual({
      [posts[0].id]: false,
      [posts[1].id]: true,
      [posts[2].id]: false
    })
  })

  it("logs 'Error fetching posts' and shows an empty feed when the read fails", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const harness = createHarness()
    harness.services.feed.fetchPage.mockRejectedValue(new Error('boom'))
    await harness.stores.feed.getState().load()
    expect(error).toHaveBeenCalledWith('Error fetching posts', expect.any(Error))
    expect(harness.stores.feed.getState()).toMatchObject({ status: 'ready', ids: [] })
  })

  it('does not look up likes for a visitor', async () => {
    const harness = createHarness()
    harness.services.feed.fetchPage.mockResolvedValue([makePost()])
    await harness.stores.feed.getState().load()
    expect(harness.services.likes.likedPostIds).not.toHaveBeenCalled()
  })

  it('lets the newest of two overlapping loads win', async () => {
    const harness = createHarness()
    const slow = deferred<ReturnType<typeof makePost>[]>()
    const fresh = [makePost()]
    harness.services.feed.fetchPage.mockReturnValueOnce(slow.promise).mockResolvedValueOnce(fresh)
    const first = harness.stores.feed.getState().load()
    await harness.stores.feed.getState().load()
    slow.resolve([makePost(), makePost()])
    await first
    expect(shownIn(harness.stores, harness.stores.feed)).toEqual(fresh)
  })
})

describe('one like for every view (posts store)', () => {
  it("keeps one's like against a liked-state read sent before it and answered after", async () => {
    const { posts, services, post } = await loadedFeed()
    const read = deferred<Set<string>>()
    services.likes.likedPostIds.mockReturnValueOnce(read.promise)
    const learning = posts.getState().learnLikes([post])
    services.likes.setLike.mockResolvedValue({ liked: true, likes_count: 11 })
    await posts.getState().toggleLike(post.id)
    read.resolve(new Set())
    await learning
    expect(posts.getState().liked[post.id]).toBe(true)
    // A read sent after the like settled is taken: the like may be undone elsewhere.
    services.likes.likedPostIds.mockResolvedValueOnce(new Set())
    await posts.getState().learnLikes([post])
    expect(posts.getState().liked[post.id]).toBe(false)
  })

  it('takes a saved copy of the liked state only for a post whose state is not known', async () => {
    const [known, unknown] = [makePost(), makePost()]
    const { posts } = await loadedFeed([known], [known.id])
    const ids = [known.id, unknown.id]
    posts.getState().setLiked(ids, new Set([unknown.id]), SAVED_COPY)
    expect(posts.getState().liked).toMatchObject({ [known.id]: true, [unknown.id]: true })
  })

  it('adds one at once, then takes the counter the one like request answers with', async () => {
    const { posts, services, post, shown } = await loadedFeed()
    const call = deferred<{ liked: boolean; likes_count: number }>()
    services.likes.setLike.mockReturnValue(call.promise)

    const toggle = posts.getState().toggleLike(post.id)
    expect(shown()[0].likes_count).toBe(11)
    expect(posts.getState().liked[post.id]).toBe(true)
    expect(posts.getState().likingIds.has(post.id)).toBe(true)

    call.resolve({ liked: true, likes_count: 15 })
    await toggle
    expect(services.likes.setLike).toHaveBeenCalledTimes(1)
    expect(services.likes.setLike).toHaveBeenCalledWith(post.id, true)
    expect(shown()[0].likes_count).toBe(15)
    expect(posts.getState().likingIds.has(post.id)).toBe(false)
  })

  it('takes one off when unliking, asking the server to set the like off', async () => {
    const list = [makePost({ likes_count: 10 })]
    const { posts, services, post, shown } = await loadedFeed(list, [list[0].id])
    services.likes.setLike.mockResolvedValue({ liked: false, likes_count: 9 })
    await posts.getState().toggleLike(post.id)
    expect(services.likes.setLike).toHaveBeenCalledWith(post.id, false)
    expect(shown()[0].likes_count).toBe(9)
    expect(posts.getState().liked[post.id]).toBe(false)
  })

  it('rolls back and only logs when the like call fails', async () => {
    const { posts, services, post, shown } = await loadedFeed()
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    services.likes.setLike.mockRejectedValue(new Error('RLS'))
    await posts.getState().toggleLike(post.id)
    expect(shown()[0].likes_count).toBe(10)
    expect(posts.getState().liked[post.id]).toBe(false)
    expect(posts.getState().likingIds.size).toBe(0)
    expect(error).toHaveBeenCalledWith('Error toggling like', expect.any(Error))
  })

  it('three quick clicks show each at once and cost one request: the last one wins', async () => {
    const { posts, services, post, shown } = await loadedFeed()
    const call = deferred<{ liked: boolean; likes_count: number }>()
    services.likes.setLike.mockReturnValue(call.promise)
    const first = posts.getState().toggleLike(post.id)
    await posts.getState().toggleLike(post.id)
    expect(shown()[0].likes_count).toBe(10)
    await posts.getState().toggleLike(post.id)
    expect(shown()[0].likes_count).toBe(11)
    call.resolve({ liked: true, likes_count: 11 })
    await first
    // Liked was sent, and liked is what the screen shows when it lands: nothing more to send.
    expect(services.likes.setLike).toHaveBeenCalledTimes(1)
    expect(posts.getState().liked[post.id]).toBe(true)
  })

  it('ignores clicks from a visitor', async () => {
    const { posts, services, post, stores, shown } = await loadedFeed()
    stores.session.setState({ snapshot: { ...signedIn(), user: null } })
    await posts.getState().toggleLike(post.id)
    expect(services.likes.setLike).not.toHaveBeenCalled()
    expect(shown()[0].likes_count).toBe(10)
  })

  it('a live count never overwrites a like in flight; the answer settles it', async () => {
    const { posts, services, post, shown } = await loadedFeed()
    const call = deferred<{ liked: boolean; likes_count: number }>()
    services.likes.setLike.mockReturnValue(call.promise)
    const toggle = posts.getState().toggleLike(post.id)
    // An event from before the like (10) arrives while it is in flight; a new comment count too.
    posts.getState().countersChanged({ ...post, likes_count: 10, comments_count: 3 })
    expect(shown()[0]).toMatchObject({ likes_count: 11, comments_count: 3 })
    // A re-read page carries the old count too: it cannot overwrite it either.
    posts.getState().put([{ ...post, likes_count: 10 }])
    expect(shown()[0].likes_count).toBe(11)
    call.resolve({ liked: true, likes_count: 12 })
    await toggle
    expect(shown()[0].likes_count).toBe(12)
    posts.getState().countersChanged({ ...post, likes_count: 13, comments_count: 3 })
    expect(shown()[0].likes_count).toBe(13)
  })

  it("reads the count once after one's like when someone else's was heard meanwhile", async () => {
    const { posts, services, post, shown } = await loadedFeed()
    // One's own like alone: its live count is the answer's, so nothing is read again.
    services.likes.setLike.mockResolvedValueOnce({ liked: true, likes_count: 11 })
    const mine = posts.getState().toggleLike(post.id)
    posts.getState().countersChanged({ ...post, likes_count: 11 })
    await mine
    expect(services.posts.counts).not.toHaveBeenCalled()
    expect(shown()[0].likes_count).toBe(11)

    // The server takes the unlike (10), then someone's like (11), told before the answer.
    const call = deferred<{ liked: boolean; likes_count: number }>()
    services.likes.setLike.mockReturnValue(call.promise)
    services.posts.counts.mockResolvedValue({ id: post.id, likes_count: 11, comments_count: 0 })
    const unlike = posts.getState().toggleLike(post.id)
    posts.getState().countersChanged({ ...post, likes_count: 10 })
    posts.getState().countersChanged({ ...post, likes_count: 11 })
    expect(shown()[0].likes_count).toBe(10)
    call.resolve({ liked: false, likes_count: 10 })
    await unlike
    expect(services.posts.counts).toHaveBeenCalledTimes(1)
    expect(services.posts.counts).toHaveBeenCalledWith(post.id)
    expect(shown()[0].likes_count).toBe(11)
  })

  it('a first read answered after a live count of a post not held yet takes that count', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    const { stores, services } = harness
    const post = makePost({ likes_count: 10 })
    const page = deferred<Post[]>()
    services.feed.fetchPage.mockReturnValue(page.promise)
    const loading = stores.feed.getState().load()
    stores.posts.getState().countersChanged({ ...post, likes_count: 11, comments_count: 1 })
    expect(stores.posts.getState().byId[post.id]).toBeUndefined()
    page.resolve([post])
    await loading
    expect(stores.posts.getState().byId[post.id]).toEqual({
      ...post,
      likes_count: 11,
      comments_count: 1
    })
  })

  it('a read sent before a live count and answered after it keeps the live count', async () => {
    const { feed, posts, services, post, shown } = await loadedFeed()
    const page = deferred<Post[]>()
    services.feed.fetchPage.mockReturnValue(page.promise)
    const reload = feed.getState().load()
    // Someone likes and comments while the read is on its way; its answer predates both.
    posts.getState().countersChanged({ ...post, likes_count: 11, comments_count: 1 })
    page.resolve([{ ...post, caption: 'edited' }])
    await reload
    expect(shown()[0]).toMatchObject({ likes_count: 11, comments_count: 1, caption: 'edited' })
    // A read sent after it takes its counts.
    services.feed.fetchPage.mockResolvedValue([{ ...post, likes_count: 12, comments_count: 1 }])
    await feed.getState().load()
    expect(shown()[0].likes_count).toBe(12)
  })
})

describe('feed store: new posts', () => {
  it('puts the created post at the top of the feed and the own profile grid, reading nothing', async () => {
    const { feed, api, services, stores } = await loadedFeed()
    stores.people.setState({
      page: { ...loadingPage('jane.doe'), status: 'ready', profile: { ...PROFILE, id: 'user-1' } }
    })
    const created = makePost({ user_id: 'user-1', caption: 'hi' })
    api.posts.create.mockResolvedValue(created)
    services.feed.fetchPage.mockClear()
    const image = { name: 'a.png', type: 'image/png', bytes: new Uint8Array([1]) }

    const photos = [{ image, altText: '' }]
    await feed.getState().createPost({ photos, caption: 'hi' })

    // With an id chosen here, so a resend can never make a second post.
    expect(api.posts.create).toHaveBeenCalledWith({ photos, caption: 'hi', id: expect.any(String) })
    expect(feed.getState().ids[0]).toBe(created.id)
    expect(stores.people.getState().page?.ids[0]).toBe(created.id)
    expect(stores.posts.getState().byId[created.id]).toEqual(created)
    expect(stores.people.getState().page?.postsTotal).toBe(1)
    expect(services.feed.fetchPage).not.toHaveBeenCalled()
    expect(services.people.fetchProfilePosts).not.toHaveBeenCalled()
  })

  it('does not add the post twice when told of it again', async () => {
    const { feed } = await loadedFeed()
    const created = makePost()
    feed.getState().postCreated(created)
    feed.getState().postCreated(created)
    expect(feed.getState().ids.filter((id) => id === created.id)).toHaveLength(1)
  })

  it('leaves the feed alone when the create fails', async () => {
    const { feed, api } = await loadedFeed()
    const before = feed.getState().ids
    api.posts.create.mockRejectedValue(new Error('Upload failed: full'))
    const image = { name: 'a.png', type: 'image/png', bytes: new Uint8Array([1]) }
    await expect(
      feed.getState().createPost({ photos: [{ image, altText: '' }], caption: '' })
    ).rejects.toThrow('Upload failed')
    expect(feed.getState().ids).toBe(before)
  })
})
