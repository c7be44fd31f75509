import { describe, expect, it } from 'vitest'
import { makePost } from '../../testing/fakes'
import {
  applyLike,
  HEARD_KEPT,
  retained,
  SAVED_COPY,
  withCounters,
  withCountsSettled,
  withMissedSettled,
  withPosts,
  type PostEntities
} from './postEntities'

const empty = (): PostEntities => ({ byId: {}, liked: {}, likingIds: new Set(), commentingIds: {} })

describe('post entities', () => {
  it('keeps fields a narrower read lacks (a grid row has no author): one copy, never a poorer one', () => {
    const full = makePost({ likes_count: 3 })
    const state = { ...empty(), ...withPosts(empty(), [full]) }
    const { profiles: _author, ...gridRow } = { ...full, likes_count: 4 }
    const next = withPosts(state, [gridRow])
    expect(next.byId[full.id]).toEqual({ ...full, likes_count: 4 })
  })

  it('a post whose like is in flight keeps its count through reads and live events', () => {
    const post = makePost({ likes_count: 3 })
    let state: PostEntities = { ...empty(), byId: { [post.id]: post }, liked: { [post.id]: false } }
    state = { ...state, ...applyLike(state, post.id, true), likingIds: new Set([post.id]) }
    expect(state.byId[post.id].likes_count).toBe(4)
    expect(withPosts(state, [{ ...post, likes_count: 3 }]).byId[post.id].likes_count).toBe(4)
    const live = withCounters(state, { ...post, likes_count: 3, comments_count: 2 })
    expect(live.byId?.[post.id]).toMatchObject({ likes_count: 4, comments_count: 2 })
  })

  it('a post whose comment change is in flight keeps its comment count through reads', () => {
    const post = makePost({ comments_count: 3 })
    const state: PostEntities = {
      ...empty(),
      byId: { [post.id]: post },
      commentingIds: { [post.id]: 1 }
    }
    // A read answered while a delete is on its way may already count it (2) or not (3); the
    // delete's answer takes one off what is held, so the held count must stay until then.
    for (const counted of [2, 3]) {
      const read = withPosts(state, [{ ...post, comments_count: counted, caption: 'edited' }])
      expect(read.byId[post.id]).toMatchObject({ comments_count: 3, caption: 'edited' })
    }
    const settled = withPosts({ ...state, commentingIds: {} }, [{ ...post, comments_count: 2 }])
    expect(settled.byId[post.id].comments_count).toBe(2)
  })

  it('a read sent before an own change settled keeps that post’s counts; one sent after takes them', () => {
    const [post, other] = [makePost({ comments_count: 3, likes_count: 5 }), makePost()]
    let state: PostEntities = { ...empty(), byId: { [post.id]: post, [other.id]: other } }
    const before = state.countsMark ?? 0
    // A comment deleted (3 → 2) while a feed page read before it was on its way.
    state = {
      ...state,
      ...withCountsSettled(state, post.id),
      byId: { ...state.byId, [post.id]: { ...post, comments_count: 2 } }
    }
    const stale = { ...post, comments_count: 3, likes_count: 6, caption: 'edited' }
    expect(withPosts(state, [stale], before).byId[post.id]).toMatchObject({
      comments_count: 2,
      likes_count: 5,
      caption: 'edited'
    })
    expect(withCounters(state, { ...stale }, before)).toEqual({})
    // Other posts, and reads sent after the change, are taken as they come.
    expect(
      withPosts(state, [{ ...other, likes_count: 9 }], before).byId[other.id].likes_count
    ).toBe(9)
    const after = state.countsMark
    expect(withPosts(state, [stale], after).byId[post.id].comments_count).toBe(3)
    expect(withPosts(state, [stale]).byId[post.id].comments_count).toBe(3)
  })

  it('a saved copy (the read cache) never replaces a held count', () => {
    const post = makePost({ comments_count: 3, likes_count: 5 })
    const state: PostEntities = { ...empty(), byId: { [post.id]: post } }
    const saved = { ...post, comments_count: 1, likes_count: 2, caption: 'saved' }
    expect(withPosts(state, [saved], SAVED_COPY).byId[post.id]).toMatchObject({
      comments_count: 3,
      likes_count: 5,
      caption: 'saved'
    })
    expect(withPosts(empty(), [saved], SAVED_COPY).byId[post.id]).toEqual(saved)
  })

  it('an own like settled after a read was sent keeps its count, not the comment count', () => {
    const post = makePost({ comments_count: 3, likes_count: 5 })
    let state: PostEntities = { ...empty(), byId: { [post.id]: post } }
    const before = state.countsMark ?? 0
    state = { ...state, ...withCountsSettled(state, post.id, ['likes_count']) }
    const read = { ...post, comments_count: 4, likes_count: 4 }
    expect(withPosts(state, [read], before).byId[post.id]).toMatchObject({
      comments_count: 4,
      likes_count: 5
    })
  })

  it('notes a live count an own change in flight did not take, and whether it settled on it', () => {
    const post = makePost({ comments_count: 3 })
    let state: PostEntities = {
      ...empty(),
      byId: { [post.id]: post },
      commentingIds: { [post.id]: 1 }
    }
    state = { ...state, ...withCounters(state, { ...post, comments_count: 5 }) }
    expect(state.byId[post.id].comments_count).toBe(3)
    state = { ...state, commentingIds: {} }
    const onOwn = { ...state, byId: { [post.id]: { ...post, comments_count: 4 } } }
    expect(withMissedSettled(onOwn, post.id, 'comments_count').stale).toBe(true)
    const onHeard = { ...state, byId: { [post.id]: { ...post, comments_count: 5 } } }
    const settled = withMissedSettled(onHeard, post.id, 'comments_count')
    expect(settled).toEqual({ stale: false, change: { countsMissed: {} } })
    expect(withMissedSettled(empty(), post.id, 'likes_count')).toEqual({ stale: false, change: {} })
  })

  it('keeps the last live counts of the latest HEARD_KEPT posts not held', () => {
    let state = empty()
    const posts = Array.from({ length: HEARD_KEPT + 1 }, () => makePost())
    for (const post of posts) state = { ...state, ...withCounters(state, post) }
    expect(state.byId).toEqual({})
    expect(Object.keys(state.countsHeard ?? {})).toEqual(posts.slice(1).map((post) => post.id))
    // Told again: the post's entry is the latest.
    state = { ...state, ...withCounters(state, { ...posts[1], likes_count: 7 }) }
    expect(Object.keys(state.countsHeard ?? {}).at(-1)).toBe(posts[1].id)
    expect(state.countsHeard?.[posts[1].id]).toMatchObject({ likes_count: 7 })
  })

  it('keeps only the posts (and likes) some list holds', () => {
    const [a, b] = [makePost(), makePost()]
    const state: PostEntities = {
      ...empty(),
      byId: { [a.id]: a, [b.id]: b },
      liked: { [a.id]: true, [b.id]: false }
    }
    expect(retained(state, new Set([b.id]))).toEqual({
      byId: { [b.id]: b },
      liked: { [b.id]: false }
    })
    // And the marks of their counts: one per post ever told of, else.
    const marked = { ...state, ...withCounters(state, { ...a, likes_count: 9 }) }
    expect(retained(marked, new Set([b.id])).countsSettled).toEqual({})
  })
})
