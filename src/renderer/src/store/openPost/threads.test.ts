import { describe, expect, it } from 'vitest'
import type { Comment, CommentThread } from '@shared/domain'
import { commentIdsOf, findComment, withCommentLikes, withoutComment, withReply } from './threads'

const comment = (id: string, parent_id: string | null = null): Comment => ({
  id,
  post_id: 'p',
  user_id: 'u',
  parent_id,
  body: id,
  created_at: '2026-11-23T10:00:00Z',
  likes_count: 0
})
const thread = (id: string, replies: string[] = []): CommentThread => ({
  ...comment(id),
  replies: replies.map((reply) => comment(reply, id))
})

describe('comment threads', () => {
  it('puts a new comment first when newest come first, last when oldest do', () => {
    const list = [thread('a'), thread('b')]
    expect(withReply(list, comment('c'), 'newest').map((t) => t.id)).toEqual(['c', 'a', 'b'])
    expect(withReply(list, comment('c'), 'oldest').map((t) => t.id)).toEqual(['a', 'b', 'c'])
  })

  it('adds a reply at the end of its thread only', () => {
    const list = withReply([thread('a', ['r1']), thread('b')], comment('r2', 'a'), 'newest')
    expect(list[0].replies.map((r) => r.id)).toEqual(['r1', 'r2'])
    expect(list[1].replies).toEqual([])
  })

  it('removing a thread takes its replies and counts them; removing a reply counts one', () => {
    const list = [thread('a', ['r1', 'r2']), thread('b', ['r3'])]
    expect(withoutComment(list, 'a')).toEqual({ comments: [list[1]], removed: 3 })
    const { comments, removed } = withoutComment(list, 'r3')
    expect(removed).toBe(1)
    expect(comments[1].replies).toEqual([])
    expect(comments[0]).toBe(list[0])
    expect(withoutComment(list, 'missing').removed).toBe(0)
  })

  it('sets one comment’s like count, a reply’s too, and keeps every other thread as it was', () => {
    const list = [thread('a', ['r1']), thread('b', ['r2'])]
    const counted = withCommentLikes(list, 'r2', 3)
    expect(findComment(counted, 'r2')?.likes_count).toBe(3)
    expect(counted[0]).toBe(list[0])
    expect(withCommentLikes(counted, 'a', 1)[0].likes_count).toBe(1)
    expect(withCommentLikes(counted, 'r2', 3)).toEqual(counted)
    expect(commentIdsOf(list)).toEqual(['a', 'r1', 'b', 'r2'])
  })
})
