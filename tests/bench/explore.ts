// Explore's pages beside the home feed's, at one table size and in the same run: the first page
// and a deep one (page EXPLORE_DEEP_PAGE of one visit) through explore_page, against the home
// feed's first page through feed_page, each asked as the app asks (supabase-js over the
// backend's HTTP). Each Explore page is timed in pairs with a feed page (timePaired), so a burst
// of load from other processes lands on both sides of a pair, and the ratio is the median of the
// pairs' ratios. Explore ranks the newest 360 posts a visit can see, so its cost should not grow
// with the table. The database (explore-fixture.ts) holds EXPLORE_POSTS posts by EXPLORE_USERS
// people, on each database the machine has.

import { fetchExplorePage, type ExploreCursor } from '../../src/shared/data/explore'
import { fetchFeedPage } from '../../src/shared/data/feed'
import { EXPLORE_PAGE_SIZE, FEED_PAGE_SIZE } from '../../src/shared/limits'
import { loadavg } from 'node:os'
import { createTestDatabase, type DatabaseKind } from '../support/databases'
import { startPostgresServer } from '../support/postgres-server'
import type { BenchBackend } from './backend'
import { exploreFixture } from './explore-fixture'
import { ms, timePaired, type Timing } from './stats'

export const EXPLORE_POSTS = 100_000
export const EXPLORE_USERS = 10_000

/** The goal: Explore's first and deep page each at most this many times the home feed page. */
export const EXPLORE_TARGET_RATIO = 2

/** The deep page: the 20th of a visit (posts 229–240 of its ranking). */
export const EXPLORE_DEEP_PAGE = 20

export interface ExploreResults {
  kind: DatabaseKind
  users: number
  posts: number
  /** The feed pages timed beside the first Explore page, and beside the deep one. */
  feedPage: Timing
  feedBesideDeep: Timing
  firstPage: Timing
  deepPage: Timing
  /** Medians of the per-pair ratios (Explore's time over the feed page's right beside it). */
  firstRatio: number
  deepRatio: number
  /** The machine's 1-minute load average when the timings started (2 cores). */
  loadAverage: number
  /** Building the database (or copying it from the cache, when cached); milliseconds. */
  buildMs: number
  cached: boolean
}

/** Pairs per ratio (each pair: a feed page and an Explore page, one right after the other). */
const RUNS = 120
const WARMUP = 10

export async function measureExplore(
  bench: BenchBackend
): Promise<Omit<ExploreResults, 'buildMs' | 'cached'>> {
  const { db } = bench.backend
  const client = bench.reader.client
  const { posts, users } = (
    await db.query<{ posts: number; users: number }>(
      `select (select count(*)::int from public.posts) as posts,
              (select count(*)::int from public.profiles) as users`
    )
  ).rows[0]
  // Settle the tables as a running database has them (hint bits and visibility written by a
  // vacuum), so the first reads timed are not the ones that write them over a fresh copy.
  for (const table of ['public.posts', 'public.profiles', 'public.likes']) {
    await db.query(`vacuum (analyze) ${table}`)
  }
  // Walk one visit to the deep page's cursor, checking that no post comes back twice.
  const seen = new Set<string>()
  let cursor: ExploreCursor | null = null
  for (let page = 1; page < EXPLORE_DEEP_PAGE; page++) {
    const result = await fetchExplorePage(client, { after: cursor })
    if (result.items.length === 0 || !result.next) {
      throw new Error(`Explore ended at page ${page}; the bench needs ${EXPLORE_DEEP_PAGE}`)
    }
    for (const post of result.items) {
      if (seen.has(post.id)) throw new Error(`Explore repeated post ${post.id}`)
      seen.add(post.id)
    }
    cursor = result.next
  }
  const deep = cursor
  const deepRows = await fetchExplorePage(client, { after: deep })
  if (deepRows.items.length !== EXPLORE_PAGE_SIZE) {
    throw new Error(`Explore's deep page returned ${deepRows.items.length} posts`)
  }

  const feed = (): Promise<unknown> => fetchFeedPage(client, { limit: FEED_PAGE_SIZE })
  const loadAverage = loadavg()[0]
  const first = await timePaired(feed, () => fetchExplorePage(client, {}), RUNS, WARMUP)
  const deepest = await timePaired(
    feed,
    () => fetchExplorePage(client, { after: deep }),
    RUNS,
    WARMUP
  )
  return {
    kind: bench.backend.db.kind,
    users,
    posts,
    feedPage: first.a,
    feedBesideDeep: deepest.a,
    firstPage: first.b,
    deepPage: deepest.b,
    firstRatio: first.ratio,
    deepRatio: deepest.ratio,
    loadAverage
  }
}

