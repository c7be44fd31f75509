// Explore's pages beside the home feed's, at one table size and in the same run: the first page
// and a deep one (page EXPLORE_DEEP_PAGE of one visit) through explore_page, against the home
// feed's first page through feed_page, timed alternately so load from other processes affects
// all three alike. Explore ranks the newest 360 posts a visit can see, so its cost should not
// grow with the table. The fixture (EXPLORE_POSTS posts by EXPLORE_USERS people) is built in
// SQL, on each database the machine has.

import { fetchExplorePage, type ExploreCursor } from '../../src/shared/data/explore'
import { fetchFeedPage } from '../../src/shared/data/feed'
import { EXPLORE_PAGE_SIZE, FEED_PAGE_SIZE } from '../../src/shared/limits'
import { createTestDatabase, type DatabaseKind } from '../support/databases'
import { startPostgresServer } from '../support/postgres-server'
import { seedPosts, startBenchBackend, uploadPlainPhotos, type BenchBackend } from './backend'
import { seedPeople } from './people'
import { ms, percentile, type Timing } from './stats'

export const EXPLORE_POSTS = 100_000
export const EXPLORE_USERS = 10_000

/** The deep page: the 20th of a visit (posts 229–240 of its ranking). */
export const EXPLORE_DEEP_PAGE = 20

export interface ExploreResults {
  kind: DatabaseKind
  users: number
  posts: number
  feedPage: Timing
  firstPage: Timing
  deepPage: Timing
  firstRatio: number
  deepRatio: number
}

/** Runs each of `works` once per round, `runs` rounds after `warmup`; a Timing per work. */
async function timeInTurn(
  works: (() => Promise<unknown>)[],
  runs = 60,
  warmup = 5
): Promise<Timing[]> {
  for (let i = 0; i < warmup; i++) for (const work of works) await work()
  const samples = works.map((): number[] => [])
  for (let round = 0; round < runs; round++) {
    for (const [index, work] of works.entries()) {
      const started = performance.now()
      await work()
      samples[index].push(performance.now() - started)
    }
  }
  return samples.map((values) => {
    values.sort((x, y) => x - y)
    return { p50: percentile(values, 50), p95: percentile(values, 95), runs }
  })
}

export async function measureExplore(bench: BenchBackend): Promise<ExploreResults> {
  const { db } = bench.backend
  const client = bench.reader.client
  const { posts, users } = (
    await db.query<{ posts: number; users: number }>(
      `select (select count(*)::int from public.posts) as posts,
              (select count(*)::int from public.profiles) as users`
    )
  ).rows[0]
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

  const [feedPage, firstPage, deepPage] = await timeInTurn([
    () => fetchFeedPage(client, { limit: FEED_PAGE_SIZE }),
    () => fetchExplorePage(client, {}),
    () => fetchExplorePage(client, { after: deep })
  ])
  return {
    kind: bench.backend.db.kind,
    users,
    posts,
    feedPage,
    firstPage,
    deepPage,
    firstRatio: firstPage.p50 / feedPage.p50,
    deepRatio: deepPage.p50 / feedPage.p50
  }
}

/**
 * Explore at `posts` posts by `users` people (every one of them an author) on `kind`: the
 * people through the sign-up trigger and the posts through generate_series, as the other
 * benches seed.
 */
export async function measureExploreAt(
  kind: DatabaseKind,
  posts = EXPLORE_POSTS,
  users = EXPLORE_USERS
): Promise<ExploreResults> {
  const server = kind === 'postgres' ? await startPostgresServer() : null
  try {
    const databaseUrl = server ? await createTestDatabase(server.url) : undefined
    const bench = await startBenchBackend(24, { databaseUrl })
    try {
      const images = await uploadPlainPhotos(bench, FEED_PAGE_SIZE)
      await seedPeople(bench, users)
      const authors = (
        await bench.backend.db.query<{ id: string }>(
          'select id from public.profiles where id <> $1 order by id',
          [bench.reader.id]
        )
      ).rows.map((row) => row.id)
      await seedPosts({ ...bench, userIds: authors }, posts, images)
      return await measureExplore(bench)
    } finally {
      await bench.backend.close()
    }
  } finally {
    await server?.stop()
  }
}

export function renderExploreSection(results: ExploreResults[]): string[] {
  return [
    '## Explore',
    '',
    `Explore's first page and its page ${EXPLORE_DEEP_PAGE} (\`explore_page\`: the newest 360 ` +
      "posts the reader may see, ranked, keyset-paged) beside the home feed's first page " +
      '(`feed_page`), 12 posts each with authors and photos, timed alternately in the same run, ' +
      'on a database of its own where every person is an author. ' +
      'The target is each ≤ 2× the home feed page.',
    '',
    '| Database | Posts | People | Home feed page | Explore first | Ratio | Explore deep | Ratio |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results.map(
      (r) =>
        `| ${r.kind} | ${r.posts.toLocaleString('en')} | ${r.users.toLocaleString('en')} | ` +
        `${ms(r.feedPage.p50)} | ${ms(r.firstPage.p50)} | ` +
        `${r.firstRatio.toFixed(2)} | ${ms(r.deepPage.p50)} | ${r.deepRatio.toFixed(2)} |`
    ),
    ''
  ]
}
