import { describe, expect, it } from 'vitest'
import { makePost } from '../../testing/fakes'
import { applyLike, markLiking, reconcileLikeCount } from './likeReducer'

describe('applyLike', () => {
  it('likes a post: marks it liked and adds one to its count', () => {
    const post = makePost({ likes_count: 41 })
    const next = applyLike({ posts: [post], likedIds: new Set() }, post.id, true)
    expect(next.likedIds.has(post.id)).toBe(true)
    expect(next.posts[0].likes_count).toBe(42)
  })

  it('unlikes a post: clears the mark and takes one off', () => {
    const post = makePost({ likes_count: 42 })
    const next = applyLike({ posts: [post], likedIds: new Set([post.id]) }, post.id, false)
    expect(next.likedIds.has(post.id)).toBe(false)
    expect(next.posts[0].likes_count).toBe(41)
  })

  it('changes nothing when the post is already in the wanted state', () => {
    const post = makePost({ likes_count: 5 })
    const state = { posts: [post], likedIds: new Set([post.id]) }
    expect(applyLike(state, post.id, true)).toBe(state)
  })

  it('never takes a count below zero', () => {
    const post = makePost({ likes_count: 0 })
    const next = applyLike({ posts: [post], likedIds: new Set([post.id]) }, post.id, false)
    expect(next.posts[0].likes_count).toBe(0)
  })

  it('leaves the other posts untouched', () => {
    const [a, b] = [makePost({ likes_count: 1 }), makePost({ likes_count: 7 })]
    const next = applyLike({ posts: [a, b], likedIds: new Set() }, a.id, true)
    expect(next.posts[1]).toBe(b)
  })
})

describe('reconcileLikeCount', () => {
  it("takes the server's counter for that post only", () => {
    const [a, b] = [makePost({ likes_count: 3 }), makePost({ likes_count: 9 })]
    const posts = reconcileLikeCount([a, b], a.id, 10)
    expect(posts.map((post) => post.likes_count)).toEqual([10, 9])
  })
})

describe('markLiking', () => {
  it('adds and removes a post id from the in-flight set without mutating it', () => {
    const empty = new Set<string>()
    const busy = markLiking(empty, 'p', true)
    expect(busy.has('p')).toBe(true)
    expect(empty.size).toBe(0)
    expect(markLiking(busy, 'p', false).has('p')).toBe(false)
  })
})
