import { describe, expect, it } from 'vitest'
import { makeDirectMessage } from '../../testing/factories'
import { createRecentThreads } from './recentThreads'

const message = (id: string, pending = false) =>
  makeDirectMessage({ id, body: id, created_at: new Date().toISOString(), pending })

describe('recent threads', () => {
  it('gives a thread back only to the reader who left it, without its pending messages', () => {
    const recent = createRecentThreads()
    recent.remember('ann', 't1', [message('a'), message('b', true)], null)
    expect(recent.get('ann', 't1')?.messages.map((m) => m.id)).toEqual(['a'])
    expect(recent.get('bob', 't1')).toBeNull()
    expect(recent.get(null, 't1')).toBeNull()
    recent.remember(null, 't2', [message('c')], null)
    expect(recent.get(null, 't2')).toBeNull()
  })

  it('forgets the least recently read past its capacity, and everything on forget', () => {
    const recent = createRecentThreads(2)
    recent.remember('ann', 't1', [message('a')], null)
    recent.remember('ann', 't2', [message('b')], null)
    recent.get('ann', 't1')
    recent.remember('ann', 't3', [message('c')], null)
    expect(recent.get('ann', 't2')).toBeNull()
    expect(recent.get('ann', 't1')).not.toBeNull()
    expect(recent.get('ann', 't3')).not.toBeNull()
    recent.forget()
    expect(recent.get('ann', 't1')).toBeNull()
  })
})
