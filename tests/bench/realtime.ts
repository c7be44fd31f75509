// Realtime on the local backend, in a process of its own (as in the desktop app): how long a
// change takes from its commit to the subscriber's supabase-js callback, with one subscriber
// and with several signed-in users (each needs its own row-level-security check), how much
// memory an idle subscribed socket costs the backend, and broadcast latency in a room of
// signed-in users (realtime-broadcast.ts).
//
// Commit time is the change's commit_timestamp (stamped by the capture trigger just before
// the commit, on the same machine clock as the bench), so the latency is commit → callback.
//
// Runs inside `npm run bench`; alone (writing only its section): `npm run bench:realtime`.

import { fork, type ChildProcess } from 'node:child_process'
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { WebSocket } from 'ws'
import { signUpWith } from '../support/backend-harness'
import { createTestDatabase, type DatabaseKind } from '../support/databases'
import { startPostgresServer } from '../support/postgres-server'
import { renderBroadcastLines, timeBroadcasts, type BroadcastResults } from './realtime-broadcast'
import type { MemoryReport } from './realtime-server'
import { kb, mb, ms, percentile, type Timing } from './stats'

export interface RealtimeResults {
  kind: DatabaseKind
  events: number
  oneSubscriber: Timing
  manySubscribers: { users: number; timing: Timing }
  broadcast: BroadcastResults
  idle: { sockets: number; heapBeforeBytes: number; heapAfterBytes: number; perSocketBytes: number }
  /** The machine's 1-minute load average when the run started and ended (it is shared). */
  load: { start: number; end: number }
}

const EVENTS = 100
const USERS = 20
const IDLE_SOCKETS = 1_000

function client(url: string, anonKey: string): SupabaseClient {
  return createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never }
  })
}

export async function signUp(url: string, anonKey: string, name: string): Promise<SupabaseClient> {
  return (await signUpWith(client(url, anonKey), name, { password: 'bench-password' })).client
}

/** Wall-clock milliseconds with microseconds, from a commit_timestamp like 2026-…T…:12.345678Z. */
function commitMillis(stamp: string): number {
  const match = /^(.*\.\d{3})(\d*)Z$/.exec(stamp)
  if (!match) return Date.parse(stamp)
  return Date.parse(`${match[1]}Z`) + Number(`0.${match[2] || '0'}`)
}

const now = (): number => performance.timeOrigin + performance.now()

export function summary(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b)
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), runs: sorted.length }
}

/** Subscribes `readers` to updates of `postId`; resolves once all joined. */
async function watchPost(
  readers: SupabaseClient[],
  postId: string,
  onChange: (reader: number, commitTimestamp: string) => void
): Promise<void> {
  await Promise.all(
    readers.map(
      (reader, index) =>
        new Promise<void>((resolve, reject) => {
          reader
            .channel(`bench-${index}-${postId}`)
            .on(
              'postgres_changes',
              { event: 'UPDATE', schema: 'public', table: 'posts', filter: `id=eq.${postId}` },
              (change) => onChange(index, change.commit_timestamp)
            )
            .subscribe((status, error) => {
              if (status === 'SUBSCRIBED') resolve()
              else if (status === 'CHANNEL_ERROR') reject(error ?? new Error(status))
            })
        })
    )
  )
}

/** Updates the post EVENTS times, one at a time; per event, commit → last reader's callback. */
async function timeUpdates(
  writer: SupabaseClient,
  readers: SupabaseClient[],
  postId: string
): Promise<Timing> {
  let pending: { seen: Set<number>; done: () => void } | null = null
  let latest = 0
  await watchPost(readers, postId, (reader, stamp) => {
    if (!pending) return
    pending.seen.add(reader)
    latest = Math.max(latest, now() - commitMillis(stamp))
    if (pending.seen.size === readers.length) pending.done()
  })
  const samples: number[] = []
  for (let i = 0; i < EVENTS + 5; i++) {
    latest = 0
    const arrived = new Promise<void>((done) => (pending = { seen: new Set(), done }))
    const { error } = await writer
      .from('posts')
      .update({ caption: `edit ${i}` })
      .eq('id', postId)
    if (error) throw new Error(error.message)
    await arrived
    pending = null
    if (i >= 5) samples.push(latest) // the first few warm up plans and connections
  }
  return summary(samples)
}

interface BenchServer {
  url: string
  anonKey: string
  memory(): Promise<MemoryReport>
  stop(): Promise<void>
}

/** tests/bench/realtime-server.ts in a child process with --expose-gc. */
export function startServer(databaseUrl?: string): Promise<BenchServer> {
  const child: ChildProcess = fork(resolve(__dirname, 'realtime-server.ts'), [], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, DATABASE_URL: databaseUrl ?? '' }
  })
  const next = <T>(): Promise<T> =>
    new Promise((resolveMessage, reject) => {
      child.once('message', (message) => resolveMessage(message as T))
      child.once('exit', (code) => reject(new Error(`bench backend exited with ${code}`)))
    })
  return next<{ url: string; anonKey: string }>().then(({ url, anonKey }) => ({
    url,
    anonKey,
    memory() {
      const report = next<MemoryReport>()
      child.send('memory')
      return report
    },
    stop: () =>
      new Promise<void>((done) => {
        child.once('exit', () => done())
        child.disconnect()
      })
  }))
}

