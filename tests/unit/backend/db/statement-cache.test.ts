// The names of the statements PGlite keeps prepared: reused by SQL text, bounded, and closed
// when evicted or when the call that parsed them failed.

import { describe, expect, it } from 'vitest'
import { StatementCache } from '../../../../src/backend/db/pglite-protocol'

describe('StatementCache', () => {
  it('names a statement once and reports it parsed the next time', () => {
    const cache = new StatementCache(4)
    const first = cache.lookup('select 1')
    expect(first.parsed).toBe(false)
    expect(cache.lookup('select 1')).toEqual({ name: first.name, parsed: true })
    expect(cache.lookup('select 2').name).not.toBe(first.name)
  })

  it('closes the least recently used statement beyond its limit', () => {
    const cache = new StatementCache(2)
    const a = cache.lookup('select a').name
    const b = cache.lookup('select b').name
    cache.lookup('select a') // a is now the most recently used
    cache.lookup('select c') // evicts b
    // One Close naming b, then Sync; then nothing more to close until the next eviction.
    const close = cache.takeClosing()
    expect(close.map((message) => String.fromCharCode(message[0]))).toEqual(['C', 'S'])
    expect(new TextDecoder().decode(close[0])).toContain(b)
    expect(cache.takeClosing()).toEqual([])
    expect(cache.lookup('select a')).toEqual({ name: a, parsed: true })
    expect(cache.lookup('select b').parsed).toBe(false)
  })

  it('forgets statements whose call failed and closes them', () => {
    const cache = new StatementCache(4)
    const name = cache.lookup('select broken').name
    cache.forget(['select broken', 'select never looked up'])
    const close = cache.takeClosing()
    expect(close).toHaveLength(2)
    expect(new TextDecoder().decode(close[0])).toContain(name)
    expect(cache.lookup('select broken').parsed).toBe(false)
  })
})
