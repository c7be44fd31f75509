// Realtime under hostile clients: who may open a socket (the CORS origin policy and a real JWT
// as the apikey), caps per socket and per client address on channels, bindings and filter
// bytes, filter operators beyond hosted Realtime's (patterns that could stall the engine), and
// one client's broken filters never stopping another's delivery (checked on both databases,
// where the filters run).

import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { REALTIME_LIMITS } from '../../../src/backend/realtime/limits'
import { startHarness, type Harness } from '../../support/backend-harness'
import { describeEachBackend } from '../../support/database-suite'
import { RawSocket, type Message } from './raw-socket'
import { createPost, record, realtimeClient, signUpUser } from './support'

const postsBinding = (filter?: string): Record<string, unknown> => ({
  event: 'INSERT',
  schema: 'public',
  table: 'posts',
  ...(filter === undefined ? {} : { filter })
})

/** Joins `topic` with `bindings`; resolves with the reply's status and response. */
async function join(
  socket: RawSocket,
  topic: string,
  bindings: Record<string, unknown>[]
): Promise<{ status: string; response: Record<string, unknown> }> {
  const ref = randomUUID()
  socket.send([
    ref,
    ref,
    `realtime:${topic}`,
    'phx_join',
    { config: { postgres_changes: bindings } }
  ])
  const reply = (await socket.next({ ref })) as Message
  return reply[4] as { status: string; response: Record<string, unknown> }
}

describe('realtime bounds (socket)', () => {
  let harness: Harness
  let base: string
  const open: RawSocket[] = []

  const connect = async (headers: Record<string, string> = {}): Promise<RawSocket> => {
    const socket = await RawSocket.open(
      `${base}?vsn=2.0.0&apikey=${harness.backend.anonKey}`,
      headers
    )
    open.push(socket)
    return socket
  }

  beforeAll(async () => {
    harness = await startHarness('pglite', '')
    base = `${harness.backend.url.replace('http', 'ws')}/realtime/v1/websocket`
  })
  afterEach(async () => {
    for (const socket of open.splice(0)) socket.close()
    await vi.waitFor(() => expect(harness.backend.realtime.connectionCount()).toBe(0), {
      timeout: 20_000
    })
  })
  afterAll(async () => {
    await harness?.close()
  })

  it('applies the HTTP origin policy to the upgrade: another site is refused, the app is not', async () => {
    await expect(connect({ origin: 'https://evil.example' })).rejects.toThrow('HTTP 403')
    await expect(connect({ origin: 'null' })).rejects.toThrow('HTTP 403')
    // The web build's dev origin (DEV_ORIGINS), and a client that is not a web page.
    expect(await join(await connect({ origin: 'http://localhost:5173' }), 'a', [])).toMatchObject({
      status: 'ok'
    })
    expect(await join(await connect(), 'b', [])).toMatchObject({ status: 'ok' })
  })

  it('needs a JWT this backend signed as the apikey, not any string', async () => {
    for (const apikey of ['sb_publishable_abc', 'anything', 'eyJhbGciOiJub25lIn0.e30.']) {
      await expect(RawSocket.open(`${base}?vsn=2.0.0&apikey=${apikey}`), apikey).rejects.toThrow(
        'HTTP 401'
      )
    }
  })

  it.each([
    // Hosted Realtime's operators only: a pattern would be matched on every change.
    ['a backreference', 'caption=match.^(a*)(a*)\\1\\2\\1\\2a$', 'operator match is not one of'],
    ['a case-insensitive backreference', 'caption=imatch.(x+)\\1', 'operator imatch is not one of'],
    ['a 300-character pattern', `caption=like.${'a'.repeat(300)}`, 'operator like is not one of'],
    ['an is filter', 'caption=is.null', 'operator is is not one of eq, neq, lt, lte, gt, gte, in'],
    ['a filter over 1,024 bytes', `caption=eq.${'a'.repeat(1100)}`, 'longer than 1024']
  ])('refuses %s in a filter before it ever runs', async (_name, filter, reason) => {
    const reply = await join(await connect(), 'f', [postsBinding(filter)])
    expect(reply.status).toBe('error')
    expect(String(reply.response.reason)).toContain(reason)
  })

  it('caps the bindings and filter bytes of one socket', async () => {
    const socket = await connect()
    const many = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => postsBinding(`caption=eq.${prefix}${i}`))
    expect((await join(socket, 'one', many('a', 100))).status).toBe('ok')
    expect((await join(socket, 'two', many('b', 100))).status).toBe('ok')
    const third = await join(socket, 'three', many('c', 1))
    expect(third).toMatchObject({ status: 'error' })
    expect(String(third.response.reason)).toContain('bindings per connection')

    const bytes = await connect()
    const big = (i: number) => postsBinding(`caption=eq.${i}${'x'.repeat(1000)}`)
    const heavy = Array.from({ length: 17 }, (_, i) => big(i))
    const refused = await join(bytes, 'heavy', heavy)
    expect(String(refused.response.reason)).toContain('bytes of filters per connection')
    // Leaving a channel gives its share back.
    expect((await join(bytes, 'light', heavy.slice(0, 10))).status).toBe('ok')
    bytes.send([null, 'leave', 'realtime:light', 'phx_leave', {}])
    await bytes.next({ ref: 'leave' })
    expect((await join(bytes, 'again', heavy.slice(0, 16))).status).toBe('ok')
  })

  it('caps what the sockets of one address hold together, and how many there are', async () => {
    const bindings = (socket: number, channel: number) =>
      Array.from({ length: 100 }, (_, i) => postsBinding(`caption=eq.${socket}-${channel}-${i}`))
    const replies: string[] = []
    for (let s = 0; s < 3; s++) {
      const socket = await connect()
      for (let c = 0; c < 2; c++) {
        const reply = await join(socket, `c${c}`, bindings(s, c))
        replies.push(reply.status === 'ok' ? 'ok' : String(reply.response.reason))
      }
    }
    expect(replies.slice(0, 5)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok'])
    expect(replies[5]).toContain('filtered postgres_changes bindings per client address')
    // Bindings without a filter share one check per change: many more of them fit.
    const plain = await join(
      await connect(),
      'plain',
      Array.from({ length: 100 }, () => postsBinding())
    )
    expect(plain.status).toBe('ok')

    for (const socket of open.splice(0)) socket.close()
    await vi.waitFor(() => expect(harness.backend.realtime.connectionCount()).toBe(0), {
      timeout: 5_000
    })
    for (let opened = 0; opened < REALTIME_LIMITS.connectionsPerAddress; opened += 100) {
      await Promise.all(Array.from({ length: 100 }, () => connect()))
    }
    await expect(connect()).rejects.toThrow('HTTP 429')
    // 2,000 sockets take a while on a shared machine.
  }, 120_000)
})

