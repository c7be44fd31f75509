// The bench's backend: the real local backend on in-memory PGlite (or on PostgreSQL when given a
// database URL), filled straight through SQL (generate_series, with the triggers off) because
// the bench measures reads, and 100,000 posts through the REST API would take minutes on two
// cores.

import type { SupabaseClient } from '@supabase/supabase-js'
import { DEFAULT_AUTH_CONFIG } from '../../src/backend/auth/config'
import type { Database, Transaction } from '../../src/backend/db/database'
import type { RunningBackend } from '../../src/backend/server'
import {
  insertUser,
  startHarness,
  testClient,
  type HarnessOptions
} from '../support/backend-harness'
import { photoPng } from '../e2e/fixtures/images'

export interface BenchBackend {
  backend: RunningBackend
  userIds: string[]
  /** The reader: signed in, with likes on every 7th post. */
  reader: { id: string; client: SupabaseClient }
  service: SupabaseClient
}

export interface SeedImage {
  imageUrl: string
  thumbUrl: string
  width: number
  height: number
  placeholder: string | null
}

export async function startBenchBackend(
  authors = 24,
  options: HarnessOptions = {}
): Promise<BenchBackend> {
  const { backend } = await startHarness(options.databaseUrl ? 'postgres' : 'pglite', '', {
    passwordCost: DEFAULT_AUTH_CONFIG.passwordCost,
    ...options
  })
  const userIds: string[] = []
  for (let i = 0; i < authors; i++)
    userIds.push((await insertUser(backend, `bench_${i}`, `B ${i}`)).id)
  const reader = await insertUser(backend, `bench_${authors}`, `B ${authors}`)
  return {
    backend,
    userIds,
    reader: {
      id: reader.id,
      client: testClient(backend.url, backend.anonKey, { token: reader.token })
    },
    service: testClient(backend.url, backend.anonKey, { token: backend.serviceRoleKey })
  }
}

/**
 * Runs `work` in one transaction with the ordinary triggers (and foreign-key checks) off, as a
 * replica applies rows it trusts: a fixture of 100,000 rows then costs a few set-based
 * statements, not a dozen trigger calls per row (2,000 posts: 10 s with them, 2.9 s without,
 * on PGlite; what remains is the rows' checks). What the skipped triggers keep (counters,
 * stored paths, author_restricted) the caller writes itself; what they add besides
 * (notifications, realtime capture) no bench reads.
 */
export function withTriggersOff<T>(
  db: Database,
  work: (tx: Transaction) => Promise<T>
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('session_replication_role', 'replica', true)`)
    return work(tx)
  })
}

/**
 * Adds posts until the table holds `total`, older than every post already there, 30 s apart with
 * every 50th pair sharing one instant (ties on created_at are the keyset's hard case). The
 * reader likes every 7th post (counted from the newest). With the triggers off
 * (withTriggersOff): the photo URLs go in as the storage paths the trigger would keep, the like
 * counts with the rows, and the authors' post counts and the posts of private or suspended
 * authors are brought up to date after, as the triggers would have kept them.
 */
export async function seedPosts(
  bench: BenchBackend,
  total: number,
  images: SeedImage[]
): Promise<number> {
  const { db } = bench.backend
  const started = performance.now()
  const existing = (await db.query<{ n: number }>('select count(*)::int as n from public.posts'))
    .rows[0].n
  const count = total - existing
  if (count <= 0) return 0
  // A schema that keeps storage paths (app_rules.storage_path) refuses a URL in the row; an
  // older one (bench:safety's "before") keeps the URL.
  const paths = (
    await db.query<{ paths: boolean }>(
      `select to_regprocedure('app_rules.storage_path(text)') is not null as paths`
    )
  ).rows[0].paths
  const stored = (url: string): string => (paths ? storagePath(url) : url)
  await withTriggersOff(db, async (tx) => {
    await tx.query(
      `with authors as (select $1::uuid[] as ids),
            pics as (select $2::text[] as image, $3::text[] as thumb, $4::int[] as w,
                            $5::int[] as h, $6::text[] as ph),
            added as (
              insert into public.posts (user_id, image_url, thumb_url, width, height,
                                        placeholder, caption, created_at, likes_count)
              select a.ids[1 + (i % array_length(a.ids, 1))],
                     p.image[1 + (i % array_length(p.image, 1))],
                     p.thumb[1 + (i % array_length(p.image, 1))],
                     p.w[1 + (i % array_length(p.image, 1))],
                     p.h[1 + (i % array_length(p.image, 1))],
                     p.ph[1 + (i % array_length(p.image, 1))],
                     'Bench post ' || i,
                     now() - interval '1 minute' - ((i - (i % 50 = 1)::int) * interval '30 seconds'),
                     (i % 7 = 0)::int
              from generate_series($7::int, $8::int) as i, authors a, pics p
              returning id, likes_count)
       insert into public.likes (user_id, post_id)
       select $9, id from added where likes_count > 0`,
      [
        bench.userIds,
        images.map((image) => stored(image.imageUrl)),
        images.map((image) => stored(image.thumbUrl)),
        images.map((image) => image.width),
        images.map((image) => image.height),
        images.map((image) => image.placeholder),
        existing + 1,
        total,
        bench.reader.id
      ]
    )
    // What the triggers keep besides, where the schema has it (bench:safety's "before" schema
    // has neither): the authors' post counts, and which posts have a restricted author.
    await tx.exec(
      `do $$ begin
         if exists (select from information_schema.columns
                    where table_schema = 'public' and table_name = 'profiles'
                      and column_name = 'posts_count') then
           update public.profiles pr set posts_count = c.n
           from (select user_id, count(*)::int as n from public.posts
                 where archived_at is null group by user_id) c
           where pr.id = c.user_id and pr.posts_count <> c.n;
         end if;
         if exists (select from information_schema.columns
                    where table_schema = 'public' and table_name = 'posts'
                      and column_name = 'author_restricted') then
           update public.posts set author_restricted = true
           where not author_restricted
             and user_id in (select id from public.profiles
                             where is_private or suspended_at is not null);
         end if;
       end $$`
    )
  })
  await db.exec('analyze public.posts; analyze public.likes; analyze public.profiles')
  return performance.now() - started
}

/** The storage path of a public object URL, as app_rules.storage_path keeps it in a row. */
function storagePath(url: string): string {
  const at = url.indexOf('/storage/v1/object/public/')
  return at < 0 ? url : url.slice(at)
}

/**
 * `count` distinct small photos (480 px, with a 160 px thumbnail) uploaded for seeding, so a
 * scroll loads different images as a real one would.
 */
export async function uploadPlainPhotos(bench: BenchBackend, count: number): Promise<SeedImage[]> {
  const bucket = bench.service.storage.from('images')
  const images: SeedImage[] = []
  for (let i = 0; i < count; i++) {
    const urls: string[] = []
    for (const [suffix, size] of [
      ['', 480],
      ['-thumb', 160]
    ] as const) {
      const path = `posts/${bench.userIds[i % bench.userIds.length]}/plain-${i}${suffix}.png`
      const { error } = await bucket.upload(path, photoPng(i + 1, size).buffer, {
        contentType: 'image/png',
        cacheControl: '3600',
        upsert: true
      })
      if (error) throw new Error(`upload ${path}: ${error.message}`)
      urls.push(bucket.getPublicUrl(path).data.publicUrl)
    }
    images.push({
      imageUrl: urls[0],
      thumbUrl: urls[1],
      width: 480,
      height: 480,
      placeholder: null
    })
  }
  return images
}
