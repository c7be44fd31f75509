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

/**
 * `/health` takes 1 ms at the client and 1,000 requests/s with 4 callers; the start with the data
 * takes 2 s.
 */
function result(
  oneRowMs: number,
  feedMs: number,
  pagesPerSecond: number,
  emptyStartupMs = 1600
): PerRequestResults {
  return {
    kind: 'pglite',
    posts: 100_000,
    startupMs: 2000,
    emptyStartupMs,
    oneRow: timing(oneRowMs),
    feedPage: timing(feedMs),
    pagesPerSecond,
    healthPerSecond: 1000,
    rssIdleBytes: 1,
    rssLoadedBytes: 1,
    loadAverage: 1.4,
    split: {
      oneRow: split(oneRowMs, 0.6, 0.4),
      feedPage: split(feedMs, 0.8, 0.5),
      floor: split(1, 0.05, 0)
    }
  }
}

describe('per-request verdict', () => {
  it('says the goals are met when every ratio to /health meets its goal', () => {
    const [text] = verdictParagraph([result(1.2, 1.9, 600)])
    expect(text).toContain('**PGlite: the per-request goals are met**')
    expect(text).toContain('load average 1.4')
    expect(text).toContain('one-row read 1.20× (1.20 ms; goal ≤ 1.5×)')
    expect(text).toContain('600 pages/s, 60 % of 1,000 `/health`/s (goal ≥ 50 %)')
  })

  it('says which goals are missed, and where the time went', () => {
    const [text] = verdictParagraph([result(3.2, 1.9, 600)])
    expect(text).toContain('**PGlite: the per-request goals are partly missed**')
    expect(text).toContain('one-row read 3.20× (3.20 ms; goal ≤ 1.5×)')
    expect(text).toContain(
      "the backend's handler 0.60 ms (database 0.40 ms), the transport 2.60 ms"
    )
    expect(verdictParagraph([result(3.2, 5, 400, 1000)])[0]).toContain(
      '**PGlite: the per-request goals are missed**'
    )
  })

  it('holds the start with the data against the start of an empty database', () => {
    expect(verdictParagraph([result(1.2, 1.9, 600)])[0]).toContain(
      'start with the data 1.25× the start of an empty database (goal ≤ 1.5×)'
    )
    const [slow] = verdictParagraph([result(1.2, 1.9, 600, 1000)])
    expect(slow).toContain('**PGlite: the per-request goals are partly missed**')
    expect(slow).toContain('start with the data 2.00× the start of an empty database')
  })

  it('states each database on its own', () => {
    const postgres = { ...result(1.2, 1.9, 600), kind: 'postgres' as const }
    const [text] = verdictParagraph([result(3.2, 5, 400), postgres])
    expect(text).toContain('**PostgreSQL: the per-request goals are met**')
  })

  it('tabulates the split with the ratio and no database share for the floor', () => {
    const rows = splitTable([result(3.2, 5, 400)])
    expect(rows).toContain(
      '| One-row read | PGlite | 3.20× | 3.20 ms (p95 6.40 ms) | 0.60 ms | 0.40 ms | 2.60 ms | 1.40× |'
    )
    expect(rows).toContain(
      '| Floor: `/health` | PGlite | 1× | 1.00 ms (p95 2.00 ms) | 0.05 ms | — | 0.95 ms | — |'
    )
  })

  it('says which goals the database call alone already misses', () => {
    const [within] = verdictParagraph([result(3.2, 5, 400)])
    expect(within).toContain(
      'the database call alone would make the PGlite one-row read 1.40× and the feed page 1.50×.'
    )
    const slowCall = result(3.2, 5, 400)
    slowCall.split = { ...slowCall.split!, oneRow: split(3.2, 1, 0.7) }
    const [below] = verdictParagraph([slowCall])
    expect(below).toContain(
      'one-row read 1.70× and the feed page 1.50×: the one-row goal is below what the database ' +
        'call takes, whatever the server does around it.'
    )
  })
})