/** Explore at `posts` posts by `users` people (every one of them an author) on `kind`. */
export async function measureExploreAt(
  kind: DatabaseKind,
  posts = EXPLORE_POSTS,
  users = EXPLORE_USERS
): Promise<ExploreResults> {
  const server = kind === 'postgres' ? await startPostgresServer() : null
  try {
    const databaseUrl = server ? await createTestDatabase(server.url) : undefined
    const fixture = await exploreFixture(kind, posts, users, databaseUrl)
    try {
      const results = await measureExplore(fixture.bench)
      return { ...results, buildMs: fixture.buildMs, cached: fixture.cached }
    } finally {
      await fixture.close()
    }
  } finally {
    await server?.stop()
  }
}

export function renderExploreSection(results: ExploreResults[]): string[] {
  const verdict = (ratio: number): string =>
    `${ratio.toFixed(2)}× ${ratio <= EXPLORE_TARGET_RATIO ? '✓' : '✗'}`
  return [
    '## Explore',
    '',
    `Explore's first page and its page ${EXPLORE_DEEP_PAGE} (\`explore_page\`: the newest 360 ` +
      "posts the reader may see, ranked, keyset-paged) beside the home feed's first page " +
      '(`feed_page`), 12 posts each with authors and photos, asked through supabase-js over ' +
      "the backend's HTTP, on a database where every person is an author. Each Explore page " +
      `is timed in ${RUNS} pairs with a feed page; the ratio is the median of the pairs' ` +
      'ratios (p50s shown; load is the 1-minute load average on 2 cores). The database comes ' +
      'from tests/bench/explore-fixture.ts (set-based, triggers off; kept between runs on ' +
      `PGlite). The goal: each ≤ ${EXPLORE_TARGET_RATIO}× the home feed page.`,
    '',
    '| Database | Posts | People | Load | Home feed page | Explore first | Ratio | ' +
      'Home feed page | Explore deep | Ratio |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results.map(
      (r) =>
        `| ${r.kind} | ${r.posts.toLocaleString('en')} | ${r.users.toLocaleString('en')} | ` +
        `${r.loadAverage.toFixed(1)} | ${ms(r.feedPage.p50)} | ${ms(r.firstPage.p50)} | ` +
        `${verdict(r.firstRatio)} | ${ms(r.feedBesideDeep.p50)} | ${ms(r.deepPage.p50)} | ` +
        `${verdict(r.deepRatio)} |`
    ),
    ''
  ]
}

/** The Targets row: the worst of Explore's ratios over the databases measured. */
export function exploreTargetRow(results: ExploreResults[]): string {
  const worst = Math.max(...results.flatMap((r) => [r.firstRatio, r.deepRatio]))
  const where = results.map((r) => r.kind).join(', ')
  return (
    `| Explore's first and deep page ≤ ${EXPLORE_TARGET_RATIO}× the home feed page at ` +
    `${EXPLORE_POSTS.toLocaleString('en')} posts | worst ${worst.toFixed(2)}× (${where}) | ` +
    `${worst <= EXPLORE_TARGET_RATIO ? '✅ met' : '❌ missed'} |`
  )
}
