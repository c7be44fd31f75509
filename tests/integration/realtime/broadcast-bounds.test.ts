// Bounds on broadcast and presence, on PGlite and on PostgreSQL: payload size, messages and
// presence events per second per socket, keys per presence payload, REST batch size and rate,
// each refused with the reason hosted Realtime gives; and a socket that stops reading is
// dropped without delaying anyone else.

import { afterEach, beforeAll, expect, it } from 'vitest'
import { TOO_LARGE, TOO_MANY_MESSAGES } from '../../../src/backend/realtime/channel-events'
import { REALTIME_LIMITS } from '../../../src/backend/realtime/limits'
import { describeEachBackend } from '../../support/database-suite'
import { RawSocket, type Message } from './raw-socket'
import { eventually } from './rooms'

/** A payload of about `bytes` bytes of JSON. */
const sized = (bytes: number): { text: string } => ({ text: 'x'.repeat(bytes) })

describeEachBackend('realtime broadcast and presence bounds', (suite) => {
  let base: string
  const open: RawSocket[] = []

  const connect = async (): Promise<RawSocket> => {
    const socket = await RawSocket.open(`${base}?vsn=2.0.0&apikey=${suite.harness.backend.anonKey}`)
    open.push(socket)
    return socket
  }
  /** A socket joined to `topic` with `config`. */
  const joined = async (
    topic: string,
    config: Record<string, unknown> = {}
  ): Promise<RawSocket> => {
    const socket = await connect()
    socket.send(['1', '1', `realtime:${topic}`, 'phx_join', { config }])
    expect((await socket.next({ ref: '1' }))[4]).toMatchObject({ status: 'ok' })
    return socket
  }
  const broadcast = (socket: RawSocket, topic: string, ref: string, payload: unknown): void =>
    socket.send([
      '1',
      ref,
      `realtime:${topic}`,
      'broadcast',
      { type: 'broadcast', event: 'e', payload }
    ])
  const replyTo = async (socket: RawSocket, ref: string): Promise<Record<string, unknown>> =>
    (await socket.next({ ref }))[4]

  beforeAll(() => {
    base = `${suite.harness.backend.url.replace('http', 'ws')}/realtime/v1/websocket`
  })
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close()
  })

  it('refuses a payload over the size cap, and delivers one under it', async () => {
    const sender = await joined('big', { broadcast: { ack: true } })
    const reader = await joined('big')
    broadcast(sender, 'big', '2', sized(REALTIME_LIMITS.payloadBytes + 1))
    expect(await replyTo(sender, '2')).toEqual({ status: 'error', response: { reason: TOO_LARGE } })
    broadcast(sender, 'big', '3', sized(REALTIME_LIMITS.payloadBytes - 100))
    expect(await replyTo(sender, '3')).toEqual({ status: 'ok', response: {} })
    const got = (await reader.next({ event: 'broadcast' }))[4] as { payload: { text: string } }
    expect(got.payload.text).toHaveLength(REALTIME_LIMITS.payloadBytes - 100)
  })

  it('refuses messages past the per-second rate of a socket', async () => {
    const sender = await joined('fast')
    const count = REALTIME_LIMITS.messagesPerSecond + 5
    for (let i = 0; i < count; i++) broadcast(sender, 'fast', `r${i}`, { i })
    // Without ack only refusals are answered: the messages over the rate.
    const refused: Message[] = []
    for (let i = 0; i < 5; i++) refused.push(await sender.next({ event: 'phx_reply' }))
    for (const reply of refused) {
      expect(reply[4]).toEqual({ status: 'error', response: { reason: TOO_MANY_MESSAGES } })
    }
  })

  it('refuses presence payloads with too many keys, and presence past its rate', async () => {
    const socket = await joined('keys', { presence: { key: 'k', enabled: true } })
    const track = (ref: string, payload: unknown): void =>
      socket.send([
        '1',
        ref,
        'realtime:keys',
        'presence',
        { type: 'presence', event: 'track', payload }
      ])
    const wide = Object.fromEntries(
      Array.from({ length: REALTIME_LIMITS.presenceKeysPerObject + 1 }, (_, i) => [`k${i}`, i])
    )
    track('2', wide)
    expect(await replyTo(socket, '2')).toEqual({
      status: 'error',
      response: { reason: 'Too many presence keys: at most 10 per object' }
    })
    const answers: Record<string, unknown>[] = []
    for (let i = 0; i < REALTIME_LIMITS.presenceEventsPerSecond + 2; i++) track(`t${i}`, { i })
    for (let i = 0; i < REALTIME_LIMITS.presenceEventsPerSecond + 2; i++) {
      answers.push(await replyTo(socket, `t${i}`))
    }
    expect(answers.filter((a) => a.status === 'error')).toContainEqual({
      status: 'error',
      response: { reason: 'Too many presence messages per second' }
    })
  })

  it('refuses REST batches that are too large, too many, or too fast', async () => {
    const post = (messages: unknown[]): Promise<Response> =>
      fetch(`${suite.harness.backend.url}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: suite.harness.backend.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ messages })
      })
    const message = (payload: unknown = {}): unknown => ({ topic: 'rest', event: 'e', payload })
    const big = await post([message(sized(REALTIME_LIMITS.payloadBytes + 1))])
    expect(big.status).toBe(413)
    expect(await big.json()).toMatchObject({ message: TOO_LARGE })
    const many = Array.from({ length: REALTIME_LIMITS.messagesPerRequest + 1 }, () => message())
    expect((await post(many)).status).toBe(400)
    const full = many.slice(1)
    const answers = [await post(full), await post(full)]
    expect(answers.map((a) => a.status)).toContain(429)
  })

  it('drops a socket that stops reading, without delaying the others', async () => {
    const sender = await joined('slow')
    const reader = await joined('slow')
    const stalled = await joined('slow')
    // The stalled client's process stops reading its socket (as a frozen renderer would).
    ;(stalled.ws as unknown as { _socket: { pause(): void } })._socket.pause()
    const before = suite.harness.backend.realtime.connectionCount()
    const payload = sized(REALTIME_LIMITS.payloadBytes - 100)
    // About 23 MB, well past the cap plus what the kernel buffers, within the per-second rate.
    // Sent in batches that the reader takes in before the next: the reader lives in this
    // process too, and on a busy machine one unpaced burst could leave *it* 8 MB behind.
    const messages = REALTIME_LIMITS.messagesPerSecond - 10
    const batch = 6
    for (let sent = 0; sent < messages; sent += batch) {
      const count = Math.min(batch, messages - sent)
      for (let i = 0; i < count; i++) broadcast(sender, 'slow', `s${sent + i}`, payload)
      for (let i = 0; i < count; i++) await reader.next({ event: 'broadcast' })
    }
    await eventually(() =>
      expect(suite.harness.backend.realtime.connectionCount()).toBe(before - 1)
    )
  })
})
