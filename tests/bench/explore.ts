// Explore's pages beside the home feed's, at one table size and in the same run: the first page
// and a deep one (page EXPLORE_DEEP_PAGE of one visit) through explore_page, against the home
// feed's first page through feed_page, timed alternately so load from other processes affects
// all three alike. Explore ranks the newest 360 posts a visit can see, so its cost should not
// grow with the table.

import { fetchExplorePage, type ExploreCursor } from '../../src/shared/data/explore'
import { fetchFeedPage } from '../../src/shared/data/feed'
import { EXPLORE_PAGE_SIZE, FEED_PAGE_SIZE } from '../../src/shared/limits'
import type { BenchBackend } from './backend'
import { ms, percentile, type Timing } from './stats'

/** The deep page: the 20th of a visit (posts 229–240 of its ranking). */
export const EXPLORE_DEEP_PAGE = 20

export interface ExploreResults {
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
  const posts = (await db.query<{ n: number }>('select count(*)::int as n from public.posts'))
    .rows[0].n
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
    posts,
    feedPage,
    firstPage,
    deepPage,
    firstRatio: firstPage.p50 / feedPage.p50,
    deepRatio: deepPage.p50 / feedPage.p50
  }
}

export function renderExploreSection(results: ExploreResults[]): string[] {
  return [
    '## Explore',
    '',
    `Explore's first page and its page ${EXPLORE_DEEP_PAGE} (\`explore_page\`: the newest 360 ` +
      "posts the reader may see, ranked, keyset-paged) beside the home feed's first page " +
      '(`feed_page`), 12 posts each with authors and photos, timed alternately in the same run. ' +
      'The target is each ≤ 2× the home feed page.',
    '',
    '| Posts | Home feed page | Explore first | Ratio | Explore deep | Ratio |',
    '| --- | --- | --- | --- | --- | --- |',
    ...results.map(
      (r) =>
        `| ${r.posts.toLocaleString('en')} | ${ms(r.feedPage.p50)} | ${ms(r.firstPage.p50)} | ` +
        `${r.firstRatio.toFixed(2)} | ${ms(r.deepPage.p50)} | ${r.deepRatio.toFixed(2)} |`
    ),
    ''
  ]
}
