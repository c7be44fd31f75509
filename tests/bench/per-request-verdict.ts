// The per-request section's verdict, written from the run's numbers (so a rerun states its own
// result instead of keeping or deleting a hand-written one), and the table of where each
// request's time goes: client total, the backend's Server-Timing total and database share, and
// the transport between them, with `/health` as the floor of what HTTP costs on the machine.
// The goals are ratios to that floor, timed in turns in one run: absolute times on a shared
// machine move by more than the goals between two runs of the same code.

import type { PerRequestResults } from './per-request'
import type { RequestSplit } from './request-split'
import { ms } from './stats'

export const GOALS = { oneRowRatio: 1.5, feedPageRatio: 2, pagesShare: 0.5, startupRatio: 1.5 }

const databaseName = (result: PerRequestResults): string =>
  result.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'

const rate = (value: number): string => Math.round(value).toLocaleString('en')

export const times = (value: number | undefined): string =>
  value === undefined || Number.isNaN(value) ? '—' : `${value.toFixed(2)}×`

/** The request's p50 over `/health`'s p50 in the same run, when the split was measured. */
export function ratios(result: PerRequestResults): {
  oneRow?: number
  feedPage?: number
  pagesShare?: number
  /** Start with the data over start of an empty database. */
  startup?: number
} {
  const floor = result.split?.floor.client.p50
  return {
    oneRow: floor ? result.oneRow.p50 / floor : undefined,
    feedPage: floor ? result.feedPage.p50 / floor : undefined,
    pagesShare: result.healthPerSecond ? result.pagesPerSecond / result.healthPerSecond : undefined,
    startup: result.emptyStartupMs ? result.startupMs / result.emptyStartupMs : undefined
  }
}

/**
 * Each request's ratio if HTTP, REST and JSON cost it nothing beyond what `/health` costs: the
 * floor plus its database call alone (the `db` of Server-Timing: the engine, its driver and
 * the crossing to it). A goal below this bound cannot be met by the server's own code.
 */
export function databaseBounds(result: PerRequestResults): { oneRow?: number; feedPage?: number } {
  const split = result.split
  const floor = split?.floor.client.p50
  if (!split || !floor) return {}
  return {
    oneRow: (floor + split.oneRow.db.p50) / floor,
    feedPage: (floor + split.feedPage.db.p50) / floor
  }
}

function boundSentence(result: PerRequestResults): string[] {
  const bound = databaseBounds(result)
  if (bound.oneRow === undefined || bound.feedPage === undefined) return []
  const below = [
    bound.oneRow > GOALS.oneRowRatio ? 'one-row' : '',
    bound.feedPage > GOALS.feedPageRatio ? 'feed page' : ''
  ].filter(Boolean)
  return [
    `With HTTP and the REST layer costing nothing beyond \`/health\`, the database call alone ` +
      `would make the ${databaseName(result)} one-row read ${times(bound.oneRow)} and the feed ` +
      `page ${times(bound.feedPage)}` +
      (below.length === 0
        ? '.'
        : `: the ${below.join(' and ')} goal${below.length > 1 ? 's are' : ' is'} below what ` +
          'the database call takes, whatever the server does around it.')
  ]
}

function splitSentence(label: string, split: RequestSplit): string {
  return (
    `${label} ${ms(split.client.p50)} at the client: the backend's handler ` +
    `${ms(split.server.p50)} (database ${ms(split.db.p50)}), the transport ` +
    `${ms(split.transport.p50)}`
  )
}

/** "Met" or "missed" for each goal on each database, with where PGlite's time went. */
export function verdictParagraph(results: PerRequestResults[]): string[] {
  const sentences: string[] = []
  for (const result of results) {
    const r = ratios(result)
    const floor = result.split?.floor.client.p50
    const checks = [
      `one-row read ${times(r.oneRow)} (${ms(result.oneRow.p50)}; goal ≤ ${GOALS.oneRowRatio}×)`,
      `feed page ${times(r.feedPage)} (${ms(result.feedPage.p50)}; goal ≤ ${GOALS.feedPageRatio}×)`,
      `${rate(result.pagesPerSecond)} pages/s, ${r.pagesShare === undefined ? '—' : Math.round(r.pagesShare * 100) + ' %'} of ` +
        `${result.healthPerSecond === undefined ? '—' : rate(result.healthPerSecond)} \`/health\`/s (goal ≥ ${GOALS.pagesShare * 100} %)`,
      `start with the data ${times(r.startup)} the start of an empty database (goal ≤ ${GOALS.startupRatio}×)`
    ]
    const met = [
      r.oneRow !== undefined && r.oneRow <= GOALS.oneRowRatio,
      r.feedPage !== undefined && r.feedPage <= GOALS.feedPageRatio,
      r.pagesShare !== undefined && r.pagesShare >= GOALS.pagesShare,
      r.startup !== undefined && r.startup <= GOALS.startupRatio
    ]
    const missed = met.filter((ok) => !ok).length
    const load =
      result.loadAverage === undefined ? '' : `, load average ${result.loadAverage.toFixed(1)}`
    const verdict = missed === 0 ? 'met' : missed === checks.length ? 'missed' : 'partly missed'
    sentences.push(
      `**${databaseName(result)}: the per-request goals are ${verdict}** (this run, ` +
        `${new Date().toISOString().slice(0, 10)}${load}; \`/health\` ` +
        `${floor === undefined ? '—' : ms(floor)}): ${checks.join(', ')}.`
    )
  }
  for (const result of results) sentences.push(...boundSentence(result))
  const pglite = results.find((r) => r.kind === 'pglite')
  if (pglite?.split) {
    sentences.push(
      `On PGlite, ${splitSentence('the one-row read took', pglite.split.oneRow)}; ` +
        `${splitSentence('the feed page', pglite.split.feedPage)}.`
    )
  }
  return [sentences.join(' '), '']
}

/** One row per request and database: p50 of each part (p95 of the client total). */
export function splitTable(results: PerRequestResults[]): string[] {
  const measured = results.filter((r) => r.split)
  if (measured.length === 0) return []
  const rows: string[] = []
  for (const result of measured) {
    const split = result.split as NonNullable<PerRequestResults['split']>
    const r = ratios(result)
    const bound = databaseBounds(result)
    const requests: [string, RequestSplit, string, string][] = [
      ['One-row read', split.oneRow, times(r.oneRow), times(bound.oneRow)],
      ['Feed page', split.feedPage, times(r.feedPage), times(bound.feedPage)],
      ['Floor: `/health`', split.floor, '1×', '—']
    ]
    for (const [label, part, ratio, alone] of requests) {
      rows.push(
        `| ${label} | ${databaseName(result)} | ${ratio} | ${ms(part.client.p50)} (p95 ` +
          `${ms(part.client.p95)}) | ${ms(part.server.p50)} | ${part.db.p95 === 0 ? '—' : ms(part.db.p50)} | ` +
          `${ms(part.transport.p50)} | ${alone} |`
      )
    }
  }
  return [
    'Where the time goes, p50 of each part per request (server: the `Server-Timing` header; ' +
      'transport: client total minus server total, per request; the last column is the ' +
      'ratio if the request cost only `/health` and its database call):',
    '',
    '| Request | Database | × `/health` | Client total | Server total | of which database | Transport | Database call alone, × `/health` |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    ''
  ]
}
