// Crashes and a hostile disk: the backend CLI is killed with SIGKILL in the middle of creating a
// post and in the middle of a write burst, then restarted on the same data folder; a read-only
// or full data folder must fail the start clearly, once. Nothing acknowledged may be lost, and
// no post may exist without its image nor (after the start-up sweep) an image without its post.
// The sweep exists because orphans *can* remain: the client's compensation (remove the upload
// when the insert fails) needs the backend it just lost (see src/backend/storage/sweep.ts).

import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { appendFile, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import type { RunningBackend } from '../../../src/backend/server'
import { createPost } from '../../../src/shared/data/post-create'
import { encodePng } from '../../../scripts/lib/png'
import { createMigratedTestDatabase } from '../../support/databases'
import { migratedDataFolder } from '../../support/migrated-folder'
import { signUpWith, startHarness, testClient } from '../../support/backend-harness'
import {
  runChildBackendToExit,
  startChildBackend,
  type ChildBackend
} from '../../support/child-backend'
import { postgresUrl, skipReason } from '../../support/database-suite'

const cleanup: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined)
})

async function tempDir(name: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `instaframe-${name}-`))
  cleanup.push(() => rm(dir, { recursive: true, force: true }))
  return dir
}

/**
 * A copy of a migrated data folder: a fresh PGlite folder costs seconds of initdb and migrations
 * per start, a copy of a closed one costs nothing.
 */
async function copyOfTemplate(name: string, into?: string): Promise<string> {
  return migratedDataFolder(into ?? (await tempDir(name)))
}

async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true })
    return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
  } catch {
    return []
  }
}

async function signUp(
  url: string,
  anonKey: string,
  name: string,
  fetchImpl?: typeof fetch
): Promise<{ client: ReturnType<typeof testClient>; userId: string }> {
  return signUpWith(testClient(url, anonKey, { fetch: fetchImpl }), name)
}

/** A fetch that SIGKILLs the backend as soon as an upload has been answered. */
function killAfterUpload(target: () => ChildBackend): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init)
    const url = input instanceof Request ? input.url : String(input)
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET')
    if (method === 'POST' && url.includes('/storage/v1/object/images/')) await target().kill9()
    return response
  }
}

/** The backend in this process on an existing data folder (and PostgreSQL database, if given). */
async function restart(
  dataDir: string,
  orphanGraceMinutes: number,
  databaseUrl?: string
): Promise<RunningBackend> {
  const harness = await startHarness(databaseUrl ? 'postgres' : 'pglite', postgresUrl, {
    dataDir,
    databaseUrl,
    config: { orphanGraceMinutes },
    // The app's orphan sweep (at start, through the API) as well as the backend's own.
    housekeeping: true
  })
  // Closing it stops the housekeeping too.
  return { ...harness.backend, close: () => harness.close() }
}

async function postState(
  backend: RunningBackend,
  userId: string
): Promise<{ posts: number; objects: string[]; files: string[] }> {
  const posts = await backend.db.query('select 1 from public.posts where user_id = $1', [userId])
  const objects = await backend.db.query<{ name: string }>(
    `select name from storage.objects where name like 'posts/' || $1 || '/%'`,
    [userId]
  )
  const files = (await filesUnder(backend.context.config.storageDir!)).filter((f) =>
    f.includes(userId)
  )
  return { posts: posts.rows.length, objects: objects.rows.map((r) => r.name), files }
}

const PHOTO = new Uint8Array(encodePng(4, 4, () => [10, 120, 200]))

