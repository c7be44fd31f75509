// The per-request section's verdict, written from the run's numbers (so a rerun states its own
// result instead of keeping or deleting a hand-written one), and the table of where each
// request's time goes: client total, the backend's Server-Timing total and database share, and
// the transport between them, with `/health` as the floor of what HTTP costs on the machine.

import type { PerRequestResults } from './per-request'
import type { RequestSplit } from './request-split'
import { ms } from './stats'

const GOALS = { oneRowMs: 1.5, feedPageMs: 2, pagesPerSecond: 1000 }

const databaseName = (result: PerRequestResults): string =>
  result.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'

const rate = (value: number): string => Math.round(value).toLocaleString('en')

function splitSentence(label: string, split: RequestSplit): string {
  return (
    `${label} ${ms(split.client.p50)} at the client: the backend's handler ` +
    `${ms(split.server.p50)} (database ${ms(split.db.p50)}), the transport ` +
    `${ms(split.transport.p50)}`
  )
}

/** "Met" or "missed" for each goal, from this run's PGlite numbers, with where the time went. */
export function verdictParagraph(results: PerRequestResults[]): string[] {
  const pglite = results.find((r) => r.kind === 'pglite')
  if (!pglite) return []
  const checks = [
    `one-row read ${ms(pglite.oneRow.p50)} (goal ${GOALS.oneRowMs} ms)`,
    `feed page ${ms(pglite.feedPage.p50)} (goal ${GOALS.feedPageMs} ms)`,
    `${rate(pglite.pagesPerSecond)} pages/s (goal ${rate(GOALS.pagesPerSecond)})`
  ]
  const met = [
    pglite.oneRow.p50 <= GOALS.oneRowMs,
    pglite.feedPage.p50 <= GOALS.feedPageMs,
    pglite.pagesPerSecond >= GOALS.pagesPerSecond
  ]
  const missed = checks.filter((_, index) => !met[index])
  const load =
    pglite.loadAverage === undefined ? '' : `, load average ${pglite.loadAverage.toFixed(1)}`
  const when = `this run, ${new Date().toISOString().slice(0, 10)}${load}`
  const headline =
    missed.length === 0
      ? `**The per-request goals are met** on PGlite (${when}): ${checks.join(', ')}.`
      : `**The per-request goals are ${missed.length === checks.length ? '' : 'partly '}missed** ` +
        `on PGlite (${when}): ${checks.join(', ')}.`
  const sentences = [headline]
  const split = pglite.split
  if (split) {
    sentences.push(
      `${splitSentence('The one-row read took', split.oneRow)}; ` +
        `${splitSentence('the feed page', split.feedPage)}.`,
      `The floor, \`/health\` (no database) through the same fetch, took ` +
        `${ms(split.floor.client.p50)} at the client for ${ms(split.floor.server.p50)} in the ` +
        `handler: what HTTP between the two processes costs on this machine before the backend ` +
        `does anything, ${Math.round((split.floor.client.p50 / GOALS.oneRowMs) * 100)} % of the ` +
        'one-row goal.'
    )
  }
  const others = results.filter((r) => r !== pglite)
  for (const other of others) {
    sentences.push(
      `${databaseName(other)}: one-row read ${ms(other.oneRow.p50)}, feed page ` +
        `${ms(other.feedPage.p50)}, ${rate(other.pagesPerSecond)} pages/s.`
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
    const requests: [string, RequestSplit][] = [
      ['One-row read', split.oneRow],
      ['Feed page', split.feedPage],
      ['Floor: `/health`', split.floor]
    ]
    for (const [label, part] of requests) {
      rows.push(
        `| ${label} | ${databaseName(result)} | ${ms(part.client.p50)} (p95 ` +
          `${ms(part.client.p95)}) | ${ms(part.server.p50)} | ${part.db.p95 === 0 ? '—' : ms(part.db.p50)} | ` +
          `${ms(part.transport.p50)} |`
      )
    }
  }
  return [
    'Where the time goes, p50 of each part per request (server: the `Server-Timing` header; ' +
      'transport: client total minus server total, per request):',
    '',
    '| Request | Database | Client total | Server total | of which database | Transport |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    ''
  ]
}
