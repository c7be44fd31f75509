// Every response says how long the backend took (`Server-Timing: db;dur=…, total;dur=…`), so a
// client can tell the backend's own time from the transport's: REST reads, rpc calls and errors
// carry the database's share; a route that needs no database carries the total alone.

import { beforeAll, expect, it } from 'vitest'
import { parseServerTiming } from '../../../src/backend/http/server-timing'
import { describeEachBackend } from '../../support/database-suite'
import { restEnvOn, type RestEnv } from '../../support/rest-env'

describeEachBackend('REST API: Server-Timing', (suite) => {
  let env: RestEnv

  beforeAll(() => {
    env = restEnvOn(suite.harness)
  })

  async function timingOf(path: string): Promise<[number, Record<string, number>]> {
    const key = env.backend.anonKey
    const response = await fetch(`${env.url}${path}`, {
      headers: { apikey: key, authorization: `Bearer ${key}` }
    })
    await response.arrayBuffer()
    return [response.status, parseServerTiming(response.headers.get('server-timing'))]
  }

  it('gives a read, an rpc call and a refused filter their database time within the total', async () => {
    for (const path of [
      '/rest/v1/posts?select=id&limit=1',
      '/rest/v1/rpc/feed_page?page_size=2',
      '/rest/v1/posts?id=eq.not-a-uuid'
    ]) {
      const [status, timing] = await timingOf(path)
      expect(status, path).toBe(path.includes('not-a-uuid') ? 400 : 200)
      expect(timing.db, path).toBeGreaterThan(0)
      expect(timing.total, path).toBeGreaterThanOrEqual(timing.db)
    }
  })

  it('gives a route that touches no database its total alone', async () => {
    const [status, timing] = await timingOf('/health')
    expect(status).toBe(200)
    expect(timing.total).toBeGreaterThan(0)
    expect(timing.db).toBeUndefined()
  })
})
