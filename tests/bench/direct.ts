// Direct messages on the local backend (in a process of its own): from the moment a sender
// calls sendMessage (the REST insert and its answer included) to the recipient's supabase-js
// callback, with 20 signed-in users online, each subscribed to their direct messages (so every
// message is checked once per user under row-level security, and reaches only the recipient).
//
// Runs alone with `npm run bench:direct`, writing the "## Direct messages" section.

import { randomUUID } from 'node:crypto'
import { loadavg } from 'node:os'
import type { SupabaseClient } from '@supabase/supabase-js'
import { subscribeToDirect } from '../../src/shared/data/direct/live'
import { sendMessage } from '../../src/shared/data/direct/messages'
import { startThread } from '../../src/shared/data/direct/threads'
import { createTestDatabase, type DatabaseKind } from '../support/databases'
import { startPostgresServer } from '../support/postgres-server'
import { signUp, startServer, summary } from './realtime'
import { ms, type Timing } from './stats'

export interface DirectResults {
  kind: DatabaseKind
  messages: number
  users: number
  sendToCallback: Timing
  /** Messages that reached someone outside the thread (must be 0). */
  leaked: number
  load: { start: number; end: number }
}

const MESSAGES = 100
const USERS = 20
const WARM_UP = 5

async function userId(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getUser()
  return data.user!.id
}

/** Joins every client's direct subscription; resolves once all are joined. */
async function subscribeAll(
  clients: SupabaseClient[],
  onMessage: (reader: number, id: string) => void
): Promise<Array<() => Promise<void>>> {
  const stops = clients.map((client, reader) =>
    subscribeToDirect(client, {
      onMessage: (row) => onMessage(reader, row.id),
      onUnsend: () => undefined,
      onHeart: () => undefined,
      onParticipant: () => undefined,
      onResync: () => undefined
    })
  )
  const joined = (): boolean =>
    clients.every((client) => client.getChannels().every((c) => c.state === 'joined'))
  for (let i = 0; i < 500 && !joined(); i++) await new Promise((r) => setTimeout(r, 20))
  if (!joined()) throw new Error('not every bench user joined')
  return stops
}

async function measureOn(kind: DatabaseKind, databaseUrl?: string): Promise<DirectResults> {
  const loadAtStart = loadavg()[0]
  const server = await startServer(databaseUrl)
  const clients: SupabaseClient[] = []
  try {
    const { url, anonKey } = server
    for (let i = 0; i < USERS; i++) clients.push(await signUp(url, anonKey, `dm${i}`))
    const [sender, recipient] = clients
    const [senderId, recipientId] = await Promise.all([userId(sender), userId(recipient)])
    const thread = await startThread(sender, [recipientId])
    // The recipient accepts, as the app's Accept does, so both may write.
    await recipient
      .from('direct_participants')
      .update({ state: 'accepted' })
      .eq('thread_id', thread)
      .eq('user_id', recipientId)

    let waiting: { id: string; done: () => void } | null = null
    let leaked = 0
    const stops = await subscribeAll(clients, (reader, id) => {
      if (reader > 1) leaked += 1
      if (reader === 1 && waiting?.id === id) waiting.done()
    })
    const samples: number[] = []
    for (let i = 0; i < MESSAGES + WARM_UP; i++) {
      const id = randomUUID()
      const arrived = new Promise<void>((done) => (waiting = { id, done }))
      const started = performance.now()
      await sendMessage(sender, { id, threadId: thread, senderId }, { kind: 'text', body: `m${i}` })
      await arrived
      if (i >= WARM_UP) samples.push(performance.now() - started)
    }
    await Promise.all(stops.map((stop) => stop()))
    return {
      kind,
      messages: MESSAGES,
      users: USERS,
      sendToCallback: summary(samples),
      leaked,
      load: { start: loadAtStart, end: loadavg()[0] }
    }
  } finally {
    await Promise.all(clients.map((c) => c.removeAllChannels()))
    await server.stop()
  }
}

/** On in-memory PGlite, or on a PostgreSQL server the bench starts for the run. */
export async function measureDirect(kind: DatabaseKind): Promise<DirectResults> {
  const postgres = kind === 'postgres' ? await startPostgresServer() : null
  try {
    const databaseUrl = postgres ? await createTestDatabase(postgres.url) : undefined
    return await measureOn(kind, databaseUrl)
  } finally {
    postgres?.stop()
  }
}

const NAMES: Record<DatabaseKind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' }

export function renderDirectSection(all: readonly DirectResults[]): string[] {
  const [first] = all
  return [
    '## Direct messages',
    '',
    `Send → the recipient's callback: from calling \`sendMessage\` (the REST insert and its ` +
      `answer included) to the recipient's supabase-js \`postgres_changes\` callback, over ` +
      `${first.messages} messages sent one at a time, with ${first.users} signed-in users ` +
      'online, each subscribed to their direct messages (each message is checked once per user ' +
      'under row-level security). Goal: p95 ≤ 50 ms. The machine is shared: its 1-minute load ' +
      'average was ' +
      all
        .map((r) => `${r.load.start.toFixed(1)} → ${r.load.end.toFixed(1)} (${NAMES[r.kind]})`)
        .join(', ') +
      '.',
    '',
    '| Database | Send → callback p50 / p95 | Messages that reached someone outside the thread |',
    '| --- | --- | --- |',
    ...all.map(
      (r) =>
        `| ${NAMES[r.kind]} | ${ms(r.sendToCallback.p50)} / ${ms(r.sendToCallback.p95)} | ${r.leaked} |`
    ),
    ''
  ]
}