describe('faults: the backend killed with SIGKILL mid create-post', () => {
  it('PGlite: killed between the upload and the insert, the orphan upload is swept on restart once older than the grace period', async () => {
    const dataDir = await copyOfTemplate('kill-upload')
    let child = await startChildBackend(dataDir)
    cleanup.push(() => child.kill9())
    const { client, userId } = await signUp(
      child.url,
      child.anonKey,
      'killed',
      killAfterUpload(() => child)
    )
    const error = vi_silence()
    await expect(
      createPost(client, {
        userId,
        caption: 'lost',
        photos: [{ bytes: PHOTO, declaredType: 'image/png' }]
      })
    ).rejects.toThrow(/Failed to save post/)
    error.restore()

    // First restart, default grace: the upload is seconds old and might still get its post
    // (a client retrying its insert), so it is kept — and no post exists without its image.
    let backend = await restart(dataDir, 10)
    let state = await postState(backend, userId)
    expect(state.posts).toBe(0)
    expect(state.objects).toHaveLength(1)
    expect(state.files).toHaveLength(1)
    await backend.close()

    // Past the grace period (0 here), the start-up sweep removes row and file.
    backend = await restart(dataDir, 0)
    state = await postState(backend, userId)
    expect(state).toEqual({ posts: 0, objects: [], files: [] })
    expect(await filesUnder(join(dataDir, 'storage', '.staging'))).toEqual([])
    await backend.close()
    child = await startChildBackend(dataDir)
    expect((await fetch(`${child.url}/health`)).status).toBe(200)
    await child.kill9()
  })

  it.skipIf(skipReason('postgres') !== null)(
    'PostgreSQL: killed while the insert is running (a pg_sleep trigger holds it), the post commits whole or not at all; nothing is orphaned',
    async () => {
      const dataDir = await tempDir('kill-insert')
      const databaseUrl = await createMigratedTestDatabase(postgresUrl)
      const child = await startChildBackend(dataDir, { DATABASE_URL: databaseUrl })
      cleanup.push(() => child.kill9())
      const sql = new pg.Client({ connectionString: databaseUrl })
      await sql.connect()
      cleanup.push(() => sql.end())
      // Outside the exposed schema, so the test adds no rpc endpoint.
      await sql.query(`
        create function app_private.slow_insert() returns trigger language plpgsql
          set search_path = '' as $$ begin perform pg_sleep(2); return new; end $$;
        create trigger slow_insert before insert on public.posts
          for each row execute function app_private.slow_insert();`)
      const { client, userId } = await signUp(child.url, child.anonKey, 'slowins')
      const error = vi_silence()
      const creating = createPost(client, {
        userId,
        caption: 'half',
        photos: [{ bytes: PHOTO, declaredType: 'image/png' }]
      }).catch((e: Error) => e)
      // Wait until the insert is inside the trigger's sleep, then kill the backend.
      for (let i = 0; i < 200; i++) {
        const { rows } = await sql.query(
          `select 1 from pg_stat_activity where wait_event = 'PgSleep' and datname = current_database()`
        )
        if (rows.length > 0) break
        await new Promise((r) => setTimeout(r, 25))
      }
      await child.kill9()
      expect(await creating).toBeInstanceOf(Error)
      error.restore()
      // The insert went out with its COMMIT in one write (db/postgres.ts pipelines them), so the
      // server may still commit it after the sleep, or find the client gone first and roll it
      // back. Either way the outcome is whole: a post with its image, or neither.
      for (let i = 0; i < 200; i++) {
        const { rows } = await sql.query(
          `select 1 from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`
        )
        if (rows.length === 0) break
        await new Promise((r) => setTimeout(r, 50))
      }
      await sql.query('drop trigger slow_insert on public.posts')

      const backend = await restart(dataDir, 0, databaseUrl)
      const state = await postState(backend, userId)
      if (state.posts === 0) {
        expect(state).toEqual({ posts: 0, objects: [], files: [] })
      } else {
        expect(state.posts).toBe(1)
        expect(state.objects).toHaveLength(1)
        expect(state.files).toHaveLength(1)
        expect(state.files[0]).toContain(state.objects[0]!.split('/').pop())
      }
      await backend.close()
    }
  )
})

describe('faults: SIGKILL during a write burst', () => {
  it('every acknowledged post, image and like is there after restarting on the same PGlite folder', async () => {
    const dataDir = await copyOfTemplate('burst')
    const child = await startChildBackend(dataDir)
    cleanup.push(() => child.kill9())
    const users = []
    for (let i = 0; i < 4; i++) users.push(await signUp(child.url, child.anonKey, `burst${i}`))
    const acknowledged = {
      posts: [] as { id: string; url: string; bytes: Uint8Array }[],
      likes: [] as { user: string; post: string }[]
    }
    let stop = false
    const silence = vi_silence()
    const writers = users.map(async ({ client, userId }, index) => {
      for (let n = 0; !stop; n++) {
        const bytes = new Uint8Array(encodePng(4, 4, () => [index * 60, n % 256, 90]))
        try {
          const post = await createPost(client, {
            userId,
            caption: `burst ${index}/${n}`,
            photos: [{ bytes, declaredType: 'image/png' }]
          })
          acknowledged.posts.push({ id: post.id, url: post.image_url, bytes })
          const target = acknowledged.posts[Math.floor(Math.random() * acknowledged.posts.length)]
          const like = await client.from('likes').insert({ user_id: userId, post_id: target.id })
          if (!like.error) acknowledged.likes.push({ user: userId, post: target.id })
        } catch {
          // Requests in flight when the backend dies fail; only acknowledged ones count.
        }
      }
    })
    // Kill once the burst is well under way.
    while (acknowledged.posts.length < 12) await new Promise((r) => setTimeout(r, 20))
    await child.kill9()
    stop = true
    await Promise.all(writers)
    silence.restore()

    const backend = await restart(dataDir, 10)
    cleanup.push(() => backend.close())
    const { rows: posts } = await backend.db.query<{ id: string }>(
      'select id from public.posts where id = any($1::uuid[])',
      [acknowledged.posts.map((p) => p.id)]
    )
    expect(posts).toHaveLength(acknowledged.posts.length)
    for (const post of acknowledged.posts) {
      // Public URLs carry the old port; the path is what identifies the object.
      const path = new URL(post.url).pathname
      const served = await fetch(`${backend.url}${path}`)
      expect(served.status, path).toBe(200)
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(post.bytes)
    }
    for (const like of acknowledged.likes) {
      const { rows } = await backend.db.query(
        'select 1 from public.likes where user_id = $1 and post_id = $2',
        [like.user, like.post]
      )
      expect(rows, `like ${like.user} → ${like.post}`).toHaveLength(1)
    }
    const { rows: drift } = await backend.db.query(
      `select p.id from public.posts p
       where p.likes_count <> (select count(*) from public.likes l where l.post_id = p.id)`
    )
    expect(drift).toEqual([])
  })
})

