// The names of the statements PGlite keeps prepared: reused by SQL text, bounded, and closed
// when evicted or when the call that parsed them failed.

import { describe, expect, it } from 'vitest'
import { StatementCache } from '../../../../src/backend/db/statement-cache'

describe('StatementCache', () => {
  it('names a statement once and reports it parsed the next time', () => {
    const cache = new StatementCache(4)
    const first = cache.lookup('select 1')
    expect(first.parsed).toBe(false)
    expect(cache.lookup('select 1')).toEqual({ name: first.name, parsed: true })
    expect(cache.lookup('select 2').name).not.toBe(first.name)
  })

  it("keeps each role's statements apart, and forgets one role's only", () => {
    const cache = new StatementCache(4)
    const anon = cache.lookup('select 1', 'anon')
    const signedIn = cache.lookup('select 1', 'authenticated')
    expect(signedIn).toEqual({ name: expect.not.stringMatching(anon.name), parsed: false })
    expect(cache.lookup('select 1', 'anon')).toEqual({ name: anon.name, parsed: true })
    cache.forget(['select 1'], 'anon')
    expect(cache.takeClosing()).toEqual([anon.name])
    expect(cache.lookup('select 1', 'authenticated')).toEqual({ name: signedIn.name, parsed: true })
  })

  it('closes the least recently used statement beyond its limit', () => {
    const cache = new StatementCache(2)
    const a = cache.lookup('select a').name
    const b = cache.lookup('select b').name
    cache.lookup('select a') // a is now the most recently used
    cache.lookup('select c') // evicts b
    // b is closed; then nothing more until the next eviction.
    expect(cache.takeClosing()).toEqual([b])
    expect(cache.takeClosing()).toEqual([])
    expect(cache.lookup('select a')).toEqual({ name: a, parsed: true })
    expect(cache.lookup('select b').parsed).toBe(false)
  })

  it('forgets statements whose call failed and closes them', () => {
    const cache = new StatementCache(4)
    const name = cache.lookup('select broken').name
    cache.forget(['select broken', 'select never looked up'])
    expect(cache.takeClosing()).toEqual([name])
    expect(cache.lookup('select broken').parsed).toBe(false)
  })
})
