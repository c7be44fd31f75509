// The hostile-request bench: each attack of hostile-attacks.ts run alone
// against a backend process holding 20,000 posts (one with 4,600 comments), while a prober reads
// one row every 50 ms. For each attack: its own time and status, the prober's worst latency
// while it ran, and whether the backend answered /health afterwards (if not, or if the attack
// outlived its client-side timeout, the backend is killed and restarted from its data folder, so
// one attack never skews the next). The prober runs in a thread of its own (hostile-prober.ts).
// The goal (goalMet): on PostgreSQL the prober's worst latency ≤ 250 ms during every attack; on
// PGlite, one engine for everyone, every request a web page can send refused, and every other
// attack refused or the prober ≤ 250 ms.

import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_AUTH_CONFIG } from '../../src/backend/auth/config'
import bcrypt from 'bcryptjs'
import { insertUser, startHarness } from '../support/backend-harness'
import { startChildBackend, type ChildBackend } from '../support/child-backend'
import { createTestDatabase, type DatabaseKind } from '../support/databases'
import { startPostgresServer } from '../support/postgres-server'
import {
  ATTACKS,
  ATTACK_TIMEOUT_MS,
  HIDDEN_WORDS,
  type Attack,
  type Target
} from './hostile-attacks'
import { probeClock, Prober } from './hostile-prober'

export const HOSTILE_POSTS = 20_000
const USERS = 60
/** Comments on the attacked post (the hidden-words attack rechecks them all). */
const COMMENTS = 4_600
const PASSWORD = 'hostile-password'
const PROBE_EVERY_MS = 50
export const PROBER_GOAL_MS = 250
/** The warm-up before the attacks, and the quiet window measured after it. */
const BASELINE_MS = 2_000

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

export interface AttackResult {
  name: string
  webPage: boolean
  ms: number
  status: string
  refused: boolean
  proberWorstMs: number
  probes: number
  healthyAfter: boolean
}

export interface HostileResults {
  kind: DatabaseKind
  posts: number
  attacks: AttackResult[]
  /** The machine's 1-minute load average before and after the run (2 cores are shared). */
  load: [number, number]
  /** The prober's worst latency over a quiet window before the first attack: the noise floor. */
  baselineWorstMs: number
}

/** What the goal asks of an attack on `kind`, in words. */
export function goalFor(kind: DatabaseKind, attack: Pick<Attack, 'webPage'>): string {
  if (kind === 'postgres') return `prober ≤ ${PROBER_GOAL_MS} ms`
  return attack.webPage ? 'refused' : `refused or prober ≤ ${PROBER_GOAL_MS} ms`
}

/** Whether `result` meets the goal on `kind`. */
export function goalMet(kind: DatabaseKind, result: AttackResult): boolean {
  const prompt = result.proberWorstMs <= PROBER_GOAL_MS
  if (kind === 'postgres') return prompt
  return result.webPage ? result.refused : result.refused || prompt
}

type Seeded = Omit<Target, 'url' | 'anonKey'>

