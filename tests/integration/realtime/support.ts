// Realtime test helpers: supabase-js clients with a real WebSocket (Node 20 has none built in),
// users signed in through the backend's auth API, and a channel whose received changes can be
// awaited.

import { randomUUID } from 'node:crypto'
import {
  createClient,
  type RealtimeChannel,
  type RealtimePostgresChangesPayload,
  type SupabaseClient
} from '@supabase/supabase-js'
import { WebSocket } from 'ws'
import { signUpWith } from '../../support/backend-harness'

export type Change = RealtimePostgresChangesPayload<Record<string, unknown>>

/** `heartbeatIntervalMs`: how soon a silent connection is noticed (realtime-js's own check). */
export function realtimeClient(
  url: string,
  anonKey: string,
  heartbeatIntervalMs = 5_000
): SupabaseClient {
  return createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never, heartbeatIntervalMs }
  })
}

export interface User {
  client: SupabaseClient
  id: string
  email: string
  accessToken: string
}

/** A user signed up (tests/support's one way) on a client with a real WebSocket. */
export async function signUpUser(
  url: string,
  anonKey: string,
  name: string,
  heartbeatIntervalMs?: number
): Promise<User> {
  const user = await signUpWith(realtimeClient(url, anonKey, heartbeatIntervalMs), name)
  return { client: user.client, id: user.userId, email: user.email, accessToken: user.accessToken }
}

/** A photo post by `user` (the URL only has to look like this project's storage). */
export async function createPost(user: User, url: string): Promise<string> {
  const { data, error } = await user.client
    .from('posts')
    .insert({
      user_id: user.id,
      image_url: `${url}/storage/v1/object/public/images/posts/${user.id}/${randomUUID()}.png`
    })
    .select('id')
    .single()
  if (error) throw new Error(error.message)
  return data.id as string
}

export async function like(user: User, postId: string): Promise<string> {
  const { data, error } = await user.client
    .from('likes')
    .insert({ user_id: user.id, post_id: postId })
    .select('id')
    .single()
  if (error) throw new Error(error.message)
  return data.id as string
}

export type Status = 'SUBSCRIBED' | 'TIMED_OUT' | 'CLOSED' | 'CHANNEL_ERROR'

/** A channel plus everything it received, in order. */
export class Recorder {
  readonly changes: Change[] = []
  readonly statuses: Status[] = []
  readonly system: Record<string, unknown>[] = []
  private waiters: (() => void)[] = []

  constructor(readonly channel: RealtimeChannel) {
    channel.on('system', {}, (payload: Record<string, unknown>) => {
      this.system.push(payload)
      this.wake()
    })
  }

  record(change: Change): void {
    this.changes.push(change)
    this.wake()
  }

  /** Subscribes, recording every status the subscribe callback reports. */
  start(): void {
    this.channel.subscribe((status, error) => {
      this.statuses.push(status as Status)
      if (error) this.system.push({ subscribeError: error.message })
      this.wake()
    })
  }

  /** Subscribes and resolves once the server confirmed the join. */
  subscribe(): Promise<void> {
    this.start()
    return this.joined(1)
  }

  /** Resolves once the server confirmed the join `times` times in all (re-joins count). */
  joined(times: number, timeoutMs = 10_000): Promise<void> {
    return this.until(() => this.joins() >= times, `join number ${times}`, timeoutMs)
  }

  joins(): number {
    return this.statuses.filter((status) => status === 'SUBSCRIBED').length
  }

  /**
   * Waits until `check` holds, failing with `what` after `timeoutMs`. Checked on every event
   * of this channel, and every 50 ms for conditions on anything else.
   */
  until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
    if (check()) return Promise.resolve()
    return new Promise((resolve, reject) => {
      const poll = setInterval(() => onWake(), 50)
      const timer = setTimeout(() => {
        clearInterval(poll)
        this.waiters = this.waiters.filter((waiter) => waiter !== onWake)
        reject(
          new Error(
            `Timed out waiting for ${what}; statuses ${JSON.stringify(this.statuses)}, ` +
              `system ${JSON.stringify(this.system)}, changes ${this.changes.length}`
          )
        )
      }, timeoutMs)
      const onWake = (): void => {
        if (!check()) return
        clearTimeout(timer)
        clearInterval(poll)
        this.waiters = this.waiters.filter((waiter) => waiter !== onWake)
        resolve()
      }
      this.waiters.push(onWake)
    })
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter()
  }
}

/** A channel on `client` with one postgres_changes binding per entry of `bindings`. */
export function record(
  client: SupabaseClient,
  bindings: {
    event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'
    table: string
    filter?: string
    select?: string[]
  }[],
  name = `test-${randomUUID()}`
): Recorder {
  const channel = client.channel(name)
  const recorder = new Recorder(channel)
  for (const binding of bindings) {
    channel.on('postgres_changes' as never, { schema: 'public', ...binding }, (change: Change) =>
      recorder.record(change)
    )
  }
  return recorder
}

export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms))
