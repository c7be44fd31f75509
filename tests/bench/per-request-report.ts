// The per-request section of docs/performance.md: this run against the baseline recorded before
// the round-trip work (tests/bench/per-request-baseline.json), with the goals.

import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { IsolationResults } from './engine-isolation'
import { PER_REQUEST_ROUNDS, type PerRequestResults } from './per-request'
import { GOALS, ratios, splitTable, times, verdictParagraph } from './per-request-verdict'
import { mb, ms } from './stats'

export const BASELINE_FILE = resolve(__dirname, 'per-request-baseline.json')
const HEADING = '## Per request'
/** Above this 1-minute load average on the bench's 2 cores, timings measure the queue for a CPU. */
const BUSY_LOAD = 2

async function loadBaseline(): Promise<PerRequestResults[]> {
  try {
    return JSON.parse(await readFile(BASELINE_FILE, 'utf8')) as PerRequestResults[]
  } catch {
    return []
  }
}

interface Row {
  label: string
  goal: string
  value(result: PerRequestResults): string
}

const ROWS: Row[] = [
  {
    label: 'One-row read p50 / `/health` p50',
    goal: `≤ ${GOALS.oneRowRatio}×`,
    value: (r) => `${times(ratios(r).oneRow)} (${ms(r.oneRow.p50)})`
  },
  { label: 'One-row read p95', goal: '', value: (r) => ms(r.oneRow.p95) },
  {
    label: 'Feed page (12 posts + authors) p50 / `/health` p50',
    goal: `≤ ${GOALS.feedPageRatio}×`,
    value: (r) => `${times(ratios(r).feedPage)} (${ms(r.feedPage.p50)})`
  },
  { label: 'Feed page p95', goal: '', value: (r) => ms(r.feedPage.p95) },
  {
    label: '`/health` p50 (the floor)',
    goal: '',
    value: (r) => (r.split ? ms(r.split.floor.client.p50) : '—')
  },
  {
    label: 'Feed pages/s, 4 callers (share of `/health`/s)',
    goal: `≥ ${GOALS.pagesShare * 100} %`,
    value: (r) => {
      const share = ratios(r).pagesShare
      const pages = Math.round(r.pagesPerSecond).toLocaleString('en')
      return share === undefined ? pages : `${pages} (${Math.round(share * 100)} %)`
    }
  },
  { label: 'Backend RSS idle', goal: '≤ 250 MB (PGlite)', value: (r) => mb(r.rssIdleBytes) },
  {
    label: 'Backend RSS after the feed load',
    goal: '≤ 250 MB (PGlite)',
    value: (r) => mb(r.rssLoadedBytes)
  },
  {
    label: 'Start-up to ready: with the data / empty database',
    goal: `≤ ${GOALS.startupRatio}×`,
    value: (r) =>
      r.emptyStartupMs === undefined
        ? `${ms(r.startupMs)} (with the data)`
        : `${times(ratios(r).startup)} (${ms(r.startupMs)} / ${ms(r.emptyStartupMs)})`
  },
  {
    label: 'Machine load average (2 cores) during the run',
    goal: '',
    value: (r) => (r.loadAverage === undefined ? '—' : r.loadAverage.toFixed(1))
  }
]

/** What the engine's worker thread costs, measured in-process (engine-isolation.ts). */
function isolationParagraph(isolation: IsolationResults | undefined): string[] {
  if (!isolation) return []
  const extraMs = isolation.worker.p50 - isolation.inThread.p50
  return [
    'PGlite runs in a worker thread, where a watchdog can stop a runaway request ' +
      '(src/backend/db/pglite-engine.ts); each call into the database crosses threads as two ' +
      'messages. The same one-row request transaction in-process, timed alternately ' +
      `${isolation.worker.runs.toLocaleString('en')} times: ${ms(isolation.inThread.p50)} ` +
      `with PGlite on the calling thread, ${ms(isolation.worker.p50)} through the worker ` +
      `(p95 ${ms(isolation.inThread.p95)} and ${ms(isolation.worker.p95)}), so the isolation ` +
      `costs about ${(extraMs * 1000).toFixed(0)} µs per request, while HTTP and JSON work on ` +
      "the backend's thread overlaps the engine's. Timed alternately, load lands on both alike, " +
      'but on a loaded machine the difference also holds the wait for a CPU to wake the other ' +
      'thread.',
    ''
  ]
}