async function seed(dataDir: string, databaseUrl: string | undefined): Promise<Seeded> {
  const { backend } = await startHarness(databaseUrl ? 'postgres' : 'pglite', '', {
    dataDir,
    databaseUrl,
    // GoTrue's bcrypt cost, as a real install hashes.
    passwordCost: DEFAULT_AUTH_CONFIG.passwordCost
  })
  try {
    const users = []
    for (let i = 0; i < USERS; i++) users.push(await insertUser(backend, `hostile_${i}`))
    const ids = users.map((u) => u.id)
    await backend.db.query(
      `insert into public.posts (user_id, image_url, caption, created_at)
       select ($1::uuid[])[1 + (i % $2)],
              'http://127.0.0.1:54321/storage/v1/object/public/images/posts/'
                || ($1::uuid[])[1 + (i % $2)] || '/' || i || '.webp',
              'Hostile bench post ' || i, now() - i * interval '30 seconds'
       from generate_series(1, $3::int) as i`,
      [ids, USERS, HOSTILE_POSTS]
    )
    // One password for everyone, hashed once as GoTrue stores it (bcrypt, cost 10, $2a$).
    const hash = await bcrypt.hash(PASSWORD, (await bcrypt.genSalt(10)).replace('$2b$', '$2a$'))
    await backend.db.query('update auth.users set encrypted_password = $1 where id = any($2)', [
      hash,
      ids
    ])
    const { rows } = await backend.db.query<{ id: string }>(
      'select id from public.posts where user_id = $1 limit 1',
      [ids[0]]
    )
    // 4,600 comments by the others on the first user's post, half with a word the author will
    // hide; and the comment the backreference regex is run against: 2,001 a's, which
    // `^(a*)(a*)\1\2\1\2a$` cannot match (3 × (x + y) + 1 ≠ 2,001) but must try every split to know.
    await backend.db.query(
      `insert into public.comments (post_id, user_id, body)
       select $1, ($2::uuid[])[2 + (i % ($3 - 1))],
              'comment ' || i || case when i % 2 = 0 then ' ' || ($4::text[])[1 + (i % 20)] else '' end
       from generate_series(1, $5::int) as i`,
      [rows[0].id, ids, USERS, HIDDEN_WORDS, COMMENTS]
    )
    await backend.db.query(
      'insert into public.comments (post_id, user_id, body) values ($1, $2, $3)',
      [rows[0].id, ids[1], 'a'.repeat(2_001)]
    )
    await backend.db.exec('analyze')
    const emails = await backend.db.query<{ email: string }>(
      'select email from auth.users where id = any($1)',
      [ids]
    )
    return {
      userToken: users[0].token,
      userId: users[0].id,
      postId: rows[0].id,
      usernames: users.map((u) => u.username),
      emails: emails.rows.map((r) => r.email),
      password: PASSWORD
    }
  } finally {
    await backend.close()
  }
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/health`, { signal: AbortSignal.timeout(5_000) })).ok
  } catch {
    return false
  }
}

export async function measureHostile(kind: DatabaseKind): Promise<HostileResults> {
  const dataDir = await mkdtemp(join(tmpdir(), `bench-hostile-${kind}-`))
  const server = kind === 'postgres' ? await startPostgresServer() : null
  try {
    const databaseUrl = server ? await createTestDatabase(server.url) : undefined
    const seeded = await seed(dataDir, databaseUrl)
    const env = databaseUrl ? { DATABASE_URL: databaseUrl } : {}
    let backend: ChildBackend = await startChildBackend(dataDir, env)
    const target = (): Target => ({ ...seeded, url: backend.url, anonKey: backend.anonKey })
    const prober = new Prober(target(), PROBE_EVERY_MS)
    const attacks: AttackResult[] = []
    const loadBefore = loadavg()[0]
    // A warm-up, then a quiet window: what the prober sees with no attack at all.
    await sleep(BASELINE_MS)
    const quietFrom = probeClock()
    await sleep(BASELINE_MS)
    const baselineWorstMs = (await prober.worstSince(quietFrom)).worst
    console.log(`  no attack (${BASELINE_MS} ms): prober worst ${baselineWorstMs.toFixed(0)} ms`)
    try {
      for (const attack of ATTACKS) {
        await sleep(500) // a quiet moment between attacks
        const startedAt = probeClock()
        const started = performance.now()
        const outcome = await attack
          .run(target())
          .catch((error: Error) => ({ status: `error: ${error.message}`, refused: false }))
        const ms = performance.now() - started
        const { worst, probes } = await prober.worstSince(startedAt)
        const healthyAfter = ms < ATTACK_TIMEOUT_MS && (await healthy(backend.url))
        const result: AttackResult = {
          name: attack.name,
          webPage: attack.webPage ?? false,
          ms,
          ...outcome,
          proberWorstMs: worst,
          probes,
          healthyAfter
        }
        attacks.push(result)
        console.log(
          `  ${attack.name}: ${outcome.status} in ${ms.toFixed(0)} ms; prober worst ` +
            `${worst.toFixed(0)} ms; goal (${goalFor(kind, attack)}) ` +
            `${goalMet(kind, result) ? 'met' : 'NOT met'}`
        )
        if (!healthyAfter) {
          await backend.kill9()
          backend = await startChildBackend(dataDir, env)
          prober.retarget(target())
        }
      }
    } finally {
      await prober.stop()
      await backend.kill9()
    }
    return {
      kind,
      posts: HOSTILE_POSTS,
      attacks,
      load: [loadBefore, loadavg()[0]],
      baselineWorstMs
    }
  } finally {
    server?.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

const fmt = (ms: number): string =>
  ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(0)} ms`

/** The "Hostile requests" section of docs/performance.md. */
export function renderHostile(results: HostileResults[]): string[] {
  const lines = [
    '## Hostile requests',
    '',
    'Each attack of `tests/bench/hostile-attacks.ts` alone against a backend',
    `process holding ${HOSTILE_POSTS.toLocaleString('en')} posts (one with ` +
      `${COMMENTS.toLocaleString('en')} comments), while a prober in a thread of its own reads ` +
      `one row every ${PROBE_EVERY_MS} ms (\`npm run bench:hostile\`).`,
    `Goal: on PostgreSQL, the prober's worst latency ≤ ${PROBER_GOAL_MS} ms during every attack; ` +
      'on PGlite (one engine for everyone), every request a web page can send refused, and ' +
      `every other attack refused or the prober ≤ ${PROBER_GOAL_MS} ms. That a refusal comes ` +
      'before any SQL is proven by the tests (`tests/integration/hardening/stall-shapes.test.ts`).',
    `An attack still running after ${ATTACK_TIMEOUT_MS / 1000} s is abandoned by its client and ` +
      'the backend restarted ("restarted" below).',
    ''
  ]
  for (const result of results) {
    const met = result.attacks.filter((a) => goalMet(result.kind, a)).length
    lines.push(
      `### ${result.kind === 'pglite' ? 'PGlite' : 'PostgreSQL 15'}`,
      '',
      `${met} of ${result.attacks.length} attacks meet the goal. Machine load (1 min, 2 cores): ` +
        `${result.load[0].toFixed(1)} before, ${result.load[1].toFixed(1)} after; the prober's ` +
        `worst with no attack (${BASELINE_MS / 1000} s): ${fmt(result.baselineWorstMs)}.`,
      '',
      '| Attack | Status | Its time | Prober worst | Goal | Met | After |',
      '| --- | --- | ---: | ---: | --- | --- | --- |'
    )
    for (const a of result.attacks) {
      lines.push(
        `| ${a.name} | ${a.status} | ${fmt(a.ms)} | ` +
          // An attack shorter than the probe interval may overlap no probe at all.
          `${a.probes === 0 ? '— (no probe overlapped)' : fmt(a.proberWorstMs)} | ` +
          `${goalFor(result.kind, a)} | ${goalMet(result.kind, a) ? 'yes' : '**no**'} | ` +
          `${a.healthyAfter ? 'healthy' : 'restarted'} |`
      )
    }
    lines.push('')
  }
  return lines
}
