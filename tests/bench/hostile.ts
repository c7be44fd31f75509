// The hostile-request bench (issue #23): each attack of hostile-attacks.ts run alone against a
// backend process holding 20,000 posts, while a prober reads one row every 50 ms. For each
// attack: its own time and status, the prober's worst latency while it ran, and whether the
// backend answered /health afterwards (if not, or if the attack outlived its client-side
// timeout, the backend is killed and restarted from its data folder, so one attack never
// skews the next). The goal: the prober's worst latency ≤ 250 ms during every attack.

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { insertUser, startHarness } from '../support/backend-harness'
import { startChildBackend, type ChildBackend } from '../support/child-backend'
import { createTestDatabase, type DatabaseKind } from '../support/databases'
import { startPostgresServer } from '../support/postgres-server'
import { ATTACKS, ATTACK_TIMEOUT_MS, type Target } from './hostile-attacks'

export const HOSTILE_POSTS = 20_000
const USERS = 60
const PROBE_EVERY_MS = 50
export const PROBER_GOAL_MS = 250
const BURST_PASSWORD = 'hostile-bench-password'

export interface AttackResult {
  name: string
  ms: number
  status: string
  proberWorstMs: number
  probes: number
  healthyAfter: boolean
}

export interface HostileResults {
  kind: DatabaseKind
  posts: number
  attacks: AttackResult[]
}

type Seeded = Omit<Target, 'url' | 'anonKey'>

async function seed(dataDir: string, databaseUrl: string | undefined): Promise<Seeded> {
  const { backend } = await startHarness(databaseUrl ? 'postgres' : 'pglite', '', {
    dataDir,
    databaseUrl
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
    const { rows } = await backend.db.query<{ id: string }>('select id from public.posts limit 1')
    // The comment the backreference regex is run against: 2,001 a's, which `^(a*)(a*)\1\2\1\2a$`
    // cannot match (3 × (x + y) + 1 ≠ 2,001) but must try every split to know.
    await backend.db.query(
      'insert into public.comments (post_id, user_id, body) values ($1, $2, $3)',
      [rows[0].id, ids[0], 'a'.repeat(2_001)]
    )
    // A real bcrypt password (cost 10, as the auth server stores them) for the sign-in bursts.
    await backend.db.query(
      `update auth.users set encrypted_password = extensions.crypt($2, extensions.gen_salt('bf', 10))
        where id = $1`,
      [ids[0], BURST_PASSWORD]
    )
    await backend.db.exec('analyze')
    return {
      userToken: users[0].token,
      userId: users[0].id,
      postId: rows[0].id,
      usernames: users.map((u) => u.username),
      email: `${users[0].username}@example.com`,
      password: BURST_PASSWORD
    }
  } finally {
    await backend.close()
  }
}

/** Reads one row every 50 ms and keeps every latency with the time it ended. */
class Prober {
  private readonly samples: { end: number; ms: number }[] = []
  private running = true
  private inFlight: Promise<void> = Promise.resolve()
  private readonly loop: Promise<void>

  constructor(private target: () => Target) {
    this.loop = this.run()
  }

  private async run(): Promise<void> {
    while (this.running) {
      const started = performance.now()
      const t = this.target()
      this.inFlight = fetch(`${t.url}/rest/v1/posts?select=id&id=eq.${t.postId}`, {
        headers: { apikey: t.anonKey, authorization: `Bearer ${t.anonKey}` },
        signal: AbortSignal.timeout(60_000)
      })
        .then((response) => response.arrayBuffer())
        .then(
          () => undefined,
          () => undefined
        )
      await this.inFlight
      const end = performance.now()
      this.samples.push({ end, ms: end - started })
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, PROBE_EVERY_MS - (end - started)))
      )
    }
  }

  /** The worst latency of the probes that were running at any moment since `since`. */
  async worstSince(since: number): Promise<{ worst: number; probes: number }> {
    await this.inFlight
    const during = this.samples.filter((s) => s.end >= since)
    return { worst: Math.max(0, ...during.map((s) => s.ms)), probes: during.length }
  }

  async stop(): Promise<void> {
    this.running = false
    await this.loop
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
    const prober = new Prober(target)
    const attacks: AttackResult[] = []
    try {
      for (const attack of ATTACKS) {
        await new Promise((resolve) => setTimeout(resolve, 500)) // a quiet baseline between
        const started = performance.now()
        const status = await attack.run(target()).catch((error: Error) => `error: ${error.message}`)
        const ms = performance.now() - started
        const { worst, probes } = await prober.worstSince(started)
        const healthyAfter = ms < ATTACK_TIMEOUT_MS && (await healthy(backend.url))
        attacks.push({ name: attack.name, ms, status, proberWorstMs: worst, probes, healthyAfter })
        console.log(
          `  ${attack.name}: ${status} in ${ms.toFixed(0)} ms; prober worst ${worst.toFixed(0)} ms`
        )
        if (!healthyAfter) {
          await backend.kill9()
          backend = await startChildBackend(dataDir, env)
        }
      }
    } finally {
      await prober.stop()
      await backend.kill9()
    }
    return { kind, posts: HOSTILE_POSTS, attacks }
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
    'Each attack of issue #23 (`tests/bench/hostile-attacks.ts`) alone against a backend process',
    `holding ${HOSTILE_POSTS.toLocaleString('en')} posts, while a prober reads one row every ` +
      `${PROBE_EVERY_MS} ms (\`npm run bench:hostile\`).`,
    `Goal: the prober's worst latency ≤ ${PROBER_GOAL_MS} ms during every attack, and the backend ` +
      'healthy after.',
    `An attack still running after ${ATTACK_TIMEOUT_MS / 1000} s is abandoned by its client and ` +
      'the backend restarted ("restarted" below).',
    ''
  ]
  for (const result of results) {
    lines.push(
      `### ${result.kind === 'pglite' ? 'PGlite' : 'PostgreSQL 15'}`,
      '',
      '| Attack | Status | Its time | Prober worst | Goal met | After |',
      '| --- | --- | ---: | ---: | --- | --- |'
    )
    for (const a of result.attacks) {
      lines.push(
        `| ${a.name} | ${a.status} | ${fmt(a.ms)} | ` +
          // An attack shorter than the probe interval may overlap no probe at all.
          `${a.probes === 0 ? '— (no probe overlapped)' : fmt(a.proberWorstMs)} | ` +
          `${a.proberWorstMs <= PROBER_GOAL_MS ? 'yes' : '**no**'} | ` +
          `${a.healthyAfter ? 'healthy' : 'restarted'} |`
      )
    }
    lines.push('')
  }
  return lines
}
