// The socket itself, spoken to frame by frame as realtime-js would: who may connect, heartbeats,
// join refusals with their reasons, leaves, and pushes on topics that were never joined. The
// database plays no part here, so one kind (PGlite) is enough.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signJwt } from '../../../src/backend/jwt'
import { startHarness, type Harness } from '../../support/backend-harness'
import { RawSocket } from './raw-socket'

describe('realtime socket', () => {
  let harness: Harness
  let base: string

  beforeAll(async () => {
    harness = await startHarness('pglite', '')
    base = `${harness.backend.url.replace('http', 'ws')}/realtime/v1/websocket`
  })
  afterAll(async () => {
    await harness?.close()
  })

  it('refuses a connection without a valid apikey, and a path that is not the endpoint', async () => {
    await expect(RawSocket.open(`${base}?vsn=2.0.0`)).rejects.toThrow('HTTP 401')
    await expect(RawSocket.open(`${base}?vsn=2.0.0&apikey=a.b.c`)).rejects.toThrow('HTTP 401')
    const url = harness.backend.url.replace('http', 'ws')
    await expect(
      RawSocket.open(`${url}/realtime/v1/other?apikey=${harness.backend.anonKey}`)
    ).rejects.toThrow('HTTP 404')
    await expect(RawSocket.open(`${base}?vsn=9&apikey=${harness.backend.anonKey}`)).rejects.toThrow(
      'HTTP 400'
    )
  })

  it('answers heartbeats, joins, leaves, and says why it refuses', async () => {
    const socket = await RawSocket.open(`${base}?vsn=2.0.0&apikey=${harness.backend.anonKey}`)
    socket.send([null, '1', 'phoenix', 'heartbeat', {}])
    expect(await socket.next({ ref: '1' })).toEqual([
      null,
      '1',
      'phoenix',
      'phx_reply',
      { status: 'ok', response: {} }
    ])

    const config = { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'posts' }] }
    const expired = await signJwt(
      harness.backend.context.keys,
      { role: 'authenticated', sub: crypto.randomUUID() },
      -10
    )
    socket.send(['2', '2', 'realtime:a', 'phx_join', { config, access_token: expired }])
    expect((await socket.next({ ref: '2' }))[4]).toEqual({
      status: 'error',
      response: { reason: 'Token has expired: sign in again' }
    })

    socket.send([
      '3',
      '3',
      'realtime:a',
      'phx_join',
      { config, access_token: harness.backend.anonKey }
    ])
    expect((await socket.next({ ref: '3' }))[4]).toEqual({
      status: 'ok',
      response: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'posts', id: 1 }] }
    })
    expect((await socket.next({ event: 'system' }))[4]).toMatchObject({
      extension: 'postgres_changes',
      status: 'ok',
      channel: 'a'
    })

    socket.send(['3', '4', 'realtime:a', 'access_token', { access_token: 'not-a-token' }])
    expect((await socket.next({ event: 'system' }))[4]).toMatchObject({
      status: 'error',
      message: expect.stringContaining('Invalid access_token')
    })
    expect(await socket.next({ event: 'phx_close' })).toEqual([
      '3',
      null,
      'realtime:a',
      'phx_close',
      {}
    ])

    socket.send(['5', '5', 'realtime:b', 'phx_join', { config: {} }])
    expect((await socket.next({ ref: '5' }))[4]).toEqual({
      status: 'ok',
      response: { postgres_changes: [] }
    })
    socket.send(['5', '6', 'realtime:b', 'phx_leave', {}])
    expect((await socket.next({ ref: '6' }))[4]).toEqual({ status: 'ok', response: {} })
    socket.send(['5', '7', 'realtime:b', 'presence', { type: 'presence', event: 'track' }])
    expect((await socket.next({ ref: '7' }))[4]).toEqual({
      status: 'error',
      response: { reason: 'unmatched topic' }
    })
    socket.ws.close()
  })
})
