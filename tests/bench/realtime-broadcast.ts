// Broadcast on the local backend: with USERS signed-in clients online in one room (each joined
// and tracking its presence, as the direct-message thread's typing indicator and "Active now"
// do), one client at a time sends a broadcast; the time runs from `channel.send()` to each
// other client's supabase-js callback, all in this process on one clock. The sender changes
// every event, so no socket is favoured.

import { randomUUID } from 'node:crypto'
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import { ms, percentile, type Timing } from './stats'

export interface BroadcastResults {
  users: number
  /** Send → one other client's callback, over every callback. */
  each: Timing
  /** Send → the last of the other clients' callbacks, per event. */
  last: Timing
}

const WARMUP = 5

const now = (): number => performance.now()

function summary(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b)
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), runs: sorted.length }
}

function joinRoom(
  client: SupabaseClient,
  topic: string,
  key: string,
  onTyping: (n: number) => void
): Promise<RealtimeChannel> {
  return new Promise((resolve, reject) => {
    const channel = client.channel(topic, { config: { presence: { key } } })
    channel
      .on('broadcast', { event: 'typing' }, ({ payload }) => onTyping((payload as { n: number }).n))
      .on('presence', { event: 'sync' }, () => undefined)
      .subscribe((status, error) => {
        if (status === 'SUBSCRIBED') resolve(channel)
        else if (status !== 'CLOSED') reject(error ?? new Error(status))
      })
  })
}

/** `events` broadcasts among `clients`, all online in one room; then they leave it. */
export async function timeBroadcasts(
  clients: SupabaseClient[],
  events: number
): Promise<BroadcastResults> {
  const topic = `bench-room-${randomUUID()}`
  const each: number[] = []
  const last: number[] = []
  let current = -1
  let sentAt = 0
  let heard = 0
  let arrived: () => void = () => undefined
  const channels = await Promise.all(
    clients.map((client, index) =>
      joinRoom(client, topic, `user-${index}`, (n) => {
        if (n !== current) return
        const latency = now() - sentAt
        if (n >= WARMUP) each.push(latency)
        if (++heard === clients.length - 1) {
          if (n >= WARMUP) last.push(latency)
          arrived()
        }
      })
    )
  )
  await Promise.all(channels.map((channel, index) => channel.track({ online: true, index })))
  for (let n = 0; n < events + WARMUP; n++) {
    const done = new Promise<void>((resolve) => (arrived = resolve))
    current = n
    heard = 0
    sentAt = now()
    const sent = await channels[n % channels.length].send({
      type: 'broadcast',
      event: 'typing',
      payload: { n, typing: true }
    })
    if (sent !== 'ok') throw new Error(`broadcast ${n}: ${sent}`)
    await done
  }
  await Promise.all(clients.map((client) => client.removeAllChannels()))
  return { users: clients.length, each: summary(each), last: summary(last) }
}

/** The broadcast sentence and table of the "## Realtime" section. */
export function renderBroadcastLines(
  all: readonly { database: string; broadcast: BroadcastResults; events: number }[]
): string[] {
  const [first] = all
  const timing = (t: Timing): string => `${ms(t.p50)} / ${ms(t.p95)}`
  return [
    `Broadcast: ${first.broadcast.users} signed-in clients joined to one room, each tracking ` +
      `its presence; ${first.events} broadcasts, each from the next client in turn, timed from ` +
      "`channel.send()` to the other clients' callbacks (goal: p95 ≤ 50 ms). Broadcasts touch " +
      'no database once a channel is joined (a private channel asks its policies once per join), ' +
      'so the two databases differ only in the machine load of the moment.',
    '',
    '| Database | send → each other client p50 / p95 | send → the last of them p50 / p95 |',
    '| --- | --- | --- |',
    ...all.map(
      (r) => `| ${r.database} | ${timing(r.broadcast.each)} | ${timing(r.broadcast.last)} |`
    ),
    ''
  ]
}
