// People at scale: search latency over 10,000 users as the header's type-ahead calls it, and
// the Following feed's first page against a deep one, for a reader who follows a few authors
// and for one who follows a thousand people.

import { randomUUID } from 'node:crypto'
import { fetchFollowingFeedPage } from '../../src/shared/data/follows'
import { searchPeople } from '../../src/shared/data/profiles'
import { signJwt } from '../../src/backend/jwt'
import { SEARCH_RESULT_COUNT } from '../../src/shared/limits'
import { testClient } from '../support/backend-harness'
import { withTriggersOff, type BenchBackend } from './backend'
import { ms, percentile, time, timeAlternating, type Timing } from './stats'

const FIRST = [
  'Zoë',
  'Chloé',
  'José',
  'Søren',
  'Åsa',
  'Maël',
  'Inès',
  'Björn',
  'Renée',
  'François',
  'Ana',
  'Liam',
  'Mia',
  'Noah',
  'Ethan',
  'Isla',
  'Leo',
  'Maya',
  'Omar',
  'Nora',
  'Kai',
  'Lena',
  'Ravi',
  'Sofia',
  'Theo',
  'Yara',
  'Jonas',
  'Elif',
  'Hugo',
  'Dömötör'
]
const LAST = [
  'Rivera',
  'Chen',
  'Okafor',
  'Larsen',
  'Moreau',
  'Tanaka',
  'Silva',
  'Novák',
  'Haddad',
  'Fischer',
  'Müller',
  'Ødegaard',
  'García',
  'Rossi',
  'Dubois',
  'Jensen',
  'Ivanova',
  'Nakamura',
  'Kim',
  'Nguyen',
  'Schmidt',
  'Costa',
  'Horvat',
  'Brown',
  'Łukasik',
  'Petrović',
  'Sánchez',
  'Öztürk',
  'Weiß',
  'Kowalski'
]
/** What people type: a letter or two, the start of a name, part of a name, accents or not. */
export const QUERIES = [
  'z',
  'ch',
  'mor',
  'moreau',
  'zoe',
  'ZOË',
  'chloe',
  'odegaard',
  'sanch',
  'owals',
  'ana',
  'rivera',
  'lena',
  'weiss',
  'ozturk',
  'tanak',
  'petro',
  'kim',
  'jonas.',
  'nobody-like-this'
]
export const PEOPLE_USERS = 10_000
const FEW_FOLLOWED = 6
const MANY_FOLLOWED = 1000
/** Hashtags the third reader follows, and how often a post carries one of them. */
const FOLLOWED_TAGS = 5
const TAGGED_EVERY = 10

export interface PeopleResults {
  users: number
  posts: number
  depth: number
  /** Every search sample over all queries, through supabase-js and the REST layer. */
  search: Timing
  /** Per query: p50, rows found, and whether the plan for its predicate reads an index. */
  perQuery: { query: string; p50: number; rows: number; plan: string }[]
  /** Following feed for a reader following FEW_FOLLOWED of the post authors. */
  fewFirst: Timing
  fewDeep: Timing
  /** Following feed for a reader following MANY_FOLLOWED people, the authors among them. */
  manyFirst: Timing
  manyDeep: Timing
  /** Following feed for a reader following FEW_FOLLOWED authors and FOLLOWED_TAGS hashtags. */
  taggedPosts: number
  tagsFirst: Timing
  tagsDeep: Timing
}

/**
 * Adds people until there are `total`: the auth.users rows of sign-ups and the profiles the
 * sign-up trigger would make from them (username, full name, its folded search form), written
 * set-based with the triggers off (withTriggersOff).
 */
export async function seedPeople(bench: BenchBackend, total: number): Promise<void> {
  const { db } = bench.backend
  const existing = (await db.query<{ n: number }>('select count(*)::int as n from profiles'))
    .rows[0].n
  if (existing >= total) return
  await withTriggersOff(db, (tx) =>
    tx.query(
      `with people as materialized (
         select gen_random_uuid() as id, i,
                lower(extensions.unaccent(($1::text[])[1 + i % 30])) || '.' ||
                  lower(extensions.unaccent(($2::text[])[1 + (i / 30) % 30])) || i as username,
                ($1::text[])[1 + i % 30] || ' ' || ($2::text[])[1 + (i / 30) % 30] as full_name
         from generate_series($3::int, $4::int) as i),
       users as (
         insert into auth.users (id, email, raw_user_meta_data, email_confirmed_at)
         select id, 'people' || i || '@example.com',
                jsonb_build_object('username', username, 'full_name', full_name), now()
         from people)
       insert into public.profiles (id, username, full_name, search_name)
       select id, username, full_name, public.fold_search_text(full_name) from people`,
      [FIRST, LAST, existing, total - 1]
    )
  )
  await db.exec('analyze public.profiles')
}