/**
 * Mounting needs root with CAP_SYS_ADMIN (a developer machine or CI container here); where the
 * trial mount fails, these tests are skipped with the reason in their name.
 */
function canMount(): boolean {
  if (process.getuid?.() !== 0) return false
  const dir = mkdtempSync(join(tmpdir(), 'instaframe-mount-probe-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'ignore' })
    execFileSync('umount', [dir], { stdio: 'ignore' })
    return true
  } catch {
    return false
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
const mountable = canMount()

async function mountTmpfs(options: string): Promise<string> {
  const dir = await tempDir('mnt')
  execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir])
  cleanup.push(async () => {
    execFileSync('umount', ['-l', dir])
  })
  return dir
}

describe.skipIf(!mountable)('faults: an unusable data folder (tmpfs mounts; needs root)', () => {
  it('a read-only data folder: one clear message and exit code 1, quickly', async () => {
    const mount = await mountTmpfs('ro,size=1m')
    for (const dataDir of [mount, join(mount, 'data')]) {
      const result = await runChildBackendToExit(dataDir)
      expect(result.code, result.output).toBe(1)
      expect(result.output).toMatch(
        new RegExp(
          `Could not start the local backend: The data folder ${dataDir} (is on a read-only file system|cannot be created)`
        )
      )
      expect(result.output).not.toMatch(/\[object Object\]|ErrnoError|at .*\.ts:\d+/)
      expect(result.ms).toBeLessThan(30_000)
    }
  })

  it('a full disk (2 MB tmpfs): one clear message and exit code 1, not a crash or a hang', async () => {
    const mount = await mountTmpfs('size=2m')
    const result = await runChildBackendToExit(join(mount, 'data'))
    expect(result.code, result.output).toBe(1)
    expect(result.output).toContain(
      `Could not start the local backend: The data folder ${join(mount, 'data')} is on a disk with no space left.`
    )
    expect(result.output).not.toMatch(/\[object Object\]|ErrnoError/)
  })

  it('a disk that fills up while running: uploads fail with an error, the backend keeps serving', async () => {
    const mount = await mountTmpfs('size=96m')
    const dataDir = await copyOfTemplate('', join(mount, 'data'))
    const child = await startChildBackend(dataDir)
    cleanup.push(() => child.kill9())
    const { client, userId } = await signUp(child.url, child.anonKey, 'fulldisk')
    // Fill what is left, then try to store a photo.
    const filler = join(mount, 'filler')
    for (const size of [1024 * 1024, 4096, 1]) {
      const chunk = Buffer.alloc(size)
      for (;;) {
        try {
          await appendFile(filler, chunk)
        } catch {
          break
        }
      }
    }
    const silence = vi_silence()
    const full = await createPost(client, {
      userId,
      caption: 'no space',
      photos: [{ bytes: PHOTO, declaredType: 'image/png' }]
    }).catch((e: Error) => e)
    silence.restore()
    expect(full).toBeInstanceOf(Error)
    expect((await fetch(`${child.url}/health`)).status).toBe(200)
    await rm(filler, { force: true })
    const retried = await createPost(client, {
      userId,
      caption: 'space again',
      photos: [{ bytes: PHOTO, declaredType: 'image/png' }]
    })
    expect(retried.caption).toBe('space again')
    await child.kill9()
  })
})

/** createPost logs the failed compensation with console.error; keep the test output readable. */
function vi_silence(): { restore(): void } {
  const original = console.error
  console.error = () => undefined
  return { restore: () => (console.error = original) }
}
