// Fills a backend with a living demo: users (through real sign-ups), a handful of generated
// photos uploaded once, posts spread over the past weeks, follows and likes. It talks to the
// backend only through its public APIs (supabase-js), with the service role for bulk rows (which
// no write-row cap binds), in batches sized to keep each request short, so it works on the local
// backend and on a hosted project alike.

import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { seededRandom } from '../../src/shared/random'
import { demoPhotoPng } from './png'

export interface SeedOptions {
  url: string
  anonKey: string
  serviceRoleKey: string
  posts: number
  users?: number
  /** Distinct images to upload; posts reuse them. */
  images?: number
  log?: (line: string) => void
}

export interface SeedResult {
  userIds: string[]
  posts: number
  likes: number
  follows: number
}

export const DEMO_PASSWORD = 'demo-password'

const FIRST = [
  'Ava',
  'Liam',
  'Mia',
  'Noah',
  'Zoe',
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
  'Hugo'
]
const LAST = [
  'Rivera',
  'Chen',
  'Okafor',
  'Larsen',
  'Moreau',
  'Tanaka',
  'Silva',
  'Novak',
  'Haddad',
  'Fischer'
]
const CAPTIONS = [
  'Golden hour never gets old 🌅',
  'Weekend mode: on',
  'Found this spot on a long walk',
  'Coffee first, adventures later ☕',
  'Hills and quiet mornings',
  'Can we stay here forever?',
  'Chasing light',
  'Little moments, big smiles',
  'Sunday colours',
  'Back to where it started'
]

function client(url: string, key: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no WebSocket; realtime is never used here.
    realtime: { transport: class {} as never }
  })
}

/** How long one insert request should keep the backend: the architecture's bound per request. */
const BATCH_TARGET_MS = 250
const FIRST_BATCH = 50
/**
 * Rows one request carries at most. No write-row cap binds the service role (PostgREST has none),
 * and larger bodies save little.
 */
const MAX_BATCH = 1000

/**
 * The next batch size after one of `size` rows took `ms`: grows while requests are quick, and
 * shrinks in proportion when one ran long, so no request nears the backend's time budget (2 s
 * on PGlite, where a slow one restarts the engine) however busy the machine or heavy the
 * table's triggers (a like writes a notification; a follow updates two counters).
 */
export function nextBatchSize(size: number, ms: number): number {
  const scaled = ms > 0 ? Math.floor((size * BATCH_TARGET_MS) / ms) : size * 2
  return Math.max(1, Math.min(MAX_BATCH, scaled, size * 2))
}

async function insertInBatches(
  admin: SupabaseClient,
  table: string,
  rows: Record<string, unknown>[]
): Promise<void> {
  let size = FIRST_BATCH
  for (let at = 0; at < rows.length;) {
    const batch = rows.slice(at, at + size)
    const started = Date.now()
    const { error } = await admin.from(table).insert(batch)
    if (error) throw new Error(`Seeding ${table} failed: ${error.message}`)
    at += batch.length
    size = nextBatchSize(batch.length, Date.now() - started)
  }
}

export async function seed(options: SeedOptions): Promise<SeedResult> {
  const log = options.log ?? (() => undefined)
  const random = seededRandom(42)
  const userCount = options.users ?? 24
  const imageCount = options.images ?? 16
  const admin = client(options.url, options.serviceRoleKey)

  log(`Creating ${userCount} users…`)
  const userIds: string[] = []
  for (let i = 0; i < userCount; i++) {
    const first = FIRST[i % FIRST.length]
    const last = LAST[(i * 7) % LAST.length]
    const username = `${first}.${last}${i >= FIRST.length ? i : ''}`.toLowerCase()
    const email = `${username}@demo.instaframe.local`
    const anon = client(options.url, options.anonKey)
    const signUp = await anon.auth.signUp({
      email,
      password: DEMO_PASSWORD,
      options: { data: { username, full_name: `${first} ${last}` } }
    })
    let id = signUp.data.user?.id
    if (signUp.error) {
      // Already seeded once: sign in instead, so seeding twice adds posts, not errors.
      const signIn = await anon.auth.signInWithPassword({ email, password: DEMO_PASSWORD })
      if (signIn.error)
        throw new Error(`Could not create demo user ${email}: ${signUp.error.message}`)
      id = signIn.data.user.id
    }
    if (!id) throw new Error(`Sign-up of ${email} returned no user`)
    userIds.push(id)
  }

  log(`Uploading ${imageCount} photos…`)
  // Each photo is shown only by its owner's posts, the rule every client write is held to
  // (is_own_storage_url), which the database's photo removal relies on when a post goes.
  const imageUrls: { owner: string; url: string }[] = []
  const bucket = admin.storage.from('images')
  for (let i = 0; i < imageCount; i++) {
    const owner = userIds[i % userIds.length]
    const path = `posts/${owner}/seed-${i}.png`
    const { error } = await bucket.upload(path, demoPhotoPng(i), {
      contentType: 'image/png',
      cacheControl: '3600',
      upsert: true
    })
    if (error) throw new Error(`Uploading demo photo ${i} failed: ${error.message}`)
    imageUrls.push({ owner, url: bucket.getPublicUrl(path).data.publicUrl })
  }

  log(`Creating ${options.posts} posts…`)
  const now = Date.now()
  const spanMs = 30 * 24 * 3600 * 1000
  const posts = Array.from({ length: options.posts }, () => {
    const image = imageUrls[Math.floor(random() * imageUrls.length)]
    return {
      user_id: image.owner,
      image_url: image.url,
      caption: CAPTIONS[Math.floor(random() * CAPTIONS.length)],
      created_at: new Date(now - Math.floor(random() * spanMs)).toISOString()
    }
  })
  await insertInBatches(admin, 'posts', posts)

  log('Creating follows…')
  const follows: { follower_id: string; following_id: string }[] = []
  for (const follower of userIds) {
    for (const following of userIds) {
      if (follower !== following && random() < 0.3)
        follows.push({ follower_id: follower, following_id: following })
    }
  }
  await insertInBatches(admin, 'follows', follows)

  log('Creating likes on the newest posts…')
  const { data: recent, error } = await admin
    .from('posts')
    .select('id')
    .order('created_at', { ascending: false })
    .limit(Math.min(options.posts, 200))
  if (error) throw new Error(`Reading posts failed: ${error.message}`)
  const likes: { user_id: string; post_id: string }[] = []
  for (const post of recent ?? []) {
    for (const user of userIds) if (random() < 0.35) likes.push({ user_id: user, post_id: post.id })
  }
  await insertInBatches(admin, 'likes', likes)

  return { userIds, posts: posts.length, likes: likes.length, follows: follows.length }
}
