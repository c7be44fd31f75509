import { describe, expect, it } from 'vitest'
import { makeGroup } from '../../testing/fakes'
import { QUOTE_LENGTH, activityTarget, alertsSince, describeActivity } from './activityText'

const actor = (username: string) => ({
  id: `id-${username}`,
  username,
  full_name: '',
  avatar_url: null
})

describe('activity wording', () => {
  it('names one actor, two actors, or the newest and how many others', () => {
    expect(describeActivity(makeGroup({ actors: [actor('ana')], actor_count: 1 }))).toBe(
      'ana liked your photo.'
    )
    expect(
      describeActivity(makeGroup({ actors: [actor('ana'), actor('bob')], actor_count: 2 }))
    ).toBe('ana and bob liked your photo.')
    expect(
      describeActivity(
        makeGroup({ actors: [actor('ana'), actor('bob'), actor('cy')], actor_count: 4 })
      )
    ).toBe('ana and 3 others liked your photo.')
  })

  it('says what each kind of activity did', () => {
    const follow = makeGroup({ type: 'follow', post_id: null, actors: [actor('ana')] })
    expect(describeActivity(follow)).toBe('ana started following you.')
    expect(describeActivity(makeGroup({ type: 'comment' }))).toBe('ana commented on your photo.')
    expect(describeActivity(makeGroup({ type: 'comment_like' }))).toBe('ana liked your comment.')
  })

  it('quotes the comment, on one line and cut short when long', () => {
    expect(describeActivity(makeGroup({ type: 'comment', comment_body: 'nice one' }))).toBe(
      'ana commented: nice one'
    )
    expect(describeActivity(makeGroup({ type: 'comment_like', comment_body: 'so\n  true' }))).toBe(
      'ana liked your comment: so true'
    )
    const long = describeActivity(makeGroup({ type: 'reply', comment_body: 'x'.repeat(200) }))
    expect(long).toBe(`ana replied to your comment: ${'x'.repeat(QUOTE_LENGTH - 1)}…`)
    expect(describeActivity(makeGroup({ type: 'like', comment_body: 'ignored' }))).toBe(
      'ana liked your photo.'
    )
  })

  it('opens the post, or for a follow the follower', () => {
    expect(activityTarget(makeGroup({ post_id: 'p1' }))).toEqual({ kind: 'post', postId: 'p1' })
    expect(
      activityTarget(makeGroup({ type: 'follow', post_id: null, actors: [actor('ana')] }))
    ).toEqual({ kind: 'profile', username: 'ana' })
  })

  it('announces only unread lines newer than the last read, keyed by group and time', () => {
    const old = makeGroup({ latest_at: '2026-01-01T00:00:00Z' })
    const fresh = makeGroup({ latest_at: '2026-01-02T00:00:00Z' })
    const read = makeGroup({ latest_at: '2026-01-03T00:00:00Z', unread_count: 0 })
    const alerts = alertsSince([read, fresh, old], '2026-01-01T00:00:00Z')
    expect(alerts).toEqual([
      {
        key: `${fresh.group_key}@2026-01-02T00:00:00Z`,
        body: 'ana liked your photo.',
        target: { kind: 'post', postId: fresh.post_id }
      }
    ])
  })
})