/** Tags one post in TAGGED_EVERY (as captions would) with one of FOLLOWED_TAGS hashtags. */
async function seedFollowedTags(bench: BenchBackend, reader: BenchReader): Promise<number> {
  const { db } = bench.backend
  const { rowCount } = await db.query(
    `insert into post_tags (post_id, tag, post_created_at)
     select id, 'benchtag' || (n / $1) % $2, created_at
     from (select id, created_at, row_number() over (order by created_at, id) as n from posts) p
     where n % $1 = 0
     on conflict do nothing`,
    [TAGGED_EVERY, FOLLOWED_TAGS]
  )
  await db.query(
    `insert into followed_tags (user_id, tag)
     select $1, 'benchtag' || i from generate_series(0, $2 - 1) as i`,
    [reader.id, FOLLOWED_TAGS]
  )
  await db.exec('analyze public.post_tags')
  return rowCount ?? 0
}

async function readerFollowing(bench: BenchBackend, followed: string[]): Promise<BenchReader> {
  const { db } = bench.backend
  const id = randomUUID()
  await db.query(
    `insert into auth.users (id, email, raw_user_meta_data, email_confirmed_at)
     values ($1, $2, $3, now())`,
    [id, `${id}@example.com`, JSON.stringify({ username: `reader_${id.slice(0, 8)}` })]
  )
  await db.query(`insert into follows (follower_id, following_id) select $1, unnest($2::uuid[])`, [
    id,
    followed
  ])
  const token = await signJwt(bench.backend.context.keys, {
    role: 'authenticated',
    sub: id,
    aud: 'authenticated'
  })
  return { id, client: testClient(bench.backend.url, bench.backend.anonKey, { token }) }
}

type BenchReader = BenchBackend['reader']

/** Planner's choice for the search predicate of `query` (substring from 3 characters). */
async function planOf(bench: BenchBackend, query: string): Promise<string> {
  const folded = (
    await bench.backend.db.query<{ f: string }>('select public.fold_search_text($1) as f', [query])
  ).rows[0].f
  const pattern = folded.length < 3 ? `${folded}%` : `%${folded}%`
  const { rows } = await bench.backend.db.query<Record<string, string>>(
    `explain select * from profiles where username like $1 or search_name like $1`,
    [pattern]
  )
  const text = rows.map((row) => Object.values(row)[0]).join('\n')
  const indexes = [...new Set(text.match(/profiles_\w+_(?:idx|key)/g) ?? [])]
  return indexes.length > 0 ? indexes.join(' + ') : 'sequential scan'
}

async function feedTimings(
  reader: BenchReader,
  depth: number
): Promise<{ first: Timing; deep: Timing }> {
  // Walk down to the deep cursor page by page, as a user scrolling would.
  let before: { created_at: string; id: string } | undefined
  let total = 0
  while (total < depth) {
    const page = await fetchFollowingFeedPage(reader.client, { before, limit: 100 })
    if (page.length === 0) break
    total += page.length
    before = page[page.length - 1]
  }
  if (!before || total < depth) throw new Error(`the Following feed has only ${total} posts`)
  const deepCursor = before
  const [first, deep] = await timeAlternating(
    () => fetchFollowingFeedPage(reader.client, { limit: 12 }),
    () => fetchFollowingFeedPage(reader.client, { before: deepCursor, limit: 12 })
  )
  return { first, deep }
}