describeEachBackend('realtime delivery under hostile filters', (suite) => {
  it('refuses 100 match filters on comments at join, and delivers an insert to eq and in filters', async () => {
    const { url, anonKey } = suite.harness.backend
    const hostile = await RawSocket.open(
      `${url.replace('http', 'ws')}/realtime/v1/websocket?vsn=2.0.0&apikey=${anonKey}`
    )
    try {
      const matches = Array.from({ length: 100 }, (_, i) => ({
        event: 'INSERT',
        schema: 'public',
        table: 'comments',
        filter: `body=match.^w${i}`
      }))
      const refused = await join(hostile, 'matches', matches)
      expect(refused.status).toBe('error')
      expect(String(refused.response.reason)).toContain(
        'operator match is not one of eq, neq, lt, lte, gt, gte, in'
      )

      const author = await signUpUser(url, anonKey, 'rt_ops_author')
      const postId = await createPost(author, url)
      const other = await createPost(author, url)
      const watcher = record(realtimeClient(url, anonKey), [
        { event: 'INSERT', table: 'comments', filter: `post_id=eq.${postId}` },
        { event: 'INSERT', table: 'comments', filter: `post_id=in.(${other},${postId})` }
      ])
      await watcher.subscribe()
      const { data, error } = await author.client
        .from('comments')
        .insert({ post_id: postId, user_id: author.id, body: 'one comment' })
        .select('id')
        .single()
      expect(error).toBeNull()
      // Once for each binding: the eq filter and the in filter both let it through.
      await watcher.until(() => watcher.changes.length === 2, 'the comment, twice')
      for (const change of watcher.changes) expect((change.new as { id: string }).id).toBe(data?.id)
      await watcher.channel.unsubscribe()
    } finally {
      hostile.close()
    }
  })

  it("one client's failing and numerous filters never stop another's delivery", async () => {
    const { url, anonKey } = suite.harness.backend
    // Anonymous like the victim below, so both share one identity and one visibility check.
    const hostile = await RawSocket.open(
      `${url.replace('http', 'ws')}/realtime/v1/websocket?vsn=2.0.0&apikey=${anonKey}`
    )
    try {
      // Values that cannot be cast to uuid fail at run time, in every statement they are in.
      const broken = Array.from({ length: 100 }, (_, i) => postsBinding(`id=eq.not-a-uuid-${i}`))
      expect((await join(hostile, 'broken', broken)).status).toBe('ok')
      const numerous = Array.from({ length: 100 }, (_, i) => postsBinding(`caption=eq.n${i}`))
      expect((await join(hostile, 'numerous', numerous)).status).toBe('ok')

      const victim = record(realtimeClient(url, anonKey), [{ event: 'INSERT', table: 'posts' }])
      await victim.subscribe()
      const author = await signUpUser(url, anonKey, 'rt_author')
      const first = await createPost(author, url)
      await victim.until(() => victim.changes.length === 1, 'the first post')
      const second = await createPost(author, url)
      await victim.until(() => victim.changes.length === 2, 'the second post')
      expect(victim.changes.map((c) => (c.new as { id: string }).id)).toEqual([first, second])
      await victim.channel.unsubscribe()
    } finally {
      hostile.close()
    }
  })
})
