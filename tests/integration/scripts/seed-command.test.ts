// The README's demo command, run as it is written there (`npm run seed -- --posts N`), with a
// small N and a data folder the backend made before: it must fill the folder with users, posts, follows and
// likes (more than one write's row cap of likes), and the demo users must sign in with the
// password the README names. Then the folder is opened as the app would open it.

import { execFile } from 'node:child_process'
import { readFile, rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_REST_LIMITS } from '../../../src/backend/request-limits'
import { DEMO_PASSWORD } from '../../../scripts/lib/seed'
import { startHarness, type Harness } from '../../support/backend-harness'
import { migratedDataFolder } from '../../support/migrated-folder'

const ROOT = resolve(__dirname, '../../..')
const POSTS = 40

/** The seed command as README.md writes it, with N given. */
async function readmeSeedCommand(posts: number): Promise<string[]> {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8')
  const written = /`(npm run seed -- --posts N)`/.exec(readme)?.[1]
  if (!written) throw new Error('README.md no longer shows `npm run seed -- --posts N`')
  return written.replace(/\bN\b/, String(posts)).split(' ')
}

describe('the README seed command', () => {
  let dataDir: string
  let output: string
  let harness: Harness

  beforeAll(async () => {
    // A folder the backend has already made (seeding is what is tested, not a first start).
    dataDir = await migratedDataFolder()
    const [command, ...args] = await readmeSeedCommand(POSTS)
    // On the embedded database in a folder of its own (the command's --data option).
    const env = { ...process.env, DATABASE_URL: '', SEED_URL: '' }
    const run = await promisify(execFile)(command, [...args, '--data', dataDir], {
      cwd: ROOT,
      env,
      timeout: 240_000
    })
    output = run.stdout
    harness = await startHarness('pglite', '', { dataDir })
  }, 300_000)

  afterAll(async () => {
    await harness?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('says it is done and where', () => {
    expect(output).toContain(`Seeded ${dataDir}`)
    expect(output).toContain(`sign in with the password "${DEMO_PASSWORD}"`)
  })

  it('leaves users, posts, follows and more likes than one write may carry', async () => {
    const count = async (table: string): Promise<number> => {
      const { rows } = await harness.backend.db.query<{ n: number }>(
        `select count(*)::int as n from public.${table}`
      )
      return rows[0].n
    }
    expect(await count('profiles')).toBe(24)
    expect(await count('posts')).toBe(POSTS)
    expect(await count('follows')).toBeGreaterThan(0)
    expect(await count('likes')).toBeGreaterThan(DEFAULT_REST_LIMITS.maxRowsPerWrite)
  })

  it('lets a demo user sign in with the demo password and read the feed', async () => {
    const client = harness.anon()
    const { rows } = await harness.backend.db.query<{ email: string }>(
      'select email from auth.users order by email limit 1'
    )
    const { error } = await client.auth.signInWithPassword({
      email: rows[0].email,
      password: DEMO_PASSWORD
    })
    expect(error).toBeNull()
    const { data } = await client.from('posts').select('id').limit(5)
    expect(data).toHaveLength(5)
  })
})