export async function renderPerRequest(
  results: PerRequestResults[],
  isolation?: IsolationResults
): Promise<string> {
  const baseline = await loadBaseline()
  const columns: { title: string; result: PerRequestResults | undefined }[] = []
  for (const result of results) {
    const name = result.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'
    columns.push({ title: `${name} before`, result: baseline.find((b) => b.kind === result.kind) })
    columns.push({ title: `${name} now`, result })
  }
  const posts = results[0]?.posts.toLocaleString('en') ?? '?'
  const busiest = Math.max(...results.map((r) => r.loadAverage ?? 0))
  const warning =
    busiest > BUSY_LOAD
      ? [
          `**This run's timings are not comparable with the baseline:** the machine's load ` +
            `average was ${busiest.toFixed(1)} on 2 cores while it ran (other jobs), so the ` +
            'times and rates mostly measure waiting for a CPU. Memory is unaffected. Re-run ' +
            '`npm run bench:requests` on an idle machine for the timing rows.',
          ''
        ]
      : []
  return [
    HEADING,
    '',
    `The backend CLI in a child process on a data folder with ${posts} posts, called with plain ` +
      '`fetch` (no client library) over HTTP on 127.0.0.1 by the bench process (written by ' +
      '`npm run bench` or `npm run bench:requests`, tests/bench/per-request.ts). One-row read: ' +
      "`posts?id=eq.X`; feed page: the app's `feed_page` rpc with its author and photos " +
      "(`FEED_SELECT`). Each is timed in turns with the same server's `/health` (no database), " +
      `${PER_REQUEST_ROUNDS.runs} rounds after ${PER_REQUEST_ROUNDS.warmup.toLocaleString('en')} ` +
      'warm-up rounds (so that the JavaScript and WebAssembly timed are already optimized), and ' +
      'the goals are ratios of p50s within that one run: ' +
      'absolute times on this shared machine move by more than the goals between two runs of the ' +
      'same code. Pages/s: 4 concurrent callers, 2 s on pages and 2 s on `/health` in turns. ' +
      'Start-up: spawn to ready of the CLI (bundled once, so no tsx compiling), p50 of 5 ' +
      'starts on the data folder in turns with 5 on an empty database (the same migrations, no ' +
      'rows), each stopped as Ctrl-C does. "Before" is the baseline ' +
      '(tests/bench/per-request-baseline.json); the machine is shared, so compare the load row too.',
    '',
    'Each of these requests makes one call into the database (role and claims and the ' +
      'statement together, the statement kept prepared for its role (Postgres plans a ' +
      'statement under row-level security again whenever another role runs it), as one ' +
      'implicit transaction of the extended protocol up to one Sync, on PostgreSQL in one ' +
      'round trip: that saves running BEGIN and COMMIT, a Sync per statement, and on ' +
      "PostgreSQL node-postgres parsing four answers); the planner's cost verdict of a " +
      'statement is kept 10 s, and an older one is priced again in a transaction of its own ' +
      'beside the request, which does not wait for it (limits.ts). ' +
      'tests/integration/rest/database-calls.test.ts holds the counts, which machine load does ' +
      'not change.',
    '',
    'Inside that call, the feed page function (an SQL-standard body) is inlined into the ' +
      'prepared statement, so its index scan and embeds are planned together once per ' +
      'connection, and on PGlite the relation file sizes Postgres asks for at each ' +
      'scan (24 per page) come from memory instead of an fstat each ' +
      '(src/backend/db/pglite-file-sizes.ts). `npm run bench:placement` ' +
      '(tests/bench/engine-placement.ts) times the same requests with PGlite on the HTTP thread ' +
      'beside the worker; docs/architecture.md says why the worker stays.',
    '',
    ...isolationParagraph(isolation),
    ...verdictParagraph(results),
    ...splitTable(results),
    ...warning,
    `| | Goal | ${columns.map((c) => c.title).join(' | ')} |`,
    `| --- | --- | ${columns.map(() => '---').join(' | ')} |`,
    ...ROWS.map(
      (row) =>
        `| ${row.label} | ${row.goal} | ` +
        `${columns.map((c) => (c.result ? row.value(c.result) : '—')).join(' | ')} |`
    ),
    ''
  ].join('\n')
}

/** Replaces the per-request section (up to the next `## ` heading), or appends it. */
export function replacePerRequestSection(document: string, section: string): string {
  const start = document.indexOf(`${HEADING}\n`)
  if (start < 0) return `${document.trimEnd()}\n\n${section}`
  const next = document.indexOf('\n## ', start + HEADING.length)
  const end = next < 0 ? document.length : next + 1
  return document.slice(0, start) + section + (next < 0 ? '' : '\n') + document.slice(end)
}