export async function measurePeople(
  bench: BenchBackend,
  users: number,
  depth: number
): Promise<PeopleResults> {
  await seedPeople(bench, users)
  const { db } = bench.backend
  const posts = (await db.query<{ n: number }>('select count(*)::int as n from posts')).rows[0].n
  const profiles = (await db.query<{ n: number }>('select count(*)::int as n from profiles'))
    .rows[0].n

  const samples: number[] = []
  const perQuery: PeopleResults['perQuery'] = []
  const client = bench.reader.client
  for (const query of QUERIES) {
    const rows = (await searchPeople(client, query, SEARCH_RESULT_COUNT)).length
    const timing = await time(
      async () => {
        const started = performance.now()
        await searchPeople(client, query, SEARCH_RESULT_COUNT)
        samples.push(performance.now() - started)
      },
      20,
      2
    )
    perQuery.push({ query, p50: timing.p50, rows, plan: await planOf(bench, query) })
  }
  samples.sort((a, b) => a - b)
  const search = {
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    runs: samples.length
  }

  const authors = bench.userIds
  const few = await readerFollowing(bench, authors.slice(0, FEW_FOLLOWED))
  const others = await db.query<{ id: string }>(
    'select id from profiles where not (id = any($1)) limit $2',
    [authors, MANY_FOLLOWED - authors.length]
  )
  const many = await readerFollowing(bench, [...authors, ...others.rows.map((row) => row.id)])
  const tagsReader = await readerFollowing(bench, authors.slice(0, FEW_FOLLOWED))
  const taggedPosts = await seedFollowedTags(bench, tagsReader)
  const fewFeed = await feedTimings(few, depth)
  const manyFeed = await feedTimings(many, depth)
  const tagsFeed = await feedTimings(tagsReader, depth)
  return {
    users: profiles,
    posts,
    depth,
    search,
    perQuery,
    fewFirst: fewFeed.first,
    fewDeep: fewFeed.deep,
    manyFirst: manyFeed.first,
    manyDeep: manyFeed.deep,
    taggedPosts,
    tagsFirst: tagsFeed.first,
    tagsDeep: tagsFeed.deep
  }
}

const SEARCH_TARGET_MS = 150
const DEEP_RATIO_TARGET = 1.5
const count = (value: number): string => value.toLocaleString('en')
const verdict = (ok: boolean): string => (ok ? '✅ met' : '❌ missed')

/** The "## People" section of docs/performance.md. */
export function renderPeopleSection(results: PeopleResults): string[] {
  const fewRatio = results.fewDeep.p50 / results.fewFirst.p50
  const manyRatio = results.manyDeep.p50 / results.manyFirst.p50
  const tagsRatio = results.tagsDeep.p50 / results.tagsFirst.p50
  return [
    '## People',
    '',
    `Search over ${count(results.users)} users as the header's type-ahead calls it ` +
      '(`searchPeople` → `search_profiles` rpc, 8 rows, through supabase-js and the REST layer), ' +
      `${results.perQuery.length} queries × 20 runs; and the Following feed ` +
      '(`following_feed_page` rpc) at ' +
      `${count(results.posts)} posts, first page against a page ${count(results.depth)} posts ` +
      'down, timed alternately (60 runs each).',
    '',
    '| Target | Measured | |',
    '| --- | --- | --- |',
    `| Search p95 ≤ ${SEARCH_TARGET_MS} ms at ${count(results.users)} users | ` +
      `p50 ${ms(results.search.p50)}, p95 ${ms(results.search.p95)} | ` +
      `${verdict(results.search.p95 <= SEARCH_TARGET_MS)} |`,
    `| Following feed deep / first page ≤ ${DEEP_RATIO_TARGET}, reader following ` +
      `${FEW_FOLLOWED} authors | ` +
      `${ms(results.fewFirst.p50)} → ${ms(results.fewDeep.p50)}: ${fewRatio.toFixed(2)} | ` +
      `${verdict(fewRatio <= DEEP_RATIO_TARGET)} |`,
    `| Same, reader following ${count(MANY_FOLLOWED)} people | ` +
      `${ms(results.manyFirst.p50)} → ${ms(results.manyDeep.p50)}: ${manyRatio.toFixed(2)} | ` +
      `${verdict(manyRatio <= DEEP_RATIO_TARGET)} |`,
    `| Same, reader following ${FEW_FOLLOWED} authors and ${FOLLOWED_TAGS} hashtags ` +
      `(${count(results.taggedPosts)} tagged posts) | ` +
      `${ms(results.tagsFirst.p50)} → ${ms(results.tagsDeep.p50)}: ${tagsRatio.toFixed(2)} | ` +
      `${verdict(tagsRatio <= DEEP_RATIO_TARGET)} |`,
    '',
    'Per query (p50; the access path is the planner’s choice for the same predicate on the ' +
      'same table, from `explain`):',
    '',
    '| Query | p50 | Rows | Access path |',
    '| --- | --- | --- | --- |',
    ...results.perQuery.map((q) => `| \`${q.query}\` | ${ms(q.p50)} | ${q.rows} | ${q.plan} |`),
    '',
    'One or two characters match name starts through the `text_pattern_ops` indexes; three or ' +
      'more match anywhere through the trigram indexes. Where a query matches a large share of ' +
      'the table (every "Moreau"), the planner may read the table instead, which is cheaper ' +
      'then. The Following feed reads at most one page per followed person from ' +
      '`posts_user_id_created_at_id_idx` below the cursor, so its cost follows the number of ' +
      'people followed, not the depth; each followed hashtag adds at most a page from ' +
      '`post_tags_page_idx` below the cursor.',
    ''
  ]
}