/** Raw protocol clients, each with one joined postgres_changes channel, then left idle. */
async function openIdleSockets(url: string, anonKey: string, count: number): Promise<WebSocket[]> {
  const endpoint = `${url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${anonKey}&vsn=2.0.0`
  const sockets: WebSocket[] = []
  for (let i = 0; i < count; i++) {
    const socket = new WebSocket(endpoint)
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject)
      socket.once('open', () => {
        const config = {
          postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'posts' }]
        }
        socket.send(JSON.stringify(['1', '1', `realtime:idle-${i}`, 'phx_join', { config }]))
      })
      socket.on('message', (data) => {
        const [, ref, , event, payload] = JSON.parse(data.toString())
        if (ref !== '1' || event !== 'phx_reply') return
        if (payload.status === 'ok') resolve()
        else reject(new Error(JSON.stringify(payload)))
      })
    })
    sockets.push(socket)
  }
  return sockets
}

/** On in-memory PGlite, or on a PostgreSQL server the bench starts for the run. */
export async function measureRealtime(kind: DatabaseKind): Promise<RealtimeResults> {
  const postgres = kind === 'postgres' ? await startPostgresServer() : null
  try {
    const databaseUrl = postgres ? await createTestDatabase(postgres.url) : undefined
    return await measureOn(kind, databaseUrl)
  } finally {
    postgres?.stop()
  }
}

async function measureOn(kind: DatabaseKind, databaseUrl?: string): Promise<RealtimeResults> {
  const loadAtStart = loadavg()[0]
  const server = await startServer(databaseUrl)
  const clients: SupabaseClient[] = []
  try {
    const { url, anonKey } = server
    const writer = await signUp(url, anonKey, 'writer')
    const { data: user } = await writer.auth.getUser()
    const { data: post, error } = await writer
      .from('posts')
      .insert({
        user_id: user.user!.id,
        image_url: `${url}/storage/v1/object/public/images/posts/${user.user!.id}/b.png`
      })
      .select('id')
      .single()
    if (error) throw new Error(error.message)
    const readers: SupabaseClient[] = []
    for (let i = 0; i < USERS; i++) readers.push(await signUp(url, anonKey, `reader${i}`))
    clients.push(writer, ...readers)

    const oneSubscriber = await timeUpdates(writer, readers.slice(0, 1), post.id)
    await Promise.all(readers.map((reader) => reader.removeAllChannels()))
    const many = await timeUpdates(writer, readers, post.id)
    await Promise.all(clients.map((c) => c.removeAllChannels()))
    const broadcast = await timeBroadcasts(readers, EVENTS)

    const before = await server.memory()
    const sockets = await openIdleSockets(url, anonKey, IDLE_SOCKETS)
    const after = await server.memory()
    if (after.connections - before.connections !== IDLE_SOCKETS) {
      throw new Error(`expected ${IDLE_SOCKETS} more connections, got ${after.connections}`)
    }
    for (const socket of sockets) socket.close()
    return {
      kind,
      events: EVENTS,
      oneSubscriber,
      manySubscribers: { users: USERS, timing: many },
      broadcast,
      idle: {
        sockets: IDLE_SOCKETS,
        heapBeforeBytes: before.heapAndExternal,
        heapAfterBytes: after.heapAndExternal,
        perSocketBytes: (after.heapAndExternal - before.heapAndExternal) / IDLE_SOCKETS
      },
      load: { start: loadAtStart, end: loadavg()[0] }
    }
  } finally {
    await Promise.all(clients.map((c) => c.removeAllChannels()))
    await server.stop()
  }
}

const count = (value: number): string => value.toLocaleString('en')

const DATABASE_NAMES: Record<DatabaseKind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' }

/** The "## Realtime" section of docs/performance.md: one row per database measured. */
export function renderRealtimeSection(all: readonly RealtimeResults[]): string[] {
  const [first] = all
  const timing = (t: Timing): string => `${ms(t.p50)} / ${ms(t.p95)}`
  return [
    '## Realtime',
    '',
    'The backend in a process of its own; supabase-js subscribers in the bench process, each ' +
      "subscribed to UPDATEs of one post. Latency runs from the commit (the change's " +
      'commit_timestamp, stamped by the capture trigger) to the supabase-js callback, over ' +
      `${count(first.events)} caption edits made one at a time. With several users, ` +
      'every change is checked once per user under row-level security; the time is until the ' +
      'last of them has it. The machine is shared: its 1-minute load average was ' +
      all
        .map(
          (r) =>
            `${r.load.start.toFixed(1)} → ${r.load.end.toFixed(1)} during the ` +
            `${DATABASE_NAMES[r.kind]} run`
        )
        .join(' and ') +
      '.',
    '',
    `| Database | 1 user, commit → callback p50 / p95 | ${first.manySubscribers.users} users ` +
      '| Idle subscribers held | Memory per idle subscriber |',
    '| --- | --- | --- | --- | --- |',
    ...all.map(
      (r) =>
        `| ${DATABASE_NAMES[r.kind]} | ${timing(r.oneSubscriber)} | ` +
        `${timing(r.manySubscribers.timing)} | ${count(r.idle.sockets)} | ` +
        `${kb(r.idle.perSocketBytes)} |`
    ),
    '',
    `Each idle subscriber is a socket with a joined postgres_changes channel; the memory is what ` +
      `${count(first.idle.sockets)} of them added to the backend's JS heap and external memory ` +
      `after a full GC (${all.map((r) => `${DATABASE_NAMES[r.kind]} ${mb(r.idle.heapBeforeBytes)} → ${mb(r.idle.heapAfterBytes)}`).join(', ')}), ` +
      'so memory is not what limits a backend below its cap of 10,000 sockets.',
    '',
    ...renderBroadcastLines(
      all.map((r) => ({
        database: DATABASE_NAMES[r.kind],
        broadcast: r.broadcast,
        events: r.events
      }))
    )
  ]
}
