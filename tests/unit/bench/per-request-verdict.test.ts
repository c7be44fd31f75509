// The per-request section's verdict is written from the run's numbers: met or missed against
// the goals, with where the time went, so a rerun never keeps a stale hand-written verdict.

import { describe, expect, it } from 'vitest'
import type { PerRequestResults } from '../../bench/per-request'
import { splitTable, verdictParagraph } from '../../bench/per-request-verdict'
import type { RequestSplit } from '../../bench/request-split'

const timing = (p50: number) => ({ p50, p95: p50 * 2, runs: 300 })

function split(client: number, server: number, db: number): RequestSplit {
  return {
    client: timing(client),
    server: timing(server),
    db: timing(db),
    transport: timing(client - server)
  }
}

function result(oneRowMs: number, feedMs: number, pagesPerSecond: number): PerRequestResults {
  return {
    kind: 'pglite',
    posts: 100_000,
    startupMs: 2000,
    oneRow: timing(oneRowMs),
    feedPage: timing(feedMs),
    pagesPerSecond,
    rssIdleBytes: 1,
    rssLoadedBytes: 1,
    loadAverage: 1.4,
    split: {
      oneRow: split(oneRowMs, 0.6, 0.4),
      feedPage: split(feedMs, 0.8, 0.5),
      floor: split(0.9, 0.05, 0)
    }
  }
}

describe('per-request verdict', () => {
  it('says the goals are met when every number meets its goal', () => {
    const [text] = verdictParagraph([result(1.2, 1.9, 1100)])
    expect(text).toContain('**The per-request goals are met**')
    expect(text).toContain('load average 1.4')
  })

  it('says which goals are missed, and what the transport and the floor cost', () => {
    const [text] = verdictParagraph([result(3.2, 1.9, 400)])
    expect(text).toContain('**The per-request goals are partly missed**')
    expect(text).toContain('one-row read 3.20 ms (goal 1.5 ms)')
    expect(text).toContain(
      "the backend's handler 0.60 ms (database 0.40 ms), the transport 2.60 ms"
    )
    expect(text).toContain('`/health` (no database) through the same fetch, took 0.90 ms')
    expect(verdictParagraph([result(3.2, 5, 400)])[0]).toContain(
      '**The per-request goals are missed**'
    )
  })

  it('tabulates the split with no database share for the floor', () => {
    const rows = splitTable([result(3.2, 5, 400)])
    expect(rows).toContain(
      '| Floor: `/health` | PGlite | 0.90 ms (p95 1.80 ms) | 0.05 ms | — | 0.85 ms |'
    )
  })
})
