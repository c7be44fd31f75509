// The statement cache (src/backend/rest/statement-cache.ts): one build per distinct GET shape and
// schema cache, nothing kept for writes, counts, explain or failed builds, and a bounded size.

import { describe, expect, it } from 'vitest'
import type { RestCall } from '../../../../src/backend/rest/run'
import type { SchemaCache } from '../../../../src/backend/rest/schema-types'
import { reusedBuild } from '../../../../src/backend/rest/statement-cache'

function callFor(
  cache: object,
  path: string,
  options: { method?: string; headers?: Record<string, string>; counted?: boolean } = {}
): RestCall {
  return {
    cache: cache as SchemaCache,
    request: {
      method: options.method ?? 'GET',
      url: new URL(path, 'http://localhost'),
      headers: options.headers ?? {},
      body: Buffer.alloc(0),
      remoteAddress: '127.0.0.1'
    },
    preferences: { count: options.counted ? 'exact' : null },
    explain: null
  } as unknown as RestCall
}

/** How many times `build` ran over the calls. */
function builds(calls: RestCall[]): number {
  let count = 0
  for (const call of calls) reusedBuild(call, () => ({ built: ++count }))
  return count
}

describe('statement cache', () => {
  it('builds a repeated GET once, and again for another query, header, method or schema', () => {
    const cache = {}
    const url = '/rest/v1/posts?id=eq.1'
    expect(builds([callFor(cache, url), callFor(cache, url)])).toBe(1)
    expect(
      builds([
        callFor(cache, '/rest/v1/posts?id=eq.2'),
        callFor(cache, url, { headers: { accept: 'application/vnd.pgrst.object+json' } }),
        callFor(cache, url, { headers: { range: '0-4' } }),
        callFor(cache, url, { headers: { prefer: 'tx=rollback' } }),
        callFor(cache, url, { method: 'HEAD' }),
        callFor({}, url)
      ])
    ).toBe(6)
  })

  it('builds writes, counted reads and failed builds every time', () => {
    const cache = {}
    const url = '/rest/v1/rpc/f?a=1'
    expect(
      builds([callFor(cache, url, { method: 'POST' }), callFor(cache, url, { method: 'POST' })])
    ).toBe(2)
    expect(
      builds([callFor(cache, url, { counted: true }), callFor(cache, url, { counted: true })])
    ).toBe(2)
    const failing = callFor(cache, '/rest/v1/posts?bad')
    let attempts = 0
    const fail = (): never => {
      attempts += 1
      throw new Error('refused')
    }
    expect(() => reusedBuild(failing, fail)).toThrow('refused')
    expect(() => reusedBuild(failing, fail)).toThrow('refused')
    expect(attempts).toBe(2)
  })

  it('keeps at most 256 statements per schema, dropping the oldest', () => {
    const cache = {}
    const calls = Array.from({ length: 257 }, (_, i) => callFor(cache, `/rest/v1/posts?id=eq.${i}`))
    expect(builds(calls)).toBe(257)
    // The first was dropped for the 257th; the second is still there.
    expect(builds([calls[1], calls[0]])).toBe(1)
  })
})
